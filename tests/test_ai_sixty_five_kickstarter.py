"""The '65 bot with the Kickstarter cards (18 r-y, option kickstarter=true): it plays
each of them when it pays, and whole games with the option on end without an error."""

from __future__ import annotations

from collections import Counter as Tally

from sixty_five_support import DATA, unit
from test_ai_sixty_five import _choose, _hand
from test_sixty_five_kickstarter import _card, _give, kick_state

from game.ai.sixty_five.bot import SixtyFiveBot
from game.core.rng import Rng
from game.core.session import Session
from game.rules.sixty_five.actions import Decline, Play, React
from game.rules.sixty_five.world import Window

KICK_BLOCKS = {b for c in DATA.kickstarter_cards for b in c.blocks} - {
    b for c in DATA.cards for b in c.blocks
}


def test_bot_springs_a_claymore_on_an_enemy_next_to_its_riflemen() -> None:
    """18v: the enemy rifle steps next to an American Leg unit; the bot answers the
    window with its Claymore."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    clay = _card("claymore")
    _give(state, 0, [clay])
    state.phasing = 1
    move = next(c for c in DATA.cards if c.upper == "move" and c.id not in w.hands[0]).id
    _give(state, 1, [move])
    state.apply(Play(move, "move", ("vc1",), path=("1D3",)))
    while w.pending and w.pending[-1].window is not Window.TRAP:
        state.apply(Decline())
    assert _choose(state, 0) == React(clay, "claymore")


def test_bot_regroups_a_hand_it_cannot_use() -> None:
    """18y: with nothing but Rally and Second Wind cards (no unit to rally) beside
    Regroup, the bot draws a fresh hand."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
    w = state.world
    regroup = _card("regroup")
    useless = [c.id for c in DATA.cards if c.upper in ("rally", "rally_2", "second_wind")]
    hand = [regroup, *[c for c in useless if c not in w.hands[1]][:3]]
    _hand(state, 0, tuple(hand))
    assert _choose(state, 0) == Play(regroup, "regroup")


def test_bot_fires_twice_with_tactics_at_a_target_in_the_open() -> None:
    """18w: two riflemen in neighbouring hexes, an enemy in the open in range of both,
    Tactics and useless cards in hand: the bot fires with both."""
    units = [unit("us1", "us_rifle", 0, "1C3"), unit("us2", "us_rifle", 0, "1C4"),
             unit("vc1", "vc_rifle", 1, "1E3")]  # fmt: skip
    state = kick_state(units)
    w = state.world
    tactics = _card("tactics")
    useless = [c.id for c in DATA.cards if c.upper in ("rally", "rally_2")]
    hand = [tactics, *[c for c in useless if c not in w.hands[1]][:2]]
    _hand(state, 0, tuple(hand))
    choice = _choose(state, 0)
    assert isinstance(choice, Play) and choice.block == "tactics"
    assert set(choice.units or ()) == {"us1", "us2"} and choice.target == "vc1"


def test_bot_vs_bot_games_with_the_kickstarter_cards_end_and_use_them() -> None:
    """Scenarios 1 and 3 with the option on, the bot on both sides: every choice is
    legal, the games end, and the bot plays Kickstarter blocks."""
    used: Tally[str] = Tally()
    for scenario, seed in (("1", 5), ("3", 6)):
        session = Session.new("sixty_five", seed, {"scenario": scenario, "kickstarter": "true"})
        bots = [SixtyFiveBot(s, Rng(seed + s)) for s in (0, 1)]
        for _ in range(4000):
            state = session.state
            if state.outcome() is not None:
                break
            seat = state.current_player()
            assert seat is not None
            action = bots[seat].choose(state.view(seat))
            assert state.why_not(action) is None
            if isinstance(action, (Play, React)) and action.block in KICK_BLOCKS:
                used[action.block] += 1
            session.apply(action)
        assert session.state.outcome() is not None
    assert sum(used.values()) >= 2, used


def test_bot_digs_in_a_rifleman_under_fire_but_rallies_a_shaken_one_first() -> None:
    """18s: a rifleman in the sights of three enemies, no fire card in hand: the bot
    Scrapes a foxhole; the same rifleman Shaken is rallied instead (Rally 2 in hand)."""
    from sixty_five_support import unit as make

    for shaken, block in ((False, "scrape"), (True, "rally_2")):
        units = [make("us1", "us_rifle", 0, "1C3", shaken=shaken),
                 make("vc1", "vc_rpd", 1, "1E3"), make("vc2", "vc_rifle", 1, "1F3"),
                 make("vc3", "vc_rifle", 1, "1E4")]  # fmt: skip
        state = kick_state(units)
        scrape = _card("scrape")
        others = [c.id for c in DATA.cards if c.upper in ("rally_2", "second_wind")]
        _hand(state, 0, (scrape, *[c for c in others if c not in state.world.hands[1]][:2]))
        choice = _choose(state, 0)
        assert isinstance(choice, Play) and choice.block == block and choice.units == ("us1",)
