"""The engine's face to the session: the refusals' words, the progress line, winners and
scores, views and varied secrets, and the registry handle (DESIGN.md's engine contract;
RULES-DECISIONS.md, Views, players, variants)."""

from __future__ import annotations

import random

import pytest

from game.rules.calamitron import engine
from game.rules.calamitron.actions import Choose, Clear, Lock, Pick, Put, Take
from game.rules.calamitron.events import Drew
from game.rules.core.errors import RuleError
from game.rules.core.registry import bundled_catalogue
from tests.rules.calamitron.helpers import board, cat


@pytest.mark.parametrize("players, variant, boss, crates, why", [
    (0, "standard", "off", "on", "Calamitron is for 1 to 4 players"),
    (5, "standard", "off", "on", "Calamitron is for 1 to 4 players"),
    (2, "spiral", "off", "on", "Calamitron has only the Deadly Spiral"),
    (2, "standard", "yes", "on", "the boss and crates options are on or off"),
    (2, "standard", "off", "no", "the boss and crates options are on or off"),
])
def test_new_match_refusals(players, variant, boss, crates, why):
    with pytest.raises(RuleError) as refused:
        engine.new_state(cat(), players, variant, 1, boss, crates)
    assert str(refused.value) == why


@pytest.mark.parametrize("players", [1, 4])
def test_one_to_four_players_with_the_options_default_and_set(players):
    plain = engine.new_state(cat(), players, "standard", 3)
    assert plain.n == players and not plain.boss
    assert any(p.is_crate for p in plain.pieces.values())
    both = engine.new_state(cat(), players, "standard", 3, boss="on", crates="off")
    assert both.boss and "bossbot" in both.pieces
    assert not any(p.is_crate for p in both.pieces.values())


def _programming():
    state = engine.new_state(cat(), 2, "standard", 5)
    engine.apply(state, Pick(0, "treadbot"))
    engine.apply(state, Pick(1, "shotbot"))
    return state


def _why(state, action) -> str:
    with pytest.raises(RuleError) as refused:
        engine.apply(state, action)
    return str(refused.value)


def test_refusals_say_why():
    state = _programming()
    assert _why(state, Put(0, 0, "R")) == ("that edit would not leave a legal program "
                                          "(length, class limits, entry)")
    assert _why(state, Choose(0, "L")) == "a choose move is not one of the choices now"
    engine.apply(state, Put(0, 0, "M1"))
    engine.apply(state, Put(0, 1, "R"))
    assert _why(state, Take(0, 0)) == ("that edit would not leave a legal program "
                                       "(length, class limits, entry)")
    assert _why(state, Take(0, 2)) == ("that edit would not leave a legal program "
                                       "(length, class limits, entry)")
    assert _why(state, Clear(1)) == "a clear move is not one of the choices now"
    engine.apply(state, Clear(0))
    engine.apply(state, Lock(0))
    assert _why(state, Put(0, 0, "M1")) == "that seat has nothing to decide now"
    assert _why(state, Pick(0, "robot")) == "that seat has nothing to decide now"
    assert _why(engine.view(state, 0), Lock(1)) == ("a seat's view cannot be played on; "
                                                    "use the match state")
    state.phase = "over"
    assert _why(state, Lock(1)) == "the game is over"


def test_no_seat_outside_the_table_is_offered_anything():
    state = _programming()
    assert engine.legal_actions(state, -1) == [] and engine.legal_actions(state, 2) == []
    assert engine.legal_actions(state, 1)[-1] == Lock(1)


def test_progress_names_the_round_and_the_phase():
    state = engine.new_state(cat(), 1, "standard", 5)
    assert engine.progress(state) == "picking Retros"
    engine.apply(state, Pick(0, "treadbot"))
    assert engine.progress(state) == "round 1, programming"
    state.phase = "run"
    assert engine.progress(state) == "round 1, running"
    state.phase, state.round, state.result = "over", 4, "lost"
    assert engine.progress(state) == "round 4, lost"


def test_winners_only_when_won_and_scores_count_trophies():
    state = board("""pieces:
  T: {kind: treadbot, at: "13,10", facing: N, seat: 1}
  U: {kind: nanobot, at: "0,3", facing: S, seat: 2}
  V: {kind: servobot, at: "8,8", facing: W}""")
    state.trophies = [["a", "b"], []]
    assert engine.winners(state) == () and engine.scores(state) == [2, 0]
    state.result = "won"
    assert engine.winners(state) == ()
    state.phase = "over"
    assert engine.winners(state) == (0, 1) and engine.is_over(state)
    state.result = "lost"
    assert engine.winners(state) == ()


def test_a_view_is_a_copy_with_the_deck_sorted_and_no_seed_or_log():
    state = _programming()
    state.log = [Drew("quiet")]
    seen = engine.view(state, 1)
    assert seen.deck == sorted(state.deck) and seen.deck != state.deck
    assert seen.rng is None and seen.log == [] and seen.cat is state.cat
    engine.apply(state, Put(0, 0, "M1"))
    assert seen.programs == [(), ()] and state.programs[0] == ("M1",)
    assert engine.redact(Drew("quiet"), 1) == Drew("quiet")


def test_varied_secrets_reorder_the_deck_and_reseed_but_keep_the_match():
    state = _programming()
    deck = list(state.deck)
    twin = engine.vary_secrets(state, 0, random.Random(2))
    assert state.deck == deck and sorted(twin.deck) == sorted(deck) and twin.deck != deck
    assert twin.rng is not None and twin.rng != state.rng and twin.cat is state.cat
    assert twin.pieces == state.pieces and twin.pieces is not state.pieces
    again = engine.vary_secrets(state, 0, random.Random(2))
    assert again.deck == twin.deck and again.rng == twin.rng


def test_the_registry_handle_passes_every_option_on():
    rules = engine.RULES
    assert rules.version == "calamitron-1" and rules.codec is engine.CODEC
    state = rules.new_state(cat(), 3, "standard", 9, boss="on", crates="off")
    assert state == engine.new_state(cat(), 3, "standard", 9, "on", "off")
    assert state.boss and state.n == 3
    assert rules.to_act(state) == (0, 1, 2)
    assert bundled_catalogue("calamitron").program == 6


def test_an_applied_move_returns_its_events_and_clears_the_log():
    state = _programming()
    events = engine.apply(state, Put(0, 0, "M1"))
    assert [e.kind for e in events] == ["edited"] and state.log == []


def test_the_handle_reads_the_section_afresh():
    from game.rules.core.data import bundled_cards_path, load_yaml
    data, doc = load_yaml(bundled_cards_path().read_text(encoding="utf-8"), "cards.yaml")
    fresh = engine.RULES.load_catalogue(data["calamitron"], doc, ("calamitron",))
    assert fresh == cat() and fresh is not cat()


def test_the_handle_defaults_to_no_boss_and_crates():
    assert engine.RULES.new_state(cat(), 2, "standard", 9) == engine.new_state(
        cat(), 2, "standard", 9, "off", "on")
