"""What one seat may know: a copy of the state with everything secret to it blanked.

Hidden things are not just left undrawn, they are absent: other seats' agendas and
tile hands, planners' draws, unrevealed dial settings, the order of the tile bag and
of the tactics deck, the cards of later rounds, every agenda deck's order (even
one's own), and the RNG itself.
"""

from __future__ import annotations

from game.rules.core.actions import Event
from game.rules.goblins.events import TilesDrawn
from game.rules.goblins.state import HIDDEN, State


def view(state: State, seat: int) -> State:
    """The state as ``seat`` sees it. A view cannot be advanced with ``apply``."""
    seen = state.clone()
    seen.viewer = seat
    seen.rng = None
    seen.bag = [HIDDEN] * len(seen.bag)
    seen.tactics_deck = [HIDDEN] * len(seen.tactics_deck)
    seen.tactics_pile = [HIDDEN] * len(seen.tactics_pile)
    seen.shared_deck = [HIDDEN] * len(seen.shared_deck)
    seen.blueprints = _future_hidden(seen.blueprints, state.round)
    seen.team_cards = _future_hidden(seen.team_cards, state.round)
    for player in seen.players:
        player.deck = [HIDDEN] * len(player.deck)
        if player.seat == seat:
            continue
        if state.phase != "over":
            player.hand = [HIDDEN] * len(player.hand)
            player.agendas = [HIDDEN] * len(player.agendas)
            player.bet = "?"
        player.drawn = [HIDDEN] * len(player.drawn)
        player.tiles = [HIDDEN] * len(player.tiles)
        if player.passed is not None:
            player.passed = (HIDDEN,) * len(player.passed)
        if player.steer is not None:
            player.steer = (HIDDEN, HIDDEN)
        if player.pick is not None:
            player.pick = HIDDEN
    return seen


def _future_hidden(order: list[int], rounds_played: int) -> list[int]:
    """Cards turned up so far stay visible; the rest of the pile is face down."""
    return [card if i < rounds_played else HIDDEN for i, card in enumerate(order)]


def redact(event: Event, seat: int) -> Event:
    """What ``seat`` may know of ``event``: every event is public except the tiles a
    planner draws, which others see drawn but not named (as ``view`` hides them)."""
    if isinstance(event, TilesDrawn) and event.seat != seat:
        return TilesDrawn(event.seat, (HIDDEN,) * len(event.tiles))
    return event
