"""Rules of thumb: a fast one-ply choice for any Blastbots decision, without playing
anything forward.

Each option gets a score from what it visibly does: rockets built onto the Launchpad
while it has room, Atmosphere rockets wrecked before they reach Space (Launchpad ones
count less), attacks aimed at the leader, a blocker spent only when the attack would
cost more than the card, the least useful card given up, tokens spread over Battle and
Rocket sections by the 2d6 chances, a Khaos Magnet pulling Impact closer when ahead and
pushing it away when behind. The easy bot plays this; the searching bot uses it for the
moves inside its playouts, where speed matters. Chance moves (dice read at the table)
are drawn at random, never chosen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.ai.blastbots.judge import CHANCE
from game.ai.blastbots.worth import Tables, tables
from game.rules.blastbots.actions import (
    Buyback,
    Choose,
    Defend,
    EndTurn,
    Name,
    Pass,
    Place,
    Play,
    Reallocate,
    Trade,
)
from game.rules.blastbots.board import PAD_MAX, SPOTS
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.state import State
from game.rules.core.actions import Action

ROCKET_WORTH = 1.8
"""A rocket put on the Launchpad: it should reach Space two launches on."""
WRECK_ATMOSPHERE, WRECK_LAUNCHPAD = 2.5, 1.6
"""A rival's rocket wrecked there: its points to come, and one for the Junkyard."""
LEADER = 0.3
"""Extra for aiming at the rival who leads."""
SACRIFICE = 1.5
ANSWER = 0.8
"""A blocker is spent when the attack costs more than this share of its worth."""
WANT = {0: (1.0, 0.9, 0.6, 0.3, 0.2), 1: (0.7, 0.4, 0.2, 0.1, 0.1),
        2: (1.0, 0.8, 0.4, 0.2, 0.1)}
"""Per deck, how much a seat wants its first, second, ... token there."""


def points(state: State, seat: int) -> float:
    """A quick count of a seat's standing: Impact points now, half for the Launchpad."""
    return (2 * state.space[seat] + state.atmo[seat] + 0.5 * state.pad[seat]
            + sum(state.junk[seat]))


def leader(state: State, seat: int) -> int:
    return max((s for s in range(state.n) if s != seat), key=lambda s: (points(state, s), -s))


def card_keep(t: Tables, state: State, seat: int, card: int) -> float:
    """What keeping ``card`` is worth to ``seat`` (rocket cards by what they can build)."""
    if t.builds[card]:
        return ROCKET_WORTH * min(t.builds[card], 2) if state.factory[seat] else 0.2
    return t.hold[card]


def _wreck(state: State, t: Tables, seat: int, card: int, option: str, target: int) -> float:
    where = state.atmo if option == "atmosphere" else state.pad
    each = WRECK_ATMOSPHERE if option == "atmosphere" else WRECK_LAUNCHPAD
    count = min(t.wrecks[card], where[target])
    cid = t.ids[card]
    if cid == "wrangler":
        each *= 0.6
    score = count * each - 0.5 * t.hold[card]
    if cid == "sacrificial_ram":
        score -= SACRIFICE
    return score


def attack_score(state: State, t: Tables, seat: int, card: int, option: str,
                 target: int) -> float:
    """What one Battle attack visibly does."""
    if option in ("launchpad", "atmosphere"):
        score = _wreck(state, t, seat, card, option, target)
    elif option == "steal":
        score = 1.0
    elif option == "shred":
        score = 0.9 * min(2, len(state.hands[target]))
    elif option == "junk":
        score = 1.6
    elif option == "homecoming":
        score = 1.8 * min(2, state.junk[target][seat])
    elif option == "lockout":
        score = 0.5
    else:
        score = 0.3
    return score + (LEADER if target == leader(state, seat) else 0.0)


def _magnet(state: State, seat: int, option: str, target: int) -> float:
    ahead = points(state, seat) > max(points(state, s) for s in range(state.n) if s != seat)
    nearest = min(state.totem)
    if option == "pull":
        return 2.5 if state.pad[target] >= PAD_MAX else 0.5
    if state.totem[target] != nearest:
        return -1.0
    if option == "closer":
        return 1.2 if ahead else -2.0
    return 0.8 if not ahead else -2.0


def play_score(state: State, t: Tables, play: Play) -> float:
    seat, card, option, target = play.seat, play.card, play.option, play.target
    if t.builds[card]:
        room = min(state.factory[seat], PAD_MAX - state.pad[seat])
        placed = min(t.builds[card], room)
        return placed * ROCKET_WORTH - (t.builds[card] - placed) * 0.5 if placed else -1.0
    cid = t.ids[card]
    if t.deck[card] == 0:
        return attack_score(state, t, seat, card, option, target)
    if cid == "teleporter":
        return 1.0 if option == "launchpad" else 0.9 * min(2, state.atmo[seat])
    if cid == "khaos_magnet":
        return _magnet(state, seat, option, target)
    if cid == "magic_missile_mod":
        return 1.8 if any(t.wrecks[c] for c in state.hands[seat]) else 0.2
    if cid == "junk_r_bot":
        if option == "cut":
            return 0.6 if target == leader(state, seat) else 0.2
        return 0.7
    if cid == "black_market":
        return 0.4 if any(card_keep(t, state, seat, c) < 0.7 for c in state.hands[seat]) else -1
    simple = {"quantum_fabricator": 1.3, "zombitron_collider": 1.0, "go_phish_bot": 0.6,
              "some_assembly_required": 0.7, "grim_retriever": 1.0,
              "ol_switcheroo": -0.5, "reallocator": -1.0}
    return simple.get(cid, 0.0)


def act_score(state: State, t: Tables, action: Any) -> float:
    if isinstance(action, Play):
        return play_score(state, t, action)
    if isinstance(action, Trade):
        return 0.3 if len(state.hands[action.seat]) >= 8 else -1.0
    if isinstance(action, Reallocate | Buyback):
        return -1.0
    assert isinstance(action, EndTurn)
    return 0.0


def harm(state: State, t: Tables, item: tuple[Any, ...]) -> float:
    """What an attack announced at ``item``'s seat would cost it if let through."""
    _, seat, attacker, card, option = item
    if option in ("launchpad", "atmosphere"):
        return _wreck(state, t, attacker, card, option, seat) + 0.5 * t.hold[card]
    return attack_score(state, t, attacker, card, option, seat) - (
        LEADER if seat == leader(state, attacker) else 0.0)


def _defend(state: State, t: Tables, options: Sequence[Action]) -> Action:
    item = state.stack[-1]
    cost = harm(state, t, item)
    answers = [a for a in options if isinstance(a, Defend)]
    if not answers:
        return options[-1]
    cheapest = min(answers, key=lambda a: (t.hold[a.card] + (SACRIFICE if a.sacrifice else 0)))
    keep = t.hold[cheapest.card] + (SACRIFICE if cheapest.sacrifice else 0.0)
    return cheapest if cost > ANSWER * keep else options[-1]


def _place(state: State, t: Tables, action: Place) -> float:
    seat = action.seat
    have = [0, 0, 0]
    for code in state.tokens[seat]:
        if code >= 0:
            have[code >> 4] += 1
    score = 0.0
    used: set[int] = set()
    for name in action.spots:
        code = SPOTS[name]
        deck = code >> 4
        score += CHANCE[code & 15] * WANT[deck][min(have[deck], 4)]
        have[deck] += 1
        score += 0.001 * (code & 15 not in used)
        used.add(code & 15)
    return score


def _deck(state: State, t: Tables, action: Choose) -> float:
    seat = action.seat
    deck = DECKS.index(action.deck)
    hand = state.hands[seat]
    held = sum(1 for c in hand if t.deck[c] == deck)
    if deck == 2:
        return (2.5 if state.factory[seat] > 2 else 0.3) - 0.8 * held
    if deck == 0:
        return 2.0 - 0.5 * held
    return 1.0 - 0.2 * held


def _name(state: State, t: Tables, options: Sequence[Action]) -> Action:
    """Go-Phish-Bot: the commonest card of the deck the target holds most of."""
    target = state.stack[-1][2]
    decks = [0, 0, 0]
    for card in state.hands[target]:
        decks[t.deck[card] if card >= 0 else -1 - card] += 1
    deck = max(range(3), key=lambda d: (decks[d], -d))
    cat = state.cat
    best = max(cat.deck_cards[deck], key=lambda c: (cat.cards[c].copies, -c))
    return next(a for a in options if isinstance(a, Name) and a.card == best)


def _keep_least(state: State, t: Tables, action: Any) -> float:
    return -card_keep(t, state, action.seat, action.card)


def _market(state: State, t: Tables, action: Any) -> float:
    if isinstance(action, Pass):
        return 0.0
    return 0.9 - card_keep(t, state, action.seat, action.card)


def _first_attack(state: State, t: Tables, action: Any) -> float:
    return attack_score(state, t, action.seat, action.card, action.option, action.target)


def _next_attack(state: State, t: Tables, action: Any) -> float:
    return attack_score(state, t, action.seat, state.stack[-1][2], action.option,
                        action.target)


def _colour(state: State, t: Tables, action: Any) -> float:
    """Burglebot: your own colour first (it may go home), else the commonest."""
    victim = state.stack[-1][2]
    return (1.0 if action.colour == action.seat else 0.0) + 0.01 * state.junk[victim][action.colour]


def _home(state: State, t: Tables, action: Any) -> float:
    """Own rockets handed back stay in the Junkyard (a point each) while the Factory
    still has rockets to build."""
    return -action.factory if state.factory[action.seat] else action.factory


def _take(state: State, t: Tables, action: Any) -> float:
    return card_keep(t, state, action.seat, action.card)


def _retrieve(state: State, t: Tables, action: Any) -> float:
    if isinstance(action, Pass):
        return 0.0
    return 1.0 + 0.1 * state.junk[action.target][action.seat]


def _pile(state: State, t: Tables, action: Any) -> float:
    pile = state.piles[DECKS.index(action.deck)]
    return sum(card_keep(t, state, action.seat, c) for c in pile) / len(pile)


def _give(state: State, t: Tables, action: Any) -> float:
    """Rockets given away: never the receiver's own colour (they could launch it
    again), and your own only after others."""
    receiver = state.stack[-1][2]
    return -sum(3 if c == receiver else 1 if c == action.seat else 0 for c in action.colours)


def _move(state: State, t: Tables, action: Any) -> float:
    """Hackerbot: move the target's tokens off the Rocket and Battle sections."""
    if isinstance(action, Pass):
        return 0.0
    rank = {2: 2.0, 0: 1.5, 1: 0.5}
    return rank[SPOTS[action.source] >> 4] - rank[SPOTS[action.to] >> 4] - 0.1


SCORERS: dict[str, Callable[[State, Tables, Any], float]] = {
    "act": act_score, "place": _place, "deck": _deck, "look": _deck,
    "discard": _keep_least, "limit": _keep_least, "market": _market,
    "mod": _first_attack, "aim": _next_attack, "colour": _colour, "home": _home,
    "move": _move, "take": _take, "pile": _pile, "retrieve": _retrieve, "give": _give,
}
"""Scores of the options of each kind of decision (higher is better)."""


def choose(state: State, seat: int, options: Sequence[Action],
           rng: random.Random | None = None) -> Action:
    """The rule-of-thumb choice among ``options`` (``seat``'s legal moves)."""
    if len(options) == 1:
        return options[0]
    if options[0].chance:
        return options[(rng or random.Random(0)).randrange(len(options))]
    kind = state.stack[-1][0]
    t = tables(state.cat)
    if kind == "defend":
        return _defend(state, t, options)
    if kind == "name":
        return _name(state, t, options)
    scorer = SCORERS.get(kind)
    if scorer is None:
        return options[0]
    return max(options, key=lambda a: scorer(state, t, a))


def ranked(state: State, seat: int, options: Sequence[Action]) -> list[tuple[float, Action]]:
    """Every option with its rule-of-thumb score, best first (for easy's slips); a
    decision without scores (a defence, a name) offers only its choice, so there is
    nothing to slip to."""
    kind = state.stack[-1][0]
    scorer = SCORERS.get(kind)
    if scorer is None:
        return [(0.0, choose(state, seat, options))]
    t = tables(state.cat)
    scored = [(scorer(state, t, a), i, a) for i, a in enumerate(options)]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(s, a) for s, _, a in scored]

