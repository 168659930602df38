"""The game registry: what games exist, their player counts, variants and rules.

Each game registers once here with a ``GameSpec`` naming its rules and, by module path,
its client scenes, bots, scenario runner and table mapping; the CLI, the client, the
benches and the simulator reach a game only through that entry, so a new game adds
one entry and touches no shared code. Client-side modules are named as strings and
imported only when used: this layer imports no pygame. The first registered game is
the default wherever none is named (``--game``, scenario files without ``game:``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

from game.rules.core.actions import Action, ActionCodec, Event
from game.rules.core.data import bundled_cards_path, read_yaml_file, show


class Outcome(Protocol):
    """One scenario file's result."""

    @property
    def passed(self) -> bool: ...

    def line(self) -> str:
        """PASS or FAIL, the scenario's name and what differed, on one line."""
        ...


class ScenarioRunner(Protocol):
    """A game's scenario module (``GameSpec.scenario_module``)."""

    def run_file(self, path: str | Path) -> Outcome:
        """Run one scenario file of this game; DataError if it cannot be read or
        breaks the format."""
        ...


class Rules(Protocol):
    """What every rules package provides. ``state`` is the game's own state type."""

    version: str
    codec: ActionCodec

    def load_catalogue(self, section: Any, doc: Any, path: tuple[str, ...]) -> Any: ...

    def new_state(self, catalogue: Any, players: int, variant: str, seed: int,
                  **options: str) -> Any: ...

    def to_act(self, state: Any) -> tuple[int, ...]: ...

    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, action: Action) -> list[Event]:
        """Validate fully, then change ``state``; RuleError leaves it untouched. The
        action has passed ``codec.check`` (Match.play) or came from ``legal_actions``."""
        ...

    def view(self, state: Any, seat: int) -> Any: ...

    def redact(self, event: Event, seat: int) -> Event | None:
        """What ``seat`` may know of ``event`` (None: nothing at all), hiding what its
        view hides. The session keeps each seat's history through this, so no screen
        filters privacy itself (boardgame.io filters its log the same way)."""
        ...

    def vary_secrets(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A copy of ``state`` with what the rules keep from ``seat`` changed at random,
        still playable: the conformance suite checks that ``seat``'s view and redacted
        events cannot tell the two apart. Written from the rulebook, not from ``view``."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def progress(self, state: Any) -> str:
        """Where the match stands in a few words ("round 2 of 3, combat", "turn 7"),
        for the Load list; whether it is over is ``is_over``."""
        ...

    def winners(self, state: Any) -> tuple[int, ...]:
        """The seats that won a finished match (several after a tie, none after a
        draw); none while it is still being played."""
        ...

    def scores(self, state: Any) -> list[int]: ...


@dataclass(frozen=True)
class GameSpec:
    """A game's identity card in the registry: everything shared code may know of it."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    variants: tuple[str, ...]
    data_section: str
    rules_module: str
    client_module: str
    """Its scenes' entry: a module satisfying game.scenes.entry.ClientEntry."""
    bots_module: str | None = None
    """A module with ``make_bot(level, seed, budget)`` (game.ai.bots.BotModule); None
    gives every level seeded random play."""
    figures_module: str | None = None
    """``botyard arena``'s figures of this game, each part optional: ``summarise(state)``
    turns a finished match into plain data and ``report(summaries)`` gives lines printed
    under the table; ``seat_figures(events, players)`` gives per-level columns of the
    table (per column heading, an (amount, weight) pair per seat from the match's events)
    and ``COLUMNS`` a line explaining each heading. None when the game has none."""
    scenario_module: str | None = None
    """A module satisfying ``ScenarioRunner``, for ``botyard scenario``."""
    table_module: str | None = None
    """Its controller mapping (game.table.TableMapping), if the table can play it."""
    clock_module: str | None = None
    """For a game whose seats program against time: a pure module of its own with
    ``OPTION`` (the new-game option holding game.clock's mode, never passed to the
    rules), ``BASE_SECONDS``, ``CARRY_CAP``, ``editing(state)`` (the programming phase
    open now, a number, or None), ``order(state)`` (the seats in turns order) and
    ``lock_action(state, seat)`` (what a seat's time running out plays). None: no clock."""
    rules_page: str = ""
    """The rules in Botyard's words: a text file under game/assets."""
    offered: bool = True
    """Whether the title offers a new game of it. False while its rules are done (and
    checked like every game's) but its screens are still in the making: the title
    names it greyed."""
    cooperative: bool = False
    """The seats win or lose together (``winners`` names every seat or none): reports
    give the table's result, not a share of the wins per seat."""
    options: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Table options, each with its allowed values; the first value is the default."""
    screenshots: tuple[str, ...] = ()
    """Positions ``botyard screenshot --game ID --scene NAME`` can set up and draw."""
    default_screenshot: str = "title"
    """What ``botyard screenshot --game ID`` draws when no scene is named."""
    tutorial: bool = False
    """Whether its client entry offers a guided first game (``ClientEntry.tutorial``),
    which the title's Learn to play button starts."""
    bench_position: str | None = None
    """The position ``botyard bench render --game ID`` times (set up by the client
    entry's ``bench_position``); None if the game has none."""
    private_events: bool = True
    """Whether the rules tell some seats an event differently (hidden hands, secret
    picks). False for a game where every event is open to all seats: the tests then do
    not expect its seats' histories or redacted events ever to differ."""
    turn_cap: int | None = None
    """For a game whose rules have no turn limit: turns per player after which the
    tools (simulate, arena, reliability) stop a game with no winner and count it as a
    draw. Its rules then provide ``turns_played(state)``, the most turns any seat has
    begun. None: every game ends by the rules alone."""

    def check_options(self, options: dict[str, str]) -> str | None:
        """Why these options are not valid for this game, or None when they are."""
        allowed = dict(self.options)
        for key, value in options.items():
            if key not in allowed:
                return f"{self.title} has no {key!r} option"
            if value not in allowed[key]:
                return f"the {key} option is one of {', '.join(allowed[key])}"
        return None

    def capped(self, state: Any) -> bool:
        """Whether the tools stop this unfinished game here: some seat has begun the
        turn after the cap (so every seat still in has played ``turn_cap`` turns)."""
        if self.turn_cap is None:
            return False
        rules = self.rules
        return (not rules.is_over(state)
                and rules.turns_played(state) > self.turn_cap)  # type: ignore[attr-defined]

    @property
    def rules(self) -> Rules:
        return _rules_of(self.rules_module)

    @property
    def client(self) -> Any:
        """The client entry module (game.scenes.entry.ClientEntry); imports pygame."""
        return import_module(self.client_module)

    @property
    def figures(self) -> Any:
        """The arena figures module, or None."""
        return None if self.figures_module is None else import_module(self.figures_module)

    @property
    def scenarios(self) -> ScenarioRunner | None:
        if self.scenario_module is None:
            return None
        return import_module(self.scenario_module)  # type: ignore[return-value]

    @property
    def bots(self) -> Any:
        """The bots module (game.ai.bots.BotModule), or None."""
        return None if self.bots_module is None else import_module(self.bots_module)

    @property
    def clock(self) -> Any:
        """The programming clock's seam module, or None."""
        return None if self.clock_module is None else import_module(self.clock_module)

    @property
    def table(self) -> Any:
        """The controller mapping module (game.table.TableMapping), or None."""
        return None if self.table_module is None else import_module(self.table_module)


GAMES: dict[str, GameSpec] = {
    spec.id: spec
    for spec in (
        GameSpec(
            id="goblins",
            title="Goblins, Inc.",
            player_counts=(2, 3, 4),
            variants=("standard", "full", "party"),
            data_section="goblins",
            rules_module="game.rules.goblins.engine",
            client_module="game.scenes.goblins.entry",
            bots_module="game.ai.goblins.levels",
            figures_module="game.ai.goblins.figures",
            scenario_module="game.rules.goblins.scenario",
            table_module="game.scenes.goblins.table",
            rules_page="rules/goblins.txt",
            options=(("dice", ("rules", "table")),),
            screenshots=("teamup", "build", "combat", "score", "targeting", "order", "hits"),
            default_screenshot="combat",
            tutorial=True,
            bench_position="combat",
        ),
        GameSpec(
            id="two_robots",
            title="Two Robots",
            player_counts=(2, 3, 4),
            variants=("standard",),
            data_section="two_robots",
            rules_module="game.rules.two_robots.engine",
            client_module="game.scenes.two_robots.entry",
            bots_module="game.ai.two_robots.levels",
            figures_module="game.ai.two_robots.figures",
            scenario_module="game.rules.two_robots.scenario",
            rules_page="rules/two_robots.txt",
            options=(("salvagers", ("fixed", "random")),),
            screenshots=("play", "attack", "event", "end"),
            default_screenshot="play",
            bench_position="play",
            turn_cap=50,
        ),
        GameSpec(
            id="blastbots",
            title="Blastbots",
            player_counts=(2, 3, 4),
            variants=("standard",),
            data_section="blastbots",
            rules_module="game.rules.blastbots.engine",
            client_module="game.scenes.blastbots.entry",
            bots_module="game.ai.blastbots.levels",
            figures_module="game.ai.blastbots.figures",
            scenario_module="game.rules.blastbots.scenario",
            table_module="game.scenes.blastbots.table",
            rules_page="rules/blastbots.txt",
            options=(("dice", ("rules", "table")),),
            screenshots=("grid", "attack", "defence", "pick", "place", "dice", "launch", "impact"),
            default_screenshot="grid",
            bench_position="grid",
        ),
        GameSpec(
            id="calamitron",
            title="Calamitron",
            player_counts=(1, 2, 3, 4),
            variants=("standard",),
            data_section="calamitron",
            rules_module="game.rules.calamitron.engine",
            client_module="game.scenes.calamitron.entry",
            bots_module="game.ai.calamitron.levels",
            figures_module="game.ai.calamitron.figures",
            scenario_module="game.rules.calamitron.scenario",
            clock_module="game.rules.calamitron.clock",
            table_module="game.scenes.calamitron.table",
            rules_page="rules/calamitron.txt",
            options=(("boss", ("off", "on")), ("crates", ("on", "off"))),
            screenshots=("program", "playback", "choose", "end"),
            default_screenshot="program",
            bench_position="playback",
            private_events=False,
            cooperative=True,
        ),
        GameSpec(
            id="coal_heart",
            title="Robots: Battle for the Coal Heart",
            player_counts=(3, 4, 5, 6),
            variants=("standard", "drafting", "demo"),
            data_section="coal_heart",
            rules_module="game.rules.coal_heart.engine",
            client_module="game.scenes.coal_heart.entry",
            bots_module="game.ai.coal_heart.levels",
            figures_module="game.ai.coal_heart.figures",
            scenario_module="game.rules.coal_heart.scenario",
            rules_page="rules/coal_heart.txt",
            screenshots=("select", "build", "fight", "six", "draft", "over"),
            default_screenshot="select",
            bench_position="six",
            turn_cap=60,
        ),
    )
}


@cache
def _rules_of(module: str) -> Rules:
    """A rules module's ``RULES``, looked up once: ``capped`` runs on every action of a
    simulation, and a fresh ``import_module`` each time was a measurable share of it."""
    return import_module(module).RULES  # type: ignore[no-any-return]


def get_game(game_id: str) -> GameSpec:
    """The spec for ``game_id``; KeyError with the known ids if it is not registered."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def games() -> Sequence[GameSpec]:
    return list(GAMES.values())


def default_game() -> GameSpec:
    """The game meant where none is named: the first registered."""
    return next(iter(GAMES.values()))


def load_catalogues(path: str | Path | None = None) -> dict[str, Any]:
    """Validate every registered game's section of a cards file (the bundled one by
    default) and return the catalogues by game id; DataError on the first fault."""
    data, doc = read_yaml_file(path or bundled_cards_path())
    if not isinstance(data, dict):
        raise doc.error((), "expected a mapping with one section per game")
    catalogues = {}
    for spec in GAMES.values():
        if spec.data_section not in data:
            raise doc.error((), f"the {spec.data_section!r} section is missing")
        catalogues[spec.id] = spec.rules.load_catalogue(
            data[spec.data_section], doc, (spec.data_section,))
    return catalogues


def run_scenario(path: str | Path) -> Outcome:
    """Run a scenario file with the reader of the game its top-level ``game:`` key
    names (the default game's when absent); DataError for a file that cannot be read,
    names an unknown game, or breaks that game's format."""
    data, doc = read_yaml_file(path)
    game = data.get("game", default_game().id) if isinstance(data, dict) else (
        default_game().id)
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None:
        known = ", ".join(sorted(GAMES))
        raise doc.error(("game",), f"{show(game)} is not a game botyard knows (known: {known})")
    if spec.scenarios is None:
        raise doc.error(("game",), f"{spec.title} has no scenario files")
    return spec.scenarios.run_file(path)


@cache
def bundled_catalogue(game_id: str) -> Any:
    """The catalogue from the cards.yaml shipped with botyard, loaded once."""
    return load_catalogues()[get_game(game_id).id]
