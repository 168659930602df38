"""Player preferences, kept as JSON in the user directory.

A damaged settings file never stops the game: it is set aside as settings.bad.json
(nothing is lost), defaults are used, and the reason is reported in one line.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.paths import user_dir

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080))
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)
AI_PAUSES = (0.0, 0.3, 0.6, 1.2)


@dataclass
class Settings:
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    sound_volume: float = 0.8
    music_volume: float = 0.5
    animation_speed: float = 1.0
    ai_pause: float = 0.6
    glyphs: bool = True
    controllers: list[dict[str, Any]] = field(default_factory=list)
    """Table controllers: {"url": port or pyserial URL, "seat": seat index or None}."""

    def save(self, path: Path | None = None) -> None:
        target = path or settings_path()
        temp = target.with_suffix(".tmp")
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        temp.write_text(json.dumps(data, indent=2), encoding="utf-8")
        temp.replace(target)


def settings_path() -> Path:
    return user_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a one-line problem report, if any."""
    source = path or settings_path()
    if not source.exists():
        return Settings(), None
    try:
        raw = json.loads(source.read_text(encoding="utf-8"))
        return _from_dict(raw), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError, TypeError) as exc:
        backup = source.with_name("settings.bad.json")
        source.replace(backup)
        return Settings(), (f"Settings were unreadable ({exc}); kept as {backup.name}, "
                            "using defaults.")


def _from_dict(raw: object) -> Settings:
    if not isinstance(raw, dict):
        raise ValueError("not a JSON object")
    defaults = Settings()
    values = {}
    for f in fields(Settings):
        value = raw.get(f.name, getattr(defaults, f.name))
        default = getattr(defaults, f.name)
        if f.name == "window_size":
            if (not isinstance(value, list | tuple) or len(value) != 2
                    or not all(isinstance(v, int) and 320 <= v <= 10000 for v in value)):
                raise ValueError("window_size must be two whole numbers")
            value = (value[0], value[1])
        elif f.name == "controllers":
            value = _controllers(value)
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise ValueError(f"{f.name} must be true or false")
        elif isinstance(default, float):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"{f.name} must be a number")
            value = min(max(float(value), 0.0), 2.0)
        values[f.name] = value
    return Settings(**values)


def _controllers(raw: object) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise ValueError("controllers must be a list")
    out = []
    for item in raw:
        if (not isinstance(item, dict) or not isinstance(item.get("url"), str)
                or not (item.get("seat") is None or type(item.get("seat")) is int)):
            raise ValueError("each controller needs a url and a seat number or null")
        out.append({"url": item["url"], "seat": item["seat"]})
    return out
