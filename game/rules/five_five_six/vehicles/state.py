"""A vehicle on the 5.56mm table (section 12, rules version 3): where it stands, which
way it faces, what it did in its driver's last go, its damage and its mounted weapon.

Positions are hundredths of an inch (the centre of its footprint), facings degrees
clockwise from the right table edge, as for characters. Who is aboard is kept on the
characters (``Character.aboard``/``seat``), so it is never said twice. A vehicle has
no turn-deck card: it acts on its driver's (Interpretation V21).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import Hull
from game.rules.five_five_six.vehicles.damage import DamageEffects, damage_effects
from game.rules.five_five_six.vehicles.data import VehicleDamage, VehicleProfile, vehicle_catalog
from game.rules.five_five_six.vehicles.shared import STATIONARY, Motion


@dataclass(slots=True)
class Vehicle:
    """One vehicle: ``profile_id`` in ``vehicles.yaml``; ``side`` the squad it came
    with; ``weapon`` the mounted weapon fitted (12.8 turret, or None); ``motion`` what it
    did in its driver's last go (12.11, 12.21, 12.61, 3.24); ``damage`` the 12.51
    results in the order suffered; ``weapons_work`` False once an Immobilised result
    put its mounted weapon out (12.51: on a D6 of 4+ it still works)."""

    id: str
    profile_id: str
    side: int
    name: str
    pos: Point
    facing: int = 0
    weapon: str | None = None
    motion: Motion = STATIONARY
    damage: list[VehicleDamage] = field(default_factory=list)
    weapons_work: bool = True

    @property
    def profile(self) -> VehicleProfile:
        return vehicle_catalog().vehicle(self.profile_id)

    @property
    def effects(self) -> DamageEffects:
        """What its damage does together (12.51, Interpretation V6)."""
        return damage_effects(tuple(self.damage), self.profile.kind)

    @property
    def destroyed(self) -> bool:
        return VehicleDamage.DESTROYED in self.damage

    @property
    def usable(self) -> bool:
        """Neither Immobilised nor Destroyed: it can still be driven (12.51)."""
        return self.effects.usable

    @property
    def hull(self) -> Hull:
        """Its footprint on the table (the profile's length and width)."""
        return self.hull_at(self.pos, self.facing)

    def hull_at(self, pos: Point, facing: float) -> Hull:
        p = self.profile
        return Hull(pos, hundredths(p.length_in), hundredths(p.width_in), facing)

    def copy(self) -> Vehicle:
        return Vehicle(
            self.id,
            self.profile_id,
            self.side,
            self.name,
            self.pos,
            self.facing,
            self.weapon,
            self.motion,
            list(self.damage),
            self.weapons_work,
        )

    def snapshot(self) -> list[object]:
        m = self.motion
        return [
            self.id,
            list(self.pos),
            self.facing,
            [m.moved_in, m.full_speed, m.altitude, m.hover_tn_penalty, m.halted],
            [d.value for d in self.damage],
            self.weapons_work,
        ]
