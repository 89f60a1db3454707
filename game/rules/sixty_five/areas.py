"""'65 set-up areas drawn on a map (issue 33): objects of type ``deployment`` on a hex
map, each naming the side that sets up under it (``side``: ``us`` or ``vc_nva``) or
carrying a name a scenario file refers to. A hex is under an area when its centre lies
inside the object (``MapObject.cells``)."""

from __future__ import annotations

from collections.abc import Mapping

from game.maps.hexgrid import hex_label
from game.maps.model import GameMap
from game.rules.sixty_five.field import Field


def map_areas(game_map: GameMap) -> dict[str, tuple[str, ...]]:
    """Each set-up area's side and name (both, where both are given) with the hex
    labels under it (``E3``), in map order."""
    out: dict[str, list[str]] = {}
    for obj in game_map.objects_of_kind("deployment"):
        side = str(obj.properties.get("side", "") or "")
        for key in {k for k in (side, obj.name) if k}:
            labels = out.setdefault(key, [])
            labels += [hex_label(c) for c in obj.cells if hex_label(c) not in labels]
    return {k: tuple(v) for k, v in out.items()}


def hex_areas(ground: Field) -> Mapping[str, frozenset[str]]:
    """The sides and names of the set-up areas over each board hex (remembered by the
    ground: the maps never change in a game)."""
    memo: dict[str, frozenset[str]] | None = ground.__dict__.get("_areas")
    if memo is not None:
        return memo
    found: dict[str, set[str]] = {}
    for bm in ground.board.maps:
        if bm.game_map is None:
            continue
        for key, labels in map_areas(bm.game_map).items():
            for label in labels:
                found.setdefault(f"{bm.map_id}{label}", set()).add(key)
    memo = {h: frozenset(keys) for h, keys in found.items()}
    ground.__dict__["_areas"] = memo
    return memo
