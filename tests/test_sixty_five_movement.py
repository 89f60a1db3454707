"""'65 movement (7), stacking (9) and Reserve phase moves (5d)."""

from __future__ import annotations

from sixty_five_support import DATA, field, unit

from game.rules.sixty_five.movement.rules import (
    entry_cost,
    path_refusal,
    reserve_refusal,
    stacking_refusal,
    terrain_costs,
)

RULES = DATA.rules


def test_65_9_stacking_examples() -> None:
    """'65 9: two Rifles and one Hero stack; three Rifles do not; two Heroes do not."""
    r = [unit(f"r{i}", "us_rifle", 0, "1A1") for i in range(3)]
    riggs, black = unit("riggs", "riggs", 0, "1A1"), unit("black", "black", 0, "1A1")
    assert stacking_refusal(RULES, [r[0], r[1], riggs]) is None
    assert "non-Hero Leg" in (stacking_refusal(RULES, r) or "")
    assert "Hero" in (stacking_refusal(RULES, [r[0], riggs, black]) or "")


def test_65_7_terrain_costs_and_prohibited_hexes() -> None:
    """'65 7: entering jungle costs 2 MP, clear 1; a pond is prohibited."""
    f = field({"1B1": "jungle", "1C1": "jungle", "1A2": "pond"})
    rifle = unit("vc1", "vc_rifle", 1, "1A1")  # MF 3
    assert path_refusal(f, RULES, rifle, ["1B1", "1C1"], 3, [rifle]) is not None
    assert path_refusal(f, RULES, rifle, ["1B1", "1B2"], 3, [rifle]) is None
    assert "prohibited" in (path_refusal(f, RULES, rifle, ["1A2"], 3, [rifle]) or "")


def test_65_18p_scout_pays_one_point_per_hex() -> None:
    """'65 18p: three jungle hexes for 3 MP."""
    f = field({"1B1": "jungle", "1C1": "jungle", "1D1": "jungle"})
    rifle = unit("vc1", "vc_rifle", 1, "1A1")
    path = ["1B1", "1C1", "1D1"]
    assert path_refusal(f, RULES, rifle, path, 3, [rifle]) is not None
    assert path_refusal(f, RULES, rifle, path, 3, [rifle], flat=True) is None


def test_65_7c_an_eligible_unit_always_moves_one_hex() -> None:
    """'65 7c: one hex even when it costs more than the unit has, never into a pond."""
    f = field({"1B1": "jungle", "1A2": "pond"})
    rifle = unit("vc1", "vc_rifle", 1, "1A1")
    assert path_refusal(f, RULES, rifle, ["1B1"], 1, [rifle]) is None
    assert path_refusal(f, RULES, rifle, ["1A2"], 1, [rifle]) is not None


def test_65_7_through_friends_within_stacking_and_never_into_enemies() -> None:
    """'65 7 and 9: a unit passes through a friendly hex if stacking allows it there;
    entering an enemy hex is assault (13), refused for now."""
    f = field()
    mover = unit("m", "us_rifle", 0, "1A1")
    a, b = unit("a", "us_rifle", 0, "1B1"), unit("b", "us_rifle", 0, "1B1")
    assert path_refusal(f, RULES, mover, ["1B1", "1C1"], 4, [mover, a]) is None
    assert "'65 9" in (path_refusal(f, RULES, mover, ["1B1", "1C1"], 4, [mover, a, b]) or "")
    enemy = unit("e", "vc_rifle", 1, "1B1")
    assert "13" in (path_refusal(f, RULES, mover, ["1B1"], 4, [mover, enemy]) or "")


def test_65_5d_reserve_far_from_the_enemy_two_mp_and_stop_within_three() -> None:
    """'65 5d: a Leg unit more than three hexes from any enemy spends 2 MP and stops on
    entering a hex within three hexes of an enemy."""
    f = field()
    rifle = unit("r", "us_rifle", 0, "1A1")
    enemy = unit("e", "vc_rifle", 1, "1H1")
    units = [rifle, enemy]
    assert f.distance("1A1", "1H1") > 3
    assert reserve_refusal(f, RULES, rifle, ["1B1", "1C1"], units) is None
    assert reserve_refusal(f, RULES, rifle, ["1B1", "1C1", "1D1"], units) is not None
    enemy.hex = "1F1"  # D1 is within three of F1
    assert f.distance("1D1", "1F1") <= 3 < f.distance("1A1", "1F1")
    rifle.hex = "1B1"
    assert "stops" in (reserve_refusal(f, RULES, rifle, ["1C1", "1D1"], units) or "x")


def test_65_5d_reserve_near_the_enemy_one_hex_and_shaken_not_at_all() -> None:
    f = field()
    rifle = unit("r", "us_rifle", 0, "1C1")
    enemy = unit("e", "vc_rifle", 1, "1E1")
    units = [rifle, enemy]
    assert reserve_refusal(f, RULES, rifle, ["1B1"], units) is None
    assert reserve_refusal(f, RULES, rifle, ["1B1", "1A1"], units) is not None
    rifle.shaken = True
    assert "Shaken" in (reserve_refusal(f, RULES, rifle, ["1B1"], units) or "")


def test_65_7_the_remembered_terrain_costs_are_the_entry_costs_on_every_board() -> None:
    """7, 18p: cheapest paths read entry costs from a table the field keeps
    (terrain_costs) plus scenario 6's crowded hexes; that is entry_cost for every hex of
    every scenario board, paying by terrain or one a hex, with and without vehicles
    crowding the roads."""
    from game.rules.sixty_five.boards import scenario_ground

    for scenario in "12345678":
        ground = scenario_ground(scenario).copy()
        hexes = list(ground.hexes())
        ground.crowded_mp, ground.crowded_roads = 2, frozenset(hexes[::5])
        for clutter in (frozenset(), frozenset(hexes[::3])):
            ground.clutter = clutter
            crowded = ground.crowded()
            for flat in (False, True):
                table = terrain_costs(ground, flat=flat)
                for h in hexes:
                    cost = table[h]
                    more = ground.crowded_mp if h in crowded else 0
                    expected = entry_cost(ground, h, flat=flat)
                    assert (None if cost is None else cost + more) == expected, (scenario, h)
