"""Blastbots in plain words: seats, decks, spots, cards and their options, and the help
shown when something is hovered. Card texts are cards.yaml's (our own words). Words
only: nothing here decides what is legal, and nothing reads what a view hides.

A seat goes by the name its player typed, else its colour (game.ui.seat_names), the
same colour and glyph the setup and hand-over screens show for it."""

from __future__ import annotations

from game.rules.blastbots.board import (
    ATMOSPHERE,
    FACTORY,
    JUNKYARD,
    LAUNCHPAD,
    PAD_MAX,
    SPACE,
    TIER_OF,
    WIN,
)
from game.rules.blastbots.catalogue import DECKS, Card, Catalogue
from game.rules.blastbots.state import State
from game.ui.seat_names import Names, colour_name, seat_label, seat_title, typed

DECK_NAMES = tuple(d.capitalize() for d in DECKS)
SECTION_NAMES = {FACTORY: "Factory", LAUNCHPAD: "Launchpad", ATMOSPHERE: "Atmosphere",
                 SPACE: "Space", JUNKYARD: "Junkyard"}
ATTACK_VERBS = {"mech": "smash", "kaboomer": "blow up", "sacrificial_ram": "wreck",
                "wrangler": "herd back"}
"""What a Battle card does to the rockets of the section it attacks."""


def who(seat: int, names: Names = ()) -> str:
    """``Ann``, or the seat's colour (``Orange``) when nobody typed a name."""
    if seat < 0:
        return "nobody"
    return seat_label(seat, typed(names, seat))


def whose(seat: int, names: Names = ()) -> str:
    return f"{who(seat, names)}'s"


def full_name(seat: int, names: Names = ()) -> str:
    """``Ann (Orange)``: where a seat is first pointed out, so people learn colours."""
    return seat_title(seat, typed(names, seat))


def rocket_colour(colour: int) -> str:
    """The colour of a seat's rockets, as a word (``orange``)."""
    return colour_name(colour).lower()


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else (words or word + 's')}"


def deck_name(deck: int) -> str:
    return DECK_NAMES[deck] if 0 <= deck < len(DECK_NAMES) else "no"


def spot_words(code: int) -> str:
    """``Battle 6``: a Resource Grid spot by section and number."""
    return f"{deck_name(code >> 4)} {code & 15}"


def spot_name_words(name: str) -> str:
    """A spot written ``battle:6`` (as actions name it), in words."""
    deck, number = name.split(":")
    return f"{deck.capitalize()} {number}"


def card_name(cat: Catalogue, card: int) -> str:
    """A card's name, or ``a Battle card`` for a card seen from its back."""
    if card < 0:
        return f"a {deck_name(-1 - card)} card"
    return cat.cards[card].name


def card_list(cat: Catalogue, cards: tuple[int, ...] | list[int]) -> str:
    """``Mech, Agent and +1 Rocket``; backs counted by deck (``2 Battle cards``)."""
    faces = [cat.cards[c].name for c in cards if c >= 0]
    backs: dict[int, int] = {}
    for c in cards:
        if c < 0:
            backs[-1 - c] = backs.get(-1 - c, 0) + 1
    faces += [plural(n, f"{deck_name(d)} card") for d, n in sorted(backs.items())]
    if len(faces) <= 1:
        return "".join(faces) or "nothing"
    return ", ".join(faces[:-1]) + " and " + faces[-1]


def blocks_words(cat: Catalogue, card: Card) -> str:
    """What a Battle card's defence stops: ``every attack`` or ``Mech, Kaboomer``."""
    battle = [c for c in cat.cards if c.deck == 0]
    if len(card.blocks) == len(battle):
        return "every attack"
    return ", ".join(cat.cards[b].name for b in sorted(card.blocks))


def option_words(cat: Catalogue, card: int, option: str) -> str:
    """A card option as a prompt's button says it (``Launchpad: smash 1``)."""
    kind = cat.cards[card]
    n = kind.amount(option) if option in kind.options else 0
    if option in (LAUNCHPAD, ATMOSPHERE):
        where = SECTION_NAMES[option]
        if kind.id == "teleporter":
            return f"{where}: beam {plural(n, 'rocket')} into Space"
        return f"{where}: {ATTACK_VERBS.get(kind.id, 'hit')} {plural(n, 'rocket')}"
    return {
        "steal": f"Steal {plural(n, 'card')}, picked face down",
        "shred": f"Shred {plural(n, 'card')}, picked face down",
        "trash": f"Trash {plural(n, 'card')}, picked face down",
        "junk": f"Take {plural(n, 'rocket')} from their Junkyard",
        "homecoming": f"Bring home {plural(n, 'rocket')} of yours",
        "tokens": f"Move up to {plural(n, 'token')} of theirs",
        "lockout": f"Cut {plural(n, 'action')} of their next turn",
        "cut": f"Cut {plural(n, 'action')} of their next turn",
        "closer": f"Meteor {plural(n, 'step')} closer to Impact",
        "away": f"Meteor {plural(n, 'step')} away from Impact",
        "pull": f"Pull {plural(n, 'rocket')} down from the Atmosphere",
    }.get(option, f"Play {kind.name}")


def card_tip(cat: Catalogue, card: int) -> str:
    """A card's hover help: name, deck, and its text (with what it blocks)."""
    if card < 0:
        return (f"A {deck_name(-1 - card)} card, face down. The backs show each card's "
                "deck, so everyone knows how many of each deck a hand holds.")
    kind = cat.cards[card]
    head = f"{kind.name} ({deck_name(kind.deck)} card, {kind.copies} in the deck)"
    extra = ""
    if kind.deck == 0:
        extra = (f"\nAs a defence it blocks {blocks_words(cat, kind)}. Only the player "
                 "attacked may answer, and answering costs no action.")
    elif kind.deck == 1:
        extra = "\nDiscovery cards cannot be blocked."
    return f"{head}\n{kind.text}{extra}"


def spot_tip(view: State, code: int, names: Names = ()) -> str:
    """A Resource Grid spot's hover help: what it pays and whose tokens stand on it."""
    tier = TIER_OF[code]
    deck = deck_name(code >> 4)
    holders = []
    for seat in range(view.n):
        count = view.tokens[seat].count(code)
        if count:
            holders.append(who(seat, names) + (f" x{count}" if count > 1 else ""))
    standing = ", ".join(holders) if holders else "none yet"
    return (f"{spot_words(code)}, a T-{tier + 1} spot. When a {code & 15} is rolled, each "
            f"token here draws its owner 2 {deck} cards (in turn order from the roller).\n"
            f"Tokens here: {standing}.")


SECTION_TIPS = {
    FACTORY: "Factory: rockets waiting to be built. One goes to the Launchpad at the end "
             "of each launch (Stage 2), on a surge, and with +1/+2/+3 Rocket(s). Nothing "
             "can attack it.",
    LAUNCHPAD: f"Launchpad: at most {PAD_MAX} rockets. In your Stage 2 they all lift off "
               "into the Atmosphere. Rivals can attack them here.",
    ATMOSPHERE: "Atmosphere: rockets on their way up. In your Stage 2 they fly into Space. "
                "Rivals can attack them here; at Impact each scores 1 point.",
    SPACE: f"Space: safe from everything. {WIN} rockets here win at once (Escape); at "
           "Impact each scores 2 points, and the one player with the most gets 3 more.",
    JUNKYARD: f"Junkyard: the rockets you wrecked, any colour. {WIN} here win at once "
              "(Destruction); at Impact each scores 1 point, and the one player with the "
              "most gets 3 more. Only a Burglebot can take from it.",
}


def section_tip(view: State, seat: int, section: str, names: Names = ()) -> str:
    counts = {FACTORY: view.factory[seat], LAUNCHPAD: view.pad[seat],
              ATMOSPHERE: view.atmo[seat], SPACE: view.space[seat],
              JUNKYARD: sum(view.junk[seat])}
    head = f"{whose(seat, names)} {SECTION_NAMES[section]}: {plural(counts[section], 'rocket')}"
    if section == JUNKYARD and counts[section]:
        held = [f"{n} {rocket_colour(c)}" for c, n in enumerate(view.junk[seat]) if n]
        head += f" ({', '.join(held)})"
    return f"{head}.\n{SECTION_TIPS[section]}"


def deck_tip(view: State, deck: int) -> str:
    left = len(view.decks[deck])
    return (f"The {deck_name(deck)} deck: {plural(left, 'card')} left. Decks are never "
            "shuffled back: once empty, its draws are lost.")


def pile_tip(view: State, deck: int) -> str:
    """A discard pile's hover help: every card in it, this turn's marked."""
    cat = view.cat
    before, fresh = view.piles[deck], view.fresh[deck]
    total = plural(len(before) + len(fresh), "card")
    lines = [f"The {deck_name(deck)} discard pile, face up: {total}."]
    if fresh:
        lines.append(f"Discarded this turn (a Zombitron Collider cannot take these): "
                     f"{card_list(cat, fresh)}.")
    if before:
        counts: dict[int, int] = {}
        for c in before:
            counts[c] = counts.get(c, 0) + 1
        lines.append("Before this turn: " + ", ".join(
            f"{cat.cards[c].name}" + (f" x{n}" if n > 1 else "")
            for c, n in sorted(counts.items())) + ".")
    if deck == 1 and view.marked:
        lines.append(f"{plural(view.marked, 'Junk-R-Bot')} used for cuts lie apart and never "
                     "come back.")
    return "\n".join(lines)


def totem_tip(view: State, seat: int, names: Names = ()) -> str:
    step = view.totem[seat]
    where = "Impact" if step == 0 else f"T-{step}"
    return (f"{whose(seat, names)} meteor totem, on {where}. It moves one step closer at "
            "the end of each of their turns and on every surge (2, 3, 11, 12). When any "
            "meteor reaches Impact the game ends at once and points decide.")


CLOCK_TIP = ("The Doomsday Clock: every meteor starts on T-10. A meteor reaching Impact "
             "ends the game at once: 2 points per rocket in Space, 1 per rocket in the "
             "Atmosphere and 1 per rocket in your Junkyard, plus bonuses.")
HUB_TIP = ("The last roll. 4, 5, 6, 8, 9, 10: tokens on that number pay 2 cards each. "
           "7: everyone draws 2, choosing decks. 2, 3, 11, 12: a surge moves every meteor "
           "one step closer, then everyone draws 1 and builds 1 rocket.")
SECTION_HEADS = {d: f"The {name} section: tokens here draw {name} cards." for d, name in
                 enumerate(DECK_NAMES)}


def player_tip(view: State, seat: int, names: Names = ()) -> str:
    """A player's name plate: colour, hand by deck, cuts and Some Assembly Required."""
    hand = view.hands[seat]
    decks = hand_decks(view, seat)
    lines = [f"{full_name(seat, names)}: {plural(len(hand), 'card')} in hand "
             f"({', '.join(f'{n} {deck_name(d)}' for d, n in enumerate(decks))})."]
    if view.cuts[seat]:
        lines.append(f"{plural(view.cuts[seat], 'cut')} pending: that many fewer actions "
                     "next turn (always at least one).")
    for target in view.assembly[seat]:
        lines.append(f"Some Assembly Required on {who(target, names)}: draws when "
                     f"{whose(target, names)} tokens pay, until {whose(seat, names)} next turn.")
    return "\n".join(lines)


def hand_decks(view: State, seat: int) -> list[int]:
    """How many cards of each deck ``seat`` holds (what the backs of a hand show)."""
    counts = [0] * len(DECKS)
    for card in view.hands[seat]:
        counts[-1 - card if card < 0 else view.cat.cards[card].deck] += 1
    return counts
