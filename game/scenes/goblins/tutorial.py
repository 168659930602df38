"""The guided first game of Goblins, Inc.: a duel against the normal AI goblin, dealt from
a fixed seed, whose match screen explains each step of the first round where it
happens, in a tip that points at the control to use.

The tips are data (``steps.STEPS``: when, what to point at, what to say); this module
only reads the screen (which situation it is in, where a control is) and shows the
first tip not yet done that fits. A tip is done when it is dismissed, or when its
situation passes because the player did the step. The match is a normal saved match;
Continue on a tutorial match brings its tips back, starting from where the game is."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.scenes.goblins.aim_panels import DialsPanel, OrderPanel
from game.scenes.goblins.build_panels import BuilderPanel, PlannerPanel
from game.scenes.goblins.combat_panels import AgendaPanel, TacticsPanel, TokenPanel
from game.scenes.goblins.logbook import BOX
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.steps import STEPS, Step
from game.session import AI, HUMAN, Seat, Session
from game.ui.callout import Callout
from game.ui.dial import Dial

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Event

GAME = "goblins"
SEED = 9
"""Deals a first round that shows building, a loose tile, agendas, the dials, a tactics
card and hits (found by tools/tutorial_seed.py; check it again after changing the
tiles, the bots or the rules)."""
SEATS = (Seat(HUMAN), Seat(AI, "normal"))
VARIANT = "standard"
SCORES = pygame.Rect(1180, 8, 710, 60)
LOG = BOX
AREAS = frozenset({"enemy_yard", "log", "scores"})
"""What a tip may point at that nobody clicks: a tip may stand over them."""


def new_session(folder: Path | None = None) -> Session:
    """The tutorial's match, saved (like any match) in ``folder`` or the saves folder."""
    return Session.new(GAME, [Seat(s.kind, s.level) for s in SEATS], VARIANT, SEED, folder)


def is_tutorial(session: Session) -> bool:
    """Whether ``session`` is the tutorial's match (dealt from its seed, for its seats)."""
    match = session.match
    return (match.game == GAME and match.seed == SEED and match.variant == VARIANT
            and not match.options and list(session.seats) == list(SEATS))


def _union(rects: Iterable[pygame.Rect]) -> pygame.Rect | None:
    rects = list(rects)
    return rects[0].unionall(rects[1:]) if rects else None


def _dial_rect(dial: Dial) -> pygame.Rect:
    """A dial with its title and side labels."""
    (x, y), r = dial.centre, dial.radius
    return pygame.Rect(x - r - 40, y - r - 100, 2 * r + 80, 2 * r + 140)


def anchors(match: MatchScene) -> dict[str, pygame.Rect]:
    """Every control or area a tip may point at on the screen as it is now."""
    panel = match.panel
    found: dict[str, pygame.Rect] = {"own_yard": match.own_yard,
                                     "enemy_yard": match.enemy_yard,
                                     "scores": SCORES, "log": LOG}
    for button in getattr(panel, "buttons", []):
        found[f"button:{button.label}"] = button.rect
    hand: pygame.Rect | None = None
    if isinstance(panel, PlannerPanel):
        hand = _union(panel.rects)
    elif isinstance(panel, BuilderPanel):
        hand = _union(rect for _, rect in panel.hand_rects())
    elif isinstance(panel, AgendaPanel):
        hand = _union(panel.rects)
    elif isinstance(panel, DialsPanel):
        if panel.is_pilot:
            found["steer_dial"] = _dial_rect(panel.steer_dial)
            found["target_dial"] = _dial_rect(panel.target_dial)
        if panel.is_tactician:
            hand = _union(panel.card_rects)
    elif isinstance(panel, OrderPanel):
        hand = _union(panel.rects())
    elif isinstance(panel, TacticsPanel):
        hand = _union(b.rect for b in panel.buttons)
    if hand is not None:
        found["hand"] = hand
    return found


def _this_round(history: Sequence[Event]) -> list[Event]:
    start = max((i for i, e in enumerate(history) if e.kind == "round_started"), default=-1)
    return list(history[start + 1:])


def situation(match: MatchScene) -> frozenset[str]:
    """What the viewer is doing now, as the words the tips' ``when`` uses."""
    panel = match.panel
    state = match.state
    tags: set[str] = set()
    if state.round > 1:
        tags.add("next_round")
    if isinstance(panel, PlannerPanel):
        tags.add("plan" if len(panel.marked) < 2 else "plan_marked")
    elif isinstance(panel, BuilderPanel):
        tags.add("build_full" if not panel.remaining else
                 "build_placed" if panel.tentative else "build")
    elif isinstance(panel, AgendaPanel):
        tags.add("agendas" if len(panel.kept) < 4 else "agendas_kept")
        events = _this_round(match.session.history_for(match.viewer))
        if not panel.kept and any(e.kind == "tiles_fell" and e.squares  # type: ignore[attr-defined]
                                  for e in events):
            tags.add("fell")
    elif isinstance(panel, DialsPanel):
        tags.add("dials" if state.combat_round <= 1 else "dials_again")
        enemy = 1 - state.team_of(match.viewer)
        events = _this_round(match.session.history_for(match.viewer))
        if state.combat_round > 1 and any(
                e.kind == "hit" and e.team == enemy  # type: ignore[attr-defined]
                and e.outcome != "miss" for e in events):  # type: ignore[attr-defined]
            tags.add("hits")
    elif isinstance(panel, TacticsPanel):
        if len(panel.buttons) > 1:
            tags.add("tactics")
    elif isinstance(panel, OrderPanel):
        tags.add("order")
    elif isinstance(panel, TokenPanel):
        tags.add("token")
    return frozenset(tags)


class Guide:
    """Which tip is up, and which are done: tips come in list order, and one whose
    situation never comes is passed over by a later one that is shown."""

    def __init__(self, steps: Sequence[Step]) -> None:
        self.steps = steps
        self.index = 0
        """Every tip before this one is done."""
        self.shown: int | None = None
        self.ended = False

    @property
    def current(self) -> Step | None:
        return None if self.shown is None or self.ended else self.steps[self.shown]

    def follow(self, tags: frozenset[str], places: Iterable[str]) -> Step | None:
        """The tip to show now, given the situation and what can be pointed at."""
        if self.ended:
            return None
        names = set(places)
        if self.shown is not None:
            step = self.steps[self.shown]
            if step.when not in tags or step.anchor not in names:
                self.index, self.shown = self.shown + 1, None
        if self.shown is None:
            self.shown = next((k for k in range(self.index, len(self.steps))
                               if self.steps[k].when in tags
                               and self.steps[k].anchor in names), None)
        return self.current

    def dismiss(self) -> None:
        if self.shown is not None:
            self.index, self.shown = self.shown + 1, None
        if self.index >= len(self.steps):
            self.ended = True

    def end(self) -> None:
        self.ended = True


class TutorialMatch(MatchScene):
    """The match screen with the guide's tips over it."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.guide = Guide(STEPS)
        if session.state.round > 1:
            # Resumed after the first round: its tips were seen; only the farewell is left.
            self.guide.index = next(k for k, step in enumerate(STEPS)
                                    if step.when == "next_round")
        self.callout: Callout | None = None
        self._callout_key: tuple[object, ...] = ()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.follow()

    def follow(self) -> None:
        """Bring the tip up to date with the screen (only while the match is on top:
        a screen over it is no sign that a step was done)."""
        if self.app.scenes.top is not self or self.catching_up:
            return
        places = anchors(self)
        step = self.guide.follow(situation(self), places)
        if step is None:
            self.callout = None
            return
        key = (step, places[step.anchor], tuple(sorted((k, tuple(r)) for k, r in
                                                      places.items())))
        if self.callout is not None and key == self._callout_key:
            return
        self._callout_key = key
        number = STEPS.index(step) + 1
        avoid = [rect for name, rect in places.items()
                 if name != step.anchor and name not in AREAS]
        self.callout = Callout(f"Tutorial, tip {number} of {len(STEPS)}", step.text,
                               places[step.anchor],
                               [("Got it", self.dismiss), ("Hide tips", self.hide)], avoid)

    def dismiss(self) -> None:
        self.guide.dismiss()
        self.callout = None
        self.follow()

    def hide(self) -> None:
        self.guide.end()
        self.callout = None
        self.app.say("Tips hidden; the game goes on as a normal match.")

    def handle(self, event: pygame.event.Event) -> bool:
        if (self.callout is not None and not self.catching_up
                and self.callout.handle(event)):
            return True
        used = super().handle(event)
        self.follow()
        return used

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.callout is not None and not self.catching_up:
            self.callout.draw(surface)


def start(app: App) -> TutorialMatch:
    """A new tutorial match, saved to the saves folder like any other."""
    return TutorialMatch(app, new_session())

