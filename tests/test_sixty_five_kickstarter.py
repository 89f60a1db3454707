"""'65 Kickstarter expansion cards (18 r-y) under the option ``kickstarter=true``: the
deck with and without them, and each card's effect through the state machine."""

from __future__ import annotations

from sixty_five_support import DATA, new_state, unit
from test_sixty_five_cards import _free, _rig
from test_sixty_five_flow import _impulse_with, _to_impulse

from game.rules.sixty_five import SixtyFive
from game.rules.sixty_five.actions import Decline, Draw, Play, React
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import FoxholeRedraw, WeatherDrawn
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.world import Window

KICK = [c.id for c in DATA.kickstarter_cards]
MISS = [c.id for c in DATA.cards if c.hit is None and not c.end_turn]
GREEN = [c.id for c in DATA.cards if c.hit is not None and c.hit.value == "green"]


def _card(block: str) -> str:
    return next(c.id for c in DATA.kickstarter_cards if block in c.blocks)


def kick_state(units, seed: int = 3, **terrain: str) -> SixtyFiveState:  # type: ignore[no-untyped-def]
    """A Kickstarter game (its cards in the draw pile) in the Americans' started impulse."""
    state, _ = new_state(units, seed, **terrain)
    w = state.world
    w.kickstarter = True
    w.draw_pile = [*KICK, *w.draw_pile]  # under the pile: never dealt by accident
    _to_impulse(state, 0)
    if state.why_not(Draw()) is None:
        state.apply(Draw())
    state.started = True
    return state


def _give(state: SixtyFiveState, seat: int, cards: list[str]) -> None:
    w = state.world
    for c in cards:
        for pile in (w.draw_pile, w.discard, w.hands[1 - seat]):
            if c in pile:
                pile.remove(c)
    _impulse_with(state, seat, cards)


# -- the option and the deck ---------------------------------------------------------------------
def test_65_18_kickstarter_option_off_by_default_leaves_the_game_unchanged() -> None:
    """18 r-y are an option: off (the default, or said outright) the game is the base
    game byte for byte (same snapshot); on, the eight Kickstarter faces join the 54."""
    ruleset = SixtyFive()
    base = ruleset.new_game(11, {"scenario": "2"})
    off = ruleset.new_game(11, {"scenario": "2", "kickstarter": "false"})
    on = ruleset.new_game(11, {"scenario": "2", "kickstarter": "true"})
    assert base.snapshot() == off.snapshot()
    assert "kickstarter" not in base.snapshot()["world"]
    assert sorted(on.world.draw_pile) == sorted([*base.world.draw_pile, *KICK])
    assert len(on.world.draw_pile) == 54 + len(KICK)
    assert on.snapshot()["world"]["kickstarter"] is True


def test_65_18_kickstarter_counts_are_data_one_face_per_block_two_sneaks() -> None:
    """Designed data: each Kickstarter block on one card, Sneak on two; the 54 base cards
    and their probabilities stay as they are."""
    counts: dict[str, int] = {}
    for card in DATA.kickstarter_cards:
        for b in card.blocks:
            counts[b] = counts.get(b, 0) + 1
    kick = ["sudden_downpour", "scrape", "sneak", "punji_stakes", "claymore", "tactics"]
    kick += ["recon_patrol", "regroup"]
    assert {b: counts[b] for b in kick} == {b: 2 if b == "sneak" else 1 for b in kick}
    assert len(DATA.cards) == 54


# -- 18s Scrape ----------------------------------------------------------------------------------
def test_65_18s_scrape_digs_a_foxhole_ops_complete_and_another_action() -> None:
    """'65 18s: Scrape: a non-Hero Leg unit digs a foxhole in its hex; the unit is Ops
    Complete and the player may take another action."""
    state = kick_state([unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")])
    card = _card("scrape")
    _give(state, 0, [card])
    before = state.actions_left
    state.apply(Play(card, "scrape", ("us1",)))
    w = state.world
    assert w.foxholes == ["1C3"] and w.units["us1"].marker is Marker.OPS_COMPLETE
    assert state.actions_left == before  # the action is still to take
    assert "foxhole already" in (state.why_not(Play(card, "scrape", ("us1",))) or "") or (
        card not in w.hands[0]
    )


def test_65_18s_scrape_no_hero_nor_building_and_not_twice() -> None:
    """18s, 23: a Hero may not Scrape, nor may anyone in a building hex."""
    state = kick_state(
        [unit("riggs", "riggs", 0, "1C3"), unit("us1", "us_rifle", 0, "1D3"),
         unit("vc1", "vc_rifle", 1, "1H3")], d3="building",
    )  # fmt: skip
    card = _card("scrape")
    _give(state, 0, [card])
    assert "non-Hero Leg" in (state.why_not(Play(card, "scrape", ("riggs",))) or "")
    assert "building" in (state.why_not(Play(card, "scrape", ("us1",))) or "")


def _attack_events(state: SixtyFiveState, play: Play) -> list[object]:
    events = list(state.apply(play))
    while state.world.pending:
        events.extend(state.apply(Decline()))
    return events


def test_65_23a_18s_a_foxhole_redraws_the_first_hit_of_an_attack() -> None:
    """23a with 18s: the first Hit drawn against a Leg unit in a dug foxhole is set aside
    and another card drawn: two green Hits give one hit (Shaken); without the foxhole
    the same cards give two (Shaken, then reduced)."""
    for holes in ([], ["1E3"]):
        state = kick_state(
            [unit("us1", "us_rifle", 0, "1C3"), unit("vc1", "vc_rifle", 1, "1E3")]
        )
        w = state.world
        w.foxholes.extend(holes)
        fire = next(c for c in w.hands[0] if "fire" in DATA.card(c).blocks)
        _rig(state, [*_free(state, GREEN)[:2], *_free(state, MISS)[:4]])
        events = _attack_events(state, Play(fire, "fire", ("us1",), "vc1"))
        redrawn = [e for e in events if isinstance(e, FoxholeRedraw)]
        assert len(redrawn) == len(holes)
        assert w.units["vc1"].reduced is (not holes)
