"""Property tests for ``view(state, seat)``: a seat sees its own secrets and everything
public, never another seat's secrets or the order of anything face down, and it can
work out its own legal moves from its view alone.

Games are played at random (seeded ``random.Random``) and checked at random points.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.core.errors import RuleError
from game.rules.core.registry import bundled_catalogue
from game.rules.core.rng import Rng
from game.rules.goblins import engine
from game.rules.goblins.state import HIDDEN, State

PLAYERS = (2, 3, 4)
VARIANTS = ("standard", "full", "party")
MAX_STEPS = 5000

# The session fixture's catalogue is the same cached object; hypothesis tests read it
# from here so that a failing example does not print the whole card list.
CATALOGUE = bundled_catalogue("goblins")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAYER_SECRETS = ("hand", "agendas", "bet", "drawn", "tiles", "passed", "steer", "pick")
"""Player fields another seat may not see (hand, agendas and bet are shown at the end)."""


def play(players: int, variant: str, seed: int, rng: random.Random, rate: float,
         visit: Callable[[State], None]) -> set[str]:
    """Random legal play to the end, calling ``visit`` at the first decision of every
    step of the game, at about ``rate`` of the others, and at the end; returns the
    phases visited."""
    state = engine.new_state(CATALOGUE, players, variant, seed)
    phases: set[str] = set()
    steps = 0
    last = ""
    while not engine.is_over(state):
        assert steps < MAX_STEPS
        # Build steps are three quarters of a game: look at fewer of them.
        if state.phase != last or rng.random() < (
                rate / 3 if state.phase == "build" else rate):
            phases.add(state.phase)
            visit(state)
        last = state.phase
        seat = rng.choice(engine.to_act(state))
        engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
        steps += 1
    phases.add(state.phase)
    visit(state)
    return phases


def hidden(values: list[int] | tuple[int, ...] | None) -> bool:
    return values is not None and all(v == HIDDEN for v in values)


# -- what a view shows and hides ---------------------------------------------------------
def check_view(state: State, seat: int) -> None:
    before = state.clone()
    seen = engine.view(state, seat)
    assert state == before, "view() changed the match state"

    assert seen.rng is None and seen.viewer == seat
    for name in ("bag", "tactics_deck", "tactics_pile", "shared_deck"):
        real, shown = getattr(state, name), getattr(seen, name)
        assert len(shown) == len(real) and hidden(shown), f"{name} order is visible"

    # Blueprints and team cards of rounds still to come are face down.
    for name in ("blueprints", "team_cards"):
        real, shown = getattr(state, name), getattr(seen, name)
        assert len(shown) == len(real) and hidden(shown[state.round:]), (
            f"{name} of later rounds are visible")

    over = state.phase == "over"
    for real, shown in zip(state.players, seen.players, strict=True):
        assert (shown.seat, shown.score, shown.chose_agendas) == (
            real.seat, real.score, real.chose_agendas)
        assert len(shown.deck) == len(real.deck)
        if real.seat == seat:
            for name in PLAYER_SECRETS:
                assert getattr(shown, name) == getattr(real, name), f"own {name} is missing"
            continue
        assert hidden(shown.deck)
        if over:  # agendas are turned up at the end of the game
            assert (shown.hand, shown.agendas, shown.bet) == (real.hand, real.agendas,
                                                              real.bet)
        else:
            assert len(shown.hand) == len(real.hand) and hidden(shown.hand)
            assert len(shown.agendas) == len(real.agendas) and hidden(shown.agendas)
            assert shown.bet == "?"
        for name in ("drawn", "tiles"):
            assert len(getattr(shown, name)) == len(getattr(real, name))
            assert hidden(getattr(shown, name)), f"seat {real.seat}'s {name} is visible"
        if real.passed is None:
            assert shown.passed is None
        else:
            assert len(shown.passed) == len(real.passed) and hidden(shown.passed)
        assert shown.steer == (None if real.steer is None else (HIDDEN, HIDDEN))
        assert shown.pick == (None if real.pick is None else HIDDEN)

    # Everything public is there as it is: both robots and crews, dice, cards, scores.
    assert seen.teams == state.teams
    assert seen.face_up == state.face_up
    assert seen.shared_agendas == state.shared_agendas
    assert [p.score for p in seen.players] == [p.score for p in state.players]

    # Nothing else was touched: restoring the blanked parts gives the state back.
    restored = seen.clone()
    restored.rng, restored.viewer = state.rng, state.viewer
    for name in ("bag", "tactics_deck", "tactics_pile", "shared_deck", "blueprints",
                 "team_cards"):
        setattr(restored, name, list(getattr(state, name)))
    for real, shown in zip(state.players, restored.players, strict=True):
        shown.deck = list(real.deck)
        for name in PLAYER_SECRETS:
            setattr(shown, name, getattr(real, name))
    assert restored == state


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=25, **SETTINGS)
@given(seed=seeds, play_seed=seeds, variant=st.sampled_from(VARIANTS))
def test_view_shows_own_and_public_and_hides_the_rest(players, variant, seed, play_seed):
    def visit(state: State) -> None:
        for seat in range(state.n):
            check_view(state, seat)

    phases = play(players, variant, seed, random.Random(play_seed), 0.25, visit)
    assert {"build", "choose", "over"} <= phases


# -- secrecy: permuting what a seat cannot see leaves its view as it was -----------------
def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` that differs only in what ``seat`` must not know: the bag
    order, the tactics deck and pile, the party agenda deck, the blueprints and team
    cards of later rounds, the order of the seat's own agenda deck, the RNG, and every
    other seat's agenda deck, agenda hand, kept agendas, bet, tile draw, tile hand and
    secret dials (tiles and agendas are dealt around among the hidden places)."""
    other = state.clone()
    other.rng = Rng(rng.getrandbits(32))
    for name in ("tactics_deck", "tactics_pile", "shared_deck"):
        rng.shuffle(getattr(other, name))
    # Cards for later rounds, and the order of the seat's own agenda deck.
    for name in ("blueprints", "team_cards"):
        order = getattr(other, name)
        later = order[state.round:]
        rng.shuffle(later)
        order[state.round:] = later
    rng.shuffle(other.players[seat].deck)
    over = state.phase == "over"
    others = [p for p in other.players if p.seat != seat]

    # Tiles: the bag and the other seats' draws and hands swap places at random.
    places = [other.bag] + [p.drawn for p in others] + [p.tiles for p in others]
    pool = [t for place in places for t in place]
    rng.shuffle(pool)
    for place in places:
        place[:] = [pool.pop() for _ in place]
    for p in others:
        if p.passed is not None:
            p.passed = tuple(sorted(rng.sample(p.drawn, len(p.passed))))

    # Agendas: other seats' decks always; their hands and kept agendas until the end.
    for p in others:
        if over:
            rng.shuffle(p.deck)
            continue
        cards = p.deck + p.hand + p.agendas
        rng.shuffle(cards)
        sizes = (len(p.deck), len(p.hand))
        p.deck = cards[:sizes[0]]
        p.hand = cards[sizes[0]:sizes[0] + sizes[1]]
        p.agendas = sorted(cards[sizes[0] + sizes[1]:])
        if p.bet:
            p.bet = rng.choice(["Star", "Snitch"])
        if p.steer is not None:
            p.steer = (rng.randrange(4), rng.randrange(4))
        if p.pick is not None:
            p.pick = rng.randrange(len(state.face_up))
    return other


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=25, **SETTINGS)
@given(seed=seeds, play_seed=seeds, variant=st.sampled_from(VARIANTS))
def test_view_does_not_depend_on_hidden_things(players, variant, seed, play_seed):
    rng = random.Random(play_seed)
    changed = []

    def visit(state: State) -> None:
        for seat in range(state.n):
            other = shuffle_hidden(state, seat, rng)
            changed.append(other != state)
            assert engine.view(other, seat) == engine.view(state, seat)

    play(players, variant, seed, rng, 0.25, visit)
    assert any(changed), "the shuffles never changed anything"


def first_decision(players: int, variant: str, seed: int) -> State:
    return engine.new_state(CATALOGUE, players, variant, seed)


def rotate_tail(values: list[int], start: int) -> None:
    tail = values[start:]
    values[start:] = tail[1:] + tail[:1]


# Three things face down that the first view.py let every seat read (found by these
# tests). Each is checked at the first decision of a 4-player game.
def test_view_hides_the_blueprints_of_later_rounds():
    """The blueprints are a shuffled face-down deck, turned up one per round (rulebook:
    "No peeking."). The view copies ``state.blueprints`` whole, so every seat can read
    the blueprints of the rounds still to come."""
    state = first_decision(4, "full", 11)
    other = state.clone()
    rotate_tail(other.blueprints, state.round)
    assert other.blueprints[:state.round] == state.blueprints[:state.round]
    assert other.blueprints != state.blueprints
    assert engine.view(other, 0) == engine.view(state, 0)


def test_view_hides_the_team_cards_of_later_rounds():
    """The team cards are shuffled face down and one is turned up per round; the view
    copies ``state.team_cards`` whole, so round 1 already shows who partners whom in
    round 2."""
    state = first_decision(4, "full", 11)
    other = state.clone()
    rotate_tail(other.team_cards, state.round)
    assert other.team_cards != state.team_cards
    assert engine.view(other, 0) == engine.view(state, 0)


def test_view_hides_the_order_of_the_seats_own_agenda_deck():
    """Each seat's agenda deck is shuffled face down; the next round's seven cards are
    dealt from its top. The view blanks other seats' decks but shows the viewer's own
    deck in order, so a seat knows its next hand a round early. (Which cards remain is
    fair to know; their order is not.)"""
    state = first_decision(4, "full", 11)
    other = state.clone()
    rotate_tail(other.players[0].deck, 0)
    assert other.players[0].deck != state.players[0].deck
    assert engine.view(other, 0) == engine.view(state, 0)


# -- a seat's own options come from its view ---------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=25, **SETTINGS)
@given(seed=seeds, play_seed=seeds, variant=st.sampled_from(VARIANTS))
def test_legal_actions_from_the_view_match(players, variant, seed, play_seed):
    def visit(state: State) -> None:
        for seat in range(state.n):
            seen = engine.view(state, seat)
            assert engine.legal_actions(seen, seat) == engine.legal_actions(state, seat), (
                f"seat {seat} cannot work out its moves in {state.phase} from its view")
            assert engine.to_act(seen) == engine.to_act(state)
            assert engine.is_over(seen) == engine.is_over(state)
            assert engine.view(seen, seat) == seen, "a view of a view shows something else"

    phases = play(players, variant, seed, random.Random(play_seed), 0.4, visit)
    assert {"build", "choose", "over"} <= phases


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=10, **SETTINGS)
@given(seed=seeds, play_seed=seeds, variant=st.sampled_from(VARIANTS))
def test_apply_on_a_view_is_refused(players, variant, seed, play_seed):
    rng = random.Random(play_seed)

    def visit(state: State) -> None:
        for seat in range(state.n):
            seen = engine.view(state, seat)
            before = seen.clone()
            options = engine.legal_actions(state, seat) or [None]
            for action in rng.sample(options, min(3, len(options))):
                with pytest.raises(RuleError):
                    engine.apply(seen, action)
                assert seen == before

    play(players, variant, seed, rng, 0.2, visit)
