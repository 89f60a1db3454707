"""The setup screen's Map step (issue 33): the maps listed for a system, a live preview
of the zones and objectives that follows the file, and a dialog (never a traceback, the
file unchanged) for a map that cannot be used."""

from __future__ import annotations

import os
import shutil

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.resources import maps_dir  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.render.map_preview import MapPreview, side_title, zone_sides  # noqa: E402
from game.ui.render.reload import POLL_SECONDS  # noqa: E402
from game.ui.scenes.dialog import DialogScene  # noqa: E402
from game.ui.scenes.map_choices import MapChoice, map_choices  # noqa: E402
from game.ui.scenes.map_step import MapStepScene  # noqa: E402


def test_the_map_step_lists_shipped_and_own_maps(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "maps" / "ratfight").mkdir(parents=True)
    shutil.copy(maps_dir() / "ratfight" / "pellier_farm.tmx", data / "maps" / "ratfight" / "a.tmx")
    choices = map_choices("ratfight", data)
    assert choices[0].path is None  # the shipped scenarios, as before, come first
    groups = [c.group for c in choices]
    assert "shipped" in groups and groups[-1] == "mine"
    assert len({c.label for c in choices}) == len(choices)
    assert choices[-1].label.startswith("My maps: ")


def test_the_preview_shows_zones_objectives_and_follows_the_file(tmp_path: Path) -> None:
    pygame.init()
    pygame.display.set_mode((640, 480))
    src = maps_dir() / "tunnel_rats" / "plantation.tmx"
    path = tmp_path / "plantation.tmx"
    text = src.read_text(encoding="utf-8").replace('"../tilesets/', f'"{src.parent}/../tilesets/')
    path.write_text(text, encoding="utf-8")
    preview = MapPreview(path, pygame.Rect(10, 10, 400, 300), {"rats": "Tunnel rats"})
    assert set(zone_sides(preview.map)) == {"rats", "defenders"}
    legend = [text for text, _ in preview.legend()]
    assert "Tunnel rats: set-up zone" in legend and "Defenders: set-up zone" in legend
    assert "Objectives" in legend
    plain = pygame.Surface((640, 480))
    preview.view.draw_base(plain)
    drawn = pygame.Surface((640, 480))
    preview.draw(drawn, pygame.font.Font(None, 16))
    # the zones and objectives are drawn over the map, inside the preview only
    inside = [(x, y) for x in range(10, 410, 7) for y in range(10, 310, 7)]
    assert any(plain.get_at(p) != drawn.get_at(p) for p in inside)
    assert all(drawn.get_at((x, 400)) == (0, 0, 0, 255) for x in range(0, 640, 13))
    names = {o.name for o in preview.map.objects_of_kind("objective")}
    assert "Documents cache" in names
    # saved in Tiled: an objective renamed; the preview reloads at the next poll
    path.write_text(text.replace("Documents cache", "Radio codes"), encoding="utf-8")
    assert preview.update(POLL_SECONDS + 0.01)
    names = {o.name for o in preview.map.objects_of_kind("objective")}
    assert "Radio codes" in names and "Documents cache" not in names
    # saved broken: the last good map stays and the errors say which file
    path.write_text("<map>", encoding="utf-8")
    assert not preview.update(POLL_SECONDS + 0.01)
    assert preview.errors and any("plantation.tmx" in e for e in preview.errors)
    assert "Radio codes" in {o.name for o in preview.map.objects_of_kind("objective")}
    assert side_title("us_army") == "Us army"


def test_ui_a_broken_typed_map_gets_a_dialog_and_stays_unchanged(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    chosen: list[MapChoice] = []
    try:
        bad = tmp_path / "bad.tmx"
        bad.write_text('<map version="1.8" orientation="orthogonal"></map>', encoding="utf-8")
        before = bad.read_bytes()
        step = MapStepScene(app, "ratfight", "JTS RatFight", chosen.append)
        app.push(step)
        frames(app, 2)
        click(app, step.path_box.rect.center)
        for ch in str(bad):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 2)
        press(app, pygame.K_RETURN)
        dialog = app.top
        assert isinstance(dialog, DialogScene) and dialog.title == "This map cannot be used"
        assert "bad.tmx" in dialog.message
        assert bad.read_bytes() == before
        press(app, pygame.K_RETURN)  # close the dialog: the choice is what it was
        assert app.top is step and step.chosen.path is None
        press(app, pygame.K_ESCAPE)
        assert chosen == [] and app.top is not step
    finally:
        app.close()


def test_ui_a_typed_path_outside_the_data_folder_is_played(tmp_path: Path) -> None:
    """A map saved anywhere (its tileset path relative, no map folder set up: the
    shipped tileset of that name is used) is reached through the path box."""
    from game.ui.scenes.setup import SetupScene
    from tests.own_map_steps import sixty_five_map

    (tmp_path / "anywhere" / "sixty_five").mkdir(parents=True)
    path = sixty_five_map(tmp_path / "anywhere")
    app = make_app(tmp_path / "data")
    try:
        press(app, pygame.K_6)  # '65
        setup = app.top
        assert isinstance(setup, SetupScene)
        press(app, pygame.K_p)
        step = app.top
        assert isinstance(step, MapStepScene)
        click(app, step.path_box.rect.center)
        for ch in str(path):
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 2)
        press(app, pygame.K_RETURN)  # show it
        assert step.preview is not None and step.preview.path == path
        press(app, pygame.K_RETURN)  # use it
        assert app.top is setup and setup.chosen_options()["map"] == str(path.resolve())
    finally:
        app.close()
