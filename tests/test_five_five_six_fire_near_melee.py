"""5.56mm 7.0 (fidelity issue, item 11; rules version 5): "weapons with a Close range of
0" may fire at adjacent targets as long as neither man has Engaged" bars only a shot
between men in base contact. A man further off may fire at an enemy locked in a
hand-to-hand fight (Interpretation S12); before version 5 nobody fired at him."""

from __future__ import annotations

import dataclasses

from game.rules.five_five_six.actions import Fire
from tests.five_five_six_support import give_go, new_game, only, place

MELEE = "hand-to-hand fight"


def _fight() -> tuple[object, object]:
    """Goldberg (M16) 10" south of Gunman Yusuf, who is locked in a fight with Smith;
    Havers in base contact with Yusuf."""
    state = new_game("crash_site")
    board = state.board
    only(board, "goldberg", "smith", "havers", "gunman_4")
    place(board, "gunman_4", 20, 20, 90)
    place(board, "smith", 20, 21, 270)
    place(board, "havers", 21, 20, 180)
    place(board, "goldberg", 20, 30, 270)
    board.characters["gunman_4"].engaged = ["smith"]
    board.characters["smith"].engaged = ["gunman_4"]
    return state, board


def test_7_0_a_man_further_off_may_fire_at_an_enemy_in_a_fight() -> None:
    state, board = _fight()
    give_go(board, "goldberg")
    reason = state.why_not(Fire("goldberg", "m16", "gunman_4"))
    assert reason is None


def test_7_0_no_shot_between_men_in_base_contact_while_one_has_engaged() -> None:
    state, board = _fight()
    give_go(board, "havers")
    reason = state.why_not(Fire("havers", "m4", "gunman_4"))
    assert reason is not None and MELEE in reason


def test_rules_version_4_barred_every_shot_at_a_man_in_a_fight() -> None:
    state, board = _fight()
    board.setting = dataclasses.replace(board.setting, version=4)
    give_go(board, "goldberg")
    reason = state.why_not(Fire("goldberg", "m16", "gunman_4"))
    assert reason is not None and MELEE in reason
