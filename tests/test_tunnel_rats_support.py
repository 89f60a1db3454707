"""Helpers for the Tunnel Rats tests: tiny levels built in code and scripted dice.

(The few tests here check the helpers themselves, so a broken helper cannot make the
rule tests pass by accident.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from game.core.rng import Rng
from game.rules.tunnel_rats.data import EnemySpec, Scenario, Stance, Victory
from game.rules.tunnel_rats.play import TRState, new_state
from game.rules.tunnel_rats.world import Level, build_world, level_from_ascii

CORRIDOR = [
    "##############",
    "#............#",
    "##############",
]


class ScriptedRng(Rng):
    """An Rng whose ``below(n)`` answers come from a list (die face f of a D20 or D6 is
    ``f - 1``); running out of answers fails the test loudly."""

    def __init__(self, answers: Sequence[int]) -> None:
        super().__init__(0)
        self.answers = list(answers)

    def below(self, n: int) -> int:
        if not self.answers:
            raise AssertionError(f"the test did not script a die (below({n}))")
        value = self.answers.pop(0)
        assert 0 <= value < n, f"scripted {value} for below({n})"
        self.draws += 1
        return value


def die(face: int) -> int:
    """The scripted answer that makes a D6 or D20 show ``face``."""
    return face - 1


def make_level(rows: Sequence[str], name: str = "a.tmx", **objects: object) -> Level:
    """A level from text; without ``deployment`` the rats start at 1,1 and the
    defenders on the last open cell."""
    lv = level_from_ascii(rows, name=name, **objects)
    if "deployment" not in objects:
        lv.deployment = {"rats": ((1, 1),), "defenders": (lv.passable_cells()[-1],)}
    return lv


def make_state(
    levels: Sequence[Level],
    *,
    rats: int = 1,
    enemies: Sequence[EnemySpec] = (),
    victory: Victory | None = None,
    seed: int = 1,
    round_limit: int = 10,
    reinforcements: Sequence[EnemySpec] = (),
    max_reinforcements: int = 0,
) -> TRState:
    """A game on tiny levels. Enemies are placed on the defenders' zone (or the
    first spawn); tests then put figures where they need them with :func:`put`."""
    scenario = Scenario(
        id="test",
        title="Test",
        summary="A test scenario.",
        levels=[lv.name for lv in levels],
        rats=rats,
        enemies=list(enemies) or [EnemySpec(side="vc", weapon="rifle")],
        reinforcements=list(reinforcements),
        max_reinforcements=max_reinforcements,
        round_limit=round_limit,
        victory=victory or Victory(kind="eliminate"),
    )
    st = new_state(build_world("test", list(levels)), scenario, seed)
    st.pending_trap = None
    return st


def put(st: TRState, fid: str, **changes: object) -> None:
    """Change a figure by hand (cell, stance, wounds, ...)."""
    if fid in st.rats:
        st.rats[fid] = replace(st.rats[fid], **changes)  # type: ignore[arg-type]
    else:
        st.enemies[fid] = replace(st.enemies[fid], **changes)  # type: ignore[arg-type]


def corridor_state(enemy_cell: tuple[int, int] = (12, 1), **kwargs: object) -> TRState:
    """One rat at 1,1 and one VC rifleman in a straight 12-inch corridor."""
    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1),), "defenders": (enemy_cell,)})
    return make_state([lv], **kwargs)  # type: ignore[arg-type]


def test_tr_support_scripted_rng_gives_the_scripted_faces() -> None:
    """Test helper: a scripted D20 shows exactly the face asked for, then refuses."""
    from game.core.dice import D20

    rng = ScriptedRng([die(17)])
    assert D20.roll(rng) == 17
    with pytest.raises(AssertionError):
        D20.roll(rng)


def test_tr_support_corridor_places_both_sides() -> None:
    """Test helper: the corridor game has one rat and one VC where we asked."""
    st = corridor_state((9, 1))
    assert [r.cell for r in st.rats.values()] == [(1, 1)]
    assert [e.cell for e in st.enemies.values()] == [(9, 1)]
    assert st.rats["r1"].stance is Stance.CROUCHING
