"""'65 helicopters, rules version 7 (17b, 22, 24): a fire judged in the mode its
activation declares, leaving the map by an exit edge, passengers set down by a landing
helicopter, and Command Ops and Leadership activating helicopters."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _impulse_with, _to_impulse
from test_sixty_five_helicopters_play import NO_MOVE, PLAIN, POWER, _apply, _game, _heli

from game.rules.sixty_five.actions import Exit, Follow, Play
from game.rules.sixty_five.data import HitColour
from game.rules.sixty_five.turn import Phase

#: a wall of jungle two columns wide: a ground unit at 1C3 sees nothing beyond it
JUNGLE = {f"{c}{n}": "jungle" for c in "de" for n in range(1, 7)}


def test_65_17b_a_fire_declaring_flying_is_judged_flying_version_7() -> None:
    """'65 17b: the mode comes first, so a Landed gunship that declares Flying for its
    fire sees over the jungle (17d) and fires; kept Landed it sees along the ground and
    may not. Rules version 6 judged the shot in the old mode."""
    state = _game(_heli("landed"), unit("vc", "vc_rifle", 1, "1H3"), **JUNGLE)
    assert not state.world.field.los("1C3", "1H3")
    flying = Play(PLAIN, "fire", ("h",), "vc", mode="flying")
    assert "line of sight" in (state.why_not(Play(PLAIN, "fire", ("h",), "vc")) or "")
    assert state.why_not(flying) is None
    state.world.edition = 6
    assert "line of sight" in (state.why_not(flying) or "")
    state.world.edition = 7
    _apply(state, flying)
    assert state.world.units["h"].mode == "flying"


def test_65_17b_a_fire_declaring_landed_is_judged_on_the_ground_version_7() -> None:
    """'65 17b, 17d: a Flying gunship over the jungle sees the Rifle; declaring Landed
    for its fire it would trace LOS on the ground, blocked: no shot."""
    state = _game(_heli("flying"), unit("vc", "vc_rifle", 1, "1H3"), **JUNGLE)
    assert state.why_not(Play(PLAIN, "fire", ("h",), "vc")) is None
    landing = Play(PLAIN, "fire", ("h",), "vc", mode="landed")
    assert "line of sight" in (state.why_not(landing) or "")


def test_65_17b_ap_fire_declaring_hovering_is_judged_hovering_version_7() -> None:
    """'65 17b, 17c: a Landed gunship attacks no hard target; declaring Hovering it
    fires AP at the PT-76 beyond the jungle (seen from the air)."""
    state = _game(_heli("landed"), unit("pt", "nva_pt76", 1, "1H3", facing=3), **JUNGLE)
    hover = Play(PLAIN, "fire", ("h",), "pt", mode="hovering")
    assert state.why_not(hover) is None
    assert "hard targets" in (state.why_not(Play(PLAIN, "fire", ("h",), "pt")) or "")
    state.world.edition = 6
    assert "line of sight" in (state.why_not(hover) or "")


def test_65_17b_explain_counts_hits_by_the_declared_mode() -> None:
    """'65 17b: the rules calculator reads the hit colours of the mode the fire
    declares: a Flying gunship declaring Hovering hits on green only."""
    state = _game(_heli("flying"), unit("vc", "vc_rifle", 1, "1F3"))
    hover = state.explain(Play(PLAIN, "fire", ("h",), "vc", mode="hovering"))
    fly = state.explain(Play(PLAIN, "fire", ("h",), "vc"))
    assert hover.numbers["hits_on"] == [HitColour.GREEN.value]
    assert fly.numbers["hits_on"] == [HitColour.YELLOW.value, HitColour.RED.value]


def test_65_11_17b_opportunity_fire_declaring_a_mode_must_be_a_legal_change() -> None:
    """'65 11, 17b: a helicopter's Opportunity Fire may declare its mode first, but only
    a legal change (version 7): it does not land in jungle; Hovering it may."""
    from game.rules.sixty_five.actions import Decline

    state, _ = new_state(
        [
            unit("us1", "us_rifle", 0, "1A3"),
            unit("h", "us_huey_gunship", 1, "1F3", facing=3, mode="flying"),
        ],
        11,
        limit=5,
        f3="jungle",
    )
    _to_impulse(state, 0)
    move = next(c.id for c in DATA.cards if "move" in c.blocks and c.id != PLAIN)
    _impulse_with(state, 0, [move])
    _impulse_with(state, 1, [PLAIN])
    state.apply(Play(move, "move", ("us1",), path=("1B3",)))
    assert state.world.pending and state.current_player() == 1
    land = Play(PLAIN, "fire", ("h",), "us1", mode="landed")
    assert "land only in" in (state.why_not(land) or "")
    state.world.edition = 6
    assert state.why_not(land) is None  # version 6 did not ask
    state.world.edition = 7
    assert state.why_not(Play(PLAIN, "fire", ("h",), "us1", mode="hovering")) is None
    state.apply(Decline())


# -- leaving the map (24, 17b; Interpretation 91) ------------------------------------------
def _scenario_8_gunship(hex_id: str = "1K3", mode: str = "flying"):  # type: ignore[no-untyped-def]
    """Scenario 8 set up, the Americans' impulse holding a card without a move block, the
    gunship on the board in ``hex_id`` (Map 1's K column is their exit edge, east)."""
    from test_sixty_five_scenario_8 import _impulse, _set_up, _stand

    state = _set_up(3)
    _impulse(state, 0, (NO_MOVE,))
    _stand(state, "us_huey_gunship_1", hex_id)
    heli = state.world.units["us_huey_gunship_1"]
    heli.mode, heli.facing = mode, 0
    return state


def test_65_24_17a_a_flying_helicopter_leaves_by_an_exit_edge_with_any_card() -> None:
    """'65 24, 17a, Interpretation 91: scenario 8's gunship on the east edge leaves the
    map, Flying, with a card that has no move block (any card moves a helicopter); the
    candidates offer it. Rules version 6 wanted a move block."""
    state = _scenario_8_gunship()
    leave = Exit(("us_huey_gunship_1",), NO_MOVE, "move")
    assert state.why_not(leave) is None
    assert leave in state.candidate_actions()
    state.world.edition = 6
    assert "no move block" in (state.why_not(leave) or "")
    state.world.edition = 7
    state.apply(leave)
    assert state.world.exited["us_huey_gunship_1"] == "E"
    assert state.world.units["us_huey_gunship_1"].hex is None


def test_65_17b_a_hovering_or_landed_helicopter_does_not_leave_the_map() -> None:
    """'65 17b, Interpretation 91: only a Flying helicopter moves, so only it leaves."""
    for mode in ("hovering", "landed"):
        state = _scenario_8_gunship(mode=mode)
        leave = Exit(("us_huey_gunship_1",), NO_MOVE, "move")
        assert "does not leave" in (state.why_not(leave) or ""), mode
        assert leave not in state.candidate_actions()


def test_65_17b_no_helicopter_leaves_the_map_in_the_reserve_phase() -> None:
    """'65 5d, 17b: helicopters do not act in the Reserve phase, leaving included."""
    state = _scenario_8_gunship()
    state.phase, state.reserve_seat = Phase.RESERVE, 0
    leave = Exit(("us_huey_gunship_1",))
    assert "Reserve phase" in (state.why_not(leave) or "")
    assert leave not in state.candidate_actions()


def test_65_24_a_helicopter_leaves_only_from_an_exit_edge() -> None:
    """'65 24: one hex in from the east edge the gunship must fly there first."""
    state = _scenario_8_gunship("1J3")
    assert "not on an edge" in (state.why_not(Exit(("us_huey_gunship_1",), NO_MOVE, "move")) or "")


# -- Command Ops (18d) and Leadership (22e) with helicopters -------------------------------
COMMAND_OPS = next(c.id for c in DATA.cards if "command_ops" in c.blocks)


def test_65_18d_17a_command_ops_two_more_actions_for_helicopters_with_any_cards() -> None:
    """'65 18d with 17a: after Command Ops, one helicopter flies and another hovers and
    fires, each with any card (neither card need have the block); then no third."""
    state = _game(
        _heli(),
        unit("h2", "us_huey_gunship", 0, "1C5", facing=0, mode="flying"),
        unit("vc", "vc_rifle", 1, "1F5"),
    )
    _impulse_with(state, 0, [COMMAND_OPS, NO_MOVE, PLAIN])
    state.actions_left = 1
    _apply(state, Play(COMMAND_OPS, "command_ops"))
    assert state.actions_left == 2
    heli_plays = [a for a in state.candidate_actions() if isinstance(a, Play) and a.units]
    assert {"h", "h2"} <= {u for a in heli_plays for u in a.units or ()}
    _apply(state, Play(NO_MOVE, "move", ("h",), path=("1D3", "1E3")))
    _apply(state, Play(PLAIN, "fire", ("h2",), "vc", mode="hovering"))
    w = state.world
    assert w.units["h"].hex == "1E3" and w.units["h2"].mode == "hovering"
    assert state.actions_left == 0
    other = w.draw_pile.pop()
    w.hands[0].append(other)
    assert "one Action per impulse" in (
        state.why_not(Play(other, "move", ("h2",), mode="flying")) or ""
    )


def test_65_22e_17a_leadership_activates_helicopters_within_two_hexes() -> None:
    """'65 22e with 17a: the Hero's Leadership gives two actions to units within two
    hexes of him: a gunship beside him flies off with any card, one five hexes away may
    not act, one two hexes away lands; then Leadership is spent and the Hero is Ops
    Complete."""
    from game.rules.sixty_five.data import Marker

    state = _game(
        unit("riggs", "riggs", 0, "1C4"),
        _heli(),
        unit("far", "us_huey_gunship", 0, "1H4", facing=0, mode="flying"),
        unit("near", "us_huey_gunship", 0, "1E4", facing=0, mode="flying"),
        unit("vc", "vc_rifle", 1, "1K6"),
    )
    w = state.world
    _impulse_with(state, 0, [POWER, NO_MOVE, PLAIN])
    state.actions_left = 1
    _apply(state, Play(POWER, "power", ("riggs",)))
    assert w.leadership is not None and w.leadership[2] == 2
    acting = {u for a in state.candidate_actions() if isinstance(a, Play) for u in a.units or ()}
    assert {"h", "near"} <= acting and "far" not in acting  # the candidates know it too
    assert "within two hexes" in (
        state.why_not(Play(NO_MOVE, "move", ("far",), path=("1H3",))) or ""
    )
    _apply(state, Play(NO_MOVE, "move", ("h",), path=("1D3", "1E3", "1F3", "1G3")))
    assert w.units["h"].hex == "1G3" and w.leadership is not None
    _apply(state, Play(PLAIN, "move", ("near",), mode="landed"))
    assert w.units["near"].mode == "landed"
    assert w.leadership is None and w.units["riggs"].marker is Marker.OPS_COMPLETE


# -- passengers set down by a landing helicopter (17b, 8a, 8i; Interpretation 95) ----------
FAST = next(c.id for c in DATA.cards if "fast_move" in c.blocks and c.id not in (NO_MOVE, PLAIN))


def _landing(block: str, card: str, edition: int = 7):  # type: ignore[no-untyped-def]
    """A Huey transport with a Rifle (MF 4) aboard lands in clear 1C3 and sets it down,
    activated by ``card`` played as ``block``."""
    state = _game(
        _heli(kind="us_huey_transport"),
        unit("r", "us_rifle", 0, "1C3", carrier="h"),
        unit("vc", "vc_rifle", 1, "1K6"),
    )
    state.world.edition = edition
    _impulse_with(state, 0, [card])
    _apply(state, Play(card, block, ("h",), mode="landed", unload=("r",)))
    assert state.world.units["r"].carrier is None
    return state


def test_65_17b_8i_set_down_by_a_fast_move_landing_walks_half_mf_plus_the_bonus_first() -> None:
    """'65 17b, 8a, 8i: getting off costs the Rifle half its MF 4, so it walks on 2 clear
    hexes; landed by a real Fast Move its extra point comes before halving: half of 5,
    rounded up, 3 hexes. Once, alone, under the same card."""
    assert DATA.units["us_rifle"].mf == 4 and DATA.blocks["fast_move"].mf_bonus == 1
    three, four = ("1D3", "1E3", "1F3"), ("1D3", "1E3", "1F3", "1G3")
    state = _landing("fast_move", FAST)
    assert state.world.set_down == (("r",), 1)
    walks = [a for a in state.candidate_actions() if isinstance(a, Follow)]
    assert walks and {a.units for a in walks} == {("r",)}
    assert max(len(a.path) for a in walks) == 3  # three clear hexes, no more
    assert "more than 3" in (state.why_not(Follow(("r",), four)) or "")
    _apply(state, Follow(("r",), three))
    assert state.world.units["r"].hex == "1F3" and state.world.set_down is None
    assert state.why_not(Follow(("r",), ("1G3",))) is not None  # once
    plain = _landing("move", NO_MOVE)  # any card as the helicopter's Move: no bonus
    assert plain.world.set_down == (("r",), 0)
    assert "more than 2" in (plain.why_not(Follow(("r",), three)) or "")
    assert plain.why_not(Follow(("r",), three[:2])) is None


def test_65_17b_set_down_walks_lapse_with_the_next_card_and_not_in_version_6() -> None:
    """'65 17b: the walk on comes next or never (the next card played ends it); rules
    version 6 set the passengers down with nothing more."""
    state = _landing("fast_move", FAST)
    state.actions_left = 1
    _impulse_with(state, 0, [PLAIN])
    state.apply(Play(PLAIN, "move", ("h",), mode="flying"))
    assert state.world.set_down is None
    old = _landing("fast_move", FAST, edition=6)
    assert old.world.set_down is None
    assert old.why_not(Follow(("r",), ("1D3",))) is not None
