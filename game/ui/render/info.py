"""Words about cells for the map viewer and tables: names, terrain, line of sight.

No drawing here: these turn the map model into the short texts the viewer shows
(hover line, LOS result). Line of sight uses the map package's rules: on hex maps the
centre-to-centre line where a step along an edge blocks only if both hexes beside it
block; on square maps the supercover line with the same edge rule. The two end cells
never block.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.maps import GameMap, cell_place, hex_label
from game.maps.grid import line_steps

Cell = tuple[int, int]


def cell_name(game_map: GameMap, cell: Cell) -> str:
    """``E3`` on hex maps, ``(x, y)`` on square maps."""
    return hex_label(cell) if game_map.hex is not None else f"({cell[0]}, {cell[1]})"


def terrain_text(game_map: GameMap, cell: Cell) -> str:
    """The terrain of a cell in words: its class name, else the raw id, else a note."""
    terrain = game_map.terrain_at(cell)
    if terrain is not None:
        return terrain.name
    tid = game_map.terrain_id_at(cell)
    return tid if tid else "no terrain"


def terrain_details(game_map: GameMap, cell: Cell) -> str:
    """Name plus the numbers that matter (move cost, cover, LOS), for the hover line."""
    terrain = game_map.terrain_at(cell)
    if terrain is None:
        return terrain_text(game_map, cell)
    bits = [terrain.name]
    if not terrain.passable:
        bits.append("impassable")
    elif terrain.move_cost != 1.0:
        bits.append(f"move x{terrain.move_cost:g}")
    if terrain.cover:
        bits.append(f"cover {terrain.cover}")
    if terrain.blocks_los:
        bits.append("blocks sight")
    elif terrain.degrades_los:
        bits.append(f"hinders sight {terrain.degrades_los}")
    return ", ".join(bits)


def blocks_sight(game_map: GameMap, cell: Cell) -> bool:
    """True if the cell's terrain blocks line of sight (unknown terrain does not)."""
    terrain = game_map.terrain_at(cell) if game_map.contains(cell) else None
    return bool(terrain is not None and terrain.blocks_los)


@dataclass(frozen=True)
class LosResult:
    """A line of sight between two cells and why it is blocked, if it is."""

    a: Cell
    b: Cell
    blocked: bool
    blockers: tuple[Cell, ...]  # the cells of the first blocking step
    hindering: tuple[Cell, ...]  # cells on the line that hinder but do not block
    text: str


def line_of_sight(game_map: GameMap, a: Cell, b: Cell) -> LosResult:
    """Trace sight from ``a`` to ``b`` and explain the result in one line."""
    steps = game_map.hex.line(a, b) if game_map.hex is not None else line_steps(a, b)
    blockers: tuple[Cell, ...] = ()
    hindering: list[Cell] = []
    for step in steps:
        if a in step or b in step:
            continue
        if all(blocks_sight(game_map, c) for c in step):
            blockers = tuple(step)
            break
        for c in step:
            t = game_map.terrain_at(c) if game_map.contains(c) else None
            if t is not None and t.degrades_los and c not in hindering:
                hindering.append(c)
    head = f"{cell_name(game_map, a)} to {cell_name(game_map, b)}"
    if blockers:
        what = " and ".join(
            f"{cell_place(game_map, c)} ({terrain_text(game_map, c)})" for c in blockers
        )
        edge = " - the line runs along their shared edge" if len(blockers) > 1 else ""
        text = f"{head}: BLOCKED by {what}{edge}"
    else:
        text = f"{head}: clear"
        if hindering:
            names = ", ".join(cell_name(game_map, c) for c in hindering)
            text += f" (hindered by {names})"
    return LosResult(a, b, bool(blockers), blockers, tuple(hindering), text)
