"""'65 rules version 9 at the table: the defenders' choice of retreat (13c) and the
attacker's choice of who takes an uneven hit (12, 21g, 22g), made through the real
window's handlers (clicks and keys posted to ``App.step``)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_sixty_five_fidelity_v9 import _spread_at_two, _two_way_assault  # noqa: E402
from test_ui_sixty_five import _scene_at, _window_of, table_of  # noqa: E402

from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, make_app, press  # noqa: E402
from game.ui.tables.sixty_five.choices import window_text  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def test_ui_sixty_five_13c_the_defender_clicks_the_hex_to_retreat_to(app: App) -> None:
    """13c: the Viet Cong player, beaten in an assault that came from 1C3 and 1E3, is
    asked which way to go (two lines in the panel), sees both ways listed, and clicks
    1C4 on the board."""
    state = _two_way_assault()
    game = _scene_at(app, state, ["random", "human"])
    view = game.view()
    assert isinstance(view, SixtyFiveView) and _window_of(game) == ("retreat", "1D3")
    text = window_text(view) or ""
    assert "retreat" in text and "1D3" in text
    assert len(app.assets.wrap(text, 18, 340)) <= 2
    texts = " | ".join(table_of(game).choice_labels(view))
    assert "Retreat to 1E4" in texts and "Retreat to 1C4" in texts
    table = table_of(game)
    assert table.picture is not None
    click(app, table.picture.centre("1C4"))
    assert game.session.state.world.units["vc1"].hex == "1C4"


def test_ui_sixty_five_21g_the_attacker_picks_who_takes_the_uneven_hit(app: App) -> None:
    """21g: the American player's spread fire hit once for two Viet Cong Rifles: the
    panel asks who takes it, lists both by name, and key 2 gives it to the second."""
    state = _spread_at_two()
    game = _scene_at(app, state, ["human", "random"])
    view = game.view()
    assert isinstance(view, SixtyFiveView) and _window_of(game) == ("hit_choice", "1E3")
    text = window_text(view) or ""
    assert "who takes the next one" in text and len(app.assets.wrap(text, 18, 340)) <= 2
    texts = " | ".join(table_of(game).choice_labels(view))
    assert "Hit VC Rifle 1" in texts and "Hit VC Rifle 2" in texts
    press(app, pygame.K_2)
    w = game.session.state.world
    assert w.units["vc_rifle_2"].shaken and not w.units["vc_rifle_1"].shaken
