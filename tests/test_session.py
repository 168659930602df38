"""Sessions: autosave after every action, exact resume, damaged saves, Continue, AI
seats asked through a bot host (a worker process in the client, a hand-driven one here),
save generations and checksums, unique file names and autosaves that fail."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

import game.session as session_module
from game.ai.bots import make_bot
from game.ai.worker import BotCrashed, bot_seed
from game.rules.core.actions import Action
from game.rules.core.errors import DataError
from game.rules.core.match import new_match
from game.rules.core.savefile import checksum
from game.rules.goblins.state import HIDDEN
from game.session import AI, HUMAN, RETRY_SECONDS, Seat, Session, latest_save, saved_games


def _seats(*kinds: str) -> list[Seat]:
    return [Seat(kind, "random") for kind in kinds]


def _play_some(session: Session, count: int) -> None:
    for _ in range(count):
        seat = session.to_act()[0]
        session.play(session.rules.legal_actions(session.state, seat)[0])


class HandBots:
    """A bot host the test answers by hand, so timing never decides what happens."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, Any]] = []
        self.answer: Action | None = None
        self.closed = False

    def submit(self, seat: int, view: Any) -> None:
        assert self.answer is None, "one decision at a time"
        self.asked.append((seat, view))

    def collect(self, wait: float = 0.0) -> Action | None:
        answer, self.answer = self.answer, None
        return answer

    def close(self) -> None:
        self.closed = True


def test_every_action_is_saved_and_resume_is_exact(tmp_path):
    session = Session.new("goblins", _seats(HUMAN, HUMAN, AI, AI), "standard", 5, tmp_path,
                          bots=HandBots())
    _play_some(session, 23)
    assert latest_save(tmp_path) == session.path
    again = Session.load(session.path, bots=HandBots())
    assert again.state == session.state
    assert again.match.actions == session.match.actions
    assert [s.kind for s in again.seats] == ["human", "human", "ai", "ai"]
    assert again.moves_by == session.moves_by
    session.close()
    again.close()


def test_damaged_saves_are_reported_and_left_alone(tmp_path):
    session = Session.new("goblins", _seats(HUMAN, AI), "standard", 9, tmp_path,
                          bots=HandBots())
    _play_some(session, 5)
    session.close()
    raw = json.loads(session.path.read_text())
    cases = {
        "truncated": session.path.read_text()[:-40],
        "bad move": json.dumps({**raw, "actions": [*raw["actions"][:-1],
                                                   {"kind": "pass", "seat": 0}]}),
        "no seats": json.dumps({k: v for k, v in raw.items() if k != "client"}),
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(DataError) as err:
            Session.load(path)
        assert "\n" not in str(err.value) and str(path) in str(err.value)
        assert path.read_text(encoding="utf-8") == text, "a damaged save is never rewritten"


def test_continue_picks_the_most_recently_written_save(tmp_path):
    older = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 1, tmp_path)
    newer = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 2, tmp_path)
    os.utime(older.path, (1_000_000, 1_000_000))
    os.utime(newer.path, (2_000_000, 2_000_000))
    assert latest_save(tmp_path) == newer.path
    _play_some(older, 1)  # a move saves the older match again, so it is now the latest
    assert latest_save(tmp_path) == older.path


def test_poll_asks_the_bot_and_returns_without_waiting_for_it(tmp_path):
    bots = HandBots()
    session = Session.new("goblins", _seats(AI, AI), "standard", 3, tmp_path, bots=bots)
    assert session.poll() == []
    assert session.thinking and not session.move_ready
    seat, view = bots.asked[0]
    assert seat in session.to_act()
    assert view == session.view(seat), "the bot sees its seat's view, nothing more"
    assert session.poll() == [] and len(bots.asked) == 1, "asked once, not every frame"
    move = session.rules.legal_actions(session.state, seat)[0]
    bots.answer = move
    session.poll()
    assert session.match.actions == [move]
    assert len(bots.asked) == 2, "the next AI seat is asked straight away"


def test_a_held_move_waits_until_the_screen_lets_it_land(tmp_path):
    bots = HandBots()
    session = Session.new("goblins", _seats(AI, AI), "standard", 3, tmp_path, bots=bots)
    session.poll()
    seat, _ = bots.asked[0]
    move = session.rules.legal_actions(session.state, seat)[0]
    bots.answer = move
    assert session.poll(apply=False) == [] and session.move_ready
    assert session.match.actions == []
    session.poll()
    assert session.match.actions == [move] and not session.move_ready


def test_a_move_chosen_for_an_old_position_is_dropped_and_the_seat_asked_again(tmp_path):
    bots = HandBots()
    session = Session.new("goblins", _seats(HUMAN, AI), "standard", 4, tmp_path, bots=bots)
    while not {0, 1} <= set(session.to_act()):  # play on until both seats choose at once
        _play_some(session, 1)
    session.poll()
    asked_seat, old_view = bots.asked[-1]
    assert asked_seat == 1
    stale = session.rules.legal_actions(session.state, 1)[0]
    _play_some_seat(session, 0)  # the human moves while the bot is thinking
    moves = list(session.match.actions)
    bots.answer = stale
    session.poll()
    assert session.match.actions == moves, "the stale move was not applied"
    seat, view = bots.asked[-1]
    assert seat == 1 and view == session.view(1) and view != old_view


def _play_some_seat(session: Session, seat: int) -> None:
    session.play(session.rules.legal_actions(session.state, seat)[0])


def test_ai_seats_get_seeds_of_their_own(tmp_path):
    seeds = {bot_seed(seed, seat) for seed in range(1, 50) for seat in range(4)}
    assert len(seeds) == 49 * 4, "no two seats of any match share a bot seed"
    session = Session.new("goblins", [Seat(AI, "easy"), Seat(HUMAN), Seat(AI, "hard"),
                                      Seat(AI, "random")], "standard", 8, tmp_path)
    try:
        assert session._bots.specs == {0: ("easy", bot_seed(8, 0)), 2: ("hard", bot_seed(8, 2)),
                                       3: ("random", bot_seed(8, 3))}
    finally:
        session.close()


def test_worker_bots_play_the_moves_the_same_bots_play_in_process(tmp_path):
    """The worker process changes where bots think, not what they choose: a match of
    easy and random seats equals the same seeds played by bots built right here."""
    seats = [Seat(AI, "easy"), Seat(AI, "random")]
    session = Session.new("goblins", seats, "standard", 6, tmp_path)
    try:
        while len(session.match.actions) < 40:
            session.poll()
            assert session.wait_for_move(60.0), "the worker answered"
    finally:
        session.close()
    local = new_match("goblins", 2, "standard", 6)
    rules = local.spec.rules
    bots = {s: make_bot("goblins", seat.level, bot_seed(6, s)) for s, seat in enumerate(seats)}
    for action in session.match.actions:
        seat = rules.to_act(local.state)[0]
        assert action == bots[seat].choose(rules.view(local.state, seat), seat)
        local.play(action)


def test_closing_a_session_closes_its_bots(tmp_path):
    bots = HandBots()
    Session.new("goblins", _seats(AI, HUMAN), "standard", 2, tmp_path, bots=bots).close()
    assert bots.closed


# -- generations, checksums, unique names, failing disks --------------------------------
def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _moves(path: Path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["actions"])


def test_each_save_keeps_the_two_before_it_out_of_the_list(tmp_path):
    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, tmp_path)
    _play_some(session, 5)
    name = session.path.name
    assert sorted(_files(tmp_path)) == [name, f"{name}.1", f"{name}.2"], "no temp file left"
    assert [_moves(tmp_path / n) for n in (name, f"{name}.1", f"{name}.2")] == [5, 4, 3]
    assert saved_games(tmp_path) == [session.path], "older generations are not games"


def test_every_save_carries_the_checksum_of_its_record(tmp_path):
    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, tmp_path)
    _play_some(session, 2)
    raw = json.loads(session.path.read_text(encoding="utf-8"))
    assert raw["checksum"] == checksum({k: v for k, v in raw.items() if k != "checksum"})
    assert raw["checksum"].startswith("sha256:")
    assert set(raw) - {"checksum"} == set(session.match.to_record()) | {"client"}


def test_a_changed_newest_save_resumes_from_the_one_before(tmp_path):
    """A file that is still valid JSON and replays, but not what was written (the
    checksum says so), is passed over like a truncated one."""
    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, tmp_path)
    _play_some(session, 6)
    raw = json.loads(session.path.read_text(encoding="utf-8"))
    session.path.write_text(json.dumps({**raw, "seed": 4}), encoding="utf-8")
    before = _files(tmp_path)
    again = Session.load(session.path, bots=HandBots())
    assert again.match.actions == session.match.actions[:5]
    assert again.take_news() == "The newest save was damaged; resumed from move 5."
    assert again.take_news() is None, "said once"
    assert _files(tmp_path) == before, "loading writes nothing"


def test_a_truncated_newest_save_resumes_and_play_goes_on(tmp_path):
    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, tmp_path)
    _play_some(session, 6)
    session.path.write_text(session.path.read_text(encoding="utf-8")[:-25], encoding="utf-8")
    again = Session.load(session.path, bots=HandBots())
    assert len(again.match.actions) == 5 and again.take_news() is not None
    _play_some(again, 1)
    assert _moves(again.path) == 6
    assert Session.load(again.path, bots=HandBots()).take_news() is None


def test_when_no_generation_loads_the_newest_files_problem_is_told(tmp_path):
    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, tmp_path)
    _play_some(session, 3)
    for path in tmp_path.iterdir():
        path.write_text("{", encoding="utf-8")
    with pytest.raises(DataError) as err:
        Session.load(session.path)
    assert err.value.file == str(session.path) and "not valid JSON" in str(err.value)
    assert latest_save(tmp_path) is None


def test_a_save_made_before_checksums_still_loads(tmp_path):
    """Saves written before checksums (the same record, no checksum key) load as
    they are; the next save adds the checksum."""
    played = new_match("goblins", 2, "standard", 7)
    for _ in range(4):
        seat = played.spec.rules.to_act(played.state)[0]
        played.play(played.spec.rules.legal_actions(played.state, seat)[0])
    record = played.to_record()
    record["client"] = {"seats": [{"kind": "human", "level": "random"},
                                  {"kind": "ai", "level": "random"}]}
    old = tmp_path / "goblins-20250101-120000-7.json"
    old.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
    again = Session.load(old, bots=HandBots())
    assert again.state == played.state and again.take_news() is None
    assert latest_save(tmp_path) == old
    _play_some(again, 1)
    assert "checksum" in json.loads(old.read_text(encoding="utf-8"))
    assert "checksum" not in json.loads((tmp_path / f"{old.name}.1").read_text("utf-8"))


def test_same_seed_games_started_in_one_second_keep_their_own_saves(tmp_path, monkeypatch):
    monkeypatch.setattr(session_module.time, "strftime", lambda _: "20260101-120000")
    first = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 9, tmp_path)
    second = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 9, tmp_path)
    third = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 9, tmp_path)
    assert [p.name for p in (first.path, second.path, third.path)] == [
        "goblins-20260101-120000-9.json", "goblins-20260101-120000-9-2.json",
        "goblins-20260101-120000-9-3.json"]
    _play_some(first, 2)
    _play_some(second, 1)
    assert [_moves(s.path) for s in (first, second, third)] == [2, 1, 0]


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_failing_autosave_is_told_once_retried_and_recovers(tmp_path, monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(session_module.time, "monotonic", clock)
    folder = tmp_path / "saves"
    folder.mkdir()
    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, folder)
    _play_some(session, 1)
    shutil.rmtree(folder)
    _play_some(session, 2)  # each move tries, none raises
    assert session.save_error is not None
    assert session.take_news() == (f"The game could not be saved ({session.save_error}); "
                                   f"retrying every {RETRY_SECONDS:g} seconds.")
    assert session.take_news() is None, "told once, not at every failed try"
    folder.mkdir()
    clock.now += RETRY_SECONDS / 2
    session.poll()
    assert session.save_error is not None and not session.path.exists(), "not every frame"
    clock.now += RETRY_SECONDS
    session.poll()
    assert session.save_error is None and session.take_news() == "The game is saved again."
    assert Session.load(session.path).match.actions == session.match.actions


def test_a_new_match_in_a_missing_folder_is_played_and_saved_once_it_exists(tmp_path):
    folder = tmp_path / "gone"
    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, folder)
    assert session.path is None and session.save_error is not None
    _play_some(session, 2)
    folder.mkdir()
    _play_some(session, 1)
    assert session.save_error is None and session.path.parent == folder
    assert _moves(session.path) == 3


def test_closing_retries_a_failed_save(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, folder)
    shutil.rmtree(folder)
    _play_some(session, 2)
    folder.mkdir()
    session.close()
    assert _moves(session.path) == 2


# -- bots that fail -----------------------------------------------------------------------
class FailingBots(HandBots):
    """A bot host whose bot fails with ``crash`` on its next collect."""

    def __init__(self) -> None:
        super().__init__()
        self.crash: str | None = None

    def collect(self, wait: float = 0.0) -> Action | None:
        if self.crash is not None:
            raise BotCrashed(self.crash)
        return super().collect(wait)


def _stood_in(session: Session, seat: int, moves_before: int) -> Action:
    assert len(session.match.actions) == moves_before + 1, "a move stood in for the bot"
    move = session.match.actions[-1]
    assert move.seat == seat
    return move


def test_a_bot_that_crashes_is_stood_in_for_and_the_game_goes_on(tmp_path, capsys):
    bots = FailingBots()
    session = Session.new("goblins", _seats(AI, AI), "standard", 3, tmp_path, bots=bots)
    session.poll()
    seat, _ = bots.asked[0]
    bots.crash = "a bot failed while choosing:\nTraceback ...\nZeroDivisionError: division by zero"
    session.poll()
    move = _stood_in(session, seat, 0)
    assert move in session.rules.legal_actions(new_match("goblins", 2, "standard", 3).state,
                                               seat)
    assert session.take_news() == ("The random bot in seat 1 failed (ZeroDivisionError: "
                                   "division by zero); a random legal move stood in for it.")
    assert "Traceback" in capsys.readouterr().err, "the whole story is kept for a bug report"
    assert Session.load(session.path).match.actions == session.match.actions
    bots.crash = None
    session.poll()
    assert len(bots.asked) == 2, "the next decision is asked of the bots again"


def test_an_illegal_answer_is_stood_in_for(tmp_path):
    bots = FailingBots()
    session = Session.new("goblins", _seats(AI, HUMAN), "standard", 5, tmp_path, bots=bots)
    session.poll()
    seat, _ = bots.asked[0]
    legal = session.rules.legal_actions(session.state, seat)
    bots.answer = dataclasses.replace(legal[0], seat=1 - seat)
    session.poll()
    _stood_in(session, seat, 0)
    assert "chose an illegal move" in session.take_news()


def test_the_same_failure_stands_in_the_same_move(tmp_path):
    moves = []
    for folder in ("a", "b"):
        bots = FailingBots()
        (tmp_path / folder).mkdir()
        session = Session.new("goblins", _seats(AI, AI), "standard", 9, tmp_path / folder,
                              bots=bots)
        session.poll()
        bots.crash = "the bot process stopped (exit code -9)"
        session.poll()
        moves.append(session.match.actions)
    assert moves[0] == moves[1]


def test_a_killed_bot_process_is_restarted(tmp_path):
    session = Session.new("goblins", [Seat(AI, "easy"), Seat(AI, "easy")], "standard", 2,
                          tmp_path)
    try:
        session.poll()
        first = session._bots
        first._process.kill()
        first._process.join(5)
        assert session.wait_for_move(10.0), "the failure counts as an answer"
        session.poll()
        assert len(session.match.actions) == 1
        assert "exit code" in session.take_news()
        assert session._bots is not first and session._bots.alive
        while len(session.match.actions) < 4:
            session.poll()
            assert session.wait_for_move(60.0), "the new worker answers"
    finally:
        session.close()


def test_seats_waiting_on_chance_actions_wait_for_the_table_not_a_bot(tmp_path, monkeypatch):
    """Which moves are table readings is the rules' mark (``Action.chance``), not a list
    of kinds in the session: marked, the AI seat waits for the table; unmarked, it
    would be asked like any other decision."""
    bots = HandBots()
    session = Session.new("goblins", _seats(AI, AI), "standard", 4, tmp_path,
                          options={"dice": "table"}, bots=bots)
    pick = random.Random(4)
    while not any(all(a.chance for a in session.rules.legal_actions(session.state, s))
                  for s in session.to_act()):
        seat = pick.choice(session.to_act())
        session.play(pick.choice(session.rules.legal_actions(session.state, seat)))
    reader = session.table_seats()
    assert reader and all(session.waits_on_table(s) for s in reader)
    session.poll()
    assert all(seat not in reader for seat, _ in bots.asked)
    unmarked = type(session.rules.legal_actions(session.state, reader[0])[0])
    monkeypatch.setattr(unmarked, "chance", False)
    again = Session(session.match, session.seats, None, bots=HandBots())
    assert again.table_seats() == [] and not again.waits_on_table(reader[0])


def test_each_seat_keeps_only_what_it_may_know_of_the_events(tmp_path):
    """Per-seat histories, redacted by the rules: the tiles a planner draws are named
    in that planner's history only; everything public is in every seat's."""
    session = Session.new("goblins", _seats(HUMAN, HUMAN, HUMAN, HUMAN), "standard", 6,
                          tmp_path, bots=HandBots())
    _play_some(session, 12)
    histories = [session.history_for(seat) for seat in range(4)]
    assert len({len(h) for h in histories}) == 1 and histories[0]
    drawn = [e for e in histories[0] if e.kind == "tiles_drawn"]
    assert drawn, "a build stage dealt tiles in these moves"
    for seat, history in enumerate(histories):
        for event in history:
            if event.kind == "tiles_drawn":
                assert (HIDDEN in event.tiles) == (event.seat != seat)
        assert [e for e in history if e.kind != "tiles_drawn"] == [
            e for e in histories[0] if e.kind != "tiles_drawn"]


def test_seat_names_are_saved_and_come_back(tmp_path):
    seats = [Seat(HUMAN, name="Ann"), Seat(HUMAN), Seat(AI, "random")]
    session = Session.new("goblins", seats, "standard", 3, tmp_path, bots=HandBots())
    _play_some(session, 2)
    raw = json.loads(session.path.read_text(encoding="utf-8"))
    assert raw["client"]["seats"] == [{"kind": "human", "level": "normal", "name": "Ann"},
                                      {"kind": "human", "level": "normal"},
                                      {"kind": "ai", "level": "random"}], \
        "an unnamed seat is written as saves always were"
    again = Session.load(session.path, bots=HandBots())
    assert [s.name for s in again.seats] == ["Ann", "", ""]
    session.close()
    again.close()


@pytest.mark.parametrize("name", ["x" * 17, "a\u0000b", "tab\there", " Ann", "Ann ", ["Ann"],
                                  7, None])
def test_a_bad_seat_name_in_a_save_is_refused_in_one_sentence(tmp_path, name):
    """Names are user input: a save holding one no setup screen could have typed is
    refused like any other bad field, even with a checksum that matches."""
    from game.rules.core.savefile import DAMAGED, encode, plain_problem

    session = Session.new("goblins", _seats(HUMAN, HUMAN), "standard", 3, tmp_path)
    session.close()
    raw = json.loads(session.path.read_text(encoding="utf-8"))
    raw["client"]["seats"][1]["name"] = name
    bad = tmp_path / "bad-name.json"
    bad.write_text(encode(raw), encoding="utf-8")
    with pytest.raises(DataError) as err:
        Session.load(bad)
    assert err.value.path == "client.seats[1].name" and "\n" not in str(err.value)
    assert plain_problem(err.value) == DAMAGED


def test_the_longest_printable_name_loads(tmp_path):
    name = "Ünïcødé Näme 16!"
    assert len(name) == session_module.MAX_NAME
    session = Session.new("goblins", [Seat(HUMAN, name=name), Seat(HUMAN)], "standard", 3,
                          tmp_path)
    session.close()
    assert Session.load(session.path).seats[0].name == name
