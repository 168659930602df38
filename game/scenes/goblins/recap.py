"""What happened in each round of a match, for the final standings: every combat's
result (who won, how, and what each robot lost to its scrapyard) and every seat's
points line by line, agendas included.

It is derived by replaying the match's record (seed and actions) through the rules,
so it holds whatever the rules decided, in full, however the match was reached (a
resumed save included); nothing is stored as text. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.core.match import Match, new_match
from game.rules.goblins.robot import Robot


@dataclass(frozen=True, slots=True)
class Scrapyard:
    """What one robot lost in a round: fallen and destroyed tiles, tokens, goblins."""

    tiles: int
    tokens: int
    goblins: int

    @property
    def total(self) -> int:
        return self.tiles + self.tokens + self.goblins

    @classmethod
    def of(cls, robot: Robot) -> Scrapyard:
        return cls(len(robot.scrap_tiles), robot.scrap_tokens, robot.scrap_goblins)


@dataclass(frozen=True, slots=True)
class Combat:
    """A round's combat result. ``winner`` is a team index, -1 when nobody won;
    ``reason`` is the rules' word: disabled, tiebreak or tie."""

    round: int
    teams: tuple[tuple[int, ...], ...]
    winner: int
    reason: str
    disabled: tuple[str, str]
    """Per team: why its robot was disabled ("no goblins left", "no weapons left"), or
    "" when it was not."""
    scrap: tuple[Scrapyard, Scrapyard]


@dataclass(frozen=True, slots=True)
class SeatRound:
    """One seat's points for one round: (label, points, how it was counted) per line,
    as the rules scored them; the label is "win", an agenda's name, or the side of the
    Star/Snitch bet."""

    round: int
    team: int
    lines: tuple[tuple[str, int, str], ...]
    total: int


@dataclass(frozen=True, slots=True)
class Recap:
    combats: tuple[Combat, ...]
    seats: tuple[tuple[SeatRound, ...], ...]
    """Per seat, its rounds in order."""

    def points(self, seat: int) -> int:
        return sum(r.total for r in self.seats[seat])


def _disabled_because(robot: Robot) -> str:
    if not robot.disabled():
        return ""
    return "no goblins left" if robot.crew() == 0 else "no weapons left"


def recap(match: Match) -> Recap:
    """Replay ``match`` from its seed and actions and collect every round's results."""
    replay = new_match(match.game, match.players, match.variant, match.seed, match.options)
    combats: list[Combat] = []
    seats: list[list[SeatRound]] = [[] for _ in range(match.players)]
    for action in match.actions:
        state = replay.state
        # The round's crews and robots: a new round starts in the same move as the
        # scoring and replaces them, so they are held from before the move.
        round_number, teams = state.round, state.teams
        crews = tuple(t.seats for t in teams)
        for event in replay.play(action):
            if event.kind == "combat_ended":
                robots = (teams[0].robot, teams[1].robot)
                combats.append(Combat(
                    round_number, crews, event.winner, event.reason,
                    (_disabled_because(robots[0]), _disabled_because(robots[1])),
                    (Scrapyard.of(robots[0]), Scrapyard.of(robots[1]))))
            elif event.kind == "scored":
                team = next(i for i, crew in enumerate(crews) if event.seat in crew)
                seats[event.seat].append(
                    SeatRound(round_number, team, event.lines, event.total))
    return Recap(tuple(combats), tuple(tuple(rounds) for rounds in seats))
