"""The Coal Heart client entry (game.scenes.entry.ClientEntry): its match screen, the
words of its new-game options and the positions ``botyard screenshot`` draws. Positions
are reached by seeded random legal moves, seat 0 being the human whose view is drawn
and the other seats AI (never started)."""

from __future__ import annotations

import random
import tempfile
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.rules.coal_heart.actions import Attack, Build
from game.rules.coal_heart.engine import legal_actions
from game.rules.coal_heart.flow import deciding
from game.rules.coal_heart.state import DRAFT, OVER, SELECT, TURN, State
from game.scenes.coal_heart.match import MatchScene
from game.scenes.coal_heart.prompt import Picks
from game.scenes.entry import PositionLost, SetupWords
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.actions import Event
    from game.scenes.base import Scene

GAME = "coal_heart"
SETUP = SetupWords(
    labels={},
    values={"variant": {"standard": "Standard", "drafting": "Drafting",
                        "demo": "Demo (short)"}})


def match_scene(app: App, session: Session) -> Scene:
    return MatchScene(app, session)


def _mine(state: State) -> bool:
    return deciding(state) == 0


def _select(state: State) -> bool:
    return state.stage == SELECT and _mine(state) and state.round >= 3 and not state.pending


def _build(state: State) -> bool:
    return (state.stage == TURN and state.hex == "upgrade" and _mine(state)
            and not state.pending and state.round >= 3 and _ways(state) >= 2)


def _fight(state: State) -> bool:
    return (state.stage == TURN and state.hex == "fight" and _mine(state)
            and not state.pending and state.round >= 3 and _offers(state, Attack, 2 * (state.n - 1))
            and sum(len(s.built) for s in state.seats) >= 8)


def _ways(state: State) -> int:
    """The most ways seat 0 may pay for one part now."""
    slots = [a.slot for a in legal_actions(state, 0) if isinstance(a, Build)]
    return max((slots.count(s) for s in slots), default=0)


def _offers(state: State, kind: type, least: int) -> bool:
    return sum(isinstance(a, kind) for a in legal_actions(state, 0)) >= least


POSITIONS: dict[str, tuple[int, str, Callable[[State], bool]]] = {
    "select": (4, "standard", _select),
    "build": (4, "standard", _build),
    "fight": (4, "standard", _fight),
    "six": (6, "standard", lambda s: _select(s) and s.round >= 4),
    "draft": (3, "drafting", lambda s: s.stage == DRAFT and _mine(s) and s.cursor >= 12),
    "over": (4, "demo", lambda s: s.stage == OVER),
}
"""Each screenshot: the players, the variant and what the position shows."""
TRIES = 40


def screenshot(app: App, name: str, seed: int) -> Scene:
    """Seat 0 is the human whose view is drawn; seeded random moves of every seat reach
    the position (a game that misses it is dealt again from the next seed). ``build``
    has a part picked, ``fight`` a robot picked, so their second click's choices show."""
    players, variant, wanted = POSITIONS[name]
    for tries in range(TRIES):
        session = _session(players, variant, seed + tries)
        if _reach(session, wanted, seed + tries):
            break
    else:
        raise RuntimeError(f"no game from seed {seed} reached the {name} position")
    match = MatchScene(app, session)
    app.scenes.push(match)
    match.refresh()
    if name == "build":
        slots = [a.slot for a in match.options() if isinstance(a, Build)]
        match.choose(Picks(slot=max(slots, key=slots.count)))
    elif name == "fight":
        target = next(a.target for a in match.options() if isinstance(a, Attack))
        match.choose(Picks(target=target))
    return app.scenes.top or match


def _reach(session: Session, wanted: Callable[[State], bool], seed: int) -> bool:
    """Play seeded random legal moves until ``wanted``; False if the game ends first."""
    rng = random.Random(seed)
    for _ in range(20_000):
        if wanted(session.state):
            return True
        if session.is_over():
            return False
        seat = session.to_act()[0]
        options = session.rules.legal_actions(session.state, seat)
        session.play(options[rng.randrange(len(options))])
    return False


def _session(players: int, variant: str, seed: int) -> Session:
    seats = [Seat(HUMAN)] + [Seat(AI, "random") for _ in range(players - 1)]
    return Session.new(GAME, seats, variant, seed, Path(tempfile.mkdtemp()), bots=StillBots())


BURST = 12
"""Events of the last moves the bench plays again (cubes, parts, blows, HP)."""
MOVING = frozenset({"cubes", "struck", "hp"})


@dataclass
class SixBench:
    """Six robots, seat 0 about to select a hex; the last moves' cubes fly, parts snap
    and blows land again whenever the animations end."""

    app: App
    match: MatchScene
    burst: list[Event]
    decision: tuple[int, Any]

    def animate(self) -> None:
        if not self.match.animator.busy:
            self.match.absorb(self.burst)

    def describe(self) -> str:
        """What is on screen, checked to be seat 0's hex selection with six robots."""
        top, state = self.app.scenes.top, self.match.state
        if top is not self.match or not _select(state):
            raise PositionLost(f"expected seat 0 selecting a hex on top, but "
                               f"{type(top).__name__} is on top ({state.stage})")
        return (f"{type(top).__name__}, six robots, seat 0 selecting a hex "
                f"(round {state.round}, {sum(len(s.built) for s in state.seats)} parts built)")


def bench_position(app: App, seed: int) -> SixBench:
    """Seeded random moves of six seats (the AI seats never started) until seat 0
    selects a hex in round 4 or later, the last moves having moved cubes and HP."""
    for tries in range(TRIES):
        session = _session(6, "standard", seed + tries)
        rng = random.Random(seed + tries)
        recent: deque[Event] = deque(maxlen=BURST)
        while not session.is_over() and not (
                _select(session.state) and session.state.round >= 4 and len(recent) >= 6):
            seat = session.to_act()[0]
            options = session.rules.legal_actions(session.state, seat)
            recent.extend(e for e in session.play(options[rng.randrange(len(options))])
                          if e.kind in MOVING or getattr(e, "what", "") == "built")
        if not session.is_over():
            break
    else:
        raise PositionLost("no bench game reached its position")
    match = MatchScene(app, session)
    app.scenes.push(match)
    match.refresh()
    return SixBench(app, match, list(recent), (0, session.view(0)))
