"""A Blastbots scenario's ``expect``: what each check can answer, read from the state the
engine left, and compared key by key with what the file writes (only keys written are
compared; within a player's entry, unlisted colours and decks mean 0)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.rules.blastbots.board import spot_name
from game.rules.blastbots.catalogue import DECKS
from game.rules.blastbots.events import Drew
from game.rules.blastbots.position import PositionError, token_codes
from game.rules.blastbots.scenario_read import Reader
from game.rules.blastbots.scoring import POINT_KEYS
from game.rules.blastbots.state import OVER, State
from game.rules.core.actions import Event
from game.rules.core.data import PathKey, show

BOARD = ("rockets", "junkyard", "totems", "tokens", "hands", "hand_sizes", "decks",
         "discards", "actions_left", "cuts")
ENDING = ("game_over", "winner", "victory", "points")
EXPECT_KEYS = {
    "roll": ("draws", *BOARD, *ENDING),
    "actions": (*BOARD, *ENDING, "stopped_at", "why"),
    "legal": ("legal", *ENDING),
    "score": ENDING,
}
SECTIONS = ("factory", "launchpad", "atmosphere", "space")
VICTORIES = ("escape", "destruction", "impact")
WHY = ("refused", "game_over")


def answers(state: State, players: list[str], events: list[Event]) -> dict[str, Any]:
    """Everything a check can be asked about the state it ended in."""
    n = state.n
    got: dict[str, Any] = {
        "rockets": {players[s]: {"factory": state.factory[s], "launchpad": state.pad[s],
                                 "atmosphere": state.atmo[s], "space": state.space[s]}
                    for s in range(n)},
        "junkyard": {players[s]: {players[c]: state.junk[s][c] for c in range(n)
                                  if state.junk[s][c]} for s in range(n)},
        "totems": {players[s]: state.totem[s] for s in range(n)},
        "tokens": {players[s]: sorted(spot_name(c) for c in state.tokens[s]) for s in range(n)},
        "hands": {players[s]: sorted(state.cat.cards[c].name for c in state.hands[s])
                  for s in range(n)},
        "hand_sizes": {players[s]: len(state.hands[s]) for s in range(n)},
        "decks": {name: len(state.decks[d]) for d, name in enumerate(DECKS)},
        "discards": {name: len(state.piles[d]) + len(state.fresh[d])
                     + (state.marked if name == "discovery" else 0)
                     for d, name in enumerate(DECKS)},
        "actions_left": state.actions_left,
        "cuts": {players[s]: state.cuts[s] for s in range(n)},
        "game_over": state.phase == OVER,
        "winner": players[state.winner] if state.phase == OVER else None,
        "victory": state.victory or None,
        "points": ({players[s]: dict(zip(POINT_KEYS, state.points[s], strict=True))
                    for s in range(n)} if state.points else None),
    }
    draws: dict[str, Counter[str]] = {p: Counter() for p in players}
    for event in events:
        if isinstance(event, Drew):
            draws[players[event.seat]][DECKS[event.deck]] += len(event.cards)
    got["draws"] = {p: dict(c) for p, c in draws.items()}
    return got


def compare(read: Reader, check: str, expect: dict[str, Any],
            got: dict[str, Any]) -> list[str]:
    """What differs, one phrase per key (per player for a key written by player); each
    written value is checked for its format first."""
    out = []
    for key, want in expect.items():
        path: PathKey = ("expect", key)
        want = _expected(read, key, want, path)
        have = got.get(key)
        if key in ("decks", "discards"):
            have = {d: have[d] for d in want}
        elif isinstance(want, dict) and isinstance(have, dict):
            for player, wanted in want.items():
                had = _narrow(key, wanted, have.get(player))
                if wanted != had:
                    out.append(f"{key}.{player}: expected {show(wanted, 120)}, "
                               f"got {show(had, 120)}")
            continue
        if want != have:
            out.append(f"{key}: expected {show(want, 120)}, got {show(have, 120)}")
    return out


def _narrow(key: str, want: Any, have: Any) -> Any:
    """A player's entry as the file writes it: listed sections or point kinds only;
    colours and decks compared in full (unlisted ones are 0 and dropped)."""
    if key in ("rockets", "points") and isinstance(have, dict):
        return {k: have.get(k) for k in want}
    if key in ("junkyard", "draws") and isinstance(have, dict):
        return {k: v for k, v in have.items() if v}
    return have


def _expected(read: Reader, key: str, want: Any, path: PathKey) -> Any:
    """The written expectation in the form ``answers`` gives, or a located fault."""
    check = read.check
    if key in ("game_over", "legal"):
        return check.boolean(want, path)
    if key in ("actions_left", "stopped_at"):
        return check.integer(want, path, 0)
    if key == "winner":
        return None if want is None else read.colour(want, path)
    if key == "victory":
        return None if want is None else check.choice(want, path, VICTORIES)
    if key == "why":
        return None if want is None else check.choice(want, path, WHY)
    if key in ("decks", "discards"):
        table = check.mapping(want, path, allowed=DECKS)
        return {d: check.integer(v, (*path, d), 0) for d, v in table.items()}
    table = read.by_colour(want, path)
    out: dict[str, Any] = {}
    for player, value in table.items():
        where = (*path, player)
        if key in ("totems", "hand_sizes", "cuts"):
            out[player] = check.integer(value, where, 0)
        elif key == "hands":
            out[player] = sorted(read.cat.cards[c].name for c in read.cards(value, where))
        elif key == "tokens":
            tokens = read.tokens(value, where)
            try:
                out[player] = sorted(spot_name(c) for c in token_codes(tokens, where))
            except PositionError as exc:
                raise read.fail(exc.path, exc.reason) from None
        elif key == "rockets":
            entry = check.mapping(value, where, allowed=SECTIONS)
            out[player] = {s: check.integer(v, (*where, s), 0) for s, v in entry.items()}
        elif key == "junkyard":
            entry = read.by_colour(value, where)
            out[player] = {c: check.integer(v, (*where, c), 0) for c, v in entry.items() if v}
        elif key == "draws":
            entry = check.mapping(value, where, allowed=DECKS)
            out[player] = {d: check.integer(v, (*where, d), 0) for d, v in entry.items() if v}
        else:
            entry = check.mapping(value, where, allowed=POINT_KEYS)
            out[player] = {k: check.integer(v, (*where, k), 0) for k, v in entry.items()}
    return out
