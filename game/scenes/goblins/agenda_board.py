"""The agenda board under the game log: through the agenda choice and every combat step
it keeps the viewer's agendas and Star/Snitch bet in sight, each with what it would
score if the combat ended now. The figures are ``game.rules.goblins.standing``'s (the
scoring code itself); this module only lays them out. It reads the viewer's own view,
so it shows nothing the viewer may not know."""

from __future__ import annotations

import pygame

from game.rules.goblins.standing import agenda_worth, bet_worth, kept_worth, result_now
from game.rules.goblins.state import State
from game.ui.palette import ACCENT, GOOD, LINE, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text
from game.ui.widgets import box

BOARD = pygame.Rect(1180, 470, 710, 160)
SHOWN_IN = frozenset({"agendas", "choose", "pre_roll", "roll", "post_roll", "order", "token"})
"""The phases the board is drawn in (while building, the build panel lists the hand)."""
WANTS = {"won": "wins", "lost": "loses"}
NOW = {"won": "is winning", "lost": "is losing", "none": "is level"}


def bet_words(wanted: str, result: str) -> str:
    """How a bet stands, in a few words: what it pays for and how the team is doing."""
    return f"pays if your team {WANTS[wanted]}; it {NOW[result]} now"


def agenda_now(view: State, seat: int, agenda: int) -> tuple[tuple[str, bool], str]:
    """What an agenda in hand would score now, for its card in the agenda choice: the
    figure (and whether it scores at all) and how it stands. A betting agenda gives
    what each side would pay."""
    card = view.catalogue.agendas[agenda]
    if card.type == "betting":
        pays = bet_worth(view, seat, agenda)
        figure = "now: " + ", ".join(f"{side} {points}" for side, points in pays.items())
        return (figure, any(pays.values())), f"your team {NOW[result_now(view, seat)]}"
    _, points, detail = agenda_worth(view, seat, agenda)
    return (f"now: {points} point{'s' if points != 1 else ''}", points > 0), detail


def board_lines(view: State, seat: int) -> list[tuple[str, int, str]]:
    """Each scored agenda as (name, points now, how it stands), in the order kept."""
    agendas = view.catalogue.agendas
    result = result_now(view, seat)
    lines = []
    for a, (label, points, detail) in kept_worth(view, seat):
        agenda = agendas[a]
        if agenda.type == "betting":
            label, detail = f"Bet: {label}", bet_words(dict(agenda.bet)[label], result)
        lines.append((label, points, detail))
    return lines


def draw_agenda_board(surface: pygame.Surface, view: State, seat: int) -> None:
    """The board, in the agenda choice and combat steps only."""
    if view.phase not in SHOWN_IN:
        return
    surface.blit(box(BOARD.width, BOARD.height, PANEL, LINE, 2, 14), BOARD)
    x, y = BOARD.x + 18, BOARD.y + 10
    shared = view.variant == "party"
    if view.phase == "agendas" and not view.players[seat].chose_agendas:
        blit_text(surface, "Your agendas", (x, y), 26, TEXT_DIM)
        blit_text(surface, "Keep four below: each card shows what it would score now.",
                  (x, y + 40), 26, TEXT)
        return
    lines = board_lines(view, seat)
    total = sum(points for _, points, _ in lines)
    blit_text(surface, f"{'Shared' if shared else 'Your'} agendas: {total} points if the "
              "combat ended now", (x, y), 26, TEXT_DIM)
    width = (BOARD.width - 36) // 2
    for k, (label, points, detail) in enumerate(lines[:4]):
        cx = x + (k % 2) * (width + 8)
        cy = BOARD.y + 40 + (k // 2) * 58
        blit_text(surface, label, (cx, cy), 26, ACCENT, bold=True)
        blit_text(surface, f"{points} pt{'s' if points != 1 else ''}", (cx + width - 12, cy),
                  26, GOOD if points else TEXT_DIM, bold=True, anchor="topright")
        blit_text(surface, detail, (cx, cy + 24), 22, TEXT)
