"""``botyard bench render --game two_robots`` times Orange's busy Play Phase with cards
flying and Parts breaking, and refuses to time any other screen."""

from __future__ import annotations

import pytest

from game import bench
from game.scenes.handover import HandoverScene
from game.scenes.two_robots import entry
from game.scenes.two_robots.effects import CardFlight, Wreck


def test_render_times_the_play_screen_and_says_so():
    lines = bench.render(frames=5, game="two_robots")
    assert lines[0].startswith("render: MatchScene in Orange's Play Phase")
    assert "in Two Robots, 1920x1080" in lines[0]
    assert "wall per frame p50" in lines[1] and "CPU per frame" in lines[2]


def test_the_position_keeps_cards_flying_and_parts_breaking(make_app):
    app = make_app()
    position = entry.bench_position(app, 31)
    assert len(position.burst) == entry.BURST
    app.step()
    app.draw()
    position.animate()
    app.step()
    running = {type(a) for a in position.match.animator.running}
    assert running == {CardFlight, Wreck}
    while position.match.animator.busy:
        app.step()
    position.animate()
    assert position.match.animator.busy, "played out, the burst starts again"


def test_render_refuses_to_time_a_screen_pushed_over_the_match(make_app):
    app = make_app()
    position = entry.bench_position(app, 31)
    app.step()
    assert bench._drawing(position).startswith("MatchScene in Orange's Play Phase")
    app.scenes.push(HandoverScene(app, position.match, 1, "Play Phase"))
    with pytest.raises(bench.BenchError, match="HandoverScene is on top"):
        bench._drawing(position)
