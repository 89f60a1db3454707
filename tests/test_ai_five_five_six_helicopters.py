"""The 5.56mm bot with a Black Hawk (insertion scenario): the pilot flies to a hover
from which the team can rope onto the landing zone, preferring one where the ground
beneath is out of the enemy's sight; those in the back then rope down (V38: aboard,
they have not reached it)."""

from __future__ import annotations

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.ai.five_five_six.bot import FiveFiveSixBot
from game.ai.five_five_six.helicopters import pilot_value, seen_by
from game.core.rng import Rng
from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import FastRope, Pilot, PilotTask
from game.rules.five_five_six.state import FiveFiveSixState
from game.rules.five_five_six.vehicles.shared import Motion
from tests.five_five_six_support import give_go, new_game, only, place

CREW = ("wolcott", "bryant", "field", "eversmann", "blackburn", "twombly", "nelson")
ROPE_FROM_IN = 0.875 + 3.0  # half the fuselage's width and 4.81's best 3"


def _watched_yard() -> FiveFiveSixState:
    """The insertion with one militiaman watching the lane north of the yard."""
    state = new_game("insertion")
    board = state.board
    only(board, *CREW, "gunman_2")
    place(board, "gunman_2", 22, 12.6, 180)
    return state


def test_the_pilot_prefers_a_hover_over_ground_the_enemy_cannot_see() -> None:
    state = _watched_yard()
    board = state.board
    give_go(board, "wolcott")
    pilot = board.characters["wolcott"]
    seen, hidden = to_point(22, 11), to_point(22, 18)  # both within rope reach of the yard
    assert seen_by(board, 0, seen) == 1 and seen_by(board, 0, hidden) == 0
    over_seen = Pilot("wolcott", seen, PilotTask.HOVER)
    over_hidden = Pilot("wolcott", hidden, PilotTask.HOVER)
    assert state.why_not(over_seen) is None and state.why_not(over_hidden) is None
    assert pilot_value(board, pilot, over_hidden) > pilot_value(board, pilot, over_seen)


def test_the_ai_pilot_flies_to_a_hidden_hover_over_the_landing_zone() -> None:
    state = _watched_yard()
    board = state.board
    give_go(board, "wolcott")
    choice = FiveFiveSixBot(0, Rng(1)).choose(state.view(0))
    assert isinstance(choice, Pilot) and choice.task is PilotTask.HOVER, choice.to_str()
    zone = Polygon(board.setting.objective("landing_zone").outline)
    assert zone.distance(ShapelyPoint(choice.to)) / 100 <= ROPE_FROM_IN
    assert seen_by(board, 0, choice.to) == 0


def test_the_ai_ropes_down_from_a_hover_over_the_yard() -> None:
    state = _watched_yard()
    board = state.board
    hawk = board.vehicles["super_six"]
    hawk.pos, hawk.motion = to_point(22, 18), Motion(0.0, altitude="hovering")
    for man in board.aboard(hawk):
        man.pos = hawk.pos
    give_go(board, "eversmann")
    choice = FiveFiveSixBot(0, Rng(1)).choose(state.view(0))
    assert isinstance(choice, FastRope), choice.to_str()


def test_the_pilot_hovers_only_where_the_team_can_rope_onto_the_zone() -> None:
    """A Hover far from the yard (nobody could rope onto it) is worth less than the
    plain flight to the same point; one over the yard is worth more."""
    state = _watched_yard()
    board = state.board
    give_go(board, "wolcott")
    pilot = board.characters["wolcott"]
    far = to_point(12, 18)
    plain = pilot_value(board, pilot, Pilot("wolcott", far, PilotTask.NONE))
    hover = pilot_value(board, pilot, Pilot("wolcott", far, PilotTask.HOVER))
    assert hover < plain
    over = to_point(22, 18)
    assert pilot_value(board, pilot, Pilot("wolcott", over, PilotTask.HOVER)) > pilot_value(
        board, pilot, Pilot("wolcott", over, PilotTask.NONE)
    )


def test_a_hover_with_nobody_left_in_the_back_is_needless() -> None:
    state = _watched_yard()
    board = state.board
    hawk = board.vehicles["super_six"]
    for man in board.aboard(hawk):
        if man.seat == "passenger":
            man.aboard, man.seat = None, ""
            place(board, man.id, 22, 18)
    give_go(board, "wolcott")
    pilot = board.characters["wolcott"]
    over = to_point(22, 18)
    plain = pilot_value(board, pilot, Pilot("wolcott", over, PilotTask.NONE))
    assert pilot_value(board, pilot, Pilot("wolcott", over, PilotTask.HOVER)) < plain


def test_the_pilot_weighs_a_rocket_that_would_see_him_hold_still() -> None:
    """V40: a militiaman with an RPG on the roof line who sees the hovering helicopter
    costs the hover more than one with a rifle."""
    from game.ai.five_five_six.helicopters import ROCKET_SEEN, _seen_hovering

    state = new_game("insertion")
    board = state.board
    only(board, *CREW, "gunman_2")
    place(board, "gunman_2", 22, 30, 270)
    hawk = board.vehicles["super_six"]
    rifle = _seen_hovering(board, 0, hawk, to_point(22, 18), 0)
    gunman = board.characters["gunman_2"]
    from dataclasses import replace

    gunman.profile = replace(gunman.profile, gear=(*gunman.profile.gear, "rpg"))
    rocket = _seen_hovering(board, 0, hawk, to_point(22, 18), 0)
    assert rocket == ROCKET_SEEN and rocket > rifle > 0


def test_a_man_ropes_down_out_of_the_enemys_sight_where_he_can() -> None:
    """Of the rope points the bot adds, the one the watcher sees is worth less than an
    equally good one he does not see."""
    from game.ai.five_five_six.helicopters import rope_downs, rope_value
    from game.ai.five_five_six.places import Places, objectives

    state = _watched_yard()
    board = state.board
    hawk = board.vehicles["super_six"]
    hawk.pos, hawk.motion = to_point(22, 15), Motion(0.0, altitude="hovering")
    for man in board.aboard(hawk):
        man.pos = hawk.pos
    give_go(board, "eversmann")
    ropes = rope_downs(board, board.characters["eversmann"])
    assert len(ropes) >= 3 and all(state.why_not(r) is None for r in ropes)
    places = Places(board, board.characters["eversmann"], objectives(board, 0), frozenset())
    man = board.characters["eversmann"]
    best = max(ropes, key=lambda r: rope_value(board, places, man, r))  # type: ignore[arg-type]
    assert isinstance(best, FastRope) and seen_by(board, 0, best.to) == 0
