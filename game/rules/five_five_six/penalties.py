"""The TN penalties a character carries into everything he rolls: his wounds (5.01,
stacked), CS gas (7.84, +2 as if wounded), a scrambled withdrawal from a melee (3.73,
for the rest of that turn) and the light (6.2: +1 Low Light, +2 No Light, less with
night vision equipment, 8.0)."""

from __future__ import annotations

from game.rules.five_five_six.board import Board
from game.rules.five_five_six.checks import Modifier, nonzero
from game.rules.five_five_six.combat.grenades import GAS_TN_PENALTY
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.terrain.night import light_modifiers

GOGGLES = "night_vision_goggles"
NIGHT_SIGHT = "night_vision_sight"
THERMAL = "thermal_imaging_sight"


def penalties(
    board: Board, character: Character, *, distance_in: float | None = None, firing: bool = False
) -> tuple[Modifier, ...]:
    """Every standing TN penalty of ``character`` for one action (``distance_in`` to the
    target for Fire and spotting; ``firing``: a Fire action, where weapon sights help)."""
    gear = character.profile.gear
    return (
        *character.effects.modifiers(),
        *nonzero(
            (
                Modifier("CS gas", GAS_TN_PENALTY if character.gassed else 0),
                Modifier(
                    "Withdrew from melee",
                    character.shaken if character.shaken_turn == board.turn else 0,
                ),
            )
        ),
        *light_modifiers(
            board.light,
            distance_in=distance_in,
            goggles=GOGGLES in gear,
            fire_with_night_sight=firing and NIGHT_SIGHT in gear,
            fire_with_thermal=firing and THERMAL in gear,
        ),
    )
