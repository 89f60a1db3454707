"""5.56mm's shortcuts answer as the plain rule would, over random positions.

``closest_in_best_sight`` (3.24) stops at the nearest enemy wholly in sight instead of
tracing every enemy in the firer's field; it must name the same enemy as looking at
all of them does, wherever the characters stand and face.
"""

from __future__ import annotations

from five_five_six_support import new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.fire_play import closest_in_best_sight
from game.rules.five_five_six.model import Character

SCENARIOS = ("crash_site", "village_cache", "night_outpost")


def every_enemy_looked_at(board: Board, firer: Character) -> Character | None:
    """3.24 as written: the largest share in sight, then the closest, then the id."""
    best: tuple[float, float, str] | None = None
    found: Character | None = None
    for enemy in board.enemies_of(firer.side):
        if not board.in_field(firer, enemy):
            continue
        share = board.sight(firer, enemy).visible_share
        if share <= 0:
            continue
        key = (-share, board.gap(firer, enemy), enemy.id)
        if best is None or key < best:
            best, found = key, enemy
    return found


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SCENARIOS), st.data())
def test_prop_3_24_closest_in_best_sight_equals_looking_at_every_enemy(
    scenario: str, data: st.DataObject
) -> None:
    board = new_game(scenario).board
    width, height = board.setting.table.width, board.setting.table.height
    crowded = data.draw(st.booleans(), label="crowded")
    if crowded:  # many in plain sight of one another, some at equal distances
        width, height = 1200, 1200
    standing = [c for c in board.characters.values() if c.on_table]
    for c in standing:
        c.pos = (
            data.draw(st.integers(60, width - 60), label=f"{c.id} x"),
            data.draw(st.integers(60, height - 60), label=f"{c.id} y"),
        )
        c.facing = data.draw(st.integers(0, 359), label=f"{c.id} facing")
    for firer in standing:
        assert closest_in_best_sight(board, firer) is every_enemy_looked_at(board, firer)
