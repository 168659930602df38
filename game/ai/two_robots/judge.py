"""How good a Two Robots position is for one seat, from what that seat may know.

Only public facts (Factories, health, Powers, hand sizes, the discard pile) and the
seat's own hand are read, so a view and any determinised world made from it score
alike. The weights were tuned by ``botyard arena`` duels, not derived.
"""

from __future__ import annotations

from game.rules.two_robots import factory
from game.rules.two_robots.catalogue import Catalogue
from game.rules.two_robots.state import OVER, UNFLIPPED, Player, State

WIN = 1000.0
PROGRESS = (0.0, 1.0, 2.6, 5.0, 9.0)
"""A Stack's worth by how many different body parts it holds (4: a robot)."""
SECOND = 1.3
"""The second-best Stack counts more than the first: two robots win."""
FROZEN = 0.45
"""An unfinished frozen Stack cannot grow until it thaws."""
HEALTH = 2.6
LAST_HEALTH = 3.0
"""Extra worth of a seat's last health card: losing it loses the game."""
POWER = 0.7
STACKS = 0.35
"""Per Stack, up to three: the gold numbers of Attack and Defense cards."""
DEPLOYABLE = 1.6
OTHER_HAND = 0.7
"""A rival's unknown card."""


def bits(n: int) -> int:
    return n.bit_count()


def stack_worth(cat: Catalogue, player: Player) -> list[float]:
    """Each Stack's worth, best first."""
    out = []
    for i, stack in enumerate(player.stacks):
        count = bits(factory.body(cat, stack))
        worth = PROGRESS[count]
        if count < 4 and player.ice[i] >= 0:
            worth *= FROZEN
        out.append(worth)
    out.sort(reverse=True)
    return out


_WORTH: dict[tuple[tuple[int, ...], ...], float] = {}
"""factory_worth by (each Stack's cards, which Stacks are frozen): searches judge the
same Factories over and over."""
_WORTH_OF: list[Catalogue] = []
WORTH_CACHE = 200_000


def factory_worth(cat: Catalogue, player: Player) -> float:
    """The Factory's worth: its best two Stacks, its Stack count, a robot to deploy."""
    if not _WORTH_OF or _WORTH_OF[0] is not cat or len(_WORTH) > WORTH_CACHE:
        _WORTH.clear()
        _WORTH_OF[:] = [cat]
    key = (tuple(ice >= 0 for ice in player.ice), *map(tuple, player.stacks))
    found = _WORTH.get(key)
    if found is None:
        found = _WORTH[key] = _factory_worth(cat, player)
    return found


def _factory_worth(cat: Catalogue, player: Player) -> float:
    worth = stack_worth(cat, player)
    total = 0.0
    if worth:
        total += worth[0]
    if len(worth) > 1:
        total += SECOND * worth[1]
    total += 0.15 * sum(worth[2:])
    total += STACKS * min(len(player.stacks), 3)
    if factory.can_deploy(cat, player):
        total += DEPLOYABLE
    return total


def card_worth(state: State, seat: int, card: int) -> float:
    """What a card in ``seat``'s own hand is worth to it now."""
    cat = state.catalogue
    c = cat.cards[card]
    me = state.players[seat]
    if c.kind == "part":
        places = factory.places(cat, me, card)
        best = 0.3
        bit = cat.part_bits[card]
        for i in places:
            if i < len(me.stacks):
                body = factory.body(cat, me.stacks[i])
                if not body & bit:
                    best = max(best, 0.8 + 0.45 * bits(body))
            else:
                best = max(best, 0.6)
        return best
    effect = c.effect
    if effect == "cancel_attack":
        return 1.9
    if effect == "cancel_event":
        return 1.5
    if effect == "unfreeze":
        return 1.6 if any(ice >= 0 for ice in me.ice) else 0.4
    if effect == "steal":
        return 1.4
    if effect == "draw":
        return 0.9
    return 1.0


def player_worth(state: State, seat: int, viewer: int) -> float:
    cat = state.catalogue
    p = state.players[seat]
    if p.out:
        return -WIN / 10
    total = factory_worth(cat, p)
    total += HEALTH * p.health + (LAST_HEALTH if p.health == 1 else 0.0)
    total += POWER * sum(1 for x in p.powers if x == UNFLIPPED)
    if seat == viewer:
        total += sum(min(card_worth(state, seat, c), 2.0) for c in p.hand)
    else:
        total += OTHER_HAND * len(p.hand)
    return total


def value(state: State, seat: int) -> float:
    """``seat``'s position against its strongest rival (a won game is worth WIN)."""
    if state.step == OVER:
        if state.winners == (seat,):
            return WIN
        return -WIN if state.winners else 0.0
    if state.players[seat].out:
        return -WIN
    mine = player_worth(state, seat, seat)
    rivals = [player_worth(state, p.seat, seat) for p in state.players
              if p.seat != seat and not p.out]
    return mine - max(rivals) if rivals else mine


def leader(state: State, seat: int, among: list[int]) -> int:
    """The rival in ``among`` who is closest to winning (ties: the weakest in health)."""
    return max(among, key=lambda s: (player_worth(state, s, seat), -state.players[s].health,
                                     -s))
