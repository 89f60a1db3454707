"""'65 Assault Combat (13) with the cards of rules version 2 (assault_cards.py).

For each assaulted hex, in id order: attackers Shaken before the draws go back (13
note). If the defender played Retreat, his units leave the hex and nobody fights (19g).
Otherwise each side's HEF (13a: printed for units with Assault, 1 without, +1 for
Assault+) gets +1 for its Bullet Storm (19c) and +2 for a Charge (22b, the side's total);
the attacker's draw is one card smaller for the defender's Unexpected Cover (20d). A
side with a Tactical hero taking part, unshaken and not Ops Complete, draws its first
miss again (21h). Ambush (19b) lets its side draw and apply its hits before the other
side draws (with whoever survives); both Ambushes cancel out (Interpretation 21).
Without Ambush the attackers and the unshaken defenders draw and apply together, and
Shaken defenders answer afterwards if they survive (13a). Then 13b-d as in version 1.
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.assault import _draw_hits, _retreat, assault_hef, spread_hits
from game.rules.sixty_five.assault_cards import played
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import AssaultFought
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.world import World


def _tactical(units: list[Counter]) -> bool:
    return any(
        u.has("tactical") and not u.shaken and u.marker is not Marker.OPS_COMPLETE
        for u in units
        if not u.eliminated
    )


def side_cards(
    world: World, hex_id: str, seat: int, units: list[Counter], *, cards_too: bool = True
) -> int:
    """The Damage Draw of one side: assault HEF, and with ``cards_too`` (the side's
    first draw) + Bullet Storm + Charge - the other side's Unexpected Cover."""
    live = [u for u in units if not u.eliminated]
    if not live:
        return 0
    cards = assault_hef(live)
    if cards_too:
        cards += 1 if played(world, hex_id, seat, "bullet_storm") else 0
        cards += 2 if played(world, hex_id, seat, "charge") else 0
        cards -= 1 if played(world, hex_id, 1 - seat, "unexpected_cover") else 0
    return max(0, cards)


def fight_assaults(world: World, events: list[Event]) -> None:
    """Fight every assault recorded this impulse, hex by hex in id order."""
    for hex_id in sorted(world.assaults):
        _fight(world, hex_id, events)
    world.assaults.clear()
    world.assault_cards.clear()


def _fight(world: World, hex_id: str, events: list[Event]) -> None:
    entries = world.assaults[hex_id]
    came = dict(entries)
    attackers = [world.units[u] for u, _ in entries]
    attackers = [u for u in attackers if u.hex == hex_id and not u.eliminated]
    if not attackers:
        return
    seat = attackers[0].seat
    defenders = [u for u in world.live() if u.hex == hex_id and u.seat != seat]
    if not defenders:
        return
    for u in [a for a in attackers if a.shaken]:  # 13 note
        _retreat(world, u, came.get(u.id), events)
        u.marker = Marker.OPS_COMPLETE
    attackers = [a for a in attackers if not a.shaken and not a.eliminated]
    if not attackers:
        return
    away = world.field.beyond(came[attackers[0].id], hex_id)
    if played(world, hex_id, 1 - seat, "retreat"):  # 19g: the defenders leave
        for d in defenders:
            _retreat(world, d, away, events)
        for u in [*attackers, *defenders]:
            if not u.eliminated:
                u.marker = Marker.OPS_COMPLETE
        events.append(AssaultFought(hex=hex_id, attacker_hits=0, defender_hits=0))
        return
    a_ambush = played(world, hex_id, seat, "ambush")
    d_ambush = played(world, hex_id, 1 - seat, "ambush")
    if a_ambush and d_ambush:
        a_ambush = d_ambush = False
    steady = [d for d in defenders if not d.shaken]
    shaken = [d for d in defenders if d.shaken]
    a_redraw, d_redraw = _tactical(attackers), _tactical(defenders)

    first = [True]  # the defenders' cards count on their first draw only

    def attack_draw() -> int:
        cards = side_cards(world, hex_id, seat, attackers)
        return _draw_hits(world, cards, "defenders", events, a_redraw)

    def defence_draw(units: list[Counter], redraw: bool) -> int:
        cards = side_cards(world, hex_id, 1 - seat, units, cards_too=first[0])
        if cards:
            first[0] = False
        return _draw_hits(world, cards, "attackers", events, redraw) if cards else 0

    if a_ambush:  # the attackers draw and apply first; every defender left answers
        a_hits = attack_draw()
        spread_hits(defenders, a_hits, events)
        d_hits = defence_draw(defenders, d_redraw)
        spread_hits(attackers, d_hits, events)
    elif d_ambush:  # the unshaken defenders first, then the attackers, then the Shaken
        d_hits = defence_draw(steady, d_redraw)
        spread_hits(attackers, d_hits, events)
        a_hits = attack_draw()
        spread_hits(defenders, a_hits, events)
        late = defence_draw(shaken, False) if any(not a.eliminated for a in attackers) else 0
        spread_hits(attackers, late, events)
        d_hits += late
    else:
        a_hits = attack_draw()
        d_hits = defence_draw(steady, d_redraw) if steady else 0
        spread_hits(defenders, a_hits, events)
        spread_hits(attackers, d_hits, events)
        survivors = [d for d in shaken if not d.eliminated]
        if survivors and any(not a.eliminated for a in attackers):
            late = defence_draw(survivors, False)
            spread_hits(attackers, late, events)
            d_hits += late
    events.append(AssaultFought(hex=hex_id, attacker_hits=d_hits, defender_hits=a_hits))
    live_att = [a for a in attackers if not a.eliminated]
    live_def = [d for d in defenders if not d.eliminated]
    if live_att and live_def:
        if a_hits > d_hits:
            for d in live_def:
                _retreat(world, d, away, events)
        else:
            for a in live_att:
                _retreat(world, a, came.get(a.id), events)
    for u in [*attackers, *defenders]:
        if not u.eliminated:
            u.marker = Marker.OPS_COMPLETE
