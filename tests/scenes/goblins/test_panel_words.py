"""Polish of the combat panels: the tactics panel's Done button stays put whatever
abilities are offered, what is left of a card reads naturally, and the waiting panel
says what is really happening (never a table that is not in use)."""

from __future__ import annotations

import pygame
import pytest

from game.rules.goblins.catalogue import POST_ROLL, PRE_ROLL
from game.rules.goblins.events import Hit
from game.scenes.goblins.combat_panels import TacticsPanel, tactics_left, waiting_words
from game.scenes.goblins.effects import DiceRoll, Shot
from game.scenes.goblins.match import MatchScene
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session
from tests.rules.goblins.helpers import play_until

LABELS = {"sabotage": "Sabotage (+1 arrow)", "emergency": "Emergency re-roll",
          "duct_tape": "Duct tape a tile", "crane": "Crane a tile", "nitro": "Nitro re-roll",
          "homing": "Homing: set a die"}
PRE_ROLL_SETS = [[], ["sabotage"], ["duct_tape"], ["crane"], ["sabotage", "crane"],
                 ["duct_tape", "nitro"], ["crane", "dynamite"]]
POST_ROLL_SETS = [["nitro"], ["emergency"], ["homing"], ["nitro", "homing"],
                  ["emergency", "homing"], ["sabotage", "emergency"]]


@pytest.fixture
def duel(make_app, tmp_path):
    app = make_app()
    session = Session.new("goblins", [Seat(HUMAN), Seat(AI)], "standard", 5, tmp_path,
                          bots=StillBots())
    play_until(session.state, "choose")
    match = MatchScene(app, session)
    match.teamed_up = {(r, 0) for r in range(1, 4)}
    app.scenes.push(match)
    return app, session, match


def _tactics_panel(session, match, phase: str, abilities: list[str]) -> TacticsPanel:
    state = session.state
    team = state.teams[state.team_of(0)]
    team.abilities, team.card = list(abilities), 0
    state.phase = phase
    if phase == "pre_roll":
        state.pre_roll_queue = [state.team_of(0)]
    else:
        team.dice, team.done_tactics = [3, 0, 2], False
    return TacticsPanel(match, session.view(0), 0)


@pytest.mark.parametrize(("phase", "abilities"), [("pre_roll", a) for a in PRE_ROLL_SETS]
                         + [("post_roll", a) for a in POST_ROLL_SETS])
def test_done_is_always_in_the_same_place_at_the_right(duel, phase, abilities):
    _app, session, match = duel
    panel = _tactics_panel(session, match, phase, abilities)
    done = [b for b in panel.buttons if b.label == "Done"]
    assert len(done) == 1 and done[0].rect == TacticsPanel.DONE
    others = [b for b in panel.buttons if b is not done[0]]
    now = PRE_ROLL if phase == "pre_roll" else POST_ROLL
    assert {b.label for b in others} == {LABELS[a] for a in abilities if a in now}
    assert all(b.rect.right < TacticsPanel.DONE.left for b in others), "Done is rightmost"


def test_what_is_left_of_a_card_reads_naturally():
    assert tactics_left("Nitro", ["nitro"], "post_roll") == "Nitro: you can still use Nitro"
    assert tactics_left("Crane + Nitro", ["crane", "nitro"], "pre_roll") == \
        "Crane + Nitro: you can still use Crane; Nitro after the roll"
    assert tactics_left("Crane + Nitro", ["nitro"], "pre_roll") == \
        "Crane + Nitro: Nitro after the roll"
    assert tactics_left("Duct Tape + Dynamite", ["duct_tape", "dynamite"], "pre_roll") == \
        "Duct Tape + Dynamite: you can still use Duct Tape; Dynamite when you line up the dice"
    assert tactics_left("Sabotage + Homing", ["homing"], "post_roll") == \
        "Sabotage + Homing: you can still use Homing"
    assert tactics_left("Homing", [], "post_roll") == "Homing: nothing left to use now"


def test_the_panel_shows_the_words_for_its_card(duel, monkeypatch):
    app, session, match = duel
    panel = _tactics_panel(session, match, "pre_roll", ["crane", "nitro"])
    shown = []
    monkeypatch.setattr("game.scenes.goblins.combat_panels.blit_text",
                        lambda surface, text, *rest, **named: shown.append(text))
    panel.draw(app.screen)
    card = session.state.catalogue.tactics[0].name
    assert f"{card}: you can still use Crane; Nitro after the roll" in shown
    assert not any("left to use" in text for text in shown)


def test_waiting_says_who_is_deciding_and_what(duel):
    _app, session, match = duel
    assert session.to_act() == (0, 1) and not session.table_seats()
    match.viewer = 0
    session.state.players[0].steer = (0, 0)
    session.state.players[0].pick = 0
    words = waiting_words(match)
    assert words == "Waiting for Blue (AI) to set their dials..."
    assert "table" not in words


def test_waiting_says_the_robots_fight_and_the_round_is_scored(duel, catalogue):
    _app, session, match = duel
    match.animator.add(DiceRoll([([3, 1], (200, 0, 0)), ([2], (0, 0, 200))], 1))
    assert waiting_words(match) == "The dice are rolling..."
    match.animator.add(Shot(match, match.enemy_yard, Hit(1, 0, 3, -1, "miss"), catalogue))
    assert waiting_words(match) == "The robots are fighting..."
    match.animator.skip()
    match.waiting_scenes.append(object())
    assert waiting_words(match) == "Scoring the round..."
    match.waiting_scenes.clear()
    session.state.phase = "over"
    assert waiting_words(match) == "The game is over."


class Falling:
    """A decorative animation (pieces still falling) that holds nothing back."""

    blocking = False

    def __init__(self) -> None:
        self.left = 10.0

    def start(self) -> None:
        """Nothing to set up."""

    def update(self, dt: float) -> bool:
        self.left -= dt
        return self.left > 0

    def draw(self, surface) -> None:
        """Drawn by nobody in this test."""


def test_a_stale_panel_is_neither_drawn_nor_clicked_while_scores_wait(duel, monkeypatch):
    """The shots have landed but pieces still fall and the score screen waits: the
    dials panel of a phase that is over must not be drawn, nor take the click that
    skips the falling pieces."""
    app, _session, match = duel
    panel = match.panel
    drawn, handled = [], []
    monkeypatch.setattr(panel, "draw", lambda surface: drawn.append(1))
    monkeypatch.setattr(panel, "handle", lambda event: handled.append(event) or True)
    pushed: list[object] = []
    monkeypatch.setattr(app.scenes, "push", pushed.append)
    match.animator.add(Falling())
    match.waiting_scenes.append("score screen")
    assert match.animator.busy and not match.animator.holding and match.catching_up
    match.draw(app.screen)
    assert not drawn, "the stale panel is not drawn while the past plays out"
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel.confirm_button.rect.center,
                              button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=panel.confirm_button.rect.center,
                            button=1)
    assert match.handle(down) and match.handle(up)
    assert pushed == ["score screen"], "the click skipped to the score screen"
    assert not handled, "and never reached the stale panel"
