"""The defenders' side of the Tunnel Rats bot. They know their tunnels: routes are
planned over the whole level plan (their view holds every cell, trap and entrance).

Fight when a rat is spotted and the table allows it; otherwise the soldier nearest a
spotted rat moves (crouching) to get him in sight; with no rat spotted they keep still
in their side tunnels and chambers (the ambush).
"""

from __future__ import annotations

import math

from game.core.api import Action
from game.maps import grid
from game.rules.tunnel_rats.actions import Forfeit, Melee, Move, Shoot
from game.rules.tunnel_rats.combat import enemy_attack_odds
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.figures import Cell
from game.rules.tunnel_rats.view import TRView

_FAR = 1e9


class DefendersPlanner:
    """Decisions for the defenders' seat; keeps distance fields and ambush spots."""

    def __init__(self) -> None:
        self._fields: dict[tuple[int, Cell], dict[Cell, float]] = {}
        self._spots: dict[int, list[Cell]] = {}

    def field(self, view: TRView, level: int, goal: Cell) -> dict[Cell, float]:
        """Walking distance (inches) from every cell to ``goal`` on ``level``."""
        key = (level, goal)
        found = self._fields.get(key)
        if found is None:
            lv = view.levels[level]

            def cost(cell: Cell) -> float | None:
                t = lv.terrain_at(cell)
                return t.move_cost if t is not None and t.passable else None

            found = grid.reachable(
                goal, math.inf, lv.width, lv.height, cost, lv.inches_per_tile
            ).costs
            self._fields[key] = found
        return found

    def choose(self, view: TRView, legal: tuple[Action, ...]) -> Action:
        enemies = {e.id: e for e in view.enemies}
        rats = {r.id: r for r in view.rats}
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, (Shoot, Melee)):
                gunfire = isinstance(a, Shoot)
                p = float(
                    enemy_attack_odds(
                        enemies[a.figure], rats[a.target], view.tables, gunfire
                    ).chance
                )
                if best is None or p > best[0]:
                    best = (p, a)
        if best is not None and best[0] > 0:
            return best[1]
        spotted = [r for r in view.rats if r.alive]
        if not spotted:
            return self._ambush(view, legal)
        # The soldier nearest a spotted rat closes in until he has him in sight.
        best_move: tuple[float, Action] | None = None
        for enemy in view.enemies:
            if not enemy.alive:
                continue
            targets = [r for r in spotted if r.level == enemy.level]
            if not targets:
                continue
            lv = view.levels[enemy.level]
            for rat in targets:
                if lv.sees(enemy.cell, rat.cell, view.rules.enemy_sight_range):
                    break
            else:
                rat = min(targets, key=lambda r: lv.distance(r.cell, enemy.cell))
                field = self.field(view, enemy.level, rat.cell)
                here = field.get(enemy.cell, _FAR)
                if here > 16:
                    continue
                for a in legal:
                    if (
                        isinstance(a, Move)
                        and a.figure == enemy.id
                        and a.stance is Stance.CROUCHING
                    ):
                        d = field.get(a.cell, _FAR)
                        sees = lv.sees(a.cell, rat.cell, view.rules.enemy_sight_range)
                        score = d - (5 if sees else 0)
                        if d < here and (best_move is None or score < best_move[0]):
                            best_move = (score, a)
        if best_move is not None:
            return best_move[1]
        return Forfeit()

    def _ambush_spots(self, view: TRView, level: int) -> list[Cell]:
        """Side-tunnel cells overlooking the rats' likely route on a level (best first).

        The route runs from where the rats come in (their zone on the first level, an
        entrance from the level above otherwise) to the objective on this level or to
        the farthest defenders' zone."""
        cached = self._spots.get(level)
        if cached is not None:
            return cached
        lv = view.levels[level]
        if level == 0:
            entries = list(lv.deployment.get("rats", ()))
        else:
            entries = [
                e.cell for e in view.entrances if e.level == level and e.leads_to == level - 1
            ]
        spots: list[Cell] = []
        if entries:
            start = entries[0]
            field = self.field(view, level, start)
            vic = view.scenario.victory
            if vic.kind != "eliminate" and vic.objective_level == level:
                goal = lv.objectives.get(vic.objective or "", start)
            else:
                zone = [c for c in lv.deployment.get("defenders", ()) if c in field]
                goal = max(zone, key=lambda c: field[c]) if zone else start
            back = self.field(view, level, goal)
            total = back.get(start, _FAR)
            route = {c for c in field if field[c] + back.get(c, _FAR) <= total + 0.01}
            scored = []
            for cell in field:
                if cell in route or field[cell] < 4:
                    continue
                x, y = cell
                open_around = sum(
                    lv.passable((x + dx, y + dy))
                    for dx in (-1, 0, 1)
                    for dy in (-1, 0, 1)
                    if dx or dy
                )
                if open_around > 3:  # a side tunnel, not the middle of a chamber
                    continue
                seen = lv.field_of_view(cell, view.rules.enemy_sight_range)
                covered = len(route & seen)
                if covered >= 3 and len(seen) <= 3 * covered + 12:
                    scored.append((-covered, cell[1], cell[0]))
            spots = [(x, y) for _, y, x in sorted(scored)]
        self._spots[level] = spots
        return spots

    def _ambush(self, view: TRView, legal: tuple[Action, ...]) -> Action:
        """No rat spotted: soldiers not yet in place creep to side tunnels that overlook
        the rats' route (one soldier per spot, every other soldier stays on guard)."""
        taken: set[Cell] = set()
        for i, enemy in enumerate(view.enemies):
            if not enemy.alive or i % 2 == 1:
                continue
            spots = [c for c in self._ambush_spots(view, enemy.level) if c not in taken]
            if not spots:
                continue
            lv = view.levels[enemy.level]
            near = spots[:6]
            target = min(near, key=lambda c: (lv.distance(c, enemy.cell), c[1], c[0]))
            taken.add(target)
            if enemy.cell == target:
                continue
            field = self.field(view, enemy.level, target)
            here = field.get(enemy.cell, _FAR)
            best: tuple[float, Action] | None = None
            for a in legal:
                if isinstance(a, Move) and a.figure == enemy.id and a.stance is Stance.CROUCHING:
                    d = field.get(a.cell, _FAR)
                    if d < here and (best is None or d < best[0]):
                        best = (d, a)
            if best is not None:
                return best[1]
        return Forfeit()
