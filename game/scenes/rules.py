"""A game's short rules reference, in Botyard's own words (the text file under
game/assets that its registry entry names). Scroll with the wheel, the arrow keys or
Page Up/Down.

The text's small mark-up, the same for every game: a line in capitals is a heading;
a paragraph that starts with "* Term:" is a glossary entry (the term stands out, its
definition beside it); a line ``[diagram: NAME]`` is a picture, which this
screen asks the game's client entry for (``rules_diagram``), so the screen itself
never knows a game."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.resources import files
from typing import TYPE_CHECKING

import pygame

from game.scenes.entry import RulesDiagram, client
from game.scenes.menu import MenuScene
from game.ui.palette import ACCENT, LINE, PANEL, TEXT, TEXT_DIM
from game.ui.text import blit_text, wrap
from game.ui.widgets import Button, box

if TYPE_CHECKING:
    from game.app import App
    from game.rules.core.registry import GameSpec

DIAGRAM = re.compile(r"^\[diagram: ([a-z0-9_-]+)\]$")
TERM = re.compile(r"^\* ([^:]+): (.+)$", re.DOTALL)
PAGE = pygame.Rect(310, 220, 1300, 720)
"""Where the text scrolls."""
SIZE, STEP = 32, 36
"""Body text size and line spacing."""
GAP = 14
"""Space before a heading, a glossary entry or a picture."""
TERM_WIDTH = 300
"""A glossary entry's term stands in this column, its definition beside it."""


@dataclass(frozen=True)
class Block:
    """One piece of the page: a line of text (heading, body, term or definition) or a
    picture, ``height`` pixels tall."""

    kind: str
    text: str
    height: int
    diagram: RulesDiagram | None = None


def layout(text: str, spec: GameSpec) -> list[Block]:
    """The page's blocks, top to bottom."""
    entry = client(spec)
    find = getattr(entry, "rules_diagram", None)
    blocks: list[Block] = []
    for paragraph in text.strip().split("\n"):
        line = paragraph.strip()
        marker, term = DIAGRAM.match(line), TERM.match(line)
        if not line:
            continue
        if marker:
            diagram = find(marker.group(1)) if find is not None else None
            if diagram is None:
                blocks.append(Block("missing", f"(the picture {marker.group(1)!r} is "
                                               "missing)", STEP + GAP))
            else:
                blocks.append(Block("diagram", marker.group(1), diagram.height + 2 * GAP,
                                    diagram))
        elif line.isupper():
            blocks.append(Block("heading", line, STEP + 2 * GAP))
        elif term:
            definition = term.group(2)
            lines = wrap(definition[0].upper() + definition[1:], SIZE - 2,
                         PAGE.width - TERM_WIDTH)
            blocks.append(Block("term", term.group(1), GAP // 2))
            blocks += [Block("definition", part, STEP - 2) for part in lines]
        else:
            blocks += [Block("body", part, STEP) for part in wrap(line, SIZE, PAGE.width)]
    return blocks


class RulesScene(MenuScene):
    title = "Rules"

    def __init__(self, app: App, spec: GameSpec) -> None:
        super().__init__(app)
        self.spec = spec
        self.subtitle = spec.title

    def enter(self) -> None:
        if self.spec.rules_page:
            page = files("game.assets").joinpath(*self.spec.rules_page.split("/"))
            text = page.read_text(encoding="utf-8")
        else:
            text = "This game's rules page is still to be written."
        self.blocks = layout(text, self.spec)
        self.height = sum(block.height for block in self.blocks)
        self.offset = 0
        self.widgets = [Button(pygame.Rect(1560, 960, 300, 70), "Back", self.back)]

    @property
    def lines(self) -> list[str]:
        """The page's words, line by line as shown (pictures left out)."""
        return [block.text for block in self.blocks if block.diagram is None]

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 3 * STEP)
            return True
        keys = {pygame.K_DOWN: 2 * STEP, pygame.K_UP: -2 * STEP,
                pygame.K_PAGEDOWN: PAGE.height - STEP, pygame.K_PAGEUP: STEP - PAGE.height}
        if event.type == pygame.KEYDOWN and event.key in keys:
            self.scroll(keys[event.key])
            return True
        return super().handle(event)

    def scroll(self, pixels: int) -> None:
        self.offset = max(0, min(self.height - PAGE.height, self.offset + pixels))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        clip = surface.get_clip()
        surface.set_clip(PAGE.inflate(0, 8))
        y = PAGE.y - self.offset
        for block in self.blocks:
            if y + block.height + STEP >= PAGE.y and y <= PAGE.bottom:
                self.draw_block(surface, block, y)
            y += block.height
        surface.set_clip(clip)
        self.draw_scrollbar(surface)

    def draw_block(self, surface: pygame.Surface, block: Block, y: int) -> None:
        x = PAGE.x
        if block.diagram is not None:
            area = pygame.Rect(x, y + GAP, PAGE.width, block.height - 2 * GAP)
            surface.blit(box(area.width, area.height, PANEL, LINE, 2, 14), area)
            block.diagram.draw(surface, area)
        elif block.kind == "heading":
            blit_text(surface, block.text, (x, y + 2 * GAP), 34, ACCENT, bold=True)
        elif block.kind == "term":
            # Beside its definition's first line, the next block.
            blit_text(surface, block.text, (x, y + block.height), SIZE - 2, ACCENT,
                      bold=True)
        elif block.kind == "definition":
            blit_text(surface, block.text, (x + TERM_WIDTH, y), SIZE - 2, TEXT)
        elif block.kind == "missing":
            blit_text(surface, block.text, (x, y + GAP), SIZE, TEXT_DIM)
        else:
            blit_text(surface, block.text, (x, y), SIZE, TEXT)

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        """Where the view is in the page, when the page is longer than the view."""
        if self.height <= PAGE.height:
            return
        track = pygame.Rect(PAGE.right + 40, PAGE.y, 10, PAGE.height)
        pygame.draw.rect(surface, PANEL, track, border_radius=5)
        thumb = pygame.Rect(track.x, 0, track.width,
                            max(40, track.height * PAGE.height // self.height))
        thumb.y = track.y + (track.height - thumb.height) * self.offset // (
            self.height - PAGE.height)
        pygame.draw.rect(surface, LINE, thumb, border_radius=5)
