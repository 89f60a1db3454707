"""5.56mm 3.6 (fidelity issue, item 11; rules version 5): a man on Covering Fire "may take
a single Fire action at any target he has a line of sight on during an opposing
character's turn", inside the 90 degrees he watches; before version 5 only at the enemy
whose go it was (Interpretation S13)."""

from __future__ import annotations

import dataclasses

from five_five_six_support import give_go, load_dice, new_game, only, place, see, stack

from game.rules.five_five_six.actions import CoveringFire, SnapFire
from game.rules.five_five_six.events import ShotFired


def _watch(version: int = 5):  # type: ignore[no-untyped-def]
    """Havers watches north; the captain (whose go comes next) stands off to his west,
    outside the 90 degrees, and Gunman Yusuf straight ahead; Gunman Bile behind him."""
    state = new_game(seed=31)
    board = state.board
    board.setting = dataclasses.replace(board.setting, version=version)
    only(board, "havers", "captain", "gunman_4", "gunman_2")
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 14, 30, facing=0)
    place(board, "gunman_4", 30, 20, facing=90)
    place(board, "gunman_2", 30, 40, facing=270)
    give_go(board, "havers")
    stack(board, "KH")
    state.apply(CoveringFire("havers"))
    return state, board


def test_3_6_covering_fire_at_any_enemy_in_the_watched_arc() -> None:
    state, board = _watch()
    assert board.go is not None and board.go.character == "captain"
    assert board.asking == ["havers"], "an enemy is in his arc, though not the one acting"
    see(board, "havers", "gunman_4", 1.0)
    assert state.why_not(SnapFire("havers", "m4", "gunman_4")) is None
    assert SnapFire("havers", "m4", "gunman_4") in state.candidate_actions()
    behind = state.why_not(SnapFire("havers", "m4", "gunman_2"))
    assert behind is not None and "field of sight" in behind
    see(board, "havers", "captain", 1.0)
    acting = state.why_not(SnapFire("havers", "m4"))
    assert acting is not None and "outside the 90 degrees" in acting
    load_dice(board, 1)
    events = state.apply(SnapFire("havers", "m4", "gunman_4"))
    assert [e.target for e in events if isinstance(e, ShotFired)] == ["gunman_4"]
    assert not board.characters["havers"].covering, "one shot ends his watch"


def test_3_6_the_text_form_keeps_old_saves_and_names_the_target() -> None:
    from game.rules.five_five_six.actions import parse_action

    assert parse_action("snapfire havers m4") == SnapFire("havers", "m4")
    assert SnapFire("havers", "m4", "gunman_4").to_str() == "snapfire havers m4 at gunman_4"


def test_rules_version_4_covering_fire_shoots_only_at_the_acting_enemy() -> None:
    state, board = _watch(version=4)
    assert board.asking == [], "the acting captain is outside his arc: nobody is asked"
