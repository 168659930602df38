"""The balance run of RULES-DECISIONS.md: seeded 4-player games with every seat the
same bot level (normal by default), robots taken at random as AI seats take them, and
the figures' table printed. ``python -m game.ai.coal_heart.balance --games 400``.

Each game is one ``arena.play`` match, so a game here is played exactly as in
``botyard arena``: seeds ``seed``, ``seed + 1``, ... and the arena's bot seeds.
"""

from __future__ import annotations

import argparse
from multiprocessing import Pool

from game.ai.arena import Match, play
from game.ai.coal_heart.figures import acceptance, report

GAME = "coal_heart"


def matches(games: int, seed: int, level: str, players: int) -> list[Match]:
    return [Match(n, seed + n, (level,) * players, None, GAME, "standard")
            for n in range(games)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.ai.coal_heart.balance")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    todo = matches(args.games, args.seed, args.level, args.players)
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.map(play, todo, chunksize=4)
    else:
        results = [play(m) for m in todo]
    print(f"{args.games} games of {args.players} {args.level} seats, seeds {args.seed}-"
          f"{args.seed + args.games - 1}")
    summaries = [r.summary for r in results]
    print("\n".join([*report(summaries), acceptance(summaries)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
