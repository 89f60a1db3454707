"""The seeds' worked examples set up as ``explain`` positions (``setup`` sections under
tests/data/positions/) and checked through ``python -m game explain``, with exactly the
numbers the examples give. The direct rules tests of the same examples:

- 5.56mm 2.3/3.23: test_five_five_six_rules_checks.py, test_five_five_six_firing.py
  (test_2_3_worked_example_the_ranger_hits_on_6), test_five_five_six_rules_fire.py;
- 5.56mm 3.22: test_five_five_six_firing.py, test_five_five_six_rules_fire.py;
- 5.56mm 4.1, 6.1: test_five_five_six_rules_movement.py, test_five_five_six_moving.py;
- 5.56mm 4.7: test_five_five_six_vehicles_drive.py; 12.6: test_five_five_six_vehicles_damage.py;
- 5.56mm 5.0: test_five_five_six_rules_melee.py; 5.01: test_five_five_six_rules_injury.py;
- 5.56mm 7.0: test_five_five_six_rules_fire.py;
- '65 combat examples: test_sixty_five_combat.py, test_sixty_five_calculator.py;
  artillery: test_sixty_five_artillery.py; vehicle: test_sixty_five_vehicle_fire.py;
- RatFight weapons and hard cover: test_ratfight_explain.py, test_ratfight_cards.py.
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest

from game.__main__ import main
from game.core.explain import explain, load_position
from game.rules.five_five_six.combat.injury import Wound, wound_from_margin
from game.rules.five_five_six.vehicles.damage import damage_from_margin
from game.rules.five_five_six.vehicles.data import VehicleDamage

POSITIONS = Path(__file__).parent / "data" / "positions"


def explained(
    capsys: pytest.CaptureFixture[str], ruleset: str, position: str, action: str
) -> dict[str, Any]:
    """The JSON answer of ``python -m game explain`` for a shipped test position."""
    path = POSITIONS / position
    code = main(["explain", ruleset, "--position", str(path), "--action", action, "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    answer: dict[str, Any] = json.loads(out)
    assert answer["legal"] is True, answer.get("reason")
    assert sum(answer["outcomes"].values()) == pytest.approx(1.0)
    return answer


# -- 5.56mm ---------------------------------------------------------------------------


def test_556_2_3_worked_example_ranger_tn_6_hits_on_a_4(capsys: pytest.CaptureFixture[str]) -> None:
    """5.56mm 2.3/3.23: M16 at 22" is Long (TN 5), partial concealment +1: TN 6; with
    Weapons +2 a roll of 4 or more equals it: a hit half the time."""
    answer = explained(
        capsys, "five_five_six", "five_five_six_ranger.yaml", "fire havers m16 captain"
    )
    n = answer["numbers"]
    assert (n["range_in"], n["range_category"]) == (22.0, "long")
    assert n["base"] == "Long range 5" and n["modifiers"] == ["Partial concealment +1"]
    assert (n["target_number"], n["ability"], n["ability_name"]) == (6, 2, "Weapons")
    assert answer["outcomes"]["miss"] == pytest.approx(0.5)


def test_556_7_0_worked_example_mp5_is_medium_from_12_inches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """5.56mm 7.0: the MP5's Medium range begins at 12": a target 12" away is at Medium,
    TN 4; a little nearer he is at Short."""
    answer = explained(capsys, "five_five_six", "five_five_six_mp5.yaml", "fire havers mp5 captain")
    n = answer["numbers"]
    assert (n["range_in"], n["range_category"], n["base"]) == (12.0, "medium", "Medium range 4")
    nearer = tmp_path / "nearer.yaml"
    text = (POSITIONS / "five_five_six_mp5.yaml").read_text(encoding="utf-8")
    nearer.write_text(text.replace("at: [30, 17]", "at: [30, 17.5]"), encoding="utf-8")
    answer = explain(load_position(nearer), "fire havers mp5 captain")
    assert (answer["numbers"]["range_in"], answer["numbers"]["range_category"]) == (11.5, "short")


def test_556_3_22_worked_example_sniper_spotting_tn_7_with_plus_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """5.56mm 3.21/3.22: 16" to 32": TN 5; Stealth +1 and under 25% in sight +1: TN 7;
    he fired last turn and has not moved: +2 to the Morale +0 roll. A 4 makes 6, short:
    he is spotted only on a 5 or 6 (not spotted 2/3)."""
    answer = explained(
        capsys, "five_five_six", "five_five_six_sniper.yaml", "fire havers m16 captain"
    )
    n = answer["numbers"]
    assert n["range_category"] == "long" and n["base"] == "Long range 5"
    assert (n["spotting_target_number"], n["spotting_bonus"]) == (7, 2)
    assert answer["outcomes"]["not spotted"] == pytest.approx(4 / 6)


def test_556_4_1_worked_example_ranger_sprints_9_inches_on_a_3(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """5.56mm 4.1: 4" + D6 + Movement 2: 7" to 12", each 1/6; his 3 gives 9", and the 10"
    street is crossed only on a 4 or better."""
    answer = explained(capsys, "five_five_six", "five_five_six_sprint.yaml", "sprint havers 30,20")
    assert answer["numbers"] == {"ability": 2, "basic_in": 4}
    outcomes = answer["outcomes"]
    assert outcomes == pytest.approx({f'{d}"': 1 / 6 for d in range(7, 13)})
    assert sum(p for k, p in outcomes.items() if int(k[:-1]) >= 10) == pytest.approx(0.5)


def test_556_6_1_worked_example_dense_rubble_tn_3(capsys: pytest.CaptureFixture[str]) -> None:
    """5.56mm 6.1/6.02, the example's last roll: dense rubble is TN 3; D6 + Movement 1
    beats it by +3 on his 5 (full pace). Full pace on 4-6, half on 3, quarter on 2; a
    1 does not cross (Interpretation R9)."""
    answer = explained(
        capsys, "five_five_six", "five_five_six_rubble.yaml", "move delta_1 23.5,24.5"
    )
    n = answer["numbers"]
    assert [s["tn"] for s in n["stretches"]] == [3]
    assert (n["target_number"], n["ability_name"], n["ability"]) == (3, "Movement", 1)
    assert answer["outcomes"] == pytest.approx(
        {"full pace": 3 / 6, "half pace": 1 / 6, "quarter pace": 1 / 6, "not crossed": 1 / 6}
    )


def test_556_5_0_worked_example_knife_against_the_rifle_butt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """5.56mm 5.0: the Militiaman's TN is D6 + Strength 0 + rifle butt 1; the Delta
    soldier rolls D6 + Strength 1 + knife 2. He hits unless the Militiaman's die beats
    his by 3 or more: 30/36."""
    answer = explained(
        capsys, "five_five_six", "five_five_six_knife.yaml", "engage delta_1 gunman_1"
    )
    n = answer["numbers"]
    assert n["tn_modifiers"] == ["Strength +0", "Rifle butt +1"]
    assert n["roll_modifiers"] == ["Strength +1", "Knife +2"]
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + 3 >= b + 1)
    assert hits == 30
    assert answer["outcomes"]["hit"] == pytest.approx(hits / 36)


def test_556_5_01_worked_example_second_wound_tn_stacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """5.56mm 5.01: AK47 Damage 4 + 1 for the Serious wound: TN D6 + 5 against D6 +
    Strength 2; a 4 against his 4 is -3, Critical. Each wound's chance is the hit's
    chance times the dice pairs giving its margin."""
    answer = explained(
        capsys, "five_five_six", "five_five_six_second_wound.yaml", "fire gunman_1 ak47 havers"
    )
    n = answer["numbers"]
    assert (n["damage"], n["target_wound_penalty"], n["target_strength"]) == (4, 1, 2)
    assert wound_from_margin((4 + 2) - (4 + 4 + 1)) is Wound.CRITICAL
    hit = Fraction(n["chance"]).limit_denominator(36)
    critical = Fraction(
        sum(
            1
            for tn_die in range(1, 7)
            for roll in range(1, 7)
            if wound_from_margin((roll + 2) - (tn_die + 4 + 1)) is Wound.CRITICAL
        ),
        36,
    )
    assert answer["outcomes"]["Critical"] == pytest.approx(float(hit * critical))


def test_556_4_7_worked_example_black_hawk_hovers_on_any_roll(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """5.56mm 4.7 (Interpretation V1): 24" of the 24" allowance, then Hover, TN 5, with
    Morale +2 and the Black Hawk's Manoeuvre +2: even a 1 equals it, and the Rangers rope
    down with no additional modifier."""
    answer = explained(
        capsys, "five_five_six", "five_five_six_hover.yaml", "pilot wolcott 28,18 hover forward"
    )
    n = answer["numbers"]
    assert (n["allowance_in"], n["route_cost_in"], n["altitude"]) == (24.0, 24.0, "flying")
    assert (n["target_number"], n["base"], n["ability_name"], n["ability"]) == (
        5,
        "Hover 5",
        "Morale",
        2,
    )
    assert n["roll_modifiers"] == ["Black Hawk Manoeuvre +2"]
    assert answer["outcomes"] == {"steady": 1.0}


def test_556_12_6_worked_example_rpg_against_the_hovering_black_hawk(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """5.56mm 12.6: the RPG's damage TN is D6 + Damage 10 (16 on a 6) against the Black
    Hawk's Armour roll D6 + 10 (13 on a 3): -3, Crippling by the 12.51 table
    (Interpretation V12), 3 dice pairs in 36."""
    answer = explained(
        capsys, "five_five_six", "five_five_six_rpg.yaml", "fire rpg_1 rpg super_six"
    )
    n = answer["numbers"]
    assert (n["damage"], n["armour"]) == (10, 10)
    assert damage_from_margin((3 + 10) - (6 + 10)) is VehicleDamage.CRIPPLING
    pairs = sum(1 for a in range(1, 7) for b in range(1, 7) if b - a == -3)
    assert answer["outcomes"]["Crippling"] == pytest.approx(n["chance"] * pairs / 36)


# -- '65 --------------------------------------------------------------------------------


def _unseen(position: str, seat: int) -> list[Any]:
    """The cards ``seat`` has not seen in a test position: the draw pile, the other hand."""
    world = load_position(POSITIONS / position).state.world
    return [world.card(c) for c in [*world.draw_pile, *world.hands[1 - seat]]]


def test_65_10_combat_example_1_kunai_leaves_one_card(capsys: pytest.CaptureFixture[str]) -> None:
    """'65 10, Combat example 1: HEF 2 at range 3, kunai Cover Factor 1 (the brush in D3
    does not block): a Damage Draw of one card; a green Hit shakes the Viet Cong Rifle."""
    answer = explained(
        capsys, "sixty_five", "sixty_five_combat_1.yaml", "play c01 fire us_rifle_a at vc_rifle_a"
    )
    n = answer["numbers"]
    assert (n["range"], n["hef"], n["range_modifier"]) == (3, 2, 0)
    assert (n["cover_factor"], n["damage_draw"]) == (1, 1)
    unseen = _unseen("sixty_five_combat_1.yaml", 0)
    hits = sum(1 for c in unseen if c.hit is not None and c.hit.value in n["hits_on"])
    assert (n["unseen_cards"], n["unseen_hits"]) == (len(unseen), hits)
    assert answer["outcomes"] == pytest.approx(
        {"shaken": hits / len(unseen), "no effect": 1 - hits / len(unseen)}
    )


def test_65_10_combat_example_2_power_and_range_draw_four(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'65 10, Combat example 2: HEF 2, +1 for its 40mm power, +1 at range 2, no cover:
    four cards; three hits shake, reduce and eliminate the Viet Cong Rifle."""
    answer = explained(
        capsys, "sixty_five", "sixty_five_combat_2.yaml", "play c02 power us_rifle_a at vc_rifle_a"
    )
    n = answer["numbers"]
    assert (n["range"], n["hef"], n["range_modifier"], n["card_bonus"]) == (2, 2, 1, 1)
    assert (n["cover_factor"], n["damage_draw"]) == (0, 4)
    total, hits = n["unseen_cards"], n["unseen_hits"]
    no_hit = comb(total - hits, 4) / comb(total, 4)
    assert answer["outcomes"]["no effect"] == pytest.approx(no_hit)
    assert set(answer["outcomes"]) == {"no effect", "shaken", "reduced", "eliminated"}


def test_65_10d_multiple_attackers_example_second_rifle_adds_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'65 10d2: both Rifle fire; the second adds only its base HEF 2 (no range bonus,
    no Power): 4 + 2 = 6 cards."""
    answer = explained(
        capsys,
        "sixty_five",
        "sixty_five_combat_2.yaml",
        "play c02 power us_rifle_a,us_rifle_b at vc_rifle_a",
    )
    n = answer["numbers"]
    assert (n["supporting_hef"], n["range_modifier"], n["card_bonus"]) == (2, 1, 1)
    assert n["damage_draw"] == 6


def test_65_12_artillery_example_draws_three_two_three(capsys: pytest.CaptureFixture[str]) -> None:
    """'65 12, the Artillery example: HEF 3 on each hex; E3 3 cards, E4 (CF 1) 2, F3 (CF
    1, two units) 3 - 1 + 1 = 3."""
    answer = explained(
        capsys, "sixty_five", "sixty_five_artillery.yaml", "play c01 artillery to 1E3,1E4,1F3"
    )
    n = answer["numbers"]
    per_hex = [(n[h]["hef"], n[h]["cover_factor"], n[h]["crowded"]) for h in ("1E3", "1E4", "1F3")]
    assert per_hex == [(3, 0, 0), (3, 1, 0), (3, 1, 1)]
    assert [n[h]["damage_draw"] for h in ("1E3", "1E4", "1F3")] == [3, 2, 3]
    assert n["damage_draw"] == 8


def test_65_15_vehicle_example_to_hit_4_apf_3_against_af_4(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'65 15, the Vehicle example: range 4, less the PT-76's Targeting Modifier 1, plus
    the jungle's Cover Factor 1: to hit 4; APF 2 + 1 within 4 hexes = 3 against the
    M-48's AF 4 (the shot at its front)."""
    answer = explained(
        capsys, "sixty_five", "sixty_five_vehicle.yaml", "play c01 fire pt76_a at m48_a"
    )
    n = answer["numbers"]
    assert (n["range"], n["targeting_modifier"], n["cover_factor"], n["to_hit"]) == (4, 1, 1, 4)
    assert (n["apf"], n["ap_range_modifier"], n["modified_apf"]) == (2, 1, 3)
    assert (n["af"], n["flank"], n["armour"]) == (4, 0, 4)
    unseen = _unseen("sixty_five_vehicle.yaml", 1)
    hitting = sum(1 for c in unseen if isinstance(c.tn, int) and c.tn >= 4)
    assert n["hit_chance"] == pytest.approx(hitting / len(unseen))
    assert answer["outcomes"]["missed"] == pytest.approx(1 - hitting / len(unseen))


# -- RatFight ---------------------------------------------------------------------------


def test_ratfight_weapons_example_pistol_one_shot_to_6_inches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """RatFight, Weapons: "a pistol can fire one shot up to six inches range": legal at
    4" with one shot, refused at 8"."""
    answer = explained(capsys, "ratfight", "ratfight_weapons.yaml", "fire r1 pistol g1")
    n = answer["numbers"]
    assert (n["weapon"], n["range_in"], n["max_range_in"], n["shots"]) == ("pistol", 4.0, 6.0, 1)
    far = tmp_path / "far.yaml"
    text = (POSITIONS / "ratfight_weapons.yaml").read_text(encoding="utf-8")
    far.write_text(text.replace("r1: {at: [30, 19]", "r1: {at: [30, 23]"), encoding="utf-8")
    answer = explain(load_position(far), "fire r1 pistol g1")
    assert answer["legal"] is False and 'beyond 6"' in answer["reason"]


def test_ratfight_weapons_example_semi_automatic_rifle_two_shots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RatFight, Weapons: the semi-automatic rifle fires one shot to 48" or two to 24":
    at 5" its second mode turns over two cards; about 25" away only the one-shot mode is
    in range."""
    two = explained(capsys, "ratfight", "ratfight.yaml", "fire r1 semi_auto_rifle g1 mode 2")
    assert (two["numbers"]["shots"], two["numbers"]["max_range_in"]) == (2, 24.0)
    one = explained(capsys, "ratfight", "ratfight_weapons.yaml", "fire r2 semi_auto_rifle g1")
    assert (one["numbers"]["shots"], one["numbers"]["max_range_in"]) == (1, 48.0)
    assert 24.0 < one["numbers"]["range_in"] <= 48.0
    refused = explain(
        load_position(POSITIONS / "ratfight_weapons.yaml"), "fire r2 semi_auto_rifle g1 mode 2"
    )
    assert refused["legal"] is False and 'beyond 24"' in refused["reason"]


def test_ratfight_firing_6_hard_terrain_three_defence_cards(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RatFight, Firing 6: in hard terrain the defender turns over three cards and keeps
    the highest; one card beats the best of three of another full deck with chance
    sum over k of C(k, 3) / C(52, 3) / 52 = C(52, 4) / C(52, 3) / 52 = 49/208."""
    answer = explained(capsys, "ratfight", "ratfight_hard_cover.yaml", "fire r1 semi_auto_rifle g3")
    n = answer["numbers"]
    assert (n["cover"], n["attacker_cards"], n["defender_cards"]) == ("hard", 1, 3)
    assert comb(52, 4) / comb(52, 3) / 52 == pytest.approx(49 / 208)
    assert answer["outcomes"]["target Down"] == pytest.approx(49 / 208)
    assert answer["outcomes"]["identical cards: the turn ends"] == pytest.approx(1 / 52)
