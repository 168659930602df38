"""Coal Heart's client entry: each screenshot position shows what it is named for, and
the title offers the game."""

from __future__ import annotations

import pytest

from game.rules.coal_heart.actions import Attack, Build
from game.rules.coal_heart.state import DRAFT, OVER, SELECT, TURN
from game.rules.core.registry import get_game
from game.scenes.coal_heart import entry
from game.scenes.coal_heart.match import MatchScene
from game.scenes.title import TitleScene


@pytest.mark.parametrize("name", get_game("coal_heart").screenshots)
def test_each_screenshot_shows_its_position(make_app, name):
    app = make_app()
    top = entry.screenshot(app, name, 1)
    app.frame()
    assert isinstance(top, MatchScene) and top.viewer == 0
    state = top.state
    expected = {
        "select": lambda: state.stage == SELECT and any(k[0] == "hex" for k in top.prompt.lit),
        "build": lambda: top.picks.slot and sum(isinstance(c, Build) for _, c in
                                                top.prompt.buttons) >= 2,
        "fight": lambda: top.picks.target >= 0 and sum(isinstance(c, Attack) for _, c in
                                                       top.prompt.buttons) >= 2,
        "six": lambda: state.n == 6 and state.stage == SELECT,
        "draft": lambda: state.stage == DRAFT and any(k[0] == "slot" for k in top.prompt.lit),
        "over": lambda: state.stage == OVER and top.prompt.heading.startswith("Game over"),
    }[name]
    assert expected(), f"the {name} screenshot is not its position"
    assert state.stage != TURN or top.options()


def test_the_title_offers_coal_heart(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    app.frame()
    assert app.scenes.top.game_buttons["coal_heart"].enabled


def test_the_bench_keeps_cubes_flying_on_six_mats_and_refuses_another_screen(make_app):
    from game.scenes.coal_heart.effects import CubeThrow
    from game.scenes.entry import PositionLost
    from game.scenes.pause import PauseScene

    app = make_app()
    position = entry.bench_position(app, 31)
    assert position.match.state.n == 6
    app.step()
    app.draw()
    position.animate()
    running = position.match.animator.queue + position.match.animator.running
    assert any(isinstance(a, CubeThrow) for a in running)
    while position.match.animator.busy:
        app.step()
    position.animate()
    assert position.match.animator.busy, "played out, the burst starts again"
    assert position.describe().startswith("MatchScene, six robots, seat 0 selecting")
    app.scenes.push(PauseScene(app, position.match))
    with pytest.raises(PositionLost):
        position.describe()


def test_the_rules_page_defines_the_words_the_screen_uses():
    from tests.scenes.test_rules_page import glossary, page_text

    text = page_text("coal_heart")
    entries = glossary(text)
    for term in ("Active Player", "Attack value", "Broken", "Deluxe Gear", "First Player card",
                 "Perk", "Phase", "Quarry", "Supply"):
        assert term in entries, f"{term!r} is not in the glossary"
        assert len(entries[term].split()) >= 6
    assert list(entries) == sorted(entries, key=str.lower), "the glossary is in order"
    assert "\nON THE SCREEN\n" in text
