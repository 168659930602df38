"""Battle cards: attacks, the target's defence window, and what an attack that stands
does (RULES-DECISIONS.md, Battle cards).

An attack is announced with its option and target (final), then only the target may
answer with one Battle card whose defence blocks it, or decline; a blocked attack does
nothing. The target is always asked, whether or not they hold an answer, so the asking
tells nobody what is in their hand. Options that move rockets act on the named section
of the target (Launchpad or Atmosphere); ``N (all if fewer)`` takes what is there.
"""

from __future__ import annotations

from game.rules.blastbots import menu
from game.rules.blastbots.actions import Aim, Defend, Home, Move, Pass, Play, Take
from game.rules.blastbots.board import (
    ATMOSPHERE,
    FACTORY,
    JUNKYARD,
    LAUNCHPAD,
    SPOTS,
    TIER_OF,
    TIER_SPOTS,
    spot_name,
)
from game.rules.blastbots.deal import to_pile
from game.rules.blastbots.events import (
    Cut,
    Declined,
    Defended,
    Fizzled,
    Rockets,
    TokenMoved,
)
from game.rules.blastbots.picks import open_picks
from game.rules.blastbots.rockets import junk_to_junk, section, wreck
from game.rules.blastbots.state import Item, State

RAM = "sacrificial_ram"
WRANGLER = "wrangler"
SECTIONS = (LAUNCHPAD, ATMOSPHERE)


def sacrifices(state: State, seat: int) -> list[str]:
    """The sections a Sacrificial Ram of ``seat`` can take its rocket from."""
    return [where for where in SECTIONS if section(state, where)[seat] > 0]


def announce(state: State, action: Play) -> None:
    """The attack is on (the card already left the hand): a Ram's rocket goes to the
    target's Junkyard now, blocked or not; then the target is asked."""
    seat, target = action.seat, action.target
    if action.sacrifice:
        section(state, action.sacrifice)[seat] -= 1
        state.junk[target][seat] += 1
        state.log.append(Rockets(seat, seat, action.sacrifice, target, JUNKYARD, 1))
    state.stack.append(("defend", target, seat, action.card, action.option))


def defend_options(state: State, item: Item) -> list[Defend | Pass]:
    _, seat, _, attack, _ = item
    cards = state.cat.cards
    out: list[Defend | Pass] = []
    for card in sorted(set(state.hands[seat])):
        if attack in cards[card].blocks:
            if cards[card].id == RAM:
                out += [Defend(seat, card, where) for where in sacrifices(state, seat)]
            else:
                out.append(Defend(seat, card, ""))
    out.append(Pass(seat))
    return out


def apply_defend(state: State, item: Item, action: Defend | Pass) -> None:
    _, seat, attacker, attack, option = item
    if isinstance(action, Pass):
        state.log.append(Declined(seat, attack))
        resolve(state, attacker, seat, attack, option)
        return
    state.hands[seat].remove(action.card)
    to_pile(state, action.card)
    if action.sacrifice:
        section(state, action.sacrifice)[seat] -= 1
        state.junk[attacker][seat] += 1
        state.log.append(Rockets(seat, seat, action.sacrifice, attacker, JUNKYARD, 1))
    state.log.append(Defended(seat, action.card, attack))


def resolve(state: State, attacker: int, target: int, card: int, option: str) -> None:
    """An attack that stands."""
    kind = state.cat.cards[card]
    amount = kind.amount(option)
    if option in SECTIONS:
        where = section(state, option)
        count = min(amount, where[target])
        if kind.id == WRANGLER:
            if count:
                where[target] -= count
                state.factory[target] += count
                state.log.append(Rockets(target, target, option, target, FACTORY, count))
        else:
            wreck(state, attacker, target, option, count)
    elif option in ("steal", "shred"):
        open_picks(state, attacker, target, amount, option)
    elif option == "junk":
        state.stack.append(("colour", attacker, target))
    elif option == "homecoming":
        count = min(amount, state.junk[target][attacker])
        junk_to_junk(state, attacker, target, attacker, count)
        state.stack.append(("home", attacker, count))
    elif option == "tokens":
        state.stack.append(("move", attacker, target, amount, ()))
    else:  # lockout
        state.cuts[target] += amount
        state.log.append(Cut(target, state.cuts[target]))


def attack_step(state: State, item: Item) -> None:
    """One attack of a Magic Missile Mod, in its turn: asked about if it still finds
    something to act on, else it does nothing."""
    _, attacker, target, card, option = item
    if menu.acts_on(state, attacker, option, target):
        state.stack.append(("defend", target, attacker, card, option))
    else:
        state.log.append(Fizzled(attacker, card, option, target))


def mod_options(state: State, item: Item) -> list[Play]:
    """The Battle card (not a Sacrificial Ram) and first attack going with a Mod."""
    return menu.plays(state, item[1], battle_only=True)


def apply_mod(state: State, item: Item, action: Play) -> None:
    state.hands[action.seat].remove(action.card)
    to_pile(state, action.card)
    state.stack.append(("aim", action.seat, action.card, ((action.option, action.target),)))


def aim_options(state: State, item: Item) -> list[Aim]:
    _, seat, card, _ = item
    return [Aim(seat, play.option, play.target) for play in menu.plays(state, seat, [card])]


def apply_aim(state: State, item: Item, action: Aim) -> None:
    _, seat, card, before = item
    # Typed: mypyc cannot compile reversed() over a value of type Any.
    aimed: tuple[tuple[str, int], ...] = (*before, (action.option, action.target))
    mod = state.cat.cards[state.cat.index("magic_missile_mod")].amounts[0]
    if len(aimed) < mod:
        state.stack.append(("aim", seat, card, aimed))
        return
    for option, target in reversed(aimed):
        state.stack.append(("attack", seat, target, card, option))


def colour_options(state: State, item: Item) -> list[Take]:
    _, seat, victim = item
    return [Take(seat, colour) for colour, count in enumerate(state.junk[victim]) if count]


def apply_colour(state: State, item: Item, action: Take) -> None:
    _, seat, victim = item
    junk_to_junk(state, action.colour, victim, seat, 1)
    if action.colour == seat:
        state.stack.append(("home", seat, 1))


def home_options(state: State, item: Item) -> list[Home]:
    _, seat, count = item
    return [Home(seat, n) for n in range(count + 1)]


def apply_home(state: State, item: Item, action: Home) -> None:
    """Own-colour rockets just received wait in the Junkyard; some go to the Factory."""
    seat, count = item[1], action.factory
    if count:
        state.junk[seat][seat] -= count
        state.factory[seat] += count
        state.log.append(Rockets(seat, seat, JUNKYARD, seat, FACTORY, count))


def push_home(state: State, seat: int, count: int) -> None:
    if count:
        state.stack.append(("home", seat, count))


def move_options(state: State, item: Item) -> list[Move | Pass]:
    _, seat, victim, _left, moved = item
    tokens = state.tokens[victim]
    sources = sorted({tokens[i] for i in range(len(tokens)) if i not in moved})
    out: list[Move | Pass] = [
        Move(seat, spot_name(source), spot_name(to))
        for source in sources for to in TIER_SPOTS[TIER_OF[source]] if to != source]
    if moved:
        out.append(Pass(seat))
    return out


def apply_move(state: State, item: Item, action: Move | Pass) -> None:
    _, seat, victim, left, moved = item
    if isinstance(action, Pass):
        return
    tokens = state.tokens[victim]
    source = SPOTS[action.source]
    index = next(i for i in range(len(tokens)) if tokens[i] == source and i not in moved)
    tokens[index] = SPOTS[action.to]
    state.log.append(TokenMoved(victim, action.source, action.to))
    if left > 1:
        state.stack.append(("move", seat, victim, left - 1, (*moved, index)))
