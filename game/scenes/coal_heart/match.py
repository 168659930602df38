"""The Coal Heart match screen. It shows one seat's view at a time (the human whose
decision is due), hands over between humans behind the privacy screen before every
decision, lets AI seats think in the background, and turns clicks on the table (hexes,
cubes, Gear cards, robots, part slots) and on the prompt's buttons into actions.

What may be clicked comes only from the rules' ``legal_actions`` for the deciding
seat's own view (game.scenes.coal_heart.prompt): the screen holds no copy of a rule and
never changes the rules' state; it hands actions to the session, which autosaves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.coal_heart.events import Hp, Note
from game.rules.coal_heart.state import OVER, State
from game.rules.core.actions import Action, Event
from game.scenes.coal_heart.board import draw_board, hover_help
from game.scenes.coal_heart.effects import effects_for
from game.scenes.coal_heart.layout import LOG, PROMPT, Spots
from game.scenes.coal_heart.narrate import describe_all
from game.scenes.coal_heart.prompt import Choice, Picks, Prompt, build, heading
from game.scenes.coal_heart.words import choice_help, who
from game.scenes.handover import HandoverScene, hand_over_first
from game.scenes.match_screen import MatchScreen
from game.session import Session
from game.ui.animation import Animator
from game.ui.display import copy_onto, pointer
from game.ui.logview import LogView
from game.ui.palette import ACCENT, BACKGROUND, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text, wrap
from game.ui.tooltip import draw_tooltip, group_of
from game.ui.widgets import Button, box

if TYPE_CHECKING:
    from game.app import App

HEADING_SIZE, HEADING_STEP = 28, 31
BUTTON_H, BUTTON_STEP = 46, 52
SOUNDS = {"built": "place", "gear": "click", "used": "click", "selected": "rotate",
          "heart": "reveal", "overload": "destroy", "mend": "reveal", "won": "fanfare",
          "picked": "click", "drafted": "click"}


class MatchScene(MatchScreen[State]):
    def __init__(self, app: App, session: Session) -> None:
        humans = [s for s, seat in enumerate(session.seats) if not seat.is_ai]
        super().__init__(app, session, humans[0] if humans else 0)
        self.names = tuple(seat.name for seat in session.seats)
        self.humans = humans
        self.handing_over = False
        self.animator = Animator()
        self.picks = Picks()
        self.page = 0
        self.prompt = Prompt("")
        self.spots = Spots()
        self._options: list[Action] = []
        self._decision: tuple[int, int] = (-1, -1)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] = ()
        self.log = LogView(LOG, size=22, line_height=26)
        self._logs: dict[int, tuple[int, list[Any]]] = {}

    # -- model --------------------------------------------------------------------------
    def options(self) -> list[Action]:
        """The legal actions the prompt offers now (empty when the viewer is not due)."""
        return self._options

    def absorb(self, events: list[Event]) -> None:
        """Animations and sounds of what happened, from the viewer's redacted copy of
        the events (another seat's bag draws fly as grey cubes)."""
        mine = [e for e in (self.session.rules.redact(e, self.viewer) for e in events)
                if e is not None]
        view = self.current_view()
        owners = {(s, slot): robot for s, seat in enumerate(view.seats)
                  for slot, robot in seat.parts.items()}
        for animation in effects_for(mine, self.spots, owners):
            self.animator.add(animation)
        for name in {self.sound(e) for e in mine} - {None}:
            self.app.sounds.play(name)  # type: ignore[arg-type]

    @staticmethod
    def sound(event: Event) -> str | None:
        if event.kind == "cubes":
            return "token"
        if isinstance(event, Hp):
            if event.change < 0 and event.hp == 0:
                return "destroy"
            return "hit" if event.change < 0 and event.why == "attack" else None
        if isinstance(event, Note):
            return SOUNDS.get(event.what)
        return None

    # -- the scene ----------------------------------------------------------------------
    def enter(self) -> None:
        self.handing_over = hand_over_first(self.app, self, self.reason())
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

    def reason(self) -> str:
        """The public reason a hand-over gives: what the next decision is about (every
        seat could read it on the table)."""
        state = self.state
        if state.stage == OVER:
            return ""
        seats = self.session.to_act()
        return heading(state, seats[0], self.names) if seats else ""

    def refresh(self) -> None:
        """Hand over to the human deciding now (behind the privacy screen when several
        play) and, when the decision changed, forget a half-made pick and list the
        options."""
        if self.app.scenes.top is not self or self.handing_over:
            return
        due = self.session.humans_to_act()
        if due and self.viewer not in due:
            if len(self.humans) > 1:
                self.handing_over = True
                self.app.scenes.push(HandoverScene(self.app, self, due[0], self.reason()))
                return
            self.viewer = due[0]
        decision = (len(self.session.match.actions), self.viewer)
        if decision != self._decision:
            self._decision = decision
            self._options = (self.session.rules.legal_actions(self.current_view(), self.viewer)
                             if self.viewer in due else [])
            self.picks = Picks()
            self.page = 0
            self.layout()

    def take_over(self, seat: int) -> None:
        self.viewer = seat
        self.handing_over = False
        self._decision = (-1, -1)

    def layout(self) -> None:
        """The prompt for the decision and its buttons (paged when they are many)."""
        view = self.current_view()
        self.prompt = build(view, self.viewer, self._options, self.picks, self.names)
        entries: list[tuple[str, Any, str]] = [
            (label, self._chooser(choice),
             "" if isinstance(choice, Picks) else choice_help(view, choice))
            for label, choice in self.prompt.buttons]
        if self.session.is_over():
            self.prompt.heading = "Game over. " + winners_words(self.state, self.names)
            entries = [("Title screen", self.app.scenes.pop, "")]
        room = buttons_room(self.prompt.heading)
        pages = 1 if len(entries) <= room else -(-len(entries) // (room - 1))
        self.page %= pages
        if pages > 1:
            shown = entries[self.page * (room - 1):(self.page + 1) * (room - 1)]
            shown.append((f"More choices (page {self.page + 1} of {pages})", self.next_page, ""))
        else:
            shown = entries
        self.buttons = [Button(button_rect(self.prompt.heading, i), label, action, size=24,
                               tooltip=help_text)
                        for i, (label, action, help_text) in enumerate(shown)]

    def _chooser(self, choice: Choice) -> Any:
        return lambda: self.choose(choice)

    def choose(self, choice: Choice) -> None:
        """A click's result: a first pick (the prompt changes) or an action to play."""
        if isinstance(choice, Picks):
            self.picks = choice
            self.page = 0
            self.layout()
        else:
            self.play(choice)

    def next_page(self) -> None:
        self.page += 1
        self.layout()

    # -- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.log.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.ai_beat = 0.0
            self.animator.skip()
        if self.press(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.click(event.pos)
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the table: the topmost lit thing under it."""
        for key, _ in self.spots.hits(pos):
            if key in self.prompt.lit:
                self.choose(self.prompt.lit[key])
                return True
        return False

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        view = self.current_view()
        mouse = pointer()
        key = (len(self.session.match.actions), self.viewer, self.picks, self.page,
               self.prompt.heading, tuple(b.label for b in self.buttons))
        if self._layer is None or key != self._layer_key:
            self._layer_key = key
            if self._layer is None:
                self._layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._layer.fill(BACKGROUND)
            self.spots = draw_board(self._layer, view, self.viewer, self.prompt, self.names)
            draw_prompt(self._layer, self.prompt.heading, self.buttons)
        copy_onto(surface, self._layer)
        self.draw_log(surface, view)
        for button in self.buttons:
            if button.rect.collidepoint(mouse):
                button.draw(surface, mouse)
        self.animator.draw(surface)
        hover = self.tooltip(mouse, view)
        if hover is not None:
            draw_tooltip(surface, hover[0], mouse, hover[1])

    def draw_log(self, surface: pygame.Surface, view: State) -> None:
        """The viewer's whole log in the scrolling box; each event is worded once."""
        history = self.session.history_for(self.viewer)
        worded, texts = self._logs.get(self.viewer, (0, []))
        if worded < len(history):
            texts = texts + describe_all(history[worded:], view, self.names)
            self._logs[self.viewer] = (len(history), texts)
        self.log.show(texts, f"Game log ({who(self.viewer, self.names)})")
        self.log.draw(surface)

    def tooltip(self, pos: tuple[int, int], view: State) -> tuple[str, pygame.Rect] | None:
        """The help of what is under the pointer: a button's, else the table thing's.
        A button's help keeps clear of the whole column, not only of the button, so it
        never covers the next choice down."""
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                if not button.tooltip:
                    return None
                return button.tooltip, group_of(button.rect, [b.rect for b in self.buttons])
        for key, rect in self.spots.hits(pos):
            text = hover_help(view, key, self.names)
            if text is not None:
                return text, rect
        return None


def winners_words(state: State, names: tuple[str, ...]) -> str:
    won = [who(s, names) for s in state.winners]
    if not won:
        return "Nobody wins."
    return (" and ".join(won) + (" share the win." if len(won) > 1 else " wins!"))


# -- the prompt panel -----------------------------------------------------------------
def heading_lines(text: str) -> list[str]:
    return wrap(text, HEADING_SIZE, PROMPT.width - 40)[:7]


def buttons_top(text: str) -> int:
    return PROMPT.y + 20 + HEADING_STEP * len(heading_lines(text)) + 12


def buttons_room(text: str) -> int:
    """How many buttons fit under the heading."""
    return max(2, (PROMPT.bottom - 10 - buttons_top(text)) // BUTTON_STEP)


def button_rect(text: str, index: int) -> pygame.Rect:
    return pygame.Rect(PROMPT.x + 16, buttons_top(text) + index * BUTTON_STEP,
                       PROMPT.width - 32, BUTTON_H)


def draw_prompt(surface: pygame.Surface, text: str, buttons: list[Button]) -> None:
    surface.blit(box(PROMPT.width, PROMPT.height, PANEL, ACCENT, 2, 14), PROMPT)
    y = PROMPT.y + 20
    for line in heading_lines(text):
        blit_text(surface, line, (PROMPT.x + 20, y), HEADING_SIZE, TEXT)
        y += HEADING_STEP
    for number, button in enumerate(buttons, 1):
        button.draw(surface, (-1, -1))
        if number <= 9:
            blit_text(surface, str(number), (button.rect.x + 12, button.rect.centery), 20,
                      TEXT_DIM, anchor="midleft")
