"""5.56mm vehicles on screen (rules version 3), through the real window's handlers: the
HMMVs are drawn with their name tags, a driver's Drive is chosen with a number key and
the vehicle moves, and the box before a Full Speed roll lists the 4.62 rows' chances."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_five_five_six import drawn_texts, my_view, start, table_of  # noqa: E402

from game.rules.five_five_six.actions import Drive, DriveTask  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import make_app, press  # noqa: E402
from game.ui.tables.five_five_six.table import CHOICE_KEYS  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def test_ui_a_driver_drives_his_hmmv_with_a_number_key(app: App) -> None:
    game = start(app, ["human", "random"], seed=11, scenario="convoy_ambush")
    table = table_of(game)
    for _ in range(40):
        view = my_view(app, game)
        who = view.board.characters[view.go.character] if view.go else None  # type: ignore[union-attr]
        shown = table.shown(view)
        drives = [i for i, a in enumerate(shown[:9]) if isinstance(a, Drive)]
        if who is not None and who.seat == "driver" and drives:
            break
        press(app, pygame.K_RETURN, settle=2)
    else:
        raise AssertionError("no driver's go with a drive listed came up")
    texts = drawn_texts(app)
    assert "HMMV One" in texts and "HMMV Two" in texts
    vehicle = view.board.vehicles[who.aboard]  # type: ignore[index]
    before = game.session.state.board.vehicles[vehicle.id].pos
    chosen = shown[drives[0]]
    assert isinstance(chosen, Drive)
    fast = Drive(chosen.character, chosen.to, DriveTask.FULL_SPEED)
    if view.why_not(fast) is None:
        found = table.preview_of(view, fast)
        assert found is not None and found.rolls[0].purpose == "Drive"
        assert any('" more' in label for label, _ in found.ends)
    press(app, CHOICE_KEYS[drives[0]], settle=3)
    after = game.session.state.board.vehicles[vehicle.id].pos
    assert after != before


def test_ui_a_click_on_an_enemy_hmmv_narrows_the_choices_to_shots_at_it(app: App) -> None:
    """12.7: the ambusher clicks the HMMV: the listed shots at it and at the men aboard
    it are what is left (one alone at an empty vehicle is taken at once); pointing at
    it names its Armour, speed and damage."""
    from test_ui_five_five_six import at, point_to

    from game.rules.five_five_six.actions import Fire
    from game.ui.driver import click

    game = start(app, ["random", "human"], seed=10, scenario="convoy_ambush")
    table = table_of(game)
    for _ in range(40):
        view = my_view(app, game, seat=1)
        shots = [
            a
            for a in view.candidate_actions
            if isinstance(a, Fire) and a.target in view.board.vehicles
        ]
        if shots:
            break
        press(app, pygame.K_RETURN, settle=2)
    else:
        raise AssertionError("no shot at a vehicle came up")
    vehicle = view.board.vehicles[shots[0].target]
    point_to(app, at(table, vehicle.pos))
    assert f"Armour +{vehicle.profile.armour}" in drawn_texts(app)
    before = len(game.session.actions)
    click(app, at(table, vehicle.pos))
    if len(game.session.actions) == before:  # several listed: narrowed to the vehicle
        assert table.picks.target == vehicle.id
        listed = [a for a in table.shown(game.view()) if isinstance(a, Fire)]
        aboard = {c.id for c in game.session.state.board.aboard(vehicle)}
        assert listed and all(a.target in {vehicle.id, *aboard} for a in listed)
    else:
        assert game.session.actions[before] in [a.to_str() for a in shots]


def test_ui_the_convoy_plays_to_an_end_computer_against_computer(app: App) -> None:
    """The convoy ambush on the real table, both seats the computer (as in the demo),
    to its end: every frame drawn with the HMMVs driving, burning or getting through."""
    from game.ui.driver import frames

    game = start(app, ["ai", "ai"], seed=4, scenario="convoy_ambush")
    for _ in range(3000):
        if game.session.state.outcome() is not None:
            break
        frames(app, 1, 0.2)
    assert game.session.state.outcome() is not None
    assert any(text.startswith("drive ") for text in game.session.actions)


def test_ui_a_click_on_a_vehicle_offers_the_men_aboard_by_mouse_and_keyboard(app: App) -> None:
    """12.3/12.7: the ambusher clicks an HMMV: the panel lists the men aboard as
    buttons; a click on one picks him (his card, the actions at him), Tab and a second
    click on the vehicle go on to the next man aboard."""
    from test_ui_five_five_six import at

    from game.ui.driver import click
    from game.ui.tables.five_five_six.choices import aboard_of, narrowed, targets_of

    game = start(app, ["random", "human"], seed=10, scenario="convoy_ambush")
    table = table_of(game)
    view = my_view(app, game, seat=1)
    vehicle = next(v for v in view.board.vehicles.values() if len(aboard_of(view, v.id)) >= 2)
    men = [c.id for c in aboard_of(view, vehicle.id)]
    before = len(game.session.actions)
    click(app, at(table, vehicle.pos))
    assert len(game.session.actions) == before  # nothing taken: a choice first
    assert table.picks.target == vehicle.id
    assert "Aboard:" in drawn_texts(app)
    assert [cid for _, cid in table.aboard_buttons] == men
    button = table.aboard_buttons[1][0]
    click(app, button.rect.center)  # the mouse: the second man aboard
    assert table.picks.target == men[1] and table.selected == men[1]
    view = game.view()
    assert all(men[1] in targets_of(a, view) for a in narrowed(view, table.picks))  # type: ignore[arg-type]
    assert len(men) == 4  # driver, gunner and two passengers
    press(app, pygame.K_TAB)  # the keyboard: the next man aboard
    assert table.picks.target == men[2]
    click(app, at(table, vehicle.pos))  # a click on the vehicle again: the next one
    assert table.picks.target == men[3]
    click(app, at(table, vehicle.pos))  # past the last man: the vehicle itself
    assert table.picks.target == vehicle.id
    assert len(game.session.actions) == before


def test_ui_v41_the_choices_name_a_full_speed_runs_changes_of_direction() -> None:
    from game.maps.tabletop import to_point
    from game.rules.five_five_six.actions import Pilot, PilotTask
    from game.ui.tables.five_five_six.vehicles import vehicle_words
    from tests.five_five_six_heli_support import hawk_game
    from tests.five_five_six_support import new_game

    board = new_game("convoy_ambush").board
    hmmv = board.vehicles["hmmv_1"]
    swerve = Drive("reyes", hmmv.pos, DriveTask.FULL_SPEED, bend=45, then=-45, after=4)
    assert vehicle_words(swerve, board) == (
        'Drive the HMMV One straight on at Full Speed, veering 45 right, then 45 left after 4" '
        "(special)"
    )
    _, board, hawk = hawk_game()
    veer = Pilot("reyes", hawk.pos, PilotTask.FULL_SPEED, bend=-45)
    assert vehicle_words(veer, board) == (
        "Fly the Super Six where it is at Full Speed, veering 45 left (special)"
    )
    assert vehicle_words(Pilot("reyes", to_point(8, 12), PilotTask.FULL_SPEED), board) == (
        'Fly the Super Six 2" east at Full Speed (special)'
    )
