"""'65 action cards and abilities without a rules test of their own before: Rally and
reconstitution (16a, 16b, 18l, 18m), Bloodlust (18b), Reinforcements (18n), Reload &
Fire (18o), Second Wind (18q), Pathfinder (21e), No Move & Fire (21f), Kill Shot (22d)
and the Ops Complete rule (4e), through the state machine."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _decline_all, _ids, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Play, parse_action
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import FireDeclared


def _card(block: str, avoid: tuple[str, ...] = ()) -> str:
    return next(c for c in _ids(upper=block) + _ids(lower=block) if c not in avoid)


def _game(*units, seed: int = 3, **terrain: str):  # type: ignore[no-untyped-def]
    state, _ = new_state(list(units), seed, **terrain)
    _to_impulse(state)
    return state


def _hand(state, *blocks: str) -> list[str]:  # type: ignore[no-untyped-def]
    cards: list[str] = []
    for b in blocks:
        cards.append(_card(b, (*cards, *state.world.hands[1])))
    _impulse_with(state, 0, cards)
    return cards


def _draw_size(events) -> int:  # type: ignore[no-untyped-def]
    return dict(next(e for e in events if isinstance(e, FireDeclared)).numbers)["damage_draw"]


FAR = unit("vc1", "vc_rifle", 1, "1K6")


def test_65_16a_18l_rally_removes_shaken_and_marks_ops_complete() -> None:
    state = _game(unit("us1", "us_rifle", 0, "1A1", shaken=True), FAR)
    (rally,) = _hand(state, "rally")
    state.apply(Play(rally, "rally", ("us1",)))
    us1 = state.world.units["us1"]
    assert not us1.shaken and us1.marker is Marker.OPS_COMPLETE


def test_65_16a_4e_only_an_eligible_unit_rallies() -> None:
    state = _game(unit("us1", "us_rifle", 0, "1A1", shaken=True, marker=Marker.OPS_COMPLETE), FAR)
    (rally,) = _hand(state, "rally")
    assert "Eligible" in (state.why_not(Play(rally, "rally", ("us1",))) or "")


def test_65_16a_18b_bloodlust_removes_shaken_without_a_marker() -> None:
    state = _game(unit("us1", "us_rifle", 0, "1A1", shaken=True), FAR)
    (blood,) = _hand(state, "bloodlust")
    state.apply(Play(blood, "bloodlust", ("us1",)))
    us1 = state.world.units["us1"]
    assert not us1.shaken and us1.marker is None


def test_65_16b_reconstitution_out_of_enemy_sight_one_thing_per_action() -> None:
    """16b: a reduced, unshaken Eligible unit out of every enemy's LOS flips back to full
    strength (Rally: Ops Complete); in sight it may not; a Shaken reduced unit only loses
    its Shaken marker (two separate actions)."""
    hidden = unit("us1", "us_rifle", 0, "1A1", reduced=True)
    seen = unit("us2", "us_rifle", 0, "1J6", reduced=True)
    both = unit("us3", "us_rifle", 0, "1A2", reduced=True, shaken=True)
    state = _game(hidden, seen, both, FAR, b1="jungle", b2="jungle", a3="jungle")
    rally, rally2 = _hand(state, "rally", "rally")
    assert "line of sight" in (state.why_not(Play(rally, "rally", ("us2",))) or "")
    state.apply(Play(rally, "rally", ("us1",)))
    assert not hidden.reduced and hidden.marker is Marker.OPS_COMPLETE
    state.actions_left = 1
    state.apply(Play(rally2, "rally", ("us3",)))
    assert not both.shaken and both.reduced


def test_65_18m_rally_2_rallies_two_units_but_reconstitutes_none() -> None:
    a = unit("us1", "us_rifle", 0, "1A1", shaken=True)
    b = unit("us2", "us_rifle", 0, "1A2", shaken=True)
    c = unit("us3", "us_rifle", 0, "1A3", reduced=True)
    state = _game(a, b, c, FAR, b1="jungle", b2="jungle", b3="jungle")
    (r2,) = _hand(state, "rally_2")
    assert "Rally 2 only removes Shaken" in (state.why_not(Play(r2, "rally_2", ("us3",))) or "")
    state.apply(Play(r2, "rally_2", ("us1", "us2")))
    assert not a.shaken and not b.shaken
    assert a.marker is b.marker is Marker.OPS_COMPLETE


def test_65_18n_reinforcements_draws_a_card_and_gives_another_action() -> None:
    state = _game(unit("us1", "us_rifle", 0, "1A1"), FAR)
    (reinf,) = _hand(state, "reinforcements")
    w = state.world
    w.hands[0][:] = [reinf]
    assert state.why_not(Play(reinf, "reinforcements", ("us1",))) is not None  # no unit
    state.apply(Play(reinf, "reinforcements"))
    assert len(w.hands[0]) == 1 and reinf in w.discard
    assert state.actions_left == 1  # the card's action spent, one more to come


def test_65_18o_reload_and_fire_a_fired_unit_at_its_target_plus_1_hef() -> None:
    """18o: a unit marked Fired fires again at its original target, +1 HEF (range 4: HEF 2
    + 1 = 3 cards, against 2 for the first shot), and is Ops Complete; another target
    is refused."""
    us1 = unit("us1", "us_rifle", 0, "1C3")
    state = _game(us1, unit("vc1", "vc_rifle", 1, "1G3"), unit("vc2", "vc_rifle", 1, "1G4"))
    fire, reload = _hand(state, "fire", "reload_and_fire")
    events = state.apply(Play(fire, "fire", ("us1",), "vc1"))
    _decline_all(state)
    assert _draw_size(events) == 2 and us1.marker is Marker.FIRED
    state.actions_left = 1
    assert "original target" in (
        state.why_not(Play(reload, "reload_and_fire", ("us1",), "vc2")) or ""
    )
    events = state.apply(Play(reload, "reload_and_fire", ("us1",), "vc1"))
    _decline_all(state)
    assert _draw_size(events) == 3 and us1.marker is Marker.OPS_COMPLETE


def test_65_18q_second_wind_takes_a_moved_or_fired_marker_off_one_unit() -> None:
    moved = unit("us1", "us_rifle", 0, "1A1", marker=Marker.MOVED)
    fresh = unit("us2", "us_rifle", 0, "1A2")
    state = _game(moved, fresh, FAR)
    (wind,) = _hand(state, "second_wind")
    assert "no Moved or Fired" in (state.why_not(Play(wind, "second_wind", ("us2",))) or "")
    state.apply(Play(wind, "second_wind", ("us1",)))
    assert moved.marker is None and moved.eligible


def test_65_21e_pathfinder_and_those_with_him_pay_one_mp_a_hex() -> None:
    """21e: Dixon (Pathfinder) and a Rifle moving with him cross three jungle hexes (2 MP
    each) for 3 MP, within the Rifle's MF 4; alone the Rifle may not."""
    dixon = unit("dixon", "dixon", 0, "1A3")
    rifle = unit("us1", "us_rifle", 0, "1A3")
    state = _game(dixon, rifle, FAR, b3="jungle", c3="jungle", d3="jungle")
    move, move2 = _hand(state, "move", "move")
    path = ("1B3", "1C3", "1D3")
    assert state.why_not(Play(move, "move", ("us1",), path=path)) is not None
    state.apply(Play(move, "move", ("dixon", "us1"), path=path))
    _decline_all(state)
    assert dixon.hex == rifle.hex == "1D3"


def test_65_21f_no_move_and_fire_for_the_12_7mm() -> None:
    state = _game(unit("hmg", "nva_127mm", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1F3"))
    (mf,) = _hand(state, "move_and_fire")
    refusal = state.why_not(Play(mf, "move_and_fire", ("hmg",), "vc1", path=("1D3",)))
    assert refusal is not None and "Move & Fire" in refusal


def test_65_22d_kill_shot_fires_the_unit_with_plus_1_hef() -> None:
    """22d: a Viet Cong Rifle's Kill Shot at range 4 in the open: HEF 2 + 1 = 3 cards
    (a Fire would draw 2); the unit is Ops Complete (22)."""
    vc = unit("vc1", "vc_rifle", 0, "1C3")
    state = _game(vc, unit("us1", "us_rifle", 1, "1G3"))
    power = next(c for c in _ids(power=True) if c not in state.world.hands[1])
    _impulse_with(state, 0, [power])
    events = state.apply(Play(power, "power", ("vc1",), "us1"))
    _decline_all(state)
    assert _draw_size(events) == 3 and vc.marker is Marker.OPS_COMPLETE
    assert DATA.units["vc_rifle"].powers == ("kill_shot",)


def test_65_17b_a_helicopters_long_flight_reads_back_from_its_text() -> None:
    """'65 17b: a flying helicopter moves as far as it likes; a 31-hex path (as in a
    scenario 8 save) is written and read back unchanged (paths once stopped at 20)."""
    path = (
        tuple(f"1{c}1" for c in "ABCDEFGHIJK")
        + tuple(f"2{c}1" for c in "ABCDEFGHIJ")
        + tuple(f"3{c}2" for c in "ABCDEFGHIJ")
    )
    play = Play("c32", "move", ("us_huey_gunship_1",), path=path)
    assert len(path) == 31 and parse_action(str(play)) == play
