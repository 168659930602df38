"""The Blastbots game log reads as sentences: every event a seat may know gets a line
(a surge's meteor steps are said once, by the roll), another player's draws never name
their cards, and the main moves are worded as a newcomer would want them."""

from __future__ import annotations

import random
import re

import pytest

from game.rules.blastbots.actions import Pass, Play
from game.rules.blastbots.board import LAUNCHPAD
from game.rules.blastbots.events import Drew, Rockets, Rolled, TotemMoved
from game.rules.core.match import new_match
from game.scenes.blastbots.narrate import describe, describe_all
from game.scenes.blastbots.words import who
from tests.rules.blastbots.helpers import BLUE, ORANGE, card, do, table

SILENT = {"picked"}
"""Events told by the line after them (the picked cards are stolen or thrown away)."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_a_seat_knows_reads_as_a_sentence(players):
    match = new_match("blastbots", players, "standard", players * 7)
    rules = match.spec.rules
    rng = random.Random(players)
    history: list = []
    while not rules.is_over(match.state):
        seat = rules.to_act(match.state)[0]
        options = rules.legal_actions(match.state, seat)
        history += [rules.redact(e, 1) for e in match.play(options[rng.randrange(len(options))])]
    view = rules.view(match.state, 1)
    for event in history:
        line = describe(event, view)
        quiet = event.kind in SILENT or (isinstance(event, TotemMoved)
                                         and event.why == "surge" and event.totem > 0)
        assert (line is None) == quiet, f"{event} -> {line!r}"
        if line is not None:
            assert line[0].isupper() or line[0].isdigit() or line.startswith("---"), line
            assert line.endswith((".", "!", "---")), line
        if isinstance(event, Drew) and event.seat != 1 and line is not None:
            assert re.fullmatch(r".* draws \d+ \w+ cards?\.", line), line
    assert len(describe_all(history, view)) < len(history), "runs of draws are folded"


def test_an_attack_and_its_wreck_are_told_plainly():
    state = table(("blue", "orange"), blue={"hand": ["Kaboomer"]},
                  orange={"launchpad": 3, "hand": ["Agent"]})
    events = do(state, Play(BLUE, card("Kaboomer"), LAUNCHPAD, ORANGE, ""), Pass(ORANGE))
    lines = describe_all(events, state)
    blue, orange = who(BLUE), who(ORANGE)
    assert lines == [f"{blue} sends a Kaboomer at {orange}'s Launchpad.",
                     f"{orange} lets the Kaboomer through.",
                     f"2 rockets from {orange}'s Launchpad land wrecked in {blue}'s Junkyard."]


def test_a_surge_is_said_once_and_impact_is_shouted():
    state = table(("blue", "orange"))
    lines = describe_all([Rolled(BLUE, (1, 1), 2), TotemMoved(BLUE, 3, "surge"),
                          TotemMoved(ORANGE, 0, "surge"),
                          Rockets(BLUE, BLUE, "launchpad", BLUE, "atmosphere", 2)], state)
    assert lines == [f"{who(BLUE)} rolls 1 + 1 = 2: a surge! Every meteor steps one closer "
                     "to Impact.", f"{who(ORANGE)}'s meteor hits: IMPACT!",
                     f"{who(BLUE)}'s Launchpad lifts off: 2 rockets into the Atmosphere."]
