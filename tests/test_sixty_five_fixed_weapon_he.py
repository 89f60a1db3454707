"""'65 15d for HE fire: a Fixed Weapon fires through its front arc only, at soft targets
as at hard ones; Move & Fire lets it pivot in its hex first. No shipped counter has a
Fixed Weapon, so the tests build one (a PT-76 with the attribute)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sixty_five_support import unit
from test_sixty_five_ap_fire import FIRE
from test_sixty_five_explain_attacks import _pass_it, _session

from game.__main__ import main
from game.core.session import Session
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.candidates import play_candidates
from game.rules.sixty_five.events import FireDeclared
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.facing import Arc, arc_of, bearing_pivot

MOVE_AND_FIRE = "c31"


def _pt76_and_rifle(fixed: bool, arc: Arc) -> Session:
    """A PT-76 in 1C1 (a Fixed Weapon if ``fixed``) facing so that a US Rifle in 1C5 is
    in its ``arc``; the NVA's impulse with a Fire and a Move & Fire."""
    probe = _session([], ())
    facing = next(x for x in range(6) if arc_of(probe.state.world.field, "1C1", x, "1C5") is arc)
    pt = unit("pt", "nva_pt76", 1, "1C1", facing=facing)
    if fixed:
        pt = Counter("pt", pt.type.model_copy(update={"fixed_weapon": True}), 1, "1C1")
        pt.facing = facing
    return _session([pt, unit("us", "us_rifle", 0, "1C5")], (FIRE, MOVE_AND_FIRE))


def test_65_15d_a_fixed_weapon_fires_he_through_its_front_arc_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'65 15d: HE Fire at a soft target outside a Fixed Weapon's front arc is refused
    (``explain`` says why); in the front arc it fires, and a vehicle without the
    attribute fires all round."""
    fire = Play(FIRE, "fire", ("pt",), target="us")
    away = _pt76_and_rifle(True, Arc.FLANK)
    assert "15d" in (away.state.why_not(fire) or "")
    assert fire not in play_candidates(away.state.world, 1)
    pos = _pass_it(away, tmp_path, monkeypatch)
    main(["explain", "sixty_five", "--position", str(pos), "--action", str(fire), "--json"])
    answer = json.loads(capsys.readouterr().out)
    assert answer["legal"] is False and "15d" in answer["reason"]
    assert _pt76_and_rifle(True, Arc.FRONT).state.why_not(fire) is None
    assert _pt76_and_rifle(False, Arc.FLANK).state.why_not(fire) is None


def test_65_15d_a_fixed_weapon_pivots_on_move_and_fire_to_fire_he() -> None:
    """'65 15d: Move & Fire without the pivot is refused as Fire is; with the least pivot
    that brings the Rifle into the front arc it is legal, offered and fires."""
    session = _pt76_and_rifle(True, Arc.FLANK)
    state = session.state
    w = state.world
    still = Play(MOVE_AND_FIRE, "move_and_fire", ("pt",), target="us")
    assert "15d" in (state.why_not(still) or "")
    bearing, corners = bearing_pivot(w.field, "1C1", w.units["pt"].facing or 0, "1C5")
    assert corners >= 1
    pivot = Play(MOVE_AND_FIRE, "move_and_fire", ("pt",), "us", facings=(bearing,))
    assert state.why_not(pivot) is None
    assert pivot in play_candidates(w, 1)
    events = state.apply(pivot)
    from test_sixty_five_ap_fire import _decline_all

    events += _decline_all(state)
    assert w.units["pt"].facing == bearing
    assert [e.lead for e in events if isinstance(e, FireDeclared)] == ["pt"]
