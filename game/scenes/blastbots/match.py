"""The Blastbots match screen. It shows one seat's view at a time (the human whose
decision is due), hands over between humans behind a privacy screen before every
decision (a defence prompt included, asked whether or not the player holds an answer),
lets AI seats think in the background, plays what the table's dice tray reads, and
turns clicks on the board into actions.

What may be clicked comes only from the rules' ``legal_actions`` for the deciding
seat's own view (game.scenes.blastbots.prompt): the screen holds no copy of a rule and
never changes the rules' state; it hands actions to the session."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.rules.blastbots.board import ATMOSPHERE, JUNKYARD, LAUNCHPAD, SPACE
from game.rules.blastbots.state import OVER, State
from game.rules.core.actions import Action, Event
from game.scenes.blastbots.board import draw_board, hand_index_at, hover_help
from game.scenes.blastbots.effects import effects_for
from game.scenes.blastbots.layout import LOG, Spots
from game.scenes.blastbots.narrate import describe_all, game_over_words
from game.scenes.blastbots.panels import button_rect, buttons_room, draw_prompt, overlay_rect
from game.scenes.blastbots.prompt import Choice, Picks, Prompt, build
from game.scenes.blastbots.questions import stage_words
from game.scenes.blastbots.table import TRAY, TRAY_ROLE
from game.scenes.blastbots.words import who
from game.scenes.handover import HandoverScene, hand_over_first
from game.scenes.match_screen import MatchScreen
from game.session import Session
from game.table_mapping import tray_faces
from game.ui.animation import Animator
from game.ui.display import copy_onto, pointer
from game.ui.logview import LogView
from game.ui.palette import BACKGROUND, DANGER, GOOD, TEXT_DIM
from game.ui.text import blit_text
from game.ui.tooltip import draw_tooltip
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App

SOUNDS = {"first_roll": "roll", "rolled": "roll", "placed": "token", "token_moved": "token",
          "played": "click", "defended": "hit", "stolen": "reveal", "handed": "reveal",
          "revived": "reveal", "kept": "reveal", "game_over": "fanfare", "drew": "place"}


class MatchScene(MatchScreen[State]):
    def __init__(self, app: App, session: Session) -> None:
        humans = [s for s, seat in enumerate(session.seats) if not seat.is_ai]
        super().__init__(app, session, humans[0] if humans else 0)
        self.names = tuple(seat.name for seat in session.seats)
        """What each seat's player typed (empty: the seat goes by its colour)."""
        self.humans = humans
        self.decider = -1
        """The seat whose decision the prompt offers: the viewer, or an AI seat whose
        dice are rolled at the table (-1: nobody's here)."""
        self.handing_over = False
        self.animator = Animator()
        self.swallow_release = False
        self.picks = Picks()
        self.page = 0
        self.prompt = Prompt("")
        self.spots = Spots()
        self.hover: int | None = None
        self.scores = True
        """Whether the final scores lie over the grid once the game is over."""
        self.totems = list(session.state.totem)
        """Where each meteor stood as last animated."""
        self._options: list[Action] = []
        self._decision: tuple[int, int, int, bool] = (-1, -1, -1, False)
        self._before: tuple[State, int] | None = None
        """The viewer's board and the length of their log just before a roll, shown
        while its dice tumble: the faces are not given away by the board or the log."""
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] = ()
        self.log = LogView(LOG, size=24, line_height=28)
        self._logs: dict[int, tuple[int, list[str]]] = {}
        self._log_shown: tuple[int, int] = (-1, -1)

    # -- model --------------------------------------------------------------------------
    def options(self) -> list[Action]:
        """The legal actions the prompt offers now (empty when no one here decides)."""
        return self._options

    def seen_now(self) -> tuple[State, int]:
        """The viewer's board and log length as they stand (kept across a move)."""
        return self.current_view(), len(self.session.history_for(self.viewer))

    def apply(self, action: Action) -> None:
        """Play ``action``, raising the rules' refusal: a table board's move is then
        said refused (and its board not flashed as accepted)."""
        before = self.seen_now()
        events = self.session.play(action)
        self.absorb(events, before)
        self.refresh()

    def take_table_input(self) -> None:
        """Apply what the table's boards confirmed, in the order they said it, exactly as
        if clicked, until another screen comes on top (the rest waits for it to go)."""
        self.app.table.take(self.apply, self.app.say, lambda: self.app.scenes.top is self)

    def absorb(self, events: list[Event], before: tuple[State, int] | None = None) -> None:
        """Animations and sounds of what happened (public things only: where cards and
        rockets went, never a face); while dice tumble the board stays ``before``."""
        seed = len(self.session.match.actions) * 31
        for animation in effects_for(events, self.spots, self.viewer, self.totems, seed):
            self.animator.add(animation)
        if before is not None and self.animator.holding:
            self._before = before
        for name in {self.sound(e) for e in events} - {None}:
            self.app.sounds.play(name)  # type: ignore[arg-type]

    @staticmethod
    def sound(event: Event) -> str | None:
        if event.kind == "rockets":
            dest, source = event.dest, event.source  # type: ignore[attr-defined]
            if dest == JUNKYARD and source in (LAUNCHPAD, ATMOSPHERE):
                return "destroy"
            return "launch" if dest in (ATMOSPHERE, SPACE) else None
        if event.kind == "totem_moved":
            return "impact" if event.totem == 0 else "rotate"  # type: ignore[attr-defined]
        return SOUNDS.get(event.kind)

    # -- the scene ----------------------------------------------------------------------
    def enter(self) -> None:
        self.app.table.attach(self.session)
        self.handing_over = hand_over_first(self.app, self, self.reason())
        self.refresh()

    def exit(self) -> None:
        self.app.table.detach(self.session)
        self.session.close()

    def update(self, dt: float) -> None:
        self.say_news()
        self.animator.update(dt * self.app.settings.animation_speed)
        if self.app.scenes.top is not self:
            return
        self.take_table_input()
        before = self.seen_now()
        events = self.poll_bots(dt, hold=self.animator.holding)
        if events:
            self.absorb(events, before)
        self.refresh()

    def reason(self) -> str:
        """The public reason a hand-over gives: the stage, or that an attack awaits an
        answer (said the same whether or not the player holds one)."""
        state = self.state
        if state.phase == OVER or not state.stack:
            return ""
        top = state.stack[-1]
        if top[0] == "defend":
            return (f"{who(top[2], self.names)} attacks you with "
                    f"{state.cat.cards[top[3]].name}: answer or let it through")
        return stage_words(state)

    def refresh(self) -> None:
        """Pick whose view to show (handing over first when another human decides)
        and, when the decision changed, forget half-made picks and list the options.
        While the dice tumble nothing new is offered (a click skips them): the roll
        shows before anyone is asked anything after it."""
        if self.app.scenes.top is not self or self.handing_over:
            return
        if self.animator.holding:
            if self._options and self._decision[0] != len(self.session.match.actions):
                self._options, self._decision = [], (-1, -1, -1, False)
                self.decider = -1
                self.layout()
            return
        table, session = self.app.table, self.session
        humans = session.humans_to_act()
        due = [s for s in humans if not table.decides(s)]
        if due and self.viewer not in due:
            if len(self.humans) > 1:
                self.handing_over = True
                self.app.scenes.push(HandoverScene(self.app, self, due[0], self.reason()))
                return
            self.viewer = due[0]
        # A roll the tray reads in needs no hand-over, but its faces can still be clicked
        # (the fallback when the tray cannot be used), as can a bot's roll at the table.
        rolling = [s for s in (*humans, *session.table_seats())
                   if s not in due and session.waits_on_table(s)]
        decider = self.viewer if self.viewer in due else (rolling[0] if rolling else -1)
        decision = (len(self.session.match.actions), self.viewer, decider,
                    decider >= 0 and table.decides(decider))
        if decision != self._decision:
            self._decision = decision
            self.decider = decider
            self._options = ([] if decider < 0 else self.session.rules.legal_actions(
                self.session.view(decider), decider))
            self.picks = Picks()
            self.page = 0
            self.layout()

    def take_over(self, seat: int) -> None:
        self.viewer = seat
        self.handing_over = False
        self._decision = (-1, -1, -1, False)

    def layout(self) -> None:
        """The prompt for the decision and its buttons (paged when they are many)."""
        view = self.session.view(self.decider) if self.decider >= 0 else self.current_view()
        self.prompt = build(view, max(self.decider, 0), self._options, self.picks, self.names)
        if self.decider >= 0 and self.app.table.decides(self.decider):
            self.prompt.heading = (f"{who(self.decider, self.names)}: roll both dice in the "
                                   "table's tray (or click their faces here).")
        elif self.decider >= 0 and self.decider != self.viewer:
            self.prompt.heading = (f"Roll the dice for {who(self.decider, self.names)} at the "
                                   "table, then click the faces.")
        elif self.animator.holding and not self._options:
            self.prompt.heading = "The dice are rolling... (click anywhere to skip)"
        entries: list[tuple[str, Any]] = [(label, self._chooser(choice))
                                          for label, choice in self.prompt.buttons]
        if self.state.phase == OVER:
            state = self.state
            self.prompt.heading = ("Game over. " + game_over_words(
                state, state.winner, state.victory, self.names))
            entries = [("Title screen", self.app.scenes.pop),
                       ("Show the board" if self.scores else "Show the scores",
                        self.toggle_scores)]
        room = buttons_room(self.prompt.heading)
        pages = 1 if len(entries) <= room else -(-len(entries) // (room - 1))
        self.page %= pages
        if pages > 1:
            shown = entries[self.page * (room - 1):(self.page + 1) * (room - 1)]
            shown.append((f"More choices (page {self.page + 1} of {pages})", self.next_page))
        else:
            shown = entries
        self.buttons = [Button(button_rect(self.prompt.heading, i), label, action, size=26)
                        for i, (label, action) in enumerate(shown)]

    def toggle_scores(self) -> None:
        """The final scores over the grid, or the board as the game ended."""
        self.scores = not self.scores
        self.layout()

    def _chooser(self, choice: Choice) -> Any:
        return lambda: self.choose(choice)

    def choose(self, choice: Choice) -> None:
        """A click's result: more picks (the prompt changes), an action to play, or
        several to play in turn (the first the rules refuse stops the rest)."""
        if isinstance(choice, Picks):
            self.picks = choice
            self.layout()
        elif isinstance(choice, tuple):
            for action in choice:
                moves = len(self.session.match.actions)
                self.play(action)
                if len(self.session.match.actions) == moves:
                    break
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
            if self.animator.busy:
                behind = self.animator.holding
                self.animator.skip()
                self.swallow_release = behind
                if behind:
                    return True  # the click that stops the dice chooses nothing
        if event.type == pygame.MOUSEBUTTONUP and self.swallow_release:
            self.swallow_release = False
            return True
        if self.press(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.click(event.pos)
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the board: the topmost lit thing under it."""
        for key, _ in self.spots.hits(pos):
            if key in self.prompt.lit:
                self.choose(self.prompt.lit[key])
                return True
        return False

    # -- drawing ------------------------------------------------------------------------
    def shown(self) -> tuple[State, Any]:
        """The board and log on screen: as they were before the roll while its dice
        tumble, else as they are."""
        history = self.session.history_for(self.viewer)
        before = self._before
        if before is not None and self.animator.holding and before[0].viewer == self.viewer:
            return before[0], history[:before[1]]
        self._before = None
        return self.current_view(), history

    def draw(self, surface: pygame.Surface) -> None:
        view, history = self.shown()
        mouse = pointer()
        self.hover = hand_index_at(view, self.viewer, mouse, self.hover)
        key = (len(self.session.match.actions), self.viewer, len(history),
               self._before is not None, self.picks, self.page, self.prompt.heading, self.hover,
               tuple((b.label, b.enabled) for b in self.buttons))
        if self._layer is None or key != self._layer_key:
            self._layer_key = key
            if self._layer is None:
                self._layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._layer.fill(BACKGROUND)
            self.spots = draw_board(self._layer, view, self.viewer, self.prompt, self.hover,
                                    self.names, self.scores)
            draw_prompt(self._layer, self.prompt.heading, self.buttons, (-1, -1),
                        self.prompt.note)
        copy_onto(surface, self._layer)
        self.draw_log(surface, view, history)
        for button in self.buttons:
            if button.rect.collidepoint(mouse):
                button.draw(surface, mouse)
        self.draw_table_notes(surface)
        self.draw_tray(surface)
        self.animator.draw(surface)
        if not self.animator.holding:
            hover = self.tooltip(mouse, view)
            if hover is not None:
                draw_tooltip(surface, hover[0], mouse, hover[1])

    def draw_log(self, surface: pygame.Surface, view: State, history: Any) -> None:
        """The viewer's whole log in the scrolling box; each event is worded once."""
        worded, texts = self._logs.get(self.viewer, (0, []))
        if worded < len(history):
            texts += describe_all(history[worded:], view, self.names)
            self._logs[self.viewer] = (len(history), texts)
        if self._log_shown != (self.viewer, len(texts)):
            self._log_shown = (self.viewer, len(texts))
            self.log.show(texts, "Game log")
        self.log.draw(surface)

    def draw_table_notes(self, surface: pygame.Surface) -> None:
        """A line about table boards needing attention (the first, and how many more)."""
        notes = [f"{who(seat, self.names)}: {note}"
                 for seat in range(len(self.session.seats))
                 for note in self.app.table.notes(seat)]
        if notes:
            more = f" (and {len(notes) - 1} more)" if len(notes) > 1 else ""
            blit_text(surface, notes[0] + more, (1400, 60), 24, DANGER, anchor="topright")

    def draw_tray(self, surface: pygame.Surface) -> None:
        """Under the dice faces to click, what the table's tray reads now (it changes
        with every snapshot, so it is drawn each frame over the cached board)."""
        overlay = self.prompt.overlay
        if overlay is None or overlay.kind != "faces":
            return
        values = self.app.table.values_of(TRAY_ROLE)
        if values is None:
            return
        faces = tray_faces(values, TRAY)
        if faces is None:
            words, colour = "The tray's dice are moving...", TEXT_DIM
        elif not faces:
            words, colour = "The tray is empty: roll both dice in it.", TEXT_DIM
        else:
            words, colour = f"The tray reads {' and '.join(faces)}.", GOOD
        area = overlay_rect(overlay)
        blit_text(surface, words, (area.centerx, area.bottom - 34), 28, colour, anchor="center")

    def tooltip(self, pos: tuple[int, int], view: State) -> tuple[str, pygame.Rect] | None:
        for key, rect in self.spots.hits(pos):
            text = hover_help(view, key, self.names)
            if text is not None:
                return text, rect
        return None
