"""A heuristic bot for both seats of Tunnel Rats. It reads only its seat's view.

Rats, by priority: dress a red wound; fight (close combat or the best shot, when the
odds are worth it); reload an empty gun; drop to a crawl and disarm a known trap in
the way; go through the entrance they are heading for; search for hidden entrances
when the way on is not known; otherwise advance towards the scenario's goal (the
documents once seen, the wounded comrade, the way out, or unexplored passage), taking
turns so the team stays together, crouching by default, crawling with enemies in sight,
running when nothing has been seen for a while; a hurt rat with enemies in sight falls
back.

The rats' side is fog-honest (see :mod:`game.ai.tunnel_rats.known` and
docs/rules/tunnel_rats.md, "What the AI rats know"): routes run only over explored
cells and the cells their legal moves reach; towards a goal beyond known ground they
head for the frontier cell that promises the shortest way (known walk plus a guess at
the dark). The documents are a goal only once their cell has been seen; the wounded
comrade of a rescue is one of their own figures, so his place is known (not the way).

The defenders know their tunnels (:mod:`game.ai.tunnel_rats.defenders`).
Each decision takes a few milliseconds (distance fields over at most a few hundred
cells, cached while what the rats know stays the same).
"""

from __future__ import annotations

from typing import Any

from game.ai.registry import register_ai
from game.ai.tunnel_rats.defenders import DefendersPlanner
from game.ai.tunnel_rats.known import KnownLevel, feel
from game.ai.tunnel_rats.weighing import WEIGHINGS
from game.core.api import Action
from game.core.rng import Rng
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.actions import (
    ChangeStance,
    Dress,
    Enter,
    Forfeit,
    Move,
    Reload,
    Search,
)
from game.rules.tunnel_rats.combat import trap_odds
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.events import RATS
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.view import TRView
from game.rules.tunnel_rats.world import Level

_FAR = 1e9
_SEARCH_BAND = 8.0  # inches: searching goes from the deepest band of a level outwards
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
# The way through unknown ground is guessed at this many times the straight line plus
# a fixed charge: tunnels wind and may end, so a known way is kept unless the dark
# promises a much shorter one.
_UNKNOWN_FACTOR = 1.5
_UNKNOWN_FIXED = 6.0
# Towards a goal, a frontier whose dark side only felt like rock to an upright rat (it
# may be a crawlway) counts this many inches further.
_SQUEEZE = 6.0
_KNOWN_WAY_DOUBT = 1.6  # a guess through the dark weighs this much more than a known way
_LEVEL_AWAY = 40.0  # inches a level change is worth when comparing rats' distances

#: A goal: the level and the cells wanted there (none: explore that level).
Goal = tuple[int, tuple[Cell, ...]]


class TunnelRatsBot:
    """Heuristic player for either seat; keeps a little memory between decisions."""

    name = "tunnel rats heuristic"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng
        self._defenders = DefendersPlanner()
        self._known: dict[
            tuple[Level, frozenset[Cell], frozenset[Cell], frozenset[Cell]], KnownLevel
        ] = {}
        self._open: dict[int, set[Cell]] = {}  # felt open cells, per level
        self._rock: dict[int, set[Cell]] = {}  # felt rock, per level
        self._searched: set[tuple[int, Cell]] = set()
        self._turn = 0
        self._rotation = 0
        self._last_contact = -10
        self._target: dict[str, tuple[int, Cell]] = {}

    def choose(self, view: TRView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.seat == RATS:
            action = self._rats(view, legal)
        else:
            action = self._defenders.choose(view, legal)
        return action if action in legal else Forfeit()

    # -- what the rats know ------------------------------------------------------------
    def known(self, view: TRView, level: int) -> KnownLevel:
        """The rats' knowledge of ``level`` now: explored cells plus felt ones."""
        if view.explored is not None:
            explored = view.explored[level]
        else:  # a full view (not the rats' seat): everything is known
            lv = view.levels[level]
            explored = frozenset((x, y) for y in range(lv.height) for x in range(lv.width))
        felt = frozenset(self._open.get(level, ()))
        rock = frozenset(self._rock.get(level, ()))
        key = (view.levels[level], explored, felt, rock)
        found = self._known.get(key)
        if found is None:
            if len(self._known) > 64:
                self._known.clear()
            found = KnownLevel(view.levels[level], explored, felt, rock)
            self._known[key] = found
        return found

    def _feel_around(self, view: TRView, legal: tuple[Action, ...]) -> None:
        """Remember what the rats' legal moves tell about the dark (felt open cells and
        felt rock, per level): a rat feels the walls within his move's reach."""
        if view.explored is None:
            return
        moves: dict[str, list[tuple[Cell, Stance]]] = {}
        for a in legal:
            if isinstance(a, Move):
                moves.setdefault(a.figure, []).append((a.cell, a.stance))
        for rat in view.rats:
            if rat.id not in moves:
                continue
            level = rat.level
            blocked = {r.cell for r in view.rats if r.alive and r.level == level}
            blocked |= {e.cell for e in view.enemies if e.level == level}
            blocked |= {t.cell for t in view.traps if t.level == level}
            blocked.discard(rat.cell)
            opened, rock = feel(
                view.levels[level],
                view.explored[level],
                rat.cell,
                moves[rat.id],
                {s: view.rules.stance_move.get(s) for s in Stance},
                blocked,
            )
            open_here = self._open.setdefault(level, set())
            open_here |= opened
            rock_here = self._rock.setdefault(level, set())
            rock_here |= rock - open_here

    # -- the rats ----------------------------------------------------------------------
    def _rats(self, view: TRView, legal: tuple[Action, ...]) -> Action:
        self._feel_around(view, legal)
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
            vip = self._vip(view)
            # A comrade's point heals a yellow wound too (rules version 3): dressings kept.
            for d in sorted(dresses, key=lambda d: d.use_fafd):
                if rats[d.patient].wounds is WoundLevel.YELLOW and d.patient in (d.figure, vip):
                    return d
        # 2. Fight.
        best: tuple[float, Action] | None = None
        for a in legal:
            weighing = WEIGHINGS.get(type(a))
            if weighing is None or weighing.rats is None:
                continue
            p = weighing.rats(rats[getattr(a, "figure", "")], rules)
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
        vip = self._vip(view)
        if vip is not None and not self._pinned(view, vip):
            return self._escort(view, legal, movers, vip)
        k = self._rotation % len(movers)
        order = movers[k:] + movers[:k]
        if view.scenario.victory.kind != "eliminate" and self._turn % 3 != 0:
            # Points are few: most of them go to the rat nearest the goal (the point man).
            lead = min(movers, key=lambda r: (self._to_goal(view, r), r.id))
            order.sort(key=lambda r: r.id != lead.id)
        else:
            self._rotation += 1  # the others take turns, so nobody is left behind
        for rat in order:
            act = self._advance(view, legal, rat)
            if act is not None:
                return act
        return Forfeit()

    def _escort(
        self, view: TRView, legal: tuple[Action, ...], movers: list[Rat], vip_id: str
    ) -> Action:
        """The points go to the carrier (or the rescued man): nobody else has to get
        out. A comrade on his way to dress him goes first; a comrade standing in his way
        steps aside or goes ahead; the others keep their places."""
        for rat in movers:
            if self._patient(view, rat) is not None:
                act = self._advance(view, legal, rat)
                if act is not None:
                    return act
        vip = view.rat(vip_id)
        if vip is None or vip not in movers:
            return Forfeit()
        act = self._advance(view, legal, vip) or self._clear_way(view, legal, vip)
        return act if act is not None else Forfeit()

    def _clear_way(self, view: TRView, legal: tuple[Action, ...], vip: Rat) -> Action | None:
        """Make room for the carrier. The first comrade in his way (on, or beside, the
        next dozen cells of his known route: a figure at a corner also stops a diagonal
        step) steps off it with his shortest move, or, in a one-man tunnel, goes as far
        from the carrier as he can. If none of them can move, a comrade within 12" of
        the carrier moves away from him (the man at the far end of a queue)."""
        planned = self._plan(view, vip, self._goal(view, vip))
        if planned is None:
            return None
        kl = self.known(view, vip.level)
        near = _route(kl.field(planned[1]), vip.cell)[:12]
        from_vip = kl.field(vip.cell)

        def place(cell: Cell) -> int | None:
            """Index of the first of the next cells of the route at or beside ``cell``."""
            return next(
                (
                    i
                    for i, c in enumerate(near)
                    if abs(c[0] - cell[0]) <= 1 and abs(c[1] - cell[1]) <= 1
                ),
                None,
            )

        comrades = [r for r in view.rats if r.can_act and r.id != vip.id and r.level == vip.level]
        blockers = sorted(
            ((at, r.id, r) for r in comrades if (at := place(r.cell)) is not None),
            key=lambda t: (t[0], t[1]),
        )
        for _, _, rat in blockers:
            off = [a for a in self._moves_of(legal, rat) if place(a.cell) is None]
            if off:
                return min(off, key=lambda a: (kl.distance(rat.cell, a.cell), a.cell[1], a.cell[0]))
            away = self._away(legal, rat, from_vip)
            if away is not None:
                return away
        queue = [r for r in comrades if from_vip.get(r.cell, _FAR) <= 12.0]
        for rat in sorted(queue, key=lambda r: (from_vip[r.cell], r.id)):
            away = self._away(legal, rat, from_vip)
            if away is not None:
                return away
        return None

    @staticmethod
    def _moves_of(legal: tuple[Action, ...], rat: Rat) -> list[Move]:
        return [a for a in legal if isinstance(a, Move) and a.figure == rat.id]

    def _away(
        self, legal: tuple[Action, ...], rat: Rat, from_vip: dict[Cell, float]
    ) -> Action | None:
        """The move that takes ``rat`` farthest (walking) from the carrier, if any move
        takes him farther at all."""
        here = from_vip.get(rat.cell, _FAR)
        away = [a for a in self._moves_of(legal, rat) if from_vip.get(a.cell, -1.0) > here]
        if not away:
            return None
        return max(away, key=lambda a: (from_vip[a.cell], a.stance.rank, a.cell[1], a.cell[0]))

    @staticmethod
    def _vip(view: TRView) -> str | None:
        """The documents' carrier, or the wounded man of a rescue."""
        if view.carrier is not None:
            return view.carrier
        return view.rats[-1].id if view.scenario.victory.kind == "rescue" else None

    @staticmethod
    def _pinned(view: TRView, rid: str) -> bool:
        rat = view.rat(rid)
        return rat is None or rat.pinned

    def _enemy_near(self, view: TRView, rat: Rat) -> bool:
        return any(e.level == rat.level for e in view.enemies)

    def _retreat(self, view: TRView, legal: tuple[Action, ...], rat: Rat) -> Action | None:
        kl = self.known(view, rat.level)
        foes: list[Enemy] = [e for e in view.enemies if e.level == rat.level]
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Move) and a.figure == rat.id:
                gap = min(kl.distance(a.cell, e.cell) for e in foes)
                if not any(kl.sees(e.cell, a.cell, view.rules.sight_range) for e in foes):
                    gap += 10
                if best is None or gap > best[0]:
                    best = (gap, a)
        here = min(kl.distance(rat.cell, e.cell) for e in foes)
        return best[1] if best is not None and best[0] > here else None

    def _goal(self, view: TRView, rat: Rat) -> Goal:
        """Where this rat is heading: a level and the cells wanted there (none: explore)."""
        vic = view.scenario.victory
        exits: Goal = (0, tuple(view.levels[0].deployment.get("rats", ())))
        medic = self._patient(view, rat)
        if medic is not None:
            return medic
        if vic.kind == "retrieve":
            if rat.carrying or view.carrier is not None:
                return exits  # escorts lead the way out and clear the passage
            papers = view.objective
            if papers is not None:  # the rats' view holds it once its cell was seen
                return (vic.objective_level, (papers,))
            return (vic.objective_level, ())  # the briefing names the level only
        if vic.kind == "rescue":
            wounded = view.rats[-1]
            if wounded.id != rat.id and wounded.pinned:
                return (wounded.level, (wounded.cell,))
            return exits
        near = min(
            (e for e in view.enemies if e.level == rat.level),
            key=lambda e: (self.known(view, rat.level).distance(rat.cell, e.cell), e.id),
            default=None,
        )
        if near is not None:
            return (near.level, (near.cell,))
        return (rat.level, ())

    def _patient(self, view: TRView, rat: Rat) -> Goal | None:
        """A comrade goes back to the carrier (or the rescued man) when he is badly
        hurt: a red wound keeps him at a crawl (2"), one point of dressing lets him
        crouch (4") again. Only on his level, and only if he is not beside him yet."""
        vip = view.rat(self._vip(view) or "")
        if vip is None or vip.id == rat.id or vip.level != rat.level or vip.pinned:
            return None
        if vip.wounds is not WoundLevel.RED:
            return None
        lv = view.levels[rat.level]
        if lv.within(rat.cell, vip.cell, view.rules.dress_range):
            return None
        helpers = [r for r in view.rats if r.can_act and r.id != vip.id and r.level == vip.level]
        nearest = min(helpers, key=lambda r: (self._gap(view, r, vip.id), r.id))
        return (vip.level, (vip.cell,)) if nearest.id == rat.id else None

    def _gap(self, view: TRView, rat: Rat, other: str) -> float:
        """Known walking distance (inches) between two rats; far if on other levels."""
        them = view.rat(other)
        if them is None or them.level != rat.level:
            return _FAR
        return self.known(view, rat.level).field(them.cell).get(rat.cell, _FAR)

    def _plan(self, view: TRView, rat: Rat, goal: Goal) -> tuple[float, Cell] | None:
        """Estimated inches to the goal and the cell to walk to on the rat's own level
        (a known entrance when the goal is on another level, a frontier cell when the
        goal lies beyond known ground); None if known ground offers nothing."""
        level, cells = goal
        kl = self.known(view, rat.level)
        extra = 0.0
        if level != rat.level:
            extra = _LEVEL_AWAY * abs(level - rat.level)
            cells = tuple(e.cell for e in self._entrances_towards(view, rat.level, level))
        planned = self._toward(kl, rat.cell, cells) if cells else self._explore(kl, rat)
        return None if planned is None else (planned[0] + extra, planned[1])

    @staticmethod
    def _entrances_towards(view: TRView, here: int, level: int) -> list[Any]:
        return [
            e
            for e in view.entrances
            if e.level == here
            and e.leads_to is not None
            and (e.leads_to == level or (level > here) == (e.leads_to > here))
        ]

    @staticmethod
    def _toward(kl: KnownLevel, start: Cell, cells: tuple[Cell, ...]) -> tuple[float, Cell] | None:
        """The best cell to walk to for ``cells``: one of them over known ground, or a
        frontier cell whose known walk plus guessed way through the dark is shortest."""
        field = kl.field(start)
        best: tuple[float, int, int] | None = None
        for g in cells:
            d = field.get(g)
            if d is not None and (best is None or (d, g[1], g[0]) < best):
                best = (d, g[1], g[0])
        # A way over known ground is certain: a guess through the dark must promise
        # much less to be tried instead.
        doubt = _KNOWN_WAY_DOUBT if best is not None else 1.0
        for extra, frontier in ((0.0, kl.frontier()), (_SQUEEZE, kl.soft_frontier())):
            for f in frontier:
                if f == start or f not in field:
                    continue
                guess = _UNKNOWN_FACTOR * min(kl.distance(f, g) for g in cells)
                est = (field[f] + extra + _UNKNOWN_FIXED + guess) * doubt
                if best is None or (est, f[1], f[0]) < best:
                    best = (est, f[1], f[0])
        return None if best is None else (best[0], (best[2], best[1]))

    def _explore(self, kl: KnownLevel, rat: Rat) -> tuple[float, Cell] | None:
        """The nearest frontier cell (not the next step if avoidable; kept while it is
        still a frontier, so the rat does not dither)."""
        field = kl.field(rat.cell)
        frontier = _frontier_cells(kl, field)
        old = self._target.get(rat.id)
        if old is not None and old[0] == rat.level and old[1] != rat.cell:
            if old[1] in frontier:
                return (field[old[1]], old[1])
        cands = [(field[f], f[1], f[0]) for f in frontier if f != rat.cell]
        far = [c for c in cands if c[0] > 1.5] or cands
        if not far:
            return None
        d, y, x = min(far)
        self._target[rat.id] = (rat.level, (x, y))
        return (d, (x, y))

    def _to_goal(self, view: TRView, rat: Rat) -> float:
        planned = self._plan(view, rat, self._goal(view, rat))
        return _FAR if planned is None else planned[0]

    def _advance(self, view: TRView, legal: tuple[Action, ...], rat: Rat) -> Action | None:
        goal = self._goal(view, rat)
        if goal[0] != rat.level:
            ways = {e.id for e in self._entrances_towards(view, rat.level, goal[0])}
            for a in legal:
                if isinstance(a, Enter) and a.figure == rat.id and a.entrance in ways:
                    return a
        planned = self._plan(view, rat, goal)
        if planned is None:
            spot = self._search_spot(view, rat)
            if spot is None or spot == rat.cell:
                return self._maybe_search(legal, rat)
            target = spot
        else:
            target = planned[1]
        if target == rat.cell:
            if goal[0] == rat.level and rat.cell in goal[1]:
                return self._make_room(view, legal, rat, goal[1])
            return self._maybe_search(legal, rat)
        field = self.known(view, rat.level).field(target)
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

    def _make_room(
        self, view: TRView, legal: tuple[Action, ...], rat: Rat, cells: tuple[Cell, ...]
    ) -> Action | None:
        """A rat already at the way out steps deeper into it, away from the carrier or
        the rescued man still coming, so he does not block the doorway; else he waits."""
        vip = view.rat(self._vip(view) or "")
        if vip is None or vip.id == rat.id or vip.cell in cells or vip.level != rat.level:
            return None
        kl = self.known(view, rat.level)
        here = kl.distance(rat.cell, vip.cell)
        best: tuple[float, Action] | None = None
        wanted = set(cells)
        for a in legal:
            if isinstance(a, Move) and a.figure == rat.id and a.cell in wanted:
                gap = kl.distance(a.cell, vip.cell)
                if gap > here + 0.5 and (best is None or gap > best[0]):
                    best = (gap, a)
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

    def _searched_near(self, kl: KnownLevel, level: int, cell: Cell) -> bool:
        return any(lvl == level and kl.distance(c, cell) <= 2 for lvl, c in self._searched)

    def _search_spot(self, view: TRView, rat: Rat) -> Cell | None:
        """Known ground holds no way on: a known cell not yet searched around, the
        deepest first (hidden ways tend to lie at the far ends of a level: in bands of
        ``_SEARCH_BAND`` inches of walk from where the rats came in), the nearest of
        those; where he stands if that is as deep as any."""
        kl = self.known(view, rat.level)
        field = kl.field(rat.cell)
        spots = [c for c in field if not self._searched_near(kl, rat.level, c)]
        if not spots:
            self._searched = {s for s in self._searched if s[0] != rat.level}
            return None
        lv = view.levels[rat.level]
        entry = lv.deployment.get("rats") or tuple(c for _n, c, _l, _h in lv.entrance_cells)
        depth = kl.field(entry[0]) if entry else {}

        def band(c: Cell) -> int:
            return -int(depth.get(c, 0.0) // _SEARCH_BAND)

        best = min(spots, key=lambda c: (band(c), field[c], c[1], c[0]))
        if rat.cell in spots and band(rat.cell) <= band(best):
            return rat.cell
        return best

    def _maybe_search(self, legal: tuple[Action, ...], rat: Rat) -> Action | None:
        act = Search(rat.id)
        if act in legal:
            self._searched.add((rat.level, rat.cell))
            return act
        return None


def _frontier_cells(kl: KnownLevel, field: dict[Cell, float]) -> list[Cell]:
    """Frontier cells reachable over known ground; only when none is left, the cells
    beyond which lies nothing but felt rock (perhaps a crawlway)."""
    hard = [f for f in kl.frontier() if f in field]
    return hard or [f for f in kl.soft_frontier() if f in field]


def _route(field: dict[Cell, float], start: Cell) -> list[Cell]:
    """The cells from ``start`` down a distance field to its source (each step to the
    neighbour nearest the source); just ``[start]`` if start is not in the field."""
    route = [start]
    here = start
    while field.get(here, 0.0) > 0.0 and len(route) < 400:
        x, y = here
        steps = [(x + dx, y + dy) for dx, dy in _STEPS if (x + dx, y + dy) in field]
        nxt = min(steps, key=lambda c: (field[c], c[1], c[0]), default=None)
        if nxt is None or field[nxt] >= field[here]:
            break
        route.append(nxt)
        here = nxt
    return route


def _make(seat: int, rng: Rng) -> TunnelRatsBot:
    return TunnelRatsBot(seat, rng)


register_ai("tunnel_rats")(_make)

__all__ = ["TunnelRatsBot", "Enemy"]
