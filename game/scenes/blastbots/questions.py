"""The prompt's words: what the decision due now asks of the viewer, what another seat
is doing while the viewer waits, and which stage of the turn it is. Public words only:
a heading never depends on what a hand holds (a defence prompt reads the same whether
or not the player has an answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.blastbots.board import HAND_LIMIT, TIER_TOKENS, TIERS
from game.rules.blastbots.state import ACT, END, FIRST, OVER, PLACE, STAGE1, State
from game.scenes.blastbots.words import (
    deck_name,
    plural,
    who,
    whose,
)
from game.ui.seat_names import Names

if TYPE_CHECKING:
    from game.scenes.blastbots.prompt import Picks

DRAW_WHY = {
    "seven": "A 7: everyone draws two cards. Click a deck for this card",
    "surge": "Surge: draw one card from a section where you have a token. Click a deck",
    "trade": "Trade: click the deck to draw your card from",
    "market": "Black Market: click a deck for each card you draw",
    "phish": "They held none: click a deck to draw one card from",
}
YOUR = {"launchpad": "your Launchpad", "atmosphere": "your Atmosphere", "steal": "your hand",
        "shred": "your hand", "junk": "your Junkyard", "homecoming": "your Junkyard",
        "tokens": "your tokens"}
"""What an attack option aims at, said to the player attacked."""
PICK_WHY = {"steal": "to keep", "shred": "to shred", "trash": "to throw away"}
WAITING = {
    "first": "rolling for first player", "place": "placing tokens", "roll": "rolling",
    "deck": "choosing a deck to draw from", "act": "taking actions",
    "discard": "discarding", "limit": "discarding down to seven",
    "defend": "deciding whether to block the attack", "mod": "loading a Magic Missile Mod",
    "aim": "aiming a Magic Missile Mod", "colour": "choosing a rocket to take",
    "home": "sending rockets home", "move": "moving tokens", "pick": "picking a card",
    "market": "at the Black Market", "name": "naming a card",
    "look": "choosing a deck to look through", "take": "looking through a deck",
    "pile": "choosing a discard pile", "retrieve": "naming players to swap with",
    "give": "choosing rockets to give",
}


def stage_words(view: State) -> str:
    """Where the turn stands, for the line at the top."""
    if view.phase == FIRST:
        return "Rolling for first player"
    if view.phase == PLACE:
        return "Placing tokens"
    if view.phase == OVER:
        return "Game over"
    if view.phase == STAGE1:
        top = view.stack[-1][0] if view.stack else ""
        return "Stage 1: the roll" if top == "roll" else "Stage 1: drawing"
    if view.phase == ACT:
        return f"Stage 3: {plural(view.actions_left, 'action')} left"
    assert view.phase == END
    return "Stage 4: discarding down to seven"


def waiting(view: State, names: Names) -> str:
    if view.phase == OVER or not view.stack:
        return "The game is over: the final scores are over the grid."
    kind, seat = view.stack[-1][0], view.stack[-1][1]
    return f"Waiting for {who(seat, names)}: {WAITING.get(kind, 'deciding')}..."


def pass_words(view: State) -> str:
    kind = view.stack[-1][0] if view.stack else ""
    return {"defend": "Let the attack through", "market": "Stop and draw",
            "move": "Move no more tokens", "retrieve": "Name no more players"}.get(kind, "Pass")


def heading(view: State, seat: int, item: tuple[Any, ...], picks: Picks,
            names: Names) -> str:
    """What the viewer's decision asks, in a sentence or two."""
    kind = item[0]
    cat = view.cat
    if kind in ("first", "roll"):
        what = ("Roll for first player" if kind == "first" else
                f"Your turn {view.turns}, Stage 1")
        if view.table_dice:
            return f"{what}: roll two dice at the table, then click their faces below."
        return f"{what}: click the dice to roll them."
    if kind == "place":
        tier = item[2]
        need = len(TIER_TOKENS[tier])
        again = "Reallocate: place" if view.phase != PLACE else "Place"
        low, high = TIERS[tier]
        return (f"{again} your {plural(need, f'T-{tier + 1} token')}: click a "
                f"{low} or a {high} in any section"
                + (" (both may share a spot)" if need > 1 else "")
                + f". {len(picks.chosen)} of {need} placed.")
    if kind == "deck":
        left = _run(view, item)
        more = f" ({left} to draw)" if left > 1 else ""
        return f"{DRAW_WHY.get(item[2], 'Click a deck to draw from')}{more}."
    if kind == "act":
        return _act(view, seat, picks, names)
    if kind == "mod":
        if picks.card < 0:
            return ("Magic Missile Mod: click the Battle card it fires twice "
                    "(not a Sacrificial Ram).")
        return f"{cat.cards[picks.card].name}, first attack: click a lit target."
    if kind == "aim":
        return (f"Magic Missile Mod: aim the second {cat.cards[item[2]].name} attack "
                "(the same player may be hit again).")
    if kind == "defend":
        attacker, card, option = item[2], item[3], item[4]
        if picks.card >= 0:
            return (f"Block with the {cat.cards[picks.card].name}: click your Launchpad or "
                    f"Atmosphere; one rocket there goes to {whose(attacker, names)} Junkyard.")
        attack = cat.cards[card].name
        return (f"{who(attacker, names)} sends {_a(attack)} at {YOUR.get(option, 'you')}. "
                f"Block it with a Battle card that stops {_a(attack)}, or let it through.")
    if kind == "colour":
        return f"Burglebot: click a rocket in {whose(item[2], names)} Junkyard to take it."
    if kind == "home":
        count = item[2]
        return (f"{plural(count, 'rocket')} of your own colour came to you: send them to your "
                "Factory, or keep them in your Junkyard, where they count.")
    if kind == "move":
        if picks.chosen:
            return "Hackerbot: click a spot of the same tier to move the token to."
        more = (f"up to {plural(item[3], 'token')}" if not item[4] else
                f"{item[3]} more may move, or stop")
        return f"Hackerbot: click one of {whose(item[2], names)} tokens to move ({more})."
    if kind == "pick":
        victim, count, mode, picked = item[2], item[3], item[4], item[5]
        return (f"Pick {plural(count, 'card')} face down from {whose(victim, names)} hand "
                f"{PICK_WHY.get(mode, '')} ({len(picked)} of {count} picked).")
    if kind == "discard":
        then = ("draw one from a deck of your choice" if item[3] == "trade"
                else "place your tokens again")
        return (f"{item[3].capitalize()}: click {plural(item[2], 'more card')} to discard, "
                f"then {then}.")
    if kind == "limit":
        over = len(view.hands[seat]) - HAND_LIMIT
        return f"End of turn: click {plural(over, 'card')} to discard down to seven."
    if kind == "market":
        done, most = item[2], item[3]
        if not done:
            return (f"Black Market: click 1 to {most} cards to discard; you then draw as "
                    "many, a deck for each.")
        return (f"Black Market: {plural(done, 'card')} discarded. Click up to "
                f"{plural(most - done, 'more card')}, or stop and draw.")
    if kind == "name":
        return (f"Go-Phish-Bot: name a card. {who(item[2], names)} hands you every copy; "
                "if none, you draw one.")
    if kind == "look":
        return "Quantum Fabricator: click the deck to look through; only you see it."
    if kind == "take":
        return (f"Quantum Fabricator: take one card from the {deck_name(item[2])} deck; "
                "it is shuffled afterwards.")
    if kind == "pile":
        return ("Zombitron Collider: click a discard pile. You draw 2 at random from the "
                "cards discarded before this turn.")
    if kind == "retrieve":
        more = "another rival, or stop" if item[2] else "a rival"
        return (f"Grim Retriever: click the Junkyard of {more} holding your rockets: take "
                "one home, then give them one from your Junkyard.")
    if kind == "give":
        target, count = item[2], item[3]
        return (f"Give {who(target, names)} {plural(count, 'rocket')} from your Junkyard: "
                f"click them ({len(picks.chosen)} of {count} chosen).")
    return "Your decision."


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "AEIOU" else f"a {word}"


def _run(view: State, item: tuple[Any, ...]) -> int:
    """How many draws of this kind the seat still makes in a row (this one included)."""
    count = 0
    for top in reversed(view.stack):
        if top[0] == "deck" and top[1] == item[1] and top[2] == item[2]:
            count += 1
        else:
            break
    return count


def _act(view: State, seat: int, picks: Picks, names: Names) -> str:
    cat = view.cat
    if picks.buyback:
        return ("Buy back: click the Junkyard of a player holding your rockets. Up to 2 of "
                "yours go home to your Factory; then give them 3 from your Junkyard.")
    if picks.card >= 0:
        card = cat.cards[picks.card]
        if picks.option is not None and picks.target is not None:
            return (f"{card.name}: click your Launchpad or Atmosphere; one rocket there is "
                    f"thrown into {whose(picks.target, names)} Junkyard.")
        if picks.target is not None:
            return f"{card.name} at {who(picks.target, names)}: choose how, below."
        return f"Play {card.name}: click a lit target, or choose below."
    if view.actions_left == 0:
        return "No actions left: end your turn."
    over = len(view.hands[seat]) - HAND_LIMIT
    tail = f" You hold {over} over seven: the end of your turn cuts them." if over > 0 else ""
    return (f"Stage 3, {plural(view.actions_left, 'action')} left: click a lit card to play "
            f"it, or choose below.{tail}")


NOTES = {
    "first": ("Everyone rolls two dice and the highest sum goes first; ties roll again. "
              "Hover over anything on the board to learn what it is; Escape opens the menu "
              "and the rules."),
    "place": ("A token draws cards: whenever its number is rolled it pays you 2 cards from "
              "its section's deck. 6 and 8 are rolled most often and 4 and 10 least, so "
              "the T-1 tokens pay most often."),
    "roll": ("4, 5, 6, 8, 9, 10: every token on the number pays 2 cards. 7: everyone draws "
             "2. 2, 3, 11, 12: a surge moves every meteor one step closer, then everyone "
             "draws 1 and builds 1 rocket. Then your rockets climb: Atmosphere to Space, "
             "Launchpad to Atmosphere, Factory to Launchpad."),
    "act": ("You win with 15 rockets in Space, or 15 in your Junkyard, or with the most "
            "points when a meteor hits Impact. Battle cards attack rivals' Launchpads and "
            "Atmospheres; hover a card to read it."),
}
"""What a newcomer needs to know at a decision, under its buttons."""


def note(view: State, item: tuple[Any, ...], picks: Picks) -> str:
    kind = item[0]
    if kind == "place" and view.phase != PLACE:
        return ""
    if kind == "act" and (picks.card >= 0 or picks.buyback):
        return ""
    return NOTES.get(kind, "")
