"""The opening of a Tunnel Rats game as log lines: who goes down with what gun, where
the defenders wait (their side only), the entrances in the first flashlight beams and
the first round's dice (``TRState.opening_events``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.api import Event, Note
from game.rules.tunnel_rats.events import ONLY_DEFENDERS, ONLY_RATS, RATS, EntranceFound
from game.rules.tunnel_rats.state import TRModel


def opening(st: TRModel, first: Sequence[Event]) -> list[Event]:
    """The set-up lines, then ``first`` (the events of the first look round and the first
    round's dice, made by the umpire while setting up)."""
    rats, defenders = st.side_names
    start = set(st.level(0).deployment.get("rats", ()))
    way_in = next(
        (
            e.name
            for e in st.world.entrances.values()
            if e.level == 0 and e.cell in start and e.leads_to is None
        ),
        None,
    )
    down = f" down the {way_in}" if way_in else ""
    events: list[Event] = [Note(message=f"{st.scenario.title}: the {rats} go{down}.")]
    goal = st.scenario.victory
    for rat in sorted(st.rats.values(), key=lambda r: r.id):
        gun = rat.gun_card.name
        if rat.pinned:
            line = f"{rat.name} lies wounded at the far end, waiting for his comrades."
        else:
            line = f"{rat.name} goes in with a {gun} ({rat.gun_card.shots} rounds)."
        events.append(Note(message=line, visible_to=ONLY_RATS))
    levels = sorted({e.level for e in st.enemies.values()})
    for level in levels:
        here = [e for e in sorted(st.enemies.values(), key=lambda e: e.id) if e.level == level]
        names = ", ".join(f"{e.name} ({st.tables.weapons[e.weapon].name.lower()})" for e in here)
        where = f" on level {level + 1}" if len(st.world.levels) > 1 else ""
        events.append(
            Note(message=f"The {defenders} wait{where}: {names}.", visible_to=ONLY_DEFENDERS)
        )
    if goal.kind == "retrieve" and st.scenario.objective_briefed:
        events.append(
            Note(
                message=f"The prisoner's sketch marks the {goal.objective} on level "
                f"{goal.objective_level + 1}.",
                visible_to=frozenset({RATS}),
            )
        )
    # The way in needs no "finds": the rats stand in it.
    events.extend(
        e for e in first if not (isinstance(e, EntranceFound) and e.entrance_name == way_in)
    )
    return events
