"""Issue 32: what a waiting table's frame skips at 1920x1080. A table that says it
paints its whole rect gets no clear under it, so it must really paint every pixel; the
'65 side panel is blitted back while nothing it shows changes, and drawn afresh when
something does (the pointer over a choice, the page)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.registry import make_bot  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app  # noqa: E402
from game.ui.scenes.game import GameScene, new_session  # noqa: E402
from game.ui.tables.sixty_five import paint as sixty_five_paint  # noqa: E402
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402

MAGENTA = (255, 0, 255)


def mid_game(app: App, ruleset_id: str, actions: int = 30) -> GameScene:
    """A human-vs-computer game some AI-chosen actions in, on screen, the human to act
    when the bots stop (as ``bench`` sets its tables up)."""
    session = new_session(ruleset_id, 2024, ["human", "ai"], {})
    bots = [make_bot("ai", ruleset_id, i, Rng(i)) for i in range(2)]
    for _ in range(actions):
        seat = session.state.current_player()
        if seat is None:
            break
        session.apply(bots[seat].choose(session.state.view(seat)))
    game = GameScene(app, session, ["human", "ai"])
    game.autosave = False
    app.reset(game)
    frames(app, 3)
    return game


@pytest.mark.parametrize("ruleset_id", ["five_five_six", "ratfight", "sixty_five"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_table_that_covers_its_rect_paints_every_pixel_of_it(
    tmp_path: Path, ruleset_id: str, size: tuple[int, int]
) -> None:
    """The scene clears only around a table that ``covers_rect``: drawn on magenta, both
    the first (drawn) and the next (kept, blitted back) frame leave none inside."""
    app = make_app(tmp_path / "data", size=size)
    try:
        game = mid_game(app, ruleset_id)
        assert game.table.covers_rect
        for _ in range(2):
            surface = app.screen.copy()
            surface.fill(MAGENTA)
            game.table.draw(surface, game.view())
            inside = surface.subsurface(game.table_rect)
            left = pygame.mask.from_threshold(inside, MAGENTA, (1, 1, 1, 255)).count()
            assert left == 0, f"{ruleset_id} at {size}: {left} pixels not painted"
    finally:
        app.close()


def test_65_panel_is_kept_while_unchanged_and_redrawn_when_the_pointer_moves_on_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The panel's texts are drawn once while nothing changes; moving the pointer over
    a choice draws it again, lit, and the buttons stay clickable from the kept data."""
    app = make_app(tmp_path / "data", size=(1920, 1080))
    try:
        game = mid_game(app, "sixty_five")
        table = game.table
        assert isinstance(table, SixtyFiveTable)
        drawn: list[int] = []
        real = sixty_five_paint._panel

        def counted(t: SixtyFiveTable, s: pygame.Surface, v: SixtyFiveView) -> None:
            drawn.append(1)
            real(t, s, v)

        monkeypatch.setattr(sixty_five_paint, "_panel", counted)
        for _ in range(5):
            app.draw()
        assert drawn == [], "a waiting panel is blitted back, not drawn again"
        buttons = list(table.buttons)
        assert buttons, "the human has choices listed"
        before = pygame.image.tobytes(app.screen.subsurface(table.panel_rect), "RGB")
        table.mouse = buttons[0][0].rect.center
        app.draw()
        assert len(drawn) == 1, "the pointer over a choice redraws the panel"
        after = pygame.image.tobytes(app.screen.subsurface(table.panel_rect), "RGB")
        assert before != after, "the choice under the pointer is lit"
        for _ in range(3):
            app.draw()
        assert len(drawn) == 1, "and kept again while the pointer rests"
        assert [b.rect for b, _ in table.buttons] == [b.rect for b, _ in buttons]
    finally:
        app.close()
