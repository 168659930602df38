"""Discovery cards: what each does once played, and the choices some of them ask for
(RULES-DECISIONS.md, Discovery and Rocket cards). None of them can be defended.

``effect`` carries out a card played (menu.py lists them) after it has left the hand
and the action is counted; the rest answer the choices some cards ask for.
"""

from __future__ import annotations

from game.rules.blastbots.actions import Choose, Discard, Keep, Name, Pass, Play
from game.rules.blastbots.board import ATMOSPHERE, JUNKYARD, LAUNCHPAD, PAD_MAX, SPACE, TOTEM_START
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.deal import (
    DECK_OF,
    choices,
    discard,
    open_decks,
    push_draws,
)
from game.rules.blastbots.events import (
    Assembled,
    Cut,
    Handed,
    Kept,
    Looked,
    Named,
    Revived,
    Rockets,
    Shuffled,
    Switched,
    TotemMoved,
)
from game.rules.blastbots.grid import push_placement
from game.rules.blastbots.picks import open_picks
from game.rules.blastbots.rockets import shift
from game.rules.blastbots.scoring import impact
from game.rules.blastbots.state import Item, State


def effect(state: State, action: Play) -> None:
    """Carry out a played Discovery card."""
    seat, target, option = action.seat, action.target, action.option
    kind = state.cat.cards[action.card]
    cid = kind.id
    amount = kind.amount(option)
    if cid == "black_market":
        state.stack.append(("market", seat, 0, amount))
    elif cid == "go_phish_bot":
        state.stack.append(("name", seat, target))
    elif cid == "junk_r_bot":
        if option == "cut":
            state.cuts[target] += amount
            state.log.append(Cut(target, state.cuts[target]))
        else:
            open_picks(state, seat, target, amount, "trash")
    elif cid == "khaos_magnet":
        _magnet(state, seat, option, target, amount)
    elif cid == "magic_missile_mod":
        state.stack.append(("mod", seat))
    elif cid == "ol_switcheroo":
        totem = state.totem
        totem[seat], totem[target] = totem[target], totem[seat]
        state.log += [Switched(seat, target), TotemMoved(seat, totem[seat], "switch"),
                      TotemMoved(target, totem[target], "switch")]
    elif cid == "quantum_fabricator":
        state.stack.append(("look", seat))
    elif cid == "reallocator":
        push_placement(state, seat)
    elif cid == "some_assembly_required":
        state.assembly[seat].append(target)
        state.log.append(Assembled(seat, target))
    elif cid == "teleporter":
        shift(state, seat, option, SPACE, min(amount, state.pad[seat] if option == LAUNCHPAD
                                              else state.atmo[seat]))
    else:
        state.stack.append(("pile", seat))


def _magnet(state: State, seat: int, option: str, target: int, amount: int) -> None:
    totem = state.totem
    if option == "pull":
        count = min(amount, state.atmo[target])
        back = min(count, PAD_MAX - state.pad[target])
        state.atmo[target] -= count
        state.pad[target] += back
        state.junk[seat][target] += count - back
        if back:
            state.log.append(Rockets(target, target, ATMOSPHERE, target, LAUNCHPAD, back))
        if count - back:
            state.log.append(Rockets(target, target, ATMOSPHERE, seat, JUNKYARD, count - back))
        return
    if option == "closer":
        totem[target] = max(0, totem[target] - amount)
    else:
        totem[target] = min(TOTEM_START, totem[target] + amount)
    state.log.append(TotemMoved(target, totem[target], "magnet"))
    if totem[target] == 0:
        impact(state, magnet=True)


def market_options(state: State, item: Item) -> list[Discard | Pass]:
    """Black Market (``("market", seat, discarded, most)``): one more card, or stop."""
    _, seat, done, _most = item
    out: list[Discard | Pass] = [Discard(seat, card) for card in sorted(set(state.hands[seat]))]
    if done:
        out.append(Pass(seat))
    return out


def apply_market(state: State, item: Item, action: Discard | Pass) -> None:
    _, seat, done, most = item
    if isinstance(action, Discard):
        discard(state, seat, [action.card], "market")
        done += 1
        if done < most and state.hands[seat]:
            state.stack.append(("market", seat, done, most))
            return
    push_draws(state, seat, "market", done)


def name_options(state: State, item: Item) -> list[Name]:
    seat = item[1]
    return [Name(seat, card) for card in range(len(state.cat.cards))]


def apply_name(state: State, item: Item, action: Name) -> None:
    _, seat, target = item
    state.log.append(Named(seat, target, action.card))
    hand = state.hands[target]
    count = hand.count(action.card)
    if count:
        hand[:] = [c for c in hand if c != action.card]
        state.hands[seat] += [action.card] * count
        state.log.append(Handed(seat, target, action.card, count))
    else:
        amount = state.cat.cards[state.cat.index("go_phish_bot")].amounts[0]
        push_draws(state, seat, "phish", amount)


def look_options(state: State, item: Item) -> list[Choose]:
    """Quantum Fabricator: the deck to look through."""
    return [choices(item[1])[d] for d in open_decks(state)]


def apply_look(state: State, item: Item, action: Choose) -> None:
    seat, deck = item[1], DECK_OF[action.deck]
    state.log.append(Looked(seat, deck, tuple(sorted(state.decks[deck]))))
    state.stack.append(("take", seat, deck))


def take_options(state: State, item: Item) -> list[Keep]:
    _, seat, deck = item
    return [Keep(seat, card) for card in sorted(set(state.decks[deck]))]


def apply_take(state: State, item: Item, action: Keep) -> None:
    _, seat, deck = item
    assert state.rng is not None
    state.decks[deck].remove(action.card)
    state.hands[seat].append(action.card)
    state.rng.shuffle(state.decks[deck])
    state.log += [Kept(seat, deck, action.card), Shuffled(deck)]


def pile_options(state: State, item: Item) -> list[Choose]:
    """Zombitron Collider: a discard pile holding a card discarded before this turn."""
    seat = item[1]
    return [choices(seat)[d] for d in range(len(DECKS)) if state.piles[d]]


def apply_pile(state: State, item: Item, action: Choose) -> None:
    """Draw at random among the pile's eligible cards: the same as shuffling it and
    drawing, without reordering what stays."""
    seat, deck = item[1], DECK_OF[action.deck]
    assert state.rng is not None
    pile = state.piles[deck]
    amount = state.cat.cards[state.cat.index("zombitron_collider")].amounts[0]
    drawn = [pile.pop(state.rng.below(len(pile))) for _ in range(min(amount, len(pile)))]
    state.hands[seat] += drawn
    state.log.append(Revived(seat, deck, tuple(drawn)))
