"""5.56mm squads (section 11): character profiles, what a squad costs (11.12/11.13),
checking a squad, squad files and the seed's samples (11.11, 11.2). Building a squad
step by step and the random squad of 11.1 are in :mod:`.squad_builder`.

Costing (Interpretations D10-D12 in docs/rules/five_five_six.md): every +1 on an ability
and every special skill is one upgrade; every weapon after the free first assault rifle
costs purchases by 11.13 (the M203 as an assault rifle, 3; one grenade round comes with
it, more cost 3 each); the squad buys purchases in blocks of 5 for an upgrade each.
A character's cost reads "upgrades.purchases" with special weapons (5 purchases) shown
as whole upgrades, the way the seed prints it ("4.1" for the sniper with an M9).

Scenario squads are checked for what holds in every game (known items, the 4-weapon
limit, abilities +0 to +3, the Leader and Elite limits, one card colour); a squad with an
upgrade budget (``upgrades``) was built by 11.1 and must also keep to its rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import ceil
from pathlib import Path

from pydantic import Field, field_validator, model_validator

from game.core.data import load_model
from game.core.errors import DataError, SkirmishError
from game.core.playing_cards import PlayingCard
from game.rules.five_five_six.catalog import (
    DATA_DIR,
    AbilityId,
    Catalog,
    PurchaseClass,
    catalog,
)
from game.rules.five_five_six.schema import Strict
from game.rules.five_five_six.squads.traits import turn_cards

_ID = r"^[a-z][a-z0-9_]{0,39}$"


class SquadRuleError(SkirmishError):
    """A squad-building step the rules of section 11 do not allow (names the rule)."""


class Abilities(Strict):
    """The four ability scores of 9.0 (+0 to +3)."""

    movement: int = Field(default=0, ge=0)
    weapons: int = Field(default=0, ge=0)
    strength: int = Field(default=0, ge=0)
    morale: int = Field(default=0, ge=0)

    def get(self, ability: AbilityId) -> int:
        value: int = getattr(self, ability.value)
        return value

    @property
    def total(self) -> int:
        return self.movement + self.weapons + self.strength + self.morale


class Member(Strict):
    """One character of a squad: abilities, skills, carried weapons (firearm, melee and
    grenade ids), the M203's grenade rounds, equipment and turn-deck cards (``AS``,
    ``10C``: one, two for an Elite; empty until dealt)."""

    id: str = Field(pattern=_ID)
    name: str
    cards: tuple[str, ...] = Field(default=(), max_length=2)
    printed_cost: str | None = Field(default=None, pattern=r"^\d+\.\d+$")
    abilities: Abilities = Abilities()
    skills: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    launcher_rounds: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()

    @field_validator("cards")
    @classmethod
    def _cards(cls, cards: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(str(PlayingCard.parse(c)) for c in cards)

    @property
    def playing_cards(self) -> tuple[PlayingCard, ...]:
        return tuple(PlayingCard.parse(c) for c in self.cards)


class Squad(Strict):
    """A squad: its members, which of them leads, and, if built by 11.1, the upgrades
    it had to spend (``upgrades``). ``printed_upgrades`` only records a seed figure."""

    name: str
    upgrades: int | None = Field(default=None, ge=0)
    printed_upgrades: int | None = None
    leader: str
    members: tuple[Member, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ids(self) -> Squad:
        ids = [m.id for m in self.members]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"members: ids must be unique ({dupes} used twice)")
        if self.leader not in ids:
            raise ValueError(f"leader: {self.leader!r} is not a member id (expected one of {ids})")
        return self

    def member(self, member_id: str) -> Member:
        for m in self.members:
            if m.id == member_id:
                return m
        raise KeyError(member_id)


class SamplesFile(Strict):
    """``data/samples.yaml``: the 11.11 profile and the 11.2 squad."""

    profiles: tuple[Member, ...]
    squads: dict[str, Squad]


# -- costs ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MemberCost:
    """What one character costs: upgrades on abilities and skills, and purchases (the
    special weapons' among them)."""

    ability_upgrades: int
    skill_upgrades: int
    purchases: int
    special_purchases: int
    purchases_per_upgrade: int

    @property
    def capped_upgrades(self) -> int:
        """Upgrades that count against the 3-per-character limit of 11.1."""
        return self.ability_upgrades + self.skill_upgrades

    @property
    def label(self) -> str:
        """The seed's "upgrades.purchases" form: special weapons as whole upgrades."""
        whole = self.special_purchases // self.purchases_per_upgrade
        rest = self.purchases - whole * self.purchases_per_upgrade
        return f"{self.capped_upgrades + whole}.{rest}"


@dataclass(frozen=True, slots=True)
class SquadCost:
    """A squad's cost: upgrades on abilities and skills, plus one upgrade per 5
    purchases (rounded up) bought for the whole squad."""

    members: dict[str, MemberCost]
    ability_skill_upgrades: int
    purchases: int
    purchase_upgrades: int
    purchases_per_upgrade: int

    @property
    def upgrades(self) -> int:
        return self.ability_skill_upgrades + self.purchase_upgrades

    @property
    def spare_purchases(self) -> int:
        """Purchases bought but not spent (the rest of the last block of 5)."""
        return self.purchase_upgrades * self.purchases_per_upgrade - self.purchases


def member_cost(member: Member, cat: Catalog | None = None) -> MemberCost:
    """The cost of one character by 11.12/11.13 (see the module docstring)."""
    c = cat or catalog()
    rules = c.squad_rules
    costs = rules.purchase_costs
    purchases = special = 0
    free_used = False
    for item in member.weapons:
        if c.item_kind(item) is None:
            continue  # reported by squad_problems
        if not free_used and c.category(item) is rules.starting_weapon:
            free_used = True
            continue
        klass = c.purchase_class(item)
        if klass is None:
            continue
        purchases += costs[klass]
        if klass is PurchaseClass.SPECIAL:
            special += costs[klass]
    purchases += costs[PurchaseClass.GRENADES] * max(0, len(member.launcher_rounds) - 1)
    return MemberCost(
        ability_upgrades=member.abilities.total,
        skill_upgrades=len(member.skills),
        purchases=purchases,
        special_purchases=special,
        purchases_per_upgrade=rules.purchases_per_upgrade,
    )


def squad_cost(squad: Squad, cat: Catalog | None = None) -> SquadCost:
    """The whole squad's cost in upgrades (11.12)."""
    c = cat or catalog()
    members = {m.id: member_cost(m, c) for m in squad.members}
    purchases = sum(mc.purchases for mc in members.values())
    per = c.squad_rules.purchases_per_upgrade
    return SquadCost(
        members=members,
        ability_skill_upgrades=sum(mc.capped_upgrades for mc in members.values()),
        purchases=purchases,
        purchase_upgrades=ceil(purchases / per),
        purchases_per_upgrade=per,
    )


# -- checking ---------------------------------------------------------------------


def squad_problems(
    squad: Squad, cat: Catalog | None = None, *, budget: int | None = None
) -> tuple[tuple[str, str], ...]:
    """Everything wrong with a squad, as (key path, what was expected and which rule).

    ``budget`` (default: the squad's own ``upgrades``) switches on the rules of a squad
    built by 11.1: ten characters, at most 3 upgrades each on abilities and skills, a
    cost within the budget and only the free equipment. An empty tuple: valid."""
    c = cat or catalog()
    found: list[tuple[str, str]] = []
    for i, member in enumerate(squad.members):
        found.extend(_member_problems(f"members.{i}", member, member.id == squad.leader, c))
    found.extend(_squad_wide_problems(squad, c))
    limit = squad.upgrades if budget is None else budget
    if limit is not None:
        found.extend(_random_rule_problems(squad, limit, c))
    return tuple(found)


def check_squad(squad: Squad, source: str, cat: Catalog | None = None) -> Squad:
    """``squad`` if it has no problems; otherwise ``DataError`` naming ``source`` (the
    file), each key path and what was expected."""
    problems = squad_problems(squad, cat)
    if problems:
        raise DataError("\n".join(f"{source}: {where}: {what}" for where, what in problems))
    return squad


def _member_problems(
    where: str, member: Member, is_leader: bool, c: Catalog
) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    top = c.characters.ability_max
    for ability in AbilityId:
        if member.abilities.get(ability) > top:
            out.append((f"{where}.abilities.{ability.value}", f"at most +{top} (9.0)"))
    for j, skill in enumerate(member.skills):
        key = f"{where}.skills.{j}"
        if skill not in c.skills:
            out.append((key, f"unknown skill {skill!r} (expected one of {sorted(c.skills)})"))
        elif member.skills.index(skill) != j:
            out.append((key, f"{skill!r} is listed twice"))
        elif c.skills[skill].leader_only and not is_leader:
            out.append((key, f"only the squad leader may have {c.skills[skill].name} (10.0)"))
    for j, item in enumerate(member.weapons):
        key = f"{where}.weapons.{j}"
        kind = c.item_kind(item)
        if kind is None or item not in c.carriable_items():
            if kind == "firearm" and not c.firearm(item).carried:
                why = f"{c.firearm(item).name} is mounted, never carried (7.7)"
            elif kind == "melee":
                why = f"{item!r} is not an item of its own (7.1)"
            else:
                why = f"unknown weapon {item!r} (expected one of {list(c.carriable_items())})"
            out.append((key, why))
        elif member.weapons.index(item) != j:
            out.append((key, f"{item!r} is listed twice"))
    known = [w for w in member.weapons if w in c.carriable_items()]
    slots = sum(c.slots(w) for w in known)
    if slots > c.weapons.carry_limit:
        out.append(
            (
                f"{where}.weapons",
                f"{slots} weapons carried, at most {c.weapons.carry_limit} "
                "(machineguns and heavy weapons count 2; 7.0)",
            )
        )
    out.extend(_launcher_problems(where, member, c))
    for j, item in enumerate(member.equipment):
        if item not in c.equipment:
            out.append(
                (f"{where}.equipment.{j}", f"unknown equipment {item!r} ({sorted(c.equipment)})")
            )
    want = turn_cards((s for s in member.skills if s in c.skills), c)
    if member.cards and len(member.cards) != want:
        out.append((f"{where}.cards", f"{want} card(s) for this character (2.3)"))
    return out


def _launcher_problems(where: str, member: Member, c: Catalog) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    launchers = [
        w for w in member.weapons if c.item_kind(w) == "firearm" and c.firearm(w).arming_in
    ]
    for launcher in launchers:
        hosts = c.firearm(launcher).attaches_to
        if not any(h in member.weapons for h in hosts):
            out.append(
                (f"{where}.weapons", f"the {launcher} fits under one of {list(hosts)} (7.5)")
            )
    if launchers and not member.launcher_rounds:
        out.append((f"{where}.launcher_rounds", "name the grenade the launcher fires (7.5)"))
    if member.launcher_rounds and not launchers:
        out.append((f"{where}.launcher_rounds", "only with a grenade launcher (7.5)"))
    for j, rnd in enumerate(member.launcher_rounds):
        if rnd not in c.grenades:
            out.append(
                (f"{where}.launcher_rounds.{j}", f"unknown grenade {rnd!r} ({sorted(c.grenades)})")
            )
    return out


def _squad_wide_problems(squad: Squad, c: Catalog) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for skill_id, skill in c.skills.items():
        having = [m.id for m in squad.members if skill_id in m.skills]
        if skill.max_per_squad is not None and len(having) > skill.max_per_squad:
            out.append(
                ("members", f"at most {skill.max_per_squad} {skill.name} a squad, not {having}")
            )
    cards = [(i, card) for i, m in enumerate(squad.members) for card in m.playing_cards]
    seen: set[PlayingCard] = set()
    for i, card in cards:
        if card in seen:
            out.append((f"members.{i}.cards", f"{card} is dealt twice"))
        seen.add(card)
    if len({card.red for _, card in cards}) > 1:
        out.append(("members", "a side's cards are all black or all red (2.3)"))
    return out


def _random_rule_problems(squad: Squad, budget: int, c: Catalog) -> list[tuple[str, str]]:
    rules = c.squad_rules
    out: list[tuple[str, str]] = []
    if len(squad.members) != rules.random_squad_size:
        out.append(("members", f"a random squad has {rules.random_squad_size} characters (11.1)"))
    cost = squad_cost(squad, c)
    for i, member in enumerate(squad.members):
        spent = cost.members[member.id].capped_upgrades
        if spent > rules.max_upgrades_per_character:
            out.append(
                (
                    f"members.{i}",
                    f"{spent} upgrades on abilities and skills, at most "
                    f"{rules.max_upgrades_per_character} a character (11.1)",
                )
            )
        for j, item in enumerate(member.equipment):
            if item not in rules.free_equipment:
                out.append(
                    (
                        f"members.{i}.equipment.{j}",
                        f"{item!r} comes only from a scenario (8.0); free: "
                        f"{list(rules.free_equipment)}",
                    )
                )
    if cost.upgrades > budget:
        out.append(("upgrades", f"the squad costs {cost.upgrades} upgrades, {budget} to spend"))
    return out


# -- files ------------------------------------------------------------------------


def load_squad_file(path: Path, cat: Catalog | None = None) -> Squad:
    """A squad YAML file, checked; ``DataError`` naming the file, key path and rule."""
    return check_squad(load_model(path, Squad), str(path), cat)


def load_samples(path: Path = DATA_DIR / "samples.yaml", cat: Catalog | None = None) -> SamplesFile:
    """The sample profiles (each checked as a one-man squad) and sample squads."""
    samples = load_model(path, SamplesFile)
    for i, profile in enumerate(samples.profiles):
        for where, what in squad_problems(
            Squad(name=profile.name, leader=profile.id, members=(profile,)), cat
        ):
            raise DataError(f"{path}: profiles.{i}.{where.removeprefix('members.0.')}: {what}")
    for key, squad in samples.squads.items():
        check_squad(squad, f"{path}: squads.{key}", cat)
    return samples


@cache
def samples() -> SamplesFile:
    """The shipped 11.11 profile and 11.2 squad, read once."""
    return load_samples()


@cache
def sample_squad() -> Squad:
    """The 11.2 sample random squad as printed."""
    return samples().squads["sample_11_2"]


def sample_profile(member_id: str = "dutch") -> Member:
    """A sample character profile (11.11: Major "Dutch" Schaeffer)."""
    for profile in samples().profiles:
        if profile.id == member_id:
            return profile
    raise KeyError(member_id)
