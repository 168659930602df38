"""The Play Phase: Parts, Attack cards and their Homing window, Rescue Drill, Supply Drop.

Options are listed per card, and ``apply`` accepts exactly what would be listed (a
Destroy is checked directly, as listing every pick of Parts just to check one is
wasteful, and a Space Pod against the listing of its one Part), so the list and the
checks cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from game.rules.core.actions import Action
from game.rules.core.cards import Window, draw, seats_after
from game.rules.core.errors import RuleError
from game.rules.two_robots import factory
from game.rules.two_robots.actions import (
    NEW,
    Answer,
    Destroy,
    Freeze,
    Pass,
    PlayPart,
    Resupply,
    Steal,
    Thaw,
)
from game.rules.two_robots.events import (
    Answered,
    AttackDone,
    Built,
    CardPlayed,
    Destroyed,
    Drew,
    Frozen,
    Stolen,
)
from game.rules.two_robots.state import COUNTER, EVENT, HOMING, PLAY, Attack, Player, State

MAX_PLAYS = 5


def draw_cards(state: State, seat: int, count: int) -> None:
    """``seat`` draws; the discard pile is reshuffled only when a draw needs a card."""
    assert state.rng is not None
    drawn, reshuffles = draw(state.deck, state.discard, count, state.rng)
    state.players[seat].hand.extend(drawn)
    state.reshuffles += reshuffles
    state.log.append(Drew(seat, len(drawn), reshuffles > 0, tuple(drawn)))


def opponents(state: State, seat: int) -> tuple[int, ...]:
    """Players still in other than ``seat``, in turn order after it."""
    return seats_after(seat, range(state.n), state.out())


def open_to_attack(state: State, seat: int) -> list[Player]:
    """The Factories Attack cards may pick from: players in and not under Truce. The
    attacker's own is always open: a Truce ends when its user's next turn starts."""
    return [p for p in state.players if not p.out and not p.truce and p.seat != seat] + [
        state.players[seat]]


def answer_ok(state: State, seat: int, card: int) -> bool:
    """Homing Missiles and Sentry Gunship need their gold number of Stacks now (Bulwark
    excepted)."""
    return (state.ability(seat) == "bulwark"
            or len(state.players[seat].stacks) >= state.catalogue.cards[card].gold)


def destroy_pool(state: State, seat: int, card: int) -> tuple[list[int], int]:
    """The Parts a destroy card may pick (ascending) and how many it must pick."""
    energy = state.catalogue.cards[card].energy
    energies = state.catalogue.energy_bits
    pool = sorted(c for p in open_to_attack(state, seat) for s in p.stacks for c in s
                  if energies[c] & energy)
    most = 3 if state.ability(seat) == "overkill" else 2
    return pool, min(most, len(pool))


def card_options(state: State, seat: int, c: int,
                 fit: Callable[[int], tuple[int, ...]] | None = None,
                 part: int | None = None) -> list[Action]:
    """Every way ``seat`` may play hand card ``c`` as its next play (``fit`` is
    ``factory.placer`` for the seat's Factory, when the caller has it already). With
    ``part``, a Space Pod's plays are only those taking that Part: checking one play
    needs no more, and listing every rival Part's places for it was most of a check."""
    cat = state.catalogue
    me = state.players[seat]
    card = cat.cards[c]
    fit = fit or factory.placer(cat, me)
    if card.kind == "part":
        end = len(me.stacks)
        return [PlayPart(seat, c, NEW if i == end else i) for i in fit(c)]
    if card.gold > len(me.stacks):
        return []
    effect = card.effect
    if effect == "destroy":
        pool, count = destroy_pool(state, seat, c)
        return [Destroy(seat, c, pick) for pick in combinations(pool, count)] if pool else []
    if effect == "steal":
        end = len(me.stacks)
        return [Steal(seat, c, taken, NEW if i == end else i)
                for p in open_to_attack(state, seat) if p.seat != seat
                for taken in p.parts() if part is None or taken == part
                for i in fit(taken)]
    if effect == "freeze":
        return [Freeze(seat, c, p.seat, i) for p in open_to_attack(state, seat)
                if p.seat != seat for i, ice in enumerate(p.ice) if ice < 0]
    if effect == "unfreeze":
        return [Thaw(seat, c, i) for i, ice in enumerate(me.ice) if ice >= 0]
    if effect == "draw":
        return [Resupply(seat, c)]
    return []


def options(state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    if state.plays < MAX_PLAYS:
        fit = factory.placer(state.catalogue, state.players[seat])
        for c in state.players[seat].hand:
            out.extend(card_options(state, seat, c, fit))
    out.append(Pass(seat))
    return out


def _check(state: State, action: Action) -> None:
    """RuleError unless ``action`` is one of the listed plays."""
    if isinstance(action, Pass):
        return
    card = getattr(action, "card", -1)
    if card not in state.players[action.seat].hand:
        raise RuleError("that card is not in your hand")
    if state.plays >= MAX_PLAYS:
        raise RuleError(f"you have used all {MAX_PLAYS} plays this turn")
    if isinstance(action, Destroy):
        pool, count = destroy_pool(state, action.seat, card)
        kind = state.catalogue.cards[card]
        if kind.effect != "destroy":
            raise RuleError(f"{kind.name} does not wreck Parts")
        if kind.gold > len(state.players[action.seat].stacks):
            raise RuleError(f"{kind.name} needs {kind.gold} Stacks in your Factory")
        if not pool:
            raise RuleError(f"no Part that {kind.name} can wreck is in play")
        if (len(action.parts) != count or list(action.parts) != sorted(set(action.parts))
                or not set(action.parts) <= set(pool)):
            raise RuleError(f"{kind.name} must pick exactly {count} different Parts it can "
                            f"wreck, listed from the lowest card number")
        return
    if action not in card_options(state, action.seat, card,
                                  part=getattr(action, "part", None)):
        name = state.catalogue.cards[card].name
        raise RuleError(f"{name} cannot be played that way now")


def apply(state: State, action: Action) -> None:
    """A play, or Pass to end the Play Phase; validated before anything changes."""
    _check(state, action)
    seat = action.seat
    me = state.players[seat]
    if isinstance(action, Pass):
        state.step = EVENT
        return
    card = action.card  # type: ignore[attr-defined]
    me.hand.remove(card)
    state.plays += 1
    if isinstance(action, PlayPart):
        stack = len(me.stacks) if action.stack == NEW else action.stack
        factory.put(me, card, stack)
        state.log.append(Built(seat, card, stack))
        return
    state.log.append(CardPlayed(seat, card))
    if isinstance(action, Thaw):
        state.discard.append(me.ice[action.stack])
        me.ice[action.stack] = -1
        state.discard.append(card)
        state.log.append(Frozen(seat, action.stack, True))
    elif isinstance(action, Resupply):
        draw_cards(state, seat, 2)
        state.discard.append(card)
    elif isinstance(action, Destroy):
        _open_attack(state, Attack(card, parts=action.parts))
    elif isinstance(action, Steal):
        _open_attack(state, Attack(card, parts=(action.part,), stack=action.stack))
    elif isinstance(action, Freeze):
        _open_attack(state, Attack(card, owner=action.owner, stack=action.stack))


def owner_of(state: State, part: int) -> int:
    for p in state.players:
        for s in p.stacks:
            if part in s:
                return p.seat
    raise ValueError(f"part {part} is in no Factory")


def _touched(state: State) -> set[int]:
    attack = state.attack
    assert attack is not None
    if attack.owner >= 0:
        return {attack.owner}
    return {owner_of(state, part) for part in attack.parts}


def _ask(state: State) -> None:
    """(Re)start the Homing window: every touched rival, in turn order after the
    attacker; with nobody to ask the Attack resolves at once."""
    touched = _touched(state)
    asked = tuple(s for s in opponents(state, state.active) if s in touched)
    if asked:
        state.window = Window(HOMING, state.active, asked, tuple(state.table))
        state.step = HOMING
    else:
        _resolve(state)


def _open_attack(state: State, attack: Attack) -> None:
    state.table.append(attack.card)
    state.attack = attack
    _ask(state)


def window_options(state: State, seat: int) -> list[Action]:
    """In the Homing window (a touched rival) or the counter step (the attacker)."""
    hand = state.players[seat].hand
    cards = state.catalogue.cards
    if state.step == COUNTER and state.plays >= MAX_PLAYS:
        return [Pass(seat)]
    return [Answer(seat, c) for c in hand
            if cards[c].effect == "cancel_attack" and answer_ok(state, seat, c)] + [Pass(seat)]


def apply_window(state: State, action: Action) -> None:
    window = state.window
    assert window is not None
    if not isinstance(action, Pass) and action not in window_options(state, action.seat):
        raise RuleError("only a Homing Missiles you can play answers now")
    if state.step == HOMING:
        if isinstance(action, Pass):
            window.pass_turn()
            if window.closed:
                _resolve(state)
            return
        state.players[action.seat].hand.remove(action.card)  # type: ignore[attr-defined]
        state.table.append(action.card)  # type: ignore[attr-defined]
        state.log.append(Answered(action.seat, action.card))  # type: ignore[attr-defined]
        window.take()
        state.step = COUNTER
        return
    if isinstance(action, Pass):
        _close(state, cancelled=True)
        return
    state.players[action.seat].hand.remove(action.card)  # type: ignore[attr-defined]
    state.table.append(action.card)  # type: ignore[attr-defined]
    state.log.append(Answered(action.seat, action.card))  # type: ignore[attr-defined]
    state.plays += 1
    _ask(state)


def _close(state: State, cancelled: bool, keep: int = -1) -> None:
    """The Attack is over: its cards go to the discard pile (but ``keep``, an Ice
    Blast that stays on its Stack)."""
    assert state.attack is not None
    state.log.append(AttackDone(state.active, state.attack.card, cancelled))
    state.discard.extend(c for c in state.table if c != keep)
    state.table.clear()
    state.attack = None
    state.window = None
    state.step = PLAY


def _resolve(state: State) -> None:
    attack = state.attack
    assert attack is not None
    cat = state.catalogue
    effect = cat.cards[attack.card].effect
    me = state.players[state.active]
    if effect == "destroy":
        for part in attack.parts:
            owner = owner_of(state, part)
            factory.remove(state.players[owner], part, state.discard)
            state.log.append(Destroyed(owner, part))
    elif effect == "steal":
        part = attack.parts[0]
        owner = owner_of(state, part)
        factory.remove(state.players[owner], part, state.discard, keep=True)
        stack = len(me.stacks) if attack.stack == NEW else attack.stack
        factory.put(me, part, stack)
        state.log.append(Stolen(owner, state.active, part, stack))
    else:
        state.players[attack.owner].ice[attack.stack] = attack.card
        state.log.append(Frozen(attack.owner, attack.stack, False))
        _close(state, cancelled=False, keep=attack.card)
        return
    _close(state, cancelled=False)
