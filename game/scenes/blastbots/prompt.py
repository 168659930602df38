"""What the screen offers for the decision due now: which things on the board are lit,
what clicking each does, the prompt's buttons and its heading.

Built from the rules' own legal actions for the viewer (computed on the viewer's view),
so nothing here is a copy of a rule: a thing is lit only when some legal action acts on
it. A decision of several clicks (a card, then its option, then its target; two spots
for two tokens; three rockets to give) keeps what was clicked so far in ``Picks``; a
click either gives new ``Picks`` or completes an action to play. Pure: no pygame.

Board things are named by keys, the same keys the drawing records rects for:
``("hand", card)`` a card of the viewer's hand, ``("spot", code)`` a Resource Grid
spot, ``("token", seat, code)`` a seat's token there, ``("section", seat, name)`` a
Launch Grid section, ``("junk", seat, colour)`` rockets of a colour in a Junkyard,
``("hand_of", seat)`` the backs of a hand, ``("player", seat)`` a name plate,
``("totem", seat)`` a meteor on the clock, ``("deck", d)``, ``("pile", d)``,
``("dice",)`` the dice, and in a chooser ``("slot", i)``, ``("kind", card)`` and
``("face", die, face)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.blastbots.actions import (
    NONE,
    Aim,
    Buyback,
    Choose,
    Defend,
    Discard,
    EndTurn,
    Give,
    Home,
    Move,
    Pass,
    Pick,
    Place,
    Play,
    Reallocate,
    Retrieve,
    Roll,
    TableRoll,
    Take,
    Trade,
)
from game.rules.blastbots.board import (
    ATMOSPHERE,
    FACTORY,
    HAND_LIMIT,
    JUNKYARD,
    LAUNCHPAD,
    SPOTS,
    TIER_SPOTS,
    TIER_TOKENS,
    spot_name,
)
from game.rules.blastbots.catalogue import DECKS, Catalogue
from game.rules.blastbots.state import State
from game.rules.core.actions import Action
from game.scenes.blastbots import questions
from game.scenes.blastbots.words import deck_name, option_words, plural, rocket_colour, who
from game.ui.seat_names import Names

Key = tuple[Any, ...]


@dataclass(frozen=True)
class Picks:
    """What the viewer has clicked so far in a decision of several clicks."""

    card: int = -1
    option: str | None = None
    target: int | None = None
    chosen: tuple[Any, ...] = ()
    """Spots for tokens, colours to give, a token to move, the first die's face."""
    buyback: bool = False
    """Choosing whom to buy rockets back from."""


Choice = Action | Picks | tuple[Action, ...]
"""What a click gives: an action to play, the picks so far, or several actions to play
one after the other (cards chosen to discard, then confirmed)."""


@dataclass(frozen=True)
class Overlay:
    """A chooser drawn over the Resource Grid: face-down ``slots`` of a hand, card
    ``kinds`` to name or take, or dice ``faces`` to enter; ``entries`` are (key, what
    to draw, how many / whether picked)."""

    kind: str
    title: str
    entries: tuple[tuple[Key, int, int], ...]


@dataclass
class Prompt:
    heading: str
    lit: dict[Key, Choice] = field(default_factory=dict)
    buttons: list[tuple[str, Choice]] = field(default_factory=list)
    selected: frozenset[Key] = frozenset()
    overlay: Overlay | None = None
    note: str = ""
    """More to read under the buttons: the text of the card being played or answered."""
    ghosts: tuple[int, ...] = ()
    """Spots the viewer has put tokens on so far in a placement (drawn faded)."""
    giving: tuple[int, ...] = ()
    """The colours of the rockets picked so far to give from the viewer's Junkyard."""
    discarding: tuple[int, ...] = ()
    """The hand cards picked so far to discard."""


def target_key(cat: Catalogue, viewer: int, card: int, option: str, target: int) -> Key | None:
    """The board thing a card's option acts on at ``target`` (None: nothing to click,
    the card is played with a button)."""
    cid = cat.cards[card].id
    if option in (LAUNCHPAD, ATMOSPHERE):
        return ("section", viewer if target == NONE else target, option)
    if option == "pull":
        return ("section", target, ATMOSPHERE)
    if option in ("steal", "shred", "trash") or cid == "go_phish_bot":
        return ("hand_of", target)
    if option in ("junk", "homecoming"):
        return ("section", target, JUNKYARD)
    if option in ("closer", "away") or cid == "ol_switcheroo":
        return ("totem", target)
    if target != NONE:
        return ("player", target)
    return None


def build(view: State, seat: int, options: list[Action], picks: Picks,
          names: Names = ()) -> Prompt:
    """The prompt for ``seat``'s decision (``options``: its legal actions now)."""
    if not options:
        return Prompt(questions.waiting(view, names))
    item = view.stack[-1]
    kind = item[0]
    maker = MAKERS.get(kind, _listed)
    prompt = maker(view, seat, item, options, picks, names)
    if not prompt.heading:
        prompt.heading = questions.heading(view, seat, item, picks, names)
    if not prompt.note:
        prompt.note = questions.note(view, item, picks)
    return prompt


def _listed(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
            picks: Picks, names: Names) -> Prompt:
    """A decision whose lit things map one to one onto its actions."""
    lit: dict[Key, Choice] = {}
    buttons: list[tuple[str, Choice]] = []
    for action in options:
        key, label = _plain_key(view, action, names)
        if key is not None:
            lit[key] = action
        if label:
            buttons.append((label, action))
    return Prompt("", lit, buttons)


def _plain_key(view: State, action: Action, names: Names) -> tuple[Key | None, str]:
    """The board thing and button words of an action of a one-click decision."""
    if isinstance(action, Choose):
        d = DECKS.index(action.deck)
        if view.stack[-1][0] == "pile":
            return ("pile", d), f"The {deck_name(d)} discard pile"
        return ("deck", d), f"The {deck_name(d)} deck ({len(view.decks[d])} left)"
    if isinstance(action, Discard):
        return ("hand", action.card), ""
    if isinstance(action, Take):
        victim = view.stack[-1][2]
        return ("junk", victim, action.colour), f"Take {_a(rocket_colour(action.colour))} rocket"
    if isinstance(action, Retrieve):
        return ("section", action.target, JUNKYARD), f"Swap with {who(action.target, names)}"
    if isinstance(action, Pass):
        return None, questions.pass_words(view)
    return None, ""


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _roll(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
          picks: Picks, names: Names) -> Prompt:
    if not isinstance(options[0], TableRoll):
        roll = options[0]
        assert isinstance(roll, Roll)
        return Prompt("", {("dice",): roll}, [("Roll the dice", roll)])
    first = picks.chosen[0] if picks.chosen else None
    rolls = {a.dice: a for a in options if isinstance(a, TableRoll)}
    lit: dict[Key, Choice] = {}
    entries = []
    for die in (0, 1):
        for face in range(1, 7):
            key = ("face", die, face)
            entries.append((key, face, int(die == 0 and face == first)))
            if die == 0:
                lit[key] = Picks(chosen=(face,))
            elif first is not None and (first, face) in rolls:
                lit[key] = rolls[(first, face)]
    overlay = Overlay("faces", "Click the first die's face, then the second's", tuple(entries))
    return Prompt("", lit, [], overlay=overlay)


def _place(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
           picks: Picks, names: Names) -> Prompt:
    tier = item[2]
    need = len(TIER_TOKENS[tier])
    chosen = picks.chosen
    places = {a.spots: a for a in options if isinstance(a, Place)}
    lit: dict[Key, Choice] = {}
    for code in TIER_SPOTS[tier]:
        spots = tuple(sorted((*chosen, spot_name(code))))
        if len(spots) == need:
            if spots in places:
                lit[("spot", code)] = places[spots]
        elif any(set(spots) <= set(p) for p in places):
            lit[("spot", code)] = Picks(chosen=(*chosen, spot_name(code)))
    buttons: list[tuple[str, Choice]] = [("Start this tier again", Picks())] if chosen else []
    selected = frozenset(("spot", SPOTS[s]) for s in chosen)
    return Prompt("", lit, buttons, selected, ghosts=tuple(SPOTS[s] for s in chosen))


def _act(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
         picks: Picks, names: Names) -> Prompt:
    plays = [a for a in options if isinstance(a, Play)]
    if picks.card >= 0:
        return _aiming(view, seat, picks.card, [a for a in plays if a.card == picks.card],
                       picks, names, cancel=True)
    if picks.buyback:
        lit: dict[Key, Choice] = {}
        buttons: list[tuple[str, Choice]] = []
        for action in options:
            if isinstance(action, Buyback):
                lit[("section", action.target, JUNKYARD)] = action
                buttons.append((f"Buy back from {who(action.target, names)}", action))
        buttons.append(("Cancel", Picks()))
        return Prompt("", lit, buttons)
    lit = {("hand", card): Picks(card=card) for card in {a.card for a in plays}}
    buttons = []
    for action in options:
        if isinstance(action, Trade):
            buttons.append(("Trade: discard 3 cards, draw 1", action))
        elif isinstance(action, Reallocate):
            buttons.append(("Reallocate: discard 3, move tokens", action))
    if any(isinstance(a, Buyback) for a in options):
        buttons.append(("Buy back rockets...", Picks(buyback=True)))
    end = next(a for a in options if isinstance(a, EndTurn))
    over = len(view.hands[seat]) - 7
    buttons.append((f"End turn (discard {over} first)" if over > 0 else "End turn", end))
    return Prompt("", lit, buttons)


def _mod(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
         picks: Picks, names: Names) -> Prompt:
    plays = [a for a in options if isinstance(a, Play)]
    if picks.card >= 0:
        return _aiming(view, seat, picks.card, [a for a in plays if a.card == picks.card],
                       picks, names, cancel=True)
    return Prompt("", {("hand", card): Picks(card=card) for card in {a.card for a in plays}})


def _aim(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
         picks: Picks, names: Names) -> Prompt:
    aims = [a for a in options if isinstance(a, Aim)]
    return _aiming(view, seat, item[2], aims, picks, names, cancel=picks != Picks())


def _aiming(view: State, seat: int, card: int, plays: list[Any], picks: Picks,
            names: Names, cancel: bool) -> Prompt:
    """Choosing a card's option and target (and a Sacrificial Ram's own rocket) among
    ``plays`` (Play or Aim actions of one card) by clicking what each acts on."""
    cat = view.cat
    narrowed = [a for a in plays if (picks.option is None or a.option == picks.option)
                and (picks.target is None or a.target == picks.target)]
    lit: dict[Key, Choice] = {}
    buttons: list[tuple[str, Choice]] = []
    if picks.option is not None and picks.target is not None and len(narrowed) > 1:
        for action in narrowed:   # a Sacrificial Ram: which of your rockets goes
            lit[("section", seat, action.sacrifice)] = action
    else:
        groups: dict[Key | None, list[Any]] = {}
        for action in narrowed:
            groups.setdefault(target_key(cat, seat, card, action.option, action.target),
                              []).append(action)
        for key, group in groups.items():
            if key is None:
                buttons += [(f"Play {cat.cards[card].name}", a) for a in group]
                continue
            pairs = {(a.option, a.target) for a in group}
            if len(pairs) == 1:
                option, target = next(iter(pairs))
                lit[key] = group[0] if len(group) == 1 else Picks(card, option, target)
            else:
                lit[key] = Picks(card, picks.option, group[0].target)
        kinds = sorted({a.option for a in narrowed}, key=cat.cards[card].options.index)
        if len(kinds) > 1:
            for option in kinds:
                mine = [a for a in narrowed if a.option == option]
                buttons.append((option_words(cat, card, option),
                                mine[0] if len(mine) == 1 else
                                Picks(card, option, picks.target)))
    selected = {("hand", card)}
    if picks.target is not None and narrowed:
        key = target_key(cat, seat, card, narrowed[0].option, picks.target)
        if key is not None:
            selected.add(key)
    if cancel:
        buttons.append(("Cancel", Picks()))
    if ("hand", card) not in lit and picks.card == card and cancel:
        lit[("hand", card)] = Picks()
    return Prompt("", lit, buttons, frozenset(selected), note=card_note(cat, card))


def card_note(cat: Catalogue, card: int) -> str:
    kind = cat.cards[card]
    return f"{kind.name}: {kind.text}"


def _defend(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
            picks: Picks, names: Names) -> Prompt:
    defences = [a for a in options if isinstance(a, Defend)]
    lit: dict[Key, Choice] = {}
    buttons: list[tuple[str, Choice]] = []
    if picks.card >= 0:
        for action in defences:
            if action.card == picks.card:
                lit[("section", seat, action.sacrifice)] = action
        buttons.append(("Cancel", Picks()))
        return Prompt("", lit, buttons, frozenset({("hand", picks.card)}),
                      note=card_note(view.cat, picks.card))
    for card in sorted({a.card for a in defences}):
        mine = [a for a in defences if a.card == card]
        choice: Choice = mine[0] if len(mine) == 1 else Picks(card=card)
        lit[("hand", card)] = choice
        buttons.append((f"Block with {view.cat.cards[card].name}", choice))
    pass_ = next(a for a in options if isinstance(a, Pass))
    buttons.append(("Let the attack through", pass_))
    return Prompt("", lit, buttons, note=card_note(view.cat, item[3]))


def _home(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
          picks: Picks, names: Names) -> Prompt:
    count = item[2]
    homes = {a.factory: a for a in options if isinstance(a, Home)}
    buttons: list[tuple[str, Choice]] = []
    for n in sorted(homes, reverse=True):
        stay = count - n
        words = (f"All {count} to my Factory" if stay == 0 else
                 f"Keep {'it' if count == 1 else 'all'} in my Junkyard" if n == 0 else
                 f"{n} to my Factory, {stay} stay in my Junkyard")
        buttons.append((words, homes[n]))
    lit: dict[Key, Choice] = {("section", seat, FACTORY): homes[count],
                              ("section", seat, JUNKYARD): homes[0]}
    return Prompt("", lit, buttons)


def _move(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
          picks: Picks, names: Names) -> Prompt:
    victim = item[2]
    moves = [a for a in options if isinstance(a, Move)]
    lit: dict[Key, Choice] = {}
    buttons: list[tuple[str, Choice]] = []
    if picks.chosen:
        source = picks.chosen[0]
        for action in moves:
            if action.source == source:
                lit[("spot", SPOTS[action.to])] = action
        buttons.append(("Cancel", Picks()))
        return Prompt("", lit, buttons, frozenset({("token", victim, SPOTS[source])}))
    for action in moves:
        lit[("token", victim, SPOTS[action.source])] = Picks(chosen=(action.source,))
    for action in options:
        if isinstance(action, Pass):
            buttons.append(("Move no more tokens", action))
    return Prompt("", lit, buttons)


def _pick(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
          picks: Picks, names: Names) -> Prompt:
    victim, picked = item[2], item[5]
    lit: dict[Key, Choice] = {("slot", a.slot): a for a in options if isinstance(a, Pick)}
    entries = tuple((("slot", i), card, int(i in picked))
                    for i, card in enumerate(view.hands[victim]))
    title = f"{who(victim, names)}'s hand, face down: click a card"
    note = (f"{who(victim, names)}'s hand was shuffled before you pick: the backs show only "
            "each card's deck. You see the card once the pick is made.")
    return Prompt("", lit, [], overlay=Overlay("slots", title, entries), note=note)


def _discards(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
              picks: Picks, names: Names) -> Prompt:
    """Cards to discard (a trade, a reallocation, the seven-card limit, a Black Market),
    each one decision of the rules: the viewer clicks them all, then confirms, and they
    are played in the order clicked."""
    hand = view.hands[seat]
    chosen: tuple[int, ...] = picks.chosen
    if item[0] == "limit":
        need, most = len(hand) - HAND_LIMIT, len(hand) - HAND_LIMIT
    elif item[0] == "discard":
        need = most = item[2]
    else:
        need, most = 1, min(item[3] - item[2], len(hand))
    lit: dict[Key, Choice] = {}
    if len(chosen) < most:
        for card in sorted({a.card for a in options if isinstance(a, Discard)}):
            if chosen.count(card) < hand.count(card):
                lit[("hand", card)] = Picks(chosen=(*chosen, card))
    buttons: list[tuple[str, Choice]] = []
    if len(chosen) >= need and chosen:
        batch: tuple[Action, ...] = tuple(Discard(seat, card) for card in chosen)
        if item[0] == "market" and len(chosen) < most:
            batch += (Pass(seat),)
        buttons.append((f"Discard {plural(len(chosen), 'card')}", batch))
    for action in options:
        if isinstance(action, Pass) and not chosen:
            buttons.append((f"Stop and draw {plural(item[2], 'card')}", action))
    if chosen:
        buttons.append(("Choose again", Picks()))
    selected = frozenset(("hand", card) for card in chosen)
    return Prompt("", lit, buttons, selected, discarding=chosen)


def _kinds(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
           picks: Picks, names: Names) -> Prompt:
    """Naming a card (Go-Phish-Bot) or taking one from a deck (Quantum Fabricator)."""
    lit: dict[Key, Choice] = {("kind", a.card): a for a in options}  # type: ignore[attr-defined]
    if item[0] == "take":
        deck = view.decks[item[2]]
        entries = tuple((("kind", c), c, deck.count(c)) for c in sorted(set(deck)))
        title = f"The {deck_name(item[2])} deck, seen only by you: click the card to take"
    else:
        entries = tuple((("kind", c.index), c.index, 0) for c in view.cat.cards)
        title = "Click the card to name"
    return Prompt("", lit, [], overlay=Overlay("kinds", title, entries))


def _give(view: State, seat: int, item: tuple[Any, ...], options: list[Action],
          picks: Picks, names: Names) -> Prompt:
    count = item[3]
    chosen = picks.chosen
    gives = {a.colours: a for a in options if isinstance(a, Give)}
    lit: dict[Key, Choice] = {}
    for colour in range(view.n):
        colours = tuple(sorted((*chosen, colour)))
        if len(colours) == count:
            if colours in gives:
                lit[("junk", seat, colour)] = gives[colours]
        elif any(_within(colours, g) for g in gives):
            lit[("junk", seat, colour)] = Picks(chosen=colours)
    buttons: list[tuple[str, Choice]] = [("Choose again", Picks())] if chosen else []
    return Prompt("", lit, buttons, giving=chosen)


def _within(part: tuple[int, ...], whole: tuple[int, ...]) -> bool:
    rest = list(whole)
    for colour in part:
        if colour not in rest:
            return False
        rest.remove(colour)
    return True


MAKERS = {"first": _roll, "roll": _roll, "place": _place, "act": _act, "mod": _mod,
          "aim": _aim, "defend": _defend, "home": _home, "move": _move, "pick": _pick,
          "market": _discards, "discard": _discards, "limit": _discards, "name": _kinds,
          "take": _kinds, "give": _give}
"""The prompt makers of decisions of their own shape; every other kind is ``_listed``."""
