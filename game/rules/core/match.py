"""A match as a record: game, table size, variant, seed and the list of actions.

Replaying the record through the rules gives back the identical state, so the record
is the save file, the bug report and the replay. Save files are JSON (never pickle),
read and written through game/rules/core/savefile.py; a damaged or foreign save raises
DataError with a plain sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.rules.core.actions import Action, Event
from game.rules.core.data import bundled_cards_path, data_hash, read_yaml_file, show
from game.rules.core.errors import DataError, RuleError
from game.rules.core.registry import GAMES, GameSpec, bundled_catalogue, get_game
from game.rules.core.savefile import encode, read_record, write_atomic

SAVE_FORMAT = 2
"""Format 2 records as ``data_hash`` the hash of the game's own section of cards.yaml."""
FORMAT_1_DATA = {"6f7ca4a674ad11a9": "8bfa3eef2487807f"}
"""Format 1 recorded the hash of the whole cards.yaml, which then held one game's
section only: each such whole-file hash, with the hash of that section. A format 1
save loads while its game's section is still the one it was made with."""
READABLE_FORMATS = (1, SAVE_FORMAT)
MAX_SEED = 2**63 - 1
"""Seeds run from 0 to this: every seed the client, the CLI and the RNG agree on."""


@dataclass
class Match:
    """A running match: its rules state plus the actions that produced it."""

    game: str
    players: int
    variant: str
    seed: int
    state: Any
    actions: list[Action] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)

    @property
    def spec(self) -> GameSpec:
        return get_game(self.game)

    def play(self, action: Action) -> list[Event]:
        """Apply ``action``; on RuleError nothing changes and the log is untouched.
        The codec refuses a malformed action before any game code sees it."""
        rules = self.spec.rules
        rules.codec.check(action, self.players)
        events = rules.apply(self.state, action)
        self.actions.append(action)
        return events

    def to_record(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game,
            "rules_version": self.spec.rules.version,
            "data_hash": section_hash(self.game),
            "players": self.players,
            "variant": self.variant,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [a.to_dict() for a in self.actions],
        }


@cache
def section_hash(game: str) -> str:
    """The hash of ``game``'s own section of the bundled cards.yaml (read once, not on
    every autosave), so another game's section or a comment never invalidates a save."""
    data, _ = read_yaml_file(bundled_cards_path())
    return data_hash(data[get_game(game).data_section])


def _recorded_section_hash(raw: dict[str, Any]) -> Any:
    """The section hash a record was made with, whichever format it is."""
    recorded = raw.get("data_hash")
    if raw["format"] == 1:
        return FORMAT_1_DATA.get(recorded) if isinstance(recorded, str) else None
    return recorded


def new_match(game: str, players: int, variant: str, seed: int,
              options: dict[str, str] | None = None) -> Match:
    """A fresh match; ``options`` are the game's table options (see GameSpec.options)."""
    spec = get_game(game)
    options = dict(options or {})
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RuleError(f"the seed must be a whole number from 0 to {MAX_SEED}")
    if players not in spec.player_counts:
        raise RuleError(f"{spec.title} is for {', '.join(map(str, spec.player_counts))} players")
    if variant not in spec.variants:
        raise RuleError(f"{spec.title} has no {variant!r} variant")
    problem = spec.check_options(options)
    if problem:
        raise RuleError(problem)
    state = spec.rules.new_state(bundled_catalogue(game), players, variant, seed, **options)
    return Match(game, players, variant, seed, state, options=options)


def from_record(raw: Any, file: str = "save",
                observe: Callable[[list[Event]], object] | None = None) -> Match:
    """Rebuild a match by replaying a record; DataError names what is wrong with it.
    ``observe`` is given the events of each replayed move, in order (the session
    rebuilds its per-seat histories from them, so a resumed log is the whole game's)."""
    def fail(reason: str, path: str = "") -> DataError:
        return DataError(reason, file, None, path)

    if not isinstance(raw, dict):
        raise fail("a save file holds one JSON object")
    if type(raw.get("format")) is not int or raw["format"] not in READABLE_FORMATS:
        raise fail(f"this save format ({show(raw.get('format'))}) is not one botyard reads",
                   "format")
    game = raw.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise fail(f"unknown game {show(game)}", "game")
    spec = GAMES[game]
    if raw.get("rules_version") != spec.rules.version:
        raise fail(f"the save was made with rules {show(raw.get('rules_version'))}, these "
                   f"are {spec.rules.version!r}", "rules_version")
    if _recorded_section_hash(raw) != section_hash(game):
        raise fail("the save was made with different card data", "data_hash")
    for key in ("players", "seed"):
        if isinstance(raw.get(key), bool) or not isinstance(raw.get(key), int):
            raise fail("must be a whole number", key)
    if not 0 <= raw["seed"] <= MAX_SEED:
        raise fail(f"the seed must be from 0 to {MAX_SEED}", "seed")
    if not isinstance(raw.get("variant"), str):
        raise fail("must be a variant name", "variant")
    actions = raw.get("actions")
    if not isinstance(actions, list):
        raise fail("must be a list of actions", "actions")
    if raw["players"] not in spec.player_counts:
        raise fail(f"{spec.title} is not for {raw['players']} players", "players")
    if raw["variant"] not in spec.variants:
        raise fail(f"{spec.title} has no {show(raw['variant'])} variant", "variant")
    options = raw.get("options", {})
    if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
        raise fail("must map option names to values", "options")
    problem = spec.check_options(options)
    if problem:
        raise fail(problem, "options")
    match = new_match(game, raw["players"], raw["variant"], raw["seed"], options)
    for index, item in enumerate(actions):
        where = f"actions[{index}]"
        try:
            action = spec.rules.codec.decode(item, where)
        except DataError as exc:
            raise DataError(exc.reason, file, None, exc.path) from None
        try:
            events = match.play(action)
        except RuleError as exc:
            raise fail(f"this move cannot be replayed ({exc})", where) from None
        if observe is not None:
            observe(events)
    return match


def save(match: Match, path: str | Path) -> None:
    """Write the record (with its checksum) atomically and durably, so a crash
    mid-write never damages a save."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, encode(match.to_record()))


def load(path: str | Path) -> Match:
    """Replay a save file; DataError (one sentence) whatever the file holds."""
    return from_record(read_record(Path(path)), str(path))
