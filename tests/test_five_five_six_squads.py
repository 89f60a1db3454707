"""5.56mm squads (seed section 11): the 11.11 profile and 11.2 squad as data, costs by
11.12/11.13, the squad builder's checks, the random squad of 11.1, bad squad files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.five_five_six.catalog import DATA_DIR, AbilityId, PurchaseClass, catalog
from game.rules.five_five_six.squads.builder import (
    SquadBuilder,
    deal_cards,
    random_squad,
    roll_squad_upgrades,
)
from game.rules.five_five_six.squads.rules import (
    Member,
    Squad,
    SquadRuleError,
    load_samples,
    load_squad_file,
    member_cost,
    sample_profile,
    sample_squad,
    squad_cost,
    squad_problems,
)

A = AbilityId


def test_five_five_six_11_11_sample_profile_dutch() -> None:
    """5.56mm 11.11: Major "Dutch" Schaeffer, Ace of Spades, +1/+2/+3/+2, Nails and
    Fearless, M16 with M203, knife and frag grenades; upgrade cost 10.7 (10 upgrades,
    7 purchases: M203 3, knife 1, frag 3)."""
    dutch = sample_profile("dutch")
    assert dutch.cards == ("AS",)
    ab = dutch.abilities
    assert (ab.movement, ab.weapons, ab.strength, ab.morale) == (1, 2, 3, 2)
    assert dutch.skills == ("nails", "fearless")
    assert dutch.weapons == ("m16", "m203", "knife", "frag")
    cost = member_cost(dutch)
    assert (cost.capped_upgrades, cost.purchases) == (10, 7)
    assert cost.label == dutch.printed_cost == "10.7"


def test_five_five_six_11_2_sample_squad_as_printed() -> None:
    """5.56mm 11.2: ten characters on King and 2-10 of Clubs, Sergeant Havers leading."""
    squad = sample_squad()
    assert [m.cards[0] for m in squad.members] == [
        "KC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C",
    ]  # fmt: skip
    assert squad.leader == "havers" and len(squad.members) == 10
    assert squad.member("simpson").weapons == ("m21", "m9")
    assert squad.member("kay").equipment == ("patrol_radio",)
    assert squad_problems(squad) == ()  # valid as a scenario's squad


def test_five_five_six_11_2_printed_costs_reproduced_except_havers() -> None:
    """5.56mm 11.2/11.13 (Interpretation): our costing gives every printed "Upgrade
    Cost" but Havers's: 4 ability upgrades and knife + frag (4 purchases) make 4.4, the
    seed prints 4.2."""
    squad = sample_squad()
    cost = squad_cost(squad)
    for m in squad.members:
        expected = "4.4" if m.id == "havers" else m.printed_cost
        assert cost.members[m.id].label == expected, m.id


def test_five_five_six_11_2_sample_squad_costs_21_not_19() -> None:
    """5.56mm 11.2 (Interpretation): 14 upgrades on abilities and skills and 32
    purchases (7 blocks of 5) make 21 upgrades, not the 19 printed; and Havers's four
    ability upgrades break 11.1's limit of 3. Both are reported, nothing else."""
    squad = sample_squad()
    cost = squad_cost(squad)
    assert (cost.ability_skill_upgrades, cost.purchases, cost.purchase_upgrades) == (14, 32, 7)
    assert cost.upgrades == 21 and cost.spare_purchases == 3
    assert squad.printed_upgrades == 19
    assert squad_problems(squad, budget=19) == (
        ("members.0", "4 upgrades on abilities and skills, at most 3 a character (11.1)"),
        ("upgrades", "the squad costs 21 upgrades, 19 to spend"),
    )
    assert len(squad_problems(squad, budget=21)) == 1  # only Havers's limit remains


def test_five_five_six_11_13_purchase_costs() -> None:
    """5.56mm 11.13: handgun/melee 1, SMG/shotgun 2, assault rifle 3, grenades 3,
    special weapon 5; 11.12: an upgrade buys 5 purchases."""
    rules = catalog().squad_rules
    assert rules.purchase_costs == {
        PurchaseClass.HANDGUN_MELEE: 1,
        PurchaseClass.SMG_SHOTGUN: 2,
        PurchaseClass.ASSAULT_RIFLE: 3,
        PurchaseClass.GRENADES: 3,
        PurchaseClass.SPECIAL: 5,
    }
    assert rules.purchases_per_upgrade == 5


def _member(**kw: object) -> Member:
    return Member.model_validate({"id": "x", "name": "X", **kw})


def test_five_five_six_11_13_first_assault_rifle_is_free_any_other_costs() -> None:
    """5.56mm 11.1/11.13: the starting assault rifle is free, whichever model; a second
    costs 3; an M203 3; each M203 grenade round after the first 3; a special weapon 5."""
    assert member_cost(_member(weapons=["m4"])).purchases == 0
    assert member_cost(_member(weapons=["ak47", "m16"])).purchases == 3
    assert member_cost(_member(weapons=["m16", "m203"], launcher_rounds=["frag"])).purchases == 3
    two_rounds = _member(weapons=["m16", "m203"], launcher_rounds=["frag", "stun"])
    assert member_cost(two_rounds).purchases == 6
    sniper = member_cost(_member(weapons=["m21", "m9"]))
    assert (sniper.purchases, sniper.special_purchases, sniper.label) == (6, 5, "1.1")
    assert member_cost(_member(weapons=["mp5", "knife"])).purchases == 3


def test_five_five_six_11_12_purchases_pooled_in_blocks_of_five() -> None:
    """5.56mm 11.12: purchases are bought by the squad, 5 for an upgrade: 4 + 3
    purchases on two characters take 2 upgrades, with 3 to spare."""
    squad = Squad(
        name="pool",
        leader="a",
        members=(
            _member(id="a", weapons=["m16", "knife", "frag"]),
            _member(id="b", weapons=["m16", "frag"]),
        ),
    )
    cost = squad_cost(squad)
    assert (cost.purchases, cost.purchase_upgrades, cost.spare_purchases) == (7, 2, 3)


def _builder(upgrades: int = 19) -> SquadBuilder:
    people = [(f"p{i}", f"Private {i}") for i in range(10)]
    return SquadBuilder("Test", upgrades, people)


def test_five_five_six_11_1_builder_starts_everyone_with_an_assault_rifle() -> None:
    """5.56mm 11.1: ten characters at +0, no skills, each with an assault rifle; the
    first leads; nothing spent yet."""
    b = _builder()
    assert all(m.weapons == ("m16",) and m.abilities.total == 0 for m in b.squad.members)
    assert b.squad.leader == "p0" and b.upgrades_left() == 19
    with pytest.raises(SquadRuleError, match="not an assault rifle"):
        SquadBuilder("x", 19, [("a", "A")], starting_rifle="mp5")


def test_five_five_six_11_1_no_more_than_three_upgrades_a_character() -> None:
    """5.56mm 11.1: at most 3 upgrades on one character's abilities and skills; the
    refused step changes nothing."""
    b = _builder()
    b.raise_ability("p1", A.WEAPONS)
    b.raise_ability("p1", A.WEAPONS)
    b.add_skill("p1", "sniper")
    before = b.squad
    with pytest.raises(SquadRuleError, match=r"4 upgrades on abilities and skills.*\(11\.1\)"):
        b.raise_ability("p1", A.MORALE)
    assert b.squad == before and b.upgrades_left() == 16


def test_five_five_six_11_1_cannot_spend_more_than_the_roll() -> None:
    """5.56mm 11.1: the squad spends at most its 2D6+12 upgrades."""
    b = _builder(upgrades=2)
    b.raise_ability("p0", A.MORALE)
    b.buy("p1", "knife")  # a block of 5 purchases: the second upgrade
    assert b.upgrades_left() == 0
    b.buy("p2", "colt_1911")  # paid from the spare purchases
    b.buy("p3", "frag")  # 1 + 1 + 3: the block of 5 is used up exactly
    with pytest.raises(SquadRuleError, match="costs 3 upgrades, 2 to spend"):
        b.raise_ability("p3", A.MORALE)
    with pytest.raises(SquadRuleError, match="costs 3 upgrades, 2 to spend"):
        b.buy("p4", "knife")


def test_five_five_six_10_leader_only_for_the_leader_and_one_elite() -> None:
    """5.56mm 10.0: only the squad leader may have Leader; one Elite a squad."""
    b = _builder()
    b.add_skill("p0", "leader")
    with pytest.raises(SquadRuleError, match="only the squad leader may have Leader"):
        b.add_skill("p1", "leader")
    b.add_skill("p1", "elite")
    with pytest.raises(SquadRuleError, match="at most 1 Elite a squad"):
        b.add_skill("p2", "elite")
    with pytest.raises(SquadRuleError, match="listed twice"):
        b.add_skill("p1", "elite")


def test_five_five_six_7_0_builder_keeps_to_four_weapons() -> None:
    """5.56mm 7.0: a character with an M16 and a SAW (2) has room for one more weapon."""
    b = _builder()
    b.buy("p1", "saw")
    b.buy("p1", "knife")
    with pytest.raises(SquadRuleError, match=r"5 weapons carried, at most 4.*7\.0"):
        b.buy("p1", "frag")


def test_five_five_six_7_5_m203_needs_a_rifle_and_a_round_m2_is_never_carried() -> None:
    """5.56mm 7.5/7.7: the M203 goes under an M16 or M4 and fires a named grenade; the
    M2 is mounted only."""
    b = _builder()
    with pytest.raises(SquadRuleError, match="name the grenade"):
        b.buy("p1", "m203")
    b.buy("p1", "m203", "frag")
    b.drop("p2", "m16")
    b.buy("p2", "ak47")
    with pytest.raises(SquadRuleError, match=r"fits under one of \['m16', 'm4'\]"):
        b.buy("p2", "m203", "frag")
    with pytest.raises(SquadRuleError, match="mounted, never carried"):
        b.buy("p3", "m2")


def test_five_five_six_11_1_random_equipment_is_the_patrol_radio_only() -> None:
    """5.56mm 8.0/11.1: a squad built by 11.1 gets only free equipment (the patrol
    radio); other items come from a scenario."""
    b = _builder()
    b.give_equipment("p1", "patrol_radio")
    with pytest.raises(SquadRuleError, match="comes only from a scenario"):
        b.give_equipment("p1", "body_armour")


def test_five_five_six_2_3_cards_one_colour_two_for_an_elite() -> None:
    """5.56mm 2.3: a side's cards are all black or all red, one a character, two for an
    Elite; no card twice."""
    b = _builder()
    b.add_skill("p3", "elite")
    squad = b.deal_cards(Rng(5), red=True)
    cards = [c for m in squad.members for c in m.playing_cards]
    assert len(cards) == 11 and len(set(cards)) == 11 and all(c.red for c in cards)
    assert len(squad.member("p3").cards) == 2
    assert squad_problems(squad) == ()
    mixed = squad.model_copy(
        update={
            "members": (squad.members[0].model_copy(update={"cards": ("AS",)}), *squad.members[1:])
        }
    )
    assert any("black or all red" in what for _, what in squad_problems(mixed))


def test_five_five_six_11_1_upgrades_roll_is_2d6_plus_12() -> None:
    """5.56mm 11.1: 2D6+12 upgrades: always 14-24, and every total comes up."""
    rng = Rng(11)
    rolls = {roll_squad_upgrades(rng) for _ in range(400)}
    assert rolls == set(range(14, 25))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.booleans())
def test_five_five_six_11_1_random_squad_is_always_valid(seed: int, red: bool) -> None:
    """5.56mm 11.1: a random squad has ten characters, a Sergeant leading, spends no
    more than its 2D6+12 upgrades, keeps every rule of squad building, and is dealt
    cards of its side's colour."""
    squad = random_squad(Rng(seed), red=red)
    assert squad.upgrades is not None and 14 <= squad.upgrades <= 24
    assert len(squad.members) == 10
    assert squad.member(squad.leader).name.startswith("Sergeant ")
    assert squad_problems(squad) == ()
    assert squad_cost(squad).upgrades <= squad.upgrades
    assert all(c.red == red for m in squad.members for c in m.playing_cards)
    for m in squad.members:
        for w in m.weapons:
            skill = catalog().firearm(w).skill if catalog().item_kind(w) == "firearm" else None
            assert skill is None or skill in m.skills


def test_five_five_six_11_1_random_squad_is_reproducible_and_uses_the_armoury() -> None:
    """5.56mm 11.1: the same seed gives the same squad; an armoury limits what is bought."""
    assert random_squad(Rng(3), red=False) == random_squad(Rng(3), red=False)
    militia = random_squad(Rng(3), red=True, starting_rifle="ak47", armoury=["ak47", "frag"])
    assert {w for m in militia.members for w in m.weapons} <= {"ak47", "frag"}


def test_five_five_six_deal_cards_to_a_scenario_squad() -> None:
    """5.56mm 2.3: a scenario squad without cards is dealt them, leader first."""
    bare = sample_squad().model_copy(
        update={
            "members": tuple(m.model_copy(update={"cards": ()}) for m in sample_squad().members)
        }
    )
    dealt = deal_cards(bare, Rng(1), red=False)
    cards = [c for m in dealt.members for c in m.playing_cards]
    assert len(set(cards)) == 10 and not any(c.red for c in cards)


# -- bad files --------------------------------------------------------------------

SQUAD_FILE = """\
name: Test squad
leader: a
members:
  - {id: a, name: Sergeant A, cards: [KS], abilities: {morale: 2}, weapons: [m16, knife]}
  - {id: b, name: Private B, cards: [QS], skills: [machine_gunner], weapons: [saw]}
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "squad.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "where", "expected"),
    [
        ("weapons: [saw]", "weapons: [bazooka]", "members.1.weapons.0", "unknown weapon"),
        ("weapons: [saw]", "weapons: [rifle_butt]", "members.1.weapons.0", "not an item"),
        ("weapons: [saw]", "weapons: [minigun]", "members.1.weapons.0", "never carried"),
        ("cards: [KS]", "cards: [ZZ]", "members.0.cards", "not a playing card"),
        ("cards: [QS]", "cards: [QH]", "members", "all black or all red"),
        ("morale: 2", "morale: 4", "members.0.abilities.morale", "at most +3"),
        ("morale: 2", "morale: two", "members.0.abilities.morale", "integer"),
        ("leader: a", "leader: z", "leader", "is not a member id"),
        ("skills: [machine_gunner]", "skills: [leader]", "members.1.skills.0", "squad leader"),
        ("leader: a", "upgrades: 1\nleader: a", "upgrades", "costs 5 upgrades, 1 to spend"),
    ],
)
def test_five_five_six_squad_file_errors_name_file_key_path_and_expectation(
    tmp_path: Path, old: str, new: str, where: str, expected: str
) -> None:
    """5.56mm squads: a broken squad YAML file is a DataError naming the file, the key
    path and what was expected."""
    assert old in SQUAD_FILE
    path = _write(tmp_path, SQUAD_FILE.replace(old, new, 1))
    with pytest.raises(DataError) as err:
        load_squad_file(path)
    text = str(err.value)
    assert str(path) in text and where in text and expected in text, text


def test_five_five_six_squad_file_good_one_loads(tmp_path: Path) -> None:
    """5.56mm squads: the good scenario squad loads: 2 + 1 upgrades on abilities and
    skills, 6 purchases (knife 1, SAW 5) in 2 blocks: 5 upgrades."""
    squad = load_squad_file(_write(tmp_path, SQUAD_FILE))
    assert squad_cost(squad).upgrades == 5


def test_five_five_six_samples_file_error_names_profile_key_path(tmp_path: Path) -> None:
    """5.56mm squads: a broken samples file names the file and the profile's key path."""
    data = tmp_path / "samples.yaml"
    shutil.copy(DATA_DIR / "samples.yaml", data)
    text = data.read_text(encoding="utf-8").replace(
        "skills: [nails, fearless]", "skills: [nails, x]"
    )
    data.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_samples(data)
    assert str(data) in str(err.value) and "profiles.0.skills.1: unknown skill 'x'" in str(
        err.value
    )
