"""What a character's special skills (10) and equipment (8) change, read from the data:
turn cards, roll bonuses, re-rolls, actions they allow, the specialist-weapon penalty.

Pure lookups over :mod:`game.rules.five_five_six.catalog`; each bonus comes back with
its name so the calculator and the screen can list it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.rules.five_five_six.catalog import Catalog, catalog
from game.rules.five_five_six.schema import ActionId, Reroll, TestKind

SPECIALIST_PENALTY = 2
"""3.24/9.2: +2 TN for a specialist weapon used without its special skill."""


@dataclass(frozen=True, slots=True)
class NamedBonus:
    """A modifier with the name of the skill or item it comes from."""

    name: str
    value: int


def turn_cards(skills: Iterable[str], cat: Catalog | None = None) -> int:
    """How many turn-deck cards a character gets (2.3): 2 for an Elite, else 1."""
    c = cat or catalog()
    return max((c.skills[s].turn_cards for s in skills if s in c.skills), default=1)


def roll_bonuses(
    test: TestKind,
    skills: Iterable[str] = (),
    equipment: Iterable[str] = (),
    cat: Catalog | None = None,
) -> tuple[NamedBonus, ...]:
    """Fixed bonuses to a roll from skills and items: Tracker +1 spotting, Black-Belt +1
    in hand-to-hand, a first aid kit +1 to First Aid and Treat Injury."""
    c = cat or catalog()
    out: list[NamedBonus] = []
    for sid in skills:
        skill = c.skills[sid]
        out.extend(NamedBonus(skill.name, b.value) for b in skill.roll_bonuses if b.test == test)
    for eid in equipment:
        item = c.equipment[eid]
        out.extend(NamedBonus(item.name, b.value) for b in item.roll_bonuses if b.test == test)
    return tuple(out)


def rerolls(
    test: TestKind, skills: Iterable[str], cat: Catalog | None = None
) -> tuple[tuple[str, Reroll], ...]:
    """The character's own re-rolls of ``test`` as (skill id, how): Nails, Sharpshooter,
    Fearless. Uses left are the state's to count."""
    c = cat or catalog()
    return tuple((sid, r) for sid in skills for r in c.skills[sid].rerolls if r.test == test)


def aura_rerolls(
    test: TestKind, leader_skills: Iterable[str], distance_in: float, cat: Catalog | None = None
) -> tuple[tuple[str, Reroll], ...]:
    """Re-rolls a friend ``distance_in`` inches away gives for ``test`` (Leader: a failed
    Morale test against fleeing, within 8"; the distance itself counts as within)."""
    c = cat or catalog()
    out: list[tuple[str, Reroll]] = []
    for sid in leader_skills:
        aura = c.skills[sid].aura
        if aura is not None and distance_in <= aura.radius_in:
            out.extend((sid, r) for r in aura.rerolls if r.test == test)
    return tuple(out)


def allowed_actions(
    skills: Iterable[str], equipment: Iterable[str], cat: Catalog | None = None
) -> frozenset[ActionId]:
    """Actions only some characters may take: Treat Injury (Medic, 4.4), Use Radio
    (a patrol radio, 4.9)."""
    c = cat or catalog()
    found: set[ActionId] = set()
    for sid in skills:
        found.update(c.skills[sid].unlocks_actions)
    for eid in equipment:
        found.update(c.equipment[eid].unlocks_actions)
    return frozenset(found)


def missing_skill(item_id: str, skills: Iterable[str], cat: Catalog | None = None) -> str | None:
    """The special skill a specialist weapon needs and the character lacks (firing it
    is then +2 TN, 3.24), or ``None``."""
    c = cat or catalog()
    if c.item_kind(item_id) != "firearm":
        return None
    need = c.firearm(item_id).skill
    return need if need is not None and need not in set(skills) else None


def ignores_modifier(modifier: str, skills: Iterable[str], cat: Catalog | None = None) -> bool:
    """Whether a skill waives a TN modifier (Sniper: "not the closest target", 10.0)."""
    c = cat or catalog()
    return any(modifier in c.skills[s].ignores_modifiers for s in skills)
