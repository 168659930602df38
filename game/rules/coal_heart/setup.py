"""Setting up a match: robots (chosen in seat order, or dealt at random for the draft),
starting cubes, the Quarry, the Gear row and the First Player card; the demo's
pre-built parts and 15 HP; the card's passes after the draft."""

from __future__ import annotations

from game.rules.coal_heart.catalogue import ROBOTS, Catalogue
from game.rules.coal_heart.events import Note
from game.rules.coal_heart.state import DRAFT, PICK, SELECT, Seat, State
from game.rules.coal_heart.table import refill_quarry, refill_row
from game.rules.coal_heart.vocabulary import COLOURS, SLOTS
from game.rules.core.errors import RuleError
from game.rules.core.rng import Rng

VARIANTS = ("standard", "drafting", "demo")


def new_seat(state: State, robot: str, drafted: bool = False) -> Seat:
    """A robot's mat: full HP, nothing built, its own parts (none yet if drafting)."""
    demo = state.variant == "demo"
    parts = {} if drafted else dict.fromkeys(SLOTS, robot)
    built = [s for s in SLOTS if s in state.cat.demo_parts[robot]] if demo else []
    return Seat(robot, state.cat.demo_hp if demo else state.cat.hp, [0, 0, 0, 0], built,
                parts, [])


def new_state(cat: Catalogue, players: int, variant: str, seed: int) -> State:
    if not 3 <= players <= 6:
        raise RuleError("Robots: Battle for the Coal Heart is for 3 to 6 players")
    if variant not in VARIANTS:
        raise RuleError(f"the variants are {', '.join(VARIANTS)}")
    state = State(cat, players, variant, Rng(seed), supply=[cat.cubes] * 4)
    state.gained = [0] * players
    state.dealt = [0] * players
    state.dealt4 = [False] * players
    state.capped = [[0] * players for _ in range(players)]
    if variant == "drafting":
        robots = list(ROBOTS)
        assert state.rng is not None
        state.rng.shuffle(robots)
        state.seats = [new_seat(state, r, drafted=True) for r in robots[:players]]
        deal_table(state)
        state.stage = DRAFT
    else:
        state.stage = PICK
    return state


def deal_table(state: State) -> None:
    """Starting cubes, then players+2 random cubes in the Quarry, the shuffled Gear
    deck and its row of players+2, and a random First Player."""
    assert state.rng is not None
    for seat, mine in enumerate(state.seats):
        for colour in state.cat.robots[mine.robot].home:
            index = COLOURS.index(colour)
            state.supply[index] -= 1
            mine.cubes[index] += 1
        state.log.append(Note("robot", seat, mine.robot))
    refill_quarry(state)
    state.deck = state.cat.deck()
    state.rng.shuffle(state.deck)
    refill_row(state)
    state.first = state.rng.below(state.n)
    state.log.append(Note("round", state.first, "1"))
    state.cursor = 0
    state.stage = SELECT


def finish_draft(state: State) -> None:
    """Every seat has eleven parts: the card passes once more and play begins."""
    state.first = (state.first + len(SLOTS)) % state.n
    state.stage = SELECT



