"""Tunnel Rats on a complex of the player's own (issue 33): a complex of one or more
levels linked by entrances, played alone (skirmish) or with its scenario file beside it,
the checks, random games headless, and saves that keep a copy of every level."""

from __future__ import annotations

from pathlib import Path

import pytest
from map_play_support import rect, write_tmx

from game.__main__ import main
from game.ai.match import play_match
from game.core.errors import DataError, SkirmishError
from game.core.session import Session
from game.maps.check import check_map
from game.maps.user_maps import list_maps
from game.saved_maps import save_map_notice
from game.storage import load_session, save_session

W, R, T, C = 1, 3, 4, 5  # gids of tunnel.tsx: wall (rock), tunnel, chamber, crawlway
TOP = [
    "############",
    "#TTT...####.",
    "#TTT#.#CCCC#",
    "###.#.#....#",
    "#...#.###..#",
    "#.###...TTT#",
    "#.......TTT#",
    "############",
]
LOW = [
    "############",
    "#TT.....TTT#",
    "#TT####.TTT#",
    "#.....#....#",
    "############",
]


def _rows(text: list[str]) -> list[list[int]]:
    gid = {"#": W, ".": R, "T": T, "C": C}
    return [[gid[ch] for ch in line] for line in text]


def complex_maps(folder: Path, *, low: bool = True, top_objective: bool = False) -> Path:
    """The entry level ``warren_top.tmx`` (rats' zone, a defenders' zone, a ladder down
    to ``warren_low.tmx`` when ``low``) and the lower level (defenders' zone, the
    documents)."""
    top_objects = [
        rect(1, "deployment", (1, 1, 3, 2), name="Shaft bottom", props={"side": "rats"}),
        rect(2, "deployment", (8, 5, 3, 2), name="Store room", props={"side": "defenders"}),
        rect(
            3, "entrance", (1, 1, 1, 1), name="Entry shaft", props={"hidden": False, "leads_to": ""}
        ),  # fmt: skip
        rect(4, "spawn", (5, 1, 1, 1), name="Spider hole", props={"side": "defenders"}),
    ]
    if low:
        top_objects.append(
            rect(
                5,
                "entrance",
                (9, 6, 1, 1),
                name="Ladder",
                props={"hidden": False, "leads_to": "warren_low.tmx"},
            )  # fmt: skip
        )
    if top_objective:
        top_objects.append(rect(6, "objective", (10, 5, 1, 1), name="Rice store"))
    top = write_tmx(
        folder / "warren_top.tmx",
        system="tunnel_rats",
        size=(12, 8),
        tileset="../tilesets/tunnel.tsx",
        rows=_rows(TOP),
        layer="terrain",
        groups={"objects": top_objects},
        props={"title": "Hamlet Warren", "inches_per_tile": 1.0, "level": 1},
    )
    if low:
        write_tmx(
            folder / "warren_low.tmx",
            system="tunnel_rats",
            size=(12, 5),
            tileset="../tilesets/tunnel.tsx",
            rows=_rows(LOW),
            layer="terrain",
            groups={
                "objects": [
                    rect(1, "deployment", (1, 1, 2, 2), name="Bunker", props={"side": "defenders"}),
                    rect(
                        2,
                        "entrance",
                        (9, 2, 1, 1),
                        name="Ladder",
                        props={"hidden": False, "leads_to": "warren_top.tmx"},
                    ),  # fmt: skip
                    rect(3, "objective", (2, 1, 1, 1), name="Documents"),
                ]
            },
            props={"title": "Hamlet Warren (lower level)", "inches_per_tile": 1.0, "level": 2},
        )
    return top


SCENARIO = """\
id: hamlet_papers
title: Papers under the hamlet
summary: Four rats go for the papers in the lower level.
levels: [warren_top.tmx, warren_low.tmx]
rats: 4
enemies:
  - {side: vc, weapon: rifle, count: 1, level: 0}
  - {side: nva, weapon: assault_rifle, count: 1, level: 1, at: Documents}
reinforcements:
  - {side: vc, weapon: pistol}
max_reinforcements: 1
round_limit: 25
victory: {kind: retrieve, objective: Documents, objective_level: 1}
known_entrances: [Ladder]
"""


def test_tr_a_complex_is_the_map_and_the_levels_its_entrances_lead_to(tmp_path: Path) -> None:
    top = complex_maps(tmp_path)
    scenario = Session.new("tunnel_rats", 1, {"map": str(top)}).state.scenario
    assert [Path(p).name for p in scenario.levels] == ["warren_top.tmx", "warren_low.tmx"]
    entries = list_maps("tunnel_rats", tmp_path)
    own = [e.path.name for e in entries if not e.shipped]
    shipped = [e.path.name for e in entries if e.shipped]
    assert own == ["warren_top.tmx"]  # a game starts on the entry level only
    assert "twin_wells_level1.tmx" in shipped and "twin_wells_level2.tmx" not in shipped


def test_tr_skirmish_rats_start_in_their_zone_on_the_entry_level(tmp_path: Path) -> None:
    state = Session.new("tunnel_rats", 1, {"map": str(complex_maps(tmp_path))}).state
    zone = {(x, y) for x in range(1, 4) for y in range(1, 3)}
    assert len(state.rats) == 3
    assert all(r.level == 0 and r.cell in zone for r in state.rats.values())


def test_tr_skirmish_defenders_are_dealt_over_the_levels_that_hold_them(tmp_path: Path) -> None:
    """Three defenders, two more for the lower level, in turn over both levels."""
    state = Session.new("tunnel_rats", 1, {"map": str(complex_maps(tmp_path))}).state
    levels = sorted(e.level for e in state.scenario.enemies)
    assert levels == [0, 0, 0, 1, 1]
    assert len(state.enemies) == 5
    assert state.scenario.max_reinforcements == 2


def test_tr_skirmish_objective_makes_a_retrieve_victory(tmp_path: Path) -> None:
    """The first objective of the complex (entry level first) is the one to carry out;
    the round limit is 15, 6 more for the lower level, 6 more to fetch it."""
    scenario = Session.new("tunnel_rats", 1, {"map": str(complex_maps(tmp_path))}).state.scenario
    assert (scenario.victory.kind, scenario.victory.objective) == ("retrieve", "Documents")
    assert scenario.victory.objective_level == 1 and scenario.round_limit == 27
    first = complex_maps(tmp_path / "b", top_objective=True)
    scenario = Session.new("tunnel_rats", 1, {"map": str(first)}).state.scenario
    assert (scenario.victory.objective, scenario.victory.objective_level) == ("Rice store", 0)


def test_tr_skirmish_without_objectives_is_won_by_eliminating(tmp_path: Path) -> None:
    top = complex_maps(tmp_path, low=False)
    scenario = Session.new("tunnel_rats", 1, {"map": str(top)}).state.scenario
    assert scenario.victory.kind == "eliminate" and scenario.round_limit == 15
    assert scenario.briefing is not None and "Kill every defender" in scenario.briefing.rats_goal


def test_tr_skirmish_needs_the_rats_zone_and_a_place_for_defenders(tmp_path: Path) -> None:
    top = complex_maps(tmp_path, low=False)
    text = top.read_text(encoding="utf-8")
    top.write_text(text.replace('value="rats"', 'value="vc"'), encoding="utf-8")
    with pytest.raises(DataError, match="the rats need a deployment zone on the entry level"):
        Session.new("tunnel_rats", 1, {"map": str(top)})
    problems = [str(p) for p in check_map(top)]
    assert f"{top}: layer objects: object 1 'Shaft bottom': deployment zone of side 'vc'; " \
        "expected rats or defenders" in problems  # fmt: skip
    assert any("the rats need a deployment zone on the entry level" in p for p in problems)
    no_defenders = text.replace('value="defenders"', 'value="rats"').replace(
        'type="spawn"', 'type="marker"'
    )
    top.write_text(no_defenders, encoding="utf-8")
    assert any("the defenders need a deployment zone" in str(p) for p in check_map(top))


def test_tr_check_names_an_unnamed_objective_and_a_bad_lower_level(tmp_path: Path) -> None:
    top = complex_maps(tmp_path)
    low = tmp_path / "warren_low.tmx"
    low.write_text(
        low.read_text(encoding="utf-8").replace(' name="Documents"', ""), encoding="utf-8"
    )
    assert [str(p) for p in check_map(top)] == [
        f"{low}: layer objects: object 3: objective has no name"
    ]
    low.write_text(low.read_text(encoding="utf-8").replace("4,", "99,", 1), encoding="utf-8")
    problems = [str(p) for p in check_map(top)]
    assert problems and all(p.startswith(str(low)) for p in problems)


def test_tr_scenario_beside_the_complex_is_played(tmp_path: Path) -> None:
    top = complex_maps(tmp_path)
    (tmp_path / "warren_top.scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    state = Session.new("tunnel_rats", 1, {"map": str(top)}).state
    assert state.scenario.title == "Papers under the hamlet" and len(state.rats) == 4
    assert {e.level for e in state.enemies.values()} == {0, 1}
    skirmish = Session.new("tunnel_rats", 1, {"map": str(top), "map_scenario": "skirmish"})
    assert skirmish.state.scenario.id == "skirmish"
    assert check_map(top) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("round_limit: 25", "rounds: 25"), "rounds: Extra inputs are not permitted"),
        (
            ("side: vc, weapon: rifle", "side: khmer, weapon: rifle"),
            "enemies.0.side: Input should be 'vc' or 'nva'",
        ),
        (
            ("weapon: rifle, count: 1, level: 0", "weapon: bazooka, count: 1, level: 0"),
            "enemies.0.weapon: the vc have no weapon 'bazooka' in ",
        ),
        (
            ("objective: Documents, objective_level", "objective: Maps, objective_level"),
            "victory.objective: 'Maps' is not an objective on ",
        ),
        (("warren_low.tmx]", "warren_deep.tmx]"), "levels.1: "),
    ],
)
def test_tr_bad_scenario_beside_the_complex_is_named(
    tmp_path: Path, change: tuple[str, str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    top = complex_maps(tmp_path)
    scenario = tmp_path / "warren_top.scenario.yaml"
    scenario.write_text(SCENARIO.replace(*change), encoding="utf-8")
    before = scenario.read_bytes()
    with pytest.raises(SkirmishError) as info:
        Session.new("tunnel_rats", 1, {"map": str(top)})
    assert f"{scenario}: {expected}" in str(info.value)
    assert f"{scenario}: {expected}" in "\n".join(str(p) for p in check_map(top))
    code = main(["simulate", "tunnel_rats", "--seats", "random,random", "--games", "1",
                 "--option", f"map={top}"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 2 and expected in out and "Traceback" not in out
    assert scenario.read_bytes() == before


@pytest.mark.parametrize("with_scenario", [False, True], ids=["skirmish", "scenario"])
def test_tr_random_games_play_out_on_a_new_complex(tmp_path: Path, with_scenario: bool) -> None:
    top = complex_maps(tmp_path)
    if with_scenario:
        (tmp_path / "warren_top.scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    for seed in (1, 2, 3):
        result = play_match("tunnel_rats", seed, ["random", "random"], {"map": str(top)}, 5000)
        assert result.outcome is not None, f"seed {seed} did not finish"


def test_tr_a_save_keeps_every_level_and_resumes_when_one_changed(tmp_path: Path) -> None:
    top = complex_maps(tmp_path / "mine")
    (tmp_path / "mine" / "warren_top.scenario.yaml").write_text(SCENARIO, encoding="utf-8")
    session = Session.new("tunnel_rats", 4, {"map": str(top)}, ("random", "random"))
    for _ in range(8):
        session.apply(session.state.candidate_actions()[0])
    assert session.map_copy is not None
    assert sorted(session.map_copy.files) == [
        "warren_low.tmx", "warren_top.scenario.yaml", "warren_top.tmx"
    ]  # fmt: skip
    save = tmp_path / "saves" / "tr.json"
    save.parent.mkdir()
    save_session(session, save)
    low = tmp_path / "mine" / "warren_low.tmx"
    low.write_text(low.read_text(encoding="utf-8").replace("Bunker", "Dugout"), encoding="utf-8")
    notice = save_map_notice(save)
    assert notice is not None and "warren_top.tmx has changed" in notice
    loaded = load_session(save)
    assert loaded.actions == session.actions
    assert loaded.state.world.key == session.state.world.key


def test_tr_simulate_and_check_map_on_a_complex(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    top = complex_maps(tmp_path)
    assert main(["check-map", str(top)]) == 0
    code = main(["simulate", "tunnel_rats", "--seats", "random,random", "--games", "2",
                 "--option", f"map={top}"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "Tunnel Rats: 2 games" in out and "unfinished 0" in out
