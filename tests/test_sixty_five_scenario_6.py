"""'65 scenario 6, Horror on Highway 1 (24): the layout, the loaded set-up, the victory
points, exits by C1 with passengers, and each special scenario rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from sixty_five_support import DATA, play_random_to_end
from test_ai_sixty_five import _hand

from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.sixty_five.actions import Decline, Exit, Place, Play, ReserveMove
from game.rules.sixty_five.data import DATA_DIR, HitColour
from game.rules.sixty_five.movement.rules import entry_cost
from game.rules.sixty_five.scenarios.highway import growth_roads
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.scenario import load_scenarios, step_hexes
from game.rules.sixty_five.scenarios.victory import scores
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.turn import Phase
from game.rules.sixty_five.vehicles.moves import refresh_clutter

SC = load_scenarios()["6"]
CONVOY = ["2J5", "2I6", "2H6", "2G6", "2F6", "2E6", "2D6", "2C6"]
HIGHWAY = [
    *reversed(CONVOY), "2K5", *(f"1{c}4" for c in "ABCDEFGHIJK"), "3A4", "3B4", "3C4", "3C3",
    "3C2", "3C1",
]  # fmt: skip


def _set_up(seed: int = 3) -> SixtyFiveState:
    state = new_scenario_game("6", seed)
    rng = Rng(seed)
    while state.phase is Phase.SETUP:
        state.apply(state.random_action(rng))
    return state


def _in_impulse(seed: int, seat: int, turn: int = 1) -> SixtyFiveState:
    """Set up, then the game moved to ``seat``'s impulse of ``turn`` with its draw made."""
    state = _set_up(seed)
    state.turn, state.phase, state.phasing = turn, Phase.IMPULSE, seat
    state.started, state.acted, state.actions_left, state.discards = True, False, 1, 0
    return state


def _clear_board(state: SixtyFiveState) -> None:
    for u in state.world.units.values():
        u.hex, u.carrier, u.shaken, u.marker = None, None, False, None


def test_65_24_scenario_6_layout_road_and_set_up_zones() -> None:
    """Scenario 6: 7 turns ending on the third End Turn; Maps 2, 1 and 3 west to east
    (Interpretation 70); one road from the convoy's hexes J5-C6 of Map 2 to C1 of Map 3
    on the north edge; the Americans on those eight road hexes, the Viet Cong anywhere."""
    assert (SC.turns, SC.end_turns) == (7, 3)
    assert [m.map for m in SC.maps] == ["2", "1", "3"]
    state = new_scenario_game("6", 1)
    f = state.world.field
    us, vc = (step_hexes(f, s) for s in SC.setup)
    assert sorted(us) == sorted(CONVOY)
    assert len(vc) == len(list(f.hexes()))
    assert all(f.terrain(h).id == "road" for h in HIGHWAY)
    assert all(b in f.neighbours(a) for a, b in zip(HIGHWAY, HIGHWAY[1:], strict=False))
    assert "3C1" in f.edge_hexes("N")
    counts = {t: n for s in SC.setup for t, n in s.units.items()}
    assert counts == {
        "us_m113": 2, "us_m113_acav": 2, "us_truck": 3, "us_rifle": 3, "us_m60": 1,
        "black": 1, "vc_rifle": 2, "vc_rpd": 1, "vc_rpg": 2, "phan": 1, "ngo": 1,
    }  # fmt: skip


def test_65_24_scenario_6_leg_units_set_up_loaded_trucks_each_carry_one() -> None:
    """Scenario 6 set-up: one vehicle a hex; every Leg unit aboard a vehicle set up in
    its hex (8a: one Leg unit plus one Hero, so Black rides with another); every truck
    carries a Leg unit; passengers do not count for stacking (9)."""
    state = new_scenario_game("6", 1)
    w = state.world
    order = ["us_m113_1", "us_m113_2", "us_m113_acav_1", "us_m113_acav_2"]
    for uid, h in zip([*order, "us_truck_1", "us_truck_2", "us_truck_3"], CONVOY, strict=False):
        if uid == "us_truck_1":
            assert "one vehicle a hex" in (state.why_not(Place(uid, "2J5")) or "")
        state.apply(Place(uid, h))
    rifle = "us_rifle_1"
    assert "loaded" in (state.why_not(Place(rifle, "2J5")) or "")
    assert "stands in 2J5" in (state.why_not(Place(rifle, "2I6", aboard="us_m113_1")) or "")
    assert state.why_not(Place(rifle, "2J5", aboard="us_m113_1")) is None
    # four Leg units for three trucks: one may go into an M-113, the rest must fill trucks
    state.apply(Place(rifle, "2J5", aboard="us_m113_1"))
    refused = state.why_not(Place("us_rifle_2", "2I6", aboard="us_m113_2")) or ""
    assert "must carry a Leg unit" in refused
    for uid, truck in (("us_rifle_2", 1), ("us_rifle_3", 2), ("us_m60_1", 3)):
        t = w.units[f"us_truck_{truck}"]
        assert t.hex is not None
        state.apply(Place(uid, t.hex, aboard=t.id))
    state.apply(Place("black", "2J5", aboard="us_m113_1"))  # a Hero in addition (8a)
    assert w.units["black"].carrier == "us_m113_1" and w.units["us_rifle_1"].carrier
    assert state.setup_step == 1


def test_65_24_scenario_6_a_carrier_takes_one_leg_unit_plus_black() -> None:
    """8a in the loaded set-up: a second non-Hero Leg unit does not fit."""
    state = new_scenario_game("6", 1)
    for uid, h in zip(
        ["us_m113_1", "us_m113_2", "us_m113_acav_1", "us_m113_acav_2", "us_truck_1",
         "us_truck_2", "us_truck_3"], CONVOY, strict=False,
    ):  # fmt: skip
        state.apply(Place(uid, h))
    state.apply(Place("us_rifle_1", "2H6", aboard="us_m113_acav_1"))
    assert "one Leg unit plus one Hero" in (
        state.why_not(Place("us_rifle_2", "2H6", aboard="us_m113_acav_1")) or ""
    )


def test_65_24_scenario_6_random_set_up_loads_everyone() -> None:
    for seed in (1, 2, 3):
        state = _set_up(seed)
        w = state.world
        legs = [u for u in w.units.values() if u.seat == 0 and u.leg]
        assert all(u.carrier is not None and u.hex == w.units[u.carrier].hex for u in legs)
        trucks = [u for u in w.units.values() if u.type.id == "us_truck"]
        assert all(any(p.carrier == t.id for p in legs) for t in trucks)


def test_65_24_scenario_6_viet_cong_no_closer_than_two_hexes() -> None:
    """Scenario 6: the Viet Cong set up at least two hexes from the nearest American."""
    state = _set_up(4)
    w = state.world
    us = [u.hex for u in w.units.values() if u.seat == 0 and u.hex]
    vc = [u.hex for u in w.units.values() if u.seat == 1 and u.hex]
    assert vc and all(w.field.distance(a, b) >= 2 for a in us for b in vc)
    state = new_scenario_game("6", 4)
    while state.setup_step == 0:
        state.apply(state.candidate_actions()[0])
    near = next(h for h in w.field.neighbours("2J5") if h not in CONVOY)
    assert "closer than 2" in (state.why_not(Place("vc_rifle_1", near)) or "")
    two = next(h for h in state.world.field.hexes() if state.world.field.distance(h, "2J5") == 2)
    far = [u.hex for u in state.world.units.values() if u.seat == 0 and u.hex]
    if all(state.world.field.distance(two, h) >= 2 for h in far):
        assert state.why_not(Place("vc_rifle_1", two)) is None


def test_65_24_scenario_6_victory_points() -> None:
    """Scenario 6: VC 2 VP per American Leg unit and 3 per vehicle eliminated; the
    Americans 1 per Viet Cong unit eliminated and 2 per vehicle exited; the Viet Cong
    win only with more VP than the Americans."""
    state = _set_up(5)
    w = state.world
    base = _vp(state)
    w.units["us_rifle_1"].eliminated = True
    w.units["us_truck_1"].eliminated = True
    assert _vp(state) == (base[0], base[1] + 2 + 3)
    w.units["vc_rifle_1"].eliminated = True
    w.exited["us_m113_1"] = "N"
    w.exited["us_rifle_2"] = "N"  # a passenger who left with it scores nothing itself
    assert _vp(state) == (base[0] + 1 + 2, base[1] + 5)
    us, vc = scores(w, SC, state.control, state.bonus)  # with the Special Objectives
    # the Viet Cong need more VP than the Americans (margin() is the Americans' side)
    assert state.margin() == us - vc + 0.5
    w.exited["us_m113_2"] = "N"
    assert state.margin() == us + 2 - vc + 0.5
    assert SC.victory.win.seat == 1 and SC.victory.win.more_than_other
    assert SC.victory.us.bonus == SC.victory.vc_nva.bonus == 2


def _vp(state: SixtyFiveState) -> tuple[int, int]:
    assert state.scenario is not None
    return scores(state.world, state.scenario, state.control, ())


def test_65_24_scenario_6_exit_only_by_c1_and_passengers_go_along() -> None:
    """Scenario 6: vehicles leave by hex C1 of Map 3 only; 8b: a carrier leaving takes
    its loaded passengers off the map with it (exits.py, for every scenario)."""
    state = _in_impulse(6, 0)
    w = state.world
    m113, rifle = w.units["us_m113_1"], w.units["us_rifle_1"]
    _clear_board(state)
    for u in w.units.values():
        if u.seat == 1:
            u.hex = "2A1"
    m113.hex = rifle.hex = "3C1"
    rifle.carrier = m113.id
    w.units["us_m113_2"].hex = "3D1"
    move = next(c.id for c in DATA.cards if c.upper == "move" and not c.power)
    _hand(state, 0, (move,))
    assert "only from 3C1" in (state.why_not(Exit(("us_m113_2",), move, "move")) or "")
    assert state.why_not(Exit((m113.id,), move, "move")) is None
    state.apply(Exit((m113.id,), move, "move"))
    assert w.exited == {m113.id: "N", rifle.id: "N"}
    assert rifle.hex is None and rifle not in w.live()


def _lone_truck(hex_id: str) -> tuple[SixtyFiveState, str]:
    """Scenario 6 in the Americans' impulse: truck 1 alone at ``hex_id`` facing 0, the
    enemy far off at 3K6, a Move card in hand; the state and that card."""
    state = _in_impulse(7, 0)
    w = state.world
    _clear_board(state)
    for u in w.units.values():
        if u.seat == 1:
            u.hex = "3K6"
    w.units["us_truck_1"].hex, w.units["us_truck_1"].facing = hex_id, 0
    refresh_clutter(w)
    move = next(c.id for c in DATA.cards if c.upper == "move" and not c.power)
    _hand(state, 0, (move,))
    return state, move


def test_65_24_scenario_6_ssr_trucks_may_not_leave_the_road() -> None:
    """'65 scenario 6 SSR: trucks may not leave the road (impulse and Reserve moves)."""
    state, move = _lone_truck("1E4")
    w = state.world
    truck = w.units["us_truck_1"]
    off = next(h for h in w.field.neighbours("1E4") if w.field.terrain(h).id != "road")
    assert "may not leave the road" in (
        state.why_not(Play(move, "move", (truck.id,), path=(off,))) or ""
    )
    assert state.why_not(Play(move, "move", (truck.id,), path=("1F4", "1G4"))) is None
    state.phase, state.reserve_seat = Phase.RESERVE, 0
    assert "may not leave the road" in (state.why_not(ReserveMove(truck.id, (off,))) or "")


def test_65_24_scenario_6_ssr_trucks_are_offered_moves_along_the_road() -> None:
    """'65 scenario 6 SSR, trucks keep to the road: the move candidates of a truck follow
    the road (not a cheaper way across country the rules refuse), so a truck at the
    tail of the convoy has legal moves up the highway to the crowded hexes ahead."""
    state, move = _lone_truck("2D6")
    w = state.world
    truck = w.units["us_truck_1"]
    moves = [
        a
        for a in state.candidate_actions()
        if isinstance(a, Play) and a.units == (truck.id,) and a.path and a.block == "move"
    ]
    assert moves
    assert all(state.why_not(a) is None for a in moves)
    assert all(w.field.terrain(h).id == "road" for a in moves for h in a.path or ())
    assert {a.path[-1] for a in moves if a.path} >= {"2E6", "2F6", "2G6"}


def _truck_on_the_road(enemy: str, hex_id: str) -> tuple[SixtyFiveState, list[Play]]:
    """A loaded truck at 2F6 with a move card, one enemy ``enemy`` at ``hex_id``; the
    state and the truck's drives along the road."""
    state = _in_impulse(7, 0)
    w = state.world
    _clear_board(state)
    truck, rifle = w.units["us_truck_1"], w.units["us_rifle_1"]
    truck.hex, truck.facing = "2F6", 0
    rifle.hex, rifle.carrier = "2F6", truck.id
    w.units[enemy].hex = hex_id
    refresh_clutter(w)
    move = next(c.id for c in DATA.cards if c.upper == "move" and not c.power)
    _hand(state, 0, (move,))
    drives = [
        a
        for a in state.candidate_actions()
        if isinstance(a, Play) and a.units == (truck.id,) and a.path and len(a.path) > 1
    ]
    assert drives  # the truck could drive on
    return state, drives


def test_65_24_scenario_6_ssr_the_bot_keeps_its_road_bound_trucks_parked() -> None:
    """'65 scenario 6 SSR (trucks keep to the road, an RPG hit destroys one, a crowded
    road costs more): the bot does not drive a truck up the road toward an RPG lying in
    ambush near it; it sets the riders down or does something else."""
    from game.ai.sixty_five.bot import SixtyFiveBot

    state, drives = _truck_on_the_road("vc_rpg_1", "2K5")
    choice = SixtyFiveBot(0, Rng(1)).choose(state.view(0))
    assert choice not in drives


def test_65_24_scenario_6_ssr_a_truck_drives_for_the_exit_once_no_rpg_is_near() -> None:
    """'65 scenario 6 (2 VP for each own vehicle off the map by C1 of Map 3): with no
    RPG near the road ahead, only a Rifle far off, the bot drives the truck east."""
    from game.ai.sixty_five.bot import SixtyFiveBot

    state, drives = _truck_on_the_road("vc_rifle_1", "3H6")
    choice = SixtyFiveBot(0, Rng(1)).choose(state.view(0))
    assert choice in drives
    assert isinstance(choice, Play) and choice.path is not None
    f = state.world.field
    assert f.distance(choice.path[-1], "3C1") < f.distance("2F6", "3C1")


def test_65_24_scenario_6_ssr_a_vehicle_on_a_road_in_kunai_or_jungle_costs_1_mp_more() -> None:
    """'65 scenario 6 SSR: a vehicle or wreck on a road hex in kunai or jungle (beside
    it, Interpretation 72) adds 1 MP to entering that hex; elsewhere nothing."""
    state = _set_up(8)
    w = state.world
    f = w.field
    growth = growth_roads(w)
    crowded = next(h for h in HIGHWAY if h in growth)
    open_road = next((h for h in HIGHWAY if h not in growth), None)
    _clear_board(state)
    refresh_clutter(w)
    assert entry_cost(f, crowded) == 1
    w.wrecks.append(crowded)
    refresh_clutter(w)
    assert entry_cost(f, crowded) == 2
    if open_road is not None:
        w.units["us_m113_1"].hex = open_road
        refresh_clutter(w)
        assert entry_cost(f, open_road) == 1


def test_65_24_scenario_6_ssr_an_rpg_hit_destroys_a_truck() -> None:
    """'65 scenario 6 SSR: an RPG's AP hit destroys a truck outright (no armour draw)."""
    state = _in_impulse(9, 1)
    w = state.world
    truck, rpg = w.units["us_truck_1"], w.units["vc_rpg_1"]
    _clear_board(state)
    truck.hex, truck.facing, rpg.hex = "1E4", 0, "1E6"
    w.units["us_m113_1"].hex = "1A1"
    fire = next(c.id for c in DATA.cards if c.upper == "fire" and not c.power)
    _hand(state, 1, (fire,))
    hit = next(c for c in DATA.cards if c.tn == 10 and c.id != fire)
    w.draw_pile.remove(hit.id)
    w.draw_pile.append(hit.id)  # the targeting draw hits
    play = Play(fire, "fire", (rpg.id,), target=truck.id, ammo=True)
    assert state.why_not(play) is None
    events = state.apply(play)
    while state.world.pending:
        events += state.apply(Decline())
    assert truck.eliminated
    assert not [e for e in events if type(e).__name__ == "ApArmourDrawn"]  # no armour draw
    assert [e for e in events if type(e).__name__ == "ApTargetingDrawn"]


def test_65_24_scenario_6_ssr_he_hits_shake_then_destroy_a_truck() -> None:
    """'65 scenario 6 SSR: the first HE hit Shakes a truck, the next destroys it."""
    state = _set_up(10)
    truck = state.world.units["us_truck_1"]
    assert truck.take_hit().value == "shaken"
    assert truck.take_hit().value == "eliminated"


def test_65_24_scenario_6_ssr_vc_initiative_on_turn_1_draws_until_a_fire_card() -> None:
    """'65 scenario 6 SSR: the Viet Cong have the initiative on turn 1 with no bids;
    lacking a Fire card they draw until one comes, discarding the others."""
    for seed in range(1, 8):
        state = _set_up(seed)
        w = state.world
        assert state.phase is Phase.IMPULSE and state.phasing == 1 and state.initiative == 1
        assert any("fire" in w.card(c).blocks for c in w.hands[1])
    from game.rules.sixty_five.scenarios.highway import draw_for_block

    state = _set_up(1)
    w = state.world
    no_fire = [c.id for c in DATA.cards if "fire" not in c.blocks and not c.end_turn][:4]
    _hand(state, 1, tuple(no_fire))
    fires = [c for c in w.draw_pile if "fire" in w.card(c).blocks]
    top = w.draw_pile[-1]
    before = len(w.discard)
    draw_for_block(w, 1, "fire", [])
    got = [c for c in w.hands[1] if "fire" in w.card(c).blocks]
    assert len(got) == 1 and got[0] in fires
    assert len(w.discard) >= before + (0 if "fire" in w.card(top).blocks else 1)


def _puff_state(turn: int = 3) -> tuple[SixtyFiveState, str]:
    state = _in_impulse(11, 0, turn)
    w = state.world
    _clear_board(state)
    w.units["us_m113_1"].hex = "1E4"
    w.units["us_rifle_1"].hex = "1G5"  # next to the target
    w.units["us_rifle_2"].hex = "1G6"  # two hexes away
    w.units["vc_rifle_1"].hex = "1G4"
    w.units["vc_rifle_2"].hex = "2A1"
    fire = next(c.id for c in DATA.cards if c.upper == "fire" and not c.power)
    _hand(state, 0, (fire,))
    return state, fire


def test_65_24_scenario_6_ssr_puff_from_turn_3_once_a_turn_in_sight() -> None:
    """'65 scenario 6 SSR: from turn 3 a Fire card calls the AC-47 on any hex a
    non-Shaken American sees, once a turn."""
    state, fire = _puff_state(2)
    assert "from turn 3" in (state.why_not(Play(fire, "puff", path=("1G4",))) or "")
    state, fire = _puff_state(3)
    w = state.world
    assert state.why_not(Play(fire, "puff", path=("1G4",))) is None
    assert Play(fire, "puff", path=("1G4",)) in state.candidate_actions()
    assert "friendly unit" in (state.why_not(Play(fire, "puff", path=("1G5",))) or "")
    for u in w.units.values():
        if u.seat == 0:
            u.shaken = True
    assert "non-Shaken" in (state.why_not(Play(fire, "puff", path=("1G4",))) or "")
    w.puff_used = True
    assert "one AC-47 strike a turn" in (state.why_not(Play(fire, "puff", path=("1G4",))) or "")


def test_65_24_scenario_6_ssr_puff_is_a_5_hef_strike_with_friendly_hits_by_colour() -> None:
    """'65 scenario 6 SSR: the AC-47 is a 5 HEF strike on one hex (5 - CF, + 1 with
    more than one soft target); green Hits hit the target; an American hex within two
    hexes takes a hit for each red Hit drawn, within one for each red or yellow one
    (Interpretation 73), spread evenly there."""
    state, fire = _puff_state(3)
    w = state.world
    cover = w.field.cover("1G4")
    red = [c.id for c in DATA.cards if c.hit is HitColour.RED and not c.end_turn]
    yellow = [c.id for c in DATA.cards if c.hit is HitColour.YELLOW and not c.end_turn]
    stack = [red[0], yellow[0], red[1], yellow[1], red[2]]
    for c in stack:
        w.draw_pile.remove(c)
    w.draw_pile.extend(reversed(stack))  # drawn in the order of ``stack``
    near, far = w.units["us_rifle_1"], w.units["us_rifle_2"]
    assert w.field.distance("1G5", "1G4") == 1 and w.field.distance("1G6", "1G4") == 2
    state.apply(Play(fire, "puff", path=("1G4",)))
    while w.pending:
        state.apply(Decline())
    drawn = stack[: 5 - cover]
    reds = sum(1 for c in drawn if w.card(c).hit is HitColour.RED)
    steps = ("shaken", "reduced", "eliminated")

    def state_of(u: object) -> int:
        return u.shaken + u.reduced + u.eliminated  # type: ignore[attr-defined]

    assert state_of(near) == min(3, len(drawn)), steps  # every red or yellow Hit
    assert state_of(far) == min(3, reds)  # only the red ones
    assert not w.units["vc_rifle_1"].shaken  # no green Hit among them
    assert w.puff_used


def test_65_24_scenario_6_ssr_los_down_the_road_gives_no_cover() -> None:
    """'65 scenario 6 SSR: a line traced down the road past kunai or jungle beside it
    sees the target, which has the road's Cover Factor 0 (Interpretation 71)."""
    state = _set_up(12)
    f = state.world.field
    assert f.los("1A4", "1K4") and f.cover("1K4") == 0
    assert any(f.terrain(n).id in ("kunai", "jungle") for h in HIGHWAY for n in f.neighbours(h))


def test_65_24_scenario_6_ssr_us_rifles_fire_from_m113s_and_vc_artillery_hef_2() -> None:
    """'65 scenario 6 SSRs as data: US Rifles fire loaded in M-113s with HEF 1; the Viet
    Cong call artillery of base HEF 2 with two Fire cards, one a Power."""
    assert SC.passengers_fire is not None and SC.passengers_fire.hef == 1
    assert SC.passengers_fire.units == ("us_rifle",)
    assert SC.fire_artillery is not None
    assert (SC.fire_artillery.seats, SC.fire_artillery.hef) == ((1,), 2)
    state = _set_up(13)
    assert state.world.passengers_fire == SC.passengers_fire


def test_a_broken_scenario_6_entry_names_file_and_key(tmp_path: Path) -> None:
    text = (
        (DATA_DIR / "scenarios.yaml")
        .read_text()
        .replace("road_only: [us_truck]", "road_only: [us_lorry]")
    )
    path = tmp_path / "scenarios.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as err:
        load_scenarios(path, DATA)
    assert "scenarios.yaml" in str(err.value) and "highway.road_only" in str(err.value)


def test_random_games_of_scenario_6_end_without_error() -> None:
    for seed in (1, 2):
        state = play_random_to_end("6", seed, 6000)
        assert state.outcome() is not None


def test_65_10b_18j_move_and_fire_with_ap_at_a_truck_shoots_ap_after_the_move() -> None:
    """10b, 18j: a Move & Fire play that names ``ap`` at a truck keeps the word for the
    shot after the move: an AP targeting draw, not an HE Damage Draw."""
    state = _in_impulse(14, 1)
    w = state.world
    truck, rpg = w.units["us_truck_1"], w.units["vc_rpg_1"]
    _clear_board(state)
    truck.hex, truck.facing, rpg.hex = "1E4", 0, "1E1"
    w.units["us_m113_1"].hex = "3K6"
    card = next(c.id for c in DATA.cards if "move_and_fire" in c.blocks)
    _hand(state, 1, (card,))
    play = Play(card, "move_and_fire", (rpg.id,), target=truck.id, path=("1E2",), ammo=True)
    assert state.why_not(play) is None
    events = state.apply(play)
    while w.pending:
        events += state.apply(Decline())
    names = [type(e).__name__ for e in events]
    assert "ApTargetingDrawn" in names and "DamageCard" not in names


def test_a_scenario_6_exit_hex_off_its_map_names_file_key_and_hex() -> None:
    from game.rules.sixty_five.boards import check_hexes, scenario_ground
    from game.rules.sixty_five.scenarios.scenario import ExitHexes

    bad = SC.model_copy(update={"exit_hexes": {"us": ExitHexes(map="3", hexes=("Z9",))}})
    with pytest.raises(DataError) as err:
        check_hexes(bad, scenario_ground("6"))
    text = str(err.value)
    assert "scenarios.yaml" in text and "exit_hexes.us.hexes" in text and "'Z9'" in text


def test_the_random_player_calls_the_ac47_in_scenario_6() -> None:
    """The random sampler offers the AC-47 like any other use of a Fire card."""
    called = 0
    for seed in (6, 7):
        state = new_scenario_game("6", seed)
        rng = Rng(seed)
        while state.current_player() is not None:
            action = state.random_action(rng)
            called += isinstance(action, Play) and action.block == "puff"
            state.apply(action)
    assert called > 0
