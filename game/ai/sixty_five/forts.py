"""How the '65 bot sets up its fortifications (23, 24): bunkers toward the enemy, facing
where most of his nearest set-up hexes (or units) lie, near the objectives; foxholes where
its units will stand, spread over the zone. Scores in the bot's units (victory points,
``sixty_five_plays``), each with a tiny random tie-break."""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.sixty_five.plays import Judge
from game.core.rng import Rng
from game.rules.sixty_five.actions import Fortify
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.scenario import zone_hexes
from game.rules.sixty_five.vehicles.facing import front_hexes

NEAREST = 12  # the enemy hexes a bunker is faced against
FRONT = 0.08  # per such hex in the bunker's front arc
CLOSE = 0.02  # per hex nearer the enemy
CROWD = 0.12  # per fortification of the side already within one hex
BUNKER_SEAT = 0.3  # setting a Leg unit up in a bunker (23b: +1 CF, front-only fire)
FOXHOLE_SEAT = 0.15  # in a foxhole (23a: the first Hit redrawn)


def enemy_hexes(judge: Judge) -> list[str]:
    """Where the enemy is, or will set up: his units on the map, else his zones."""
    look = judge.look
    on_map = sorted({u.hex for u in look.enemies() if u.hex is not None})
    if on_map:
        return on_map
    scenario = look.state.scenario
    if scenario is None:
        return []
    out: set[str] = set()
    for step in scenario.setup:
        if step.seat != judge.seat:
            out.update(zone_hexes(look.world.field, step.zone))
    return sorted(out)


def choose_fortification(judge: Judge, actions: Sequence[Fortify], rng: Rng) -> Fortify:
    """The best of the listed fortifications (all of one kind: bunkers come first)."""
    look = judge.look
    w = look.world
    f = w.field
    enemy = enemy_hexes(judge)
    mine = [*w.foxholes, *(h for h, x in w.fortifications.items() if x.bunker is not None)]
    nearest: dict[str, list[str]] = {}
    seen: dict[tuple[str, int | None], float] = {}

    def score(a: Fortify) -> float:
        key = (a.hex, a.facing)
        known = seen.get(key)
        if known is not None:
            return known
        value = judge.objective_value(a.hex)
        value -= CROWD * sum(1 for h in mine if f.distance(h, a.hex) <= 1)
        if enemy:
            near = nearest.get(a.hex)
            if near is None:
                near = nearest[a.hex] = sorted(enemy, key=lambda e: (f.distance(a.hex, e), e))[
                    :NEAREST
                ]
            value -= CLOSE * f.distance(a.hex, near[0])
            if a.facing is not None:
                front = set(front_hexes(f, a.hex, a.facing))
                value += FRONT * sum(
                    1 for e in near if e != a.hex and f.entry_sides(e, a.hex) & front
                )
        seen[key] = value
        return value

    return max(actions, key=lambda a: score(a) + 1e-6 * rng.random())


def dig_in_value(judge: Judge, unit: Counter, hex_id: str) -> float:
    """24, 23: at set-up, what a Leg unit gains by taking its place in a bunker or a
    foxhole of its side (before the enemy is on the map its fire there cannot be read,
    so the cover is counted by itself); less for each of ours there already."""
    look = judge.look
    w = look.world
    if not unit.leg or unit.hero or not (w.foxholes or w.fortifications):
        return 0.0
    fort = w.fortifications.get(hex_id)
    value = BUNKER_SEAT if fort is not None and fort.bunker is not None else 0.0
    if hex_id in w.foxholes:
        value = max(value, FOXHOLE_SEAT)
    taken = sum(1 for u in look.own() if u.hex == hex_id and not u.hero)
    return value / (1 + taken)
