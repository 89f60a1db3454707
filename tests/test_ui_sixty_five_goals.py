"""'65 goals on the table (24, issue 31): every objective the scenario scores is drawn
with its name on the board, the side panel's lines give the progress toward victory,
and the choices and status name units and sides, through the real window's handlers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.sixty_five.actions import Place  # noqa: E402
from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.sixty_five.art import SEAT_COLOURS  # noqa: E402
from game.ui.tables.sixty_five.goals import goals  # noqa: E402
from game.ui.tables.sixty_five.paint import info_lines  # noqa: E402
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402

IDS = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\bc\d\d\b|Player \d|Vc Nva")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def _scene(app: App, scenario: str, seed: int = 3) -> GameScene:
    game = GameScene(
        app, Session.new("sixty_five", seed, {"scenario": scenario}, ["human", "random"])
    )
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def _table(game: GameScene) -> SixtyFiveTable:
    assert isinstance(game.table, SixtyFiveTable)
    return game.table


def test_ui_65_24_scenario_5_the_camp_centre_is_drawn_with_its_name(app: App) -> None:
    """Scenario 5: the NVA score 10 VP for 3I5; the board tags it "Camp centre 10 VP" in
    the colour of the side holding it (the Americans, who set up there)."""
    game = _scene(app, "5")
    table = _table(game)
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    ground = table.ground(view)
    camp = [g for g in goals(view, ground) if g.hex == "3I5"]
    assert [(g.text, g.seat) for g in camp] == [("Camp centre 10 VP", 0)]
    pic = table.picture
    assert pic is not None
    pic.look_at(["3I5"], force=True)
    app.draw()
    x, y = pic.centre("3I5")
    tag_y = round(y + pic.hex_size() * 0.36)
    seen = {tuple(app.screen.get_at((x + dx, tag_y))[:3]) for dx in range(-30, 31, 3)}
    assert SEAT_COLOURS[0] in seen
    assert "Objective 3I5 (10 VP to the NVA): held by the Americans" in view.progress()


def test_ui_65_24_scenario_1_every_building_hex_scores_and_is_tagged(app: App) -> None:
    """Scenario 1: 1 VP for each building hex held at the end; each has its tag, and the
    side panel counts them for both sides."""
    game = _scene(app, "1")
    table = _table(game)
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    ground = table.ground(view)
    buildings = [h for h in ground.hexes() if ground.terrain(h).id == "building"]
    tagged = {g.hex for g in goals(view, ground) if g.text == "1 VP"}
    assert buildings and tagged == set(buildings)
    lines = [text for text, _colour, _size in info_lines(view)]
    assert lines[0].startswith("Turn 1 of 7 (End Turn cards ")
    assert "Victory points: Americans 0, Viet Cong 0" in lines[1]
    assert f"Building hexes held ({len(buildings)}):" in lines[2]


def test_ui_65_choices_and_status_name_units_and_sides(app: App) -> None:
    """The set-up choices, the status line and the log name the counters and the sides:
    'Set up VC Rifle 1 in ...', never an id; the first choice is played with key 1."""
    game = _scene(app, "1")
    table = _table(game)
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    assert table.status(view) == "Turn 1 of 7: set-up, the Viet Cong"
    # The Viet Cong set up first: play as them through the keys.
    game = GameScene(app, Session.new("sixty_five", 3, {"scenario": "1"}, ["random", "human"]))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    table = _table(game)
    pic = table.picture
    assert pic is not None
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    first = next(a for a in view.candidate_actions)
    assert isinstance(first, Place)
    target = first.hex
    table.picks = type(table.picks)(hex=target)
    labels = table.choice_labels(view)
    unit = next(u for u in view.units if u.id == first.unit)
    name = unit.type.name if unit.hero else f"VC {unit.type.name} {unit.id.rsplit('_', 1)[1]}"
    assert labels[0] == f"Set up {name} in {target}"
    assert not any(IDS.search(label) for label in labels)
    press(app, pygame.K_1)
    frames(app, 2)
    assert game.session.actions and game.session.actions[0].startswith("place ")
    log = game.log_text()
    assert re.search(r"(VC \w+ \d|Ngo|Phan) sets up in \d[A-K]\d", log)
    assert not IDS.search(log)


def test_ui_65_every_decision_window_is_asked_in_words() -> None:
    """Each kind of decision the rules open (11, 12, 13, 15, 18k, 19f, 20, 21h, 18u)
    has its own question in the panel, naming the unit or hex and never a code name."""
    from dataclasses import replace

    from game.rules.sixty_five import SixtyFive
    from game.rules.sixty_five.world import Window
    from game.ui.tables.sixty_five.choices import window_text

    state = SixtyFive().new_game(3, {"scenario": "5"})
    view = state.view(0)
    unit = next(iter(state.world.units))
    for window in Window:
        by_hex = (Window.STRIKE_COVER, Window.ASSAULT_RESULT, Window.RETREAT, Window.HIT_CHOICE)
        subject = "3I5" if window in by_hex else unit  # 13c, 12, 21g, 22g: a hex too
        asked = window_text(replace(view, window=(0, window.value, subject))) or ""
        assert asked and "A decision is open" not in asked, window
        assert not IDS.search(asked), asked
