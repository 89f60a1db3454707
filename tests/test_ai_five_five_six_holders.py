"""The 5.56mm bot for the side that holds an objective (game/ai/five_five_six/places.py,
``Places.urgency`` and ``Places.alarm``): an enemy who could reach the objective in his
next go is the whole game to the holders, so they shoot him first and hold him in a
melee rather than step out of harm's way."""

from __future__ import annotations

from game.ai.five_five_six.bot import FiveFiveSixBot, Go
from game.ai.five_five_six.values import shot_value
from game.core.rng import Rng
from game.rules.five_five_six.actions import Engage, Fire, Move
from game.rules.five_five_six.state import FiveFiveSixState
from tests.five_five_six_support import give_go, new_game, only, place, see


def _go(state: FiveFiveSixState, seat: int) -> Go:
    view = state.view(seat)
    return Go(view.board.copy(), seat, view)


def _ranger_at_the_wreck_and_one_far_off() -> FiveFiveSixState:
    """Gunman Ali (AK47) east of the crash site: Pte Harris 4" from him in the open but
    13" from the wreck, Pte Alberto 1" from the wreck but 14" from him (AK47 long range),
    both in plain view and in front of him."""
    state = new_game("crash_site")
    b = state.board
    only(b, "gunman_5", "harris", "alberto")
    place(b, "gunman_5", 30, 4, facing=90)
    place(b, "harris", 32, 8, facing=270)
    place(b, "alberto", 20, 13.5, facing=270)
    for ranger in ("harris", "alberto"):
        see(b, "gunman_5", ranger, 1.0)
        see(b, ranger, "gunman_5", 1.0)
    give_go(b, "gunman_5", single=True)
    return state


def test_five_five_six_ai_holders_shoot_first_the_man_who_could_reach_the_objective() -> None:
    # 3.23: the shot at Harris (short range) hits five times in six, the one at Alberto
    # (long range) once in three; but Alberto ends the game if he steps onto the wreck in
    # his next go, so the militiaman shoots at him.
    state = _ranger_at_the_wreck_and_one_far_off()
    near = Fire("gunman_5", "ak47", "harris")
    urgent = Fire("gunman_5", "ak47", "alberto")
    assert state.explain(near).outcomes["miss"] < state.explain(urgent).outcomes["miss"]
    go = _go(state, 1)
    b = state.board
    assert go.places.urgency(b.characters["alberto"]) > 3 * go.places.urgency(
        b.characters["harris"]
    )
    bot = FiveFiveSixBot(1, Rng(3))
    view = state.view(1)
    assert bot.choose(view) == urgent
    assert bot.ranked(view, 3)[0] == urgent  # the hard level's first challenger too
    assert bot.ranked(view, 3).index(near) == 1


def test_five_five_six_ai_reaching_side_is_not_hurried_by_the_holders_alarm() -> None:
    # The side that must reach the objective counts every target alike, and its
    # danger is not cut: the alarm is the holders' only.
    state = _ranger_at_the_wreck_and_one_far_off()
    b = state.board
    give_go(b, "alberto", single=True)
    go = _go(state, 0)
    assert go.places.urgency(b.characters["gunman_5"]) == 1.0
    assert go.places.alarm() == 0.0


def _ranger_stepping_onto_the_wreck() -> FiveFiveSixState:
    """Gunman Omar, his AK47 empty, 1" from Pte Alberto, who stands a step from the
    crash site; the Rangers' M60 and SAW have Omar in plain view 9" away."""
    state = new_game("crash_site")
    b = state.board
    only(b, "gunman_3", "alberto", "smith", "johnson")
    place(b, "gunman_3", 13, 16, facing=0)
    place(b, "alberto", 14.5, 14.5, facing=0)
    place(b, "smith", 13, 25, facing=270)
    place(b, "johnson", 10, 25, facing=270)
    for ranger in ("smith", "johnson"):
        see(b, "gunman_3", ranger, 1.0)
        see(b, ranger, "gunman_3", 1.0)
    b.characters["gunman_3"].ammo["ak47"] = "empty"
    give_go(b, "gunman_3")
    return state


def test_five_five_six_ai_holders_hold_a_man_about_to_reach_the_objective_in_melee() -> None:
    # 3.7/3.73: Omar cannot shoot, and the machineguns make his spot deadly, but once he
    # has Engaged Alberto, Alberto must win a roll to break away before he can step onto
    # the wreck; Omar fights rather than running for cover.
    state = _ranger_stepping_onto_the_wreck()
    go = _go(state, 1)
    alberto = state.board.characters["alberto"]
    assert go.places.inches_to_hold(alberto.pos) < 2.0
    assert go.places.alarm() == 1.0
    choice = FiveFiveSixBot(1, Rng(3)).choose(state.view(1))
    assert choice == Engage("gunman_3", "alberto")


def test_five_five_six_ai_holders_move_to_where_they_can_shoot_the_man_near_the_objective() -> None:
    # Gunman Yusuf stands behind the shop row, out of sight of Pte Alberto, who is a
    # step from the crash site; the Rangers' M60 and SAW cover the street. The militiaman
    # moves to where his AK47 has Alberto in sight (his place is worth his best shot from
    # there, and a shot at Alberto counts most), rather than only out of harm's way.
    state = new_game("crash_site")
    b = state.board
    only(b, "gunman_4", "alberto", "smith", "johnson")
    place(b, "gunman_4", 18, 2, facing=90)
    place(b, "alberto", 17, 14.5, facing=270)
    place(b, "smith", 22, 24, facing=270)
    place(b, "johnson", 12, 24, facing=270)
    give_go(b, "gunman_4")
    yusuf, alberto = b.characters["gunman_4"], b.characters["alberto"]
    assert shot_value(b, yusuf, "ak47", alberto) == 0.0  # no shot from where he stands
    choice = FiveFiveSixBot(1, Rng(3)).choose(state.view(1))
    assert isinstance(choice, Move)
    start = yusuf.pos
    yusuf.pos = choice.to
    try:
        assert shot_value(b, yusuf, "ak47", alberto) > 0.2
    finally:
        yusuf.pos = start
