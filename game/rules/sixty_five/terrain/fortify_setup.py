"""'65 fortifications a side sets up (23, 24): a set-up step may give its side bunkers and
foxholes to place in its zone (scenario 5: "3 x Bunker, 4 x Foxhole"), before its units
(Interpretation 27). ``fortify bunker at 3e5 facing 4``, ``fortify foxhole at 3d4``.

How many are still to place is read off the board: those of the steps so far, less
those standing that the players placed (every one but the scenario's own, ``Scenario.
fortifications``), so the set-up needs no state of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.sixty_five.actions import Fortify
from game.rules.sixty_five.events import Named
from game.rules.sixty_five.scenarios.scenario import Scenario, step_hexes
from game.rules.sixty_five.terrain.fortifications import placement_refusal
from game.rules.sixty_five.terrain.fortified import Placed, place, rules
from game.rules.sixty_five.vehicles.facing import front_hexes
from game.rules.sixty_five.world import World

KINDS = ("bunker", "foxhole")  # the order a side sets them up in
FACINGS = range(6)  # a bunker faces a hex corner, 0-5 (23b, vehicles/facing.py)


@dataclass(frozen=True, kw_only=True)
class FortificationPlaced(Named):
    """23, 24: a side set up a bunker or a foxhole."""

    tone: ClassVar[Tone] = Tone.PLAIN
    kind: str
    hex: str
    facing: int | None
    front: tuple[str, ...] = ()  # a bunker's front hexes

    def text(self) -> str:
        facing = f", facing {'/'.join(self.front)}" if self.front else ""
        return f"A {self.kind} is dug in {self.hex}{facing}."


def _standing(world: World, kind: str) -> int:
    if kind == "foxhole":
        return len(world.foxholes)
    return sum(1 for f in world.fortifications.values() if f.bunker is not None or f.rubble)


def _fixed(scenario: Scenario, kind: str) -> int:
    return len({(e.map, h) for e in scenario.fortifications if e.kind == kind for h in e.hexes})


def fortifications_left(world: World, scenario: Scenario, index: int) -> dict[str, int]:
    """The bunkers and foxholes set-up step ``index`` still has to place (none: {})."""
    out: dict[str, int] = {}
    for kind in KINDS:
        due = sum(step.fortifications.get(kind, 0) for step in scenario.setup[: index + 1])
        left = due - (_standing(world, kind) - _fixed(scenario, kind))
        if left > 0:
            out[kind] = left
    return out


def fortify_refusal(world: World, scenario: Scenario, index: int, action: Fortify) -> str | None:
    """23, 24: a bunker or foxhole the step has still to place, into its zone, not where
    one of its kind stands, never in a building or pond (23); a bunker faces a corner,
    0-5, a foxhole has no facing. Bunkers come first, then foxholes."""
    left = fortifications_left(world, scenario, index)
    if action.kind not in left:
        return f"no {action.kind} is left to set up now: '65 24"
    if action.kind != next(iter(left)):
        return "the bunkers are set up before the foxholes: '65 24"
    if action.kind == "bunker" and action.facing not in FACINGS:
        return "a bunker faces a hex corner, 0-5: '65 23b"
    if action.kind == "foxhole" and action.facing is not None:
        return "a foxhole has no facing: '65 23a"
    if action.hex not in step_hexes(world.field, scenario.setup[index]):
        return f"{action.hex} is not in this side's set-up zone: '65 24"
    if action.kind == "foxhole" and action.hex in world.foxholes:
        return f"{action.hex} has a foxhole already: '65 23a"
    fort = world.fortifications.get(action.hex)
    if action.kind == "bunker" and fort is not None and fort.bunker is not None:
        return f"{action.hex} has a bunker already: '65 23b"
    return placement_refusal(world.field.terrain(action.hex).id, rules())


def fortify_candidates(world: World, scenario: Scenario, index: int) -> list[Fortify]:
    """The next fortification of the step into each hex (and facing) it may take."""
    return list(_candidates(world, scenario, index))


def _candidates(world: World, scenario: Scenario, index: int) -> Iterator[Fortify]:
    left = fortifications_left(world, scenario, index)
    if not left:
        return
    kind = next(iter(left))
    facings: tuple[int | None, ...] = tuple(FACINGS) if kind == "bunker" else (None,)
    for h in step_hexes(world.field, scenario.setup[index]):
        for facing in facings:
            action = Fortify(kind, h, facing)
            if fortify_refusal(world, scenario, index, action) is None:
                yield action


def fortify(world: World, action: Fortify) -> list[Event]:
    """Dig it in (``fortified.place``)."""
    place(world, [Placed(action.hex, action.kind, action.facing)])
    front = () if action.facing is None else front_hexes(world.field, action.hex, action.facing)
    return [
        FortificationPlaced(kind=action.kind, hex=action.hex, facing=action.facing, front=front)
    ]
