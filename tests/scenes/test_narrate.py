"""The log speaks plain English: counts agree with their nouns."""

from game.scenes.goblins.narrate import count


def test_counts_agree_with_their_noun():
    assert count(0, "engine") == "no engines"
    assert count(1, "engine") == "1 engine"
    assert count(3, "loose tile") == "3 loose tiles"
