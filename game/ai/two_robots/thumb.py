"""Rules of thumb: a fast one-ply choice for any Two Robots decision, without playing
anything forward.

Each legal action gets a score from what it visibly does: complete robots, keep a legal
Factory open, wreck or steal the Parts that matter most to a rival, answer Attacks that
hurt your robots with Homing Missiles and Events that hurt you with Sentry Gunship, aim
Events at the leader, give up the least useful card or health card. The easy bot plays
this; the searching bot uses it for the moves inside its look-ahead, where speed matters.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.two_robots.judge import (
    DEPLOYABLE,
    FROZEN,
    HEALTH,
    LAST_HEALTH,
    PROGRESS,
    WIN,
    bits,
    card_worth,
    factory_worth,
    leader,
)
from game.rules.core.actions import Action
from game.rules.two_robots import factory
from game.rules.two_robots.actions import (
    NEW,
    RESERVE,
    STOP,
    Answer,
    Choose,
    Deploy,
    Destroy,
    Discard,
    Freeze,
    LoseHealth,
    PlayPart,
    Resupply,
    Steal,
    Thaw,
    UsePower,
)
from game.rules.two_robots.play import opponents, owner_of
from game.rules.two_robots.state import (
    CHOOSE,
    COUNTER,
    EVENT,
    FLIPPED,
    HOMING,
    UNFLIPPED,
    Player,
    State,
)

ANSWER_AT = 1.2
"""How much an Attack or Event must cost a seat before it spends an answer on it."""
PLAY_AT = 0.25
"""A play must be worth this much, or the seat keeps its cards for later."""


def loss(state: State, owner: int, parts: Sequence[int]) -> float:
    """What losing ``parts`` from its Factory costs ``owner``."""
    cat = state.catalogue
    p = state.players[owner]
    before = factory_worth(cat, p)
    after = p.clone()
    sink: list[int] = []
    for part in parts:
        factory.remove(after, part, sink)
    return before - factory_worth(cat, after)


def gain(state: State, seat: int, part: int, stack: int) -> float:
    """What building ``part`` on ``stack`` (or NEW) is worth to ``seat``'s Factory."""
    cat = state.catalogue
    me = state.players[seat]
    after = me.clone()
    factory.put(after, part, len(after.stacks) if stack == NEW else stack)
    if factory.robots(cat, after) >= 2:
        return WIN
    return factory_worth(cat, after) - factory_worth(cat, me)


def _by_owner(state: State, parts: Sequence[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for part in parts:
        out.setdefault(owner_of(state, part), []).append(part)
    return out


def attack_harm(state: State, seat: int) -> float:
    """What the Attack waiting in the Homing window would cost ``seat``."""
    attack = state.attack
    if attack is None:
        return 0.0
    effect = state.catalogue.cards[attack.card].effect
    if effect == "freeze":
        if attack.owner != seat:
            return 0.0
        stack = state.players[seat].stacks[attack.stack]
        count = bits(factory.body(state.catalogue, stack))
        return PROGRESS[count] * (1 - FROZEN) + (DEPLOYABLE if count == 4 else 0.0) + 0.5
    mine = [p for p in attack.parts if owner_of(state, p) == seat]
    return loss(state, seat, mine) + 0.4 * len(mine) if mine else 0.0


def _pile_damage(state: State, cards: Sequence[int], rivals: int) -> float:
    robot = state.catalogue.robot_cards
    return sum(robot[c].amount * min(robot[c].targets, rivals) for c in cards)


def expected_deploy(state: State, seat: int, pick: bool = False) -> float:
    """Damage a deploy is expected to deal; with Katana, or ``pick`` (Shogun), the
    better of two cards turned up."""
    rivals = len(opponents(state, seat))
    pile = state.pile
    each = [_pile_damage(state, [c], rivals) for c in pile]
    if not pick and state.ability(seat) != "katana":
        return sum(each) / len(each)
    pairs = [max(each[i], each[j]) for i in range(len(each)) for j in range(len(each))
             if i != j]
    return sum(pairs) / len(pairs)


def _damage_to(state: State, seat: int) -> float:
    """Damage the Event in flight will deal to ``seat`` if nobody stops it."""
    flight = state.flight
    if flight is None:
        return 0.0
    power, ch = flight.power, flight.choices
    robot = state.catalogue.robot_cards
    opps = opponents(state, state.active)
    if power in ("deploy", "shogun"):
        cards = list(flight.revealed)
        if len(cards) > 1:
            cards, ch = [cards[ch[0]]] if ch else [], ch[1:]
        hit, i = 0.0, 0
        for rc in cards:
            need = min(robot[rc].targets, len(opps))
            if seat in ch[i:i + need]:
                hit += robot[rc].amount
            i += need
        return hit
    if power in ("bushido", "counterstrike"):
        return float(seat in ch)
    inside = [p for p in state.players if not p.out]
    if power == "balance":
        return float(state.players[seat].health == max(p.health for p in inside))
    if power == "cold_fusion":
        return float(len(state.players[seat].parts())
                     == max(len(p.parts()) for p in inside))
    if power == "meltdown":
        return 0.4
    return 0.0


def event_harm(state: State, seat: int) -> float:
    """What the Event in the Sentry window would cost ``seat``."""
    flight = state.flight
    if flight is None:
        return 0.0
    hit = _damage_to(state, seat)
    if state.ability(seat) == "sanctuary":
        hit = min(hit, max(0, 1 - state.event_damage[seat]))
    me = state.players[seat]
    harm = HEALTH * hit + (LAST_HEALTH if hit >= me.health else 0.0)
    if flight.power in ("ronin", "scorched_earth"):
        mine = [c for c in flight.choices if c in me.parts()]
        harm += loss(state, seat, mine) if mine else 0.0
    if flight.power in ("rebuild", "salvage", "armory", "fortify", "scrap_run"):
        harm += 0.8
    return harm


def power_worth(state: State, seat: int, power: str) -> float:
    """A rough worth of using ``power`` now (before paying its two Parts)."""
    opps = opponents(state, seat)
    me = state.players[seat]
    inside = [p for p in state.players if not p.out]
    if power == "shogun":
        return HEALTH * expected_deploy(state, seat, pick=True) * 0.9
    if power in ("bushido", "counterstrike"):
        return HEALTH
    if power in ("ronin",):
        return 1.6 if any(state.players[s].stacks for s in opps) else 0.0
    if power == "scorched_earth":
        return 1.5 * sum(1 for s in opps if state.players[s].stacks)
    if power == "salvage":
        return 1.6 if state.discard else 0.0
    if power == "armory":
        return 1.6 if any(state.catalogue.cards[c].kind == "defense"
                          for c in state.discard) else 0.0
    if power == "rebuild":
        return 2.2 if any(state.catalogue.cards[c].kind == "part" for c in state.discard) \
            else 0.0
    if power == "scrap_run":
        return 2.0
    if power == "accord":
        return 1.2
    if power == "truce":
        return 1.0
    if power == "fortify":
        return 0.6 + 2.5 * sum(1 for ice in me.ice if ice >= 0)
    if power == "balance":
        top = max(p.health for p in inside)
        hit = sum(1 for s in opps if state.players[s].health == top)
        return HEALTH * (hit - (me.health == top))
    if power == "cold_fusion":
        top = max(len(p.parts()) for p in inside)
        hit = sum(1 for s in opps if len(state.players[s].parts()) == top)
        return HEALTH * (hit - (len(me.parts()) == top))
    if power == "meltdown":
        return 1.1 * sum(1 for s in opps if state.players[s].hand)
    return 0.0


def score(state: State, seat: int, action: Action) -> float:
    """How good ``action`` looks at a glance (Pass scores 0 where it is an option)."""
    cat = state.catalogue
    step = state.step
    if isinstance(action, PlayPart):
        return gain(state, seat, action.card, action.stack) - card_worth(state, seat,
                                                                          action.card) * 0.4
    if isinstance(action, Destroy):
        total = -0.9
        for owner, parts in _by_owner(state, action.parts).items():
            hurt = loss(state, owner, parts) + 0.3 * len(parts)
            total += -hurt * 1.2 if owner == seat else hurt
        return total
    if isinstance(action, Steal):
        owner = owner_of(state, action.part)
        return loss(state, owner, [action.part]) + gain(state, seat, action.part,
                                                        action.stack) - 1.2
    if isinstance(action, Freeze):
        stack = state.players[action.owner].stacks[action.stack]
        count = bits(factory.body(cat, stack))
        return PROGRESS[count] * (1 - FROZEN) + (DEPLOYABLE if count == 4 else 0) - 1.0
    if isinstance(action, Thaw):
        count = bits(factory.body(cat, state.players[seat].stacks[action.stack]))
        return PROGRESS[count] * (1 - FROZEN) + (DEPLOYABLE if count == 4 else 0) - 0.5
    if isinstance(action, Resupply):
        return 0.7
    if isinstance(action, Answer):
        if step == HOMING:
            return attack_harm(state, seat) - ANSWER_AT
        if step == COUNTER:
            return 1.0
        return event_harm(state, seat) - ANSWER_AT - 0.6
    if isinstance(action, Deploy):
        return HEALTH * expected_deploy(state, seat) - loss(state, seat, [action.sacrifice])
    if isinstance(action, UsePower):
        power = cat.salvagers[state.players[seat].salvager].powers[action.power].id
        return power_worth(state, seat, power) - loss(state, seat, action.sacrifice) - 0.4
    if isinstance(action, LoseHealth):
        return _health_order(state.players[seat], action.card)
    if isinstance(action, Discard):
        return -card_worth(state, seat, action.card)
    if isinstance(action, Choose):
        return _choice(state, seat, action.value)
    return 0.0


def _health_order(me: Player, card: int) -> float:
    """Give up a used Power first, then a Reserve, then the last unused Power."""
    if card == RESERVE:
        return 2.0
    if me.powers[card] == FLIPPED:
        return 3.0
    return 1.0 - 0.1 * card


def _choice(state: State, seat: int, value: int) -> float:
    """A step of an Event's choices, or the answer to Meltdown."""
    flight = state.flight
    if state.step != CHOOSE or flight is None:
        return -card_worth(state, seat, value) if value != STOP else -HEALTH
    cat = state.catalogue
    power, ch = flight.power, flight.choices
    if power in ("deploy", "shogun") and len(flight.revealed) > 1 and not ch:
        return _pile_damage(state, [flight.revealed[value]], len(opponents(state, seat)))
    if power in ("deploy", "shogun", "bushido", "counterstrike"):
        opps = [s for s in opponents(state, seat)]
        return 1.0 if value == leader(state, seat, opps) else 0.0
    if power in ("ronin", "scorched_earth"):
        return loss(state, owner_of(state, value), [value])
    if power in ("salvage", "armory"):
        return 0.2 if value == STOP else card_worth(state, seat, value)
    if power == "rebuild":
        if value == STOP:
            return 0.1
        if len(ch) % 2 == 0:
            me = state.players[seat]
            return max((gain(state, seat, value, NEW if i == len(me.stacks) else i)
                        for i in factory.places(cat, me, value)), default=0.0)
        return _rebuild_place(state, seat, ch, value)
    return 0.0


def _rebuild_place(state: State, seat: int, ch: tuple[int, ...], stack: int) -> float:
    """How good Stack ``stack`` is for the Part just picked by Rebuild."""
    cat = state.catalogue
    me = state.players[seat].clone()
    for k in range(0, len(ch) - 1, 2):
        factory.put(me, ch[k], len(me.stacks) if ch[k + 1] == NEW else ch[k + 1])
    before = factory_worth(cat, me)
    factory.put(me, ch[-1], len(me.stacks) if stack == NEW else stack)
    return factory_worth(cat, me) - before


def prune(state: State, seat: int, options: list[Action], keep: int = 6) -> list[Action]:
    """Options worth scoring: all but Destroys and Event payments, of which only the
    ones using the Parts the seat most wants gone (or least wants to keep) stay."""
    destroys = [a for a in options if isinstance(a, Destroy)]
    powers = [a for a in options if isinstance(a, UsePower)]
    rest = [a for a in options if not isinstance(a, (Destroy, UsePower))]
    if destroys:
        pool = sorted({p for a in destroys for p in a.parts})
        worth = {}
        for part in pool:
            owner = owner_of(state, part)
            hurt = loss(state, owner, [part]) + 0.3
            worth[part] = -hurt * 1.2 if owner == seat else hurt
        best = set(sorted(pool, key=lambda p: -worth[p])[:keep])
        rest += [a for a in destroys if set(a.parts) <= best]
    if powers:
        me = state.players[seat]
        payable = sorted({p for a in powers for p in a.sacrifice})
        cheap = set(sorted(payable, key=lambda p: (loss(state, seat, [p]), p))[:4])
        rest += [a for a in powers if set(a.sacrifice) <= cheap
                 and me.powers[a.power] == UNFLIPPED]
    return rest


def best(state: State, seat: int, options: list[Action]) -> list[tuple[float, Action]]:
    """The options scored, best first (ties keep the engine's order)."""
    scored = [(score(state, seat, a), i, a) for i, a in enumerate(prune(state, seat, options))]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, a) for s, _, a in scored]


def choose(state: State, seat: int, options: list[Action]) -> Action:
    """The rule-of-thumb choice; in the Play Phase a play must clear PLAY_AT."""
    ranked = best(state, seat, options)
    top_score, top = ranked[0]
    if state.step in ("play", EVENT) and top.kind != "pass" and top_score < PLAY_AT:
        return next(a for a in options if a.kind == "pass")
    return top
