"""Events in plain words for the game log of one seat. The events come from that
seat's history, already redacted by the rules (``Rules.redact``), so this module only
words them: what is hidden there (tiles drawn by others) is simply not named."""

from __future__ import annotations

from game.rules.core.actions import Event
from game.rules.goblins.catalogue import Catalogue
from game.rules.goblins.geometry import SIDES, square_name
from game.rules.goblins.state import HIDDEN
from game.ui.palette import SEAT_NAMES

EDGE_WORDS = ("north", "east", "south", "west")


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else "nobody"


def count(n: int, noun: str) -> str:
    """``n`` things in plain words: "1 tile", "3 tiles", "no tiles"."""
    return f"no {noun}s" if n == 0 else f"{n} {noun}" + ("" if n == 1 else "s")


def team_name(teams: tuple[tuple[int, ...], ...] | list, index: int) -> str:
    return " & ".join(seat_name(s) for s in teams[index])


def describe(event: Event, viewer: int, catalogue: Catalogue,
             teams: tuple[tuple[int, ...], ...]) -> str | None:
    """One log line, or None for events not worth a line."""
    kind = event.kind
    e = event
    if kind == "round_started":
        return f"Round {e.round}: {team_name(e.teams, 0)} against {team_name(e.teams, 1)}, " \
               f"blueprint {catalogue.blueprints[e.blueprint].name}."
    if kind == "tiles_drawn":
        who = "You" if e.seat == viewer else seat_name(e.seat)
        if HIDDEN in e.tiles:
            return f"{who} drew {count(len(e.tiles), 'tile')}."
        return f"{who} drew {', '.join(catalogue.tiles[t].id for t in e.tiles)}."
    if kind == "tiles_passed":
        return f"{seat_name(e.seat)} passed two tiles to {seat_name(e.to)}."
    if kind == "tile_placed":
        tile = catalogue.tiles[e.tile]
        return f"{seat_name(e.seat)} placed {tile.id} ({tile.kind}) on {square_name(e.square)}."
    if kind == "tiles_fell":
        return f"{count(len(e.squares), 'loose tile')} fell off {team_name(teams, e.team)}'s robot."
    if kind == "agendas_chosen":
        return f"{seat_name(e.seat)} chose four agendas."
    if kind == "combat_round":
        return f"Combat round {e.number}."
    if kind == "revealed":
        turn = ("did not turn" if e.steer == 0 or e.goof
                else f"turned their {SIDES[e.steer]} side to the front")
        goof = " and goofed" if e.goof else ""
        card = ("no card" if e.card < 0 else catalogue.tactics[e.card].name)
        return (f"{team_name(teams, e.team)} {turn}{goof}, aiming at the enemy's "
                f"{SIDES[0 if e.goof else e.target]}; {count(e.unused, 'engine')} unused; {card}.")
    if kind == "tactic_used":
        return f"{team_name(teams, e.team)} used {e.ability.replace('_', ' ')}."
    if kind == "dice_rolled":
        faces = " ".join(str(f) if f else "-" for f in e.dice) or "no dice"
        return f"{team_name(teams, e.team)} rolled {faces}."
    if kind == "hit":
        where = f"{EDGE_WORDS[e.edge]} side, line {e.face}"
        if e.outcome == "miss":
            return f"A hit on {team_name(teams, e.team)} ({where}) found nothing."
        if e.outcome == "token":
            return f"A defense token on {square_name(e.square)} absorbed a hit."
        if e.outcome == "goblin":
            return f"The cockpit was hit: {seat_name(e.seat)}'s goblin is knocked out."
        if e.outcome == "empty_cockpit":
            return "A hit rattled an empty cockpit."
        return f"{count(len(e.destroyed), 'tile')} of {team_name(teams, e.team)} destroyed."
    if kind == "combat_ended":
        if e.winner < 0:
            return "Combat is over: nobody wins the round."
        return f"Combat is over: {team_name(teams, e.winner)} win ({e.reason})."
    if kind == "scored":
        return f"{seat_name(e.seat)} scored {e.total}."
    if kind == "promoted":
        return f"{seat_name(e.seat)} reached 50 points and is promoted!"
    if kind == "game_over":
        names = ", ".join(seat_name(s) for s in e.winners)
        return f"The game is over. New Boss: {names}."
    return None
