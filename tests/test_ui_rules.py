"""F1, the rules summary: Markdown laid out for the screen, tables drawn as tables."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.registry import manifests  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app, press  # noqa: E402
from game.ui.rules_doc import Run, Typesetter, inline_runs, layout, parse_markdown  # noqa: E402
from game.ui.scenes.rules import RulesScene  # noqa: E402

DOC = """# Title

Some **bold** text
wrapped, a `code` word and a [link](http://x).

- one
  continued
- two <3
  1. nested

| Phase | Actions |
|---|---|
| Setup | `place a c1`, `autosetup` |
| Orders | play a card; then discard while above five cards in the hand |
"""


def test_markdown_blocks_headings_paragraphs_lists_and_tables() -> None:
    blocks = parse_markdown(DOC)
    kinds = [b.kind for b in blocks]
    assert kinds == ["heading", "paragraph", "item", "item", "item", "table"]
    assert blocks[1].runs == (
        Run("Some "),
        Run("bold", "b"),
        Run(" text wrapped, a "),
        Run("code", "c"),
        Run(" word and a "),
        Run("link"),
        Run("."),
    )
    assert " ".join(r.text for r in blocks[2].runs) == "one continued"
    assert blocks[4].level == 1 and blocks[4].mark == "1."
    table = blocks[5]
    assert len(table.rows) == 3  # the header and two rows; the |---| rule is not a row
    assert [c[0].text for c in table.rows[0]] == ["Phase", "Actions"]
    assert inline_runs("*it* and _it_") == (Run("it", "i"), Run(" and "), Run("it", "i"))


@pytest.mark.parametrize("width", [300, 560, 900])
def test_tables_are_laid_out_in_aligned_columns_that_fit(width: int) -> None:
    """Every cell of a column starts at the same x; the table fits the width (cells wrap
    when it is narrow); no cell text is drawn with a pipe."""
    pygame.font.init()
    drawn: list[str] = []
    page = layout(parse_markdown(DOC), width, Typesetter(20, drawn.append))
    (cells,) = page.table_cells
    columns = 2
    rows = [cells[i : i + columns] for i in range(0, len(cells), columns)]
    assert len(rows) == 3
    for c in range(columns):
        assert len({row[c].left for row in rows}) == 1
        assert len({row[c].width for row in rows}) == 1
    assert all(row[0].right == row[1].left for row in rows)
    assert rows[-1][1].right <= width
    assert not any("|" in text for text in drawn)
    assert "Phase" in drawn and "Actions" in drawn
    if width == 300:  # the long cell wraps: its row is taller than the others
        assert rows[2][1].height > rows[1][1].height


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data")
    yield application
    application.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("ruleset", sorted(manifests()))
def test_ui_every_rules_table_fits_the_panel(
    tmp_path: Path, size: tuple[int, int], ruleset: str
) -> None:
    app = make_app(tmp_path / "data", size=size)
    try:
        app.push(RulesScene(app, ruleset))
        scene = app.top
        assert isinstance(scene, RulesScene)
        assert scene.page.height > scene.text_area.height, "the guide fills more than a page"
        for cells in scene.page.table_cells:
            assert max(c.right for c in cells) <= scene.text_area.width
        frames(app, 2)
    finally:
        app.close()


def test_ui_rules_scroll_by_keys_and_wheel(app: App) -> None:
    """Down, Page Down, End, Home and the wheel move through the page, within its ends."""
    press(app, pygame.K_F1)
    scene = app.top
    assert isinstance(scene, RulesScene) and scene.max_scroll > 0
    press(app, pygame.K_DOWN)
    assert scene.scroll == 48
    press(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 48
    press(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    frames(app, 1)
    assert scene.scroll == scene.max_scroll - 48
    press(app, pygame.K_HOME)
    assert scene.scroll == 0
    press(app, pygame.K_UP)
    assert scene.scroll == 0
    press(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, RulesScene)
