"""Plays a rule scenario's question on a real match state, through the engine's own steps.

``scenario.py`` reads the file; this module seats two teams at a hand-built ``State``,
puts the scenario's robots in their yards and runs the same phase functions the match
engine runs (combat set-up, dials and reveal, roll, hit order, hits, scoring). Every
answer is read back from the resulting state and events, so a scenario passes only
when the engine itself gets it right. Nothing here decides a rule: no hit lands, no
die doubles and no point is added outside the engine.

When the engine refuses a step (a RuleError), ``Refused`` carries its reason to the
runner, which reports the scenario as failed rather than crashing or letting it pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from game.rules.core.actions import Event
from game.rules.core.errors import RuleError
from game.rules.core.rng import Rng
from game.rules.goblins import combat, scoring
from game.rules.goblins.actions import (
    ChooseAgendas,
    OrderDice,
    PickTactic,
    Steer,
    UseDuctTape,
    UseSabotage,
)
from game.rules.goblins.catalogue import COCKPIT_TILE, Agenda, Catalogue, TileDef, make_tile
from game.rules.goblins.controls import SIDE_COST
from game.rules.goblins.events import CombatEnded, DiceRolled, Hit, Revealed, Scored, TilesFell
from game.rules.goblins.geometry import EDGE_NAMES, E, edges_mask, square, square_name
from game.rules.goblins.robot import Robot
from game.rules.goblins.state import Player, State, Team

SEED = 20240601
"""The table's dice and shuffles; no answer may depend on what they draw."""
FRONT, RIGHT = 0, 1
"""Dial positions (see ``geometry.SIDES``)."""
PAIRS = ((0, 1), (2, 3))
"""Seats of a four-player table: team 0 pilot and tactician, then team 1."""
SOLO_TABLE = ((0,), (1, 2))
"""A solo player (seat 0) against a team of two."""
_E = TypeVar("_E", bound=Event)


class Refused(Exception):
    """The engine would not take a step the scenario asks for; the text says which and why."""


@dataclass(frozen=True)
class RobotSpec:
    """A robot as a scenario writes it: its front, cockpit figures, tiles and tape."""

    front: int = 0
    pilot: int = 2
    tactician: int = 2
    tiles: tuple[tuple[int, TileDef], ...] = ()
    tape: tuple[tuple[int, int], ...] = ()
    """(square, tokens) that Duct Tape put down."""

    def build(self) -> Robot:
        """The robot as built, before combat (nothing has fallen off yet)."""
        robot = Robot()
        robot.front = self.front
        for sq, tile in self.tiles:
            robot.place(sq, tile, 0)
        return robot


@dataclass(frozen=True)
class Scrapyard:
    """What the enemy lost, as a scenario lists it."""

    tiles: tuple[tuple[str, bool], ...] = ()
    """(kind, premium) per tile."""
    tokens: int = 0
    goblins: int = 0


DUMMY = RobotSpec(tiles=((square(3, 2), make_tile(-1, "dummy engine", "engine", True,
                                                  edges_mask((E,)), engines=2)),))
"""The other team's robot where a check names one: three engines, enough to aim at any side."""


@contextmanager
def _asking(what: str) -> Iterator[None]:
    """Turn the engine's refusal of one step into a ``Refused`` that names the step."""
    try:
        yield
    except RuleError as exc:
        raise Refused(f"the engine refuses {what}: {exc}") from exc


# -- the table ---------------------------------------------------------------------------
def _card(catalogue: Catalogue, ability: str, taken: tuple[int, ...] = ()) -> int:
    """A tactics card with this one ability, not already chosen."""
    for card in catalogue.tactics:
        if card.abilities == (ability,) and card.index not in taken:
            return card.index
    raise LookupError(f"the card data has no further tactics card with only {ability}")


def _lead(catalogue: Catalogue, *abilities: str) -> tuple[int, ...]:
    """Cards to put on top of the tactics deck, so they are the first face-up three."""
    cards: tuple[int, ...] = ()
    for ability in abilities:
        cards += (_card(catalogue, ability, cards),)
    return cards


def _table(catalogue: Catalogue, specs: tuple[RobotSpec, RobotSpec],
           crews: tuple[tuple[int, ...], ...] = PAIRS, lead: tuple[int, ...] = ()) -> State:
    """A round-1 match state at the end of building: two crews, their robots in the yard,
    a full token supply and a tactics deck with ``lead`` on top."""
    players = [Player(seat) for crew in crews for seat in crew]
    state = State(catalogue, players, "standard", 2, Rng(SEED), round=1,
                  token_supply=catalogue.defense_tokens)
    state.tactics_deck = [*lead, *(c for c in range(len(catalogue.tactics)) if c not in lead)]
    for crew, spec in zip(crews, specs, strict=True):
        state.teams.append(Team(crew, spec.build(), crew, crew[0], crew[-1]))
    return state


def _board(state: State, specs: tuple[RobotSpec, RobotSpec], events: list[Event]) -> None:
    """Goblins climb in and tokens go down (the engine), then the scenario's Duct Tape
    and the figures it says are in each cockpit."""
    combat.enter_cockpits(state, events)
    for index, spec in enumerate(specs):
        for sq, count in spec.tape:
            for _ in range(count):
                _tape(state, index, sq, events)
        team = state.teams[index]
        if team.pilot == team.tactician:
            team.robot.goblins = {team.pilot: spec.pilot + spec.tactician}
        else:
            team.robot.goblins = {team.pilot: spec.pilot, team.tactician: spec.tactician}


def _tape(state: State, index: int, sq: int, events: list[Event]) -> None:
    """One Duct Tape use, put down by the engine's own pre-roll step."""
    team = state.teams[index]
    saved = state.phase, state.pre_roll_queue, team.abilities
    state.phase, state.pre_roll_queue, team.abilities = "pre_roll", [index], ["duct_tape"]
    with _asking(f"Duct Tape on {square_name(sq)}"):
        combat.pre_roll(state, UseDuctTape(team.tactician, sq), events)
    state.phase, state.pre_roll_queue, team.abilities = saved


def _dials(state: State, index: int, steer: int, target: int, slot: int,
           events: list[Event]) -> None:
    """The team's pilot sets both dials and its tactician picks a card slot."""
    team = state.teams[index]
    with _asking("the dials"):
        combat.choose(state, Steer(team.pilot, steer, target), events)
        combat.choose(state, PickTactic(team.tactician, slot), events)


def _last(events: list[Event], kind: type[_E], **fields: int) -> _E:
    """The newest event of ``kind`` whose ``fields`` match (say ``team=0``)."""
    for event in reversed(events):
        if isinstance(event, kind) and all(getattr(event, k) == v for k, v in fields.items()):
            return event
    raise Refused(f"the engine reported no {kind.kind.replace('_', ' ')} event")


# -- the checks --------------------------------------------------------------------------
def structure(catalogue: Catalogue, spec: RobotSpec) -> dict[str, Any]:
    """The robot once combat has begun: loose tiles fallen, tokens down, tape added."""
    specs = (spec, DUMMY)
    state = _table(catalogue, specs)
    events: list[Event] = []
    combat.begin(state, events)
    _board(state, specs, events)
    robot = state.teams[0].robot
    tokens: dict[str, int] = {}
    for squares in robot.tokens:
        for sq in squares:
            tokens[square_name(sq)] = tokens.get(square_name(sq), 0) + 1
    fallen = [sq for e in events if isinstance(e, TilesFell) and e.team == 0 for sq in e.squares]
    return {"fallen": sorted(square_name(sq) for sq in fallen), "tokens": tokens,
            "engines": robot.engines(),
            "arrows": {EDGE_NAMES[e]: robot.arrows(e) for e in range(4)}}


def controls(catalogue: Catalogue, spec: RobotSpec, steer: int, target: int,
             sabotage: bool) -> dict[str, Any]:
    """Reveal the pilot's dials (the other team holds still), use Sabotage when asked, roll.

    The tactician takes the Sabotage card from the left when it is wanted, else a card
    used only after the roll; the other team picks the right-hand card, so no squabble."""
    specs = (spec, DUMMY)
    state = _table(catalogue, specs, lead=_lead(catalogue, "sabotage", "homing", "nitro"))
    events: list[Event] = []
    combat.begin(state, events)
    _board(state, specs, events)
    _dials(state, 0, steer, target, 0 if sabotage else 1, events)
    _dials(state, 1, FRONT, FRONT, 2, events)
    combat.reveal(state, events)
    if sabotage:
        with _asking("Sabotage"):
            combat.pre_roll(state, UseSabotage(state.teams[0].tactician), events)
    combat.roll(state, events)
    shown = _last(events, Revealed, team=0)
    return {"cost": shown.cost, "unused": shown.unused, "goof": shown.goof,
            "overheat": shown.overheat, "front": EDGE_NAMES[shown.front],
            "dice": len(_last(events, DiceRolled, team=0).dice)}


def _engine_robot(unused: int) -> RobotSpec:
    """A robot meant to keep ``unused`` engines after a quarter turn: its engine tile
    holds what the turn does not use of the cockpit's engine, plus ``unused``."""
    extra = unused + SIDE_COST[RIGHT] - COCKPIT_TILE.engines
    if not extra:
        return RobotSpec()
    tile = make_tile(-1, "engines", "engine", False, edges_mask((E,)), engines=extra)
    return RobotSpec(tiles=((square(3, 2), tile),))


def tactics(catalogue: Catalogue, labels: tuple[str, str], picks: tuple[int, int],
            unused: tuple[int, int]) -> dict[str, int | None]:
    """Both teams reveal: each pilot makes a quarter turn with a robot built to keep the
    asked engines unused, each tactician picks the asked slot. Returns the slot each
    team got, or None."""
    specs = (_engine_robot(unused[0]), _engine_robot(unused[1]))
    state = _table(catalogue, specs, lead=_lead(catalogue, "nitro", "homing", "emergency"))
    events: list[Event] = []
    combat.begin(state, events)
    _board(state, specs, events)
    for index in (0, 1):
        _dials(state, index, RIGHT, FRONT, picks[index], events)
    combat.reveal(state, events)
    got: dict[str, int | None] = {}
    for index, label in enumerate(labels):
        shown = _last(events, Revealed, team=index)
        if shown.unused != unused[index]:
            raise Refused(f"the engine leaves {label} {shown.unused} unused engines, "
                          f"not {unused[index]}")
        got[label] = None if shown.card < 0 else state.face_up.index(shown.card)
    return got


def hits(catalogue: Catalogue, spec: RobotSpec, side: int, faces: tuple[int, ...],
         dynamite: bool) -> dict[str, Any]:
    """The other team aims at ``side``, its dice come up ``faces`` and are fired in that
    order (Dynamite from the card it picked), and the engine lands every hit. When the
    pilot must choose a token, the first option is taken: a token covering the tile
    alone first (RULES-DECISIONS)."""
    specs = (spec, DUMMY)
    state = _table(catalogue, specs, lead=_lead(catalogue, "dynamite", "homing", "nitro"))
    events: list[Event] = []
    combat.begin(state, events)
    _board(state, specs, events)
    _dials(state, 0, FRONT, FRONT, 2, events)
    _dials(state, 1, FRONT, side, 0 if dynamite else 1, events)
    combat.reveal(state, events)
    robot, shooter = state.teams[0].robot, state.teams[1]
    shooter.dice = list(faces)
    state.phase = "order"
    numbered = tuple(face for face in faces if face != combat.BLANK)
    with _asking("the hit order" + (" with Dynamite" if dynamite else "")):
        combat.order(state, OrderDice(shooter.tactician, numbered, dynamite), events)
    combat.auto_order(state, events)
    combat.queue_hits(state)
    state.phase = "hits"
    tokens, goblins = robot.scrap_tokens, robot.scrap_goblins
    while True:
        combat.resolve_hits(state, events)
        if state.phase != "token":
            break
        pilot = state.teams[state.hit_team].pilot
        combat.choose_token(state, combat.token_options(state, pilot)[0], events)
    destroyed = [sq for e in events if isinstance(e, Hit) and e.team == 0 for sq in e.destroyed]
    return {"destroyed": sorted(square_name(sq) for sq in destroyed),
            "tokens_lost": robot.scrap_tokens - tokens,
            "goblins_lost": robot.scrap_goblins - goblins, "disabled": robot.disabled()}


RESULTS = ("won", "lost", "none")


def score(catalogue: Catalogue, own: RobotSpec, enemy: RobotSpec, scrapyard: Scrapyard,
          result: str, me: str, agendas: tuple[Agenda, ...], bet: str) -> dict[str, int]:
    """The player keeps ``agendas`` (and ``bet``), combat ends with these robots, and the
    engine scores the round. Returns each Scored line by its label (``win`` for win points).

    The format leaves the own scrapyard open: it holds what fell off the own robot when
    combat began, plus as many defense tokens as the tiebreak needs to reach ``result``
    (none for won, the enemy's losses for no winner, one more for lost). The engine still
    decides who won; when it decides otherwise (a disabled robot settles it first, or
    the own robot lost too much already), the scenario is refused."""
    solo = me == "solo"
    seat = 0 if me in ("pilot", "solo") else 1
    specs = (own, enemy)
    state = _table(catalogue, specs, crews=SOLO_TABLE if solo else PAIRS)
    events: list[Event] = []
    combat.begin(state, events)
    player = state.players[seat]
    player.hand = [a.index for a in agendas]
    with _asking("the agendas"):
        combat.choose_agendas(state, ChooseAgendas(seat, tuple(sorted(player.hand)), bet),
                              events)
    _board(state, specs, events)
    mine, theirs = state.teams[0].robot, state.teams[1].robot
    theirs.scrap_tiles = [make_tile(-1, f"scrap {i}", kind, premium, 0)
                          for i, (kind, premium) in enumerate(scrapyard.tiles)]
    theirs.scrap_tokens, theirs.scrap_goblins = scrapyard.tokens, scrapyard.goblins
    gap = scoring.scrap_total(theirs) - scoring.scrap_total(mine)
    mine.scrap_tokens += max(0, {"won": 0, "none": gap, "lost": gap + 1}[result])
    scoring.score_round(state, events)
    ended = _last(events, CombatEnded)
    decided = "none" if ended.winner < 0 else ("won" if ended.winner == 0 else "lost")
    if decided != result:
        raise Refused(f"the engine decides {decided} ({ended.reason}) for these robots, "
                      f"not {result}")
    scored = _last(events, Scored, seat=seat)
    return {label: points for label, points, _ in scored.lines}
