"""Two Robots rule scenarios (../shared/two-robots/SCENARIOS.md): a position, one rules
question, the expected answer.

The file is read in full first: a fault of the format (unknown key, Salvager, card or
Power, a Part used twice, an illegal Factory, ...) is a DataError with file, line and
key path. Then the engine answers by its own code: the position becomes a State
(``position.build``) and the question is played as real actions through
``engine.apply``, walking each window as the rules order it. A move the engine refuses
makes ``legal`` false; only the keys written under ``expect`` are compared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.core.actions import Action
from game.rules.core.data import Checker, Doc, PathKey, read_yaml_file, show
from game.rules.core.errors import RuleError
from game.rules.two_robots import engine, factory
from game.rules.two_robots.actions import (
    NEW,
    STOP,
    Answer,
    Choose,
    Deploy,
    Destroy,
    Freeze,
    Pass,
    PlayPart,
    Steal,
    UsePower,
)
from game.rules.two_robots.catalogue import Catalogue
from game.rules.two_robots.position import build, power_slot, salvager_rank
from game.rules.two_robots.state import (
    CHOOSE,
    COUNTER,
    EVENT,
    FLIPPED,
    HEALTH,
    HOMING,
    MELTDOWN,
    OVER,
    SENTRY,
    State,
)

TOP = ("game", "name", "players", "active", "plays_used", "deck", "discard", "check",
       "expect")
PLAYER_KEYS = ("factory", "hand", "powers", "reserve", "out")
CHECK_KEYS = {
    "place": ("place", "onto"),
    "playable": ("playable",),
    "attack": ("attack", "targets", "onto", "homing"),
    "event": ("event", "sacrifice", "reveal", "resolve", "targets", "sentry", "answers"),
    "draw": ("draw",),
}
EXPECT_KEYS = {
    "place": ("legal", "energies", "robots", "winner"),
    "playable": ("playable",),
    "attack": ("legal", "cancelled", "lost", "gained", "frozen", "plays_used", "hand",
               "winner"),
    "event": ("legal", "cancelled", "health", "out", "flipped", "parts", "robots", "winner"),
    "draw": ("hand", "deck", "discard", "reshuffled"),
}
STEPS = 200
"""Decisions a window walk may take before the runner calls it stuck."""


@dataclass(frozen=True)
class Outcome:
    name: str
    differences: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.differences

    def line(self) -> str:
        if self.passed:
            return f"PASS {self.name}"
        return f"FAIL {self.name}: " + "; ".join(self.differences)


class Reader:
    """The format checks, each fault located in the file."""

    def __init__(self, doc: Doc, cat: Catalogue) -> None:
        self.check = Checker(doc)
        self.cat = cat
        self.seated: list[str] = []

    def fail(self, path: PathKey, reason: str) -> Exception:
        return self.check.fail(path, reason)

    def card(self, raw: Any, path: PathKey, part: bool = False) -> int:
        name = self.check.text(raw, path)
        card = self.cat.card_named(name)
        if card is None:
            raise self.fail(path, f"there is no card called {show(name)}")
        if part and card.kind != "part":
            raise self.fail(path, f"{name} is not a Part")
        return card.index

    def salvager(self, raw: Any, path: PathKey) -> str:
        """A Salvager seated in this position, by its spelling in ``players``."""
        name = self.check.text(raw, path)
        for seated in self.seated:
            if seated.lower() == name.lower():
                return seated
        try:
            salvager_rank(self.cat, name)
        except ValueError as exc:
            raise self.fail(path, str(exc)) from None
        raise self.fail(path, f"{name} is not at the table")

    def cards(self, raw: Any, path: PathKey, part: bool = False) -> list[int]:
        return [self.card(c, (*path, i), part) for i, c in enumerate(self.check.seq(raw, path))]


def run_file(path: str | Path, catalogue: Catalogue | None = None) -> Outcome:
    """Run one scenario file against ``catalogue`` (the bundled one when None), so the
    module fits the registry's ScenarioRunner; DataError if it cannot be read or breaks
    the format."""
    from game.rules.core.registry import bundled_catalogue

    data, doc = read_yaml_file(path)
    return run(data, doc, catalogue or bundled_catalogue("two_robots"))


def run(data: Any, doc: Doc, cat: Catalogue) -> Outcome:
    read = Reader(doc, cat)
    check = read.check
    data = check.mapping(data, (), allowed=TOP, required=("name", "players", "active"))
    if "game" in data:
        check.choice(data["game"], ("game",), ("two_robots",))
    name = check.text(data["name"], ("name",))
    state = _position(read, data)
    spec = check.mapping(data.get("check"), ("check",))
    kinds = [k for k in CHECK_KEYS if k in spec]
    if len(kinds) != 1:
        raise check.fail(("check",), "name exactly one check: " + ", ".join(CHECK_KEYS))
    kind = kinds[0]
    check.mapping(spec, ("check",), allowed=CHECK_KEYS[kind])
    expect = check.mapping(data.get("expect", {}), ("expect",), allowed=EXPECT_KEYS[kind])
    got = RUNNERS[kind](read, spec, state)
    return Outcome(name, tuple(_compare(read, expect, got)))


def _position(read: Reader, data: dict[str, Any]) -> State:
    check = read.check
    players_raw = check.mapping(data["players"], ("players",))
    players: dict[str, dict[str, Any]] = {}
    for raw_name, raw in players_raw.items():
        path: PathKey = ("players", str(raw_name))
        try:
            salvager_rank(read.cat, str(raw_name))
        except ValueError as exc:
            raise check.fail(path, str(exc)) from None
        raw = check.mapping(raw if raw is not None else {}, path, allowed=PLAYER_KEYS)
        if "out" in raw and (not check.boolean(raw["out"], (*path, "out")) or len(raw) > 1):
            raise check.fail((*path, "out"), "an out player is written {out: true} alone")
        spec: dict[str, Any] = dict(raw)
        if "factory" in raw:
            for i, stack in enumerate(check.seq(raw["factory"], (*path, "factory"))):
                where = (*path, "factory", i)
                if isinstance(stack, dict):
                    stack = check.mapping(stack, where, allowed=("frozen",), required=("cards",))
                    check.boolean(stack.get("frozen", False), (*where, "frozen"))
                    read.cards(stack["cards"], (*where, "cards"), part=True)
                else:
                    read.cards(stack, where, part=True)
        if "hand" in raw:
            read.cards(raw["hand"], (*path, "hand"))
        if "reserve" in raw:
            check.integer(raw["reserve"], (*path, "reserve"), 0, 2)
        if "powers" in raw:
            powers = check.mapping(raw["powers"], (*path, "powers"),
                                   allowed=("unflipped", "flipped"))
            for key, names in powers.items():
                for i, power in enumerate(check.seq(names, (*path, "powers", key))):
                    try:
                        power_slot(read.cat, salvager_rank(read.cat, str(raw_name)),
                                   check.text(power, (*path, "powers", key, i)))
                    except ValueError as exc:
                        raise check.fail((*path, "powers", key, i), str(exc)) from None
        players[str(raw_name)] = spec
    read.seated = list(players)
    active = read.salvager(data["active"], ("active",))
    plays = check.integer(data.get("plays_used", 0), ("plays_used",), 0, 5)
    deck = check.integer(data.get("deck", 40), ("deck",), 0, 100)
    discard = data.get("discard", 0)
    if isinstance(discard, list):
        read.cards(discard, ("discard",))
    else:
        check.integer(discard, ("discard",), 0, 100)
    try:
        return build(read.cat, players, active, plays, deck, discard)
    except ValueError as exc:
        raise check.fail(("players",), str(exc)) from None


def _seat(state: State, name: str) -> int:
    rank = salvager_rank(state.catalogue, name)
    return next(p.seat for p in state.players if p.salvager == rank)


def _name(state: State, seat: int) -> str:
    return state.catalogue.salvagers[state.players[seat].salvager].name


def _try(state: State, action: Action) -> bool:
    try:
        engine.apply(state, action)
    except RuleError:
        return False
    return True


def _winner(state: State) -> str:
    if state.step != OVER:
        return "none"
    return _name(state, state.winners[0]) if state.winners else "draw"


def _in_hand(read: Reader, state: State, seat: int, card: int, path: PathKey) -> int:
    """The copy of ``card`` (any copy of its name) in ``seat``'s hand."""
    wanted = read.cat.cards[card].id
    for c in state.players[seat].hand:
        if read.cat.cards[c].id == wanted:
            return c
    raise read.fail(path, f"{read.cat.cards[card].name} is not in the active player's hand")


def _place(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    seat = state.active
    card = _in_hand(read, state, seat, read.card(spec["place"], ("check", "place"), True),
                    ("check", "place"))
    stack = _onto(read, spec)
    legal = _try(state, PlayPart(seat, card, stack))
    me = state.players[seat]
    return {"legal": legal, "energies": factory.shown(read.cat, me.stacks),
            "robots": factory.robots(read.cat, me), "winner": _winner(state)}


def _onto(read: Reader, spec: dict[str, Any]) -> int:
    onto = spec.get("onto", "new")
    if onto == "new":
        return NEW
    return read.check.integer(onto, ("check", "onto"), 1, 99) - 1


def _playable(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    if read.salvager(spec["playable"], ("check", "playable")) != _name_of(read, state):
        raise read.fail(("check", "playable"), "playable asks about the active player")
    names = {read.cat.cards[a.card].id for a in engine.legal_actions(state, state.active)
             if hasattr(a, "card")}
    return {"playable": sorted(names)}


def _name_of(read: Reader, state: State) -> str:
    """The active Salvager as spelled in the file's ``players``."""
    rank = state.players[state.active].salvager
    return next(n for n in read.seated if salvager_rank(read.cat, n) == rank)


def _factories(state: State) -> dict[int, Counter[int]]:
    return {p.seat: Counter(p.parts()) for p in state.players}


def _attack(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    seat = state.active
    card = _in_hand(read, state, seat, read.card(spec["attack"], ("check", "attack")),
                    ("check", "attack"))
    effect = read.cat.cards[card].effect
    targets = read.check.seq(spec.get("targets", []), ("check", "targets"))
    if effect == "destroy":
        parts = read.cards(targets, ("check", "targets"), part=True)
        action: Action = Destroy(seat, card, tuple(sorted(parts)))
    elif effect == "steal":
        if len(targets) != 1:
            raise read.fail(("check", "targets"), "Space Pod takes one Part")
        action = Steal(seat, card, read.card(targets[0], ("check", "targets", 0), True),
                       _onto(read, spec))
    elif effect == "freeze":
        if len(targets) != 2:
            raise read.fail(("check", "targets"), "Ice Blast names [Salvager, Stack number]")
        owner = _seat(state, read.salvager(targets[0], ("check", "targets", 0)))
        stack = read.check.integer(targets[1], ("check", "targets", 1), 1, 99) - 1
        action = Freeze(seat, card, owner, stack)
    else:
        raise read.fail(("check", "attack"), f"{read.cat.cards[card].name} is not an Attack")
    homing = [_seat(state, read.salvager(s, ("check", "homing", i)))
              for i, s in enumerate(read.check.seq(spec.get("homing", []), ("check", "homing")))]
    if "onto" in spec and effect != "steal":
        raise read.fail(("check", "onto"), "onto goes with Space Pod only")
    before, start = _factories(state), state.clone()
    legal, cancelled = _try(state, action), False
    steps = 0
    while legal and state.step in (HOMING, COUNTER) and steps < STEPS:
        steps += 1
        asked = engine.to_act(state)[0]
        if homing and homing[0] == asked:
            homing.pop(0)
            answer = next((a for a in engine.legal_actions(state, asked)
                           if isinstance(a, Answer)), None)
            legal = answer is not None and _try(state, answer)
        else:
            cancelled = state.step == COUNTER
            engine.apply(state, Pass(asked))
    if homing:
        legal = False
    if not legal:
        state = start
    after = _factories(state)
    lost = {_name(state, s): sorted(before[s] - after[s]) for s in before if before[s] - after[s]}
    gained = {_name(state, s): sorted(after[s] - before[s])
              for s in before if after[s] - before[s]}
    return {"legal": legal, "cancelled": cancelled, "lost": lost, "gained": gained,
            "frozen": {_name(state, p.seat): sum(1 for i in p.ice if i >= 0)
                       for p in state.players if any(i >= 0 for i in p.ice)},
            "plays_used": state.plays,
            "hand": {_name(state, p.seat): len(p.hand) for p in state.players},
            "winner": _winner(state)}


def _event(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    seat = state.active
    check = read.check
    me = state.players[seat]
    sacrifice = read.cards(spec.get("sacrifice", []), ("check", "sacrifice"), part=True)
    what = check.text(spec["event"], ("check", "event"))
    if what.lower() == "deploy":
        if len(sacrifice) != 1:
            raise read.fail(("check", "sacrifice"), "a deploy costs one Part")
        action: Action = Deploy(seat, sacrifice[0])
    else:
        try:
            slot = power_slot(read.cat, me.salvager, what)
        except ValueError as exc:
            raise read.fail(("check", "event"), str(exc)) from None
        action = UsePower(seat, slot, tuple(sorted(sacrifice)))
    reveal = []
    for i, raw in enumerate(check.seq(spec.get("reveal", []), ("check", "reveal"))):
        text = check.text(raw, ("check", "reveal", i))
        found = [k for k, rc in enumerate(read.cat.robot_cards)
                 if text.lower() in (rc.id, rc.name.lower())]
        if not found:
            raise read.fail(("check", "reveal", i), f"there is no robot card called {show(text)}")
        reveal.append(found[0])
    if any(Counter(reveal)[k] > Counter(state.pile)[k] for k in reveal):
        raise read.fail(("check", "reveal"), "more of a robot card than this table's pile has")
    targets = check.seq(spec.get("targets", []), ("check", "targets"))
    sentry = spec.get("sentry", "none")
    sentry_seat = -1 if sentry == "none" else _seat(state, read.salvager(sentry,
                                                                         ("check", "sentry")))
    answers = check.mapping(spec.get("answers", {}), ("check", "answers"))
    melt = {_seat(state, read.salvager(k, ("check", "answers", k))):
            check.choice(v, ("check", "answers", k), ("discard", "damage"))
            for k, v in answers.items()}
    resolve = spec.get("resolve")
    state.forced = tuple(reveal)
    state.step = EVENT
    legal = _try(state, action)
    cancelled = False
    pending = list(targets)
    steps = 0
    while legal and state.step not in (OVER,) and steps < STEPS:
        steps += 1
        asked = engine.to_act(state)[0]
        step = state.step
        if step == CHOOSE:
            value = _choice(read, state, resolve, pending)
            if value is None:
                legal = False
                break
            legal = _try(state, Choose(asked, value))
        elif step == SENTRY:
            if asked == sentry_seat:
                answer = next((a for a in engine.legal_actions(state, asked)
                               if isinstance(a, Answer)), None)
                legal = answer is not None and _try(state, answer)
                cancelled, sentry_seat = True, -1
            else:
                engine.apply(state, Pass(asked))
        elif step == MELTDOWN:
            if asked not in melt:
                raise read.fail(("check", "answers"), f"{_name(state, asked)} must answer "
                                                      "Meltdown: discard or damage")
            choice = STOP if melt[asked] == "damage" else state.players[asked].hand[0]
            engine.apply(state, Choose(asked, choice))
        elif step == HEALTH:
            engine.apply(state, engine.legal_actions(state, asked)[0])
        else:
            break
    if legal and (pending or sentry_seat >= 0):
        legal = False
    me = state.players[seat]
    return {"legal": legal, "cancelled": cancelled,
            "health": {_name(state, p.seat): p.health for p in state.players},
            "out": sorted(_name(state, p.seat) for p in state.players if p.out),
            "flipped": sorted(read.cat.salvagers[me.salvager].powers[k].name
                              for k, p in enumerate(me.powers) if p == FLIPPED),
            "parts": {_name(state, p.seat): len(p.parts()) for p in state.players},
            "robots": factory.robots(read.cat, me), "winner": _winner(state)}


def _choice(read: Reader, state: State, resolve: Any, pending: list[Any]) -> int | None:
    """The next Choose value: Katana's or Shogun's pick, then targets in order, STOP when they run
    out, and Rebuild's place (the first legal one; the format does not name it)."""
    flight = state.flight
    assert flight is not None
    options = engine.legal_actions(state, state.active)
    values = [a.value for a in options if isinstance(a, Choose)]
    if flight.power in ("deploy", "shogun") and len(flight.revealed) == 2 and not flight.choices:
        if resolve is None:
            raise read.fail(("check",), f"{flight.power.capitalize()} turns up two cards: "
                            "say which to resolve")
        text = read.check.text(resolve, ("check", "resolve"))
        for k, rc in enumerate(flight.revealed):
            card = read.cat.robot_cards[rc]
            if text.lower() in (card.id, card.name.lower()):
                return k if k in values else None
        return None
    if flight.power == "rebuild" and len(flight.choices) % 2 == 1:
        return values[0] if values else None
    if not pending:
        return STOP if STOP in values else None
    raw = pending.pop(0)
    text = read.check.text(raw, ("check", "targets"))
    card = read.cat.card_named(text)
    if card is not None:
        copies = [c.index for c in read.cat.cards if c.id == card.id]
        return next((v for v in values if v in copies), None)
    seat = _seat(state, read.salvager(text, ("check", "targets")))
    return seat if seat in values else None


def _draw(read: Reader, spec: dict[str, Any], state: State) -> dict[str, Any]:
    if read.salvager(spec["draw"], ("check", "draw")) != _name_of(read, state):
        raise read.fail(("check", "draw"), "draw asks about the active player")
    engine.start_turn(state, state.active)
    return {"hand": len(state.players[state.active].hand), "deck": len(state.deck),
            "discard": len(state.discard), "reshuffled": state.reshuffles > 0}


RUNNERS: dict[str, Callable[[Reader, dict[str, Any], State], dict[str, Any]]] = {
    "place": _place, "playable": _playable, "attack": _attack, "event": _event,
    "draw": _draw,
}
MULTISETS = ("playable", "out", "flipped")
FULL = ("lost", "gained", "frozen")
"""Mappings whose unlisted players mean none (or 0)."""


def _compare(read: Reader, expect: dict[str, Any], got: dict[str, Any]) -> list[str]:
    out = []
    for key, want in expect.items():
        have = got[key]
        if key == "playable":
            want = sorted(read.cat.cards[read.card(c, ("expect", key, i))].id
                          for i, c in enumerate(read.check.seq(want, ("expect", key))))
        elif key in MULTISETS:
            want = sorted(str(w).lower() for w in read.check.seq(want, ("expect", key)))
            have = sorted(str(h).lower() for h in have)
        elif key in ("lost", "gained"):
            want = {read.salvager(k, ("expect", key, k)).lower():
                    sorted(read.cards(v, ("expect", key, k), part=True))
                    for k, v in read.check.mapping(want, ("expect", key)).items() if v}
            have = {k.lower(): v for k, v in have.items()}
        elif isinstance(want, dict):
            want = {read.salvager(k, ("expect", key, k)).lower(): v for k, v in want.items()}
            have = {k.lower(): v for k, v in have.items()}
            if key == "frozen":
                want = {k: v for k, v in want.items() if v}
            else:
                have = {k: have.get(k) for k in want}
        elif key == "winner":
            want, have = str(want).lower(), str(have).lower()
        if want != have:
            out.append(f"{key}: expected {_shown(read, key, want)}, got {_shown(read, key, have)}")
    return out


def _shown(read: Reader, key: str, value: Any) -> str:
    if key in ("lost", "gained"):
        value = {k: [read.cat.cards[c].name for c in v] for k, v in value.items()}
    return show(value, 120)
