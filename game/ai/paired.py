"""Choosing among searched moves without trusting luck: each candidate was played on the
same sampled worlds as the default move, so their paired differences say whether it is
really better. Game-agnostic; both games' hard searches use it."""

from __future__ import annotations


def confident_best(values: list[list[float]], confidence: float) -> int:
    """Index of the best candidate; any other than the first (the default choice) must
    beat the first by more than ``confidence`` standard errors of the paired
    differences: a lucky streak is not a better move."""
    best, best_mean = 0, 0.0
    base = values[0]
    n = len(base)
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], base, strict=True)]
        mean = sum(diffs) / n
        if n > 1:
            spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 / n ** 0.5
        else:
            spread = float("inf")
        if mean > confidence * spread and mean > best_mean:
            best, best_mean = i, mean
    return best
