""" "Set up my map folder for Tiled" (issue 33): the data folder's ``maps/`` gets the Tiled
project and the tilesets; a map saved there finds its tilesets; a user's file is never
replaced; the Maps screen button does it and shows the folder without starting a
program under the tests."""

from __future__ import annotations

import json
import os
import shutil

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from game.maps import load_map  # noqa: E402
from game.maps.tiled_folder import map_folders, set_up_map_folder  # noqa: E402
from game.resources import maps_dir  # noqa: E402
from game.ui.driver import click_button, make_app, press  # noqa: E402
from game.ui.open_folder import opener_command  # noqa: E402
from game.ui.scenes.dialog import DialogScene  # noqa: E402
from game.ui.scenes.map_viewer import MapViewerScene  # noqa: E402

TILESETS = ("board", "hex", "table", "tunnel")


def test_the_folder_gets_the_project_tilesets_and_images(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    done = set_up_map_folder(folder)
    names = {str(p.relative_to(folder)) for p in done.written}
    assert {"skirmish.tiled-project", "objecttypes.xml", "README.txt"} <= names
    for name in TILESETS:
        assert f"tilesets/{name}.tsx" in names and f"tilesets/{name}.png" in names
        # the tileset names its image beside it, not the program's sprites folder
        text = (folder / "tilesets" / f"{name}.tsx").read_text(encoding="utf-8")
        assert f'source="{name}.png"' in text and "sprites" not in text
    assert done.kept == ()
    project = json.loads((folder / "skirmish.tiled-project").read_text(encoding="utf-8"))
    assert project["folders"] == ["."] and project["objectTypesFile"] == "objecttypes.xml"
    assert all((folder / system).is_dir() for system in map_folders())


def test_a_map_saved_in_the_folder_finds_its_tilesets(tmp_path: Path) -> None:
    """A map in ``<folder>/<system>/`` names ``../tilesets/x.tsx`` as Tiled writes it (a
    shipped map copied in is such a map) and loads with the folder's own copies."""
    folder = tmp_path / "maps"
    set_up_map_folder(folder)
    for rel in ("sixty_five/map1.tmx", "tunnel_rats/plantation.tmx", "ratfight/col_de_brume.tmx"):
        target = folder / rel
        shutil.copy(maps_dir() / rel, target)
        assert "../tilesets/" in target.read_text(encoding="utf-8")
        game_map = load_map(target)
        for tileset in game_map.tilesets:
            assert tileset.source is not None and tileset.source.parent == folder / "tilesets"
            assert tileset.image is not None and tileset.image.parent == folder / "tilesets"
            assert tileset.image.is_file()


def test_files_already_there_are_left_alone_and_reported(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    (folder / "tilesets").mkdir(parents=True)
    mine = b"<tileset>my own edit</tileset>"
    (folder / "tilesets" / "hex.tsx").write_bytes(mine)
    (folder / "skirmish.tiled-project").write_text("{}", encoding="utf-8")
    done = set_up_map_folder(folder)
    assert (folder / "tilesets" / "hex.tsx").read_bytes() == mine
    assert (folder / "skirmish.tiled-project").read_text(encoding="utf-8") == "{}"
    assert set(done.kept) == {folder / "tilesets" / "hex.tsx", folder / "skirmish.tiled-project"}
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    again = set_up_map_folder(folder)  # the second time writes nothing at all
    assert again.written == () and len(again.kept) == len(before)
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    assert not list(folder.rglob("*.tmp"))


def test_the_folder_opener_per_platform(tmp_path: Path) -> None:
    assert opener_command(tmp_path, "linux") == ["xdg-open", str(tmp_path)]
    assert opener_command(tmp_path, "darwin") == ["open", str(tmp_path)]
    assert opener_command(tmp_path, "win32") is None  # os.startfile


def test_ui_maps_screen_sets_up_the_folder_and_shows_it(tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    try:
        press(app, pygame.K_p)
        assert isinstance(app.top, MapViewerScene)
        click_button(app, "Set up my map folder for Tiled")
        dialog = app.top
        assert isinstance(dialog, DialogScene) and dialog.title == "Your map folder is ready"
        folder = tmp_path / "data" / "maps"
        assert str(folder) in dialog.message
        assert app.opened_folders == [folder]  # recorded; the driver starts no program
        assert (folder / "tilesets" / "table.tsx").is_file()
        press(app, pygame.K_RETURN)
        shutil.copy(maps_dir() / "ratfight" / "pellier_farm.tmx", folder / "ratfight" / "m.tmx")
        click_button(app, "Set up my map folder for Tiled")  # again: nothing is replaced
        dialog = app.top
        assert isinstance(dialog, DialogScene)
        assert dialog.title == "Your map folder was already set up"
        assert "left as they were" in dialog.message
        press(app, pygame.K_RETURN)
        viewer = app.top
        assert isinstance(viewer, MapViewerScene) and "my maps/ratfight/m" in viewer.entries
        assert viewer.open_map(viewer.entries["my maps/ratfight/m"])
    finally:
        app.close()
