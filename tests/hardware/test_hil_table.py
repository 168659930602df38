"""Hardware in the loop, the whole table: six boards running the real firmware in simavr
(two pilot consoles, two tactics consoles, two dice trays) play a four-player combat
through the real client frame loop, while the moves that are no board's are clicked
through their hand-over screens. Also with the real firmware: two boards with one id
are refused until one is given its own, a board moved to another socket keeps its
role and seat, a tray of two six-sided dice shared by the table reads every roll once
for whoever rolls (Blastbots' mapping, over rules of turns standing in for its rules),
and a tray running release 1.1's firmware still reads a roll into this client.

The people at the table act when the rules say their board's choice is due, whatever
the screen shows; between choices they put their switch down (or flip it about) at
random moments, often while a hand-over screen is up. A snapshot lost behind a screen
would leave the switch looking up and lose the next move; one handled twice would
double it. Every move the people meant must be applied exactly once.
"""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.rules.core.actions import Action
from game.rules.goblins import engine
from game.rules.goblins.actions import PickTactic, ReadDice, Steer
from game.rules.goblins.combat import BLANK
from game.scenes.controllers import ControllersScene
from game.scenes.goblins import table as goblins_table
from game.scenes.goblins.aim_panels import DialsPanel
from game.scenes.goblins.combat_panels import ReadDicePanel
from game.scenes.goblins.match import MatchScene
from game.scenes.goblins.score import ScoreScene
from game.scenes.handover import HandoverScene
from game.session import AI, HUMAN, Seat, Session
from game.table import Table
from game.table_boards import Identity
from game.table_input import TableInput
from hardware import avr_sim
from hardware.avr_sim import SimBoard, ladder_mv
from hardware.boards import FIRMWARE_VERSION
from hardware.link import LinkEvent
from hardware.ports import PortInfo
from tests.hardware.hil import (
    SPEED,
    built,
    elf_of,
    is_kind,
    led,
    linked,
    release_1_1,
    simulated,
    wait_for,
)
from tests.scenes.clicker import act
from tests.table import roll_rules
from tests.table.conftest import Ports, open_match, run_until, to_phase

__all__ = ["built", "release_1_1"]  # fixtures the tests here use

ROLES = (("a_pilot", "pilot"), ("a_tactician", "tactician"), ("a_dice", "dice"),
         ("b_pilot", "pilot"), ("b_tactician", "tactician"), ("b_dice", "dice"))
DIE_LEVELS = 7
LIMIT = 240.0
"""Longest the combat may take before the run is declared broken (it takes far less)."""


def die_mv(face: int) -> int:
    return ladder_mv(DIE_LEVELS - 1 if face == BLANK else face, DIE_LEVELS)


@dataclass
class Person:
    """One player's hands on one board: commands to the board at wall-clock times."""

    role: str
    kind: str
    sim: SimBoard
    rng: random.Random
    plan: list[tuple[float, Callable[[], None]]] = field(default_factory=list)
    due: bool = False
    up: bool = False
    """Where this console's ready switch is."""
    meant: list[Action] = field(default_factory=list)

    def at(self, delay: float, command: Callable[[], None]) -> None:
        self.plan.append((time.monotonic() + delay, command))
        self.plan.sort(key=lambda step: step[0])

    def tick(self) -> None:
        now = time.monotonic()
        while self.plan and self.plan[0][0] <= now:
            self.plan.pop(0)[1]()

    def switch(self, up: bool) -> None:
        self.up = up
        self.sim.ready(up=up)

    def choose(self, state: Any, seat: int) -> None:
        """The choice is due: make it on the board and confirm it."""
        start = self.rng.uniform(0.0, 0.3)
        legal = engine.legal_actions(state, seat)
        if self.kind == "dice":
            self.roll(state, seat, start)
            return
        kind = Steer if self.kind == "pilot" else PickTactic
        action = self.rng.choice([a for a in legal if isinstance(a, kind)])
        dials = ((action.steer, 4), (action.target, 4)) if isinstance(action, Steer) else (
            (action.slot, 3),)
        for channel, (value, positions) in enumerate(dials):
            self.at(start, lambda c=channel, v=value, n=positions: self.sim.adc(
                c, ladder_mv(v, n)))
        if self.up or self.rng.random() < 0.3:  # down first, if it is not down already
            self.at(start + 0.05, lambda: self.switch(False))
        self.at(start + 0.12, lambda: self.switch(True))
        self.at(start + 0.12, lambda: self.meant.append(action))

    def roll(self, state: Any, seat: int, start: float) -> None:
        """Open the lid, put the wanted dice in (mostly blanks: the robots live on, so
        the combat runs its four rounds), shut it."""
        team = state.teams[state.team_of(seat)]
        lowest = 1 if team.read_for == "emergency" else BLANK
        faces = [max(lowest, BLANK if self.rng.random() < 0.75 else self.rng.randint(1, 5))
                 for _ in team.reading]
        self.at(start, lambda: self.sim.pin(*avr_sim.LID_PIN, 0))
        for slot in range(5):
            millivolts = die_mv(faces[slot]) if slot < len(faces) else 0
            self.at(start + 0.06, lambda s=slot, mv=millivolts: self.sim.adc(s, mv))
        self.at(start + 0.12, lambda: self.sim.pin(*avr_sim.LID_PIN, 1))
        self.at(start + 0.12, lambda: self.meant.append(ReadDice(seat, tuple(sorted(faces)))))

    def between(self) -> None:
        """The choice is made: sooner or later the switch goes down, now and then after
        a nervous flip up and down again."""
        if self.kind == "dice":
            return
        delay = self.rng.uniform(0.0, 0.6)
        if self.rng.random() < 0.3:
            self.at(delay, lambda: self.switch(True))
            delay += 0.06
        self.at(delay, lambda: self.switch(False))


def _due(state: Any, role: str) -> int | None:
    """The seat whose choice the board of ``role`` makes now, if one is due."""
    seat = goblins_table.holder(state, role)
    spec = next(r for r in goblins_table.ROLES if r.key == role)
    if seat is None or not any(spec.makes(a) for a in engine.legal_actions(state, seat)):
        return None
    return seat


def _screen_due(app: Any, match: MatchScene) -> bool:
    """Whether the screen waits for a click (a hand-over, or a move no board makes)."""
    top = app.scenes.top
    if isinstance(top, HandoverScene):
        return True
    if top is not match or isinstance(match.panel, DialsPanel | ReadDicePanel):
        return False
    screen = [s for s in match.session.humans_to_act() if not app.table.decides(s)]
    return match.viewer in screen or match.animator.holding


def test_four_consoles_and_two_trays_play_a_whole_combat_losing_and_doubling_nothing(
        built, make_app, tmp_path):
    rng = random.Random(7)
    session = Session.new("goblins", [Seat(HUMAN)] * 4, "standard", 1, tmp_path,
                          options={"dice": "table"})
    to_phase(session, "choose", seed=1)
    app = make_app()
    app.table.close()
    app.table = Table([], ports=lambda: [], scan_every=None)
    with ExitStack() as stack:
        people = []
        for index, (role, kind) in enumerate(ROLES):
            sim = stack.enter_context(SimBoard(kind, uid=f"0{index}C1"))
            app.table.bind(app.table.add(sim.path), role)
            people.append(Person(role, kind, sim, rng))
        match = MatchScene(app, session)
        app.scenes.push(match)
        run_until(lambda: all(b.running and b.link.values for b in app.table.boards), app.frame)
        start, first_round = len(session.match.actions), session.state.round
        pilots: list[tuple[int, int]] = []
        behind, clicks, wait = 0, Counter[str](), rng.randint(5, 40)
        deadline = time.monotonic() + LIMIT
        while not isinstance(app.scenes.top, ScoreScene):
            assert time.monotonic() < deadline, f"the combat did not end; {clicks}"
            state = session.state
            if state.round != first_round or state.phase in ("over", "playoff"):
                break
            for person in people:
                seat = _due(state, person.role)
                if seat is not None and not person.due:
                    person.choose(state, seat)
                    if person.role == "a_pilot":
                        pilots.append((state.combat_round, seat))
                elif seat is None and person.due:
                    person.between()
                person.due = seat is not None
                person.tick()
            if app.scenes.top is not match and app.table.waiting:
                behind += 1  # board lines waiting behind another screen this frame
            if _screen_due(app, match):
                wait -= 1
                if wait <= 0:  # the player at the screen takes a moment to click
                    clicks[act(app)] += 1
                    wait = rng.randint(5, 40)
            app.frame()
            time.sleep(0.002)
        made = [a for a in session.match.actions[start:]
                if isinstance(a, Steer | PickTactic | ReadDice)]
        meant = [a for person in people for a in person.meant]
        for _ in range(30):  # late flips after the last move change nothing
            app.frame()
        # A move lost would be missing, a move doubled would be counted twice (the same
        # move may be meant again in a later combat round: hence counts, not sets).
        assert Counter(made) == Counter(meant) and len(made) == len(meant)
        for person in people:
            mine = [a for a in made if a in person.meant]
            assert mine == person.meant, f"{person.role}: in the order made"
        assert [r for r, _ in pilots] == [1, 2, 3, 4], "this deal's combat runs four rounds"
        seats = [seat for _, seat in pilots]
        assert all(a != b for a, b in itertools.pairwise(seats)), (
            "team A's pilot console followed the swap every combat round")
        assert behind > 0, "some board lines waited behind another screen"
        assert clicks["handover"] > 0 and app.table.waiting == 0
        assert not [b for b in app.table.boards if b.link.counters["bad_crc"]
                    or b.link.counters["bad_value"]]


def test_two_real_boards_with_one_id_are_refused_until_one_is_given_its_own(
        built, make_app, tmp_path):
    app = make_app()
    app.table.close()
    app.table = Table([], ports=lambda: [], scan_every=None)
    eeprom = tmp_path / "second.eeprom"
    with SimBoard("tactician") as first, SimBoard("tactician", eeprom=eeprom) as second:
        boards = [app.table.add(first.path), app.table.add(second.path)]
        run_until(lambda: all(b.duplicate_of for b in boards), app.frame)
        assert boards[0].identity == boards[1].identity == Identity(None, "B071")
        scene = ControllersScene(app)
        app.scenes.push(scene)
        scene.new_id(boards[1])
        run_until(lambda: boards[1].identity == Identity(None, "0001"), app.frame)
        run_until(lambda: not any(b.duplicate_of for b in boards), app.frame)
        assert all(b.running and b.refused is None for b in boards)
    with SimBoard("tactician", eeprom=eeprom, trace=True) as again:
        again.expect(lambda line: line.kind == "TX" and "uid=0001" in line.text)


@pytest.mark.parametrize("follow", ["watcher", "scan"])
def test_a_real_board_moved_to_another_socket_keeps_its_role_and_seat(
        built, make_app, tmp_path, follow):
    session = Session.new("goblins", [Seat(HUMAN), Seat(HUMAN)], "standard", 2, tmp_path)
    to_phase(session, "choose")
    ports = Ports()
    app = make_app()
    app.table.close()
    app.table = Table([], ports=ports, scan_every=0.1 if follow == "watcher" else None)
    with ExitStack() as stack:
        sim = stack.enter_context(SimBoard("pilot", uid="00A7"))
        ports.listing = [PortInfo(sim.path, "75830333", 0x2341, 0x0043)]
        app.table.ports.probing = True
        app.table.scan()
        run_until(lambda: app.table.boards and app.table.boards[0].running, app.frame)
        board = app.table.boards[0]
        app.table.ports.probing = False
        app.table.bind(board, "a_pilot")
        # The same board (its id is in its EEPROM) comes up on another socket: the
        # harness is started first only so that the pty numbers differ.
        moved = stack.enter_context(SimBoard("pilot", uid="00A7"))
        sim.close()  # unplugged...
        run_until(lambda: board.link.status == "lost", app.frame)
        ports.listing = [PortInfo(moved.path, "75830333", 0x2341, 0x0043)]  # ...plugged in
        if follow == "scan":
            app.table.scan()
        run_until(lambda: board.running and board.link.url == moved.path, app.frame)
        assert board.identity == Identity("75830333", "00A7") and len(app.table.boards) == 1
        assert app.table.role_of(board).key == "a_pilot"
        open_match(app, session)
        seat = session.state.teams[0].pilot
        moved.adc(0, ladder_mv(3, 4))
        moved.ready(up=True)
        run_until(lambda: session.state.players[seat].steer is not None, app.frame)
        assert session.match.actions[-1] == Steer(seat, 3, 0)


TILTED_MV = 1250  # halfway between faces 1 and 2: outside both tolerance bands


def _has(values: dict[str, str]) -> Callable[[LinkEvent], bool]:
    return lambda event: event.kind in ("state", "change") and (
        values.items() <= event.values.items())


def test_a_shared_two_dice_tray_reads_every_roll_once_for_whoever_rolls(built):
    """Three players roll for the first player, then take turns, all in one tray of two
    six-sided dice. Now and then a roller shuts the lid on one die first, or knocks a
    die onto its edge before it settles; between rolls the tray keeps showing the last
    one (its heartbeats repeat it) until the next roller lifts the lid. Every roll must
    become exactly one Roll, for the seat whose roll it was, with the faces the wells'
    pins say: none lost, none made twice, and the last roll never counted again."""
    blastbots = roll_rules.blastbots()
    rules, rng = blastbots.rules, random.Random(16)
    state = roll_rules.Turns(3, waiting=(1, 2, 0))
    table = TableInput(blastbots.table, rules.legal_actions, to_act=rules.to_act)
    role = table.roles["dice"]
    made: list[Action] = []
    meant: list[Action] = []
    with simulated("dice2d6", uid="00D6", speed=SPEED) as sim, \
            linked(sim) as (link, events):
        wait_for(events, is_kind("hello"))
        table.bind("T", role.key, {}, None)
        table.observe(state)

        def until(wanted: Callable[[LinkEvent], bool]) -> None:
            """Handle the tray's snapshots, as the client does, up to a wanted one."""
            for event in wait_for(events, wanted):
                if event.kind in ("state", "change"):
                    for action in table.handle("T", event.values, state).actions:
                        rules.apply(state, action)
                        made.append(action)
                        table.observe(state)
                link.show(table.led("T", state))

        for turn in range(12):
            seat = table.holder(state, role)
            faces = (rng.randint(1, 6), rng.randint(1, 6))
            stable = {"d0": f"S{faces[0]}", "d1": f"S{faces[1]}"}
            if turn:
                until(is_kind("state"))  # heartbeats of the last roll, still in the tray
                until(is_kind("state"))
                assert made == meant, "the last roll never counts again"
                assert table.led("T", state) == "again"
                sim.expect(led("red", 1))  # the board itself says so
            sim.pin(*avr_sim.LID_PIN, 0)
            if rng.random() < 0.3:  # one die in, the lid shut on it, and up again
                sim.adc(0, avr_sim.die_mv(str(faces[0])))
                sim.adc(1, 0)
                until(_has({"d0": "H-", "d1": "A-"}))
                sim.pin(*avr_sim.LID_PIN, 1)
                until(_has({"d0": stable["d0"], "d1": "A-"}))
                sim.pin(*avr_sim.LID_PIN, 0)
            for well, face in enumerate(faces):
                sim.adc(well, avr_sim.die_mv(str(face)))
            until(_has({"d0": "H-", "d1": "H-"}))
            sim.pin(*avr_sim.LID_PIN, 1)
            if rng.random() < 0.3:  # knocked onto an edge, then put down flat
                sim.adc(1, TILTED_MV)
                until(_has({"d1": "T-"}))
                sim.adc(1, avr_sim.die_mv(str(faces[1])))
            meant.append(blastbots.Roll(seat, faces))
            until(_has(stable))
            assert made == meant, f"roll {turn}"
        until(is_kind("state"))
        until(is_kind("state"))
    assert made == meant and len(made) == 12
    assert [roll.seat for roll in made] == [1, 2, 0, 0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert link.counters["bad_crc"] == link.counters["bad_value"] == 0


def test_a_tray_on_release_1_1s_firmware_reads_a_roll_into_this_client(
        built, release_1_1, make_app, tmp_path):
    session = Session.new("goblins", [Seat(HUMAN), Seat(AI)], "standard", 3, tmp_path,
                          options={"dice": "table"})
    to_phase(session, "roll")
    seat = session.to_act()[0]
    assert session.seats[seat].is_ai, "this deal has the AI seat roll: a person reads it in"
    index = session.state.team_of(seat)
    count = len(session.state.teams[index].reading)
    app = make_app()
    app.table.close()
    app.table = Table([], ports=lambda: [], scan_every=None)
    with SimBoard("dice", uid="00D1", elf=elf_of(release_1_1)) as sim:
        board = app.table.add(sim.path)
        app.table.bind(board, f"{'ab'[index]}_dice")
        run_until(lambda: board.running and board.link.values, app.frame)
        open_match(app, session)
        device = board.link.device
        assert (device.fw, device.minor) == ("1.1", 1)
        assert ControllersScene(app).problem(board).startswith(
            f"firmware 1.1, expected {FIRMWARE_VERSION}")
        moves = len(session.match.actions)
        faces = [BLANK, 4, 1, 3, 2][:count]
        sim.pin(*avr_sim.LID_PIN, 0)
        for well, face in enumerate(faces):
            sim.adc(well, avr_sim.die_mv("B" if face == BLANK else str(face)))
        run_until(lambda: board.link.values.get("d0") == "H-", app.frame)
        sim.pin(*avr_sim.LID_PIN, 1)
        run_until(lambda: len(session.match.actions) > moves, app.frame)
        for _ in range(30):  # heartbeats of the roll change nothing
            app.frame()
    assert session.match.actions[moves:] == [ReadDice(seat, tuple(sorted(faces)))]
