"""``botyard bench`` measures what it names: the combat scene (and refuses to time any
other screen), a bot really thinking beside it, and a real launch to the first frame.
Only the shape of the report is checked here; the figures are never asserted."""

from __future__ import annotations

import pytest

from game import bench
from game.scenes.goblins import entry
from game.scenes.goblins.teamup import TeamUpScene


def test_render_times_the_combat_scene_and_says_so():
    lines = bench.render(frames=5)
    assert lines[0].startswith("render: MatchScene in combat step")
    assert "wall per frame p50" in lines[1] and "CPU per frame" in lines[2]


def test_render_refuses_to_time_a_screen_pushed_over_the_match(make_app):
    app = make_app()
    position = entry.bench_position(app, 31)
    seat, view = position.decision
    app.step()
    assert bench._drawing(position).startswith("MatchScene")
    app.scenes.push(TeamUpScene(app, view, seat))
    with pytest.raises(bench.BenchError, match="TeamUpScene is on top"):
        bench._drawing(position)


def test_render_with_a_bot_reports_its_decisions():
    lines = bench.render(frames=40, with_bot="easy")
    assert lines[-1].startswith("  easy bot thinking in its worker process")
    assert lines[-1].split(": ")[1].split()[1] == "decisions"


def test_startup_launches_the_client_to_its_first_frame():
    (line,) = bench.startup(runs=1)
    assert line.startswith("startup: launch to the first drawn title frame, 1 launches")
    assert "CPU median" in line
