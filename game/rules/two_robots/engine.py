"""The Two Robots match engine: the one entry point for legal moves and applying them.

``apply`` validates fully before it changes anything (the codec's field types and the
seat first, then the step's own checks), so an illegal action raises RuleError and
leaves the state as it was. After each action the engine checks for a winner (after
every play, response and effect) and runs the automatic steps (Cleanup under the hand
limit, the next turn's draw) until a seat must decide.
"""

from __future__ import annotations

from typing import Any

from game.rules.core.actions import Action, Event
from game.rules.core.cards import hide, new_deck, next_turn
from game.rules.core.data import Doc
from game.rules.core.errors import RuleError
from game.rules.core.rng import Rng
from game.rules.two_robots import damage, event, factory, play, secrets
from game.rules.two_robots.actions import CODEC, Choose, Discard, LoseHealth
from game.rules.two_robots.catalogue import SALVAGERS, Catalogue, load_catalogue
from game.rules.two_robots.events import Discarded, GameOver, TurnBegan
from game.rules.two_robots.progress import progress as match_progress
from game.rules.two_robots.progress import winners as match_winners
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
    Player,
    State,
)

RULES_VERSION = "two_robots-2"
"""2: the balance tuning (opening draw, Scrounge, Shogun, robot card damage)."""
HAND_LIMIT = 7
MAX_PLAYERS = 4
"""RULES-DECISIONS.md: 2-4 players (there are five Salvagers, but no fifth seat)."""
SCROUNGE_LIMIT = 9
"""Scavenger's hand limit (Scrounge): a balance choice of ours (docs/two-robots-balance.md)."""
DRAW = 5
FIRST_DRAW = 2
"""The first player's first Draw Phase draws 2, not 5: moving first in a race to two
robots was worth about 65% of 2-player games between equal bots; 2 cards bring it near
even (a balance rule of ours, see docs/two-robots-balance.md)."""
SALVAGER_CHOICE = ("fixed", "random")
"""The table option: the first Salvagers of the fixed order, or dealt by the match RNG."""


def new_state(catalogue: Catalogue, players: int, variant: str, seed: int,
              salvagers: str = "fixed") -> State:
    """A match at its first Draw Phase. Seats follow the fixed Salvager order, so seat
    0 starts; ``salvagers`` picks who plays (the first ones, or dealt at random)."""
    if not 2 <= players <= MAX_PLAYERS:
        raise RuleError(f"Two Robots is for 2 to {MAX_PLAYERS} players")
    if variant != "standard":
        raise RuleError("Two Robots has only the standard game")
    if salvagers not in SALVAGER_CHOICE:
        raise RuleError(f"the salvagers option is one of {', '.join(SALVAGER_CHOICE)}")
    rng = Rng(seed)
    ranks = list(range(len(SALVAGERS)))
    if salvagers == "random":
        rng.shuffle(ranks)
    chosen = sorted(ranks[:players])
    state = State(catalogue,
                  [Player(seat, rank, reserve=catalogue.salvagers[rank].reserve)
                   for seat, rank in enumerate(chosen)],
                  rng, catalogue.pile(players))
    state.deck = new_deck(range(len(catalogue.cards)), rng)
    start_turn(state, 0, FIRST_DRAW)
    state.log.clear()
    return state


def hand_limit(state: State, seat: int) -> int:
    return SCROUNGE_LIMIT if state.ability(seat) == "scrounge" else HAND_LIMIT


def start_turn(state: State, seat: int, draw: int = DRAW) -> None:
    """``seat``'s turn begins: Truce ends, and the Draw Phase draws ``draw`` cards."""
    me = state.players[seat]
    state.active = seat
    me.truce = False
    me.turns += 1
    state.plays = 0
    state.event_damage = [0] * state.n
    state.step = PLAY
    state.log.append(TurnBegan(seat, me.turns))
    play.draw_cards(state, seat, draw)


def to_act(state: State) -> tuple[int, ...]:
    """The one seat that decides now (empty once the game is over)."""
    step = state.step
    if step == OVER:
        return ()
    if step == HEALTH:
        return (state.hurt[0][0],)
    if step in (HOMING, SENTRY, MELTDOWN):
        assert state.window is not None and state.window.current is not None
        return (state.window.current,)
    return (state.active,)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it has nothing to decide)."""
    if seat not in to_act(state):
        return []
    step = state.step
    if step == PLAY:
        return play.options(state, seat)
    if step in (HOMING, COUNTER):
        return play.window_options(state, seat)
    if step == EVENT:
        return event.options(state, seat)
    if step == CHOOSE:
        return [Choose(seat, v) for v in event.choice_options(state) or ()]
    if step in (SENTRY, MELTDOWN):
        return event.window_options(state, seat)
    if step == HEALTH:
        return [LoseHealth(seat, k) for k in damage.health_options(state, seat)]
    return [Discard(seat, c) for c in state.players[seat].hand]


def apply(state: State, action: Action) -> list[Event]:
    """Apply one action and every automatic step after it."""
    if state.rng is None:
        raise RuleError("a player's view cannot be played on; use the match state")
    CODEC.check(action, state.n)
    if state.step == OVER:
        raise RuleError("the game is over")
    if action.seat not in to_act(state):
        raise RuleError("it is not your decision now")
    step = state.step
    kind = action.kind
    if step == PLAY and kind in ("part", "destroy", "steal", "freeze", "thaw", "resupply",
                                 "pass"):
        play.apply(state, action)
    elif step in (HOMING, COUNTER) and kind in ("answer", "pass"):
        play.apply_window(state, action)
    elif step == EVENT and kind in ("power", "deploy", "pass"):
        event.apply(state, action)
    elif step == CHOOSE:
        event.apply_choice(state, action)
    elif step in (SENTRY, MELTDOWN) and kind in ("answer", "pass", "choose"):
        event.apply_window(state, action)
    elif step == HEALTH:
        damage.apply_health(state, action)
    elif step == DISCARD and isinstance(action, Discard):
        if action.card not in state.players[action.seat].hand:
            raise RuleError("that card is not in your hand")
        state.players[action.seat].hand.remove(action.card)
        state.discard.append(action.card)
        state.log.append(Discarded(action.seat, action.card))
    else:
        raise RuleError(f"a {kind} move does not fit now ({_STEP_NAMES[step]})")
    _check_end(state)
    _advance(state)
    events, state.log = state.log, []
    return events


_STEP_NAMES = {PLAY: "the Play Phase", HOMING: "a Homing Missiles window",
               COUNTER: "the attacker may counter a Homing Missiles",
               EVENT: "the Event Phase", CHOOSE: "the Event's choices",
               SENTRY: "a Sentry Gunship window", MELTDOWN: "answers to Meltdown",
               HEALTH: "a player is choosing health cards to lose",
               DISCARD: "the Cleanup Phase", OVER: "the game is over"}


def _check_end(state: State) -> None:
    """Two complete robots win at once (the active seat first, then the others in turn
    order); so does being the only player in; nobody in is a draw. Run after every
    action, so ``factory.two_robots`` keeps the look at each Factory short."""
    if state.step == OVER:
        return
    cat = state.catalogue
    players = state.players
    active = state.active
    if factory.two_robots(cat, players[active]):
        _over(state, (active,))
        return
    for me in players:
        if me.seat != active and factory.two_robots(cat, me):
            _over(state, (me.seat,))
            return
    inside = [p.seat for p in players if not p.out]
    if len(inside) <= 1:
        _over(state, tuple(inside))


def _over(state: State, winners: tuple[int, ...]) -> None:
    state.winners = winners
    state.log.append(GameOver(winners))
    state.step = OVER
    state.window = None
    state.attack = None
    state.flight = None
    state.hurt = []


def _advance(state: State) -> None:
    """Run the steps no one decides: an Event Phase with nothing to do, Cleanup under
    the hand limit, and the next turn. A Play Phase ends only by Pass, even after five
    plays, so a position after the fifth play can still be looked at."""
    while True:
        step = state.step
        if step == EVENT and not event.possible(state, state.active):
            state.step = DISCARD
        elif step == DISCARD and (state.players[state.active].out or
                                  len(state.players[state.active].hand)
                                  <= hand_limit(state, state.active)):
            seat = next_turn(state.active, range(state.n), state.out())
            assert seat is not None, "the game is over before everyone is out"
            start_turn(state, seat)
        else:
            return


def view(state: State, seat: int) -> State:
    """The state as ``seat`` sees it: other hands, the deck order and any robot cards
    waiting to be turned up stay hidden, and there is no RNG. Factories, the discard
    pile, health, flipped Powers, the pile's contents and cards turned up are public.
    A view cannot be advanced with ``apply``."""
    seen = state.clone()
    seen.viewer = seat
    seen.rng = None
    seen.deck = hide(seen.deck)
    seen.forced = ()
    for p in seen.players:
        if p.seat != seat:
            p.hand = hide(p.hand)
    return seen


def is_over(state: State) -> bool:
    return state.step == OVER


def turns_played(state: State) -> int:
    """The most turns any seat has begun, for the tools' turn cap (``GameSpec.turn_cap``:
    the rules have no turn limit; RULES-DECISIONS.md has ``botyard arena`` score a game
    with no winner after 50 turns per player as a draw). The turn order is fixed, so
    when one seat begins turn N + 1 every seat still in has played N."""
    return max(p.turns for p in state.players)


def scores(state: State) -> list[int]:
    """1 for the winner, 0 for everyone else (all 0 after a draw)."""
    return [int(state.winners == (p.seat,)) for p in state.players]


class TwoRobotsRules:
    """The registry's handle on this package (see game.rules.core.registry.Rules)."""

    version = RULES_VERSION
    codec = CODEC

    def load_catalogue(self, section: Any, doc: Doc, path: tuple[str, ...]) -> Catalogue:
        return load_catalogue(section, doc, path)

    def new_state(self, catalogue: Catalogue, players: int, variant: str, seed: int,
                  salvagers: str = "fixed") -> State:
        return new_state(catalogue, players, variant, seed, salvagers)

    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    view = staticmethod(view)
    redact = staticmethod(secrets.redact)
    vary_secrets = staticmethod(secrets.vary_secrets)
    is_over = staticmethod(is_over)
    progress = staticmethod(match_progress)
    winners = staticmethod(match_winners)
    turns_played = staticmethod(turns_played)
    scores = staticmethod(scores)


RULES = TwoRobotsRules()
