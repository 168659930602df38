"""A newcomer following the tutorial, scripted: makes each decision of the human seat by
clicking the controls the tips point at, with plain sensible choices (pass the tiles
with the least metal, build joined tiles where it can, turn the side with the most
guns to the front, take the left tactics card and use it). Used by the tutorial's
tests and by tools/tutorial_seed.py, so both see the same first round."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.app import App
from game.rules.goblins.actions import UseDuctTape
from game.rules.goblins.controls import dice_count, resolve_controls
from game.rules.goblins.geometry import COCKPIT
from game.scenes.goblins.build_panels import BuilderPanel, PlannerPanel
from game.scenes.goblins.combat_panels import (
    AgendaPanel,
    DialsPanel,
    ListPanel,
    OrderPanel,
    TacticsPanel,
)
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.score import FinalScene, ScoreScene
from game.scenes.goblins.steps import STEPS
from game.scenes.goblins.teamup import TeamUpScene
from game.scenes.goblins.tiles import square_rect
from game.scenes.goblins.tutorial import TutorialMatch
from tests.scenes.clicker import click, press

R = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r")


@dataclass(frozen=True)
class Seen:
    """A tip as it came up: which, where its box stood, what it pointed at, and when."""

    index: int
    box: pygame.Rect
    anchor: pygame.Rect
    round: int
    panel: str


def _key(app: App, event: pygame.event.Event) -> None:
    pygame.event.post(event)
    app.frame()


def _distance(square: int) -> int:
    return abs(square // 5 - COCKPIT // 5) + abs(square % 5 - COCKPIT % 5)


def plan(app: App, panel: PlannerPanel) -> None:
    """Mark the next of the two tiles with the least metal, or pass them."""
    tiles = panel.view.catalogue.tiles
    by_metal = sorted(zip(panel.drawn, panel.rects, strict=True),
                      key=lambda pair: (bin(tiles[pair[0]].rot_metal[0]).count("1"), pair[0]))
    if len(panel.marked) < 2:
        click(app, next(rect for tile, rect in by_metal if tile not in panel.marked).center)
    else:
        press(app, "Pass the two marked tiles")


def placement(panel: BuilderPanel, tile: int) -> tuple[int, int]:
    """A free square and turn where ``tile`` joins the robot, nearest the cockpit; the
    farthest free square when it can join nowhere (so it is left loose)."""
    catalogue = panel.view.catalogue
    free = sorted(panel.free - panel.used(), key=lambda sq: (_distance(sq), sq))
    robot = panel.own_robot()
    for square in free:
        for rot in range(4):
            trial = robot.clone()
            trial.place(square, catalogue.tiles[tile], rot)
            if trial.attached_mask() >> square & 1:
                return square, rot
    return free[-1], 0


def build(app: App, match: MatchScene, panel: BuilderPanel) -> None:
    """Place the next tile (pick it, turn it, click its square), or confirm."""
    if not panel.remaining:
        press(app, "Confirm placements")
        return
    tile, rect = panel.hand_rects()[0]
    square, rot = placement(panel, tile)
    click(app, rect.center)
    for _ in range(4):
        if panel.rot == rot:
            break
        _key(app, R)
    assert panel.rot == rot
    click(app, square_rect(match.own_yard, square).center)


def agendas(app: App, panel: AgendaPanel) -> None:
    """Keep the next of the first four, then bet the first side offered, then keep."""
    if len(panel.kept) < 4:
        click(app, next(rect for agenda, rect in zip(panel.hand, panel.rects, strict=True)
                        if agenda not in panel.kept).center)
    elif panel.side_buttons and not panel.bet:
        click(app, panel.side_buttons[0].rect.center)
    else:
        press(app, "Keep these four")


def dials(app: App, match: MatchScene, panel: DialsPanel) -> None:
    """Turn the side with the most dice to the front (aiming at the enemy's front),
    then take the left card, then lock in: one click at a time."""
    robot = match.own_team(panel.view).robot
    best = max(range(4), key=lambda side: _dice(robot, panel.front, side, panel.engines))
    if panel.is_pilot and panel.steer != best:
        click(app, panel.steer_dial.point(best))
    elif panel.is_tactician and panel.pick is None:
        click(app, panel.card_rects[0].center)
    else:
        press(app, "Lock in")


def _dice(robot, front: int, side: int, engines: int) -> int:
    ctl = resolve_controls(front, side, 0, engines)
    return -1 if ctl.goof else dice_count(robot.arrows(ctl.front), ctl.overheat, False)


def tactics(app: App, match: MatchScene, panel: TacticsPanel) -> None:
    labels = [b.label for b in panel.buttons]
    if "Sabotage (+1 arrow)" in labels:
        press(app, "Sabotage (+1 arrow)")
    elif "Emergency re-roll" in labels:
        press(app, "Emergency re-roll")
    elif "Duct tape a tile" in labels:
        press(app, "Duct tape a tile")
        square = next(a.square for a in panel.legal if isinstance(a, UseDuctTape))
        click(app, square_rect(match.own_yard, square).center)
    elif "Nitro re-roll" in labels and panel.dice():
        press(app, "Nitro re-roll")
        click(app, panel.die_rects()[0].center)
    if match.panel is panel or isinstance(match.panel, TacticsPanel):
        press(app, "Done")


def act(app: App) -> str:
    """Make the human's current decision, or wait a frame; returns what was done."""
    top = app.scenes.top
    if isinstance(top, TeamUpScene):
        press(app, "Start building")
        return "teamup"
    if isinstance(top, ScoreScene):
        press(app, "Continue")
        return "score"
    if isinstance(top, FinalScene):
        return "final"
    assert isinstance(top, MatchScene), type(top)
    if top.animator.holding:
        top.animator.skip()
        top.show_waiting_scenes()
        return "skip"
    panel = top.panel
    if isinstance(panel, PlannerPanel):
        plan(app, panel)
    elif isinstance(panel, BuilderPanel):
        build(app, top, panel)
    elif isinstance(panel, AgendaPanel):
        agendas(app, panel)
    elif isinstance(panel, DialsPanel):
        dials(app, top, panel)
    elif isinstance(panel, TacticsPanel):
        tactics(app, top, panel)
    elif isinstance(panel, OrderPanel):
        press(app, "Fire!")
    elif isinstance(panel, ListPanel):
        click(app, panel.buttons[0].rect.center)
    else:
        top.session.wait_for_move(10)
        app.frame()
        return "wait"
    return type(panel).__name__


def read_only(index: int) -> bool:
    """Whether the newcomer reads tip ``index`` and dismisses it: the next tip is for
    the same situation, so only a dismissal brings it."""
    return index + 1 < len(STEPS) and STEPS[index + 1].when == STEPS[index].when


def first_round(app: App, match: TutorialMatch, moves: int = 600) -> list[Seen]:
    """Play the tutorial's first round as the newcomer, one click at a time, reading
    each tip as it comes up (with the screen settled: animations skipped); returns the
    tips seen, in order, until the first tip of the next round (or the game's end)."""
    seen: list[Seen] = []
    for _ in range(moves):
        app.frame()
        if app.scenes.top is match and match.animator.holding:
            match.animator.skip()
            match.show_waiting_scenes()
            continue
        match.follow()
        shown = match.guide.shown
        if shown is not None and (not seen or seen[-1].index != shown):
            assert match.callout is not None
            seen.append(Seen(shown, match.callout.rect, match.callout.anchor,
                             match.state.round, type(match.panel).__name__))
            if read_only(shown):
                match.dismiss()
                continue
        if match.session.is_over() or (match.state.round > 1 and shown is not None):
            return seen
        act(app)
    raise AssertionError(f"the first round did not end: {seen}")
