"""Blastbots at the table, through the client's frame loop: a virtual two-dice tray bound
to the shared ``dice`` role reads each settled roll in as the roller's TableRoll (a
person's or a bot's), asks for no hand-over, shows what it reads beside the faces to
click, and the faces can still be clicked when the tray is not used. Links keep the
real timeouts on a fake clock."""

from __future__ import annotations

from game.rules.blastbots.actions import TableRoll
from game.scenes.blastbots import match as match_module
from game.scenes.blastbots.match import MatchScene
from game.scenes.blastbots.words import who
from game.scenes.handover import HandoverScene
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session
from tests.scenes.blastbots.clicker import NEUTRAL, point
from tests.scenes.clicker import click
from tests.table.conftest import connect, run_until


def _match(app, tmp_path, seats, seed=5, bots=None) -> tuple[Session, MatchScene]:
    session = Session.new("blastbots", seats, "standard", seed, tmp_path,
                          options={"dice": "table"}, bots=bots)
    match = MatchScene(app, session)
    app.scenes.push(match)
    if isinstance(app.scenes.top, HandoverScene):
        app.scenes.top.confirm()
    return session, match


def _tray(app, devices, clock):
    tray = devices("dice2d6", "00D6")
    app.table.bind(app.table.add(tray.url), "dice")
    connect(app, clock, lambda: tray.led == "turn")
    return tray


def _roll(app, tray, session, faces: tuple[int, int]) -> TableRoll:
    """Dice thrown into the tray, tumbling, then lying still; the move it made."""
    moves = len(session.match.actions)
    tray.set("d0", "R-")
    tray.set("d1", "R-")
    tray.set("d0", f"S{faces[0]}")
    tray.set("d1", f"S{faces[1]}")
    run_until(lambda: len(session.match.actions) > moves, app.frame)
    assert len(session.match.actions) == moves + 1, "one settled roll, one move"
    action = session.match.actions[moves]
    assert isinstance(action, TableRoll)
    return action


def test_the_tray_reads_every_roll_off_for_the_person_and_the_bots(app, devices, tmp_path,
                                                                   clock):
    session, match = _match(app, tmp_path, [Seat(HUMAN), Seat(AI), Seat(AI)])
    tray = _tray(app, devices, clock)
    assert session.to_act() == (0,)
    app.frame()
    assert match.decider == 0 and match.prompt.overlay is not None
    assert match.prompt.overlay.kind == "faces", "the faces stay clickable beside the tray"
    assert "tray" in match.prompt.heading
    assert _roll(app, tray, session, (2, 5)) == TableRoll(0, (2, 5)), "well 0's face first"
    for seat, faces in ((1, (6, 4)), (2, (3, 3))):
        run_until(lambda seat=seat: session.to_act() == (seat,), app.frame)
        assert session.seats[seat].is_ai
        assert _roll(app, tray, session, faces) == TableRoll(seat, faces)
    run_until(lambda: tray.flashes == 3, app.frame)
    assert session.state.phase != "first", "the roll-off is over"


def test_dice_left_in_the_tray_never_count_twice(app, devices, tmp_path, clock):
    session, _ = _match(app, tmp_path, [Seat(HUMAN), Seat(AI)], bots=StillBots())
    tray = _tray(app, devices, clock)
    _roll(app, tray, session, (4, 4))
    run_until(lambda: session.to_act() == (1,), app.frame)
    moves = len(session.match.actions)
    for _ in range(20):
        app.frame()
    assert len(session.match.actions) == moves, "the last roll still lies in the tray"
    assert _roll(app, tray, session, (1, 2)) == TableRoll(1, (1, 2))


def test_a_hot_seat_roll_at_the_tray_needs_no_hand_over(app, devices, tmp_path, clock):
    session, match = _match(app, tmp_path, [Seat(HUMAN), Seat(HUMAN)])
    tray = _tray(app, devices, clock)
    _roll(app, tray, session, (5, 6))
    run_until(lambda: session.to_act() == (1,) and not match.animator.busy,
              lambda: click(app, NEUTRAL))
    app.frame()
    assert app.scenes.top is match, "the second roll is read in by the tray: no hand-over"
    assert match.decider == 1 and match.viewer == 0
    assert match.prompt.heading.startswith(f"{who(1)}: roll both dice in the table's tray")
    assert _roll(app, tray, session, (2, 3)) == TableRoll(1, (2, 3))


def test_the_faces_clicked_on_screen_still_count_and_the_tray_reading_is_shown(
        app, devices, tmp_path, clock, monkeypatch):
    written: list[str] = []
    real = match_module.blit_text

    def spy(surface, text, *rest, **named):
        written.append(text)
        return real(surface, text, *rest, **named)

    monkeypatch.setattr(match_module, "blit_text", spy)
    session, match = _match(app, tmp_path, [Seat(HUMAN), Seat(AI)], bots=StillBots())
    tray = _tray(app, devices, clock)
    tray.set("d0", "R-")
    run_until(lambda: "The tray's dice are moving..." in written, app.frame)
    tray.set("d0", "S6")
    written.clear()
    run_until(lambda: "The tray reads 6." in written, app.frame)
    assert session.match.actions == [], "one die is not a roll"
    click(app, point(match, ("face", 0, 3)))
    click(app, point(match, ("face", 1, 4)))
    assert session.match.actions == [TableRoll(0, (3, 4))]


def test_without_a_tray_the_screen_asks_for_the_faces(app, tmp_path):
    session, match = _match(app, tmp_path, [Seat(HUMAN), Seat(AI)], bots=StillBots())
    app.frame()
    assert match.decider == 0 and "tray" not in match.prompt.heading
    click(app, point(match, ("face", 0, 1)))
    click(app, point(match, ("face", 1, 6)))
    assert session.match.actions == [TableRoll(0, (1, 6))]


def test_a_tray_pulled_out_is_said_and_its_roll_goes_back_to_the_screen(
        app, devices, tmp_path, clock, monkeypatch):
    written: list[str] = []
    real = match_module.blit_text

    def spy(surface, text, *rest, **named):
        written.append(text)
        return real(surface, text, *rest, **named)

    monkeypatch.setattr(match_module, "blit_text", spy)
    session, match = _match(app, tmp_path, [Seat(HUMAN), Seat(AI)], bots=StillBots())
    tray = _tray(app, devices, clock)
    app.frame()
    assert "tray" in match.prompt.heading
    tray.unplug()
    run_until(lambda: app.table.notes(0), app.frame)
    written.clear()
    app.frame()
    assert any(line.startswith(f"{who(0)}: ") and "lost" in line for line in written), \
        "the board's trouble is said on the match screen"
    assert "tray" not in match.prompt.heading, "the roll is the screen's again"
    click(app, point(match, ("face", 0, 2)))
    click(app, point(match, ("face", 1, 2)))
    assert session.match.actions == [TableRoll(0, (2, 2))]
