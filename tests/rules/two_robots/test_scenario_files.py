"""The hand-made Two Robots scenario files keep to the format, checked without an engine.

The engine's runner does the full validation and checks the answers; this guards the files
themselves (keys, names, Parts, the coverage table) so that a typo cannot sit in a scenario
until the runner exists. Names and keys follow ../shared/two-robots/SCENARIOS.md.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

SCENARIO_DIR = Path(__file__).parents[2] / "scenarios" / "two_robots"
FILES = sorted(SCENARIO_DIR.glob("*.yaml"))
COVERAGE = SCENARIO_DIR / "COVERAGE.md"

POWERS = {
    "Samurai": ("Shogun", "Ronin", "Bushido"),
    "Scavenger": ("Salvage", "Rebuild", "Scrap Run"),
    "Peacemaker": ("Balance", "Truce", "Accord"),
    "Guardian": ("Fortify", "Counterstrike", "Armory"),
    "Apocalypse": ("Cold Fusion", "Meltdown", "Scorched Earth"),
}
ABILITIES = ("Katana", "Scrounge", "Sanctuary", "Bulwark", "Overkill")
COPIES = {  # Attack and Defense cards of the Action deck
    "Power Surge": 2, "Acid Rain": 2, "Rust Storm": 2, "Fallout": 2, "Solar Flare": 2,
    "Space Pod": 5, "Ice Blast": 4,
    "Homing Missiles": 8, "Sentry Gunship": 4, "Rescue Drill": 4, "Supply Drop": 5,
}
DESTROY = ("Power Surge", "Acid Rain", "Rust Storm", "Fallout", "Solar Flare")
ATTACKS = (*DESTROY, "Space Pod", "Ice Blast")
PILE = {"Shots Fired": 3, "Weapons Jammed": 1, "Scattershot": 1, "Precision Strike": 1}
PILE_FROM = {"Scattershot": 3, "Precision Strike": 4}  # fewest players whose pile has it
PART = re.compile(r"(HEAD|TORSO|ARMS|LEGS) ([CEMNS])([CEMNS]?)")

TOP_KEYS = {"game", "name", "players", "active", "plays_used", "deck", "discard", "check",
            "expect"}
PLAYER_KEYS = {"factory", "hand", "powers", "reserve", "out"}
CHECK_KEYS = {
    "place": {"onto"},
    "playable": set(),
    "attack": {"targets", "onto", "homing"},
    "event": {"sacrifice", "reveal", "resolve", "targets", "sentry", "answers"},
    "draw": set(),
}
EXPECT_KEYS = {
    "place": {"legal", "energies", "robots", "winner"},
    "playable": {"playable"},
    "attack": {"legal", "cancelled", "lost", "gained", "frozen", "plays_used", "hand",
               "winner"},
    "event": {"legal", "cancelled", "health", "out", "flipped", "parts", "robots", "winner"},
    "draw": {"hand", "deck", "discard", "reshuffled"},
}
PER_SALVAGER = {"lost", "gained", "frozen", "hand", "health", "parts"}  # expect maps by seat


def part_key(name: object) -> tuple[str, frozenset[str]] | None:
    """The Part a name means ("ARMS SC" = "ARMS CS"), or None when it is no Part name."""
    match = PART.fullmatch(name) if isinstance(name, str) else None
    if match is None or match.group(2) == match.group(3):
        return None
    return match.group(1), frozenset(match.group(2) + match.group(3))


def _stacks(stacks: object, who: str, faults: list[str]) -> tuple[list[str], int]:
    """The card names in a Factory and how many of its Stacks are frozen."""
    if not isinstance(stacks, list):
        faults.append(f"{who}: factory is not a list of Stacks")
        return [], 0
    cards: list[str] = []
    frozen = 0
    for stack in stacks:
        if isinstance(stack, dict):
            if set(stack) - {"cards", "frozen"} or not isinstance(stack.get("frozen", False),
                                                                  bool):
                faults.append(f"{who}: a Stack has keys other than cards and frozen: true")
            frozen += stack.get("frozen") is True
            stack = stack.get("cards")
        if not isinstance(stack, list) or not stack:
            faults.append(f"{who}: a Stack is not a non-empty list of Parts")
            continue
        cards += stack
    bad = [card for card in cards if part_key(card) is None]
    if bad:
        faults.append(f"{who}: not Parts in the factory: {bad}")
    return cards, frozen


def _player(seat: str, data: object, faults: list[str]) -> tuple[list[str], int]:
    """Check one seat; return every card it places and its frozen Stack count."""
    if not isinstance(data, dict) or set(data) - PLAYER_KEYS:
        faults.append(f"{seat}: a player takes only the keys {sorted(PLAYER_KEYS)}")
        return [], 0
    if "out" in data:
        if data != {"out": True}:
            faults.append(f"{seat}: an out player takes no other key")
        return [], 0
    cards, frozen = _stacks(data.get("factory", []), seat, faults)
    hand = data.get("hand", [])
    if not isinstance(hand, list):
        faults.append(f"{seat}: hand is not a list")
        hand = []
    cards += hand
    powers = data.get("powers", {"unflipped": list(POWERS[seat])})
    if not isinstance(powers, dict) or set(powers) - {"unflipped", "flipped"}:
        faults.append(f"{seat}: powers takes only unflipped and flipped")
        powers = {}
    held = [*powers.get("unflipped", []), *powers.get("flipped", [])]
    if len(set(held)) != len(held) or set(held) - set(POWERS[seat]):
        faults.append(f"{seat}: powers {held} are not distinct Powers of {seat}")
    reserve = data.get("reserve", 2)
    if reserve not in (0, 1, 2):
        faults.append(f"{seat}: reserve must be 0, 1 or 2")
    elif len(held) + reserve < 1:
        faults.append(f"{seat}: a player not out needs a health card")
    return cards, frozen


def _known(name: object) -> bool:
    return name in COPIES or part_key(name) is not None


def format_faults(path: Path) -> list[str]:
    """Every way the file breaks the format (as far as this can tell without an engine)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        return ["the file is not a mapping"]
    faults = [f"unknown top-level key {key!r}" for key in sorted(set(data) - TOP_KEYS)]
    if data.get("game") != "two_robots":
        faults.append("game: two_robots is missing")
    if not isinstance(data.get("name"), str) or not data["name"]:
        faults.append("no name")
    players = data.get("players")
    if not isinstance(players, dict) or not 2 <= len(players) <= 4:
        return [*faults, "players must name 2 to 4 Salvagers"]
    if set(players) - set(POWERS):
        return [*faults, f"unknown Salvagers {sorted(set(players) - set(POWERS))}"]
    seats = set(players)
    placed: list[str] = []
    frozen = 0
    for seat, seat_data in players.items():
        cards, stacks = _player(seat, seat_data, faults)
        placed += cards
        frozen += stacks
    in_game = {seat for seat in seats if players[seat] != {"out": True}}
    if data.get("active") not in in_game:
        faults.append("active must be a player who is not out")
    if data.get("plays_used", 0) not in range(6) or data.get("deck", 40) not in range(101):
        faults.append("plays_used must be 0-5 and deck 0-100")
    discard = data.get("discard", 0)
    if isinstance(discard, list):
        placed += discard
    elif not isinstance(discard, int) or discard < 0:
        faults.append("discard must be a count or a list of cards")
    faults += [f"unknown card {card!r}" for card in placed if not _known(card)]
    parts = Counter(part_key(card) for card in placed if part_key(card) is not None)
    faults += [f"Part {' '.join((body, ''.join(sorted(e))))} used {n} times"
               for (body, e), n in parts.items() if n > 1]
    counts = Counter(card for card in placed if card in COPIES)
    counts["Ice Blast"] += frozen
    faults += [f"more {card} than the {COPIES[card]} that exist"
               for card, n in counts.items() if n > COPIES[card]]
    return faults + _check_faults(data, seats, len(players), set(parts))


def _check_faults(data: dict, seats: set[str], count: int, parts: set) -> list[str]:
    """Faults of the check and expect blocks."""
    check, expect = data.get("check"), data.get("expect")
    if not isinstance(check, dict) or not isinstance(expect, dict):
        return ["check and expect must be mappings"]
    kinds = set(check) & set(CHECK_KEYS)
    if len(kinds) != 1:
        return [f"exactly one check kind is needed, found {sorted(kinds)}"]
    kind = kinds.pop()
    faults = [f"check key {key!r} does not belong to {kind}"
              for key in sorted(set(check) - CHECK_KEYS[kind] - {kind})]
    faults += [f"expect key {key!r} does not belong to {kind}"
               for key in sorted(set(expect) - EXPECT_KEYS[kind])]
    if not expect:
        faults.append("expect states nothing")

    def seat(name: object, where: str) -> None:
        if name not in seats:
            faults.append(f"{where}: {name!r} is not a Salvager in this game")

    def part(name: object, where: str) -> None:
        if part_key(name) not in parts:
            faults.append(f"{where}: {name!r} is not a Part placed in this position")

    if kind in ("playable", "draw"):
        if check[kind] != data.get("active"):
            faults.append(f"check.{kind} must be the active player")
    elif kind == "place":
        part(check["place"], "check.place")
    elif kind == "attack":
        if check["attack"] not in ATTACKS:
            faults.append(f"check.attack: {check['attack']!r} is not an Attack card")
        targets = check.get("targets", [])
        if check["attack"] == "Ice Blast":
            if len(targets) != 2 or not isinstance(targets[1], int):
                faults.append("check.targets: Ice Blast takes [Salvager, Stack number]")
            else:
                seat(targets[0], "check.targets")
        else:
            for target in targets:
                part(target, "check.targets")
        for name in check.get("homing", []):
            seat(name, "check.homing")
    elif kind == "event":
        _event_faults(check, data.get("active"), count, seat, part, faults)
    for key in PER_SALVAGER & set(expect) if kind != "draw" else ():  # draw: hand is a size
        if not isinstance(expect[key], dict):
            faults.append(f"expect.{key} must map Salvagers to values")
            continue
        for name in expect[key]:
            seat(name, f"expect.{key}")
    for name in expect.get("out", []):
        seat(name, "expect.out")
    if "winner" in expect and expect["winner"] not in ("none", "draw"):
        seat(expect["winner"], "expect.winner")
    return faults


def _event_faults(check: dict, active: str, count: int, seat, part, faults: list[str]) -> None:
    """Faults of an event check: the Event, the Parts paid, the cards revealed, the answers."""
    if check["event"] != "deploy" and check["event"] not in POWERS.get(active, ()):
        faults.append(f"check.event: {check['event']!r} is neither deploy nor a Power of "
                      f"{active}")
    for name in check.get("sacrifice", []):
        part(name, "check.sacrifice")
    reveal = check.get("reveal", [])
    for card, n in Counter(reveal).items():
        if card not in PILE or n > PILE[card] or count < PILE_FROM.get(card, 2):
            faults.append(f"check.reveal: {n} x {card!r} is not in a {count}-player pile")
    if "resolve" in check and check["resolve"] not in reveal:
        faults.append("check.resolve must be one of the revealed cards")
    for target in check.get("targets", []):
        if part_key(target) is None:
            seat(target, "check.targets")
        else:
            part(target, "check.targets")
    if "sentry" in check and check["sentry"] != "none":
        seat(check["sentry"], "check.sentry")
    for name, answer in check.get("answers", {}).items():
        seat(name, "check.answers")
        if answer not in ("discard", "damage"):
            faults.append(f"check.answers: {answer!r} is neither discard nor damage")


def test_there_are_enough_scenarios_each_numbered_once():
    assert len(FILES) >= 36
    numbers = [path.name.split("-")[0] for path in FILES]
    assert all(re.fullmatch(r"\d\d", number) for number in numbers)
    assert len(set(numbers)) == len(numbers)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_file_keeps_to_the_format(path):
    assert format_faults(path) == []


@pytest.mark.parametrize("text, fault", [
    ("game: two_robots\nname: x\nplayers: {Samurai: {}, Robot: {}}\n", "unknown Salvagers"),
    ("game: goblins\n", "game: two_robots is missing"),
])
def test_the_guard_finds_a_broken_position(tmp_path, text, fault):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    assert any(fault in line for line in format_faults(path))


BROKEN = [
    ('"TORSO C"]', '"TORSO C", "HEAD C"]', "Part HEAD C used 2 times"),
    ("check:\n", "check:\n  draw: Guardian\n", "exactly one check kind"),
    ("  onto: 1\n", "  onto: 1\n  homing: []\n", "check key 'homing' does not belong"),
    ("robots: 0", "robots: 0, hand: 1", "expect key 'hand' does not belong"),
    ("hand: [", "hand: [Homing Missile, ", "unknown card 'Homing Missile'"),
    ("Apocalypse: {}", "Apocalypse: {reserve: 0, powers: {}}", "needs a health card"),
    ('"TORSO C"\n', '"TORSO X"\n', "'TORSO X' is not a Part placed"),
]


@pytest.mark.parametrize("old, new, fault", BROKEN, ids=[b[2] for b in BROKEN])
def test_the_guard_finds_each_kind_of_slip(tmp_path, old, new, fault):
    text = (SCENARIO_DIR / "01-core-part-joins-its-energy-stack.yaml").read_text("utf-8")
    assert old in text
    path = tmp_path / "s.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert any(fault in line for line in format_faults(path)), format_faults(path)


def _coverage_rows() -> dict[str, list[str]]:
    """The coverage table: each covered item with the files that cover it."""
    rows = {}
    for line in COVERAGE.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 2 and cells[1].endswith(".yaml"):
            rows[cells[0]] = [name.strip() for name in cells[1].split(",")]
    return rows


def test_coverage_table_names_only_existing_files():
    rows = _coverage_rows()
    named = {name for files in rows.values() for name in files}
    assert named, "the coverage table lists no files"
    assert named <= {path.name for path in FILES}


def test_coverage_table_covers_every_card_power_and_ability():
    items = set(_coverage_rows())
    powers = {power for trio in POWERS.values() for power in trio}
    assert set(COPIES) | set(PILE) | powers | set(ABILITIES) <= items
