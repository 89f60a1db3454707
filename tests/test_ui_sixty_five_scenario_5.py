"""'65 scenario 5 and the bunker as a hard target on the table (23b): the odds of a
hovered shot at the bunker itself, the rubble's terrain in the hover, and scenario 5's
wire, bunkers and tanks drawn through the real window."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_sixty_five_bunker_fire import _bunker  # noqa: E402

from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.sixty_five.model import Fortification  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.sixty_five.choices import describe, hexes_of  # noqa: E402
from game.ui.tables.sixty_five.forts import SANDBAG, WIRE  # noqa: E402
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def test_ui_65_23b_hovering_a_bunker_gives_the_hard_target_odds(app: App) -> None:
    """With the PT-76 picked, the hover over a bunker hex holding US Rifles shows the
    shot at the bunker itself: to-hit 2 (range 3 - TM 1), APF 3 against AF 4, outcomes;
    the listed action names the bunker and points at its hex."""
    state = _bunker(())
    view = state.view(1)
    table = SixtyFiveTable(app.assets)
    table.picks = replace(table.picks, unit="pt")
    line = table.hover_bunker_shot(view, "1C4")
    assert line is not None
    assert "to-hit 2" in line and "APF 3 vs AF 4" in line and "destroyed" in line
    shot = next(a for a in view.candidate_actions if getattr(a, "target", None) == "bunker_1c4")
    units = {u.id: u for u in view.units}
    assert hexes_of(shot, units) == ("1C4",)
    assert "the bunker in 1C4" in describe(shot, view, state.world.data)


def test_ui_65_22g_hovering_a_bunker_with_a_sapper_picked_gives_the_satchel_odds(
    app: App,
) -> None:
    """22g, 23b, Interpretation 88: with a Sapper next to the bunker picked and a Power
    card in hand, the hover shows the Satchel Charge at the bunker: placed (no to-hit),
    its 5 as APF against AF 4, and the outcomes."""
    from sixty_five_support import DATA, unit
    from test_sixty_five_ap_fire import _place_cards

    power = next(c.id for c in DATA.cards if c.power and c.upper == "fire")
    state = _bunker(())
    state.world.units["sap"] = unit("sap", "nva_sapper", 1, "1C3")
    _place_cards(state, 1, [power], [])
    table = SixtyFiveTable(app.assets)
    table.picks = replace(table.picks, unit="sap")
    line = table.hover_bunker_shot(state.view(1), "1C4")
    assert line is not None
    assert "placed, no to-hit" in line and "APF 5 vs AF 4" in line and "destroyed" in line


def test_ui_65_23b_the_hover_reads_rubble_terrain_where_a_bunker_fell(app: App) -> None:
    state = _bunker(())
    w = state.world
    w.fortifications["1C4"] = Fortification(rubble=True)
    table = SixtyFiveTable(app.assets)
    table._ground = w.field  # the board before the bunker fell
    ground = table.ground(state.view(1))
    assert ground.terrain("1C4").id == "rubble" and ground.cover("1C4") == 1


def test_ui_65_scenario_5_table_draws_the_wire_bunkers_and_tanks(app: App) -> None:
    """The real window: scenario 5 after set-up; the Wire on 2K3 and the sandbags of
    each US bunker are drawn in their hexes."""
    session = Session.new("sixty_five", 5, {"scenario": "5"}, ["human", "random"])
    rng = Rng(5)
    while session.state.phase.value == "setup":
        session.apply(session.state.random_action(rng))
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    frames(app, 3)
    app.draw()
    table = game.table
    assert isinstance(table, SixtyFiveTable) and table.picture is not None
    pic, screen = table.picture, app.screen

    def colours(hex_id: str) -> set[tuple[int, ...]]:
        pts = pic.outline(hex_id)
        xs, ys = [round(x) for x, _ in pts], [round(y) for _, y in pts]
        return {
            tuple(screen.get_at((x, y)))[:3]
            for x in range(min(xs), max(xs) + 1)
            for y in range(min(ys), max(ys) + 1)
        }

    assert WIRE in colours("2K3")
    bunkers = [h for h, f in session.state.world.fortifications.items() if f.bunker is not None]
    assert len(bunkers) == 3
    for h in bunkers:
        assert SANDBAG in colours(h)
    if os.environ.get("S5_SHOT"):
        pygame.image.save(screen, os.environ["S5_SHOT"])
