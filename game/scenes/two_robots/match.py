"""The Two Robots match screen. It shows one seat's view at a time (the human whose
decision is due), hands over between humans behind a privacy screen before every
decision, response windows included, lets AI seats think in the background, and
turns clicks into actions. What may be clicked comes only from the rules'
``legal_actions`` for the viewer's view: the screen holds no copy of a rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.core.actions import Action, Event
from game.rules.core.errors import RuleError
from game.rules.two_robots.engine import hand_limit
from game.rules.two_robots.state import DISCARD, EVENT, MELTDOWN, OVER, PLAY, State
from game.scenes.handover import HandoverScene, hand_over_first
from game.scenes.match_screen import MatchScreen
from game.scenes.two_robots.board import LIFT, Marks, Spots, draw_board, seat_panels
from game.scenes.two_robots.effects import CardFlight, Wreck
from game.scenes.two_robots.words import (
    STEP_WORDS,
    ability_tip,
    action_label,
    card_name,
    card_tip,
    describe,
    power_name,
    power_tip,
    question,
    result_words,
    who,
)
from game.session import Session
from game.ui.animation import Animator
from game.ui.display import copy_onto, pointer
from game.ui.logview import LogView
from game.ui.palette import ACCENT, BACKGROUND, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text, wrap
from game.ui.tooltip import Hover, draw_tooltip
from game.ui.widgets import Button
from game.ui.widgets import box as panel_box

if TYPE_CHECKING:
    from game.app import App

PROMPT = pygame.Rect(1420, 70, 480, 590)
LOG = pygame.Rect(1420, 670, 480, 400)
PAGE = 7
"""Option buttons per page of a prompt (the discard pile can offer dozens)."""
DRAG = 12
"""Pixels the pointer travels with a hand card held before the press is a drag: a card
dropped on a lit Stack or Part is played there, as two clicks would."""
SOUNDS = {"built": "place", "destroyed": "destroy", "revealed": "reveal",
          "game_over": "fanfare", "health_lost": "hit", "answered": "token",
          "frozen": "rotate", "card_played": "click"}


class MatchScene(MatchScreen[State]):
    def __init__(self, app: App, session: Session) -> None:
        humans = [s for s, seat in enumerate(session.seats) if not seat.is_ai]
        super().__init__(app, session, humans[0] if humans else 0)
        self.names = tuple(seat.name for seat in session.seats)
        """What each seat's player typed (empty: the seat goes by its colour)."""
        self.humans = humans
        self.handing_over = False
        self.animator = Animator()
        self.spots = Spots()
        self.heading = ""
        self.marks = Marks()
        self.hover: int | None = None
        """The hand card lifted under the pointer."""
        # What the viewer has picked so far in a decision of several clicks.
        self.card: int | None = None
        self.power: int | None = None
        self.deploying = False
        self.picks: list[int] = []
        self.drag: tuple[int, tuple[int, int]] | None = None
        """The lit hand card pressed in the Play Phase, and where, until the release."""
        self.page = 0
        self._decision: tuple[int, int] = (-1, -1)
        self._options: list[Action] = []
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] = ()
        self.log = LogView(LOG, size=24, line_height=29)
        self._logs: dict[int, tuple[int, list[str]]] = {}
        """Per seat, how many events of its history are worded, and the words."""
        self._log_shown: tuple[int, int] = (-1, -1)

    # -- model --------------------------------------------------------------------------
    def options(self) -> list[Action]:
        """The viewer's legal actions now, from its own view (empty when not due)."""
        return self._options

    def absorb(self, events: list[Event]) -> None:
        """Animations and sounds for public events (the whole events, never a hand)."""
        view = self.current_view()
        panels = seat_panels(view.n)
        for k, event in enumerate(events):
            kind = event.kind
            seat = getattr(event, "seat", -1)
            if kind in ("built", "card_played", "answered") and 0 <= seat < len(panels):
                start = self.spots.hand.get(event.card, panels[seat]).center  # type: ignore[attr-defined]
                end = (self.spots.piles["table"].center if kind != "built" and
                       "table" in self.spots.piles else panels[seat].center)
                self.animator.add(CardFlight(card_name(view.catalogue, event.card),  # type: ignore[attr-defined]
                                             start, end))
            elif kind == "destroyed" and event.card in self.spots.parts:  # type: ignore[attr-defined]
                self.animator.add(Wreck(self.spots.parts[event.card],  # type: ignore[attr-defined]
                                        len(self.session.match.actions) * 31 + k))
        for name in {SOUNDS.get(e.kind) for e in events} - {None}:
            self.app.sounds.play(name)  # type: ignore[arg-type]

    def enter(self) -> None:
        self.handing_over = hand_over_first(self.app, self,
                                            STEP_WORDS.get(self.state.step, ""))
        self.refresh()

    def update(self, dt: float) -> None:
        self.say_news()
        self.animator.update(dt * self.app.settings.animation_speed)
        if self.app.scenes.top is not self:
            return
        events = self.poll_bots(dt)
        if events:
            self.absorb(events)
        self.refresh()

    def refresh(self) -> None:
        """Pick whose view to show (handing over first when another human decides)
        and, when the decision changed, forget half-made picks and list the options."""
        if self.app.scenes.top is not self or self.handing_over:
            return
        due = self.session.humans_to_act()
        if due and self.viewer not in due:
            nxt = due[0]
            if len(self.humans) > 1:
                self.handing_over = True
                self.app.scenes.push(HandoverScene(
                    self.app, self, nxt, STEP_WORDS.get(self.state.step, "")))
                return
            self.viewer = nxt
        decision = (len(self.session.match.actions), self.viewer)
        if decision != self._decision:
            self._decision = decision
            self._options = (self.session.rules.legal_actions(self.current_view(), self.viewer)
                             if self.viewer in due else [])
            self.reset_picks()
        self.layout()

    def take_over(self, seat: int) -> None:
        self.viewer = seat
        self.handing_over = False
        self._decision = (-1, -1)

    def reset_picks(self) -> None:
        self.card = self.power = None
        self.deploying = False
        self.picks = []
        self.page = 0

    # -- the decision on screen ---------------------------------------------------------
    def layout(self) -> None:
        """The prompt's heading and buttons, and what the board lights up."""
        view = self.current_view()
        options = self.options()
        self.buttons = []
        if view.step == OVER:
            self.heading = f"Game over. {result_words(view.winners, self.names)}"
            self.marks = Marks()
            self._button("Title screen", self.app.scenes.pop)
            return
        if not options:
            due = self.session.to_act()
            self.heading = (f"Waiting for {who(view, due[0], self.names)}…" if due else "")
            self.marks = Marks()
            return
        self.heading = question(view, self.viewer, self.names)
        if view.step == PLAY:
            self.layout_play(options)
        elif view.step == EVENT:
            self.layout_event(view, options)
        else:
            self.layout_choices(view, options)

    def _button(self, label: str, action: Any, enabled: bool = True) -> None:
        y = PROMPT.y + 190 + len(self.buttons) * 54
        self.buttons.append(Button(pygame.Rect(PROMPT.x + 20, y, PROMPT.width - 40, 48),
                                   label, action, enabled, size=26))

    def _playing(self, action: Action) -> Any:
        return lambda: self.play(action)

    def layout_play(self, options: list[Action]) -> None:
        me = self.viewer
        if self.card is None:
            self.marks = Marks(cards=frozenset(getattr(a, "card", -1) for a in options) - {-1})
            for action in options:
                if action.kind == "pass":
                    self._button(action_label(self.current_view(), action, self.names),
                                 self._playing(action))
            return
        mine = [a for a in options if getattr(a, "card", -1) == self.card]
        kind = mine[0].kind
        name = card_name(self.current_view().catalogue, self.card)
        stacks: frozenset[tuple[int, int]] = frozenset()
        parts: frozenset[int] = frozenset()
        if kind == "part":
            self.heading = f"Build {name}: click a Stack of yours (or the new-Stack slot)."
            stacks = frozenset((me, a.stack) for a in mine)  # type: ignore[attr-defined]
        elif kind == "destroy":
            need = len(mine[0].parts)  # type: ignore[attr-defined]
            self.heading = f"{name}: click {need} Parts to wreck, then confirm."
            parts = frozenset(p for a in mine for p in a.parts) - set(self.picks)  # type: ignore[attr-defined]
            chosen = tuple(sorted(self.picks))
            match = next((a for a in mine if a.parts == chosen), None)  # type: ignore[attr-defined]
            self._button(f"Wreck these ({len(self.picks)} of {need})",
                         self._playing(match) if match else None, match is not None)
        elif kind == "steal":
            if not self.picks:
                self.heading = f"{name}: click the rival Part to take."
                parts = frozenset(a.part for a in mine)  # type: ignore[attr-defined]
            else:
                self.heading = f"{name}: click the Stack of yours to build it on."
                stacks = frozenset((me, a.stack) for a in mine  # type: ignore[attr-defined]
                                   if a.part == self.picks[0])  # type: ignore[attr-defined]
        elif kind == "freeze":
            self.heading = f"{name}: click the rival Stack to freeze."
            stacks = frozenset((a.owner, a.stack) for a in mine)  # type: ignore[attr-defined]
        elif kind == "thaw":
            self.heading = f"{name}: click your frozen Stack to thaw."
            stacks = frozenset((me, a.stack) for a in mine)  # type: ignore[attr-defined]
        else:
            self._button(f"Play {name}", self._playing(mine[0]))
        self._button("Cancel", self.cancel)
        self.marks = Marks(selected=frozenset([self.card, *self.picks]), parts=parts,
                           stacks=stacks)

    def layout_event(self, view: State, options: list[Action]) -> None:
        powers = sorted({a.power for a in options if a.kind == "power"})  # type: ignore[attr-defined]
        deploys = [a for a in options if a.kind == "deploy"]
        if self.power is None and not self.deploying:
            self.marks = Marks()
            for slot in powers:
                self._button(f"Use {power_name(view, self.viewer, slot)}",
                             lambda slot=slot: self.pick_power(slot))
            if deploys:
                self._button("Deploy a robot", self.pick_deploy)
            pass_ = next(a for a in options if a.kind == "pass")
            self._button(action_label(view, pass_, self.names), self._playing(pass_))
            return
        chosen = tuple(sorted(self.picks))
        if self.deploying:
            self.heading = "Deploy: click one Part of an unfrozen Stack to sacrifice."
            parts = frozenset(a.sacrifice for a in deploys) - set(self.picks)  # type: ignore[attr-defined]
            match = next((a for a in deploys if (a.sacrifice,) == chosen), None)  # type: ignore[attr-defined]
            self._button("Deploy", self._playing(match) if match else None, match is not None)
        else:
            mine = [a for a in options if a.kind == "power" and a.power == self.power]  # type: ignore[attr-defined]
            name = power_name(view, self.viewer, self.power)  # type: ignore[arg-type]
            self.heading = f"{name}: click two Parts of unfrozen Stacks to sacrifice."
            parts = frozenset(p for a in mine for p in a.sacrifice) - set(self.picks)  # type: ignore[attr-defined]
            match = next((a for a in mine if a.sacrifice == chosen), None)  # type: ignore[attr-defined]
            self._button(f"Flip {name} ({len(self.picks)} of 2)",
                         self._playing(match) if match else None, match is not None)
        self._button("Cancel", self.cancel)
        self.marks = Marks(selected=frozenset(self.picks), parts=parts)

    def layout_choices(self, view: State, options: list[Action]) -> None:
        """Every other decision as a list where one click decides (a hand card that
        answers lights up and plays the same way); the Cleanup discard alone picks its
        cards first and confirms them together, as one decision of several cards."""
        if view.step == DISCARD:
            self.layout_discard(view, options)
            return
        pages = max(1, -(-len(options) // PAGE))
        self.page %= pages
        for action in options[self.page * PAGE:(self.page + 1) * PAGE]:
            self._button(action_label(view, action, self.names), self._playing(action))
        if pages > 1:
            self._button(f"More choices (page {self.page + 1} of {pages})", self.next_page)
        self.marks = Marks(cards=frozenset(self.hand_answers(view, options)))

    def hand_answers(self, view: State, options: list[Action]) -> dict[int, Action]:
        """The hand cards a click plays now: a window's answer, or a Meltdown discard."""
        hand = view.players[self.viewer].hand
        if view.step == MELTDOWN:
            return {a.value: a for a in options if a.value in hand}  # type: ignore[attr-defined]
        return {a.card: a for a in options if a.kind == "answer"}  # type: ignore[attr-defined]

    def layout_discard(self, view: State, options: list[Action]) -> None:
        limit = hand_limit(view, self.viewer)
        need = len(view.players[self.viewer].hand) - limit
        self.heading = (f"Cleanup: click the {need} cards to discard down to {limit}, "
                        "then confirm." if need > 1 else
                        f"Cleanup: click the card to discard down to {limit}, "
                        "then confirm.")
        chosen = [a for a in options if a.card in self.picks]  # type: ignore[attr-defined]
        ready = len(chosen) == need
        self._button(f"Discard these ({len(chosen)} of {need})",
                     (lambda: self.play_all(chosen)) if ready else None, ready)
        self.marks = Marks(cards=frozenset(a.card for a in options),  # type: ignore[attr-defined]
                           selected=frozenset(self.picks))

    def play_all(self, actions: list[Action]) -> None:
        """Several actions the viewer decided at once (the Cleanup discards), in order;
        the first the rules refuse stops the rest, with its reason on screen."""
        for action in actions:
            try:
                events = self.session.play(action)
            except RuleError as exc:
                self.app.say(str(exc))
                break
            self.absorb(events)
        self.refresh()

    def next_page(self) -> None:
        self.page += 1
        self.layout()

    def cancel(self) -> None:
        self.reset_picks()
        self.layout()

    def pick_power(self, slot: int) -> None:
        self.power = slot
        self.picks = []
        self.layout()

    def pick_deploy(self) -> None:
        self.deploying = True
        self.picks = []
        self.layout()

    # -- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.log.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.ai_beat = 0.0
            if event.button == 1:
                self.drag = self.drag_start(event.pos)
        if (event.type == pygame.MOUSEMOTION and self.drag is not None
                and self.card != self.drag[0] and self.dragged(self.drag, event.pos)):
            self.click_card(self.drag[0], PLAY, self.options())   # light its targets
        if self.press(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.drag = self.drag, None
            if drag is not None and self.dragged(drag, event.pos):
                return self.drop(drag[0], event.pos)
            return self.click(event.pos)
        return False

    def drag_start(self, pos: tuple[int, int]) -> tuple[int, tuple[int, int]] | None:
        card = self.hand_card_at(pos)
        if (card is None or card not in self.marks.cards or not self.options()
                or self.current_view().step != PLAY):
            return None
        return card, pos

    def dragged(self, drag: tuple[int, tuple[int, int]], pos: tuple[int, int]) -> bool:
        """Whether the pointer left the pressed card far enough to be a drag."""
        (x, y), card = drag[1], drag[0]
        return (abs(pos[0] - x) + abs(pos[1] - y) > DRAG
                and self.hand_card_at(pos) != card)

    def drop(self, card: int, pos: tuple[int, int]) -> bool:
        """A hand card dropped at ``pos``: chosen (if it was not), then ``pos`` clicked."""
        options = self.options()
        if self.card != card:
            self.click_card(card, PLAY, options)
        self.click(pos)
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the board: a hand card, a Part or a Stack that the decision lit."""
        options = self.options()
        if not options:
            return False
        card = self.hand_card_at(pos)
        if card is not None:
            self.click_card(card, self.current_view().step, options)
            return True
        for part, rect in self.spots.parts.items():
            if rect.collidepoint(pos) and (part in self.marks.parts or part in self.picks):
                self.picks.remove(part) if part in self.picks else self.picks.append(part)
                self.layout()
                return True
        for key, rect in self.spots.stacks.items():
            if rect.collidepoint(pos) and key in self.marks.stacks:
                self.click_stack(key, options)
                return True
        return False

    def hand_card_at(self, pos: tuple[int, int]) -> int | None:
        """The hand card under ``pos``, topmost first. The lifted card also claims the
        strip it rose from, so resting the pointer there does not make it flicker."""
        for card, rect in reversed(list(self.spots.hand.items())):
            if card == self.hover:
                rect = rect.union(rect.move(0, LIFT))
            if rect.collidepoint(pos):
                return card
        return None

    def click_card(self, card: int, step: str, options: list[Action]) -> None:
        if step == PLAY and card in self.marks.cards:
            keep = self.card != card
            self.reset_picks()
            self.card = card if keep else None
        elif step == DISCARD and card in self.marks.cards:
            view = self.current_view()
            need = len(view.players[self.viewer].hand) - hand_limit(view, self.viewer)
            if card in self.picks:
                self.picks.remove(card)
            elif len(self.picks) < need:
                self.picks.append(card)
        elif card in self.marks.cards:
            answer = self.hand_answers(self.current_view(), options).get(card)
            if answer is not None:
                self.play(answer)
                return
        self.layout()

    def click_stack(self, key: tuple[int, int], options: list[Action]) -> None:
        owner, stack = key
        for action in options:
            if getattr(action, "card", -1) != self.card:
                continue
            if action.kind in ("part", "thaw") and action.stack == stack:  # type: ignore[attr-defined]
                return self.play(action)
            if action.kind == "freeze" and (action.owner, action.stack) == key:  # type: ignore[attr-defined]
                return self.play(action)
            if (action.kind == "steal" and self.picks and action.part == self.picks[0]  # type: ignore[attr-defined]
                    and action.stack == stack and owner == self.viewer):  # type: ignore[attr-defined]
                return self.play(action)
        return None

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        history = self.session.history_for(self.viewer)
        mouse = pointer()
        self.hover = self.hand_card_at(mouse)
        key = (len(self.session.match.actions), self.viewer, len(history), self.marks,
               self.heading, tuple((b.label, b.enabled) for b in self.buttons), self.hover)
        if self._layer is None or key != self._layer_key:
            self._layer_key = key
            if self._layer is None:
                self._layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._layer.fill(BACKGROUND)
            view = self.current_view()
            self.spots = draw_board(self._layer, view, self.viewer, self.marks, self.hover,
                                    self.names)
            self.draw_prompt(self._layer)
        copy_onto(surface, self._layer)
        self.draw_log(surface, history)
        for number, button in enumerate(self.buttons, 1):
            if button.rect.collidepoint(mouse):
                draw_button(surface, number, button, mouse)
        self.animator.draw(surface)
        if self.drag is not None and self.dragged(self.drag, mouse):
            self.draw_dragged(surface, self.drag[0], mouse)
        else:
            hover = self.tooltip(mouse)
            if hover is not None:
                draw_tooltip(surface, hover[0], mouse, hover[1])

    def draw_dragged(self, surface: pygame.Surface, card: int, mouse: tuple[int, int]) -> None:
        """The held card's name riding under the pointer while it is dragged."""
        name = card_name(self.current_view().catalogue, card)
        rect = pygame.Rect(0, 0, 190, 56)
        rect.midtop = (mouse[0], mouse[1] + 14)
        surface.blit(panel_box(rect.width, rect.height, PANEL, ACCENT, 3, 10), rect)
        blit_text(surface, name, rect.center, 26, TEXT, anchor="center")

    def draw_prompt(self, surface: pygame.Surface) -> None:
        surface.blit(panel_box(PROMPT.width, PROMPT.height, PANEL, ACCENT, 2, 14), PROMPT)
        y = PROMPT.y + 16
        for line in wrap(self.heading, 30, PROMPT.width - 40)[:5]:
            blit_text(surface, line, (PROMPT.x + 20, y), 30, TEXT)
            y += 34
        for number, button in enumerate(self.buttons, 1):
            draw_button(surface, number, button, (-1, -1))

    def draw_log(self, surface: pygame.Surface, history: Any) -> None:
        """The viewer's whole log in the scrolling box; each event is worded once."""
        worded, texts = self._logs.get(self.viewer, (0, []))
        if worded < len(history):
            view = self.current_view()
            texts += [t for t in (describe(e, view, self.names) for e in history[worded:]) if t]
            self._logs[self.viewer] = (len(history), texts)
        if self._log_shown != (self.viewer, len(texts)):
            self._log_shown = (self.viewer, len(texts))
            self.log.show(texts, "Game log")
        self.log.draw(surface)

    def tooltip(self, pos: tuple[int, int]) -> Hover | None:
        """Help for what is under ``pos``, and the rect of what it is about (the card,
        Part, Power or pile), which the help box is kept clear of."""
        view = self.current_view()
        cat = view.catalogue
        card = self.hand_card_at(pos)
        if card is not None:
            return card_tip(cat, card), self.spots.hand[card]
        for card, rect in self.spots.parts.items():
            if rect.collidepoint(pos):
                return card_tip(cat, card), rect
        for (seat, slot), rect in self.spots.powers.items():
            if rect.collidepoint(pos):
                return power_tip(view, seat, slot), rect
        for seat, rect in self.spots.abilities.items():
            if rect.collidepoint(pos):
                return ability_tip(view, seat), rect
        discard = self.spots.piles.get("discard")
        if discard is not None and discard.collidepoint(pos) and view.discard:
            return card_tip(cat, view.discard[-1]), discard
        pile = self.spots.piles.get("pile")
        if pile is not None and pile.collidepoint(pos):
            return "\n".join(f"{cat.robot_cards[rc].name}: {cat.robot_cards[rc].text}"
                             for rc in sorted(set(view.pile))), pile
        return None


def draw_button(surface: pygame.Surface, number: int, button: Button,
                mouse: tuple[int, int]) -> None:
    """A prompt button with the number key that presses it at its left."""
    button.draw(surface, mouse)
    if number <= 9:
        blit_text(surface, str(number), (button.rect.x + 16, button.rect.centery), 22,
                  TEXT_DIM, anchor="midleft")
