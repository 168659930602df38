"""The Goblins, Inc. match screen. It shows one seat's view at a time (the human
whose decision is due), hands over between humans with a privacy screen, lets AI
seats think in the background, and pushes the score screens when rounds end."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.core.actions import Action, Event
from game.rules.goblins.state import State, Team
from game.scenes.base import Scene
from game.scenes.goblins.agenda_board import draw_agenda_board
from game.scenes.goblins.aim_panels import DialsPanel, OrderPanel
from game.scenes.goblins.build_panels import BuilderPanel, PlannerPanel
from game.scenes.goblins.combat_panels import (
    AgendaPanel,
    PlayoffPanel,
    ReadDicePanel,
    TacticsPanel,
    TokenPanel,
    WaitingPanel,
    draw_waiting,
)
from game.scenes.goblins.effects import ShownBoard, effects_for
from game.scenes.goblins.logbook import GameLog
from game.scenes.goblins.narrate import seat_name, team_name
from game.scenes.goblins.panel import Panel
from game.scenes.goblins.score import FinalScene, ScoreScene
from game.scenes.goblins.score_bar import draw_score_bar
from game.scenes.goblins.teamup import TeamUpScene
from game.scenes.goblins.tiles import draw_captions, draw_yard, square_at
from game.scenes.goblins.tooltip import describe_tile
from game.scenes.goblins.tray import tray_faces
from game.scenes.handover import HandoverScene, hand_over_first
from game.scenes.match_screen import MatchScreen
from game.scenes.pause import PauseScene
from game.session import Session
from game.ui.animation import Animator
from game.ui.display import copy_onto, pointer
from game.ui.palette import ACCENT, BACKGROUND, DANGER, TEXT
from game.ui.sound import sound_for
from game.ui.text import blit_text, fitted
from game.ui.tooltip import Hover, draw_tooltip

if TYPE_CHECKING:
    from game.app import App


PHASE_WORDS = {"build": "Build", "agendas": "Choose agendas", "choose": "Secret dials",
               "pre_roll": "Tactics before the roll", "post_roll": "Tactics on the dice",
               "order": "Order the dice", "hits": "Shots land", "token": "Defense tokens",
               "playoff": "Tie!", "over": "Game over"}
HEADING_WIDTH = 520
"""Room for the heading over each yard (who its crew are): clear of the next heading
and of the log box, however long the names typed."""
CAPTION_WIDTH = 480
"""Room for each line under a yard, clear of the next yard's lines and the agendas."""


class MatchScene(MatchScreen[State]):
    own_yard = pygame.Rect(100, 150, 420, 420)
    enemy_yard = pygame.Rect(690, 150, 420, 420)

    def __init__(self, app: App, session: Session) -> None:
        humans = [s for s, seat in enumerate(session.seats) if not seat.is_ai]
        super().__init__(app, session, humans[0] if humans else 0)
        self.names = tuple(seat.name for seat in session.seats)
        """What each seat's player typed (empty: the seat goes by its colour)."""
        self.humans = humans
        self.panel: Panel | None = None
        self.panel_key: tuple[Any, ...] = ()
        self.teams = tuple(t.seats for t in session.state.teams)
        """The crews of the round the latest absorbed event belongs to."""
        self.handing_over = False
        self.teamed_up: set[tuple[int, int]] = set()
        """(round, seat) pairs whose team-up screen has been shown."""
        self.animator = Animator()
        self.waiting_scenes: list[Scene] = []
        """Score screens that show once the animations of the round have played."""
        self.swallow_release = False
        self.log = GameLog(session)
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple[Any, ...] = ()

    # -- model --------------------------------------------------------------------------
    def own_team(self, view: State) -> Team:
        return view.teams[view.team_of(self.viewer)]

    def apply(self, action: Action) -> None:
        self.live_view()  # the board before the move, for its animations
        events = self.session.play(action)
        self.absorb(events)
        self.refresh()

    def take_table_input(self) -> None:
        """Apply what the table's boards confirmed, in the order they said it, exactly as
        if clicked, until another screen comes on top (the rest waits for it to go)."""
        self.app.table.take(self.apply, self.app.say, lambda: self.app.scenes.top is self)

    def absorb(self, events: list[Event]) -> None:
        teams = self.teams
        scored = [e for e in events if e.kind in ("scored", "combat_ended")]
        scored_teams = teams
        for event in events:
            if event.kind == "round_started":
                teams = event.teams
            if event.kind == "combat_ended":
                scored_teams = teams
        shown = self._board_before(events)
        animations = effects_for(self, events, self.state.catalogue, shown)
        for animation in animations:
            self.animator.add(animation)
        if animations and shown is not None:
            self.animator.hold(shown)
        for name in {sound_for(e.kind, getattr(e, "outcome", "")) for e in events} - {None}:
            self.app.sounds.play(name)
        self.teams = teams
        if self.session.is_over() and any(e.kind == "game_over" for e in events):
            self.waiting_scenes.append(FinalScene(self.app, self))
        if scored:
            self.waiting_scenes.append(ScoreScene(self.app, self, scored, scored_teams))
        self.show_waiting_scenes()

    def _board_before(self, events: list[Event]) -> ShownBoard | None:
        """The board as the viewer saw it just before the move that made ``events``
        (None if that view was not kept: then the yards show the new state)."""
        if self._view is None or self._view[0] != (len(self.session.match.actions) - 1,
                                                   self.viewer):
            return None
        return ShownBoard(self._view[1], events)

    def show_waiting_scenes(self) -> None:
        if self.animator.busy:
            return
        while self.waiting_scenes:
            self.app.scenes.push(self.waiting_scenes.pop(0))

    def yard_of(self, team: int, teams: tuple[tuple[int, ...], ...]) -> pygame.Rect:
        """The yard on screen that shows ``team`` of the round whose crews are ``teams``."""
        return self.own_yard if self.viewer in teams[team] else self.enemy_yard

    def enter(self) -> None:
        self.app.table.attach(self.session)
        if self.session.is_over():
            self.app.scenes.push(FinalScene(self.app, self))
            return
        self.handing_over = hand_over_first(self.app, self)
        self.refresh()

    def pause(self) -> None:
        self.swallow_release = False

    def exit(self) -> None:
        self.app.table.detach(self.session)
        super().exit()

    def update(self, dt: float) -> None:
        self.say_news()
        self.animator.update(dt * self.app.settings.animation_speed)
        self.show_waiting_scenes()
        if self.app.scenes.top is not self:
            return
        self.take_table_input()
        self.live_view()  # the board before a bot's move, for its animations
        events = self.poll_bots(dt, hold=self.animator.holding or bool(self.waiting_scenes))
        if events:
            self.absorb(events)
        self.refresh()

    @property
    def catching_up(self) -> bool:
        """The screen still shows the past: shots are landing, or a score screen waits
        for the last pieces to fall. No decision is offered until it has caught up."""
        return self.animator.holding or bool(self.waiting_scenes)

    def refresh(self) -> None:
        """Pick whose view to show (handing over if needed) and rebuild the panel."""
        if self.app.scenes.top is not self or self.handing_over or self.catching_up:
            return  # hits land and scores show before anyone's next decision
        # A seat whose every move its table boards make needs no screen (nor hand-over).
        due = [s for s in self.session.humans_to_act() if not self.app.table.decides(s)]
        if due and self.viewer not in due:
            nxt = due[0]
            if len(self.humans) > 1:
                self.handing_over = True
                self.app.scenes.push(HandoverScene(self.app, self, nxt))
                return
            self.viewer = nxt
        state = self.state
        if self.viewer in due and self._show_team_up():
            return
        key = (self.viewer, self.viewer in due, state.phase, state.round, state.stage,
               state.combat_round, self.session.moves_by[self.viewer],
               tuple(self.session.table_seats()))
        if key == self.panel_key and self.panel is not None:
            return
        self.panel_key = key
        self.panel = self.make_panel()

    def _show_team_up(self) -> bool:
        """Show the round's team-up screen before the viewer's first decision of it."""
        state = self.state
        if state.phase != "build" or (state.round, self.viewer) in self.teamed_up:
            return False
        if self.animator.busy or self.waiting_scenes:
            return False  # the last round's hits and scores come first
        self.teamed_up.add((state.round, self.viewer))
        self.app.scenes.push(TeamUpScene(self.app, self.session.view(self.viewer), self.viewer,
                                         self.names))
        return True

    def take_over(self, seat: int) -> None:
        self.viewer = seat
        self.handing_over = False
        self.panel_key = ()

    def make_panel(self) -> Panel:
        view = self.session.view(self.viewer)
        phase = view.phase
        seat = self.viewer
        due = self.session.humans_to_act()
        if seat in due and self.session.waits_on_table(seat):
            return ReadDicePanel(self, view, seat)
        table = self.session.table_seats()
        if table and not due:
            return ReadDicePanel(self, self.session.view(table[0]), table[0])
        if seat in due:
            if phase == "build":
                if view.players[seat].drawn and view.players[seat].passed is None:
                    return PlannerPanel(self, view, seat)
                return BuilderPanel(self, view, seat)
            panel_type = {"agendas": AgendaPanel, "choose": DialsPanel,
                          "pre_roll": TacticsPanel, "post_roll": TacticsPanel,
                          "order": OrderPanel, "token": TokenPanel,
                          "playoff": PlayoffPanel}.get(phase)
            if panel_type is not None:
                return panel_type(self, view, seat)
        return WaitingPanel(self, view, seat)

    def reader_faces(self, team: int) -> tuple[int, ...] | None:
        """Stable faces in ``team``'s dice tray, if it is live."""
        return tray_faces(self.app.table, team)

    # -- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.log.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.ai_beat = 0.0
        if event.type == pygame.MOUSEBUTTONDOWN and self.animator.busy:
            behind = self.catching_up
            self.animator.skip()
            self.swallow_release = behind
            self.show_waiting_scenes()
            if behind:
                return True  # a click that skips the past never reaches a stale panel
        if event.type == pygame.MOUSEBUTTONUP and self.swallow_release:
            self.swallow_release = False
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.push(PauseScene(self.app, self))
            return True
        if self.panel is not None and self.panel.handle(event):
            self.refresh()
            return True
        return False


    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        key = (len(self.session.match.actions), self.viewer,
               len(self.session.history_for(self.viewer)),
               self.panel.yard_key() if self.panel else (), self._shown_key())
        if self._layer is None or key != self._layer_key:
            self._layer_key = key
            if self._layer is None:
                self._layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._layer.fill(BACKGROUND)
            self.draw_static(self._layer)
        copy_onto(surface, self._layer)
        self.draw_log(surface)
        if self.catching_up:
            draw_waiting(surface, self)
        elif self.panel is not None:
            self.panel.draw(surface)
        self.draw_controller_status(surface)
        self.animator.draw(surface)
        if not self.catching_up:
            pos = pointer()
            hover = self.panel.tooltip(pos) if self.panel else None
            if hover is None:
                hover = self.yard_tooltip(pos)
            if hover is not None:
                draw_tooltip(surface, hover[0], pos, hover[1])

    def draw_controller_status(self, surface: pygame.Surface) -> None:
        """One line under the scores about table boards that need attention (lost,
        refused, or waiting for a switch to be flipped again): the first, and how many
        more (the line has room for one)."""
        notes = [f"{seat_name(seat, self.names)}: {note}"
                 for seat in range(len(self.session.seats))
                 for note in self.app.table.notes(seat)]
        if notes:
            more = f" (and {len(notes) - 1} more)" if len(notes) > 1 else ""
            blit_text(surface, notes[0] + more, (1890, 62), 26, DANGER, anchor="topright")

    def shown_board(self) -> ShownBoard | None:
        """The board the animations are showing, while they show one to this viewer;
        once no shot is left to land it shows the whole burst."""
        shown = self.animator.held
        if not isinstance(shown, ShownBoard) or shown.frame.viewer != self.viewer:
            return None
        if not self.animator.holding:
            shown.finish()
        return shown

    def _shown_key(self) -> tuple[int, int] | tuple[()]:
        shown = self.shown_board()
        return shown.key() if shown is not None else ()

    def current_view(self) -> State:
        """The view to draw: the board as the animations show it while they play,
        else the viewer's view of the game now."""
        shown = self.shown_board()
        return shown.frame if shown is not None else self.live_view()

    def live_view(self) -> State:
        """The viewer's view of the game now, whatever the animations show."""
        return super().current_view()

    def yard_tooltip(self, pos: tuple[int, int]) -> Hover | None:
        """Help for the tile under ``pos`` on either yard, its sides counted from that
        robot's front; anchored to the whole yard, so the box covers no neighbour."""
        view = self.current_view()
        own = self.own_team(view)
        enemy = view.teams[1 - view.team_of(self.viewer)]
        robot_of = {id(self.own_yard): (self.panel.own_robot() if self.panel else None)
                    or own.robot, id(self.enemy_yard): enemy.robot}
        for yard in (self.own_yard, self.enemy_yard):
            sq = square_at(yard, pos)
            if sq < 0:
                continue
            robot = robot_of[id(yard)]
            tile = robot.tiles[sq]
            if tile is None:
                return None
            tokens = len(robot.covered(sq))
            text = describe_tile(tile, robot.rots[sq], robot.front) if tile.kind != "cockpit" \
                else "The cockpit: one engine, never destroyed; a hit knocks out a goblin."
            if tokens:
                text += f"\nShielded by {tokens} defense token{'s' if tokens > 1 else ''}."
            return text, yard
        return None

    def draw_static(self, surface: pygame.Surface) -> None:
        """Everything that changes only with the game, the viewer or the yard preview."""
        view = self.current_view()
        self.draw_top(surface, view)
        own = self.own_team(view)
        enemy = view.teams[1 - view.team_of(self.viewer)]
        forbidden = view.catalogue.blueprints[view.blueprint].forbidden
        own_robot = (self.panel.own_robot() if self.panel else None) or own.robot
        building = view.phase == "build"
        draw_yard(surface, self.own_yard, own_robot, forbidden if building else (),
                  crew_order=(own.pilot, own.tactician))
        draw_yard(surface, self.enemy_yard, enemy.robot, forbidden if building else (),
                  crew_order=(enemy.pilot, enemy.tactician))
        names = self.names
        for words, yard in (("Your robot: " + team_name([own.seats], 0, names), self.own_yard),
                            ("Enemy: " + team_name([enemy.seats], 0, names), self.enemy_yard)):
            text, size = fitted(words, HEADING_WIDTH, 32, 20)
            blit_text(surface, text, (yard.x - 40, 78), size, TEXT)
        if view.phase != "build":
            for team, yard in ((own, self.own_yard), (enemy, self.enemy_yard)):
                robot = team.robot
                draw_captions(surface, yard, (
                    f"pilot {seat_name(team.pilot, names)}, "
                    f"tactician {seat_name(team.tactician, names)}",
                    f"scrapyard: {len(robot.scrap_tiles)} tiles, {robot.scrap_tokens} "
                    f"tokens, {robot.scrap_goblins} goblins"), CAPTION_WIDTH)
        draw_agenda_board(surface, view, self.viewer)

    def draw_top(self, surface: pygame.Surface, view: State) -> None:
        blueprint = view.catalogue.blueprints[view.blueprint].name
        combat = f", combat round {view.combat_round}" if view.combat_round and \
            view.phase not in ("build", "agendas") else ""
        blit_text(surface, f"Round {view.round} of {view.rounds}{combat}: "
                  f"{PHASE_WORDS.get(view.phase, view.phase)}   ({blueprint})", (30, 22), 36,
                  ACCENT)
        draw_score_bar(surface, view.players, self.names, self.viewer)

    def log_texts(self, history: Sequence[Event]) -> list[str]:
        """The viewer's history in plain words; it holds only what the viewer may know
        (the session redacts it), so nothing here decides what is private."""
        return self.log.texts(self.viewer, history)

    def draw_log(self, surface: pygame.Surface) -> None:
        """The viewer's whole log, scrolled where the reader left it (drawn each frame
        from its own cached picture, so scrolling never redraws the yards). Events
        whose shots have not landed on the board yet are not told yet."""
        shown = self.shown_board()
        unseen = shown.unseen(self.session.rules.redact, self.viewer) if shown else 0
        self.log.draw(surface, self.viewer, unseen)
