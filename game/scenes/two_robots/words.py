"""Two Robots in plain words: card names and tooltips (from the cards.yaml texts, which
are our own words), labels for every decision a prompt offers, and the log. It reads
only a seat's view and that seat's redacted history, so it decides nothing private.
A seat goes by the name its player typed, else its colour: ``names`` (one per seat, as
the session's seats hold them) is passed down to every wording that names a seat."""

from __future__ import annotations

from game.rules.core.actions import Action, Event
from game.rules.core.cards import HIDDEN
from game.rules.two_robots.actions import NEW, RESERVE, STOP
from game.rules.two_robots.catalogue import BODY_PARTS, Catalogue, mask_letters
from game.rules.two_robots.engine import hand_limit
from game.rules.two_robots.play import answer_ok
from game.rules.two_robots.state import (
    CHOOSE,
    COUNTER,
    DISCARD,
    EVENT,
    HEALTH,
    HOMING,
    MELTDOWN,
    OVER,
    PLAY,
    SENTRY,
    State,
)
from game.ui.palette import SEAT_NAMES
from game.ui.seat_names import Names, seat_label, typed

STEP_WORDS = {PLAY: "Play Phase", EVENT: "Event Phase", CHOOSE: "Event: choices",
              HOMING: "Homing Missiles window", COUNTER: "Counter the Homing Missiles?",
              SENTRY: "Sentry Gunship window", MELTDOWN: "Meltdown: discard or suffer",
              HEALTH: "Losing health", DISCARD: "Cleanup: discard down to your hand limit",
              OVER: "Game over"}
HEALTH_LEFT = "Give up a blank Reserve card"


def seat_name(seat: int, names: Names = ()) -> str:
    """"Ann", or the colour "Orange" for a seat nobody named."""
    if not 0 <= seat < len(SEAT_NAMES):
        return "nobody"
    return seat_label(seat, typed(names, seat))


def salvager_name(view: State, seat: int) -> str:
    return view.catalogue.salvagers[view.players[seat].salvager].name


def who(view: State, seat: int, names: Names = ()) -> str:
    """A seat as the screen names it: its name (or colour) and its Salvager."""
    return f"{seat_name(seat, names)} ({salvager_name(view, seat)})"


def card_name(cat: Catalogue, card: int) -> str:
    return "a hidden card" if card == HIDDEN else cat.cards[card].name


def card_tip(cat: Catalogue, card: int) -> str:
    """A card's tooltip: its name, kind, gold number and text."""
    if card == HIDDEN:
        return "A card face down."
    c = cat.cards[card]
    if c.kind == "part":
        names = ", ".join(cat.energies[e] for e in mask_letters(c.energies))
        return (f"{c.name}: a {c.part.lower()} Part running on {names}.\n"
                "Build it onto a Stack that shares one of its Energies, or start a Stack.")
    gold = f" Needs {c.gold} Stack{'s' if c.gold > 1 else ''} in your Factory."
    return f"{c.name} ({c.kind.capitalize()} card).{gold}\n{c.text}"


def power_name(view: State, seat: int, slot: int) -> str:
    return view.catalogue.salvagers[view.players[seat].salvager].powers[slot].name


def power_tip(view: State, seat: int, slot: int) -> str:
    power = view.catalogue.salvagers[view.players[seat].salvager].powers[slot]
    return (f"{power.name} (Power card).\n{power.text}\nIn your Event Phase, sacrifice two "
            "Parts to flip it and use it once. It still counts as health when flipped.")


def ability_tip(view: State, seat: int) -> str:
    s = view.catalogue.salvagers[view.players[seat].salvager]
    return f"{s.name}'s lasting ability, {s.ability_name}:\n{s.ability_text}"


def robot_card_name(cat: Catalogue, index: int) -> str:
    return cat.robot_cards[index].name


def stack_name(stack: int) -> str:
    return "a new Stack" if stack == NEW else f"Stack {stack + 1}"


def choice_label(view: State, value: int, names: Names = ()) -> str:
    """What a ``Choose`` of the Event in flight means, in words (the rules' own steps:
    robot cards' targets, a card from the discard pile, a Part, a Stack)."""
    flight = view.flight
    cat = view.catalogue
    assert flight is not None
    power, ch = flight.power, flight.choices
    if value == STOP:
        return "Take no more"
    if power in ("deploy", "shogun") and len(flight.revealed) > 1 and not ch:
        return f"Carry out {robot_card_name(cat, flight.revealed[value])}"
    if power in ("deploy", "shogun", "bushido", "counterstrike"):
        return f"Aim at {who(view, value, names)}"
    if power in ("ronin", "scorched_earth"):
        owner = next(p.seat for p in view.players if value in p.parts())
        return f"Wreck {card_name(cat, value)} ({seat_name(owner, names)})"
    if power == "rebuild" and len(ch) % 2 == 1:
        return f"Build it on {stack_name(value)}"
    return f"Take {card_name(cat, value)}"


def action_label(view: State, action: Action, names: Names = ()) -> str:
    """A button's words for a decision that is not made on the board."""
    cat = view.catalogue
    kind = action.kind
    if kind == "pass":
        return {PLAY: "End the Play Phase", EVENT: "Skip the Event",
                HOMING: "Let it through", COUNTER: "Let it be cancelled",
                SENTRY: "Let it happen"}.get(view.step, "Pass")
    if kind == "answer":
        return f"Play {card_name(cat, action.card)}"  # type: ignore[attr-defined]
    if kind == "lose":
        card = action.card  # type: ignore[attr-defined]
        if card == RESERVE:
            return HEALTH_LEFT
        return f"Give up {power_name(view, action.seat, card)}"
    if kind == "discard":
        return f"Discard {card_name(cat, action.card)}"  # type: ignore[attr-defined]
    if kind == "choose":
        value = action.value  # type: ignore[attr-defined]
        if view.step == MELTDOWN:
            return "Suffer 1 damage" if value == STOP else f"Discard {card_name(cat, value)}"
        return choice_label(view, value, names)
    return kind


def question(view: State, seat: int, names: Names = ()) -> str:
    """The prompt's heading for ``seat``'s decision now."""
    cat = view.catalogue
    step = view.step
    active = who(view, view.active, names)
    if step == PLAY:
        opening = (view.players[seat].turns == 1 and sum(p.turns for p in view.players) == 1
                   and view.plays == 0)
        return ("Your Play Phase: click a card to play it, or end the phase."
                + (" You start, so your first turn drew 2 cards, not 5." if opening else ""))
    if step == EVENT:
        return "Your Event Phase: use a Power, deploy a robot, or skip."
    if step in (HOMING, COUNTER) and view.attack is not None:
        card = card_name(cat, view.attack.card)
        if step == COUNTER:
            return (f"Your {card} was shot down by Homing Missiles. Counter with your own "
                    "Homing Missiles?")
        parts = ", ".join(card_name(cat, p) for p in view.attack.parts)
        aim = (f" on {parts}" if parts else
               f" on {seat_name(view.attack.owner, names)}'s "
               f"{stack_name(view.attack.stack)}")
        return (f"{active} plays {card}{aim}. Shoot it down with Homing Missiles?"
                + short_of_gold(view, seat, "cancel_attack"))
    if step == SENTRY and view.flight is not None:
        return (f"{active} carries out {event_name(view, view.flight.power)}. "
                "Stop it with a Sentry Gunship?" + short_of_gold(view, seat, "cancel_event"))
    if step == MELTDOWN:
        return "Meltdown: discard a card of your choice, or suffer 1 damage."
    if step == CHOOSE and view.flight is not None:
        flight = view.flight
        what = ("pick the robot card to carry out" if len(flight.revealed) > 1
                and not flight.choices else "choose")
        return f"{event_name(view, flight.power)}: {what}."
    if step == HEALTH:
        left = next((h[1] for h in view.hurt if h[0] == seat), 0)
        return f"You suffer damage: give up a health card ({left} to go)."
    if step == DISCARD:
        limit = hand_limit(view, seat)
        return (f"Cleanup: discard down to {limit} cards "
                f"({len(view.players[seat].hand) - limit} to go).")
    return STEP_WORDS.get(step, step)


def short_of_gold(view: State, seat: int, effect: str) -> str:
    """Why an answer card in ``seat``'s hand is not offered: its gold number of Stacks
    is not met (a newcomer holding one would otherwise think the screen is broken)."""
    cat = view.catalogue
    held = [c for c in view.players[seat].hand if c >= 0 and cat.cards[c].effect == effect]
    if not held or any(answer_ok(view, seat, c) for c in held):
        return ""
    card = cat.cards[held[0]]
    return f" (Your {card.name} needs {card.gold} Stacks in your Factory.)"


def event_name(view: State, power: str) -> str:
    if power == "deploy":
        return "a robot deploy"
    for s in view.catalogue.salvagers:
        for p in s.powers:
            if p.id == power:
                return p.name
    return power


def factory_words(view: State, seat: int) -> str:
    p = view.players[seat]
    return f"{len(p.parts())} Parts in {len(p.stacks)} Stacks"


def describe(event: Event, view: State, names: Names = ()) -> str | None:
    """One log line for an event the viewer may know (None: not worth a line)."""
    cat = view.catalogue
    kind = event.kind
    name = seat_name(getattr(event, "seat", -1), names)
    card = getattr(event, "card", -1)
    if kind == "turn_began":
        return f"— {name}'s turn {event.turn} —"  # type: ignore[attr-defined]
    if kind == "drew":
        count = event.count  # type: ignore[attr-defined]
        shuffled = " (the discard pile was shuffled into a new deck)" \
            if event.reshuffled else ""  # type: ignore[attr-defined]
        return f"{name} draws {count} card{'s' if count != 1 else ''}{shuffled}."
    if kind == "built":
        return f"{name} builds {card_name(cat, card)} on {stack_name(event.stack)}."  # type: ignore[attr-defined]
    if kind == "card_played":
        return f"{name} plays {card_name(cat, card)}."
    if kind == "answered":
        return f"{name} answers with {card_name(cat, card)}!"
    if kind == "attack_done":
        return (f"{name}'s {card_name(cat, card)} is cancelled."
                if event.cancelled else None)  # type: ignore[attr-defined]
    if kind == "destroyed":
        verb = "sacrifices" if event.sacrificed else "loses"  # type: ignore[attr-defined]
        return f"{seat_name(event.owner, names)} {verb} {card_name(cat, card)}."  # type: ignore[attr-defined]
    if kind == "stolen":
        return (f"{name} takes {card_name(cat, card)} from "
                f"{seat_name(event.owner, names)}.")  # type: ignore[attr-defined]
    if kind == "frozen":
        owner = seat_name(event.owner, names)  # type: ignore[attr-defined]
        stack = stack_name(event.stack)  # type: ignore[attr-defined]
        return f"{owner}'s {stack} thaws." if event.thawed else \
            f"{owner}'s {stack} is frozen."  # type: ignore[attr-defined]
    if kind == "event_began":
        return f"{name} carries out {event_name(view, event.power)}."  # type: ignore[attr-defined]
    if kind == "revealed":
        cards = ", ".join(robot_card_name(cat, c) for c in event.cards)  # type: ignore[attr-defined]
        return f"Turned up: {cards}."
    if kind == "event_done":
        return f"{name}'s Event is stopped." if event.cancelled else None  # type: ignore[attr-defined]
    if kind == "took":
        return f"{name} takes {card_name(cat, card)} from the discard pile."
    if kind == "discarded":
        return f"{name} discards {card_name(cat, card)}."
    if kind == "health_lost":
        lost = "a Reserve card" if card == RESERVE else \
            f"the {power_name(view, event.seat, card)} Power"  # type: ignore[attr-defined]
        return f"{name} loses {lost}."
    if kind == "went_out":
        return f"{name} is out of the game!"
    if kind == "game_over":
        return result_words(event.winners, names)  # type: ignore[attr-defined]
    return None


def result_words(winners: tuple[int, ...], names: Names = ()) -> str:
    if not winners:
        return "The game ends in a draw."
    return f"{seat_name(winners[0], names)} wins!"


def body_row(part: str) -> int:
    return BODY_PARTS.index(part)
