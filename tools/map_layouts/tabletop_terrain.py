"""The tabletop terrain classes of ``maps/skirmish.tiled-project`` (RatFight and 5.56mm
maps): the enums their properties pick from and, for each class, its colour in Tiled
and the defaults a piece of that class has unless the map overrides them
(``game/maps/tabletop.py`` reads them from the project file).

Heights and thicknesses are in inches; ``move_*`` is how each movement class crosses
the piece (open, climb over it, or impassable).
"""

from __future__ import annotations

#: (enum name, values): the enums the class members use, plus the map's Light.
TABLETOP_ENUMS: list[tuple[str, list[str]]] = [
    ("Cover", ["none", "soft", "hard"]),
    ("Movement", ["open", "climb", "impassable"]),
    ("Footprint", ["area", "line", "either"]),
    ("Light", ["full", "low", "none"]),
]

MOVERS = ("infantry", "wheeled", "tracked", "hovercraft", "flying")

# name, colour, blocks_los, cover, footprint, height_in, move_* (in MOVERS order), road,
# thickness_in
TerrainRow = tuple[str, str, bool, str, str, float, tuple[str, str, str, str, str], bool, float]
OP, C, X = "open", "climb", "impassable"
TABLETOP_CLASSES: list[TerrainRow] = [
    ("wood", "#ff2e7d32", True, "soft", "area", 4.0, (OP, X, C, X, OP), False, 0.0),
    ("brush", "#ff8bc34a", False, "soft", "area", 0.75, (OP, C, OP, C, OP), False, 0.0),
    ("crops", "#ffd4c05a", False, "soft", "area", 0.75, (OP, OP, OP, OP, OP), False, 0.0),
    ("building", "#ff8d6e63", True, "hard", "area", 3.0, (OP, X, X, X, OP), False, 0.0),
    ("ruins", "#ff9e9e9e", True, "hard", "area", 1.5, (OP, X, C, X, OP), False, 0.0),
    ("rubble", "#ffbcaaa4", False, "hard", "area", 0.5, (OP, X, OP, C, OP), False, 0.0),
    ("rocks", "#ff757575", True, "hard", "area", 2.0, (C, X, X, X, OP), False, 0.0),
    ("pond", "#ff42a5f5", False, "none", "area", 0.0, (X, X, X, OP, OP), False, 0.0),
    ("marsh", "#ff80cbc4", False, "soft", "area", 0.0, (C, X, C, OP, OP), False, 0.0),
    ("wall", "#ffa1887f", True, "hard", "line", 1.0, (C, X, C, X, OP), False, 0.5),
    ("high_wall", "#ff6d4c41", True, "hard", "line", 3.0, (X, X, X, X, OP), False, 0.75),
    ("hedge", "#ff388e3c", True, "soft", "line", 1.5, (C, X, C, X, OP), False, 1.0),
    ("fence", "#ffbfa37a", False, "soft", "line", 0.75, (C, X, OP, X, OP), False, 0.25),
    ("barbed_wire", "#ffb0bec5", False, "none", "line", 0.5, (C, X, OP, X, OP), False, 0.5),
    ("stream", "#ff29b6f6", False, "none", "line", 0.0, (C, X, C, OP, OP), False, 1.5),
    ("road", "#ffc8b08a", False, "none", "either", 0.0, (OP, OP, OP, OP, OP), True, 3.0),
]


def class_members(row: TerrainRow) -> list[dict[str, object]]:
    """The members of one class as Tiled 1.8 writes them (name, propertyType, type,
    value), in the order of the committed project."""
    _name, _colour, blocks, cover, footprint, height, moves, road, thickness = row
    members: list[dict[str, object]] = [
        {"name": "blocks_los", "type": "bool", "value": blocks},
        {"name": "cover", "propertyType": "Cover", "type": "string", "value": cover},
        {"name": "footprint", "propertyType": "Footprint", "type": "string", "value": footprint},
        {"name": "height_in", "type": "float", "value": height},
    ]
    members += [
        {"name": f"move_{m}", "propertyType": "Movement", "type": "string", "value": v}
        for m, v in zip(MOVERS, moves, strict=True)
    ]
    members += [
        {"name": "road", "type": "bool", "value": road},
        {"name": "thickness_in", "type": "float", "value": thickness},
    ]
    return members
