"""'65 fortifications in play (23, fortified.py): placed by a scenario, kept in the
world and its snapshot, and what foxholes, bunkers and wire do to fire, artillery, the
Satchel Charge, movement, the cards, the candidates and the rules calculator."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sixty_five_support import DATA, new_state, unit
from test_sixty_five_cards import _free, _rig
from test_sixty_five_flow import _ids, _impulse_with, _to_impulse

from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.sixty_five import SixtyFive
from game.rules.sixty_five.actions import Decline, Play, ReserveMove
from game.rules.sixty_five.boards import scenario_ground
from game.rules.sixty_five.cards.effects import fire_plan
from game.rules.sixty_five.cards.powers import satchel_legal, satchel_resolve
from game.rules.sixty_five.combat.artillery import artillery_plan, draw_on_hex
from game.rules.sixty_five.data import HitColour, Marker, MoveClass
from game.rules.sixty_five.events import FoxholeRedraw
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement.rules import path_refusal
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.scenario import load_scenarios
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.terrain.bunker_fire import wreck_bunker
from game.rules.sixty_five.terrain.fortified import (
    BUNKER_BLOCK,
    Fortification,
    Placed,
    bunker_block_refusal,
    bunker_cover_bonus,
    check_placements,
    in_bunker,
    in_foxhole,
    place,
    vehicle_entry_mp,
)
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.vehicles.facing import neighbour
from game.rules.sixty_five.vehicles.fire import Armour

VEHICLES = load_vehicle_data()
GREEN = [c.id for c in DATA.cards if c.hit is HitColour.GREEN and not c.end_turn]
MISS = [c.id for c in DATA.cards if c.hit is None and not c.end_turn]
ARTILLERY = DATA.blocks["artillery"]
FIRE = DATA.blocks["fire"]


def pt76(uid: str, seat: int, hex_id: str) -> Counter:
    return Counter(uid, VEHICLES.units["nva_pt76"], seat, hex_id)


def impulse(units: list[Counter], seed: int = 7, **terrain: str) -> SixtyFiveState:
    """A game in the Americans' impulse (a Fire card and an Artillery card in hand)."""
    state, _ = new_state(units, seed, **terrain)
    _to_impulse(state)
    fire = next(c for c in _ids() if "fire" in DATA.card(c).blocks)
    art = next(c for c in _ids() if "artillery" in DATA.card(c).blocks and c != fire)
    _impulse_with(state, 0, [fire, art])
    return state


def _fire_card(state: SixtyFiveState) -> str:
    return next(c for c in state.world.hands[0] if "fire" in DATA.card(c).blocks)


def _settle(state: SixtyFiveState, play: Play) -> list[object]:
    events = list(state.apply(play))
    while state.world.pending:
        events.extend(state.apply(Decline()))
    return events


# -- 23: placing them, the state and the snapshot ------------------------------------------------
def test_65_23_a_game_without_fortifications_has_none_in_its_snapshot() -> None:
    """Older saves load unchanged: a scenario without fortifications writes none."""
    state = SixtyFive().new_game(3, {"scenario": "1"})
    world = state.snapshot()["world"]
    assert "fortifications" not in world and "foxholes" not in world
    assert state.world.field.wire == frozenset()


def test_65_23_placed_fortifications_are_in_the_world_its_copies_and_snapshot() -> None:
    """23: foxholes, bunkers (with their facing) and wire by hex; copies keep their own;
    the snapshot lists them."""
    state, _ = new_state([unit("us1", "us_rifle", 0, "1C3")])
    w = state.world
    place(w, [Placed("1E3", "bunker", 2), Placed("1E3", "wire"), Placed("1F4", "foxhole")])
    assert w.fortifications == {"1E3": Fortification(bunker=2, wire=True)}
    assert w.foxholes == ["1F4"] and w.field.wire == frozenset({"1E3"})
    snap = state.snapshot()["world"]
    assert snap["fortifications"] == {"1E3": {"bunker": 2, "wire": True}}
    assert snap["foxholes"] == ["1F4"]
    twin = state.clone()
    wreck_bunker(twin.world, "1E3", Armour.DESTROYED, [])
    assert w.fortifications["1E3"].bunker == 2 and twin.world.fortifications["1E3"].rubble


SCENARIO = """
scenarios:
  - id: "9"
    title: Test
    turns: 1
    end_turns: 3
    maps: [{{map: "1", offset: [0, 0]}}]
    setup:
      - {{seat: 0, units: {{us_rifle: 1}}, zone: {{maps: ["1"]}}}}
      - {{seat: 1, units: {{vc_rifle: 1}}, zone: {{maps: ["1"]}}}}
    victory: {{win: {{seat: 0}}}}
    fortifications:
      - {fort}
"""


def _scenario(tmp_path: Path, fort: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "scenarios.yaml"
    path.write_text(SCENARIO.format(fort=fort), encoding="utf-8")
    return path, load_scenarios(path, DATA)["9"]


@pytest.mark.parametrize(
    ("fort", "expected"),
    [
        ("{kind: bunker, map: '1', hexes: [E3]}", "fortifications.0"),
        ("{kind: wire, map: '1', hexes: [E3], facing: 2}", "has no facing"),
        ("{kind: bunker, map: '1', hexes: [E3], facing: 6}", "facing"),
        ("{kind: tower, map: '1', hexes: [E3]}", "kind"),
        ("{kind: wire, map: '1', hexes: []}", "hexes"),
    ],
)
def test_65_23_a_broken_fortification_in_scenarios_yaml_names_file_and_key(
    tmp_path: Path, fort: str, expected: str
) -> None:
    with pytest.raises(DataError) as err:
        _scenario(tmp_path, fort)
    text = str(err.value)
    assert "scenarios.yaml" in text and "scenarios" in text and expected in text


def test_65_23_scenario_fortifications_are_checked_against_the_board(tmp_path: Path) -> None:
    """A map the scenario does not use, a hex not on the map, and a building or pond hex
    (23: no fortifications there) each name the file, the key path and the expectation."""
    ground = scenario_ground("1")
    building = next(
        h for h in ground.hexes() if h.startswith("1") and ground.terrain(h).id == "building"
    )
    label = building[1:]
    cases = [
        ("{kind: wire, map: '2', hexes: [E3]}", "fortifications[0].map", "expected one of 1"),
        ("{kind: wire, map: '1', hexes: [E3, Z99]}", "fortifications[0].hexes[1]", "hex label"),
        (f"{{kind: foxhole, map: '1', hexes: [{label}]}}", "hexes[0]", "no fortification"),
    ]
    for fort, key, expected in cases:
        path, sc = _scenario(tmp_path, fort)
        with pytest.raises(DataError) as err:
            check_placements(path, "scenarios[0]", ground, ("1",), sc.fortifications)
        text = str(err.value)
        assert str(path) in text and key in text and expected in text, text


def test_65_23_a_scenario_places_foxholes_bunkers_with_facing_and_wire(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """scenarios.yaml places fortifications before set-up; the game starts with them."""
    path, sc = _scenario(tmp_path, "{kind: bunker, map: '1', hexes: [E5], facing: 4}")
    extra = sc.model_copy(
        update={
            "maps": load_scenarios()["1"].maps,
            "fortifications": (
                *sc.fortifications,
                *_scenario(tmp_path, "{kind: wire, map: '1', hexes: [F5, G5]}")[1].fortifications,
                *_scenario(tmp_path, "{kind: foxhole, map: '1', hexes: [D4]}")[1].fortifications,
            ),
        }
    )
    one = load_scenarios()["1"].model_copy(update={"fortifications": extra.fortifications})
    import game.rules.sixty_five.scenarios.new_game as ruleset

    monkeypatch.setattr(ruleset, "load_scenarios", lambda: {"1": one})
    state = new_scenario_game("1", 5)
    w = state.world
    assert w.fortifications["1E5"] == Fortification(bunker=4)
    assert w.fortifications["1F5"].wire and w.fortifications["1G5"].wire
    assert w.foxholes == ["1D4"] and w.field.wire == frozenset({"1F5", "1G5"})
    assert state.snapshot()["world"]["fortifications"]["1E5"] == {"bunker": 4}


# -- 23a foxholes --------------------------------------------------------------------------------
def test_65_23a_a_placed_foxhole_redraws_the_first_hit_of_ranged_fire() -> None:
    """'65 23a: the first Hit of a non-assault attack on a Leg unit in a foxhole is
    redrawn and the new card applies: two green Hits give one hit (Shaken) where without
    the foxhole they give two (reduced)."""
    for holes in ([], [Placed("1E3", "foxhole")]):
        state = impulse([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
        place(state.world, holes)
        _rig(state, [*_free(state, GREEN)[:2], *_free(state, MISS)[:4]])
        events = _settle(state, Play(_fire_card(state), "fire", ("us1",), "vc1"))
        assert len([e for e in events if isinstance(e, FoxholeRedraw)]) == len(holes)
        assert state.world.units["vc1"].reduced is (not holes)


def test_65_23a_vehicles_get_no_benefit_from_a_foxhole_or_a_bunker() -> None:
    """23a, 23b: a vehicle may enter a foxhole or bunker hex but is in neither."""
    state, _ = new_state([unit("us1", "us_rifle", 0, "1C3")])
    w = state.world
    place(w, [Placed("1E3", "foxhole"), Placed("1E3", "bunker", 0)])
    tank, rifle = pt76("t", 1, "1E3"), unit("r", "vc_rifle", 1, "1E3")
    assert in_foxhole(w, rifle) and in_bunker(w, rifle) and bunker_cover_bonus(w, rifle) == 1
    assert not in_foxhole(w, tank) and not in_bunker(w, tank)
    assert bunker_cover_bonus(w, tank) == 0


@pytest.mark.parametrize("edition", [4, 5])
def test_65_23a_a_foxhole_redraws_the_first_hit_of_artillery_from_rules_version_5(
    edition: int,
) -> None:
    """'65 23a "(including Artillery)": a strike's first green Hit on a foxhole hex is set
    aside (rules version 5; version 4 saves replay without it). E3 draws 3 cards: Hit,
    Hit, miss, miss: with the foxhole one hit, as version 4 two."""
    state = impulse([unit("us1", "us_rifle", 0, "1B3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    w.edition = edition
    place(w, [Placed("1E3", "foxhole")])
    card = next(c for c in w.hands[0] if "artillery" in DATA.card(c).blocks)
    _rig(state, [*_free(state, GREEN)[:2], *_free(state, MISS)[:4]])
    events = _settle(state, Play(card, "artillery", path=("1E3", "1E4", "1F3")))
    assert len([e for e in events if isinstance(e, FoxholeRedraw)]) == (edition >= 5)
    assert w.units["vc1"].shaken and w.units["vc1"].reduced is (edition < 5)


def test_65_23a_22g_a_hex_draw_redraws_the_first_hit_once_for_the_whole_hex() -> None:
    """23a with 12, 22g (Interpretation 20): the Damage Draw on a hex (artillery, the
    Satchel Charge) sets aside its first Hit when a Leg unit there is in a foxhole, once;
    a hex without one draws as ever."""
    for holes, hits in (([], 2), (["1E3"], 1)):  # three cards of Hit, Hit, miss, miss
        state = impulse([unit("us1", "us_rifle", 0, "1B3"), unit("vc1", "vc_rifle", 1, "1E3")])
        w = state.world
        w.foxholes.extend(holes)
        _rig(state, [*_free(state, GREEN)[:2], *_free(state, MISS)[:2]])
        events: list[object] = []
        got = draw_on_hex(w, 3, (HitColour.GREEN,), [w.units["vc1"]], "1E3", events)  # type: ignore[arg-type]
        assert got == hits
        assert len([e for e in events if isinstance(e, FoxholeRedraw)]) == len(holes)


# -- 23b bunkers ---------------------------------------------------------------------------------
def _bunker_lines(state: SixtyFiveState, hex_id: str, facing: int) -> tuple[str, str]:
    """A hex two steps out through the bunker's front, and one two steps out behind it."""
    f = state.world.field
    front = neighbour(f, neighbour(f, hex_id, facing) or "", facing)
    back = neighbour(f, neighbour(f, hex_id, facing + 3) or "", facing + 3)
    assert front is not None and back is not None
    return front, back


def test_65_23b_a_unit_in_a_bunker_is_fired_on_only_through_the_front() -> None:
    """'65 23b: units in a bunker can be the target of non-assault attacks only through
    its front facing."""
    state = impulse([unit("vc1", "vc_rifle", 1, "1F3")])
    front, back = _bunker_lines(state, "1F3", 0)
    w = state.world
    place(w, [Placed("1F3", "bunker", 0)])
    for hex_id, uid in ((front, "us1"), (back, "us2")):
        w.units[uid] = unit(uid, "us_rifle", 0, hex_id)
    fire = _fire_card(state)
    assert state.why_not(Play(fire, "fire", ("us1",), "vc1")) is None
    reason = state.why_not(Play(fire, "fire", ("us2",), "vc1")) or ""
    assert "front facing only" in reason and "23b" in reason


def test_65_23b_a_unit_in_a_bunker_fires_only_through_the_front() -> None:
    """'65 23b: units in a bunker make HEF attacks only through its front facing."""
    state = impulse([unit("us1", "us_rifle", 0, "1F3")])
    front, back = _bunker_lines(state, "1F3", 1)
    w = state.world
    place(w, [Placed("1F3", "bunker", 1)])
    w.units["vc1"] = unit("vc1", "vc_rifle", 1, front)
    w.units["vc2"] = unit("vc2", "vc_rifle", 1, back)
    fire = _fire_card(state)
    assert state.why_not(Play(fire, "fire", ("us1",), "vc1")) is None
    assert "fires out of its bunker" in (state.why_not(Play(fire, "fire", ("us1",), "vc2")) or "")


def test_65_23b_artillery_and_the_satchel_charge_come_from_any_facing() -> None:
    """23b exceptions: artillery attacks a bunker from any facing desired, and the
    Satchel Charge from any facing; both draw against the bunker's +1 CF
    (Interpretation 21)."""
    state = impulse([unit("us1", "us_rifle", 0, "1B3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    place(w, [Placed("1E3", "bunker", 0)])  # its front looks away from B3 or not: any
    card = next(c for c in w.hands[0] if "artillery" in DATA.card(c).blocks)
    play = Play(card, "artillery", path=("1E3", "1E4", "1F3"))
    assert state.why_not(play) is None
    plans = artillery_plan(w, 0, play, ARTILLERY)
    assert plans[0].cover_factor == 1 and plans[0].draws == 2  # HEF 3 - CF (0 + 1)
    w.units["us1"], w.units["vc1"] = (
        unit("us1", "us_rifle", 0, "1E3"),
        unit("vc1", "vc_sapper", 1, "1D3"),
    )  # the Sapper (Satchel Charge, 22g) next to a US unit in a bunker
    away = next(f for f in range(6) if not _front_of(state, "1E3", f, "1D3"))
    place(w, [Placed("1E3", "bunker", away)])
    satchel = Play("x", "power", ("vc1",), "us1")
    assert satchel_legal(w, 1, satchel, [w.units["vc1"]]) is None
    events = satchel_resolve(w, 1, satchel, w.units["vc1"])
    numbers = dict(events[0].numbers)  # type: ignore[attr-defined]
    assert numbers["cover_factor"] == 1 and numbers["damage_draw"] == 4  # HEF 5 - CF 1


def test_65_23b_leg_units_in_a_bunker_get_plus_1_cf_on_top_of_the_terrain() -> None:
    """'65 23b: +1 CF in addition to other cover: a Rifle in a kunai bunker (CF 1) is
    fired on through CF 2."""
    state = impulse([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    play = Play(_fire_card(state), "fire", ("us1",), "vc1")
    before = fire_plan(w, 0, play, FIRE).cover_factor
    facing = next(f for f in range(6) if _front_of(state, "1E3", f, "1C3"))
    place(w, [Placed("1E3", "bunker", facing)])
    assert fire_plan(w, 0, play, FIRE).cover_factor == before + 1


def _front_of(state: SixtyFiveState, hex_id: str, facing: int, other: str) -> bool:
    from game.rules.sixty_five.vehicles.facing import Arc, arc_of

    return arc_of(state.world.field, hex_id, facing, other) is Arc.FRONT


def test_65_23b_an_assault_enters_a_bunker_from_any_side() -> None:
    """23b: only non-assault attacks are held to the front: a unit may assault the bunker
    hex from behind."""
    state = impulse([unit("vc1", "vc_rifle", 1, "1F3")])
    _, back = _bunker_lines(state, "1F3", 0)
    w = state.world
    place(w, [Placed("1F3", "bunker", 0)])
    f = w.field
    behind = neighbour(f, "1F3", 3)
    assert behind is not None
    w.units["us1"] = unit("us1", "us_rifle", 0, behind)
    move = next(c for c in _ids() if "move" in DATA.card(c).blocks)
    _impulse_with(state, 0, [move])
    assert state.why_not(Play(move, "move", ("us1",), path=("1F3",))) is None


def test_65_23b_18q_any_action_card_gives_a_unit_in_a_bunker_second_wind() -> None:
    """'65 23b: any Action card may be played for the effect of Second Wind (18q) for one
    unit in the bunker: its Fired marker goes. Not for a unit outside a bunker, nor for
    one with no Moved or Fired marker. Every card of the deck has an action block."""
    state = impulse(
        [unit("us1", "us_rifle", 0, "1C3", marker=Marker.FIRED),
         unit("us2", "us_rifle", 0, "1C4", marker=Marker.FIRED),
         unit("us3", "us_m60", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1H3")],
    )  # fmt: skip
    w = state.world
    place(w, [Placed("1C3", "bunker", 0)])
    card = w.hands[0][0]
    assert state.why_not(Play(card, "bunker", ("us1",))) is None
    assert "bunker" in (state.why_not(Play(card, "bunker", ("us2",))) or "")
    assert "18q" in (state.why_not(Play(card, "bunker", ("us3",))) or "")
    assert Play(card, "bunker", ("us1",)) in state.candidate_actions()
    before = state.actions_left
    state.apply(Play(card, "bunker", ("us1",)))
    assert w.units["us1"].marker is None and state.actions_left == before - 1
    assert all(bunker_block_refusal(w, c.id) is None for c in DATA.cards if not c.end_turn)


def test_65_23b_the_random_player_draws_the_bunker_second_wind() -> None:
    """The sampler offers the bunker's Second Wind as the candidates do (any card)."""
    state = impulse(
        [unit("us1", "us_rifle", 0, "1C3", marker=Marker.MOVED), unit("vc1", "vc_rifle", 1, "1H3")]
    )
    place(state.world, [Placed("1C3", "bunker", 0)])
    drawn = {state.random_action(Rng(k)) for k in range(300)}
    bunker = {a for a in drawn if isinstance(a, Play) and a.block == BUNKER_BLOCK.id}
    assert bunker and all(state.why_not(a) is None for a in bunker)


def test_65_23b_a_destroyed_bunker_leaves_rubble_and_two_hits_on_each_unit_inside() -> None:
    """23b: Destroyed (15b): Rubble replaces the bunker and each unit inside takes two
    Hits; Shaken (15b) Shakes them all; the rubble is no bunker (no +1 CF)."""
    state, _ = new_state(
        [unit("us1", "us_rifle", 0, "1C3"), unit("us2", "us_rifle", 0, "1C3"),
         unit("vc1", "vc_rifle", 1, "1H3")]
    )  # fmt: skip
    w = state.world
    place(w, [Placed("1C3", "bunker", 0)])
    wreck_bunker(w, "1C3", Armour.SHAKEN, [])
    assert w.units["us1"].shaken and w.units["us2"].shaken and not w.units["us1"].reduced
    wreck_bunker(w, "1C3", Armour.DESTROYED, [])
    assert w.fortifications["1C3"] == Fortification(rubble=True)
    assert all(w.units[u].eliminated or w.units[u].reduced for u in ("us1", "us2"))
    assert bunker_cover_bonus(w, w.units["us1"]) == 0


# -- 23c wire ------------------------------------------------------------------------------------
def test_65_23c_a_leg_unit_stops_on_entering_wire() -> None:
    """'65 23c: Leg units must stop on entering a Wire hex: a path through it is refused,
    one ending in it is not; the Reserve move too."""
    state = impulse([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1J5")])
    w = state.world
    place(w, [Placed("1D3", "wire")])
    rifle = w.units["us1"]
    reason = path_refusal(w.field, w.data.rules, rifle, ("1D3", "1E3"), 4, w.live()) or ""
    assert "stops on entering" in reason and "23c" in reason
    assert path_refusal(w.field, w.data.rules, rifle, ("1D3",), 4, w.live()) is None
    assert ReserveMove("us1", ("1D3", "1E3")) not in state.candidate_actions()
    moves = [a for a in state.candidate_actions() if isinstance(a, Play) and a.path]
    assert moves and all("1D3" not in (a.path or ())[:-1] for a in moves)


def test_65_23c_wire_takes_1_from_the_cover_factor() -> None:
    """'65 23c: Cover Factor is -1 in a Wire hex: fire at a Rifle in clear wire draws one
    card more; in kunai (CF 1) the hex's CF is 0."""
    state = impulse([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    play = Play(_fire_card(state), "fire", ("us1",), "vc1")
    before = fire_plan(w, 0, play, FIRE)
    place(w, [Placed("1E3", "wire")])
    after = fire_plan(w, 0, play, FIRE)
    assert after.cover_factor == before.cover_factor - 1
    assert after.damage_draw == before.damage_draw + 1


def test_65_23c_tracked_vehicles_pay_3_mp_to_enter_wire() -> None:
    """'65 23c: tracked units pay 3 MP for a Wire hex (the hook the vehicle mover calls);
    the terrain's cost elsewhere, or where it is higher (Interpretation 10)."""
    state, _ = new_state([unit("us1", "us_rifle", 0, "1C3")], e3="jungle")
    w = state.world
    place(w, [Placed("1D3", "wire"), Placed("1E3", "wire")])
    assert vehicle_entry_mp(w, "1D3", MoveClass.TRACKED) == 3
    assert vehicle_entry_mp(w, "1D4", MoveClass.TRACKED) == 1
    jungle = DATA.terrain["jungle"].move_cost
    assert vehicle_entry_mp(w, "1E3", MoveClass.TRACKED) == max(3, int(jungle))


# -- the rules calculator (explain) ---------------------------------------------------------------
def _simulated(deck: tuple[bool, ...], draws: list[tuple[int, bool]]) -> int:
    """The Hits a sequence of Damage Draws counts off a deck in this order (23a)."""
    pos = counted = 0
    for cards, redraw in draws:
        left, spare = cards, redraw
        while left and pos < len(deck):
            hit = deck[pos]
            pos += 1
            if hit and spare:
                spare = False
                continue
            counted += hit
            left -= 1
    return counted


@pytest.mark.parametrize(
    ("unseen", "hitting", "draws"),
    [(6, 2, [(2, True)]), (7, 3, [(3, True)]), (7, 3, [(2, False), (2, True)]),
     (6, 4, [(1, True), (2, True)]), (5, 2, [(5, True)]), (6, 3, [(3, False)])],
)  # fmt: skip
def test_65_23a_calculator_redrawn_hit_chances_are_exact(
    unseen: int, hitting: int, draws: list[tuple[int, bool]]
) -> None:
    """The calculator's chances with a foxhole's redraw equal the count over every order
    of a small deck, drawn as the game draws."""
    from itertools import permutations

    from game.rules.sixty_five.combat.calculator import hit_chances, redrawn_hit_chances

    deck = tuple([True] * hitting + [False] * (unseen - hitting))
    orders = list(permutations(range(unseen)))
    counts: dict[int, int] = {}
    for order in orders:
        k = _simulated(tuple(deck[i] for i in order), draws)
        counts[k] = counts.get(k, 0) + 1
    got = redrawn_hit_chances(unseen, hitting, draws)
    assert {k: round(p, 12) for k, p in enumerate(got) if p} == {
        k: round(n / len(orders), 12) for k, n in counts.items()
    }
    if not any(r for _, r in draws):
        plain = hit_chances(unseen, hitting, sum(c for c, _ in draws))
        assert [round(p, 12) for p in got] == [round(p, 12) for p in plain]


def test_65_23_explain_shows_bunker_wire_and_foxhole_in_the_numbers() -> None:
    """`explain sixty_five`: fire at a Rifle in a bunker (+1 CF) in a Wire hex (-1 CF)
    with a foxhole shows each, and the foxhole's redrawn Hit lowers the chance of a hit."""
    state = impulse([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    play = Play(_fire_card(state), "fire", ("us1",), "vc1")
    plain = state.explain(play)
    facing = next(f for f in range(6) if _front_of(state, "1E3", f, "1C3"))
    place(w, [Placed("1E3", "bunker", facing), Placed("1E3", "wire"), Placed("1E3", "foxhole")])
    told = state.explain(play)
    assert told.numbers["bunker_cover"] == 1 and told.numbers["wire_cover"] == -1
    assert told.numbers["foxhole_redraws"] == 1
    assert told.numbers["cover_factor"] == plain.numbers["cover_factor"]  # +1 - 1
    assert told.numbers["damage_draw"] == plain.numbers["damage_draw"]
    assert told.outcomes["no effect"] > plain.outcomes["no effect"]
    assert abs(sum(told.outcomes.values()) - 1) < 1e-12
    for key in ("bunker_cover", "wire_cover", "foxhole_redraws"):
        assert key not in plain.numbers


def test_65_23_explain_an_artillery_strike_on_a_fortified_hex() -> None:
    """The calculator's strike: the bunker's +1 CF and the foxhole's redraw per hex."""
    state = impulse([unit("us1", "us_rifle", 0, "1B3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    card = next(c for c in w.hands[0] if "artillery" in DATA.card(c).blocks)
    play = Play(card, "artillery", path=("1E3", "1E4", "1F3"))
    plain = state.explain(play)
    place(w, [Placed("1E3", "bunker", 0), Placed("1E3", "foxhole")])
    told = state.explain(play)
    assert told.numbers["1E3"]["bunker_cover"] == 1 and told.numbers["1E3"]["foxhole_redraws"]
    assert told.numbers["1E3"]["damage_draw"] == plain.numbers["1E3"]["damage_draw"] - 1
    assert told.outcomes["0 hits"] > plain.outcomes["0 hits"]
    assert abs(sum(told.outcomes.values()) - 1) < 1e-12


def test_65_23a_23b_an_assault_gets_nothing_from_a_foxhole_or_a_bunker() -> None:
    """'65 23a: only non-assault attacks have their first Hit redrawn; 23b: an assault
    enters the bunker hex and fights as in the open: the US Rifle's two yellow/red Hits
    Shake and reduce the RPD in its foxhole and bunker all the same."""
    from test_sixty_five_assault import BLANK, YELLOW_RED, _assault_game, _stack

    from game.rules.sixty_five.actions import EndImpulse

    state, us, vc = _assault_game()
    place(state.world, [Placed("1D3", "foxhole"), Placed("1D3", "bunker", 0)])
    move = next(c.id for c in DATA.cards if "move" in c.blocks and c.id not in YELLOW_RED)
    _impulse_with(state, 0, [move])
    held = {*state.world.hands[0], *state.world.hands[1]}
    hits = [c for c in YELLOW_RED if c not in held]
    blanks = [c for c in BLANK if c not in held and c != move]
    _stack(state, hits[0], hits[1], blanks[0])
    state.apply(Play(move, "move", ("us1",), path=("1D3",)))
    while state.world.pending:
        state.apply(Decline())
    events = list(state.apply(EndImpulse()))
    while state.world.pending:
        events.extend(state.apply(Decline()))
    assert vc.shaken and vc.reduced
    assert not any(isinstance(e, FoxholeRedraw) for e in events)


# -- invariants over random play ------------------------------------------------------------------
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), scenario=st.sampled_from(["1", "2", "3"]))
def test_65_23_random_play_with_fortifications_keeps_to_their_rules(
    seed: int, scenario: str
) -> None:
    """Random games with bunkers (random facings) on the units' hexes and wire and
    foxholes beside them: every drawn action is legal; no Leg unit's move passes through
    a wire hex; every fire into or out of a bunker passes its front (23b, 23c)."""
    from game.rules.sixty_five.events import FireDeclared
    from game.rules.sixty_five.turn import Phase
    from game.rules.sixty_five.vehicles.facing import Arc, arc_of

    state = SixtyFive().new_game(seed, {"scenario": scenario})
    rng = Rng(seed)
    placed = False
    for _ in range(220):
        if state.outcome() is not None:
            break
        w = state.world
        if not placed and state.phase is not Phase.SETUP:
            hexes = sorted({u.hex for u in w.live() if u.hex is not None})
            pick = Rng(seed + 1)
            forts = [Placed(h, "bunker", pick.below(6)) for h in hexes[::2]]
            near = sorted({n for h in hexes for n in w.field.neighbours(h)} - set(hexes))
            forts += [Placed(h, "wire") for h in near[::3]]
            forts += [Placed(h, "foxhole") for h in near[1::3]]
            place(w, forts)
            placed = True
        action = state.random_action(rng)
        assert state.why_not(action) is None, action.to_str()
        path = getattr(action, "path", None)
        movers = getattr(action, "units", None) or (getattr(action, "unit", None),)
        if path:  # a move's hexes entered (a strike's hexes name no unit)
            for uid in movers:
                mover = w.units.get(uid or "")
                if mover is not None and mover.leg:
                    assert not set(path[:-1]) & w.field.wire, action.to_str()
        where = {u.id: u.hex for u in w.units.values()}  # a target may move on after the shot
        events = state.apply(action)
        for e in events:
            if not isinstance(e, FireDeclared) or dict(e.numbers).get("hef") == 5:
                continue  # the Satchel Charge (HEF 5) comes from any side
            if e.target.startswith("bunker_"):  # 23b: the bunker itself, from any side
                if dict(e.numbers).get("apf") == 5:
                    continue  # a Satchel Charge (5 as APF) at the bunker
                firer, at = w.units[e.lead], e.target[len("bunker_") :].upper()
                here = firer.hex  # the firer stays where it shot from (Move & Fire moved first)
                facing = w.fortifications.get(here or "", Fortification()).bunker
                if facing is not None and firer.leg and here is not None:
                    assert arc_of(w.field, here, facing, at) is Arc.FRONT
                continue
            target = w.units[e.target]
            for uid in (e.lead, *e.supporting):
                firer = w.units[uid]
                if firer.hex is None or where[target.id] is None:
                    continue
                pair = ((firer, where[target.id]), (target, firer.hex))
                for who, other in pair:
                    at_hex = firer.hex if who is firer else where[who.id]
                    facing = w.fortifications.get(at_hex or "", Fortification()).bunker
                    if facing is not None and who.leg and at_hex is not None and other:
                        assert arc_of(w.field, at_hex, facing, other) is Arc.FRONT
    assert placed or state.outcome() is not None


def test_65_23a_18w_explain_tactics_redraws_the_first_hit_of_each_shot() -> None:
    """The calculator's Tactics (18w, Kickstarter) at a unit in a foxhole: each of the two
    attacks sets its first Hit aside (23a), so a hit is less likely than in the open."""
    from test_sixty_five_kickstarter import _card, _give, kick_state

    units = [unit("us1", "us_rifle", 0, "1C3"), unit("us2", "us_rifle", 0, "1C4"),
             unit("vc1", "vc_rifle", 1, "1E3")]  # fmt: skip
    state = kick_state(units)
    tactics = _card("tactics")
    _give(state, 0, [tactics])
    play = Play(tactics, "tactics", ("us1", "us2"), "vc1")
    assert state.why_not(play) is None
    plain = state.explain(play)
    place(state.world, [Placed("1E3", "foxhole")])
    told = state.explain(play)
    assert told.numbers["foxhole_redraws"] == 1 and "foxhole_redraws" not in plain.numbers
    assert told.outcomes["no effect"] > plain.outcomes["no effect"]
    assert abs(sum(told.outcomes.values()) - 1) < 1e-12
