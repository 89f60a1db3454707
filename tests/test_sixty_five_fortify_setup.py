"""'65 fortifications a side sets up (23, 24; fortify_setup.py): a set-up step's bunkers
(with a facing) and foxholes, placed in its zone before its units, by hand, by the random
player and by the bot; broken set-up data named."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.sixty_five.bot import SixtyFiveBot
from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.sixty_five.actions import Fortify, Place, parse_action
from game.rules.sixty_five.data import load_data
from game.rules.sixty_five.scenarios.new_game import new_scenario_game
from game.rules.sixty_five.scenarios.scenario import load_scenarios, zone_hexes
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.terrain.fortify_setup import fortifications_left
from game.rules.sixty_five.turn import Phase
from game.rules.sixty_five.vehicles.facing import Arc, arc_of


def _game(monkeypatch: pytest.MonkeyPatch, forts: dict[str, int], seed: int = 4) -> SixtyFiveState:
    """Scenario 2 whose first set-up step (the Americans, all of map 2) also places
    ``forts``."""
    import game.rules.sixty_five.scenarios.new_game as ruleset

    two = load_scenarios()["2"]
    assert two.setup[0].seat == 0
    steps = (two.setup[0].model_copy(update={"fortifications": forts}), *two.setup[1:])
    fortified = two.model_copy(update={"setup": steps})
    monkeypatch.setattr(ruleset, "load_scenarios", lambda: {"2": fortified})
    return new_scenario_game("2", seed)


def test_65_24_the_fortify_action_reads_and_writes_its_text() -> None:
    for text in ("fortify bunker at 3e5 facing 4", "fortify foxhole at 2d4"):
        action = parse_action(text)
        assert isinstance(action, Fortify) and action.to_str() == text


def test_65_23_24_a_side_sets_up_its_bunkers_then_foxholes_then_its_units(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Interpretation 27: the step's bunkers come first (each hex with each of six
    facings), then its foxholes, then its units; each refused out of turn."""
    state = _game(monkeypatch, {"bunker": 1, "foxhole": 2})
    w, sc = state.world, state.scenario
    assert sc is not None and state.phase is Phase.SETUP
    zone = zone_hexes(w.field, sc.setup[0].zone)
    listed = state.candidate_actions()
    assert listed and all(isinstance(a, Fortify) and a.kind == "bunker" for a in listed)
    assert {a.facing for a in listed if isinstance(a, Fortify)} == set(range(6))
    hexes = [h for h in zone if Fortify("bunker", h, 0) in listed]
    unit = next(u for u in w.units.values() if u.seat == 0)
    assert "before its units" in (state.why_not(Place(unit.id, hexes[0])) or "")
    assert "before the foxholes" in (state.why_not(Fortify("foxhole", hexes[0])) or "")
    assert "0-5" in (state.why_not(Fortify("bunker", hexes[0])) or "")
    outside = next(h for h in w.field.hexes() if h not in zone)
    assert "zone" in (state.why_not(Fortify("bunker", outside, 1)) or "")
    building = [h for h in zone if w.field.terrain(h).id == "building"]
    if building:
        assert "building" in (state.why_not(Fortify("bunker", building[0], 1)) or "")
    state.apply(Fortify("bunker", hexes[0], 2))
    assert w.fortifications[hexes[0]].bunker == 2
    assert fortifications_left(w, sc, 0) == {"foxhole": 2}
    assert "no facing" in (state.why_not(Fortify("foxhole", hexes[0], 1)) or "")
    state.apply(Fortify("foxhole", hexes[0]))
    assert "already" in (state.why_not(Fortify("foxhole", hexes[0])) or "")
    state.apply(Fortify("foxhole", hexes[1]))
    assert fortifications_left(w, sc, 0) == {}
    assert all(isinstance(a, Place) for a in state.candidate_actions())
    assert state.snapshot()["world"]["fortifications"][hexes[0]] == {"bunker": 2}
    assert sorted(state.snapshot()["world"]["foxholes"]) == sorted(hexes[:2])


def test_65_24_random_play_and_the_bot_set_up_the_fortifications(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The random player and the bot each get through a set-up with 2 bunkers and 2
    foxholes; the bot faces each bunker toward the enemy's set-up zone."""
    for who in ("random", "bot"):
        state = _game(monkeypatch, {"bunker": 2, "foxhole": 2})
        sc = state.scenario
        assert sc is not None
        bot = SixtyFiveBot(0, Rng(2))
        rng = Rng(3)
        while state.phase is Phase.SETUP:
            seat = state.current_player()
            assert seat is not None
            if who == "bot" and seat == 0:
                action = bot.choose(state.view(0))
            else:
                action = state.random_action(rng)
            assert state.why_not(action) is None, action.to_str()
            state.apply(action)
        w = state.world
        bunkers = {h: f.bunker for h, f in w.fortifications.items() if f.bunker is not None}
        assert len(bunkers) == 2 and len(w.foxholes) == 2
        if who == "bot":
            enemy = zone_hexes(w.field, sc.setup[1].zone)
            for h, facing in bunkers.items():
                assert facing is not None
                nearest = min(enemy, key=lambda e: (w.field.distance(h, e), e))
                assert arc_of(w.field, h, facing, nearest) is Arc.FRONT


SCENARIO = """
scenarios:
  - id: "9"
    title: Test
    turns: 1
    end_turns: 3
    maps: [{{map: "1", offset: [0, 0]}}]
    setup:
      - {{seat: 0, units: {{us_rifle: 1}}, zone: {{maps: ["1"]}}, fortifications: {forts}}}
      - {{seat: 1, units: {{vc_rifle: 1}}, zone: {{maps: ["1"]}}}}
    victory: {{win: {{seat: 0}}}}
"""


@pytest.mark.parametrize(
    ("forts", "expected"),
    [("{tower: 1}", "bunker or foxhole"), ("{bunker: 0}", "at least 1"), ("[bunker]", "dict")],
)
def test_65_24_broken_set_up_fortifications_name_file_and_key(
    tmp_path: Path, forts: str, expected: str
) -> None:
    path = tmp_path / "scenarios.yaml"
    path.write_text(SCENARIO.format(forts=forts), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_scenarios(path, load_data())
    text = str(err.value)
    assert str(path) in text and "setup" in text and expected in text, text
