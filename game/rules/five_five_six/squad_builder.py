"""5.56mm squad building by 11.1: a step-by-step builder that checks every step, the
turn-deck cards of a squad (2.3), and the random squad (2D6+12 upgrades spent at
random). Interpretation D17 in docs/rules/five_five_six.md.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

from pydantic import ValidationError

from game.core.data import describe_validation_error
from game.core.playing_cards import full_deck
from game.core.rng import Rng
from game.rules.five_five_six.catalog import AbilityId, Catalog, WeaponCategory, catalog
from game.rules.five_five_six.squads import (
    Member,
    Squad,
    SquadCost,
    SquadRuleError,
    squad_cost,
    squad_problems,
)
from game.rules.five_five_six.traits import turn_cards


class SquadBuilder:
    """Build a squad by 11.1 one step at a time. Every step is checked against the
    whole squad (:func:`squad_problems` with the budget) and refused with a
    ``SquadRuleError`` naming the rule; a refused step changes nothing."""

    def __init__(
        self,
        name: str,
        upgrades: int,
        people: Sequence[tuple[str, str]],
        *,
        starting_rifle: str = "m16",
        cat: Catalog | None = None,
    ) -> None:
        """``people``: (id, name) of each character, the leader first. Everyone starts
        with +0 abilities, no skills and ``starting_rifle`` (11.1)."""
        self.cat = cat or catalog()
        if self.cat.item_kind(starting_rifle) != "firearm" or (
            self.cat.firearm(starting_rifle).category is not self.cat.squad_rules.starting_weapon
        ):
            raise SquadRuleError(f"{starting_rifle!r} is not an assault rifle (11.1)")
        members = tuple(Member(id=i, name=n, weapons=(starting_rifle,)) for i, n in people)
        if not members:
            raise SquadRuleError("a squad needs at least one character")
        self._squad = Squad(name=name, upgrades=upgrades, leader=members[0].id, members=members)
        self._commit(self._squad)

    @property
    def squad(self) -> Squad:
        return self._squad

    def cost(self) -> SquadCost:
        return squad_cost(self._squad, self.cat)

    def upgrades_left(self) -> int:
        """Upgrades not yet spent (purchases bought in a block count as spent)."""
        assert self._squad.upgrades is not None
        return self._squad.upgrades - self.cost().upgrades

    def raise_ability(self, member_id: str, ability: AbilityId) -> None:
        """+1 to one ability: one upgrade (11.12)."""
        m = self._squad.member(member_id)
        raised = m.abilities.model_copy(update={ability.value: m.abilities.get(ability) + 1})
        self._replace(m.model_copy(update={"abilities": raised}))

    def add_skill(self, member_id: str, skill: str) -> None:
        """A special skill: one upgrade (11.12)."""
        m = self._squad.member(member_id)
        self._replace(m.model_copy(update={"skills": (*m.skills, skill)}))

    def buy(self, member_id: str, item: str, launcher_round: str | None = None) -> None:
        """A weapon for purchases (11.13); a grenade launcher with its grenade round."""
        m = self._squad.member(member_id)
        update: dict[str, object] = {"weapons": (*m.weapons, item)}
        if launcher_round is not None:
            update["launcher_rounds"] = (*m.launcher_rounds, launcher_round)
        self._replace(m.model_copy(update=update))

    def drop(self, member_id: str, item: str) -> None:
        """Leave a weapon behind (the starting assault rifle, say); nothing is refunded
        beyond what the recounted cost gives back."""
        m = self._squad.member(member_id)
        if item not in m.weapons:
            raise SquadRuleError(f"{member_id} does not carry {item!r}")
        self._replace(m.model_copy(update={"weapons": tuple(w for w in m.weapons if w != item)}))

    def give_equipment(self, member_id: str, item: str) -> None:
        m = self._squad.member(member_id)
        self._replace(m.model_copy(update={"equipment": (*m.equipment, item)}))

    def deal_cards(self, rng: Rng, *, red: bool) -> Squad:
        """Deal each character a card of the side's colour (2.3), two to an Elite,
        leader first; returns the finished squad."""
        self._squad = deal_cards(self._squad, rng, red=red, cat=self.cat)
        return self._squad

    def _replace(self, member: Member) -> None:
        members = tuple(member if m.id == member.id else m for m in self._squad.members)
        self._commit(self._squad.model_copy(update={"members": members}))

    def _commit(self, squad: Squad) -> None:
        try:  # model_copy(update=...) does not validate: do it here
            checked = Squad.model_validate(squad.model_dump())
        except ValidationError as exc:
            raise SquadRuleError(describe_validation_error(Path(squad.name), exc)) from None
        problems = squad_problems(checked, self.cat)
        if problems:
            raise SquadRuleError("; ".join(f"{where}: {what}" for where, what in problems))
        self._squad = checked


def deal_cards(squad: Squad, rng: Rng, *, red: bool, cat: Catalog | None = None) -> Squad:
    """Each character's turn-deck cards (2.3): shuffled cards of one colour (black or
    red), one each, two for an Elite, the leader first."""
    c = cat or catalog()
    pile = rng.shuffled([card for card in full_deck() if card.red == red])
    leader = squad.member(squad.leader)
    order = [leader, *(m for m in squad.members if m.id != squad.leader)]
    dealt: dict[str, tuple[str, ...]] = {}
    for m in order:
        count = turn_cards((s for s in m.skills if s in c.skills), c)
        if len(pile) < count:
            raise SquadRuleError("a side has only 26 cards of its colour to deal (2.3)")
        dealt[m.id] = tuple(str(pile.pop()) for _ in range(count))
    members = tuple(m.model_copy(update={"cards": dealt[m.id]}) for m in squad.members)
    return squad.model_copy(update={"members": members})


def roll_squad_upgrades(rng: Rng, cat: Catalog | None = None) -> int:
    """11.1: 2D6 + 12 upgrades for a random squad."""
    rules = (cat or catalog()).squad_rules
    return rules.upgrade_base + sum(rng.roll(6) for _ in range(rules.upgrade_dice))


def random_squad(
    rng: Rng,
    *,
    red: bool,
    starting_rifle: str = "m16",
    armoury: Sequence[str] | None = None,
    name: str = "Random squad",
    cat: Catalog | None = None,
    upgrades: int | None = None,
    exclude: Collection[str] = (),
) -> Squad:
    """The random squad of 11.1: 2D6+12 upgrades spent at random, by the same checks
    as :class:`SquadBuilder`, on ten characters named from the data's list (a
    Sergeant leading), then cards of the side's colour dealt. ``armoury`` limits the
    weapons bought (default: every carried weapon); a special weapon goes only to a
    character with its skill. Spending stops when nothing more can be afforded.
    ``upgrades``: a budget to spend instead of the 2D6+12 roll (a skirmish's points);
    ``exclude``: names of the list not to use (the other squad's)."""
    c = cat or catalog()
    rules = c.squad_rules
    if upgrades is None:
        upgrades = roll_squad_upgrades(rng, c)
    free = [n for n in rules.random_names if n not in exclude]
    names = rng.shuffled(free)[: rules.random_squad_size]
    people = [
        (n.lower(), f"{rules.leader_rank if i == 0 else rules.rank} {n}")
        for i, n in enumerate(names)
    ]
    builder = SquadBuilder(name, upgrades, people, starting_rifle=starting_rifle, cat=c)
    stock = [w for w in (armoury or c.carriable_items()) if w in c.carriable_items()]
    ids = [p[0] for p in people]
    misses = 0
    while misses < 60 and (builder.upgrades_left() > 0 or builder.cost().spare_purchases > 0):
        try:
            _random_step(builder, rng, ids, stock, c)
            misses = 0
        except SquadRuleError:
            misses += 1
    return builder.deal_cards(rng, red=red)


def _random_step(
    builder: SquadBuilder, rng: Rng, ids: list[str], stock: list[str], c: Catalog
) -> None:
    who = rng.choice(ids)
    kind = rng.roll(6)
    if kind <= 3:
        builder.raise_ability(who, rng.choice(list(AbilityId)))
    elif kind == 4:
        builder.add_skill(who, rng.choice(list(c.skills)))
    else:
        item = rng.choice(stock)
        member = builder.squad.member(who)
        if c.item_kind(item) == "firearm":
            weapon = c.firearm(item)
            if weapon.skill is not None and weapon.skill not in member.skills:
                raise SquadRuleError(f"{who} lacks the skill for {item}")
            if weapon.category is WeaponCategory.GRENADE_LAUNCHER:
                builder.buy(who, item, rng.choice(list(c.grenades)))
                return
        builder.buy(who, item)
