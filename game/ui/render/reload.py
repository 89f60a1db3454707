"""Live reload: a map that follows its files while it is open (saving in Tiled).

:class:`LiveMap` polls the modification times (and sizes) of the .tmx file, its .tsx
tilesets and every image they use, every :data:`POLL_SECONDS` of game time passed to
:meth:`LiveMap.update`. When one changed it reloads the map; if the new files are
broken the old map stays and :attr:`LiveMap.errors` holds the messages (the map
checker's, or the loader's when the checker finds nothing) until a good save.
No threads, no extra dependency: the caller's ``update(dt)`` drives it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from game.core.errors import MapError
from game.maps import GameMap, MapImages, load_map
from game.maps.check import check_map
from game.ui.render.loading import map_images

POLL_SECONDS = 0.5

Loader = Callable[[Path], tuple[GameMap, MapImages]]


def _default_loader(path: Path) -> tuple[GameMap, MapImages]:
    game_map = load_map(path)
    return game_map, map_images(game_map)


def map_files(game_map: GameMap) -> list[Path]:
    """The files a loaded map was read from: the .tmx, .tsx files and images."""
    files = [Path(game_map.path)]
    for ts in game_map.tilesets:
        if ts.source is not None:
            files.append(ts.source)
        if ts.image is not None:
            files.append(ts.image)
        files.extend(ts.tile_images.values())
    files.extend(layer.image for layer in game_map.layers if layer.image is not None)
    seen: dict[str, Path] = {}
    for f in files:
        seen.setdefault(str(f), f)
    return list(seen.values())


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def broken_map_messages(path: Path, error: Exception) -> list[str]:
    """What to tell the user about a map that does not load: the checker's errors,
    or the loader's message when the checker has nothing to add."""
    messages: list[str] = []
    try:
        messages = [str(p) for p in check_map(path) if getattr(p, "severity", "error") == "error"]
    except Exception as exc:  # the checker must not turn a bad map into a crash
        messages = [f"{path}: could not be checked ({exc})"]
    return messages or [str(error)]


class LiveMap:
    """The current good map of ``path``, reloaded when its files change."""

    def __init__(self, path: str | Path, loader: Loader = _default_loader) -> None:
        self.path = Path(path)
        self._loader = loader
        self.map, self.images = loader(self.path)  # MapError propagates: nothing to show
        self.errors: list[str] = []
        self.reloads = 0
        self._since = 0.0
        self._stamps = self._snapshot()

    def _snapshot(self) -> dict[Path, tuple[int, int] | None]:
        files = map_files(self.map)
        if self.path not in files:
            files.insert(0, self.path)
        return {f: _stamp(f) for f in files}

    def changed(self) -> bool:
        """True if any watched file's time or size differs from the last look."""
        return any(_stamp(f) != s for f, s in self._stamps.items())

    def update(self, dt: float) -> bool:
        """Poll (every :data:`POLL_SECONDS`); returns True when a new map was loaded."""
        self._since += dt
        if self._since < POLL_SECONDS:
            return False
        self._since = 0.0
        if not self.changed():
            return False
        return self.reload()

    def reload(self) -> bool:
        """Load the files now. True if the map was replaced; False (errors set) if the
        new files are broken, keeping the old map."""
        new_stamps = {f: _stamp(f) for f in self._stamps}
        try:
            game_map, images = self._loader(self.path)
        except MapError as exc:
            self.errors = broken_map_messages(self.path, exc)
            self._stamps = new_stamps  # don't retry until the next save
            return False
        self.map, self.images = game_map, images
        self.errors = []
        self.reloads += 1
        self._stamps = self._snapshot()
        return True
