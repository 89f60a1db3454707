"""'65 vehicles on screen (15d, 8b, 9): counters turned to their facing with the front
wedge, wrecks, passengers on top, the AP odds of a hovered shot, and a scenario 4
table drawn through the real window."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from sixty_five_support import new_state, unit  # noqa: E402
from test_sixty_five_flow import _impulse_with, _to_impulse  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402
from game.ui.tables.sixty_five.vehicles import WEDGE, WRECK, draw_vehicle  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


@pytest.mark.parametrize("degrees", [0, 60, 120, 180, 240, 300])
def test_ui_65_15d_the_counter_turns_its_front_wedge_to_the_facing(app: App, degrees: int) -> None:
    """15d: the wedge on the counter's front corner points the way the vehicle faces."""
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(70, 70, 60, 60)
    angle = math.radians(degrees)
    draw_vehicle(surface, app.assets, rect, unit("t", "us_m48", 0, "1C3", facing=0), angle)
    xs = ys = n = 0
    for x in range(200):
        for y in range(200):
            if tuple(surface.get_at((x, y)))[:3] == WEDGE:
                xs, ys, n = xs + x, ys + y, n + 1
    assert n > 5
    seen = math.atan2(ys / n - rect.centery, xs / n - rect.centerx)
    off = (math.degrees(seen) - degrees + 180) % 360 - 180
    assert abs(off) < 20, off


def _duel_view(app: App) -> tuple[SixtyFiveTable, SixtyFiveView, str]:
    units = [unit("m48", "us_m48", 0, "1C5", facing=0), unit("pt", "nva_pt76", 1, "1C1", facing=3)]
    state, _ = new_state(units, 7, limit=5)
    _to_impulse(state, 0)
    _impulse_with(state, 0, ["c05"])  # Fire
    state.world.wrecks.append("1E3")
    state.world.units["r"] = unit("r", "us_rifle", 0, "1C5", carrier="m48")
    view = state.view(0)
    table = SixtyFiveTable(app.assets)
    return table, view, "1C1"


def test_ui_65_15_hovering_an_armoured_target_gives_to_hit_and_armour_odds(app: App) -> None:
    table, view, target_hex = _duel_view(app)
    table.picks = replace(table.picks, unit="m48")
    found = table.hover_fire(view, target_hex)
    assert found is not None
    _, line = found
    # range 4 - TM 2 + clear 0 = 2; APF 4 + 1 within 4 hexes = 5; the PT-76 faces away:
    # its flank armour, 2 - 1 = 1 (15d)
    assert "to-hit 2" in line and "APF 5 vs armour 1" in line and "destroyed" in line


def test_ui_65_18j_hovering_a_target_after_picking_where_a_move_and_fire_stops(
    app: App,
) -> None:
    """18j, 15: with a Move & Fire card, the tank and the hex it stops in picked, the
    hover over the enemy gives the odds of the shot from that hex (Interpretation 97),
    not from where the tank stands; with no hex picked it gives the shot in place."""
    from game.rules.sixty_five.actions import Play
    from game.rules.sixty_five.turn import Phase

    units = [unit("m48", "us_m48", 0, "1C5", facing=0), unit("pt", "nva_pt76", 1, "1C1", facing=3)]
    state, _ = new_state(units, 7, limit=5)
    _to_impulse(state, 0)
    _impulse_with(state, 0, ["c31"])  # Move & Fire
    assert state.phase is Phase.IMPULSE
    view = state.view(0)
    ends = {
        a.path[-1] for a in view.candidate_actions
        if isinstance(a, Play) and a.block == "move_and_fire" and a.path and a.target == "pt"
    }  # fmt: skip
    assert "1C4" in ends
    table = SixtyFiveTable(app.assets)
    table.picks = replace(table.picks, card="c31", unit="m48")
    here = table.hover_fire(view, "1C1")
    table.picks = replace(table.picks, hex="1C4")
    moved = table.hover_fire(view, "1C1")
    assert here is not None and moved is not None
    assert isinstance(here[0], Play) and not here[0].path
    assert isinstance(moved[0], Play) and moved[0].path and moved[0].path[-1] == "1C4"
    # range 4 from 1C5 and 3 from 1C4: the to-hit number falls by one (15b)
    near, far = view.explain(moved[0]), view.explain(here[0])
    assert near is not None and far is not None
    assert near.numbers["to_hit"] == far.numbers["to_hit"] - 1
    assert f"to-hit {near.numbers['to_hit']} " in moved[1] and moved[1] != here[1]


def test_ui_65_a_scenario_4_table_draws_vehicles_wrecks_and_riders(app: App) -> None:
    """The real window: scenario 4 played at random until a wreck lies on the board; the
    wreck's colour is drawn in its hex."""
    from game.core.rng import Rng

    for seed in range(1, 20):  # most random games of scenario 4 wreck a vehicle
        session = Session.new("sixty_five", seed, {"scenario": "4"}, ["human", "random"])
        rng = Rng(seed)
        for _ in range(6000):
            state = session.state
            if state.current_player() is None or (
                state.world.wrecks and state.current_player() == 0
                and state.phase.value == "impulse"
            ):  # fmt: skip
                break
            session.apply(state.random_action(rng))
        if session.state.world.wrecks and session.state.current_player() == 0:
            break
    assert session.state.world.wrecks
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    frames(app, 3)
    app.draw()
    table = game.table
    assert isinstance(table, SixtyFiveTable) and table.picture is not None
    wreck = session.state.world.wrecks[0]
    cx, cy = table.picture.centre(wreck)
    r = round(table.picture.hex_size() * 0.45)
    colours = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(cx - r, cx + r)
        for y in range(cy - r, cy + r)
    }
    assert WRECK in colours


def test_ui_65_15_the_two_draws_of_a_shot_show_in_turn_then_its_outcome(app: App) -> None:
    """15: the targeting card, then the armour card, each in its turn; the line under
    them says what the shot came to once both are shown."""
    from game.rules.sixty_five.vehicles.events import ApArmourDrawn, ApTargetingDrawn
    from game.ui.tables.sixty_five.paint import DrawnCard

    table, view, _ = _duel_view(app)
    events = [
        ApTargetingDrawn(card="c21", unit="m48", target="pt", to_hit=2, result="hit"),
        ApArmourDrawn(
            card="c12", unit="m48", target="pt", modified_apf=5, armour=1, result="destroyed"
        ),
    ]
    table.on_events(events, view)
    assert table.last_draw == [("c21", True), ("c12", True)]
    delays = sorted(e.delay for e in table.fx.of_type(DrawnCard))
    assert len(delays) == 2 and delays[0] < delays[1]
    assert table.ap_result == "APF 5 vs armour 1: destroyed"
