"""The Calamitron log and panel words: single steps of one bot told as one move, pushes,
falls and trophies named, a Retro that has gone still called by its type, program edits
left out, and the end box giving the result and each seat's trophies."""

from __future__ import annotations

import copy

import pytest

from game.rules.calamitron import events as ev
from game.rules.calamitron.engine import new_state
from game.rules.core.registry import bundled_catalogue
from game.scenes.calamitron.narrate import describe_all, result_words
from game.scenes.calamitron.panels import in_force, rail_length, top_help


@pytest.fixture(scope="module")
def view():
    return new_state(bundled_catalogue("calamitron"), 2, "standard", 3)


def test_steps_of_one_bot_are_one_move_and_edits_are_left_out(view):
    events = [ev.Edited(0, ("M2",)), ev.Moved("rambot1", "6,7", "E", "step"),
              ev.Moved("rambot1", "6,8", "E", "step"), ev.Moved("crate1", "4,5", "", "pushed"),
              ev.Moved("rambot1", "6,9", "E", "step")]
    lines = [text for text, _ in describe_all(events, view)]
    assert lines == ["Rambot 1 moves 2 squares, to row 6, column 8.",
                     "Crate 1 is pushed to row 4, column 5.",
                     "Rambot 1 moves a square, to row 6, column 9."]


def test_a_lost_retro_is_still_named_by_its_type(view):
    events = [ev.Picked(1, "nanobot", "seat2", "0,3"), ev.Moved("seat2", "1,3", "S", "step"),
              ev.Removed("seat2", "pit"), ev.Trophy(0, "servobot2"), ev.Drew("catastrophe")]
    lines = [text for text, _ in describe_all(events, view, ("Ann", "Bo"))]
    assert lines[0] == "Bo runs a Nanobot, waiting by the door."
    assert lines[1] == "Bo's Nanobot moves a square, to row 1, column 3."
    assert lines[2] == "Bo's Nanobot falls into a pit."
    assert lines[3] == "Ann keeps Servobot 2 as a trophy."
    assert lines[4].startswith("Calamity: Catastrophe.")


def test_the_end_box_gives_the_result_and_every_seats_trophies(view):
    view = copy.deepcopy(view)
    view.result = "won"
    view.trophies = [["rambot1", "rambot2"], []]
    lines = result_words(view, ("Ann",))
    assert lines[0].startswith("The team has won")
    assert lines[1] == "Ann: 2 (Rambot 1, Rambot 2)"
    assert lines[2] == "Blue: 0 (no trophies)"


def test_a_short_memory_round_shows_fewer_slots_and_says_why(view):
    view = copy.deepcopy(view)
    assert rail_length(view, 0) == 6
    view.effects = {"program-down": view.round}
    assert rail_length(view, 0) == 4, "the rules' own length limit, two fewer"
    assert in_force(view) == ["Short Memory"]
    assert "In force this round, Short Memory" in top_help(view, "short-memory")
