"""5.56mm helicopters on screen (rules version 3), through the real window: Black Hawks
drawn with their altitude in the name tag (flying, hovering, landed) and a ground
shadow only in the air; the choices' words and the box before a Pilot Task (4.72 rows)
and a Fast Rope (4.81 rows)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator, Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_five_five_six import drawn_texts, start  # noqa: E402

from game.maps.tabletop import to_point  # noqa: E402
from game.rules.five_five_six.actions import FastRope, Pilot, PilotTask  # noqa: E402
from game.rules.five_five_six.vehicles.shared import Motion  # noqa: E402
from game.rules.five_five_six.vehicles.state import Vehicle  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import make_app  # noqa: E402
from game.ui.tables.five_five_six import helicopters as heli  # noqa: E402
from tests.five_five_six_heli_support import hawk_game  # noqa: E402
from tests.five_five_six_support import give_go  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def test_ui_helicopters_show_their_altitude_and_a_shadow_only_in_the_air(app: App) -> None:
    game = start(app, ["human", "random"], seed=3, scenario="convoy_ambush")
    board = game.session.state.board
    for vid, name, at, motion in (
        ("hawk", "Super Six", (8, 8), Motion(18.0, altitude="flying")),
        ("hawk2", "Super Four", (22, 20), Motion(12.0, altitude="hovering", hover_tn_penalty=1)),
        ("hawk3", "Star 41", (12, 29), Motion(10.0, altitude="ground", halted=True)),
    ):
        board.vehicles[vid] = Vehicle(vid, "black_hawk", 0, name, to_point(*at), 0, "m2", motion)
    game.__dict__.pop("_view_cache", None)
    texts = drawn_texts(app)
    assert 'Super Six flying 18"' in texts
    assert "Super Four hovering +1 TN" in texts and "Star 41 landed" in texts
    shown = pygame.Surface((200, 200))
    for vehicle, shaded in ((board.vehicles["hawk"], True), (board.vehicles["hawk3"], False)):
        shown.fill((200, 200, 200))
        vehicle.pos = to_point(4, 4)

        def to_screen(p: Sequence[float], v: Vehicle = vehicle) -> tuple[float, float]:
            return (100 + (p[0] - v.pos[0]) * 0.15, 100 + (p[1] - v.pos[1]) * 0.15)

        heli.draw_shadow(shown, vehicle, to_screen)
        below = shown.get_at((100 + 22 + 60, 100 + 22))  # past the fuselage's right end
        assert (below[:3] != (200, 200, 200)) is shaded


def test_4_7_4_8_the_choices_name_flights_and_ropes_and_the_box_lists_the_rows() -> None:
    _, board, hawk = hawk_game(Motion(10.0, altitude="hovering"))
    give_go(board, "reyes")
    land = Pilot("reyes", to_point(18, 12), PilotTask.LAND)
    assert heli.heli_words(land, board) == 'Fly the Super Six 12" east and Land (special)'
    box = heli.heli_preview(board, land)
    assert box is not None and box.rolls[0].purpose == "Pilot" and box.rolls[0].tn == 9
    assert dict(box.ends) == {"lands on the zone": 1.0}  # D6 + 1 + Speed 10 against 9
    rope = FastRope("ortiz", to_point(6, 15))
    assert heli.heli_words(rope, board) == 'Fast Rope down 3" south (special)'
    box = heli.heli_preview(board, rope)
    assert box is not None and abs(sum(p for _, p in box.ends) - 1) < 1e-9


def test_ui_12_6_a_crash_path_is_drawn_as_an_arrow_with_its_length(app: App) -> None:
    """A crash's path (``CrashPath``) starts an arrow from where the vehicle was to
    where it came down, labelled with how far; it is gone once the effect ends."""
    from test_ui_five_five_six import my_view, table_of

    from game.rules.five_five_six.vehicles.events import CrashPath
    from game.ui.driver import frames
    from game.ui.tables.five_five_six.vehicle_fx import CrashArrow

    game = start(app, ["human", "random"], seed=3, scenario="convoy_ambush")
    table = table_of(game)
    view = my_view(app, game)  # the human's go: nothing else happens meanwhile
    path = CrashPath(
        vehicle="hmmv_1", label="HMMV One", start=to_point(11, 20), end=to_point(17, 20)
    )
    table.on_events([path], view)
    arrow = table.fx.of_type(CrashArrow)
    assert len(arrow) == 1 and arrow[0].inches == 6.0
    assert 'crash 6.0"' in drawn_texts(app)
    assert table.busy()
    frames(app, 10, 0.05)  # the app runs 50 times fast: the 3 s are long over
    assert not table.fx.of_type(CrashArrow)
    assert 'crash 6.0"' not in drawn_texts(app)
