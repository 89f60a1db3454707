"""5.56mm on the board: hand to hand (3.7), grenades (3.2, 7.8), First Aid (3.5), Treat
Injury (4.4), Carry (4.5), Covering Fire (3.6) and Use Radio (4.9)."""

from __future__ import annotations

from five_five_six_support import give_go, load_dice, new_game, only, place, see, stack

from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import (
    Carry,
    CoveringFire,
    Engage,
    Fire,
    FirstAid,
    HoldFire,
    LetLie,
    Move,
    SnapFire,
    Throw,
    ThrowBack,
    TreatInjury,
    UseRadio,
)
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.combat.melee_play import melee_weapon
from game.rules.five_five_six.events import (
    Arrived,
    Engaged,
    GrenadeLanded,
    RadioCalled,
    ShotFired,
    Treated,
    Withdrew,
    WoundReturned,
)
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.turn.flow import end_turn


def _two(a: str, b: str, *, seed: int = 31):  # type: ignore[no-untyped-def]
    state = new_game(seed=seed)
    board = state.board
    only(board, a, b)
    return state, board


def test_7_1_the_best_melee_weapon_he_has() -> None:
    """5.56mm 7.1: knife +2; an assault rifle's butt +1; else unarmed."""
    state, board = _two("havers", "captain")
    assert melee_weapon(board.characters["havers"]) == ("Knife", 2)
    assert melee_weapon(board.characters["alberto"]) == ("Rifle butt", 1)
    assert melee_weapon(board.characters["johnson"]) == ("Unarmed", 0)


def test_3_7_within_a_move_he_charges_in_and_attacks() -> None:
    """5.56mm 3.7: an enemy he can reach within 1" with a Move: he closes in and rolls
    D6 + Strength (+ knife, + Engaging) against the defender's D6 + Strength."""
    state, board = _two("havers", "captain")
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 26, facing=90)
    give_go(board, "havers")
    load_dice(board, 1, 1, 1, 6)  # defender 1 + 1 + 1 (rifle butt) = 3; attacker 1+1+2+1=5
    events = state.apply(Engage("havers", "captain"))
    assert any(isinstance(e, Engaged) for e in events)
    havers, captain = board.characters["havers"], board.characters["captain"]
    assert board.gap(havers, captain) <= 1
    assert "captain" in havers.engaged and "havers" in captain.engaged


def test_3_7_engaged_characters_fight_or_withdraw() -> None:
    """5.56mm 3.7: while in hand to hand he cannot shoot; moving away is a withdrawal
    roll (3.73: D6 + Movement against D6 + the enemy's Strength)."""
    state, board = _two("havers", "captain")
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 29, facing=90)
    havers, captain = board.characters["havers"], board.characters["captain"]
    havers.engaged, captain.engaged = ["captain"], ["havers"]
    give_go(board, "havers")
    see(board, "havers", "captain", 1.0)
    assert "hand to hand" in (state.why_not(Fire("havers", "m4", "captain")) or "")
    load_dice(board, 1, 6)  # captain 1 + 1 = 2; havers 6 + 0: escapes
    events = state.apply(Move("havers", to_point(30, 33)))
    assert [e.escaped for e in events if isinstance(e, Withdrew)] == [True]
    assert havers.engaged == [] and "havers" not in captain.engaged


def test_3_73_failing_by_3_he_is_caught_and_hit() -> None:
    state, board = _two("havers", "captain")
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 29, facing=90)
    havers, captain = board.characters["havers"], board.characters["captain"]
    havers.engaged, captain.engaged = ["captain"], ["havers"]
    give_go(board, "havers")
    load_dice(board, 6, 2, 1, 6)  # 7 vs 2: -5; damage 1 + 1 vs 6 + 1: unhurt
    events = state.apply(Move("havers", to_point(30, 33)))
    assert [e.escaped for e in events if isinstance(e, Withdrew)] == [False]
    assert havers.pos == to_point(30, 30) and havers.engaged == ["captain"]


def test_3_2_a_grenade_on_target_catches_everyone_within_3_inches() -> None:
    """5.56mm 3.2/7.81: thrown with Strength against the point's range TN; a frag
    grenade wounds everyone within 3" (D6+6 / D6+4 / D6+2)."""
    state, board = _two("kay", "captain")
    place(board, "kay", 30, 30, facing=270)
    place(board, "captain", 30, 25, facing=90)
    board.deck.gone = ["captain"]  # he has had his go: he cannot throw it back
    give_go(board, "kay")
    target = to_point(30, 25)
    assert state.why_not(Throw("kay", "frag", target)) is None
    assert "no stun" in (state.why_not(Throw("kay", "stun", target)) or "")
    load_dice(board, 6, 6, 1)  # the throw hits its point; 6+6 against 1+1: dead
    events = state.apply(Throw("kay", "frag", target))
    landed = [e for e in events if isinstance(e, GrenadeLanded)]
    assert landed and landed[0].landed == target and landed[0].scatter == ""
    assert board.characters["captain"].status is Status.DEAD


def test_3_26_a_missed_throw_scatters() -> None:
    """5.56mm 3.26/3.27: missing by 1 the grenade goes D3" (D6 5: 3"), here 45 degrees
    to the right (D6 5)."""
    state, board = _two("kay", "captain")
    place(board, "kay", 30, 30, facing=270)
    place(board, "captain", 20, 10)
    give_go(board, "kay")
    load_dice(board, 2, 5, 5)  # Long range (7.5" to the point): TN 5, 2 + 0 = -3
    events = state.apply(Throw("kay", "frag", to_point(30, 22)))
    landed = [e for e in events if isinstance(e, GrenadeLanded)][0]
    assert landed.landed != to_point(30, 22) and "right" in landed.scatter


def test_3_5_first_aid_holds_a_wound_off_for_d3_plus_1_turns() -> None:
    """5.56mm 3.5/3.51: D6 + Morale against the wound's TN (Serious 4); the wound is a
    level better until D3+1 turns have passed."""
    state, board = _two("havers", "alberto")
    place(board, "havers", 30, 30)
    place(board, "alberto", 31, 30)
    board.characters["alberto"].wounds = [Wound.SERIOUS]
    give_go(board, "havers")
    load_dice(board, 2, 1)  # 2 + Morale 2 = 4: healed to Minor; D3 of 1 = 1: two turns
    events = state.apply(FirstAid("havers", "alberto"))
    assert [e.success for e in events if isinstance(e, Treated)] == [True]
    alberto = board.characters["alberto"]
    assert alberto.wounds == [Wound.MINOR] and alberto.patched == [(0, 2, 2)]
    board.go = None
    board.deck.deck.draw_pile = []
    from game.rules.five_five_six.turn.flow import wounds_return

    wounds_return(board, alberto)
    assert alberto.wounds == [Wound.MINOR]
    events = wounds_return(board, alberto)
    assert alberto.wounds == [Wound.SERIOUS] and any(isinstance(e, WoundReturned) for e in events)


def test_4_4_treat_injury_needs_a_medic_and_lasts() -> None:
    """5.56mm 4.4/4.41: only a Medic treats (Critical TN 5); the wound stays better."""
    state, board = _two("rhine", "alberto")
    place(board, "rhine", 30, 30)
    place(board, "alberto", 31, 30)
    alberto = board.characters["alberto"]
    alberto.wounds = [Wound.CRITICAL]
    give_go(board, "rhine")
    assert state.why_not(TreatInjury("rhine", "alberto")) is None
    load_dice(board, 4)  # 4 + Morale 1 = 5
    state.apply(TreatInjury("rhine", "alberto"))
    assert alberto.wounds == [Wound.SERIOUS] and alberto.patched == []
    board.characters["havers"].status = Status.ACTIVE
    place(board, "havers", 29, 30)
    give_go(board, "havers")
    assert "Medic" in (state.why_not(TreatInjury("havers", "alberto")) or "")


def test_4_4_a_mortal_wound_treated_stops_the_dying() -> None:
    state, board = _two("rhine", "alberto")
    place(board, "rhine", 30, 30)
    place(board, "alberto", 31, 30)
    alberto = board.characters["alberto"]
    alberto.wounds, alberto.status, alberto.dying_in = [Wound.MORTAL], Status.INCAPACITATED, 2
    give_go(board, "rhine")
    load_dice(board, 5)  # 5 + 1 = 6 = TN
    state.apply(TreatInjury("rhine", "alberto"))
    assert alberto.wounds == [Wound.CRITICAL] and alberto.status is Status.ACTIVE


def test_5_01_the_mortally_wounded_die_when_their_time_runs_out() -> None:
    state, board = _two("havers", "alberto")
    alberto = board.characters["alberto"]
    alberto.wounds, alberto.status, alberto.dying_in = [Wound.MORTAL], Status.INCAPACITATED, 1
    board.go = None
    load_dice(board, 1, 1, 1, 1, 1, 1)
    end_turn(board)
    assert alberto.status is Status.DEAD


def test_4_5_carry_moves_a_critically_wounded_friend() -> None:
    """5.56mm 4.51/4.52: Carry a Critical friend: TN 2; beating it by 3 moves 6"."""
    state, board = _two("havers", "alberto")
    place(board, "havers", 30, 20)
    place(board, "alberto", 30, 19)
    board.characters["alberto"].wounds = [Wound.CRITICAL]
    give_go(board, "havers")
    board.deck.deck.draw_pile.remove("KC")  # Havers's card was drawn for this go
    stack(board, "6C")
    load_dice(board, 4)  # 4 + Strength 1 = 5: +3, 6"
    state.apply(Carry("havers", "alberto", to_point(30, 26)))
    havers, alberto = board.characters["havers"], board.characters["alberto"]
    assert havers.pos == to_point(30, 26) and board.gap(havers, alberto) <= 100
    assert havers.carrying


def test_3_6_covering_fire_shoots_at_an_enemy_acting_in_front() -> None:
    """5.56mm 3.6: the watcher may fire once at an enemy acting within his 90 degrees,
    before or after the enemy's actions, with +1 to the TN."""
    state, board = _two("havers", "captain")
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 20, facing=90)
    give_go(board, "havers")
    stack(board, "KH")
    state.apply(CoveringFire("havers"))
    assert board.go is not None and board.go.character == "captain"
    assert board.asking == ["havers"] and state.current_player() == 0
    assert state.why_not(Move("captain", to_point(30, 18))) is not None
    see(board, "havers", "captain", 1.0)
    load_dice(board, 1)
    events = state.apply(SnapFire("havers", "m4"))
    assert [e.target for e in events if isinstance(e, ShotFired)] == ["captain"]
    assert not board.characters["havers"].covering
    assert state.current_player() == 1


def test_3_6_the_watcher_may_hold_and_is_asked_again_after_the_next_action() -> None:
    state, board = _two("havers", "captain")
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 20, facing=90)
    give_go(board, "havers")
    stack(board, "KH")
    state.apply(CoveringFire("havers"))
    state.apply(HoldFire("havers"))
    assert board.asking == [] and state.current_player() == 1
    state.apply(Move("captain", to_point(30, 21)))
    assert board.asking == ["havers"]


def test_4_9_the_radio_calls_in_the_scenarios_help() -> None:
    """5.56mm 4.9: D6 + Morale (the leader's within 2") against the scenario's TN."""
    state, board = _two("kay", "captain")
    place(board, "kay", 30, 30)
    give_go(board, "captain")
    assert "no Patrol Radio" in (state.why_not(UseRadio("captain")) or "")
    give_go(board, "kay")
    assert state.why_not(UseRadio("kay")) is None
    radio = board.setting.scenario.radio
    assert radio is not None
    load_dice(board, 6)
    events = state.apply(UseRadio("kay"))
    assert [e.success for e in events if isinstance(e, RadioCalled)] == [radio.tn <= 6]
    arrived = {e.character for e in events if isinstance(e, Arrived)}
    assert set(radio.characters) <= arrived
    assert all(board.characters[c].status is Status.ACTIVE for c in radio.characters)
    assert board.radio_used


def _live_grenade(seed: int = 33):  # type: ignore[no-untyped-def]
    """Kay throws a frag on target at the captain, whose card is still to come."""
    state, board = _two("kay", "captain", seed=seed)
    place(board, "kay", 30, 30, facing=270)
    place(board, "captain", 30, 25, facing=90)
    board.deck.gone = ["kay"]
    give_go(board, "kay")
    load_dice(board, 6)
    state.apply(Throw("kay", "frag", to_point(30, 25)))
    return state, board


def test_3_2_a_grenade_within_1_inch_may_be_thrown_back() -> None:
    """5.56mm 3.2: a character within 1" who has not had his go may grab it (Morale
    TN 4) and throw it at Medium range or less; his next go is a single action."""
    state, board = _live_grenade()
    assert board.live is not None and board.live.grabbers == ["captain"]
    assert state.current_player() == 1
    assert "Medium range or less" in (state.why_not(ThrowBack("captain", to_point(30, 33))) or "")
    load_dice(board, 3, 4, 6, 1)  # grab 3 + 1 = 4; throw 4 + 1 vs Short 3; Kay 6+6 vs 1
    events = state.apply(ThrowBack("captain", to_point(30, 29)))
    landed = [e for e in events if isinstance(e, GrenadeLanded)][-1]
    assert landed.landed == to_point(30, 29)
    assert board.characters["kay"].status is Status.DEAD
    assert board.characters["captain"].threw_back


def test_3_2_failing_to_grab_it_it_goes_off_in_his_hand() -> None:
    state, board = _live_grenade()
    load_dice(board, 1, 1, 6)  # grab 1 + 1 < 4; in his hand: 1 + 6 ... vs 6 + 1
    events = state.apply(ThrowBack("captain", to_point(30, 29)))
    landed = [e for e in events if isinstance(e, GrenadeLanded)][-1]
    assert landed.landed == board.characters["captain"].pos
    assert "in his hand" in landed.scatter


def test_3_2_left_alone_it_goes_off_where_it_lies_and_held_on_nobody_can_grab_it() -> None:
    state, board = _live_grenade()
    load_dice(board, 6, 6)
    state.apply(LetLie("captain"))
    assert board.live is None
    state2, board2 = _two("kay", "captain", seed=34)
    place(board2, "kay", 30, 30, facing=270)
    place(board2, "captain", 30, 25, facing=90)
    board2.deck.gone = ["kay"]
    give_go(board2, "kay")
    load_dice(board2, 6, 6, 6)
    state2.apply(Throw("kay", "frag", to_point(30, 25), True))
    assert board2.live is None


def test_7_87_white_phosphorus_burns_again_next_turn_unless_treated() -> None:
    """5.56mm 7.86/7.87: burnt and not treated that turn, he rolls again when his card
    is next drawn (at 0.5" from it: D6+2, no body armour)."""
    from game.rules.five_five_six.turn.deck import Drawn
    from game.rules.five_five_six.turn.flow import begin_go

    state, board = _two("havers", "captain")
    havers = board.characters["havers"]
    havers.burning = ("white_phosphorus", 0.5, board.turn)
    board.turn += 1
    load_dice(board, 6, 1)  # 6 + 2 against 1 + 1: -6, dead
    begin_go(board, havers, Drawn("KC", 0, "havers"))
    assert havers.status is Status.DEAD and havers.burning is None


def test_3_72_a_defender_behind_a_wall_gets_plus_1() -> None:
    from game.rules.five_five_six.combat.melee_play import behind_obstacle

    state, board = _two("havers", "captain")
    place(board, "havers", 5, 16.9)
    place(board, "captain", 5, 18.1)  # the Yard wall runs between them at 17.5"
    assert behind_obstacle(board, board.characters["havers"], board.characters["captain"])
    place(board, "captain", 3.9, 16.9)
    assert not behind_obstacle(board, board.characters["havers"], board.characters["captain"])


def _on_the_wrecks(version: str = "2"):  # type: ignore[no-untyped-def]
    from five_five_six_support import only as keep

    from game.rules.five_five_six.ruleset import FiveFiveSix

    state = FiveFiveSix().new_game(31, {"scenario": "crash_site"}, version)
    board = state.board
    keep(board, "havers", "captain")
    place(board, "havers", 19.5, 29.75, facing=90)  # on the Car wrecks (rocks, 2" high)
    place(board, "captain", 19.5, 31.3, facing=270)
    return state, board


def test_3_71_3_72_higher_ground_in_hand_to_hand() -> None:
    """5.56mm 3.71: +1 to the attacker's roll from higher ground; 3.72: +1 to the
    defender's on higher ground. Havers stands on the car wrecks (climbed onto: 2"
    up), the militia captain on the street below."""
    from game.rules.five_five_six.checks import Modifier
    from game.rules.five_five_six.combat.melee_play import attack_contest
    from game.rules.five_five_six.terrain.ground import level_at

    _, board = _on_the_wrecks()
    havers, captain = board.characters["havers"], board.characters["captain"]
    assert level_at(board, havers.pos) == 2.0 and level_at(board, captain.pos) == 0.0
    down = attack_contest(board, havers, captain, charged=False)
    assert Modifier("Higher ground", 1) in down.bonuses
    assert Modifier("Higher ground", 1) not in down.tn_bonuses
    up = attack_contest(board, captain, havers, charged=False)
    assert Modifier("Higher ground", 1) in up.tn_bonuses
    assert Modifier("Higher ground", 1) not in up.bonuses
    place(board, "havers", 19.5, 32.8)  # both on the street: nobody is higher
    level = attack_contest(board, havers, captain, charged=False)
    assert all(m.name != "Higher ground" for m in (*level.bonuses, *level.tn_bonuses))


def test_3_71_higher_ground_counts_only_from_rules_version_2() -> None:
    """Rules version 1 (its saves replay by it) had no higher ground."""
    from game.rules.five_five_six.combat.melee_play import attack_contest

    _, board = _on_the_wrecks("1")
    havers, captain = board.characters["havers"], board.characters["captain"]
    contest = attack_contest(board, havers, captain, charged=False)
    assert all(m.name != "Higher ground" for m in (*contest.bonuses, *contest.tn_bonuses))


def test_3_71_a_pieces_elevation_in_property_raises_the_ground_and_is_checked() -> None:
    """A map piece's ``elevation_in`` (a hillock, a roof) sets the level of anyone
    standing on it; a value that is not inches is a map error naming the object."""
    from dataclasses import replace

    import pytest

    from game.core.errors import MapError
    from game.maps.tabletop_geometry import TableGeometry
    from game.rules.five_five_six.board import Setting, check_grounds
    from game.rules.five_five_six.terrain.ground import level_at

    _, board = _on_the_wrecks()
    table = board.setting.table
    heap = next(p for p in table.pieces if p.name == "Rubble heap")  # 22-26", 22.5-26"
    raised = replace(heap, properties={**heap.properties, "elevation_in": 1.5})
    hill = replace(table, pieces=tuple(raised if p is heap else p for p in table.pieces))
    board.setting = Setting(board.setting.scenario, hill, TableGeometry(hill))
    assert level_at(board, to_point(24, 24)) == 1.5
    assert level_at(board, to_point(10, 24)) == 0.0
    bad = replace(heap, properties={**heap.properties, "elevation_in": "high"})
    broken = replace(table, pieces=tuple(bad if p is heap else p for p in table.pieces))
    with pytest.raises(MapError, match="Rubble heap.*elevation_in='high'.*inches"):
        check_grounds(broken)


def test_4_5_two_carriers_move_their_man_6_inches_without_a_roll() -> None:
    """5.56mm 4.5: "if two characters perform this action on a wounded companion then
    they automatically move 6"": Havers and Rhine carry the critically wounded Alberto
    6" with no roll; Rhine's go this turn is spent on it (Interpretation S28)."""
    from game.core.api import DieRolled
    from game.rules.five_five_six.events import CannotAct, Carried

    state, board = _two("havers", "alberto")
    place(board, "rhine", 31, 19)
    place(board, "havers", 30, 20)
    place(board, "alberto", 30, 19)
    board.characters["alberto"].wounds = [Wound.CRITICAL]
    give_go(board, "havers")
    board.deck.gone = ["havers"]
    stack(board, "3C", "6C")  # Rhine's card comes up next
    action = Carry("havers", "alberto", to_point(30, 26), "rhine")
    assert state.why_not(action) is None
    assert action.to_str() == "carry havers alberto 30,26 with rhine"
    events = state.apply(action)
    assert not [e for e in events if isinstance(e, DieRolled) and "carries" in e.purpose]
    carried = [e for e in events if isinstance(e, Carried)][0]
    assert carried.length == 600 and "Rhine" in carried.text()
    havers, alberto, rhine = (board.characters[c] for c in ("havers", "alberto", "rhine"))
    assert havers.pos == to_point(30, 26)
    assert board.gap(havers, alberto) <= 100 and board.gap(rhine, alberto) <= 100
    assert rhine.carry_turn == board.turn
    passed = [e for e in events if isinstance(e, CannotAct) and e.character == "rhine"]
    assert passed and passed[0].why == "his go went on a Carry"


def test_4_5_the_second_carrier_must_be_next_to_him_and_not_yet_have_had_his_go() -> None:
    """5.56mm 4.5: the second carrier is a friend next to the wounded man whose card has
    not come up this turn; rules version 1 had no second carrier."""
    from game.rules.five_five_six.ruleset import FiveFiveSix

    state, board = _two("havers", "alberto")
    place(board, "rhine", 31, 19)
    place(board, "havers", 30, 20)
    place(board, "alberto", 30, 19)
    board.characters["alberto"].wounds = [Wound.MORTAL]
    give_go(board, "havers")
    action = Carry("havers", "alberto", to_point(30, 26), "rhine")
    board.deck.gone = ["havers", "rhine"]
    assert "had his go" in (state.why_not(action) or "")
    board.deck.gone = ["havers"]
    place(board, "rhine", 34, 19)
    assert "not next to" in (state.why_not(action) or "")
    old = FiveFiveSix().new_game(31, {"scenario": "crash_site"}, "1")
    for c in ("havers", "alberto", "rhine"):
        old.board.characters[c].pos = board.characters[c].pos
    old.board.characters["alberto"].wounds = [Wound.MORTAL]
    place(old.board, "rhine", 31, 19)
    give_go(old.board, "havers")
    old.board.deck.gone = ["havers"]
    assert "version" in (old.why_not(action) or "")


def test_4_5_the_man_carried_does_nothing_else_that_turn() -> None:
    """5.56mm 4.5: "neither can perform any other action": a critically wounded man
    carried before his card comes up has no go that turn (rules version 2)."""
    from game.rules.five_five_six.events import CannotAct

    state, board = _two("havers", "alberto")
    place(board, "havers", 30, 20)
    place(board, "alberto", 30, 19)
    board.characters["alberto"].wounds = [Wound.CRITICAL]
    give_go(board, "havers")
    board.deck.gone = ["havers"]
    stack(board, "6C")  # Alberto's card comes up next
    load_dice(board, 4)
    events = state.apply(Carry("havers", "alberto", to_point(30, 26)))
    passed = [e for e in events if isinstance(e, CannotAct) and e.character == "alberto"]
    assert passed and passed[0].why == "his go went on a Carry"


def test_3_7_an_enemy_beyond_two_moves_is_reached_by_a_sprint() -> None:
    """5.56mm 3.7: "further than 4" away he may do so either by taking two Move actions,
    or by using the Sprint special action": 11" away (beyond two Moves and 1"), a Sprint
    of 4" + 6 reaches him: both are in hand to hand, no attack roll; a Sprint of 4" + 2
    falls short (rules version 2; S32)."""
    from game.core.api import DieRolled
    from game.rules.five_five_six.ruleset import FiveFiveSix

    state, board = _two("havers", "captain")
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 18, facing=90)
    give_go(board, "havers")
    board.deck.deck.draw_pile.remove("KC")  # Havers's card was drawn for this go
    assert state.why_not(Engage("havers", "captain")) is None
    load_dice(board, 6)
    events = state.apply(Engage("havers", "captain"))
    assert "captain" in board.characters["havers"].engaged
    assert [e.purpose for e in events if isinstance(e, DieRolled)] == ["sprints"]
    assert board.characters["havers"].sprinting

    state, board = _two("havers", "captain")
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 18, facing=90)
    give_go(board, "havers")
    load_dice(board, 2)
    state.apply(Engage("havers", "captain"))
    assert board.characters["havers"].engaged == []
    assert board.characters["havers"].pos == to_point(30, 24)

    old = FiveFiveSix().new_game(31, {"scenario": "crash_site"}, "1")
    only(old.board, "havers", "captain")
    place(old.board, "havers", 30, 30, facing=270)
    place(old.board, "captain", 30, 18, facing=90)
    give_go(old.board, "havers")
    assert "too far" in (old.why_not(Engage("havers", "captain")) or "")
