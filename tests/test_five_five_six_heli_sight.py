"""5.56mm: sight to and from a helicopter in the air is traced at its altitude
(Interpretation V40, rules version 4)."""

from __future__ import annotations

import pytest

from game.maps.tabletop_geometry import TableGeometry
from game.maps.tabletop_measure import RoundBase
from game.maps.tabletop_sight import SightQuery, lifted_share
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.vehicles.shared import ALTITUDE_IN, Motion
from game.rules.five_five_six.vehicles.state import Vehicle
from tests.five_five_six_heli_support import hawk_game
from tests.five_five_six_support import place

FLYING = Motion(10.0, altitude="flying")
HOVERING = Motion(10.0, altitude="hovering")
LANDED = Motion()


def _behind_the_building(motion: Motion, chief_y: float = 20) -> tuple[Board, Vehicle]:
    """The Black Hawk north of the convoy map's 3" building (x 19-25, y 9-14), the
    ambusher Chief south of it on the road: the building stands between them."""
    _, board, hawk = hawk_game(motion, x=22, y=4)
    place(board, "chief", 22, chief_y, 90)
    return board, hawk


def test_v40_altitudes_of_a_helicopter() -> None:
    assert ALTITUDE_IN == {"ground": 0.0, "hovering": 6.0, "flying": 12.0}


def test_v40_a_building_between_hides_a_landed_black_hawk_not_a_flying_one() -> None:
    """V40: a 3" building 6" in front of the viewer hides the landed Black Hawk
    behind it, but the sight line to one flying 12" up clears the roof."""
    board, hawk = _behind_the_building(LANDED)
    assert not board.vehicle_sight(board.characters["chief"], hawk).clear
    board, hawk = _behind_the_building(FLYING)
    sight = board.vehicle_sight(board.characters["chief"], hawk)
    assert sight.clear and sight.visible_share == 1.0


def test_v40_a_hovering_black_hawk_shows_in_part_over_the_roof() -> None:
    """Hovering at 6" the line over the roof's edge reaches 6.33" at the helicopter:
    the bottom of its 2.5" height is hidden, most of it shows."""
    board, hawk = _behind_the_building(HOVERING)
    sight = board.vehicle_sight(board.characters["chief"], hawk)
    assert sight.clear and 0.5 < sight.visible_share < 1.0


def test_v40_right_behind_the_wall_even_a_flying_helicopter_is_hidden() -> None:
    """Standing 1.5" from the 3" building the Chief looks up too steeply: the roof
    hides even the flying Black Hawk 11" beyond it."""
    board, hawk = _behind_the_building(FLYING, chief_y=15.5)
    assert not board.vehicle_sight(board.characters["chief"], hawk).clear


def test_v40_the_men_aboard_are_seen_and_see_from_the_altitude() -> None:
    """Ortiz in the back of the flying Black Hawk and the Chief see each other over
    the building; on the ground they would not."""
    board, _ = _behind_the_building(FLYING)
    chief, ortiz = board.characters["chief"], board.characters["ortiz"]
    assert board.sight(chief, ortiz).clear and board.sight(ortiz, chief).clear
    board, _ = _behind_the_building(LANDED)
    chief, ortiz = board.characters["chief"], board.characters["ortiz"]
    assert not board.sight(chief, ortiz).clear and not board.sight(ortiz, chief).clear


def test_v40_rules_version_3_still_sees_a_flying_helicopter_as_on_the_ground() -> None:
    """Games of rules version 3 replay as they were played: the building hid it."""
    board, hawk = _behind_the_building(FLYING)
    object.__setattr__(board.setting, "version", 3)
    assert board.altitude_in(hawk.id) == 0.0
    assert not board.vehicle_sight(board.characters["chief"], hawk).clear


@pytest.mark.parametrize(
    ("height", "near", "far", "expected"),
    [
        (3.0, 0.375, 0.6875, 0.0),  # the flying case: the line passes 6.33" over
        (3.0, 0.1, 0.2, 1.0),  # a 3" wall close in front: the line climbs 21"
        (0.5, 0.0, 0.5, 0.0),  # lower than the eyes: hides nothing
    ],
)
def test_v40_lifted_share_reads_the_line_over_the_piece(
    height: float, near: float, far: float, expected: float
) -> None:
    query = SightQuery(
        RoundBase((0, 0), 50), RoundBase((1600, 0), 50), 1.0, 2.5, target_altitude=12.0
    )
    assert lifted_share(query, height, near, far) == pytest.approx(expected)


def test_v40_a_viewer_in_the_air_sees_over_a_wall_but_not_a_man_right_behind_it() -> None:
    """From 13" up (12" altitude + 1" eyes), 16" away: a 3" piece halfway hides none of
    a man on the ground; one touching him 0.2" before him hides all of him."""
    query = SightQuery(
        RoundBase((0, 0), 50), RoundBase((1600, 0), 50), 1.0, 1.0, viewer_altitude=12.0
    )
    assert lifted_share(query, 3.0, 0.4, 0.6) == 0.0
    assert lifted_share(query, 3.0, 0.95, 0.99) == 1.0


def test_v40_ground_pairs_are_traced_as_before(hawk_geometry: TableGeometry) -> None:
    """Without an altitude the flat rule holds unchanged (RatFight and 5.56mm alike)."""
    a, b = RoundBase((2200, 2000), 50), RoundBase((2200, 400), 50)
    flat = hawk_geometry.sight(a, b)
    assert flat == hawk_geometry.sight(a, b, viewer_altitude=0.0, target_altitude=0.0)
    assert not flat.clear


@pytest.fixture
def hawk_geometry() -> TableGeometry:
    _, board, _ = hawk_game()
    return board.setting.geometry
