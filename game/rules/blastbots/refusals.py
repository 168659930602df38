"""Why a move is refused, in one plain sentence.

Only called once ``apply`` has found the move missing from the options listed, so these
words explain a refusal and never decide one: the listing alone decides.
"""

from __future__ import annotations

from typing import Any

from game.rules.blastbots.actions import (
    NONE,
    Buyback,
    Choose,
    Defend,
    Discard,
    Pick,
    Place,
    Play,
    Reallocate,
    Roll,
    Trade,
)
from game.rules.blastbots.board import TIERS
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.state import Item, State

WAITING = {
    "first": "everyone is rolling for first player",
    "place": "tokens are being placed",
    "roll": "the dice are to be rolled",
    "deck": "a deck is to be chosen for a draw",
    "act": "it is Stage 3: play a card, trade, reallocate, buy back or end the turn",
    "discard": "cards are being discarded for a trade or a reallocation",
    "limit": "the hand is being cut down to seven cards",
    "defend": "an attack awaits its target's answer",
    "mod": "the Battle card for a Magic Missile Mod is to be chosen",
    "aim": "the next attack of a Magic Missile Mod is to be aimed",
    "colour": "the colour of the rocket taken is to be chosen",
    "home": "rockets are to be sent to the Factory or kept in the Junkyard",
    "move": "a Hackerbot is moving tokens",
    "pick": "a face-down pick is due",
    "market": "a Black Market is exchanging cards",
    "name": "a card is to be named for a Go-Phish-Bot",
    "look": "a deck is to be looked through",
    "take": "a card is to be taken from the deck looked through",
    "pile": "a discard pile is to be chosen",
    "retrieve": "a Grim Retriever is naming players",
    "give": "rockets are to be given from the Junkyard",
}
"""What each decision kind is waiting for, as the end of a refusal."""
ACCEPTS = {
    "first": ("roll", "table_roll"), "roll": ("roll", "table_roll"), "place": ("place",),
    "deck": ("deck",), "act": ("play", "trade", "reallocate", "buyback", "end_turn"),
    "discard": ("discard",), "limit": ("discard",), "defend": ("defend", "pass"),
    "mod": ("play",), "aim": ("aim",), "colour": ("take",), "home": ("home",),
    "move": ("move", "pass"), "pick": ("pick",), "market": ("discard", "pass"),
    "name": ("name",), "look": ("deck",), "take": ("keep",), "pile": ("deck",),
    "retrieve": ("retrieve", "pass"), "give": ("give",),
}


def why(state: State, item: Item, action: Any) -> str:
    code = item[0]
    if action.kind not in ACCEPTS[code]:
        return f"a {action.kind} move does not fit now ({WAITING[code]})"
    hand = state.hands[action.seat]
    if isinstance(action, Roll):
        return _roll(state, item, action)
    if isinstance(action, Place):
        low, high = TIERS[item[2]]
        return f"place the T-{item[2] + 1} tokens, each on {low} or {high} in any section"
    if isinstance(action, Play) and code == "act":
        return _play(state, action)
    if isinstance(action, Trade | Reallocate):
        if state.actions_left <= 0:
            return "you have no actions left this turn"
        if len(hand) < 3:
            what = "trade" if isinstance(action, Trade) else "reallocation"
            return f"a {what} needs three cards in your hand"
        return "every deck is empty, so there is nothing to trade for"
    if isinstance(action, Buyback):
        if state.actions_left <= 0:
            return "you have no actions left this turn"
        if sum(state.junk[action.seat]) < 3:
            return "a buyback needs three rockets in your Junkyard"
        return "that player's Junkyard holds none of your rockets"
    if isinstance(action, Discard | Defend | Play) and action.card not in hand:
        return "that card is not in your hand"
    if isinstance(action, Defend):
        name = _name(state, action.card)
        if item[3] not in state.cat.cards[action.card].blocks:
            return f"{name} does not block a {_name(state, item[3])}"
        return ("a Sacrificial Ram defends by sacrificing a rocket from your Launchpad or "
                "Atmosphere")
    if isinstance(action, Pick):
        if not 0 <= action.slot < len(state.hands[item[2]]):
            return "there is no such slot in that hand"
        return "that slot is already picked"
    if isinstance(action, Choose):
        if action.deck not in DECKS:
            return f"the decks are {', '.join(DECKS)}"
        if code == "pile":
            return "that discard pile holds no card discarded before this turn"
        if code == "deck" and item[2] == "surge":
            return "draw from a non-empty deck whose section holds one of your tokens"
        return "that deck is empty"
    if action.kind == "pass":
        return f"you cannot pass now ({WAITING[code]})"
    return f"that is not one of the choices now ({WAITING[code]})"


def _name(state: State, card: int) -> str:
    return state.cat.cards[card].name


def _roll(state: State, item: Item, action: Roll) -> str:
    if not all(1 <= die <= 6 for die in action.dice):
        return "each die shows 1 to 6"
    if state.table_dice:
        return "read the dice rolled at the table"
    return f"the dice rolled {item[2][0]} and {item[2][1]}"


def _play(state: State, action: Play) -> str:
    """Why a card cannot be played that way, most basic reason first."""
    seat = action.seat
    if state.actions_left <= 0:
        return "you have no actions left this turn"
    if action.card not in state.hands[seat]:
        return "that card is not in your hand"
    kind = state.cat.cards[action.card]
    if action.option not in kind.options:
        if kind.options == ("",):
            return f"{kind.name} is played without an option"
        return f"{kind.name}'s options are {', '.join(kind.options)}"
    if action.target != NONE and not 0 <= action.target < state.n:
        return f"a target is a seat from 0 to {state.n - 1}"
    if action.sacrifice and kind.id != "sacrificial_ram":
        return "only a Sacrificial Ram's attack sacrifices a rocket"
    if kind.id == "sacrificial_ram" and not action.sacrifice:
        return "a Sacrificial Ram sacrifices a rocket from your Launchpad or Atmosphere"
    if action.target == seat and kind.id != "khaos_magnet":
        return f"{kind.name} cannot target you"
    return f"{kind.name} cannot be played that way now"
