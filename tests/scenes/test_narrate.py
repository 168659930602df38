"""The log speaks plain English with the robot's own side words: counts agree with
their nouns and verbs with their crews, hits name the side, the line and the tiles
lost, dice tactics say what they changed, and a card that went unused says why."""

from __future__ import annotations

import random
import re

import pytest

from game.rules.goblins import engine
from game.rules.goblins.events import (
    CardUnused,
    CombatEnded,
    GameOver,
    Hit,
    Revealed,
    TacticUsed,
    TilesFell,
)
from game.rules.goblins.geometry import SIDES, W, square
from game.rules.goblins.view import redact, view
from game.scenes.goblins.narrate import Chronicle, count, crew_does, describe

DUO, SOLO = ((1, 3), (0, 2)), ((1,), (0,))
W01, E02, A01 = 0, 43, 33


def _say(catalogue, event, teams=DUO, rival=None):
    return describe(event, 0, catalogue, teams, rival)


def test_counts_agree_with_their_noun():
    assert count(0, "engine") == "no engines"
    assert count(1, "engine") == "1 engine"
    assert count(3, "loose tile") == "3 loose tiles"


def test_verbs_agree_with_the_crew():
    assert crew_does(SOLO, 0, "win") == "Blue wins"
    assert crew_does(DUO, 0, "win") == "Blue & Purple win"
    assert crew_does(SOLO, 1, "have") == "Orange has"
    assert crew_does(DUO, 1, "have") == "Orange & Green have"


def test_the_round_is_won_in_good_grammar(catalogue):
    ended = CombatEnded((False, True), 0, "disabled")
    assert _say(catalogue, ended, SOLO) == (
        "Combat is over: Orange's robot is disabled, so Blue wins the round.")
    assert "Blue & Purple win the round" in _say(catalogue, ended, DUO)
    tiebreak = _say(catalogue, CombatEnded((False, False), 1, "tiebreak"), SOLO)
    assert "both robots still stand; Orange wins the round" in tiebreak
    assert "nobody wins" in _say(catalogue, CombatEnded((True, True), -1, "tie"))
    assert _say(catalogue, GameOver((50, 10), (0,))) == "The game is over: Orange is the new Boss."
    assert _say(catalogue, GameOver((50, 50), (0, 1))) == (
        "The game is over: Orange and Blue are the new Bosses.")


def test_a_hit_names_the_side_the_line_and_every_tile_lost(catalogue):
    hit = Hit(0, W, 3, square(3, 1), "destroyed", (square(3, 1), square(3, 2), square(4, 2)),
              tiles=(W01, E02, A01), rots=(0, 0, 0), side=3)
    assert _say(catalogue, hit) == (
        "Blue & Purple's left side, line 3: W01 (weapon) on 3,1 destroyed; E02 (engine) on "
        "3,2 and A01 (armor) on 4,2 came loose and fell with it.")
    alone = Hit(1, 0, 2, square(1, 2), "destroyed", (square(1, 2),), tiles=(W01,), rots=(0,))
    assert _say(catalogue, alone, SOLO) == (
        "Orange's front side, line 2: W01 (weapon) on 1,2 destroyed.")


@pytest.mark.parametrize("outcome, words", [
    ("miss", "Blue & Purple's back side, line 5: the shot found nothing."),
    ("token", "Blue & Purple's back side, line 5: a defense token on 1,1 took the hit."),
    ("goblin", "Blue & Purple's back side, line 5: the cockpit was hit and Purple's goblin is "
               "knocked out."),
    ("empty_cockpit", "Blue & Purple's back side, line 5: the cockpit was hit, but it is empty."),
])
def test_every_hit_outcome_says_where_it_struck(catalogue, outcome, words):
    assert _say(catalogue, Hit(0, 0, 5, 0, outcome, seat=3, side=2)) == words


def test_fallen_loose_tiles_are_named(catalogue):
    fell = TilesFell(1, (square(1, 1), square(5, 5)), (W01, E02), (0, 1))
    assert _say(catalogue, fell) == ("2 loose tiles fell off Orange & Green's robot: W01 "
                                     "(weapon) on 1,1 and E02 (engine) on 5,5.")


@pytest.mark.parametrize("event, words", [
    (TacticUsed(0, "nitro", (5, 3, 0), (2, 3, 0), (0,)),
     "Blue & Purple used Nitro on one die: 2 became 5; the dice now show 5, 3, blank."),
    (TacticUsed(0, "nitro", (1, 4, 4), (2, 0, 5), (0, 1, 2)),
     "Blue & Purple used Nitro on all dice: 2, blank, 5 became 1, 4, 4."),
    (TacticUsed(0, "emergency", (4, 3, 2), (0, 3, 0), (0, 2)),
     "Blue & Purple used Emergency: the blanks came up 4, 2; the dice now show 4, 3, 2."),
    (TacticUsed(0, "homing", (5, 1), (2, 1), (0,)),
     "Blue & Purple used Homing: a 2 was set to 5; the dice now show 5, 1."),
    (TacticUsed(0, "dynamite", (4,)), "Blue & Purple lit the Dynamite: the first 4 counts twice."),
])
def test_dice_tactics_say_what_they_changed(catalogue, event, words):
    assert _say(catalogue, event) == words


@pytest.mark.parametrize("ability, reason, words", [
    ("nitro", "kept", "Orange left Nitro unused."),
    ("dynamite", "five_dice", "Orange could not use Dynamite: it does not work when five "
                              "dice are rolled."),
    ("emergency", "no_blank", "Orange could not use Emergency: no die came up blank."),
    ("homing", "no_dice", "Orange could not use Homing: they had no dice."),
    ("duct_tape", "no_tokens", "Orange could not use Duct Tape: the defense tokens have run out."),
    ("crane", "no_crane_move", "Orange could not use the Crane: no tile could be moved without "
                               "something falling off."),
])
def test_a_card_left_unused_says_why(catalogue, ability, reason, words):
    assert _say(catalogue, CardUnused(1, 3, ability, reason), SOLO) == words


def _revealed(team, unused, card, picked, shared, goof=False, steer=1, target=3):
    return Revealed(team, steer, target, 3 - unused, 3, unused, goof, goof, 0, 0, card,
                    picked, shared)


def test_the_reveal_uses_the_dials_words_and_explains_a_lost_squabble(catalogue):
    won = _revealed(1, 2, 0, 0, True)
    lost = _revealed(0, 0, -1, 0, True, goof=True)
    assert _say(catalogue, won, DUO, lost) == (
        "Orange & Green put their right side to the front and targeted the enemy's left "
        "side, 2 engines left unused. Both tacticians picked Nitro; with more unused "
        "engines, Orange & Green get it.")
    assert _say(catalogue, lost, DUO, won) == (
        "Blue & Purple goofed: the dials needed 3 engines of their 3, so they do not turn, "
        "aim at the enemy's front side and overheat (one die fewer). Both tacticians picked "
        "Nitro; Orange & Green have more unused engines (a goof leaves no engine unused), "
        "so Blue & Purple get no card.")
    tie = _revealed(0, 1, 0, 0, True, steer=0, target=0)
    assert _say(catalogue, tie, SOLO, _revealed(1, 1, 0, 0, True)) == (
        "Blue kept their front side to the front (no turn: one die fewer) and targeted the "
        "enemy's front side, 1 engine left unused. Both tacticians picked Nitro with 1 unused "
        "engine each: both teams use it.")
    alone = _revealed(0, 1, 4, 4, False, steer=2, target=1)
    assert _say(catalogue, alone, SOLO).endswith("put their back side to the front and "
                                                 "targeted the enemy's right side, 1 engine "
                                                 "left unused. Card: Emergency.")


def _whole_match(catalogue, seed: int):
    state = engine.new_state(catalogue, 4, "standard", seed)
    opening = state.clone()
    rng = random.Random(seed)
    events = []
    while not engine.is_over(state):
        seat = rng.choice(engine.to_act(state))
        events += engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
    return opening, events


@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_match_reads_in_robot_sides_and_hits_agree_with_the_aim(catalogue, seed):
    """No compass word in any seat's log; every hit line names the side the other
    crew's reveal line said it targeted."""
    opening, events = _whole_match(catalogue, seed)
    for seat in range(4):
        history = [e for e in (redact(ev, seat) for ev in events) if e is not None]
        texts = [t for t, _ in Chronicle(seat, catalogue, view(opening, seat)).entries(history)]
        assert texts[0].startswith("Round 1: ")
        assert not [t for t in texts if re.search(r"\b(north|east|south|west)\b", t, re.I)]
        aimed: dict[str, str] = {}
        hits = 0
        for text in texts:
            if found := re.match(r"(.+?) (?:put|kept).* targeted the enemy's (\w+) side", text):
                aimed[found[1]] = found[2]
            if found := re.match(r"(.+?) goofed", text):
                aimed[found[1]] = "front"
            if found := re.match(r"(.+?)'s (\w+) side, line [1-5]: ", text):
                enemy = next(crew for crew in aimed if crew != found[1])
                assert found[2] == aimed[enemy] and found[2] in SIDES
                hits += 1
            if text.startswith("Combat round"):
                aimed = {}
        assert hits > 0


def test_the_opening_names_only_the_viewers_own_first_draw(catalogue):
    state = engine.new_state(catalogue, 4, "standard", 5)
    planners = state.stages[0][1]
    for seat in range(4):
        texts = [t for t, _ in Chronicle(seat, catalogue, view(state, seat)).entries([])]
        blueprint = catalogue.blueprints[state.blueprint].name
        assert texts[0].startswith("Round 1: ") and texts[0].endswith(f"{blueprint}.")
        drew = texts[1:]
        assert len(drew) == len(planners)
        for planner, text in zip(planners, drew, strict=True):
            if planner == seat:
                ids = ", ".join(catalogue.tiles[t].id for t in state.players[seat].drawn)
                assert text == f"You drew {ids}."
            else:
                assert text.endswith("drew 5 tiles.")
