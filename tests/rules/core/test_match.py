"""A match as its record: a refused action leaves the action list, the state and the
saved record exactly as they were, so a save never holds a move that cannot replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules.core.data import bundled_cards_path, data_hash, load_yaml
from game.rules.core.errors import DataError, RuleError
from game.rules.core.match import (
    FORMAT_1_DATA,
    SAVE_FORMAT,
    Match,
    from_record,
    load,
    new_match,
    save,
    section_hash,
)
from game.rules.core.savefile import read_record
from game.rules.goblins.actions import PlaceTile, Steer
from game.session import Session


def _started(moves: int) -> Match:
    """A 2-player match after its first few legal moves."""
    match = new_match("goblins", 2, "standard", 8)
    for _ in range(moves):
        seat = match.spec.rules.to_act(match.state)[0]
        match.play(match.spec.rules.legal_actions(match.state, seat)[0])
    return match


@pytest.mark.parametrize("illegal", [Steer(0, 1, 1), PlaceTile(0, 99, 99, 0), Steer(7, 0, 0)])
def test_a_refused_action_is_not_logged(tmp_path, illegal):
    match = _started(3)
    actions, state, record = list(match.actions), match.state.clone(), match.to_record()
    assert all(illegal not in match.spec.rules.legal_actions(match.state, s) for s in (0, 1))
    with pytest.raises(RuleError):
        match.play(illegal)
    assert match.actions == actions
    assert match.state == state
    assert match.to_record() == record
    save(match, tmp_path / "game.json")
    again = load(tmp_path / "game.json")
    assert again.actions == actions and again.state == state



def test_a_malformed_action_is_refused_before_the_rules_see_it(monkeypatch):
    """The issue's worst case: PlaceTile(rot=1.5) put the tile on the robot, then crashed."""
    match = _started(2)  # both planners have passed: building starts
    rules = match.spec.rules
    legal = next(a for seat in rules.to_act(match.state)
                 for a in rules.legal_actions(match.state, seat) if isinstance(a, PlaceTile))
    seat, state, actions = legal.seat, match.state.clone(), list(match.actions)
    called = []
    monkeypatch.setattr(type(match.spec.rules), "apply", lambda *args: called.append(args))
    for bad in (PlaceTile(seat, legal.tile, legal.square, 1.5),
                PlaceTile(seat, legal.tile, legal.square, True),
                PlaceTile(2, legal.tile, legal.square, 0)):
        with pytest.raises(RuleError):
            match.play(bad)
    assert called == [] and match.actions == actions and match.state == state

def test_played_actions_are_logged_in_order_and_replay(tmp_path):
    match = _started(5)
    assert len(match.actions) == 5
    record = json.loads(json.dumps(match.to_record()))
    assert [a["kind"] for a in record["actions"]] == [a.kind for a in match.actions]
    assert from_record(record).state == match.state


# -- card data in saves: each game's own section, and saves from before that --------------
DATA = Path(__file__).parents[2] / "data"


def test_a_finished_match_saved_before_section_hashes_still_loads():
    """Made on this branch before saves hashed their game's section (format 1, the
    whole file's hash). It stops loading only if the Goblins section itself changes."""
    match = load(DATA / "goblins-format1-before-section-hash.json")
    assert len(match.actions) == 138 and match.spec.rules.is_over(match.state)
    assert match.spec.rules.scores(match.state) == [48, 27, 62]


def test_a_client_save_mid_game_from_before_section_hashes_resumes(tmp_path):
    """A 4-seat table-dice match, 90 moves in, as the client's autosave wrote it; after
    one more move it is saved again in the current format."""
    path = tmp_path / "old.json"
    path.write_bytes((DATA / "goblins-format1-table-dice-midgame.json").read_bytes())
    session = Session.load(path, bots=_NoBots())
    assert len(session.match.actions) == 90 and session.state.round == 2
    assert [s.kind for s in session.seats] == ["human", "ai", "ai", "ai"]
    seat = session.to_act()[0]
    session.play(session.rules.legal_actions(session.state, seat)[0])
    record = read_record(path)
    assert record["format"] == SAVE_FORMAT == 2
    assert record["data_hash"] == section_hash("goblins")
    assert Session.load(path, bots=_NoBots()).state == session.state


class _NoBots:
    """Stands in for the bot worker: these tests never ask a bot."""

    def close(self) -> None:
        """Nothing to end."""


def test_the_goblins_hash_ignores_other_sections_comments_and_layout():
    text = bundled_cards_path().read_text(encoding="utf-8")
    data, _ = load_yaml(text, "cards.yaml")
    grown, _ = load_yaml("# another game joins\n" + text.replace("\n", "\n\n")
                         + "\nanother_game:\n  cards: [{id: a, energy: 2}]\n", "cards.yaml")
    assert list(grown) == [*data, "another_game"]
    assert data_hash(grown["goblins"]) == data_hash(data["goblins"]) == section_hash("goblins")
    assert data_hash({"a": 1, "b": [1, "1"]}) == data_hash({"b": [1, "1"], "a": 1})
    assert data_hash({"b": [1, "1"]}) != data_hash({"b": ["1", 1]})
    assert data_hash([True]) != data_hash([1]) != data_hash([1.0])


def test_format_1_saves_need_a_whole_file_hash_known_for_their_section(tmp_path):
    record = json.loads((DATA / "goblins-format1-before-section-hash.json").read_text())
    del record["checksum"]
    for data_hash_value in ("0" * 16, section_hash("goblins"), None, ["6f7ca4a674ad11a9"]):
        with pytest.raises(DataError, match="different card data"):
            from_record(dict(record, data_hash=data_hash_value))
    with pytest.raises(DataError, match="different card data"):
        from_record(dict(record, format=2))  # a whole-file hash is no section hash
    assert FORMAT_1_DATA[record["data_hash"]] == section_hash("goblins")


def test_autosaves_do_not_read_the_cards_file_again(monkeypatch):
    match = _started(2)
    match.to_record()
    monkeypatch.setattr("game.rules.core.match.read_yaml_file", _never)
    assert match.to_record()["data_hash"] == section_hash("goblins")


def _never(*args: object) -> None:
    raise AssertionError("cards.yaml was read again")
