"""Every refusal is one plain sentence saying what is wrong, and changes nothing."""

from __future__ import annotations

import pytest

from game.rules.core.errors import RuleError
from game.rules.two_robots import engine
from game.rules.two_robots.actions import (
    Answer,
    Choose,
    Deploy,
    Destroy,
    Discard,
    Freeze,
    LoseHealth,
    Pass,
    PlayPart,
    UsePower,
)
from game.rules.two_robots.state import COUNTER, HEALTH, HOMING, MELTDOWN, SENTRY
from tests.rules.two_robots.helpers import act, card, cat, part, table
from tests.rules.two_robots.test_state import _same

ROBOT = ["HEAD M", "TORSO M", "ARMS M", "LEGS M"]


def pay(*names):
    return tuple(sorted(part(n) for n in names))


def _play():
    """Scavenger's Play Phase: two Stacks, a Power Surge, a Space Pod, an Ice Blast."""
    return table({"Scavenger": {"factory": [["HEAD E"], ["ARMS C"]],
                                "hand": ["Power Surge", "Space Pod", "Ice Blast", "LEGS C",
                                         "Homing Missiles"]},
                  "Guardian": {"factory": [["TORSO ES"], ["HEAD N"]],
                               "hand": ["Homing Missiles", "Sentry Gunship"]}}, "Scavenger")


def _homing():
    state = _play()
    act(state, Destroy(0, card(state, 0, "Power Surge"), pay("HEAD E", "TORSO ES")))
    assert state.step == HOMING
    return state


def _counter():
    state = _homing()
    act(state, Answer(1, card(state, 1, "Homing Missiles")))
    assert state.step == COUNTER
    return state


def _event(**samurai):
    return table({"Samurai": {"factory": [["HEAD C", "TORSO C"],
                                          {"cards": ["ARMS E"], "frozen": True}], **samurai},
                  "Peacemaker": {"factory": [["HEAD N"], ["ARMS S"], ["LEGS CE", "TORSO CE"]],
                                 "hand": ["Sentry Gunship", "Homing Missiles"]}},
                 "Samurai", event=True)


def _choose():
    state = _event()
    act(state, UsePower(0, 2, pay("HEAD C", "TORSO C")))          # Bushido: whom to hit?
    return state


def _sentry():
    state = _choose()
    act(state, Choose(0, 1))
    assert state.step == SENTRY
    return state


def _health():
    state = _sentry()
    act(state, Pass(1))
    assert state.step == HEALTH
    return state


def _meltdown():
    state = table({"Apocalypse": {"factory": [["HEAD C", "TORSO C"]]},
                   "Guardian": {"hand": ["Homing Missiles"]}}, "Apocalypse", event=True)
    act(state, UsePower(1, 1, pay("HEAD C", "TORSO C")), Pass(0))
    assert state.step == MELTDOWN
    return state


def _cleanup():
    state = table({"Samurai": {"hand": ["HEAD C", "HEAD E", "HEAD M", "HEAD N", "HEAD S",
                                        "TORSO C", "TORSO E", "TORSO M"]},
                   "Guardian": {}}, "Samurai")
    act(state, Pass(0))
    assert engine.to_act(state) == (0,) and len(state.players[0].hand) == 8
    return state


def _over():
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"]]},
                   "Guardian": {"powers": {}, "reserve": 1}}, "Samurai", event=True)
    act(state, UsePower(0, 2, pay("HEAD C", "TORSO C")), Choose(0, 1), Pass(1))
    assert engine.is_over(state)
    return state


def _named(state, seat, name):
    return card(state, seat, name)


REFUSALS = [
    ("a view", lambda: engine.view(_play(), 0), lambda s: Pass(0),
     "a player's view cannot be played on; use the match state"),
    ("after the end", _over, lambda s: Pass(1), "the game is over"),
    ("out of turn", _play, lambda s: Pass(1), "it is not your decision now"),
    ("a choice in the Play Phase", _play, lambda s: Choose(0, 0),
     "a choose move does not fit now (the Play Phase)"),
    ("a choice in the Homing window", _homing, lambda s: Choose(1, 0),
     "a choose move does not fit now (a Homing Missiles window)"),
    ("a choice when countering", _counter, lambda s: Choose(0, 0),
     "a choose move does not fit now (the attacker may counter a Homing Missiles)"),
    ("a Part in the Event Phase", _event, lambda s: PlayPart(0, part("HEAD C"), 0),
     "a part move does not fit now (the Event Phase)"),
    ("a Part in the Sentry window", _sentry, lambda s: PlayPart(1, part("HEAD N"), 0),
     "a part move does not fit now (a Sentry Gunship window)"),
    ("a Part answering Meltdown", _meltdown, lambda s: PlayPart(0, part("HEAD N"), 0),
     "a part move does not fit now (answers to Meltdown)"),
    ("a pass in the Cleanup Phase", _cleanup, lambda s: Pass(0),
     "a pass move does not fit now (the Cleanup Phase)"),
    ("a discard not in hand", _cleanup, lambda s: Discard(0, part("LEGS C")),
     "that card is not in your hand"),
    ("a play not in hand", _play, lambda s: PlayPart(0, part("LEGS E"), 0),
     "that card is not in your hand"),
    ("a sixth play", lambda: _with(_play(), plays=5), lambda s: PlayPart(0, part("LEGS C"), 1),
     "you have used all 5 plays this turn"),
    ("a Space Pod as a destroy card", _play,
     lambda s: Destroy(0, _named(s, 0, "Space Pod"), pay("HEAD E", "TORSO ES")),
     "Space Pod does not wreck Parts"),
    ("a destroy card short of Stacks",
     lambda: table({"Scavenger": {"factory": [["HEAD E"]], "hand": ["Power Surge"]},
                    "Guardian": {"factory": [["TORSO ES"]]}}, "Scavenger"),
     lambda s: Destroy(0, _named(s, 0, "Power Surge"), pay("HEAD E", "TORSO ES")),
     "Power Surge needs 2 Stacks in your Factory"),
    ("a destroy card with nothing to wreck",
     lambda: table({"Scavenger": {"factory": [["HEAD C"], ["ARMS M"]], "hand": ["Power Surge"]},
                    "Guardian": {}}, "Scavenger"),
     lambda s: Destroy(0, _named(s, 0, "Power Surge"), ()),
     "no Part that Power Surge can wreck is in play"),
    ("a destroy card picking one of two", _play,
     lambda s: Destroy(0, _named(s, 0, "Power Surge"), pay("TORSO ES")),
     "Power Surge must pick exactly 2 different Parts it can wreck, listed from the lowest "
     "card number"),
    ("a destroy card picking out of order", _play,
     lambda s: Destroy(0, _named(s, 0, "Power Surge"), pay("HEAD E", "TORSO ES")[::-1]),
     "Power Surge must pick exactly 2 different Parts it can wreck, listed from the lowest "
     "card number"),
    ("a destroy card picking what it cannot wreck", _play,
     lambda s: Destroy(0, _named(s, 0, "Power Surge"), pay("HEAD E", "HEAD N")),
     "Power Surge must pick exactly 2 different Parts it can wreck, listed from the lowest "
     "card number"),
    ("an Ice Blast on one's own Stack", _play,
     lambda s: Freeze(0, _named(s, 0, "Ice Blast"), 0, 0),
     "Ice Blast cannot be played that way now"),
    ("a Part where it clashes", _play, lambda s: PlayPart(0, part("LEGS C"), 0),
     "LEGS C cannot be played that way now"),
    ("a Sentry Gunship against an Attack", _homing,
     lambda s: Answer(1, _named(s, 1, "Sentry Gunship")),
     "only a Homing Missiles you can play answers now"),
    ("a counter with five plays used", lambda: _with(_counter(), plays=5),
     lambda s: Answer(0, _named(s, 0, "Homing Missiles")),
     "only a Homing Missiles you can play answers now"),
    ("a robot card not in the pile", lambda: _with(_event(), forced=(2,)),
     lambda s: UsePower(0, 2, pay("HEAD C", "TORSO C")),
     "the robot cards turned up must come from the Active Robot pile"),
    ("a fourth Power", _event, lambda s: UsePower(0, 3, pay("HEAD C", "TORSO C")),
     "that Power is not one you can still use"),
    ("a flipped Power", lambda: _event(powers={"unflipped": ["Shogun"], "flipped": ["Bushido"]}),
     lambda s: UsePower(0, 2, pay("HEAD C", "TORSO C")), "that Power is not one you can still use"),
    ("a Power paid with one Part", _event, lambda s: UsePower(0, 2, pay("HEAD C")),
     "a Power costs two different Parts from your unfrozen Stacks, listed from the lowest "
     "card number"),
    ("a Power paid with one Part twice", _event,
     lambda s: UsePower(0, 2, (part("HEAD C"), part("HEAD C"))),
     "a Power costs two different Parts from your unfrozen Stacks, listed from the lowest "
     "card number"),
    ("a Power paid out of order", _event, lambda s: UsePower(0, 2, pay("HEAD C", "TORSO C")[::-1]),
     "a Power costs two different Parts from your unfrozen Stacks, listed from the lowest "
     "card number"),
    ("a deploy without a robot", _event, lambda s: Deploy(0, part("HEAD C")),
     "you need a complete robot in an unfrozen Stack to deploy"),
    ("a deploy paid from a frozen Stack",
     lambda: _event(factory=[ROBOT, {"cards": ["ARMS E"], "frozen": True}]),
     lambda s: Deploy(0, part("ARMS E")),
     "a deploy costs one Part from one of your unfrozen Stacks"),
    ("a pass before the Event's choices", _choose, lambda s: Pass(0),
     "choose one of the options for your Event first"),
    ("a choice that is not open", _choose, lambda s: Choose(0, 0),
     "that is not one of the choices open for this Event"),
    ("a Homing Missiles against an Event", _sentry,
     lambda s: Answer(1, _named(s, 1, "Homing Missiles")), "that answer is not open to you now"),
    ("a discard not in hand answering Meltdown", _meltdown, lambda s: Choose(0, part("HEAD N")),
     "discard a card from your hand, or choose to suffer the damage"),
    ("a health card already gone", lambda: _gone(_health()), lambda s: LoseHealth(1, 0),
     "give up one of your health cards: a Power you hold or a Reserve"),
    ("a pass instead of a health card", _health, lambda s: Pass(1),
     "give up one of your health cards: a Power you hold or a Reserve"),
]


def _with(state, **fields):
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def _gone(state):
    state.players[1].powers[0] = 2        # Balance already lost
    return state


@pytest.mark.parametrize("make, move, sentence", [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_a_refusal_says_what_is_wrong_and_changes_nothing(make, move, sentence):
    state = make()
    before = state.clone()
    with pytest.raises(RuleError) as refused:
        engine.apply(state, move(state))
    assert str(refused.value) == sentence
    _same(before, state)


@pytest.mark.parametrize("players, variant, salvagers, sentence", [
    (1, "standard", "fixed", "Two Robots is for 2 to 4 players"),
    (5, "standard", "fixed", "Two Robots is for 2 to 4 players"),   # five Salvagers exist
    (6, "standard", "fixed", "Two Robots is for 2 to 4 players"),
    (2, "party", "fixed", "Two Robots has only the standard game"),
    (2, "standard", "best", "the salvagers option is one of fixed, random"),
])
def test_a_match_that_cannot_be_dealt_is_refused_in_one_sentence(players, variant, salvagers,
                                                                 sentence):
    with pytest.raises(RuleError) as refused:
        engine.new_state(cat(), players, variant, 1, salvagers)
    assert str(refused.value) == sentence

