"""Hardware in the loop, protocol 1.2: the real firmware built as a tray of two
six-sided dice (the dice and 2d6 jumpers fitted), read by the real host code; and 1.2
beside 1.1 both ways, with release 1.1's own host code against this firmware and its own
firmware against this host (both from the checkout's history)."""

from __future__ import annotations

from hardware import avr_sim
from hardware.avr_sim import die_mv
from hardware.link import DeviceInfo
from tests.hardware.hil import (
    SPEED,
    OldHost,
    built,
    changed_to,
    elf_of,
    info,
    is_kind,
    linked,
    release_1_1,
    sent,
    simulated,
    wait_for,
)
from tests.hardware.test_hil import damage, settled_within

__all__ = ["built", "release_1_1"]  # fixtures the tests here use

TILTED_MV = 1250  # halfway between faces 1 and 2: outside both tolerance bands
ROLLS = ((1, 6), (6, 2), (3, 5), (4, 4), (5, 1), (2, 3))
"""Every face in each of the two wells."""


def lift(sim, faces: tuple[int, ...]) -> dict[str, str]:
    """Lift the lid and put the dice in their wells; what the first wells then report."""
    sim.pin(*avr_sim.LID_PIN, 0)
    for well, face in enumerate(faces):
        sim.adc(well, die_mv(str(face)))
    return {f"d{well}": "H-" for well in range(len(faces))}


def shut(sim) -> None:
    sim.pin(*avr_sim.LID_PIN, 1)


def has(values: dict[str, str]):
    """An event, or a 1.1 host's report, whose snapshot holds these values."""
    def match(event) -> bool:
        seen = event["values"] if isinstance(event, dict) else event.values
        return seen is not None and values.items() <= seen.items()

    return match


def test_the_two_dice_tray_reads_every_face_of_six_sided_dice_in_its_two_wells(built):
    with simulated("dice2d6", speed=SPEED) as sim, linked(sim) as (link, events):
        hello = wait_for(events, is_kind("hello"))[-1]
        assert hello.device == info("dice2d6", "B073")
        at_hello = damage(link)
        empty = wait_for(events, is_kind("state"))[-1]
        assert empty.values == {"d0": "A-", "d1": "A-"}, "two wells, both empty"
        sim.adc(2, die_mv("3"))  # a die at a third well's pin is none of this tray's

        for faces in ROLLS:
            wait_for(events, has(lift(sim, faces)))
            shut(sim)
            stable = {"d0": f"S{faces[0]}", "d1": f"S{faces[1]}"}
            seen = wait_for(events, lambda event, stable=stable: event.values == stable)
            assert seen[0].values == {"d0": "R-", "d1": "R-"}, faces
        # As the dice settle after the lid shuts, each lies still for the settling time.
        settled = sim.expect(sent("EV", d0="S2", d1="S3"))
        shutting = [line for line in sim.history if sent("EV", d0="R-", d1="R-")(line)]
        assert settled_within(shutting[-1], settled)
        assert not [line for line in sim.history if line.kind == "TX" and "d2=" in line.text]

        sim.adc(0, TILTED_MV)
        wait_for(events, changed_to(d0="T-", d1="S3"))
        sim.adc(0, 0)  # the die is taken out
        assert wait_for(events, changed_to(d0="A-"))[-1].values == {"d0": "A-", "d1": "S3"}
        sim.adc(0, die_mv("6"))
        wait_for(events, changed_to(d0="R-", d1="S3"))
        wait_for(events, changed_to(d0="S6", d1="S3"))
        assert damage(link) == at_hello, "every line after HELLO passed the host parser"


def test_release_1_1s_host_reads_this_firmware_as_either_tray(built, release_1_1):
    """A 1.1 host does not know the two-dice tray: it reads its lines by their syntax
    (sixes and all) and keeps the link, and it reads this firmware's five-well tray as
    its own."""
    for kind, faces, stable in (("dice2d6", (6, 6), {"d0": "S6", "d1": "S6"}),
                                ("dice", (6, 3), {"d0": "SB", "d1": "S3", "d2": "A-",
                                                  "d3": "A-", "d4": "A-"})):
        with simulated(kind, speed=SPEED, trace=False) as sim:
            host = OldHost(release_1_1, sim.path)
            try:
                hello = host.next(lambda report: report["kind"] == "hello")
                assert hello["device"] == [kind, "1.2", 2]
                host.next(lambda report: report["kind"] == "state")
                host.next(has(lift(sim, faces)))
                shut(sim)
                host.next(lambda report, stable=stable: report["values"] == stable)
                host.next(lambda report: report["kind"] == "state")  # a heartbeat
                end = host.end()
            finally:
                host.close()
        assert end["status"] == "run", kind
        bad = {key: value for key, value in end["counters"].items()
               if key not in ("lines", "logs", "reconnects") and value}
        assert bad == {}, f"{kind}: {bad}"


def test_a_release_1_1_tray_still_talks_to_this_host(built, release_1_1):
    with simulated("dice", speed=SPEED, trace=False, elf=elf_of(release_1_1)) as sim, \
            linked(sim) as (link, events):
        hello = wait_for(events, is_kind("hello"))[-1]
        assert hello.device == DeviceInfo("dice", "1.1", "B072", 1,
                                          frozenset({"led", "setid"}))
        at_hello = damage(link)
        wait_for(events, has(lift(sim, (6, 2))))
        shut(sim)
        wait_for(events, changed_to(d0="SB", d1="S2", d2="A-"))
        assert damage(link) == at_hello
