"""'65 on the table: the hover line of a Satchel Charge at a unit gives the real Damage
Draw and the odds of each result (22g)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from sixty_five_support import unit  # noqa: E402
from test_sixty_five_explain_attacks import POWER, _session  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.driver import make_app  # noqa: E402
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def test_ui_65_22g_hovering_a_unit_with_a_sapper_picked_gives_the_satchel_odds(app: App) -> None:
    """22g: with a Sapper picked next to two US Rifles and a Power card in hand, the
    hover over their hex shows the Satchel Charge's 5 cards and each result's chance,
    not an unknown draw that is surely done."""
    units = [
        unit("sap", "nva_sapper", 1, "1C3"),
        unit("r1", "us_rifle", 0, "1C4"),
        unit("r2", "us_rifle", 0, "1C4"),
    ]
    state = _session(units, (POWER,)).state
    table = SixtyFiveTable(app.assets)
    table.picks = replace(table.picks, unit="sap")
    found = table.hover_fire(state.view(1), "1C4")
    assert found is not None
    action, line = found
    assert " power sap at " in str(action)
    assert "Damage Draw 5 cards" in line and "no effect" in line and "shaken" in line
    assert "?" not in line and "done" not in line


def test_ui_65_22g_the_satchel_hover_names_the_tank_in_the_hex_and_its_armour_odds(
    app: App,
) -> None:
    """22g, Interpretation 65: with an M-48 beside the Rifle, the hover line adds the
    tank's armour card by the tank's name (not its id): destroyed, shaken, no effect."""
    units = [
        unit("sap", "nva_sapper", 1, "1C3"),
        unit("r1", "us_rifle", 0, "1C4"),
        unit("m48", "us_m48", 0, "1C4", facing=0),
    ]
    state = _session(units, (POWER,)).state
    table = SixtyFiveTable(app.assets)
    table.picks = replace(table.picks, unit="sap")
    found = table.hover_fire(state.view(1), "1C4")
    assert found is not None
    line = found[1]
    assert "Damage Draw 5 cards" in line
    assert "M-48 destroyed" in line and "M-48 shaken" in line and "m48 " not in line
