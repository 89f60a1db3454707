"""'65 AP fire through the cards (15, 10b, 10d2, 10d3, 18c, 19a, 19d, 20a, 20b, 20d, 8e,
8f, 9): the targeting draw, then the armour draw, with the reaction windows between."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _to_impulse

from game.rules.sixty_five.actions import Decline, Play, React
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import HitApplied
from game.rules.sixty_five.vehicles.events import ApArmourDrawn, ApTargetingDrawn
from game.rules.sixty_five.vehicles.facing import Arc, arc_of
from game.rules.sixty_five.world import Window

FIRE = "c05"  # Fire / Let's Get 'Em


def _front_facing(field, hex_id: str, other: str, arc: Arc = Arc.FRONT) -> int:  # type: ignore[no-untyped-def]
    return next(f for f in range(6) if arc_of(field, hex_id, f, other) is arc)


def _place_cards(state, seat: int, hand: list[str], top: list[str]) -> None:  # type: ignore[no-untyped-def]
    """``hand`` into ``seat``'s hand and ``top`` on the draw pile (the first drawn first),
    taken from wherever they are; other cards fill the gaps."""
    w = state.world
    wanted = set(hand) | set(top)
    for pile in (w.draw_pile, w.discard, w.hands[0], w.hands[1]):
        for c in [c for c in pile if c in wanted]:
            pile.remove(c)
    spare = [c for c in w.draw_pile if c not in wanted]
    for h in (0, 1):
        while len(w.hands[h]) < 4 - (len(hand) if h == seat else 0):
            w.hands[h].append(spare.pop())
            w.draw_pile.remove(w.hands[h][-1])
    w.hands[seat].extend(hand)
    w.draw_pile.extend(reversed(top))


def _duel(
    *,
    target_terrain: str = "jungle",
    target_arc: Arc = Arc.FRONT,
    hand: tuple[str, ...] = (FIRE,),
    top: tuple[str, ...] = (),
    other_hand: tuple[str, ...] = (),
    extra: tuple = (),
):  # type: ignore[no-untyped-def]
    """A PT-76 (NVA) in 1C1 and an American M-48 in 1C5 (range 4), its armour toward the
    PT-76 given by ``target_arc``; the NVA's impulse."""
    pt = unit("pt", "nva_pt76", 1, "1C1", facing=0)
    m48 = unit("m48", "us_m48", 0, "1C5")
    state, _ = new_state([pt, m48, *extra], 7, limit=5, c5=target_terrain)
    m48.facing = _front_facing(state.world.field, "1C5", "1C1", target_arc)
    state.world.units["m48"].facing = m48.facing
    _to_impulse(state, 1)
    _place_cards(state, 1, list(hand), list(top))
    for c in other_hand:
        _place_cards(state, 0, [c], [])
        state.world.hands[0].pop(0)
    return state


def _decline_all(state) -> list:  # type: ignore[no-untyped-def]
    events = []
    while state.world.pending:
        events += state.apply(Decline())
    return events


def _shoot(state, play: Play) -> list:  # type: ignore[no-untyped-def]
    assert state.why_not(play) is None, state.why_not(play)
    return [*state.apply(play), *_decline_all(state)]


def test_65_15c_worked_example_the_shot_caroms_off() -> None:
    """'65 15c example: PT-76 at range 4 on an M-48 in jungle: to-hit 4 - 1 + 1 = 4; a
    TN 4 hits; modified APF 2 + 1 = 3; an APF bonus of -4 gives -1, below the AF 4."""
    state = _duel(top=("c21", "c33"))  # TN 4, then APF -4
    play = Play(FIRE, "fire", ("pt",), target="m48")
    numbers = state.explain(play).numbers
    assert numbers["to_hit"] == 4 and numbers["modified_apf"] == 3 and numbers["armour"] == 4
    events = _shoot(state, play)
    aim = next(e for e in events if isinstance(e, ApTargetingDrawn))
    armour = next(e for e in events if isinstance(e, ApArmourDrawn))
    assert (aim.card, aim.to_hit, aim.result) == ("c21", 4, "hit")
    assert (armour.card, armour.modified_apf, armour.armour) == ("c33", 3, 4)
    assert armour.result == "bounced"
    m48 = state.world.units["m48"]
    assert not m48.eliminated and not m48.shaken and state.world.wrecks == []
    assert state.world.units["pt"].marker is Marker.FIRED


def test_65_15c_9_at_least_the_armour_destroys_and_leaves_a_wreck() -> None:
    """'65 15c: modified APF + bonus >= AF destroys (3 + 1 = 4); 9: a wreck in its hex,
    which now degrades line of sight (14)."""
    state = _duel(top=("c21", "c12"))  # TN 4, then APF +1
    events = _shoot(state, Play(FIRE, "fire", ("pt",), target="m48"))
    assert HitApplied(unit="m48", result="eliminated") in events
    assert state.world.units["m48"].eliminated and state.world.wrecks == ["1C5"]
    assert "1C5" in state.world.field.clutter


def test_65_15d_a_flank_shot_strikes_armour_one_less() -> None:
    """'65 15d: the M-48's flank armour is 3; the same +0 bonus now destroys it."""
    state = _duel(target_arc=Arc.FLANK, top=("c21", "c28"))  # TN 4, then APF 0
    assert state.explain(Play(FIRE, "fire", ("pt",), target="m48")).numbers["armour"] == 3
    _shoot(state, Play(FIRE, "fire", ("pt",), target="m48"))
    assert state.world.units["m48"].eliminated


def test_65_15c_the_words_shake_dud_and_destroy_decide_by_themselves() -> None:
    for word_card, shaken, gone in (("c04", True, False), ("c11", False, False),
                                    ("c18", False, True)):  # fmt: skip
        state = _duel(top=("c21", word_card))
        _shoot(state, Play(FIRE, "fire", ("pt",), target="m48"))
        m48 = state.world.units["m48"]
        assert (m48.shaken, m48.eliminated) == (shaken, gone), word_card


def test_65_15b_a_miss_draws_no_armour_card_and_a_turret_hit_adds_1() -> None:
    """'65 15b: a Miss ends the shot; a Turret hit raises the AF by 1 (4 -> 5)."""
    state = _duel(top=("c01",))
    events = _shoot(state, Play(FIRE, "fire", ("pt",), target="m48"))
    assert [e.result for e in events if isinstance(e, ApTargetingDrawn)] == ["miss card"]
    assert not any(isinstance(e, ApArmourDrawn) for e in events)
    state = _duel(target_terrain="clear", top=("c02", "c12"))  # TN 3 turret, APF +1
    events = _shoot(state, Play(FIRE, "fire", ("pt",), target="m48"))
    armour = next(e for e in events if isinstance(e, ApArmourDrawn))
    assert armour.armour == 5 and armour.result == "bounced"


def test_65_10d3_a_target_marked_moved_is_1_easier_to_hit_but_not_in_brush() -> None:
    state = _duel(target_terrain="clear")
    state.world.units["m48"].marker = Marker.MOVED
    numbers = state.explain(Play(FIRE, "fire", ("pt",), target="m48")).numbers
    assert numbers["moving_target"] == 1 and numbers["to_hit"] == 2
    state = _duel(target_terrain="brush")
    state.world.units["m48"].marker = Marker.MOVED
    numbers = state.explain(Play(FIRE, "fire", ("pt",), target="m48")).numbers
    assert numbers["moving_target"] == 0


def test_65_19a_aimed_shot_adds_2_tm_to_a_fire_action_only() -> None:
    state = _duel(hand=(FIRE, "c11"), top=("c21", "c33"))
    play = Play(FIRE, "fire", ("pt",), target="m48", supports=("c11",))
    assert state.explain(play).numbers["to_hit"] == 2
    events = _shoot(state, play)
    assert next(e for e in events if isinstance(e, ApTargetingDrawn)).to_hit == 2
    assert "c11" in state.world.discard
    state = _duel(hand=("c31", "c11"))
    mf = Play("c31", "move_and_fire", ("pt",), target="m48", supports=("c11",))
    assert "19a" in (state.why_not(mf) or "")


def test_65_20d_unexpected_cover_makes_the_shot_2_harder() -> None:
    state = _duel(top=("c21",), other_hand=("c47",))
    state.apply(Play(FIRE, "fire", ("pt",), target="m48"))
    assert state.world.pending[-1].window is Window.AP_AIM and state.current_player() == 0
    events = [*state.apply(React("c47", "unexpected_cover")), *_decline_all(state)]
    aim = next(e for e in events if isinstance(e, ApTargetingDrawn))
    assert aim.to_hit == 6 and aim.result == "miss"


def test_65_19d_critical_hit_and_20b_glancing_shot_after_the_hit() -> None:
    """'65 19d: +2 APF after a hit (3 + 2 = 5); 20b: -2 on the bonus (5 - 1 - 2 = 2)."""
    state = _duel(hand=(FIRE, "c49"), top=("c21", "c12"), other_hand=("c15",))
    state.apply(Play(FIRE, "fire", ("pt",), target="m48"))
    state.apply(Decline())  # the defender before the targeting draw
    assert state.world.pending[-1].window is Window.AP_HIT and state.current_player() == 1
    assert state.why_not(React("c49", "critical_hit")) is None
    state.apply(React("c49", "critical_hit"))
    assert state.current_player() == 0
    events = [*state.apply(React("c15", "glancing_shot")), *_decline_all(state)]
    armour = next(e for e in events if isinstance(e, ApArmourDrawn))
    assert armour.modified_apf == 5 and armour.armour == 4
    assert armour.result == "destroyed"  # 5 + 1 - 2 = 4, at least the AF 4
    assert state.world.units["m48"].eliminated


def test_65_10d2_ap_attackers_fire_one_by_one_and_stop_once_destroyed() -> None:
    """'65 10d2, 18f: an RPG and the PT-76 in one hex: the first shot destroys the
    M-48, so the second holds its fire."""
    rpg = unit("rpg", "nva_rpg", 1, "1C1")
    state = _duel(extra=(rpg,), top=("c21", "c18", "c14", "c14"))
    events = _shoot(state, Play(FIRE, "fire", ("pt", "rpg"), target="m48"))
    shots = [e.unit for e in events if isinstance(e, ApTargetingDrawn)]
    assert shots == ["pt"] and state.world.units["m48"].eliminated
    assert state.world.units["rpg"].marker is Marker.FIRED


def test_65_10d2_each_ap_attacker_shoots_in_turn() -> None:
    rpg = unit("rpg", "nva_rpg", 1, "1C1")
    state = _duel(extra=(rpg,), top=("c01", "c21", "c11"))  # miss; hit, Dud!
    events = _shoot(state, Play(FIRE, "fire", ("pt", "rpg"), target="m48"))
    assert [e.unit for e in events if isinstance(e, ApTargetingDrawn)] == ["pt", "rpg"]


def test_65_20a_first_fire_both_vehicles_shoot_and_both_results_stand() -> None:
    """'65 20a: the M-48 answers; the PT-76's Destroy! and the M-48's hit both stand."""
    state = _duel(target_terrain="clear", top=("c21", "c18", "c21", "c12"), other_hand=("c12",))
    state.apply(Play(FIRE, "fire", ("pt",), target="m48"))
    assert state.why_not(React("c12", "first_fire")) is None
    state.apply(React("c12", "first_fire"))
    _decline_all(state)
    assert state.world.units["m48"].eliminated and state.world.units["pt"].eliminated
    assert sorted(state.world.wrecks) == ["1C1", "1C5"]


def test_65_15_he_fire_cannot_harm_a_hard_target_and_soft_ones_take_no_ap() -> None:
    rifle = unit("r", "nva_rifle", 1, "1C2")
    state = _duel(extra=(rifle, unit("pt2", "us_rifle", 0, "1D3")))
    assert "AP weapon" in (state.why_not(Play(FIRE, "fire", ("r",), target="m48")) or "")
    assert "10b" in (state.why_not(Play(FIRE, "fire", ("r",), target="pt2", ammo=True)) or "")
    assert "AP weapon" in (state.why_not(Play(FIRE, "fire", ("pt", "r"), target="m48")) or "")


def test_65_10b_a_truck_is_soft_but_may_be_shot_with_ap() -> None:
    truck = unit("truck", "us_truck", 0, "1C4", facing=0)
    state = _duel(extra=(truck,), target_terrain="clear", top=("c21", "c33"))
    he = Play(FIRE, "fire", ("pt",), target="truck")
    assert state.why_not(he) is None  # HE fire at a soft target
    ap = Play(FIRE, "fire", ("pt",), target="truck", ammo=True)
    assert str(ap).endswith(" ap")
    numbers = state.explain(ap).numbers
    assert numbers["armour"] == 0 and numbers["modified_apf"] == 3
    assert "10b" in (state.why_not(Play(FIRE, "fire", ("pt",), target="m48", ammo=False)) or "")
    _shoot(state, ap)  # 3 - 4 = -1 < 0: bounced
    assert not state.world.units["truck"].eliminated


def test_65_18c_cannister_only_for_the_pt76_and_m48_from_rules_version_6() -> None:
    rifle = unit("r", "nva_rifle", 1, "1C2")
    us = unit("us", "us_rifle", 0, "1D3")
    state = _duel(extra=(rifle, us), hand=("c08",))
    assert "18c" in (state.why_not(Play("c08", "cannister", ("r",), target="us")) or "")
    assert state.why_not(Play("c08", "cannister", ("pt",), target="us")) is None
    state.world.edition = 5  # older saves: any unit fired Cannister
    assert state.why_not(Play("c08", "cannister", ("r",), target="us")) is None


def test_65_8e_8f_passengers_of_a_destroyed_carrier_take_two_hits() -> None:
    """'65 8e: two hits on each passenger of a destroyed carrier; 8f: a Shaken carrier
    Shakes its passengers."""
    m113 = unit("m113", "us_m113", 0, "1C4", facing=0)
    rifle = unit("r", "us_rifle", 0, "1C4", carrier="m113")
    state = _duel(extra=(m113, rifle), target_terrain="clear", top=("c21", "c04"))
    _shoot(state, Play(FIRE, "fire", ("pt",), target="m113"))
    assert state.world.units["m113"].shaken and state.world.units["r"].shaken
    state = _duel(extra=(m113.copy(), rifle.copy()), target_terrain="clear", top=("c21", "c18"))
    _shoot(state, Play(FIRE, "fire", ("pt",), target="m113"))
    r = state.world.units["r"]
    assert state.world.units["m113"].eliminated and r.shaken and r.reduced
    assert r.carrier is None and r.hex == "1C4"


def test_explain_gives_exact_outcome_odds_for_a_vehicle_shot() -> None:
    state = _duel()
    out = state.explain(Play(FIRE, "fire", ("pt",), target="m48"))
    assert {"to_hit", "modified_apf", "hit_chance"} <= set(out.numbers)
    assert set(out.outcomes) == {"missed", "no effect", "shaken", "destroyed"}
    assert abs(sum(out.outcomes.values()) - 1) < 1e-9
    assert 0 < out.outcomes["destroyed"] < out.numbers["hit_chance"]


def test_65_18j_move_and_fire_misses_on_an_mf_card() -> None:
    state = _duel(hand=("c31",), top=("c33",))  # TN 5 moving_fire
    events = _shoot(state, Play("c31", "move_and_fire", ("pt",), target="m48"))
    assert [e.result for e in events if isinstance(e, ApTargetingDrawn)] == ["moving fire miss"]
    assert state.world.units["pt"].marker is Marker.OPS_COMPLETE


def test_the_vehicle_cards_are_in_the_deck() -> None:
    assert {"aimed_shot", "critical_hit", "glancing_shot", "first_fire"} <= {
        b for c in DATA.cards for b in c.blocks
    }


def test_65_15a_only_fire_move_and_fire_and_reload_and_fire_shoot_ap() -> None:
    """Interpretation 29: Cannister, Flanking Fire, Punishing Fire and the firing Powers
    are HE fire; at a hard target they are refused."""
    state = _duel(hand=("c08",))
    reason = state.why_not(Play("c08", "cannister", ("pt",), target="m48"))
    assert reason is not None and "15a" in reason


def test_65_11_ap_opportunity_fire_that_hits_stops_the_moving_vehicle() -> None:
    """'65 11: Opportunity Fire at a vehicle entering a hex in sight: a hit (the
    targeting draw) stops it there, Ops Complete; the shot's Dud! does no harm."""
    from test_sixty_five_flow import _impulse_with, _to_impulse

    from game.rules.sixty_five.vehicles.facing import front_hexes

    pt = unit("pt", "nva_pt76", 1, "1C1", facing=0)
    m48 = unit("m48", "us_m48", 0, "1C5", facing=0)
    state, _ = new_state([pt, m48], 7, limit=5)
    _to_impulse(state, 0)
    move = next(c.id for c in DATA.cards if c.upper == "move" and not c.power)
    _impulse_with(state, 0, [move])
    _place_cards(state, 1, [FIRE], ["c21", "c11"])
    state.world.hands[1].pop(0)
    f = state.world.field
    first = front_hexes(f, "1C5", 0)[0]
    second = front_hexes(f, first, 0)[0]
    state.apply(Play(move, "move", ("m48",), path=(first, second)))
    assert state.world.pending[-1].window is Window.OPPORTUNITY
    state.apply(Play(FIRE, "fire", ("pt",), target="m48"))
    _decline_all(state)
    tank = state.world.units["m48"]
    assert tank.hex == first and tank.marker is Marker.OPS_COMPLETE and not tank.eliminated


def test_interpretation_40_artillery_he_never_hits_a_hard_target_or_a_passenger() -> None:
    """'65 12: HE results hit soft targets; a vehicle and the passenger loaded in it are
    no victims of the strike's Damage Draw (its AP Shake is not wired yet). The Rifle
    beside them is."""
    from test_sixty_five_artillery import ARTILLERY, strike_state

    from game.rules.sixty_five.combat.artillery import artillery_plan

    units = [
        unit("spot", "us_rifle", 0, "1A3"),
        unit("pt", "nva_pt76", 1, "1E3", facing=0),
        unit("p", "nva_rifle", 1, "1E3", carrier="pt"),
        unit("r", "nva_rifle", 1, "1E4"),
    ]
    state, card = strike_state(units)
    plans = artillery_plan(
        state.world, 0, Play(card, "artillery", path=("1E3", "1E4", "1F3")), ARTILLERY
    )
    assert [p.units for p in plans] == [0, 1, 0]


def test_65_21g_spread_fire_hits_the_soft_targets_of_the_hex_only() -> None:
    """21g with 15: an M-113 ACAV's Suppression spreads its HE hits over the hex, but a
    PT-76 there is a hard target HE fire cannot harm."""
    from test_sixty_five_flow import _to_impulse

    acav = unit("acav", "us_m113_acav", 0, "1C5", facing=0)
    pt = unit("pt", "nva_pt76", 1, "1C2", facing=0)
    rifle = unit("r", "nva_rifle", 1, "1C2")
    state, _ = new_state([acav, pt, rifle], 7, limit=5)
    _to_impulse(state, 0)
    greens = [c.id for c in DATA.cards if c.hit is not None and c.hit.value == "green"]
    _place_cards(state, 0, [FIRE], greens[:4])
    state.world.hands[0].pop(0)
    _shoot(state, Play(FIRE, "fire", ("acav",), target="r", spread=True))
    assert state.world.units["r"].shaken
    assert not state.world.units["pt"].shaken and not state.world.units["pt"].eliminated


def test_65_12_artillery_shakes_a_hard_target_but_never_destroys_it() -> None:
    """'65 12: a hard target in a struck hex: the strike's factor (3) + the card's APF
    bonus against its AF (PT-76: 2): at least that Shakes it; Destroy! only Shakes; a
    bonus of -4 does nothing (Interpretation 44)."""
    from test_sixty_five_artillery import strike_state

    for top, shaken in (("c12", True), ("c18", True), ("c33", False)):
        units = [unit("spot", "us_rifle", 0, "1A3"), unit("pt", "nva_pt76", 1, "1E3", facing=0)]
        state, card = strike_state(units)
        _place_cards(state, 0, [card], [top])
        state.world.hands[0].pop(0)
        events = [*state.apply(Play(card, "artillery", path=("1E3", "1E4", "1F3")))]
        events += _decline_all(state)
        pt = state.world.units["pt"]
        armour = next(e for e in events if isinstance(e, ApArmourDrawn))
        assert (armour.card, armour.modified_apf, armour.armour) == (top, 3, 2)
        assert pt.shaken is shaken and not pt.eliminated
