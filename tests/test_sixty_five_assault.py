"""'65 Assault Combat (13)."""

from __future__ import annotations

from sixty_five_support import DATA, all_cards, new_state, unit
from test_sixty_five_flow import _decline_all, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, EndImpulse, Play
from game.rules.sixty_five.assault.combat import assault_hef, spread_hits
from game.rules.sixty_five.assault.fight import fight_assaults
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.model import Counter

ALL = sorted(c.id for c in DATA.cards)
YELLOW_RED = [c.id for c in DATA.cards if c.hit in (HitColour.YELLOW, HitColour.RED)]
BLANK = [c.id for c in DATA.cards if c.hit is None and not c.end_turn]


def test_65_13a_assault_hef_not_modified_and_one_without_the_ability() -> None:
    """'65 13a: printed HEF for units with Assault, 1 for those without (an RPD), +1 for
    Assault+ (21b)."""
    rifle, rpd, sapper = (
        unit("r", "vc_rifle", 1, "1A1"),
        unit("m", "vc_rpd", 1, "1A1"),
        unit("s", "vc_sapper", 1, "1A1"),
    )
    assert assault_hef([rifle]) == 2 and assault_hef([rpd]) == 1 and assault_hef([sapper]) == 3
    assert assault_hef([rifle, rpd, sapper]) == 6


def test_65_13b_shake_all_before_reducing_any_before_eliminating() -> None:
    """'65 13b example: 4 hits on a one-step unit (a vehicle) and a Rifle shake both,
    reduce the Rifle and destroy the one-step unit (destroying it counts as reducing)."""
    one_step = DATA.units["us_rifle"].model_copy(update={"reduced": None, "id": "wagon"})
    wagon = Counter("wagon", one_step, 0, "1A1")
    rifle = unit("r", "us_rifle", 0, "1A1")
    spread_hits([wagon, rifle], 2, [])
    assert wagon.shaken and rifle.shaken and not rifle.reduced and not wagon.eliminated
    spread_hits([wagon, rifle], 2, [])
    assert rifle.reduced and not rifle.eliminated and wagon.eliminated


def _stack(state, *cards: str) -> None:  # type: ignore[no-untyped-def]
    w = state.world
    for c in cards:
        for pile in (w.draw_pile, w.discard):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(cards))


def _assault_game():  # type: ignore[no-untyped-def]
    us = unit("us1", "us_rifle", 0, "1C3")
    vc = unit("vc1", "vc_rpd", 1, "1D3")
    state, _ = new_state([us, vc], 4, limit=5)
    _to_impulse(state, 0)
    return state, us, vc


def test_65_13a_only_assault_units_enter_and_the_fight_comes_at_impulse_end() -> None:
    """'65 13a: an Eligible unit with Assault moves into the enemy hex; the assault is
    fought when the impulse ends; an M60 (no Assault) may not enter."""
    state, us, vc = _assault_game()
    move = next(c.id for c in DATA.cards if "move" in c.blocks and c.id not in YELLOW_RED)
    _impulse_with(state, 0, [move])
    m60 = unit("m60", "us_m60", 0, "1C3")
    state.world.units["m60"] = m60
    assert "13a" in (state.why_not(Play(move, "move", ("m60",), path=("1D3",))) or "")
    del state.world.units["m60"]
    assert state.why_not(Play(move, "move", ("us1",), path=("1D3",))) is None
    held = {*state.world.hands[0], *state.world.hands[1]}
    hits = [c for c in YELLOW_RED if c not in held]
    blanks = [c for c in BLANK if c not in held and c != move]
    _stack(state, hits[0], hits[1], blanks[0])  # the Rifle draws 2 (2 hits), the RPD 1
    state.apply(Play(move, "move", ("us1",), path=("1D3",)))
    _decline_all(state)
    assert us.hex == "1D3" == vc.hex and not vc.shaken  # not fought yet
    events = state.apply(EndImpulse())
    while state.world.pending:  # rules version 2: both may answer the result (19g, 20c)
        events += state.apply(Decline())
    assert vc.shaken and vc.reduced and not us.shaken
    # 13c: the defender took more hits: it retreats straight away from C3, beyond D3
    assert vc.hex == state.world.field.beyond("1C3", "1D3") and us.hex == "1D3"
    assert us.marker is Marker.OPS_COMPLETE and vc.marker is Marker.OPS_COMPLETE
    assert any(type(e).__name__ == "AssaultFought" for e in events)
    assert all_cards(state) == ALL


def _fight_unanswered(w) -> None:  # type: ignore[no-untyped-def]
    """Fight the recorded assaults with nobody answering the results (rules version 2;
    version 1 fought them in one go with ``resolve_assaults``)."""
    fight_assaults(w, [])
    while w.pending:
        w.pending.pop()
        fight_assaults(w, [])


def test_65_13c_a_tie_sends_the_attacker_back_and_a_blocked_retreat_eliminates() -> None:
    """'65 13c: equal hits: the attackers go back to the hex they came from; a unit that
    cannot retreat is eliminated."""
    state, us, vc = _assault_game()
    w = state.world
    us.hex = vc.hex = "1D3"
    w.assaults["1D3"] = [("us1", "1C3")]
    held = {*w.hands[0], *w.hands[1]}
    hits = [c for c in YELLOW_RED if c not in held]
    blanks = [c for c in BLANK if c not in held]
    _stack(state, hits[0], blanks[0], hits[1])  # Rifle: 1 hit in 2; RPD: 1 hit in 1
    _fight_unanswered(w)
    assert us.shaken and vc.shaken and us.hex == "1C3" and vc.hex == "1D3"
    # now the RPD is attacked again, with its retreat hex held by the enemy
    us.hex = "1D3"
    us.shaken = vc.shaken = False
    away = w.field.beyond("1C3", "1D3")
    assert away is not None
    w.units["blocker"] = unit("blocker", "us_rifle", 0, away)
    w.assaults["1D3"] = [("us1", "1C3")]
    held = {*w.hands[0], *w.hands[1]}
    free = [c for c in YELLOW_RED if c not in held and c in w.draw_pile + w.discard]
    blanks = [c for c in BLANK if c not in held and c in w.draw_pile + w.discard]
    _stack(state, free[0], blanks[0], blanks[1])
    _fight_unanswered(w)
    assert vc.eliminated and us.hex == "1D3"


def test_65_22g_satchel_charge_spreads_its_hits_over_the_hex() -> None:
    """'65 22g: a Sapper's Satchel Charge attacks an adjacent hex with HEF 5 (less its
    cover, here kunai CF 1: 4 cards); the hits are spread, one each before any second,
    non-Heroes before the Hero; the Sapper is Ops Complete. Not at range 2, not with
    another unit."""
    sapper = unit("sap", "vc_sapper", 1, "1C3")
    rifle, riggs = unit("r", "us_rifle", 0, "1D3"), unit("riggs", "riggs", 0, "1D3")
    far = unit("far", "us_rifle", 0, "1F3")
    state, _ = new_state([sapper, rifle, riggs, far], 6, limit=5, d3="kunai")
    _to_impulse(state, 1)
    power = next(c.id for c in DATA.cards if c.power)
    _impulse_with(state, 1, [power])
    w = state.world
    held = {*w.hands[0], *w.hands[1]}
    greens = [c.id for c in DATA.cards if c.hit is HitColour.GREEN and c.id not in held]
    blanks = [c for c in BLANK if c not in held]
    _stack(state, greens[0], blanks[0], greens[1], greens[2])
    assert "adjacent" in (state.why_not(Play(power, "power", ("sap",), "far")) or "")
    events = state.apply(Play(power, "power", ("sap",), "riggs"))
    while state.world.pending:  # the Americans let every reaction pass (version 4)
        events += state.apply(Decline())
    fired = next(e for e in events if type(e).__name__ == "FireDeclared")
    assert dict(fired.numbers)["damage_draw"] == 4  # type: ignore[attr-defined]
    # three hits: the Rifle and Riggs are Shaken, then the Rifle (non-Hero) is reduced
    assert rifle.shaken and riggs.shaken and rifle.reduced and not riggs.reduced
    assert sapper.marker is Marker.OPS_COMPLETE
    assert all_cards(state) == ALL
