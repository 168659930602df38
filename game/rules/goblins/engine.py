"""The Goblins, Inc. match engine: the one entry point for legal moves and applying them.

``apply`` validates fully before it changes anything, so an illegal action raises
RuleError and leaves the state as it was: first the codec's exact field types and the
seat, then each field's range and legality in the phase's own module. After each
action the engine runs every automatic step (dealing, reveals, rolls, hits, scoring)
until a seat must decide.
"""

from __future__ import annotations

from typing import Any

from game.rules.core.actions import Action, Event
from game.rules.core.data import Doc
from game.rules.core.errors import RuleError
from game.rules.goblins import build, combat
from game.rules.goblins.actions import (
    CODEC,
    ChooseAgendas,
    ChooseToken,
    OrderDice,
    PassTiles,
    PickTactic,
    PlaceTile,
    ReadDice,
    Steer,
    VotePlayOff,
)
from game.rules.goblins.catalogue import Catalogue, load_catalogue
from game.rules.goblins.events import GameOver
from game.rules.goblins.progress import progress as match_progress
from game.rules.goblins.progress import winners as match_winners
from game.rules.goblins.scoring import score_round, standings
from game.rules.goblins.secrets import vary_secrets
from game.rules.goblins.setup import (
    HAND_SIZE,
    SHARED_AGENDAS,
    VARIANT_ROUNDS,
    begin_stage,
    new_state,
    start_round,
)
from game.rules.goblins.state import State
from game.rules.goblins.view import redact, view

RULES_VERSION = "goblins-1"
_BUILD_MOVES = (PassTiles, PlaceTile)
_DIALS = (Steer, PickTactic)

_LEGAL = {
    "build": build.legal,
    "agendas": combat.agenda_options,
    "choose": combat.choose_options,
    "pre_roll": combat.pre_roll_options,
    "roll": combat.read_options,
    "post_roll": combat.post_roll_options,
    "order": combat.order_options,
    "token": combat.token_options,
    "playoff": lambda state, seat: _playoff_options(state, seat),
}


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it has nothing to decide)."""
    handler = _LEGAL.get(state.phase)
    if handler is None or not 0 <= seat < state.n:
        return []
    return handler(state, seat)


def to_act(state: State) -> tuple[int, ...]:
    """The seats that have a decision to make now, in seat order."""
    phase = state.phase
    if phase == "build":
        return tuple(build.to_act(state))
    if phase == "agendas":
        return tuple(p.seat for p in state.players if not p.chose_agendas)
    if phase == "choose":
        seats = set()
        for team in state.teams:
            if state.players[team.pilot].steer is None:
                seats.add(team.pilot)
            if state.players[team.tactician].pick is None:
                seats.add(team.tactician)
        return tuple(sorted(seats))
    if phase == "pre_roll":
        return (state.teams[state.pre_roll_queue[0]].tactician,) if state.pre_roll_queue else ()
    if phase == "roll":
        return tuple(sorted({t.tactician for t in state.teams if t.reading}))
    if phase == "post_roll":
        return tuple(sorted({t.tactician for t in state.teams if not t.done_tactics}))
    if phase == "order":
        return tuple(sorted({t.tactician for t in state.teams if not t.ordered}))
    if phase == "token":
        return (state.teams[state.hit_team].pilot,)
    if phase == "playoff":
        return tuple(s for s in state.winners if s not in state.votes)
    return ()


def apply(state: State, action: Action) -> list[Event]:
    """Apply one action and every automatic step after it; returns what happened."""
    if state.rng is None:
        raise RuleError("a player's view cannot be played on; use the match state")
    # The codec's check again (Match.play ran it): bots, the simulator and search call
    # here directly, and the range checks below rely on exact field types.
    CODEC.check(action, state.n)
    events: list[Event] = []
    phase = state.phase
    if phase == "build" and isinstance(action, _BUILD_MOVES):
        build.apply(state, action, events)
    elif phase == "agendas" and isinstance(action, ChooseAgendas):
        combat.choose_agendas(state, action, events)
    elif phase == "choose" and isinstance(action, _DIALS):
        combat.choose(state, action, events)
    elif phase == "pre_roll":
        combat.pre_roll(state, action, events)
    elif phase == "roll" and isinstance(action, ReadDice):
        combat.read(state, action, events)
    elif phase == "post_roll":
        combat.post_roll(state, action, events)
    elif phase == "order" and isinstance(action, OrderDice):
        combat.order(state, action, events)
    elif phase == "token" and isinstance(action, ChooseToken):
        combat.choose_token(state, action, events)
    elif phase == "playoff" and isinstance(action, VotePlayOff):
        _vote(state, action)
    elif phase == "over":
        raise RuleError("the game is over")
    else:
        raise RuleError(f"a {action.kind} move does not fit the {phase.replace('_', ' ')} step")
    _advance(state, events)
    return events


def _advance(state: State, events: list[Event]) -> None:
    """Run automatic steps until a seat has a decision or the game is over."""
    while True:
        phase = state.phase
        if phase == "build":
            if not build.stage_done(state):
                return
            state.stage += 1
            if state.stage < len(state.stages):
                begin_stage(state, events)
            else:
                combat.begin(state, events)
        elif phase == "agendas":
            if any(not p.chose_agendas for p in state.players):
                return
            combat.enter_cockpits(state, events)
        elif phase == "choose":
            if not combat.all_chosen(state):
                return
            combat.reveal(state, events)
        elif phase == "pre_roll":
            if state.pre_roll_queue:
                return
            combat.roll(state, events)
        elif phase == "roll":
            if any(t.reading for t in state.teams):
                return
            combat.roll_done(state)
        elif phase == "post_roll":
            if any(not t.done_tactics for t in state.teams):
                return
            state.phase = "order"
            combat.auto_order(state, events)
        elif phase == "order":
            if any(not t.ordered for t in state.teams):
                return
            combat.queue_hits(state)
            state.phase = "hits"
        elif phase == "hits":
            combat.resolve_hits(state, events)
            if state.phase == "token":
                return
            _check_robots(state, events)
        elif phase == "playoff":
            if len(state.votes) < len(state.winners):
                return
            if all(state.votes.values()):
                state.rounds += 1
                start_round(state, events)
            else:
                _game_over(state, events)
        else:
            return


def _check_robots(state: State, events: list[Event]) -> None:
    if (state.combat_round < combat.COMBAT_ROUNDS
            and not any(t.robot.disabled() for t in state.teams)):
        combat.start_combat_round(state, events)
        return
    score_round(state, events)
    if state.round < state.rounds:
        start_round(state, events)
        return
    state.winners = standings(state)
    if len(state.winners) > 1 and _can_play_on(state):
        state.phase = "playoff"
        state.votes = {}
        return
    _game_over(state, events)


def _can_play_on(state: State) -> bool:
    """One extra round may settle a tie, if none was played yet and the agendas last."""
    if state.rounds > VARIANT_ROUNDS[state.variant]:
        return False
    if state.variant == "party":
        return len(state.shared_deck) >= SHARED_AGENDAS + 1
    return all(len(p.deck) >= HAND_SIZE for p in state.players)


def _playoff_options(state: State, seat: int) -> list[Action]:
    if seat in state.winners and seat not in state.votes:
        return [VotePlayOff(seat, True), VotePlayOff(seat, False)]
    return []


def _vote(state: State, action: VotePlayOff) -> None:
    if action.seat not in state.winners or action.seat in state.votes:
        raise RuleError("only players tied for first vote on an extra round, once each")
    state.votes[action.seat] = action.play_on


def _game_over(state: State, events: list[Event]) -> None:
    state.phase = "over"
    state.winners = standings(state)
    events.append(GameOver(tuple(p.score for p in state.players), state.winners))


def is_over(state: State) -> bool:
    return state.phase == "over"


def scores(state: State) -> list[int]:
    return [p.score for p in state.players]


class GoblinsRules:
    """The registry's handle on this package (see game.rules.core.registry.Rules)."""

    version = RULES_VERSION
    codec = CODEC

    def load_catalogue(self, section: Any, doc: Doc, path: tuple[str, ...]) -> Catalogue:
        return load_catalogue(section, doc, path)

    def new_state(self, catalogue: Catalogue, players: int, variant: str, seed: int,
                  dice: str = "rules") -> State:
        return new_state(catalogue, players, variant, seed, dice)

    to_act = staticmethod(to_act)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    view = staticmethod(view)
    redact = staticmethod(redact)
    vary_secrets = staticmethod(vary_secrets)
    is_over = staticmethod(is_over)
    progress = staticmethod(match_progress)
    winners = staticmethod(match_winners)
    scores = staticmethod(scores)


RULES = GoblinsRules()
