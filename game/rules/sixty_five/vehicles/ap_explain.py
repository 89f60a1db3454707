"""'65 rules calculator for AP attacks (``python -m game explain sixty_five``; 15, 18j,
12, 22g, 23b): the named numbers and the exact chance of each outcome.

- An AP shot (Fire, Reload & Fire, Move & Fire): ``to_hit``, ``modified_apf``, the
  armour and the odds of both draws (vehicle_fire.explain_ap_shot). A Move & Fire with a
  path is worked out from the hex the path ends in, where the unit will shoot (18j).
- An attack placed on its hex, with no targeting draw (Interpretation 88): a Satchel
  Charge at a bunker (22g, 23b: its 5 as the APF against the bunker's AF 4) and
  artillery used as AP at a bunker (12, 23b: its HEF as the APF, a Shake at most). It
  always reaches its target: ``to_hit`` is None and ``hit_chance`` 1; the one armour
  card decides.
- The hard targets in a hex struck by artillery (12) or a Satchel Charge (22g): one
  armour card each, placed the same way (:func:`hex_armour_odds`).

The odds are over the cards the explaining player has not seen (the draw pile and the
other hand); a single card of them, whichever draw it is, has the same chances.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game.core.api import Explanation
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.cards.powers import SATCHEL_HEF
from game.rules.sixty_five.data import CardFace
from game.rules.sixty_five.helicopters.sight import is_helicopter
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.vehicles.ap_fire import ap_shot, placed_hard_targets, rules_of_bunkers
from game.rules.sixty_five.vehicles.ap_state import ApAttack
from game.rules.sixty_five.vehicles.fire import (
    Shot,
    Targeting,
    armour_result,
    artillery_armour_result,
    explain_ap_shot,
    shot_outcome,
)
from game.rules.sixty_five.vehicles.moves import is_vehicle, moving_facings
from game.rules.sixty_five.world import World

#: The outcomes of a placed attack on a bunker (it cannot miss).
PLACED_OUTCOMES = (Shot.NO_EFFECT, Shot.SHAKEN, Shot.DESTROYED)


def unseen_cards(world: World, seat: int) -> list[CardFace]:
    """The cards ``seat`` has not seen: the draw pile and the other hand."""
    return [world.card(c) for c in (*world.draw_pile, *world.hands[1 - seat])]


def explain_ap(world: World, seat: int, play: Play) -> Explanation:
    """The lead unit's AP shot of the legal ``play`` (15a-d), from the last hex of its
    path for a Move & Fire that moves first (18j)."""
    ids = play.units or ()
    attack = ApAttack(seat, ids, play.target or "", play.block, aimed=bool(play.supports))
    shot = ap_shot(world, attack, at_path_end(world, play))
    return explain_ap_shot(shot, unseen_cards(world, seat))


def at_path_end(world: World, play: Play) -> Counter:
    """The lead unit of ``play`` as it will fire (a copy): for a Move & Fire that moves
    first (18j), in the last hex of its path, in the mode it declares (17b) and, a
    vehicle, facing as its move leaves it (15d); otherwise as it stands."""
    shooter = world.units[(play.units or ("",))[0]]
    if not play.path and play.facings is None:
        return shooter
    facing = shooter.facing
    if is_vehicle(shooter) and not is_helicopter(shooter):
        facing = (moving_facings(world, [shooter], play, half=True) or (facing,))[-1]
    end = play.path[-1] if play.path else shooter.hex
    return replace(shooter, hex=end, mode=play.mode or shooter.mode, facing=facing, marker=None)


def placed_odds(
    unseen: Sequence[CardFace], apf: int, af: int, *, artillery: bool
) -> dict[str, float]:
    """Exact chance of each outcome of one armour card against ``af`` with ``apf`` as
    the modified APF: artillery's Shakes at most (12), a Satchel Charge's may destroy
    (Interpretation 65)."""
    judge = artillery_armour_result if artillery else armour_result
    counts = Tally(shot_outcome(Targeting.HIT, judge(c, apf, af)) for c in unseen)
    return {s.value: counts[s] / len(unseen) for s in PLACED_OUTCOMES}


def placed_numbers(apf: int, af: int, unseen: int) -> dict[str, Any]:
    """The named numbers of a placed attack on a bunker (Interpretation 88)."""
    return {
        "to_hit": None,
        "hit_chance": 1.0,
        "modified_apf": apf,
        "af": af,
        "armour": af,
        "unseen_cards": unseen,
    }


def explain_satchel_at_bunker(world: World, seat: int, play: Play) -> Explanation:
    """22g, 23b: the Satchel Charge's 5 against the bunker's AF 4, one armour card."""
    unseen = unseen_cards(world, seat)
    af = rules_of_bunkers().bunker_af
    numbers = {"range": 1, **placed_numbers(SATCHEL_HEF, af, len(unseen))}
    return Explanation(
        numbers=numbers, outcomes=placed_odds(unseen, SATCHEL_HEF, af, artillery=False)
    )


def bunker_strike(world: World, seat: int, hef: int) -> tuple[dict[str, Any], dict[str, float]]:
    """12, 23b: the numbers and outcome odds of artillery used as AP at one bunker."""
    unseen = unseen_cards(world, seat)
    af = rules_of_bunkers().bunker_af
    return placed_numbers(hef, af, len(unseen)), placed_odds(unseen, hef, af, artillery=True)


def hex_armour_odds(
    world: World, seat: int, hex_id: str, apf: int, *, artillery: bool
) -> tuple[dict[str, dict[str, Any]], dict[str, float]]:
    """12, 22g: each hard target's one armour card when artillery (``artillery``: its
    HEF as the APF, a Shake at most, Interpretation 44) or a Satchel Charge (its 5,
    which may destroy, Interpretation 65) strikes its hex: per unit the named numbers
    (no targeting draw, no flank) and, as outcomes, ``UNIT no effect|shaken|destroyed``
    (each unit's chances add up to 1)."""
    unseen = unseen_cards(world, seat)
    numbers: dict[str, dict[str, Any]] = {}
    outcomes: dict[str, float] = {}
    for unit in placed_hard_targets(world, seat, hex_id):
        af = unit.values.af
        assert af is not None
        odds = placed_odds(unseen, apf, af, artillery=artillery)
        numbers[unit.id] = {**placed_numbers(apf, af, len(unseen)), "outcomes": odds}
        outcomes.update({f"{unit.id} {k}": p for k, p in odds.items()})
    return numbers, outcomes
