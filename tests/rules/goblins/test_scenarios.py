"""Every scenario file passes, and the runner reports format faults plainly."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.cli import main
from game.rules.core.errors import DataError
from game.rules.core.registry import bundled_catalogue
from game.rules.goblins import combat, scenario_play, scoring
from game.rules.goblins.scenario import run_file

SCENARIOS = sorted((Path(__file__).parents[2] / "scenarios" / "goblins").glob("*.yaml"))
_CATALOGUE = bundled_catalogue("goblins")


def test_there_are_scenarios_of_every_kind():
    kinds = {path.name.split("-")[0] for path in SCENARIOS}
    assert kinds >= {"structure", "controls", "tactics", "hits", "score"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path, catalogue):
    outcome = run_file(path, catalogue)
    assert outcome.passed, outcome.line()


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """name: one weapon
robots:
  A:
    tiles:
      "2,3": {kind: weapon, metal: S, arrows: N}
check:
  structure: A
expect:
  engines: 1
  arrows: {N: 1}
"""


def test_a_wrong_expectation_fails_with_the_difference(tmp_path, catalogue):
    outcome = run_file(_write(tmp_path, GOOD.replace("engines: 1", "engines: 2")), catalogue)
    assert not outcome.passed
    assert outcome.line() == "FAIL one weapon: engines expected 2, got 1"


@pytest.mark.parametrize("old, new, fragment", [
    ("  structure: A", "  structure: B", "at check.structure: the robot 'B' is not defined"),
    ("  structure: A", "  structure: A\n  hits: A", "at check: name exactly one check"),
    ('"2,3"', '"3,3"', "cockpit at 3,3 is implicit"),
    ('"2,3"', '"6,1"', "not a square"),
    ("kind: weapon", "kind: laser", "expected one of weapon"),
    ("arrows: N", "arrows: Q", "edge letters"),
    ("engines: 1", "engine_count: 1", "unknown key 'engine_count'"),
    ("name: one weapon\n", "", "the key 'name' is missing"),
    ("name: one weapon\n", "name: one weapon\ngame: two_robots\n",
     "at game: this reader runs goblins scenarios only"),
])
def test_format_errors_name_the_line_and_key(tmp_path, catalogue, old, new, fragment):
    path = _write(tmp_path, GOOD.replace(old, new))
    with pytest.raises(DataError) as err:
        run_file(path, catalogue)
    message = str(err.value)
    assert message.startswith(f"{path}, line ")
    assert fragment in message


def test_the_file_may_name_its_game(tmp_path):
    outcome = run_file(_write(tmp_path, "game: goblins\n" + GOOD))
    assert outcome.line() == "PASS one weapon"


def test_cli_exit_codes(tmp_path, capsys):
    good = _write(tmp_path, GOOD)
    assert main(["scenario", str(good)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "PASS one weapon"
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("engines: 1", "engines: 5"), encoding="utf-8")
    assert main(["scenario", str(good), str(bad)]) == 1
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [unclosed\n", encoding="utf-8")
    assert main(["scenario", str(good), str(broken)]) == 2
    out = capsys.readouterr().out
    assert "ERROR " in out and "Traceback" not in out


# -- the runner asks the engine ------------------------------------------------------------
# Each test breaks one engine step the runner must go through and shows that a scenario
# which passes with the real engine now fails: the runner has no second copy to fall
# back on.
def _scenario(stem: str) -> Path:
    path = SCENARIOS[0].parent / f"{stem}.yaml"
    assert path.exists(), path
    return path


def _shared_tokens_on_the_armor_only(real):
    def enter_cockpits(state, events):
        real(state, events)
        for team in state.teams:
            team.robot.tokens = [squares[:1] for squares in team.robot.tokens]
    return enter_cockpits


def _nothing_falls_off(real):
    def begin(state, events):
        real(state, [])
    return begin


def _target_is_free(real):
    return lambda front, steer, target, engines: real(front, steer, 0, engines)


def _no_dice_cap(real):
    return lambda arrows, overheat, sabotage: arrows + sabotage - overheat


def _everyone_gets_the_card(real):
    return lambda pick_a, unused_a, pick_b, unused_b: (True, True)


def _hits_land_last_first(real):
    def resolve_hits(state, events):
        state.hits.reverse()
        real(state, events)
    return resolve_hits


def _dynamite_doubles_nothing(real):
    def commit_order(index, team, faces, dynamite, events):
        real(index, team, faces, False, events)
        if dynamite:
            team.abilities.remove("dynamite")
    return commit_order


def _wrong_side_for(agenda_id):
    """Breaks one agenda: it counts the other robot (or the other team's scrapyard)."""
    def breaker(real):
        def agenda_count(agenda, own, enemy):
            if agenda.id == agenda_id:
                return real(agenda, enemy, own)
            return real(agenda, own, enemy)
        return agenda_count
    return breaker


def _agendas_forgotten(real):
    def score_round(state, events):
        for player in state.players:
            player.agendas = []
        real(state, events)
    return score_round


def _winner_swapped(real):
    def winner(robots):
        index, reason = real(robots)
        return (1 - index if index >= 0 else index), reason
    return winner


def _partner_counts_double(real):
    return lambda robot, seat, partner: real(robot, partner, seat)


BROKEN_ENGINE = [
    ("structure", combat, "enter_cockpits", _shared_tokens_on_the_armor_only,
     "structure-token-covers-armor-and-neighbour"),
    ("structure", combat, "begin", _nothing_falls_off,
     "structure-engines-count-attached-tiles-only"),
    ("controls", combat, "resolve_controls", _target_is_free,
     "controls-goof-three-engines-tries-four"),
    ("controls", combat, "dice_count", _no_dice_cap, "controls-dice-seven-arrows-capped-at-five"),
    ("tactics", combat, "squabble", _everyone_gets_the_card,
     "tactics-example-same-card-more-unused-engines"),
    ("hits", combat, "resolve_hits", _hits_land_last_first, "hits-example-team-b-order-matters"),
    ("hits", combat, "_commit_order", _dynamite_doubles_nothing,
     "hits-dynamite-two-tiles-in-one-column-only-first-die"),
    ("score", scoring, "score_round", _agendas_forgotten, "score-win-points-pilot-and-star"),
    ("score", scoring, "winner", _winner_swapped, "score-lost-snitch-pays-no-win-points"),
    ("score", scoring, "win_points", _partner_counts_double,
     "score-win-points-tactician-and-snitch"),
]


@pytest.mark.parametrize("kind, module, name, breaker, stem", BROKEN_ENGINE,
                         ids=[f"{row[0]}-{row[2]}-{row[4]}" for row in BROKEN_ENGINE])
def test_a_broken_engine_step_fails_the_scenario(monkeypatch, catalogue, kind, module, name,
                                                  breaker, stem):
    path = _scenario(stem)
    assert stem.startswith(kind)
    assert run_file(path, catalogue).passed
    monkeypatch.setattr(module, name, breaker(getattr(module, name)))
    outcome = run_file(path, catalogue)
    assert not outcome.passed, f"{stem} still passes with a broken {module.__name__}.{name}"


# -- every score scenario tells the right reading from the wrong one ----------------------
SCORES = [path for path in SCENARIOS if path.name.startswith("score-")]


def _betting_result_flipped(real):
    flip = {"won": "lost", "lost": "won", "none": "none"}
    return lambda agenda, result, bet: real(agenda, flip[result], bet)


def _wrong_readings(path, catalogue):
    """(what is misread, scoring function, breaker) for each reading a scenario relies on."""
    check = yaml.safe_load(path.read_text(encoding="utf-8"))["check"]
    for name in check["agendas"]:
        agenda = catalogue.agenda_named(name)
        if agenda.bet:
            if check["result"] != "none":
                yield f"{name} with won and lost swapped", "bet_points", _betting_result_flipped
        else:
            yield f"{name} on the other side", "agenda_count", _wrong_side_for(agenda.id)
    if check["result"] == "won" and check["me"] != "solo":
        yield "win points of the partner", "win_points", _partner_counts_double


READINGS = [(path, what, name, breaker)
            for path in SCORES for what, name, breaker in _wrong_readings(path, _CATALOGUE)]


@pytest.mark.parametrize("path, what, name, breaker", READINGS,
                         ids=[f"{row[0].stem}-{row[1]}" for row in READINGS])
def test_score_scenarios_fail_on_a_wrong_reading(monkeypatch, catalogue, path, what, name,
                                                 breaker):
    """Own vs enemy robot, own vs enemy scrapyard, won vs lost, pilot vs tactician: a
    scenario whose answer is the same either way cannot catch an engine that mixes them."""
    monkeypatch.setattr(scoring, name, breaker(getattr(scoring, name)))
    outcome = run_file(path, catalogue)
    assert not outcome.passed, f"{path.stem} cannot tell {what} from the right reading"


# -- what the engine refuses is a FAIL naming its reason -----------------------------------
DYNAMITE = """name: dynamite after {count} dice
robots:
  A:
    tiles:
      "1,3": {{kind: decoration, metal: NESW}}
      "2,3": {{kind: decoration, metal: NESW}}
      "3,4": {{kind: weapon, metal: W, arrows: N}}
check:
  hits: A
  side: front
  dice: {dice}
  dynamite: true
expect:
  destroyed: ["1,3", "2,3"]
"""


def test_dynamite_after_five_dice_is_refused_by_the_engine(tmp_path, catalogue):
    four = _write(tmp_path, DYNAMITE.format(count=4, dice="[3, blank, 1, 1]"))
    assert run_file(four, catalogue).passed
    five = _write(tmp_path, DYNAMITE.format(count=5, dice="[3, blank, 1, 1, 1]"))
    outcome = run_file(five, catalogue)
    assert not outcome.passed
    assert outcome.line() == ("FAIL dynamite after 5 dice: the engine refuses the hit order "
                              "with Dynamite: dynamite is not usable when 5 dice were rolled")


def test_cli_reports_a_refused_scenario_as_failed(tmp_path, capsys):
    five = _write(tmp_path, DYNAMITE.format(count=5, dice="[3, blank, 1, 1, 1]"))
    assert main(["scenario", str(five)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL dynamite after 5 dice: the engine refuses")
    assert "Traceback" not in out


@pytest.mark.parametrize("tile, reason", [
    ('"2,3": {kind: armor, metal: S, plates: N, tape: 1}',
     "the engine refuses Duct Tape on 2,3: duct tape goes on a tile that is not armor"),
    ('"1,1": {kind: weapon, metal: S, arrows: N, tape: 1}',  # fell off before the tape
     "the engine refuses Duct Tape on 1,1"),
])
def test_tape_the_engine_will_not_put_down_fails(tmp_path, catalogue, tile, reason):
    text = GOOD.replace('"2,3": {kind: weapon, metal: S, arrows: N}', tile)
    outcome = run_file(_write(tmp_path, text), catalogue)
    assert not outcome.passed
    assert reason in outcome.line()


SCORE = """name: a result the robots cannot reach
robots:
  A:
    goblins: {pilot: 0, tactician: 0}
    tiles:
      "2,3": {kind: weapon, metal: S, arrows: N}
  B:
    tiles:
      "2,3": {kind: weapon, metal: S, arrows: N}
check:
  score: A
  enemy: B
  result: won
  me: pilot
  agendas: [Artist, Guardian, Star, Driller]
expect:
  points: {win: 0}
"""


def test_a_result_the_engine_does_not_reach_fails(tmp_path, catalogue):
    outcome = run_file(_write(tmp_path, SCORE), catalogue)
    assert outcome.line() == ("FAIL a result the robots cannot reach: the engine decides lost "
                              "(disabled) for these robots, not won")


def test_agendas_the_engine_will_not_let_a_player_keep_fail(tmp_path, catalogue):
    text = SCORE.replace("pilot: 0, tactician: 0", "pilot: 2, tactician: 2")
    outcome = run_file(_write(tmp_path, text.replace("Star, Driller", "Driller")), catalogue)
    assert outcome.line().endswith("the engine refuses the agendas: "
                                   "keep exactly four different agendas")


def test_more_dice_than_a_team_owns_is_a_format_error(tmp_path, catalogue):
    path = _write(tmp_path, DYNAMITE.format(count=6, dice="[1, 1, 1, 1, 1, 1]"))
    with pytest.raises(DataError, match=r"at check\.dice: a team rolls at most 5 dice"):
        run_file(path, catalogue)


def test_betting_agendas_name_one_side(tmp_path, catalogue):
    text = SCORE.replace("Artist, Guardian", "Snitch, Guardian")
    with pytest.raises(DataError, match="bets on one side only"):
        run_file(_write(tmp_path, text), catalogue)
    with pytest.raises(DataError, match="write the side that was bet on: Star or Snitch"):
        run_file(_write(tmp_path, SCORE.replace("Star,", "Star/Snitch,")), catalogue)


@pytest.mark.parametrize("seed", [0, 1, 7, 123456])
def test_no_answer_depends_on_the_tables_random_draws(monkeypatch, catalogue, seed):
    monkeypatch.setattr(scenario_play, "SEED", seed)
    lines = [run_file(path, catalogue).line() for path in SCENARIOS]
    assert [line for line in lines if not line.startswith("PASS")] == []
