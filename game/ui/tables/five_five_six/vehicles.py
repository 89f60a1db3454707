"""Vehicles on the 5.56mm table (rules version 3): drawing them (a rotated rectangle of
the true footprint in the side's colour, a nose pointing the way it faces, the speed of
its last go, damage pips and the men in their seats), the lines naming who is aboard,
the choices' words for Drive, getting in and out, and the boxes before a Drive's roll
(the 4.62/4.63 row odds) and a shot at a vehicle (the 12.51 result odds)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.api import Action
from game.maps.tabletop import Point
from game.maps.tabletop_measure import toward_words
from game.rules.five_five_six.actions import Drive, DriveTask, Fire, GetIn, GetOut
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.arms import firearm
from game.rules.five_five_six.explain import explain
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.vehicles.data import VehicleDamage
from game.rules.five_five_six.vehicles.fire import vehicle_shot_check
from game.rules.five_five_six.vehicles.play import driver_check
from game.rules.five_five_six.vehicles.state import Vehicle
from game.rules.five_five_six.view import FiveFiveSixView
from game.ui.render.name_tags import NameTag
from game.ui.tables.five_five_six import helicopters as heli
from game.ui.tables.five_five_six.art import ACTING, SIDE_COLOURS, short_name
from game.ui.tables.five_five_six.odds import Preview, Roll
from game.ui.toolkit.effects import Effect

ToScreen = Callable[[Sequence[float]], tuple[float, float]]
DAMAGE_COLOURS = {
    VehicleDamage.MINOR: (250, 220, 80),
    VehicleDamage.MAJOR: (250, 150, 40),
    VehicleDamage.CRIPPLING: (230, 60, 40),
    VehicleDamage.IMMOBILISED: (150, 150, 150),
    VehicleDamage.DESTROYED: (20, 20, 20),
}
WRECK = (70, 60, 55)
SEAT_DOT = 4  # px radius of a man shown in his seat
TAG_COLOURS = ((160, 200, 255), (255, 150, 140))  # as the men's name tags


def speed_text(vehicle: Vehicle) -> str:
    """What it did in its last go: "still", "12\"", "26\" FS" (Full Speed)."""
    m = vehicle.motion
    if heli.is_helicopter(vehicle):
        return heli.altitude_text(vehicle)
    if not m.moving:
        return "still"
    return f'{m.moved_in:g}"' + (" FS" if m.full_speed else "")


def draw_vehicles(
    surface: pygame.Surface,
    board: Board,
    to_screen: ToScreen,
    px_per_hundredth: float,
    acting: Character | None,
) -> list[NameTag]:
    """Every vehicle with its facing, damage and the men aboard (the acting man's
    vehicle outlined); its name tag with the speed of its last go, for
    ``draw_name_tags``."""
    tags: list[NameTag] = []
    for vehicle in board.vehicles.values():
        if heli.is_helicopter(vehicle):
            heli.draw_shadow(surface, vehicle, to_screen)
        _draw_vehicle(surface, board, vehicle, to_screen, px_per_hundredth)
        if heli.is_helicopter(vehicle):
            heli.draw_rotor_and_badge(surface, vehicle, to_screen, px_per_hundredth)
        centre = to_screen(vehicle.pos)
        if acting is not None and acting.aboard == vehicle.id:
            corners = [to_screen(c) for c in vehicle.hull.corners()]
            pygame.draw.polygon(surface, ACTING, corners, 3)
        speed = speed_text(vehicle)
        text = vehicle.name if speed == "still" else f"{vehicle.name} {speed}"
        radius = round(vehicle.profile.width_in * 50 * px_per_hundredth) + 2
        colour = TAG_COLOURS[vehicle.side % 2]
        tags.append(NameTag(text, centre, radius, colour, 1))
    return tags


def vehicle_footprints(board: Board, to_screen: ToScreen) -> list[pygame.Rect]:
    """The screen area each vehicle and its name tag take (terrain tags keep clear)."""
    out: list[pygame.Rect] = []
    for vehicle in board.vehicles.values():
        corners = [to_screen(c) for c in vehicle.hull.corners()]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        out.append(pygame.Rect(min(xs), min(ys) - 18, max(xs) - min(xs), max(ys) - min(ys) + 36))
    return out


def _draw_vehicle(
    surface: pygame.Surface,
    board: Board,
    vehicle: Vehicle,
    to_screen: ToScreen,
    px: float,
) -> None:
    hull = vehicle.hull
    corners = [to_screen(c) for c in hull.corners()]
    colour = WRECK if vehicle.destroyed else SIDE_COLOURS[vehicle.side % 2]
    pygame.draw.polygon(surface, colour, corners)
    pygame.draw.polygon(surface, (15, 15, 15), corners, 2)
    (fx, fy), (rx, ry) = hull.axes
    cx, cy = to_screen(vehicle.pos)
    half = hull.length / 2 * px
    nose = (cx + fx * half, cy + fy * half)
    back = hull.width / 2 * px * 0.8
    tip = [
        (nose[0] + fx * 6, nose[1] + fy * 6),
        (nose[0] - fx * 8 + rx * back, nose[1] - fy * 8 + ry * back),
        (nose[0] - fx * 8 - rx * back, nose[1] - fy * 8 - ry * back),
    ]
    pygame.draw.polygon(surface, (250, 250, 250), tip)
    pygame.draw.polygon(surface, (15, 15, 15), tip, 1)
    for k, character in enumerate(c for c in board.aboard(vehicle) if c.on_table):
        spot = _seat_spot(hull.length * px, k, character.seat)
        at = (cx + fx * spot[0] + rx * spot[1], cy + fy * spot[0] + ry * spot[1])
        pygame.draw.circle(surface, SIDE_COLOURS[character.side % 2], at, SEAT_DOT)
        pygame.draw.circle(surface, (250, 250, 250), at, SEAT_DOT, 1)
    shown = vehicle.damage[:5]
    side = -(hull.width / 2 * px + 7)  # a row of pips beside its left flank
    for k, level in enumerate(shown):
        along = (k - (len(shown) - 1) / 2) * 11
        pip = (cx + fx * along + rx * side, cy + fy * along + ry * side)
        pygame.draw.circle(surface, (250, 250, 250), pip, 5)
        pygame.draw.circle(surface, DAMAGE_COLOURS[level], pip, 4)
    if vehicle.destroyed:
        pygame.draw.line(surface, (230, 60, 40), corners[0], corners[2], 3)
        pygame.draw.line(surface, (230, 60, 40), corners[1], corners[3], 3)


def _seat_spot(length_px: float, k: int, seat: str) -> tuple[float, float]:
    """(ahead, right) of the centre where a man's dot goes: the driver front left, the
    gunner in the middle, passengers in pairs behind."""
    if seat in ("driver", "pilot"):
        return (length_px * 0.2, -5.0)
    if seat == "co_pilot":
        return (length_px * 0.2, 5.0)
    if seat == "gunner":
        return (0.0, 0.0)
    row, col = divmod(k, 2)
    return (-length_px * 0.15 - row * 9, -5.0 + 10 * col)


def target_point(view: FiveFiveSixView, target: str) -> Point | None:
    """Where a shot's tracer ends: the man, or the vehicle shot at."""
    if target in view.characters:
        return view.characters[target].pos
    vehicle = view.board.vehicles.get(target)
    return None if vehicle is None else vehicle.pos


def seat_words(seat: str | None) -> str:
    """A seat as players say it: ``co_pilot`` -> ``co-pilot``."""
    return (seat or "passenger").replace("_", "-")


def aboard_lines(board: Board, character: Character) -> list[str]:
    """For his card: his seat in the vehicle, its speed and damage, and who else is
    aboard (short names, seats named but for passengers)."""
    vehicle = board.vehicle_of(character)
    if vehicle is None:
        return []
    others = [
        short_name(c.name) + ("" if c.seat == "passenger" else f" ({seat_words(c.seat)})")
        for c in board.aboard(vehicle)
        if c.on_table and c is not character
    ]
    damage = ", ".join(d.label for d in vehicle.damage) or "undamaged"
    seat = seat_words(character.seat).capitalize()
    return [
        f"{seat} of the {vehicle.name}: {speed_text(vehicle)}, {damage}",
        "With: " + (", ".join(others) or "nobody"),
    ]


def vehicle_words(action: Action, board: Board) -> str | None:
    """The choices list's words for a vehicle action (None: not one)."""
    if isinstance(action, Drive):
        vehicle = board.vehicle_of(board.characters[action.character])
        name = vehicle.name if vehicle else "vehicle"
        where = toward_words(vehicle.pos, action.to) if vehicle else "on"
        task = {
            DriveTask.NONE: "",
            DriveTask.FULL_SPEED: " at Full Speed",
            DriveTask.TURN: " with a Turn",
        }[action.task]
        if action.to == (vehicle.pos if vehicle else None):
            where = "straight on"
        back = " in reverse" if action.reverse else ""
        return f"Drive the {name} {where}{back}{task}{heli.bend_words(action.bends)} (special)"
    if isinstance(action, GetIn):
        seat = seat_words(action.seat.value)
        return f"Get into the {board.vehicles[action.vehicle].name} as {seat}"
    if isinstance(action, GetOut):
        return f"Get out {toward_words(board.characters[action.character].pos, action.to)}"
    if isinstance(action, Fire) and action.target in board.vehicles:
        return f"Fire {firearm(action.weapon).name} at the {board.vehicles[action.target].name}"
    return heli.heli_words(action, board)


def vehicle_preview(board: Board, action: Action) -> Preview | None:
    """Before a Drive's task roll: the roll and the chance of each row; before a shot
    at a vehicle: the roll to hit and the chance of each 12.51 result."""
    if isinstance(action, Drive):
        driver = board.characters[action.character]
        check = driver_check(board, driver, action.task)
        if check is None:
            return None
        title = f"{driver.name}: {'Full Speed' if action.task is DriveTask.FULL_SPEED else 'Turn'}"
        ends = tuple(explain(board, action).outcomes.items())
        return Preview(title, (Roll.of("Drive", check),), float(check.chance), "succeeds", ends)
    if isinstance(action, Fire) and action.target in board.vehicles:
        firer = board.characters[action.character]
        vehicle = board.vehicles[action.target]
        check = vehicle_shot_check(board, firer, vehicle, action.weapon, round_id=action.round)
        if check is None:
            return None
        ends = tuple(explain(board, action).outcomes.items())
        title = f"{firer.name}: {firearm(action.weapon).name} at the {vehicle.name}"
        return Preview(title, (Roll.of("To hit", check),), float(check.chance), "hits", ends)
    return heli.heli_preview(board, action)


def vehicle_at(board: Board, point: Point) -> Vehicle | None:
    """The vehicle whose footprint holds a table point, if any."""
    for vehicle in board.vehicles.values():
        ahead, right = vehicle.hull.local(point)
        if abs(ahead) <= vehicle.hull.length / 2 and abs(right) <= vehicle.hull.width / 2:
            return vehicle
    return None


def vehicle_line(board: Board, vehicle: Vehicle) -> str:
    """What pointing at a vehicle shows: name, Armour, speed, damage, men aboard."""
    damage = ", ".join(d.label for d in vehicle.damage) or "undamaged"
    aboard = sum(1 for c in board.aboard(vehicle) if c.on_table)
    weapon = f", {firearm(vehicle.weapon).name}" if vehicle.weapon else ""
    return (
        f"{vehicle.name} ({vehicle.profile.name}{weapon}): Armour +{vehicle.profile.armour}, "
        f"{speed_text(vehicle)}, {damage}, {aboard} aboard"
    )


BLAST_TIME = 2.0
BLAST = (255, 120, 40)


@dataclass
class Blast(Effect):
    """A vehicle exploding (12.51 Destroyed): its footprint, then a ring growing out
    to ``reach_in`` inches from its edge (everyone inside tests against D6+4)."""

    corners: tuple[Point, ...] = ()
    centre: Point = (0, 0)
    reach: float = 0.0  # hundredths from the centre: half the length plus the radius


def blast_of(board: Board, vehicle_id: str, radius_in: float) -> Blast:
    vehicle = board.vehicles[vehicle_id]
    hull = vehicle.hull
    corners = tuple((round(x), round(y)) for x, y in hull.corners())
    reach = hull.length / 2 + radius_in * 100
    return Blast(0.0, BLAST_TIME, corners=corners, centre=vehicle.pos, reach=reach)


def draw_blast(surface: pygame.Surface, blast: Blast, to_screen: ToScreen, px: float) -> None:
    """The explosion: the wreck's outline in orange and the blast's reach, growing."""
    ring = max(4, round(blast.reach * px * (0.4 + 0.6 * blast.f)))
    centre = to_screen(blast.centre)
    pygame.draw.polygon(surface, BLAST, [to_screen(c) for c in blast.corners], 3)
    pygame.draw.circle(surface, (0, 0, 0), centre, ring + 1, 3)
    pygame.draw.circle(surface, BLAST, centre, ring, 2)
