"""Turn one seat's view into a full match state that could be the real one.

Every hidden entry is filled by sampling from what the viewer cannot account for:
other seats' agenda decks, hands and bets; tiles in the bag and in other seats' hands;
the tactics pile; future blueprints and team cards; other seats' secret dials. The
result gets a fresh RNG, so the engine can play it forward. Nothing here ever sees the
true state: the input is a view and the randomness is the bot's own.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.rules.core.actions import Action
from game.rules.core.rng import Rng
from game.rules.goblins import engine
from game.rules.goblins.state import HIDDEN, State

DialModel = Callable[[int, list[Action], random.Random], Action]
"""Given a seat and its legal dial settings, one setting it plausibly chose."""


def uniform_dials(seat: int, options: list[Action], rng: random.Random) -> Action:
    return options[rng.randrange(len(options))]


def determinise(seen: State, rng: random.Random, dials: DialModel = uniform_dials,
                gone: frozenset[int] = frozenset()) -> State:
    """A full state consistent with ``seen`` (a view), with a seeded engine RNG.
    ``dials`` guesses the secret dial settings of the other seats, both those already
    made and those still to make this combat round: they are set at the same time as
    the viewer's, so neither can react to the other. ``gone`` names tactics cards the
    viewer remembers seeing, which cannot be in the pile."""
    state = seen.clone()
    viewer = seen.viewer if seen.viewer is not None else -1
    state.viewer = None
    state.rng = Rng(rng.getrandbits(62))
    _fill_agendas(state, viewer, rng)
    _fill_tiles(state, viewer, rng)
    _fill_tactics(state, rng, gone)
    state.blueprints = _fill_order(state.blueprints, len(state.catalogue.blueprints), rng)
    state.team_cards = _fill_order(state.team_cards, len(state.catalogue.team_cards), rng)
    _fill_dials(state, viewer, rng, dials)
    return state


def _draw(pool: list[int], count: int, rng: random.Random, fallback: int) -> list[int]:
    """Take ``count`` items from ``pool`` at random; if the pool runs dry (a hand-made
    position), pad with any index so the state stays playable."""
    taken = []
    for _ in range(count):
        if pool:
            taken.append(pool.pop(rng.randrange(len(pool))))
        else:
            taken.append(rng.randrange(fallback))
    return taken


def _fill_agendas(state: State, viewer: int, rng: random.Random) -> None:
    count = len(state.catalogue.agendas)
    agendas = state.catalogue.agendas
    if state.variant == "party":
        seen = set(state.shared_agendas)
        pool = [a for a in range(count) if a not in seen]
        state.shared_deck = _draw(pool, len(state.shared_deck), rng, count)
        return
    for player in state.players:
        if player.seat == viewer or HIDDEN not in player.agendas + player.hand:
            known = set(player.hand) | set(player.agendas)
            pool = [a for a in range(count) if a not in known]
            player.deck = _draw(pool, len(player.deck), rng, count)
            continue
        pool = list(range(count))
        player.hand = _draw(pool, len(player.hand), rng, count)
        player.agendas = _draw(pool, len(player.agendas), rng, count)
        player.agendas.sort()
        player.deck = _draw(pool, len(player.deck), rng, count)
        sides = [side for a in player.agendas for side, _ in agendas[a].bet]
        player.bet = sides[rng.randrange(len(sides))] if sides else ""


def _fill_tiles(state: State, viewer: int, rng: random.Random) -> None:
    count = len(state.catalogue.tiles)
    known: set[int] = set()
    for team in state.teams:
        robot = team.robot
        known.update(t.index for t in robot.tiles if t is not None)
        known.update(t.index for t in robot.scrap_tiles)
    for player in state.players:
        known.update(t for t in player.drawn + player.tiles if t != HIDDEN)
    pool = [t for t in range(count) if t not in known]
    for player in state.players:
        if player.seat == viewer:
            continue
        if HIDDEN in player.drawn:
            player.drawn = _draw(pool, len(player.drawn), rng, count)
        if HIDDEN in player.tiles:
            player.tiles = _draw(pool, len(player.tiles), rng, count)
        if player.passed is not None and HIDDEN in player.passed:
            player.passed = tuple(sorted(rng.sample(player.drawn, len(player.passed))))
    state.bag = _draw(pool, len(state.bag), rng, count)


def _fill_tactics(state: State, rng: random.Random, gone: frozenset[int]) -> None:
    count = len(state.catalogue.tactics)
    seen = set(state.face_up) | gone
    pool = [c for c in range(count) if c not in seen]
    state.tactics_pile = _draw(pool, len(state.tactics_pile), rng, count)
    deck = list(range(count))
    rng.shuffle(deck)
    state.tactics_deck = deck[:len(state.tactics_deck)]


def _fill_order(order: list[int], count: int, rng: random.Random) -> list[int]:
    """Cards already turned up stay; the face-down rest is any order of the others."""
    pool = [c for c in range(count) if c not in order]
    rng.shuffle(pool)
    return [c if c != HIDDEN else pool.pop() for c in order]


def _fill_dials(state: State, viewer: int, rng: random.Random, model: DialModel) -> None:
    """Every dial of another seat this combat round, shown or still to set, becomes
    one of its legal settings as the model guesses it."""
    if state.phase != "choose":
        return
    for team in state.teams:
        for seat in dict.fromkeys((team.pilot, team.tactician)):
            if seat == viewer:
                continue
            player = state.players[seat]
            steer = seat == team.pilot and (player.steer is None or HIDDEN in player.steer)
            pick = seat == team.tactician and (player.pick is None or player.pick == HIDDEN)
            if steer:
                player.steer = None
            if pick:
                player.pick = None
            options = engine.legal_actions(state, seat)
            if steer:
                choice = model(seat, [a for a in options if a.kind == "steer"], rng)
                player.steer = (choice.steer, choice.target)
            if pick:
                player.pick = model(seat, [a for a in options if a.kind == "pick"], rng).slot
