"""Goblins, Inc.'s client entry (game.scenes.entry.ClientEntry): its match screen, the
words of its new-game options, its rules page's pictures, and the positions that
``botyard screenshot`` draws and ``botyard bench render`` times."""

from __future__ import annotations

import random
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.scenes.entry import PositionLost, RulesDiagram, SetupWords
from game.scenes.goblins import diagrams
from game.scenes.goblins import tutorial as tutorial_match
from game.scenes.goblins.match import MatchScene
from game.scenes.handover import HandoverScene
from game.scenes.still import StillBots, advance
from game.session import AI, HUMAN, Seat, Session

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Event
    from game.scenes.base import Scene

GAME = "goblins"
SETUP = SetupWords(
    labels={"dice": "Dice"},
    values={"variant": {"standard": "Standard (2 rounds)", "full": "Full (3 rounds)",
                        "party": "Party (3 rounds, shared agendas)"},
            "dice": {"rules": "rolled on screen", "table": "rolled at the table, read in"}})
COMBAT_STEPS = frozenset({"choose", "pre_roll", "roll", "post_roll", "order", "token"})


def match_scene(app: App, session: Session) -> Scene:
    """The match screen; the tutorial's match comes back with its tips."""
    if tutorial_match.is_tutorial(session):
        return tutorial_match.TutorialMatch(app, session)
    return MatchScene(app, session)


def tutorial(app: App) -> Scene:
    """A new guided first game (game.scenes.goblins.tutorial)."""
    return tutorial_match.start(app)


def screenshot(app: App, name: str, seed: int) -> Scene:
    """Seat 0 is the human whose view is drawn; three normal AI seats (never started)."""
    seats = [Seat(HUMAN)] + [Seat(AI, "normal") for _ in range(3)]
    session = Session.new(GAME, seats, "standard", seed, Path(tempfile.mkdtemp()),
                          bots=StillBots())
    match = MatchScene(app, session)
    if name != "teamup":
        match.teamed_up = {(r, 0) for r in range(1, session.state.rounds + 1)}
    app.scenes.push(match)
    state = session.state

    def play(action: object) -> None:
        match.absorb(session.play(action))

    if name == "build":
        advance(session, lambda: state.phase == "build" and bool(
            state.players[0].tiles) and 0 in session.to_act(), seed, play)
    elif name == "combat":
        advance(session, lambda: state.phase == "choose" and state.combat_round >= 2
                and 0 in session.to_act(), seed, play)
    elif name == "score":
        advance(session, lambda: state.round == 2, seed, play)
    match.animator.skip()
    match.show_waiting_scenes()
    return app.scenes.top or match


@dataclass
class CombatBench:
    """A 4-seat hot-seat match in combat, just after dice were rolled and hit; its burst
    of events is animated again whenever the animations have played out."""

    app: App
    match: MatchScene
    burst: list[Event]
    decision: tuple[int, Any]

    def animate(self) -> None:
        from game.scenes.goblins.effects import effects_for

        if not self.match.animator.busy:
            for animation in effects_for(self.match, self.burst, self.match.state.catalogue):
                self.match.animator.add(animation)

    def describe(self) -> str:
        """What is on screen, checked to be the match in a combat step (a screen pushed
        over it, such as the team-up, would otherwise be timed instead)."""
        top = self.app.scenes.top
        state = self.match.state
        if top is not self.match or state.phase not in COMBAT_STEPS:
            raise PositionLost(f"expected the match in combat on top, but "
                               f"{type(top).__name__} is on top (phase {state.phase})")
        return (f"{type(top).__name__} in combat step {state.phase!r} (round {state.round}, "
                f"combat round {state.combat_round}), panel {type(self.match.panel).__name__}")


def bench_position(app: App, seed: int) -> CombatBench:
    """A match played by seeded random moves until dice were rolled and hit; the first
    combat dial decision seen on the way is the one a thinking bot is asked about."""
    session = Session.new(GAME, [Seat(HUMAN)] * 4, "standard", seed,
                          Path(tempfile.mkdtemp(prefix="botyard-bench-")))
    match = MatchScene(app, session)
    match.teamed_up = {(r, s) for r in range(1, session.state.rounds + 1) for s in range(4)}
    app.scenes.push(match)
    handover = app.scenes.top
    if isinstance(handover, HandoverScene):  # hot-seat: the first seat says it is there
        handover.confirm()
    rng = random.Random(seed)
    decision: tuple[int, Any] | None = None
    while True:
        seats = session.to_act()
        seat = seats[rng.randrange(len(seats))]
        if decision is None and session.state.phase == "choose":
            decision = (seat, session.view(seat))
        options = session.rules.legal_actions(session.state, seat)
        events = session.play(options[rng.randrange(len(options))])
        if (decision is not None and any(e.kind == "dice_rolled" and e.dice for e in events)
                and any(e.kind == "hit" for e in events)):
            return CombatBench(app, match, events, decision)


def rules_diagram(name: str) -> RulesDiagram | None:
    """A picture for the rules page (game.scenes.goblins.diagrams)."""
    return diagrams.rules_diagram(name)
