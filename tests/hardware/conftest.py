"""Fixtures for the hardware tests: a virtual board, a link to it on a fake clock, a
count of port opens, and thread errors."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from hardware.controller_sim import VirtualDevice
from hardware.link import Link
from tests.hardware.helpers import EventLog, FakeClock, handshake, wait_for


@pytest.fixture
def thread_errors(monkeypatch) -> list[threading.ExceptHookArgs]:
    """Exceptions that escaped any thread during the test."""
    errors: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", errors.append)
    return errors


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["socket", "pty"])
def transport(request) -> str:
    return request.param


@pytest.fixture
def board(transport) -> Iterator[VirtualDevice]:
    device = VirtualDevice("pilot", "00A1", heartbeat=0.1, boot_delay=0.02)
    if transport == "socket":
        device.listen()
    else:
        device.open_pty()
    yield device
    device.close()


@pytest.fixture
def linked(board, clock) -> Iterator[tuple[VirtualDevice, Link, EventLog]]:
    """A running link to the board, past its handshake, with the real timeouts measured
    on ``clock``."""
    log = EventLog()
    link = Link(board.url, log.queue, name="test", clock=clock)
    link.start()
    assert wait_for(lambda: link.status in ("open", "run")), link.last_error
    handshake(link, clock)
    yield board, link, log
    link.stop()
