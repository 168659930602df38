"""Player preferences, kept as JSON in the user directory.

A damaged settings file never stops the game. Good fields are kept; a bad one (wrong
type, NaN, a huge or out-of-range number) is reset to its default or brought into
range, unknown keys are dropped, and the client says once, in one line, what it
changed. The original file is first set aside as settings.bad-N.json (N the first free
number, so no backup is ever overwritten) and the repaired settings are written in its
place, so the next launch is clean. A file that cannot be set aside is left untouched.
Keys that older versions wrote and this one no longer uses (``RETIRED``) are dropped
without a word: the file was not damaged. Reading never blocks (a FIFO or folder at
the path is refused) and saving reports a problem instead of raising.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.ai.bots import LEVELS
from game.paths import user_dir
from game.rules.core.data import read_regular_file, show
from game.rules.core.errors import DataError
from game.session import AI, HUMAN, valid_name

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080))
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)
AI_PAUSES = (0.0, 0.3, 0.6, 1.2)
WINDOW_RANGE = (320, 10000)
"""Smallest and largest window side in pixels; a size outside is reset."""
MAX_BYTES = 64 * 1024
"""A settings file is a few hundred bytes; anything much larger is not ours."""
MAX_CONTROLLERS = 16
MAX_URL = 256
MAX_BACKUPS = 999
RETIRED = frozenset({"glyphs"})
"""Keys older versions wrote that are no longer settings ("glyphs": seat glyphs are now
always drawn, since colour is never the only signal)."""
MAX_ID = 40
"""Longest game id, variant or option word a remembered setup may hold, and longest
USB serial number, unit id or role name kept for a board."""
MAX_GAMES = 16
"""Remembered setups kept (one per game)."""
MAX_PLAYERS = 8
MAX_OPTIONS = 16


@dataclass
class Settings:
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    sound_volume: float = 0.8
    music_volume: float = 0.5
    animation_speed: float = 1.0
    ai_pause: float = 0.6
    controllers: list[dict[str, Any]] = field(default_factory=list)
    """Remembered table boards (game.table_boards.BoardEntry): {"url": last port or a
    pyserial URL, "serial": its port's USB serial number or None, "uid": its unit id or
    None before its first HELLO, "roles": {game id: role}}."""
    last_game: str = ""
    """The game of the last new game set up; the title picks it (none: the default)."""
    setups: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Game id -> the choices of its last new-game setup: {"players": n, "variant":
    name, "options": {key: value}, "seats": [{"kind", "level", "name"}, ...]}. Only
    their shape is checked here; the setup screen takes what the game still offers."""

    def save(self, path: Path | None = None) -> str | None:
        """Write the settings atomically; a one-line problem (disk full, a folder in the
        way) instead of an exception, so saving can never stop the client."""
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        text = json.dumps(data, indent=2)
        try:
            target = path or settings_path()
            # A fresh temporary name: a FIFO or folder left at a fixed one cannot block us.
            fd, temp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=target.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(text)
                os.replace(temp, target)
            except OSError:
                os.unlink(temp)
                raise
        except OSError as exc:
            return f"Settings could not be saved ({exc.strerror or exc})."
        return None


def settings_path() -> Path:
    return user_dir() / "settings.json"


class _Unusable(Exception):
    """The whole settings file cannot be used; the message says why."""


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (good fields kept, bad ones repaired) and a one-line report of
    what was changed, or None when the file was fine or absent."""
    try:
        source = path or settings_path()
        os.lstat(source)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), (f"Settings could not be read ({exc.strerror or exc}); "
                            "using defaults.")
    try:
        settings, changes = _from_dict(_read(source))
    except _Unusable as exc:
        backup, why = _set_aside(source)
        kept = (f"the old file is kept as {backup}" if backup else
                f"it could not be set aside ({why}) and is left as it is")
        return Settings(), (f"Settings reset to defaults: {source.name} could not be used "
                            f"({exc}); {kept}.")
    if not changes:
        return settings, None
    backup, why = _set_aside(source)
    if backup is None:
        return settings, (f"Settings fixed for now: {', '.join(changes)}; {source.name} "
                          f"could not be set aside ({why}) and is left as it is.")
    notice = f"Settings fixed: {', '.join(changes)}; the old file is kept as {backup}."
    problem = settings.save(source)
    return settings, notice if problem is None else f"{notice[:-1]}; {problem}"


def _read(source: Path) -> object:
    """The parsed JSON of ``source``; _Unusable with a short reason for any fault."""
    try:
        text = read_regular_file(source, MAX_BYTES).decode("utf-8-sig")
        return json.loads(text, parse_int=_whole)
    except DataError as exc:
        raise _Unusable(exc.reason) from None
    except UnicodeDecodeError:
        raise _Unusable("not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise _Unusable(f"not valid JSON, line {exc.lineno}: {exc.msg}") from None
    except RecursionError:
        raise _Unusable("nested too deeply") from None


def _whole(digits: str) -> int | float:
    """JSON whole numbers; one too long for int() becomes infinity, which every field
    refuses, instead of a ValueError that would lose the whole file."""
    if len(digits) <= 30:
        return int(digits)
    return -math.inf if digits.startswith("-") else math.inf


def _set_aside(source: Path) -> tuple[str | None, str | None]:
    """Rename ``source`` (whatever it is: file, folder, FIFO, link) to the first free
    settings.bad-N.json. Returns (backup name, None) or (None, why not)."""
    for n in range(1, MAX_BACKUPS + 1):
        backup = source.with_name(f"{source.stem}.bad-{n}{source.suffix}")
        if os.path.lexists(backup):
            continue
        try:
            os.rename(source, backup)
        except OSError as exc:
            return None, str(exc.strerror or exc)
        return backup.name, None
    return None, f"{MAX_BACKUPS} older backups are in the way"


def _number(value: object) -> float | None:
    """A finite JSON number as float, else None (booleans are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _nearest(value: object, options: tuple[float, ...]) -> float | None:
    """The allowed option nearest a finite number (clamped to their span first, so a
    huge number means the last option), or None for anything else."""
    number = _number(value)
    if number is None:
        return None
    number = min(max(number, options[0]), options[-1])
    return min(options, key=lambda option: abs(option - number))


def _from_dict(raw: object) -> tuple[Settings, list[str]]:
    """Settings from parsed JSON, and a short note per field that was changed."""
    if not isinstance(raw, dict):
        raise _Unusable("not a JSON object")
    names = [f.name for f in fields(Settings)]
    values: dict[str, Any] = {}
    changes: list[str] = []
    for name in (name for name in names if name in raw):
        value = raw[name]
        fixed: Any
        if name == "window_size":
            fixed = _window(value)
        elif name == "controllers":
            fixed, dropped = _controllers(value)
            if dropped:
                changes.append(f"{dropped} controller entr{'y' if dropped == 1 else 'ies'} "
                               "dropped")
        elif name == "setups":
            fixed, dropped = _setups(value)
            if dropped:
                changes.append(f"{dropped} remembered setup{'' if dropped == 1 else 's'} "
                               "dropped")
        elif name == "last_game":
            fixed = value if value == "" or _word(value) else None
        elif name == "fullscreen":
            fixed = value if isinstance(value, bool) else None
        elif name in ("sound_volume", "music_volume"):
            number = _number(value)
            fixed = None if number is None else min(max(number, 0.0), 1.0)
        else:
            fixed = _nearest(value, ANIMATION_SPEEDS if name == "animation_speed" else AI_PAUSES)
        if fixed is None:
            changes.append(f"{name} reset")
            continue
        if name not in ("window_size", "controllers", "setups") and fixed != value:
            changes.append(f"{name} set to {fixed}")
        values[name] = fixed
    unknown = [key for key in raw if key not in names and key not in RETIRED]
    if len(unknown) == 1:
        changes.append(f"unknown key {show(unknown[0], 30)} dropped")
    elif unknown:
        changes.append(f"{len(unknown)} unknown keys dropped")
    return Settings(**values), changes


def _window(value: object) -> tuple[int, int] | None:
    low, high = WINDOW_RANGE
    if (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and low <= v <= high for v in value)):
        return (value[0], value[1])
    return None


def _controllers(raw: object) -> tuple[list[dict[str, Any]] | None, int]:
    """The usable board entries and how many were dropped; None if not a list. An
    entry of the older form (a port and a seat) keeps its port: boards now serve roles,
    which the Controllers screen sets again."""
    if not isinstance(raw, list):
        return None, 0
    out: list[dict[str, Any]] = []
    for item in raw:
        if not isinstance(item, dict) or len(out) >= MAX_CONTROLLERS:
            continue
        url, serial, uid = item.get("url"), item.get("serial"), item.get("uid")
        roles = item.get("roles", {})
        if (isinstance(url, str) and 0 < len(url) <= MAX_URL and url.isprintable()
                and (serial is None or _word(serial)) and (uid is None or _word(uid))
                and isinstance(roles, dict)
                and all(_word(k) and _word(v) for k, v in roles.items())):
            out.append({"url": url, "serial": serial, "uid": uid, "roles": dict(roles)})
    return out, len(raw) - len(out)


def _word(value: object) -> bool:
    """A game id, variant or option word: short printable text."""
    return isinstance(value, str) and 0 < len(value) <= MAX_ID and value.isprintable()


def _setups(raw: object) -> tuple[dict[str, dict[str, Any]] | None, int]:
    """The usable remembered setups and how many were dropped; None if not an object.
    A setup is kept whole or dropped whole (half a setup would seat the wrong people)."""
    if not isinstance(raw, dict):
        return None, 0
    out: dict[str, dict[str, Any]] = {}
    for game, setup in raw.items():
        if len(out) < MAX_GAMES and _word(game) and _setup_ok(setup):
            out[game] = setup
    return out, len(raw) - len(out)


def _setup_ok(setup: object) -> bool:
    if not isinstance(setup, dict) or set(setup) != {"players", "variant", "options", "seats"}:
        return False
    players, options, seats = setup["players"], setup["options"], setup["seats"]
    return (type(players) is int and 1 <= players <= MAX_PLAYERS and _word(setup["variant"])
            and isinstance(options, dict) and len(options) <= MAX_OPTIONS
            and all(_word(k) and _word(v) for k, v in options.items())
            and isinstance(seats, list) and len(seats) <= MAX_PLAYERS
            and all(map(_seat_ok, seats)))


def _seat_ok(seat: object) -> bool:
    return (isinstance(seat, dict) and set(seat) == {"kind", "level", "name"}
            and seat["kind"] in (HUMAN, AI) and seat["level"] in LEVELS
            and valid_name(seat["name"]))
