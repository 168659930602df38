"""The Blastbots match screen: clicks on what is lit become the rules' actions, hot-seat
players are handed the screen before any hand shows (the defence prompt included,
whether or not they can answer), choosers lie over the grid, table dice are entered
face by face, animations never hold up a decision, and everything drawn has help."""

from __future__ import annotations

import pygame
import pytest

from game.rules.blastbots.actions import Pass, Play
from game.rules.blastbots.board import ATMOSPHERE, FACTORY, LAUNCHPAD, SPACE, SPOTS
from game.rules.blastbots.events import Drew, Rockets, Rolled, TotemMoved
from game.rules.core.match import new_match
from game.scenes.blastbots import match as match_module
from game.scenes.blastbots.board import hover_help
from game.scenes.blastbots.effects import Burst, DiceRoll, RocketFlight, effects_for
from game.scenes.blastbots.match import MatchScene
from game.scenes.blastbots.narrate import describe_all
from game.scenes.handover import HandoverScene
from game.scenes.pause import PauseScene
from game.scenes.still import StillBots, advance
from game.session import AI, HUMAN, Seat, Session
from tests.rules.blastbots.helpers import BLUE, ORANGE, PURPLE, RED, card, table
from tests.scenes.blastbots.clicker import NEUTRAL, point, press
from tests.scenes.clicker import click


def _screen(make_app, tmp_path, state, seats, options=None):
    """A match screen on ``state`` (a position built for the test, put in the place of
    the new match's)."""
    app = make_app()
    session = Session.new("blastbots", seats, "standard", 1, tmp_path, options,
                          bots=StillBots())
    if state is not None:
        session.match.state = state
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.frame()
    return app, session, match


def _picture(app) -> bytes:
    app.screen.fill((0, 0, 0, 0))
    app.scenes.draw(app.screen)
    return pygame.image.tobytes(app.screen, "RGB")


def _attack_on_orange(holds: bool):
    hand = ["Mech", "Agent"] if holds else ["Agent", "+1 Rocket"]
    return table(("blue", "orange"), blue={"hand": ["Kaboomer", "Teleporter"]},
                 orange={"launchpad": 2, "hand": hand})


def _hot_seat_attack(make_app, tmp_path, monkeypatch, holds: bool):
    """Two humans: the first attacks the second by clicks. Returns the hand-over's
    picture and what the second was offered after clicking it away."""
    drawn: list[int] = []
    real = match_module.draw_board

    def spy(surface, view, viewer, *rest):
        drawn.append(viewer)
        return real(surface, view, viewer, *rest)

    monkeypatch.setattr(match_module, "draw_board", spy)
    app, session, match = _screen(make_app, tmp_path, _attack_on_orange(holds),
                                  [Seat(HUMAN), Seat(HUMAN)])
    assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == BLUE
    assert drawn == [], "nothing is drawn before the first player takes the screen"
    click(app, (960, 540))
    assert set(drawn) == {BLUE}
    click(app, point(match, ("hand", card("Kaboomer"))))
    click(app, point(match, ("section", ORANGE, LAUNCHPAD)))
    assert session.match.actions[-1] == Play(BLUE, card("Kaboomer"), LAUNCHPAD, ORANGE, "")
    handover = app.scenes.top
    assert isinstance(handover, HandoverScene) and handover.seat == ORANGE
    assert "Kaboomer" in handover.reason
    picture = _picture(app)
    assert set(drawn) == {BLUE}, "the target's view is not drawn before they click"
    drawn.clear()
    click(app, (960, 540))
    assert match.viewer == ORANGE and set(drawn) == {ORANGE}
    labels = [b.label for b in match.buttons]
    press(app, match, "Let the attack through")
    assert session.match.actions[-1] == Pass(ORANGE)
    assert isinstance(app.scenes.top, HandoverScene) and app.scenes.top.seat == BLUE
    return picture, labels


def test_the_target_of_an_attack_is_handed_the_screen_whether_or_not_they_can_block(
        make_app, tmp_path, monkeypatch):
    without, offered = _hot_seat_attack(make_app, tmp_path / "a", monkeypatch, False)
    holding, able = _hot_seat_attack(make_app, tmp_path / "b", monkeypatch, True)
    assert without == holding, "the hand-over differs with the target's hand"
    assert offered == ["Let the attack through"]
    assert able == ["Block with Mech", "Let the attack through"]


def test_a_face_down_pick_is_a_click_on_a_back_and_the_grid_under_it_is_out_of_reach(
        make_app, tmp_path):
    state = table(("blue", "orange"), blue={"hand": ["Agent"]},
                  orange={"hand": ["Mech", "Teleporter", "+1 Rocket"]})
    app, session, match = _screen(make_app, tmp_path, state, [Seat(HUMAN), Seat(AI)])
    session.play(Play(BLUE, card("Agent"), "steal", ORANGE, ""))
    session.play(Pass(ORANGE))
    match.refresh()
    app.frame()
    cover = next(rect for key, rect in match.spots.rects if key == ("cover",))
    covered = [code for code in SPOTS.values()
               if cover.collidepoint(match.spots.rect(("spot", code)).center)]
    assert covered, "the chooser lies over the grid"
    for code in covered:
        under = match.spots.hits(match.spots.rect(("spot", code)).center)
        assert all(key[0] == "slot" for key, _ in under), "nothing under it can be hit"
    moves = len(session.match.actions)
    click(app, point(match, ("slot", 2)))
    assert session.match.actions[-1].kind == "pick" and session.match.actions[-1].slot == 2
    assert len(session.match.actions) == moves + 1
    assert len(session.state.hands[BLUE]) == 1, "the stolen card is in the thief's hand"


def test_table_dice_are_clicked_in_face_by_face(make_app, tmp_path):
    app, session, match = _screen(make_app, tmp_path, None, [Seat(HUMAN), Seat(HUMAN)],
                                  {"dice": "table"})
    click(app, (960, 540))                      # the first hand-over
    assert match.prompt.overlay is not None and match.prompt.overlay.kind == "faces"
    click(app, point(match, ("face", 0, 6)))
    assert session.match.actions == []
    click(app, point(match, ("face", 1, 2)))
    assert session.match.actions[-1].dice == (6, 2)
    assert session.match.actions[-1].chance


def test_the_dice_tumble_to_the_rules_roll_and_a_click_skips_them_unused(
        make_app, tmp_path):
    app, session, match = _screen(make_app, tmp_path, None, [Seat(HUMAN), Seat(AI)])
    advance(session, lambda: session.state.stack[-1][:2] == ("roll", BLUE), 2, session.play)
    match.refresh()
    app.frame()
    click(app, point(match, ("dice",)))
    rolled = next(e for e in reversed(session.history_for(BLUE)) if e.kind == "rolled")
    dice = [a for a in match.animator.queue + match.animator.running
            if isinstance(a, DiceRoll)]
    assert dice and [d.face for d in dice[0].tray.dice] == list(rolled.dice)
    assert match.animator.holding and match.options() == [], "nothing is asked mid-roll"
    assert "rolling" in match.prompt.heading
    tray = DiceRoll(rolled.dice, (0, 0, 0), 7).tray
    while not tray.settled:
        tray.step()
    assert [tray.shown_face(d) for d in tray.dice] == list(rolled.dice), "they settle on it"
    moves = len(session.match.actions)
    click(app, point(match, ("dice",)))
    assert not match.animator.busy, "the click skipped every animation"
    assert len(session.match.actions) == moves, "and chose nothing"
    app.frame()
    assert match.options(), "then the next decision is offered"


def test_cards_and_rockets_fly_without_holding_up_the_next_decision(make_app, tmp_path):
    state = table(("blue", "orange"), blue={"hand": ["+2 Rockets", "Mech"]},
                  orange={"launchpad": 1})
    app, session, match = _screen(make_app, tmp_path, state, [Seat(HUMAN), Seat(AI)])
    click(app, point(match, ("hand", card("+2 Rockets"))))
    press(app, match, "Play +2 Rockets")
    assert match.animator.busy and not match.animator.holding
    assert match.options(), "the next decision is offered while the rockets fly"
    moves = len(session.match.actions)
    click(app, point(match, ("hand", card("Mech"))))
    assert match.picks.card == card("Mech"), "a click during a flight still counts"
    assert len(session.match.actions) == moves


def test_copies_of_a_card_show_as_one_with_their_count_and_everything_has_help(
        make_app, tmp_path):
    state = table(("blue", "orange", "purple", "red"),
                  blue={"hand": ["Mech", "Mech", "Mech", "Agent"], "launchpad": 2,
                        "junkyard": {"orange": 2, "red": 1}},
                  orange={"atmosphere": 3, "space": 4})
    _, _, match = _screen(make_app, tmp_path, state, [Seat(HUMAN)] + [Seat(AI)] * 3)
    hand = [key for key, _ in match.spots.rects if key[0] == "hand"]
    assert sorted(hand) == sorted([("hand", card("Mech")), ("hand", card("Agent"))])
    view = match.current_view()
    kinds = set()
    for key, _ in match.spots.rects:
        kinds.add(key[0])
        assert hover_help(view, key) is not None, f"{key} has no hover help"
    assert {"spot", "token", "section", "junk", "hand_of", "player", "totem", "stop",
            "deck", "pile", "dice", "sector", "hand"} <= kinds


def test_escape_opens_the_in_game_menu(make_app, tmp_path):
    app, _, match = _screen(make_app, tmp_path, None, [Seat(HUMAN), Seat(AI)])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode=""))
    app.frame()
    assert isinstance(app.scenes.top, PauseScene) and app.scenes.top.match is match


def test_the_final_scores_lie_over_the_grid_and_can_be_put_aside(make_app, tmp_path):
    match_state = new_match("blastbots", 2, "standard", 5).state
    rules = new_match("blastbots", 2, "standard", 5).spec.rules
    while not rules.is_over(match_state):
        seat = rules.to_act(match_state)[0]
        rules.apply(match_state, rules.legal_actions(match_state, seat)[-1])
    app, _, match = _screen(make_app, tmp_path, match_state, [Seat(HUMAN), Seat(AI)])
    match.layout()
    app.frame()
    assert match.prompt.heading.startswith("Game over.")
    assert ("cover",) in [key for key, _ in match.spots.rects]
    press(app, match, "Show the board")
    assert ("cover",) not in [key for key, _ in match.spots.rects]
    assert [b.label for b in match.buttons] == ["Title screen", "Show the scores"]


@pytest.mark.parametrize("seat", [BLUE, ORANGE])
def test_opening_draws_are_one_log_line_per_player(seat):
    events = [Drew(BLUE, 0, (card("Mech"),)), Drew(BLUE, 2, (card("+1 Rocket"),)),
              Drew(ORANGE, 1, (-2,)), Drew(ORANGE, 1, (-2,)), Rolled(BLUE, (3, 4), 7)]
    view = table(("blue", "orange"))
    lines = describe_all(events, view)
    assert lines[:2] == ["Orange draws Mech and +1 Rocket.", "Blue draws 2 Discovery cards."]
    assert lines[2].startswith("Orange rolls 3 + 4 = 7")


def test_cards_to_discard_are_all_clicked_then_thrown_away_together(make_app, tmp_path):
    hand = ["Kaboomer", "Kaboomer", "Agent", "Mech", "Teleporter", "+1 Rocket",
            "+2 Rockets", "Agent", "Mech"]
    state = table(("blue", "orange"), blue={"hand": hand})
    app, session, match = _screen(make_app, tmp_path, state, [Seat(HUMAN), Seat(AI)])
    press(app, match, "End turn (discard 2 first)")
    assert session.state.stack[-1][0] == "limit"
    click(app, point(match, ("hand", card("Kaboomer"))))
    assert match.prompt.discarding == (card("Kaboomer"),)
    assert not [b for b in match.buttons if b.label.startswith("Discard")], "one is too few"
    moves = len(session.match.actions)
    click(app, point(match, ("hand", card("Kaboomer"))))
    assert len(session.match.actions) == moves, "picking plays nothing yet"
    assert match.prompt.discarding == (card("Kaboomer"),) * 2
    assert ("hand", card("Agent")) not in match.prompt.lit, "two is all the limit asks"
    press(app, match, "Discard 2 cards")
    discards = [a for a in session.match.actions[moves:] if a.kind == "discard"]
    assert [a.card for a in discards] == [card("Kaboomer")] * 2
    assert sorted(session.state.hands[BLUE]) == sorted(card(n) for n in hand[2:])


def test_a_trade_takes_three_clicked_cards_and_choose_again_forgets_them(make_app, tmp_path):
    state = table(("blue", "orange"), blue={"hand": ["Agent", "Mech", "Teleporter",
                                                     "+1 Rocket"]})
    app, session, match = _screen(make_app, tmp_path, state, [Seat(HUMAN), Seat(AI)])
    press(app, match, "Trade")
    click(app, point(match, ("hand", card("Agent"))))
    press(app, match, "Choose again")
    assert match.prompt.discarding == ()
    for name in ("Mech", "Teleporter", "+1 Rocket"):
        click(app, point(match, ("hand", card(name))))
    assert not any(key[0] == "hand" for key in match.prompt.lit), "three is the price"
    press(app, match, "Discard 3 cards")
    assert session.state.hands[BLUE] == [card("Agent")]
    assert session.state.stack[-1][0] != "discard", "the trade goes on to its draw"


def test_the_board_shows_every_players_tokens_sections_totem_and_the_three_decks(
        make_app, tmp_path):
    state = table(("blue", "orange", "purple", "red"),
                  blue={"launchpad": 1, "atmosphere": 2, "space": 3,
                        "junkyard": {"orange": 1, "red": 2}, "totem": 4},
                  purple={"junkyard": {"blue": 1}, "totem": 9},
                  discards={"battle": {"before": ["Mech"]}})
    _, _, match = _screen(make_app, tmp_path, state, [Seat(HUMAN)] + [Seat(AI)] * 3)
    drawn = {key for key, _ in match.spots.rects}
    for seat in range(4):
        for code in set(state.tokens[seat]):
            assert ("token", seat, code) in drawn, f"{seat}'s token on {code} is not shown"
        for section in (FACTORY, LAUNCHPAD, ATMOSPHERE, SPACE):
            assert ("section", seat, section) in drawn
        assert ("totem", seat) in drawn
    assert {("junk", BLUE, ORANGE), ("junk", BLUE, RED), ("junk", PURPLE, BLUE)} <= drawn
    assert {("deck", d) for d in range(3)} | {("pile", d) for d in range(3)} <= drawn
    view = match.current_view()
    assert "4" in hover_help(view, ("totem", BLUE)) and "9" in hover_help(view, ("totem", PURPLE))


def test_moves_are_heard_a_wreck_a_launch_and_impact(make_app, tmp_path, monkeypatch):
    app, _, match = _screen(make_app, tmp_path, _attack_on_orange(False),
                            [Seat(HUMAN), Seat(HUMAN)])
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    match.play(Play(BLUE, card("Kaboomer"), LAUNCHPAD, ORANGE, ""))
    assert heard == ["click"]
    heard.clear()
    match.play(Pass(ORANGE))
    assert "destroy" in heard, "rockets blown off a Launchpad are heard breaking"
    playing = match.animator.queue + match.animator.running
    assert any(isinstance(a, Burst) for a in playing), "and seen bursting"
    launch = Rockets(BLUE, BLUE, "launchpad", BLUE, "atmosphere", 2)
    assert MatchScene.sound(launch) == "launch"
    flights = effects_for([launch], match.spots, BLUE, [10, 10], 1)
    assert len(flights) == 2 and all(isinstance(f, RocketFlight) and f.flame for f in flights)
    assert MatchScene.sound(TotemMoved(BLUE, 0, "surge")) == "impact"
    assert MatchScene.sound(TotemMoved(BLUE, 3, "surge")) == "rotate"


def test_while_the_dice_tumble_the_board_and_log_do_not_give_the_roll_away(
        make_app, tmp_path, monkeypatch):
    app, session, match = _screen(make_app, tmp_path, None, [Seat(HUMAN), Seat(AI)])
    advance(session, lambda: session.state.stack[-1][:2] == ("roll", BLUE), 2, session.play)
    match.refresh()
    app.frame()
    before, logged = match.current_view(), len(session.history_for(BLUE))

    def rolls() -> int:
        return sum("rolls" in line for line in map(str, match.log.entries))

    told = rolls()
    drawn: list = []
    real = match_module.draw_board

    def spy(surface, view, *rest):
        drawn.append(view)
        return real(surface, view, *rest)

    monkeypatch.setattr(match_module, "draw_board", spy)
    click(app, point(match, ("dice",)))
    app.frame()
    assert match.animator.holding
    assert drawn[-1] is before, "the board stands as it was before the roll"
    assert len(match.shown()[1]) == logged and len(session.history_for(BLUE)) > logged
    assert rolls() == told, "the log waits too"
    click(app, NEUTRAL)
    app.frame()
    assert drawn[-1].dice == session.state.dice, "once they settle, the roll shows"
    assert rolls() == told + 1
