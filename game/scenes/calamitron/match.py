"""The Calamitron match screen: the board, a program rail per seat, the counter tray,
the clock, the prompt for other decisions, the log, and the round played back step by
step.

Nothing is hidden between seats (RULES-DECISIONS.md: one shared view), so there is no
hand-over between humans during play: every human seat's rail can be edited on the
one screen while its window is open. Only the opening of a hot-seat match shows the
hand-over, as every game's does. What may be done comes only from the rules'
``legal_actions`` (game.scenes.calamitron.rail and .prompt); the screen never changes
the rules' state, it hands actions to the session.

The clock belongs to the session (game.clock): its times and open windows are shown, and
``session.tick`` runs each frame the match is on top and no playback runs, so the clock
stands still under a menu, a hand-over or a round being played back; relaxed (no clock),
every human seat programs at leisure."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ai.budget import Budget
from game.rules.calamitron import events as ev
from game.rules.calamitron.actions import Clear, Lock, Put
from game.rules.calamitron.state import OVER, PROGRAM, State
from game.rules.core.actions import Action, Event
from game.scenes.calamitron.board import (
    draw_floor,
    draw_lit,
    draw_path,
    draw_pieces,
)
from game.scenes.calamitron.effects import Tumble, draw_step, moving_piece, tumble_for
from game.scenes.calamitron.hint import Hint
from game.scenes.calamitron.hover import help_at
from game.scenes.calamitron.layout import (
    LOG,
    button_row,
    prompt_button,
    rail_rect,
    square_at,
)
from game.scenes.calamitron.narrate import describe_all
from game.scenes.calamitron.panels import (
    draw_prompt,
    draw_rail,
    draw_result,
    draw_top,
    draw_tray,
    in_force,
)
from game.scenes.calamitron.pieces import counter_image
from game.scenes.calamitron.playback import BEATS, Playback
from game.scenes.calamitron.preview import Path, preview
from game.scenes.calamitron.prompt import Prompt, build
from game.scenes.calamitron.rail import Drag, dropped, lifted_at, taken_at, tray_faces
from game.scenes.calamitron.words import COUNTER_LABELS, COUNTER_NAMES, who
from game.scenes.handover import hand_over_first
from game.scenes.match_screen import MatchScreen
from game.scenes.pause import PauseScene
from game.session import Session
from game.ui.display import pointer
from game.ui.logview import LogView
from game.ui.palette import BACKGROUND, SEAT_COLOURS
from game.ui.tooltip import draw_tooltip
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App
    from game.clock import WindowClock

SUGGEST_BUDGET = Budget(iterations=600, seconds=0.5)
"""The hint is planned on a thread beside the frame's (the window keeps drawing and the
playback keeps running) with this budget: 600 play-outs or half a CPU second, whichever
comes first; hard's full search is 1500."""
PAGE = 10
"""Prompt buttons on one page (two columns of five)."""
DRAG_START = 6
"""Pixels a pressed counter must move before it counts as dragged, not clicked."""
SOUNDS = {"step": "token", "turn": "rotate", "pushed": "hit", "shoved": "hit",
          "pulled": "hit", "forced": "hit", "herded": "token"}
REMOVED_SOUNDS = {"pit": "destroy", "filled": "place", "wrecked": "destroy",
                  "opened": "reveal", "rescued": "fanfare"}


class MatchScene(MatchScreen[State]):
    def __init__(self, app: App, session: Session) -> None:
        humans = [s for s, seat in enumerate(session.seats) if not seat.is_ai]
        # the viewer is whose history the log reads: every seat's is the same
        super().__init__(app, session, humans[0] if humans else 0)
        self.names = tuple(seat.name for seat in session.seats)
        self.humans = humans
        self.handing_over = False
        self.focus = self.viewer
        """The rail the tray, Clear, Lock and Suggest work on."""
        self.playback = Playback()
        self.tumble: Tumble | None = None
        self.drag: Drag | None = None
        self.dragging = False
        self.prompt = Prompt()
        self.decider = -1
        self.page = 0
        self.show_result = True
        self.log = LogView(LOG, size=22, line_height=26)
        self._logged: tuple[int, list[Any]] = (0, [])
        self._kinds: dict[str, str] = {}
        """Piece id -> type, as the log has met them (to name pieces that are gone)."""
        self._synced: tuple[int, State] | None = None
        """History length and the view as the screen last took them in."""
        self._decision: tuple[Any, ...] = ()
        self._paths: tuple[int, dict[int, Path]] = (-1, {})
        self._usable: tuple[tuple[int, int], set[str]] = ((-1, -1), set())
        self._floor: tuple[frozenset[Any], pygame.Surface] | None = None
        self.hinting: Hint | None = None
        """A suggestion being planned beside the frame."""

    # -- model --------------------------------------------------------------------------
    @property
    def clock(self) -> WindowClock | None:
        return self.session.clock

    def open_seats(self) -> tuple[int, ...] | None:
        """The seats whose programming window is open (None: no clock, all are)."""
        clock = self.clock
        return None if clock is None else tuple(clock.open_seats())

    def editable(self) -> list[int]:
        """Human seats that may edit their program now."""
        view = self.current_view()
        if view.phase != PROGRAM or self.playback.active:
            return []
        opened = self.open_seats()
        due = self.session.humans_to_act()
        return [s for s in due if not view.lost[s] and not view.locked[s]
                and (opened is None or s in opened)]

    def options(self) -> list[Action]:
        """The prompt's actions now (program edits are made on the rails)."""
        return [action for _, action, _ in self.prompt.choices]

    def absorb(self, events: list[Event]) -> None:
        """A move's events reach the screen through the history (``sync``), as a bot's
        and the clock's do."""
        self.sync()

    def play_all(self, actions: list[Action]) -> None:
        for action in actions:
            if not self.play(action):
                return

    def sync(self) -> None:
        """Take in what happened since last time (a move here, a bot's, the clock's):
        its steps are queued for playback from the board as it was shown."""
        history = self.session.history_for(self.viewer)
        if self._synced is None:
            self._synced = (len(history), self.current_view())
            return
        seen, before = self._synced
        if len(history) > seen:
            fresh = list(history[seen:])
            if any(BEATS.get(e.kind, 0) > 0 for e in fresh) or self.playback.active:
                self.playback.begin(before, seen)
                self.playback.add(fresh)
            self._synced = (len(history), self.current_view())

    # -- the scene ----------------------------------------------------------------------
    def enter(self) -> None:
        self.handing_over = hand_over_first(self.app, self)
        if not self.handing_over:
            self.sync()
        self.refresh()

    def take_over(self, seat: int) -> None:
        self.viewer = seat
        self.focus = seat
        self.handing_over = False
        self._decision = ()
        self.sync()

    def update(self, dt: float) -> None:
        self.say_news()
        self.play_back(dt * self.app.settings.animation_speed)
        if self.app.scenes.top is not self or self.handing_over:
            return
        self.take_hint()
        if not self.playback.active:
            self.session.tick(dt)
        self.session.poll(apply=not self.playback.active)
        self.sync()
        self.refresh()

    def play_back(self, dt: float) -> None:
        """Move the playback on; sounds and a tumble for each step that begins."""
        was = self.playback.active
        for event in self.playback.update(dt):
            name = self.sound(event)
            if name is not None:
                self.app.sounds.play(name)
            if isinstance(event, ev.Removed):
                self.tumble = tumble_for(self.playback, len(self.session.match.actions))
        if self.tumble is not None:
            self.tumble.update(dt * self.playback.speed)
            if moving_piece(self.playback) is None:
                self.tumble = None
        if was and not self.playback.active:
            self._decision = ()

    @staticmethod
    def sound(event: Event) -> str | None:
        if isinstance(event, ev.Moved):
            return SOUNDS.get(event.how)
        if isinstance(event, ev.Removed):
            return REMOVED_SOUNDS.get(event.why)
        if isinstance(event, ev.Damaged):
            return "hit"
        if isinstance(event, ev.Drew):
            return "reveal"
        if isinstance(event, ev.Ended):
            return "fanfare" if event.result == "won" else "impact"
        return None

    # -- decisions ----------------------------------------------------------------------
    def refresh(self) -> None:
        """When the decision changed: whose prompt shows, which rail has the focus, and
        the buttons. Nothing is offered while the playback runs."""
        if self.app.scenes.top is not self or self.handing_over:
            return
        view = self.current_view()
        editable = self.editable()
        if editable and self.focus not in editable:
            self.focus = editable[0]
        due = [] if self.playback.active else self.session.humans_to_act()
        deciders = [s for s in due if view.phase != PROGRAM or view.lost[s]]
        decider = deciders[0] if deciders else -1
        key = (len(self.session.match.actions), decider, tuple(editable), self.focus,
               self.playback.active, self.page, self.show_result, self.playback.speed)
        if key == self._decision:
            return
        if key[:2] != self._decision[:2]:
            self.page = 0
        self._decision = key
        self.decider = decider
        options = ([] if decider < 0 else self.session.rules.legal_actions(view, decider))
        self.prompt = build(view, decider, options, self.names)
        if decider < 0:
            self.prompt.heading = self.waiting_words(view, editable)
        self.layout(view, editable)

    def waiting_words(self, view: State, editable: list[int]) -> str:
        if view.phase == OVER:
            return "Game over. " + ("The team has won!" if view.result == "won" else
                                    "The team has lost.")
        if self.playback.active:
            return "The round plays out... (Skip jumps to the end.)"
        if editable:
            return (f"{who(self.focus, self.names)}: lay out your program on your rail, "
                    "then Lock it. The faint path shows where it takes your Retro.")
        waiting = ", ".join(who(s, self.names) for s in self.session.to_act())
        return f"Waiting for {waiting}." if waiting else ""

    def layout(self, view: State, editable: list[int]) -> None:
        buttons: list[Button] = []
        programming = self.focus in editable
        words = view.programs[self.focus] if programming else ()
        row = [("Clear", self.clear, programming and bool(words),
                "Take every counter off the rail."),
               ("Lock", self.lock, programming, "Your program is final; your clock stops."),
               ("Thinking..." if self.hinting else "Suggest", self.hint,
                programming and self.hinting is None,
                "Fill the rail with the program the AI would run (you may still change it)."),
               (f"Speed {self.playback.speed}x", self.faster, True,
                "How fast the round plays back: 1x, 2x or 4x."),
               ("Skip", self.skip, self.playback.active, "Jump to the end of the playback.")]
        for i, (label, action, enabled, tip) in enumerate(row):
            buttons.append(Button(button_row(len(row), i), label, action, enabled, 28, tip))
        entries: list[tuple[str, Any, str]] = [(label, (lambda a=a: self.play(a)), tip)
                                               for label, a, tip in self.prompt.choices]
        if view.phase == OVER:
            entries = [("Title screen", self.app.scenes.pop, ""),
                       ("Show the board" if self.show_result else "Show the result",
                        self.toggle_result, "")]
        pages = 1 if len(entries) <= PAGE else -(-len(entries) // (PAGE - 1))
        self.page %= pages
        shown = entries if pages == 1 else entries[self.page * (PAGE - 1):
                                                   (self.page + 1) * (PAGE - 1)]
        if pages > 1:
            shown = [*shown, (f"More ({self.page + 1} of {pages})", self.next_page, "")]
        for i, (label, action, tip) in enumerate(shown):
            buttons.append(Button(prompt_button(i), label, action, True, 24, tip))
        self.buttons = buttons

    def next_page(self) -> None:
        self.page += 1
        self._decision = ()
        self.refresh()

    def toggle_result(self) -> None:
        self.show_result = not self.show_result
        self.refresh()

    def clear(self) -> None:
        self.play(Clear(self.focus))

    def lock(self) -> None:
        self.play(Lock(self.focus))

    def faster(self) -> None:
        self.playback.faster()
        self.refresh()

    def skip(self) -> None:
        self.playback.skip()
        self.tumble = None
        self._decision = ()
        self.refresh()

    def hint(self) -> None:
        """Start planning the AI's program for the focused seat beside the frame."""
        if self.hinting is not None:
            return
        self.hinting = Hint(self.current_view(), self.focus, len(self.session.match.actions),
                            SUGGEST_BUDGET)
        self._decision = ()
        self.refresh()

    def take_hint(self) -> None:
        """A finished hint goes on the rail, counter by counter, unless the rail changed
        while it was planned (then it is dropped, and said so)."""
        hint = self.hinting
        if hint is None or not hint.done:
            return
        self.hinting = None
        self._decision = ()
        seat, words = hint.seat, hint.words
        if (hint.moves != len(self.session.match.actions) or seat not in self.editable()
                or words is None):
            self.app.say("The program changed while the suggestion was worked out; "
                         "press Suggest again.")
            self.refresh()
            return
        actions: list[Action] = [Clear(seat)] if self.current_view().programs[seat] else []
        actions += [Put(seat, i, word) for i, word in enumerate(words)]
        self.play_all(actions)
        self.app.say("Suggested: " + (", ".join(COUNTER_NAMES[w] for w in words) or
                                      "nothing (an empty program is best)."))

    def paths(self) -> dict[int, Path]:
        """Each unlocked seat's preview path (worked out once per move)."""
        moves = len(self.session.match.actions)
        if self._paths[0] != moves:
            view = self.current_view()
            found = {}
            if view.phase == PROGRAM:
                for seat in range(view.n):
                    if not view.locked[seat]:
                        path = preview(view, seat)
                        if path is not None:
                            found[seat] = path
            self._paths = (moves, found)
        return self._paths[1]

    # -- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.log.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.push(PauseScene(self.app, self))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.take_at(event.pos)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.lift(event.pos)):
            return True
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            start = self.drag.start
            if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_START:
                self.dragging = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self.drop(event.pos)
            return True
        for button in list(self.buttons):
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.click(event.pos)
        return False

    def lift(self, pos: tuple[int, int]) -> bool:
        """A press on a tray counter or a filled slot of an editable rail picks it up."""
        drag = lifted_at(self.current_view(), self.editable(), pos)
        if drag is None:
            return False
        if not drag.from_tray:
            self.focus = drag.seat
        self.drag, self.dragging = drag, False
        return True

    def drop(self, pos: tuple[int, int]) -> None:
        """Where the lifted counter lands becomes the rules' edits, or is refused."""
        drag, self.drag = self.drag, None
        assert drag is not None
        actions, refusal = dropped(self.current_view(), drag, self.editable(), pos,
                                   self.focus, self.dragging)
        self.dragging = False
        self.play_all(actions)
        if refusal:
            self.app.say(refusal)

    def take_at(self, pos: tuple[int, int]) -> bool:
        """A right-click on a counter in an editable rail takes it off."""
        taken = taken_at(self.current_view(), self.editable(), pos)
        if taken is None:
            return False
        self.play_all(taken[0])
        if taken[1]:
            self.app.say(taken[1])
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a lit square (a Program's target) or on a seat's rail (its focus)."""
        square = square_at(pos, self.state.board.rows, self.state.board.cols)
        if square is not None and square in self.prompt.lit:
            self.play(self.prompt.lit[square])
            return True
        for seat in self.editable():
            if rail_rect(seat).collidepoint(pos):
                self.focus = seat
                self.refresh()
                return True
        return False

    # -- drawing ------------------------------------------------------------------------
    def shown(self) -> tuple[State, dict[str, Any], frozenset[Any], int]:
        """The view, the pieces on screen, the filled pits and how much of the log:
        the playback's picture while it runs, else the match as it stands."""
        view = self.current_view()
        if self.playback.active:
            return view, self.playback.pieces, frozenset(self.playback.filled), \
                self.playback.shown
        return view, view.pieces, frozenset(view.filled), \
            len(self.session.history_for(self.viewer))

    def floor(self, view: State, filled: frozenset[Any]) -> pygame.Surface:
        if self._floor is None or self._floor[0] != filled:
            layer = pygame.Surface((1920, 1080), pygame.SRCALPHA)
            draw_floor(layer, view.board, filled)
            self._floor = (filled, layer)
        return self._floor[1]

    def draw(self, surface: pygame.Surface) -> None:
        view, pieces, filled, logged = self.shown()
        mouse = pointer()
        surface.fill(BACKGROUND)
        surface.blit(self.floor(view, filled), (0, 0))
        if not self.playback.active:
            for seat, path in self.paths().items():
                colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
                draw_path(surface, path.points, path.end, path.lost, colour)
        draw_lit(surface, self.prompt.lit)
        draw_pieces(surface, pieces, [p for p in [moving_piece(self.playback)] if p])
        draw_step(surface, self.playback, self.tumble)
        self.draw_panels(surface, view)
        self.draw_log(surface, view, logged)
        for button in self.buttons:
            button.draw(surface, mouse)
        if view.phase == OVER and self.show_result and not self.playback.active:
            draw_result(surface, view, self.names)
        if self.drag is not None and self.dragging:
            image = counter_image(COUNTER_LABELS[self.drag.word],
                                  view.cat.classes[self.drag.word], (76, 54), False)
            surface.blit(image, image.get_rect(center=mouse))
        elif self.drag is None:
            tip = self.tooltip(mouse, view, pieces)
            if tip is not None:
                draw_tooltip(surface, tip[0], mouse, tip[1])

    def draw_panels(self, surface: pygame.Surface, view: State) -> None:
        """The rails and the line above the board; while the round plays back they show
        the match as it was before it (a lost Retro or a trophy is not told early)."""
        if self.playback.active and self.playback.before is not None:
            view = self.playback.before
        editable = self.editable()
        clock = self.clock
        opened = self.open_seats()
        notes = [f"In force: {name}" for name in in_force(view)]
        if clock is not None and view.phase == PROGRAM:
            notes.append(f"Clock: {clock.mode}")
        note = "; ".join(notes)
        progress = self.session.rules.progress(view)
        if self.playback.active:
            progress = f"round {view.round}, playing out"
        draw_top(surface, view, progress, note,
                 self.last_card(view), self.names)
        lifted = ((self.drag.seat, self.drag.slot) if self.drag is not None
                  and self.dragging and not self.drag.from_tray else None)
        for seat in range(view.n):
            left = clock.left(seat) if clock is not None else None
            draw_rail(surface, view, seat, self.names, seat in editable,
                      seat == self.focus and seat in editable, left,
                      opened is None or seat in opened, lifted, self.playback.active)
        usable = self.usable() if self.focus in editable else set()
        draw_tray(surface, view, usable)
        draw_prompt(surface, self.prompt.heading)

    def usable(self) -> set[str]:
        """The faces the focused seat may place now (asked of the rules once a move)."""
        key = (len(self.session.match.actions), self.focus)
        if self._usable[0] != key:
            self._usable = (key, tray_faces(self.current_view(), self.focus))
        return self._usable[1]

    def last_card(self, view: State) -> str | None:
        history = self.session.history_for(self.viewer)
        shown = self.playback.shown if self.playback.active else len(history)
        for event in reversed(history[:shown]):
            if isinstance(event, ev.Drew):
                return event.card
        return None

    def draw_log(self, surface: pygame.Surface, view: State, logged: int) -> None:
        """The log up to what the playback has reached; each event is worded once."""
        history = self.session.history_for(self.viewer)
        worded, texts = self._logged
        if logged < worded:
            worded, texts = 0, []
        if worded < logged:
            texts = texts + describe_all(history[worded:logged], view, self.names,
                                         self._kinds)
            self._logged = (logged, texts)
        self.log.show(texts, "Game log")
        self.log.draw(surface)

    def tooltip(self, pos: tuple[int, int], view: State,
                pieces: dict[str, Any]) -> tuple[str, pygame.Rect] | None:
        return help_at(pos, view, pieces, self.buttons, self.last_card(view), self.names)
