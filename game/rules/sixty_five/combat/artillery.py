"""'65 artillery (12, 19e): a strike on three hexes, the target hex and two hexes next
to it, each attacked on its own with the card's HEF.

``play CARD artillery to HEX,HEX,HEX [with SUPPORT]``: the first hex is the target hex,
the other two are adjacent to it. A friendly unit that is not Shaken must see one of
the three hexes; every hex it does not see must be next to one it does (12 example).
Any hex may be empty (then nothing is drawn there). Per hex with enemy units: draw
HEF (3, +1 with Heavy Artillery) + one card if more than one unit is there - the
hex's Cover Factor (- 1 for a lone Difficult Target) cards; each green Hit is a hit,
spread evenly (everyone once before anyone twice), Heroes after the others and a
Difficult Target last (12, 21c). Drawing stops when the hex is cleared.

A scenario may let two Fire blocks call the strike (scenario 2: ``play CARD fire to
HEX,HEX,HEX with CARD2``, one of the two a Power card, HE 4): :func:`fire_strike_block`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.combat.attack import hits_to_clear
from game.rules.sixty_five.combat.strike_state import Strike
from game.rules.sixty_five.data import BlockDef, BlockKind, CardFace, HitColour
from game.rules.sixty_five.events import CardDiscarded, DamageCard, FoxholeRedraw, HitApplied, Named
from game.rules.sixty_five.helicopters.sight import strike_soft
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.bunker_fire import bunker_target_refusal, target_name
from game.rules.sixty_five.terrain.fortified import foxhole_in_hex, hex_bunker_bonus
from game.rules.sixty_five.vehicles.ap_fire import artillery_on_hard_targets, bunker_armour_draw
from game.rules.sixty_five.world import World

FIRE_BLOCKS = ("fire",)  # 24 scenario 2: "not Flanking Fire or Moving Fire"


@dataclass(frozen=True, kw_only=True)
class ArtilleryStrike(Named):
    """12: a strike called on three hexes and each hex's Damage Draw size."""

    tone: ClassVar[Tone] = Tone.ROLL
    seat: int
    hexes: tuple[str, ...]
    draws: tuple[int, ...]
    puff: bool = False  # scenario 6: the AC-47's strike (scenarios/puff.py)

    def text(self) -> str:
        pairs = zip(self.hexes, self.draws, strict=True)
        each = ", ".join(f"{h} {n} card{'s' * (n != 1)}" for h, n in pairs)
        return f"{'The AC-47 fires' if self.puff else 'Artillery falls'} on {each}."


@dataclass(frozen=True)
class HexPlan:
    """The numbers of one hex of a strike (12): ``draws`` cards (none if it holds no
    enemy unit)."""

    hex: str
    hef: int
    units: int
    crowded: int
    difficult_target: int
    cover_factor: int

    @property
    def draws(self) -> int:
        if not self.units:
            return 0
        return max(0, self.hef + self.crowded - self.difficult_target - self.cover_factor)

    def numbers(self) -> dict[str, int]:
        return {
            "hef": self.hef,
            "units": self.units,
            "crowded": self.crowded,
            "difficult_target": self.difficult_target,
            "cover_factor": self.cover_factor,
            "damage_draw": self.draws,
        }


def fire_strike_block(hef: int) -> BlockDef:
    """The strike a scenario lets two Fire blocks call (24, scenario 2)."""
    return BlockDef(
        id="fire", name="Artillery (two Fire cards)", kind=BlockKind.ACTION,
        effect="artillery", hits_on=(HitColour.GREEN,), hef=hef,
    )  # fmt: skip


def is_strike(block: BlockDef) -> bool:
    return block.effect == "artillery"


def _enemies_in(world: World, seat: int, hex_id: str) -> list[Counter]:
    """The soft targets of the hex (12; Interpretation 40 of sixty_five_vehicles.md: a
    hard target and a loaded passenger take no HE hit)."""
    return [
        u
        for u in world.live()
        if u.hex == hex_id and u.seat != seat and strike_soft(u) and u.carrier is None
    ]


def _support(world: World, seat: int, play: Play, block: BlockDef) -> tuple[int, str | None]:
    """HEF from the support cards, and the rule broken: Heavy Artillery (19e) +1; a
    scenario strike by Fire blocks also names its second Fire card here."""
    bonus = 0
    fires: list[CardFace] = []
    names: set[str] = set()
    for cid in play.supports or ():
        if cid not in world.hands[seat] or cid == play.card:
            return 0, f"support card {cid} is not in this player's hand: '65 6b"
        card = world.card(cid)
        if block.id == "fire" and any(b in FIRE_BLOCKS for b in card.blocks) and not fires:
            fires.append(card)  # the first support with a Fire block is the second card
        elif "heavy_artillery" in card.blocks and "heavy_artillery" not in names:
            names.add("heavy_artillery")
            bonus += world.data.blocks["heavy_artillery"].hef_bonus
        else:
            return 0, f"{cid} cannot back an artillery strike: '65 12, 19e"
    if block.id == "fire":
        if not fires:
            return 0, "a strike by Fire cards takes a second Fire card: '65 24 scenario 2"
        if not (world.card(play.card).power or fires[0].power):
            return 0, "one of the two Fire cards must be a Power card: '65 24 scenario 2"
    return bonus, None


def artillery_legal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """12: three distinct hexes of the board, the second and third next to the first;
    one in the sight of an unshaken friendly unit on the map and every other next to
    one in sight; no friendly unit in any of them (Interpretation 25)."""
    if play.units or play.target or play.spread:
        return "artillery names its three hexes, not units: play CARD artillery to H,H,H: '65 12"
    reason = strike_hexes_refusal(world, seat, play.path or ())
    return reason or _call_refusal(world, seat, play, block)


def strike_hexes_refusal(world: World, seat: int, hexes: Sequence[str]) -> str | None:
    """Why ``seat`` may not strike ``hexes`` (12, Interpretation 25), whatever cards
    call the strike."""
    if len(hexes) != 3 or len(set(hexes)) != 3:
        return "artillery attacks three different hexes: '65 12"
    f = world.field
    for h in hexes:
        if h not in f:
            return f"{h} is not a hex of this board: '65 12"
    target = hexes[0]
    for h in hexes[1:]:
        if h not in f.neighbours(target):
            return f"{h} is not next to the target hex {target}: '65 12"
    spots = {u.hex: None for u in world.live() if u.seat == seat and u.hex and not u.shaken}
    # 14: the spotters' hexes. The other two hexes are next to the target, so a target
    # in sight settles it and their own lines need not be traced.
    if f.sees_any(target, spots):
        seen = [target]
    else:
        seen = [h for h in hexes[1:] if f.sees_any(h, spots)]
    if not seen:
        return "no unshaken friendly unit sees any of the three hexes: '65 12"
    for h in hexes:
        if h not in seen and not any(h in f.neighbours(s) for s in seen):
            return f"{h} is neither in sight nor next to a hex in sight: '65 12"
    for h in hexes:
        if any(u.hex == h and u.seat == seat for u in world.live()):
            return f"{h} holds a friendly unit: artillery falls on the enemy: '65 12"
    return None


def _call_refusal(world: World, seat: int, play: Play, block: BlockDef) -> str | None:
    """Why the cards of ``play`` may not call a strike on its hexes: AP only at a
    bunker (23b), the support cards (12, 19e, 24 scenario 2)."""
    if play.ammo is False:
        return "artillery names only ap, for the bunkers it strikes as AP: '65 23b"
    if play.ammo and not ap_bunkers(world, seat, play.path or ()):
        return "no bunker holding an enemy among the hexes to strike as AP: '65 23b"
    return _support(world, seat, play, block)[1]


def ap_bunkers(world: World, seat: int, hexes: Sequence[str]) -> list[str]:
    """23b: the struck hexes whose bunker (holding an enemy unit) artillery used as AP
    attacks instead of the units in it."""
    return [h for h in hexes if bunker_target_refusal(world, seat, target_name(h)) is None]


def artillery_plan(world: World, seat: int, play: Play, block: BlockDef) -> list[HexPlan]:
    """The numbers of each hex of a legal strike, in the order given (12, 21c)."""
    bonus, _ = _support(world, seat, play, block)
    out = []
    for h in play.path or ():
        victims = _enemies_in(world, seat, h)
        lone_difficult = len(victims) == 1 and victims[0].has("difficult_target")
        out.append(
            HexPlan(
                hex=h,
                hef=block.hef + bonus,
                units=len(victims),
                crowded=1 if len(victims) > 1 else 0,
                difficult_target=1 if lone_difficult else 0,
                cover_factor=world.field.cover(h) + hex_bunker_bonus(world, h, victims),
            )
        )
    return out


def hit_order(units: Sequence[Counter]) -> list[Counter]:
    """12, 21c: non-Heroes before Heroes, a Difficult Target after everyone; where the
    attacker may choose, the unit closest to elimination first, then by id
    (Interpretation 25)."""

    def key(u: Counter) -> tuple[bool, bool, int, str]:
        return (u.has("difficult_target"), u.hero, -(u.shaken + u.reduced), u.id)

    return sorted(units, key=key)


def even_hits(units: Sequence[Counter], hits: int, events: list[Event]) -> None:
    """12: the hits of one hex spread evenly: every unit takes one before any takes a
    second (then a third), in :func:`hit_order` within each round; the eliminated drop
    out."""
    order = hit_order(units)
    while hits > 0:
        standing = [u for u in order if not u.eliminated]
        if not standing:
            return
        for u in standing:
            if hits <= 0:
                return
            result = u.take_hit()
            events.append(HitApplied(unit=u.id, result=result.value))
            hits -= 1


def artillery_resolve(world: World, seat: int, play: Play, block: BlockDef) -> list[Event]:
    """Fire the strike: each hex in turn, its Damage Draw on green Hits, its hits spread
    evenly (from rules version 4 step by step with the defender's reactions, combat/strike.py).
    The support cards are spent; no unit is marked (no unit was activated)."""
    plans = artillery_plan(world, seat, play, block)
    events: list[Event] = []
    for cid in play.supports or ():
        world.discard_card(seat, cid)
        events.append(CardDiscarded(seat=seat, card=cid))
    events.append(
        ArtilleryStrike(
            seat=seat, hexes=tuple(p.hex for p in plans), draws=tuple(p.draws for p in plans)
        )
    )
    hits_on = block.hits_on or (HitColour.GREEN,)
    for plan in plans:  # 12: the strike's AP draw on each hard target (vehicles/ap_fire.py)
        artillery_on_hard_targets(world, seat, plan.hex, plan.hef, events)
    if play.ammo:  # 23b: the bunkers struck as AP instead of the units in them
        bunkers = ap_bunkers(world, seat, [p.hex for p in plans])
        for plan in plans:
            if plan.hex in bunkers:
                bunker_armour_draw(world, plan.hex, plan.hef, events, source="artillery")
        plans = [p for p in plans if p.hex not in bunkers]
    if world.edition >= 4:  # hex by hex with the defender's reactions (combat/strike.py)
        hexes = [(p.hex, p.draws) for p in plans if p.units and p.draws > 0]
        world.strike = Strike(seat, hexes, hits_on)
        return events
    for plan in plans:
        victims = _enemies_in(world, seat, plan.hex)
        hits = draw_on_hex(world, plan.draws, hits_on, victims, plan.hex, events)
        even_hits(victims, hits, events)
    return events


def draw_on_hex(
    world: World,
    cards: int,
    hits_on: tuple[HitColour, ...],
    victims: Sequence[Counter],
    hex_id: str,
    events: list[Event],
) -> int:
    """A Damage Draw against every unit of a hex (12, 21g, 22g): up to ``cards`` cards,
    stopping once the hits would eliminate everyone there; the number of hits (each card
    whose Hit colour is in ``hits_on``). From rules version 5 the first Hit is set aside
    and another card drawn when a Leg unit of the hex is in a foxhole (23a)."""
    need = hits_to_clear(list(victims))
    hits = 0
    foxhole = world.edition >= 5 and foxhole_in_hex(world, victims)
    left = max(0, cards)
    while left > 0:
        if hits >= need:
            break
        card = world.draw_spent(events)
        if card is None:
            break
        hit = card.hit is not None and card.hit in hits_on
        if hit and foxhole:
            foxhole = False  # 23a: the first Hit is redrawn, the new card applies
            events.append(FoxholeRedraw(card=card.id, unit=hex_id))
            continue
        left -= 1
        colour = card.hit.value if card.hit else None
        events.append(DamageCard(card=card.id, hit_colour=colour, hit=hit, target=hex_id))
        hits += hit
    return hits


def strike_patterns(world: World, seat: int) -> list[tuple[str, str, str]]:
    """One pattern per hex holding enemy units: that hex as the target and the two
    neighbours with the most enemy units (then by id) beside it."""
    f = world.field
    held = {u.hex for u in world.live() if u.seat != seat and u.hex is not None}
    own = {u.hex for u in world.live() if u.seat == seat and u.hex is not None}
    soft: dict[str, int] = {}  # len(_enemies_in) of every hex, from one look at the units
    for u in world.live():
        if u.hex is not None and u.seat != seat and strike_soft(u) and u.carrier is None:
            soft[u.hex] = soft.get(u.hex, 0) + 1
    out = []
    for target in sorted(held - own):
        count = {h: soft.get(h, 0) for h in f.neighbours(target)}
        beside = sorted((h for h in count if h not in own), key=lambda h: (-count[h], h))
        if len(beside) >= 2:
            out.append((target, beside[0], beside[1]))
    return out


def strike_calls(
    world: World, seat: int, fire_hef: int | None
) -> list[tuple[str, str, tuple[str, ...]]]:
    """The calls of a strike the candidates offer, as (card, block, support cards): each
    Artillery block in hand (also with a Heavy Artillery card when one is held) and,
    where the scenario allows it (``fire_hef``), the first pair of Fire cards one of
    which says Power."""
    hand = world.hands[seat]
    heavy = next((c for c in hand if "heavy_artillery" in world.card(c).blocks), None)
    calls: list[tuple[str, str, tuple[str, ...]]] = []
    for cid in hand:
        if "artillery" in world.card(cid).blocks:
            calls.append((cid, "artillery", ()))
            if heavy is not None and heavy != cid:
                calls.append((cid, "artillery", (heavy,)))
    if fire_hef is not None:
        fires = [c for c in hand if any(b in FIRE_BLOCKS for b in world.card(c).blocks)]
        pairs = [
            (a, b) for i, a in enumerate(fires) for b in fires[i + 1 :]
            if world.card(a).power or world.card(b).power
        ]  # fmt: skip
        if pairs:
            a, b = pairs[0]
            calls.append((a, "fire", (b,)))
    return calls


def artillery_candidates(world: World, seat: int, fire_hef: int | None) -> list[Play]:
    """Strikes for bots and tests: each call of :func:`strike_calls` on each pattern of
    :func:`strike_patterns` that it may strike."""
    calls = strike_calls(world, seat, fire_hef)
    if not calls:
        return []
    out = []
    for pattern in strike_patterns(world, seat):
        if strike_hexes_refusal(world, seat, pattern) is not None:
            continue  # no card calls a strike there
        out += called_strikes(world, seat, fire_hef, calls, pattern)
    return out


def called_strikes(
    world: World,
    seat: int,
    fire_hef: int | None,
    calls: list[tuple[str, str, tuple[str, ...]]],
    pattern: tuple[str, str, str],
) -> list[Play]:
    """The strikes of ``calls`` on ``pattern`` that the cards may call (its hexes
    already judged by :func:`strike_hexes_refusal`)."""
    strike = fire_strike_block(fire_hef) if fire_hef is not None else None
    out = []
    for cid, block_id, supports in calls:
        play = Play(cid, block_id, path=pattern, supports=supports or None)
        block = strike if block_id == "fire" and strike else world.data.blocks[block_id]
        if _call_refusal(world, seat, play, block) is None:
            out.append(play)
    return out
