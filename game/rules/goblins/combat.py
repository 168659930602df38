"""Combat: set-up, secret dials and their reveal, tactics cards before and after the
roll, dice, hit order, and hits landing until a robot is disabled or round 4 ends.

The match engine calls ``advance`` after every action; it runs every automatic step
until some seat has a decision to make.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement, permutations

from game.rules.core.actions import Action, Event
from game.rules.core.errors import RuleError
from game.rules.goblins.actions import (
    ChooseAgendas,
    ChooseToken,
    EndTactics,
    OrderDice,
    PickTactic,
    ReadDice,
    Steer,
    UseCrane,
    UseDuctTape,
    UseEmergency,
    UseHoming,
    UseNitro,
    UseSabotage,
)
from game.rules.goblins.catalogue import POST_ROLL, PRE_ROLL
from game.rules.goblins.controls import MAX_DICE, dice_count, resolve_controls, squabble
from game.rules.goblins.events import (
    AgendasChosen,
    CardUnused,
    CombatReady,
    CombatRound,
    DiceRolled,
    Hit,
    Ready,
    Revealed,
    TacticUsed,
    TilesFell,
)
from game.rules.goblins.geometry import COCKPIT, square_name
from game.rules.goblins.robot import crane_moves
from game.rules.goblins.state import State, Team

KEEP_AGENDAS = 4
GOBLINS_PER_PLAYER = 2
CARDS_PER_COMBAT = 12
CARDS_PER_ROUND = 3
COMBAT_ROUNDS = 4
BLANK = 0


# -- combat set-up ---------------------------------------------------------------------
def begin(state: State, events: list[Event]) -> None:
    """Loose tiles fall off, twelve tactics cards are counted out, agendas are chosen."""
    assert state.rng is not None
    for index, team in enumerate(state.teams):
        loose = team.robot.loose_squares()
        if loose:
            tiles, rots = team.robot.held(loose)
            team.robot.drop_loose()
            events.append(TilesFell(index, tuple(loose), tiles, rots))
    deck = state.tactics_deck
    if state.round <= 2:
        start = (state.round - 1) * CARDS_PER_COMBAT
        state.tactics_pile = deck[start:start + CARDS_PER_COMBAT]
    else:
        state.rng.shuffle(deck)
        state.tactics_pile = deck[:CARDS_PER_COMBAT]
    if state.variant == "party":
        enter_cockpits(state, events)
    else:
        state.phase = "agendas"


def enter_cockpits(state: State, events: list[Event]) -> None:
    """Goblins climb in and armor plates put their defense tokens down."""
    man_robots(state)
    events.append(CombatReady(tuple(tuple(t.robot.tokens) for t in state.teams),
                              (state.teams[0].pilot, state.teams[1].pilot)))
    state.combat_round = 0
    start_combat_round(state, events)


def man_robots(state: State) -> None:
    """Every crew's goblins into its cockpit and the armor's tokens onto its robot, while
    the supply lasts (also used on a copy to show robots as combat will start)."""
    for team in state.teams:
        team.robot.goblins = {seat: GOBLINS_PER_PLAYER for seat in team.seats}
        for squares in team.robot.token_layout():
            if state.token_supply == 0:
                break
            team.robot.tokens.append(squares)
            state.token_supply -= 1


def agenda_options(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    if state.phase != "agendas" or player.chose_agendas:
        return []
    agendas = state.catalogue.agendas
    betting = {a: tuple(side for side, _ in agendas[a].bet)
               for a in player.hand if agendas[a].bet}
    actions: list[Action] = []
    for keep in combinations(sorted(player.hand), KEEP_AGENDAS):
        sides: tuple[str, ...] = ("",)
        if betting:
            found = tuple(side for a in keep if a in betting for side in betting[a])
            sides = found or sides
        actions += [ChooseAgendas(seat, keep, bet) for bet in sides]
    return actions


def choose_agendas(state: State, action: ChooseAgendas, events: list[Event]) -> None:
    player = state.players[action.seat]
    if state.phase != "agendas" or player.chose_agendas:
        raise RuleError("you are not choosing agendas right now")
    keep = action.keep
    if len(keep) != KEEP_AGENDAS or len(set(keep)) != KEEP_AGENDAS:
        raise RuleError("keep exactly four different agendas")
    if any(a not in player.hand for a in keep):
        raise RuleError("you can only keep agendas from your hand")
    if list(keep) != sorted(keep):
        raise RuleError("list the kept agendas in ascending order")
    sides = [side for a in keep for side, _ in state.catalogue.agendas[a].bet]
    if (action.bet or sides) and action.bet not in sides:
        raise RuleError("say which side you bet on" if sides else
                        "you can only bet with a betting agenda")
    player.agendas = list(keep)
    player.bet = action.bet
    player.hand = []
    player.chose_agendas = True
    events.append(AgendasChosen(action.seat))


# -- the combat round ------------------------------------------------------------------
def start_combat_round(state: State, events: list[Event]) -> None:
    state.combat_round += 1
    if state.combat_round > 1:
        for team in state.teams:
            team.pilot, team.tactician = team.tactician, team.pilot
    state.face_up = state.tactics_pile[:CARDS_PER_ROUND]
    del state.tactics_pile[:CARDS_PER_ROUND]
    for team in state.teams:
        team.card, team.abilities, team.dice = -1, [], []
        team.sabotage = team.ordered = team.done_tactics = False
    state.phase = "choose"
    events.append(CombatRound(state.combat_round, tuple(state.face_up),
                              (state.teams[0].pilot, state.teams[1].pilot),
                              (state.teams[0].tactician, state.teams[1].tactician)))


@cache
def _dials(seat: int) -> tuple[tuple[Steer, ...], tuple[PickTactic, ...]]:
    """Interned dial settings for a seat: every combat round offers the same ones."""
    return (tuple(Steer(seat, s, t) for s in range(4) for t in range(4)),
            tuple(PickTactic(seat, slot) for slot in range(CARDS_PER_ROUND)))


def choose_options(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    team = state.teams[state.team_of(seat)]
    steers, picks = _dials(seat)
    actions: list[Action] = []
    if team.pilot == seat and player.steer is None:
        actions += steers
    if team.tactician == seat and player.pick is None:
        actions += picks[:len(state.face_up)]
    return actions


def choose(state: State, action: Action, events: list[Event]) -> None:
    seat = action.seat
    player = state.players[seat]
    team = state.teams[state.team_of(seat)]
    if isinstance(action, Steer):
        if team.pilot != seat or player.steer is not None:
            raise RuleError("you are not setting the pilot's dials right now")
        if not (0 <= action.steer <= 3 and 0 <= action.target <= 3):
            raise RuleError("a dial points front, right, back or left")
        player.steer = (action.steer, action.target)
    else:
        assert isinstance(action, PickTactic)
        if team.tactician != seat or player.pick is not None:
            raise RuleError("you are not picking a tactics card right now")
        if not 0 <= action.slot < len(state.face_up):
            raise RuleError("pick the left, middle or right card")
        player.pick = action.slot
    events.append(Ready(seat))


def all_chosen(state: State) -> bool:
    return all(state.players[t.pilot].steer is not None
               and state.players[t.tactician].pick is not None for t in state.teams)


def reveal(state: State, events: list[Event]) -> None:
    """Dials are shown together: engines are spent, robots turn, cards are squabbled."""
    assert state.rng is not None
    dials, picks, controls = [], [], []
    for team in state.teams:
        steer = state.players[team.pilot].steer
        pick = state.players[team.tactician].pick
        assert steer is not None and pick is not None
        robot = team.robot
        team.engines = robot.engines()
        ctl = resolve_controls(robot.front, steer[0], steer[1], team.engines)
        robot.front = ctl.front
        team.unused, team.overheat, team.target = ctl.unused, ctl.overheat, ctl.target
        dials.append(steer)
        picks.append(pick)
        controls.append(ctl)
        state.players[team.pilot].steer = None
        state.players[team.tactician].pick = None
    a, b = state.teams
    wins = squabble(picks[0], a.unused, picks[1], b.unused)
    for index, team in enumerate(state.teams):
        if wins[index]:
            team.card = state.face_up[picks[index]]
            team.abilities = list(state.catalogue.tactics[team.card].abilities)
        ctl = controls[index]
        events.append(Revealed(index, dials[index][0], dials[index][1], ctl.cost, team.engines,
                               ctl.unused, ctl.goof, ctl.overheat, ctl.front, picks[index],
                               team.card, state.face_up[picks[index]], picks[0] == picks[1]))
    queue = [i for i, t in enumerate(state.teams) if PRE_ROLL.intersection(t.abilities)]
    if len(queue) == 2:
        if a.unused != b.unused:
            queue = [0, 1] if a.unused < b.unused else [1, 0]
        elif state.rng.die() > 3:
            queue = [1, 0]
    state.pre_roll_queue = queue
    state.phase = "pre_roll"


# -- tactics before the roll -------------------------------------------------------------
def pre_roll_options(state: State, seat: int) -> list[Action]:
    if not state.pre_roll_queue:
        return []
    team = state.teams[state.pre_roll_queue[0]]
    if team.tactician != seat:
        return []
    robot = team.robot
    actions: list[Action] = []
    if "sabotage" in team.abilities:
        actions.append(UseSabotage(seat))
    if "duct_tape" in team.abilities and state.token_supply > 0:
        actions += [UseDuctTape(seat, sq) for sq, tile in enumerate(robot.tiles)
                    if tile is not None and tile.kind not in ("armor", "cockpit")]
    if "crane" in team.abilities:
        actions += [UseCrane(seat, src, dst, rot) for src, dst, rot in crane_moves(robot)]
    actions.append(EndTactics(seat))
    return actions


def pre_roll(state: State, action: Action, events: list[Event]) -> None:
    index = state.pre_roll_queue[0] if state.pre_roll_queue else -1
    if index < 0 or state.teams[index].tactician != action.seat:
        raise RuleError("it is not your turn to use a tactics card")
    team = state.teams[index]
    robot = team.robot
    if isinstance(action, EndTactics):
        for ability in sorted(PRE_ROLL.intersection(team.abilities)):
            why = _pre_roll_block(state, team, ability)
            events.append(CardUnused(index, team.card, ability, why))
        state.pre_roll_queue.pop(0)
        return
    if isinstance(action, UseSabotage):
        _spend(team, "sabotage")
        team.sabotage = True
        events.append(TacticUsed(index, "sabotage"))
    elif isinstance(action, UseDuctTape):
        _spend(team, "duct_tape", check_only=True)
        if state.token_supply == 0:
            raise RuleError("there are no defense tokens left")
        sq = action.square
        tile = robot.tiles[sq] if 0 <= sq < 25 else None
        if tile is None or tile.kind in ("armor", "cockpit"):
            raise RuleError("duct tape goes on a tile that is not armor or the cockpit")
        _spend(team, "duct_tape")
        robot.tokens.append((sq,))
        state.token_supply -= 1
        events.append(TacticUsed(index, "duct_tape", (sq,)))
    elif isinstance(action, UseCrane):
        _spend(team, "crane", check_only=True)
        move = (action.source, action.square, action.rot)
        if move not in crane_moves(robot, only=action.source):
            raise RuleError("the crane cannot make that move (a tile with tokens, the "
                            "cockpit, an occupied square, or something would fall off)")
        _spend(team, "crane")
        tile = robot.lift(action.source)
        robot.place(action.square, tile, action.rot)
        events.append(TacticUsed(index, "crane", move))
    else:
        raise RuleError("that is not a tactic used before the roll")
    if not PRE_ROLL.intersection(team.abilities):
        state.pre_roll_queue.pop(0)


def _pre_roll_block(state: State, team: Team, ability: str) -> str:
    """Why a tactic before the roll could not be used (a CardUnused reason), or
    ``kept`` when it could have been."""
    robot = team.robot
    if ability == "duct_tape":
        if state.token_supply == 0:
            return "no_tokens"
        if not any(tile is not None and tile.kind not in ("armor", "cockpit")
                   for tile in robot.tiles):
            return "no_tile"
    if ability == "crane" and not crane_moves(robot):
        return "no_crane_move"
    return "kept"


def _post_roll_block(dice: list[int], ability: str) -> str:
    """Why a dice tactic could not be used on ``dice`` (a CardUnused reason), or
    ``kept`` when it could have been."""
    if not dice:
        return "no_dice"
    if ability == "emergency" and BLANK not in dice:
        return "no_blank"
    if ability == "homing" and all(d == BLANK for d in dice):
        return "no_number"
    return "kept"


def _unused_dice_tactics(index: int, team: Team, events: list[Event]) -> None:
    """The team is done with the dice: report each dice tactic it did not use."""
    for ability in sorted(POST_ROLL.intersection(team.abilities)):
        events.append(CardUnused(index, team.card, ability, _post_roll_block(team.dice, ability)))


def _spend(team: Team, ability: str, check_only: bool = False) -> None:
    if ability not in team.abilities:
        raise RuleError(f"your team has no {ability.replace('_', ' ')} to use")
    if not check_only:
        team.abilities.remove(ability)


def roll(state: State, events: list[Event]) -> None:
    """Both teams roll at once; 6 on the die is the blank face. With table dice the
    rules wait in the roll step until each team's faces are read in."""
    assert state.rng is not None
    state.phase = "post_roll"
    for index, team in enumerate(state.teams):
        robot = team.robot
        count = dice_count(robot.arrows(robot.front), team.overheat, team.sabotage)
        if state.table_dice and count:
            team.dice = [BLANK] * count
            team.reading, team.read_for = tuple(range(count)), "roll"
            team.done_tactics = False
            state.phase = "roll"
            continue
        team.dice = [_face(state) for _ in range(count)]
        events.append(DiceRolled(index, tuple(team.dice)))
        team.done_tactics = not (team.dice and POST_ROLL.intersection(team.abilities))
        if not team.dice:
            _unused_dice_tactics(index, team, events)


def roll_done(state: State) -> None:
    """Every team's roll is read in: on to the tactics after the roll."""
    if not any(t.read_for == "roll" for t in state.teams):
        state.phase = "post_roll"


def read_options(state: State, seat: int) -> list[Action]:
    """The possible readings of the dice a seat's team is rolling at the table (faces
    ascending, so each set of faces is one action; an emergency re-roll shows no blank)."""
    actions: list[Action] = []
    for team in state.teams:
        if team.tactician != seat or not team.reading:
            continue
        lowest = 1 if team.read_for == "emergency" else BLANK
        actions += [ReadDice(seat, faces) for faces in
                    combinations_with_replacement(range(lowest, 6), len(team.reading))]
    return actions


def read(state: State, action: ReadDice, events: list[Event]) -> None:
    """Faces read from the table land on the dice the rules were waiting for."""
    index = state.team_of(action.seat)
    team = state.teams[index]
    if team.tactician != action.seat or not team.reading:
        raise RuleError("your team has no dice waiting to be read")
    faces = action.faces
    lowest = 1 if team.read_for == "emergency" else BLANK
    if (len(faces) != len(team.reading) or list(faces) != sorted(faces)
            or not all(isinstance(f, int) and lowest <= f <= 5 for f in faces)):
        raise RuleError(f"read exactly {len(team.reading)} dice, faces ascending from "
                        f"{'1' if lowest else 'blank (0)'} to 5")
    before, which = tuple(team.dice), team.reading
    for die, face in zip(team.reading, faces, strict=True):
        team.dice[die] = face
    why = team.read_for
    team.reading, team.read_for = (), ""
    dice = tuple(team.dice)
    events.append(DiceRolled(index, dice) if why == "roll"
                  else TacticUsed(index, why, dice, before, which))
    team.done_tactics = not POST_ROLL.intersection(team.abilities)


def _face(state: State) -> int:
    assert state.rng is not None
    face = state.rng.die()
    return BLANK if face == 6 else face


# -- tactics after the roll --------------------------------------------------------------
def post_roll_options(state: State, seat: int) -> list[Action]:
    actions: list[Action] = read_options(state, seat)
    for team in state.teams:
        if team.tactician != seat or team.done_tactics or team.reading:
            continue
        dice = team.dice
        if "nitro" in team.abilities:
            actions += [UseNitro(seat, i) for i in range(len(dice))]
            if len(dice) > 1:
                actions.append(UseNitro(seat, -1))
        if "emergency" in team.abilities and BLANK in dice:
            actions.append(UseEmergency(seat))
        if "homing" in team.abilities:
            actions += [UseHoming(seat, i, f) for i, d in enumerate(dice) if d != BLANK
                        for f in range(1, 6) if f != d]
        actions.append(EndTactics(seat))
    return actions


def post_roll(state: State, action: Action, events: list[Event]) -> None:
    index = state.team_of(action.seat)
    team = state.teams[index]
    if team.tactician != action.seat or team.done_tactics:
        raise RuleError("you have no tactics to use on the dice now")
    dice = team.dice
    if isinstance(action, ReadDice):
        read(state, action, events)
        return
    if team.reading:
        raise RuleError("read in the dice rolled at the table first")
    if isinstance(action, EndTactics):
        team.done_tactics = True
        _unused_dice_tactics(index, team, events)
        return
    before = tuple(dice)
    if isinstance(action, UseNitro):
        _spend(team, "nitro", check_only=True)
        if not (-1 <= action.die < len(dice)) or (action.die == -1 and len(dice) < 2):
            raise RuleError("re-roll one of your dice, or all of them")
        _spend(team, "nitro")
        rerolled = tuple(range(len(dice))) if action.die == -1 else (action.die,)
        if state.table_dice:
            team.reading, team.read_for = rerolled, "nitro"
            return
        for i in rerolled:
            dice[i] = _face(state)
        events.append(TacticUsed(index, "nitro", tuple(dice), before, rerolled))
    elif isinstance(action, UseEmergency):
        _spend(team, "emergency", check_only=True)
        if BLANK not in dice:
            raise RuleError("no die came up blank")
        _spend(team, "emergency")
        if state.table_dice:
            team.reading = tuple(i for i, face in enumerate(dice) if face == BLANK)
            team.read_for = "emergency"
            return
        for i, face in enumerate(dice):
            while face == BLANK:
                face = _face(state)
            dice[i] = face
        blanks = tuple(i for i, face in enumerate(before) if face == BLANK)
        events.append(TacticUsed(index, "emergency", tuple(dice), before, blanks))
    elif isinstance(action, UseHoming):
        _spend(team, "homing", check_only=True)
        if not 0 <= action.die < len(dice) or dice[action.die] == BLANK:
            raise RuleError("homing changes one die that shows a number")
        if not 1 <= action.face <= 5 or action.face == dice[action.die]:
            raise RuleError("set the die to a different number from 1 to 5")
        _spend(team, "homing")
        dice[action.die] = action.face
        events.append(TacticUsed(index, "homing", tuple(dice), before, (action.die,)))
    else:
        raise RuleError("that is not a tactic used on the dice")
    if not (POST_ROLL.intersection(team.abilities) and dice):
        team.done_tactics = True


# -- ordering the dice and the hits ------------------------------------------------------
def order_options(state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    for team in state.teams:
        if team.tactician != seat or team.ordered:
            continue
        faces = sorted(d for d in team.dice if d != BLANK)
        dynamite = [False, True] if _can_dynamite(team) else [False]
        actions += [OrderDice(seat, order, boom)
                    for order in sorted(set(permutations(faces))) for boom in dynamite]
    return actions


def _can_dynamite(team: Team) -> bool:
    return not dynamite_refusal(team)


def _dynamite_block(team: Team) -> str:
    """Why Dynamite cannot go on this roll (a CardUnused reason), or "" when it can."""
    if len(team.dice) >= MAX_DICE:
        return "five_dice"
    if not team.dice:
        return "no_dice"
    if all(d == BLANK for d in team.dice):
        return "no_number"
    return ""


def dynamite_refusal(team: Team) -> str:
    """Why the team cannot use Dynamite on this roll, or "" when it can."""
    if "dynamite" not in team.abilities:
        return "your team has no dynamite to use"
    block = _dynamite_block(team)
    if block == "five_dice":
        return f"dynamite is not usable when {MAX_DICE} dice were rolled"
    if block:
        return "dynamite needs a die that shows a number"
    return ""


def order(state: State, action: OrderDice, events: list[Event]) -> None:
    index = state.team_of(action.seat)
    team = state.teams[index]
    if team.tactician != action.seat or team.ordered:
        raise RuleError("you have no dice to order now")
    if sorted(action.order) != sorted(d for d in team.dice if d != BLANK):
        raise RuleError("order exactly the numbered dice you rolled")
    if action.dynamite and (why := dynamite_refusal(team)):
        raise RuleError(why)
    _commit_order(index, team, tuple(action.order), action.dynamite, events)


def _commit_order(index: int, team: Team, faces: tuple[int, ...], dynamite: bool,
                  events: list[Event]) -> None:
    """Fix the hit order; Dynamite used is told, and Dynamite held but not used too."""
    if "dynamite" in team.abilities and not dynamite:
        events.append(CardUnused(index, team.card, "dynamite", _dynamite_block(team) or "kept"))
    team.dice = list(faces) + [BLANK] * (len(team.dice) - len(faces))
    if dynamite and faces:
        team.dice.insert(0, faces[0])
        team.abilities.remove("dynamite")
        events.append(TacticUsed(index, "dynamite", (faces[0],)))
    team.ordered = True


def auto_order(state: State, events: list[Event]) -> None:
    """A team whose dice allow just one order (and no dynamite) needs no decision."""
    for index, team in enumerate(state.teams):
        if not team.ordered and len(order_options(state, team.tactician)) <= 1:
            _commit_order(index, team, tuple(d for d in team.dice if d != BLANK), False, events)


def queue_hits(state: State) -> None:
    state.hits = []
    for attacker in (0, 1):
        defender = 1 - attacker
        team = state.teams[attacker]
        edge = (state.teams[defender].robot.front + team.target) & 3
        state.hits += [(defender, edge, face) for face in team.dice if face != BLANK]


def resolve_hits(state: State, events: list[Event]) -> None:
    """Land hits in order until done or a defending pilot must choose a token."""
    while state.hits:
        defender, edge, face = state.hits[0]
        team = state.teams[defender]
        robot = team.robot
        sq = robot.target(edge, face)
        if sq >= 0 and sq != COCKPIT and robot.has_token(sq):
            options = robot.token_options(sq)
            if len(options) > 1:
                state.phase = "token"
                state.hit_team, state.pending_square = defender, sq
                return
            land_token(state, options[0], events)
            continue
        state.hits.pop(0)
        side = (edge - robot.front) & 3
        if sq < 0:
            events.append(Hit(defender, edge, face, -1, "miss", side=side))
        elif sq == COCKPIT:
            seat = robot.knock_out((team.pilot, team.tactician))
            events.append(Hit(defender, edge, face, sq,
                              "goblin" if seat >= 0 else "empty_cockpit", seat=seat, side=side))
        else:
            turns = robot.rots[:]
            lost = robot.destroy(sq)
            tiles = tuple(t.index for t in robot.scrap_tiles[-len(lost):])
            events.append(Hit(defender, edge, face, sq, "destroyed", tuple(lost),
                              tiles=tiles, rots=tuple(turns[s] for s in lost), side=side))
    state.hit_team, state.pending_square = -1, -1


def land_token(state: State, token: int, events: list[Event]) -> None:
    defender, edge, face = state.hits.pop(0)
    robot = state.teams[defender].robot
    sq = robot.target(edge, face)
    robot.remove_token(token)
    events.append(Hit(defender, edge, face, sq, "token", side=(edge - robot.front) & 3))


def token_options(state: State, seat: int) -> list[Action]:
    if state.phase != "token" or state.teams[state.hit_team].pilot != seat:
        return []
    robot = state.teams[state.hit_team].robot
    return [ChooseToken(seat, i) for i in robot.token_options(state.pending_square)]


def choose_token(state: State, action: ChooseToken, events: list[Event]) -> None:
    if state.phase != "token" or state.teams[state.hit_team].pilot != action.seat:
        raise RuleError("you are not choosing a defense token now")
    robot = state.teams[state.hit_team].robot
    if action.token not in robot.token_options(state.pending_square):
        raise RuleError(f"choose a token that covers {square_name(state.pending_square)}")
    state.phase = "hits"
    land_token(state, action.token, events)
