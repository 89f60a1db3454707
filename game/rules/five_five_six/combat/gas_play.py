"""The lingering CS gas cloud on the board (7.84, rules version 2).

A CS gas grenade that goes off leaves a cloud for the rest of the battle: everyone within
4" of it when it bursts tests at once (``grenade_play.blast``); afterwards anyone who
comes within 4" of it tests the same way, D6 + Strength against D6 + the 7.84 row for
the nearest he comes to it. A gassed character suffers +2 on every TN. Once out of the
cloud he may test again against the TN he failed: as he gets out (+0), then at the start
of each of his goes while he stays out, +1 for each turn since he got out, until he
passes. While he is in the gas he does not recover. A respirator passes every test.

Rules version 1 had no cloud: a gassed character tested at the start of each of his goes,
+1 for each turn since he was gassed (``flow.begin_go``).

Distances are measured to the edge of the base, in inches, as for every blast.
"""

from __future__ import annotations

import math

from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint

from game.core.api import Event
from game.maps.tabletop import Point
from game.rules.five_five_six.board import Board, GasCloud
from game.rules.five_five_six.catalog import Grenade, catalog
from game.rules.five_five_six.combat.grenades import gas_contest, gas_radius_in, gas_recovery_check
from game.rules.five_five_six.events import Gassed
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.rolls import check_rolled, contest_rolled
from game.rules.five_five_six.squads.second_chances import lucky


def lay_cloud(board: Board, grenade_id: str, at: Point) -> None:
    """7.84: the grenade "remains in place" for the rest of the battle (version 2)."""
    if board.setting.version >= 2:
        board.clouds.append(GasCloud(grenade_id, at, gas_radius_in(), board.turn))


def gap_in(cloud: GasCloud, at: Point) -> float:
    """From the cloud's centre to the edge of a base standing at ``at``, inches."""
    return max(0.0, math.dist(cloud.at, at) - RADIUS) / 100


def path_gap_in(cloud: GasCloud, start: Point, end: Point) -> float:
    """The nearest a base moving straight from ``start`` to ``end`` comes to the cloud's
    centre (to the edge of the base), inches."""
    if start == end:
        return gap_in(cloud, end)
    nearest = float(LineString([start, end]).distance(ShapelyPoint(cloud.at)))
    return max(0.0, nearest - RADIUS) / 100


def inside(board: Board, at: Point) -> bool:
    """Is a base at ``at`` in any cloud (within its radius)?"""
    return any(gap_in(cloud, at) <= cloud.radius_in for cloud in board.clouds)


def test_gas(board: Board, character: Character, kind: Grenade, distance_in: float) -> list[Event]:
    """7.84: D6 + Strength against D6 + the row for ``distance_in``; failing, he is gassed
    (+2 on every TN) against that TN. A respirator passes (8.0)."""
    gas = gas_contest(
        kind.blast,
        distance_in,
        character.profile.strength,
        respirator="respirator" in character.profile.gear,
    )
    if gas is None:
        return []
    result, luck = lucky(board, character, gas.roll(board.rng))
    events: list[Event] = [
        *contest_rolled(
            kind.name, f"gasses {character.name}", character, "resists the gas", result
        ),
        *luck,
    ]
    if not result.success:
        character.gassed = True
        character.gas_tn, character.gas_turn = result.tn, board.turn
    events.append(Gassed(character=character.id, label=character.name, affected=not result.success))
    return events


def after_moving(board: Board, character: Character, start: Point) -> list[Event]:
    """After he moved from ``start`` to where he stands: coming within 4" of a cloud he
    was outside of, he tests (by the nearest he came; already gassed, he does not test
    again); getting out of the gas while gassed, he tests to shake it off at +0."""
    if not board.clouds or not character.on_table:
        return []
    end = character.pos
    met = [
        (path_gap_in(c, start, end), c)
        for c in board.clouds
        if gap_in(c, start) > c.radius_in and path_gap_in(c, start, end) <= c.radius_in
    ]
    events: list[Event] = []
    if met and not character.gassed:
        distance, cloud = min(met, key=lambda m: (m[0], m[1].at))
        events += test_gas(board, character, catalog().grenades[cloud.grenade], distance)
    if character.gassed:
        if inside(board, end):
            character.gas_turn = board.turn
        elif inside(board, start) or met:
            character.gas_turn = board.turn
            events += shake_off(board, character)
    return events


def shake_off(board: Board, character: Character) -> list[Event]:
    """7.84: out of the gas, a test against the TN he failed, +1 for every turn since he
    got out (``gas_turn``)."""
    check = gas_recovery_check(
        character.gas_tn, character.profile.strength, board.turn - character.gas_turn
    )
    result, luck = lucky(board, character, check.roll(board.rng))
    character.gassed = not result.success
    return [check_rolled(character, "shakes off the gas", result), *luck]


def at_go_start(board: Board, character: Character) -> list[Event]:
    """A gassed character's go begins: still in the gas, no test (the count of turns out
    starts again); out of it, he tests (version 1: he always tests, +1 a turn since he
    was gassed)."""
    if not character.gassed:
        return []
    if board.setting.version >= 2 and inside(board, character.pos):
        character.gas_turn = board.turn
        return []
    return shake_off(board, character)
