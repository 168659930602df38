"""The engine's handle for the tools and the client: who acts, the progress line, the
scores that break an all-broken tie, the rounds begun, and the winners once over."""

from __future__ import annotations

import copy

import pytest

from game.rules.coal_heart import engine
from game.rules.coal_heart.actions import Attack, Draft, End, PickRobot
from game.rules.core.data import bundled_cards_path, read_yaml_file
from game.rules.core.errors import DataError
from game.rules.core.registry import GAMES, load_catalogues
from tests.rules.coal_heart.helpers import cat, start, table


def test_progress_names_the_stage_and_round():
    state = engine.new_state(cat(), 3, "standard", 2)
    assert engine.progress(state) == "choosing robots"
    assert engine.scores(state) == [0, 0, 0], "seats not yet picked score nothing"
    engine.apply(state, PickRobot(0, "gizmo_guru"))
    assert engine.scores(state) == [0, 0, 0]
    draft = engine.new_state(cat(), 3, "drafting", 2)
    assert engine.progress(draft) == "drafting, pick 1"
    seat = engine.to_act(draft)[0]
    engine.apply(draft, Draft(seat, draft.seats[seat].robot, "head"))
    assert engine.progress(draft) == "drafting, pick 2"
    state = table()
    state.round = 4
    assert engine.progress(state) == "round 4, choosing a hex"
    start(state, 0, "fight")
    state.round = 4
    assert engine.progress(state) == "round 4, fight"
    assert engine.turns_played(state) == 4


def test_a_won_game_reports_its_winner_scores_and_nobody_to_act():
    state = table(s0={"built": ["l_arm", "r_arm", "l_foot"]}, s1={"hp": 2},
                  s2={"hp": 0, "built": ["head"]})
    start(state, 0, "fight")
    assert engine.winners(state) == () and not engine.is_over(state)
    assert engine.to_act(state) == (0,)
    engine.apply(state, Attack(0, 1, ()))
    assert engine.is_over(state) and engine.winners(state) == (0,)
    assert engine.to_act(state) == () and engine.legal_actions(state, 0) == []
    assert engine.progress(state) == "round 1, won"
    assert engine.scores(state) == [1, 0, 0], "a score marks the winner, not parts built"


def test_only_the_deciding_seat_has_legal_moves():
    state = table()
    start(state, 1, "fight")
    assert engine.legal_actions(state, 0) == [] and engine.legal_actions(state, 2) == []
    assert End(1) in engine.legal_actions(state, 1)


def test_the_registry_handle_loads_the_section_afresh():
    fresh = load_catalogues()["coal_heart"]
    assert fresh == cat() and fresh is not cat()
    assert GAMES["coal_heart"].rules.version == engine.RULES_VERSION == "coal_heart-2"


def test_the_registry_handle_reports_a_fault_where_it_sits():
    data, doc = read_yaml_file(bundled_cards_path())
    broken = copy.deepcopy(data["coal_heart"])
    broken["robots"][0]["parts"]["head"]["cost"] = ["S"]
    with pytest.raises(DataError) as info:
        engine.RULES.load_catalogue(broken, doc, ("games", "coal_heart"))
    text = str(info.value)
    assert "at games.coal_heart.robots[0].parts.head.cost" in text and "line" in text


def test_the_same_seed_deals_the_same_match_and_another_seed_another():
    def dealt(seed: int):
        return engine.RULES.new_state(cat(), 4, "drafting", seed)

    assert dealt(8) == dealt(8)
    assert dealt(8) != dealt(9)
    assert engine.RULES.new_state(cat(), 5, "demo", 8).n == 5
