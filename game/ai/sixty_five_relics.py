"""What the '65 bot counts for scenario 8's relics (relics.py), in victory points like
the rest of the bot (``sixty_five_values``):

- a **search** is worth the chance it finds the relics times what holding them is worth
  (their VP, times the share of them a carrier gets off the map), and a little when it
  fails (the next search is easier);
- **where to stand**: Rifles and Sappers are drawn to the hexes still to search and to
  relics lying in a hex (less as the end nears: found late, they hardly get out); the
  carrier to its own friendly edge, harder as the turns run out; the other side's units
  to the enemy carrier (to hunt it down);
- **leaving** with the relics is worth their VP;
- **fire at the enemy carrier** is worth more: eliminated, it drops the relics;
- **getting out**: a side whose units left on the board score for the enemy (the NVA:
  1 VP each) is drawn to its exit edges more and more as the last turn comes, so that
  its units stand on the edge for the last Reserve phase, where each leaves without a
  card.
"""

from __future__ import annotations

from game.ai.sixty_five_values import Outlook
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.relics import relics_hex

HELD_SHARE = 0.45  # of the relics' VP that holding them (far from the edge) is worth
FAILED_SEARCH = 0.25  # a search that finds nothing: the next one is easier
SEARCH_PULL = 0.22  # per hex from the nearest hex to search (a Rifle or Sapper)
SEARCH_HOLD = 0.5  # standing in a hex still to search
LYING_PULL = 0.3  # per hex from relics lying in a hex (a Rifle or Sapper)
CARRY_PULL = 0.35  # per hex from the friendly edge, for the carrier (more late)
HUNT_PULL = 0.08  # per hex from the enemy carrier, for every unit
HUNT_FIRE = 0.5  # of the relics' VP, per chance the shot eliminates the carrier
ESCAPE_PULL = 0.06  # per hex from an exit edge, per VP a unit left on the board gives
ESCAPE_HOLD = 0.4  # standing on the edge, in the last turn, per VP


def _stake(look: Outlook, seat: int) -> float:
    """The relics' VP for ``seat`` (0 outside scenario 8)."""
    sc = look.state.scenario
    if sc is None or look.world.relics is None:
        return 0.0
    return float(sc.victory.side(seat).relics)


def search_value(look: Outlook, play: Play) -> float:
    """The chance this search finds the relics times their worth held, plus a little
    for a search that fails (the chance of the next ones rises)."""
    relics = look.world.relics
    if relics is None:
        return -1.0
    rule = relics.rule
    left = len(relics.unsearched())
    if left <= 1:
        found = 1.0
    else:
        modifier = rule.later_search if relics.searched else 0
        found = min(1.0, max(0.0, (rule.found_on - modifier) / rule.die))
    stake = _stake(look, look.seat)
    return found * HELD_SHARE * stake + (1.0 - found) * FAILED_SEARCH


def relic_pull(look: Outlook, unit: Counter, hex_id: str) -> float:
    """The relics' pull on ``unit`` standing in ``hex_id`` (see the module docstring)."""
    relics = look.world.relics
    if relics is None or relics.exited is not None:
        return 0.0
    f = look.world.field
    searcher = unit.type.id in relics.rule.searchers and unit.carrier is None
    urgency = 1.0 + look.turn_share
    hope = 1.0 - look.turn_share**2  # relics found late hardly get off the map in time
    value = 0.0
    left = relics.unsearched()
    if left and searcher:
        near = min(f.distance(hex_id, h) for h in left)
        value -= SEARCH_PULL * urgency * hope * near
        if near == 0:
            value += SEARCH_HOLD * hope
    if relics.lying is not None and searcher:
        value -= LYING_PULL * urgency * hope * f.distance(hex_id, relics.lying)
    if relics.carrier is not None:
        carrier = look.world.units[relics.carrier]
        if carrier.id == unit.id:
            edge = relics.edges[unit.seat]
            if edge is not None:
                away = min(f.distance(hex_id, h) for h in f.edge_hexes(edge))
                value -= CARRY_PULL * urgency * away
        elif carrier.seat != unit.seat:
            where = relics_hex(look.world)
            if where is not None:
                value -= HUNT_PULL * urgency * f.distance(hex_id, where)
    return value


def relic_exit_value(look: Outlook, units: list[Counter]) -> float:
    """The relics' VP when the carrier is among the units leaving."""
    relics = look.world.relics
    if relics is None or relics.carrier is None:
        return 0.0
    if any(u.id == relics.carrier for u in units):
        return _stake(look, look.seat)
    return 0.0


def carrier_fire_value(look: Outlook, play: Play, odds: dict[str, float]) -> float:
    """Fire at the enemy carrier: the chance it is eliminated times a share of the
    relics' VP at stake for its side (they drop where it falls)."""
    relics = look.world.relics
    if relics is None or relics.carrier is None or play.target != relics.carrier:
        return 0.0
    carrier = look.world.units[relics.carrier]
    if carrier.seat == look.seat:
        return 0.0
    return HUNT_FIRE * odds.get("eliminated", 0.0) * _stake(look, carrier.seat)


def escape_pull(look: Outlook, unit: Counter, hex_id: str) -> float:
    """Our units' pull to our exit edges when each one left on the board gives the
    enemy VP: the square of the game's progress times the hexes to go, and standing on
    the edge in the last turns."""
    sc = look.state.scenario
    if sc is None or look.world.relics is None:
        return 0.0
    deny = sc.victory.side(1 - look.seat).enemy_on_board
    edges = look.state.exit_edges(look.seat)
    if not deny or not edges:
        return 0.0
    f = look.world.field
    away = min(f.distance(hex_id, h) for e in edges for h in f.edge_hexes(e))
    late = look.turn_share * look.turn_share
    value = -ESCAPE_PULL * deny * late * away
    if away == 0:
        value += ESCAPE_HOLD * deny * late * look.turn_share
    return value
