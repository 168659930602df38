"""A Stack may hold several Parts of one kind, and more than four in all. Each one
must still show in its own cell and take its own click: once two shared a cell, the
one underneath could never be picked, and a wrecking card waited for ever (the click
test stalled on seed 27)."""

from __future__ import annotations

from itertools import combinations

from game.rules.two_robots.state import PLAY
from game.scenes.still import StillBots, advance
from game.scenes.two_robots.match import MatchScene
from game.session import AI, HUMAN, Seat, Session
from tests.scenes.clicker import click
from tests.scenes.two_robots.clicker import card_point


def _crowded(session: Session) -> bool:
    """Orange may wreck two Parts of one kind that stand in one Stack."""
    state = session.state
    if state.step != PLAY or state.active != 0:
        return False
    cards = state.catalogue.cards
    lit = {p for a in session.rules.legal_actions(state, 0) if a.kind == "destroy"
           for p in a.parts}
    return any(len(kinds) != len(set(kinds))
               for p in state.players for stack in p.stacks
               for kinds in [[cards[c].part for c in stack if c in lit]])


def test_every_part_of_a_crowded_stack_takes_its_own_click(make_app, tmp_path):
    app = make_app()
    session = Session.new("two_robots", [Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random")],
                          "standard", 1, tmp_path, bots=StillBots())
    advance(session, lambda: _crowded(session), 1, session.play)
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    cells = match.spots.parts
    assert all(not a.colliderect(b) for a, b in combinations(cells.values(), 2)), (
        "two Parts share a cell")
    card = next(a.card for a in match.options() if a.kind == "destroy")
    click(app, card_point(match.spots.hand[card]))
    assert match.card == card
    lit = sorted(match.marks.parts)
    assert lit
    for part in lit:
        click(app, cells[part].center)
        assert match.picks == [part]
        click(app, cells[part].center)
        assert match.picks == []
