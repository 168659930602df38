"""Progress with an ETA for the long command-line runs (arena, simulate, bench).

tqdm draws the bar on stderr, and only when stderr is a terminal, so piped or logged
output holds the figures alone and stdout never carries a bar.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tqdm import tqdm


def progress(total: int, what: str, unit: str = "it") -> tqdm:
    """A bar counting ``total`` steps of ``unit``; use it as a context manager and call
    ``update()`` per step. Silent (and nearly free) when stderr is not a terminal."""
    from tqdm import tqdm

    return tqdm(total=total, desc=what, unit=unit, file=sys.stderr, leave=False,
                dynamic_ncols=True, disable=not sys.stderr.isatty())
