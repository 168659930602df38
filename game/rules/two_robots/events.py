"""What the Two Robots rules report after each action, for the log, animation and
sound. Every event is public but a draw, whose cards only the drawer is told
(``secrets.redact``); Active Robot cards turned up are open reveals. Events never feed
back into the rules."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.actions import Event


@dataclass(slots=True)
class TurnBegan(Event):
    kind = "turn_began"
    seat: int
    turn: int


@dataclass(slots=True)
class Drew(Event):
    """``cards`` in the order drawn; other seats are told them as HIDDEN."""

    kind = "drew"
    seat: int
    count: int
    reshuffled: bool
    cards: tuple[int, ...] = ()


@dataclass(slots=True)
class Built(Event):
    """A Part went into a Factory: played, stolen or rebuilt (``stack`` counts from 0)."""

    kind = "built"
    seat: int
    card: int
    stack: int


@dataclass(slots=True)
class CardPlayed(Event):
    """An Attack or Defense card played in the Play Phase."""

    kind = "card_played"
    seat: int
    card: int


@dataclass(slots=True)
class Answered(Event):
    """A Homing Missiles or Sentry Gunship played in a window."""

    kind = "answered"
    seat: int
    card: int


@dataclass(slots=True)
class AttackDone(Event):
    kind = "attack_done"
    seat: int
    card: int
    cancelled: bool


@dataclass(slots=True)
class Destroyed(Event):
    """A Part left a Factory for the discard pile: wrecked, or ``sacrificed`` by its
    owner to pay for an Event (so the log can say why it went)."""

    kind = "destroyed"
    owner: int
    card: int
    sacrificed: bool = False


@dataclass(slots=True)
class Frozen(Event):
    kind = "frozen"
    owner: int
    stack: int
    thawed: bool


@dataclass(slots=True)
class EventBegan(Event):
    """A Power (its id) or a deploy ("deploy") was paid for."""

    kind = "event_began"
    seat: int
    power: str


@dataclass(slots=True)
class Revealed(Event):
    """Active Robot cards turned up (indices into the catalogue's robot cards): an open
    reveal, since a real table may have turned them up before anyone saw them."""

    kind = "revealed"
    reveals = True
    seat: int
    cards: tuple[int, ...]


@dataclass(slots=True)
class EventDone(Event):
    kind = "event_done"
    seat: int
    cancelled: bool


@dataclass(slots=True)
class Took(Event):
    """A card went from the discard pile to a hand (Salvage, Armory)."""

    kind = "took"
    seat: int
    card: int


@dataclass(slots=True)
class Discarded(Event):
    kind = "discarded"
    seat: int
    card: int


@dataclass(slots=True)
class HealthLost(Event):
    """``card`` is a Power slot 0-2 or 3 for a Reserve."""

    kind = "health_lost"
    seat: int
    card: int


@dataclass(slots=True)
class WentOut(Event):
    kind = "went_out"
    seat: int


@dataclass(slots=True)
class GameOver(Event):
    """``winners`` is empty for a draw."""

    kind = "game_over"
    winners: tuple[int, ...]


@dataclass(slots=True)
class Stolen(Event):
    """Space Pod moved ``card`` from ``owner``'s Factory to Stack ``stack`` of ``seat``'s."""

    kind = "stolen"
    owner: int
    seat: int
    card: int
    stack: int
