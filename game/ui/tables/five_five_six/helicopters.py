"""Helicopters on the 5.56mm table (rules version 3): the ground shadow, offset from the
fuselage by its altitude (none once landed), the rotor disc and an altitude badge
(flying, hovering, landed), the choices' words for Pilot and Fast Rope, and the boxes
before a Pilot Task's roll (the chance of each 4.72-4.75 row) and a Fast Rope (4.81)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.api import Action
from game.maps.tabletop_measure import toward_words
from game.rules.five_five_six.actions import FastRope, Pilot, PilotTask
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.explain import explain
from game.rules.five_five_six.helicopters.pilot import fast_rope_check
from game.rules.five_five_six.helicopters.play import pilot_task_check
from game.rules.five_five_six.vehicles.state import Vehicle
from game.ui.tables.five_five_six.odds import Preview, Roll

ToScreen = Callable[[Sequence[float]], tuple[float, float]]
#: Screen pixels the shadow falls down and to the right of the fuselage, by altitude.
SHADOW_OFFSET = {"flying": 22, "hovering": 11, "ground": 0}
ALTITUDE_NAMES = {"flying": "flying", "hovering": "hovering", "ground": "landed"}
BADGE_COLOURS = {
    "flying": (110, 190, 255),
    "hovering": (255, 200, 60),
    "ground": (170, 170, 160),
}
ROTOR = (225, 225, 225)
TASK_WORDS = {
    PilotTask.NONE: "",
    PilotTask.LAND: " and Land",
    PilotTask.HOVER: " and Hover",
    PilotTask.FULL_SPEED: " at Full Speed",
    PilotTask.BANK: " with a Bank",
}


def is_helicopter(vehicle: Vehicle) -> bool:
    return vehicle.profile.kind == "helicopter"


def altitude_text(vehicle: Vehicle) -> str:
    """ "flying 24\"", "hovering", "landed": the helicopter's name tag and card line."""
    m = vehicle.motion
    name = ALTITUDE_NAMES[m.altitude]
    if m.altitude == "flying" and m.moved_in:
        return f'{name} {m.moved_in:g}"' + (" FS" if m.full_speed else "")
    if m.altitude == "hovering" and m.hover_tn_penalty:
        return f"{name} +{m.hover_tn_penalty} TN"
    return name


def draw_shadow(surface: pygame.Surface, vehicle: Vehicle, to_screen: ToScreen) -> None:
    """The ground shadow under a helicopter in the air: its footprint in a translucent
    dark, shifted down and right by its altitude (none when landed)."""
    shift = SHADOW_OFFSET[vehicle.motion.altitude]
    if not shift:
        return
    corners = [to_screen(c) for c in vehicle.hull.corners()]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    left, top = min(xs), min(ys)
    size = (round(max(xs) - left) + 2, round(max(ys) - top) + 2)
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(shade, (0, 0, 0, 95), [(x - left, y - top) for x, y in corners])
    surface.blit(shade, (left + shift, top + shift))


def draw_rotor_and_badge(
    surface: pygame.Surface, vehicle: Vehicle, to_screen: ToScreen, px: float
) -> None:
    """The rotor disc (solid in the air, dashed when landed) and, at the tail, a badge
    in the altitude's colour: sky blue flying, amber hovering, grey landed."""
    hull = vehicle.hull
    cx, cy = to_screen(vehicle.pos)
    radius = max(6, round(hull.length * 0.42 * px))
    if vehicle.motion.airborne:
        pygame.draw.circle(surface, (0, 0, 0), (cx, cy), radius + 1, 1)
        pygame.draw.circle(surface, ROTOR, (cx, cy), radius, 1)
    else:
        for k in range(0, 360, 30):
            start = pygame.math.Vector2(radius, 0).rotate(k)
            end = pygame.math.Vector2(radius, 0).rotate(k + 15)
            pygame.draw.line(surface, ROTOR, (cx + start.x, cy + start.y), (cx + end.x, cy + end.y))
    (fx, fy), _ = hull.axes
    tail = hull.length / 2 * px
    badge = (cx - fx * tail, cy - fy * tail)
    pygame.draw.circle(surface, (15, 15, 15), badge, 8)
    pygame.draw.circle(surface, BADGE_COLOURS[vehicle.motion.altitude], badge, 6)


def bend_words(bends: tuple[tuple[int, int], ...]) -> str:
    """A Full Speed run's changes of direction (V41): ", veering 45 right, then 45 left
    after 4\"" (clockwise is right)."""
    parts = []
    for angle, after in bends:
        side = "right" if angle > 0 else "left"
        parts.append(f"{abs(angle)} {side}" + (f' after {after}"' if after else ""))
    return (", veering " + ", then ".join(parts)) if parts else ""


def heli_words(action: Action, board: Board) -> str | None:
    """The choices list's words for Pilot and Fast Rope (None: neither)."""
    if isinstance(action, Pilot):
        vehicle = board.vehicle_of(board.characters[action.character])
        name = vehicle.name if vehicle else "helicopter"
        here = vehicle is not None and action.to == vehicle.pos
        where = "where it is" if here or vehicle is None else toward_words(vehicle.pos, action.to)
        back = " in reverse" if action.reverse else ""
        turns = bend_words(action.bends)
        return f"Fly the {name} {where}{back}{TASK_WORDS[action.task]}{turns} (special)"
    if isinstance(action, FastRope):
        man = board.characters[action.character]
        return f"Fast Rope down {toward_words(man.pos, action.to)} (special)"
    return None


def heli_preview(board: Board, action: Action) -> Preview | None:
    """Before a Pilot Task's roll or a Fast Rope: the roll and the chance of each row."""
    if isinstance(action, Pilot):
        pilot = board.characters[action.character]
        check = pilot_task_check(board, pilot, action.task)
        if check is None:
            return None
        title = f"{pilot.name}: {TASK_WORDS[action.task].strip().removeprefix('and ')}"
        ends = tuple(explain(board, action).outcomes.items())
        return Preview(title, (Roll.of("Pilot", check),), float(check.chance), "succeeds", ends)
    if isinstance(action, FastRope):
        man = board.characters[action.character]
        vehicle = board.vehicle_of(man)
        assert vehicle is not None
        check = fast_rope_check(man.profile.movement, vehicle.motion)
        ends = tuple(explain(board, action).outcomes.items())
        title = f"{man.name}: Fast Rope"
        return Preview(
            title, (Roll.of("Fast Rope", check),), float(check.chance), "gets down", ends
        )
    return None
