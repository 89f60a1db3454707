"""'65 Opportunity Fire (11) during movement, and Move & Fire's shot after it (18j)."""

from __future__ import annotations

from sixty_five_support import DATA, all_cards, new_state, unit
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, Play, Withdraw
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.events import FireDeclared, UnitMoved
from game.rules.sixty_five.world import Window

ALL = sorted(c.id for c in DATA.cards)


def _card(block: str, avoid: tuple[str, ...] = ()) -> str:
    return next(c.id for c in DATA.cards if block in c.blocks and c.id not in avoid and not c.power)


def _on_top(state, *cards: str) -> None:  # type: ignore[no-untyped-def]
    """Put ``cards`` on top of the draw pile, the first drawn first."""
    w = state.world
    for c in cards:
        for pile in (w.draw_pile, w.discard):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(cards))


def setup(seed: int = 11, **terrain: str):  # type: ignore[no-untyped-def]
    units = [unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1F3")]
    state, _ = new_state(units, seed, limit=5, **terrain)
    _to_impulse(state, 0)
    move = _card("move")
    fire = _card("fire", (move,))
    _impulse_with(state, 0, [move])
    _impulse_with(state, 1, [fire])
    return state, move, fire


def test_65_11_a_window_at_every_hex_entered_in_los_and_range() -> None:
    """'65 11: the moving unit may be fired on each time it enters a new hex."""
    state, move, _ = setup()
    state.apply(Play(move, "move", ("us1",), path=("1B3", "1C3", "1D3")))
    windows = []
    while state.world.pending:
        top = state.world.pending[-1]
        assert top.window is Window.OPPORTUNITY and state.current_player() == 1
        windows.append(top.unit)
        state.apply(Decline())
    assert windows == ["1B3", "1C3", "1D3"]
    assert state.world.units["us1"].hex == "1D3" and state.current_player() == 0


def test_65_11_no_window_out_of_sight() -> None:
    """'65 11, 14: no Opportunity Fire where no Eligible enemy unit sees the hex."""
    ring = {h.lower()[1:]: "jungle" for h in ("1F2", "1G3", "1G4", "1F4", "1E4", "1E3")}
    state, move, _ = setup(**ring)
    assert set(state.world.field.neighbours("1F3")) == {"1" + h.upper() for h in ring}
    assert not state.world.field.los("1F3", "1A4")
    state.apply(Play(move, "move", ("us1",), path=("1A4",)))
    assert not state.world.pending


def test_65_11_a_hit_stops_the_mover_ops_complete_and_the_firer_is_fired() -> None:
    """'65 11: at least one hit halts the target where it stands and marks it Ops
    Complete; the firing unit is marked Fired."""
    state, move, fire = setup()
    held = [*state.world.hands[0], *state.world.hands[1], move, fire]
    hits = [c.id for c in DATA.cards if c.hit is HitColour.GREEN and c.id not in held][:2]
    state.apply(Play(move, "move", ("us1",), path=("1B3", "1C3", "1D3")))
    state.apply(Decline())  # not at B3
    _on_top(state, *hits)
    assert state.why_not(Play(fire, "fire", ("vc1",), "us1")) is None
    assert state.why_not(Play(fire, "fire", ("vc1",), "vc1")) is not None
    state.apply(Play(fire, "fire", ("vc1",), "us1"))
    while state.world.pending:  # the mover's own reaction windows
        state.apply(Decline())
    us1 = state.world.units["us1"]
    assert us1.hex == "1C3" and us1.shaken and us1.marker is Marker.OPS_COMPLETE
    assert state.world.units["vc1"].marker is Marker.FIRED
    assert state.world.movement is None and state.current_player() == 0
    assert all_cards(state) == ALL


def test_65_18j_move_and_fire_shoots_after_the_opportunity_fire() -> None:
    """'65 18j: the defender's Opportunity Fire comes before the Fire part; the unit
    moves half its MF (4 -> 2) and is Ops Complete."""
    units = [unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1F3")]
    state, _ = new_state(units, 11, limit=5)
    _to_impulse(state, 0)
    mnf = _card("move_and_fire")
    _impulse_with(state, 0, [mnf])
    too_far = Play(mnf, "move_and_fire", ("us1",), "vc1", ("1B3", "1C3", "1D3"))
    assert "movement points" in (state.why_not(too_far) or "")
    events = state.apply(Play(mnf, "move_and_fire", ("us1",), "vc1", ("1B3", "1C3")))
    assert not any(isinstance(e, FireDeclared) for e in events)
    assert state.world.pending[-1].window is Window.OPPORTUNITY
    later = []
    while state.world.pending:
        later += state.apply(Decline())
    kinds = [type(e) for e in later]
    assert UnitMoved in kinds and FireDeclared in kinds
    assert kinds.index(UnitMoved) < kinds.index(FireDeclared)
    assert state.world.units["us1"].marker is Marker.OPS_COMPLETE


def test_65_18k_punishing_fire_twice_with_a_withdrawal_between() -> None:
    """'65 18k: one unit fires twice; between the attacks the target may retreat one hex
    farther from the firer (marked Moved), never towards it; the second shot follows if
    it still can be fired."""
    units = [unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1D3")]
    state, _ = new_state(units, 11, limit=5)
    _to_impulse(state, 0)
    pf = _card("punishing_fire")
    _impulse_with(state, 0, [pf])
    w = state.world
    held = {*w.hands[0], *w.hands[1]}
    blanks = [c.id for c in DATA.cards if c.hit is None and not c.end_turn and c.id not in held]
    _on_top(state, *blanks[:6])  # no hits: the target stays fit for both shots
    assert state.why_not(Play(pf, "punishing_fire", ("us1",), "vc1")) is None
    events = state.apply(Play(pf, "punishing_fire", ("us1",), "vc1"))
    assert sum(isinstance(e, FireDeclared) for e in events) == 1
    while w.pending and w.pending[-1].window is not Window.WITHDRAW:
        state.apply(Decline())
    assert w.pending[-1].window is Window.WITHDRAW and state.current_player() == 1
    options = state.candidate_actions()
    assert Withdraw("1C3") not in options  # towards the firer
    farther = [a for a in options if isinstance(a, Withdraw)]
    assert farther and all(
        w.field.distance(a.hex, "1A3") > w.field.distance("1D3", "1A3") for a in farther
    )
    events = state.apply(farther[0])
    assert w.units["vc1"].hex == farther[0].hex and w.units["vc1"].marker is Marker.MOVED
    assert sum(isinstance(e, FireDeclared) for e in events) == 1  # the second shot
    while w.pending:
        state.apply(Decline())
    assert w.units["us1"].marker is Marker.FIRED and w.second_shot is None
    assert all_cards(state) == ALL


def test_65_21g_suppression_example_two_hits_shake_both_rifles() -> None:
    """'65 21g example: an M60 targets a hex with two NVA Rifle units and gets two hits:
    both are Shaken (the hits are spread, non-Heroes first)."""
    units = [
        unit("m60", "us_m60", 0, "1A3"),
        unit("n1", "nva_rifle", 1, "1D3"),
        unit("n2", "nva_rifle", 1, "1D3"),
    ]
    state, _ = new_state(units, 11, limit=5)
    _to_impulse(state, 0)
    fire = _card("fire")
    _impulse_with(state, 0, [fire])
    w = state.world
    held = {*w.hands[0], *w.hands[1]}
    greens = [c.id for c in DATA.cards if c.hit is HitColour.GREEN and c.id not in held]
    blanks = [c.id for c in DATA.cards if c.hit is None and not c.end_turn and c.id not in held]
    _on_top(state, greens[0], blanks[0], greens[1])  # range 3: HEF 3, 3 cards, 2 hits
    aimed = Play(fire, "fire", ("m60",), "n1")
    spread = Play(fire, "fire", ("m60",), "n1", spread=True)
    assert state.why_not(spread) is None and spread.to_str().endswith(" spread")
    rifle = unit("r", "us_rifle", 0, "1A3")
    w.units["r"] = rifle
    with_rifle = Play(fire, "fire", ("r",), "n1", spread=True)
    assert "Suppression" in (state.why_not(with_rifle) or "")
    del w.units["r"]
    assert aimed != spread
    state.apply(spread)
    while w.pending:
        state.apply(Decline())
    assert w.units["n1"].shaken and w.units["n2"].shaken
    assert not w.units["n1"].reduced and not w.units["n2"].reduced
