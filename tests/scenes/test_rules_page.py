"""The rules page: headings, a glossary of the words the game gives a meaning, and
pictures named in the text that the game's client entry draws. The screen is shared by
every game; Goblins, Inc.'s page must define the terms its screens use."""

from __future__ import annotations

from importlib.resources import files

import pygame
import pytest

from game.rules.core.registry import games, get_game
from game.rules.goblins.geometry import COCKPIT, S, W
from game.scenes.goblins import diagrams
from game.scenes.rules import DIAGRAM, PAGE, TERM, RulesScene, layout

GLOSSARY_TERMS = ("Scrapyard", "Line", "Premium", "Promotion", "Loose tile", "Forward arrow",
                  "Overheat", "Goof", "Unused engines", "Tokens", "Defense token", "Joined",
                  "Attached", "Engines", "Dials", "Pilot", "Tactician", "Star/Snitch bet")
"""Words the page or the match screens use that a newcomer cannot guess."""
SENTINEL = (1, 2, 3)


def page_text(game: str) -> str:
    return files("game.assets").joinpath(*get_game(game).rules_page.split("/")).read_text(
        encoding="utf-8")


def glossary(text: str) -> dict[str, str]:
    section = text.split("\nGLOSSARY\n", 1)[1]
    entries = {}
    for line in section.strip().split("\n"):
        entry = TERM.match(line)
        assert entry, f"a glossary line that is not an entry: {line!r}"
        assert entry.group(1) not in entries, f"{entry.group(1)} is defined twice"
        entries[entry.group(1)] = entry.group(2)
    return entries


def test_every_term_the_game_uses_is_defined_in_the_glossary():
    entries = glossary(page_text("goblins"))
    for term in GLOSSARY_TERMS:
        assert term in entries, f"{term!r} is not in the glossary"
    for term, definition in entries.items():
        assert len(definition.split()) >= 6, f"{term!r} is not really defined"
    assert list(entries) == sorted(entries, key=str.lower), "the glossary is in order"


@pytest.mark.parametrize("spec", games(), ids=lambda spec: spec.id)
def test_every_picture_a_page_names_is_drawn_inside_its_box(spec, make_app):
    make_app()  # pygame started afresh, with no fonts cached from an earlier client
    text = page_text(spec.id)
    names = [m.group(1) for line in text.split("\n") if (m := DIAGRAM.match(line.strip()))]
    blocks = layout(text, spec)
    assert not [b for b in blocks if b.kind == "missing"]
    assert [b.text for b in blocks if b.kind == "diagram"] == names
    for block in blocks:
        if block.diagram is None:
            continue
        surface = pygame.Surface((PAGE.width + 200, block.diagram.height + 200))
        surface.fill(SENTINEL)
        area = pygame.Rect(100, 100, PAGE.width, block.diagram.height)
        block.diagram.draw(surface, area)
        painted = pygame.mask.from_threshold(surface, SENTINEL, (1, 1, 1, 255))
        painted.invert()
        bounds = painted.get_bounding_rects()
        assert bounds, f"the picture {block.text!r} draws nothing"
        for rect in bounds:
            assert area.contains(rect), f"{block.text!r} draws outside its box: {rect}"


def test_goblins_pictures_show_lines_joins_and_a_shared_token():
    names = {m.group(1) for line in page_text("goblins").split("\n")
             if (m := DIAGRAM.match(line.strip()))}
    assert {"lines", "joined", "token"} <= names


def test_the_pictures_say_what_the_rules_decide():
    lines = diagrams._robot(diagrams.LINES_ROBOT)
    # Line 2 from the left side passes an empty square before it strikes; line 4 from
    # the back does too, so each picture shows a shot flying in to the first tile.
    assert diagrams.LINE_SHOTS == ((W, 2), (S, 4))
    assert lines.tiles[5] is None and lines.target(W, 2) == 6
    assert lines.tiles[23] is None and lines.target(S, 4) == 18
    joined = diagrams._robot(diagrams.JOINED_ROBOT)
    assert joined.loose_squares() == [10], "exactly the gun on the left is loose"
    token = diagrams._robot(diagrams.TOKEN_ROBOT)
    assert sorted(token.tokens, key=len) == [(11,), (13, 8)], \
        "one private token and one shared by the armor and the gun above it"
    assert COCKPIT not in {sq for squares in token.tokens for sq in squares}


def test_an_unknown_picture_is_one_plain_line(make_app):
    page = layout("WORDS\n[diagram: no-such-picture]\nText.", get_game("goblins"))
    assert [(b.kind, b.text) for b in page] == [
        ("heading", "WORDS"), ("missing", "(the picture 'no-such-picture' is missing)"),
        ("body", "Text.")]
    robots = layout("[diagram: lines]", get_game("two_robots"))
    assert [b.kind for b in robots] == ["missing"], "a game without pictures has none"


def test_the_page_scrolls_to_its_end_and_back(make_app):
    app = make_app()
    rules = RulesScene(app, get_game("goblins"))
    app.scenes.push(rules)
    assert rules.height > PAGE.height
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                             unicode=""))
        app.frame()
    assert rules.offset == rules.height - PAGE.height
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1000, flipped=False,
                                         precise_x=0.0, precise_y=1000.0))
    app.frame()
    assert rules.offset == 0
    assert "Yard" in rules.lines, "the glossary's last term is on the page"
