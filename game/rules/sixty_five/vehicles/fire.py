"""'65 vehicle combat (15, 18c, 19a/d, 20a/b/d, 21c): AP fire in two draws.

1. **Targeting draw** (15a, 15b): the to-hit number is the range - the firer's Targeting
   Modifier + the target hex's Cover Factor (with the card modifiers); the shot hits when
   the card's Targeting Number (TN) is at least that. *Miss* always misses, *MF* misses a
   Move & Fire shot, *Turret hit* adds 1 to the target's AF.
2. **Armour draw** (15c): the firer's APF + the AP range modifier (+ Critical Hit) is the
   modified APF; the card's APF bonus (- 2 with Glancing Shot) is added and compared with
   the target's AF (flank -1, turret +1): at least the AF destroys. The words *Shake!*,
   *Dud!* and *Destroy!* decide instead; a coloured *Hit* is ignored (soft targets only).

Everything here is a plain function of numbers and card faces; exact odds are
``Fraction``s over the cards the firing player has not seen, drawn without replacement.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any

from game.core.api import Explanation
from game.rules.sixty_five.data import CardFace, Marker
from game.rules.sixty_five.model import Counter, HitResult
from game.rules.sixty_five.vehicles.data import ApBand, VehicleRules, VehicleType


def ap_range_modifier(bands: Sequence[ApBand], distance: int) -> int | None:
    """15c AP range modifier: +1 within 4 hexes, 0 to 8, -1 to 12 (designed; the seed
    fixes +1 at range 4). None beyond the table: out of AP range."""
    for band in bands:
        if distance <= band.max_range:
            return band.apf
    return None


@dataclass(frozen=True)
class ToHit:
    """The named parts of a to-hit number (15a). ``number`` is what the TN must reach."""

    range: int
    targeting_modifier: int
    cover_factor: int
    aimed_shot: int = 0  # 19a: + to the Targeting Modifier
    reload: int = 0  # 18o: + to the Targeting Modifier
    unexpected_cover: int = 0  # 20d: CF 2 against a hard target
    moving_target: int = 0  # 10d3: a target marked Moved is easier to hit
    difficult_target: int = 0  # 21c: 1 off the targeting draw (a lone helicopter)

    @property
    def number(self) -> int:
        return (
            self.range
            - self.targeting_modifier
            - self.aimed_shot
            - self.reload
            + self.cover_factor
            + self.unexpected_cover
            - self.moving_target
            + self.difficult_target
        )

    def numbers(self) -> dict[str, int]:
        """The named numbers, for the calculator and the log."""
        return {
            "range": self.range,
            "targeting_modifier": self.targeting_modifier,
            "aimed_shot": self.aimed_shot,
            "reload": self.reload,
            "cover_factor": self.cover_factor,
            "unexpected_cover": self.unexpected_cover,
            "moving_target": self.moving_target,
            "difficult_target": self.difficult_target,
            "to_hit": self.number,
        }


def plan_to_hit(
    rules: VehicleRules,
    distance: int,
    tm: int,
    cover: int,
    *,
    aimed_shot: bool = False,
    reload: bool = False,
    unexpected_cover: bool = False,
    moved: bool = False,
    hides_movement: bool = False,
    difficult: bool = False,
    helicopter: bool = False,
) -> ToHit:
    """15a: the to-hit number of an AP shot. ``cover`` is the target hex's CF (with a
    flying helicopter's CF 1 already in it, 17c). 10d3: a target marked Moved is 1 easier
    to hit unless its terrain hides movement or it is a helicopter (17c). 21c: a lone
    Difficult Target is 1 harder. 20d: Unexpected Cover acts as CF 2."""
    return ToHit(
        range=distance,
        targeting_modifier=tm,
        cover_factor=cover,
        aimed_shot=rules.aimed_shot_tm if aimed_shot else 0,
        reload=rules.reload_tm if reload else 0,
        unexpected_cover=rules.unexpected_cover_hard if unexpected_cover else 0,
        moving_target=(
            rules.moving_target_to_hit if moved and not hides_movement and not helicopter else 0
        ),
        difficult_target=rules.difficult_target_tn if difficult else 0,
    )


class Targeting(StrEnum):
    """Result of the targeting draw (15b)."""

    HIT = "hit"
    TURRET_HIT = "turret hit"
    MISS = "miss"  # the TN is below the to-hit number
    MISS_CARD = "miss card"  # the TN block says Miss (3c)
    MOVING_FIRE_MISS = "moving fire miss"  # MF on a Move & Fire shot (15b, 18j)

    @property
    def hit(self) -> bool:
        return self in (Targeting.HIT, Targeting.TURRET_HIT)


def targeting_result(card: CardFace, to_hit: int, *, move_and_fire: bool = False) -> Targeting:
    """15b: the TN must be at least the to-hit number; Miss misses; MF misses when the
    firer used Move & Fire; Turret hit makes a hit strike the turret."""
    if card.tn == "miss":
        return Targeting.MISS_CARD
    if move_and_fire and card.tn_note == "moving_fire":
        return Targeting.MOVING_FIRE_MISS
    if card.tn < to_hit:
        return Targeting.MISS
    return Targeting.TURRET_HIT if card.tn_note == "turret" else Targeting.HIT


@dataclass(frozen=True)
class Penetration:
    """The named parts of the armour draw's comparison (15c, 15d, 19d)."""

    apf: int
    range_modifier: int
    critical_hit: int
    af: int
    flank: int  # subtracted from the AF (15d)
    turret: int  # added to the AF (3c)

    @property
    def modified_apf(self) -> int:
        return self.apf + self.range_modifier + self.critical_hit

    @property
    def armour(self) -> int:
        return self.af - self.flank + self.turret

    def numbers(self) -> dict[str, int]:
        return {
            "apf": self.apf,
            "ap_range_modifier": self.range_modifier,
            "critical_hit": self.critical_hit,
            "modified_apf": self.modified_apf,
            "af": self.af,
            "flank": self.flank,
            "turret": self.turret,
            "armour": self.armour,
        }


def plan_penetration(
    rules: VehicleRules,
    apf: int,
    distance: int,
    af: int,
    *,
    flank: bool = False,
    turret: bool = False,
    critical_hit: bool = False,
) -> Penetration:
    """15c: modified APF = APF + AP range modifier (+ 2 Critical Hit, 19d), against the
    AF - 1 on the flank (15d) + 1 on a Turret hit (15b). ValueError out of AP range."""
    modifier = ap_range_modifier(rules.ap_range, distance)
    if modifier is None:
        raise ValueError(f"range {distance} is beyond the AP range table: '65 15c")
    return Penetration(
        apf=apf,
        range_modifier=modifier,
        critical_hit=rules.critical_hit_apf if critical_hit else 0,
        af=af,
        flank=rules.flank_armour if flank else 0,
        turret=rules.turret_armour if turret else 0,
    )


class Armour(StrEnum):
    """Result of the armour draw (15c)."""

    DESTROYED = "destroyed"  # modified APF + bonus >= AF
    DESTROY_CARD = "destroy card"  # Destroy!
    SHAKEN = "shaken"  # Shake!
    DUD = "dud"  # Dud!
    BOUNCED = "bounced"  # below the AF: no effect

    @property
    def destroys(self) -> bool:
        return self in (Armour.DESTROYED, Armour.DESTROY_CARD)


def armour_result(card: CardFace, modified_apf: int, armour: int, *, glancing: int = 0) -> Armour:
    """15c: Destroy!, Shake! and Dud! decide by themselves; otherwise the APF bonus (plus
    ``glancing``, -2 with Glancing Shot, 20b) is added to the modified APF, and at least
    the armour destroys. A coloured Hit beside the number is ignored (soft targets only)."""
    if card.apf_word == "destroy":
        return Armour.DESTROY_CARD
    if card.apf_word == "shake":
        return Armour.SHAKEN
    if card.apf_word == "dud":
        return Armour.DUD
    assert card.apf is not None  # CardFace: a number where there is no word
    return Armour.DESTROYED if modified_apf + card.apf + glancing >= armour else Armour.BOUNCED


def artillery_armour_result(card: CardFace, apf: int, af: int) -> Armour:
    """12: artillery APF + the APF bonus at least the AF Shakes a hard target; artillery
    never destroys one, so Destroy! Shakes too (Interpretations)."""
    result = armour_result(card, apf, af)
    return Armour.SHAKEN if result.destroys else result


class Shot(StrEnum):
    """The whole outcome of one AP shot."""

    MISSED = "missed"
    NO_EFFECT = "no effect"  # hit, but bounced or Dud!
    SHAKEN = "shaken"
    DESTROYED = "destroyed"


def shot_outcome(targeting: Targeting, armour: Armour | None) -> Shot:
    if not targeting.hit or armour is None:
        return Shot.MISSED
    if armour.destroys:
        return Shot.DESTROYED
    if armour is Armour.SHAKEN:
        return Shot.SHAKEN
    return Shot.NO_EFFECT


@dataclass(frozen=True)
class ShotResult:
    """One resolved AP shot: both cards, both steps and the outcome."""

    targeting_card: str
    targeting: Targeting
    armour_card: str | None
    armour: Armour | None
    to_hit: int
    modified_apf: int
    armour_value: int | None  # the AF compared against (flank and turret applied)

    @property
    def outcome(self) -> Shot:
        return shot_outcome(self.targeting, self.armour)


@dataclass(frozen=True)
class ApShot:
    """Everything one AP shot needs, worked out by the caller from the board."""

    to_hit: ToHit
    penetration: Penetration
    move_and_fire: bool = False
    glancing: int = 0  # Glancing Shot, 20b (-2)
    turret_armour: int = 1  # VehicleRules.turret_armour: added on a Turret hit (3c)


def resolve_ap_shot(shot: ApShot, draw: Callable[[], CardFace | None]) -> ShotResult | None:
    """15a-c: the targeting draw, and on a hit the armour draw (a Turret hit adds 1 to the
    AF). None when the deck gives no card."""
    first = draw()
    if first is None:
        return None
    targeting = targeting_result(first, shot.to_hit.number, move_and_fire=shot.move_and_fire)
    pen = shot.penetration
    if not targeting.hit:
        return ShotResult(
            first.id, targeting, None, None, shot.to_hit.number, pen.modified_apf, None
        )
    if targeting is Targeting.TURRET_HIT and not pen.turret:
        pen = replace(pen, turret=shot.turret_armour)
    second = draw()
    if second is None:
        return None
    armour = armour_result(second, pen.modified_apf, pen.armour, glancing=shot.glancing)
    return ShotResult(
        first.id, targeting, second.id, armour, shot.to_hit.number, pen.modified_apf, pen.armour
    )


def resolve_ap_attacks(
    shots: Sequence[ApShot], draw: Callable[[], CardFace | None]
) -> list[ShotResult]:
    """10d2, 18f: AP attackers never combine; each fires in turn, and the rest hold their
    fire once the target is destroyed."""
    out: list[ShotResult] = []
    for shot in shots:
        result = resolve_ap_shot(shot, draw)
        if result is None:
            break
        out.append(result)
        if result.outcome is Shot.DESTROYED:
            break
    return out


def shot_odds(
    unseen: Sequence[CardFace],
    to_hit: int,
    modified_apf: int,
    armour: int,
    *,
    move_and_fire: bool = False,
    glancing: int = 0,
    turret_armour: int = 1,
) -> dict[Shot, Fraction]:
    """Exact chance of each outcome of one AP shot: the targeting card and then the
    armour card drawn without replacement from ``unseen`` (a Turret hit raising the
    armour by ``turret_armour`` for the second draw)."""
    n = len(unseen)
    if n < 2:
        raise ValueError("an AP shot draws two cards")
    totals = {
        extra: Tally(
            shot_outcome(
                Targeting.HIT, armour_result(c, modified_apf, armour + extra, glancing=glancing)
            )
            for c in unseen
        )
        for extra in (0, turret_armour)
    }
    counts: Tally[Shot] = Tally()
    pairs = n * (n - 1)
    for card in unseen:
        targeting = targeting_result(card, to_hit, move_and_fire=move_and_fire)
        if not targeting.hit:
            counts[Shot.MISSED] += n - 1
            continue
        extra = turret_armour if targeting is Targeting.TURRET_HIT else 0
        own = shot_outcome(
            Targeting.HIT, armour_result(card, modified_apf, armour + extra, glancing=glancing)
        )
        for outcome, k in totals[extra].items():
            counts[outcome] += k - (1 if outcome is own else 0)
    return {s: Fraction(counts[s], pairs) for s in Shot}


def ap_shot_odds(shot: ApShot, unseen: Sequence[CardFace]) -> dict[Shot, Fraction]:
    """:func:`shot_odds` of a worked-out shot: its to-hit number, modified APF, armour,
    Move & Fire, Glancing Shot and turret armour."""
    pen = shot.penetration
    return shot_odds(
        unseen,
        shot.to_hit.number,
        pen.modified_apf,
        pen.armour,
        move_and_fire=shot.move_and_fire,
        glancing=shot.glancing,
        turret_armour=shot.turret_armour,
    )


def explain_ap_shot(shot: ApShot, unseen: Sequence[CardFace]) -> Explanation:
    """The calculator's answer for one AP shot (``explain``): the named numbers of the
    to-hit number and of the modified APF, the chance to hit, and the exact chance of
    each outcome over the cards the firer has not seen, before any reaction."""
    pen = shot.penetration
    odds = ap_shot_odds(shot, unseen)
    hit = to_hit_chance(unseen, shot.to_hit.number, move_and_fire=shot.move_and_fire)
    numbers: dict[str, Any] = {
        **shot.to_hit.numbers(),
        **pen.numbers(),
        "hit_chance": float(hit),
        "unseen_cards": len(unseen),
    }
    return Explanation(numbers=numbers, outcomes={s.value: float(p) for s, p in odds.items()})


def to_hit_chance(
    unseen: Sequence[CardFace], to_hit: int, *, move_and_fire: bool = False
) -> Fraction:
    """Exact chance that the targeting draw hits (15b)."""
    hits = sum(targeting_result(c, to_hit, move_and_fire=move_and_fire).hit for c in unseen)
    return Fraction(hits, len(unseen))


# -- which cards may go with a vehicle shot ---------------------------------------------


def aimed_shot_refusal(action: str, target_hard: bool) -> str | None:
    """19a: Aimed Shot supports a Fire action against a hard target only (not Reload &
    Fire, not Move & Fire)."""
    if action != "fire":
        return "Aimed Shot goes only with a Fire action: '65 19a"
    if not target_hard:
        return "Aimed Shot is for fire on a hard target: '65 19a"
    return None


def critical_hit_refusal(targeting: Targeting | None, target_hard: bool) -> str | None:
    """19d: Critical Hit is played after a hard target is hit, before the armour draw."""
    if not target_hard:
        return "Critical Hit is for fire on a hard target: '65 19d"
    if targeting is None or not targeting.hit:
        return "Critical Hit is played after the target is hit: '65 19d"
    return None


def glancing_shot_refusal(targeting: Targeting | None, target_hard: bool) -> str | None:
    """20b: Glancing Shot answers a hit on a hard target, before the APF bonus draw."""
    if not target_hard:
        return "Glancing Shot protects a hard target: '65 20b"
    if targeting is None or not targeting.hit:
        return "Glancing Shot is played after the vehicle is hit: '65 20b"
    return None


def cannister_refusal(unit: VehicleType, distance: int, max_range: int) -> str | None:
    """18c: only the vehicles that carry it (PT-76, M-48) fire Cannister, at most
    ``max_range`` (4) hexes; it adds 2 HEF to an ordinary fire on soft targets."""
    if not unit.cannister:
        return f"{unit.name} cannot fire Cannister (PT-76 and M-48 only): '65 18c"
    if distance > max_range:
        return f"Cannister reaches {max_range} hexes, not {distance}: '65 18c"
    return None


def first_fire_refusal(
    firer_vehicle: bool, target_vehicle: bool, *, eligible: bool, moving_and_firing: bool
) -> str | None:
    """20a: First Fire answers a vehicle firing at a vehicle; the defending vehicle must
    be an Eligible Unit or one on a Move & Fire action (Opportunity Fire on it)."""
    if not (firer_vehicle and target_vehicle):
        return "First Fire answers a vehicle firing at a vehicle: '65 20a"
    if not (eligible or moving_and_firing):
        return "the defending unit must be Eligible or on a Move & Fire action: '65 20a"
    return None


def first_fire_marker(moving_and_firing: bool) -> Marker:
    """20a: the unit using First Fire is marked Fired, or Ops Complete when it was on a
    Move & Fire action."""
    return Marker.OPS_COMPLETE if moving_and_firing else Marker.FIRED


def first_fire_exchange(
    attack: ApShot, answer: ApShot, draw: Callable[[], CardFace | None]
) -> tuple[ShotResult | None, ShotResult | None]:
    """20a: both vehicles fire at once: the attacker's shot and then the answer are drawn
    and both results stand, even if the first destroys the answering vehicle."""
    return resolve_ap_shot(attack, draw), resolve_ap_shot(answer, draw)


def apply_shot(target: Counter, outcome: Shot) -> HitResult | None:
    """15b/15c: a destroyed vehicle is flipped to its wreck (eliminated; the caller
    places the wreck, 9); Shake! Shakes it (Interpretation: a Shaken vehicle stays
    Shaken, the AP Shake never destroys); a miss or no effect changes nothing."""
    if outcome is Shot.DESTROYED:
        target.eliminated = True
        return HitResult.ELIMINATED
    if outcome is Shot.SHAKEN and not target.shaken:
        target.shaken = True
        return HitResult.SHAKEN
    return None
