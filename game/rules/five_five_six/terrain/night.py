"""5.56mm 6.2 night fighting: the light level (6.21, or the map's ``light`` property)
and what it changes, with night vision goggles (8.01), a night vision sight (8.02) and a
thermal imaging sight (8.0); the items' numbers are read from ``data/equipment.yaml``.

- Full Light: nothing.
- Low Light: +1 TN on every action; an enemy must be spotted before he can be attacked
  even in plain view, on the Fire action's distance table (3.21). Goggles: no +1, still
  the spotting roll, with +1 to it.
- No Light: +2 TN on every action; an enemy must be spotted as though he were Hiding
  (4.24), twice if he is Hiding. Goggles replace the +2 by 8.01 by distance; a night
  vision sight does so for Fire only (8.02); a thermal sight removes the +2 and the
  spotting roll for Fire.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import FACES, Modifier, nonzero
from game.rules.five_five_six.schema import NightVision, band_at

Light = Literal["full", "low", "none"]

#: 6.21: the light level by a D6.
LIGHT_BY_ROLL: dict[int, Light] = {1: "none", 2: "none", 3: "low", 4: "low", 5: "full", 6: "full"}
#: 6.2: the TN penalty of each light level.
LIGHT_PENALTY: dict[str, int] = {"full": 0, "low": 1, "none": 2}
#: The equipment ids (``data/equipment.yaml``) whose ``night`` entries this module reads.
GOGGLES = "night_vision_goggles"
NIGHT_SIGHT = "night_vision_sight"
THERMAL_SIGHT = "thermal_imaging_sight"


def _night(item: str) -> NightVision:
    night = catalog().equipment[item].night
    if night is None:
        raise ValueError(f"equipment {item!r} has no night entry")
    return night


def _no_light_penalty(item: str, distance_in: float) -> int:
    """8.01/8.02 (and the thermal sight's nil): the item's No Light penalty by distance."""
    row = band_at(_night(item).no_light_penalty, distance_in)
    return 0 if row is None or row.bonus is None else row.bonus


def light_from_roll(roll: int) -> Light:
    """6.21: 1-2 No Light, 3-4 Low Light, 5-6 Full Light."""
    if roll not in FACES:
        raise ValueError(f"a D6 shows 1 to 6, got {roll}")
    return LIGHT_BY_ROLL[roll]


def light_modifiers(
    light: Light,
    *,
    distance_in: float | None = None,
    goggles: bool = False,
    fire_with_night_sight: bool = False,
    fire_with_thermal: bool = False,
) -> tuple[Modifier, ...]:
    """6.2/8.0: the light's TN modifier for one action. ``distance_in`` is the distance
    to the target for Fire and spotting (``None`` for actions without one: counted as
    0", the goggles' first row). ``fire_with_*``: the action is a Fire action with that
    sight on the weapon."""
    if light not in LIGHT_PENALTY:
        raise ValueError(f"a light level is one of {sorted(LIGHT_PENALTY)}, got {light!r}")
    d = 0.0 if distance_in is None else distance_in
    if light == "full":
        return ()
    items = _items_in_use(goggles, fire_with_night_sight, fire_with_thermal)
    if light == "low":
        lows = [n.low_light_penalty for n in map(_night, items) if n.low_light_penalty is not None]
        return nonzero((Modifier("Low Light", min([LIGHT_PENALTY["low"], *lows])),))
    options = [LIGHT_PENALTY["none"], *(_no_light_penalty(item, d) for item in items)]
    return nonzero((Modifier("No Light", min(options)),))


def _items_in_use(goggles: bool, night_sight: bool, thermal: bool) -> tuple[str, ...]:
    """The night equipment that counts for this action (sights only when firing)."""
    flags = ((GOGGLES, goggles), (NIGHT_SIGHT, night_sight), (THERMAL_SIGHT, thermal))
    return tuple(item for item, used in flags if used)


@dataclass(frozen=True, slots=True)
class NightSpotting:
    """What must be rolled before attacking at night: ``rolls`` spotting rolls on the
    ``table`` ("fire": 3.21, "hide": 4.24), each with ``roll_bonus`` to the roll."""

    table: Literal["fire", "hide"] | None
    rolls: int
    roll_bonus: int

    def roll_modifiers(self) -> tuple[Modifier, ...]:
        return nonzero((Modifier("Night vision goggles", self.roll_bonus),))


def night_spotting(
    light: Light, *, target_hiding: bool, goggles: bool = False, fire_with_thermal: bool = False
) -> NightSpotting | None:
    """6.2: the spotting a character needs before attacking an enemy he has a line of
    sight on; ``None`` when the light changes nothing (the day rules of 3.2/4.2 apply).
    Low Light uses the Fire action's distance table (the text says 3.23, meaning 3.21:
    Interpretation R13); a Hiding enemy is spotted as by day on 4.24, once. Whether an
    item spares the roll or adds to it is its data (``night`` in ``equipment.yaml``)."""
    if light == "full":
        return None
    items = [_night(i) for i in _items_in_use(goggles, False, fire_with_thermal)]
    bonus = max((n.spotting_bonus for n in items), default=0)
    if light == "low":
        if any(not n.low_light_spotting for n in items):
            return None
        return NightSpotting(table="hide" if target_hiding else "fire", rolls=1, roll_bonus=bonus)
    if any(not n.no_light_spotting for n in items):
        return None
    return NightSpotting(table="hide", rolls=2 if target_hiding else 1, roll_bonus=0)
