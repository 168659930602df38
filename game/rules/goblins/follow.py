"""Bring a copy of a view forward by one event at a time, so a screen can show the
board as it was at each step of a burst of events (the state itself has already moved
to the end of the burst when the first animation starts).

Each event's recorded outcome is replayed with the robot's own methods (``place``,
``lift``, ``destroy``, ``drop_loose``, ``remove_token``, ``knock_out``): nothing is
decided again here. Only what the board shows is followed (robots, fronts, crews'
roles, dice, the combat round); a new round rebuilds the table and is not followed.
"""

from __future__ import annotations

from game.rules.core.actions import Event
from game.rules.goblins.combat import GOBLINS_PER_PLAYER
from game.rules.goblins.state import State

UNFOLLOWED = frozenset({"round_started"})
"""Events after which the copy can no longer follow (the crews and robots are new)."""


def follow(state: State, event: Event) -> bool:
    """Apply ``event``'s effect on the board to ``state`` (a view's copy); False, and
    nothing changed, for an event it cannot follow."""
    kind = event.kind
    if kind in UNFOLLOWED:
        return False
    e = event
    if kind == "tile_placed":
        state.teams[e.team].robot.place(e.square, state.catalogue.tiles[e.tile], e.rot)
    elif kind == "tiles_fell":
        state.teams[e.team].robot.drop_loose()
    elif kind == "combat_ready":
        for team, tokens in zip(state.teams, e.tokens, strict=True):
            team.robot.tokens = list(tokens)
            team.robot.goblins = {seat: GOBLINS_PER_PLAYER for seat in team.seats}
            state.token_supply -= len(tokens)
    elif kind == "combat_round":
        state.combat_round, state.face_up, state.phase = e.number, list(e.cards), "choose"
        for index, team in enumerate(state.teams):
            team.pilot, team.tactician = e.pilots[index], e.tacticians[index]
            team.card, team.abilities, team.dice = -1, [], []
    elif kind == "revealed":
        team = state.teams[e.team]
        team.robot.front = e.front
        team.target = 0 if e.goof else e.target
        team.engines, team.unused, team.overheat = e.engines, e.unused, e.overheat
        team.card = e.card
        team.abilities = list(state.catalogue.tactics[e.card].abilities) if e.card >= 0 else []
        state.phase = "pre_roll"
    elif kind == "tactic_used":
        _tactic(state, e)
    elif kind == "dice_rolled":
        state.teams[e.team].dice = list(e.dice)
        state.phase = "post_roll"
    elif kind == "hit":
        _hit(state, e)
    return True


def _tactic(state: State, e: Event) -> None:
    team = state.teams[e.team]
    robot = team.robot
    if e.ability in team.abilities:
        team.abilities.remove(e.ability)
    if e.ability == "crane":
        source, square, rot = e.detail
        robot.place(square, robot.lift(source), rot)
    elif e.ability == "duct_tape":
        robot.tokens.append(tuple(e.detail))
        state.token_supply -= 1
    elif e.ability == "sabotage":
        team.sabotage = True
    else:
        team.dice = list(e.detail)


def _hit(state: State, e: Event) -> None:
    state.phase = "hits"
    robot = state.teams[e.team].robot
    if e.outcome == "token":
        robot.remove_token(e.token)
    elif e.outcome == "destroyed":
        robot.destroy(e.square)
    elif e.outcome == "goblin":
        robot.knock_out((e.seat,))
