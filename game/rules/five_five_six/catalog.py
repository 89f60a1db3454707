"""5.56mm's designed data: weapons (7), grenades (7.8), equipment (8), abilities (9),
special skills (10) and the squad-building costs (11.12/11.13).

Every table is YAML under ``data/`` read with ``yaml.safe_load`` and validated into the
frozen pydantic models of :mod:`.schema` (re-exported here). A bad file raises
``DataError`` naming the file, the key path inside it and what was expected
(``game.core.data``). Distances are inches. :func:`catalog` is the cached catalogue of
the shipped files; :func:`load_catalog` reads another directory without caching.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from game.core.data import load_model
from game.core.errors import DataError
from game.resources import rules_data_dir
from game.rules.five_five_six.schema import (
    RANGE_ORDER,
    AbilityId,
    CharacterTables,
    DistanceBand,
    Equipment,
    EquipmentTable,
    Firearm,
    Grenade,
    GrenadeTable,
    PurchaseClass,
    RangeBands,
    RangeCategory,
    Skill,
    SkillTable,
    SquadRules,
    WeaponCategory,
    WeaponTables,
    band_at,
)

__all__ = [
    "RANGE_ORDER",
    "AbilityId",
    "Catalog",
    "DistanceBand",
    "Equipment",
    "Firearm",
    "Grenade",
    "PurchaseClass",
    "RangeBands",
    "RangeCategory",
    "Skill",
    "SquadRules",
    "WeaponCategory",
    "band_at",
    "catalog",
    "load_catalog",
]

DATA_DIR = rules_data_dir("five_five_six")
_ID = re.compile(r"^[a-z][a-z0-9_]{0,39}$")

# -- the catalogue ----------------------------------------------------------------

ItemKind = Literal["firearm", "melee", "grenade"]


@dataclass(frozen=True)
class Catalog:
    """All of 5.56mm's item and character tables, cross-checked."""

    weapons: WeaponTables
    grenades: dict[str, Grenade]
    equipment: dict[str, Equipment]
    skills: dict[str, Skill]
    characters: CharacterTables

    @property
    def squad_rules(self) -> SquadRules:
        return self.characters.squad_building

    def firearm(self, weapon_id: str) -> Firearm:
        return self.weapons.firearms[weapon_id]

    def item_kind(self, item_id: str) -> ItemKind | None:
        """What a carried weapon id names, or ``None`` if nothing."""
        if item_id in self.weapons.firearms:
            return "firearm"
        if item_id in self.grenades:
            return "grenade"
        if item_id in self.weapons.melee:
            return "melee"
        return None

    def category(self, item_id: str) -> WeaponCategory:
        kind = self.item_kind(item_id)
        if kind == "firearm":
            return self.firearm(item_id).category
        if kind == "grenade":
            return WeaponCategory.GRENADE
        if kind == "melee":
            return WeaponCategory.MELEE
        raise KeyError(item_id)

    def purchase_class(self, item_id: str) -> PurchaseClass | None:
        """The 11.13 row an item is bought under (``None``: cannot be bought)."""
        kind = self.item_kind(item_id)
        if kind == "firearm":
            return self.firearm(item_id).purchase
        if kind == "grenade":
            return PurchaseClass.GRENADES
        if kind == "melee":
            return self.weapons.melee[item_id].purchase
        raise KeyError(item_id)

    def slots(self, item_id: str) -> int:
        """Carried-weapon slots (7.0): 2 for machineguns and heavy weapons, else 1."""
        return self.firearm(item_id).slots if self.item_kind(item_id) == "firearm" else 1

    def carriable_items(self) -> tuple[str, ...]:
        """Every weapon id a character can carry and buy, in file order."""
        return self._carriable

    @cached_property
    def _carriable(self) -> tuple[str, ...]:
        fire = [k for k, w in self.weapons.firearms.items() if w.carried and w.purchase]
        melee = [k for k, m in self.weapons.melee.items() if m.purchase is not None]
        return (*fire, *melee, *self.grenades)


def load_catalog(data_dir: Path = DATA_DIR) -> Catalog:
    """Read and cross-check the five table files in ``data_dir`` (not cached)."""
    weapons = load_model(data_dir / "weapons.yaml", WeaponTables)
    grenades = load_model(data_dir / "grenades.yaml", GrenadeTable).grenades
    equipment = load_model(data_dir / "equipment.yaml", EquipmentTable).equipment
    skills = load_model(data_dir / "skills.yaml", SkillTable).skills
    characters = load_model(data_dir / "characters.yaml", CharacterTables)
    _check_links(data_dir, weapons, grenades, equipment, skills, characters)
    return Catalog(weapons, grenades, equipment, skills, characters)


@cache
def catalog() -> Catalog:
    """The shipped tables, read once."""
    return load_catalog(DATA_DIR)


def _check_links(
    data_dir: Path,
    weapons: WeaponTables,
    grenades: dict[str, Grenade],
    equipment: dict[str, Equipment],
    skills: dict[str, Skill],
    characters: CharacterTables,
) -> None:
    """Ids are well formed and unique across the item files; every id one table names
    in another exists there."""
    wpath, gpath = data_dir / "weapons.yaml", data_dir / "grenades.yaml"
    epath, spath = data_dir / "equipment.yaml", data_dir / "skills.yaml"
    tables: list[tuple[Path, str, Mapping[str, object]]] = [
        (wpath, "firearms", weapons.firearms),
        (wpath, "melee", weapons.melee),
        (gpath, "grenades", grenades),
        (epath, "equipment", equipment),
        (spath, "skills", skills),
    ]
    seen: dict[str, str] = {}
    for path, key, table in tables:
        for item_id in table:
            if not _ID.match(item_id):
                raise DataError(
                    f"{path}: {key}.{item_id}: expected an id of lower-case letters, digits "
                    "and _ starting with a letter"
                )
            if item_id in seen and key != "skills":
                raise DataError(f"{path}: {key}.{item_id}: id already used in {seen[item_id]}")
            seen.setdefault(item_id, f"{path.name} {key}")
    for wid, weapon in weapons.firearms.items():
        if weapon.skill is not None and weapon.skill not in skills:
            raise DataError(
                f"{wpath}: firearms.{wid}.skill: unknown skill {weapon.skill!r} "
                f"(expected one of {sorted(skills)})"
            )
        for i, host in enumerate(weapon.attaches_to):
            if host not in weapons.firearms:
                raise DataError(f"{wpath}: firearms.{wid}.attaches_to.{i}: unknown {host!r}")
    for eid, item in equipment.items():
        for i, gid in enumerate(item.immune_to):
            if gid not in grenades:
                raise DataError(
                    f"{epath}: equipment.{eid}.immune_to.{i}: unknown grenade {gid!r} "
                    f"(expected one of {sorted(grenades)})"
                )
    rules = characters.squad_building
    for i, eid in enumerate(rules.free_equipment):
        if eid not in equipment:
            raise DataError(
                f"{data_dir / 'characters.yaml'}: squad_building.free_equipment.{i}: "
                f"unknown equipment {eid!r} (expected one of {sorted(equipment)})"
            )
