"""The pydantic models of 5.56mm's data files (``data/*.yaml``): weapons (7), grenades
(7.8), equipment (8), abilities (9), special skills (10) and the squad-building costs
(11.12/11.13). Frozen, extra keys forbidden; distances in inches. Loaded and
cross-checked by :mod:`game.rules.five_five_six.catalog`.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator


class RangeCategory(StrEnum):
    """The five range categories of 3.23, nearest first."""

    CLOSE = "close"
    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"
    EXTREME = "extreme"


RANGE_ORDER: tuple[RangeCategory, ...] = tuple(RangeCategory)


class WeaponCategory(StrEnum):
    """The weapon groups of section 7 (body armour and purchases go by these)."""

    MELEE = "melee"
    HANDGUN = "handgun"
    SHOTGUN = "shotgun"
    SMG = "smg"
    ASSAULT_RIFLE = "assault_rifle"
    GRENADE_LAUNCHER = "grenade_launcher"
    SNIPER_RIFLE = "sniper_rifle"
    MACHINEGUN = "machinegun"
    HEAVY = "heavy"
    GRENADE = "grenade"


class PurchaseClass(StrEnum):
    """The rows of the 11.13 purchase table."""

    HANDGUN_MELEE = "handgun_melee"
    SMG_SHOTGUN = "smg_shotgun"
    ASSAULT_RIFLE = "assault_rifle"
    GRENADES = "grenades"
    SPECIAL = "special"


class AbilityId(StrEnum):
    """The four abilities of section 9, each a score from +0 to +3."""

    MOVEMENT = "movement"
    WEAPONS = "weapons"
    STRENGTH = "strength"
    MORALE = "morale"


TestKind = Literal[
    "fire", "damage_strength", "melee_strength", "morale_flee", "spotting", "first_aid",
    "treat_injury",
]  # fmt: skip
"""Rolls a skill or item can change (see ``data/skills.yaml``)."""

Proficiency = Literal["sniper_rifle", "machinegun", "heavy", "land_vehicle", "air_vehicle"]
ActionId = Literal["treat_injury", "use_radio"]
CoverKind = Literal["light", "medium", "heavy"]
AmmoRule = Literal["on_a_one", "every_shot", "single_use"]
"""When a weapon makes an Ammo roll (7.0): after a 1 to hit while Ammo-Low (the
normal case), after every shot (RPG, 7.9), or never because it fires once (LAW)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- distance tables --------------------------------------------------------------


class DistanceBand(Strict):
    """One row of a distance table: up to ``upto_in`` inches (``None``: any distance
    beyond the previous row) the value is ``bonus`` (a die bonus or TN penalty;
    ``None`` where the seed prints "na": nothing happens in that band)."""

    upto_in: float | None = Field(gt=0)
    bonus: int | None


def _ordered_bands(rows: tuple[DistanceBand, ...]) -> tuple[DistanceBand, ...]:
    limits = [r.upto_in for r in rows]
    if any(x is None for x in limits[:-1]):
        raise ValueError("only the last row may be open-ended (upto_in: null)")
    known = [x for x in limits if x is not None]
    if any(b <= a for a, b in zip(known, known[1:], strict=False)):
        raise ValueError("rows must go outwards: each upto_in greater than the one before")
    return rows


DistanceTable = Annotated[tuple[DistanceBand, ...], AfterValidator(_ordered_bands)]


def distance_table(*rows: tuple[float | None, int | None]) -> tuple[DistanceBand, ...]:
    """A distance table written in code (3.21, 4.24) or a test: (up to inches or ``None``
    for open-ended, value) pairs, nearest first."""
    return _ordered_bands(tuple(DistanceBand(upto_in=u, bonus=b) for u, b in rows))


def band_at(rows: Sequence[DistanceBand], distance_in: float) -> DistanceBand | None:
    """The row of a distance table that covers ``distance_in``, or ``None`` beyond it:
    the one reader of every "X" to Y"" table (3.21, 4.24, 7.81-7.92, 8.01, 8.02).

    A row "0" to 1"" covers distances up to and including 1" (a character exactly 1"
    away is "within 1""), so 1.0 falls in the first row and 1.01 in the second; a
    distance under the first row's lower bound reads the first row (Interpretations R2,
    D4). Weapon range bands are the other way round (a category starts at its number)."""
    if distance_in < 0:
        raise ValueError(f"a distance cannot be negative ({distance_in})")
    for row in rows:
        if row.upto_in is None or distance_in <= row.upto_in:
            return row
    return None


# -- weapons ----------------------------------------------------------------------


class RangeBands(Strict):
    """Where each range category starts, in inches (``None``: no such category), and
    the Maximum Range. A target below the first start is too close to shoot."""

    close: float | None = Field(ge=0)
    short: float | None = Field(ge=0)
    medium: float | None = Field(ge=0)
    long: float | None = Field(ge=0)
    extreme: float = Field(ge=0)
    max_in: float = Field(gt=0)

    @model_validator(mode="after")
    def _increasing(self) -> RangeBands:
        starts = [s for _, s in self.bands()] + [self.max_in]
        if any(b <= a for a, b in zip(starts, starts[1:], strict=False)):
            raise ValueError(
                "range starts must increase: close < short < medium < long < extreme < max_in"
            )
        return self

    def start(self, category: RangeCategory) -> float | None:
        value: float | None = getattr(self, category.value)
        return value

    def bands(self) -> tuple[tuple[RangeCategory, float], ...]:
        """(category, start) for the categories the weapon has, nearest first."""
        return tuple((c, s) for c in RANGE_ORDER if (s := self.start(c)) is not None)


class AutoFire(Strict):
    """The Auto-Fire special action with this weapon (4.3): one extra to-hit roll per
    entry of ``penalties`` (the weapon's own TN penalty for that shot, whatever the
    target); ``other_target_penalty`` for an extra shot at a second target (SMGs and
    assault rifles, 3.24); further targets within ``reach_in`` of the first; one more
    than 2" away from it at ``far_penalty``; ``first_shot_penalty`` for weapons whose
    every auto shot kicks (FN-FAL). The one source of ``autofire.AutoFireProfile``."""

    penalties: tuple[int, ...] = Field(min_length=1)
    other_target_penalty: int = Field(default=0, ge=0)
    reach_in: float = Field(default=2, gt=0)
    far_penalty: int = Field(default=0, ge=0)
    first_shot_penalty: int = Field(default=0, ge=0)


class Round(Strict):
    """An alternative round a weapon can load before a shot (the M82's HEAP)."""

    name: str
    ranges: RangeBands
    damage: int
    ammo: int = Field(ge=1, le=6)
    damage_vs_characters: int | None = None
    interior_damage: int | None = None


class Firearm(Strict):
    """A firearm or heavy weapon of section 7. ``damage``/``ammo`` ``None`` is the
    seed's "na" (the M203 uses its grenade round's; the LAW fires once)."""

    name: str
    category: WeaponCategory
    ranges: RangeBands
    damage: int | None = Field(ge=0)
    ammo: int | None = Field(ge=1, le=6)
    skill: str | None = None
    purchase: PurchaseClass | None
    auto_fire: AutoFire | None = None
    second_fire_penalty: int = Field(default=0, ge=0)
    suppressed: bool = False
    body_armour_bonus: int | None = Field(default=None, ge=0)
    aim_bonus: int | None = Field(default=None, ge=1)
    attaches_to: tuple[str, ...] = ()
    arming_in: float | None = Field(default=None, gt=0)
    carried: bool = True
    ammo_rule: AmmoRule = "on_a_one"
    blast: DistanceTable = ()
    rounds: dict[str, Round] = {}

    @model_validator(mode="after")
    def _consistent(self) -> Firearm:
        if self.category in (WeaponCategory.MELEE, WeaponCategory.GRENADE):
            raise ValueError("category: a firearm is not a melee weapon or a grenade")
        no_auto = (
            WeaponCategory.HANDGUN,
            WeaponCategory.SHOTGUN,
            WeaponCategory.SNIPER_RIFLE,
            WeaponCategory.HEAVY,
            WeaponCategory.GRENADE_LAUNCHER,
        )
        if self.auto_fire is not None and self.category in no_auto:
            raise ValueError(f"auto_fire: a {self.category.value} cannot Auto-Fire (4.3)")
        launcher = self.category is WeaponCategory.GRENADE_LAUNCHER
        if launcher != (bool(self.attaches_to) and self.arming_in is not None):
            raise ValueError("a grenade launcher (and only one) has attaches_to and arming_in")
        if self.ammo is None and self.ammo_rule != "single_use" and not launcher:
            raise ValueError("ammo: needed unless the weapon fires once (ammo_rule: single_use)")
        return self

    @property
    def slots(self) -> int:
        """How many of the 4 carried weapons it counts as (7.0): machineguns and heavy
        weapons count twice."""
        return 2 if self.category in (WeaponCategory.MACHINEGUN, WeaponCategory.HEAVY) else 1

    @property
    def specialist(self) -> bool:
        """Needs a special skill to fire without the +2 TN penalty (9.2)."""
        return self.skill is not None


class MeleeWeapon(Strict):
    """A melee weapon (7.1): ``strength_bonus`` adds to hand-to-hand Strength rolls.
    ``with_categories``: only usable while carrying a weapon of one of these (the
    rifle butt); such a weapon is not an item of its own."""

    name: str
    strength_bonus: int = Field(ge=0)
    purchase: PurchaseClass | None
    with_categories: tuple[WeaponCategory, ...] = ()


class WeaponTables(Strict):
    """``data/weapons.yaml``."""

    range_tn: dict[RangeCategory, int]
    shotgun_damage: dict[RangeCategory, int]
    carry_limit: int = Field(ge=1)
    melee: dict[str, MeleeWeapon]
    firearms: dict[str, Firearm]

    @model_validator(mode="after")
    def _complete(self) -> WeaponTables:
        for key in ("range_tn", "shotgun_damage"):
            missing = [c.value for c in RANGE_ORDER if c not in getattr(self, key)]
            if missing:
                raise ValueError(f"{key}: needs every range category (missing {missing})")
        return self


# -- grenades ---------------------------------------------------------------------


class Gas(Strict):
    """A lingering gas cloud (CS gas, 7.84)."""

    tn_penalty: int = Field(ge=1)
    lingers: bool
    radius_in: float = Field(gt=0)
    recovery_bonus_per_turn: int = Field(ge=0)


class ActionsLost(Strict):
    """A row of 7.83: a Morale test short by ``margin`` (0 = made it) loses ``lost``
    actions; a margin worse than the lowest row counts as the lowest row."""

    margin: int = Field(le=0)
    lost: int = Field(ge=0, le=2)


class Grenade(Strict):
    """A grenade type (7.8): thrown like a firearm with Strength; everyone within the
    ``blast`` table tests ``test`` against D6 + the row's bonus."""

    name: str
    ranges: RangeBands
    damage: int | None = Field(ge=0)
    ammo: int = Field(ge=1, le=6)
    test: Literal["strength", "morale"]
    effect: Literal["wound", "lose_actions", "gassed"]
    body_armour: bool = True
    blast: DistanceTable = Field(min_length=1)
    actions_lost: tuple[ActionsLost, ...] = ()
    gas: Gas | None = None
    burn: DistanceTable = ()

    @model_validator(mode="after")
    def _consistent(self) -> Grenade:
        if (self.effect == "lose_actions") != bool(self.actions_lost):
            raise ValueError("actions_lost: given exactly when effect is lose_actions")
        if (self.effect == "gassed") != (self.gas is not None):
            raise ValueError("gas: given exactly when effect is gassed")
        return self

    def actions_lost_for(self, margin: int) -> int:
        """Actions lost by a Morale test that ended ``margin`` from the TN (7.83)."""
        if margin >= 0:
            return 0
        rows = sorted(self.actions_lost, key=lambda r: r.margin)
        for row in rows:
            if margin <= row.margin:
                return row.lost
        return 0


class GrenadeTable(Strict):
    """``data/grenades.yaml``."""

    grenades: dict[str, Grenade]


# -- equipment --------------------------------------------------------------------


class RollBonus(Strict):
    test: TestKind
    value: int


class NightVision(Strict):
    """How an item changes night fighting (6.21, 8.01-8.03): ``no_light_penalty``
    replaces No Light's +2 TN by distance; ``low_light_penalty`` (``None``: unchanged)
    replaces Low Light's +1; spotting rolls still needed or not, and their bonus."""

    applies_to: Literal["all_actions", "fire"]
    no_light_penalty: DistanceTable = Field(min_length=1)
    no_light_spotting: bool = True
    low_light_penalty: int | None = None
    low_light_spotting: bool = True
    spotting_bonus: int = 0

    @model_validator(mode="after")
    def _open_ended(self) -> NightVision:
        if self.no_light_penalty[-1].upto_in is not None:
            raise ValueError("no_light_penalty: the last row must cover any distance (null)")
        return self


class Equipment(Strict):
    """An item of section 8 and what it changes."""

    name: str
    summary: str
    roll_bonuses: tuple[RollBonus, ...] = ()
    aim_bonus: int | None = None
    sniper_extreme_aim_bonus: int | None = None
    no_aim_benefit_at: tuple[RangeCategory, ...] = ()
    armour_bonus: dict[WeaponCategory, int] = {}
    immune_to: tuple[str, ...] = ()
    fire_tn_penalty: int = 0
    fire_tn_penalty_at: tuple[RangeCategory, ...] = ()
    night: NightVision | None = None
    shoots_through_cover: bool = False
    cover_strength: dict[CoverKind, int | None] = {}
    unlocks_actions: tuple[ActionId, ...] = ()


class EquipmentTable(Strict):
    """``data/equipment.yaml``."""

    equipment: dict[str, Equipment]


# -- skills -----------------------------------------------------------------------


class Reroll(Strict):
    """Roll ``test`` again (only a failed one if ``only_failed``), ``uses_per_game``
    times (``None``: every time), keeping the better or the new result."""

    test: TestKind
    only_failed: bool = False
    uses_per_game: int | None = Field(default=None, ge=1)
    keep: Literal["best", "new"]


class Aura(Strict):
    """A benefit for friends within ``radius_in`` inches of the skilled character."""

    radius_in: float = Field(gt=0)
    rerolls: tuple[Reroll, ...] = Field(min_length=1)


class BonusPool(Strict):
    """Roll ``dice`` at the start of the game: that many +``value`` modifiers, at most
    ``per_turn`` a turn (Lucky Bastard)."""

    dice: Literal["d3", "d6"]
    value: int = Field(ge=1)
    per_turn: int = Field(ge=1)


class Skill(Strict):
    """A special skill of section 10 and what it changes."""

    name: str
    summary: str
    proficient_with: tuple[Proficiency, ...] = ()
    ignores_modifiers: tuple[Literal["not_closest_target"], ...] = ()
    rerolls: tuple[Reroll, ...] = ()
    roll_bonuses: tuple[RollBonus, ...] = ()
    unlocks_actions: tuple[ActionId, ...] = ()
    turn_cards: int = Field(default=1, ge=1, le=2)
    leader_only: bool = False
    max_per_squad: int | None = Field(default=None, ge=1)
    aura: Aura | None = None
    bonus_pool: BonusPool | None = None


class SkillTable(Strict):
    """``data/skills.yaml``."""

    skills: dict[str, Skill]


# -- characters and squad building ------------------------------------------------


class AbilityInfo(Strict):
    name: str
    summary: str


class SquadRules(Strict):
    """The numbers of 11.1/11.12/11.13."""

    random_squad_size: int = Field(ge=1)
    upgrade_dice: int = Field(ge=0)
    upgrade_base: int = Field(ge=0)
    max_upgrades_per_character: int = Field(ge=0)
    purchases_per_upgrade: int = Field(ge=1)
    starting_weapon: WeaponCategory
    purchase_costs: dict[PurchaseClass, int]
    free_equipment: tuple[str, ...] = ()
    leader_rank: str
    rank: str
    random_names: tuple[str, ...]

    @model_validator(mode="after")
    def _complete(self) -> SquadRules:
        missing = [c.value for c in PurchaseClass if c not in self.purchase_costs]
        if missing:
            raise ValueError(f"purchase_costs: needs every purchase class (missing {missing})")
        if len(set(self.random_names)) < self.random_squad_size:
            raise ValueError("random_names: needs at least random_squad_size different names")
        return self


class CharacterTables(Strict):
    """``data/characters.yaml``."""

    abilities: dict[AbilityId, AbilityInfo]
    ability_min: int
    ability_max: int
    equivalents: dict[int, str]
    squad_building: SquadRules

    @model_validator(mode="after")
    def _complete(self) -> CharacterTables:
        missing = [a.value for a in AbilityId if a not in self.abilities]
        if missing:
            raise ValueError(f"abilities: needs all four (missing {missing})")
        wanted = set(range(self.ability_min, self.ability_max + 1))
        if set(self.equivalents) != wanted:
            raise ValueError(f"equivalents: needs one entry for each score {sorted(wanted)}")
        return self
