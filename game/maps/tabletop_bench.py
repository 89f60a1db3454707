"""A crowded table for measuring tabletop queries (``python -m game bench``).

:func:`crowded_table` tiles the shipped tabletop maps' pieces (shifted, ids renumbered)
until the table holds ``pieces`` pieces; :func:`sight_pairs` gives deterministic pairs
of base positions to trace line of sight between. Pure: no clock here (bench times it).
"""

from __future__ import annotations

import dataclasses

from game.core.rng import Rng
from game.maps.tabletop import Point, Table, TerrainPiece, load_table
from game.resources import maps_dir

SHIPPED = maps_dir() / "tabletop"


def crowded_table(pieces: int = 60) -> Table:
    """A 48" table with ``pieces`` terrain pieces taken from the shipped maps (copies are
    moved by a few inches so they do not coincide)."""
    tables = [load_table(p) for p in sorted(SHIPPED.glob("*.tmx"))]
    base = tables[0]
    source = [p for t in tables for p in t.pieces]
    out: list[TerrainPiece] = []
    copy = 0
    while len(out) < pieces:
        shift = 300 * copy
        for piece in source:
            if len(out) == pieces:
                break
            outline = tuple(
                (min(base.width, max(0, x + shift)), min(base.height, max(0, y + shift // 2)))
                for x, y in piece.outline
            )
            out.append(dataclasses.replace(piece, id=len(out) + 1, outline=outline))
        copy += 1
    return dataclasses.replace(base, pieces=tuple(out))


def sight_pairs(table: Table, count: int, seed: int = 7) -> list[tuple[Point, Point]]:
    """``count`` pairs of base centres anywhere on the table (1" in from the edges)."""
    rng = Rng(seed)

    def point() -> Point:
        return (100 + rng.below(table.width - 200), 100 + rng.below(table.height - 200))

    return [(point(), point()) for _ in range(count)]
