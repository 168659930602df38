"""Blastbots in words for the plain match screen: each move a seat may make, each event
of its log, and each Launch Grid as a line of text. Words only: nothing here decides
what is legal (the rules list the moves) and nothing reads what a view hides."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.blastbots.actions import (
    Aim,
    Buyback,
    Choose,
    Defend,
    Discard,
    EndTurn,
    Give,
    Home,
    Keep,
    Move,
    Name,
    Pass,
    Pick,
    Place,
    Play,
    Reallocate,
    Retrieve,
    Roll,
    TableRoll,
    Take,
    Trade,
)
from game.rules.blastbots.board import COLOURS, spot_name
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.state import State
from game.rules.core.actions import Action, Event

PASSES = {"defend": "Let the attack through", "market": "Stop and draw",
          "move": "Move no more tokens", "retrieve": "Name no more players"}


def who(seat: int, names: Sequence[str] = ()) -> str:
    """``Ann (blue)``, or ``Blue`` for a seat nobody named."""
    colour = COLOURS[seat] if 0 <= seat < len(COLOURS) else f"seat {seat + 1}"
    name = names[seat] if 0 <= seat < len(names) else ""
    return f"{name} ({colour})" if name else colour.capitalize()


def card_name(state: State, card: int) -> str:
    if card < 0:
        return f"a {DECKS[-1 - card]} card"
    return state.cat.cards[card].name


def action_words(state: State, action: Action, names: Sequence[str] = ()) -> str:
    """One line naming a move, as a button shows it."""
    if isinstance(action, TableRoll):
        return f"The dice show {action.dice[0]} and {action.dice[1]}"
    if isinstance(action, Roll):
        return "Roll the dice"
    if isinstance(action, Place):
        return "Tokens on " + " and ".join(action.spots)
    if isinstance(action, Play):
        text = card_name(state, action.card)
        if action.option:
            text += f": {action.option}"
        if action.target >= 0:
            text += f" at {who(action.target, names)}"
        if action.sacrifice:
            text += f" (sacrifice from {action.sacrifice})"
        return text
    if isinstance(action, Aim):
        return f"Next attack: {action.option} at {who(action.target, names)}"
    if isinstance(action, Defend):
        extra = f" (sacrifice from {action.sacrifice})" if action.sacrifice else ""
        return f"Block with {card_name(state, action.card)}{extra}"
    if isinstance(action, Pass):
        top = state.stack[-1][0] if state.stack else ""
        return PASSES.get(top, "Pass")
    if isinstance(action, Pick):
        return f"Pick card {action.slot + 1}"
    if isinstance(action, Take):
        return f"Take a {COLOURS[action.colour]} rocket"
    if isinstance(action, Home):
        return f"{action.factory} of them to your Factory"
    if isinstance(action, Move):
        return f"Move a token from {action.source} to {action.to}"
    if isinstance(action, Name):
        return f"Name {card_name(state, action.card)}"
    if isinstance(action, Choose):
        return f"The {action.deck} deck"
    if isinstance(action, Keep | Discard):
        verb = "Take" if isinstance(action, Keep) else "Discard"
        return f"{verb} {card_name(state, action.card)}"
    if isinstance(action, Trade):
        return "Trade three cards for one"
    if isinstance(action, Reallocate):
        return "Discard three cards to move your tokens"
    if isinstance(action, Buyback):
        return f"Buy back rockets from {who(action.target, names)}"
    if isinstance(action, Retrieve):
        return f"Swap a rocket with {who(action.target, names)}"
    if isinstance(action, Give):
        return "Give " + ", ".join(COLOURS[c] for c in action.colours)
    assert isinstance(action, EndTurn), action
    return "End the turn"


def event_words(state: State, event: Event, names: Sequence[str] = ()) -> str:
    """One line of the log (empty for events not worth a line)."""
    data = event.to_dict()
    seat = data.get("seat", -1)
    actor = who(seat, names) if isinstance(seat, int) and seat >= 0 else ""
    kind = event.kind
    if kind in ("first_roll", "rolled"):
        return f"{actor} rolled {data['dice'][0]} and {data['dice'][1]}"
    if kind == "first_player":
        return f"{actor} goes first"
    if kind == "turn_began":
        return f"Turn {data['turn']}: {actor}"
    if kind == "drew":
        return f"{actor} drew {', '.join(card_name(state, c) for c in data['cards'])}"
    if kind == "played":
        target = f" at {who(data['target'], names)}" if data["target"] >= 0 else ""
        option = f" ({data['option']})" if data["option"] else ""
        return f"{actor} played {card_name(state, data['card'])}{option}{target}"
    if kind == "rockets":
        return (f"{data['count']} {COLOURS[data['colour']]} rocket(s): {data['source']} of "
                f"{who(data['owner'], names)} to {data['dest']} of {who(data['to'], names)}")
    if kind == "totem_moved":
        return f"{actor}'s meteor is on T-{data['totem']}" if data["totem"] else (
            f"{actor}'s meteor hits: Impact!")
    if kind == "game_over":
        return f"{who(data['winner'], names)} wins ({data['victory']})"
    if kind == "discarded":
        return (f"{actor} discarded {', '.join(card_name(state, c) for c in data['cards'])}"
                f" ({data['why']})")
    if kind == "defended":
        return f"{actor} blocked it with {card_name(state, data['card'])}"
    if kind == "declined":
        return f"{actor} let the attack through"
    if kind in ("stolen", "revived"):
        return f"{actor} took {', '.join(card_name(state, c) for c in data['cards'])}"
    if kind == "handed":
        return f"{actor} was handed {data['count']} {card_name(state, data['card'])}"
    if kind == "cut":
        return f"{actor} has {data['total']} cut(s) pending"
    return ""


def board_lines(view: State, names: Sequence[str] = ()) -> list[str]:
    """A line per seat: meteor, rockets by section, Junkyard, tokens and hand."""
    lines = []
    for seat in range(view.n):
        junk = ", ".join(f"{COLOURS[c]} {k}" for c, k in enumerate(view.junk[seat]) if k)
        hand = (", ".join(card_name(view, c) for c in view.hands[seat])
                if seat == view.viewer else f"{len(view.hands[seat])} cards")
        lines.append(f"{who(seat, names)}: T-{view.totem[seat]}  factory {view.factory[seat]}"
                     f"  pad {view.pad[seat]}  atmosphere {view.atmo[seat]}  space "
                     f"{view.space[seat]}  junkyard [{junk}]")
        tokens = ", ".join(spot_name(code) for code in view.tokens[seat] if code >= 0)
        lines.append(f"    tokens: {tokens or 'not placed'}   hand: {hand}")
    decks = ", ".join(f"{name} {len(view.decks[d])} left, {len(view.piles[d]) + len(view.fresh[d])}"
                      f" discarded" for d, name in enumerate(DECKS))
    lines.append(f"Decks: {decks}")
    return lines
