"""What a RatFight player is told about the game as a whole: each force in words, the set
up logged at the start, and the side panel's progress lines (turn, casualties against
morale, objectives held).

Morale (RatFight, Turn Sequence 6): at each turn's end every force draws one card (two
or three with a leader standing) and keeps the best; it must beat the force's
casualties, or the force leaves the table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.maps.tabletop import TableFeature
from game.rules.ratfight.board import Board, short_title
from game.rules.ratfight.data import Ability, ForceEntry, Scenario, ScenarioEvent, units
from game.rules.ratfight.events import ForcesPlaced, mid
from game.rules.ratfight.flow import casualties
from game.rules.ratfight.model import Status

ABILITY_WORDS = {
    Ability.DEAD_SHOT: "Dead Shot",
    Ability.BRUISER: "Bruiser",
    Ability.INSPIRING: "Inspiring",
}


def lower_first(title: str) -> str:
    """A title inside a sentence: "Manual rifle" -> "manual rifle"; "SMG gunner" and
    "HMG team" keep their capitals."""
    return title if title[:2].isupper() else title[:1].lower() + title[1:]


def plural(title: str, count: int) -> str:
    """ "1 rifleman", "7 riflemen", "2 SMG gunners" (a profile title in a count)."""
    word = lower_first(title)
    if count == 1:
        return f"1 {word}"
    word = word[:-3] + "men" if word.endswith("man") else word + "s"
    return f"{count} {word}"


def force_words(force: ForceEntry) -> str:
    """A force's models in words: named characters with what they are, then the rest
    counted by kind ("Lt Marchal (officer, leader, Inspiring), ..., 7 riflemen")."""
    table = units()
    named: list[str] = []
    counted: Counter[str] = Counter()
    for entry in force.models:
        title = short_title(table[entry.unit].title)
        if not entry.name:
            counted[title] += 1
            continue
        notes = [] if title.lower() in entry.name.lower() else [lower_first(title)]
        if entry.leader:
            notes.append("leader")
        notes += [ABILITY_WORDS[a] for a in entry.heroics]
        if entry.aboard is None and any(m.aboard == entry.id for m in force.models):
            riders = sum(1 for m in force.models if m.aboard == entry.id)
            notes.append(f"{riders} aboard")
        named.append(entry.name + (f" ({', '.join(notes)})" if notes else ""))
    parts = named + [plural(title, n) for title, n in counted.items()]
    return ", ".join(parts)


def opening_setup(scenario: Scenario) -> list[ForcesPlaced]:
    """The set-up, for the log: where each force starts and what it is."""
    out: list[ForcesPlaced] = []
    for seat, side in enumerate(scenario.sides):
        for force in side.forces:
            out.append(
                ForcesPlaced(
                    seat=seat,
                    force=force.name,
                    zone=force.deployment,
                    models=force_words(force),
                )
            )
    return out


def objective_name(board: Board, event: ScenarioEvent) -> str:
    """The objective's name as the map labels it ("Fountain")."""
    assert event.objective is not None
    try:
        return board.setting.objective(event.objective).name or event.objective
    except KeyError:
        return event.objective.replace("_", " ").capitalize()


def last_turn(scenario: Scenario) -> int | None:
    """The turn at whose end a side that holds out wins (None: no time limit)."""
    turns = [e.turns for e in scenario.events if e.kind == "hold" and e.turns is not None]
    return min(turns) if turns else None


def progress_lines(board: Board) -> tuple[str, ...]:
    """The side panel's progress: the turn (of how many), each objective and who stands
    at it, and each force's casualties against what its morale card must beat."""
    lines: list[str] = []
    limit = last_turn(board.setting.scenario)
    turn = max(1, board.turn)
    lines.append(f"Turn {turn} of {limit}" if limit else f"Turn {turn}")
    for event in board.setting.scenario.events:
        if event.kind == "hold" and event.turns is not None:
            side = mid(board.side_name(event.side))
            lines.append(f"Still held after turn {event.turns}: {side} win")
    for goal in objectives_now(board):
        lines.append(_objective_line(board, goal))
    for seat in (0, 1):
        for force in board.forces(seat):
            lines.append(_force_line(board, force))
    return tuple(lines)


@dataclass(frozen=True)
class ObjectiveNow:
    """An objective of the scenario as it stands: its name, the map feature, the side
    that must reach it, and that side's models standing at it (labels)."""

    name: str
    feature: TableFeature
    side: int
    there: tuple[str, ...]
    at_turn_end: bool


def objectives_now(board: Board) -> list[ObjectiveNow]:
    """Every objective a scenario event names, with who stands at it now (standing
    models of the side that must reach it, of the kind the event asks for)."""
    out: list[ObjectiveNow] = []
    for event in board.setting.scenario.events:
        if event.kind != "reach" or event.objective is None:
            continue
        try:
            feature = board.setting.objective(event.objective)
        except KeyError:
            continue
        there = tuple(
            f.label
            for f in board.figures.values()
            if f.side == event.side
            and f.status is Status.UP
            and (event.unit_kind is None or f.unit.kind == event.unit_kind)
            and board.touching(f, feature)
        )
        held = event.at_turn_end and board.edition >= 2
        name = feature.name or objective_name(board, event)
        out.append(ObjectiveNow(name, feature, event.side, there, held))
    return out


def _objective_line(board: Board, goal: ObjectiveNow) -> str:
    side = mid(board.side_name(goal.side))
    if not goal.there:
        return f"{goal.name}: none of {side} there"
    more = len(goal.there) - 1
    who = goal.there[0] + (f" and {more} more" if more else "")
    if goal.at_turn_end:
        return f"{goal.name}: {who} there; held if still there at the turn's end"
    return f"{goal.name}: {who} there"


def _force_line(board: Board, force: str) -> str:
    name = board.force_name(force)
    if force in board.broken:
        return f"{name}: broken, gone from the table"
    lost = casualties(board, force)
    down = sum(1 for f in board.figures.values() if f.force == force and f.status is Status.DOWN)
    downed = f", {down} Down" if down else ""
    return f"{name}: {lost} lost{downed}; morale must beat {lost}"
