"""One scenario file's result, the same for every game's runner: the scenario's name
and what differed from its expected answer (nothing differed: it passed)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    name: str
    differences: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.differences

    def line(self) -> str:
        """PASS or FAIL, the name and what differed, on one line (``botyard scenario``)."""
        if self.passed:
            return f"PASS {self.name}"
        return f"FAIL {self.name}: " + "; ".join(self.differences)
