"""One conformance suite that every registered game must pass, modelled on OpenSpiel's
random_sim_test: seeded random legal play to the end for every player count, variant
and option value, checking at every step that

- the seats to act have legal moves, the others none, and a finished game has none;
- a seat's legal moves are all chance actions (table readings) or none are, so the
  session can hand table readings to the table and never to a bot;
- every legal move passes the codec's check and survives a save's JSON;
- the legal moves worked out from a seat's view are those from the state;
- moves that are not legal now are refused with RuleError, state and log unchanged;
- a view hides what the rules keep from its seat: the game's ``vary_secrets`` (written
  from the rulebook) changes those things, and the seat's view stays the same;
- redacted events hold nothing the view hides: after the same move in the two states,
  if the seat's views still agree, so do the events it is told;
- seed + actions replay to an equal state, and save -> load gives it back identically;
- the progress words (for the Load list) are short, and no seat wins before the end.

A game joins by registering; nothing here names one.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import random
import zlib
from dataclasses import dataclass, field
from typing import Any

import pytest

from game.rules.core.actions import Action, Event
from game.rules.core.errors import RuleError
from game.rules.core.match import Match, from_record, new_match
from game.rules.core.registry import GAMES, bundled_catalogue

MAX_STEPS = 20_000
"""A random game longer than this does not end."""
SAMPLE = 12
"""Legal moves per step put through the codec and its JSON."""

TABLES = [
    pytest.param(game, players, variant, dict(options),
                 id=f"{game}-{players}p-{variant}" + "".join(f"-{v}" for _, v in options))
    for game, spec in GAMES.items()
    for players in spec.player_counts
    for variant in spec.variants
    for options in itertools.product(*[[(name, v) for v in values]
                                       for name, values in spec.options])
]


@dataclass
class Tally:
    """How often the checks that depend on the position had something to check."""

    steps: int = 0
    refused: int = 0
    varied: int = 0
    compared: int = 0
    redacted: int = 0
    """Comparisons where the raw events differed but what the seat was told did not."""
    phases: set[str] = field(default_factory=set)


def _seed(*parts: Any) -> int:
    return zlib.crc32(repr(parts).encode())


def _snapshot(match: Match) -> Any:
    """A deep copy of the state sharing only the (immutable) catalogue."""
    catalogue = bundled_catalogue(match.game)
    return copy.deepcopy(match.state, {id(catalogue): catalogue})


def _told(rules: Any, events: list[Event], seat: int) -> list[Event]:
    """What ``seat`` is told, less the events the rules mark as open reveals."""
    return [e for e in (rules.redact(event, seat) for event in events)
            if e is not None and not e.reveals]


def _phase(state: Any) -> str:
    """A label for the kind of position, for sampling and for the report."""
    return str(getattr(state, "phase", ""))


class Walk:
    """One seeded random game of one table, checked as it goes."""

    def __init__(self, game: str, players: int, variant: str, options: dict[str, str]):
        self.seed = _seed(game, players, variant, sorted(options.items()))
        self.rng = random.Random(self.seed)
        self.match = new_match(game, players, variant, self.seed % 2**31, options)
        self.rules = self.match.spec.rules
        self.codec = self.rules.codec
        self.seen: list[Action] = []
        """Moves legal somewhere earlier in the game: most are illegal later."""
        self.tally = Tally()

    def run(self) -> Tally:
        rules, match, rng = self.rules, self.match, self.rng
        while not rules.is_over(match.state):
            assert self.tally.steps < MAX_STEPS, "the game does not end"
            state = match.state
            self.tally.phases.add(_phase(state))
            legal = self.check_moves(state)
            seat = rng.choice(rules.to_act(state))
            action = rng.choice(legal[seat])
            self.check_views(state, legal)
            self.check_refusals(legal)
            twins = self.check_secrets(state, action)
            events = match.play(action)
            for viewer, (twin, twin_events) in twins.items():
                self.compare_told(viewer, events, twin, twin_events)
            self.seen += rng.sample(legal[seat], min(3, len(legal[seat])))
            self.tally.steps += 1
        self.check_end()
        self.check_records()
        return self.tally

    # -- every step ---------------------------------------------------------------------
    def check_moves(self, state: Any) -> dict[int, list[Action]]:
        rules, players = self.rules, self.match.players
        to_act = rules.to_act(state)
        assert to_act and len(set(to_act)) == len(to_act), "nobody to act in a live game"
        assert rules.winners(state) == (), "a winner before the end"
        where = rules.progress(state)
        assert isinstance(where, str) and 0 < len(where) <= 40, f"progress {where!r}"
        legal = {s: rules.legal_actions(state, s) for s in range(players)}
        for seat, options in legal.items():
            if seat not in to_act:
                assert options == [], f"seat {seat} has moves but is not to act"
                continue
            assert options, f"seat {seat} is to act with no legal move"
            assert len(set(options)) == len(options), "a legal move is listed twice"
            assert all(a.seat == seat for a in options), "a move names another seat"
            chance = {a.chance for a in options}
            assert len(chance) == 1, "chance actions mixed with choices: a bot could pick one"
            for action in self.rng.sample(options, min(SAMPLE, len(options))):
                self.codec.check(action, players)
                again = self.codec.decode(json.loads(json.dumps(action.to_dict())))
                assert again == action and type(again) is type(action)
        return legal

    # -- sampled steps ------------------------------------------------------------------
    def check_views(self, state: Any, legal: dict[int, list[Action]]) -> None:
        """Each seat works out its own moves from its view alone."""
        for seat, options in legal.items():
            seen = self.rules.view(state, seat)
            assert self.rules.legal_actions(seen, seat) == options, (
                f"seat {seat}'s moves from its view differ in {_phase(state)}")

    def check_refusals(self, legal: dict[int, list[Action]]) -> None:
        """Moves legal elsewhere (earlier, or for another seat) are refused now, with
        the state and the action log as they were."""
        candidates = self.rng.sample(self.seen, min(6, len(self.seen)))
        for options in legal.values():
            if options:
                action = self.rng.choice(options)
                for other in range(self.match.players):
                    candidates.append(dataclasses.replace(action, seat=other))
        before, log = None, list(self.match.actions)
        for action in candidates:
            if action in legal.get(action.seat, ()):
                continue
            if before is None:
                before = _snapshot(self.match)
            with pytest.raises(RuleError):
                self.match.play(action)
            assert self.match.state == before, f"refusing {action!r} changed the state"
            assert self.match.actions == log
            self.tally.refused += 1

    def check_secrets(self, state: Any, action: Action) -> dict[int, tuple[Any, list[Event]]]:
        """Each seat's view of a state whose secrets (for that seat) were changed is the
        same; returns, per seat, that state after ``action`` and its events, when
        ``action`` is legal there too."""
        rules, twins = self.rules, {}
        for seat in range(self.match.players):
            twin = rules.vary_secrets(state, seat, self.rng)
            self.tally.varied += twin != state
            assert rules.view(twin, seat) == rules.view(state, seat), (
                f"seat {seat}'s view shows something the rules keep from it")
            if action in rules.legal_actions(twin, action.seat):
                twins[seat] = (twin, rules.apply(twin, action))
        return twins

    def compare_told(self, seat: int, events: list[Event], twin: Any,
                     twin_events: list[Event]) -> None:
        """If after the same move the seat still cannot tell the states apart, the
        events it is told must not tell them apart either."""
        rules = self.rules
        if rules.view(twin, seat) != rules.view(self.match.state, seat):
            return  # the move revealed a difference in the open
        self.tally.compared += 1
        told = _told(rules, events, seat)
        assert told == _told(rules, twin_events, seat), (
            f"seat {seat} is told something its view hides: {told}")
        self.tally.redacted += events != twin_events

    # -- at the end ---------------------------------------------------------------------
    def check_end(self) -> None:
        rules, state, players = self.rules, self.match.state, self.match.players
        assert rules.to_act(state) == ()
        assert all(rules.legal_actions(state, s) == [] for s in range(players))
        scores = rules.scores(state)
        assert len(scores) == players and all(type(s) is int for s in scores)
        winners = rules.winners(state)
        assert len(set(winners)) == len(winners) and set(winners) <= set(range(players))
        assert rules.progress(state), "no progress words for a finished game"
        self.tally.phases.add(_phase(state))

    def check_records(self) -> None:
        """Seed + actions replay to an equal state; save -> load gives it back."""
        match, rules = self.match, self.rules
        state = rules.new_state(bundled_catalogue(match.game), match.players, match.variant,
                                match.seed, **match.options)
        for action in match.actions:
            rules.apply(state, action)
        assert state == match.state, "seed + actions replay to another state"
        record = json.loads(json.dumps(match.to_record()))
        loaded = from_record(record)
        assert loaded.state == match.state and loaded.actions == match.actions
        assert loaded.to_record() == record


@pytest.mark.parametrize("game, players, variant, options", TABLES)
def test_random_play_keeps_every_promise(game, players, variant, options):
    tally = Walk(game, players, variant, options).run()
    assert tally.refused >= tally.steps, "hardly any illegal move was tried"
    assert tally.varied >= tally.steps, "vary_secrets hardly ever changes anything"
    assert tally.compared >= 10, "the redaction check never had a position to compare"


@pytest.mark.parametrize("game", [g for g, spec in GAMES.items()
                                  if spec.private_events])
def test_redaction_is_exercised_somewhere(game):
    """Over a few tables, some events are told differently than they happened, and
    the views could still not tell: the comparison checks real redaction, not only
    public events (a game with no private events at all, ``private_events=False``,
    drops this)."""
    spec = GAMES[game]
    total = Tally()
    for players in spec.player_counts:
        total.redacted += Walk(game, players, spec.variants[0], {}).run().redacted
    assert total.redacted > 0
