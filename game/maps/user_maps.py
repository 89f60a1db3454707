"""Playing on a map the player chose: find it, list the maps, find its scenario beside it.

Every ruleset that plays on maps gives its options model the fields of
:class:`MapChoice`: ``map`` (empty: the chosen shipped scenario, as before; else a map)
and ``map_scenario`` (``beside``: the scenario file beside the map when there is one,
else a skirmish; ``skirmish``: always a skirmish on the map alone). Old saves have
neither option and play the shipped scenario they were saved with.

A ``map`` is found by :func:`resolve_map`, in this order: the text as a path (relative to
the working folder, ``~`` expanded); a shipped map of the system by file name, with or
without ``.tmx`` (``pellier_farm``), or by its path in the program's folder
(``maps/tunnel_rats/paddy_warren.tmx``); a map in the data folder's ``maps/`` folder when the
caller knows the data folder (``game.storage.user_maps_dir``). Nothing found is a
``MapError`` listing every place tried.

The scenario beside a map ``farm.tmx`` is ``farm.scenario.yaml`` in the same folder, in
the same schema as the system's shipped scenarios. A scenario names its map by a path
relative to its own file; a bare file name that is not there is looked up among the
shipped maps (:func:`scenario_map`), so the shipped scenarios keep naming their maps by
file name.

A game on a map records it (``game.core.map_copy``): :func:`map_files` lists what the
game needs from the player's folder: the map, the maps it leads to (``.tmx`` file
properties such as a Tunnel Rats entrance's ``leads_to``, followed on), the scenario
beside it, and any tileset (and its images) that is not one of the shipped ones.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.config import JsonDict

from game.core.errors import MapError
from game.core.registry import map_spec
from game.maps.tiled_xml import Ctx, read_xml
from game.resources import asset, maps_dir

SCENARIO_SUFFIX = ".scenario.yaml"
"""The scenario beside a map: ``<map stem>.scenario.yaml``."""
USER_MAPS_FOLDER = "maps"
"""The player's maps inside the data folder (listed on the setup screen)."""
MAP_SUFFIX = ".tmx"
TABLETOP_FOLDER = "tabletop"
"""Shipped open tables that every tabletop system plays on (``system=tabletop``)."""
MAX_LINKED_MAPS = 12  # a complex of more levels than this is refused as a loop


class MapChoice(BaseModel):
    """The two options of playing on a map of one's own (a base of a ruleset's options
    model: ``class RatFightOptions(MapChoice): ...``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    map: str = Field(
        default="",
        title="Map",
        description="empty: the scenario chosen; else a shipped map, one of yours, or a path",
    )
    map_scenario: Literal["beside", "skirmish"] = Field(
        default="beside",
        title="On the map",
        description="beside: the map's own scenario file if it has one; skirmish: the map alone",
    )


MAP_ONLY: JsonDict = {"map_only": True}
"""``json_schema_extra`` of an option that only a game on a map of the player's reads
(a skirmish's forces): ``Field(..., json_schema_extra=MAP_ONLY)``."""


def map_only_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The options of ``model`` that belong to the Map step of the setup screen: the
    :class:`MapChoice` fields and those marked :data:`MAP_ONLY`."""
    out = []
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra
        if name in MapChoice.model_fields or (isinstance(extra, dict) and extra.get("map_only")):
            out.append(name)
    return tuple(out)


@dataclass(frozen=True)
class MapEntry:
    """One map the setup screen offers: its file, its title (the map's ``title``
    property, else its file name), whether it is shipped or the player's own, and the
    scenario file beside it (None: a skirmish)."""

    path: Path
    title: str
    shipped: bool
    scenario: Path | None


def shipped_map_folders(system: str) -> list[Path]:
    """The shipped folders holding maps ``system`` plays on: its own, and the open
    tables of ``maps/tabletop`` for a tabletop system."""
    spec = map_spec(system)
    if spec is None:
        return []
    folders = [maps_dir() / spec.folder]
    if spec.tabletop and spec.folder != TABLETOP_FOLDER:
        folders.append(maps_dir() / TABLETOP_FOLDER)
    return folders


def resolve_map(
    text: str, system: str, *, user_dir: Path | None = None, base: Path | None = None
) -> Path:
    """The map file the ``map`` option ``text`` names (see the module docstring); a
    relative path is taken from ``base`` (default: the working folder). ``MapError``
    naming every place tried when there is none."""
    wanted = text.strip()
    if not wanted:
        raise MapError("no map given (expected a map file name or a path to a .tmx file)")
    tried: list[Path] = []
    given = Path(wanted).expanduser()
    if not given.is_absolute() and base is not None:
        given = base / given
    candidates = [given]
    name = Path(wanted).name
    if Path(wanted).name == wanted:  # a bare name: shipped maps, then the player's
        names = [name] if name.endswith(MAP_SUFFIX) else [name, name + MAP_SUFFIX]
        folders = shipped_map_folders(system) + ([user_dir] if user_dir is not None else [])
        candidates += [folder / n for folder in folders for n in names]
    else:
        if not wanted.endswith(MAP_SUFFIX):
            candidates.append(given.with_name(given.name + MAP_SUFFIX))
        if Path(wanted).parts[0] == "maps":  # a shipped map from the program's folder
            candidates.append(asset(wanted))
    for candidate in candidates:
        tried.append(candidate)
        if candidate.is_file():
            return candidate.resolve()
    places = ", ".join(str(p) for p in dict.fromkeys(tried))
    if Path(wanted).name != wanted:  # a path: name the file it most likely meant
        raise MapError(f"{candidates[-1]}: no such map file (looked for {places})")
    raise MapError(f"no map file {wanted!r} (looked for {places})")


def chosen_map(options: BaseModel, system: str) -> Path | None:
    """The map file an options model with :class:`MapChoice` fields names, or None
    when its ``map`` is empty (the shipped scenario is played); ``MapError`` when it is
    not found or its ``system`` property names another game."""
    text = str(getattr(options, "map", "") or "")
    if not text.strip():
        return None
    path = resolve_map(text, system)
    drawn_for = _map_system(path)
    spec = map_spec(system)
    fits = {system} | ({TABLETOP_FOLDER} if spec is not None and spec.tabletop else set())
    if drawn_for and drawn_for not in fits:
        raise MapError(
            f"{path}: map property system={drawn_for!r}: this map is drawn for another game; "
            f"expected {' or '.join(repr(s) for s in sorted(fits))}"
        )
    return path


def map_option_text(path: Path, system: str) -> str:
    """What to put in the ``map`` option for ``path``: a shipped map's bare file name
    (saves then play wherever the program is installed), else the absolute path."""
    resolved = path.resolve()
    for folder in shipped_map_folders(system):
        if resolved.parent == folder.resolve():
            return resolved.name
    return str(resolved)


def scenario_beside(map_path: Path) -> Path | None:
    """``<map>.scenario.yaml`` beside ``map_path`` when it exists."""
    found = map_path.with_name(map_path.stem + SCENARIO_SUFFIX)
    return found if found.is_file() else None


def scenario_map(ref: str, scenario_file: Path, system: str, key: str = "map") -> Path:
    """The map a scenario file names: a path relative to the scenario's own folder, or
    a shipped map (``MapError`` naming the scenario, its ``key`` and the places tried)."""
    try:
        return resolve_map(ref, system, base=scenario_file.parent)
    except MapError as exc:
        raise MapError(f"{scenario_file}: {key}: {exc}") from None


def map_title(path: Path) -> str:
    """A map's ``title`` property, else its file name without ``.tmx`` (read cheaply,
    without loading tilesets; a map that cannot be read gets its file name)."""
    try:
        root = read_xml(path, Ctx(path), "map file")
    except MapError:
        return path.stem
    for prop in root.iterfind("./properties/property"):
        if prop.get("name") == "title" and prop.get("value"):
            return str(prop.get("value"))
    return path.stem


def _map_property(path: Path, name: str) -> str | None:
    """One map property's text, read cheaply (None when missing or unreadable)."""
    try:
        root = read_xml(path, Ctx(path), "map file")
    except MapError:
        return None
    for prop in root.iterfind("./properties/property"):
        if prop.get("name") == name:
            return prop.get("value")
    return None


def _map_system(path: Path) -> str | None:
    return _map_property(path, "system")


def _direct_links(path: Path) -> set[Path]:
    """The maps ``path`` leads to directly (``.tmx`` file properties)."""
    try:
        root = read_xml(path, Ctx(path), "map file")
    except MapError:
        return set()
    return {(path.parent / v).resolve() for v in _file_properties(root)}


def _lower_level(path: Path, links: dict[Path, set[Path]]) -> bool:
    """Whether a map is a further level of a complex, not where a game starts: its
    ``level`` property is above 1, or (without one) another map leads to it and it
    leads back to none of those."""
    level = _map_property(path, "level")
    if level is not None and level.strip().isdigit():
        return int(level) > 1
    parents = {p for p, targets in links.items() if path in targets and p != path}
    return bool(parents) and not (links.get(path, set()) & parents)


def list_maps(system: str, user_dir: Path | None = None) -> list[MapEntry]:
    """The maps ``system`` plays on: shipped ones first, then the player's in
    ``user_dir`` (and its subfolders) whose ``system`` property is ``system`` (or
    ``tabletop`` for a tabletop system); each by title. Maps another map leads to (the
    lower levels of a complex) are left out: a game starts on the first."""
    spec = map_spec(system)
    if spec is None:
        return []
    systems = {system} | ({TABLETOP_FOLDER} if spec.tabletop else set())
    out: list[MapEntry] = []
    for folder, shipped in [(f, True) for f in shipped_map_folders(system)] + (
        [(user_dir, False)] if user_dir is not None else []
    ):
        if not folder.is_dir():
            continue
        found = sorted(folder.rglob("*" + MAP_SUFFIX) if not shipped else folder.glob("*.tmx"))
        links = {p.resolve(): _direct_links(p) for p in found}
        for path in found:
            if _map_system(path) not in systems or _lower_level(path.resolve(), links):
                continue
            out.append(MapEntry(path, map_title(path), shipped, scenario_beside(path)))
    return out


def is_entry_level(path: Path) -> bool:
    """Whether a game can start on ``path``: it is not a further level of a complex in
    its folder (see :func:`list_maps`)."""
    folder = path.resolve().parent
    links = {p.resolve(): _direct_links(p) for p in sorted(folder.glob("*" + MAP_SUFFIX))}
    return not _lower_level(path.resolve(), links)


def _file_properties(root: ET.Element) -> list[str]:
    """Values of every ``.tmx`` file property of a map (its own and its objects')."""
    values = []
    for prop in root.iter("property"):
        value = prop.get("value") or ""
        if value.lower().endswith(MAP_SUFFIX):
            values.append(value)
    return values


def linked_maps(map_path: Path) -> list[Path]:
    """``map_path`` and every map it leads to through ``.tmx`` file properties (a Tunnel
    Rats entrance's ``leads_to``), followed on, in the order first reached; files that
    do not exist are left out (``check-map`` names them)."""
    order = [map_path.resolve()]
    queue = list(order)
    while queue and len(order) <= MAX_LINKED_MAPS:
        path = queue.pop(0)
        try:
            root = read_xml(path, Ctx(path), "map file")
        except MapError:
            continue
        for value in _file_properties(root):
            target = (path.parent / value).resolve()
            if target.is_file() and target not in order:
                order.append(target)
                queue.append(target)
    return order


def _tileset_files(map_path: Path) -> list[Path]:
    """Tilesets of a map that are not shipped, with their images (shipped ones are
    found by name wherever a copy of the map lies)."""
    shipped = (maps_dir() / "tilesets").resolve()
    try:
        root = read_xml(map_path, Ctx(map_path), "map file")
    except MapError:
        return []
    out: list[Path] = []
    for elem in root.iterfind("tileset"):
        source = elem.get("source")
        if not source:
            continue
        tsx = (map_path.parent / source).resolve()
        if tsx.parent == shipped or not tsx.is_file():
            continue
        out.append(tsx)
        try:
            tile_root = read_xml(tsx, Ctx(tsx), "tileset file")
        except MapError:
            continue
        for image in tile_root.iter("image"):
            src = image.get("source")
            if src and (tsx.parent / src).is_file():
                out.append((tsx.parent / src).resolve())
    return out


def map_files(map_path: Path) -> list[Path]:
    """Every file a game on ``map_path`` reads from the player's folders: the map first,
    the maps it leads to, the scenario beside it, tilesets that are not shipped and their
    images (what a save copies)."""
    maps = linked_maps(map_path)
    out: list[Path] = list(maps)
    beside = scenario_beside(map_path)
    if beside is not None:
        out.append(beside.resolve())
    for path in maps:
        out += _tileset_files(path)
    return list(dict.fromkeys(out))


def option_map_files(system: str, options: Mapping[str, str]) -> list[Path]:
    """:func:`map_files` of the map the text options name (empty without a ``map``
    option). A ruleset's ``map_files(options)`` is this; ``Session`` calls it to copy the
    map into saves, ``game.saved_maps`` to see whether a save's map changed."""
    text = options.get("map", "")
    return map_files(resolve_map(text, system)) if text.strip() else []
