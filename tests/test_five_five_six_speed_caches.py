"""5.56mm's batched line-of-sight traces equal fresh ones, over random positions.

``Board.prefetch_sights`` traces a character's sight to many others in one batch (the
firer's "closest in best sight" check asks about every enemy in his field); what it
remembers must be exactly what tracing each pair alone on a fresh table gives.
"""

from __future__ import annotations

from five_five_six_support import new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.tabletop_geometry import TableGeometry
from game.rules.five_five_six.firing import closest_in_best_sight
from game.rules.five_five_six.model import HEIGHT_IN

SCENARIOS = ("crash_site", "village_cache", "night_outpost")


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SCENARIOS), st.data())
def test_prop_prefetched_sight_equals_a_fresh_trace(scenario: str, data: st.DataObject) -> None:
    board = new_game(scenario).board
    width, height = board.setting.table.width, board.setting.table.height
    standing = [c for c in board.characters.values() if c.on_table]
    for c in standing:
        c.pos = (
            data.draw(st.integers(60, width - 60), label=f"{c.id} x"),
            data.draw(st.integers(60, height - 60), label=f"{c.id} y"),
        )
    viewer = standing[0]
    board.prefetch_sights(viewer, standing[1:])
    pairs = {(viewer.pos, t.pos) for t in standing[1:]}
    if len(pairs) > 1:  # a single pair is left to sight()
        assert pairs <= board.setting.sight_memo.keys()
    fresh = TableGeometry(board.setting.table)
    for target in standing[1:]:
        expected = fresh.sight(
            viewer.base, target.base, viewer_height=HEIGHT_IN, target_height=HEIGHT_IN
        )
        assert board.sight(viewer, target) == expected


def test_3_24_closest_in_best_sight_is_the_same_with_and_without_the_batch() -> None:
    """The batch changes only the cost: a board that traces pair by pair picks the
    same target."""
    state = new_game("village_cache")
    board = state.board
    firer = next(c for c in board.characters.values() if c.on_table)
    batched = closest_in_best_sight(board, firer)
    board.setting.sight_memo.clear()
    one_by_one = None
    best = None
    for enemy in board.enemies_of(firer.side):
        if not board.in_field(firer, enemy):
            continue
        share = board.sight(firer, enemy).visible_share
        if share <= 0:
            continue
        key = (-share, board.gap(firer, enemy), enemy.id)
        if best is None or key < best:
            best, one_by_one = key, enemy
    assert batched is one_by_one
