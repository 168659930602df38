"""What the robustness suites compare before and after a hostile file is read."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def snapshot(path: Path) -> tuple[object, ...]:
    """What the user has at ``path``: kind, and bytes, link target or folder listing."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISDIR(info.st_mode):
        return ("folder", sorted(p.name for p in path.iterdir()))
    if stat.S_ISFIFO(info.st_mode):
        return ("fifo",)
    return ("file", path.read_bytes())
