"""A heuristic bot for both seats of Tunnel Rats. It reads only its seat's view.

Rats, by priority: dress a red wound; fight (close combat or the best shot, when the
odds are worth it); reload an empty gun; drop to a crawl and disarm a known trap in
the way; go through the entrance they are heading for; search for hidden entrances
when the way on is not known; otherwise advance towards the scenario's goal (the
documents, the wounded comrade, the way out, or the nearest unexplored passage),
taking turns so the team stays together, crouching by default, crawling with enemies
in sight, running when nothing has been seen for a while; a hurt rat with enemies in
sight falls back.

Defenders: fight when a rat is spotted and the table allows it; otherwise the
soldier nearest a spotted rat moves (crouching) to get him in sight; with no rat
spotted they keep still in their side tunnels and chambers (the ambush).

Routes are planned over the level plan with :mod:`game.maps.grid` (distance fields
from the goal, cached), so each decision takes a few milliseconds.
"""

from __future__ import annotations

import math
from typing import Any

from game.ai.registry import register_ai
from game.core.api import Action
from game.core.rng import Rng
from game.core.wounds import WoundLevel
from game.maps import grid
from game.rules.tunnel_rats.actions import (
    ChangeStance,
    Dress,
    Enter,
    Forfeit,
    Melee,
    Move,
    Reload,
    Search,
    Shoot,
)
from game.rules.tunnel_rats.combat import enemy_attack_odds, melee_odds, shot_odds, trap_odds
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.events import RATS
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.view import TRView
from game.rules.tunnel_rats.world import Level

_FAR = 1e9


class TunnelRatsBot:
    """Heuristic player for either seat; keeps a little memory between decisions."""

    name = "tunnel rats heuristic"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng
        self._fields: dict[tuple[int, Cell], dict[Cell, float]] = {}
        self._searched: set[tuple[int, Cell]] = set()
        self._turn = 0
        self._last_contact = -10
        self._target: dict[str, tuple[int, Cell]] = {}
        self._spots: dict[int, list[Cell]] = {}

    # -- helpers ---------------------------------------------------------------------
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

    def choose(self, view: Any) -> Action:
        if not isinstance(view, TRView):
            raise TypeError("TunnelRatsBot plays Tunnel Rats only")
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        action = self._rats(view, legal) if self.seat == RATS else self._defenders(view, legal)
        return action if action in legal else Forfeit()

    # -- the rats ----------------------------------------------------------------------
    def _rats(self, view: TRView, legal: tuple[Action, ...]) -> Action:
        rules = view.rules
        rats = {r.id: r for r in view.rats}
        if view.enemies:
            self._last_contact = view.round
        # 1. Dress red wounds (own dressing first, then a comrade's point).
        dresses = [a for a in legal if isinstance(a, Dress)]
        for d in dresses:
            if rats[d.patient].wounds is WoundLevel.RED and not d.use_fafd:
                return d
        for d in dresses:
            if rats[d.patient].wounds is WoundLevel.RED:
                return d
        if not view.enemies:
            vip = view.carrier or (
                view.rats[-1].id if view.scenario.victory.kind == "rescue" else None
            )
            for d in dresses:
                if rats[d.patient].wounds is WoundLevel.YELLOW and d.patient in (d.figure, vip):
                    return d
        # 2. Fight.
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Shoot):
                p = float(shot_odds(rats[a.figure], rules).chance)
            elif isinstance(a, Melee):
                p = float(melee_odds(rats[a.figure], rules).chance) * 0.9
            else:
                continue
            if best is None or p > best[0]:
                best = (p, a)
        if best is not None and best[0] >= 0.12:
            return best[1]
        # 3. Reload an empty gun (or top up a revolver out of contact).
        for a in legal:
            if isinstance(a, Reload):
                rat = rats[a.figure]
                if rat.loaded == 0 or (not view.enemies and rat.loaded * 2 < rat.gun_card.shots):
                    return a
        # 4. A hurt rat in sight of the enemy falls back.
        for rat in view.rats:
            if rat.can_act and rat.wounds is WoundLevel.RED and self._enemy_near(view, rat):
                retreat = self._retreat(view, legal, rat)
                if retreat is not None:
                    return retreat
        # 5. Known traps within reach: crawl, then disarm.
        for a in legal:
            if isinstance(a, Search) and a.trap is not None:
                rat = rats[a.figure]
                if rat.stance is not Stance.CRAWLING:
                    crawl = ChangeStance(rat.id, Stance.CRAWLING)
                    if crawl in legal:
                        return crawl
                if (
                    float(trap_odds(rat, False, rules).chance) >= 0.3
                    or rat.wounds is WoundLevel.NONE
                ):
                    return a
        # 6. Advance.
        movers = [r for r in view.rats if r.can_act]
        if not movers:
            return Forfeit()
        self._turn += 1
        order = movers[self._turn % len(movers) :] + movers[: self._turn % len(movers)]
        vip = view.carrier or (view.rats[-1].id if view.scenario.victory.kind == "rescue" else None)
        if vip is not None and not self._pinned(view, vip) and self._turn % 2 == 0:
            order.sort(key=lambda r: r.id != vip)
        elif view.scenario.victory.kind != "eliminate" and self._turn % 3 != 0:
            # Points are few: most of them go to the rat nearest the goal (the point man).
            lead = min(movers, key=lambda r: (self._to_goal(view, r), r.id))
            order.sort(key=lambda r: r.id != lead.id)
        for rat in order:
            act = self._advance(view, legal, rat)
            if act is not None:
                return act
        return Forfeit()

    @staticmethod
    def _pinned(view: TRView, rid: str) -> bool:
        rat = view.rat(rid)
        return rat is None or rat.pinned

    def _to_goal(self, view: TRView, rat: Rat) -> float:
        goal = self._goal(view, rat)
        if goal is None:
            return _FAR
        level, cell = self._route(view, rat, goal)
        extra = 0.0 if goal[0] == rat.level else 40.0 * abs(goal[0] - rat.level)
        return self.field(view, level, cell).get(rat.cell, _FAR) + extra

    def _enemy_near(self, view: TRView, rat: Rat) -> bool:
        return any(e.level == rat.level for e in view.enemies)

    def _retreat(self, view: TRView, legal: tuple[Action, ...], rat: Rat) -> Action | None:
        lv = view.levels[rat.level]
        foes = [e for e in view.enemies if e.level == rat.level]
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Move) and a.figure == rat.id:
                gap = min(lv.distance(a.cell, e.cell) for e in foes)
                if not any(lv.sees(e.cell, a.cell, view.rules.sight_range) for e in foes):
                    gap += 10
                if best is None or gap > best[0]:
                    best = (gap, a)
        here = min(lv.distance(rat.cell, e.cell) for e in foes)
        return best[1] if best is not None and best[0] > here else None

    def _goal(self, view: TRView, rat: Rat) -> tuple[int, Cell] | None:
        """Where this rat is heading: (level, cell), possibly on another level."""
        vic = view.scenario.victory
        exit_cells = view.levels[0].deployment.get("rats", ())
        exit_goal = (0, exit_cells[0]) if exit_cells else None
        if vic.kind == "retrieve":
            if rat.carrying or view.carrier is not None:
                return exit_goal  # escorts lead the way out and clear the passage
            if view.objective is not None:
                return (vic.objective_level, view.objective)
        if vic.kind == "rescue":
            wounded = view.rats[-1]
            if wounded.id == rat.id:
                return exit_goal
            if wounded.pinned:
                return (wounded.level, wounded.cell)
            return exit_goal
        if view.enemies:
            near = min(
                (e for e in view.enemies if e.level == rat.level),
                key=lambda e: view.levels[rat.level].distance(rat.cell, e.cell),
                default=None,
            )
            if near is not None:
                return (near.level, near.cell)
        return self._frontier(view, rat)

    def _close(self, view: TRView, a: Rat, b: Rat) -> bool:
        return a.level == b.level and view.levels[a.level].distance(a.cell, b.cell) <= 3

    def _frontier(self, view: TRView, rat: Rat) -> tuple[int, Cell] | None:
        """The nearest explored cell that borders unexplored passage (kept until seen)."""
        lv = view.levels[rat.level]
        explored = view.explored[rat.level] if view.explored is not None else frozenset()
        old = self._target.get(rat.id)
        if old is not None and old[0] == rat.level and not self._seen_around(lv, explored, old[1]):
            return old
        field = self.field(view, rat.level, rat.cell)
        best: tuple[float, Cell] | None = None
        for cell in lv.passable_cells():
            if cell in explored:
                continue
            d = field.get(cell)
            if d is not None and d > 1 and (best is None or d < best[0]):
                best = (d, cell)
        if best is None:
            return None
        self._target[rat.id] = (rat.level, best[1])
        return (rat.level, best[1])

    @staticmethod
    def _seen_around(lv: Level, explored: frozenset[Cell], cell: Cell) -> bool:
        return cell in explored

    def _route(self, view: TRView, rat: Rat, goal: tuple[int, Cell]) -> tuple[int, Cell]:
        """The cell to walk to on the rat's own level (an entrance when the goal is on
        another level)."""
        level, cell = goal
        if level == rat.level:
            return goal
        ents = [
            e
            for e in view.entrances
            if e.level == rat.level
            and e.leads_to is not None
            and (e.leads_to == level or (level > rat.level) == (e.leads_to > rat.level))
        ]
        if ents:
            field = self.field(view, rat.level, rat.cell)
            best = min(ents, key=lambda e: field.get(e.cell, _FAR))
            return (rat.level, best.cell)
        frontier = self._frontier(view, rat) or self._search_spot(view, rat)
        if frontier is None or frontier[1] == rat.cell:
            return (rat.level, rat.cell)
        return frontier

    def _advance(self, view: TRView, legal: tuple[Action, ...], rat: Rat) -> Action | None:
        goal = self._goal(view, rat)
        if goal is None:
            goal = self._search_spot(view, rat)
            if goal is None or goal[1] == rat.cell:
                return self._maybe_search(view, legal, rat)
        if goal[0] != rat.level:
            for a in legal:
                if isinstance(a, Enter) and a.figure == rat.id:
                    ent = next(e for e in view.entrances if e.id == a.entrance)
                    if ent.leads_to == goal[0] or (goal[0] > rat.level) == (
                        (ent.leads_to or 0) > rat.level
                    ):
                        return a
        level, cell = self._route(view, rat, goal)
        if (level, cell) == (rat.level, rat.cell) and goal != (level, cell):
            return self._maybe_search(view, legal, rat)
        field = self.field(view, level, cell)
        here = field.get(rat.cell, _FAR)
        stance = self._stance(view, rat)
        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, Move) or a.figure != rat.id:
                continue
            d = field.get(a.cell, _FAR)
            if d >= here - 0.5:
                continue
            penalty = 0.0 if a.stance is stance else 1.5 * abs(a.stance.rank - stance.rank)
            score = d + penalty
            if best is None or score < best[0]:
                best = (score, a)
        return best[1] if best is not None else None

    def _stance(self, view: TRView, rat: Rat) -> Stance:
        if view.enemies:
            wanted = Stance.CRAWLING
        elif view.round - self._last_contact >= 2 and rat.wounds is WoundLevel.NONE:
            wanted = Stance.RUNNING
        else:
            wanted = Stance.CROUCHING
        if rat.wounds is WoundLevel.RED:
            return Stance.CRAWLING
        if rat.wounds is WoundLevel.YELLOW and wanted is Stance.RUNNING:
            return Stance.CROUCHING
        return wanted

    def _searched_near(self, view: TRView, level: int, cell: Cell) -> bool:
        lv = view.levels[level]
        return any(lvl == level and lv.distance(c, cell) <= 2 for lvl, c in self._searched)

    def _search_spot(self, view: TRView, rat: Rat) -> tuple[int, Cell] | None:
        """Everything is explored: the nearest cell not yet searched around."""
        if not self._searched_near(view, rat.level, rat.cell):
            return (rat.level, rat.cell)
        field = self.field(view, rat.level, rat.cell)
        spots = [c for c in field if field[c] > 0 and not self._searched_near(view, rat.level, c)]
        if not spots:
            self._searched = {s for s in self._searched if s[0] != rat.level}
            return None
        return (rat.level, min(spots, key=lambda c: (field[c], c[1], c[0])))

    def _maybe_search(self, view: TRView, legal: tuple[Action, ...], rat: Rat) -> Action | None:
        act = Search(rat.id)
        if act in legal:
            self._searched.add((rat.level, rat.cell))
            return act
        return None

    # -- the defenders ------------------------------------------------------------------------
    def _defenders(self, view: TRView, legal: tuple[Action, ...]) -> Action:
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
            near = [c for c in spots[:6]]
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


def _make(seat: int, rng: Rng) -> TunnelRatsBot:
    return TunnelRatsBot(seat, rng)


register_ai("tunnel_rats")(_make)

__all__ = ["TunnelRatsBot", "Enemy"]
