"""Tunnel Rats rules, one test per rule (tiny levels built in code, scripted dice)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from test_tunnel_rats_support import (
    CORRIDOR,
    ScriptedRng,
    corridor_state,
    die,
    make_level,
    make_state,
    put,
)

from game.core.api import DieRolled, Tone
from game.core.errors import IllegalAction, InvalidAction
from game.core.rng import Rng
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats import combat
from game.rules.tunnel_rats.actions import (
    ChangeStance,
    Dress,
    Enter,
    Forfeit,
    Melee,
    Move,
    Reload,
    Search,
    Shoot,
    parse_action,
)
from game.rules.tunnel_rats.data import (
    EnemySpec,
    Stance,
    Victory,
    character_deck,
    gun_deck,
    load_enemy_tables,
    load_rules_numbers,
)
from game.rules.tunnel_rats.events import (
    DEFENDERS,
    RATS,
    Dressed,
    EntranceFound,
    GameEnded,
    Reinforcement,
    RoundStarted,
    ShotRolled,
    Wounded,
)
from game.rules.tunnel_rats.umpire import end_round, start_round

RULES = load_rules_numbers()
TABLES = load_enemy_tables()


def moves_of(st, fid: str, stance: Stance) -> set[tuple[int, int]]:
    return {
        a.cell
        for a in st.legal_actions()
        if isinstance(a, Move) and a.figure == fid and a.stance is stance
    }


def rolls(events) -> list[DieRolled]:
    return [e for e in events if isinstance(e, DieRolled)]


# -- combat equipment ----


def test_tr_equipment_every_rat_draws_a_character_and_a_gun_card_and_basic_kit() -> None:
    """Combat equipment: each rat gets a character card and a gun card drawn at random,
    and always carries flashlight, ammunition, knife and one field dressing."""
    seen_chars, seen_guns = set(), set()
    for seed in range(12):
        st = corridor_state(seed=seed, rats=3)
        for rat in st.rats.values():
            assert rat.character in character_deck() and rat.gun in gun_deck()
            assert rat.fafd and rat.loaded == rat.gun_card.shots
            assert rat.spare == RULES.spare_rounds
            seen_chars.add(rat.character)
            seen_guns.add(rat.gun)
    assert len(seen_chars) > 3 and len(seen_guns) > 3  # the deal really is random


# -- action points ----


def test_tr_action_points_two_average_dice_give_both_sides_4_to_10() -> None:
    """Action points: the rats throw two average dice (2,3,3,4,4,5) each round; both
    sides get the total, so 4 to 10."""
    st = corridor_state()
    st.rng = ScriptedRng([0, 5, die(1)])  # faces 2 and 5, then the umpire's trap die
    events = start_round(st)
    assert st.points == [7, 7] and st.to_act == RATS
    dice = rolls(events)[0]
    assert dice.die == "2 average dice" and dice.faces == (2, 5)
    totals = set()
    for seed in range(40):
        s = corridor_state(seed=seed)
        assert s.points[0] == s.points[1]
        totals.add(s.points[0])
    assert totals <= set(range(4, 11)) and len(totals) >= 4


def test_tr_action_points_are_spent_alternately_rats_first_until_all_are_gone() -> None:
    """Action points: sides spend one point at a time alternately, the rats first; a
    forfeit spends a point; the round ends when both sides have spent all of them."""
    st = corridor_state()
    n = st.points[0]
    order = []
    for _ in range(2 * n - 1):
        order.append(st.current_player())
        st.apply(Forfeit())
    assert order == [RATS, DEFENDERS] * (n - 1) + [RATS]
    assert st.points == [0, 1] and st.round == 1
    st.apply(Forfeit())
    assert st.round == 2 and st.points[0] == st.points[1] > 0 and st.to_act == RATS


def test_tr_action_points_every_action_costs_one_point() -> None:
    """Action points: every action (move, shoot, close combat, search, dress, reload)
    costs one point."""
    st = corridor_state()
    before = st.points[RATS]
    st.apply(Move("r1", Stance.CROUCHING, (3, 1)))
    assert st.points[RATS] == before - 1


# -- movement ----


def test_tr_movement_reach_by_stance_running_6_crouching_4_crawling_2() -> None:
    """Movement: running 6", crouching 4", crawling 2", measured along the tunnel."""
    st = corridor_state()
    assert max(x for x, _ in moves_of(st, "r1", Stance.RUNNING)) == 7
    assert max(x for x, _ in moves_of(st, "r1", Stance.CROUCHING)) == 5
    assert max(x for x, _ in moves_of(st, "r1", Stance.CRAWLING)) == 3


def test_tr_movement_crawlway_only_allows_crawling() -> None:
    """Movement: terrain may cap the stance; a crawlway is entered only crawling."""
    lv = make_level(["#######", "#..ccc#", "#######"])
    st = make_state([lv])
    assert (3, 1) not in moves_of(st, "r1", Stance.RUNNING)
    assert (3, 1) not in moves_of(st, "r1", Stance.CROUCHING)
    assert (3, 1) in moves_of(st, "r1", Stance.CRAWLING)
    assert (2, 1) in moves_of(st, "r1", Stance.RUNNING)


def test_tr_movement_water_trap_costs_double() -> None:
    """Movement: a water trap counts every inch twice (and only crawling)."""
    lv = make_level(["#######", "#.ww..#", "#######"])
    st = make_state([lv])
    assert moves_of(st, "r1", Stance.CRAWLING) == {(2, 1)}


def test_tr_movement_wounds_forbid_running_then_crouching() -> None:
    """Wounds: a yellow wound forbids running, a red wound forbids crouching too."""
    st = corridor_state()
    put(st, "r1", wounds=WoundLevel.YELLOW)
    assert not moves_of(st, "r1", Stance.RUNNING) and moves_of(st, "r1", Stance.CROUCHING)
    assert ChangeStance("r1", Stance.RUNNING) not in st.legal_actions()
    put(st, "r1", wounds=WoundLevel.RED, stance=Stance.CRAWLING)
    assert not moves_of(st, "r1", Stance.CROUCHING) and moves_of(st, "r1", Stance.CRAWLING)
    with pytest.raises(IllegalAction, match="crouching while wounded red: Tunnel Rats, Wounds"):
        st.apply(Move("r1", Stance.CROUCHING, (3, 1)))


def test_tr_movement_a_move_sets_the_stance_and_changing_stance_alone_costs_a_point() -> None:
    """Movement (our decision): a move names the stance the figure moves and ends in, at
    no extra cost; changing stance without moving is an action of its own."""
    st = corridor_state()
    st.apply(Move("r1", Stance.CRAWLING, (2, 1)))
    assert st.rats["r1"].stance is Stance.CRAWLING
    st.apply(Forfeit())
    points = st.points[RATS]
    st.apply(ChangeStance("r1", Stance.RUNNING))
    assert st.rats["r1"].stance is Stance.RUNNING and st.points[RATS] == points - 1


def test_tr_movement_a_wound_drops_the_stance_at_once() -> None:
    """Wounds: a running rat who takes a yellow wound drops to crouching at once."""
    from game.rules.tunnel_rats.resolve import wound_rat

    st = corridor_state()
    put(st, "r1", stance=Stance.RUNNING)
    wound_rat(st, "r1", "test")
    assert st.rats["r1"].stance is Stance.CROUCHING


def test_tr_movement_a_hidden_enemy_in_the_way_stops_the_move() -> None:
    """Movement (our decision): nobody walks through figures; a rat who runs into a
    defender he could not see stops in the cell before him and is spotted."""
    lv = make_level(
        ["#########", "#.......#", "####.####", "####.####", "#########"],
        deployment={"rats": ((4, 3),), "defenders": ((6, 1),)},
    )
    st = make_state([lv])
    assert st.view(RATS).enemies == ()  # round the corner
    assert (7, 1) in moves_of(st, "r1", Stance.RUNNING)
    events = st.apply(Move("r1", Stance.RUNNING, (7, 1)))
    assert st.rats["r1"].cell == (5, 1) and st.rats["r1"].spotted
    assert any(getattr(e, "by", "") == "v1" for e in events)
    st.apply(Forfeit())
    assert (7, 1) not in moves_of(st, "r1", Stance.RUNNING)  # now he blocks the way


# -- rats firing ----


def shooting_state(**kwargs: object):
    st = corridor_state((6, 1), **kwargs)
    put(st, "r1", character="grunt", gun="m10", spotted=True)  # firing 4, accuracy 3, power 4
    return st


def test_tr_firing_worked_numbers_hit_on_8_wound_on_11() -> None:
    """Rats firing: Firing 4 + Accuracy 3 + D20 must total 15 to hit (8+), then
    Power 4 + D20 must total 15 to wound (11+)."""
    st = shooting_state()
    st.rng = ScriptedRng([die(8), die(11)])
    events = st.apply(Shoot("r1", "v1"))
    hit, wound = rolls(events)
    assert hit.faces == (8,) and hit.modifiers == (("firing", 4), ("accuracy", 3))
    assert hit.total == 15 and hit.target == 15 and hit.success
    assert wound.modifiers == (("power", 4),) and wound.success
    assert st.enemies["v1"].wounds is WoundLevel.YELLOW
    st2 = shooting_state()
    st2.rng = ScriptedRng([die(7)])
    (miss,) = rolls(st2.apply(Shoot("r1", "v1")))
    assert miss.total == 14 and not miss.success
    assert st2.enemies["v1"].wounds is WoundLevel.NONE


def test_tr_firing_a_hit_that_fails_to_wound_does_nothing() -> None:
    """Rats firing: a hit only wounds when Power + D20 reaches 15."""
    st = shooting_state()
    st.rng = ScriptedRng([die(20), die(10)])
    st.apply(Shoot("r1", "v1"))
    assert st.enemies["v1"].wounds is WoundLevel.NONE


def test_tr_firing_wound_penalty_lowers_the_shot() -> None:
    """Wounds: yellow -1 firing, red -2 firing."""
    st = shooting_state()
    put(st, "r1", wounds=WoundLevel.RED, stance=Stance.CRAWLING)
    st.rng = ScriptedRng([die(9)])
    (hit,) = rolls(st.apply(Shoot("r1", "v1")))
    assert ("red wound", -2) in hit.modifiers and hit.total == 14 and not hit.success


def test_tr_firing_only_at_enemies_in_sight() -> None:
    """Rats firing: only at visible enemies, in line of sight (and flashlight reach)."""
    lv = make_level(
        ["#########", "#.......#", "####.####", "####.####", "#########"],
        deployment={"rats": ((1, 1),), "defenders": ((4, 3),)},
    )
    st = make_state([lv])
    assert not [a for a in st.legal_actions() if isinstance(a, Shoot)]
    put(st, "r1", cell=(4, 1))
    assert Shoot("r1", "v1") in st.legal_actions()
    far = corridor_state((12, 1))  # 11 inches: beyond the flashlight's 8
    assert not [a for a in far.legal_actions() if isinstance(a, Shoot)]


def test_tr_firing_uses_ammunition_and_adds_noise() -> None:
    """Rats firing: each shot uses a round and adds the gun's noise to the level."""
    st = shooting_state()
    st.rng = ScriptedRng([die(1)])
    st.apply(Shoot("r1", "v1"))
    assert st.rats["r1"].loaded == 5 and st.noise[0] == 4
    put(st, "r1", loaded=0)
    st.to_act = RATS
    assert Shoot("r1", "v1") not in st.legal_actions()


def test_tr_reloading_revolver_any_time_automatic_only_when_empty() -> None:
    """Reloading: costs a point; a revolver may reload before it is empty, an
    automatic may not."""
    st = shooting_state()
    put(st, "r1", loaded=6)
    assert Reload("r1") not in st.legal_actions()  # full
    put(st, "r1", loaded=3)
    assert Reload("r1") in st.legal_actions()
    st.apply(Reload("r1"))
    assert st.rats["r1"].loaded == 6 and st.rats["r1"].spare == RULES.spare_rounds - 3
    auto = shooting_state()
    put(auto, "r1", gun="m1911", loaded=3)
    assert Reload("r1") not in auto.legal_actions()
    put(auto, "r1", loaded=0, spare=4)
    auto.apply(Reload("r1"))
    assert auto.rats["r1"].loaded == 4 and auto.rats["r1"].spare == 0


# -- wounds and dressing ----


def test_tr_wounds_yellow_then_red_third_wound_kills() -> None:
    """Wounds: first wound yellow, second red, the third kills (rats and defenders)."""
    from game.rules.tunnel_rats.resolve import wound_enemy, wound_rat

    st = corridor_state()
    levels = []
    for _ in range(3):
        wound_rat(st, "r1", "test")
        wound_enemy(st, "v1", "test")
        levels.append((st.rats["r1"].wounds, st.enemies["v1"].wounds))
    assert [a for a, _ in levels] == [WoundLevel.YELLOW, WoundLevel.RED, WoundLevel.DEAD]
    assert [b for _, b in levels] == [WoundLevel.YELLOW, WoundLevel.RED, WoundLevel.DEAD]


def test_tr_wounds_dead_figures_never_act() -> None:
    """Wounds: a killed figure is out of the game."""
    st = corridor_state()
    put(st, "r1", wounds=WoundLevel.DEAD)
    assert all(getattr(a, "figure", None) != "r1" for a in st.legal_actions())


def test_tr_wounds_penalty_table() -> None:
    """Wounds table: yellow: no running, -1 firing, -2 close combat, -1 awareness;
    red: no crouching, -2 firing, -4 close combat, -3 awareness."""
    y, r = RULES.wound_effects.yellow, RULES.wound_effects.red
    assert (y.max_stance, y.firing, y.close_combat, y.awareness) == (
        Stance.CROUCHING,
        -1,
        -2,
        -1,
    )
    assert (r.max_stance, r.firing, r.close_combat, r.awareness) == (Stance.CRAWLING, -2, -4, -3)


def test_tr_dressing_own_fafd_turns_red_to_yellow_and_yellow_to_unhurt() -> None:
    """Dressing wounds: a rat can always dress his own wounds with his field dressing;
    red becomes yellow (rule), yellow becomes unhurt (our decision); the dressing is
    used up."""
    st = corridor_state()
    put(st, "r1", wounds=WoundLevel.RED, stance=Stance.CRAWLING)
    assert Dress("r1", "r1", False) not in st.legal_actions()  # no point-only self-help
    st.apply(Dress("r1", "r1", True))
    assert st.rats["r1"].wounds is WoundLevel.YELLOW and not st.rats["r1"].fafd
    st2 = corridor_state()
    put(st2, "r1", wounds=WoundLevel.YELLOW)
    st2.apply(Dress("r1", "r1", True))
    assert st2.rats["r1"].wounds is WoundLevel.NONE


def test_tr_dressing_a_comrade_with_fafd_or_a_point() -> None:
    """Dressing wounds: "a Tunnel Rat can always dress a comrade's wounds by applying
    either his own FAFD or spending an action point" (Interpretation 7, rules version 3):
    the point alone does what a dressing does, red to yellow and yellow to unhurt, and
    keeps the dressing; only a comrade within 1" can be dressed."""
    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1), (2, 1)), "defenders": ((12, 1),)})
    st = make_state([lv], rats=2)
    put(st, "r2", wounds=WoundLevel.RED, stance=Stance.CRAWLING)
    legal = st.legal_actions()
    assert Dress("r1", "r2", False) in legal and Dress("r1", "r2", True) in legal
    st.apply(Dress("r1", "r2", False))
    assert st.rats["r2"].wounds is WoundLevel.YELLOW and st.rats["r1"].fafd
    st.apply(Forfeit())
    assert Dress("r1", "r2", False) in st.legal_actions()  # yellow: the point heals it too
    st.apply(Dress("r1", "r2", False))
    assert st.rats["r2"].wounds is WoundLevel.NONE and st.rats["r1"].fafd
    st.apply(Forfeit())
    put(st, "r2", wounds=WoundLevel.YELLOW, cell=(5, 1))
    assert not any(isinstance(a, Dress) and a.figure == "r1" for a in st.legal_actions())


def test_tr_a_rat_dresses_himself_only_with_his_dressing() -> None:
    """Dressing wounds: "a Tunnel Rat can always dress his own wounds by applying his
    FAFD": on himself a point alone is no treatment (Interpretation 7)."""
    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1), (2, 1)), "defenders": ((12, 1),)})
    st = make_state([lv], rats=2)
    put(st, "r1", wounds=WoundLevel.YELLOW)
    legal = st.legal_actions()
    assert Dress("r1", "r1", True) in legal and Dress("r1", "r1", False) not in legal
    put(st, "r1", fafd=False)
    legal = st.legal_actions()
    assert not any(isinstance(a, Dress) and a.figure == "r1" for a in legal)
    assert Dress("r2", "r1", False) in legal  # a comrade still can, with a point


def test_tr_rules_version_2_point_dresses_only_a_red_wound() -> None:
    """Games of rules version 2 keep their rule: a point without a dressing only turns a
    comrade's red wound yellow (Interpretation 7, as it read before version 3)."""
    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1), (2, 1)), "defenders": ((12, 1),)})
    st = make_state([lv], rats=2)
    st.edition = 2
    put(st, "r2", wounds=WoundLevel.RED, stance=Stance.CRAWLING)
    st.apply(Dress("r1", "r2", False))
    assert st.rats["r2"].wounds is WoundLevel.YELLOW
    st.apply(Forfeit())
    assert Dress("r1", "r2", False) not in st.legal_actions()
    assert Dress("r1", "r2", True) in st.legal_actions()


# -- close combat ----


def melee_state(weapon: str = "rifle"):
    st = corridor_state((2, 1), enemies=[EnemySpec(side="vc", weapon=weapon)])
    put(st, "r1", character="grunt", spotted=True)  # close combat 4: needs 11
    return st


def test_tr_close_combat_only_within_one_inch() -> None:
    """Close combat: a rat must be within 1" of the enemy."""
    st = melee_state()
    assert Melee("r1", "v1") in st.legal_actions()
    put(st, "v1", cell=(4, 1))
    assert Melee("r1", "v1") not in st.legal_actions()


def test_tr_close_combat_attacker_strikes_first_and_wins_on_11() -> None:
    """Close combat round (our definition): the attacker strikes first; Close Combat 4 +
    D20 >= 15 wounds the enemy and ends the round."""
    st = melee_state()
    st.rng = ScriptedRng([die(11)])
    (roll,) = rolls(st.apply(Melee("r1", "v1")))
    assert roll.total == 15 and roll.success
    assert st.enemies["v1"].wounds is WoundLevel.YELLOW
    assert st.rats["r1"].wounds is WoundLevel.NONE


def test_tr_close_combat_failed_attack_lets_the_defender_strike_back() -> None:
    """Close combat round: if the attacker fails, the defender strikes once with the D6
    table (VC rifle against a crouching rat: 5+); the loser takes a wound, no save."""
    st = melee_state()
    st.rng = ScriptedRng([die(10), die(5)])
    first, back = rolls(st.apply(Melee("r1", "v1")))
    assert not first.success and back.die == "D6" and back.target == 5 and back.success
    assert st.rats["r1"].wounds is WoundLevel.YELLOW
    st2 = melee_state()
    st2.rng = ScriptedRng([die(10), die(4)])
    st2.apply(Melee("r1", "v1"))
    assert st2.rats["r1"].wounds is WoundLevel.NONE
    assert st2.enemies["v1"].wounds is WoundLevel.NONE


def test_tr_close_combat_no_strike_back_where_the_table_says_na() -> None:
    """Defenders' table: a VC with a pistol cannot hit a crawling rat (N/A), in close
    combat either."""
    st = melee_state("pistol")
    put(st, "r1", stance=Stance.CRAWLING)
    st.rng = ScriptedRng([die(2)])
    assert len(rolls(st.apply(Melee("r1", "v1")))) == 1
    assert st.rats["r1"].wounds is WoundLevel.NONE
    st.to_act = DEFENDERS
    acts = st.legal_actions()
    assert Melee("v1", "r1") not in acts and Shoot("v1", "r1") not in acts


def test_tr_close_combat_defender_attacks_with_the_table_then_the_rat_strikes_back() -> None:
    """Close combat round started by a defender: his D6 first, then the rat's D20."""
    st = melee_state()
    st.to_act = DEFENDERS
    st.rng = ScriptedRng([die(4), die(11)])
    first, back = rolls(st.apply(Melee("v1", "r1")))
    assert first.die == "D6" and not first.success and back.die == "D20" and back.success
    assert st.enemies["v1"].wounds is WoundLevel.YELLOW


# -- defenders: spotting, firing, saves ----


def test_tr_spotting_table_nva_and_vc_by_stance() -> None:
    """Spotting: NVA need 6 / 4+ / 3+ on a D6 to spot a crawling / crouching / running
    rat; VC need 5 / 3+ / 2+."""
    assert [TABLES.spot("nva", s) for s in (Stance.CRAWLING, Stance.CROUCHING, Stance.RUNNING)] == [
        6,
        4,
        3,
    ]
    assert [TABLES.spot("vc", s) for s in (Stance.CRAWLING, Stance.CROUCHING, Stance.RUNNING)] == [
        5,
        3,
        2,
    ]


def test_tr_spotting_a_defender_in_sight_tests_once_until_someone_moves() -> None:
    """Spotting (our procedure): after each action a defender who sees an unspotted rat
    rolls once against the table; he rolls again only after one of them moves."""
    st = corridor_state((6, 1))
    put(st, "r1", spotted=False)
    st.rng = ScriptedRng([die(2)])  # VC vs crouching needs 3: not spotted
    events = st.apply(Forfeit())
    (roll,) = rolls(events)
    assert roll.target == 3 and not roll.success and roll.visible_to == frozenset({DEFENDERS})
    st.rng = ScriptedRng([])
    st.apply(Forfeit())  # nobody moved: no new test
    st.rng = ScriptedRng([die(3)])
    st.apply(ChangeStance("r1", Stance.RUNNING))
    # running: VC needs 2+; the scripted 3 spots him
    assert st.rats["r1"].spotted


def test_tr_spotting_needed_before_defenders_can_fire() -> None:
    """Spotting: only a spotted rat can be fired at."""
    st = corridor_state((6, 1))
    st.to_act = DEFENDERS
    put(st, "r1", spotted=False)
    assert Shoot("v1", "r1") not in st.legal_actions()
    put(st, "r1", spotted=True)
    assert Shoot("v1", "r1") in st.legal_actions()


def test_tr_defenders_fire_table_and_the_agility_save() -> None:
    """Defenders firing: D6 by attacker, weapon and target stance (VC rifle vs crouching
    5+); a hit rat avoids the wound by rolling less than his Agility on a D6."""
    for save_face, wounded in ((2, False), (3, True)):
        st = corridor_state((6, 1))
        put(st, "r1", character="grunt", spotted=True)  # agility 3
        st.to_act = DEFENDERS
        st.rng = ScriptedRng([die(5), die(save_face)])
        hit, save = rolls(st.apply(Shoot("v1", "r1")))
        assert hit.target == 5 and hit.success and save.success is (not wounded)
        assert (st.rats["r1"].wounds is WoundLevel.YELLOW) is wounded


def test_tr_a_shot_names_shooter_and_target_by_id_and_hides_an_unseen_shooter() -> None:
    """Structured events (issue 10 item 4): the to-hit roll of a shot is a ShotRolled with
    the shooter and target ids for the table; the rats' copy of a shot from a defender
    they cannot see names no shooter."""
    st = corridor_state((6, 1))
    put(st, "r1", spotted=True)
    st.to_act = DEFENDERS
    st.rng = ScriptedRng([die(1)])
    seen = "v1" in st.visible_enemy_ids()
    shots = [e for e in st.apply(Shoot("v1", "r1")) if isinstance(e, ShotRolled)]
    assert shots and all(e.shot_at == "r1" and e.tone is Tone.ROLL for e in shots)
    for e in shots:
        rats_see = e.visible_to is None or RATS in e.visible_to
        assert e.shooter == ("v1" if seen or not rats_see else None)
    st = shooting_state()
    shots = [e for e in st.apply(Shoot("r1", "v1")) if isinstance(e, ShotRolled)]
    assert [(e.shooter, e.shot_at, e.die) for e in shots] == [("r1", "v1", "D20")]


def test_tr_events_carry_tones_for_the_log() -> None:
    """Structured events: the log colours come from each event's tone."""
    assert RoundStarted.tone is Tone.TURN and GameEnded.tone is Tone.END
    assert Wounded.tone is Tone.BAD and Dressed.tone is Tone.GOOD
    assert EntranceFound.tone is Tone.GOOD and Reinforcement.tone is Tone.BAD


def test_tr_defenders_table_values() -> None:
    """Defenders' to-hit table, e.g. VC pistol 5/6/N-A and NVA assault rifle 2/3/4
    against running/crouching/crawling."""
    assert [TABLES.to_hit("vc", "pistol", s) for s in Stance] == [5, 6, None]
    assert [TABLES.to_hit("vc", "assault_rifle", s) for s in Stance] == [3, 4, 5]
    assert [TABLES.to_hit("nva", "assault_rifle", s) for s in Stance] == [2, 3, 4]
    assert [TABLES.to_hit("nva", "machine_pistol", s) for s in Stance] == [4, 5, 6]


# -- searching and booby traps ----


def test_tr_search_finds_an_entrance_within_two_inches_on_awareness_plus_d20() -> None:
    """Searching: an entrance within 2" is found with Awareness + D20 >= 15."""
    lv = make_level(
        CORRIDOR, entrance_cells=(("Hole", (3, 1), "", True), ("Far", (6, 1), "", True))
    )
    st = make_state([lv])
    put(st, "v1", cell=(12, 1))
    put(st, "r1", character="owl")  # awareness 7: needs 8
    st.rng = ScriptedRng([die(7)])
    st.apply(Search("r1"))
    assert st.found == frozenset()
    st.apply(Forfeit())
    st.rng = ScriptedRng([die(8)])
    st.apply(Search("r1"))
    assert st.found == frozenset({"e1"})  # e2 is 5" away


def test_tr_search_is_always_allowed_so_it_gives_nothing_away() -> None:
    """Searching (our decision): a search may be made anywhere; its roll is made even
    when nothing is there."""
    st = corridor_state()
    assert Search("r1") in st.legal_actions()


def test_tr_obvious_trap_blocks_the_way_and_is_disarmed_by_search_with_stance_bonus() -> None:
    """Booby traps: an obvious trap is found and disarmed with Awareness + D20, +0
    running, +2 crouching, +4 crawling; failure sets it off (the trap is spent) and
    wounds the rat unless his Agility save holds (here it fails: 6 is not below 3)."""
    lv = make_level(CORRIDOR, trap_cells=(((3, 1), False),))
    st = make_state([lv])
    put(st, "v1", cell=(12, 1))
    put(st, "r1", character="grunt", stance=Stance.CRAWLING)  # awareness 4 +4: needs 7
    assert (5, 1) not in moves_of(st, "r1", Stance.CRAWLING)  # cannot pass it
    assert Search("r1", "t1") in st.legal_actions()
    st.rng = ScriptedRng([die(7)])
    (roll,) = rolls(st.apply(Search("r1", "t1")))
    assert ("crawling", 4) in roll.modifiers and roll.success
    assert not st.traps["t1"].armed and st.rats["r1"].wounds is WoundLevel.NONE
    st2 = make_state([lv])
    put(st2, "v1", cell=(12, 1))
    put(st2, "r1", character="grunt", stance=Stance.RUNNING)  # +0: needs 11
    st2.rng = ScriptedRng([die(10), die(6)])
    st2.apply(Search("r1", "t1"))
    assert st2.rats["r1"].wounds is WoundLevel.YELLOW and not st2.traps["t1"].armed


def test_tr_hidden_trap_on_the_map_goes_off_when_walked_into() -> None:
    """Booby traps: a hidden trap is tested when a rat walks onto it, with -4 running,
    -2 crouching, +0 crawling, minus wound penalties; failure wounds him unless his
    Agility save holds (a 6 never does)."""
    lv = make_level(CORRIDOR, trap_cells=(((3, 1), True),))
    st = make_state([lv])
    put(st, "v1", cell=(12, 1))
    put(st, "r1", character="grunt")
    st.rng = ScriptedRng([die(14), die(6)])  # 14 + 4 - 4 = 14
    events = st.apply(Move("r1", Stance.RUNNING, (6, 1)))
    roll, save = rolls(events)
    assert not save.success
    assert ("running", -4) in roll.modifiers and roll.total == 14 and not roll.success
    assert st.rats["r1"].cell == (3, 1) and st.rats["r1"].wounds is WoundLevel.YELLOW


def test_tr_trap_modifiers_table_with_wounds() -> None:
    """Booby traps: hidden -4/-2/+0, obvious +0/+2/+4 by stance, minus wounds."""
    st = corridor_state()
    put(st, "r1", character="grunt", wounds=WoundLevel.YELLOW, stance=Stance.CROUCHING)
    rat = st.rats["r1"]
    assert combat.trap_modifiers(rat, True, RULES) == (
        ("awareness", 4),
        ("crouching", -2),
        ("yellow wound", -1),
    )
    assert combat.trap_modifiers(rat, False, RULES) == (
        ("awareness", 4),
        ("crouching", 2),
        ("yellow wound", -1),
    )


# -- the umpire ----


def test_tr_umpire_hidden_trap_die_4_to_6_sets_one_for_a_secret_rat() -> None:
    """Umpire: each round a secret D6; 4-6 means one hidden trap this round, which the
    umpire places in the way of the rat he picks (the point man, Interpretation 11);
    1-3 none."""
    st = corridor_state()
    st.rng = ScriptedRng([0, 0, die(3)])
    start_round(st)
    assert st.pending_trap is None
    st.rng = ScriptedRng([0, 0, die(4)])
    events = start_round(st)
    assert st.pending_trap == "r1"
    trap_roll = rolls(events)[1]
    assert trap_roll.visible_to == frozenset({DEFENDERS}) and trap_roll.success


def test_tr_umpire_trap_goes_off_where_the_point_man_is_heading() -> None:
    """Umpire (Interpretation 11): the trap lies where the chosen rat's next move this
    round ends; he takes the hidden-trap test there."""
    st = corridor_state()
    put(st, "r1", character="grunt")
    st.pending_trap = "r1"
    st.rng = ScriptedRng([die(15), die(1)])  # 15 + 4 - 4 = 15: disarmed; the VC spots not
    events = st.apply(Move("r1", Stance.RUNNING, (5, 1)))
    assert st.rats["r1"].cell == (5, 1) and rolls(events)[0].success
    assert st.pending_trap is None and st.trap_sprung_round == st.round


def test_tr_umpire_first_edition_games_keep_the_random_trap() -> None:
    """Saves made before rules version 2 replay by their rules: the trap waits for a rat
    drawn at random and lies on a random step of his move, and no Agility save."""
    st = corridor_state()
    st.edition = 1
    st.rng = ScriptedRng([0, 0, die(4), 0])
    start_round(st)
    assert st.pending_trap == "r1"
    put(st, "r1", character="grunt")
    st.rng = ScriptedRng([1, die(14)])  # second step of the path; 14 + 4 - 4 fails
    events = st.apply(Move("r1", Stance.RUNNING, (5, 1)))
    assert st.rats["r1"].cell == (3, 1) and len(rolls(events)) == 1
    assert st.rats["r1"].wounds is WoundLevel.YELLOW


def test_tr_noise_above_15_brings_a_soldier_on_1_to_3() -> None:
    """Noise (our count): each shot adds its gun's noise to its level's total for the
    round; a total above 15 calls for a D6 and 1-3 brings one more soldier to a spawn
    point out of the rats' sight; exactly 15 is not enough."""
    lv = make_level(
        CORRIDOR, deployment={"rats": ((1, 1),), "defenders": ((12, 1),)}, spawns=((11, 1),)
    )
    st = make_state(
        [lv], reinforcements=[EnemySpec(side="vc", weapon="pistol")], max_reinforcements=1
    )
    st.noise = [15]
    st.rng = ScriptedRng([0, 0, die(1)])
    end_round(st)
    assert len(st.enemies) == 1
    st.noise = [16]
    st.rng = ScriptedRng([die(3), 0, 0, 0, 0, die(1)])
    events = end_round(st)
    assert len(st.enemies) == 2 and st.enemies["v2"].cell == (11, 1)
    noise_roll = rolls(events)[0]
    assert noise_roll.success and "16" in noise_roll.purpose
    st.noise = [30]
    st.rng = ScriptedRng([die(1), 0, 0, die(1)])
    end_round(st)
    assert len(st.enemies) == 2  # the pool is spent


def test_tr_reinforcements_never_appear_in_the_rats_sight() -> None:
    """Noise: the new soldier comes from a place out of every rat's sight."""
    lv = make_level(CORRIDOR, spawns=((4, 1),))
    st = make_state(
        [lv], reinforcements=[EnemySpec(side="vc", weapon="pistol")], max_reinforcements=3
    )
    st.noise = [40]
    st.rng = ScriptedRng([die(1), 0, 0, die(1)])
    end_round(st)
    assert len(st.enemies) == 1


# -- levels ----


def two_levels():
    a = make_level(
        CORRIDOR,
        name="a.tmx",
        entrance_cells=(("Ladder", (2, 1), "b.tmx", False),),
        deployment={"rats": ((1, 1),), "defenders": ((12, 1),)},
    )
    b = make_level(
        CORRIDOR,
        name="b.tmx",
        entrance_cells=(("Ladder", (8, 1), "a.tmx", False),),
        deployment={"defenders": ((12, 1),)},
    )
    return a, b


def test_tr_levels_entrance_takes_the_figure_to_the_next_level() -> None:
    """Levels: an entrance leads to the next level's map; a figure within 1" of a known
    entrance goes through it (one point) and arrives at the other end, crawling."""
    st = make_state(list(two_levels()))
    assert st.found == frozenset({"e1"})  # in plain sight from the start
    st.apply(Enter("r1", "e1"))
    rat = st.rats["r1"]
    assert (rat.level, rat.cell, rat.stance) == (1, (8, 1), Stance.CRAWLING)
    assert "e2" in st.found and len(st.explored[1]) > 0


# -- fog of war ----


def test_tr_fog_rats_see_only_what_their_flashlights_show() -> None:
    """Fog of war: the rats' view holds only enemies in a rat's sight, explored cells
    and known traps; hidden traps and the umpire's die never."""
    lv = make_level(CORRIDOR, trap_cells=(((5, 1), True), ((3, 1), False)))
    st = make_state([lv])
    put(st, "v1", cell=(12, 1))
    st.pending_trap = "r1"
    v = st.view(RATS)
    assert v.enemies == () and v.pending_trap is None
    assert [t.id for t in v.traps] == ["t2"]
    assert (12, 1) not in v.explored[0] and (3, 1) in v.explored[0]
    put(st, "v1", cell=(6, 1))
    assert [e.id for e in st.view(RATS).enemies] == ["v1"]


def test_tr_fog_defenders_see_only_spotted_rats() -> None:
    """Fog of war (our decision): the defenders know their tunnels and traps but see a
    rat only while he is spotted."""
    st = corridor_state((12, 1))
    v = st.view(DEFENDERS)
    assert v.rats == () and v.explored is None and len(v.traps) == len(st.traps)
    put(st, "r1", spotted=True)
    assert [r.id for r in st.view(DEFENDERS).rats] == ["r1"]


def test_tr_fog_unseen_enemy_events_are_hidden_from_the_rats() -> None:
    """Fog of war: a defender's move out of the rats' sight is an event for the
    defenders only."""
    st = corridor_state((12, 1))
    st.apply(Forfeit())
    events = st.apply(Move("v1", Stance.CROUCHING, (11, 1)))
    assert events[0].visible_to == frozenset({DEFENDERS})


def test_tr_determinize_redeals_unseen_enemies_and_keeps_what_the_rats_see() -> None:
    """determinize(rats): unseen defenders stand somewhere out of the rats' sight;
    seen ones stay where they are."""
    from game.core.rng import Rng

    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1),), "defenders": ((6, 1), (12, 1))})
    st = make_state([lv], enemies=[EnemySpec(side="vc", weapon="rifle", count=2)])
    put(st, "v1", cell=(6, 1))
    put(st, "v2", cell=(12, 1))
    sight = st.visible_cells(0)
    moved = set()
    for seed in range(10):
        d = st.determinize(RATS, Rng(seed))
        assert d.enemies["v1"].cell == (6, 1)
        assert d.enemies["v2"].cell not in sight
        moved.add(d.enemies["v2"].cell)
    assert len(moved) > 1 and st.enemies["v2"].cell == (12, 1)


# -- victory ----


def test_tr_victory_documents_taken_and_brought_out() -> None:
    """Scenario (retrieve): a rat takes the documents by reaching them and wins by
    carrying them to the rats' way in."""
    lv = make_level(
        CORRIDOR,
        objectives={"Docs": (6, 1)},
        deployment={"rats": ((1, 1),), "defenders": ((12, 1),)},
    )
    st = make_state([lv], victory=Victory(kind="retrieve", objective="Docs"))
    st.apply(Move("r1", Stance.CROUCHING, (5, 1)))
    assert st.carrier == "r1" and st.rats["r1"].carrying
    st.apply(Forfeit())
    st.apply(Move("r1", Stance.CROUCHING, (1, 1)))
    assert st.outcome() is not None and st.outcome().winners == (RATS,)


def test_tr_victory_rescue_the_wounded_rat_waits_until_reached() -> None:
    """Scenario (rescue): the wounded rat cannot act until a comrade reaches him; the
    rats win when he is brought to the way in alive."""
    lv = make_level(
        CORRIDOR,
        objectives={"Wounded": (5, 1)},
        deployment={"rats": ((1, 1),), "defenders": ((12, 1),)},
    )
    st = make_state([lv], victory=Victory(kind="rescue", objective="Wounded"))
    wounded = st.rats["r2"]
    assert wounded.pinned and wounded.wounds is WoundLevel.RED and wounded.cell == (5, 1)
    assert all(getattr(a, "figure", None) != "r2" for a in st.legal_actions())
    st.apply(Move("r1", Stance.CROUCHING, (4, 1)))
    assert not st.rats["r2"].pinned


def test_tr_victory_defenders_win_when_time_runs_out() -> None:
    """Scenario: the defenders win if the round limit passes first."""
    st = corridor_state(round_limit=1)
    while st.outcome() is None:
        st.apply(Forfeit())
    assert st.outcome().winners == (DEFENDERS,) and st.round == 1


def test_tr_victory_eliminate_when_every_defender_is_dead() -> None:
    """Scenario (eliminate): the rats win when every defender is dead."""
    st = melee_state()
    put(st, "v1", wounds=WoundLevel.RED)
    st.rng = ScriptedRng([die(20)])
    st.apply(Melee("r1", "v1"))
    assert st.outcome().winners == (RATS,)


# -- actions and odds ----


def test_tr_actions_text_forms_round_trip_and_bad_text_is_refused() -> None:
    """Actions have a text form (saves, replays) and a parser."""
    for action in (
        Move("r1", Stance.CROUCHING, (12, 5)),
        ChangeStance("r2", Stance.CRAWLING),
        Enter("r1", "e2"),
        Shoot("r1", "v2"),
        Melee("n3", "r1"),
        Search("r1"),
        Search("r1", "t3"),
        Dress("r1", "r2", True),
        Dress("r1", "r2", False),
        Reload("r4"),
        Forfeit(),
    ):
        assert parse_action(action.to_str()) == action
    assert parse_action("move r1 crouching 12,5").to_str() == "move r1 crouching 12,5"
    for bad in ("", "move r1 flying 1,2", "shoot r1", "dress r1 r2 bandage", "move r1 running x"):
        with pytest.raises(InvalidAction):
            parse_action(bad)


def test_tr_odds_for_the_ui_are_exact() -> None:
    """Odds: Firing 4 + Accuracy 3 needs 8+ on the D20 (65%); Power 4 needs 11+ (50%)."""
    st = shooting_state()
    odds = combat.shot_odds(st.rats["r1"], RULES)
    assert odds.chance == Fraction(13, 20) * Fraction(10, 20)
    assert "hit needs 8+ on D20: 65%" in odds.text and "wound needs 11+ on D20: 50%" in odds.text
    search = combat.search_odds(st.rats["r1"], RULES)
    assert search.chance == Fraction(10, 20) and search.text == "needs 11+ on D20: 50%"
    enemy = st.enemies["v1"]
    eo = combat.enemy_attack_odds(enemy, st.rats["r1"], TABLES, gunfire=True)
    assert eo.chance == Fraction(2, 6) * Fraction(4, 6)
    put(st, "r1", stance=Stance.CRAWLING)
    pistol = combat.enemy_attack_odds(
        replace(st.enemies["v1"], weapon="pistol"), st.rats["r1"], TABLES, gunfire=True
    )
    assert pistol.chance == 0 and "N/A" in pistol.text


def test_tr_undo_is_refused_after_new_ground_comes_into_view() -> None:
    """Undo: a move that shows the rats new tunnel cannot be taken back (it revealed
    something); a move that shows nothing new can, when the defenders see every rat on
    the level (interpretation 28)."""
    from game.core.session import Session

    session = Session.new("tunnel_rats", 3, {"scenario": "clear_warren"})
    state = session.state
    state.rats = {rid: replace(r, spotted=True) for rid, r in state.rats.items()}
    rat = next(iter(state.rats.values()))
    known = state.explored[0]
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.figure == rat.id]
    quiet = [a for a in moves if state.level(0).field_of_view(a.cell, RULES.sight_range) <= known]
    loud = [
        a for a in moves if not state.level(0).field_of_view(a.cell, RULES.sight_range) <= known
    ]
    assert quiet and loud
    session.apply(quiet[0])
    assert session.can_undo()
    session.undo()
    session.apply(loud[0])
    assert not session.can_undo()


def test_tr_odds_of_a_proposed_action_from_the_view() -> None:
    """Odds for the UI: the chance of a proposed shot, strike or search, read from the
    acting seat's view; actions without a roll have none."""
    from game.rules.tunnel_rats.odds import action_odds

    st = shooting_state()
    view = st.view(RATS)
    assert action_odds(view, Shoot("r1", "v1")).chance == Fraction(13, 40)
    assert action_odds(view, Search("r1")).text == "needs 11+ on D20: 50%"
    assert action_odds(view, Forfeit()) is None
    st.to_act = DEFENDERS
    dview = st.view(DEFENDERS)
    assert action_odds(dview, Shoot("v1", "r1")).chance == Fraction(2, 6) * Fraction(4, 6)


def test_tr_movement_memo_is_bounded_per_level_and_never_stale() -> None:
    """Issue 18 item 8: a level remembers at most REACH_CACHE_ENTRIES reach answers (the
    oldest go first), and a remembered answer equals a fresh one, blocked cells included."""
    from game.rules.tunnel_rats import world

    lv = make_level(["#" * 30, "#" + "." * 28 + "#", "#" * 30])
    lv._reach = world.LruCache(8)
    answers = {}
    for x in range(1, 29):
        answers[x] = lv.reach((x, 1), 6.0, Stance.RUNNING).costs
        assert len(lv._reach) <= 8
    blocked = lv.reach((1, 1), 6.0, Stance.RUNNING, blocked=[(3, 1)]).costs
    assert (4, 1) not in blocked and (4, 1) in answers[1]  # the blocker is in the key
    for x in (28, 27, 1):  # a kept answer and a recomputed one agree with the first
        assert lv.reach((x, 1), 6.0, Stance.RUNNING).costs == answers[x]
    assert world.REACH_CACHE_ENTRIES <= 4096 and world.FOV_CACHE_ENTRIES <= 4096


def test_tr_interpretation_28_an_unseen_rat_cannot_take_back_a_quiet_move() -> None:
    """Interpretation 28: the defenders cannot check a take-back of a rat they do not
    see, so even a move that shows nothing new is not undone."""
    from game.core.session import Session

    session = Session.new("tunnel_rats", 3, {"scenario": "clear_warren"})
    state = session.state
    rat = next(iter(state.rats.values()))
    assert not rat.spotted
    known = state.explored[0]
    quiet = [
        a
        for a in state.legal_actions()
        if isinstance(a, Move)
        and a.figure == rat.id
        and state.level(0).field_of_view(a.cell, RULES.sight_range) <= known
    ]
    session.apply(quiet[0])
    assert not session.can_undo()


def test_tr_explain_a_rat_shot_gives_the_worked_numbers_and_exact_odds() -> None:
    """Rules calculator: Firing 4 + Accuracy 3 needs 8+ on the D20 (13/20), Power 4 needs
    11+ (10/20): wounds 13/40, hits without wounding 13/40, misses 7/20."""
    st = shooting_state()
    answer = st.explain(Shoot("r1", "v1"))
    assert answer.numbers["to_hit"] == {
        "die": "D20",
        "target": 15,
        "modifiers": {"firing": 4, "accuracy": 3},
        "needs": 8,
    }
    assert answer.numbers["to_wound"]["needs"] == 11
    assert answer.numbers["range_inches"] == st.level(0).distance((1, 1), (6, 1))
    assert answer.outcomes == {"wounds": 13 / 40, "hits, no wound": 13 / 40, "misses": 7 / 20}


def test_tr_explain_a_defender_shot_uses_the_table_and_the_agility_save() -> None:
    """Rules calculator: VC rifle at a crouching rat needs 5+ on D6 (1/3); a grunt
    (Agility 3) saves below 3 (1/3): wounds 2/9, hits but saved 1/9, misses 2/3."""
    st = corridor_state((6, 1))
    put(st, "r1", character="grunt", spotted=True)
    st.to_act = DEFENDERS
    answer = st.explain(Shoot("v1", "r1"))
    assert answer.numbers["to_hit"] == {"die": "D6", "needs": 5, "stance": "crouching"}
    assert answer.outcomes == pytest.approx(
        {"wounds": 2 / 9, "hits, saved": 1 / 9, "misses": 2 / 3}
    )


def test_tr_explain_from_the_command_line_on_a_save(tmp_path: Path) -> None:
    """``python -m game explain tunnel_rats`` on a save reached by play: a legal shot's
    outcomes add up to 1; a shot at a figure out of sight is refused with the rule."""
    from game.core.explain import explain, load_position
    from game.core.session import Session

    shots: list[Shoot] = []
    for seed in range(5, 15):  # random games until one offers the rats a shot
        session = Session.new("tunnel_rats", seed, {"scenario": "clear_warren"})
        pick = Rng(seed)
        for _ in range(400):
            if session.state.outcome() is not None:
                break
            shots = [a for a in session.state.candidate_actions() if isinstance(a, Shoot)]
            if shots and session.state.to_act == RATS:
                break
            session.apply(pick.choice(tuple(session.state.candidate_actions())))
        if shots and session.state.to_act == RATS:
            break
    assert shots, "no shot came up in ten random games"
    save = tmp_path / "s.json"
    save.write_text(session.to_record().to_json(), encoding="utf-8")
    answer = explain(load_position(save), shots[0].to_str())
    assert answer["legal"] is True
    assert sum(answer["outcomes"].values()) == pytest.approx(1.0)
    assert answer["numbers"]["to_hit"]["target"] == 15


def test_tr_log_a_rat_dressing_himself_reads_as_english() -> None:
    """Issue 16 (Text): no "r1 gives r1 a field dressing"."""
    from game.rules.tunnel_rats.events import Dressed as kind

    own = kind(figure="r1", patient="r1", wounds=WoundLevel.YELLOW, used_fafd=True)
    other = kind(figure="r1", patient="r2", wounds=WoundLevel.NONE, used_fafd=False)
    assert own.text().startswith("r1 dresses his own wound")
    assert other.text().startswith("r1 gives r2 first aid")
