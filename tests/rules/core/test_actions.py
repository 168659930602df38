import dataclasses
import json

import pytest

from game.rules.core.actions import Action, ActionCodec, field_type
from game.rules.core.errors import DataError, RuleError
from game.rules.goblins.actions import (
    ACTION_TYPES,
    CODEC,
    ChooseAgendas,
    OrderDice,
    PlaceTile,
    Steer,
    UseSabotage,
)


def test_actions_round_trip_through_dicts():
    for action in (PlaceTile(1, 5, 7, 3), OrderDice(0, (3, 1, 1), True), UseSabotage(2),
                   Steer(3, 1, 2)):
        assert CODEC.decode(action.to_dict()) == action


def test_actions_of_different_kinds_never_compare_equal():
    assert Steer(0, 1, 2) != PlaceTile(0, 1, 2, 0)
    assert len({Steer(0, 1, 2), Steer(0, 1, 2)}) == 1


@pytest.mark.parametrize("raw, message", [
    ([1, 2], "must be a mapping"),
    ({"kind": "fly", "seat": 0}, "unknown action kind"),
    ({"kind": "steer", "seat": 0, "steer": 1}, "needs 'target'"),
    ({"kind": "steer", "seat": True, "steer": 1, "target": 0}, "whole number"),
    ({"kind": "steer", "seat": 0, "steer": 1, "target": 0, "x": 1}, "unexpected key"),
    ({"kind": "order", "seat": 0, "order": [1, "2"], "dynamite": False}, "list of whole"),
    ({"kind": "order", "seat": 0, "order": [1], "dynamite": 1}, "true or false"),
])
def test_bad_action_dicts_are_data_errors(raw, message):
    with pytest.raises(DataError, match=message):
        CODEC.decode(raw, "actions[3]")


# -- the live check (Match.play runs it before any game code) ------------------------------
@dataclasses.dataclass(slots=True, eq=True, unsafe_hash=True)
class Fly(Action):
    """An action no game registers."""

    kind = "fly"


@dataclasses.dataclass(slots=True, eq=True, unsafe_hash=True)
class LoudSteer(Steer):
    """A subclass of a registered action: not the registered class itself."""


@pytest.mark.parametrize("action", [
    PlaceTile(1, 5, 7, 3), OrderDice(0, (3, 1, 1), True), OrderDice(0, (), False),
    UseSabotage(3), Steer(3, 1, 2), ChooseAgendas(2, (0, 1, 2, 3), ""),
    PlaceTile(0, -1, 10**30, -(10**30)),
])
def test_well_typed_actions_pass_the_check(action):
    CODEC.check(action, 4)


@pytest.mark.parametrize("action, message", [
    (Steer(0, 1.5, 0), "the steer of this steer move must be a whole number"),
    (Steer(0, True, 0), "must be a whole number"),
    (Steer(0, None, 0), "must be a whole number"),
    (Steer(0, "1", 0), "must be a whole number"),
    (PlaceTile(0, 3, 7, 1.0), "the rot of this place move must be a whole number"),
    (PlaceTile(0.0, 3, 7, 1), "the seat of this place move must be a whole number"),
    (PlaceTile(False, 3, 7, 1), "the seat of this place move"),
    (ChooseAgendas(0, (0, 1, 2, 3), None), "the bet of this agendas move must be text"),
    (ChooseAgendas(0, [0, 1, 2, 3], ""), "must be a list of whole numbers"),
    (ChooseAgendas(0, (0, 1, 2, 3.0), ""), "must be a list of whole numbers"),
    (ChooseAgendas(0, (0, 1, 2, False), ""), "must be a list of whole numbers"),
    (OrderDice(0, (1, 2), "abc"), "the dynamite of this order move must be true or false"),
    (OrderDice(0, (1, 2), 1), "must be true or false"),
    (OrderDice(0, (1, 2), None), "must be true or false"),
])
def test_wrong_typed_fields_are_refused(action, message):
    with pytest.raises(RuleError, match=message):
        CODEC.check(action, 4)


@pytest.mark.parametrize("action", [Fly(0), LoudSteer(0, 1, 2), None, "steer",
                                    {"kind": "steer", "seat": 0, "steer": 1, "target": 0}])
def test_objects_that_are_not_this_games_actions_are_refused(action):
    with pytest.raises(RuleError, match="that is not a move of this game"):
        CODEC.check(action, 4)


@pytest.mark.parametrize("seat", [-1, 2, 3, 10**30, -(10**30)])
def test_a_seat_off_the_table_is_refused(seat):
    with pytest.raises(RuleError, match="a move must name a seat from 0 to 1"):
        CODEC.check(UseSabotage(seat), 2)


def test_a_field_missing_from_the_object_is_refused():
    torn = object.__new__(Steer)  # slots never filled
    with pytest.raises(RuleError, match="the seat of this steer move must be a whole number"):
        CODEC.check(torn, 2)


def test_decode_and_check_agree_on_every_field_type():
    for action in (PlaceTile(1, 5, 7, 3), OrderDice(0, (3, 1), True),
                   ChooseAgendas(1, (0, 1, 2, 3), "won")):
        decoded = CODEC.decode(json.loads(json.dumps(action.to_dict())))
        CODEC.check(decoded, 2)
        assert decoded == action


def test_the_schema_lists_each_field_with_its_type():
    assert [(name, t.what) for name, t in CODEC.fields(OrderDice)] == [
        ("seat", "a whole number"), ("order", "a list of whole numbers"),
        ("dynamite", "true or false")]
    assert set(CODEC.classes) == set(ACTION_TYPES)


def test_a_field_type_the_codec_cannot_store_is_refused_when_the_game_registers():
    @dataclasses.dataclass(slots=True)
    class Float(Action):
        kind = "float"
        amount: float

    with pytest.raises(ValueError, match=r"Float\.amount: an action field cannot be float"):
        ActionCodec([Float])


def test_annotations_that_are_types_read_like_postponed_ones():
    Plain = dataclasses.make_dataclass(
        "Plain", [("faces", tuple[int, ...]), ("keep", bool)], bases=(Action,), slots=True)
    Plain.kind = "plain"
    codec = ActionCodec([Plain])
    assert [t.what for _, t in codec.fields(Plain)] == [
        "a whole number", "a list of whole numbers", "true or false"]
    with pytest.raises(RuleError, match="list of whole numbers"):
        codec.check(Plain(0, [1], True), 1)


# -- the field grammar: int, bool, str, X | None, tuple[X, ...], tuple[X, Y], nested ------
@pytest.mark.parametrize("text, canonical, what", [
    ("int", "int", "a whole number"),
    ("int|None", "int | None", "a whole number or nothing"),
    ("None | str", "str | None", "text or nothing"),
    ("tuple[bool, ...]", "tuple[bool, ...]", "a list of true-or-false values"),
    ("tuple[int, str]", "tuple[int, str]", "a list of exactly 2 (a whole number; text)"),
    ("tuple[tuple[int, int], ...]", "tuple[tuple[int, int], ...]",
     "a list, each item a list of exactly 2 (a whole number; a whole number)"),
    ("tuple[int | None, ...] | None", "tuple[int | None, ...] | None",
     "a list, each item a whole number or nothing, or nothing"),
])
def test_annotations_are_read_by_the_grammar(text, canonical, what):
    ftype = field_type(text)
    assert (ftype.text, ftype.what) == (canonical, what)


@pytest.mark.parametrize("text", [
    "float", "None", "int | str", "int | None | None", "tuple[...]", "tuple[]",
    "tuple[int, ..., int]", "list[int]", "tuple[int", "Optional[int]", "tuple[()]",
    "dict[str, int]", "(int | None) | None",
])
def test_annotations_outside_the_grammar_are_refused(text):
    with pytest.raises(ValueError, match="an action field cannot be"):
        field_type(text)


@dataclasses.dataclass(slots=True, eq=True, unsafe_hash=True)
class Deal(Action):
    """Fields of every compound shape, as another game's actions may have them."""

    kind = "deal"
    target: int | None
    card: tuple[int, str]
    moves: tuple[tuple[int, int], ...]
    hands: tuple[tuple[int, ...] | None, ...]


DEAL = ActionCodec([Deal])


@pytest.mark.parametrize("action", [
    Deal(0, None, (3, "x"), (), ()),
    Deal(1, 4, (0, ""), ((1, 2), (3, 4)), ((1, 2), None, ())),
])
def test_compound_fields_pass_the_check_and_round_trip_through_json(action):
    DEAL.check(action, 2)
    raw = json.loads(json.dumps(action.to_dict()))
    assert raw["card"] == list(action.card) and DEAL.decode(raw) == action


@pytest.mark.parametrize("field, value, what", [
    ("target", True, "a whole number or nothing"),
    ("target", 1.0, "a whole number or nothing"),
    ("card", (3,), "a list of exactly 2"),
    ("card", (3, "x", "y"), "a list of exactly 2"),
    ("card", ("x", 3), "a list of exactly 2"),
    ("card", [3, "x"], "a list of exactly 2"),
    ("moves", ((1, 2.0),), "a list, each item a list of exactly 2"),
    ("moves", ([1, 2],), "a list, each item a list of exactly 2"),
    ("moves", (None,), "a list, each item a list of exactly 2"),
    ("hands", ((True,),), "a list, each item a list of whole numbers, or nothing"),
    ("hands", None, "a list, each item a list of whole numbers, or nothing"),
])
def test_compound_fields_of_the_wrong_type_are_refused(field, value, what):
    action = dataclasses.replace(Deal(0, None, (3, "x"), (), ()), **{field: value})
    with pytest.raises(RuleError, match=f"^the {field} of this deal move must be {what}"):
        DEAL.check(action, 1)


@pytest.mark.parametrize("field, value, what", [
    ("target", True, "a whole number or nothing"),
    ("target", 1.5, "a whole number or nothing"),
    ("card", [3], "a list of exactly 2"),
    ("card", ["x", 3], "a list of exactly 2"),
    ("card", [3, "x", "y"], "a list of exactly 2"),
    ("moves", [[1, 2.5]], "a list, each item a list of exactly 2"),
    ("moves", [[1]], "a list, each item a list of exactly 2"),
    ("moves", [None], "a list, each item a list of exactly 2"),
    ("moves", {"a": 1}, "a list, each item a list of exactly 2"),
    ("hands", [[True]], "a list, each item a list of whole numbers, or nothing"),
    ("hands", None, "a list, each item a list of whole numbers, or nothing"),
    ("hands", [[1], "x"], "a list, each item a list of whole numbers, or nothing"),
])
def test_compound_fields_of_the_wrong_type_in_a_save_are_data_errors(field, value, what):
    raw = {**Deal(0, None, (3, "x"), (), ()).to_dict(), field: value}
    with pytest.raises(DataError, match=f"must be {what}") as caught:
        DEAL.decode(raw, "actions[5]")
    assert caught.value.path == f"actions[5].{field}"
