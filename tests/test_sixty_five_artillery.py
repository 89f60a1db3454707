"""'65 artillery (12), Heavy Artillery (19e), scenario 2's strike by two Fire cards and
the rules calculator's numbers for a strike."""

from __future__ import annotations

import pytest
from sixty_five_support import DATA, new_state, unit
from test_sixty_five_flow import _ids, _impulse_with, _to_impulse

from game.rules.sixty_five.actions import Decline, Play
from game.rules.sixty_five.combat.artillery import (
    artillery_candidates,
    artillery_legal,
    artillery_plan,
    even_hits,
    fire_strike_block,
)
from game.rules.sixty_five.data import HitColour

ARTILLERY = DATA.blocks["artillery"]
GREEN_HITS = [c.id for c in DATA.cards if c.hit is HitColour.GREEN and not c.end_turn]
MISSES = [c.id for c in DATA.cards if c.hit is None and not c.end_turn]


def example_units() -> list:  # type: ignore[type-arg]
    """The artillery example: one enemy unit in clear E3, one in kunai E4 (CF 1), two
    in kunai F3 (CF 1); an American in B3 sees E3."""
    return [
        unit("us1", "us_rifle", 0, "1B3"),
        unit("vc1", "vc_rifle", 1, "1E3"),
        unit("vc2", "vc_rifle", 1, "1E4"),
        unit("vc3", "vc_rifle", 1, "1F3"),
        unit("vc4", "vc_rpd", 1, "1F3"),
    ]


def strike_state(units: list, seed: int = 7, **terrain: str):  # type: ignore[no-untyped-def,type-arg]
    """A game in the Americans' impulse with an Artillery card in hand."""
    state, _ = new_state(units, seed, **terrain)
    _to_impulse(state)
    card = next(c for c in _ids() if "artillery" in DATA.card(c).blocks)
    _impulse_with(state, 0, [card])
    return state, card


def test_65_12_artillery_example_e3_e4_f3_draws_three_two_three() -> None:
    """'65 12 artillery example: HEF 3 on E3, E4 and F3, each resolved separately: E3 (one
    unit, no cover) 3 cards, E4 (one unit, CF 1) 2 cards, F3 (two units, CF 1) 3 - 1 + 1
    = 3 cards."""
    state, card = strike_state(example_units(), e4="kunai", f3="kunai")
    play = Play(card, "artillery", path=("1E3", "1E4", "1F3"))
    assert state.why_not(play) is None
    plans = artillery_plan(state.world, 0, play, ARTILLERY)
    assert [p.hef for p in plans] == [3, 3, 3]
    assert [p.cover_factor for p in plans] == [0, 1, 1]
    assert [p.crowded for p in plans] == [0, 0, 1]
    assert [p.draws for p in plans] == [3, 2, 3]


def test_65_12_artillery_hits_up_to_three_hexes_each_resolved_separately() -> None:
    """'65 12: artillery hits up to three hexes: each hex's cards are drawn on its own
    and only its units take its hits (green Hits, like aimed fire)."""
    state, card = strike_state(example_units(), e4="kunai", f3="kunai")
    w = state.world
    # top of the pile is the end of the list: E3 draws hit, miss, miss; E4 miss, miss;
    # F3 hit, hit, miss
    hits = [c for c in GREEN_HITS if c not in w.hands[0]]
    misses = [c for c in MISSES if c not in w.hands[0]]
    order = [hits[0], misses[0], misses[1], misses[2], misses[3], hits[1], hits[2], misses[4]]
    for c in order:
        for pile in (w.draw_pile, w.discard, *w.hands):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(order))
    events = state.apply(Play(card, "artillery", path=("1E3", "1E4", "1F3")))
    while w.pending:  # the defender lets every reaction window pass (version 4)
        events += state.apply(Decline())
    u = w.units
    assert u["vc1"].shaken and not u["vc1"].reduced
    assert not u["vc2"].shaken
    assert u["vc3"].shaken and u["vc4"].shaken  # two hits spread evenly over F3
    assert any(type(e).__name__ == "ArtilleryStrike" for e in events)
    assert all(w.units[x].marker is None for x in ("us1",))  # no unit was activated


def test_65_12_artillery_may_target_an_empty_hex() -> None:
    """'65 12: artillery may target an empty hex (nothing is drawn there)."""
    state, card = strike_state(example_units())
    play = Play(card, "artillery", path=("1D2", "1E3", "1D3"))
    assert state.why_not(play) is None
    plans = artillery_plan(state.world, 0, play, ARTILLERY)
    assert [p.draws for p in plans] == [0, 3, 0]


def test_65_12_a_friendly_unshaken_unit_must_see_one_hex_and_others_adjoin_it() -> None:
    """'65 12: a friendly unit not Shaken must see the target hex (one of the three is
    enough); the two others are adjacent to the target hex and next to a hex in sight."""
    units = example_units()
    state, card = strike_state(units, d3="jungle", d4="jungle", c2="jungle", c4="jungle")
    w = state.world
    # B3 sees C3 (adjacent) only; D3 and D4 are jungle (blocking)
    assert "next to" in (
        artillery_legal(w, 0, Play(card, "artillery", path=("1C3", "1E3", "1D3")), ARTILLERY) or ""
    )
    assert (
        artillery_legal(w, 0, Play(card, "artillery", path=("1D3", "1C3", "1E3")), ARTILLERY)
        is None
    )
    assert "three" in (
        artillery_legal(w, 0, Play(card, "artillery", path=("1E3", "1E4")), ARTILLERY) or ""
    )
    far = Play(card, "artillery", path=("1I3", "1I4", "1J3"))
    assert "sees" in (artillery_legal(w, 0, far, ARTILLERY) or "")
    units[0].shaken = True
    open_play = Play(card, "artillery", path=("1C3", "1C2", "1D3"))
    assert "unshaken" in (artillery_legal(w, 0, open_play, ARTILLERY) or "")


def test_65_12_artillery_hits_are_spread_evenly_heroes_and_difficult_targets_last() -> None:
    """'65 12, 21c: every unit takes one hit before any takes a second; non-Heroes before
    a Hero; a Difficult Target is always hit last."""
    rifle = unit("r", "vc_rifle", 1, "1E3")
    rpd = unit("m", "vc_rpd", 1, "1E3")
    hero = unit("h", "phan", 1, "1E3")
    even_hits([hero, rifle, rpd], 2, [])
    assert rifle.shaken and rpd.shaken and not hero.shaken
    rifle.shaken = rpd.shaken = False
    even_hits([hero, rifle, rpd], 4, [])
    assert rifle.shaken and rpd.shaken and hero.shaken
    assert (rifle.reduced, rpd.reduced, hero.reduced) == (False, True, False)  # by id
    sniper = unit("n", "ngo", 1, "1F3")  # Difficult Target
    hero2 = unit("p", "phan", 1, "1F3")
    even_hits([sniper, hero2], 1, [])
    assert hero2.shaken and not sniper.shaken


def test_65_21c_a_lone_difficult_target_takes_one_card_less_from_artillery() -> None:
    """'65 21c: a Difficult Target alone in its hex: -1 to the artillery HEF there."""
    units = [unit("us1", "us_rifle", 0, "1B3"), unit("ngo", "ngo", 1, "1E3")]
    state, card = strike_state(units)
    play = Play(card, "artillery", path=("1E3", "1E4", "1F3"))
    assert [p.draws for p in artillery_plan(state.world, 0, play, ARTILLERY)] == [2, 0, 0]


def test_65_19e_heavy_artillery_adds_one_to_each_hex() -> None:
    """'65 19e: Heavy Artillery supports only the Artillery action and adds one to the
    HEF of each hex attacked."""
    state, card = strike_state(example_units(), e4="kunai", f3="kunai")
    heavy = next(c for c in _ids() if "heavy_artillery" in DATA.card(c).blocks and c != card)
    fire = next(c for c in _ids() if DATA.card(c).upper == "fire" and c not in (card, heavy))
    _impulse_with(state, 0, [card, heavy, fire])
    play = Play(card, "artillery", path=("1E3", "1E4", "1F3"), supports=(heavy,))
    assert state.why_not(play) is None
    assert [p.draws for p in artillery_plan(state.world, 0, play, ARTILLERY)] == [4, 3, 4]
    refused = state.why_not(Play(fire, "fire", ("us1",), "vc1", supports=(heavy,)))
    assert refused is not None
    state.apply(play)
    assert heavy not in state.world.hands[0] and heavy in state.world.discard


def test_65_12_no_strike_on_a_hex_holding_friendly_units() -> None:
    """Interpretation 25: artillery falls on the enemy; no pattern hex may hold ours."""
    state, card = strike_state(example_units())
    play = Play(card, "artillery", path=("1B3", "1C3", "1B2"))
    assert "friendly" in (state.why_not(play) or "")


def test_65_24_scenario_2_two_fire_cards_one_a_power_call_a_strike_of_hef_4() -> None:
    """'65 24 scenario 2: the Americans may play two Fire actions (one of them a Power
    card) to call an artillery strike with HEF 4; a single Fire card, two cards without
    Power, or the Viet Cong doing it are refused."""
    from game.rules.sixty_five.scenarios.new_game import new_scenario_game
    from game.rules.sixty_five.state import Phase

    state = new_scenario_game("2", 4)
    while state.phase is Phase.SETUP:
        state.apply(state.candidate_actions()[0])
    w = state.world
    us = next(u for u in w.units.values() if u.seat == 0)
    vc = next(u for u in w.units.values() if u.seat == 1)
    # put them face to face on Map 2
    us.hex, vc.hex = "2E3", "2E5"
    for u in w.units.values():
        if u not in (us, vc) and u.hex is not None and u.hex.startswith("2E"):
            u.hex = "3K1" if u.seat == 1 else "2A1"
    _to_impulse(state)
    power_fire = next(c for c in _ids(power=True) if "fire" in DATA.card(c).blocks)
    plain_fires = [c for c in _ids(power=False) if DATA.card(c).upper == "fire"]
    plain_fires = [c for c in plain_fires if "heavy_artillery" not in DATA.card(c).blocks]
    _impulse_with(state, 0, [power_fire, plain_fires[0], plain_fires[1]])
    pattern = ("2E5", "2E6", "2F5")
    strike = Play(power_fire, "fire", path=pattern, supports=(plain_fires[0],))
    assert state.why_not(strike) is None
    assert [p.hef for p in artillery_plan(w, 0, strike, fire_strike_block(4))] == [4, 4, 4]
    assert state.why_not(Play(power_fire, "fire", path=pattern)) is not None
    both_plain = Play(plain_fires[0], "fire", path=pattern, supports=(plain_fires[1],))
    assert "Power" in (state.why_not(both_plain) or "")
    assert strike in artillery_candidates(w, 0, 4) or any(
        p.block == "fire" and p.path for p in artillery_candidates(w, 0, 4)
    )
    answer = state.explain(strike)
    assert answer.numbers["2E5"]["hef"] == 4
    assert answer.numbers["2E5"]["damage_draw"] == 4 - w.field.cover("2E5")
    assert sum(answer.outcomes.values()) == pytest.approx(1.0)
    state.apply(strike)
    assert power_fire in w.discard and plain_fires[0] in w.discard
    assert artillery_candidates(w, 1, None) == [] or all(
        p.block == "artillery" for p in artillery_candidates(w, 1, None)
    )


def test_65_explain_artillery_gives_each_hex_and_total_hits() -> None:
    """The rules calculator on the artillery example: per hex its numbers and the chance
    of each number of hits, and the total hits over all eight cards as outcomes."""
    state, card = strike_state(example_units(), e4="kunai", f3="kunai")
    play = Play(card, "artillery", path=("1E3", "1E4", "1F3"))
    answer = state.explain(play)
    n = answer.numbers
    assert [n[h]["damage_draw"] for h in ("1E3", "1E4", "1F3")] == [3, 2, 3]
    assert n["damage_draw"] == 8 and n["hits_on"] == ["green"]
    assert sum(n["1E4"]["hit_chances"]) == pytest.approx(1.0)
    assert len(answer.outcomes) == 9 and sum(answer.outcomes.values()) == pytest.approx(1.0)


def test_65_explain_command_prints_a_strikes_numbers(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``python -m game explain sixty_five --position FILE --action "play CARD artillery
    to H,H,H" --json`` on a scenario 2 position: each hex's numbers and the chances of
    the total hits, adding up to 1."""
    import json

    import yaml

    from game.__main__ import main
    from game.core.rng import Rng
    from game.core.session import Session

    session = Session.new("sixty_five", 21, {"scenario": "2"})
    pick = Rng(3)
    strike = None
    for step in range(4000):
        options = session.state.candidate_actions()
        found = [a for a in options if isinstance(a, Play) and a.block == "artillery"]
        if found and step > 30:
            strike = found[0]
            break
        session.apply(pick.choice(options))
    assert strike is not None and strike.path is not None
    pos = tmp_path / "pos.yaml"
    actions = list(session.to_record().actions)
    pos.write_text(
        yaml.safe_dump(
            {"ruleset": "sixty_five", "seed": 21, "options": {"scenario": "2"}, "actions": actions}
        )
    )
    code = main(
        ["explain", "sixty_five", "--position", str(pos), "--action", strike.to_str(), "--json"]
    )
    answer = json.loads(capsys.readouterr().out)
    assert code == 0 and answer["legal"] is True
    numbers = answer["numbers"]
    assert numbers["hexes"] == list(strike.path)
    assert numbers["damage_draw"] == sum(numbers[h]["damage_draw"] for h in strike.path)
    assert sum(answer["outcomes"].values()) == pytest.approx(1.0)
