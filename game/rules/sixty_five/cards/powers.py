"""'65 Powers (22) played with a Power card: the firing Powers (40mm, Kill Shot) resolve as
fire (cards/effects.py); Satchel Charge (22g) attacks every unit in an adjacent hex; Smoke
(22f) lays a Smoke 2 marker."""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.assault.cards import charge
from game.rules.sixty_five.assault.combat import spread_hits
from game.rules.sixty_five.cards.effects import (
    FIRE_POWERS,
    fire_legal,
    fire_resolve,
    move_legal,
    move_resolve,
    own_units,
)
from game.rules.sixty_five.cards.supports import LeadershipUsed
from game.rules.sixty_five.combat.artillery import draw_on_hex
from game.rules.sixty_five.combat.strike_state import Strike
from game.rules.sixty_five.data import BlockDef, HitColour, Marker
from game.rules.sixty_five.events import FireDeclared, SmokePlaced
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.bunker_fire import bunker_hex, bunker_target_refusal
from game.rules.sixty_five.terrain.fortified import hex_bunker_bonus
from game.rules.sixty_five.vehicles.ap_fire import bunker_armour_draw, hex_on_hard_targets
from game.rules.sixty_five.vehicles.ap_fire import rules_of_bunkers as bunker_rules
from game.rules.sixty_five.world import World

SATCHEL_HEF = 5  # 22g
SATCHEL_HITS = (HitColour.GREEN,)  # Interpretation 17: hits like the other attacks


def _power(unit: Counter) -> str | None:
    """The Power on the side that is up (22); None without one."""
    powers = unit.values.powers
    return powers[0] if powers else None


def power_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    units = own_units(world, seat, play)
    if isinstance(units, str):
        return units
    power = _power(units[0])
    if power in FIRE_POWERS:
        return fire_legal(world, seat, play, block)
    if power == "satchel_charge":
        return satchel_legal(world, seat, play, units)
    if power == "smoke":
        return smoke_legal(world, seat, play, units)
    if power == "charge" and world.edition >= 2:
        return charge_legal(world, seat, play, units)
    if power == "leadership" and world.edition >= 2:
        return leadership_legal(world, play, units)
    return f"{units[0].id} has no Power available in this version yet: '65 22"


def power_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    units = own_units(world, seat, play)
    assert not isinstance(units, str)
    if _power(units[0]) == "satchel_charge":
        return satchel_resolve(world, seat, play, units[0])
    if _power(units[0]) == "smoke":
        return smoke_resolve(world, play, units[0])
    if _power(units[0]) == "charge":
        return charge_resolve(world, seat, play, units[0])
    if _power(units[0]) == "leadership":
        return leadership_resolve(world, units[0])
    return fire_resolve(world, seat, play, block)


def leadership_legal(world: World, play: Play, units: list[Counter]) -> str | None:
    """22e: the Hero alone, unshaken and Eligible: ``play CARD power HERO``."""
    unit = units[0]
    if len(units) != 1 or play.target or play.path or play.supports or play.spread:
        return "Leadership names only the Hero: play CARD power HERO: '65 22e"
    if not unit.eligible or unit.shaken or unit.hex is None:
        return f"{unit.id} must be an unshaken Eligible Unit to use a Power: '65 22"
    if world.leadership is not None:
        return "one Leadership at a time: '65 22e"
    return None


def leadership_resolve(world: World, unit: Counter) -> list[Event]:
    """22e: two more actions for units within two hexes of the Hero (the flow counts
    them, state.py); the Hero himself may act in one of them."""
    assert unit.hex is not None
    world.leadership = (unit.id, unit.hex, 2)
    return [LeadershipUsed(unit=unit.id, hex=unit.hex)]


def leadership_refusal(world: World, play: Play) -> str | None:
    """22e: while Leadership's two actions last, each activates units within two hexes
    of the Hero (Interpretation 23: a card naming no unit is not one of them)."""
    if world.leadership is None:
        return None
    leader, hex_id, _ = world.leadership
    if not play.units:
        return f"Leadership's actions activate units within two hexes of {leader}: '65 22e"
    for uid in play.units:
        u = world.units.get(uid)
        if u is None or not near_hero(world, u):
            return f"{uid} is not within two hexes of {leader} (Leadership): '65 22e"
    return None


def near_hero(world: World, unit: Counter) -> bool:
    """22e: whether ``unit`` is on the map within two hexes of the Hero whose Leadership
    is in force (one Leadership's actions may activate it)."""
    assert world.leadership is not None
    return unit.hex is not None and world.field.distance(unit.hex, world.leadership[1]) <= 2


def leadership_action_done(world: World) -> None:
    """Count one of Leadership's actions."""
    if world.leadership is not None:
        leader, hex_id, left = world.leadership
        world.leadership = (leader, hex_id, left - 1) if left > 1 else None
        if left <= 1:
            _leader_done(world, leader)


def end_leadership(world: World) -> None:
    """The impulse ends: Leadership's unused actions lapse (22e)."""
    if world.leadership is not None:
        _leader_done(world, world.leadership[0])
        world.leadership = None


def _leader_done(world: World, leader: str) -> None:
    """22: a Hero who used his Power and did not act himself is Ops Complete."""
    unit = world.units[leader]
    if not unit.eliminated and unit.marker is None:
        unit.marker = Marker.OPS_COMPLETE


def charge_legal(world: World, seat: int, play: Play, units: list[Counter]) -> str | None:
    """22b: Charge is a Fast Move (18e) of the unit with the Power (named first) and any
    units of its hex: ``play CARD power UNITS to PATH``."""
    unit = units[0]
    if unit.shaken:
        return f"{unit.id} is Shaken and cannot use a Power: '65 22"
    if play.target:
        return "Charge moves; it names no target: '65 22b"
    return move_legal(world, seat, play, world.data.blocks["fast_move"])


def charge_resolve(world: World, seat: int, play: Play, unit: Counter) -> list[Event]:
    """22b: the Fast Move; if it ends in an enemy hex the side's assault HEF there gets
    +2. The unit with the Power is Ops Complete (22), the others Moved."""
    assert play.path is not None
    end = play.path[-1]
    if any(u.hex == end and u.seat != seat for u in world.live()):
        charge(world, seat, end)
    events = move_resolve(world, seat, play, world.data.blocks["fast_move"])
    unit.marker = Marker.OPS_COMPLETE
    return events


def smoke_legal(world: World, seat: int, play: Play, units: list[Counter]) -> str | None:
    """22f: the unit places Smoke in its own hex or an adjacent one (up to 3 hexes away
    if it also has the 40mm Power): ``play CARD power UNIT to HEX``."""
    if len(units) != 1 or play.target or play.supports or not play.path or len(play.path) != 1:
        return "Smoke names the unit and one hex: play CARD power UNIT to HEX: '65 22f"
    unit = units[0]
    if not unit.eligible or unit.shaken or unit.hex is None:
        return f"{unit.id} must be an unshaken Eligible Unit to use a Power: '65 22"
    where = play.path[0]
    if where not in world.field:
        return f"{where} is not a hex of this board: '65 22f"
    reach = 3 if unit.has("p40mm") else 1
    if world.field.distance(unit.hex, where) > reach:
        return f"Smoke goes at most {reach} hex(es) from the unit: '65 22f"
    return None


def smoke_resolve(world: World, play: Play, unit: Counter) -> list[Event]:
    """22f: a Smoke 2 marker; the unit is Ops Complete."""
    assert play.path is not None
    world.field.smoke[play.path[0]] = 2
    unit.marker = Marker.OPS_COMPLETE
    return [SmokePlaced(unit=unit.id, hex=play.path[0])]


def satchel_legal(world: World, seat: int, play: Play, units: list[Counter]) -> str | None:
    """22g: one unshaken Eligible unit with the Power, against an adjacent enemy hex, its
    HEF 5 never combined with other units or support cards."""
    if len(units) != 1 or play.supports or play.path:
        return "a Satchel Charge is one unit's attack, with no other HEF or support: '65 22g"
    unit = units[0]
    if not unit.eligible or unit.shaken or unit.hex is None:
        return f"{unit.id} must be an unshaken Eligible Unit to use a Power: '65 22"
    at = bunker_hex(play.target)
    if at is not None:  # 23b: the bunker itself, from any side
        reason = bunker_target_refusal(world, seat, play.target or "")
        if reason is not None:
            return reason
        target_hex: str | None = at
    else:
        target = world.units.get(play.target or "")
        if target is None or target.eliminated or target.seat == seat or target.hex is None:
            return "name an enemy unit in the hex attacked: '65 22g"
        target_hex = target.hex
    if target_hex is None or world.field.distance(unit.hex, target_hex) != 1:
        return "a Satchel Charge attacks an adjacent hex: '65 22g"
    if any(u.hex == unit.hex and u.seat != seat for u in world.live()):
        return "units cannot attack out of a hex they share with an enemy: '65 10a"
    return None


def satchel_resolve(world: World, seat: int, play: Play, unit: Counter) -> list[Event]:
    """22g: a Damage Draw of 5 less the hex's cover; the hits are spread over every unit
    in the hex, one each before any takes a second, non-Heroes first (Interpretation 15);
    drawing stops once all are eliminated; from rules version 4 the defender may answer
    it (combat/strike.py). The unit is Ops Complete. Each hard target in the hex takes an
    armour draw with the charge's 5 as its APF (Interpretation 65); a Satchel Charge at
    ``bunker_HEX`` attacks the bunker itself instead of the units in it (23b)."""
    at = bunker_hex(play.target)
    if at is not None:
        unit.marker = Marker.OPS_COMPLETE
        numbers: tuple[tuple[str, int], ...] = (
            ("range", 1), ("apf", SATCHEL_HEF), ("armour", bunker_rules().bunker_af),
        )  # fmt: skip
        events: list[Event] = [
            FireDeclared(lead=unit.id, supporting=(), target=play.target or "", numbers=numbers)
        ]
        bunker_armour_draw(world, at, SATCHEL_HEF, events, source="satchel")
        return events
    target = world.units[play.target or ""]
    assert target.hex is not None and unit.hex is not None
    hex_id = target.hex
    victims = [u for u in world.live() if u.hex == hex_id and u.seat != seat]
    cover = world.field.cover(hex_id) + hex_bunker_bonus(world, hex_id, victims)  # 23b
    cards = SATCHEL_HEF - cover
    unit.marker = Marker.OPS_COMPLETE
    numbers = (
        ("range", 1),
        ("hef", SATCHEL_HEF),
        ("cover_factor", cover),
        ("damage_draw", cards),
    )
    events = [FireDeclared(lead=unit.id, supporting=(), target=target.id, numbers=numbers)]
    hex_on_hard_targets(world, seat, hex_id, SATCHEL_HEF, events, source="satchel")
    if world.edition >= 4:  # hit by hit with the defender's reactions (combat/strike.py)
        world.strike = Strike(seat, [(hex_id, cards)] if cards > 0 else [], SATCHEL_HITS)
        world.strike.tiers = True
        return events
    hits = draw_on_hex(world, cards, SATCHEL_HITS, victims, hex_id, events)
    order = sorted(victims, key=lambda u: (u.has("difficult_target"), u.hero, u.id))
    spread_hits(order, hits, events)
    return events
