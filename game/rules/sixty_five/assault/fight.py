"""'65 Assault Combat (13) with the cards of rules version 2 (assault/cards.py).

For each assaulted hex, in id order: attackers Shaken before the draws go back (13
note). If the defender played Retreat, his units leave the hex and nobody fights (19g).
Otherwise each side's HEF (13a: printed for units with Assault, 1 without, +1 for
Assault+) gets +1 for its Bullet Storm (19c) and +2 for a Charge (22b, the side's total);
the attacker's draw is one card smaller for the defender's Unexpected Cover (20d). A
side with a Tactical hero taking part, unshaken and not Ops Complete, draws its first
miss again (21h). Ambush (19b) lets its side draw and apply its hits before the other
side draws (with whoever survives); both Ambushes cancel out (Interpretation 21).
Without Ambush the attackers and the unshaken defenders draw and apply together, and
Shaken defenders answer afterwards if they survive (13a).

After the draws both players (the defender first) may answer the result before it
stands (Interpretation 21): Light Wounds takes one hit off his side (the hits are spread
again, 13b), Retreat (19g) undoes the whole fight and takes his side's units out of the
hex. Then 13c-d as in version 1. ``world.fight`` holds the fight between the draws and
the end of those windows; the turn flow waits for it (turn.py).
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.sixty_five.assault.cards import played
from game.rules.sixty_five.assault.combat import _draw_hits, _retreat, spread_hits
from game.rules.sixty_five.assault.steps import offer_panic, plan_steps, run_steps, side_cards
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.events import AssaultFought, HitIgnored
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.transport_moves import carriers_lost_in_assault, engages
from game.rules.sixty_five.world import Fight, Pending, Window, World


def _tactical(units: list[Counter]) -> bool:
    return any(
        u.has("tactical") and not u.shaken and u.marker is not Marker.OPS_COMPLETE
        for u in units
        if not u.eliminated
    )


def fight_assaults(world: World, events: list[Event]) -> None:
    """Fight the assaults recorded this impulse, hex by hex in id order, until one waits
    for the players' answers (``world.pending``) or all are done."""
    while not world.pending:
        if world.fight is not None:
            if world.fight.steps:
                run_steps(world, events)  # version 4
            elif not offer_panic(world):
                finish_fight(world, events)
            continue
        if not world.assaults:
            world.assault_cards.clear()
            return
        hex_id = min(world.assaults)
        if not _start_fight(world, hex_id, events):
            del world.assaults[hex_id]


def _start_fight(world: World, hex_id: str, events: list[Event]) -> bool:
    """Draw the assault in ``hex_id``; True when it waits for answers (``world.fight``)."""
    entries = world.assaults[hex_id]
    came = dict(entries)
    attackers = [world.units[u] for u, _ in entries]
    attackers = [u for u in attackers if u.hex == hex_id and not u.eliminated]
    if not attackers:
        return False
    seat = attackers[0].seat
    defenders = [u for u in world.live() if u.hex == hex_id and u.seat != seat]
    defenders = [u for u in defenders if engages(world, u)]  # 8d: passengers sit it out
    if not defenders:
        return False
    for u in [a for a in attackers if a.shaken]:  # 13 note
        _retreat(world, u, came.get(u.id), events)
        u.marker = Marker.OPS_COMPLETE
    attackers = [a for a in attackers if not a.shaken and not a.eliminated]
    if not attackers:
        return False
    away = world.field.beyond(came[attackers[0].id], hex_id)
    if played(world, hex_id, 1 - seat, "retreat") and world.edition >= 9:
        # 19g, 13c (version 9): the fight is undone at once; finish_fight asks the way
        world.fight = Fight(
            hex_id, seat, tuple(u.id for u in attackers), tuple(u.id for u in defenders),
            {u.id: came[u.id] for u in attackers}, away, 0, 0,
            {u.id: (u.hex, u.shaken, u.reduced, u.eliminated) for u in [*attackers, *defenders]},
            [(1 - seat, "retreat")], panic_offered=True,
        )  # fmt: skip
        events.append(AssaultFought(hex=hex_id, attacker_hits=0, defender_hits=0))
        return True
    if played(world, hex_id, 1 - seat, "retreat"):  # 19g: the defenders leave
        for d in defenders:
            _retreat(world, d, away, events)
        for u in [*attackers, *defenders]:
            if not u.eliminated:
                u.marker = Marker.OPS_COMPLETE
        events.append(AssaultFought(hex=hex_id, attacker_hits=0, defender_hits=0))
        return False
    before = {u.id: (u.hex, u.shaken, u.reduced, u.eliminated) for u in [*attackers, *defenders]}
    if world.edition >= 4:  # the draws step by step, with the players' choices
        steps = plan_steps(played(world, hex_id, seat, "ambush"),
                           played(world, hex_id, 1 - seat, "ambush"))  # fmt: skip
        world.fight = Fight(
            hex_id, seat, tuple(u.id for u in attackers), tuple(u.id for u in defenders),
            {u.id: came[u.id] for u in attackers}, away, 0, 0, before, [], steps=steps,
        )  # fmt: skip
        return True
    a_hits, d_hits = _draws(world, hex_id, seat, attackers, defenders, events)
    events.append(AssaultFought(hex=hex_id, attacker_hits=d_hits, defender_hits=a_hits))
    world.fight = Fight(
        hex_id, seat, tuple(u.id for u in attackers), tuple(u.id for u in defenders),
        {u.id: came[u.id] for u in attackers}, away, a_hits, d_hits, before, [],
    )  # fmt: skip
    world.pending.append(Pending(seat, Window.ASSAULT_RESULT, hex_id))
    world.pending.append(Pending(1 - seat, Window.ASSAULT_RESULT, hex_id))
    return True


def _draws(
    world: World,
    hex_id: str,
    seat: int,
    attackers: list[Counter],
    defenders: list[Counter],
    events: list[Event],
) -> tuple[int, int]:
    """13a with the cards: both sides' Damage Draws, hits applied as they land; the hits
    the attackers dealt and took."""
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
    return a_hits, d_hits


def _restore(world: World, fight: Fight, ids: tuple[str, ...]) -> None:
    for uid in ids:
        u = world.units[uid]
        u.hex, u.shaken, u.reduced, u.eliminated = fight.before[uid]


def _state(unit: Counter) -> tuple[bool, bool, bool]:
    return unit.shaken, unit.reduced, unit.eliminated


def light_wounds(world: World, seat: int) -> str:
    """20c in an assault (Interpretation 21): one hit fewer on ``seat``'s side; its
    units are put back as they were and the remaining hits spread again (13b). Returns
    the unit that comes out better (the one the hit spared). The hits were logged as
    they fell; spreading them again logs nothing more (an elimination is told once)."""
    fight = world.fight
    assert fight is not None
    mine = fight.attackers if seat == fight.seat else fight.defenders
    hit_before = {u: _state(world.units[u]) for u in mine}
    _restore(world, fight, mine)
    if seat == fight.seat:
        fight.d_hits = max(0, fight.d_hits - 1)
        hits = fight.d_hits
    else:
        fight.a_hits = max(0, fight.a_hits - 1)
        hits = fight.a_hits
    spread_hits([world.units[u] for u in mine], hits, [])
    spared = [u for u in mine if _state(world.units[u]) != hit_before[u]]
    return spared[0] if spared else mine[0]


def answer_refusal(world: World, seat: int, card_id: str, block_id: str) -> str | None:
    """Why this card may not answer the assault's result, or None."""
    fight = world.fight
    assert fight is not None
    if card_id not in world.hands[seat]:
        return f"{card_id} is not in this player's hand: '65 20"
    if block_id not in world.card(card_id).blocks:
        return f"{card_id} has no {block_id} block: '65 3a"
    if block_id not in ("light_wounds", "retreat"):
        return "after the draws only Light Wounds or Retreat answer an assault: '65 19g, 20c"
    if (seat, block_id) in fight.answers:
        return "one card of each name per assault: '65 19, 20"
    if block_id == "light_wounds":
        mine = fight.attackers if seat == fight.seat else fight.defenders
        took = fight.d_hits if seat == fight.seat else fight.a_hits
        if took <= 0 or not any(world.units[u].leg for u in mine):
            return "Light Wounds saves a Leg unit from a hit it took: '65 20c"
    return None


def answer(world: World, seat: int, card_id: str, block_id: str, events: list[Event]) -> None:
    """Play Light Wounds or Retreat on the assault's result; Retreat closes the seat's
    window, Light Wounds leaves it open for a Retreat."""
    fight = world.fight
    assert fight is not None
    world.discard_card(seat, card_id)
    fight.answers.append((seat, block_id))
    if block_id == "light_wounds":
        events.append(HitIgnored(unit=light_wounds(world, seat), card=card_id))
    else:
        world.pending.pop()


def retreat_options(world: World, fight: Fight) -> list[str]:
    """13c: the hexes straight away from each hex the assault came from, on the board,
    the first attacker's first."""
    out: list[str] = []
    for came in fight.came.values():
        away = world.field.beyond(came, fight.hex)
        if away is not None and away in world.field and away not in out:
            out.append(away)
    return out


def _defenders_leave(world: World, fight: Fight) -> bool:
    """13c, 19g: the defenders retreat: by their Retreat card, or beaten (more hits taken
    than dealt) with both sides standing."""
    leaving = {s for s, b in fight.answers if b == "retreat"}
    if leaving:
        return 1 - fight.seat in leaving
    standing = [
        any(not world.units[u].eliminated for u in side)
        for side in (fight.attackers, fight.defenders)
    ]
    return all(standing) and fight.a_hits > fight.d_hits


def _ask_retreat(world: World, fight: Fight) -> bool:
    """13c (rules version 9): "they may choose if the assault came from multiple hexes":
    the defenders' window to pick their way (declining keeps the first attacker's)."""
    if world.edition < 9 or fight.retreat_asked or not _defenders_leave(world, fight):
        return False
    options = retreat_options(world, fight)
    if not options or set(options) | {fight.away} == {fight.away}:
        return False
    fight.retreat_asked = True
    world.pending.append(Pending(1 - fight.seat, Window.RETREAT, fight.hex))
    return True


def retreat_refusal(world: World, seat: int, hex_id: str) -> str | None:
    """Why the defenders may not retreat to ``hex_id`` now, or None."""
    fight = world.fight
    window = world.pending[-1] if world.pending else None
    if fight is None or window is None or window.window is not Window.RETREAT:
        return "no retreat from an assault is being chosen: '65 13c"
    if seat == fight.seat:
        return "the defenders choose where they retreat: '65 13c"
    options = retreat_options(world, fight)
    if hex_id not in options:
        ways = ", ".join(options)
        return f"the defenders retreat straight away from an attacking hex ({ways}): '65 13c"
    return None


def choose_retreat(world: World, hex_id: str) -> None:
    """The defenders' way out (after ``retreat_refusal`` said None)."""
    fight = world.fight
    assert fight is not None
    world.pending.pop()
    fight.away = hex_id


def finish_fight(world: World, events: list[Event]) -> None:
    """13c-d, or 19g: a Retreat played undoes the fight for both sides and takes that
    side's units out (attackers to where they came from, defenders straight away; from
    rules version 9 the defenders choose the way when the attack came from several
    hexes, :func:`_ask_retreat`)."""
    fight = world.fight
    assert fight is not None
    if _ask_retreat(world, fight):
        return
    world.fight = None
    del world.assaults[fight.hex]
    attackers = [world.units[u] for u in fight.attackers]
    defenders = [world.units[u] for u in fight.defenders]
    leaving = {s for s, b in fight.answers if b == "retreat"}
    if leaving:
        _restore(world, fight, (*fight.attackers, *fight.defenders))
        if fight.seat in leaving:
            for a in attackers:
                _retreat(world, a, fight.came.get(a.id), events)
        if 1 - fight.seat in leaving:
            for d in defenders:
                _retreat(world, d, fight.away, events)
    else:
        live_att = [a for a in attackers if not a.eliminated]
        live_def = [d for d in defenders if not d.eliminated]
        if live_att and live_def:
            if fight.a_hits > fight.d_hits:
                for d in live_def:
                    _retreat(world, d, fight.away, events)
            else:
                for a in live_att:
                    _retreat(world, a, fight.came.get(a.id), events)
    carriers_lost_in_assault(world, defenders, fight.away, events)  # 8e
    for u in [*attackers, *defenders]:
        if not u.eliminated:
            u.marker = Marker.OPS_COMPLETE
