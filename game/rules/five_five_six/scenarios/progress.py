"""How a 5.56mm game stands, in short lines for the side panel: the turn against the
scenario's deadline, each side's men still fighting and the dead against the next
Morale Test for losses (9.4: each quarter of the squad killed, Interpretation R14), and
each objective with who of the side that must reach it is there now (the scenario's
victory conditions: a go's end with enough men there wins)."""

from __future__ import annotations

from game.rules.five_five_six.board import Board
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.morale.play import squad_size
from game.rules.five_five_six.morale.rules import LOSS_STEP
from game.rules.five_five_six.turn.flow import on_the_ground


def progress_lines(board: Board) -> tuple[str, ...]:
    """``Turn 3 of 8``; ``Raiders: 5 of 6 fighting, 1 dead; morale test at 2 dead``;
    ``Radio mast: nobody there yet``."""
    scenario = board.setting.scenario
    deadlines = [v.turns for v in scenario.victory if v.kind == "hold" and v.turns is not None]
    lines = [f"Turn {board.turn} of {min(deadlines)}" if deadlines else f"Turn {board.turn}"]
    for seat, squad in enumerate(scenario.sides):
        lines.append(f"{squad.name}: {_casualties(board, seat)}")
    for victory in scenario.victory:
        if victory.kind != "reach" or victory.objective is None:
            continue
        feature = board.setting.objective(victory.objective)
        there = [
            c.name
            for c in board.fighting(victory.side)
            if on_the_ground(board, c) and board.touching(c, feature)
        ]
        name = feature.name or "The objective"
        side = scenario.sides[victory.side].name
        if victory.count > 1:
            lines.append(f"{name}: {len(there)} of the {victory.count} {side} needed there")
        elif there:
            lines.append(f"{name}: {', '.join(there)} there")
        else:
            lines.append(f"{name}: none of the {side} there yet")
    return tuple(lines)


def _casualties(board: Board, seat: int) -> str:
    """``5 of 6 fighting, 1 dead; morale test at 2 dead``: the men on the table able to act
    of the squad fielded so far, the dead, and the dead count at which the next quarter
    of the squad is lost (none when every quarter has been)."""
    size = squad_size(board, seat)
    fighting = len(board.fighting(seat))
    dead = sum(1 for c in board.side(seat) if c.status is Status.DEAD)
    line = f"{fighting} of {size} fighting" + (f", {dead} dead" if dead else "")
    step = (dead * LOSS_STEP) // size if size else LOSS_STEP
    if size and step < LOSS_STEP:
        at = next(k for k in range(dead + 1, size + 1) if (k * LOSS_STEP) // size > step)
        line += f"; morale test at {at} dead"
    return line
