"""'65 helicopters (17): modes, landing, fire by mode, hits by mode, crashes and the
helicopter's line of sight with its one-hex blind spots.

A helicopter is Flying (unlimited movement, one level above the terrain), Hovering (in
place) or Landed (a ground vehicle for stacking and LOS). It faces a hex corner like a
vehicle (:mod:`game.rules.sixty_five.vehicles.facing`).

The line of sight of airborne helicopters (17d) is helicopters/sight.py's; it is re-exported
here with the other rules of 17.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.core.api import Event
from game.core.rng import Rng
from game.rules.sixty_five.combat.artillery import even_hits
from game.rules.sixty_five.combat.attack import hits_to_clear
from game.rules.sixty_five.data import CardFace, HitColour, RulesData
from game.rules.sixty_five.helicopters.sight import helicopter_sees as helicopter_sees
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.movement.rules import stacking_refusal as ground_stacking_refusal
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.vehicles.data import HelicopterRules
from game.rules.sixty_five.vehicles.facing import facing_hexes
from game.rules.sixty_five.vehicles.fire import (
    Armour,
    Targeting,
    apply_shot,
    armour_result,
    shot_outcome,
)
from game.rules.sixty_five.vehicles.transport import half_mf


class Mode(StrEnum):
    """17b: the three movement modes."""

    FLYING = "flying"
    HOVERING = "hovering"
    LANDED = "landed"


def mode_refusal(
    new: Mode,
    rules: HelicopterRules,
    terrain: str,
    *,
    enemy_in_hex: bool,
    entered_this_impulse: bool = False,
    current: Mode | None = None,
) -> str | None:
    """17b: a helicopter picks its mode first thing on activation; it lands only in
    clear or brush free of enemy units; one that came on from off the board flies until
    the next impulse."""
    if entered_this_impulse and new is not Mode.FLYING:
        return "a helicopter entering from off the board flies until the next impulse: '65 17b"
    if current is not None and current is new:
        return None
    if new is Mode.LANDED:
        if terrain not in rules.landing_terrain:
            kinds = " and ".join(rules.landing_terrain)
            return f"helicopters land only in {kinds} hexes: '65 17b"
        if enemy_in_hex:
            return "helicopters land only in hexes free of enemy units: '65 17b"
    return None


def may_move(mode: Mode) -> bool:
    """17b: only a Flying helicopter moves, as far as it likes, ignoring terrain costs."""
    return mode is Mode.FLYING


def hits_on(mode: Mode) -> tuple[HitColour, ...]:
    """10c, 17b: Hovering fire hits soft targets on green, Flying and Landed fire on
    yellow or red (the colours of fire on the move)."""
    if mode is Mode.HOVERING:
        return (HitColour.GREEN,)
    return (HitColour.YELLOW, HitColour.RED)


def attack_refusal(mode: Mode, *, target_hard: bool, power: str | None = None) -> str | None:
    """17b, 17c: a Landed helicopter attacks neither hard targets nor with Explosive
    Rounds; in the Reserve Phase helicopters do nothing (caller)."""
    if mode is Mode.LANDED and target_hard:
        return "a Landed helicopter cannot attack hard targets: '65 17b"
    if mode is Mode.LANDED and power == "explosive_rounds":
        return "a Landed helicopter cannot use Explosive Rounds: '65 17b"
    return None


def hard_target(mode: Mode) -> bool:
    """17c: only a Hovering or Landed helicopter may be shot at as a hard target (it is a
    soft target in every mode)."""
    return mode is not Mode.FLYING


def cover(mode: Mode, terrain_cover: int, rules: HelicopterRules) -> int:
    """17c: a Flying helicopter has CF 1 (with the Difficult Target, -2 HEF against it);
    Hovering or Landed it has the hex's cover."""
    return rules.flying_cover if mode is Mode.FLYING else terrain_cover


def stacking_refusal(
    rules: RulesData, ground: Sequence[Counter], helicopters: Sequence[tuple[Counter, Mode]]
) -> str | None:
    """9: only one Air unit in a hex; a grounded (Landed) one counts as a ground vehicle,
    so it shares the hex's one ground-vehicle place (and its three ground units)."""
    airborne = [h for h, mode in helicopters if mode is not Mode.LANDED]
    if len(airborne) > 1:
        return "only one Air unit may stack in a hex: '65 9"
    landed = [h for h, mode in helicopters if mode is Mode.LANDED]
    vehicles = sum(not u.leg for u in ground) + len(landed)
    if vehicles > rules.stacking.ground_vehicles:
        return "a Landed helicopter counts as the hex's one ground vehicle: '65 9"
    if len(ground) + len(landed) > rules.stacking.ground_units:
        return f"more than {rules.stacking.ground_units} ground units in a hex: '65 9"
    return ground_stacking_refusal(rules, ground)


def artillery_refusal(mode: Mode) -> str | None:
    """17c: artillery hits only Landed helicopters (as soft targets)."""
    return None if mode is Mode.LANDED else "artillery affects only landed helicopters: '65 17c"


def load_refusal(mode: Mode) -> str | None:
    """17b: only a Landed helicopter loads or unloads passengers."""
    return None if mode is Mode.LANDED else "only Landed helicopters load or unload: '65 17b"


def passenger_boarding_mp(mf: int, *, fast_move_bonus: int = 0) -> int:
    """17b: loading onto or off a Landed helicopter costs the passenger half its MF,
    rounded up; a real Fast Move played to land and unload adds its points first. A
    passenger that boards is marked Moved (caller)."""
    return half_mf(mf, fast_move_bonus)


def passengers_lost(mode: Mode) -> bool:
    """17c: the passengers of a destroyed Hovering or Flying helicopter are eliminated;
    those of a Landed one are treated as a destroyed carrier's (8e)."""
    return mode is not Mode.LANDED


@dataclass(frozen=True)
class Crash:
    """17c: where a destroyed helicopter comes down and what it hits there."""

    hex: str | None  # None: it crashed off the board
    hef: int  # against soft targets in that hex (0: a Landed one does not crash)
    apf: int  # against hard targets in that hex
    wreck: bool  # a wreck is placed in ``hex``


def crash(
    field: Field, hex_id: str, facing: int, mode: Mode, rules: HelicopterRules, rng: Rng
) -> Crash:
    """17c: a destroyed Hovering or Landed helicopter leaves a wreck in its hex; a Flying
    one crashes into one of its two facing hexes, chosen at random. A crashing helicopter
    (Flying or Hovering) makes a 2 HEF attack on soft targets and a -2 AP attack on hard
    targets in the hex it comes down in. Off the board it is simply gone."""
    if mode is Mode.LANDED:
        return Crash(hex_id, 0, 0, True)
    if mode is Mode.HOVERING:
        return Crash(hex_id, rules.crash_hef, rules.crash_apf, True)
    where = facing_hexes(field, hex_id, facing)[rng.below(2)]
    if where is None:
        return Crash(None, 0, 0, False)
    return Crash(where, rules.crash_hef, rules.crash_apf, True)


def crash_draws(rules_hef: int, cover: int, soft_targets: int) -> int:
    """The crash's Damage Draw on the soft targets of the hex (Interpretations: like an
    artillery hex, 12): HEF 2 - the hex's CF, + 1 card if more than one soft target."""
    if soft_targets == 0:
        return 0
    return max(0, rules_hef - cover + (1 if soft_targets > 1 else 0))


@dataclass(frozen=True)
class CrashAttack:
    """What a crash did in its hex: the cards of the soft Damage Draw, its hits, and the
    armour result on each hard target."""

    cards: tuple[str, ...]
    hits: int
    armour: dict[str, Armour]


def resolve_crash_attack(
    fall: Crash,
    cover: int,
    soft: Sequence[Counter],
    hard: Sequence[tuple[Counter, int]],
    draw: Callable[[], CardFace | None],
    events: list[Event],
) -> CrashAttack:
    """17c: the crash's attacks in its hex. Soft targets: a Damage Draw of
    :func:`crash_draws` cards, green Hits spread evenly as artillery's are (12), stopping
    once all are eliminated. Hard targets (``(unit, armour)``): one armour draw each with
    APF -2, a destroying result destroys, Shake! Shakes (15c)."""
    cards: list[str] = []
    hits = 0
    need = hits_to_clear(list(soft))
    for _ in range(crash_draws(fall.hef, cover, len(soft))):
        if hits >= need:
            break
        card = draw()
        if card is None:
            break
        cards.append(card.id)
        hits += card.hit is HitColour.GREEN
    even_hits(soft, hits, events)
    results: dict[str, Armour] = {}
    for unit, armour in hard:
        card = draw()
        if card is None:
            break
        results[unit.id] = armour_result(card, fall.apf, armour)
        apply_shot(unit, shot_outcome(Targeting.HIT, results[unit.id]))
    return CrashAttack(tuple(cards), hits, results)


def helicopter_los(
    field: Field, mode: Mode, helicopter: str, other: str, rules: HelicopterRules
) -> bool:
    """17d: a Landed helicopter traces LOS like a ground unit (14); a Flying or Hovering
    one by :func:`helicopter_sees`, both ways."""
    if mode is Mode.LANDED:
        return field.los(helicopter, other)
    return helicopter_sees(field, helicopter, other, rules)


def blind_spots(
    field: Field, airborne: str, rules: HelicopterRules, hexes: Collection[str] | None = None
) -> list[str]:
    """17d: the hexes a Flying or Hovering helicopter in ``airborne`` cannot see (for
    the LOS preview), among ``hexes`` (default: the whole board)."""
    pool: Sequence[str] = list(field.hexes() if hexes is None else hexes)
    return [h for h in pool if not helicopter_sees(field, airborne, h, rules)]
