"""The Transformers Skirmish 8x8 board: a chequerboard with coloured back ranks."""

from __future__ import annotations

from tools.map_layouts.spec import BOARD, MapObject, MapSpec, ObjectLayer


def board_map() -> MapSpec:
    """Transformers Skirmish: 8x8 chequered board; rank 1 (bottom) autobots, rank 8 deceptacons."""
    size = BOARD.tile[0]
    gids: list[list[int]] = []
    for row in range(8):
        rank = 8 - row  # Tiled row 0 is the top of the screen = rank 8
        line = []
        for col in range(8):
            shade = "light" if (row + col) % 2 == 0 else "dark"
            if rank == 1:
                name = f"autobot_{shade}"
            elif rank == 8:
                name = f"deceptacon_{shade}"
            else:
                name = shade
            line.append(BOARD.gid(name))
        gids.append(line)
    zones = [
        MapObject(
            "deployment",
            "Deceptacon back row",
            0,
            0,
            8 * size,
            size,
            props={"side": ("string", "deceptacons")},
        ),
        MapObject(
            "deployment",
            "Autobot back row",
            0,
            7 * size,
            8 * size,
            size,
            props={"side": ("string", "autobots")},
        ),
    ]
    return MapSpec(
        path="maps/transformers_skirmish/board.tmx",
        tileset=BOARD,
        width=8,
        height=8,
        gids=gids,
        properties={
            "system": ("string", "transformers_skirmish"),
            "title": ("string", "Skirmish board"),
        },
        layers=[ObjectLayer("deployment", zones)],
        background="#2a2420",
    )
