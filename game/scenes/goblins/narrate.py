"""Events in plain words for the game log of one seat. The events come from that
seat's history, already redacted by the rules (``Rules.redact``), so this module only
words them: what is hidden there (tiles drawn by others) is simply not named.

Sides are the robot's own (front, right, back, left), the words of the pilot's dials,
never compass points; a line is the row or column a die face picks, numbered 1-5 as
the rules number it. ``Chronicle`` keeps one seat's log, worded as its history grows.

A seat goes by the name its player typed, else by its colour: ``names`` (one per seat,
empty for a seat nobody named, as the session's seats hold them) is passed down to
every wording, so the words depend on nothing but their arguments.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.core.actions import Event
from game.rules.goblins.catalogue import Catalogue
from game.rules.goblins.events import RoundStarted, TilesDrawn
from game.rules.goblins.geometry import SIDES, square_name
from game.rules.goblins.state import HIDDEN, State
from game.ui.palette import ACCENT, SEAT_NAMES, TEXT, TEXT_DIM
from game.ui.seat_names import Names, seat_label, typed

Teams = tuple[tuple[int, ...], ...]
Colour = tuple[int, int, int]

ABILITY_NAMES = {"nitro": "Nitro", "sabotage": "Sabotage", "emergency": "Emergency",
                 "dynamite": "Dynamite", "homing": "Homing", "duct_tape": "Duct Tape",
                 "crane": "the Crane"}
UNUSED_WHY = {
    "no_dice": "they had no dice",
    "no_blank": "no die came up blank",
    "no_number": "no die showed a number",
    "five_dice": "it does not work when five dice are rolled",
    "no_tokens": "the defense tokens have run out",
    "no_tile": "no tile can take a token",
    "no_crane_move": "no tile could be moved without something falling off",
}
"""Why an ability of a won card could not be used (the rules' CardUnused reasons)."""
HEADINGS = frozenset({"round_started", "combat_round", "combat_ended", "game_over"})
QUIET = frozenset({"tile_placed", "tiles_passed", "agendas_chosen", "card_unused"})
"""Routine lines, drawn dimmer so rounds, shots and results stand out."""


def seat_name(seat: int, names: Names = ()) -> str:
    """"Ann", or the colour "Orange" for a seat nobody named."""
    if not 0 <= seat < len(SEAT_NAMES):
        return "nobody"
    return seat_label(seat, typed(names, seat))


def count(n: int, noun: str) -> str:
    """``n`` things in plain words: "1 tile", "3 tiles", "no tiles"."""
    return f"no {noun}s" if n == 0 else f"{n} {noun}" + ("" if n == 1 else "s")


def team_name(teams: Teams | list, index: int, names: Names = ()) -> str:
    return " & ".join(seat_name(s, names) for s in teams[index])


def crew_does(teams: Teams | list, index: int, verb: str, names: Names = ()) -> str:
    """A crew and a verb that agrees with it: "Ann wins", "Ann & Bob win"."""
    if len(teams[index]) > 1:
        return f"{team_name(teams, index, names)} {verb}"
    third = {"have": "has"}.get(verb) or (verb + "es" if verb.endswith(("s", "sh", "ch"))
                                          else verb + "s")
    return f"{team_name(teams, index, names)} {third}"


def and_list(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) < 3:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def faces(dice: Sequence[int]) -> str:
    """Dice faces in words: "3, 5, blank"."""
    return ", ".join(str(d) if d else "blank" for d in dice)


def side_line(crew: str, side: int, line: int) -> str:
    """Where a die strikes: "Blue & Purple's left side, line 3" (robot-relative)."""
    return f"{crew}'s {SIDES[side]} side, line {line}"


def tile_on(catalogue: Catalogue, tile: int, square: int) -> str:
    """A tile and where it stood: "W09 (weapon) on 3,1"."""
    if tile < 0:
        return f"the tile on {square_name(square)}"
    found = catalogue.tiles[tile]
    return f"{found.id} ({found.kind}) on {square_name(square)}"


def describe(event: Event, viewer: int, catalogue: Catalogue, teams: Teams,
             rival: Event | None = None, names: Names = ()) -> str | None:
    """One log line, or None for events not worth a line. ``teams`` are the crews of
    the round the event belongs to; ``rival`` is, for a reveal, the other team's."""
    kind = event.kind
    e = event

    def seat(s: int) -> str:
        return seat_name(s, names)

    def crew(index: int) -> str:
        return team_name(teams, index, names)

    if kind == "round_started":
        return (f"Round {e.round}: {team_name(e.teams, 0, names)} against "
                f"{team_name(e.teams, 1, names)}, "
                f"blueprint {catalogue.blueprints[e.blueprint].name}.")
    if kind == "tiles_drawn":
        who = "You" if e.seat == viewer else seat(e.seat)
        if HIDDEN in e.tiles:
            return f"{who} drew {count(len(e.tiles), 'tile')}."
        return f"{who} drew {', '.join(catalogue.tiles[t].id for t in e.tiles)}."
    if kind == "tiles_passed":
        return f"{seat(e.seat)} passed two tiles to {seat(e.to)}."
    if kind == "tile_placed":
        return f"{seat(e.seat)} placed {tile_on(catalogue, e.tile, e.square)}."
    if kind == "tiles_fell":
        fell = f"{count(len(e.squares), 'loose tile')} fell off {crew(e.team)}'s robot"
        if len(e.tiles) != len(e.squares):
            return fell + "."
        return fell + ": " + and_list([tile_on(catalogue, t, sq)
                                       for t, sq in zip(e.tiles, e.squares, strict=True)]) + "."
    if kind == "agendas_chosen":
        return f"{seat(e.seat)} chose four agendas."
    if kind == "combat_round":
        cards = and_list([catalogue.tactics[c].name for c in e.cards])
        return f"Combat round {e.number}" + (f": the cards are {cards}." if cards else ".")
    if kind == "revealed":
        return _revealed(e, catalogue, teams, rival, names)
    if kind == "tactic_used":
        return _tactic(e, crew(e.team))
    if kind == "card_unused":
        ability = ABILITY_NAMES.get(e.ability, e.ability)
        if e.reason == "kept":
            return f"{crew(e.team)} left {ability} unused."
        why = UNUSED_WHY.get(e.reason, e.reason.replace("_", " "))
        return f"{crew(e.team)} could not use {ability}: {why}."
    if kind == "dice_rolled":
        if not e.dice:
            return f"{crew(e.team)} had no dice to roll."
        return f"{crew(e.team)} rolled {faces(e.dice)}."
    if kind == "hit":
        return _hit(e, catalogue, teams, names)
    if kind == "combat_ended":
        return _combat_ended(e, teams, names)
    if kind == "scored":
        return f"{seat(e.seat)} scored {count(e.total, 'point')}."
    if kind == "promoted":
        return f"{seat(e.seat)} reached 50 points and is promoted!"
    if kind == "game_over":
        winners = and_list([seat(s) for s in e.winners])
        if not winners:
            return "The game is over, with no winner."
        boss = "the new Boss" if len(e.winners) == 1 else "the new Bosses"
        return f"The game is over: {winners} {'is' if len(e.winners) == 1 else 'are'} {boss}."
    return None


def _revealed(e: Event, catalogue: Catalogue, teams: Teams, rival: Event | None,
              names: Names) -> str:
    """The dials in the words of the pilot's dial, then what came of the card pick."""
    name = team_name(teams, e.team, names)
    if e.goof:
        dials = (f"{name} goofed: the dials needed {e.cost} engines of their {e.engines}, so "
                 "they do not turn, aim at the enemy's front side and overheat (one die "
                 "fewer).")
    else:
        turn = ("kept their front side to the front (no turn: one die fewer)" if e.steer == 0
                else f"put their {SIDES[e.steer]} side to the front")
        dials = (f"{name} {turn} and targeted the enemy's {SIDES[e.target]} side, "
                 f"{count(e.unused, 'engine')} left unused.")
    tactics = catalogue.tactics
    if not e.shared:
        return dials + (f" Card: {tactics[e.card].name}." if e.card >= 0 else "")
    both = f" Both tacticians picked {tactics[e.picked].name if e.picked >= 0 else 'one card'}"
    if rival is not None and rival.unused == e.unused:
        return dials + f"{both} with {count(e.unused, 'unused engine')} each: both teams use it."
    if e.card >= 0:
        return dials + (f"{both}; with more unused engines, "
                        f"{crew_does(teams, e.team, 'get', names)} it.")
    why = " (a goof leaves no engine unused)" if e.goof else ""
    return (dials + f"{both}; {crew_does(teams, 1 - e.team, 'have', names)} more unused "
            f"engines{why}, so {crew_does(teams, e.team, 'get', names)} no card.")


def _tactic(e: Event, name: str) -> str:
    """A tactic used, and for the dice tactics what it changed."""
    ability = e.ability
    if ability == "sabotage":
        return f"{name} used Sabotage: one more die this round."
    if ability == "duct_tape":
        return f"{name} used Duct Tape: a new defense token covers {square_name(e.detail[0])}."
    if ability == "crane":
        return (f"{name} used the Crane: the tile on {square_name(e.detail[0])} moved to "
                f"{square_name(e.detail[1])}.")
    if ability == "dynamite":
        return f"{name} lit the Dynamite: the first {e.detail[0]} counts twice."
    now = f"the dice now show {faces(e.detail)}"
    if not e.before:
        return f"{name} used {ABILITY_NAMES.get(ability, ability)}: {now}."
    old = [e.before[i] for i in e.dice]
    new = [e.detail[i] for i in e.dice]
    if ability == "homing":
        return f"{name} used Homing: a {faces(old)} was set to {faces(new)}; {now}."
    if ability == "emergency":
        return f"{name} used Emergency: the blanks came up {faces(new)}; {now}."
    if len(e.dice) == len(e.before):
        return f"{name} used Nitro on all dice: {faces(old)} became {faces(new)}."
    which = "one die" if len(e.dice) == 1 else count(len(e.dice), "die")
    return f"{name} used Nitro on {which}: {faces(old)} became {faces(new)}; {now}."


def _hit(e: Event, catalogue: Catalogue, teams: Teams, names: Names) -> str:
    where = side_line(team_name(teams, e.team, names), e.side, e.face)
    if e.outcome == "miss":
        return f"{where}: the shot found nothing."
    if e.outcome == "token":
        return f"{where}: a defense token on {square_name(e.square)} took the hit."
    if e.outcome == "goblin":
        return (f"{where}: the cockpit was hit and {seat_name(e.seat, names)}'s goblin is "
                "knocked out.")
    if e.outcome == "empty_cockpit":
        return f"{where}: the cockpit was hit, but it is empty."
    tiles = e.tiles if len(e.tiles) == len(e.destroyed) else (-1,) * len(e.destroyed)
    named = [tile_on(catalogue, t, sq) for t, sq in zip(tiles, e.destroyed, strict=True)]
    text = f"{where}: {named[0]} destroyed"
    if len(named) > 1:
        text += f"; {and_list(named[1:])} came loose and fell with it"
    return text + "."


def _combat_ended(e: Event, teams: Teams, names: Names) -> str:
    state = ("both robots are disabled" if all(e.disabled) else
             "both robots still stand" if not any(e.disabled) else "")
    if e.winner < 0:
        return f"Combat is over: {state}, and both scrapyards hold as much: nobody wins."
    won = crew_does(teams, e.winner, "win", names)
    if e.reason == "disabled":
        return (f"Combat is over: {team_name(teams, 1 - e.winner, names)}'s robot is disabled, so "
                f"{won} the round.")
    return (f"Combat is over: {state}; {won} the round, as the enemy's scrapyard holds "
            "more.")


def opening(view: State) -> list[Event]:
    """What round 1's team-up reported before the first move (the rules keep no event
    of it): its crews and blueprint, and the first planners' draws, from ``view`` (a
    seat's view of the match before any move, so another seat's draw stays hidden)."""
    events: list[Event] = [RoundStarted(view.round, view.team_card, view.blueprint,
                                        tuple(t.seats for t in view.teams), view.starter)]
    if view.stages:
        events += [TilesDrawn(seat, tuple(view.players[seat].drawn))
                   for seat in view.stages[0][1]]
    return events


def colour_of(kind: str) -> Colour:
    return ACCENT if kind in HEADINGS else TEXT_DIM if kind in QUIET else TEXT


class Chronicle:
    """One seat's log: its opening and its history in words, each with its colour.
    Worded once per event: ``entries`` words only what the history gained since."""

    def __init__(self, viewer: int, catalogue: Catalogue, opening_view: State,
                 names: Names = ()) -> None:
        self.viewer = viewer
        self.catalogue = catalogue
        self.names = tuple(names)
        self.teams: Teams = tuple(t.seats for t in opening_view.teams)
        self.told: list[tuple[str, Colour]] = []
        self.read = 0
        """How many events of the history are worded."""
        for event in opening(opening_view):
            self._tell(event, None)

    def entries(self, history: Sequence[Event]) -> list[tuple[str, Colour]]:
        """The log for ``history`` (a history only ever grows)."""
        for index in range(self.read, len(history)):
            event = history[index]
            rival = None
            if event.kind == "revealed":
                near = [history[i] for i in (index - 1, index + 1) if 0 <= i < len(history)]
                rival = next((r for r in near if r.kind == "revealed"), None)
            self._tell(event, rival)
        self.read = len(history)
        return self.told

    def _tell(self, event: Event, rival: Event | None) -> None:
        if event.kind == "round_started":
            self.teams = event.teams
        text = describe(event, self.viewer, self.catalogue, self.teams, rival, self.names)
        if text:
            self.told.append((text, colour_of(event.kind)))
