"""5.56mm 12.8: the Jeep in play, as the ambushers' technical in the scenario
``convoy_technical`` (a new scenario: ``convoy_ambush`` is unchanged)."""

from __future__ import annotations

from game.ai.match import play_match
from game.ai.registry import make_bot
from game.core.rng import Rng
from game.rules.five_five_six.actions import Drive
from game.rules.five_five_six.vehicles.shared import Motion
from tests.five_five_six_support import give_go, new_game


def test_12_8_the_technical_is_a_jeep_with_its_m60_and_two_ambushers_aboard() -> None:
    board = new_game("convoy_technical").board
    jeep = board.vehicles["technical"]
    profile = jeep.profile
    assert (profile.movement_in, profile.speed, profile.manoeuvre, profile.armour) == (10, 3, 5, 6)
    assert jeep.side == 1 and jeep.weapon == "m60" and jeep.motion == Motion()
    assert {c.id: c.seat for c in board.aboard(jeep)} == {"jama": "driver", "nur": "gunner"}
    assert board.setting.version == 5


def test_the_convoy_ambush_itself_is_unchanged() -> None:
    board = new_game("convoy_ambush").board
    assert set(board.vehicles) == {"hmmv_1", "hmmv_2"}
    assert "jama" not in board.characters and "nur" not in board.characters


def test_12_8_the_ai_drives_the_technical_on_its_drivers_go() -> None:
    state = new_game("convoy_technical")
    give_go(state.board, "jama")
    before = state.board.vehicles["technical"].pos
    bot = make_bot("ai", "five_five_six", 1, Rng(1))
    chosen = bot.choose(state.view(1))
    assert isinstance(chosen, Drive) and chosen.character == "jama"
    state.apply(chosen)
    assert state.board.vehicles["technical"].pos != before


def test_convoy_technical_plays_to_an_end_ai_against_random_from_both_seats() -> None:
    for seats in (("ai", "random"), ("random", "ai")):
        result = play_match("five_five_six", 5, seats, {"scenario": "convoy_technical"})
        assert result.outcome is not None
