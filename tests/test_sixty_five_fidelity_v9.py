"""'65 rules version 9 (issue 35, the third fidelity round): a Landed helicopter in the
stacking limits (9), Opportunity Fire at AP range (11), spread fire on a moving stack
(18i, 21g), Bullet Storm on Move & Fire (19c), Pathfinder in the Reserve and on Move &
Fire (21e), and the log of Light Wounds in an assault and of a Scout move. Each rule is
checked in version 9 and, where play changed, against version 8's old reading."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _ids, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, Done, Pass, Play, React, ReserveMove
from game.rules.sixty_five.data import HitColour, Marker
from game.rules.sixty_five.events import (
    CardDiscarded,
    FireDeclared,
    HitApplied,
    HitIgnored,
    UnitMoved,
)
from game.rules.sixty_five.movement.rules import stacking_refusal
from game.rules.sixty_five.state import Phase
from game.rules.sixty_five.world import Window

GREEN = [c.id for c in DATA.cards if c.hit is HitColour.GREEN and not c.end_turn]
YELLOW_RED = [
    c.id for c in DATA.cards if c.hit in (HitColour.YELLOW, HitColour.RED) and not c.end_turn
]
MISS = [c.id for c in DATA.cards if c.hit is None and not c.end_turn]


def _card(block: str, avoid: tuple[str, ...] = ()) -> str:
    return next(c for c in _ids(upper=block) + _ids(lower=block) if c not in avoid)


def _game(*units, seed: int = 3, seat: int = 0, **terrain: str):  # type: ignore[no-untyped-def]
    state, _ = new_state(list(units), seed, limit=5, **terrain)
    _to_impulse(state, seat)
    return state


def _hand(state, seat: int, *blocks: str) -> list[str]:  # type: ignore[no-untyped-def]
    cards: list[str] = []
    for b in blocks:
        cards.append(_card(b, (*cards, *state.world.hands[1 - seat])))
    _impulse_with(state, seat, cards)
    return cards


def _on_top(state, *cards: str) -> None:  # type: ignore[no-untyped-def]
    """The next cards drawn are ``cards``, the first drawn first (taken from the piles)."""
    w = state.world
    for c in cards:
        for pile in (w.draw_pile, w.discard):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(cards))


def _decline_all(state) -> list:  # type: ignore[no-untyped-def]
    events: list = []
    while state.world.pending:
        events += state.apply(Decline())
    return events


def _free(state, pool: list[str], n: int) -> list[str]:  # type: ignore[no-untyped-def]
    held = {*state.world.hands[0], *state.world.hands[1]}
    return [c for c in pool if c not in held][:n]


# -- 9: a Landed helicopter is a ground vehicle ---------------------------------------------
def _landed_huey(*others):  # type: ignore[no-untyped-def]
    huey = unit("huey", "us_huey_transport", 0, "1C3", facing=0, mode="landed")
    return _game(huey, *others, unit("vc1", "vc_rifle", 1, "1K6"))


def test_65_9_a_landed_huey_stacks_as_a_ground_vehicle() -> None:
    """'65 9: "a grounded Air unit counts as a ground vehicle": an M-113 may not drive
    into the hex of a Landed Huey (one ground vehicle a hex); version 8 let it."""
    state = _landed_huey(unit("m113", "us_m113", 0, "1C4", facing=0))
    (move,) = _hand(state, 0, "move")
    drive = Play(move, "move", ("m113",), path=("1C3",))
    assert "ground vehicle" in (state.why_not(drive) or "")
    state.world.edition = 8
    state.world.field.landed_stack = False
    assert state.why_not(drive) is None


def test_65_9_a_landed_huey_is_one_of_the_three_ground_units() -> None:
    """'65 9: two Rifles beside a Landed Huey make three ground units; a Hero coming in
    would be the fourth. A Flying Huey counts for none of the ground limits."""
    state = _landed_huey(
        unit("us1", "us_rifle", 0, "1C3"),
        unit("us2", "us_rifle", 0, "1C3"),
        unit("dixon", "dixon", 0, "1C4"),
    )
    (move,) = _hand(state, 0, "move")
    walk = Play(move, "move", ("dixon",), path=("1C3",))
    assert "ground units" in (state.why_not(walk) or "")
    state.world.units["huey"].mode = "flying"
    assert state.why_not(walk) is None
    rules, w = DATA.rules, state.world
    group = [w.units[u] for u in ("huey", "us1", "us2", "dixon")]
    w.units["huey"].mode = "landed"
    assert stacking_refusal(rules, group, landed=True) is not None
    assert stacking_refusal(rules, group, landed=False) is None  # version 8


# -- 11: Opportunity Fire at AP range ---------------------------------------------------------
def _tank_watch(mover: str):  # type: ignore[no-untyped-def]
    """An American M-48 in 1A3; an NVA ``mover`` enters 1J3, nine hexes away."""
    m48 = unit("m48", "us_m48", 0, "1A3", facing=1)
    kind = "nva_pt76" if mover == "pt" else "nva_rifle"
    extra = {"facing": 4} if mover == "pt" else {}
    state = _game(m48, unit(mover, kind, 1, "1K3", **extra), seat=1)
    (move,) = _hand(state, 1, "move")
    (fire,) = _hand(state, 0, "fire")
    assert state.world.field.distance("1A3", "1J3") == 9
    return state, Play(move, "move", (mover,), path=("1J3",)), fire


def test_65_11_an_m48_opportunity_fires_at_a_pt76_entering_at_range_9() -> None:
    """'65 11: Opportunity Fire opens within the line of sight and range of a friendly
    Eligible unit; the M-48's AP range reaches 12 (15c), so a PT-76 entering at range 9
    gives it a window and an AP shot. Version 8 counted the HE range (8) only."""
    state, drive, fire = _tank_watch("pt")
    state.apply(drive)
    top = state.world.pending[-1]
    assert top.window is Window.OPPORTUNITY and state.current_player() == 0
    assert state.why_not(Play(fire, "fire", ("m48",), "pt")) is None
    state, drive, _ = _tank_watch("pt")
    state.world.edition = 8
    state.apply(drive)
    assert not state.world.pending


def test_65_11_a_rifle_entering_at_range_9_is_beyond_the_m48s_he_range() -> None:
    """'65 11: a soft target takes HE fire only (range 8 at most): no window at 9."""
    state, walk, _ = _tank_watch("nva1")
    state.apply(walk)
    assert not state.world.pending


# -- 18i, 21g: Suppression's spread fire on a moving stack ------------------------------------
def _stack_moves():  # type: ignore[no-untyped-def]
    """Two Viet Cong Rifles move together from 1F3 to 1E3; an American M60 (Suppression)
    watches from 1B3 with a Fire card."""
    vc = [unit("vc1", "vc_rifle", 1, "1F3"), unit("vc2", "vc_rifle", 1, "1F3")]
    state = _game(unit("m60", "us_m60", 0, "1B3"), *vc, seat=1)
    (move,) = _hand(state, 1, "move")
    (fire,) = _hand(state, 0, "fire")
    state.apply(Play(move, "move", ("vc1", "vc2"), path=("1E3",)))
    assert state.world.pending[-1].window is Window.OPPORTUNITY
    return state, fire


def test_65_18i_a_moving_stack_may_receive_suppression_fire() -> None:
    """'65 18i: "if moved in a stack, they may receive suppression fire": the M60
    spreads its Opportunity Fire (21g); two Hits Shake both Rifles, and both stop (the
    target was the whole stack, 11)."""
    state, fire = _stack_moves()
    spread = Play(fire, "fire", ("m60",), "vc1", spread=True)
    assert state.why_not(spread) is None
    _on_top(state, *_free(state, GREEN, 2), *_free(state, MISS, 3))
    events = state.apply(spread)
    events += _decline_all(state)
    w = state.world
    assert [e.unit for e in events if isinstance(e, HitApplied)] == ["vc1", "vc2"]
    for uid in ("vc1", "vc2"):
        assert w.units[uid].shaken and w.units[uid].marker is Marker.OPS_COMPLETE
    assert w.movement is None


def test_65_18i_spread_opportunity_fire_needs_a_stack_and_version_9() -> None:
    """'65 18i, 11: a lone mover takes aimed fire only; version 8 refused spread
    Opportunity Fire on any mover (Interpretation 18 of its day)."""
    state, fire = _stack_moves()
    state.world.edition = 8
    assert "moving stack" in (state.why_not(Play(fire, "fire", ("m60",), "vc1", spread=True)) or "")
    vc = unit("vc1", "vc_rifle", 1, "1F3")
    state = _game(unit("m60", "us_m60", 0, "1B3"), vc, seat=1)
    (move,) = _hand(state, 1, "move")
    (fire,) = _hand(state, 0, "fire")
    state.apply(Play(move, "move", ("vc1",), path=("1E3",)))
    assert "moving stack" in (state.why_not(Play(fire, "fire", ("m60",), "vc1", spread=True)) or "")


# -- 19c: Bullet Storm backs Move & Fire ------------------------------------------------------
def _move_and_fire_with_storm(edition: int):  # type: ignore[no-untyped-def]
    state = _game(unit("us1", "us_rifle", 0, "1B3"), unit("vc1", "vc_rifle", 1, "1F3"))
    state.world.edition = edition
    mf, storm = _hand(state, 0, "move_and_fire", "bullet_storm")
    play = Play(mf, "move_and_fire", ("us1",), "vc1", path=("1C3",), supports=(storm,))
    assert state.why_not(play) is None
    events = state.apply(play)
    return state, storm, events


def test_65_19c_bullet_storm_supports_the_shot_of_a_move_and_fire() -> None:
    """'65 19c: Bullet Storm adds 1 to the HEF of an attacking Leg unit in Ranged
    Combat, Move & Fire's shot included: the card is spent with the play, and the shot
    after the move (range 3, HEF 2, no range modifier: two cards) draws three. Version 8
    kept the card in hand and drew two."""
    state, storm, events = _move_and_fire_with_storm(9)
    assert any(isinstance(e, CardDiscarded) and e.card == storm for e in events)
    assert storm not in state.world.hands[0] and storm in state.world.discard
    while state.world.movement is not None or (
        state.world.pending and state.world.pending[-1].window is Window.OPPORTUNITY
    ):
        events += state.apply(Decline())
    numbers = dict(next(e for e in events if isinstance(e, FireDeclared)).numbers)
    assert numbers["card_bonus"] == 1 and numbers["damage_draw"] == 3
    state, storm, events = _move_and_fire_with_storm(8)
    while state.world.movement is not None or (
        state.world.pending and state.world.pending[-1].window is Window.OPPORTUNITY
    ):
        events += state.apply(Decline())
    numbers = dict(next(e for e in events if isinstance(e, FireDeclared)).numbers)
    assert numbers["damage_draw"] == 2 and storm in state.world.hands[0]


# -- 21e: Pathfinder in the Reserve phase and on Move & Fire ----------------------------------
def test_65_21e_pathfinder_pays_1_mp_a_hex_in_a_reserve_move() -> None:
    """'65 21e, 5d: Dixon's Reserve move of 2 MP crosses two jungle hexes (2 MP each),
    as his Move does; a Rifle may not. Version 8 refused Dixon too."""
    dixon = unit("dixon", "dixon", 0, "1A1")
    rifle = unit("us1", "us_rifle", 0, "1A2")
    state = _game(dixon, rifle, unit("vc1", "vc_rifle", 1, "1K6"), b1="jungle", c1="jungle")
    state.apply(Pass())
    state.apply(Pass())
    assert state.phase is Phase.RESERVE and state.current_player() == 0
    through = ReserveMove("dixon", ("1B1", "1C1"))
    assert state.why_not(through) is None
    assert through in state.candidate_actions()
    assert state.why_not(ReserveMove("us1", ("1B1", "1C1"))) is not None
    state.world.edition = 8
    assert "movement points" in (state.why_not(through) or "")
    state.world.edition = 9
    state.apply(through)
    assert dixon.hex == "1C1"
    state.apply(Done())


def test_65_21e_pathfinder_pays_1_mp_a_hex_on_move_and_fire() -> None:
    """'65 21e, 18j: on Move & Fire Dixon has half his MF 5, 3 MP: three jungle hexes at
    1 MP each, then the shot (version 8: 6 MP, refused)."""
    dixon = unit("dixon", "dixon", 0, "1A3")
    jungle = {"b3": "jungle", "c3": "jungle", "d3": "jungle"}
    state = _game(dixon, unit("vc1", "vc_rifle", 1, "1G3"), **jungle)
    (mf,) = _hand(state, 0, "move_and_fire")
    play = Play(mf, "move_and_fire", ("dixon",), "vc1", path=("1B3", "1C3", "1D3"))
    assert state.why_not(play) is None
    state.world.edition = 8
    assert "movement points" in (state.why_not(play) or "")
    state.world.edition = 9
    events = state.apply(play)
    events += _decline_all(state)
    moved = [e for e in events if isinstance(e, UnitMoved)]
    assert [e.points for e in moved] == [1, 1, 1]  # the log tells the 1 MP he paid


# -- the log ----------------------------------------------------------------------------------
def test_65_18p_a_scout_move_logs_the_1_mp_paid() -> None:
    """'65 18p: Scout pays 1 MP per hex; the log says so, not the jungle's 2."""
    state = _game(unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1K6"), b3="jungle")
    (scout,) = _hand(state, 0, "scout")
    events = state.apply(Play(scout, "scout", ("us1",), path=("1B3",)))
    events += _decline_all(state)
    moved = [e for e in events if isinstance(e, UnitMoved)]
    assert [(e.path, e.points) for e in moved] == [(("1B3",), 1)]
    assert "(1 MP)" in moved[0].text()


def test_65_20c_light_wounds_in_an_assault_tells_an_elimination_once() -> None:
    """'65 20c, 13b (Interpretation 21): a Viet Cong Rifle, already Shaken and reduced,
    is eliminated by the assault's two hits; Light Wounds takes one off and the one left
    still eliminates it: the log tells the elimination once, and names who was spared."""
    from test_sixty_five_cards import YR, _cards_for, _free, _rig

    from game.rules.sixty_five.actions import EndImpulse

    units = [unit("a1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1D3")]
    units[1].shaken, units[1].reduced = True, True
    state, _ = new_state(units, 3)
    _to_impulse(state)
    (move,) = _cards_for(state, 0, "move")
    (lw,) = _cards_for(state, 1, "light_wounds")
    _rig(state, _free(state, YR)[:4])
    events = state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    events += state.apply(Decline())
    events += state.apply(EndImpulse())
    w = state.world
    assert w.pending[-1].window is Window.ASSAULT_RESULT and state.current_player() == 1
    assert w.units["vc1"].eliminated
    events += state.apply(React(lw, "light_wounds"))
    events += _decline_all(state)
    told = [e.result for e in events if isinstance(e, HitApplied) and e.unit == "vc1"]
    assert told == ["eliminated"]
    spared = [e for e in events if isinstance(e, HitIgnored)]
    assert [e.unit for e in spared] == ["vc1"] and w.units["vc1"].eliminated


# -- 13c: the defenders choose their way out of an assault from several hexes -----------------
def _two_way_assault(edition: int = 9):  # type: ignore[no-untyped-def]
    """American Rifles assault the Viet Cong Rifle in 1D3 from 1C3 and from 1E3 (the
    second entry recorded as a second move of the impulse would); the attackers' draw
    hits twice, the defender's misses: the defender lost and must retreat (13c)."""
    from test_sixty_five_cards import YR, _cards_for, _rig

    from game.rules.sixty_five.actions import EndImpulse

    units = [
        unit("a1", "us_rifle", 0, "1C3"),
        unit("a2", "us_rifle", 0, "1E3"),
        unit("vc1", "vc_rifle", 1, "1D3"),
    ]
    state, _ = new_state(units, 3)
    state.world.edition = edition
    _to_impulse(state)
    (move,) = _cards_for(state, 0, "move")
    _rig(state, [*_free(state, YR, 2), *_free(state, MISS, 4)])
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    w = state.world
    w.units["a2"].hex = "1D3"
    w.assaults["1D3"].append(("a2", "1E3"))
    _decline_all(state)
    state.apply(EndImpulse())
    while w.pending and w.pending[-1].window is not Window.RETREAT:
        state.apply(Decline())  # no answers to the result, no Panic
    return state


def test_65_13c_defenders_choose_where_to_retreat_from_an_assault_from_several_hexes() -> None:
    """'65 13c: "Defenders must retreat directly away from the direction of the attack,
    and they may choose if the assault came from multiple hexes": away from 1C3 is 1E4,
    away from 1E3 is 1C4; the Viet Cong pick 1C4 (declining keeps the first attacker's
    way, Interpretation 16). Version 8 sent them to 1E4 without asking."""
    from game.rules.sixty_five.actions import Withdraw

    state = _two_way_assault()
    w = state.world
    assert w.pending[-1].window is Window.RETREAT and state.current_player() == 1
    assert state.candidate_actions() == [Withdraw("1E4"), Withdraw("1C4"), Decline()]
    assert "13c" in (state.why_not(Withdraw("1D2")) or "")
    state.apply(Withdraw("1C4"))
    assert w.units["vc1"].hex == "1C4" and w.units["vc1"].marker is Marker.OPS_COMPLETE
    assert w.fight is None and not w.pending
    state = _two_way_assault()
    state.apply(Decline())
    assert state.world.units["vc1"].hex == "1E4"


def test_65_13c_version_8_sends_the_defenders_away_from_the_first_attacker() -> None:
    state = _two_way_assault(8)
    assert not state.world.pending and state.world.units["vc1"].hex == "1E4"


# -- 12, 21g, 22g: the attacker chooses who takes an uneven hit -------------------------------
def _spread_at_two(edition: int = 9):  # type: ignore[no-untyped-def]
    """An American M60 spreads its fire (21g) over two Viet Cong Rifles in 1E3; its
    draw holds one green Hit: one of the two equals takes it."""
    vc = [unit("vc_rifle_1", "vc_rifle", 1, "1E3"), unit("vc_rifle_2", "vc_rifle", 1, "1E3")]
    state = _game(unit("m60", "us_m60", 0, "1B3"), *vc)
    state.world.edition = edition
    (fire,) = _hand(state, 0, "fire")
    _on_top(state, *_free(state, GREEN, 1), *_free(state, MISS, 4))
    state.apply(Play(fire, "fire", ("m60",), "vc_rifle_1", spread=True))
    while state.world.pending and state.world.pending[-1].window is not Window.HIT_CHOICE:
        state.apply(Decline())
    return state


def test_65_21g_the_attacker_chooses_who_takes_an_uneven_hit_of_suppression() -> None:
    """'65 21g: "if there is a choice when hits are uneven, attacker chooses": the
    American names the second Rifle; declining gives it to the first (the bot's order)."""
    from game.rules.sixty_five.actions import Hit

    state = _spread_at_two()
    w = state.world
    assert w.pending[-1].window is Window.HIT_CHOICE and state.current_player() == 0
    assert state.candidate_actions() == [Hit("vc_rifle_1"), Hit("vc_rifle_2"), Decline()]
    assert state.why_not(Hit("m60")) is not None
    state.apply(Hit("vc_rifle_2"))
    _decline_all(state)  # the Viet Cong's Light Wounds window
    assert w.units["vc_rifle_2"].shaken and not w.units["vc_rifle_1"].shaken
    state = _spread_at_two()
    _decline_all(state)
    assert state.world.units["vc_rifle_1"].shaken and not state.world.units["vc_rifle_2"].shaken


def test_65_12_the_attacker_chooses_among_equals_in_artillerys_round() -> None:
    """'65 12: artillery's hits spread evenly, non-Heroes first; with one hit for two
    Rifles the attacker names who takes it. Version 8 gave it by the default order (the
    unit nearest elimination, then by id) without asking."""
    from game.core.api import Event
    from game.rules.sixty_five.actions import Hit
    from game.rules.sixty_five.combat.strike import continue_strike
    from game.rules.sixty_five.combat.strike_state import Strike

    for edition in (9, 8):
        vc = [unit("vc1", "vc_rifle", 1, "1E3"), unit("vc2", "vc_rifle", 1, "1E3")]
        state = _game(unit("us1", "us_rifle", 0, "1A1"), *vc)
        w = state.world
        w.edition = edition
        w.strike = Strike(0, [("1E3", 0)], (HitColour.GREEN,), stage="hits", order=("vc1", "vc2"))
        w.strike.hits_left = 1
        events: list[Event] = []
        continue_strike(w, events)
        if edition == 8:
            assert w.pending[-1].window is Window.STRIKE_HIT and w.strike.held == "vc1"
            continue
        assert w.pending[-1].window is Window.HIT_CHOICE and state.current_player() == 0
        assert state.candidate_actions() == [Hit("vc1"), Hit("vc2"), Decline()]
        state.apply(Hit("vc2"))
        assert w.pending[-1].window is Window.STRIKE_HIT and w.pending[-1].unit == "vc2"
        _decline_all(state)
        assert w.units["vc2"].shaken and not w.units["vc1"].shaken


def test_65_19g_13c_a_retreat_card_before_the_draws_also_lets_the_defender_choose() -> None:
    """'65 19g with 13c: the Viet Cong answer the two-way assault with Retreat before any
    card is drawn; they leave "away from the hexside from which the attackers entered",
    and with two such sides they choose (1C4 here); nobody is hit, all Ops Complete."""
    from test_sixty_five_cards import _cards_for

    from game.rules.sixty_five.actions import EndImpulse, Withdraw

    units = [
        unit("a1", "us_rifle", 0, "1C3"),
        unit("a2", "us_rifle", 0, "1E3"),
        unit("vc1", "vc_rifle", 1, "1D3"),
    ]
    state, _ = new_state(units, 3)
    _to_impulse(state)
    (move,) = _cards_for(state, 0, "move")
    (retreat,) = _cards_for(state, 1, "retreat")
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    w = state.world
    w.units["a2"].hex = "1D3"
    w.assaults["1D3"].append(("a2", "1E3"))
    assert w.pending[-1].window is Window.ASSAULT
    state.apply(React(retreat, "retreat"))
    _decline_all(state)
    state.apply(EndImpulse())
    assert w.pending[-1].window is Window.RETREAT and state.current_player() == 1
    state.apply(Withdraw("1C4"))
    vc1 = w.units["vc1"]
    assert vc1.hex == "1C4" and not vc1.shaken and vc1.marker is Marker.OPS_COMPLETE
    assert w.units["a1"].hex == w.units["a2"].hex == "1D3"


def test_65_13c_21g_the_computer_takes_the_default_way_and_order() -> None:
    """The bot's order is the default (13c, 21g): in both choices the heuristic opponent
    declines, which keeps the first attacker's way and the default order of hits."""
    from game.ai.registry import make_bot
    from game.core.rng import Rng

    for state, seat in ((_two_way_assault(), 1), (_spread_at_two(), 0)):
        assert state.current_player() == seat
        bot = make_bot("ai", "sixty_five", seat, Rng(1))
        assert bot.choose(state.view(seat)) == Decline()
