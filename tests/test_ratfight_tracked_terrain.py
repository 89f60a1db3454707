"""RatFight, Movement: "some terrain will be impassable to even tracked vehicles ...
ruins, walls, deep water, large trees". From rules version 3 walls, ruins and woods
(``tracked_impassable`` in rules.yaml) bar tracked vehicles unless the map's piece sets
its own ``move_tracked``; version 2 let them climb over as a whole move."""

from __future__ import annotations

from pathlib import Path

from game.maps.tabletop import load_table, to_point
from game.rules.ratfight import RatFight
from game.rules.ratfight.actions import Move
from game.rules.ratfight.board import bar_tracked
from game.rules.ratfight.data import core_rules, load_scenario
from game.rules.ratfight.state import RatFightState
from tests.ratfight_support import hand, only, place


def _tank_at_the_churchyard_wall(version: str) -> RatFightState:
    """Saint-Aubin: the Column's light tank 1.5" short of the Churchyard wall (14..20"
    across at 18" down), facing it."""
    state = RatFight().new_game(1, {"scenario": "town_square"}, version)
    assert isinstance(state, RatFightState)
    b = state.board
    only(b, "tank")
    place(b, "tank", 17, 16.5, 90)
    hand(b, 1, "move_vehicle")
    return state


def test_ratfight_movement_a_tracked_vehicle_may_not_cross_a_wall() -> None:
    state = _tank_at_the_churchyard_wall("3")
    refusal = state.why_not(Move("tank", to_point(17, 18.5)))
    assert refusal is not None
    assert "Churchyard wall" in refusal and "impassable to tracked vehicles" in refusal
    assert "RatFight, Movement" in refusal
    assert state.why_not(Move("tank", to_point(17, 17))) is None  # short of it: fine


def test_ratfight_movement_rules_version_2_let_a_tracked_vehicle_climb_a_wall() -> None:
    state = _tank_at_the_churchyard_wall("2")
    assert state.why_not(Move("tank", to_point(17, 18.5))) is None


def test_ratfight_movement_walls_ruins_and_woods_of_every_shipped_map_bar_tracks() -> None:
    kinds = set(core_rules().tracked_impassable)
    assert kinds == {"wall", "ruins", "wood"}
    for scenario in ("farm_raid", "convoy", "town_square"):
        state = RatFight().new_game(1, {"scenario": scenario})
        assert isinstance(state, RatFightState)
        pieces = [p for p in state.board.setting.table.pieces if p.kind in kinds]
        assert pieces and all(p.move("tracked") == "impassable" for p in pieces)
        others = [p for p in state.board.setting.table.pieces if p.kind not in kinds]
        fresh = {p.id: p for p in load_table(load_scenario(scenario).map_path).pieces}
        assert all(p.move("tracked") == fresh[p.id].move("tracked") for p in others)


def test_ratfight_movement_a_map_piece_may_let_tracks_over_its_wall(tmp_path: Path) -> None:
    """A wall given ``move_tracked = climb`` on the map itself keeps it; the other wall
    of the same map is barred."""
    source = load_scenario("town_square").map_path
    text = source.read_text(encoding="utf-8")
    marker = '<object id="7" name="Churchyard wall" type="wall" x="448" y="576">'
    assert marker in text
    text = text.replace(
        marker,
        marker + '\n   <properties>\n    <property name="move_tracked" propertytype="Movement" '
        'value="climb"/>\n   </properties>',
    )
    tilesets = (source.parent.parent / "tilesets").resolve()
    text = text.replace('source="../tilesets/', f'source="{tilesets}/')
    copy = tmp_path / source.name
    copy.write_text(text, encoding="utf-8")
    table = bar_tracked(load_table(copy), ("wall", "ruins"))
    assert table.piece(7).move("tracked") == "climb"
    ruins = [p for p in table.pieces if p.kind == "ruins"]
    assert ruins and all(p.move("tracked") == "impassable" for p in ruins)
