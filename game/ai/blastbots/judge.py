"""How good a Blastbots position is for one seat, from what that seat may know.

Every seat's game is projected to Impact, one of its launches (Stage 2s) at a time:
before each launch the others' Battle cards wreck some of its Atmosphere rockets (then
Launchpad ones), less what its own blockers turn away; at the launch the Atmosphere
goes to Space and the Launchpad to the Atmosphere; then the Factory feeds the Launchpad
one rocket plus what the rocket cards in hand and those its tokens bring can add (at
most five on the pad). The clock (``clock``) gives the chance that the game ends after
each launch, so the projected points are 2 a Space rocket and 1 an Atmosphere rocket
at each possible end, weighted by its chance, plus the Junkyard (1 a rocket, what the
seat holds and what its own attacks are likely to wreck). A seat whose Space reaches
15 while the clock runs may Escape, one whose Junkyard reaches 15 may win by
Destruction; the Slipspace and Flyswatter bonuses go, softly, to whoever leads.
Other cards in hand count their worth (``worth``) when another turn is likely, tokens
the cards they pay by the 2d6 chances (6/8: 5 in 36, 5/9: 4, 4/10: 3).

Only public facts and the seat's own hand are read (other hands count by their backs,
that is by deck), so a view and any determinised world made from it score alike. The
value is the seat's projection less the best rival's; a finished game is WIN or -WIN.
The weights were tuned by ``botyard arena`` duels, not derived.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.ai.blastbots.clock import AFTER_LAUNCH, Outlook, outlook, stage
from game.ai.blastbots.worth import Tables, tables
from game.rules.blastbots.board import DRAW_PER_TOKEN, HAND_LIMIT, PAD_MAX
from game.rules.blastbots.board import WIN as ROCKET_WIN
from game.rules.blastbots.scoring import FLYSWATTER, SLIPSPACE
from game.rules.blastbots.state import FIRST, OVER, PLACE, State

WIN = 100.0
CHANCE = {4: 3 / 36, 5: 4 / 36, 6: 5 / 36, 8: 5 / 36, 9: 4 / 36, 10: 3 / 36}
"""The chance that one roll of 2d6 pays a token on each number."""
BATTLE, DISCOVERY, ROCKET = 0, 1, 2
HIT = 0.7
"""Of a Battle card's wrecking power, the share that lands (some are spent on
defence, some find too little to wreck)."""
COVER = 0.35
"""How much of the threat each blocker in hand turns away (at most ``1 - LEAST``)."""
LEAST = 0.3
BLOCKS_HIDDEN = 0.5
"""Blockers counted per unseen Battle card in a rival's hand."""
CUT = 0.4
"""What one pending cut costs."""
INCOME = 0.6
"""Of the Discovery and non-wrecking Battle cards tokens will pay, the share of their
worth that counts (they come later, some beyond the hand limit or the last turn)."""
RIVAL_HAND = 1.0
"""How much of a rival's unseen hand counts (by its decks' means)."""
SOFT = 1.5
"""How many rockets of lead make a bonus, or a count of 15, about three-quarters sure."""
POINTS_SPREAD = 2.0
SPREAD_A_LAUNCH = 1.2
"""Projected points at Impact turn into chances to win as exp(points / spread); the
spread grows with the launches still expected (the further the end, the less sure)."""
CHANCES = 10.0
LEAD = 0.5
"""Weights of the chance to win (from -1 to 1) and of the projected lead in points:
the foresight is rough, so the chance may only tip what the lead leaves close."""


@dataclass(slots=True)
class Hand:
    """What a seat's hand means for the projection."""

    builds: float
    """Rockets its rocket cards can put on the Launchpad."""
    worth: float
    """The worth of its other cards (those that wreck count as ``wrecks``)."""
    wrecks: float
    """Rockets its Battle cards can wreck."""
    blockers: float


@dataclass(slots=True)
class Projection:
    """One seat's game as foreseen: its expected points at Impact, its rockets in
    Space and in its Junkyard at the end, and launch by launch its Space, the rockets
    others wreck of its own and its Junkyard."""

    points: float
    space: float
    reach: list[float]
    lost: list[float]
    junk: float = 0.0
    piles: list[float] = field(default_factory=list)


def income(state: State, seat: int) -> list[float]:
    """Cards per deck ``seat``'s tokens (and its Some Assembly Required) pay per round
    of turns, by the 2d6 chances; nothing from an empty deck."""
    out = [0.0, 0.0, 0.0]
    n = state.n
    for code in state.tokens[seat]:
        if code >= 0:
            out[code >> 4] += CHANCE[code & 15] * DRAW_PER_TOKEN * n
    for target in state.assembly[seat]:
        for code in state.tokens[target]:
            if code >= 0:
                out[code >> 4] += CHANCE[code & 15] * n / 2
    for deck in range(3):
        if not state.decks[deck]:
            out[deck] = 0.0
    return out


def read_hand(state: State, seat: int, viewer: int, t: Tables) -> Hand:
    """The viewer's own hand card by card, any other by its backs (so by deck). A back
    in the viewer's own hand (a card still to come, as when hard weighs the opening
    deal its tokens will bring) counts by its deck's means, as a rival's does."""
    hand = state.hands[seat]
    if seat == viewer:
        builds = wrecks = blockers = 0.0
        worths = []
        for card in hand:
            if card < 0:
                deck = -1 - card
                builds += t.mean_builds[deck]
                wrecks += t.mean_wrecks[deck]
                blockers += BLOCKS_HIDDEN * (deck == BATTLE)
                worths.append(t.mean_hold[deck])
                continue
            builds += t.builds[card]
            wrecks += t.wrecks[card]
            if t.mech in t.blocks[card]:
                blockers += 1
            if not t.builds[card]:
                worths.append(t.hold[card])
        if state.roller == seat and state.phase != OVER and len(hand) > HAND_LIMIT:
            worths.sort(reverse=True)
            worths = worths[:HAND_LIMIT]
        return Hand(builds, sum(worths), wrecks, blockers)
    decks = [0, 0, 0]
    for card in hand:
        decks[t.deck[card] if card >= 0 else -1 - card] += 1
    worth = sum(decks[d] * t.mean_hold[d] for d in range(3))
    return Hand(RIVAL_HAND * decks[ROCKET] * t.mean_builds[ROCKET], RIVAL_HAND * worth,
                RIVAL_HAND * decks[BATTLE] * t.mean_wrecks[BATTLE],
                decks[BATTLE] * BLOCKS_HIDDEN)


def _walk(state: State, seat: int, p: tuple[float, ...], hand: Hand, rockets_a_round: float,
          threat_now: float, threat_later: float) -> Projection:
    """One seat's rockets launch by launch (module docstring); the game may end after
    any launch, by the clock's chances, and counts the Space and Atmosphere there."""
    space, atmo, pad = float(state.space[seat]), float(state.atmo[seat]), float(state.pad[seat])
    factory = float(state.factory[seat])
    carry = hand.builds
    ended = 1.0 - p[0]
    points = ended * (2 * space + atmo)
    final = ended * space
    reach: list[float] = []
    lost: list[float] = []
    if state.roller == seat and stage(state) != AFTER_LAUNCH:
        threat_now = 0.0
    for k, chance in enumerate(p):
        if chance < 0.005:
            break
        threat = threat_now if k == 0 else threat_later
        hit_atmo = min(atmo, threat)
        hit_pad = min(pad, threat - hit_atmo)
        atmo -= hit_atmo
        pad -= hit_pad
        lost.append(hit_atmo + hit_pad)
        space += atmo
        atmo = pad
        carry += rockets_a_round
        played = max(0.0, min(PAD_MAX - 1.0, carry, factory - 1.0))
        built = min(factory, 1.0 + played)
        carry -= played
        factory -= built
        pad = built
        reach.append(space)
        after = chance - (p[k + 1] if k + 1 < len(p) else 0.0)
        points += after * (2 * space + atmo)
        final += after * space
    return Projection(points, final, reach, lost)


def _first_wins(out: list[Projection], look: Outlook, offsets: list[int], n: int
                ) -> list[float]:
    """Per seat, the chance that it wins at once (Escape or Destruction) before anyone
    else and before Impact: its k-th launch comes at turn ``offset + (k - 1) * n`` from
    now, when its Space or Junkyard may have reached 15 (a smooth threshold, as the
    projections are only expected counts)."""
    done = []
    for proj in out:
        row = []
        for k, (space, junk) in enumerate(zip(proj.reach, proj.piles, strict=False)):
            blur = math.sqrt(k + 1)
            escape = _sure((space - ROCKET_WIN + 0.5) / blur)
            wreck = _sure((junk - ROCKET_WIN + 0.5) / blur)
            row.append(1 - (1 - escape) * (1 - wreck))
        done.append(row)

    def by(seat: int, turn: int) -> float:
        """The chance ``seat`` has won at once in its launches before ``turn``."""
        launches = 0 if turn <= offsets[seat] else (turn - offsets[seat] - 1) // n + 1
        row = done[seat]
        return row[min(launches, len(row)) - 1] if launches and row else 0.0

    wins = []
    for seat in range(n):
        row = done[seat]
        total = 0.0
        before = 0.0
        for k, now in enumerate(row):
            turn = offsets[seat] + k * n
            rivals = 1.0
            for other in range(n):
                if other != seat:
                    rivals *= 1 - by(other, turn)
            total += look.launches[seat][k] * (now - before) * rivals
            before = now
        wins.append(total)
    return wins


def _sure(lead: float) -> float:
    return 1 / (1 + math.exp(-lead * 2.2 / SOFT))


def projections(state: State, viewer: int) -> list[Projection]:
    """Every seat's projection as ``viewer`` foresees it (module docstring)."""
    t = tables(state.cat)
    look = outlook(state)
    n = state.n
    hands = [read_hand(state, s, viewer, t) for s in range(n)]
    incomes = [income(state, s) for s in range(n)]
    later_rate = [HIT * inc[BATTLE] * t.mean_wrecks[BATTLE] for inc in incomes]
    now_rate = [HIT * h.wrecks for h in hands]
    share = 1 / max(1, n - 1)
    out = []
    for s in range(n):
        shield = max(LEAST, 1 - COVER * hands[s].blockers)
        now = share * shield * sum(now_rate[r] + later_rate[r] for r in range(n) if r != s)
        later = share * shield * sum(later_rate[r] for r in range(n) if r != s)
        rockets = incomes[s][ROCKET] * t.mean_builds[ROCKET]
        out.append(_walk(state, s, look.launches[s], hands[s], rockets, now, later))
    gains = [[0.0] * len(out[r].reach) for r in range(n)]
    for s in range(n):
        force = [now_rate[r] + later_rate[r] if r != s else 0.0 for r in range(n)]
        total = sum(force)
        if total <= 0:
            continue
        for r in range(n):
            for k, lost in enumerate(out[s].lost[:len(gains[r])]):
                gains[r][k] += lost * force[r] / total
    for s, proj in enumerate(out):
        p = look.launches[s]
        junk = float(sum(state.junk[s]))
        proj.piles = []
        expected = junk * (1 - p[0])
        for k, gained in enumerate(gains[s]):
            junk += gained
            proj.piles.append(junk)
            expected += junk * (p[k] - (p[k + 1] if k + 1 < len(p) else 0.0))
        proj.junk = expected
        proj.points += expected + hands[s].worth * p[0]
        proj.points += (incomes[s][DISCOVERY] * t.mean_hold[DISCOVERY]
                        + incomes[s][BATTLE] * t.mean_hold[BATTLE]) * INCOME * sum(p)
        proj.points -= CUT * state.cuts[s]
    for s, mine in enumerate(out):
        others = [o for r, o in enumerate(out) if r != s]
        mine.points += SLIPSPACE * _sure(mine.space - max(o.space for o in others) - 0.5)
        mine.points += FLYSWATTER * _sure(mine.junk - max(o.junk for o in others) - 0.5)
    return out


def offsets(state: State) -> list[int]:
    """Turns from now to each seat's next launch (0: the roller's, still to come)."""
    n = state.n
    roller = state.first if state.phase in (FIRST, PLACE) else state.roller
    out = [(s - roller) % n for s in range(n)]
    if stage(state) == AFTER_LAUNCH:
        out[roller] = n
    return out


def win_chances(state: State, viewer: int) -> tuple[list[float], list[Projection]]:
    """Each seat's chance to win as ``viewer`` foresees it: at once (Escape or
    Destruction) or, if nobody does, on points at Impact (softly by the projections)."""
    out = projections(state, viewer)
    n = state.n
    look = outlook(state)
    instant = _first_wins(out, look, offsets(state), n)
    spread = POINTS_SPREAD + SPREAD_A_LAUNCH * max(look.expected(s) for s in range(n))
    top = max(o.points for o in out)
    weights = [math.exp((o.points - top) / spread) for o in out]
    total = sum(weights)
    rest = max(0.0, 1 - sum(instant))
    return [instant[s] + rest * weights[s] / total for s in range(n)], out


def value(state: State, seat: int) -> float:
    """``seat``'s chance to win and its projected lead over the best rival (a finished
    game: WIN or -WIN)."""
    if state.phase == OVER:
        return WIN if state.winner == seat else -WIN
    chances, out = win_chances(state, seat)
    lead = out[seat].points - max(o.points for s, o in enumerate(out) if s != seat)
    return CHANCES * (2 * chances[seat] - 1) + LEAD * lead
