"""The '65 rules calculator (``python -m game explain sixty_five``): the numbers of a fire
action (a Satchel Charge's too, 22g) and the exact chance of each result of its Damage
Draw.

The chances are computed from what the firing player knows: the cards it has not seen
(the draw pile and the other hand, in an order it cannot know) are drawn without
replacement, so the number of Hits of the right colour is hypergeometric. They are the
chances before any reaction card is played. A foxhole (23a) sets the first Hit aside and
deals another card in its place: the chances then follow the cards one by one.
"""

from __future__ import annotations

from math import comb
from typing import Any

from game.core.api import Explanation
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.assault.combat import spread_hits
from game.rules.sixty_five.cards.effects import fire_plan
from game.rules.sixty_five.cards.powers import SATCHEL_HEF, SATCHEL_HITS
from game.rules.sixty_five.combat.artillery import ap_bunkers, artillery_plan
from game.rules.sixty_five.combat.strike import tier_of, tier_order
from game.rules.sixty_five.data import BlockDef, HitColour
from game.rules.sixty_five.helicopters.play import fire_hits_on
from game.rules.sixty_five.helicopters.sight import strike_soft
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.bunker_fire import target_name
from game.rules.sixty_five.terrain.fortified import (
    bunker_cover_bonus,
    foxhole_in_hex,
    hex_bunker_bonus,
    in_foxhole,
)
from game.rules.sixty_five.vehicles.ap_explain import at_path_end, bunker_strike, hex_armour_odds
from game.rules.sixty_five.world import World


def hit_chances(unseen: int, hitting: int, draws: int) -> list[float]:
    """P(k Hits) for k = 0..draws, drawing ``draws`` of ``unseen`` cards of which
    ``hitting`` hit (hypergeometric; at most ``unseen`` cards can be drawn)."""
    n = min(draws, unseen)
    total = comb(unseen, n)
    return [comb(hitting, k) * comb(unseen - hitting, n - k) / total for k in range(n + 1)]


Dealt = dict[tuple[int, int, int, bool], float]  # (drawn, Hits seen, Hits counted, redraw)


def redrawn_hit_chances(unseen: int, hitting: int, draws: list[tuple[int, bool]]) -> list[float]:
    """P(k Hits counted) over Damage Draws of ``cards`` cards one after the other (each
    pair of ``draws``), from ``unseen`` cards of which ``hitting`` hit, without
    replacement; where the flag is set, the draw's first Hit is set aside and another
    card dealt in its place (23a foxhole). Exact, card by card."""
    dealt: Dealt = {(0, 0, 0, False): 1.0}
    for cards, redraw in draws:
        dealt = {(d, s, c, redraw): p for (d, s, c, _), p in dealt.items()}
        for _ in range(cards):
            dealt = _deal_one(dealt, unseen, hitting)
    out = [0.0] * (1 + max(c for _, _, c, _ in dealt))
    for (_, _, counted, _), p in dealt.items():
        out[counted] += p
    return out


def _deal_one(dealt: Dealt, unseen: int, hitting: int) -> Dealt:
    out: Dealt = {}

    def add(key: tuple[int, int, int, bool], p: float) -> None:
        out[key] = out.get(key, 0.0) + p

    for (drawn, seen, counted, spare), p in dealt.items():
        left = unseen - drawn
        if left <= 0:
            add((drawn, seen, counted, spare), p)
            continue
        hit = (hitting - seen) / left
        if hit < 1:
            add((drawn + 1, seen, counted, spare), p * (1 - hit))
        if hit > 0 and spare:  # set aside: the next card is dealt in its place
            for key, q in _deal_one({(drawn + 1, seen + 1, counted, False): p * hit},
                                    unseen, hitting).items():  # fmt: skip
                add(key, q)
        elif hit > 0:
            add((drawn + 1, seen + 1, counted + 1, spare), p * hit)
    return out


def explain_fire(world: World, seat: int, play: Play, block: BlockDef) -> Explanation:
    """Numbers and result chances of a legal fire-type ``play`` (10b, 10c)."""
    plan = fire_plan(world, seat, play, block)
    target = world.units[play.target or ""]
    draws = max(0, plan.damage_draw)
    lead = world.units[(play.units or ("",))[0]]
    hits_on = fire_hits_on(world, lead, block.hits_on or (HitColour.GREEN,), play)  # 17b
    unseen = [*world.draw_pile, *world.hands[1 - seat]]
    hitting = sum(1 for c in unseen if world.card(c).hit in hits_on)
    numbers: dict[str, Any] = plan.numbers()
    numbers.update(fortification_numbers(world, target))
    numbers["hits_on"] = [c.value for c in hits_on]
    numbers["unseen_cards"] = len(unseen)
    numbers["unseen_hits"] = hitting
    outcomes: dict[str, float] = {}
    chances = hit_chances(len(unseen), hitting, draws) if draws else [1.0]
    if draws and in_foxhole(world, target):  # 23a: its first Hit is redrawn
        chances = redrawn_hit_chances(len(unseen), hitting, [(draws, True)])
    for k, p in enumerate(chances):
        name = result_after(target, k)
        outcomes[name] = outcomes.get(name, 0.0) + p
    return Explanation(numbers=numbers, outcomes=outcomes)


def explain_fire_after_move(world: World, seat: int, play: Play, block: BlockDef) -> Explanation:
    """18j: a Move & Fire with a path at a soft target, worked out as the shot the unit
    takes once it stands in the path's last hex (:func:`ap_explain.at_path_end`), before
    any Opportunity Fire on the way; the shot is the one the flow fires then
    (effects.fire_after_move: the unit alone, no support card)."""
    moved = at_path_end(world, play)
    after = world.copy()
    after.units[moved.id] = moved
    shot = Play(play.card, play.block, (moved.id,), play.target, ammo=play.ammo, mode=play.mode)
    return explain_fire(after, seat, shot, block)


def explain_tactics(world: World, seat: int, play: Play, block: BlockDef) -> Explanation:
    """18w Tactics: each unit's shot as a fire action alone (``first``, ``second``), and
    the chance of each result of both. The second shot draws from the same unseen
    cards after the first, so together they are one draw of both Damage Draws'
    cards (hypergeometric), read as hits on the target that stop at its elimination.
    The second shot is planned as it stands now (before the first shot's result)."""
    assert play.units is not None and len(play.units) == 2
    plans = [
        fire_plan(world, seat, Play(play.card, play.block, (u,), play.target), block)
        for u in play.units
    ]
    target = world.units[play.target or ""]
    hits_on = block.hits_on or (HitColour.GREEN,)
    unseen = [*world.draw_pile, *world.hands[1 - seat]]
    hitting = sum(1 for c in unseen if world.card(c).hit in hits_on)
    total = sum(max(0, p.damage_draw) for p in plans)
    numbers: dict[str, Any] = {
        "first": plans[0].numbers(),
        "second": plans[1].numbers(),
        "damage_draw": total,
        "hits_on": [c.value for c in hits_on],
        "unseen_cards": len(unseen),
        "unseen_hits": hitting,
    }
    numbers.update(fortification_numbers(world, target))
    chances = hit_chances(len(unseen), hitting, total) if total else [1.0]
    if total and in_foxhole(world, target):  # 23a: each shot's first Hit is redrawn
        draws = [(max(0, p.damage_draw), True) for p in plans]
        chances = redrawn_hit_chances(len(unseen), hitting, draws)
    outcomes: dict[str, float] = {}
    for k, p in enumerate(chances):
        name = result_after(target, k)
        outcomes[name] = outcomes.get(name, 0.0) + p
    return Explanation(numbers=numbers, outcomes=outcomes)


def fortification_numbers(world: World, target: Counter) -> dict[str, int]:
    """23: the target's fortifications, as numbers the calculator shows: the bunker's +1
    CF and Wire's -1 (both already in ``cover_factor``) and the foxhole's redrawn Hit."""
    out: dict[str, int] = {}
    if bunker_cover_bonus(world, target):
        out["bunker_cover"] = bunker_cover_bonus(world, target)
    if target.hex in world.field.wire:
        out["wire_cover"] = world.field.wire_cover
    if in_foxhole(world, target):
        out["foxhole_redraws"] = 1
    return out


def result_after(target: Counter, hits: int) -> str:
    """What ``hits`` hits leave of the target (10c): no effect, shaken, reduced or
    eliminated (the Damage Draw stops at elimination)."""
    if hits == 0:
        return "no effect"
    unit = target.copy()
    for _ in range(hits):
        if unit.eliminated:
            break
        unit.take_hit()
    if unit.eliminated:
        return "eliminated"
    if unit.reduced and not target.reduced:
        return "reduced"
    return "shaken"


def explain_artillery(world: World, seat: int, play: Play, block: BlockDef) -> Explanation:
    """Numbers of a legal artillery strike (12) per hex, each hex's chance of 0, 1, ...
    hits (``numbers[hex]["hit_chances"]``), and as outcomes the chance of each total
    number of hits over the three hexes (one hypergeometric draw of all their cards),
    from the cards this seat has not seen, before any reaction. A hex's draw stops once
    it is cleared, so more hits than clear it count as clearing it. A strike named
    ``ap`` at a bunker (23b) draws one armour card there instead: that hex's numbers
    carry ``modified_apf``, the armour and ``outcomes``, and the outcomes name the
    bunker (``bunker_HEX destroyed``; Interpretation 88); it has no HE draw. Each hard
    target in a struck hex draws one armour card with the hex's HEF as its APF (12, a
    Shake at most): ``numbers[hex]["hard_targets"]`` and outcomes ``UNIT shaken``
    (Interpretation 98)."""
    plans = artillery_plan(world, seat, play, block)
    struck = [p.hex for p in plans]
    placed: dict[str, float] = {}
    armour: dict[str, dict[str, Any]] = {}
    for plan in plans:  # 12: each hard target's armour card, before the HE draws
        armour[plan.hex], odds = hex_armour_odds(world, seat, plan.hex, plan.hef, artillery=True)
        placed.update(odds)
    bunkers = ap_bunkers(world, seat, [p.hex for p in plans]) if play.ammo else []
    placed_numbers: dict[str, dict[str, Any]] = {}
    for plan in [p for p in plans if p.hex in bunkers]:
        numbers_here, odds = bunker_strike(world, seat, plan.hef)
        placed.update({f"{target_name(plan.hex)} {k}": p for k, p in odds.items()})
        here = {**plan.numbers(), "damage_draw": 0, **numbers_here, "outcomes": odds}
        placed_numbers[plan.hex] = here
    plans = [p for p in plans if p.hex not in bunkers]
    hits_on = block.hits_on or (HitColour.GREEN,)
    unseen = [*world.draw_pile, *world.hands[1 - seat]]
    hitting = sum(1 for c in unseen if world.card(c).hit in hits_on)
    numbers: dict[str, Any] = {
        "hexes": struck,
        "hits_on": [c.value for c in hits_on],
        "unseen_cards": len(unseen),
        "unseen_hits": hitting,
    }
    redraws = []
    for plan in plans:
        victims = [u for u in world.live() if u.hex == plan.hex and u.seat != seat]
        foxhole = world.edition >= 5 and foxhole_in_hex(world, victims)  # 23a
        redraws.append(foxhole and plan.draws > 0)
        each = hit_chances(len(unseen), hitting, plan.draws) if plan.draws else [1.0]
        if redraws[-1]:
            each = redrawn_hit_chances(len(unseen), hitting, [(plan.draws, True)])
        fort = _hex_fortifications(world, plan.hex, victims, foxhole)
        numbers[plan.hex] = {**plan.numbers(), **fort, "hit_chances": each}
    total = sum(p.draws for p in plans)
    numbers["damage_draw"] = total
    chances = hit_chances(len(unseen), hitting, total) if total else [1.0]
    if any(redraws):
        draws = [(p.draws, r) for p, r in zip(plans, redraws, strict=True)]
        chances = redrawn_hit_chances(len(unseen), hitting, draws)
    he_strike = not bunkers or any(p.units for p in plans)  # 23b: else only AP draws
    outcomes = {f"{k} hits": p for k, p in enumerate(chances)} if he_strike else {}
    if placed_numbers:  # 23b: artillery as AP at the bunkers
        first = next(iter(placed_numbers.values()))
        numbers.update({k: first[k] for k in ("to_hit", "hit_chance", "modified_apf", "armour")})
        numbers.update(placed_numbers)
    for hex_id, hard in armour.items():
        if hard:  # 12: as a bunker's, the first hard target's numbers name the strike's
            numbers[hex_id] = {**numbers.get(hex_id, {}), "hard_targets": hard}
            first = next(iter(hard.values()))
            for k in ("to_hit", "hit_chance", "modified_apf", "armour"):
                numbers.setdefault(k, first[k])
    return Explanation(numbers=numbers, outcomes={**outcomes, **placed})


def _hex_fortifications(
    world: World, hex_id: str, victims: list[Counter], foxhole: bool
) -> dict[str, int]:
    """23: a strike's hex: the bunker's +1 CF and Wire's -1 (in ``cover_factor``) and
    the foxhole's redrawn Hit."""
    out: dict[str, int] = {}
    bunker = hex_bunker_bonus(world, hex_id, victims)
    if bunker:
        out["bunker_cover"] = bunker
    if hex_id in world.field.wire:
        out["wire_cover"] = world.field.wire_cover
    if foxhole:
        out["foxhole_redraws"] = 1
    return out


def explain_satchel(world: World, seat: int, play: Play) -> Explanation:
    """22g: a Satchel Charge at a unit: a Damage Draw of its HEF 5 less the hex's cover
    (``hef``, ``cover_factor``, ``damage_draw``) on green Hits, the first Hit redrawn in
    a foxhole (23a, rules version 5 on), the hits spread over the hex's soft units by
    13b's tiers (Interpretation 17). The outcomes are what the hits leave of the named
    target; ``hit_chances`` the chance of 0, 1, ... hits on the hex."""
    target = world.units[play.target or ""]
    assert target.hex is not None
    hex_id = target.hex
    enemies = [u for u in world.live() if u.hex == hex_id and u.seat != seat]
    victims = [u for u in enemies if strike_soft(u) and u.carrier is None]
    if world.edition < 4:  # before the strike steps every enemy of the hex took hits
        victims = enemies
    bunker = hex_bunker_bonus(world, hex_id, enemies)
    cover = world.field.cover(hex_id) + bunker
    draws = max(0, SATCHEL_HEF - cover)
    unseen = [*world.draw_pile, *world.hands[1 - seat]]
    hitting = sum(1 for c in unseen if world.card(c).hit in SATCHEL_HITS)
    foxhole = world.edition >= 5 and foxhole_in_hex(world, victims)
    chances = hit_chances(len(unseen), hitting, draws) if draws else [1.0]
    if draws and foxhole:
        chances = redrawn_hit_chances(len(unseen), hitting, [(draws, True)])
    numbers: dict[str, Any] = {
        "range": 1,
        "hef": SATCHEL_HEF,
        "units": len(victims),
        "cover_factor": cover,
        "damage_draw": draws,
        **_hex_fortifications(world, hex_id, enemies, foxhole),
        "hits_on": [c.value for c in SATCHEL_HITS],
        "unseen_cards": len(unseen),
        "unseen_hits": hitting,
        "hit_chances": chances,
    }
    outcomes: dict[str, float] = {}
    if target in victims:
        for k, p in enumerate(chances):
            name = spread_result(world, victims, target, k)
            outcomes[name] = outcomes.get(name, 0.0) + p
    armour, odds = hex_armour_odds(world, seat, hex_id, SATCHEL_HEF, artillery=False)
    if armour:  # Interpretation 65: each hard target's own armour card
        numbers["hard_targets"] = armour
    return Explanation(numbers=numbers, outcomes={**outcomes, **odds})


def spread_result(world: World, victims: list[Counter], target: Counter, hits: int) -> str:
    """What ``hits`` hits of a Satchel Charge spread over ``victims`` by tiers leave of
    ``target`` (22g, 13b: the next hit goes to the first standing unit of the lowest
    tier, in :func:`strike.tier_order`; before rules version 4 as assault spreads them)."""
    units = [u.copy() for u in victims]
    order = tier_order(units)
    if world.edition < 4:
        spread_hits(order, hits, [])
    else:
        for _ in range(hits):
            standing = [u for u in order if not u.eliminated]
            if not standing:
                break
            min(standing, key=tier_of).take_hit()  # min keeps the first of the tier
    after = next(u for u in units if u.id == target.id)
    if after.eliminated:
        return "eliminated"
    if after.reduced and not target.reduced:
        return "reduced"
    return "shaken" if after.shaken and not target.shaken else "no effect"
