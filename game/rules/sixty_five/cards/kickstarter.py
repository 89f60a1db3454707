"""'65 Kickstarter expansion cards (18 r-y), in play only with the option
``kickstarter=true`` (``World.kickstarter``; the cards: ``data/kickstarter.yaml``).

* Sudden Downpour (18r): played the moment it is drawn; the next card decides whether
  the rain begins (Interpretation 31); while it rains, LOS reaches three hexes and the
  range bonus counts only against an adjacent hex, until the turn ends.
* Scrape (18s): a non-Hero Leg unit digs a foxhole in its hex (terrain/fortifications.py); Ops
  Complete, and the player may take another action.
* Sneak (18t): one unit moves one hex; no Opportunity Fire if the hex entered has cover
  1 or more; into an enemy hex it assaults with Ambush (19b).
* Punji Stakes, Claymore (18u, 18v): reactions to an enemy Leg unit entering a hex
  (Interpretation 32): draw a card, a green Hit is one hit.
* Tactics (18w): fire from one hex, then from another hex within two hexes of it.
* Recon Patrol (18x): discard a random card of the opponent's hand, then one more action.
* Regroup (18y): discard the hand and draw four cards.
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.cards.effects import (
    fire_legal,
    fire_resolve,
    move_legal,
    move_resolve,
    own_units,
)
from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.events import CardDiscarded
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.fortifications import scrape, scrape_refusal
from game.rules.sixty_five.vehicles.data import load_vehicle_data
from game.rules.sixty_five.world import World


def _no_extras(play: Play, name: str) -> str | None:
    if play.target or play.path or play.supports or play.spread:
        return f"{name} names only its unit: '65 18"
    return None


# -- Scrape (18s) ---------------------------------------------------------------------------
def scrape_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """18s: one non-Hero Leg unit, an Eligible Unit, in a hex that may hold a foxhole."""
    units = own_units(world, seat, play)
    if isinstance(units, str):
        return units
    if len(units) != 1:
        return "Scrape digs in one unit: '65 18s"
    reason = _no_extras(play, "Scrape")
    if reason is not None:
        return reason
    unit = units[0]
    if unit.hex is None:
        return f"{unit.id} is not on the map: '65 18s"
    rules = load_vehicle_data().rules.fortifications
    terrain = world.field.terrain(unit.hex).id
    return scrape_refusal(unit, terrain, rules, foxhole_there=unit.hex in world.foxholes)


def scrape_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """18s: the foxhole is dug; the unit is Ops Complete. The block's one extra action
    (data) is the action the player may still take."""
    unit = world.units[(play.units or ("",))[0]]
    assert unit.hex is not None
    scrape(unit)
    world.foxholes.append(unit.hex)
    return []


# -- Sneak (18t) ----------------------------------------------------------------------------
def sneak_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """18t: one Eligible Unit moves one hex (a move's rules otherwise, 7)."""
    if play.supports:
        return "Sneak assaults with Ambush of its own, no support cards: '65 18t"
    if not play.path or len(play.path) != 1:
        return "Sneak moves one hex: '65 18t"
    units = own_units(world, seat, play)
    if isinstance(units, str):
        return units
    if len(units) != 1:
        return "Sneak moves one unit: '65 18t"
    return move_legal(world, seat, play, block)


def sneak_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """18t: the unit steps into the hex; with cover 1 or more there the enemy may not
    fire at it on the way (no Opportunity Fire); into an enemy hex it assaults with the
    effect of Ambush (19b)."""
    assert play.path
    end = play.path[-1]
    events = move_resolve(world, seat, play, block)
    assert world.movement is not None
    world.movement.quiet = world.field.cover(end) >= 1
    if end in world.assaults and (seat, "ambush") not in world.assault_cards.get(end, ()):
        world.assault_cards.setdefault(end, []).append((seat, "ambush"))
    return events


# -- Tactics (18w) --------------------------------------------------------------------------
def tactics_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """18w: two units in different hexes at most two hexes apart, each able to fire
    (alone) at the target (Interpretation 33: both fire at the one target)."""
    units = own_units(world, seat, play)
    if isinstance(units, str):
        return units
    if len(units) != 2:
        return "Tactics names a unit in each of two hexes: '65 18w"
    first, second = units
    if first.hex is None or second.hex is None or first.hex == second.hex:
        return "Tactics fires from two different hexes: '65 18w"
    if world.field.distance(first.hex, second.hex) > 2:
        return "the second firing hex is within two hexes of the first: '65 18w"
    for unit in units:
        shot = Play(play.card, play.block, (unit.id,), play.target, supports=play.supports)
        reason = fire_legal(world, seat, shot, block)
        if reason is not None:
            return reason
    return None


def tactics_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """18w: the first unit fires; the second fires once that attack is over (the flow's
    second shot, as Punishing Fire's), if it still can."""
    assert play.units and play.target
    first, second = play.units
    shot = Play(play.card, play.block, (first,), play.target, supports=play.supports)
    events = fire_resolve(world, seat, shot, block)
    world.second_shot = (play.card, block.id, second, play.target)
    return events


# -- Recon Patrol (18x), Regroup (18y) --------------------------------------------------------
def no_unit_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """Recon Patrol and Regroup activate no unit."""
    if play.units or play.target or play.path or play.supports or play.spread:
        return f"{block.name} activates no unit: '65 18"
    return None


def recon_patrol_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """18x: one card of the opponent's hand, drawn at random, is discarded; the block's
    extra action (data) is the second action."""
    hand = world.hands[1 - seat]
    if not hand:
        return []
    card = world.rng.choice(sorted(hand))
    world.discard_card(1 - seat, card)
    return [CardDiscarded(seat=1 - seat, card=card)]


def regroup_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """18y: the rest of the hand is discarded and four cards are drawn (End Turn cards
    set aside and replaced, 5a; the draw stops if the turn ends, 5c)."""
    events: list[Event] = []
    for card in list(world.hands[seat]):
        world.discard_card(seat, card)
        events.append(CardDiscarded(seat=seat, card=card))
    world.fill_hand(seat, events)
    return events


# -- Sudden Downpour (18r) --------------------------------------------------------------------
def sudden_downpour_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """18r: never played by choice; it plays itself when drawn (World.downpour_drawn)."""
    return "Sudden Downpour is played the moment it is drawn: '65 18r"


def sudden_downpour_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    raise AssertionError("Sudden Downpour is never played from the hand")  # refused above


# -- candidates ------------------------------------------------------------------------------
KICKSTARTER_EFFECTS = ("scrape", "sneak", "tactics", "recon_patrol", "regroup")


def kickstarter_candidates(
    world: World, card: str, block: BlockDef, own: list[Counter], enemies: list[Counter]
) -> list[Play]:
    """Representative plays of a Kickstarter block (candidates.py filters them through
    ``legal``): Scrape by each unit, Sneak by each unit into each neighbouring hex,
    Tactics by each pair of units within two hexes at each enemy, the others alone."""
    if block.effect in ("recon_patrol", "regroup"):
        return [Play(card, block.id)]
    out: list[Play] = []
    for unit in own:
        if unit.hex is None or not unit.eligible:
            continue
        if block.effect == "scrape":
            out.append(Play(card, block.id, (unit.id,)))
        elif block.effect == "sneak":
            for h in world.field.neighbours(unit.hex):
                out.append(Play(card, block.id, (unit.id,), path=(h,)))
        elif block.effect == "tactics":
            for other in own:
                if other.hex is None or other.hex == unit.hex or not other.eligible:
                    continue
                if world.field.distance(unit.hex, other.hex) > 2:
                    continue
                out.extend(Play(card, block.id, (unit.id, other.id), t.id) for t in enemies)
    return out
