"""JTS RatFight on a map of the player's own (issue 33): a skirmish from the map alone,
the scenario file beside it, the checks, random games headless on both."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from map_play_support import rect, write_tmx

from game.__main__ import main
from game.ai.match import play_match
from game.core.errors import DataError, InvalidAction, SkirmishError
from game.core.session import Session
from game.maps.check import check_map
from game.rules.ratfight.events import GameEnded
from game.rules.ratfight.flow import end_turn
from game.rules.ratfight.skirmish import skirmish_data

SIZE = (36, 30)


def ratfight_map(
    folder: Path,
    zones: list[str] | None = None,
    extra: list[str] | None = None,
    name: str = "hill_fight.tmx",
) -> Path:
    """A 36" x 30" RatFight map drawn in Tiled: a wood, a pond in the west zone, zones
    along the north and south edges and a hilltop objective."""
    terrain = [
        rect(1, "wood", (14, 12, 6, 5), name="Copse"),
        rect(2, "pond", (2, 1, 4, 3), name="Mill pond"),
    ]
    zones = (
        zones
        if zones is not None
        else [
            rect(10, "deployment", (0, 0, 36, 5), name="North edge", props={"side": "north"}),
            rect(11, "deployment", (0, 25, 36, 5), name="South edge", props={"side": "south"}),
            rect(12, "objective", (17, 6, 2, 2), name="Hilltop", props={"objective": "hill"}),
        ]
    )
    return write_tmx(
        folder / name,
        system="ratfight",
        size=SIZE,
        tileset="../tilesets/table.tsx",
        rows=None,
        groups={"terrain": terrain + (extra or []), "zones": zones},
        props={"title": "Hill Fight", "inches_per_tile": 1.0},
    )


SCENARIO = """\
id: hill_raid
title: Raid on the hill
briefing: A patrol comes for the hill.
map: hill_fight.tmx
sides:
  - name: The Patrol
    goal: Reach the hilltop.
    names: [Abel, Brun, Cado]
    forces:
      - id: patrol
        name: The patrol
        deployment: South edge
        models:
          - {id: sgt, unit: officer, name: Sgt Roche, at: [18, 27], leader: 2}
          - {id: p1, unit: rifleman, at: [14, 27]}
          - {id: p2, unit: rifleman, at: [22, 27]}
          - {id: p3, unit: rifleman, at: [10, 27]}
  - name: The Picket
    names: [Dorn, Eck, Falk]
    forces:
      - id: picket
        name: The picket
        deployment: North edge
        models:
          - {id: cpl, unit: officer, name: Cpl Stahl, at: [18, 2], leader: 2}
          - {id: k1, unit: bolt_rifleman, at: [12, 2]}
          - {id: k2, unit: bolt_rifleman, at: [24, 2]}
          - {id: k3, unit: bolt_rifleman, at: [28, 2]}
events:
  - {kind: reach, side: 0, objective: hill, at_turn_end: true, title: the patrol holds the hill}
  - {kind: hold, side: 1, turns: 6, title: the picket holds out}
"""


def test_ratfight_skirmish_sides_come_from_the_zones_in_map_order(tmp_path: Path) -> None:
    path = ratfight_map(tmp_path)
    session = Session.new("ratfight", 1, {"map": str(path)})
    board = session.state.board
    scenario = board.setting.scenario
    assert [s.name for s in scenario.sides] == ["Blue Force", "Red Force"]
    assert [s.forces[0].deployment for s in scenario.sides] == ["North edge", "South edge"]
    for figure in board.figures.values():
        x, y = figure.pos
        if figure.side == 0:
            assert 0 <= y - figure.radius and y + figure.radius <= 500, figure
        else:
            assert 2500 <= y - figure.radius and y + figure.radius <= 3000, figure


def test_ratfight_skirmish_default_forces_keep_the_leader_rule(tmp_path: Path) -> None:
    """Leaders and Heroes: a force of 12 models or fewer has one two-card leader."""
    session = Session.new("ratfight", 1, {"map": str(ratfight_map(tmp_path))})
    data = skirmish_data()
    for seat, side in enumerate(session.state.board.setting.scenario.sides):
        force = side.forces[0]
        assert len(force.models) == data.forces[data.default_forces[seat]].size
        assert sorted(m.leader for m in force.models if m.leader) == [2]


def test_ratfight_skirmish_models_stand_apart_and_off_impassable_ground(tmp_path: Path) -> None:
    """Set-up: no model on another, none in the mill pond (impassable to infantry)."""
    board = Session.new("ratfight", 1, {"map": str(ratfight_map(tmp_path))}).state.board
    figures = list(board.figures.values())
    for i, a in enumerate(figures):
        for b in figures[i + 1 :]:
            assert math.dist(a.pos, b.pos) >= a.radius + b.radius, (a.id, b.id)
    for f in figures:  # the pond: x 2-6", y 1-4"
        x, y = f.pos
        assert not (200 - f.radius < x < 600 + f.radius and 100 - f.radius < y < 400 + f.radius)


def test_ratfight_skirmish_models_face_the_enemy_zone(tmp_path: Path) -> None:
    board = Session.new("ratfight", 1, {"map": str(ratfight_map(tmp_path))}).state.board
    facings = {f.side: f.facing for f in board.figures.values()}
    assert facings == {0: 90, 1: 270}  # north side faces down the table, south side up


def test_ratfight_skirmish_force_options_pick_the_forces(tmp_path: Path) -> None:
    path = ratfight_map(tmp_path)
    options = {"map": str(path), "force_first": "assault_squad", "force_second": "support_group"}
    scenario = Session.new("ratfight", 1, options).state.board.setting.scenario
    units = [[m.unit for m in s.forces[0].models] for s in scenario.sides]
    assert units[0].count("smg_gunner") == 4 and "hmg_team" in units[1]
    with pytest.raises(InvalidAction, match="force 'tanks': expected one of rifle_section"):
        Session.new("ratfight", 1, {"map": str(path), "force_first": "tanks"})


def test_ratfight_skirmish_objective_in_a_zone_is_the_other_sides(tmp_path: Path) -> None:
    zones = [
        rect(10, "deployment", (0, 0, 36, 8), name="North edge", props={"side": "north"}),
        rect(11, "deployment", (0, 25, 36, 5), name="South edge", props={"side": "south"}),
        rect(12, "objective", (17, 2, 2, 2), name="Bunker"),  # inside the north zone
        rect(13, "objective", (2, 15, 2, 2), name="Well", props={"side": "north"}),
        rect(14, "objective", (30, 15, 2, 2), name="Crossroads"),
    ]
    scenario = Session.new("ratfight", 1, {"map": str(ratfight_map(tmp_path, zones))})
    events = scenario.state.board.setting.scenario.events
    takers = {(e.objective, e.side) for e in events}
    assert takers == {("Bunker", 1), ("Well", 0), ("Crossroads", 0), ("Crossroads", 1)}
    assert all(e.kind == "reach" and e.at_turn_end for e in events)


def test_ratfight_skirmish_without_objectives_ends_by_morale_only(tmp_path: Path) -> None:
    zones = [
        rect(10, "deployment", (0, 0, 36, 5), name="North edge", props={"side": "north"}),
        rect(11, "deployment", (0, 25, 36, 5), name="South edge", props={"side": "south"}),
    ]
    session = Session.new("ratfight", 1, {"map": str(ratfight_map(tmp_path, zones))})
    assert session.state.board.setting.scenario.events == ()


def test_ratfight_skirmish_holding_an_objective_at_turn_end_wins(tmp_path: Path) -> None:
    """Victory from the map's objective: a standing model touching it when a turn ends."""
    board = Session.new("ratfight", 1, {"map": str(ratfight_map(tmp_path))}).state.board
    hill = board.setting.objective("hill")
    holder = next(f for f in board.figures.values() if f.side == 1 and f.unit.kind == "infantry")
    holder.pos = (1800, 700 + holder.radius - 5)  # the hilltop is y 6-8", x 17-19"
    assert board.touching(holder, hill)
    events = end_turn(board, "test")
    assert board.winners == (1,) and any(isinstance(e, GameEnded) for e in events)
    assert "Red Force: takes Hilltop" in board.reason


def test_ratfight_skirmish_needs_two_sides_zones(tmp_path: Path) -> None:
    zones = [rect(10, "deployment", (0, 0, 36, 5), name="North edge", props={"side": "north"})]
    path = ratfight_map(tmp_path, zones)
    with pytest.raises(DataError, match="deployment zones of two sides"):
        Session.new("ratfight", 1, {"map": str(path)})
    problems = [str(p) for p in check_map(path)]
    assert problems == [
        f"{path}: JTS RatFight needs deployment zones of two sides (objects of type "
        "'deployment' with two different 'side' values); sides found: 'north'"
    ]


def test_ratfight_check_names_a_zone_too_small_and_an_unnamed_objective(tmp_path: Path) -> None:
    zones = [
        rect(10, "deployment", (0, 0, 3, 3), name="Hut", props={"side": "north"}),
        rect(11, "deployment", (0, 25, 36, 5), name="South edge", props={"side": "south"}),
    ]
    path = ratfight_map(tmp_path, zones)
    problems = [str(p) for p in check_map(path)]
    assert problems == [
        f"{path}: no skirmish can be set up: deployment zone 'Hut' has room for 2 of the 10 "
        "models (each needs 1.2 inches, off impassable terrain)"
    ]
    unnamed = zones + [rect(12, "objective", (17, 6, 2, 2))]
    path = ratfight_map(tmp_path, unnamed, name="b.tmx")
    problems = [str(p) for p in check_map(path)]
    assert problems == [
        f"{path}: layer zones: object 12: objective has no name (give it a name or an "
        "'objective' property)"
    ]


def test_ratfight_scenario_beside_the_map_is_played(tmp_path: Path) -> None:
    path = ratfight_map(tmp_path)
    (tmp_path / "hill_fight.scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    board = Session.new("ratfight", 1, {"map": str(path)}).state.board
    assert board.setting.scenario.title == "Raid on the hill"
    assert board.figures["sgt"].name == "Sgt Roche" and board.figures["sgt"].pos == (1800, 2700)
    skirmish = Session.new("ratfight", 1, {"map": str(path), "map_scenario": "skirmish"})
    assert skirmish.state.board.setting.scenario.id == "skirmish"
    assert check_map(path) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("goal: Reach", "aim: Reach"), "sides.0.aim: Extra inputs are not permitted"),
        (
            ("unit: rifleman, at: [14", "unit: grenadier, at: [14"),
            "sides.0.forces.0.models.1.unit: unknown unit 'grenadier' (expected one of ",
        ),
        (
            ("deployment: South edge", "deployment: Beach"),
            "sides.0.forces.0.deployment: 'Beach' is not a deployment zone of hill_fight.tmx "
            "(zones: North edge, South edge)",
        ),
        (
            ("objective: hill", "objective: bridge"),
            "events.0.objective: 'bridge' is not an objective of hill_fight.tmx",
        ),
        (("map: hill_fight.tmx", "map: gone.tmx"), "map: no map file 'gone.tmx' (looked for "),
    ],
)
def test_ratfight_bad_scenario_beside_the_map_is_named(
    tmp_path: Path, change: tuple[str, str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrong key, an unknown unit, a zone or objective the map lacks, a missing map:
    each names the file, the key and what was expected; in simulate a terminal error."""
    path = ratfight_map(tmp_path)
    scenario = tmp_path / "hill_fight.scenario.yaml"
    scenario.write_text(SCENARIO.replace(*change), encoding="utf-8")
    before = scenario.read_bytes()
    with pytest.raises(SkirmishError) as info:
        Session.new("ratfight", 1, {"map": str(path)})
    assert f"{scenario}: {expected}" in str(info.value)
    problems = "\n".join(str(p) for p in check_map(path))
    assert f"{scenario}: {expected}" in problems
    code = main(["simulate", "ratfight", "--seats", "random,random", "--games", "1",
                 "--option", f"map={path}"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 2 and expected in out and "Traceback" not in out
    assert scenario.read_bytes() == before


@pytest.mark.parametrize("with_scenario", [False, True], ids=["skirmish", "scenario"])
def test_ratfight_random_games_play_out_on_a_new_map(tmp_path: Path, with_scenario: bool) -> None:
    path = ratfight_map(tmp_path)
    if with_scenario:
        (tmp_path / "hill_fight.scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    for seed in (1, 2):
        result = play_match("ratfight", seed, ["random", "random"], {"map": str(path)}, 3000)
        assert result.outcome is not None, f"seed {seed} did not finish"


def test_ratfight_simulate_plays_on_a_map_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = ratfight_map(tmp_path)
    code = main(["simulate", "ratfight", "--seats", "random,random", "--games", "2",
                 "--option", f"map={path}"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "JTS RatFight: 2 games" in out and "unfinished 0" in out


def test_ratfight_shipped_scenarios_name_their_maps_by_file_name() -> None:
    """A bare map name in a shipped scenario is found among the shipped maps."""
    from game.rules.ratfight.data import load_scenario

    scenario = load_scenario("farm_raid")
    assert scenario.map == "pellier_farm.tmx"
    assert scenario.map_path.parts[-2:] == ("ratfight", "pellier_farm.tmx")


def test_ratfight_check_map_cli_checks_a_scenario_file_with_its_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ratfight_map(tmp_path)
    scenario = tmp_path / "hill_fight.scenario.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    assert main(["check-map", str(scenario)]) == 0
    assert "1 map(s), 0 error(s)" in capsys.readouterr().out
    scenario.write_text(SCENARIO.replace("objective: hill", "objective: bridge"), encoding="utf-8")
    assert main(["check-map", str(scenario)]) == 1
    out = capsys.readouterr().out
    assert f"{scenario}: events.0.objective: 'bridge' is not an objective" in out
    assert "Traceback" not in out
