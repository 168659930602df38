"""Two Robots rule scenarios (../shared/two-robots/SCENARIOS.md): a position, one rules
question, the expected answer.

The file is read in full first: a fault of the format (unknown key, Salvager, card or
Power, a Part used twice, an illegal Factory, ...) is a DataError with file, line and
key path. Then the engine answers by its own code: the position becomes a State
(``position.build``) and the question is played as real actions through
``engine.apply``, walking each window as the rules order it. A move the engine refuses
makes ``legal`` false; only the keys written under ``expect`` are compared.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.rules.core.data import Doc, read_yaml_file
from game.rules.core.outcome import Outcome
from game.rules.two_robots.catalogue import Catalogue
from game.rules.two_robots.scenario_event import event
from game.rules.two_robots.scenario_expect import compare
from game.rules.two_robots.scenario_moves import attack, draw, place, playable
from game.rules.two_robots.scenario_read import Reader, position
from game.rules.two_robots.state import State

TOP = ("game", "name", "players", "active", "plays_used", "deck", "discard", "check",
       "expect")
CHECK_KEYS = {
    "place": ("place", "onto"),
    "playable": ("playable",),
    "attack": ("attack", "targets", "onto", "homing"),
    "event": ("event", "sacrifice", "reveal", "resolve", "targets", "sentry", "answers"),
    "draw": ("draw",),
}
EXPECT_KEYS = {
    "place": ("legal", "energies", "robots", "winner"),
    "playable": ("playable",),
    "attack": ("legal", "cancelled", "lost", "gained", "frozen", "plays_used", "hand",
               "winner"),
    "event": ("legal", "cancelled", "health", "out", "flipped", "parts", "robots", "winner"),
    "draw": ("hand", "deck", "discard", "reshuffled"),
}


def run_file(path: str | Path, catalogue: Catalogue | None = None) -> Outcome:
    """Run one scenario file against ``catalogue`` (the bundled one when None), so the
    module fits the registry's ScenarioRunner; DataError if it cannot be read or breaks
    the format."""
    from game.rules.core.registry import bundled_catalogue

    data, doc = read_yaml_file(path)
    return run(data, doc, catalogue or bundled_catalogue("two_robots"))


def run(data: Any, doc: Doc, cat: Catalogue) -> Outcome:
    read = Reader(doc, cat)
    check = read.check
    data = check.mapping(data, (), allowed=TOP, required=("name", "players", "active"))
    if "game" in data:
        check.choice(data["game"], ("game",), ("two_robots",))
    name = check.text(data["name"], ("name",))
    state = position(read, data)
    spec = check.mapping(data.get("check"), ("check",))
    kinds = [k for k in CHECK_KEYS if k in spec]
    if len(kinds) != 1:
        raise check.fail(("check",), "name exactly one check: " + ", ".join(CHECK_KEYS))
    kind = kinds[0]
    check.mapping(spec, ("check",), allowed=CHECK_KEYS[kind])
    expect = check.mapping(data.get("expect", {}), ("expect",), allowed=EXPECT_KEYS[kind])
    got = RUNNERS[kind](read, spec, state)
    return Outcome(name, tuple(compare(read, expect, got)))


RUNNERS: dict[str, Callable[[Reader, dict[str, Any], State], dict[str, Any]]] = {
    "place": place, "playable": playable, "attack": attack, "event": event,
    "draw": draw,
}
