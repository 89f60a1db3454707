"""What one seat of Tunnel Rats may know (fog of war).

- The rats see the level plans without hidden traps, hidden entrances or the
  defenders' zones (the UI draws only ``explored`` cells), their own figures, the
  defenders in a rat's flashlight and line of sight, the parts of each level their
  flashlights have shown (``explored``), known obvious booby traps and the entrances
  they know. Hidden traps, the umpire's trap die and unseen defenders are never in
  their view. A rat shows as spotted only when a defender the rats can see has him
  in sight.
- The defenders know their tunnels (every cell, trap and entrance, the umpire's trap
  die) and all their soldiers, but see a rat only while he is spotted.
- A spectator (``seat=None``) sees everything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.api import Sealed, SeatView
from game.rules.tunnel_rats.data import EnemyTables, RulesNumbers, Scenario
from game.rules.tunnel_rats.events import DEFENDERS, RATS
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.state import Trap, TRModel
from game.rules.tunnel_rats.world import Entrance, Level


@dataclass(frozen=True, kw_only=True)
class TRView(SeatView):
    scenario: Scenario
    round: int
    points: tuple[int, int]
    rats: tuple[Rat, ...]
    enemies: tuple[Enemy, ...]
    traps: tuple[Trap, ...]
    entrances: tuple[Entrance, ...]
    levels: tuple[Level, ...]
    explored: tuple[frozenset[Cell], ...] | None  # None: the whole map is known
    visible: tuple[frozenset[Cell], ...]  # cells the rats' flashlights show now
    noise: tuple[int, ...]
    pending_trap: str | None  # the rat the umpire's trap waits for (defenders only)
    objective: Cell | None
    carrier: str | None
    rules: RulesNumbers
    tables: EnemyTables
    killed: int = 0  # defenders killed so far (every kill happens in a rat's sight)
    rats_lost: int = 0  # rats killed so far (both sides know it)
    edition: int = 3  # the rules edition the game plays by (TRModel.edition)

    def rat(self, rid: str) -> Rat | None:
        return next((r for r in self.rats if r.id == rid), None)

    def enemy(self, eid: str) -> Enemy | None:
        return next((e for e in self.enemies if e.id == eid), None)

    def knows_cell(self, level: int, cell: Cell) -> bool:
        return self.explored is None or cell in self.explored[level]

    def exits(self) -> tuple[tuple[str, Cell], ...]:
        """The ways out, by name and cell: the open entrances of the first level that
        lie among the rats' deployment cells ("out" is such a cell, Interpretation 15).
        Every side knows them: the rats came in that way."""
        if not self.levels:
            return ()
        first = self.levels[0]
        start = set(first.deployment.get("rats", ()))
        return tuple(
            (name, cell)
            for name, cell, leads, hidden in first.entrance_cells
            if cell in start and not leads and not hidden
        )

    def progress(self) -> tuple[str, ...]:
        """Short lines for the side panel on how the scenario stands, as it scores: the
        round against the limit, the rats' goal (defenders killed, the documents, the
        wounded man) and the rats' losses (the defenders win when every rat is dead)."""
        rats, defenders = self.scenario.side_names
        goal = self.scenario.victory
        lines = [f"Round {self.round} of {self.scenario.round_limit}"]
        if goal.kind == "eliminate":
            start = sum(spec.count for spec in self.scenario.enemies)
            lines.append(f"{defenders} killed: {self.killed} ({start} at the start)")
            if self.scenario.max_reinforcements:
                lines.append(f"Up to {self.scenario.max_reinforcements} more may come up")
        else:
            way_out = " or ".join(name for name, _ in self.exits()) or "the way in"
            if goal.kind == "retrieve":
                carrier = self.rat(self.carrier) if self.carrier else None
                if carrier is not None:
                    lines.append(f"Documents: carried by {carrier.name}")
                elif self.carrier is not None:
                    lines.append("Documents: taken by a rat")
                else:
                    lines.append(f"Documents: on level {goal.objective_level + 1}")
            else:
                team = self.scenario.rats + 1
                wounded = next((r for r in self.rats if r.id == f"r{team}" and r.alive), None)
                if wounded is not None:
                    state = "not reached yet" if wounded.pinned else "reached"
                    lines.append(f"{wounded.name} (wounded): {state}")
            lines.append(f"Way out: {way_out}")
        team = self.scenario.rats + (1 if goal.kind == "rescue" else 0)
        lines.append(f"{rats} killed: {self.rats_lost} of {team}")
        return tuple(lines)


def make_view(st: TRModel, seat: int | None) -> TRView:
    visible_cells = tuple(st.visible_cells(i) for i in range(len(st.world.levels)))
    if seat == RATS:
        vis = st.visible_enemy_ids()
        enemies = tuple(e for e in st.enemies.values() if e.id in vis)
        rats = tuple(
            r
            if not r.spotted
            or any(e.level == r.level and r.cell in st.enemy_sight(e) for e in enemies)
            else replace(r, spotted=False)
            for r in st.rats.values()
        )
        traps = tuple(t for t in st.traps.values() if st.trap_known(t))
        entrances = tuple(e for e in st.world.entrances.values() if e.id in st.found)
        explored: tuple[frozenset[Cell], ...] | None = tuple(st.explored)
        pending: str | None = None
    else:
        enemies = tuple(st.enemies.values())
        rats = tuple(r for r in st.rats.values() if seat is None or r.spotted)
        traps = tuple(st.traps.values())
        entrances = tuple(st.world.entrances.values())
        explored = None
        pending = st.pending_trap
    if seat == DEFENDERS:
        visible_cells = tuple(frozenset() for _ in visible_cells)
    objective = st.objective
    goal = st.scenario.victory
    if (
        seat == RATS
        and objective is not None
        and goal.kind == "retrieve"
        and not st.scenario.objective_briefed
        and objective not in st.explored[goal.objective_level]
    ):
        objective = None  # the briefing names the level only: unseen until found
    return TRView(
        seat=seat,
        current_player=st.current_player(),
        candidate_actions=st.legal_actions() if seat is not None and seat == st.to_act else (),
        outcome=st.outcome(),
        sealed=Sealed(st.clone(), seat) if seat is not None else None,
        scenario=st.scenario,
        round=st.round,
        points=(st.points[0], st.points[1]),
        rats=rats,
        enemies=enemies,
        traps=traps,
        entrances=entrances,
        levels=tuple(lv.public() for lv in st.world.levels) if seat == RATS else st.world.levels,
        explored=explored,
        visible=visible_cells,
        noise=tuple(st.noise),
        pending_trap=pending,
        objective=objective,
        carrier=st.carrier,
        rules=st.rules,
        tables=st.tables,
        killed=sum(1 for e in st.enemies.values() if not e.alive),
        rats_lost=sum(1 for r in st.rats.values() if not r.alive),
        edition=st.edition,
    )
