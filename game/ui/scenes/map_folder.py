""" "Set up my map folder for Tiled" (Maps screen): prepare ``<data dir>/maps/`` for
Tiled with :func:`game.maps.tiled_folder.set_up_map_folder`, tell the player what was
written and what was already there, and show the folder in the file manager."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.maps.tiled_folder import FolderSetup, set_up_map_folder
from game.ui.open_folder import open_folder

if TYPE_CHECKING:
    from pathlib import Path

    from game.ui.app import App

#: How many kept files the message names before it says "and N more".
KEPT_NAMED = 4


def user_maps_folder(app: App) -> Path:
    """The folder of the user's own maps: ``<data dir>/maps``."""
    return app.data_dir / "maps"


def setup_message(done: FolderSetup) -> str:
    """What the dialog says after the set-up: where, what was written, what was kept,
    and the next steps in Tiled."""
    lines = [f"Folder: {done.folder}"]
    if done.written:
        lines.append(f"Written: {len(done.written)} files (the Tiled project and the tilesets).")
    if done.kept:
        names = [str(p.relative_to(done.folder)) for p in done.kept]
        shown = ", ".join(names[:KEPT_NAMED])
        more = f" and {len(names) - KEPT_NAMED} more" if len(names) > KEPT_NAMED else ""
        lines.append(
            f"Already there, left as they were: {shown}{more}. Delete one and set the folder"
            " up again to get the program's copy."
        )
    lines.append(
        "In Tiled, open skirmish.tiled-project from this folder, and save each map in the"
        " folder of its game (ratfight, sixty_five, ...). The Map step of a new game lists"
        " them under My maps."
    )
    return "\n".join(lines)


def set_up_folder_dialog(app: App) -> FolderSetup | None:
    """Set the folder up, show the folder, and push a dialog saying what happened (also
    when the folder cannot be written: then nothing is shown and None returned)."""
    from game.ui.scenes.dialog import DialogScene

    folder = user_maps_folder(app)
    try:
        done = set_up_map_folder(folder, app.assets.root)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        where = exc.filename or folder
        app.push(
            DialogScene(
                app,
                "The map folder could not be set up",
                f"{where}: {reason}.\nExpected a folder the program may write to; nothing"
                " in it was changed.",
            )
        )
        return None
    problem = open_folder(app, folder)
    message = setup_message(done)
    if problem:
        message += "\n" + problem
    title = "Your map folder is ready" if done.written else "Your map folder was already set up"
    app.push(DialogScene(app, title, message))
    return done
