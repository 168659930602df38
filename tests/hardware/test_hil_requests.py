"""Hardware in the loop, protocol 1.1's requests: the LEDs the host lights (and the lost
link the board shows by itself), SETID kept in the board's EEPROM, and ZERO's dial
offsets, which controller-sim keeps exactly as the firmware does. LED timing is checked
in the firmware's simulated time, from the harness's trace."""

from __future__ import annotations

import itertools
import queue
import time
from collections.abc import Callable

from hardware.avr_sim import SimBoard, TraceLine, ladder_mv
from hardware.controller_sim import VirtualDevice
from hardware.link import Link
from tests.hardware.helpers import wait_for as wait_until
from tests.hardware.hil import (
    BOARD,
    LINE_MS,
    built,
    changed_to,
    info,
    is_kind,
    led,
    linked,
    simulated,
    wait_for,
)

__all__ = ["built"]  # a fixture the tests here use


def _toggles(sim: SimBoard, colour: str, count: int) -> list[TraceLine]:
    """The next ``count`` changes of one LED."""
    return [sim.expect(lambda line: line.kind == "LED" and line.text.startswith(colour + " "))
            for _ in range(count)]


def _level(sim: SimBoard, colour: str) -> int:
    """The LED's level after the trace read so far."""
    changes = [line for line in sim.history
               if line.kind == "LED" and line.text.startswith(colour + " ")]
    return int(changes[-1].text.split()[1]) if changes else 0


def _lit(sim: SimBoard, green: int, red: int) -> TraceLine | None:
    """Read the trace until the LEDs show (green, red); the change that made it so, or
    None if they already did. (Both pins change in one write, in either order.)"""
    if (_level(sim, "green"), _level(sim, "red")) == (green, red):
        return None
    return sim.expect(lambda line: line.kind == "LED" and (
        _level(sim, "green"), _level(sim, "red")) == (green, red))


def _periods(lines: list[TraceLine], period_ms: int) -> bool:
    """Successive changes one period apart (within the firmware's 1 ms tick)."""
    return all(abs((b.ms - a.ms) - period_ms) <= 1.5 for a, b in itertools.pairwise(lines))


def test_leds_show_what_the_host_asks_and_a_lost_link_by_themselves(built):
    with simulated("pilot") as sim:
        # No host yet: the board blinks red, half a second on, half off.
        sim.expect(led("red", 1))
        assert _periods(_toggles(sim, "red", 4), BOARD["LOST_BLINK_MS"])
        with linked(sim) as (link, events):
            wait_for(events, is_kind("hello"))
            heard = sim.expect(lambda line: line.kind == "RX" and line.text.startswith("LED,"))
            time.sleep(1.5)  # three blink periods and more, at the wall clock's pace
            sim.now_us()  # every change until now is in the trace
            assert (_level(sim, "green"), _level(sim, "red")) == (0, 0)
            # The red blink stops as the host's first lines are read (the trace stamps a
            # host line when it reaches the UART, which takes a few ms to read it).
            after = [line for line in sim.history if line.kind == "LED" and line.us > heard.us]
            assert [line.text for line in after] in ([], ["red 0"])
            assert all(line.ms - heard.ms < 2 * LINE_MS for line in after)
            link.show("turn")
            assert _lit(sim, green=1, red=0) is not None
            link.show("again")
            _lit(sim, green=0, red=1)
            link.flash()
            flash = _toggles(sim, "green", 6)
            assert [line.text for line in flash] == ["green 1", "green 0"] * 3
            assert _periods(flash, BOARD["OK_BLINK_MS"])
            assert _lit(sim, green=0, red=1) is not None, "back to the pattern after it"
            link.show("idle")
            _lit(sim, green=0, red=0)
        # The host went away: after LINK_LOST_MS of its silence the red blink is back.
        lost = sim.expect(led("red", 1))
        silence = lost.ms - max(line.ms for line in sim.history if line.kind == "RX")
        assert BOARD["LINK_LOST_MS"] <= silence <= BOARD["LINK_LOST_MS"] + BOARD["LOST_BLINK_MS"]
        assert _periods(_toggles(sim, "red", 3), BOARD["LOST_BLINK_MS"])


def test_set_id_is_kept_in_eeprom_across_resets_and_unplugging(built, tmp_path):
    eeprom = tmp_path / "board.eeprom"
    with simulated("tactician", eeprom=eeprom, trace=False) as sim:
        with linked(sim) as (link, events):
            assert wait_for(events, is_kind("hello"))[-1].device == info("tactician", "B071")
            seq = link.set_id("00C5")
            assert wait_until(lambda: seq in link.acks)
            renamed = wait_for(events, is_kind("hello"))[-1]
            assert renamed.device == info("tactician", "00C5")
        with linked(sim) as (link, events):  # reopening the port resets the board
            assert wait_for(events, is_kind("hello"))[-1].device.uid == "00C5"
    with simulated("tactician", eeprom=eeprom, trace=False) as sim, \
            linked(sim) as (link, events):  # unplugged, and plugged in again
        assert wait_for(events, is_kind("hello"))[-1].device.uid == "00C5"


def _zero_readings(turn: Callable[[int], None], url: str) -> list[str]:
    """The steering readings through one zeroing: dial to 3, ZERO, dial to 1 and to 3,
    the board reset (the port opened afresh), dial to 2."""
    readings = []
    for part in ((3, "zero", 1, 3), ("reset", 2)):
        events: queue.Queue = queue.Queue()
        link = Link(url, events, name="zero")
        link.start()
        try:
            wait_for(events, is_kind("hello"))
            for step in part:
                if step == "zero":
                    seq = link.zero("steer")
                    assert wait_until(lambda: seq in link.acks)  # noqa: B023 (waited on here)
                    wait_for(events, changed_to(steer="0"))
                elif step == "reset":
                    wait_for(events, is_kind("state"))
                else:
                    turn(step)
                    wait_for(events, is_kind("change"))
                readings.append(link.values["steer"])
        finally:
            link.stop()
    return readings


def test_zero_keeps_an_offset_on_the_firmware_and_on_controller_sim_alike(built, tmp_path):
    with simulated("pilot", trace=False) as sim:
        firmware = _zero_readings(lambda p: sim.adc(0, ladder_mv(p, 4)), sim.path)
    device = VirtualDevice("pilot", "00A1", heartbeat=0.2, boot_delay=0.02)
    device.listen()
    try:
        virtual = _zero_readings(lambda p: device.set("steer", p), device.url)
    finally:
        device.close()
    assert firmware == virtual == ["3", "0", "2", "0", "0", "3"]
