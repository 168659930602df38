"""``botyard screenshot``: render a scene in a set-up position to a PNG, headless.

The match is dealt from the seed and played forward by seeded random choices until
the wanted moment, with seat 0 as the human whose view is drawn.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.client import headless

if TYPE_CHECKING:
    from game.session import Session

TITLE = "title"
"""The title screen belongs to no game; every other scene is one of a game's
registered screenshot positions."""


def scenes(game: str) -> tuple[str, ...]:
    from game.rules.core.registry import get_game

    return (TITLE, *get_game(game).screenshots)


def _advance(session: Session, until: Callable[[], bool], seed: int,
             play: Callable[[object], None]) -> None:
    rng = random.Random(seed)
    for _ in range(5000):
        if until():
            return
        seats = session.to_act()
        seat = seats[rng.randrange(len(seats))]
        options = session.rules.legal_actions(session.state, seat)
        play(options[rng.randrange(len(options))])
    raise RuntimeError("the match never reached the wanted position")


def take(game: str, scene: str, seed: int, out: Path) -> None:
    """Draw ``scene`` of ``game`` from the seed to ``out``; RuleError for an unknown one."""
    known = scenes(game)
    if scene not in known:
        from game.rules.core.errors import RuleError
        from game.rules.core.registry import get_game

        raise RuleError(f"{get_game(game).title} has no screenshot scene {scene!r} "
                        f"(it has {', '.join(known)})")
    headless("shot")
    import pygame

    from game.app import App
    from game.scenes.goblins.match import MatchScene
    from game.scenes.title import TitleScene
    from game.session import AI, HUMAN, Seat, Session
    from game.settings import Settings

    app = App(Settings())
    app.scenes.push(TitleScene(app))
    if scene != TITLE:
        seats = [Seat(HUMAN)] + [Seat(AI, "normal") for _ in range(3)]
        session = Session.new("goblins", seats, "standard", seed, Path(tempfile.mkdtemp()))
        match = MatchScene(app, session)
        if scene != "teamup":
            match.teamed_up = {(r, 0) for r in range(1, session.state.rounds + 1)}
        app.scenes.push(match)
        state = session.state

        def play(action: object) -> None:
            match.absorb(session.play(action))

        if scene == "build":
            _advance(session, lambda: state.phase == "build" and bool(
                state.players[0].tiles) and 0 in session.to_act(), seed, play)
        elif scene == "combat":
            _advance(session, lambda: state.phase == "choose" and state.combat_round >= 2
                     and 0 in session.to_act(), seed, play)
        elif scene == "score":
            _advance(session, lambda: state.round == 2, seed, play)
        match.animator.skip()
        match.show_waiting_scenes()
    for _ in range(2):
        app.frame()
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))
    app.close()
