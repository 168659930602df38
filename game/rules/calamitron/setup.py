"""A new match: Rogue cards dealt (the types in play), Rogues and crates placed on the
Deadly Spiral's starts, the Calamity deck shuffled; then each seat picks its Retro."""

from __future__ import annotations

from game.rules.calamitron.catalogue import Catalogue
from game.rules.calamitron.state import CRATE, Piece, State
from game.rules.core.rng import Rng


def placing_queue(cat: Catalogue, in_play: tuple[str, ...], boss: bool) -> list[str]:
    """Bossbot, Minionbot (if used), then one Rogue of each seat's type in seat order,
    repeated; item k goes on start k."""
    queue = ["bossbot", "minionbot"] if boss else []
    return queue + [kind for _ in range(cat.placed) for kind in in_play]


def new_state(cat: Catalogue, players: int, seed: int, boss: bool, crates: bool,
              dealt: tuple[str, ...] | None = None) -> State:
    """A new match; ``dealt`` fixes the seats' Rogue cards instead of shuffling them (a
    setup scenario)."""
    rng = Rng(seed)
    cards = list(cat.ordinary)
    rng.shuffle(cards)
    in_play = dealt if dealt is not None else tuple(cards[:players])
    pieces: dict[str, Piece] = {}
    counts: dict[str, int] = {}
    for k, kind in enumerate(placing_queue(cat, in_play, boss)):
        counts[kind] = counts.get(kind, 0) + 1
        piece_id = kind if kind in ("bossbot", "minionbot") else f"{kind}{counts[kind]}"
        square, facing = cat.starts[k]
        pieces[piece_id] = Piece(piece_id, kind, square, facing)
    if crates:
        for i, square in enumerate(cat.crates):
            pieces[f"crate{i + 1}"] = Piece(f"crate{i + 1}", CRATE, square)
    deck = cat.deck()
    rng.shuffle(deck)
    n = players
    return State(cat=cat, board=cat.board, n=n, boss=boss, pieces=pieces, in_play=in_play,
                 rng=rng, deck=deck, sides=cat.sides[n], retro=[""] * n, kinds=[""] * n,
                 lost=[""] * n, entry=[None] * n, fresh=[False] * n,
                 upgrades=[[] for _ in range(n)], trophies=[[] for _ in range(n)],
                 trophy_kinds=[[] for _ in range(n)], full_set=[False] * n,
                 programs=[() for _ in range(n)], locked=[False] * n)
