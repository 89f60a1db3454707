"""The defenders' side of the Tunnel Rats bot. They know their tunnels: routes are
planned over the whole level plan (their view holds every cell, trap and entrance).

A rat sees a defender in his flashlight without a roll and outshoots him (a rat's shot
wounds about one time in three, a VC's one in five to nine), so the defenders do not
walk into the flashlights to trade shots. Each point, in this order:

1. Attack, if any attack is worth it: a shot by its chance to wound, counting more
   against a wounded rat (focus fire: the third wound kills) or the man with the papers
   or the rescued man; close combat by the chance to wound the rat less the chance of
   his strike back, so a blow that is likelier to cost a wound than to give one is
   never made.
2. Where time is on their side (the rats must kill them all), a soldier in a known rat's
   sight who can do nothing to him (a pistol against a crawling rat) breaks the line of
   sight: the shortest move, in any stance (crawlways and water too), to a cell no known
   rat sees. Where they must stop the rats, they stand.
3. Where they must stop the rats (papers, rescue), the soldier nearest a known rat no
   soldier sees moves to get him in sight, out of his reach.
4. Otherwise hold: where they must stop the rats every soldier creeps, in any stance
   and out of the known rats' sight, to his own side-tunnel cell overlooking their
   route; where the rats must hunt them, they stay hidden where they are. A rat who
   walks into view gives the defender the first shot.

The choices between these were measured (docs/rules/tunnel_rats.md, "The defenders'
AI"): moving soldiers to ambush spots in the warren, or hiding while guarding the
papers, lost games; holding still and hiding in the warren, and every soldier at an
ambush spot where the rats have a goal to reach, won them.
"""

from __future__ import annotations

import math
from typing import cast

from game.ai.tunnel_rats.weighing import WEIGHINGS
from game.core.api import Action
from game.core.wounds import WoundLevel
from game.maps import grid
from game.rules.tunnel_rats.actions import Forfeit, Melee, Move, Shoot
from game.rules.tunnel_rats.combat import shot_odds
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.view import TRView

_FAR = 1e9
#: Victory kinds in which the defenders hide from a rat they cannot hurt (time is theirs).
_HIDE_IN = ("eliminate",)
#: Victory kinds in which they close in on known rats and take up ambush spots.
_CLOSE_IN = ("retrieve", "rescue")
#: Worth of wounding a rat by his wounds so far (the third wound kills him).
_TARGET_WORTH = {WoundLevel.NONE: 1.0, WoundLevel.YELLOW: 1.3, WoundLevel.RED: 1.8}
_CARRIER_WORTH = 1.5  # the rat with the papers, or the rescued man, counts this much more
_CLOSE_IN_RANGE = 16.0  # inches of walk
_SPOTS_EACH = 6  # a soldier picks his ambush spot among this many of the best


class DefendersPlanner:
    """Decisions for the defenders' seat; keeps distance fields and ambush spots."""

    def __init__(self) -> None:
        self._fields: dict[tuple[int, Cell], dict[Cell, float]] = {}
        self._spots: dict[int, list[Cell]] = {}

    def field(self, view: TRView, level: int, goal: Cell) -> dict[Cell, float]:
        """Walking distance (inches) from every cell to ``goal`` on ``level`` (crawlways
        and water included: some stance can go everywhere passable)."""
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
        """One point: a worthwhile attack, else hide, close in or hold (module doc)."""
        enemies = {e.id: e for e in view.enemies if e.alive}
        rats = [r for r in view.rats if r.alive]
        sights = {
            r.id: view.levels[r.level].field_of_view(r.cell, view.rules.sight_range) for r in rats
        }
        attacks = self._attacks(view, legal, enemies, rats)
        if attacks and attacks[0][0] > 0:
            return attacks[0][1]
        kind = view.scenario.victory.kind
        if kind in _HIDE_IN:
            threat = {eid: self._threat(view, e, rats, sights) for eid, e in enemies.items()}
            for eid in sorted(enemies, key=lambda eid: (-threat[eid], eid)):
                if threat[eid] <= 0:
                    break
                hide = self._hide(view, legal, enemies[eid], rats, sights)
                if hide is not None:
                    return hide
            return Forfeit()
        if kind in _CLOSE_IN:
            close = self._close_in(view, legal, enemies, rats)
            if close is not None:
                return close
        return self._ambush(view, legal, rats, sights)

    def _close_in(
        self, view: TRView, legal: tuple[Action, ...], enemies: dict[str, Enemy], rats: list[Rat]
    ) -> Move | None:
        """The soldier nearest a known rat none of them sees (within _CLOSE_IN_RANGE of
        walk) moves to get him in sight, in any stance: a rat on his way to the papers
        or out with them must be stopped."""
        best: tuple[float, str, Move] | None = None
        for enemy in enemies.values():
            targets = [r for r in rats if r.level == enemy.level]
            lv = view.levels[enemy.level]
            rng = view.rules.enemy_sight_range
            if not targets or any(lv.sees(enemy.cell, r.cell, rng) for r in targets):
                continue
            rat = min(targets, key=lambda r: (lv.distance(r.cell, enemy.cell), r.id))
            field = self.field(view, enemy.level, rat.cell)
            here = field.get(enemy.cell, _FAR)
            if here > _CLOSE_IN_RANGE:
                continue
            for a in legal:
                if isinstance(a, Move) and a.figure == enemy.id:
                    d = field.get(a.cell, _FAR)
                    if d >= here:
                        continue
                    # In sight but out of his reach is best (farther is safer), else closer.
                    sees = lv.sees(a.cell, rat.cell, rng) and lv.distance(a.cell, rat.cell) > 2
                    score = -_FAR - d if sees else d
                    if best is None or (score, a.to_str()) < best[:2]:
                        best = (score, a.to_str(), a)
        return best[2] if best is not None else None

    # -- fighting ------------------------------------------------------------------------
    def _attacks(
        self,
        view: TRView,
        legal: tuple[Action, ...],
        enemies: dict[str, Enemy],
        rats: list[Rat],
    ) -> list[tuple[float, Shoot | Melee]]:
        """Every legal attack with its value, best first: a shot's chance to wound times
        the target's worth; close combat's chance to wound him (times his worth) less
        the chance of the strike back (times the defender's worth)."""
        by_id = {r.id: r for r in rats}
        out: list[tuple[float, Shoot | Melee]] = []
        for a in legal:
            weighing = WEIGHINGS.get(type(a))
            if weighing is None or weighing.defenders is None:
                continue
            attack = cast("Shoot | Melee", a)
            if attack.target not in by_id:
                continue
            enemy, rat = enemies[attack.figure], by_id[attack.target]
            worth = _TARGET_WORTH.get(rat.wounds, 1.0)
            if view.carrier == rat.id or rat.carrying:
                worth *= _CARRIER_WORTH
            value = weighing.defenders(view, enemy, rat, worth)
            out.append((value, attack))
        out.sort(key=lambda va: (-va[0], va[1].to_str()))
        return out

    @staticmethod
    def _threat(
        view: TRView, enemy: Enemy, rats: list[Rat], sights: dict[str, frozenset[Cell]]
    ) -> float:
        """The best chance a known rat who sees ``enemy`` has to wound him with a shot
        (0 when no known rat sees him)."""
        best = 0.0
        for rat in rats:
            if rat.level == enemy.level and enemy.cell in sights[rat.id]:
                best = max(best, float(shot_odds(rat, view.rules).chance))
        return best

    def _hide(
        self,
        view: TRView,
        legal: tuple[Action, ...],
        enemy: Enemy,
        rats: list[Rat],
        sights: dict[str, frozenset[Cell]],
    ) -> Move | None:
        """The move that takes ``enemy`` out of every known rat's sight, the shortest
        one (then the one farthest from the rats), or None if none does."""
        seen: set[Cell] = set()
        for rat in rats:
            if rat.level == enemy.level:
                seen |= sights[rat.id]
        lv = view.levels[enemy.level]
        near = [r for r in rats if r.level == enemy.level]
        best: tuple[float, float, str, Move] | None = None
        for a in legal:
            if not isinstance(a, Move) or a.figure != enemy.id or a.cell in seen:
                continue
            gap = min((lv.distance(a.cell, r.cell) for r in near), default=_FAR)
            key = (lv.distance(enemy.cell, a.cell), -gap, a.to_str(), a)
            if best is None or key[:3] < best[:3]:
                best = key
        return best[3] if best is not None else None

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

    def _ambush(
        self,
        view: TRView,
        legal: tuple[Action, ...],
        rats: list[Rat],
        sights: dict[str, frozenset[Cell]],
    ) -> Action:
        """Nobody in danger: every soldier not yet at his ambush spot moves towards it
        (one soldier per spot, any stance), never into a known rat's sight."""
        seen: dict[int, set[Cell]] = {}
        for rat in rats:
            seen.setdefault(rat.level, set()).update(sights[rat.id])
        taken: set[tuple[int, Cell]] = set()
        for enemy in view.enemies:
            if not enemy.alive:
                continue
            spots = [
                c
                for c in self._ambush_spots(view, enemy.level)
                if (enemy.level, c) not in taken and c not in seen.get(enemy.level, ())
            ]
            if not spots:
                continue
            lv = view.levels[enemy.level]
            target = min(
                spots[:_SPOTS_EACH], key=lambda c: (lv.distance(c, enemy.cell), c[1], c[0])
            )
            taken.add((enemy.level, target))
            if enemy.cell == target:
                continue
            field = self.field(view, enemy.level, target)
            here = field.get(enemy.cell, _FAR)
            avoid = seen.get(enemy.level, set())
            best: tuple[float, str, Action] | None = None
            for a in legal:
                if isinstance(a, Move) and a.figure == enemy.id and a.cell not in avoid:
                    d = field.get(a.cell, _FAR)
                    if d < here and (best is None or (d, a.to_str()) < best[:2]):
                        best = (d, a.to_str(), a)
            if best is not None:
                return best[2]
        return Forfeit()
