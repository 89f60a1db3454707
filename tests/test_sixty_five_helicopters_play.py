"""'65 helicopters in play (17a-d): any card activates them, the mode comes first,
flying moves, fire and hits by mode, being shot at, crashes, artillery, transport and
the helicopter's line of sight, through the state's own ``why_not`` and ``apply``."""

from __future__ import annotations

from dataclasses import replace

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, Play, ReserveMove
from game.rules.sixty_five.cards.effects import fire_plan
from game.rules.sixty_five.combat.artillery import _enemies_in as strike_victims
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.helicopters.candidates import flight_ends, flight_paths
from game.rules.sixty_five.helicopters.play import aftermath
from game.rules.sixty_five.helicopters.sight import unit_sight
from game.rules.sixty_five.turn import Phase
from game.rules.sixty_five.vehicles.events import HelicopterDown

#: a card without a move block and without Power; one with Power; a Move card
NO_MOVE = next(
    c.id for c in DATA.cards if not c.power and "move" not in c.blocks and "fire" not in c.blocks
)
POWER = next(c.id for c in DATA.cards if c.power and "fire" not in c.blocks)
PLAIN = next(c.id for c in DATA.cards if not c.power and c.id != NO_MOVE and "fire" in c.blocks)


def _game(*units, seed: int = 11, **terrain: str):  # type: ignore[no-untyped-def]
    state, _ = new_state(list(units), seed, limit=5, **terrain)
    _to_impulse(state, 0)
    _impulse_with(state, 0, [NO_MOVE, POWER, PLAIN])
    return state


def _heli(mode: str = "flying", hex_id: str = "1C3", kind: str = "us_huey_gunship", **kw):  # type: ignore[no-untyped-def]
    return unit("h", kind, 0, hex_id, facing=0, mode=mode, **kw)


def _apply(state, play):  # type: ignore[no-untyped-def]
    assert state.why_not(play) is None, state.why_not(play)
    events = list(state.apply(play))
    while state.world.pending:
        events += state.apply(Decline())
    return events


def test_65_17a_any_card_activates_a_helicopter_as_move_fire_or_rally() -> None:
    """'65 17a: a card whose blocks are neither Move nor Fire still moves or fires a
    helicopter; a Rifle cannot use it so."""
    state = _game(_heli(), unit("r", "us_rifle", 0, "1C4"), unit("vc", "vc_rifle", 1, "1K6"))
    assert "no move block" in (state.why_not(Play(NO_MOVE, "move", ("r",), path=("1C5",))) or "")
    assert "only a helicopter" in (
        state.why_not(Play(PLAIN, "fire", ("r",), "vc", mode="flying")) or ""
    )
    assert state.why_not(Play(NO_MOVE, "fire", ("h",), "vc")) is None
    _apply(state, Play(NO_MOVE, "move", ("h",), path=("1D3", "1E3", "1F3")))
    assert state.world.units["h"].hex == "1F3"


def test_65_17a_22c_explosive_rounds_need_a_power_card_and_add_2_hef() -> None:
    """'65 17a, 22c: Explosive Rounds fire the gunship with +2 HEF, only with a Power
    card; a Landed gunship cannot use them (17b)."""
    state = _game(_heli(), unit("vc", "vc_rifle", 1, "1F3"))
    assert "not a Power card" in (state.why_not(Play(NO_MOVE, "power", ("h",), "vc")) or "")
    power = Play(POWER, "power", ("h",), "vc")
    assert state.why_not(power) is None
    block = state._block(0, power)
    plain = state._block(0, Play(PLAIN, "fire", ("h",), "vc"))
    w = state.world
    gain = (
        fire_plan(w, 0, power, block).card_bonus
        - fire_plan(w, 0, Play(PLAIN, "fire", ("h",), "vc"), plain).card_bonus
    )
    assert gain == 2
    w.units["h"].mode = "landed"
    assert "Explosive Rounds" in (state.why_not(power) or "")


def test_65_17b_the_mode_is_declared_first_and_only_legal_changes() -> None:
    """'65 17b: landing only in clear or brush free of enemy units; a Hovering or Landed
    helicopter does not move; the mode holds until its next activation."""
    state = _game(_heli(), unit("vc", "vc_rifle", 1, "1K6"), **{"c3": "jungle", "d3": "brush"})
    land = Play(NO_MOVE, "move", ("h",), mode="landed")
    assert "land only in clear and brush" in (state.why_not(land) or "")
    assert "does not move" in (
        state.why_not(Play(NO_MOVE, "move", ("h",), path=("1D3",), mode="hovering")) or ""
    )
    _apply(state, Play(NO_MOVE, "move", ("h",), path=("1D3",)))
    w = state.world
    w.units["h"].marker = None
    _impulse_with(state, 0, [NO_MOVE])
    state.actions_left = 1
    _apply(state, Play(NO_MOVE, "move", ("h",), mode="landed"))
    assert w.units["h"].mode == "landed" and w.units["h"].hex == "1D3"


def test_65_17b_no_landing_among_enemies() -> None:
    state = _game(_heli(), unit("vc", "vc_rifle", 1, "1C3"))
    assert "free of enemy units" in (
        state.why_not(Play(NO_MOVE, "move", ("h",), mode="landed")) or ""
    )


def test_65_17b_flying_is_unlimited_and_ignores_terrain() -> None:
    """'65 17b: a Flying helicopter crosses ten jungle hexes in one move (a Rifle would
    be stopped by the costs), but ends over no enemy unit."""
    jungle = {f"{c}3": "jungle" for c in "abcdefghijk"}
    state = _game(_heli(hex_id="1A3"), unit("vc", "vc_rifle", 1, "1K6"), **jungle)
    path = tuple(f"1{c}3" for c in "BCDEFGHIJK")
    assert state.why_not(Play(NO_MOVE, "move", ("h",), path=path)) is None
    over = (*path[:-1], "1K4", "1K5", "1K6")
    assert "over enemy units" in (state.why_not(Play(NO_MOVE, "move", ("h",), path=over)) or "")


def test_65_17b_helicopters_do_not_activate_in_the_reserve_phase() -> None:
    state = _game(_heli(), unit("vc", "vc_rifle", 1, "1K6"))
    state.phase, state.reserve_seat = Phase.RESERVE, 0
    assert "Reserve phase" in (state.why_not(ReserveMove("h", ("1D3",))) or "")
    assert not any(isinstance(a, ReserveMove) and a.unit == "h" for a in state.candidate_actions())


def test_65_17b_fire_hits_by_mode() -> None:
    """'65 17b: Hovering fire hits soft targets on green Hits, Flying and Landed fire
    on yellow or red."""
    for mode, colours in (
        ("hovering", (HitColour.GREEN,)),
        ("flying", (HitColour.YELLOW, HitColour.RED)),
        ("landed", (HitColour.YELLOW, HitColour.RED)),
    ):
        state = _game(_heli(mode), unit("vc", "vc_rifle", 1, "1F3"))
        state.apply(Play(PLAIN, "fire", ("h",), "vc"))
        attack = state.world.attack
        assert attack is not None and attack.hits_on == colours, mode


def test_65_17b_a_landed_helicopter_attacks_no_hard_target() -> None:
    state = _game(_heli("landed"), unit("pt", "nva_pt76", 1, "1F3", facing=3))
    assert "cannot attack hard targets" in (state.why_not(Play(PLAIN, "fire", ("h",), "pt")) or "")
    state.world.units["h"].mode = "hovering"
    assert state.why_not(Play(PLAIN, "fire", ("h",), "pt")) is None


def test_65_17c_a_flying_helicopter_has_cf_1_minus_2_hef_and_no_moving_penalty() -> None:
    """'65 17c: fire at a lone Flying helicopter: CF 1 (whatever the hex) and the
    Difficult Target's -1: -2 HEF; marked Moved, it gives no +1."""
    state = _game(
        unit("r", "us_rifle", 0, "1C3"),
        unit("h", "us_huey_gunship", 1, "1F3", facing=0, mode="flying", marker=Marker.MOVED),
        **{"f3": "jungle"},
    )
    play = Play(PLAIN, "fire", ("r",), "h")
    plan = fire_plan(state.world, 0, play, state._block(0, play))
    assert (plan.cover_factor, plan.difficult_target, plan.moving_target) == (1, 1, 0)
    state.world.units["h"].mode = "hovering"
    plan = fire_plan(state.world, 0, play, state._block(0, play))
    assert plan.cover_factor == DATA.terrain["jungle"].cover


def test_65_17c_hovering_or_landed_it_is_also_a_hard_target() -> None:
    """'65 17c: AP fire (``ap``) at a Hovering or Landed helicopter; never at a Flying
    one; HE fire at it in every mode (a soft target)."""
    state = _game(
        unit("law", "us_law", 0, "1C3"),
        unit("h", "us_huey_gunship", 1, "1E3", facing=0, mode="flying"),
    )
    ap = Play(PLAIN, "fire", ("law",), "h", ammo=True)
    assert "not flying" in (state.why_not(ap) or "")
    assert state.why_not(Play(PLAIN, "fire", ("law",), "h")) is None
    state.world.units["h"].mode = "hovering"
    assert state.why_not(ap) is None


def test_65_17c_destroyed_flying_crashes_into_a_facing_hex_passengers_lost() -> None:
    """'65 17c: a Flying helicopter destroyed comes down in one of its two facing hexes
    (the game's generator), leaves a wreck there and its passengers are eliminated."""
    state = _game(
        _heli(kind="us_huey_transport"),
        unit("r", "us_rifle", 0, "1C3", carrier="h"),
        unit("vc", "vc_rifle", 1, "1K6"),
    )
    w = state.world
    w.units["h"].eliminated = True
    events: list = []
    aftermath(w, events)
    down = next(e for e in events if isinstance(e, HelicopterDown))
    from game.rules.sixty_five.vehicles.facing import facing_hexes

    assert down.hex in facing_hexes(w.field, "1C3", 0) and down.hex in w.wrecks
    assert w.units["r"].eliminated
    events = []
    aftermath(w, events)
    assert not any(isinstance(e, HelicopterDown) for e in events)  # comes down once


def test_65_17c_destroyed_landed_leaves_a_wreck_passengers_take_two_hits() -> None:
    state = _game(
        _heli("landed", kind="us_huey_transport"),
        unit("r", "us_rifle", 0, "1C3", carrier="h"),
        unit("vc", "vc_rifle", 1, "1K6"),
    )
    w = state.world
    w.units["h"].eliminated = True
    aftermath(w, [])
    r = w.units["r"]
    assert "1C3" in w.wrecks and r.carrier is None and r.shaken and r.reduced


def test_65_17c_artillery_only_affects_landed_helicopters() -> None:
    state = _game(_heli("flying"), unit("vc", "vc_rifle", 1, "1K6"))
    w = state.world
    assert strike_victims(w, 1, "1C3") == []
    w.units["h"].mode = "landed"
    assert [u.id for u in strike_victims(w, 1, "1C3")] == ["h"]


def test_65_17b_only_a_landed_helicopter_unloads() -> None:
    """'65 17b: passengers get off only a Landed helicopter; landing and unloading is
    one activation of the helicopter."""
    state = _game(
        _heli(kind="us_huey_transport"),
        unit("r", "us_rifle", 0, "1C3", carrier="h"),
        unit("vc", "vc_rifle", 1, "1K6"),
    )
    assert "only a Landed" in (state.why_not(Play(NO_MOVE, "move", ("h",), unload=("r",))) or "")
    _apply(state, Play(NO_MOVE, "move", ("h",), unload=("r",), mode="landed"))
    assert state.world.units["r"].carrier is None and state.world.units["h"].mode == "landed"


def test_65_17d_an_airborne_helicopter_sees_over_jungle_but_not_just_behind_it() -> None:
    """'65 17d: over a band of jungle a ground unit sees nothing; a Flying helicopter
    sees the hexes beyond it, both ways, but for the one right behind the jungle."""
    state = _game(
        unit("r", "us_rifle", 0, "1A3"),
        unit("h", "us_huey_gunship", 1, "1F3", facing=0, mode="flying"),
        **{f"{c}{n}": "jungle" for c in "cde" for n in (2, 3, 4)},
    )
    w = state.world
    r, h = w.units["r"], w.units["h"]
    assert not w.field.los("1A3", "1F3")
    assert unit_sight(w.field, r, h) and unit_sight(w.field, h, r)  # over the jungle
    r.hex = "1B3"  # right behind 1C3's jungle, seen from the helicopter: blind
    assert not unit_sight(w.field, r, h) and not unit_sight(w.field, h, r)
    assert not unit_sight(w.field, r, replace(h, mode="landed"))  # on the ground


def test_65_17c_rally_with_bloodlust_leaves_no_ops_complete() -> None:
    bloodlust = next(c.id for c in DATA.cards if "bloodlust" in c.blocks)
    state = _game(_heli(shaken=True), unit("vc", "vc_rifle", 1, "1K6"))
    _impulse_with(state, 0, [bloodlust])
    _apply(state, Play(bloodlust, "bloodlust", ("h",)))
    assert not state.world.units["h"].shaken and state.world.units["h"].marker is None


def test_65_16b_17d_a_flying_helicopter_seen_over_jungle_cannot_reconstitute() -> None:
    """'65 16b with 17d: reconstitution needs no enemy in LOS; an enemy behind jungle
    that a ground unit could not see still sees the Flying helicopter above it."""
    jungle = {f"{c}{n}": "jungle" for c in "de" for n in range(1, 7)}
    state = _game(_heli(reduced=True), unit("vc", "vc_rifle", 1, "1H3"), **jungle)
    rally = next(c for c in DATA.cards if "rally" in c.blocks)
    _impulse_with(state, 0, [rally.id])
    assert not state.world.field.los("1C3", "1H3")
    assert "line of sight" in (state.why_not(Play(rally.id, "rally", ("h",))) or "")
    state.world.units["h"].mode = "landed"
    assert state.why_not(Play(rally.id, "rally", ("h",))) is None


def test_65_17a_a_helicopters_any_card_move_takes_no_ground_unit_along() -> None:
    """17a: the card played as a helicopter's Move moves the helicopter alone: the Rifle
    below it may not follow under that card (Interpretation 8 is for move blocks)."""
    state = _game(_heli(), unit("r", "us_rifle", 0, "1C3"), unit("vc", "vc_rifle", 1, "1K6"))
    _apply(state, Play(NO_MOVE, "move", ("h",), path=("1D3",)))
    assert state.world.split is None
    assert not any(getattr(a, "units", None) == ("r",) for a in state.candidate_actions())


def test_65_17b_flight_candidates_come_in_hex_id_order() -> None:
    """'65 17b candidates: the helicopter's flight paths are listed by hex id, not in a
    set's order (which changes with each run's string hashing), so a seeded ai-vs-ai game
    plays the same every run."""
    state = _game(_heli(), unit("vc", "vc_rifle", 1, "1K6"))
    w = state.world
    heli = w.units["h"]
    ends = flight_ends(w, heli, [w.units["vc"]])
    paths = flight_paths(w, heli, ends)
    assert len(paths) > 10
    assert list(paths) == sorted(paths)
    assert all(path[-1] == end for end, path in paths.items())
