"""Blastbots' client entry: the screenshot positions show what they are named for, the
bench position keeps its animations running on Orange's Stage 3 and refuses to time any
other screen, and the title offers the game."""

from __future__ import annotations

import pytest

from game import bench
from game.rules.blastbots.state import ACT, OVER, PLACE
from game.rules.core.registry import get_game
from game.scenes.blastbots import entry
from game.scenes.blastbots.effects import CardFlight, DiceRoll, RocketFlight
from game.scenes.blastbots.match import MatchScene
from game.scenes.handover import HandoverScene
from game.scenes.title import TitleScene


@pytest.mark.parametrize("name", get_game("blastbots").screenshots)
def test_each_screenshot_shows_its_position_with_four_players(make_app, name):
    app = make_app()
    top = entry.screenshot(app, name, 1)
    app.frame()
    assert isinstance(top, MatchScene) and top.state.n == 4
    state, top_item = top.state, top.state.stack[-1] if top.state.stack else ()
    expected = {
        "grid": lambda: state.phase == ACT and top_item == ("act", 0),
        "attack": lambda: top.picks.card >= 0 and any(k[0] == "section" for k in top.prompt.lit),
        "defence": lambda: top_item[:2] == ("defend", 0)
        and any(label.startswith("Block with") for label, _ in top.prompt.buttons),
        "pick": lambda: top.prompt.overlay is not None and top.prompt.overlay.kind == "slots",
        "place": lambda: state.phase == PLACE and top.prompt.ghosts,
        "dice": lambda: any(isinstance(a, DiceRoll) and not a.tray.settled
                            for a in top.animator.running),
        "launch": lambda: any(isinstance(a, RocketFlight) and a.flame
                              for a in top.animator.running),
        "impact": lambda: state.phase == OVER and state.victory == "impact",
    }[name]
    assert expected(), f"the {name} screenshot is not its position"


def test_the_bench_keeps_dice_cards_and_rockets_moving(make_app):
    app = make_app()
    position = entry.bench_position(app, 31)
    app.step()
    app.draw()
    position.animate()
    kinds = {type(a) for a in position.match.animator.queue + position.match.animator.running}
    assert DiceRoll in kinds and ({CardFlight, RocketFlight} & kinds)
    while position.match.animator.busy:
        app.step()
    position.animate()
    assert position.match.animator.busy, "played out, the burst starts again"
    assert position.describe().startswith("MatchScene in Orange's Stage 3")


def test_render_times_the_grid_and_refuses_another_screen(make_app):
    lines = bench.render(frames=5, game="blastbots")
    assert lines[0].startswith("render: MatchScene in Orange's Stage 3")
    assert "wall per frame p50" in lines[1] and "CPU per frame" in lines[2]
    app = make_app()
    position = entry.bench_position(app, 31)
    app.step()
    app.scenes.push(HandoverScene(app, position.match, 1))
    with pytest.raises(bench.BenchError, match="HandoverScene is on top"):
        bench._drawing(position)


def test_the_title_offers_blastbots_and_not_as_coming_later(make_app, monkeypatch):
    from game.scenes import title as title_module

    spec = get_game("blastbots")
    assert spec.offered and spec.bench_position == "grid"
    written: list[str] = []
    real = title_module.blit_text

    def spy(surface, text, *rest, **named):
        written.append(text)
        return real(surface, text, *rest, **named)

    monkeypatch.setattr(title_module, "blit_text", spy)
    app = make_app()
    title = TitleScene(app)
    app.scenes.push(title)
    app.frame()
    assert title.game_buttons["blastbots"].enabled
    assert title.game_buttons["blastbots"].label == "Blastbots"
    assert "coming later" not in written, "every registered game has its screens"
