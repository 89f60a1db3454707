"""'65 fortifications on the table (23): bunkers with their front, wire and rubble drawn
on the board under the counters, and named in the hover box (real app, dummy driver)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_sixty_five import start, table_of, until_impulse_start  # noqa: E402

from game.rules.sixty_five.terrain.fortified import Fortification, Placed, place  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app  # noqa: E402
from game.ui.tables.sixty_five.forts import (  # noqa: E402
    FRONT,
    RUBBLE,
    SANDBAG,
    WIRE,
    facing_corner,
    fortification_text,
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def _colours(surface: pygame.Surface, points: list[tuple[int, int]]) -> set[tuple[int, ...]]:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    out = set()
    for x in range(min(xs), max(xs) + 1):
        for y in range(min(ys), max(ys) + 1):
            out.add(tuple(surface.get_at((x, y)))[:3])
    return out


def test_ui_65_23_bunkers_wire_and_rubble_are_drawn_with_the_bunkers_front(app: App) -> None:
    game = start(app)
    until_impulse_start(app, game)
    w = game.session.state.world
    taken = [u.hex for u in w.live() if u.hex is not None]
    free = [
        h for h in w.field.hexes()
        if all(w.field.distance(h, t) > 1 for t in taken)
        and w.field.terrain(h).id not in ("building", "pond")
    ]  # fmt: skip
    bunker, wire, rubble = free[10], free[20], free[30]
    place(w, [Placed(bunker, "bunker", 1), Placed(wire, "wire")])
    w.fortifications[rubble] = Fortification(rubble=True)
    game.__dict__.pop("_view_cache", None)  # the game moved on outside an action
    frames(app, 3)
    table = table_of(game)
    pic = table.picture
    assert pic is not None
    screen = app.screen
    assert SANDBAG in _colours(screen, pic.outline(bunker))
    cx, cy = pic.centre(bunker)
    corner = facing_corner(pic, w.field, bunker, 1)
    near = (round(cx + (corner[0] - cx) * 0.8), round(cy + (corner[1] - cy) * 0.8))
    box = [(near[0] - 3, near[1] - 3), (near[0] + 3, near[1] + 3)]
    assert FRONT in _colours(screen, box)  # the arrow on the corner it faces
    opposite = (round(cx - (corner[0] - cx) * 0.8), round(cy - (corner[1] - cy) * 0.8))
    box = [(opposite[0] - 3, opposite[1] - 3), (opposite[0] + 3, opposite[1] + 3)]
    assert FRONT not in _colours(screen, box)  # and not behind it
    assert WIRE in _colours(screen, pic.outline(wire))
    assert WIRE not in _colours(screen, pic.outline(bunker))
    assert RUBBLE in _colours(screen, pic.outline(rubble))
    view = game.view()
    text = fortification_text(view, table.ground(view), bunker)
    assert "bunker (+1 cover) facing" in text
    assert "wire" in fortification_text(view, table.ground(view), wire)
    assert table.ground(view).cover(wire) == w.field.cover(wire)  # Wire's -1 in the hover


def test_ui_65_24_setting_up_a_bunker_a_click_then_its_facing_then_a_foxhole(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """23, 24: a set-up step with a bunker and a foxhole: a click on a zone hex lists the
    bunker's six facings by the hexes they face; 1 digs the first; a click on another
    hex digs the foxhole straight away."""
    from test_sixty_five_fortify_setup import _game

    from game.core.session import Session
    from game.rules.sixty_five.actions import Fortify
    from game.ui.driver import click, press
    from game.ui.scenes.game import GameScene
    from game.ui.tables.sixty_five.choices import describe, narrowed

    _game(monkeypatch, {"bunker": 1, "foxhole": 1})  # patches scenario 2's set-up
    game = GameScene(app, Session.new("sixty_five", 4, {"scenario": "2"}, ["human", "random"]))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    table = table_of(game)
    view = game.view()
    first = view.candidate_actions[0]
    assert isinstance(first, Fortify) and first.kind == "bunker"
    pic = table.picture
    assert pic is not None
    click(app, pic.centre(first.hex))
    listed = narrowed(game.view(), table.picks)
    assert len(listed) == 6 and all(isinstance(a, Fortify) for a in listed)
    words = describe(listed[0], game.view(), table.data, table._ground)
    assert words.startswith(f"Bunker in {first.hex} facing ") and "/" in words
    press(app, pygame.K_1)
    w = game.session.state.world
    assert w.fortifications[first.hex].bunker is not None
    fox = next(a for a in game.view().candidate_actions if isinstance(a, Fortify))
    assert fox.kind == "foxhole"
    click(app, pic.centre(fox.hex))
    assert fox.hex in w.foxholes
