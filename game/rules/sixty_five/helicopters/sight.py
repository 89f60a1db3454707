"""'65 line of sight of airborne helicopters (17d) and between two units.

A Flying or Hovering helicopter is above the terrain: it sees, and is seen from, every
hex but the one right behind a jungle or building hex on the line, and nothing through
Smoke. A Landed helicopter, and every other unit, traces LOS on the ground
(:meth:`Field.los`). A scenario's mountain (the board's gaps, ``Field.gaps_block``)
blocks every line, in the air too (scenario 7).
"""

from __future__ import annotations

from dataclasses import replace

from game.maps.silhouette import line_meets_outline
from game.rules.sixty_five.data import MoveClass
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.data import HelicopterRules, load_vehicle_data

#: 17b: the modes in which a helicopter is above the terrain (Flying, Hovering)
AIRBORNE = ("flying", "hovering")


def is_helicopter(unit: Counter) -> bool:
    """17: an Air unit (movement class F)."""
    return unit.type.move_class is MoveClass.FLYING


def has_helicopters(world: object) -> bool:
    """Whether the game (a World) has any helicopter: its units never change kind, so
    the answer is kept on the world like vehicle_moves.has_vehicles."""
    store = world.__dict__
    known = store.get("_has_helicopters")
    if known is None:
        known = store["_has_helicopters"] = any(is_helicopter(u) for u in store["units"].values())
    return bool(known)


def as_declared(unit: Counter, mode: str | None) -> Counter:
    """17b: ``unit`` as it will be once its activation's declared ``mode`` is taken (the
    mode comes first, so the action is judged in it); ``unit`` itself when it is no
    helicopter or declares no mode."""
    if mode is None or not is_helicopter(unit) or unit.mode == mode:
        return unit
    return replace(unit, mode=mode)


def airborne(unit: Counter) -> bool:
    """17d: a Flying or Hovering helicopter (on the map)."""
    return unit.mode in AIRBORNE


def he_soft(unit: Counter) -> bool:
    """10b, 17c: a target HE fire harms: no armour, or a helicopter in any mode."""
    return unit.values.af is None or is_helicopter(unit)


def strike_soft(unit: Counter) -> bool:
    """12, 17c: a soft target of artillery: no armour, or a Landed helicopter (the only
    helicopter artillery affects)."""
    return unit.values.af is None or (is_helicopter(unit) and unit.mode == "landed")


def unit_sight(field: Field, a: Counter, b: Counter) -> bool:
    """14, 17d: whether units ``a`` and ``b`` (both on the map) see each other: by
    :func:`helicopter_sees` when either is an airborne helicopter (two airborne ones
    only Smoke and a mountain block), otherwise along the ground."""
    assert a.hex is not None and b.hex is not None
    up_a, up_b = a.mode in AIRBORNE, b.mode in AIRBORNE  # airborne(), in the hot path
    if not (up_a or up_b):
        return field.los(a.hex, b.hex)
    if field.visibility is not None and field.distance(a.hex, b.hex) > field.visibility:
        return False  # 18r: the downpour hides the sky too
    rules = load_vehicle_data().rules.helicopter
    air, ground = (a.hex, b.hex) if up_a else (b.hex, a.hex)
    return helicopter_sees(field, air, ground, rules, both_airborne=up_a and up_b)


def helicopter_sees(
    field: Field,
    airborne: str,
    ground: str,
    rules: HelicopterRules,
    *,
    both_airborne: bool = False,
) -> bool:
    """17d: a Flying or Hovering helicopter sees, and is seen from, any hex, except

    - a hex right behind a jungle or building hex: the line's last step before the
      ground hex is jungle or a building (a building by its silhouette when the field
      uses silhouettes, 14); along a hex edge, when both hexes beside it are;
    - through Smoke: Smoke between them blocks (the Smoke hex itself is seen into);
    - through a scenario's mountain (``Field.gaps_block``: a step of the line off the
      maps, along an edge when the hex beside it blocks too).

    The LOS is reciprocal. Adjacent hexes always see each other. Two airborne
    helicopters are blocked by Smoke and the mountain only. A Landed helicopter uses
    :meth:`Field.los`. Without Smoke the answer is remembered by the field (its terrain
    never changes)."""
    if field.smoke:
        return _air_line(field, airborne, ground, rules, both_airborne)
    memo: dict[tuple[str, str, bool, bool], bool] = field.__dict__.setdefault("_air_los", {})
    key = (airborne, ground, both_airborne, field.by_silhouette)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _air_line(field, airborne, ground, rules, both_airborne)
    return known


def _air_line(
    field: Field, airborne: str, ground: str, rules: HelicopterRules, both_airborne: bool
) -> bool:
    if field.distance(airborne, ground) <= 1:
        return True
    steps = field.line(airborne, ground)
    between = [s for s in steps if airborne not in s and ground not in s]
    if field.gaps_block and any(
        None in s and all(h is None or field.terrain(h).blocks_los for h in s) for s in between
    ):
        return False
    inside = [s for s in between if None not in s]
    if any(all(h in field.smoke for h in s) for s in inside):
        return False
    if both_airborne or not inside:
        return True
    hidden = [_hides(field, h, airborne, ground, rules) if h else "" for h in between[-1]]
    return not (any(h == "silhouette" for h in hidden) or all(hidden))


def _hides(field: Field, hex_id: str, airborne: str, ground: str, rules: HelicopterRules) -> str:
    """Whether ``hex_id`` casts a blind spot on the line: "silhouette" (the line meets a
    building's outline there), "hex" (jungle, or a building hex counted whole), or ""."""
    terrain = field.terrain(hex_id)
    if terrain.id not in rules.blind_spot_terrain:
        return ""
    if terrain.silhouette and field.by_silhouette and hex_id in field.silhouettes:
        start, end = field.sight_line(airborne, ground)
        met = any(line_meets_outline(start, end, o) for o in field.silhouettes[hex_id])
        return "silhouette" if met else ""
    return "hex"
