"""Starting a match and each round's Team Up: team card, seats, blueprint, fresh tile
supply, agendas dealt, and the build schedule of planners and builders.
"""

from __future__ import annotations

from game.rules.core.actions import Event
from game.rules.core.errors import RuleError
from game.rules.core.rng import Rng
from game.rules.goblins.catalogue import Catalogue
from game.rules.goblins.events import BuildStage, RoundStarted, TilesDrawn
from game.rules.goblins.robot import Robot
from game.rules.goblins.state import Player, State, Team

VARIANT_ROUNDS = {"standard": 2, "full": 3, "party": 3}
HAND_SIZE = 7
SOLO_HAND = 6
TILES_PER_PLAN = 5
SHARED_AGENDAS = 3
PLANS_PER_TEAM = 4


def new_state(catalogue: Catalogue, players: int, variant: str, seed: int,
              dice: str = "rules") -> State:
    """A new match, advanced to the first decision of round 1. ``dice="table"`` has the
    combat dice rolled at the real table and read in instead of drawn from the RNG."""
    if players not in (2, 3, 4):
        raise RuleError("Goblins, Inc. is for 2, 3 or 4 players")
    if variant not in VARIANT_ROUNDS:
        raise RuleError(f"unknown variant {variant!r} (standard, full or party)")
    if dice not in ("rules", "table"):
        raise RuleError("the dice are rolled by the rules or at the table")
    rng = Rng(seed)
    state = State(catalogue, [Player(seat) for seat in range(players)], variant,
                  VARIANT_ROUNDS[variant], rng, table_dice=dice == "table")
    state.team_cards = list(range(len(catalogue.team_cards)))
    rng.shuffle(state.team_cards)
    state.blueprints = list(range(len(catalogue.blueprints)))
    rng.shuffle(state.blueprints)
    state.tactics_deck = list(range(len(catalogue.tactics)))
    rng.shuffle(state.tactics_deck)
    if variant == "party":
        state.shared_deck = list(range(len(catalogue.agendas)))
        rng.shuffle(state.shared_deck)
    else:
        for player in state.players:
            player.deck = list(range(len(catalogue.agendas)))
            rng.shuffle(player.deck)
    start_round(state, [])
    return state


def _lowest(state: State, seats: tuple[int, ...] | list[int]) -> int:
    """The seat furthest behind on score; ties are settled by the seeded die."""
    assert state.rng is not None
    low = min(state.players[s].score for s in seats)
    tied = [s for s in seats if state.players[s].score == low]
    return tied[0] if len(tied) == 1 else tied[state.rng.below(len(tied))]


def _seating(state: State) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """This round's two crews (the starter's first) and the starting player."""
    n = state.n
    if n == 2:
        starter = 0 if state.round == 1 else _lowest(state, (0, 1))
        return (starter,), (1 - starter,), starter
    card = state.catalogue.team_cards[state.team_cards[(state.round - 1) % 3]]
    state.team_card = card.index
    side_a, side_b = card.sides
    if n == 3:
        solo_side, team_side = (side_a, side_b) if 3 in side_a else (side_b, side_a)
        solo = solo_side[0] if solo_side[1] == 3 else solo_side[1]
        starter = _lowest(state, team_side)
        other = team_side[1] if team_side[0] == starter else team_side[0]
        return (starter, other), (solo,), starter
    starter = 0 if state.round == 1 else _lowest(state, range(4))
    mine, theirs = (side_a, side_b) if starter in side_a else (side_b, side_a)
    opposite = theirs[mine.index(starter)]
    return ((starter, mine[1 - mine.index(starter)]),
            (opposite, theirs[1 - theirs.index(opposite)]), starter)


def start_round(state: State, events: list[Event]) -> None:
    """Team Up for the next round, then deal the first planners their tiles."""
    assert state.rng is not None
    rng = state.rng
    cat = state.catalogue
    state.round += 1
    crew_a, crew_b, state.starter = _seating(state)
    state.blueprint = state.blueprints[(state.round - 1) % len(cat.blueprints)]
    state.teams = []
    for crew in (crew_a, crew_b):
        order = tuple(crew[k % len(crew)] for k in range(PLANS_PER_TEAM))
        state.teams.append(Team(crew, Robot(), order, order[0], crew[-1]
                                if len(crew) == 1 else order[1]))
    state.bag = list(range(len(cat.tiles)))
    rng.shuffle(state.bag)
    state.token_supply = cat.defense_tokens
    for player in state.players:
        player.hand, player.agendas, player.bet = [], [], ""
        player.chose_agendas = False
        player.drawn, player.tiles = [], []
        player.passed, player.steer, player.pick = None, None, None
    if state.variant == "party":
        state.shared_agendas = []
        while len(state.shared_agendas) < SHARED_AGENDAS:
            agenda = state.shared_deck.pop(0)
            if cat.agendas[agenda].type != "betting":
                state.shared_agendas.append(agenda)
    else:
        for player in state.players:
            solo = state.n == 3 and len(state.teams[state.team_of(player.seat)].seats) == 1
            size = SOLO_HAND if solo and state.rounds < 3 else HAND_SIZE
            player.hand = player.deck[:size]
            del player.deck[:size]
    plans = [tuple(team.plan_order[k] for team in state.teams) for k in range(PLANS_PER_TEAM)]
    if state.n == 4:
        state.stages = [((), plans[0])] + [(plans[k], plans[k + 1]) for k in range(3)]
        state.stages.append((plans[3], ()))
    else:
        state.stages = []
        for k in range(PLANS_PER_TEAM):
            state.stages += [((), plans[k]), (plans[k], ())]
    state.stage = 0
    state.phase = "build"
    events.append(RoundStarted(state.round, state.team_card, state.blueprint,
                               tuple(t.seats for t in state.teams), state.starter))
    begin_stage(state, events)


def begin_stage(state: State, events: list[Event]) -> None:
    """Deal each planner of the current stage five tiles from the bag."""
    builders, planners = state.stages[state.stage]
    events.append(BuildStage(state.stage, planners, builders))
    for seat in planners:
        player = state.players[seat]
        player.drawn = state.bag[:TILES_PER_PLAN]
        del state.bag[:TILES_PER_PLAN]
        events.append(TilesDrawn(seat, tuple(player.drawn)))
