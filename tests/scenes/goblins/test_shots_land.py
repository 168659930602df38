"""The end of every combat round is seen: the yards keep the board from before a burst
of hits until each shot lands, and the score and team-up screens wait until every
animation has played. A 2-seat match is driven headless through the match screen,
every seat played by an in-process normal bot."""

from __future__ import annotations

import pytest

from game.ai.bots import make_bot
from game.rules.goblins.follow import follow
from game.rules.goblins.geometry import edge_side
from game.scenes.goblins import match as match_module
from game.scenes.goblins.effects import Shot
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.score import FinalScene, ScoreScene
from game.scenes.goblins.shots import line_words
from game.scenes.goblins.teamup import TeamUpScene
from game.scenes.handover import HandoverScene
from game.scenes.still import StillBots
from game.session import AI, HUMAN, Seat, Session

SCREENS = (ScoreScene, TeamUpScene, FinalScene)
STEP = 1 / 120


def tiles(robot) -> list:
    return [t.index if t is not None else None for t in robot.tiles]


class InlineBots:
    """Normal bots answering at once in this process (the session's bot host)."""

    def __init__(self) -> None:
        self.bots = [make_bot("goblins", "normal", 70 + seat) for seat in range(2)]
        self.answer = None

    def submit(self, seat: int, view) -> None:
        self.answer = self.bots[seat].choose(view, seat)

    def collect(self, wait: float = 0.0):
        answer, self.answer = self.answer, None
        return answer

    def close(self) -> None:
        """Nothing to stop."""


@pytest.fixture(params=["clicks", "bot", "hotseat"])
def table(request, make_app, tmp_path, monkeypatch):
    """Seat 1's moves come as clicks on the screen, from the session's bot host, or
    from a second human at the same screen (hot-seat, with hand-overs)."""
    app = make_app()
    host = InlineBots() if request.param == "bot" else StillBots()
    second = Seat(HUMAN) if request.param == "hotseat" else Seat(AI)
    session = Session.new("goblins", [Seat(HUMAN), second], "standard", 7, tmp_path,
                          bots=host)
    match = MatchScene(app, session)
    pushes: list[tuple[str, bool]] = []
    push = app.scenes.push

    def recording(scene) -> None:
        pushes.append((type(scene).__name__, match.animator.busy))
        push(scene)

    monkeypatch.setattr(app.scenes, "push", recording)
    drawn: list[tuple[tuple[int, int], list]] = []
    draw_yard = match_module.draw_yard

    def recording_yard(surface, yard, robot, *rest, **named) -> None:
        drawn.append((yard.topleft, tiles(robot)))
        draw_yard(surface, yard, robot, *rest, **named)

    monkeypatch.setattr(match_module, "draw_yard", recording_yard)
    app.scenes.push(match)
    return app, session, match, pushes, drawn, request.param


def _check_burst(app, match: MatchScene, drawn: list, before, burst: list) -> int:
    """A burst of events with hits was just absorbed: the yards show ``before`` (the
    view before the move), and each shot's square changes only when that shot lands.
    Returns the shots seen."""
    shots = [a for a in match.animator.queue if isinstance(a, Shot)]
    for k, shot in enumerate(shots):
        hit = shot.event
        while shot not in match.animator.running:
            match.update(STEP)
        expected = before.clone()
        for event in burst[:burst.index(hit)]:
            follow(expected, event)
        robot = match.current_view().teams[hit.team].robot
        assert tiles(robot) == tiles(expected.teams[hit.team].robot), \
            f"shot {k + 1} in flight: the board as it was before it"
        drawn.clear()
        match.draw(app.screen)
        assert [t for at, t in drawn if at == shot.yard.topleft] == [tiles(robot)], \
            "and it is drawn"
        history = match.session.history_for(match.viewer)
        told = history[:len(history) - len(burst) + burst.index(hit)]
        assert [text for text, _ in match.log.view.entries] == \
            match.log.texts(match.viewer, told), "the log tells nothing the board has not shown"
        owner = "your" if shot.yard == match.own_yard else "their"
        side = edge_side(expected.teams[hit.team].robot.front, hit.edge)
        assert shot.words == line_words(owner, side, hit.face), "named as the log names it"
        if hit.outcome == "destroyed":
            assert robot.tiles[hit.square] is not None, "its target still stands"
        while not shot.spawned:
            match.update(STEP)
        landed = match.current_view().teams[hit.team].robot
        if hit.outcome == "destroyed":
            assert all(landed.tiles[sq] is None for sq in hit.destroyed), "it landed"
        assert app.scenes.top is match, "no screen covers the shots"
    return len(shots)


def test_hits_land_on_the_shown_board_before_any_score_or_team_up(table):
    app, session, match, pushes, drawn, mode = table
    bots = [make_bot("goblins", "normal", 70 + seat) for seat in range(2)]
    bursts = shots = polled = 0
    for _ in range(20_000):
        top = app.scenes.top
        if isinstance(top, FinalScene):
            break
        if isinstance(top, SCREENS):
            app.scenes.pop()
            continue
        if isinstance(top, HandoverScene):
            app.scenes.pop()
            match.take_over(top.seat)
            match.refresh()
            continue
        if match.animator.busy:
            match.update(STEP)
            continue
        due = session.to_act()
        seat = match.viewer if match.viewer in due else due[0]
        before = session.view(match.viewer)
        seen = len(session.history_for(match.viewer))
        clicked = seat in session.humans_to_act() or mode == "clicks"
        if clicked:
            match.apply(bots[seat].choose(session.view(seat), seat))
        else:
            match.update(STEP)  # the bot's move lands through the session's poll
        if any(isinstance(a, Shot) for a in match.animator.queue):
            polled += not clicked
            bursts += 1
            burst = list(session.history_for(match.viewer)[seen:])
            shots += _check_burst(app, match, drawn, before, burst)
    else:
        pytest.fail("the match did not end")
    assert bursts >= 2 and shots >= 4
    assert polled if mode == "bot" else not polled, "bursts from the bot's moves too"
    covering = [(name, busy) for name, busy in pushes if name in
                ("ScoreScene", "TeamUpScene", "FinalScene", "HandoverScene")]
    assert covering and not any(busy for _, busy in covering), covering
    assert ("HandoverScene" in dict(covering)) == (mode == "hotseat")
    names = [name for name, _ in covering if name != "HandoverScene"]
    team_ups = ["TeamUpScene"] * (2 if mode == "hotseat" else 1)
    assert names == [*team_ups, "ScoreScene", *team_ups, "FinalScene", "ScoreScene"], \
        "each round's scores (the last on top of the standings) before the next team-up"
