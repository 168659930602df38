"""Fixtures for the client's table: virtual boards, a client whose Table lists ports
only when told to, links keeping the real timeouts on a fake clock, and Blastbots'
table mapping with rules of turns standing in for its rules."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from types import SimpleNamespace

import pytest

from game.app import App
from game.rules.goblins import engine
from game.scenes.goblins.match import MatchScene
from game.scenes.handover import HandoverScene
from game.session import Session
from game.table import Table
from hardware.controller_sim import VirtualDevice
from hardware.ports import PortInfo
from tests.hardware.helpers import PATIENCE, FakeClock
from tests.table import roll_rules


def run_until(condition: Callable[[], object], step: Callable[[], None],
              limit: float = PATIENCE) -> None:
    """Run ``step`` (a frame) until ``condition`` holds; the limit only ends a broken run."""
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        step()
        time.sleep(0.005)


def connect(app: App, clock: FakeClock, condition: Callable[[], object]) -> None:
    """Run frames until ``condition``. A board's boot HELLO may be flushed as its port
    opens (a pty cannot see the host open it, and a busy host may be slow): such links,
    waiting for a HELLO, are moved on half the HELLO timeout on their clock, so they
    ask ?HELLO (and a link pausing between retries tries again)."""
    deadline = time.monotonic() + PATIENCE
    nudged = time.monotonic()
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        app.frame()
        time.sleep(0.005)
        waiting = [b for b in app.table.boards if b.link.status in ("open", "lost")]
        if waiting and time.monotonic() - nudged > 0.3:
            clock.advance(waiting[0].link.hello_timeout / 2 + 0.01)
            nudged = time.monotonic()


def open_match(app: App, session: Session) -> MatchScene:
    """The match on screen, its first hot-seat hand-over (if any) clicked through."""
    match = MatchScene(app, session)
    app.scenes.push(match)
    if isinstance(app.scenes.top, HandoverScene):
        app.scenes.top.confirm()
    return match


def to_phase(session: Session, phase: str, seed: int = 2) -> None:
    """Drive the match with random legal moves until ``phase``."""
    chooser = random.Random(seed)
    state = session.match.state
    while state.phase != phase:
        seat = chooser.choice(engine.to_act(state))
        session.play(chooser.choice(engine.legal_actions(state, seat)))


class Ports:
    """The USB port listing the Table sees: set by the test."""

    def __init__(self) -> None:
        self.listing: list[PortInfo] = []

    def __call__(self) -> list[PortInfo]:
        return list(self.listing)


@pytest.fixture
def devices() -> Iterator[Callable[..., VirtualDevice]]:
    made: list[VirtualDevice] = []

    def make(role: str, uid: str, *, pty: bool = False, **options) -> VirtualDevice:
        device = VirtualDevice(role, uid, heartbeat=0.05, **options)
        if pty:
            device.open_pty()
        else:
            device.listen()
        made.append(device)
        return device

    yield make
    for device in made:
        device.close()


@pytest.fixture
def clock() -> FakeClock:
    """The links' clock: it moves only when a test moves it."""
    return FakeClock()


@pytest.fixture
def ports() -> Ports:
    return Ports()


@pytest.fixture
def app(make_app, clock, ports) -> App:
    application = make_app()
    application.table.close()
    application.table = Table([], ports=ports, scan_every=None, clock=clock)
    return application




@pytest.fixture
def blastbots() -> SimpleNamespace:
    return roll_rules.blastbots()
