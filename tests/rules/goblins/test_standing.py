"""Agendas and bets worth so far: hand-worked figures on hand-built positions, the same
lines scoring would write, and the agenda choice seen as combat will start."""

from __future__ import annotations

from game.rules.goblins import engine
from game.rules.goblins.catalogue import make_tile
from game.rules.goblins.events import Scored
from game.rules.goblins.scoring import score_round
from game.rules.goblins.standing import (
    agenda_worth,
    as_combat_starts,
    bet_worth,
    kept_worth,
)
from game.rules.goblins.view import view
from tests.rules.goblins.helpers import play_until, robot

OWN = {"2,3": ("weapon", "S", "N"), "3,2": ("decoration", "NESW"),
       "3,4": ("engine", "NESW"), "4,3": ("engine", "NESW")}
"""Four tiles on the four squares beside the cockpit (Camouflager: 8 points)."""
ENEMY = {"2,3": ("weapon", "S", "N")}


def _named(catalogue, *names: str) -> list[int]:
    return sorted(catalogue.agenda_named(name).index for name in names)


def _weapon():
    return make_tile(-1, "w", "weapon", False, 0b0100, (0,))


def _in_combat(catalogue):
    """A duel in combat: seat 0's robot is whole, seat 1's lost three weapon tiles,
    three tokens and one goblin, so seat 0's team leads the tiebreak 0 to 7."""
    state = engine.new_state(catalogue, 2, "standard", 5)
    play_until(state, "choose")
    own, enemy = state.team_of(0), state.team_of(1)
    state.teams[own].robot = robot(OWN, {0: 2})
    state.teams[enemy].robot = robot(ENEMY, {1: 1})
    lost = state.teams[enemy].robot
    lost.scrap_tiles = [_weapon(), _weapon(), _weapon()]
    lost.scrap_tokens, lost.scrap_goblins = 3, 1
    state.players[0].agendas = _named(catalogue, "Camouflager", "Pyromaniac", "Gun Nut",
                                      "Star")
    state.players[0].bet = "Star"
    state.players[1].agendas = _named(catalogue, "Ninja", "Driller", "Decoy", "Snitch")
    state.players[1].bet = "Snitch"
    return state


def test_kept_agendas_are_worth_the_hand_worked_points(catalogue):
    seen = view(_in_combat(catalogue), 0)
    worth = {line[0]: line[1] for _, line in kept_worth(seen, 0)}
    assert worth == {"Camouflager": 8,   # 4 tiles beside the cockpit, 2 each
                     "Pyromaniac": 2,    # 3 enemy weapons lost: one set of 3
                     "Gun Nut": 3,       # 3 enemy tokens lost: one pair
                     "Star": 4}          # the team leads the tiebreak


def test_the_other_side_sees_its_own_agendas_and_its_losing_bet(catalogue):
    seen = view(_in_combat(catalogue), 1)
    worth = {line[0]: line[1] for _, line in kept_worth(seen, 1)}
    # Ninja: seat 0's team lost no goblin; Driller: 4 of the 8 squares around seat 0's
    # cockpit are empty; Decoy: no tokens aboard; Snitch pays for the losing team.
    assert worth == {"Ninja": 0, "Driller": 4, "Decoy": 0, "Snitch": 4}


def test_the_figures_are_the_lines_scoring_would_write(catalogue):
    state = _in_combat(catalogue)
    now = {seat: [line for _, line in kept_worth(view(state, seat), seat)] for seat in (0, 1)}
    events: list = []
    score_round(state, events)
    for event in events:
        if isinstance(event, Scored):
            assert [line for line in event.lines if line[0] != "win"] == now[event.seat]


def test_each_side_of_the_bet_pays_what_the_result_now_gives(catalogue):
    state = _in_combat(catalogue)
    star = catalogue.agenda_named("Star").index
    assert bet_worth(view(state, 0), 0, star) == {"Star": 4, "Snitch": 0}
    assert bet_worth(view(state, 1), 1, star) == {"Star": 0, "Snitch": 4}
    state.teams[state.team_of(1)].robot.scrap_tiles = []
    state.teams[state.team_of(1)].robot.scrap_tokens = 0
    state.teams[state.team_of(1)].robot.scrap_goblins = 0
    assert bet_worth(view(state, 0), 0, star) == {"Star": 0, "Snitch": 0}, "tied: none pays"


def test_the_agenda_choice_counts_the_robots_as_combat_will_start(catalogue):
    """Before goblins climb in and tokens go down both robots would be disabled; the
    figures are taken as combat starts, and the view itself is left as it was."""
    state = engine.new_state(catalogue, 2, "standard", 5)
    play_until(state, "agendas")
    own, enemy = state.team_of(0), state.team_of(1)
    state.teams[own].robot = robot({"2,3": ("weapon", "S", "N"),
                                    "4,3": ("armor", "N", "S")}, {})
    state.teams[enemy].robot = robot(ENEMY, {})
    state.teams[enemy].robot.scrap_tiles = [_weapon()]   # it fell off
    seen = view(state, 0)
    decoy = catalogue.agenda_named("Decoy").index
    assert agenda_worth(seen, 0, decoy) == ("Decoy", 2, "counted 1"), "one plate, one token"
    star = catalogue.agenda_named("Star").index
    assert bet_worth(seen, 0, star) == {"Star": 4, "Snitch": 0}
    assert seen.teams[own].robot.tokens == [] and seen.teams[own].robot.goblins == {}
    ready = as_combat_starts(seen)
    assert ready is not seen and ready.teams[own].robot.crew() == 2
    assert ready.token_supply == seen.token_supply - 1
