"""Tabletop maps: an open table measured in inches, terrain pieces drawn in Tiled.

Used by the measured-table systems (JTS RatFight, 5.56mm). The map is a Tiled
orthogonal map; its tiles are only the look of the table. What the rules use are the
**terrain pieces**: objects on object layers whose class (Tiled "Class", older "Type")
is one of the terrain classes of ``maps/skirmish.tiled-project``. Area pieces are
rectangles, ellipses and polygons (woods, buildings, ruins, ponds); linear pieces are
polylines (walls, hedges, fences, streams, roads). Every class gives defaults for the
typed properties (see :data:`TERRAIN_MEMBERS`); an object may override them.

Other objects (classes :data:`FEATURE_KINDS`: deployment zones, objectives, labels,
markers) become :class:`TableFeature` records for scenarios.

Units. Positions are :data:`Point` = ``(x, y)`` integers in **hundredths of an inch**
from the table's top-left corner, x to the right, y down the table, so rules state and
saves stay exact. Heights are inches (floats, as authored). Facings are degrees
clockwise on the table from the +x direction (0 = east/right, 90 = south/down).

Objects on hidden layers and hidden objects are left out (keep a variant of the table
on a hidden layer); object layer offsets are applied, as Tiled draws them.

Scale: the map property ``inches_per_tile`` (float), or ``table_width_in`` (the table's
width in inches, divided over the map's columns). Without either the table is 48"
wide (a 4 ft x 4 ft table on a square map) and the map gets a warning saying so. Every
number is checked: a scale must be finite and above 0 and give a table 1" to 1200" a
side; heights 0 to 1000", linear widths 0 to 24"; no point of a piece may lie more than
the table's own width (or length) off it. The Tiled reader limits points per object,
objects and points per map (:mod:`game.maps.layers`). Map property ``light``: ``full`` (default),
``low`` or ``none`` (5.56mm 6.21). Tiles must be square.

:func:`load_table` reads a map into a :class:`Table` or raises MapError
"file: layer 'x': object 12 'Name': message"; :func:`table_problems` lists every problem
(for ``check-map``). Geometry questions are answered by
:class:`game.maps.tabletop_geometry.TableGeometry` and :mod:`game.maps.tabletop_measure`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol, get_args

from game.core.errors import MapError
from game.core.registry import map_spec
from game.maps.model import GameMap, MapObject, Properties, PropertyValue
from game.maps.tiled import PropertyTypes, load_map, load_property_types, object_outline
from game.resources import tiled_project

Point = tuple[int, int]
"""A position on the table: (x, y) in hundredths of an inch from the top-left corner."""

HUNDREDTHS = 100  # hundredths of an inch per inch
DEFAULT_TABLE_IN = 48.0
#: Sane bounds on what a map may say (a freak value is an error, not a freeze):
MIN_TABLE_IN = 1.0  # the shortest side of a table, inches
MAX_TABLE_IN = 1200.0  # the longest side of a table (100 ft), inches
MAX_HEIGHT_IN = 1000.0  # a piece's height_in
MAX_THICKNESS_IN = 24.0  # how wide a linear piece (wall, hedge, stream) may be
_MOST_INCHES = {"height_in": MAX_HEIGHT_IN, "thickness_in": MAX_THICKNESS_IN}
DEFAULT_BASE_RADIUS = 50  # a 25 mm (~1") round base, radius in hundredths
DEFAULT_MODEL_HEIGHT_IN = 1.0  # a foot figure on a 25 mm base stands about an inch tall

Cover = Literal["none", "soft", "hard"]
Movement = Literal["open", "climb", "impassable"]
MovementType = Literal["infantry", "wheeled", "tracked", "hovercraft", "flying"]
Light = Literal["full", "low", "none"]
Footprint = Literal["area", "line", "either"]
COVERS: tuple[Cover, ...] = get_args(Cover)
MOVEMENTS: tuple[Movement, ...] = get_args(Movement)
MOVEMENT_TYPES: tuple[MovementType, ...] = get_args(MovementType)
LIGHTS: tuple[Light, ...] = get_args(Light)
FOOTPRINTS: tuple[Footprint, ...] = get_args(Footprint)
COVER_RANK: Mapping[Cover, int] = {"none": 0, "soft": 1, "hard": 2}

#: The members every terrain class declares in the project file, with their Tiled type
#: (enum members name their enum type).
TERRAIN_MEMBERS: Mapping[str, str] = {
    "cover": "Cover",
    "height_in": "float",
    "blocks_los": "bool",
    **{f"move_{m}": "Movement" for m in MOVEMENT_TYPES},
    "road": "bool",
    "thickness_in": "float",
    "footprint": "Footprint",
}
#: Terrain classes as players say them (others: the class with spaces for underscores).
PIECE_WORDS: Mapping[str, str] = {"wall": "low wall", "high_wall": "high wall"}
#: Object classes that are not terrain: they become :class:`TableFeature` records.
FEATURE_KINDS = frozenset({"deployment", "objective", "label", "marker", "spawn"})
AREA_SHAPES = frozenset({"rectangle", "ellipse", "polygon"})
#: The project file shipped with the game (classes and enums for every map).
PROJECT_FILE = tiled_project()


def hundredths(inches: float) -> int:
    """Inches to whole hundredths of an inch (rounded half away from zero)."""
    scaled = inches * HUNDREDTHS
    return int(math.floor(scaled + 0.5)) if scaled >= 0 else -int(math.floor(-scaled + 0.5))


def to_point(x_in: float, y_in: float) -> Point:
    """A table position from inches."""
    return (hundredths(x_in), hundredths(y_in))


def inches(value: int | float) -> float:
    """Hundredths of an inch to inches."""
    return value / HUNDREDTHS


@dataclass(frozen=True, slots=True)
class TerrainPiece:
    """One terrain piece. ``outline`` is in hundredths of an inch, Tiled's rotation
    applied: the ring of an area piece (closed implicitly; ellipses as 32-gons) or the
    vertices of a linear one. ``thickness`` (hundredths) is how wide a linear piece is
    on the table (a base touching that strip is "in" it); ``height_in`` inches."""

    id: int
    name: str
    kind: str
    layer: str
    linear: bool
    outline: tuple[Point, ...]
    cover: Cover
    height_in: float
    blocks_los: bool
    movement: Mapping[MovementType, Movement]
    road: bool
    thickness: int
    properties: Properties

    @property
    def label(self) -> str:
        """How map-checking messages name the piece: ``hedge 12 'North hedge'``."""
        return f"{self.kind} {self.id}" + (f" {self.name!r}" if self.name else "")

    @property
    def player_name(self) -> str:
        """How a player names the piece: ``the low wall``, ``the high wall (Market
        wall)``, ``the Olive grove``: its kind in words, and its map name when that adds
        something (never the object id)."""
        what = PIECE_WORDS.get(self.kind, self.kind.replace("_", " "))
        name = " ".join(self.name.split())
        if not name or name.lower() in what:
            return f"the {what}"
        if what in name.lower():
            return f"the {name}"
        return f"the {what} ({name})"

    def move(self, movement_type: MovementType) -> Movement:
        """What the piece means to a movement type: open, climb or impassable."""
        return self.movement[movement_type]


@dataclass(frozen=True, slots=True)
class TableFeature:
    """A non-terrain object: deployment zone, objective, label, marker or spawn.

    ``outline`` in hundredths (one point for point objects); ``side`` is the
    ``side`` property ("" when unset)."""

    id: int
    name: str
    kind: str
    layer: str
    area: bool
    outline: tuple[Point, ...]
    properties: Properties

    @property
    def side(self) -> str:
        """The ``side`` property of a deployment zone or spawn ("" when unset)."""
        return str(self.properties.get("side", "") or "")


@dataclass(frozen=True, slots=True)
class Table:
    """A loaded tabletop map. ``width``/``height`` in hundredths of an inch;
    ``scale`` is hundredths of an inch per map pixel."""

    path: Path
    title: str
    width: int
    height: int
    inches_per_tile: float
    scale: float
    light: Light
    pieces: tuple[TerrainPiece, ...]
    features: tuple[TableFeature, ...]
    game_map: GameMap = field(repr=False)
    warnings: tuple[str, ...] = ()
    """What :func:`table_problems` warns about (``layer: object: message``), for a
    viewer to show: pieces off the table, a missing scale and the default assumed."""

    @property
    def size_in(self) -> tuple[float, float]:
        """The table's size in inches."""
        return (inches(self.width), inches(self.height))

    def piece(self, piece_id: int) -> TerrainPiece:
        """The piece with this Tiled object id (KeyError if none)."""
        for p in self.pieces:
            if p.id == piece_id:
                return p
        raise KeyError(piece_id)

    def features_of(self, kind: str, side: str | None = None) -> tuple[TableFeature, ...]:
        """Features of a kind (``deployment``, ...), optionally only one side's."""
        return tuple(
            f for f in self.features if f.kind == kind and (side is None or f.side == side)
        )

    def to_pixels(self, point: tuple[float, float]) -> tuple[float, float]:
        """A table position (hundredths) as map pixels (for drawing)."""
        return (point[0] / self.scale, point[1] / self.scale)

    def to_table(self, px: float, py: float) -> Point:
        """Map pixels to the nearest table position in hundredths."""
        return (round(px * self.scale), round(py * self.scale))


@dataclass(frozen=True, slots=True)
class TableProblem:
    """One problem of a tabletop map: where (layer, object label) and what."""

    layer: str
    place: str
    message: str
    severity: Literal["error", "warning"] = "error"


def is_tabletop(game_map: GameMap) -> bool:
    """True for maps of a system played on the open table (its map spec says so);
    ``system=tabletop`` marks a table any of them may use."""
    spec = map_spec(game_map.system) if game_map.system else None
    return spec is not None and spec.tabletop


def load_table(path: str | Path, project: PropertyTypes | None = None) -> Table:
    """Read a tabletop map. ``project`` defaults to the shipped project file's types.

    Raises MapError naming the file, the layer and object and what was expected for the
    first error :func:`table_problems` finds (warnings do not stop loading).
    """
    return table_from_map(load_map(Path(path), resolve_terrain=False), project)


def table_from_map(game_map: GameMap, project: PropertyTypes | None = None) -> Table:
    """A :class:`Table` from a map already loaded with :func:`load_map` (MapError as
    :func:`load_table`)."""
    types = project if project is not None else load_property_types(PROJECT_FILE)
    problems, table = _read_table(game_map, types)
    for problem in problems:
        if problem.severity == "error":
            where = ": ".join(p for p in (problem.layer, problem.place) if p)
            raise MapError(f"{game_map.path}: {where + ': ' if where else ''}{problem.message}")
    assert table is not None
    return table


def table_problems(game_map: GameMap, project: PropertyTypes) -> list[TableProblem]:
    """Every problem of a loaded map as a tabletop map (errors and warnings)."""
    return _read_table(game_map, project)[0]


def terrain_classes(project: PropertyTypes) -> tuple[str, ...]:
    """The project's terrain piece classes (classes declaring a ``cover`` member)."""
    return tuple(sorted(n for n, c in project.classes.items() if "cover" in c.members))


# -- reading -------------------------------------------------------------------------------


def _scale(game_map: GameMap, add: _Adder) -> float:
    """Inches per tile from the map properties (see the module docstring). A missing
    scale is a warning naming the default assumed; a value that is not a finite number
    above 0, or that makes a side of the table shorter than :data:`MIN_TABLE_IN` or
    longer than :data:`MAX_TABLE_IN`, is an error."""
    props = game_map.properties
    ipt = props.get("inches_per_tile")
    width_in = props.get("table_width_in")
    default = DEFAULT_TABLE_IN / game_map.width
    for name, value in (("inches_per_tile", ipt), ("table_width_in", width_in)):
        if value is not None and (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not value > 0
        ):
            add("", "map", f"map property {name}={value!r} must be a number above 0 (and finite)")
            return default
    if ipt is not None:
        scale, source = float(ipt), f"inches_per_tile={ipt!r}"
    elif width_in is not None:
        scale, source = float(width_in) / game_map.width, f"table_width_in={width_in!r}"
    else:
        add(
            "",
            "map",
            f"map property 'inches_per_tile' is missing: assuming a {DEFAULT_TABLE_IN:g}\" "
            f'wide table ({default:g}" a tile)',
            warn=True,
        )
        return default
    sides = (game_map.width * scale, game_map.height * scale)
    if min(sides) < MIN_TABLE_IN or max(sides) > MAX_TABLE_IN:
        add(
            "",
            "map",
            f'map property {source} makes the table {sides[0]:g}" x {sides[1]:g}"; each '
            f'side must be {MIN_TABLE_IN:g}" to {MAX_TABLE_IN:g}"',
        )
        return default
    return scale


def _read_table(
    game_map: GameMap, project: PropertyTypes
) -> tuple[list[TableProblem], Table | None]:
    problems: list[TableProblem] = []

    def add(layer: str, place: str, message: str, warn: bool = False) -> None:
        problems.append(TableProblem(layer, place, message, "warning" if warn else "error"))

    if game_map.orientation != "orthogonal":
        add("", "map", "tabletop maps must be orthogonal")
        return problems, None
    if game_map.tile_width != game_map.tile_height:
        add(
            "",
            "map",
            f"tabletop maps need square tiles, not {game_map.tile_width} x "
            f"{game_map.tile_height} px",
        )
        return problems, None
    ipt = _scale(game_map, add)
    scale = ipt * HUNDREDTHS / game_map.tile_width
    light_raw = str(game_map.properties.get("light", "full"))
    light: Light = "full"
    for candidate in LIGHTS:
        if candidate == light_raw:
            light = candidate
            break
    else:
        add("", "map", f"map property light={light_raw!r} is not one of {', '.join(LIGHTS)}")
    classes = set(terrain_classes(project))
    pieces: list[TerrainPiece] = []
    features: list[TableFeature] = []
    width, height = (
        round(game_map.width * ipt * HUNDREDTHS),
        round(game_map.height * ipt * HUNDREDTHS),
    )
    placed = [
        (obj, ly.effective_offset)
        for ly in game_map.layers
        if ly.kind == "object" and ly.effective_visible
        for obj in ly.objects
        if obj.visible
    ]
    for obj, (ox, oy) in placed:
        layer, place = f"layer {obj.layer!r}", _object_label(obj)
        outline = tuple(
            (round((px + ox) * scale), round((py + oy) * scale)) for px, py in object_outline(obj)
        )
        if obj.kind in classes:
            piece = _piece(obj, outline, project, _bind(add, layer, place))
            if piece is not None:
                pieces.append(piece)
        elif obj.kind in FEATURE_KINDS:
            features.append(
                TableFeature(
                    obj.id,
                    obj.name,
                    obj.kind,
                    obj.layer,
                    obj.shape in AREA_SHAPES,
                    outline,
                    obj.properties,
                )
            )
        else:
            known = ", ".join(sorted(classes | FEATURE_KINDS))
            what = f"unknown class {obj.kind!r}" if obj.kind else "no class"
            add(layer, place, f"{what} (expected one of: {known})")
            continue
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        if min(xs) < -width or min(ys) < -height or max(xs) > 2 * width or max(ys) > 2 * height:
            add(
                layer,
                place,
                f"reaches more than a table's width or length off the {inches(width):g}\" x "
                f'{inches(height):g}" table (at most that far; move or redraw it)',
            )
        elif max(xs) < 0 or max(ys) < 0 or min(xs) > width or min(ys) > height:
            add(layer, place, "lies off the table", warn=True)
    if any(p.severity == "error" for p in problems):
        return problems, None
    title = str(game_map.properties.get("title", "") or game_map.path.stem)
    return problems, Table(
        path=game_map.path,
        title=title,
        width=width,
        height=height,
        inches_per_tile=ipt,
        scale=scale,
        light=light,
        pieces=tuple(pieces),
        features=tuple(features),
        game_map=game_map,
        warnings=tuple(
            ": ".join(part for part in (p.layer, p.place, p.message) if part) for p in problems
        ),
    )


class _Adder(Protocol):
    """Callable type of the ``add`` helper (for type checkers)."""

    def __call__(self, layer: str, place: str, message: str, warn: bool = False) -> None: ...


def _object_label(obj: MapObject) -> str:
    return f"object {obj.id}" + (f" {obj.name!r}" if obj.name else "")


def _bind(add: _Adder, layer: str, place: str) -> _Add1:
    def bound(message: str) -> None:
        add(layer, place, message)

    return bound


def _piece(
    obj: MapObject,
    outline: tuple[Point, ...],
    project: PropertyTypes,
    add: _Add1,
) -> TerrainPiece | None:
    cls = project.classes[obj.kind]
    values: dict[str, PropertyValue] = {**cls.members, **obj.properties}
    ok = True
    for member, mtype in TERRAIN_MEMBERS.items():
        if member not in values:
            add(
                f"{obj.kind}: property {member!r} is missing (class {obj.kind!r} in "
                f"{project.path.name} must declare it)"
            )
            ok = False
            continue
        value = values[member]
        allowed = project.enums.get(mtype)
        if allowed is not None:
            if not isinstance(value, str) or value not in allowed:
                add(f"property {member}={value!r} is not one of {', '.join(allowed)}")
                ok = False
        elif mtype == "bool" and not isinstance(value, bool):
            add(f"property {member}={value!r} must be true or false")
            ok = False
        elif mtype == "float" and (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or not 0 <= value <= _MOST_INCHES.get(member, MAX_HEIGHT_IN)
        ):
            most = _MOST_INCHES.get(member, MAX_HEIGHT_IN)
            add(f"property {member}={value!r} must be a number of inches from 0 to {most:g}")
            ok = False
    if not ok:
        return None
    footprint = str(values["footprint"])
    shape_problem = _shape_problem(obj, outline, footprint)
    if shape_problem:
        add(shape_problem)
        return None
    thickness = max(1, hundredths(float(values["thickness_in"])))
    if obj.shape == "polyline" and not values["thickness_in"]:
        add("property thickness_in=0: a linear piece needs a width on the table")
        return None
    # plain dicts (typed read-only): tables must deep-copy and pickle with a search's clones
    movement = {m: _movement(values[f"move_{m}"]) for m in MOVEMENT_TYPES}
    return TerrainPiece(
        id=obj.id,
        name=obj.name,
        kind=obj.kind,
        layer=obj.layer,
        linear=obj.shape == "polyline",
        outline=outline,
        cover=_cover(values["cover"]),
        height_in=float(values["height_in"]),
        blocks_los=bool(values["blocks_los"]),
        movement=movement,
        road=bool(values["road"]),
        thickness=thickness,
        properties=values,
    )


class _Add1(Protocol):
    """Callable type of a one-object ``add`` helper."""

    def __call__(self, message: str) -> None: ...


def _cover(value: PropertyValue) -> Cover:
    for c in COVERS:
        if c == value:
            return c
    raise ValueError(value)  # pragma: no cover - checked before


def _movement(value: PropertyValue) -> Movement:
    for m in MOVEMENTS:
        if m == value:
            return m
    raise ValueError(value)  # pragma: no cover - checked before


def _shape_problem(obj: MapObject, outline: Sequence[Point], footprint: str) -> str | None:
    """Why an object's shape cannot be a terrain piece of its class, or None."""
    if obj.shape not in AREA_SHAPES and obj.shape != "polyline":
        return f"a {obj.shape} cannot be terrain (draw a rectangle, ellipse, polygon or polyline)"
    if obj.shape == "polyline" and footprint == "area":
        return (
            f"open polygon: a {obj.kind} is area terrain and needs a closed shape "
            "(rectangle, ellipse or polygon), not a polyline"
        )
    if obj.shape in AREA_SHAPES and footprint == "line":
        return f"a {obj.kind} is a linear obstacle: draw it as a polyline, not a {obj.shape}"
    if obj.shape in ("rectangle", "ellipse") and (obj.width <= 0 or obj.height <= 0):
        return f"degenerate {obj.shape}: {obj.width} x {obj.height} px (both must be above 0)"
    if obj.shape == "polyline":
        if len(set(outline)) < 2:
            return "degenerate polyline: needs at least two distinct points"
        return None
    if obj.shape == "polygon":
        if len(set(outline)) < 3:
            return "degenerate polygon: needs at least three distinct points"
        from shapely.geometry import Polygon

        poly = Polygon(outline)
        if poly.convex_hull.area <= 0:
            return "degenerate polygon: it encloses no area"
        if not poly.is_valid:
            return "polygon crosses itself (redraw it so its edges do not cross)"
    return None
