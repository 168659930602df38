"""The two kinds of user-facing failure: an illegal move and a bad data file."""

from __future__ import annotations


class RuleError(Exception):
    """An action that the rules do not allow now; the state is left untouched."""


class DataError(Exception):
    """A data, scenario or save file that cannot be used, located by file, line and key path.

    ``str()`` gives one plain sentence fit to show a user without a traceback.
    """

    def __init__(self, reason: str, file: str = "", line: int | None = None,
                 path: str = "") -> None:
        self.reason = reason
        self.file = file
        self.line = line
        self.path = path
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file or "data"
        if self.line is not None:
            where += f", line {self.line}"
        if self.path:
            where += f", at {self.path}"
        return f"{where}: {self.reason}"
