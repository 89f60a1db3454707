"""The Tunnel Rats game state: figures, action points, legality and the contract.

Action points (rules section "Action points"): at the start of each round the rats
throw two average dice; both sides get that many points. Points are spent one at a
time, alternately, rats first; every action costs one; ``forfeit`` spends a point
doing nothing. Because both sides get the same number, play strictly alternates and
the round ends after the defenders' last point.

What the action effects do is in :mod:`resolve`; the umpire's duties (round start and
end, hidden traps, noise, spotting, exploring) are in :mod:`umpire`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Self

from game.core.api import Action, Event, ListedActions, Outcome
from game.core.rng import Rng
from game.core.wounds import WoundLevel
from game.maps.grid import Reach
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
from game.rules.tunnel_rats.combat import allowed_stances, enemy_to_hit
from game.rules.tunnel_rats.data import (
    STANCES,
    EnemyTables,
    RulesNumbers,
    Scenario,
    Stance,
    load_enemy_tables,
    load_rules_numbers,
)
from game.rules.tunnel_rats.events import DEFENDERS, RATS
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.world import Entrance, Level, World


@dataclass(frozen=True)
class Trap:
    """A booby trap on the table: ``armed`` until disarmed or set off."""

    id: str
    level: int
    cell: Cell
    hidden: bool
    armed: bool = True


@dataclass
class TRModel(ListedActions):
    """Everything about a game in progress. ``world`` holds the fixed maps. What actions
    do, the umpire's duties and the views are added by ``play.TRState``, so that this
    module imports none of them (one-way: model -> resolve -> umpire -> play)."""

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data for save digests (keys chosen here, not field names;
        cells as ``[x, y]``, stances by value, wounds as their count)."""
        return {
            "rng": self.rng,
            "world": self.world.key,
            "scenario": self.scenario.id,
            "rats": [
                [
                    r.id,
                    r.character,
                    r.gun,
                    r.level,
                    list(r.cell),
                    r.stance.value,
                    int(r.wounds),
                    r.loaded,
                    r.spare,
                    r.fafd,
                    r.spotted,
                    r.pinned,
                    r.carrying,
                ]
                for r in sorted(self.rats.values(), key=lambda r: r.id)
            ],
            "enemies": [
                [e.id, e.side, e.weapon, e.level, list(e.cell), e.stance.value, int(e.wounds)]
                for e in sorted(self.enemies.values(), key=lambda e: e.id)
            ],
            "traps": [
                [t.id, t.level, list(t.cell), t.hidden, t.armed]
                for t in sorted(self.traps.values(), key=lambda t: t.id)
            ],
            "explored": [sorted([x, y] for x, y in cells) for cells in self.explored],
            "found": sorted(self.found),
            "round": self.round,
            "points": list(self.points),
            "to_act": self.to_act,
            "pending_trap": self.pending_trap,
            "trap_sprung_round": self.trap_sprung_round,
            "noise": list(self.noise),
            "tested": sorted([e, r] for e, r in self.tested),
            "reinforcements_left": self.reinforcements_left,
            "enemy_serial": self.enemy_serial,
            "objective": None if self.objective is None else list(self.objective),
            "carrier": self.carrier,
            "winner": self.winner,
            "reason": self.reason,
            # First-edition games (saves made before rules version 2) keep their digest.
            **({} if self.edition == 1 else {"edition": self.edition}),
        }

    rng: Rng
    world: World
    scenario: Scenario
    rats: dict[str, Rat]
    enemies: dict[str, Enemy]
    traps: dict[str, Trap]
    explored: list[frozenset[Cell]]
    found: frozenset[str] = frozenset()  # entrances the rats know
    round: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    to_act: int = RATS
    pending_trap: str | None = None  # the rat the umpire's hidden trap waits for this round
    trap_sprung_round: int = 0  # the last round in which the umpire's trap went off (public)
    noise: list[int] = field(default_factory=list)
    tested: frozenset[tuple[str, str]] = frozenset()  # (enemy, rat) spot tests made
    reinforcements_left: int = 0
    enemy_serial: int = 0
    objective: Cell | None = None  # where the documents lie (None: carried or none)
    carrier: str | None = None
    winner: int | None = None
    reason: str = ""
    # Rules edition: 2 gives traps the Agility save and lets the umpire choose where his
    # hidden trap lies (docs, Interpretation 31); 3 lets a point dress a comrade's yellow
    # wound and gives the defenders their wound penalties (Interpretations 7 and 16).
    # Older editions are how games saved before those changes replay.
    edition: int = 3
    # The events of setting up (the log's first lines, ``TRState.opening_events``): made
    # once by ``new_game``, never part of the snapshot, ignored by comparisons.
    opening: list[Event] = field(default_factory=list, compare=False, repr=False)

    # -- convenience ---------------------------------------------------------------
    @property
    def rules(self) -> RulesNumbers:
        return load_rules_numbers()

    @property
    def tables(self) -> EnemyTables:
        return load_enemy_tables()

    def level(self, index: int) -> Level:
        return self.world.levels[index]

    def name_of(self, fid: str) -> str:
        """What players call figure ``fid`` ("The Ace", "VC Tuan"; the log's words)."""
        fig: Rat | Enemy | None = self.rats.get(fid) or self.enemies.get(fid)
        return fid if fig is None else fig.name

    @property
    def side_names(self) -> tuple[str, str]:
        """The two sides as the scenario names them, rats first."""
        return self.scenario.side_names

    def figure_side(self, fid: str) -> int:
        return RATS if fid in self.rats else DEFENDERS

    def living_rats(self) -> list[Rat]:
        return [r for r in self.rats.values() if r.alive]

    def living_enemies(self) -> list[Enemy]:
        return [e for e in self.enemies.values() if e.alive]

    def rat_sight(self, rat: Rat) -> frozenset[Cell]:
        return self.level(rat.level).field_of_view(rat.cell, self.rules.sight_range)

    def enemy_sight(self, enemy: Enemy) -> frozenset[Cell]:
        return self.level(enemy.level).field_of_view(enemy.cell, self.rules.enemy_sight_range)

    def enemy_visible(self, enemy: Enemy) -> bool:
        """The rats see this enemy: he is in the flashlight and line of sight of a rat."""
        return enemy.alive and any(
            r.level == enemy.level and enemy.cell in self.rat_sight(r) for r in self.living_rats()
        )

    def visible_enemy_ids(self) -> frozenset[str]:
        """The enemies some rat sees now (same answer as :meth:`enemy_visible` for each;
        each rat's sight is looked up once)."""
        sights = [(r.level, self.rat_sight(r)) for r in self.rats.values() if r.alive]
        return frozenset(
            e.id
            for e in self.enemies.values()
            if e.alive and any(lv == e.level and e.cell in seen for lv, seen in sights)
        )

    def trap_known(self, trap: Trap) -> bool:
        """Obvious traps are known to the rats once their cell has been seen."""
        return trap.armed and not trap.hidden and trap.cell in self.explored[trap.level]

    def entrance_known(self, entrance: Entrance, seat: int) -> bool:
        return seat == DEFENDERS or entrance.id in self.found

    def occupied(self, level: int) -> dict[Cell, str]:
        out = {r.cell: r.id for r in self.living_rats() if r.level == level}
        out.update({e.cell: e.id for e in self.living_enemies() if e.level == level})
        return out

    def visible_cells(self, level: int) -> frozenset[Cell]:
        cells: set[Cell] = set()
        for r in self.living_rats():
            if r.level == level:
                cells |= self.rat_sight(r)
        return frozenset(cells)

    # -- the contract ------------------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.winner is not None else self.to_act

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        killed = sum(1 for e in self.enemies.values() if not e.alive)
        lost = sum(1 for r in self.rats.values() if not r.alive)
        return Outcome(winners=(self.winner,), reason=self.reason, scores=(killed, lost))

    def legal_actions(self) -> tuple[Action, ...]:
        if self.winner is not None:
            return ()
        out: list[Action] = []
        if self.to_act == RATS:
            vis = self.visible_enemy_ids()
            for rat in self.rats.values():
                if rat.can_act:
                    out.extend(self._rat_actions(rat, vis))
        else:
            for enemy in self.enemies.values():
                if enemy.can_act:
                    out.extend(self._enemy_actions(enemy))
        out.append(Forfeit())
        return tuple(out)

    def clone(self) -> Self:
        return replace(
            self,
            rng=self.rng.clone(),
            rats=dict(self.rats),
            enemies=dict(self.enemies),
            traps=dict(self.traps),
            explored=list(self.explored),
            points=list(self.points),
            noise=list(self.noise),
        )

    # -- legality ---------------------------------------------------------------------
    def why_not(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else the rule it breaks. Agrees exactly with
        ``legal_actions()``: an action of a figure is legal iff it is in that figure's
        list; the text only explains which rule keeps it out."""
        if self.winner is not None:
            return "the game is over: Tunnel Rats, Victory"
        legality = LEGALITY.get(type(action))
        if legality is not None and legality.rule is None:
            return None
        fid = getattr(action, "figure", None)
        if not isinstance(fid, str) or legality is None:
            return f"{action.to_str()!r} is not an action of this game: Tunnel Rats, Actions"
        side = self.to_act
        fig: Rat | Enemy | None = (self.rats if side == RATS else self.enemies).get(fid)
        if fig is None:
            whose = "the rats" if side == RATS else "the defenders"
            return f"{fid} is not a figure of {whose}: Tunnel Rats, Action points"
        if not fig.can_act:
            state = "dead" if not fig.alive else "pinned until a comrade reaches him"
            return f"{fid} cannot act ({state}): Tunnel Rats, Wounds"
        if (legality.allowed or _listed)(self, fig, action):
            return None
        return f"{action.to_str()!r} is not allowed now: {self._broken_rule(fig, action)}"

    def _broken_rule(self, fig: Rat | Enemy, action: Action) -> str:
        """The most specific rule a refused action of ``fig`` breaks (for messages)."""
        legality = LEGALITY[type(action)]
        broken = legality.broken(self, fig, action) if legality.broken is not None else None
        assert legality.rule is not None
        return broken or legality.rule

    def stances_at(self, wounds: WoundLevel, level: int, cell: Cell) -> tuple[Stance, ...]:
        cap = self.level(level).max_stance(cell)
        return tuple(s for s in allowed_stances(wounds, self.rules) if s.rank <= cap.rank)

    def move_reach(self, fig: Rat | Enemy, stance: Stance, blocked: set[Cell]) -> Reach:
        """Where ``fig`` can move in ``stance``: not through ``blocked`` cells, nor (a
        rat) onto booby traps he knows of."""
        stop = blocked | self._known_trap_cells(fig)
        return self.level(fig.level).reach(
            fig.cell, self.rules.stance_move.get(stance), stance, stop
        )

    def _known_trap_cells(self, fig: Rat | Enemy) -> set[Cell]:
        """Cells of armed traps a rat knows of on his level (defenders avoid none)."""
        if not isinstance(fig, Rat):
            return set()
        return {t.cell for t in self.traps.values() if t.level == fig.level and self.trap_known(t)}

    def blocking_for(self, fig: Rat | Enemy, vis: frozenset[str] | None = None) -> set[Cell]:
        """Cells a figure's side knows to be taken (it cannot move through them)."""
        if isinstance(fig, Rat):
            cells = {r.cell for r in self.living_rats() if r.level == fig.level}
            vis = self.visible_enemy_ids() if vis is None else vis
            cells |= {e.cell for e in self.living_enemies() if e.level == fig.level and e.id in vis}
        else:
            cells = {e.cell for e in self.living_enemies() if e.level == fig.level}
            cells |= {r.cell for r in self.living_rats() if r.level == fig.level and r.spotted}
        cells.discard(fig.cell)
        return cells

    def _moves(self, fig: Rat | Enemy, vis: frozenset[str] | None = None) -> list[Action]:
        """Every move of ``fig``, stance by stance, then his changes of stance."""
        lv = self.level(fig.level)
        stop = self.blocking_for(fig, vis) | self._known_trap_cells(fig)
        move = self.rules.stance_move.get
        out: list[Action] = []
        for stance in allowed_stances(fig.wounds, self.rules):
            out.extend(lv.move_actions(fig.id, lv.reach_key(fig.cell, move(stance), stance, stop)))
        out.extend(self._stance_changes(fig))
        return out

    def _move_allowed(self, fig: Rat | Enemy, action: Move) -> bool:
        """``action`` is one of :meth:`_moves` (without listing them all)."""
        if action.cell == fig.cell or action.stance not in allowed_stances(fig.wounds, self.rules):
            return False
        return action.cell in self.move_reach(fig, action.stance, self.blocking_for(fig)).costs

    def _stance_changes(self, fig: Rat | Enemy) -> list[ChangeStance]:
        cap = self.level(fig.level).max_stance(fig.cell).rank
        allowed = allowed_stances(fig.wounds, self.rules)
        return [
            ChangeStance(fig.id, s)
            for s in STANCES
            if s != fig.stance and s in allowed and s.rank <= cap
        ]

    def _entrances(self, fig: Rat | Enemy, seat: int) -> list[Action]:
        lv = self.level(fig.level)
        out: list[Action] = []
        for ent in self.world.entrances.values():
            if (
                ent.level == fig.level
                and ent.leads_to is not None
                and self.entrance_known(ent, seat)
                and lv.within(fig.cell, ent.cell, self.rules.melee_range)
            ):
                out.append(Enter(fig.id, ent.id))
        return out

    def _rat_actions(
        self, rat: Rat, vis: frozenset[str] | None = None, *, moves: bool = True
    ) -> list[Action]:
        """Everything ``rat`` may do now (without moves and stance changes if not
        ``moves``)."""
        rules = self.rules
        lv = self.level(rat.level)
        out = self._moves(rat, vis) if moves else []
        out.extend(self._entrances(rat, RATS))
        sight = self.rat_sight(rat)
        targets = [e for e in self.living_enemies() if e.level == rat.level and e.cell in sight]
        if rat.loaded > 0:
            out.extend(Shoot(rat.id, e.id) for e in targets)
        out.extend(
            Melee(rat.id, e.id) for e in targets if lv.within(rat.cell, e.cell, rules.melee_range)
        )
        out.append(Search(rat.id))
        for trap in self.traps.values():
            if (
                trap.level == rat.level
                and self.trap_known(trap)
                and lv.within(rat.cell, trap.cell, rules.search_range)
            ):
                out.append(Search(rat.id, trap.id))
        for pat in self.rats.values():
            if not pat.alive or pat.level != rat.level:
                continue
            if pat.id != rat.id and not lv.within(rat.cell, pat.cell, rules.dress_range):
                continue
            if rat.fafd and pat.wounds in (WoundLevel.YELLOW, WoundLevel.RED):
                out.append(Dress(rat.id, pat.id, True))
            # A point dresses a comrade like a dressing (edition 3; before: red only).
            point_helps = (
                (WoundLevel.YELLOW, WoundLevel.RED) if self.edition >= 3 else (WoundLevel.RED,)
            )
            if pat.id != rat.id and pat.wounds in point_helps:
                out.append(Dress(rat.id, pat.id, False))
        gun = rat.gun_card
        if rat.spare > 0 and rat.loaded < gun.shots and (gun.kind == "revolver" or rat.loaded == 0):
            out.append(Reload(rat.id))
        return out

    def _enemy_actions(self, enemy: Enemy, *, moves: bool = True) -> list[Action]:
        """Everything ``enemy`` may do now (without moves and stance changes if not
        ``moves``)."""
        lv = self.level(enemy.level)
        out = self._moves(enemy) if moves else []
        out.extend(self._entrances(enemy, DEFENDERS))
        sight = self.enemy_sight(enemy)
        targets = [
            r
            for r in self.living_rats()
            if r.level == enemy.level
            and r.spotted
            and r.cell in sight
            and enemy_to_hit(enemy, r.stance, self.tables) is not None
        ]
        out.extend(Shoot(enemy.id, r.id) for r in targets)
        out.extend(
            Melee(enemy.id, r.id)
            for r in targets
            if lv.within(enemy.cell, r.cell, self.rules.melee_range)
        )
        return out


def _listed(st: TRModel, fig: Rat | Enemy, action: Action) -> bool:
    """The action is among the figure's own listed actions now (moves aside)."""
    if isinstance(fig, Rat):
        return action in st._rat_actions(fig, moves=False)
    return action in st._enemy_actions(fig, moves=False)


def _stance_broken(st: TRModel, fig: Rat | Enemy, action: Move | ChangeStance) -> str | None:
    if action.stance not in allowed_stances(fig.wounds, st.rules):
        wounds = fig.wounds.name.lower()
        return f"cannot go {action.stance.value} while wounded {wounds}: Tunnel Rats, Wounds"
    return None


def _same_stance(st: TRModel, fig: Rat | Enemy, action: ChangeStance) -> str | None:
    if action.stance is fig.stance:
        return f"{fig.id} is already {fig.stance.value}: Tunnel Rats, Stances"
    return None


def _reload_broken(fig: Rat | Enemy) -> str | None:
    if not isinstance(fig, Rat):
        return None
    if fig.spare == 0:
        return f"{fig.id} has no rounds left in his pouch: Tunnel Rats, Reloading"
    if fig.loaded >= fig.gun_card.shots:
        return f"{fig.id}'s gun is full: Tunnel Rats, Reloading"
    return None


@dataclass(frozen=True)
class Legality:
    """How Tunnel Rats judges one action type (the legality half of its dispatch table;
    the resolution half is ``resolve.HANDLERS``, by the same action types). ``rule``:
    the section of the rules its legality comes from (None: open to the side to act
    while the game is on, as forfeiting); ``allowed``: whether the acting figure may
    take it now (None: it is among the figure's own listed actions); ``broken``: the
    more specific rule a refused one breaks, if any."""

    rule: str | None
    allowed: Callable[[TRModel, Rat | Enemy, Any], bool] | None = None
    broken: Callable[[TRModel, Rat | Enemy, Any], str | None] | None = None


LEGALITY: dict[type[Action], Legality] = {
    Forfeit: Legality(None),
    Move: Legality(
        "Tunnel Rats, Movement (reach by stance, terrain and wounds)",
        allowed=lambda st, fig, a: st._move_allowed(fig, a),
        broken=_stance_broken,
    ),
    ChangeStance: Legality(
        "Tunnel Rats, Movement (stances allowed by terrain and wounds)",
        allowed=lambda st, fig, a: a in st._stance_changes(fig),
        broken=lambda st, fig, a: _stance_broken(st, fig, a) or _same_stance(st, fig, a),
    ),
    Enter: Legality("Tunnel Rats, Levels (a known entrance within 1 inch)"),
    Shoot: Legality(
        "Tunnel Rats, Firing (a visible enemy in line of sight, ammunition)",
        broken=lambda _st, fig, _a: (
            f"{fig.id}'s gun is empty, reload first: Tunnel Rats, Firing"
            if isinstance(fig, Rat) and fig.loaded == 0
            else None
        ),
    ),
    Melee: Legality("Tunnel Rats, Close combat (a visible enemy within 1 inch)"),
    Search: Legality("Tunnel Rats, Searching (a known booby trap within 2 inches)"),
    Dress: Legality(
        "Tunnel Rats, Dressing wounds (a wounded comrade within 1 inch)",
        broken=lambda _st, fig, a: (
            f"{fig.id} has used his field dressing: Tunnel Rats, Dressing wounds"
            if isinstance(fig, Rat) and a.use_fafd and not fig.fafd
            else None
        ),
    ),
    Reload: Legality(
        "Tunnel Rats, Reloading (a revolver any time, other guns when empty)",
        broken=lambda _st, fig, _a: _reload_broken(fig),
    ),
}
"""Each action type's legality: the section of the rules it comes from and how it is
judged."""
