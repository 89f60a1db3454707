"""The open table: what two people sharing one screen both see (hotseat ``open``).

At an open table the rats' and the defenders' players look at the same board, so
everything on it is known to both: every rat and every defender where he stands (with
the defenders' knowledge of which rats are spotted), the tunnel plan, the obvious
booby traps and the entrances anyone may know. Only what the automated umpire keeps
behind his screen stays hidden from both: hidden booby traps, hidden entrances not yet
found, the umpire's trap die and the rat his trap waits for.

The log of an open table shows what the rats may see (that never holds an umpire's
secret) and the defenders' figures moving, spotting and arriving; the defenders' own
dice and notes stay out, because the umpire's trap die is one of them.
"""

from __future__ import annotations

from game.core.api import DieRolled, Event, Note, Sealed
from game.rules.tunnel_rats.events import DEFENDERS, RATS
from game.rules.tunnel_rats.state import TRModel
from game.rules.tunnel_rats.view import TRView


def open_view(st: TRModel, seat: int | None) -> TRView:
    """The board both players see; ``seat`` is the side at the controls (its candidate
    actions are listed when it is that side's point)."""
    levels = tuple(lv.public() for lv in st.world.levels)
    return TRView(
        seat=seat,
        current_player=st.current_player(),
        candidate_actions=st.legal_actions() if seat is not None and seat == st.to_act else (),
        outcome=st.outcome(),
        sealed=Sealed(st.clone(), seat) if seat is not None else None,
        scenario=st.scenario,
        round=st.round,
        points=(st.points[0], st.points[1]),
        rats=tuple(st.rats.values()),
        enemies=tuple(st.enemies.values()),
        traps=tuple(t for t in st.traps.values() if not t.hidden),
        entrances=tuple(e for e in st.world.entrances.values() if not e.hidden or e.id in st.found),
        levels=levels,
        explored=None,
        visible=tuple(st.visible_cells(i) for i in range(len(levels))),
        noise=tuple(st.noise),
        pending_trap=None,
        objective=st.objective,
        carrier=st.carrier,
        rules=st.rules,
        tables=st.tables,
        killed=sum(1 for e in st.enemies.values() if not e.alive),
        rats_lost=sum(1 for r in st.rats.values() if not r.alive),
    )


def open_table_sees(event: Event) -> bool:
    """Whether the open table's log and animations show ``event`` (see the module)."""
    if event.visible(RATS):
        return True
    return event.visible(DEFENDERS) and not isinstance(event, (DieRolled, Note))
