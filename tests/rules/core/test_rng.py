from game.rules.core.rng import Rng


def test_same_seed_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.below(6) for _ in range(50)] == [b.below(6) for _ in range(50)]


def test_sequence_is_pinned_because_saves_replay_from_the_seed():
    rng = Rng(12345)
    assert [rng.below(6) for _ in range(8)] == [3, 5, 0, 2, 2, 1, 2, 4]
    items = list(range(10))
    rng.shuffle(items)
    assert items == [7, 9, 4, 1, 8, 3, 0, 5, 2, 6]


def test_below_is_in_range_and_covers_all_values():
    rng = Rng(3)
    seen = {rng.below(5) for _ in range(500)}
    assert seen == {0, 1, 2, 3, 4}


def test_shuffle_is_a_permutation_and_seed_dependent():
    items = list(range(30))
    first, second = items[:], items[:]
    Rng(1).shuffle(first)
    Rng(2).shuffle(second)
    assert sorted(first) == items and sorted(second) == items
    assert first != second


def test_clone_continues_identically_and_equality_tracks_state():
    rng = Rng(9)
    rng.below(100)
    twin = rng.clone()
    assert twin == rng
    assert [rng.below(100) for _ in range(10)] == [twin.below(100) for _ in range(10)]
    twin.below(2)
    assert twin != rng
