"""Each test starts with the Factory caches empty, so a test exercises the search it
checks rather than an answer an earlier test left behind (mutation testing relies on it:
a cached answer hid changes to the search)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.rules.two_robots import factory


@pytest.fixture(autouse=True)
def _fresh_factory_caches() -> Iterator[None]:
    factory.assignments.cache_clear()
    factory._known.cache_clear()
    yield
