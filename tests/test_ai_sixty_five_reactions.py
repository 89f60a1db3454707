"""The '65 bot's reaction cards during AP fire (game/ai/sixty_five/reactions.py): Unexpected
Cover, First Fire, Critical Hit and Glancing Shot in constructed vehicle duels."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_ai_sixty_five import _hand
from test_sixty_five_ap_fire import FIRE, _duel, _place_cards
from test_sixty_five_flow import _to_impulse

from game.ai.sixty_five.bot import SixtyFiveBot
from game.ai.sixty_five.plays import Judge
from game.ai.sixty_five.reactions import ap_reaction_value
from game.ai.sixty_five.values import ELIMINATED, LOSS, Outlook, worth
from game.core.rng import Rng
from game.rules.sixty_five.actions import Decline, Play, React
from game.rules.sixty_five.vehicles.facing import Arc
from game.rules.sixty_five.vehicles.fire import targeting_result
from game.rules.sixty_five.world import Window

COVER = ("c47", "unexpected_cover")
FIRST_FIRE = ("c12", "first_fire")
GLANCING = ("c15", "glancing_shot")
CRITICAL = ("c49", "critical_hit")
HIT = "c21"  # a targeting card that hits the M-48 from the PT-76 (test_sixty_five_ap_fire)


def _choose(state, seat: int):  # type: ignore[no-untyped-def]
    assert state.current_player() == seat
    return SixtyFiveBot(seat, Rng(1)).choose(state.view(seat))


def _value(state, seat: int, card: tuple[str, str]) -> float:  # type: ignore[no-untyped-def]
    return ap_reaction_value(Judge(Outlook.read(state, seat, None)), React(*card))


def test_65_20d_unexpected_cover_when_two_vehicle_shots_come_at_the_flank() -> None:
    """'65 20d: CF 2 for the rest of the action: against a PT-76 and an RPG shooting at
    the M-48's flank in the open it saves more than the card, so the bot plays it."""
    rpg = unit("rpg", "nva_rpg", 1, "1C1")
    state = _duel(target_terrain="clear", target_arc=Arc.FLANK, extra=(rpg,))
    _hand(state, 0, (COVER[0], "c19"))
    state.apply(Play(FIRE, "fire", ("pt", "rpg"), target="m48"))
    assert state.world.pending[-1].window is Window.AP_AIM
    assert _choose(state, 0) == React(*COVER)


def test_65_20d_unexpected_cover_kept_against_one_shot_at_the_front_armour() -> None:
    """One PT-76 shot at the M-48's front armour in the jungle: the cover saves less than
    the card is worth in hand, so the bot keeps it."""
    state = _duel(target_terrain="jungle", target_arc=Arc.FRONT)
    _hand(state, 0, (COVER[0], "c19"))
    state.apply(Play(FIRE, "fire", ("pt",), target="m48"))
    assert _value(state, 0, COVER) < 0
    assert _choose(state, 0) == Decline()


def test_65_20a_first_fire_answers_the_vehicle_shooting_at_ours() -> None:
    """'65 20a: the Eligible M-48 shoots back at the PT-76 (both results stand): the
    bot plays First Fire, worth the answer's expected damage."""
    state = _duel(target_terrain="clear")
    _hand(state, 0, (FIRST_FIRE[0], "c19"))
    state.apply(Play(FIRE, "fire", ("pt",), target="m48"))
    assert _value(state, 0, FIRST_FIRE) > 0.3
    assert _choose(state, 0) == React(*FIRST_FIRE)


def test_65_19d_critical_hit_after_our_shot_hits_and_20b_glancing_shot_answers() -> None:
    """'65 19d and 20b: the PT-76 hits the M-48's front (modified APF 3 against AF 4): +2
    APF turns most bonus cards into a kill, so the NVA bot plays Critical Hit; -2 on the
    bonus saves the M-48 as often, so the American bot answers with Glancing Shot."""
    state = _duel(target_terrain="clear", hand=(FIRE, CRITICAL[0]), top=(HIT,))
    _hand(state, 0, (GLANCING[0], "c19"))
    state.apply(Play(FIRE, "fire", ("pt",), target="m48"))
    assert _choose(state, 0) == Decline()  # no cover card, no First Fire card
    state.apply(Decline())
    assert state.world.pending[-1].window is Window.AP_HIT
    assert _value(state, 1, CRITICAL) > 0.1
    assert _choose(state, 1) == React(*CRITICAL)
    state.apply(React(*CRITICAL))
    assert _value(state, 0, GLANCING) > 0.1
    assert _choose(state, 0) == React(*GLANCING)


def test_65_19d_critical_hit_kept_when_the_shot_kills_anyway() -> None:
    """The M-48 (APF 4) hits the PT-76 (AF 2) at range 4: all but a few bonus cards
    destroy it already, so +2 APF changes little and the bot keeps the card."""
    pt = unit("pt", "nva_pt76", 1, "1C1", facing=0)
    m48 = unit("m48", "us_m48", 0, "1C5", facing=0)
    state, _ = new_state([pt, m48], 7, limit=5, c5="clear")
    _to_impulse(state, 0)
    hit = next(c.id for c in DATA.cards if targeting_result(c, 4).hit and c.id != FIRE)
    _place_cards(state, 0, [FIRE, CRITICAL[0]], [hit])
    state.apply(Play(FIRE, "fire", ("m48",), target="pt"))
    state.apply(Decline())  # the NVA's window before the targeting draw
    assert state.world.pending[-1].window is Window.AP_HIT and state.current_player() == 0
    assert _value(state, 0, CRITICAL) < 0
    assert _choose(state, 0) == Decline()


def test_65_15c_an_ap_shot_is_worth_its_kill_and_shake_chances_and_a_miss_nothing() -> None:
    """The bot's worth of an AP shot (15b, 15c) from the calculator's outcomes: a
    destroyed M-48 counts as eliminated, a Shake as Shaken, a miss and no effect as
    nothing (the soft-target reading took a miss for a Shake and a kill for a Shake)."""
    state = _duel(target_terrain="clear")
    play = Play(FIRE, "fire", ("pt",), target="m48")
    judge = Judge(Outlook.read(state, 1, None))
    m48 = state.world.units["m48"]
    assert judge.fire_value(play, {"missed": 1.0}) == 0.0
    assert judge.fire_value(play, {"no effect": 1.0, "missed": 0.0}) == 0.0
    shake = judge.fire_value(play, {"shaken": 1.0, "missed": 0.0})
    kill = judge.fire_value(play, {"destroyed": 1.0, "missed": 0.0})
    assert shake == worth(m48) * LOSS[(True, False)]
    assert kill == worth(m48) * ELIMINATED
    odds = state.explain(play).outcomes
    expected = odds["destroyed"] * kill + odds["shaken"] * shake
    assert abs(judge.fire_value(play, odds) - expected) < 1e-9
