"""tools/reliability.py (its parts in tools/reliab/) sorts runs into outcome classes;
these tests hold its judgement to hand-made outcomes, so they pass or fail on the tool
alone, whatever bugs the game still has (the tool's own run is expected to find some)."""

from __future__ import annotations

import dataclasses
import importlib
import math
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.rules.core.errors import DataError, RuleError
from game.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "reliability.py"

if str(TOOL.parent) not in sys.path:
    sys.path.insert(0, str(TOOL.parent))
core = importlib.import_module("reliab.core")
commands = importlib.import_module("reliab.commands")
kills = importlib.import_module("reliab.kills")
play = importlib.import_module("reliab.play")
saves = importlib.import_module("reliab.saves")
settings_files = importlib.import_module("reliab.settings_files")
Ran = commands.Ran


def test_the_tool_runs_a_cheap_kind_and_prints_its_summary(tmp_path):
    env = dict(os.environ, BOTYARD_HOME=str(tmp_path), TMPDIR=str(tmp_path))
    done = subprocess.run([sys.executable, str(TOOL), "settings", "--scale", "0.02"],
                          capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr
    assert "Traceback" not in done.stderr
    summary = re.search(r"^settings: (\d+) hostile settings.json loaded: .*; failures (\d+)$",
                        done.stdout, re.M)
    assert summary, done.stdout
    assert summary[1] == "1"
    assert done.returncode == (1 if int(summary[2]) else 0)


@pytest.mark.parametrize(("ran", "ok_codes", "name"), [
    (Ran(2, "", "botyard: x.yaml, line 3: expected a number\n"), {2}, "refused, exit 2"),
    (Ran(0, "bundled cards.yaml: valid (goblins)\n", ""), {0, 2}, "accepted"),
    (Ran(0, "wrote out.png\n", ""), {2}, "exit 0"),
    (Ran(2, "", "usage: botyard [-h]\nbotyard: error: unrecognized arguments\n"), {2},
     "usage and error, not one line"),
    (Ran(2, "botyard: bad\n", ""), {2}, "refusal not on stderr"),
    (Ran(1, "", "Traceback (most recent call last):\n  File x\nValueError: digits\n"),
     {2}, "traceback"),
    (Ran(-9, "", ""), {0, 2}, "killed by SIGKILL"),
    (Ran(None, "", "", timed_out=True, term_ended=False), {2}, "hang"),
])
def test_commands_are_classified(ran, ok_codes, name):
    outcome = commands.classify_command(ran, frozenset(ok_codes))
    assert outcome.name == name
    assert outcome.ok == name.startswith(("refused", "accepted"))


def test_scenario_reports_an_unreadable_file_and_its_tally_on_stdout():
    report = Ran(2, "ERROR deep.yaml, line 1: too deep\n0 passed, 0 failed, 1 unreadable\n", "")
    assert commands.classify_command(report, frozenset({2}), lines=2, stream="stdout").ok
    assert not commands.classify_command(report, frozenset({2})).ok


def test_a_hang_says_whether_sigterm_ended_it():
    stubborn = commands.classify_command(Ran(None, "", "", True, False), frozenset({2}))
    assert stubborn.detail == "SIGTERM did not end it"
    assert commands.classify_command(Ran(None, "", "", True, True),
                                 frozenset({2})).detail == "SIGTERM ended it"


@pytest.mark.parametrize(("raised", "changed", "replay", "name", "ok"), [
    (RuleError("not your turn"), False, None, "refused", True),
    (RuleError("line one\nline two"), False, None, "refused, but not in one sentence", False),
    (TypeError("'<=' not supported"), False, None, "raised TypeError", False),
    (RuleError("no"), True, None, "changed the state, then raised", False),
    (TypeError("float index"), True, None, "changed the state, then raised", False),
    (None, False, None, "accepted, replayable", True),
    (None, False, "DataError: must be a whole number", "accepted, not replayable", False),
])
def test_mutated_actions_are_classified(raised, changed, replay, name, ok):
    outcome = play.classify_play(raised, changed, replay)
    assert (outcome.name, outcome.ok) == (name, ok)


@pytest.mark.parametrize(("facts", "modified", "name", "ok"), [
    (("ok", "12", ""), False, "loaded", True),
    (("DataError", "", "save.json, at seed: must be a whole number"), False,
     "damaged (DataError)", True),
    (("DataError", "", "save.json: unknown game 'xxx" + "x" * 1000 + "'"), False,
     "DataError, not one plain sentence", False),
    (("raised", "RecursionError", "maximum recursion depth"), False,
     "raised RecursionError", False),
    (("DataError", "", "save.json: damaged"), True, "file changed", False),
])
def test_loading_saves_is_classified(facts, modified, name, ok):
    outcome = saves.classify_load(facts, modified)
    assert (outcome.name, outcome.ok) == (name, ok)


def test_a_save_fingerprint_sees_a_touch_and_a_rewrite(tmp_path):
    save = tmp_path / "a.json"
    save.write_text("{}")
    before = saves.fingerprint(save)
    assert saves.fingerprint(save) == before
    os.utime(save, ns=(1, 1))
    assert saves.fingerprint(save) != before
    link = tmp_path / "loop.json"
    link.symlink_to("loop.json")
    assert saves.fingerprint(link)[0] == "link"  # read without following the loop


@pytest.mark.parametrize(("reported", "loaded", "name", "ok"), [
    (40, ("ok", "40", ""), "resumed, nothing lost", True),
    (40, ("ok", "41", ""), "resumed, nothing lost", True),
    (40, ("ok", "39", ""), "moves lost", False),
    (40, ("DataError", "", "save: not valid JSON"), "load failed", False),
    (40, None, "no save found", False),
    (None, None, "killed before the first save", True),
])
def test_kills_are_classified(reported, loaded, name, ok):
    outcome = kills.classify_kill(reported, loaded)
    assert (outcome.name, outcome.ok) == (name, ok)


@pytest.mark.parametrize(("facts", "name", "ok"), [
    (("ok", "", ""), "kept playing, retry saved", True),
    (("ok", "SaveError", "disk full"), "kept playing, retry saved (after SaveError)", True),
    (("retry lost moves", "", "3 moves played, the save: 1"), "retry lost moves", False),
    (("retry raised", "FileNotFoundError", "gone"), "retry raised FileNotFoundError", False),
    (("overwrote", "", "both games save to g.json"), "save overwritten", False),
    (("raised", "FileNotFoundError", "no such folder"), "raised FileNotFoundError", False),
])
def test_autosave_probes_are_classified(facts, name, ok):
    outcome = saves.classify_autosave(facts)
    assert (outcome.name, outcome.ok) == (name, ok)


def _values(**changes: object) -> dict[str, object]:
    settings = Settings(**changes)  # type: ignore[arg-type]
    return {name: getattr(settings, name) for name in settings.__dataclass_fields__}


@pytest.mark.parametrize(("facts", "lost", "name", "ok"), [
    ((None, None, _values()), [], "loaded", True),
    ((None, "Settings were unreadable; kept as settings.bad.json.", _values()), [],
     "reset, reported", True),
    ((None, None, _values(sound_volume=math.nan)), [], "setting out of range", False),
    ((None, None, _values(music_volume=2.0)), [], "setting out of range", False),
    ((None, None, _values(animation_speed=0.0)), [], "setting out of range", False),
    ((None, None, _values(controllers=[{"url": "x", "serial": None, "uid": None,
                                         "roles": {"goblins": 99}}])), [],
     "setting out of range", False),
    ((None, "reset", _values()), ["19 bytes"], "file lost", False),
    (("RecursionError", "maximum recursion depth", {}), [], "raised RecursionError", False),
    ((None, "one\ntwo", _values()), [], "report not one line", False),
])
def test_settings_are_classified(facts, lost, name, ok):
    outcome = settings_files.classify_settings(facts, lost)
    assert (outcome.name, outcome.ok) == (name, ok)


def test_a_worker_past_its_time_limit_is_stopped_and_replaced():
    started = time.monotonic()
    results = dict(core.Workers(time.sleep, timeout=0.5, jobs=1).map([5, 0]))
    assert isinstance(results[5], core.Hang) and results[5].term_ended
    assert results[0] is None  # the fresh worker took the next case
    assert time.monotonic() - started < 4


def test_cases_are_the_same_for_the_same_seed_whatever_the_scale():
    first = play.games_tasks("actions", 1000, seed=7)
    assert play.games_tasks("actions", 30, seed=7) == first[:3]
    assert sum(m for _, _, m in play.games_tasks("actions", 995, seed=7)) == 995
    assert play.games_tasks("games", 5, seed=8) != play.games_tasks("games", 5, seed=7)


def test_a_mutant_always_differs_from_its_legal_action():
    from game.rules.core.match import new_match

    match = new_match("goblins", 2, "standard", 3)
    rules = match.spec.rules
    seat = rules.to_act(match.state)[0]
    legal = rules.legal_actions(match.state, seat)
    rng = random.Random(1)
    seen = set()
    for _ in range(300):
        base = rng.choice(legal)
        mutant, how = play.mutate(base, 2, (seat,), {a.kind: a for a in legal},
                                  {a.kind for a in legal}, rng)
        # 2.0 == 2 and True == 1, so equal mutants must differ in a field's type.
        assert mutant != base or any(
            type(getattr(mutant, f)) is not type(getattr(base, f))
            for f in base.__dataclass_fields__)
        if how == "wrong value":
            assert all(type(getattr(mutant, f)) is type(getattr(base, f))
                       for f in base.__dataclass_fields__)
        seen.add(how)
    assert seen == {"not an action", "wrong seat", "wrong seat type", "wrong type",
                    "wrong value"}  # no foreign kind: every kind listed is legal here


def test_data_errors_are_one_sentence_and_long_quotes_are_not():
    assert core.sentence_problem(str(DataError("bad", "f.json", 3, "seed"))) is None
    assert core.sentence_problem("x" * 600) == "a message of 600 characters"
    assert core.sentence_problem("a\nb") == "2 lines"


def test_examples_show_every_failing_class_before_a_second_of_any():
    report = core.Report("demo", "runs")
    for i in range(3):
        report.add(core.Outcome("common", False), f"c{i}")
    report.add(core.Outcome("rare", False), "r0")
    report.add(core.Outcome("fine", True), "f0")
    assert [e.split(" ")[0] for e in report.examples] == ["c0", "r0", "c1"]
    assert report.failures == 4
    assert report.summary() == "demo: 5 runs: common 3, rare 1, fine 1; failures 4"


def test_an_attempt_keeps_a_legal_action_and_puts_back_nothing_for_a_refused_one():
    from game.rules.core.match import new_match

    match = new_match("goblins", 2, "standard", 5)
    rules = match.spec.rules
    base = rules.legal_actions(match.state, rules.to_act(match.state)[0])[0]
    refused = play.attempt(match, dataclasses.replace(base, seat=99))
    assert (refused.name, match.actions) == ("refused", [])
    accepted = play.attempt(match, base)
    assert (accepted.name, match.actions) == ("accepted, replayable", [base])
