"""What the rules keep from each seat, written out as a way to change it: the
conformance suite checks that a seat's view and its events cannot tell a state from
one whose secrets (for that seat) were changed. Written from the rulebook, not from
``view.py``, so a view that forgets to hide something is caught.

Changes keep the state playable: tiles move between hidden hands and the bag (a pass
not yet handed over is any two of the draw), agendas between hidden hands and their
owner's deck, a bet moves to another side its agendas allow, unrevealed dials take
other settings, and face-down piles are reordered. The RNG (hidden from everyone) is
left alone, so the same move draws the same dice in both states.
"""

from __future__ import annotations

import random

from game.rules.goblins.state import State


def vary_secrets(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` that differs from it only in what ``seat`` may not know."""
    varied = state.clone()
    agendas = state.catalogue.agendas
    for pile in (varied.bag, varied.tactics_deck, varied.tactics_pile, varied.shared_deck):
        rng.shuffle(pile)
    for order in (varied.blueprints, varied.team_cards):
        later = order[state.round:]
        rng.shuffle(later)
        order[state.round:] = later
    for player in varied.players:
        rng.shuffle(player.deck)
        if player.seat == seat or state.phase == "over":
            continue
        _swap(player.drawn, varied.bag, rng)
        if player.passed is not None:  # not handed over yet: any two of the draw
            player.passed = tuple(sorted(rng.sample(player.drawn, len(player.passed))))
        _swap(player.tiles, varied.bag, rng)
        _swap(player.hand, player.deck, rng)
        if not player.bet:  # then every kept agenda is a plain one (no betting agenda)
            plain = [a for a in player.deck if not agendas[a].bet]
            _swap(player.agendas, plain, rng)
            player.deck = [a for a in player.deck if agendas[a].bet] + plain
            rng.shuffle(player.deck)
            player.agendas.sort()
        else:  # a betting agenda is kept: the bet is on any of its sides
            player.bet = rng.choice([side for a in player.agendas
                                     for side, _ in agendas[a].bet])
        if player.steer is not None:
            player.steer = (rng.randrange(4), rng.randrange(4))
        if player.pick is not None:
            player.pick = rng.randrange(len(state.face_up))
    return varied


def _swap(held: list[int], pool: list[int], rng: random.Random) -> None:
    """Exchange each item of ``held`` with a random item of ``pool``, half the time."""
    for i in range(len(held)):
        if pool and rng.random() < 0.5:
            j = rng.randrange(len(pool))
            held[i], pool[j] = pool[j], held[i]
