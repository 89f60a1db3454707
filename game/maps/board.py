"""Boards: several hex maps laid side by side and played as one.

Each map keeps its own hex labels; on the board a hex is named with its map's id in
front: ``2C4`` is hex C4 of map 2. A :class:`BoardMap` is placed by giving the board
offset (column, row) where its hex A1 lies; the other hexes follow the hex lattice
(this is exact in cube coordinates, so even an odd offset along the stagger axis
places the map correctly, half a hex shifted, as printed maps would interlock).
Adjacency, distance and lines of sight are computed on the whole board, so they cross
map borders. All maps of a board must share the same hex layout.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from game.core.errors import MapError
from game.maps.hexgrid import (
    Cube,
    HexGrid,
    cube_add,
    cube_distance,
    cube_line,
    cube_neighbours,
    cube_sub,
    hex_label,
    parse_hex_label,
)
from game.maps.model import Cell, GameMap
from game.maps.terrain import TerrainClass

BoardHex = tuple[str, Cell]  # (map id, cell on that map)

_ID = re.compile(r"([0-9]+)([A-Za-z]+[0-9]+)")


@dataclass(frozen=True)
class BoardMap:
    """One map on a board: its id (digits, e.g. "2"), size in hexes and placement."""

    map_id: str
    width: int
    height: int
    offset: Cell = (0, 0)
    game_map: GameMap | None = None


class Board:
    """Hex maps side by side, with geometry across their borders."""

    def __init__(self, grid: HexGrid, maps: Sequence[BoardMap]) -> None:
        if not maps:
            raise MapError("a board needs at least one map")
        self.grid = grid
        self.maps = tuple(maps)
        self._by_id: dict[str, BoardMap] = {}
        self._shift: dict[str, Cube] = {}
        self._cubes: dict[Cube, BoardHex] = {}
        for bm in self.maps:
            if not bm.map_id.isdigit():
                raise MapError(f"board map id {bm.map_id!r} must be a number like '2'")
            if bm.map_id in self._by_id:
                raise MapError(f"board map id {bm.map_id!r} is used twice")
            self._by_id[bm.map_id] = bm
            self._shift[bm.map_id] = grid.to_cube(bm.offset)
            for row in range(bm.height):
                for col in range(bm.width):
                    cube = cube_add(grid.to_cube((col, row)), self._shift[bm.map_id])
                    if cube in self._cubes:
                        other = self.hex_id(self._cubes[cube])
                        raise MapError(
                            f"board: map {bm.map_id} hex {hex_label((col, row))} overlaps {other}"
                        )
                    self._cubes[cube] = (bm.map_id, (col, row))

    @classmethod
    def from_maps(cls, placed: Sequence[tuple[GameMap, Cell]]) -> Board:
        """A board of loaded hex maps with their offsets; ids from the ``map_id``
        map property (else the position in the list, from 1)."""
        if not placed:
            raise MapError("a board needs at least one map")
        grids = []
        maps = []
        for i, (game_map, offset) in enumerate(placed, start=1):
            if game_map.hex is None:
                raise MapError(f"{game_map.path}: a board needs hexagonal maps")
            grids.append(game_map.hex)
            map_id = str(game_map.properties.get("map_id", i))
            maps.append(BoardMap(map_id, game_map.width, game_map.height, offset, game_map))
        if any(g != grids[0] for g in grids):
            raise MapError("board: all maps need the same hex layout (tile size and stagger)")
        return cls(grids[0], maps)

    # -- naming ----------------------------------------------------------------------------
    def hex_id(self, h: BoardHex) -> str:
        """Text id of a board hex, e.g. ("2", (2, 3)) -> "2C4"."""
        return f"{h[0]}{hex_label(h[1])}"

    def parse_id(self, text: str) -> BoardHex:
        """Parse "2C4" into ("2", (2, 3)); MapError if malformed or not on the board."""
        m = _ID.fullmatch(text.strip())
        if not m:
            raise MapError(f"not a board hex id: {text!r} (expected map number + hex, like 2C4)")
        h = (m.group(1), parse_hex_label(m.group(2)))
        if not self.contains(h):
            raise MapError(f"board has no hex {text!r}")
        return h

    # -- geometry ----------------------------------------------------------------------------
    def contains(self, h: BoardHex) -> bool:
        """True if ``h`` is a hex of one of the maps."""
        bm = self._by_id.get(h[0])
        return bm is not None and 0 <= h[1][0] < bm.width and 0 <= h[1][1] < bm.height

    def hexes(self) -> Iterator[BoardHex]:
        """Every board hex, map by map, row by row."""
        for bm in self.maps:
            for row in range(bm.height):
                for col in range(bm.width):
                    yield (bm.map_id, (col, row))

    def cube(self, h: BoardHex) -> Cube:
        """Board-wide cube coordinates of a hex."""
        return cube_add(self.grid.to_cube(h[1]), self._shift[h[0]])

    def at_cube(self, cube: Cube) -> BoardHex | None:
        """The board hex at board cube coordinates, or None off the board."""
        return self._cubes.get(cube)

    def neighbours(self, h: BoardHex) -> tuple[BoardHex, ...]:
        """Adjacent board hexes, across map borders."""
        found = (self._cubes.get(c) for c in cube_neighbours(self.cube(h)))
        return tuple(n for n in found if n is not None)

    def distance(self, a: BoardHex, b: BoardHex) -> int:
        """Hex steps between two board hexes."""
        return cube_distance(self.cube(a), self.cube(b))

    def line(self, a: BoardHex, b: BoardHex) -> list[tuple[BoardHex | None, ...]]:
        """Centre-to-centre line over the board (None for gaps between maps)."""
        return [
            tuple(self._cubes.get(c) for c in step)
            for step in cube_line(self.cube(a), self.cube(b))
        ]

    def line_blocked(self, a: BoardHex, b: BoardHex, blocks: Callable[[BoardHex], bool]) -> bool:
        """'65 line of sight across maps (edge rule as in :mod:`game.maps.hexgrid`).

        Gaps between maps never block.
        """
        return self.line_count(a, b, blocks) > 0

    def line_count(self, a: BoardHex, b: BoardHex, has: Callable[[BoardHex], bool]) -> int:
        """Hexes between ``a`` and ``b`` with a feature (e.g. '65 degrading terrain),
        by the edge rule; the end hexes and gaps between maps never count."""
        count = 0
        for step in self.line(a, b):
            if a in step or b in step:
                continue
            if all(h is not None and has(h) for h in step):
                count += 1
        return count

    def terrain_at(self, h: BoardHex) -> TerrainClass | None:
        """Resolved terrain of a board hex (None without a loaded map or terrain)."""
        bm = self._by_id[h[0]]
        return bm.game_map.terrain_at(h[1]) if bm.game_map is not None else None

    # -- pixels --------------------------------------------------------------------------------
    def board_cell(self, h: BoardHex) -> Cell:
        """Offset cell of a hex in board-wide coordinates (for drawing)."""
        return self.grid.from_cube(self.cube(h))

    def centre(self, h: BoardHex) -> tuple[float, float]:
        """Pixel centre of a board hex (board origin at the hex at board (0, 0))."""
        return self.grid.centre(self.board_cell(h))

    def map_origin(self, map_id: str) -> tuple[float, float]:
        """Pixel position where a map's own (0, 0) pixel lies on the board."""
        local = self.grid.centre((0, 0))
        board = self.centre((map_id, (0, 0)))
        return (board[0] - local[0], board[1] - local[1])

    def pick(self, x: float, y: float) -> BoardHex | None:
        """The board hex under a board pixel, or None."""
        cell = self.grid.pick(x, y)
        return self._cubes.get(self.grid.to_cube(cell))

    def shift(self, map_id: str) -> Cube:
        """Cube translation from a map's own coordinates to the board's."""
        return self._shift[map_id]

    def local(self, cube: Cube, map_id: str) -> Cell:
        """Map-local cell of a board cube (may be outside that map)."""
        return self.grid.from_cube(cube_sub(cube, self._shift[map_id]))
