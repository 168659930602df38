"""The Blastbots game log: one plain sentence per event a seat may know (its redacted
history), so a newcomer can read back what happened. Card faces show only where the
event carries them for this seat; backs are told by deck. Steps the log would repeat
(every meteor of a surge, a swap's two totems) are folded into one line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.rules.blastbots.board import (
    ATMOSPHERE,
    FACTORY,
    JUNKYARD,
    LAUNCHPAD,
    SPACE,
    SPOTS,
    SURGES,
    TIER_OF,
)
from game.rules.blastbots.catalogue import Catalogue
from game.rules.blastbots.events import Discarded, Drew
from game.rules.blastbots.state import State
from game.rules.core.actions import Event
from game.scenes.blastbots.words import (
    SECTION_NAMES,
    card_list,
    card_name,
    deck_name,
    plural,
    rocket_colour,
    spot_name_words,
    who,
    whose,
)
from game.ui.seat_names import Names

DISCARD_WHY = {"trade": "to trade", "reallocate": "to reallocate their tokens",
               "market": "at the Black Market", "limit": "to get down to seven cards"}
VICTORY = {"escape": "escapes with {n} rockets in Space", "destruction":
           "wins by Destruction with {n} wrecked rockets in their Junkyard"}


def describe_all(events: Sequence[Event], view: State, names: Names = ()) -> list[str]:
    """The log lines of a run of events: one draw after another by the same player (an
    opening hand, a 7) is one line, and so is a run of cards one player discards for
    the same reason."""
    lines: list[str] = []
    folded: list[Event] = []
    for event in events:
        if folded and _joins(folded[-1], event):
            folded[-1] = _join(folded[-1], event)
        else:
            folded.append(event)
    for event in folded:
        line = describe(event, view, names)
        if line:
            lines.append(line)
    return lines


def _joins(first: Event, then: Event) -> bool:
    if isinstance(first, Drew | DrewMany) and isinstance(then, Drew):
        return first.seat == then.seat
    return (isinstance(first, Discarded) and isinstance(then, Discarded)
            and (first.seat, first.why) == (then.seat, then.why))


def _join(first: Event, then: Event) -> Event:
    if isinstance(first, Discarded) and isinstance(then, Discarded):
        return replace(first, cards=first.cards + then.cards)
    assert isinstance(then, Drew)
    draws = first.draws if isinstance(first, DrewMany) else (
        ((first.deck, first.cards),) if isinstance(first, Drew) else ())
    return DrewMany(then.seat, (*draws, (then.deck, then.cards)))


@dataclass(slots=True)
class DrewMany(Event):
    """Several draws in a row by one player, told as one line (never a rules event)."""

    kind = "drew_many"
    seat: int
    draws: tuple[tuple[int, tuple[int, ...]], ...]


def describe(event: Event, view: State, names: Names = ()) -> str | None:
    """One log line for ``event`` as the viewer knows it (None: not worth a line)."""
    cat = view.cat
    kind = event.kind
    data = event.to_dict()
    seat = data.get("seat", -1)
    name = who(seat, names) if isinstance(seat, int) else ""
    if kind == "first_roll":
        a, b = data["dice"]
        return f"{name} rolls {a} + {b} = {a + b} for first player."
    if kind == "first_player":
        return f"{name} has the highest roll and goes first."
    if kind == "placed":
        spots = [spot_name_words(s) for s in data["spots"]]
        tier = TIER_OF[SPOTS[data["spots"][0]]] + 1
        where = " and ".join(spots) if len(set(spots)) > 1 else (
            spots[0] if len(spots) == 1 else f"{spots[0]} (both)")
        return f"{name} puts {plural(len(spots), f'T-{tier} token')} on {where}."
    if kind == "turn_began":
        return f"--- Turn {data['turn']}: {name} ---"
    if kind == "rolled":
        return _rolled(name, data["dice"], data["total"])
    if kind == "totem_moved":
        return _totem(data, names)
    if kind == "drew":
        return f"{name} draws {card_list(cat, data['cards'])}."
    if kind == "drew_many":
        return f"{name} draws {card_list(cat, [c for _, cards in data['draws'] for c in cards])}."
    if kind == "draw_lost":
        count = data["count"]
        if data["deck"] < 0:
            return f"Every deck {name} may draw from is empty: {plural(count, 'draw')} lost."
        return (f"The {deck_name(data['deck'])} deck is empty: {whose(seat, names)} "
                f"{plural(count, 'draw')} {'is' if count == 1 else 'are'} lost.")
    if kind == "rockets":
        return rockets_words(data, names)
    if kind == "allowance":
        cut = f" ({plural(data['cuts'], 'cut')} taken off)" if data["cuts"] else ""
        return f"Stage 3: {name} has {plural(data['actions'], 'action')}{cut}."
    if kind == "played":
        return played_words(cat, data, names)
    if kind == "defended":
        return (f"{name} blocks the {card_name(cat, data['attack'])} with "
                f"{_a(card_name(cat, data['card']))}!")
    if kind == "declined":
        return f"{name} lets the {card_name(cat, data['attack'])} through."
    if kind == "fizzled":
        return (f"The second {card_name(cat, data['card'])} finds nothing left to hit "
                f"at {who(data['target'], names)}.")
    if kind == "stolen":
        return (f"{name} takes {card_list(cat, data['cards'])} from "
                f"{whose(data['victim'], names)} hand.")
    if kind == "discarded":
        cards = card_list(cat, data["cards"])
        why = data["why"]
        if why in ("shred", "trash"):
            return f"{name} loses {cards} to the {'shredder' if why == 'shred' else 'trash'}."
        return f"{name} discards {cards} {DISCARD_WHY.get(why, '')}".rstrip() + "."
    if kind == "token_moved":
        return (f"{whose(seat, names)} token moves from {spot_name_words(data['source'])} "
                f"to {spot_name_words(data['to'])}.")
    if kind == "cut":
        return (f"{name} now has {plural(data['total'], 'cut')}: that many fewer actions "
                "next turn.")
    if kind == "named":
        return f"{name} asks {who(data['target'], names)} for every {card_name(cat, data['card'])}."
    if kind == "handed":
        card = card_name(cat, data["card"])
        return (f"{who(data['target'], names)} hands {name} "
                f"{plural(data['count'], card, card + ' cards')}.")
    if kind == "looked":
        return f"{name} looks through the {deck_name(data['deck'])} deck in secret."
    if kind == "kept":
        return (f"{name} takes {card_name(cat, data['card'])} from the "
                f"{deck_name(data['deck'])} deck.")
    if kind == "shuffled":
        return f"The {deck_name(data['deck'])} deck is shuffled."
    if kind == "revived":
        return (f"{name} brings back {card_list(cat, data['cards'])} from the "
                f"{deck_name(data['deck'])} discard pile.")
    if kind == "switched":
        return f"{name} swaps meteors with {who(data['target'], names)}."
    if kind == "assembled":
        return (f"{name} will also draw whenever {whose(data['target'], names)} tokens pay, "
                f"until {whose(seat, names)} next turn.")
    if kind == "game_over":
        return game_over_words(view, data["winner"], data["victory"], names)
    return None


def _a(words: str) -> str:
    return f"an {words}" if words[:1] in "AEIOU" else f"a {words}"


def _rolled(name: str, dice: list[int] | tuple[int, int], total: int) -> str:
    a, b = dice
    head = f"{name} rolls {a} + {b} = {total}"
    if total in SURGES:
        return f"{head}: a surge! Every meteor steps one closer to Impact."
    if total == 7:
        return f"{head}: everyone draws two cards, choosing the decks."
    return f"{head}: every token on {total} pays out."


def _totem(data: dict[str, object], names: Names) -> str | None:
    seat, step, why = data["seat"], data["totem"], data["why"]
    assert isinstance(seat, int) and isinstance(step, int)
    if step == 0:
        return f"{whose(seat, names)} meteor hits: IMPACT!"
    if why == "surge":
        return None  # the roll's line says every meteor moved
    where = f"T-{step}"
    if why == "turn":
        return f"{whose(seat, names)} meteor steps to {where}."
    if why == "switch":
        return f"{whose(seat, names)} meteor now stands on {where}."
    return f"The Khaos Magnet moves {whose(seat, names)} meteor to {where}."


def rockets_words(data: dict[str, object], names: Names) -> str:
    """A move of rockets between sections, worded by where they went."""
    count, colour = data["count"], data["colour"]
    owner, to = data["owner"], data["to"]
    source, dest = data["source"], data["dest"]
    assert isinstance(count, int) and isinstance(colour, int)
    assert isinstance(owner, int) and isinstance(to, int)
    n = plural(count, "rocket")
    big = n.capitalize()
    verb = "is" if count == 1 else "are"
    if source == FACTORY and dest == LAUNCHPAD:
        return f"{who(owner, names)} builds {n} onto their Launchpad."
    if dest == SPACE:
        reach = "reaches" if count == 1 else "reach"
        return (f"{big} of {whose(owner, names)} {reach} Space from the "
                f"{SECTION_NAMES[str(source)]}.")
    if source == LAUNCHPAD and dest == ATMOSPHERE:
        return f"{whose(owner, names)} Launchpad lifts off: {n} into the Atmosphere."
    if source == ATMOSPHERE and dest == LAUNCHPAD:
        return f"{big} of {whose(owner, names)} {verb} pulled back onto the Launchpad."
    if dest == FACTORY and source in (LAUNCHPAD, ATMOSPHERE):
        return (f"{big} of {whose(owner, names)} {verb} herded "
                f"from the {SECTION_NAMES[str(source)]} back to their Factory.")
    if source == JUNKYARD and dest == FACTORY:
        if owner == to:
            return (f"{who(to, names)} sends {plural(count, 'own rocket')} from their "
                    "Junkyard home to the Factory.")
        return (f"{who(to, names)} takes back {n} from {whose(owner, names)} Junkyard to "
                "their Factory.")
    if source == JUNKYARD:
        return (f"{plural(count, rocket_colour(colour) + ' rocket')} "
                f"{'goes' if count == 1 else 'go'} from {whose(owner, names)} Junkyard to "
                f"{whose(to, names)} Junkyard.")
    where = SECTION_NAMES.get(str(source), str(source))
    lands = "lands" if count == 1 else "land"
    return (f"{big} from {whose(owner, names)} {where} {lands} wrecked in "
            f"{whose(to, names)} Junkyard.")


def played_words(cat: Catalogue, data: dict[str, object], names: Names) -> str:
    """A played card: who, which, and at what (an attack is only announced here)."""
    seat, card, option, target = data["seat"], data["card"], data["option"], data["target"]
    assert isinstance(seat, int) and isinstance(card, int) and isinstance(target, int)
    kind = cat.cards[card]
    name = who(seat, names)
    at = who(target, names)
    if kind.deck == 0:
        what = {LAUNCHPAD: f"{whose(target, names)} Launchpad",
                ATMOSPHERE: f"{whose(target, names)} Atmosphere",
                "steal": f"{at} to steal a card", "shred": f"{at} to shred cards",
                "junk": f"{whose(target, names)} Junkyard",
                "homecoming": f"{whose(target, names)} Junkyard to bring rockets home",
                "tokens": f"{whose(target, names)} tokens",
                "lockout": f"{at} to cut an action"}.get(str(option), at)
        return f"{name} sends {_a(kind.name)} at {what}."
    if kind.id == "junk_r_bot":
        return (f"{name} plays Junk-R-Bot: {at} loses actions next turn." if option == "cut"
                else f"{name} plays Junk-R-Bot to trash a card from {whose(target, names)} hand.")
    if kind.id == "khaos_magnet":
        return {"closer": f"{name} plays Khaos Magnet on {whose(target, names)} meteor: closer!",
                "away": f"{name} plays Khaos Magnet on {whose(target, names)} meteor: away!",
                }.get(str(option), f"{name} plays Khaos Magnet on {whose(target, names)} "
                                   "Atmosphere.")
    if kind.id == "teleporter":
        return f"{name} plays Teleporter on their {SECTION_NAMES[str(option)]}."
    if target >= 0:
        return f"{name} plays {kind.name} on {at}."
    return f"{name} plays {kind.name}."


def game_over_words(view: State, winner: int, victory: str, names: Names = ()) -> str:
    name = who(winner, names)
    if victory == "escape":
        return f"{name} {VICTORY['escape'].format(n=view.space[winner])} and wins!"
    if victory == "destruction":
        return f"{name} {VICTORY['destruction'].format(n=sum(view.junk[winner]))}!"
    total = view.points[winner][-1] if view.points else 0
    return f"Impact! {name} wins with {plural(total, 'point')}."
