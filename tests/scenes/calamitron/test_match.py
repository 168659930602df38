"""The Calamitron match screen: the rail takes only the rules' legal edits (drag on,
along, off, right-click, Clear, Lock, Suggest), the preview path is where the round
really takes the Retro, the playback shows the board from before until it reaches each
step, the clock is read only when the session has one, and hover help names what is
under the pointer."""

from __future__ import annotations

import threading

import pytest

from game.ai.budget import Budget
from game.ai.calamitron.levels import suggest
from game.rules.calamitron import events as ev
from game.rules.calamitron.actions import Lock, Pick, Put
from game.rules.calamitron.geometry import parse_square
from game.rules.calamitron.state import PROGRAM, RUN
from game.scenes.calamitron import hint as hint_module
from game.scenes.calamitron import match as match_module
from game.scenes.calamitron.layout import counter_rect, slot_rect, square_rect
from game.scenes.calamitron.match import MatchScene
from game.scenes.calamitron.panels import INSTRUCTION_ORDER
from game.scenes.handover import HandoverScene
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session
from game.ui.tooltip import draw_tooltip
from tests.scenes.calamitron.clicker import press
from tests.scenes.clicker import click, drag

SEED = 11


def _match(make_app, tmp_path, seats=None, seed=SEED, retro="treadbot", timer="shared"):
    """Seat 0 (human) and seat 1 (an AI seat played by hand here) have picked; seat 0
    programs with seat 1 already locked on an empty program."""
    app = make_app()
    session = Session.new("calamitron", seats or [Seat(HUMAN), Seat(AI, "easy")], "standard",
                          seed, tmp_path, {"timer": timer}, bots=StillBots())
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.step()  # fixed steps, not bare frames, which may fall inside a step's lag
    if isinstance(app.scenes.top, HandoverScene):  # a hot-seat match opens on it
        click(app, (960, 540))
    press(app, match, retro.capitalize())
    session.play(Pick(1, "treadbot"))
    if session.seats[1].is_ai:
        session.play(Lock(1))
    app.step()
    match.skip()  # the Retros rolling up to their doors
    return app, match


def _tray(word: str) -> tuple[int, int]:
    return counter_rect(INSTRUCTION_ORDER.index(word)).center


def _program(match: MatchScene) -> tuple[str, ...]:
    return match.session.state.programs[0]


def test_counters_dragged_on_along_and_off_the_rail_are_the_rules_edits(make_app, tmp_path):
    app, match = _match(make_app, tmp_path)
    assert match.session.state.phase == PROGRAM and match.editable() == [0]
    drag(app, _tray("M1"), slot_rect(0, 0).center)
    drag(app, _tray("L"), slot_rect(0, 3).center)  # past the end: goes on the end
    drag(app, _tray("M2"), slot_rect(0, 1).center)  # between: the later one shifts on
    assert _program(match) == ("M1", "M2", "L")
    drag(app, slot_rect(0, 2).center, slot_rect(0, 1).center)
    assert _program(match) == ("M1", "L", "M2")
    drag(app, slot_rect(0, 1).center, (400, 500))  # off the rail, onto the board
    assert _program(match) == ("M1", "M2")
    click(app, slot_rect(0, 1).center, button=3)
    assert _program(match) == ("M1",)
    press(app, match, "Clear")
    assert _program(match) == ()
    kinds = [a.kind for a in match.session.match.actions if a.seat == 0]
    assert kinds[1:] == ["put", "put", "put", "take", "put", "take", "take", "clear"]


def test_an_edit_the_rules_refuse_is_not_made(make_app, tmp_path):
    app, match = _match(make_app, tmp_path)
    drag(app, _tray("L"), slot_rect(0, 0).center)
    assert _program(match) == (), "a Retro outside must roll in with a move first"
    assert app.notice == ("Turn left cannot go there: a Retro waiting outside must start "
                          "with Move 1, 2 or 3 to come in.")
    for word in ("M1", "U", "B2", "M3"):
        drag(app, _tray(word), slot_rect(0, 5).center)
    assert _program(match) == ("M1", "U", "B2", "M3")
    drag(app, _tray("shove"), slot_rect(0, 5).center)
    assert _program(match) == ("M1", "U", "B2", "M3"), "a Treadbot takes three loaders"
    assert app.notice == ("Shove cannot go there: a Treadbot runs at most 3 loader counters "
                          "(Move 3, Back up 2, U-turn and Shove).")
    drag(app, _tray("program"), slot_rect(0, 5).center)
    assert app.notice.endswith("a Treadbot runs no hacker counters (Program).")
    assert "shove" not in match.usable() and "M1" in match.usable()
    drag(app, slot_rect(0, 0).center, slot_rect(0, 3).center)
    assert _program(match) == ("M1", "U", "B2", "M3"), "the entering move stays first"
    drag(app, slot_rect(0, 3).center, slot_rect(0, 0).center)
    assert _program(match) == ("M3", "M1", "U", "B2"), "another move may enter instead"
    click(app, slot_rect(0, 1).center, button=3)
    assert _program(match) == ("M3", "U", "B2")
    click(app, slot_rect(0, 0).center, button=3)
    assert _program(match) == ("M3", "U", "B2"), "what is left would not roll in"
    assert app.notice == ("That counter cannot come off: a Retro waiting outside must start "
                          "with Move 1, 2 or 3 to come in.")
    for word in ("L", "R", "M1", "M2"):
        drag(app, _tray(word), slot_rect(0, 5).center)
    assert _program(match) == ("M3", "U", "B2", "L", "R", "M1")
    assert app.notice == "Move 2 cannot go there: this program holds at most 6 counters."


def test_a_tray_counter_clicked_goes_on_the_end_and_lock_makes_it_final(make_app, tmp_path):
    app, match = _match(make_app, tmp_path)
    click(app, _tray("M2"))
    click(app, _tray("R"))
    assert _program(match) == ("M2", "R")
    press(app, match, "Lock")
    assert match.session.match.actions[-1] == Lock(0)
    assert match.session.state.round == 2, "both locked: the round ran"
    assert match.editable() == [], "nothing is edited while the round plays back"


def test_suggest_fills_the_rail_with_the_ai_program(make_app, tmp_path, monkeypatch):
    monkeypatch.setattr(match_module, "SUGGEST_BUDGET", Budget(iterations=120))
    # the hint is planned on a thread beside the frame; with no seconds it is the same
    # program every time
    gate = threading.Event()
    planned = hint_module.suggest

    def held(*args):
        gate.wait(60)  # still thinking until the screen has been looked at
        return planned(*args)

    monkeypatch.setattr(hint_module, "suggest", held)
    app, match = _match(make_app, tmp_path)
    click(app, _tray("M1"))
    wanted = suggest(match.current_view(), 0, Budget(iterations=120))
    assert wanted, "the AI finds a program worth running here"
    press(app, match, "Suggest")
    assert match.hinting is not None and button_label(match, "Thinking") == "Thinking..."
    gate.set()
    match.hinting.wait(60)
    app.step()  # a fixed step, whatever the frame's lag
    assert match.hinting is None
    assert _program(match) == wanted
    assert match.session.state.phase == PROGRAM, "a suggestion is not locked"


def test_the_preview_path_is_where_the_round_takes_the_retro(make_app, tmp_path):
    app, match = _match(make_app, tmp_path)
    for word in ("M2", "R", "M1"):
        click(app, _tray(word))
    path = match.paths()[0]
    assert path.points[0] == match.session.state.seat_retro(0).at
    assert len(path.points) >= 3
    events = match.session.play(Lock(0))
    retro = match.session.state.retro[0]
    at, running, seen = None, False, []
    for event in events:
        if isinstance(event, ev.Began):
            running = event.seat == 0 and event.what == "program"
        if isinstance(event, ev.Moved) and event.piece == retro and running:
            square = parse_square(event.at)
            if square != at:
                seen.append(square)
                at = square
    assert list(path.points[1:]) == seen


def test_playback_shows_the_board_from_before_until_it_reaches_each_step(make_app, tmp_path):
    app, match = _match(make_app, tmp_path)
    before = {k: p.at for k, p in match.current_view().pieces.items()}
    click(app, _tray("M3"))
    press(app, match, "Lock")
    assert match.session.state.phase in (PROGRAM, RUN)
    assert match.playback.active
    shown = {k: p.at for k, p in match.shown()[1].items()}
    assert shown == before, "nothing has moved on screen yet"
    assert match.prompt.choices == [] and match.editable() == []
    history = match.session.history_for(0)
    assert match.shown()[3] < len(history), "the log waits for the playback"
    assert button_label(match, "Speed") == "Speed 1x"
    press(app, match, "Speed")
    press(app, match, "Speed")
    assert match.playback.speed == 4 and button_label(match, "Speed") == "Speed 4x"
    moves = 0
    while match.playback.active and moves < 200:
        match.play_back(0.05)
        moves += 1
    assert not match.playback.active
    now = {k: p.at for k, p in match.current_view().pieces.items()}
    assert {k: p.at for k, p in match.shown()[1].items()} == now


def test_skip_jumps_to_the_end(make_app, tmp_path):
    app, match = _match(make_app, tmp_path)
    click(app, _tray("M2"))
    press(app, match, "Lock")
    assert match.playback.active
    press(app, match, "Skip")
    assert not match.playback.active
    assert match.shown()[1] is match.current_view().pieces


def test_a_fall_into_a_pit_tumbles_with_a_sound(make_app, tmp_path, monkeypatch):
    played: list[str] = []
    app, match = _match(make_app, tmp_path)
    monkeypatch.setattr(app.sounds, "play", played.append)
    retro = match.current_view().seat_retro(0)
    pit = sorted(match.session.state.board.pits)[0]
    match.playback.begin(match.current_view(), 0)
    match.playback.add([ev.Moved(retro.id, f"{pit[0]},{pit[1]}", "N", "step"),
                        ev.Removed(retro.id, "pit")])
    for _ in range(30):
        match.play_back(1 / 30)
        if match.tumble is not None:
            break
    assert match.tumble is not None and match.tumble.piece.id == retro.id
    start = match.tumble.body.position
    match.play_back(0.1)
    assert match.tumble.body.position != start or match.tumble.body.angle != 0
    assert "token" in played and "destroy" in played
    app.frame()  # drawn mid-fall without error


def test_the_turns_clock_lets_only_the_open_window_edit(make_app, tmp_path):
    app, match = _match(make_app, tmp_path, seats=[Seat(HUMAN), Seat(HUMAN)], timer="turns")
    session = match.session
    opened = list(session.clock.open_seats())
    assert len(opened) == 1 and match.editable() == opened
    left = session.clock.left(opened[0])
    app.step()  # one fixed step: a bare frame may fall inside the first step's lag
    assert session.clock.left(opened[0]) < left, "the match screen runs the clock"


def test_when_a_window_runs_out_the_next_seat_edits(make_app, tmp_path):
    app, match = _match(make_app, tmp_path, seats=[Seat(HUMAN), Seat(HUMAN)], timer="turns")
    session = match.session
    first = session.clock.open_seats()[0]
    other = 1 - first
    session.tick(session.clock.left(first) + 0.5)
    app.step()  # a fixed step, whatever the frame's lag
    assert session.state.locked[first], "the timer locked the program as it stood"
    assert match.editable() == [other] and match.focus == other
    click(app, _tray("M1"))
    assert session.state.programs[other] == ("M1",) and session.state.programs[first] == ()


def test_two_humans_share_the_screen_with_no_hand_over_during_play(make_app, tmp_path):
    app, match = _match(make_app, tmp_path, seats=[Seat(HUMAN), Seat(HUMAN)])
    assert match.editable() == [0, 1]
    click(app, slot_rect(1, 0).center)  # a click on the other rail moves the focus
    click(app, _tray("M2"))
    assert match.session.state.programs[1] == ("M2",)
    assert app.scenes.top is match


@pytest.mark.parametrize("what", ["pit", "bot"])
def test_hover_help_names_the_square_and_the_bot(make_app, tmp_path, what):
    _, match = _match(make_app, tmp_path)
    view = match.current_view()
    if what == "pit":
        square = sorted(view.board.pits)[0]
        text = match.tooltip(square_rect(square).center, view, view.pieces)
        assert text is not None and "pit" in text[0]
    else:
        rogue = next(p for p in view.pieces.values() if not p.is_retro and not p.is_crate)
        text = match.tooltip(square_rect(rogue.at).center, view, view.pieces)
        assert text is not None and view.cat.rogues[rogue.kind].text in text[0]


def button_label(match: MatchScene, prefix: str) -> str:
    return next(b.label for b in match.buttons if b.label.startswith(prefix))


def test_a_put_is_offered_only_where_the_rules_list_it(make_app, tmp_path):
    _, match = _match(make_app, tmp_path)
    legal = {a.word for a in match.session.rules.legal_actions(match.current_view(), 0)
             if isinstance(a, Put)}
    assert match.usable() == legal


def test_a_hint_for_a_rail_changed_meanwhile_is_dropped(make_app, tmp_path, monkeypatch):
    monkeypatch.setattr(match_module, "SUGGEST_BUDGET", Budget(iterations=60))
    gate = threading.Event()
    planned = hint_module.suggest

    def held(*args):
        gate.wait(60)  # the plan is still being worked out until the edit is in
        return planned(*args)

    monkeypatch.setattr(hint_module, "suggest", held)
    app, match = _match(make_app, tmp_path)
    press(app, match, "Suggest")
    hinting = match.hinting
    assert hinting is not None and not hinting.done
    match.session.play(Put(0, 0, "M1"))  # as if dragged while the hint was planned
    gate.set()
    hinting.wait(60)
    app.step()  # a fixed step, whatever the frame's lag
    assert match.hinting is None and _program(match) == ("M1",)
    assert "changed while" in app.notice


def test_a_buttons_help_covers_none_of_the_other_buttons(make_app, tmp_path):
    app = make_app()
    session = Session.new("calamitron", [Seat(HUMAN), Seat(AI, "easy")], "standard", SEED,
                          tmp_path, bots=StillBots())
    match = MatchScene(app, session)
    app.scenes.push(match)
    app.step()
    if isinstance(app.scenes.top, HandoverScene):
        click(app, (960, 540))
    view = match.current_view()
    helped = [b for b in match.buttons if b.tooltip]
    assert len(helped) >= 4, "the Retro types and the row under the tray explain themselves"
    for button in helped:
        text, anchor = match.tooltip(button.rect.center, view, view.pieces)
        assert text == button.tooltip
        box = draw_tooltip(app.screen, text, button.rect.center, anchor)
        assert box.collidelist([b.rect for b in match.buttons]) == -1, button.label
