"""Will an attack be blocked? The chance, from what the attacking seat can see, that the
target holds a Battle card whose defence stops it, and a world in which it does.

The target's hand shows how many Battle cards it holds (their backs); the unseen Battle
cards (the deck and the Battle cards in every other hand) are equally likely to be any
of them, so the chance that none of the target's is a blocker is hypergeometric. A
Sacrificial Ram's defence needs one of the target's rockets on its Launchpad or in its
Atmosphere; without one it cannot be the answer.
"""

from __future__ import annotations

from math import comb

from game.ai.blastbots.determinise import unseen
from game.rules.blastbots.secrets import back
from game.rules.blastbots.state import State

BATTLE = 0
RAM = "sacrificial_ram"


def blockers(state: State, target: int, attack: int) -> set[int]:
    """The cards with which ``target`` could answer ``attack`` now."""
    cards = state.cat.cards
    can_sacrifice = state.pad[target] > 0 or state.atmo[target] > 0
    return {c.index for c in cards
            if attack in c.blocks and (can_sacrifice or c.id != RAM)}


def chance_blocked(seen: State, seat: int, target: int, attack: int) -> float:
    """The chance, as ``seat`` sees it, that ``target`` holds an answer to ``attack``."""
    hidden = seen.hands[target].count(back(BATTLE))
    if not hidden:
        return 0.0
    pool = unseen(seen, seat)[BATTLE]
    answers = blockers(seen, target, attack)
    good = sum(1 for c in pool if c in answers)
    if len(pool) < hidden:
        return 1.0 if good else 0.0
    return 1.0 - comb(len(pool) - good, hidden) / comb(len(pool), hidden)


def give_answer(world: State, target: int, attack: int) -> bool:
    """Make ``world`` one where ``target`` holds an answer to ``attack``: if none of its
    Battle cards blocks it, one of them trades places with a blocker from the Battle
    deck (both were hidden from the attacker, so the world stays consistent). False
    when no such swap exists."""
    answers = blockers(world, target, attack)
    hand = world.hands[target]
    if any(c in answers for c in hand):
        return True
    deck = world.decks[BATTLE]
    where = next((i for i, c in enumerate(deck) if c in answers), None)
    mine = next((i for i, c in enumerate(hand) if world.cat.cards[c].deck == BATTLE), None)
    if where is None or mine is None:
        return False
    hand[mine], deck[where] = deck[where], hand[mine]
    world.legal = None
    return True
