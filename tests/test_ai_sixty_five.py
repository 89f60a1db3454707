"""The '65 heuristic bot (game/ai/sixty_five/bot.py): what it chooses in constructed
positions, that it only knows its own seat's view, and whole games without errors."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _to_impulse

from game.ai.match import play_match
from game.ai.registry import make_bot
from game.ai.sixty_five.bot import SixtyFiveBot
from game.core.rng import Rng
from game.core.session import Session
from game.rules.sixty_five.actions import (
    ChooseInitiative,
    Decline,
    Discard,
    Draw,
    Pass,
    Play,
    React,
)
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.scenarios.scenario import load_scenarios
from game.rules.sixty_five.world import Window

FIRE_ONLY = ("c09", "c11")  # Fire with a support not in the rules yet: nothing else to do
RALLY = ("c40", "c41")  # Rally, with Ambush / Light Wounds
MOVES = ("c19", "c20")  # Move, with Scout / Bullet Storm


def _hand(state, seat: int, cards: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """Give ``seat`` exactly ``cards``; the cards it held go under the draw pile."""
    w = state.world
    for c in cards:
        for pile in (w.draw_pile, w.discard, w.hands[1 - seat], w.set_aside):
            if c in pile:
                pile.remove(c)
    for c in w.hands[seat]:
        if c not in cards:
            w.draw_pile.insert(0, c)
    w.hands[seat][:] = list(cards)


def _choose(state, seat: int, seed: int = 1):  # type: ignore[no-untyped-def]
    assert state.current_player() == seat
    return SixtyFiveBot(seat, Rng(seed)).choose(state.view(seat))


def _impulse(units, cards: tuple[str, ...], seed: int = 3, **terrain: str):  # type: ignore[no-untyped-def]
    """Seat 0's first impulse of turn 1 with ``units`` on the board and ``cards`` in hand."""
    state, _ = new_state(units, seed, limit=5, **terrain)
    _to_impulse(state, 0)
    _hand(state, 0, cards)
    return state


def test_the_bot_is_the_ai_of_sixty_five() -> None:
    assert isinstance(make_bot("ai", "sixty_five", 0, Rng(1)), SixtyFiveBot)


def test_fires_at_the_damaged_target_not_the_healthy_one() -> None:
    """Concentrated fire: of two targets at the same range and cover, the Shaken and
    reduced one (a hit eliminates it) is chosen."""
    units = [
        unit("us1", "us_rifle", 0, "1A3"),
        unit("vc1", "vc_rifle", 1, "1D2"),
        unit("vc2", "vc_rifle", 1, "1D4", shaken=True, reduced=True),
    ]
    action = _choose(_impulse(units, FIRE_ONLY), 0)
    assert isinstance(action, Play) and action.block == "fire"
    assert action.target == "vc2" and action.units == ("us1",)


def test_fires_at_the_target_in_the_open_rather_than_in_cover() -> None:
    """Cover Factor costs a card of the Damage Draw (10b3): the target in kunai draws
    one card fewer than the one in the open, so the one in the open is fired at."""
    units = [
        unit("us1", "us_rifle", 0, "1A3"),
        unit("vc1", "vc_rifle", 1, "1C2"),
        unit("vc2", "vc_rifle", 1, "1C4"),
    ]
    action = _choose(_impulse(units, FIRE_ONLY, c2="kunai"), 0)
    assert isinstance(action, Play) and action.target == "vc2"


def test_fires_with_every_unit_of_the_hex() -> None:
    """10d2: the second unit of the lead unit's hex adds its HEF, so both fire."""
    units = [
        unit("us1", "us_rifle", 0, "1A3"),
        unit("us2", "us_m60", 0, "1A3"),
        unit("vc1", "vc_rifle", 1, "1D3"),
    ]
    action = _choose(_impulse(units, FIRE_ONLY), 0)
    assert isinstance(action, Play) and action.target == "vc1"
    assert action.units is not None and set(action.units) == {"us1", "us2"}


def test_adds_a_bullet_storm_to_a_shot_at_a_unit_one_hit_from_elimination() -> None:
    """19c: Bullet Storm's +1 card is worth its card against a Shaken, reduced unit."""
    units = [
        unit("us1", "us_rifle", 0, "1A3"),
        unit("vc1", "vc_rifle", 1, "1D3", shaken=True, reduced=True),
    ]
    action = _choose(_impulse(units, ("c09", "c20")), 0)
    assert isinstance(action, Play) and action.target == "vc1"
    assert action.supports == ("c20",)


def test_takes_opportunity_fire_at_a_unit_moving_in_the_open() -> None:
    """11: the moving American enters clear hexes in range and sight of the Viet Cong
    Rifle; the bot fires at it."""
    units = [unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1E3")]
    state = _impulse(units, MOVES)
    _hand(state, 1, FIRE_ONLY)
    state.apply(Play("c19", "move", ("us1",), path=("1B3", "1C3")))
    assert state.world.pending and state.world.pending[-1].window is Window.OPPORTUNITY
    action = _choose(state, 1)
    assert isinstance(action, Play) and action.target == "us1" and action.block == "fire"


def test_declines_opportunity_fire_that_would_draw_no_card() -> None:
    """11, 10b3: a reduced Rifle (HEF 1) at range 6 (-1) against a unit moving into a
    paddy (no moving-target bonus there) draws no card: the bot keeps its card."""
    units = [unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1H3", reduced=True)]
    state = _impulse(units, MOVES, b3="paddy")
    _hand(state, 1, FIRE_ONLY)
    assert state.world.field.distance("1B3", "1H3") == 6
    state.apply(Play("c19", "move", ("us1",), path=("1B3",)))
    assert state.world.pending and state.world.pending[-1].window is Window.OPPORTUNITY
    assert _choose(state, 1) == Decline()


def test_rallies_a_shaken_unit() -> None:
    """16a: with a Rally card and a Shaken unit in sight of the enemy, it rallies."""
    units = [
        unit("us1", "us_rifle", 0, "1A3", shaken=True),
        unit("vc1", "vc_rifle", 1, "1F3"),
    ]
    action = _choose(_impulse(units, RALLY), 0)
    assert action == Play("c40", "rally", ("us1",))


def test_heads_for_the_objective_and_takes_an_empty_building() -> None:
    """24: the Americans score each building hex they control; one in reach is entered."""
    state = _impulse([unit("us1", "us_rifle", 0, "1A3")], MOVES, e3="building")
    state.scenario = load_scenarios()["1"]
    action = _choose(state, 0)
    assert isinstance(action, Play) and action.path is not None
    assert action.path[-1] == "1E3"


def test_moves_toward_a_building_out_of_reach() -> None:
    """The building is farther than a move: the unit still ends nearer to it."""
    state = _impulse([unit("us1", "us_rifle", 0, "1A3")], MOVES, j3="building")
    state.scenario = load_scenarios()["1"]
    action = _choose(state, 0)
    f = state.world.field
    assert isinstance(action, Play) and action.path is not None
    assert f.distance(action.path[-1], "1J3") < f.distance("1A3", "1J3")


def test_light_wounds_saves_a_unit_from_elimination() -> None:
    """20c: a hit about to eliminate a Shaken, reduced unit is cancelled."""
    units = [
        unit("us1", "us_rifle", 0, "1A3"),
        unit("vc1", "vc_rifle", 1, "1C3", shaken=True, reduced=True),
    ]
    state = _impulse(units, FIRE_ONLY)
    _hand(state, 1, ("c21",))  # Move / Light Wounds
    green = [c.id for c in DATA.cards if c.hit is not None and c.hit.value == "green"]
    w = state.world
    top = next(c for c in green if c in w.draw_pile)
    w.draw_pile.remove(top)
    w.draw_pile.append(top)
    state.apply(Play("c09", "fire", ("us1",), "vc1"))
    while state.world.pending and state.world.pending[-1].window is Window.BEFORE_DRAW:
        state.apply(Decline())
    assert state.world.pending[-1].window is Window.HIT
    assert _choose(state, 1) == React("c21", "light_wounds")


def test_draws_to_fill_the_hand_and_passes_when_no_unit_can_act() -> None:
    """6a: an impulse starts with a draw; with every unit marked there is nothing to do."""
    units = [unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1F3")]
    state = _impulse(units, FIRE_ONLY)
    state.apply(Play("c09", "fire", ("us1",), "vc1"))
    while state.current_player() == 1 and state.world.pending:
        state.apply(Decline())
    while state.current_player() == 0:
        state.apply(_choose(state, 0))
    assert _choose(state, 1) == Draw()
    state.world.units["vc1"].marker = Marker.MOVED
    assert _choose(state, 1) == Pass()


def test_discards_a_card_it_cannot_use_after_acting() -> None:
    """6d: Reload & Fire with nobody to reload, beside a Second Wind with nobody marked:
    worth less than an average card, so thrown away after the shot."""
    units = [unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1D3")]
    state = _impulse(units, ("c09", "c48"))  # c48: Artillery (not yet) / Second Wind
    state.apply(Play("c09", "fire", ("us1",), "vc1"))
    while state.current_player() == 1:
        state.apply(Decline())
    assert _choose(state, 0) == Discard("c48")


def test_bids_a_card_it_can_spare_for_the_initiative() -> None:
    """5b: the winner gives up the card he bid: a high TN on a card worth keeping
    (Fire / Cannister, TN 10) is not laid; a spare card is."""
    state, _ = new_state([unit("us1", "us_rifle", 0, "1A3"), unit("vc1", "vc_rifle", 1, "1F3")])
    _hand(state, 0, ("c08", "c48"))  # c48: Artillery (not yet) / Second Wind, TN Miss
    action = _choose(state, 0)
    assert isinstance(action, ChooseInitiative)
    assert action.card == "c48"


def test_the_choice_does_not_depend_on_the_hidden_hand() -> None:
    """Only the seat's own view counts: swapping the other hand with cards of the draw
    pile (same board, same own hand) leaves every decision unchanged."""
    units = [
        unit("us1", "us_rifle", 0, "1A3"),
        unit("vc1", "vc_rifle", 1, "1D2"),
        unit("vc2", "vc_rifle", 1, "1D4", shaken=True),
    ]
    a = _impulse(units, FIRE_ONLY)
    b = _impulse([u.copy() for u in units], FIRE_ONLY)
    w = b.world
    w.hands[1][:], w.draw_pile[:4] = w.draw_pile[:4], w.hands[1][:]
    assert a.world.hands[1] != b.world.hands[1]
    for seed in range(3):
        assert _choose(a, 0, seed) == _choose(b, 0, seed)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200))
def test_every_choice_is_legal(seed: int, steps: int) -> None:
    """From positions reached by random play, whichever seat is to act, the bot's
    choice is legal (the rules' own ``why_not``)."""
    session = Session.new("sixty_five", seed, {"scenario": "1"}, undo=False)
    rng = Rng(seed)
    for _ in range(steps):
        if session.state.outcome() is not None:
            return
        session.apply(rng.choice(tuple(session.state.candidate_actions())))
    seat = session.state.current_player()
    if seat is None:
        return
    action = SixtyFiveBot(seat, Rng(seed)).choose(session.state.view(seat))
    assert session.state.why_not(action) is None


def test_whole_games_against_random_from_each_side() -> None:
    """Scenario 1 to its end with the bot on either side, without an error."""
    for seed, seats in ((1, ["ai", "random"]), (2, ["random", "ai"])):
        result = play_match("sixty_five", seed, seats, {"scenario": "1"}, max_actions=3000)
        assert result.outcome is not None, seats


def test_plays_panic_on_a_target_left_shaken_and_reduced() -> None:
    """19f: removing the unit is worth far more than the card."""
    from test_sixty_five_cards import _panic_setup

    state, fire, panic = _panic_setup()
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    state.apply(Decline())
    state.apply(Decline())
    assert state.world.pending[-1].window is Window.PANIC
    assert _choose(state, 0) == React(panic, "panic")


def test_takes_the_tactical_redraw_of_a_miss() -> None:
    from test_sixty_five_cards import _tactical_setup

    from game.rules.sixty_five.actions import Redraw

    state, fire, _, _ = _tactical_setup()
    state.apply(Play(fire, "fire", ("us1",), "vc1"))
    state.apply(Decline())
    assert state.world.pending[-1].window is Window.REDRAW
    assert _choose(state, 0) == Redraw()


def test_answers_an_assault_only_with_a_card_that_fits_it() -> None:
    """13: in the defender's window every answer the bot gives is legal, and without a
    fitting card it declines."""
    from test_sixty_five_cards import _assault_setup, _cards_for

    state = _assault_setup()
    (move,) = _cards_for(state, 0, "move")
    (cover,) = _cards_for(state, 1, "unexpected_cover")
    state.apply(Play(move, "move", ("a1",), path=("1D3",)))
    assert state.world.pending[-1].window is Window.ASSAULT
    answer = _choose(state, 1)
    assert answer in (React(cover, "unexpected_cover"), Decline())
    assert state.why_not(answer) is None


def test_takes_a_hit_off_with_light_wounds_after_an_assault_is_drawn() -> None:
    from test_sixty_five_cards import _assault_setup, _drawn_assault

    state = _assault_setup()
    card = _drawn_assault(state, "light_wounds")
    assert _choose(state, 1) == React(card, "light_wounds")


def test_scenarios_2_and_3_play_to_an_end_with_the_bot_on_both_sides() -> None:
    """Scenarios 2 and 3: the bot as the Americans in one and as the NVA in the other
    finishes with a winner (the side it plays: its scenario's win against random)."""
    for scenario, seats, bot in (("2", ("ai", "random"), 0), ("3", ("random", "ai"), 1)):
        result = play_match("sixty_five", 4, seats, {"scenario": scenario}, 3000)
        assert result.outcome is not None and result.outcome.winners == (bot,)


def _scenario_state(scenario: str, seed: int = 2):  # type: ignore[no-untyped-def]
    from game.rules.sixty_five.scenarios.new_game import new_scenario_game
    from game.rules.sixty_five.state import Phase

    state = new_scenario_game(scenario, seed)
    while state.phase is Phase.SETUP:
        state.apply(state.candidate_actions()[0])
    return state


def test_nva_leave_the_map_late_not_early_while_kills_are_still_needed() -> None:
    """'65 24 scenario 3: leaving denies the Americans a VP at the end; the bot values it
    more in the last turn than in the first, and less while the NVA lack kills."""
    from game.ai.sixty_five.goals import Goals
    from game.ai.sixty_five.values import Outlook
    from game.rules.sixty_five.actions import Exit

    state = _scenario_state("3")
    rifle = state.world.units["nva_rifle_5"]
    rifle.hex = "2A6"
    leave = Exit(("nva_rifle_5",))
    early = Goals(Outlook.read(state, 1, "3")).exit_value(leave)
    state.turn = state.turns
    late = Goals(Outlook.read(state, 1, "3")).exit_value(leave)
    for u in [u for u in state.world.units.values() if u.seat == 0][:4]:
        u.eliminated = True
    done = Goals(Outlook.read(state, 1, "3")).exit_value(leave)
    assert early < 0 < late < done


def test_the_bot_values_artillery_on_crowded_hexes_more() -> None:
    """'65 12: a strike on two enemy units is worth more than on one, and nothing on
    empty hexes."""
    from game.ai.sixty_five.goals import Goals
    from game.ai.sixty_five.values import Outlook

    units = [
        unit("us1", "us_rifle", 0, "1B3"),
        unit("vc1", "vc_rifle", 1, "1E3"),
        unit("vc2", "vc_rifle", 1, "1F3"),
        unit("vc3", "vc_rifle", 1, "1F3"),
    ]
    state, _ = new_state(units, 5)
    goals = Goals(Outlook.read(state, 0, None))
    one = goals.artillery_value(Play("c01", "artillery", path=("1E3", "1D3", "1D4")))
    two = goals.artillery_value(Play("c01", "artillery", path=("1F3", "1G3", "1G4")))
    none = goals.artillery_value(Play("c01", "artillery", path=("1H3", "1H4", "1I3")))
    assert 0 == none < one < two


def test_takes_the_tactical_redraw_in_an_assault_and_panics_its_victim() -> None:
    """Version 4: the bot takes its assault's Tactical redraw (21h) and plays Panic on a
    defender the assault left Shaken and reduced (19f)."""
    from test_sixty_five_cards import _assault_setup
    from test_sixty_five_v4 import _panic_assault, _riggs_assault

    from game.rules.sixty_five.actions import Redraw
    from game.rules.sixty_five.world import Window as W

    state = _assault_setup("us_rifle", unit("riggs", "riggs", 0, "1C3"))
    _riggs_assault(state)
    assert state.world.pending[-1].window is W.REDRAW
    assert _choose(state, 0) == Redraw()
    state, panic = _panic_assault()
    assert _choose(state, 0) == React(panic, "panic")


def test_answers_an_artillery_hit_with_light_wounds_when_it_saves_the_unit() -> None:
    """12 with 20c (version 4): a hit about to eliminate a Shaken, reduced Rifle is worth
    the Light Wounds card; the bot plays it in the strike's hit window."""
    from test_sixty_five_v4 import _strike

    state, card, (_, wounds) = _strike()
    w = state.world
    w.units["vc1"].shaken = w.units["vc1"].reduced = True
    state.apply(Play(card, "artillery", path=("1E3", "1E4", "1F3")))
    state.apply(Decline())  # no cover: the first Hit is about to eliminate vc1
    assert w.pending[-1].window is Window.STRIKE_HIT and w.pending[-1].unit == "vc1"
    assert _choose(state, 1) == React(wounds, "light_wounds")


# -- 23 fortifications ---------------------------------------------------------------------------
def _fortified(spot: str, kind: str | None):  # type: ignore[no-untyped-def]
    """A US rifle in 1D3 before two VC rifles in 1H3 and 1H4; ``kind`` placed in ``spot``
    (a bunker facing them). The bot's judge of seat 0 and the rifle."""
    from game.ai.sixty_five.plays import Judge
    from game.ai.sixty_five.values import Outlook
    from game.rules.sixty_five.terrain.fortified import Placed, place
    from game.rules.sixty_five.vehicles.facing import Arc, arc_of

    units = [unit("us1", "us_rifle", 0, "1D3"), unit("vc1", "vc_rifle", 1, "1H3"),
             unit("vc2", "vc_rifle", 1, "1H4")]  # fmt: skip
    state = _impulse(units, MOVES)
    w = state.world
    if kind == "bunker":
        facing = next(
            f for f in range(6)
            if all(arc_of(w.field, spot, f, e) is Arc.FRONT for e in ("1H3", "1H4"))
        )  # fmt: skip
        place(w, [Placed(spot, "bunker", facing)])
    elif kind is not None:
        place(w, [Placed(spot, kind)])
    return Judge(Outlook.read(state, 0, None)), w.units["us1"]


def test_the_bot_values_its_bunker_and_foxhole_when_defending() -> None:
    """23a, 23b: a Leg unit in a bunker (+1 CF, fired on through its front only) or a
    foxhole (its first Hit redrawn) under enemy fire is worth more where it stands than
    in the open, and more than in any hex it could step to."""
    open_value = _fortified("1D3", None)[0].place_value(_fortified("1D3", None)[1], "1D3", False)
    for kind in ("bunker", "foxhole"):
        judge, rifle = _fortified("1D3", kind)
        here = judge.place_value(rifle, "1D3", False)
        assert here > open_value, kind
        field = judge.look.world.field
        assert all(here > judge.place_value(rifle, h, True) for h in field.neighbours("1D3"))


def test_the_bot_steps_into_a_bunker_or_foxhole_not_into_wire() -> None:
    """23: a move ending in a bunker or foxhole beats the same move without it; one
    ending in wire (CF -1, and a Leg unit stops there) is worth less."""
    plain_judge, plain_rifle = _fortified("1C3", None)
    plain = plain_judge.move_value([plain_rifle], ("1C3",), True)
    for kind in ("bunker", "foxhole"):
        judge, rifle = _fortified("1C3", kind)
        assert judge.move_value([rifle], ("1C3",), True) > plain, kind
    judge, rifle = _fortified("1C3", "wire")
    assert judge.move_value([rifle], ("1C3",), True) < plain


def test_the_bot_counts_a_bunkers_cover_against_its_satchel_charge() -> None:
    """22g with 23b: a Satchel Charge into a hex whose Leg units are in a bunker draws a
    card fewer, so the bot values it less than the same charge into the open hex."""
    from game.ai.sixty_five.plays import Judge
    from game.ai.sixty_five.values import Outlook
    from game.rules.sixty_five.terrain.fortified import Placed, place

    values = []
    for bunker in (False, True):
        units = [unit("us1", "us_rifle", 0, "1E3"), unit("vc_s", "vc_sapper", 1, "1D3")]
        state, _ = new_state(units, 3, limit=5)
        _to_impulse(state, 1)
        power = next(c.id for c in DATA.cards if c.power and c.id not in state.world.hands[0])
        _hand(state, 1, (power,))
        if bunker:
            place(state.world, [Placed("1E3", "bunker", 0)])
        play = Play(power, "power", ("vc_s",), "us1")
        assert state.why_not(play) is None
        bot = SixtyFiveBot(1, Rng(1))
        values.append(bot._play(Judge(Outlook.read(state, 1, None)), play))
    assert values[1] < values[0]


def test_scenario_4_americans_hunt_the_last_nva_on_map_2() -> None:
    """'65 24 scenario 4: the Americans also win by leaving no NVA unit on Map 2, so once
    there the bot is drawn toward the NVA still standing on it, not merely onto the map."""
    from game.ai.sixty_five.goals import Goals
    from game.ai.sixty_five.values import Outlook

    state = _scenario_state("4")
    for u in state.world.units.values():
        if u.seat == 1:
            u.hex = None
    last = state.world.units["nva_rifle_1"]
    last.hex = "2J5"
    goals = Goals(Outlook.read(state, 0, "4"))
    near, far = goals.pull("2H5"), goals.pull("2B2")
    assert near > far  # both on Map 2: only the hunt tells them apart
    last.hex = "2B3"
    goals = Goals(Outlook.read(state, 0, "4"))
    assert goals.pull("2B2") > goals.pull("2H5")
