"""Set up the user's map folder for Tiled: the project file and tilesets beside their maps.

A map a map maker saves in the data folder's ``maps/`` must find the tilesets it uses,
and Tiled must know our enums and object types while they draw it. So the folder gets
the same layout as the shipped ``maps/`` folder:

- ``skirmish.tiled-project`` and ``objecttypes.xml``: copies of the shipped ones
  (open the project in Tiled; it lists the folder and offers the enums);
- ``tilesets/<name>.tsx`` with the tile image beside it (``tilesets/<name>.png``): the
  shipped tileset with its image reference pointing at the copy, so the folder keeps
  working when the program moves or is upgraded;
- one folder per system that plays on maps (``tunnel_rats/``, ``sixty_five/``, ...): a
  map saved there names its tilesets ``../tilesets/<name>.tsx``, exactly as a shipped
  map does, so a shipped map copied in also loads unchanged.

A file that is already there is never replaced (it may be the map maker's own edit):
it is left as it is and reported in :attr:`FolderSetup.kept`.
"""

from __future__ import annotations

import os
import re
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from game.resources import TILED_PROJECT, maps_dir

OBJECT_TYPES = "objecttypes.xml"
TILESETS = "tilesets"
README = "README.txt"


def map_folders() -> tuple[str, ...]:
    """The folders of the systems that play on a player's own Tiled maps (their
    manifests' ``MapSpec`` names a ``play`` hook), in menu order."""
    from game.core.registry import manifests

    return tuple(m.maps.folder for m in manifests().values() if m.maps and m.maps.play)


_README_TEXT = """\
Your own maps for Skirmish Table.

1. Open skirmish.tiled-project (in this folder) in Tiled: Project > Open Project.
2. Save each map in the folder of its game: tunnel_rats, sixty_five, ratfight or
   five_five_six. Add tilesets from the tilesets folder (Map > Add External
   Tileset); Tiled stores the path relative to the map.
3. Put the scenario beside the map as <map name>.scenario.yaml, or none to play a
   skirmish.
4. In the game: pick the game in the main menu, then Map [P] on the next screen:
   your map is listed under "My maps". Maps > "Set up my map folder for Tiled"
   never changes the files already here.

To get the program's newest copy of a tileset or the project file, delete yours and
set the folder up again.
"""


@dataclass(frozen=True)
class FolderSetup:
    """What :func:`set_up_map_folder` did: the folder, the files it wrote and the ones
    that were already there and were left alone (paths inside ``folder``)."""

    folder: Path
    written: tuple[Path, ...]
    kept: tuple[Path, ...]


def set_up_map_folder(folder: Path, root: Path | None = None) -> FolderSetup:
    """Write the Tiled project, object types, tilesets and their images into ``folder``
    (the data folder's ``maps/``), and a folder per system; ``root`` is the asset root
    the shipped files come from (default: the installed program's). Existing files are
    kept. OSError (a folder that cannot be written) passes through to the caller."""
    shipped = maps_dir(root)
    files: dict[Path, bytes] = {
        Path(TILED_PROJECT): (shipped / TILED_PROJECT).read_bytes(),
        Path(OBJECT_TYPES): (shipped / OBJECT_TYPES).read_bytes(),
        Path(README): _README_TEXT.encode("utf-8"),
    }
    for tsx in sorted((shipped / TILESETS).glob("*.tsx")):
        text, images = local_tileset(tsx)
        files[Path(TILESETS) / tsx.name] = text.encode("utf-8")
        for name, source in images.items():
            files[Path(TILESETS) / name] = source.read_bytes()
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    kept: list[Path] = []
    for rel, data in files.items():
        (written if _create(folder / rel, data) else kept).append(folder / rel)
    for system in map_folders():
        (folder / system).mkdir(exist_ok=True)
    return FolderSetup(folder, tuple(written), tuple(kept))


_SOURCE = re.compile(r'(<image\b[^>]*?\bsource=")([^"]*)(")')


def local_tileset(tsx: Path) -> tuple[str, dict[str, Path]]:
    """The text of ``tsx`` with every ``<image source>`` renamed to a file beside it, and
    those files: ``{new name: the shipped image}``. The rest of the file is unchanged
    byte for byte (only the attribute value is rewritten)."""
    text = tsx.read_text(encoding="utf-8")
    ET.fromstring(text)  # a shipped tileset that is not XML is a broken install: say so
    images: dict[str, Path] = {}

    def rename(match: re.Match[str]) -> str:
        source = (tsx.parent / match.group(2)).resolve()
        name = source.name
        if images.get(name, source) != source:  # two images of one name: keep both
            name = f"{tsx.stem}_{len(images)}_{source.name}"
        images[name] = source
        return f"{match.group(1)}{name}{match.group(3)}"

    return _SOURCE.sub(rename, text), images


def _create(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless a file is there; True if written. The data go
    to a temporary file first and are linked into place, which fails rather than
    replace a file that appeared meanwhile (a half-written file is never left)."""
    if path.exists():
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links: the check above must do
            if path.exists():
                return False
            os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return True
