"""Ammunition in play (7.0): after a shot or a throw, the Ammo roll the weapon's status
calls for (``weapons.after_shot``): Ammo-Low weapons and grenades after a 1 to hit, the
RPG after every shot, a LAW is spent once fired."""

from __future__ import annotations

from game.core.api import DieRolled, Event
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.checks import roll_d6
from game.rules.five_five_six.combat.weapons import (
    AmmoStatus,
    after_shot,
    ammo_value,
    needs_ammo_roll,
)
from game.rules.five_five_six.events import OutOfAmmo
from game.rules.five_five_six.model import Character


def spend(
    board: Board,
    character: Character,
    item: str,
    to_hit_die: int,
    *,
    launcher_round: str | None = None,
) -> list[Event]:
    """Update ``item``'s ammunition after a shot whose to-hit D6 showed ``to_hit_die``
    (an M203's Ammo roll is against its grenade round's AMMO, ``launcher_round``)."""
    status = AmmoStatus(character.ammo.get(item, AmmoStatus.SUPPLIED.value))
    cat = catalog()
    name = cat.grenades[item].name if item in cat.grenades else cat.firearm(item).name
    events: list[Event] = []
    die: int | None = None
    if needs_ammo_roll(status, to_hit_die):
        die = roll_d6(board.rng)
        events.append(
            DieRolled(
                who=character.name,
                purpose=f"rolls for ammunition ({name})",
                die="D6",
                faces=(die,),
                target=ammo_value(item, launcher_round),
                success=die >= ammo_value(item, launcher_round),
            )
        )
    after = after_shot(item, status, to_hit_die, die, launcher_round=launcher_round)
    if after is not status:
        character.ammo[item] = after.value
    if after is AmmoStatus.EMPTY:
        events.append(OutOfAmmo(character=character.id, label=character.name, weapon=name))
    return events
