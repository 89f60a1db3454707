"""'65 23b: the bunker itself as a hard target of AF 4 (AP fire from any side), its
Rubble, and the front-only AP fire of the units in it."""

from __future__ import annotations

from sixty_five_support import new_state, unit
from test_sixty_five_ap_fire import FIRE, _front_facing, _place_cards, _shoot
from test_sixty_five_flow import _to_impulse

from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.candidates import fire_plays
from game.rules.sixty_five.model import Fortification
from game.rules.sixty_five.movement.rules import entry_cost
from game.rules.sixty_five.terrain.bunker_fire import BunkerMark, bunker_mark, bunker_target_refusal
from game.rules.sixty_five.terrain.fortified import Placed, bunker_cover_bonus, place
from game.rules.sixty_five.vehicles.events import ApArmourDrawn, ApTargetingDrawn, BunkerWrecked
from game.rules.sixty_five.vehicles.facing import Arc

HIT = "c08"  # TN 10: hits any to-hit number up to 10
KILL = "c17"  # APF bonus +2
SHAKE = "c04"  # Shake!
BOUNCE = "c16"  # APF bonus -2


def _bunker(top: tuple[str, ...], *, arc: Arc = Arc.FLANK, hand: tuple[str, ...] = (FIRE,)):  # type: ignore[no-untyped-def]
    """A PT-76 (NVA) in 1C1, two American Rifles in a bunker in 1C4 (range 3) whose
    front is turned away from the tank unless ``arc`` is FRONT; the NVA's impulse."""
    pt = unit("pt", "nva_pt76", 1, "1C1", facing=0)
    r1, r2 = unit("r1", "us_rifle", 0, "1C4"), unit("r2", "us_rifle", 0, "1C4")
    state, _ = new_state([pt, r1, r2], 7, limit=5)
    w = state.world
    place(w, [Placed("1C4", "bunker", _front_facing(w.field, "1C4", "1C1", arc))])
    _to_impulse(state, 1)
    _place_cards(state, 1, list(hand), list(top))
    return state


def test_65_23b_the_bunker_is_a_hard_target_of_af_4_from_any_facing() -> None:
    """23b: the Rifles in the bunker are fired on only through its front, but the bunker
    itself is attacked from any side as a hard target with AF 4: PT-76 at range 3, clear
    hex: to-hit 3 - 1 + 0 = 2; modified APF 2 + 1 = 3 against AF 4 (no flank armour)."""
    state = _bunker((HIT, BOUNCE))
    assert "front" in (state.why_not(Play(FIRE, "fire", ("pt",), target="r1")) or "")
    play = Play(FIRE, "fire", ("pt",), target="bunker_1c4")
    numbers = state.explain(play).numbers
    assert (numbers["to_hit"], numbers["modified_apf"], numbers["armour"]) == (2, 3, 4)
    events = _shoot(state, play)
    aim = next(e for e in events if isinstance(e, ApTargetingDrawn))
    armour = next(e for e in events if isinstance(e, ApArmourDrawn))
    assert (aim.target, aim.result) == ("bunker_1c4", "hit")
    assert (armour.modified_apf, armour.armour, armour.result) == (3, 4, "bounced")
    assert state.world.fortifications["1C4"].bunker is not None


def test_65_23b_a_destroyed_bunker_is_rubble_and_puts_two_hits_on_each_unit() -> None:
    """23b: Destroyed (3 + 2 >= 4): Rubble replaces the bunker, each Rifle inside takes
    two Hits (Shaken, then reduced); the hex is Rubble terrain from now on
    (Interpretation 64: CF 1, 2 MP, degrading LOS) and gives no bunker +1 CF."""
    state = _bunker((HIT, KILL))
    w = state.world
    assert w.field.terrain("1C4").id == "clear"
    events = _shoot(state, Play(FIRE, "fire", ("pt",), target="bunker_1c4"))
    assert any(isinstance(e, BunkerWrecked) and e.hex == "1C4" for e in events)
    assert w.fortifications["1C4"] == Fortification(rubble=True)
    for uid in ("r1", "r2"):
        u = w.units[uid]
        assert u.shaken and u.reduced and not u.eliminated
        assert bunker_cover_bonus(w, u) == 0
    rubble = w.field.terrain("1C4")
    assert rubble.id == "rubble" and w.field.cover("1C4") == 1
    assert entry_cost(w.field, "1C4") == 2 and rubble.degrades_los > 0
    assert bunker_mark(w, "bunker_1c4", 1) == BunkerMark("bunker_1c4", "1C4", 0, True)
    assert "no bunker" in str(bunker_target_refusal(w, 1, "bunker_1c4"))


def test_65_23b_shaken_shakes_every_unit_in_the_bunker() -> None:
    """23b: a Shaken result (Shake!) Shakes all the units in the bunker; it stands."""
    state = _bunker((HIT, SHAKE))
    _shoot(state, Play(FIRE, "fire", ("pt",), target="bunker_1c4"))
    w = state.world
    assert w.units["r1"].shaken and w.units["r2"].shaken
    assert not w.units["r1"].reduced and w.fortifications["1C4"].bunker is not None


def test_interpretation_63_only_a_bunker_holding_an_enemy_is_a_target() -> None:
    """Interpretation 63: an empty bunker, or one that holds only the firer's own side,
    is no target; an HE fire never names the bunker."""
    state = _bunker((HIT, KILL))
    w = state.world
    for uid in ("r1", "r2"):
        w.units[uid].hex = "1H5"
    assert "holds no enemy" in (
        state.why_not(Play(FIRE, "fire", ("pt",), target="bunker_1c4")) or ""
    )
    assert "no bunker" in (state.why_not(Play(FIRE, "fire", ("pt",), target="bunker_1e4")) or "")


def test_65_23b_units_in_a_bunker_make_ap_attacks_through_its_front_only() -> None:
    """23b: a LAW in a bunker fires AP only through the bunker's front facing."""
    pt = unit("pt", "nva_pt76", 1, "1C1", facing=0)
    law = unit("law", "us_law", 0, "1C4")
    for arc, allowed in ((Arc.FLANK, False), (Arc.FRONT, True)):
        state, _ = new_state([pt.copy(), law.copy()], 7, limit=5)
        w = state.world
        place(w, [Placed("1C4", "bunker", _front_facing(w.field, "1C4", "1C1", arc))])
        _to_impulse(state, 0)
        _place_cards(state, 0, [FIRE], [])
        reason = state.why_not(Play(FIRE, "fire", ("law",), target="pt"))
        assert (reason is None) == allowed, reason
        if not allowed:
            assert "bunker" in str(reason)


def test_65_23b_the_candidates_offer_the_shot_at_the_bunker() -> None:
    """The plays offered against a Rifle in a bunker include AP fire at the bunker."""
    state = _bunker((HIT, KILL))
    w = state.world
    block = w.data.blocks["fire"]
    plays = fire_plays(w, 1, FIRE, block, w.units["pt"], w.units["r1"], [], [], False)
    assert Play(FIRE, "fire", ("pt",), target="bunker_1c4") in plays
    assert state.why_not(Play(FIRE, "fire", ("pt",), target="bunker_1c4")) is None


def _top(state, cards: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Put ``cards`` on top of the draw pile, the first drawn first."""
    w = state.world
    for c in cards:
        for pile in (w.draw_pile, w.discard):
            if c in pile:
                pile.remove(c)
    w.draw_pile.extend(reversed(cards))


def test_65_23b_22g_a_satchel_charge_attacks_the_bunker_from_any_side() -> None:
    """23b: the Satchel Charge may attack the bunker itself from any facing: one armour
    card, the charge's 5 as APF against AF 4 (Interpretation 65: no targeting draw,
    and unlike artillery it may destroy); the units inside take the bunker's result."""
    from game.rules.sixty_five.cards.powers import satchel_legal, satchel_resolve

    sapper = unit("sap", "nva_sapper", 1, "1C3")
    r1, r2 = unit("r1", "us_rifle", 0, "1C4"), unit("r2", "us_rifle", 0, "1C4")
    state, _ = new_state([sapper, r1, r2], 7)
    w = state.world
    place(w, [Placed("1C4", "bunker", _front_facing(w.field, "1C4", "1C3", Arc.FLANK))])
    play = Play("x", "power", ("sap",), "bunker_1c4")
    w.units["sap"].hex = "1C1"
    assert "adjacent" in str(satchel_legal(w, 1, play, [w.units["sap"]]))
    w.units["sap"].hex = "1C3"
    assert satchel_legal(w, 1, play, [w.units["sap"]]) is None
    _top(state, ["c25"])  # APF bonus -1: 5 - 1 = 4, at least the AF 4
    events = satchel_resolve(w, 1, play, w.units["sap"])
    armour = next(e for e in events if isinstance(e, ApArmourDrawn))
    assert (armour.modified_apf, armour.armour, armour.result) == (5, 4, "destroyed")
    assert w.fortifications["1C4"].rubble
    assert all(w.units[u].shaken and w.units[u].reduced for u in ("r1", "r2"))


def test_interpretation_65_a_satchel_charge_draws_armour_against_a_hard_target() -> None:
    """22g, Interpretation 65: a Satchel Charge on a hex with an enemy vehicle draws one
    armour card for it with APF 5 (Destroy! or 5 + bonus >= AF destroys it); the HE
    part falls on the soft targets only."""
    from game.rules.sixty_five.cards.powers import satchel_resolve

    sapper = unit("sap", "vc_sapper", 1, "1C3")
    m48 = unit("m48", "us_m48", 0, "1C4", facing=0)
    rifle = unit("r1", "us_rifle", 0, "1C4")
    state, _ = new_state([sapper, m48, rifle], 7)
    w = state.world
    _top(state, ["c18"])  # Destroy!
    events = satchel_resolve(w, 1, Play("x", "power", ("sap",), "r1"), w.units["sap"])
    armour = next(e for e in events if isinstance(e, ApArmourDrawn))
    assert (armour.target, armour.modified_apf, armour.armour) == ("m48", 5, 4)
    assert w.units["m48"].eliminated
    assert w.strike is not None and w.strike.hexes == [("1C4", 5)]


def test_65_23b_12_artillery_used_as_ap_on_the_bunker_shakes_at_most() -> None:
    """23b: artillery may strike the bunker as AP instead of HEF (``ap``): one card, the
    strike's 3 as APF against AF 4; artillery never destroys a hard target, so at best
    everyone inside is Shaken (Interpretation 7); those units take no HE draw."""
    from test_sixty_five_artillery import strike_state

    state, card = strike_state(
        [unit("us1", "us_rifle", 1, "1B3"), unit("r1", "vc_rifle", 0, "1E3"),
         unit("r2", "vc_rifle", 0, "1E3")]
    )  # fmt: skip
    w = state.world
    for u in w.units.values():
        u.seat = 1 - u.seat  # the Americans (seat 0) strike the bunker in 1E3
    place(w, [Placed("1E3", "bunker", 0)])
    plain = Play(card, "artillery", path=("1E4", "1E5", "1F4"), ammo=True)
    assert "no bunker" in (state.why_not(plain) or "")
    assert "ap" in (
        state.why_not(Play(card, "artillery", path=("1E3", "1E4", "1F3"), ammo=False)) or ""
    )
    play = Play(card, "artillery", path=("1E3", "1E4", "1F3"), ammo=True)
    assert state.why_not(play) is None, state.why_not(play)
    _top(state, ["c17"])  # 3 + 2 >= 4: destroyed for fire, a Shake for artillery
    events = state.apply(play)
    armour = next(e for e in events if isinstance(e, ApArmourDrawn))
    assert (armour.target, armour.modified_apf, armour.result) == ("bunker_1e3", 3, "shaken")
    assert w.units["r1"].shaken and w.units["r2"].shaken and not w.units["r1"].reduced
    assert w.fortifications["1E3"].bunker == 0
    assert not any(
        getattr(e, "target", None) == "1E3" for e in events if type(e).__name__ == "DamageCard"
    )


def test_65_23b_15a_move_and_fire_at_the_bunker_shoots_ap_after_the_move() -> None:
    """15a, 23b: Move & Fire may take the bunker as its hard target: the PT-76 drives a
    hex, then shoots AP at it from there."""
    from game.rules.sixty_five.actions import Decline

    state = _bunker((HIT, KILL), hand=("c33",))  # Move & Fire
    w = state.world
    play = Play("c33", "move_and_fire", ("pt",), target="bunker_1c4", path=("1C2",))
    assert state.why_not(play) is None, state.why_not(play)
    events = [*state.apply(play)]
    while w.pending or w.movement is not None:
        events += state.apply(Decline())
    assert w.units["pt"].hex == "1C2"
    assert any(isinstance(e, ApTargetingDrawn) and e.target == "bunker_1c4" for e in events)
    assert w.fortifications["1C4"].rubble
