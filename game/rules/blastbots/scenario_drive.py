"""Playing one Blastbots scenario step as real moves through ``engine.apply``, answering
every decision the engine asks for from the step's keys (scenario_steps.py reads them).

A step the rules forbid is refused as a whole (``StepRefused``): the engine refused one
of its moves, or the step asked for more than the rules let it do (more picks, moves or
discards than the card takes). A step that does not say something the engine needs to
know is a format fault (``MissingChoice``).
"""

from __future__ import annotations

from typing import Any

from game.rules.blastbots import engine
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
    Keep,
    Move,
    Name,
    Pass,
    Pick,
    Place,
    Play,
    Reallocate,
    Retrieve,
    Take,
    Trade,
)
from game.rules.blastbots.scenario_steps import Attack, Step, places
from game.rules.blastbots.state import OVER, State
from game.rules.core.actions import Action, Event
from game.rules.core.data import PathKey
from game.rules.core.errors import RuleError


class StepRefused(Exception):
    """The rules forbid the step (the position is put back as it was)."""


class MissingChoice(Exception):
    """The engine asked for something the step does not say: a format fault."""

    def __init__(self, path: PathKey, reason: str) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason



class Driver:
    """Answers the engine's decisions during one step from the step's keys."""

    def __init__(self, state: State, step: Step) -> None:
        self.state = state
        self.step = step
        self.roller = state.roller
        self.attacks = [a for a in (step.attack, step.mod) if a is not None]
        self.defended = 0
        self.reached: set[tuple[int, str]] = set()
        self.placing: list[Place] = []
        self.giving: int | None = None
        self.events: list[Event] = []

    def play(self) -> list[Event]:
        """Play the whole step; StepRefused or MissingChoice if it cannot be."""
        self.apply(self.opening())
        while self.state.phase != OVER and self.state.stack[-1][0] not in ("act", "roll"):
            self.apply(self.answer(self.state.stack[-1]))
        self.leftovers()
        return self.events

    def apply(self, action: Action) -> None:
        try:
            self.events += engine.apply(self.state, action)
        except RuleError as exc:
            raise StepRefused(str(exc)) from None

    def opening(self) -> Action:
        step, seat = self.step, self.roller
        if step.kind == "trade":
            return Trade(seat)
        if step.kind == "reallocate":
            return Reallocate(seat)
        if step.kind == "buyback":
            return Buyback(seat, step.target)
        if step.kind == "end_turn":
            return EndTurn(seat)
        attack = step.attack
        assert attack is not None
        if step.mod is not None:
            return Play(seat, self.state.cat.index("magic_missile_mod"), "", NONE, "")
        return Play(seat, step.card, attack.option, attack.target, attack.sacrifice)

    def context(self) -> tuple[int, Attack]:
        """The attack whose resolution is being asked about now."""
        index = max(0, self.defended - 1)
        if index >= len(self.attacks):
            raise StepRefused("the step has no attack for this choice")
        return index, self.attacks[index]

    def answer(self, item: tuple[Any, ...]) -> Action:
        code, seat = item[0], item[1]
        step = self.step
        if code == "defend":
            if self.defended >= len(self.attacks):
                raise StepRefused("an attack the step did not announce is being answered")
            attack = self.attacks[self.defended]
            self.defended += 1
            if attack.defend is None:
                return Pass(seat)
            return Defend(seat, attack.defend, attack.defend_sacrifice)
        if code == "mod":
            attack = self.attacks[0]
            return Play(seat, step.card, attack.option, attack.target, "")
        if code == "aim":
            attack = self.attacks[len(item[3])]
            return Aim(seat, attack.option, attack.target)
        if code == "pick":
            index, attack = self.context()
            return Pick(seat, self.take(index, "picks", attack.picks, attack.path))
        if code == "colour":
            index, attack = self.context()
            if attack.colour is None:
                raise MissingChoice(attack.path, "this step needs the key 'colour'")
            return Take(seat, attack.colour)
        if code == "move":
            index, attack = self.context()
            if not attack.moves and item[4]:
                return Pass(seat)
            source, to = self.take(index, "moves", attack.moves, attack.path)
            return Move(seat, source, to)
        if code == "home":
            table = (self.context()[1].home if step.kind == "play" and step.attack is not None
                     and self.state.cat.cards[step.card].deck == 0 else step.home)
            return Home(seat, table.get(seat, item[2]))
        if code == "place":
            if step.tokens is None:
                raise MissingChoice(step.path, "this step needs the key 'tokens'")
            if not self.placing:
                self.placing = places(seat, step.tokens)
            return self.placing.pop(0)
        if code in ("discard", "limit", "market"):
            if code == "market" and not step.cards and item[2]:
                return Pass(seat)
            if code == "limit" and not step.cards:
                raise StepRefused("the roller must discard down to seven cards")
            return Discard(seat, self.take(-1, "cards", step.cards, step.path, "give"
                                           if code == "market" else "discard"))
        if code == "deck":
            return Choose(seat, self.take(-1, "draw", step.draw, step.path))
        if code == "name":
            return Name(seat, step.name)
        if code in ("look", "pile"):
            return Choose(seat, step.deck if code == "look" else step.pile)
        if code == "take":
            return Keep(seat, step.take)
        if code == "retrieve":
            if not step.retrieve:
                return Pass(seat)
            player, self.giving = step.retrieve.pop(0)
            return Retrieve(seat, player)
        if code == "give":
            if step.kind == "buyback":
                return Give(seat, step.rockets)
            assert self.giving is not None
            return Give(seat, (self.giving,))
        raise StepRefused(f"the step cannot answer {code}")

    def take(self, index: int, key: str, queue: list[Any], path: PathKey,
             written: str | None = None) -> Any:
        """The next choice of a list the step gives; none left is a format fault."""
        self.reached.add((index, key))
        if not queue:
            raise MissingChoice(path, f"this step needs more {written or key} than it gives")
        return queue.pop(0)

    def leftovers(self) -> None:
        """Choices written but never used where the rules asked for that kind (or, at the
        end of a turn, discards the hand did not need): the step asked for more than the
        card or action takes."""
        for index, key in self.reached:
            queue = (getattr(self.attacks[index], key) if key in ("picks", "moves") else
                     self.step.draw if key == "draw" else self.step.cards)
            if queue:
                raise StepRefused(f"the step gives more {key} than the rules take")
        if self.step.kind == "end_turn" and self.step.cards:
            raise StepRefused("the roller discards only down to seven cards")
        if self.step.retrieve:
            raise StepRefused("the Grim Retriever cannot swap with every player named")
