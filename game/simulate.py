"""Whole matches between random legal seats, as a speed benchmark and a smoke test.

Game-agnostic: it reaches the rules only through the registry. The random seats pick
uniformly among the legal actions of a seat chosen uniformly among those to act.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from game.progress import progress
from game.rules.core.registry import GameSpec, bundled_catalogue, get_game


@dataclass
class SimulationReport:
    game: str
    players: int
    variant: str
    games: int
    seconds: float
    cpu_seconds: float = 0.0
    actions: list[int] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)
    """Each seat's share of the wins: a game won by several seats gives each a part."""
    capped: int = 0
    """Games stopped unfinished at the game's turn cap: no winner, no wins counted."""
    cooperative: bool = False
    """The seats win or lose together: the report gives the table's result."""
    won: int = 0
    """Finished games that someone won."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    @property
    def games_per_cpu_second(self) -> float:
        return self.games / self.cpu_seconds if self.cpu_seconds else float("inf")

    def lines(self) -> list[str]:
        out = [
            f"{self.games} {self.game} games, {self.players} players, {self.variant} "
            f"(one core): wall {self.seconds:.2f} s, {self.games_per_second:.1f} games/s; "
            f"CPU {self.cpu_seconds:.2f} s, {self.games_per_cpu_second:.1f} games per CPU s",
            f"actions per game: median {statistics.median(self.actions):.0f}, "
            f"min {min(self.actions)}, max {max(self.actions)}",
        ]
        if self.capped:
            out.append(f"stopped unfinished at the turn cap: {self.capped} "
                       f"({100 * self.capped / self.games:.0f}%); win shares are of finished games")
        if self.cooperative and self.scores:
            out.append(f"the table won {self.won} of {len(self.scores)} finished games "
                       f"({100 * self.won / len(self.scores):.0f}%)")
        for seat in range(self.players if self.scores else 0):
            seat_scores = [s[seat] for s in self.scores]
            line = (f"seat {seat}: mean score {statistics.mean(seat_scores):.1f}, "
                    f"max {max(seat_scores)}")
            if not self.cooperative:
                line += (f", wins {self.wins[seat]:.1f} "
                         f"({100 * self.wins[seat] / len(self.scores):.0f}%)")
            out.append(line)
        return out


def simulate(game: str, players: int, games: int, seed: int,
             variant: str | None = None) -> SimulationReport:
    """Play ``games`` matches with seeds ``seed``, ``seed + 1``, ...; the rules'
    ``winners`` of each share its win. ``variant`` defaults to the game's first."""
    spec = get_game(game)
    variant = variant or spec.variants[0]
    catalogue = bundled_catalogue(game)
    report = SimulationReport(game, players, variant, games, 0.0, wins=[0.0] * players,
                              cooperative=spec.cooperative)
    start, cpu = time.perf_counter(), time.process_time()
    with progress(games, f"simulate {game}", "game") as bar:
        for number in range(games):
            count, ended = _play_one(spec, catalogue, players, variant, seed + number)
            report.actions.append(count)
            if ended is None:
                report.capped += 1
                continue
            scores, winners = ended
            for s in winners:
                report.wins[s] += 1 / len(winners)
            report.won += bool(winners)
            report.scores.append(scores)
            bar.update()
    report.seconds = time.perf_counter() - start
    report.cpu_seconds = time.process_time() - cpu
    return report


def _play_one(spec: GameSpec, catalogue: Any, players: int, variant: str,
              seed: int) -> tuple[int, tuple[list[int], tuple[int, ...]] | None]:
    """One match of random seats: its action count, and its final scores and winners
    (None when it was stopped unfinished at the game's turn cap)."""
    rules = spec.rules
    # Bound once: this loop runs for every action of every game, so the attribute
    # look-ups are hoisted out of it.
    is_over, capped, to_act = rules.is_over, spec.capped, rules.to_act
    legal_actions, apply = rules.legal_actions, rules.apply
    state = rules.new_state(catalogue, players, variant, seed)
    pick = random.Random(seed).random
    count = 0
    while not is_over(state):
        if capped(state):
            return count, None
        seats = to_act(state)
        seat = seats[int(pick() * len(seats))]
        actions = legal_actions(state, seat)
        apply(state, actions[int(pick() * len(actions))])
        count += 1
    return count, (rules.scores(state), rules.winners(state))
