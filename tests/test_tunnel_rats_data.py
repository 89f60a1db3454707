"""Tunnel Rats data files, scenarios on the shipped maps, the shared wound track, and
the remaining interpretations."""

from __future__ import annotations

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

from game.core.errors import DataError, InvalidAction
from game.core.registry import get_ruleset
from game.core.wounds import WoundLevel, add_wounds, can_treat, treat
from game.rules.tunnel_rats.actions import Forfeit, Move, Shoot
from game.rules.tunnel_rats.data import (
    Stance,
    Victory,
    load_characters,
    load_guns,
    load_rules_numbers,
    load_scenarios,
)
from game.rules.tunnel_rats.events import DEFENDERS, RATS
from game.rules.tunnel_rats.resolve import wound_rat
from game.rules.tunnel_rats.world import scenario_world


def test_tr_core_wound_track_yellow_red_dead_and_treatment() -> None:
    """Shared wound track: yellow, red, dead; treating red gives yellow; yellow clears
    only when the system says so; the dead stay dead."""
    assert add_wounds(WoundLevel.NONE) is WoundLevel.YELLOW
    assert add_wounds(WoundLevel.YELLOW, 2) is WoundLevel.DEAD
    assert add_wounds(WoundLevel.DEAD) is WoundLevel.DEAD
    assert treat(WoundLevel.RED) is WoundLevel.YELLOW
    assert treat(WoundLevel.YELLOW) is WoundLevel.YELLOW
    assert treat(WoundLevel.YELLOW, clears_yellow=True) is WoundLevel.NONE
    assert treat(WoundLevel.DEAD, clears_yellow=True) is WoundLevel.DEAD
    assert not can_treat(WoundLevel.NONE) and can_treat(WoundLevel.RED)
    with pytest.raises(ValueError):
        add_wounds(WoundLevel.NONE, -1)


def test_tr_data_tables_load_and_decks_are_sane() -> None:
    """Data: the character and gun decks hold enough cards for eight rats."""
    assert sum(c.count for c in load_characters()) >= 8
    assert sum(g.count for g in load_guns()) >= 8
    assert {g.kind for g in load_guns()} == {"revolver", "automatic"}
    assert load_rules_numbers().target == 15


def test_tr_data_bad_yaml_names_the_file_and_key(tmp_path: Path) -> None:
    """Data: a bad table is refused with the file and the key path."""
    bad = tmp_path / "guns.yaml"
    bad.write_text(
        "guns:\n  - {id: x, name: X, kind: laser, accuracy: 1, power: 1, shots: 6, noise: 1}\n"
    )
    with pytest.raises(DataError, match=r"guns\.yaml: guns\.0\.kind"):
        load_guns.__wrapped__(bad)
    broken = tmp_path / "rules.yaml"
    broken.write_text("target: [1,\n")
    with pytest.raises(DataError, match="rules.yaml"):
        load_rules_numbers.__wrapped__(broken)


def test_tr_scenarios_start_on_the_shipped_maps() -> None:
    """Scenarios: at least three, each with a round limit, its objectives found on its
    maps, and both sides on the table at the start."""
    scenarios = load_scenarios()
    assert len(scenarios) >= 3
    kinds = {s.victory.kind for s in scenarios}
    assert kinds == {"eliminate", "retrieve", "rescue"}
    ruleset = get_ruleset("tunnel_rats")
    for sc in scenarios:
        world = scenario_world(sc)
        if sc.victory.objective:
            assert sc.victory.objective in world.levels[sc.victory.objective_level].objectives
        st = ruleset.new_game(5, {"scenario": sc.id})
        assert len([r for r in st.rats.values() if not r.pinned]) == sc.rats
        assert len(st.enemies) == sum(e.count for e in sc.enemies)
        assert st.round == 1 and st.scenario.round_limit == sc.round_limit
    assert ruleset.new_game(5).scenario.id == scenarios[0].id  # the first by default


def test_tr_scenario_option_errors() -> None:
    """Option scenario=ID: unknown ids and unknown options are refused by name."""
    ruleset = get_ruleset("tunnel_rats")
    with pytest.raises(InvalidAction, match="scenario='nope': expected one of clear_warren"):
        ruleset.new_game(1, {"scenario": "nope"})
    with pytest.raises(InvalidAction, match=r"unknown option 'colour' \(known: .*scenario"):
        ruleset.new_game(1, {"colour": "red"})


def test_tr_measuring_within_one_inch_includes_diagonal_neighbours() -> None:
    """Interpretation (measuring): bases fill their cell, so a diagonal neighbour is
    within 1" and a cell two across and one down is within 2"."""
    lv = make_level(["#####", "#...#", "#...#", "#...#", "#####"])
    assert lv.within((1, 1), (2, 2), 1.0) and not lv.within((1, 1), (3, 1), 1.0)
    assert lv.within((1, 1), (3, 2), 2.0) and not lv.within((1, 1), (3, 3), 2.0)


def test_tr_spotting_rat_is_spotted_at_once_when_he_fires_in_sight() -> None:
    """Interpretation (spotting): a rat who fires while a defender sees him is spotted
    without a roll; a rat no defender sees is no longer spotted."""
    st = corridor_state((6, 1))
    put(st, "r1", spotted=False)
    st.rng = ScriptedRng([die(1)])
    st.apply(Shoot("r1", "v1"))
    assert st.rats["r1"].spotted
    st.apply(Move("v1", Stance.CROUCHING, (10, 1)))  # 9" away: beyond sight
    assert not st.rats["r1"].spotted


def test_tr_who_acts_a_side_with_nobody_able_to_act_only_forfeits() -> None:
    """Interpretation (who acts): a side whose figures cannot act may only forfeit."""
    lv = make_level(
        CORRIDOR,
        objectives={"Wounded": (8, 1)},
        deployment={"rats": ((1, 1),), "defenders": ((12, 1),)},
    )
    st = make_state([lv], victory=Victory(kind="rescue", objective="Wounded"))
    st.to_act = DEFENDERS
    put(st, "v1", wounds=WoundLevel.DEAD)
    assert st.legal_actions() == (Forfeit(),)
    st.to_act = RATS
    assert st.legal_actions()[-1] == Forfeit() and len(st.legal_actions()) > 1


def test_tr_objectives_a_dead_carrier_drops_the_documents() -> None:
    """Interpretation (objectives): the documents fall where their carrier dies."""
    lv = make_level(
        CORRIDOR,
        objectives={"Docs": (3, 1)},
        deployment={"rats": ((1, 1),), "defenders": ((12, 1),)},
    )
    st = make_state([lv], victory=Victory(kind="retrieve", objective="Docs"))
    st.apply(Move("r1", Stance.CROUCHING, (4, 1)))
    assert st.carrier == "r1"
    for _ in range(3):
        wound_rat(st, "r1", "test")
    assert st.carrier is None and st.objective == (4, 1)
    assert not st.rats["r1"].alive


def test_tr_rescue_lost_only_if_the_pinned_man_is_left_alone() -> None:
    """Scenario (rescue): once reached, the wounded rat may crawl out on his own even if
    his rescuers fall; left alone before anyone reached him, the rats lose."""
    lv = make_level(
        CORRIDOR,
        objectives={"Wounded": (5, 1)},
        deployment={"rats": ((1, 1),), "defenders": ((12, 1),)},
    )
    st = make_state([lv], victory=Victory(kind="rescue", objective="Wounded"))
    st.apply(Move("r1", Stance.CROUCHING, (4, 1)))
    for _ in range(3):
        wound_rat(st, "r1", "test")
    st.apply(Forfeit())
    assert st.outcome() is None and st.rats["r2"].can_act
    st2 = make_state([lv], victory=Victory(kind="rescue", objective="Wounded"))
    for _ in range(3):
        wound_rat(st2, "r1", "test")
    st2.apply(Forfeit())
    assert st2.outcome() is not None and st2.outcome().winners == (DEFENDERS,)


def test_tr_levels_of_multi_level_scenarios_are_linked_both_ways() -> None:
    """Levels: entrances' `leads_to` name the next level's map; every level of a scenario
    can be reached from the first and left again."""
    for sc in load_scenarios():
        world = scenario_world(sc)
        for index in range(1, len(world.levels)):
            down = [e for e in world.entrances.values() if e.leads_to == index]
            up = [
                e for e in world.entrances.values() if e.level == index and e.leads_to is not None
            ]
            assert down and up, f"{sc.id}: level {index + 1} is not linked"


def test_tr_scenario_names_missing_from_the_map_are_refused() -> None:
    """Data: a scenario naming an objective or a weapon its maps and tables lack is
    refused with a message naming the scenario."""
    lv = make_level(CORRIDOR)
    with pytest.raises(
        DataError, match=r"scenarios\.yaml: scenarios\.\?\.victory\.objective: 'Docs'"
    ):
        make_state([lv], victory=Victory(kind="retrieve", objective="Docs"))
    from game.rules.tunnel_rats.data import EnemySpec

    with pytest.raises(DataError, match="no weapon 'bazooka'"):
        make_state([lv], enemies=[EnemySpec(side="nva", weapon="bazooka")])


def test_tr_log_trap_lines_read_as_english() -> None:
    """The log: "An obvious booby trap goes off on r4." / "r1 finds and disarms a hidden
    booby trap." (article by the trap's kind)."""
    from game.rules.tunnel_rats.events import TrapResolved

    def line(hidden: bool, disarmed: bool) -> str:
        return TrapResolved(
            figure="r4", trap="t1", hidden=hidden, disarmed=disarmed, cell=(1, 1)
        ).text()

    assert line(False, False) == "An obvious booby trap goes off on r4."
    assert line(True, False) == "A hidden booby trap goes off on r4."
    assert line(False, True) == "r4 finds and disarms an obvious booby trap."
    assert line(True, True) == "r4 finds and disarms a hidden booby trap."
