"""What the rules report after each action (events.py): who did what to which card,
worked out by hand for each play, answer, Event and its aftermath. The client's log,
animations and sounds read these, so a wrong seat or card is a wrong story."""

from __future__ import annotations

from game.rules.two_robots import engine
from game.rules.two_robots.actions import (
    NEW,
    RESERVE,
    STOP,
    Answer,
    Choose,
    Deploy,
    Destroy,
    Freeze,
    LoseHealth,
    Pass,
    PlayPart,
    Resupply,
    Steal,
    Thaw,
    UsePower,
)
from game.rules.two_robots.events import (
    Answered,
    AttackDone,
    Built,
    CardPlayed,
    Destroyed,
    Discarded,
    EventBegan,
    EventDone,
    Frozen,
    GameOver,
    HealthLost,
    Revealed,
    Stolen,
    Took,
    TurnBegan,
    WentOut,
)
from game.rules.two_robots.state import CHOOSE, COUNTER, EVENT, HEALTH, HOMING, SENTRY
from tests.rules.two_robots.helpers import card, cat, part, table


def cards(state, seat, name):
    """Every copy of ``name`` in ``seat``'s hand, in hand order."""
    wanted = cat().card_named(name).id
    return [c for c in state.players[seat].hand if state.catalogue.cards[c].id == wanted]


def pay(*names):
    return tuple(sorted(part(n) for n in names))


def told(state, action):
    return engine.apply(state, action)


def next_turn(events, seat, turn=1, drawn=5):
    """The automatic start of ``seat``'s turn closing ``events``: its draw, fully told."""
    *rest, began, drew = events
    assert began == TurnBegan(seat, turn)
    assert (drew.seat, drew.count, drew.reshuffled, len(drew.cards)) == (seat, drawn, False,
                                                                           drawn)
    return rest


def test_every_play_phase_step_is_told_with_its_seat_and_cards():
    state = table({
        "Scavenger": {"factory": [["HEAD E"], ["ARMS C"]],
                      "hand": ["LEGS C", "Power Surge", "Power Surge", "Homing Missiles",
                               "Ice Blast"]},
        "Peacemaker": {"factory": [["LEGS EN"], ["HEAD M"]], "hand": ["Homing Missiles"]},
        "Guardian": {"factory": [["TORSO ES"], ["ARMS EM"]], "hand": ["Homing Missiles"]},
    }, "Scavenger")
    surge, surge2 = cards(state, 0, "Power Surge")
    ice = card(state, 0, "Ice Blast")
    mine, hers, his = (card(state, s, "Homing Missiles") for s in range(3))

    assert told(state, PlayPart(0, part("LEGS C"), 1)) == [Built(0, part("LEGS C"), 1)]
    assert told(state, Destroy(0, surge, pay("TORSO ES", "LEGS EN"))) == [CardPlayed(0, surge)]
    assert state.step == HOMING and engine.to_act(state) == (1,)
    assert told(state, Answer(1, hers)) == [Answered(1, hers)]
    assert state.step == COUNTER and engine.to_act(state) == (0,)
    assert told(state, Answer(0, mine)) == [Answered(0, mine)]        # the asking restarts
    assert state.step == HOMING and engine.to_act(state) == (1,)
    assert told(state, Pass(1)) == []
    assert told(state, Pass(2)) == [Destroyed(2, part("TORSO ES")), Destroyed(1, part("LEGS EN")),
                                     AttackDone(0, surge, False)]
    assert sorted(state.discard) == sorted([part("TORSO ES"), part("LEGS EN"), surge, hers, mine])
    assert state.plays == 3

    assert told(state, Freeze(0, ice, 1, 0)) == [CardPlayed(0, ice)]
    assert engine.legal_actions(state, 1) == [Pass(1)]                # no Homing Missiles left
    assert told(state, Pass(1)) == [Frozen(1, 0, False), AttackDone(0, ice, False)]
    assert state.players[1].ice == [ice] and ice not in state.discard

    # The fifth play: only Guardian is touched (Scavenger's own Part opens no window), and
    # with five plays used a rival may still answer, but the attacker cannot counter.
    assert told(state, Destroy(0, surge2, pay("HEAD E", "ARMS EM"))) == [CardPlayed(0, surge2)]
    assert state.plays == 5 and engine.to_act(state) == (2,)
    assert engine.legal_actions(state, 2) == [Answer(2, his), Pass(2)]   # Bulwark: 1 Stack
    assert told(state, Answer(2, his)) == [Answered(2, his)]
    assert told(state, Pass(0)) == [AttackDone(0, surge2, True)]
    assert state.players[0].stacks == [[part("HEAD E")], [part("ARMS C"), part("LEGS C")]]
    assert state.players[2].stacks == [[part("ARMS EM")]]
    assert told(state, Pass(0)) == [] and state.step == EVENT
    assert next_turn(told(state, Pass(0)), 1) == []


def test_rescue_drill_space_pod_and_supply_drop_are_told():
    state = table({
        "Samurai": {"factory": [["HEAD C"], ["TORSO E"], {"cards": ["ARMS M"], "frozen": True}],
                    "hand": ["Rescue Drill", "Space Pod", "Space Pod", "Supply Drop"]},
        "Guardian": {"factory": [["LEGS MN"], ["HEAD N", "TORSO N"]]},
    }, "Samurai")
    drill, drop = card(state, 0, "Rescue Drill"), card(state, 0, "Supply Drop")
    pod, pod2 = cards(state, 0, "Space Pod")
    ice = state.players[0].ice[2]
    assert Steal(0, pod, part("LEGS MN"), 2) not in engine.legal_actions(state, 0)  # frozen
    assert told(state, Thaw(0, drill, 2)) == [CardPlayed(0, drill), Frozen(0, 2, True)]
    assert ice in state.discard and drill in state.discard
    assert told(state, Steal(0, pod, part("LEGS MN"), 2)) == [CardPlayed(0, pod)]
    assert told(state, Pass(1)) == [Stolen(1, 0, part("LEGS MN"), 2), AttackDone(0, pod, False)]
    assert state.players[0].stacks[2] == [part("ARMS M"), part("LEGS MN")]
    assert told(state, Steal(0, pod2, part("HEAD N"), NEW)) == [CardPlayed(0, pod2)]
    assert told(state, Pass(1)) == [Stolen(1, 0, part("HEAD N"), 3), AttackDone(0, pod2, False)]
    assert state.players[0].stacks[3] == [part("HEAD N")]
    deck = len(state.deck)
    events = told(state, Resupply(0, drop))
    assert events[0] == CardPlayed(0, drop)
    drew = events[1]
    assert len(events) == 2 and (drew.seat, drew.count, drew.reshuffled) == (0, 2, False)
    assert sorted(state.players[0].hand) == sorted(drew.cards) and len(state.deck) == deck - 2
    assert state.discard[-1] == drop and state.plays == 4


def bushido_table(**peacemaker):
    return table({"Samurai": {"factory": [["HEAD C", "TORSO C"], ["ARMS E"]]},
                  "Peacemaker": peacemaker}, "Samurai", event=True)


def test_a_power_is_told_from_its_cost_to_the_damage_it_deals():
    state = bushido_table()
    assert told(state, UsePower(0, 2, pay("TORSO C", "ARMS E"))) == [
        Destroyed(0, part("TORSO C"), sacrificed=True),
        Destroyed(0, part("ARMS E"), sacrificed=True), EventBegan(0, "bushido")]
    assert state.step == CHOOSE and told(state, Choose(0, 1)) == []
    assert state.step == SENTRY and told(state, Pass(1)) == []
    assert state.step == HEALTH and engine.to_act(state) == (1,)
    assert next_turn(told(state, LoseHealth(1, RESERVE)), 1) == [HealthLost(1, RESERVE),
                                                                 EventDone(0, False)]


def test_a_sentry_gunship_is_told_and_ends_the_event_cancelled():
    state = bushido_table(factory=[["HEAD N"], ["ARMS S"], ["LEGS M"]], hand=["Sentry Gunship"])
    sentry = card(state, 1, "Sentry Gunship")
    state.players[1].hand.append(state.deck.pop())   # still a card in hand after answering
    told(state, UsePower(0, 2, pay("TORSO C", "ARMS E")))
    told(state, Choose(0, 1))
    assert next_turn(told(state, Answer(1, sentry)), 1) == [Answered(1, sentry),
                                                            EventDone(0, True)]
    assert sentry in state.discard and state.players[1].health == 5


def test_a_last_point_of_health_is_told_then_the_player_goes_out_and_the_game_ends():
    state = bushido_table(powers={}, reserve=1, factory=[["HEAD N"]], hand=["Supply Drop"])
    told(state, UsePower(0, 2, pay("TORSO C", "ARMS E")))
    told(state, Choose(0, 1))
    assert told(state, Pass(1)) == [HealthLost(1, RESERVE), WentOut(1), EventDone(0, False),
                                    GameOver((0,))]
    drop = cat().card_named("Supply Drop").index
    assert part("HEAD N") in state.discard and drop in state.discard
    assert state.players[1].stacks == [] and state.players[1].hand == []
    assert state.winners == (0,) and engine.scores(state) == [1, 0]


def test_a_deploy_is_told_with_the_card_turned_up():
    state = table({"Scavenger": {"factory": [["HEAD M", "TORSO M", "ARMS M", "LEGS M"]]},
                   "Guardian": {"powers": {}, "reserve": 2}}, "Scavenger", event=True)
    state.forced = (0,)                                   # Shots Fired, read from the table
    assert told(state, Deploy(0, part("LEGS M"))) == [
        Destroyed(0, part("LEGS M"), sacrificed=True), EventBegan(0, "deploy"),
        Revealed(0, (0,))]
    assert told(state, Choose(0, 1)) == []
    assert told(state, Pass(1)) == [HealthLost(1, RESERVE), HealthLost(1, RESERVE),
                                    WentOut(1), EventDone(0, False), GameOver((0,))]


def test_fortify_thaws_every_stack_and_draws_one():
    state = table({"Samurai": {},
                   "Guardian": {"factory": [{"cards": ["HEAD C"], "frozen": True},
                                            ["TORSO E", "LEGS E", "HEAD E"],
                                            {"cards": ["ARMS M"], "frozen": True}]}},
                  "Guardian", event=True)
    ices = [state.players[1].ice[0], state.players[1].ice[2]]
    told(state, UsePower(1, 0, pay("TORSO E", "LEGS E")))
    events = told(state, Pass(0))
    assert events[:2] == [Frozen(1, 0, True), Frozen(1, 2, True)]
    drew = events[2]
    assert (drew.seat, drew.count) == (1, 1) and events[3] == EventDone(1, False)
    assert state.players[1].ice == [-1, -1, -1] and set(ices) <= set(state.discard)
    assert len(state.players[1].hand) == 1


def test_salvage_and_armory_tell_each_card_taken():
    state = table({"Scavenger": {"factory": [["HEAD C", "TORSO C"]]}, "Guardian": {}},
                  "Scavenger", discard=["Homing Missiles", "Power Surge"], event=True)
    missiles, surge = state.discard
    told(state, UsePower(0, 0, pay("HEAD C", "TORSO C")))
    assert told(state, Choose(0, missiles)) == [] and told(state, Choose(0, STOP)) == []
    assert state.step == SENTRY
    assert told(state, Pass(1))[:2] == [Took(0, missiles), EventDone(0, False)]
    assert missiles in state.players[0].hand and state.discard.count(surge) == 1

    state = table({"Samurai": {},
                   "Guardian": {"factory": [["HEAD C", "TORSO C"]]}},
                  "Guardian", discard=["Homing Missiles", "Power Surge", "Supply Drop",
                                       "Rescue Drill"], event=True)
    missiles, surge, drop, drill = state.discard
    told(state, UsePower(1, 2, pay("HEAD C", "TORSO C")))
    assert engine.legal_actions(state, 1) == [Choose(1, c) for c in sorted((missiles, drop, drill))
                                              ] + [Choose(1, STOP)]   # Defense cards only
    told(state, Choose(1, drop))
    told(state, Choose(1, missiles))                     # two picks: no more choices
    assert state.step == SENTRY
    assert told(state, Pass(0))[:3] == [Took(1, drop), Took(1, missiles), EventDone(1, False)]
    assert state.players[1].hand == [drop, missiles] and state.discard[:2] == [surge, drill]


def test_rebuild_tells_each_part_built_and_where():
    state = table({"Scavenger": {"factory": [["HEAD C", "TORSO C", "ARMS C"]]},
                   "Guardian": {}}, "Scavenger", discard=["LEGS C", "HEAD N"], event=True)
    told(state, UsePower(0, 1, pay("HEAD C", "TORSO C")))
    told(state, Choose(0, part("LEGS C")))
    assert engine.legal_actions(state, 0) == [Choose(0, 0)]   # a new Stack would be C too
    told(state, Choose(0, 0))
    told(state, Choose(0, part("HEAD N")))
    told(state, Choose(0, NEW))
    assert state.step == SENTRY
    assert told(state, Pass(1))[:3] == [Built(0, part("LEGS C"), 0), Built(0, part("HEAD N"), 1),
                                        EventDone(0, False)]
    assert state.players[0].stacks == [[part("ARMS C"), part("LEGS C")], [part("HEAD N")]]


def test_ronin_and_scorched_earth_tell_each_part_wrecked():
    state = table({"Samurai": {"factory": [["HEAD C", "TORSO C"]]},
                   "Guardian": {"factory": [["HEAD N", "TORSO N"]]}}, "Samurai", event=True)
    told(state, UsePower(0, 1, pay("HEAD C", "TORSO C")))
    told(state, Choose(0, part("TORSO N")))
    assert told(state, Pass(1))[:2] == [Destroyed(1, part("TORSO N")), EventDone(0, False)]
    state = table({"Samurai": {"factory": [["HEAD N"]]}, "Scavenger": {},
                   "Apocalypse": {"factory": [["HEAD C", "TORSO C"]]}}, "Apocalypse",
                  event=True)
    told(state, UsePower(2, 2, pay("HEAD C", "TORSO C")))
    assert engine.legal_actions(state, 2) == [Choose(2, part("HEAD N"))]   # Scavenger: none
    told(state, Choose(2, part("HEAD N")))
    assert told(state, Pass(0)) == []
    assert told(state, Pass(1))[:2] == [Destroyed(0, part("HEAD N")), EventDone(2, False)]


def test_meltdown_tells_the_card_discarded_and_the_damage_taken():
    state = table({"Samurai": {"hand": ["Homing Missiles"]},
                   "Scavenger": {"hand": ["Supply Drop"], "powers": {}, "reserve": 2},
                   "Apocalypse": {"factory": [["HEAD C", "TORSO C"]]}}, "Apocalypse",
                  event=True)
    missiles, drop = card(state, 0, "Homing Missiles"), card(state, 1, "Supply Drop")
    told(state, UsePower(2, 1, pay("HEAD C", "TORSO C")))
    told(state, Pass(0))
    assert told(state, Pass(1)) == []
    assert engine.legal_actions(state, 0) == [Choose(0, missiles), Choose(0, STOP)]
    assert told(state, Choose(0, missiles)) == [Discarded(0, missiles)]
    events = told(state, Choose(1, STOP))
    assert events[:2] == [HealthLost(1, RESERVE), EventDone(2, False)]
    assert [p.health for p in state.players] == [5, 1, 5] and drop in state.players[1].hand



def test_meltdown_damage_with_a_health_card_to_choose_waits_with_no_window_open():
    state = table({"Samurai": {"hand": ["Homing Missiles"]},
                   "Apocalypse": {"factory": [["HEAD C", "TORSO C"]]}}, "Apocalypse",
                  event=True)
    told(state, UsePower(1, 1, pay("HEAD C", "TORSO C")))
    told(state, Pass(0))
    assert told(state, Choose(0, STOP)) == []
    assert state.step == HEALTH and state.window is None
    assert engine.view(state, 0).step == HEALTH           # a view of it can be drawn
    assert told(state, LoseHealth(0, 1))[:2] == [HealthLost(0, 1), EventDone(1, False)]


def test_scrap_run_and_accord_draw_for_whom_they_say():
    state = table({"Scavenger": {"factory": [["HEAD C", "TORSO C"]]}, "Guardian": {}},
                  "Scavenger", event=True)
    told(state, UsePower(0, 2, pay("HEAD C", "TORSO C")))
    drew = told(state, Pass(1))[0]
    assert (drew.seat, drew.count) == (0, 3) and len(state.players[0].hand) == 3
    state = table({"Samurai": {}, "Peacemaker": {"factory": [["HEAD C", "TORSO C"]]},
                   "Guardian": {}}, "Peacemaker", event=True)
    told(state, UsePower(1, 2, pay("HEAD C", "TORSO C")))
    told(state, Pass(2))
    events = told(state, Pass(0))
    assert [(e.seat, e.count) for e in events[:3]] == [(1, 3), (2, 1), (0, 1)]
    assert [len(p.hand) for p in state.players] == [1, 3, 1 + 5]   # Guardian's turn began
