"""The title lists every registered game; New game and Rules are for the picked one, and
the new-game screen shows that game's own seats, variants and options."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules.core.registry import GAMES, default_game
from game.scenes.load import LoadScene
from game.scenes.rules import RulesScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from tests.scenes.clicker import press


@pytest.fixture
def second_game(monkeypatch):
    """A second registered game (borrowing the default game's modules) with seats,
    variants and an option of its own."""
    spec = replace(default_game(), id="scrap_duel", title="Scrap Duel", player_counts=(2, 3),
                   variants=("short", "long"), options=(("salvager", ("off", "on")),),
                   rules_page="")
    monkeypatch.setitem(GAMES, spec.id, spec)
    return spec


def test_new_game_and_rules_are_for_the_picked_game(make_app, second_game):
    app = make_app()
    title = TitleScene(app)
    app.scenes.push(title)
    app.frame()
    assert list(title.game_buttons) == list(GAMES)
    assert title.game == default_game()

    press(app, "Scrap Duel")
    assert title.game == second_game
    press(app, "New game")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.spec == second_game
    assert setup.subtitle == "Scrap Duel"
    assert setup.players.options == [2, 3] and setup.players.value == 3
    assert len(setup.seats) == 3
    assert setup.variant.options == ["short", "long"]
    assert [(c.label, c.options) for c in setup.options.values()] == [
        ("Salvager", ["off", "on"])]
    assert setup.seed_field.rect.bottom < setup.widgets[-1].rect.top, "Start is below it all"
    app.frame()
    press(app, "Back")

    press(app, "Rules")
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.subtitle == "Scrap Duel"
    assert rules.lines == ["This game's rules page is still to be written."]


def test_the_default_game_is_picked_and_its_rules_page_shown(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    app.frame()
    press(app, "Rules")
    rules = app.scenes.top
    assert isinstance(rules, RulesScene) and rules.subtitle == default_game().title
    assert len(rules.lines) > 20


def test_the_new_game_screen_offers_the_default_games_options(make_app):
    app = make_app()
    app.scenes.push(TitleScene(app))
    press(app, "New game")
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.spec == default_game()
    assert [c.options for c in setup.options.values()] == [
        list(values) for _, values in default_game().options]


def test_the_load_screen_resumes_through_the_callback_it_was_given(make_app, tmp_path):
    app = make_app()
    app.scenes.push(TitleScene(app))
    picked = []
    scene = LoadScene(app, picked.append)
    app.scenes.push(scene)
    scene.open(tmp_path / "a.json")
    assert picked == [tmp_path / "a.json"]
    assert isinstance(app.scenes.top, TitleScene)

    alone = LoadScene(app)
    app.scenes.push(alone)
    alone.open(tmp_path / "a.json")
    assert isinstance(app.scenes.top, TitleScene), "with no callback it only goes back"


def test_a_game_whose_screens_are_in_the_making_is_named_but_not_offered(make_app,
                                                                         monkeypatch):
    spec = replace(default_game(), id="scrap_duel", title="Scrap Duel", offered=False)
    monkeypatch.setitem(GAMES, spec.id, spec)
    app = make_app()
    app.settings.last_game = spec.id
    title = TitleScene(app)
    app.scenes.push(title)
    app.frame()
    assert title.game == default_game(), "a remembered game not offered is not picked"
    assert not title.game_buttons[spec.id].enabled, "its button cannot be pressed"


def test_a_game_whose_screens_are_to_come_is_named_greyed_and_not_picked(
        make_app, monkeypatch):
    from game.scenes import title as title_module

    spec = replace(default_game(), id="scrap_duel", title="Scrap Duel", offered=False)
    monkeypatch.setitem(GAMES, spec.id, spec)
    written: list[str] = []
    real = title_module.blit_text

    def spy(surface, text, *rest, **named):
        written.append(text)
        return real(surface, text, *rest, **named)

    monkeypatch.setattr(title_module, "blit_text", spy)
    app = make_app()
    app.settings.last_game = spec.id
    title = TitleScene(app)
    app.scenes.push(title)
    app.frame()
    assert not title.game_buttons["scrap_duel"].enabled
    assert "coming later" in written
    assert title.game == default_game(), "a game not offered is never the picked one"
