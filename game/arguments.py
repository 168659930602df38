"""Command-line parsing shared by ``botyard`` and ``botyard controller-sim``: a mistake
ends in one plain line and exit status 2 (argparse would print a usage block first), and
numbers are whole numbers in a stated range, so no absurd value reaches the code."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from functools import partial
from typing import NoReturn

from game.rules.core.match import MAX_SEED

MAX_GAMES = 100_000
"""simulate and arena: more would run for days."""

_WHOLE = re.compile(r"[0-9]{1,20}")
"""ASCII digits only (int() would also take '+5', ' 5', '1_000' and other scripts'
digits), and no more than any bound here needs, so int() never meets a huge text."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line, ``<name>: <what is wrong>``, exit 2.
    Sub-parsers made from it are of the same class, so they share this. ``--help``
    stays argparse's own multi-line text with exit 0."""

    def __init__(self, *args: object, error_name: str | None = None, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.error_name = error_name or self.prog.split()[0]

    def add_subparsers(self, **kwargs: object) -> argparse._SubParsersAction:
        """Sub-parsers name their errors as their parent does (``botyard: ...``)."""
        kwargs.setdefault("parser_class", partial(type(self), error_name=self.error_name))
        return super().add_subparsers(**kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.error_name}: {' '.join(message.split())}\n")


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``, else one line saying so."""

    def parse(text: str) -> int:
        if _WHOLE.fullmatch(text) and low <= int(text) <= high:
            return int(text)
        raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, "
                                         f"not {text[:30]!r}")

    return parse


def seed() -> Callable[[str], int]:
    """An argparse ``type`` for a match seed."""
    return whole(0, MAX_SEED)
