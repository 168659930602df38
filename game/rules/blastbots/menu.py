"""The Stage 3 menu: every card play a seat may announce now (RULES-DECISIONS.md,
Stage 3 and the card lists).

Whether a play finds something to act on comes down to a few facts about the table,
each a list by seat (``facts``), worked out once per listing and shared by every card
in the hand. Each card's possible plays are made once per table size and seat as rows
``(fact, seat, fact, seat, play)``: a play is on the menu when both facts hold. Cards
playable or not as a whole (a Black Market needs another card, a Quantum Fabricator a
card in some deck, ...) carry a gate instead. This module is the one place these
conditions are written; the Magic Missile Mod's choices (battle.py) read it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.blastbots.actions import NONE, Play
from game.rules.blastbots.board import ATMOSPHERE, LAUNCHPAD, TOTEM_START
from game.rules.blastbots.catalogue import Catalogue
from game.rules.blastbots.state import State

ALWAYS, PAD, ATMO, HAND, JUNK, HOME, BELOW_TEN, OTHER_SPACE = range(8)
"""The facts, each true or false per seat (HOME: the seat's Junkyard holds the
player's colour; OTHER_SPACE: the seat's totem is on another space than the player's)."""
ATTACK_FACT = {LAUNCHPAD: PAD, ATMOSPHERE: ATMO, "steal": HAND, "shred": HAND,
               "junk": JUNK, "homecoming": HOME, "tokens": ALWAYS, "lockout": ALWAYS}
"""What each Battle option needs of its target: a rocket in that section, a card in the
hand, a rocket in the Junkyard (of the attacker's colour for a homecoming); every player
has tokens and can take cuts."""
SACRIFICE_FACT = {LAUNCHPAD: PAD, ATMOSPHERE: ATMO}
OPEN, MARKET, MOD, DECKS, PILES, RETRIEVE = range(6)
"""Gates: a card playable as a whole only when another card is in hand (Black Market),
a Battle card can go with it (Magic Missile Mod), a deck holds a card (Quantum
Fabricator), a discard pile holds a card from before this turn (Zombitron Collider), or
a Grim Retriever has someone to swap with."""

Row = tuple[int, int, int, int, Play]
Facts = tuple[Sequence[Any], ...]


def facts(state: State, seat: int) -> Facts:
    """Every fact, for every seat, as ``seat`` plays: a fact holds at a seat where its
    value is truthy (a count of rockets, a hand, ...), so most are the state's own lists."""
    totem = state.totem
    mine = totem[seat]
    junk = state.junk
    return (ALL[state.n], state.pad, state.atmo, state.hands, list(map(any, junk)),
            [j[seat] for j in junk], [t < TOTEM_START for t in totem],
            [t != mine for t in totem])


ALL = {n: (True,) * n for n in range(1, 5)}


def acts_on(state: State, attacker: int, option: str, target: int) -> object:
    """Whether a Battle option finds something to act on at ``target``: the fact's own
    value (a count, a hand, ...), truthy when it does."""
    return facts(state, attacker)[ATTACK_FACT[option]][target]


def _rows(cat: Catalogue, n: int, seat: int, card: int) -> tuple[int, tuple[Row, ...]]:
    """A card's gate and every play of it a seat might make at a table of ``n``."""
    kind = cat.cards[card]
    cid = kind.id
    others = [t for t in range(n) if t != seat]

    def at(option: str, targets: list[int], fact: int, own: str = "") -> list[Row]:
        return [(fact, t, ALWAYS, 0, Play(seat, card, option, t, own)) for t in targets]

    rows: list[Row] = []
    gate = OPEN
    if kind.deck == 0 and cid == "sacrificial_ram":
        rows = [(ATTACK_FACT[o], t, SACRIFICE_FACT[own], seat, Play(seat, card, o, t, own))
                for o in kind.options for t in others for own in (LAUNCHPAD, ATMOSPHERE)]
    elif kind.deck == 0:
        rows = [row for o in kind.options for row in at(o, others, ATTACK_FACT[o])]
    elif cid == "go_phish_bot":
        rows = at("", others, HAND)
    elif cid == "junk_r_bot":
        rows = at("cut", others, ALWAYS) + at("trash", others, HAND)
    elif cid == "khaos_magnet":
        everyone = list(range(n))
        rows = (at("closer", everyone, ALWAYS) + at("away", everyone, BELOW_TEN)
                + at("pull", others, ATMO))
    elif cid == "ol_switcheroo":
        rows = at("", others, OTHER_SPACE)
    elif cid == "some_assembly_required":
        rows = at("", others, ALWAYS)
    elif cid == "teleporter":
        rows = [(PAD, seat, ALWAYS, 0, Play(seat, card, LAUNCHPAD, NONE, "")),
                (ATMO, seat, ALWAYS, 0, Play(seat, card, ATMOSPHERE, NONE, ""))]
    else:
        gate = {"black_market": MARKET, "magic_missile_mod": MOD, "quantum_fabricator": DECKS,
                "zombitron_collider": PILES, "grim_retriever": RETRIEVE}.get(cid, OPEN)
        rows = [(ALWAYS, 0, ALWAYS, 0, Play(seat, card, "", NONE, ""))]
    return gate, tuple(rows)


Entry = tuple[int, bool, tuple[Play, ...], tuple[Row, ...]]
"""A card's gate, whether a Magic Missile Mod can go with it, and either its plays when
none waits on a fact (on the menu whenever the gate is open) or else all its rows."""


def _entry(cat: Catalogue, n: int, seat: int, card: int) -> Entry:
    gate, rows = _rows(cat, n, seat, card)
    kind = cat.cards[card]
    battle = kind.deck == 0 and kind.id != "sacrificial_ram"
    if all(r[0] == ALWAYS and r[2] == ALWAYS for r in rows):
        return gate, battle, tuple(r[4] for r in rows), ()
    return gate, battle, (), rows


def table(state: State, seat: int) -> list[Entry]:
    """Every card's entry for ``seat`` at this table, made once (kept with the
    catalogue, whose cards they are)."""
    key = ("menu", state.n, seat)
    memo: dict[Any, Any] = state.cat.memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = [_entry(state.cat, state.n, seat, card)
                             for card in range(len(state.cat.cards))]
    return found  # type: ignore[no-any-return]


def passes(state: State, seat: int, gate: int) -> bool:
    """Whether a card's gate (other than ``OPEN``) is open."""
    if gate == MARKET:
        return len(state.hands[seat]) > 1
    if gate == MOD:
        return bool(plays(state, seat, battle_only=True))
    if gate == DECKS:
        return any(state.decks)
    if gate == PILES:
        return any(state.piles)
    return bool(retrieve_targets(state, seat, ()))


def retrieve_targets(state: State, seat: int, named: tuple[int, ...]) -> list[int]:
    """Whom a Grim Retriever may name next: another player not named yet who holds the
    user's colour, while the user's Junkyard still has a rocket to give."""
    if not any(state.junk[seat]):
        return []
    return [t for t in range(state.n) if t != seat and t not in named and state.junk[t][seat]]


def plays(state: State, seat: int, cards: list[int] | None = None,
          battle_only: bool = False) -> list[Play]:
    """The plays on the menu: of ``cards`` (default: every card in the hand, each once,
    in catalogue order); ``battle_only``: the Battle cards a Magic Missile Mod can go
    with (not a Sacrificial Ram)."""
    rows_of = table(state, seat)
    known: Facts | None = None
    out: list[Play] = []
    for card in sorted(set(state.hands[seat])) if cards is None else cards:
        gate, battle, sure, rows = rows_of[card]
        if battle_only and not battle:
            continue
        if gate != OPEN and not passes(state, seat, gate):
            continue
        out += sure
        if rows:
            if known is None:
                known = facts(state, seat)
            out += [play for fact, at, also, where, play in rows
                    if known[fact][at] and known[also][where]]
    return out
