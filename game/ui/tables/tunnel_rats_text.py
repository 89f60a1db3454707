"""Words for the Tunnel Rats table's prompt: what an action does and what to do next."""

from __future__ import annotations

from game.core.api import Action
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
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.view import TRView


def _name(view: TRView, fid: str) -> str:
    enemy = view.enemy(fid)
    return enemy.label if enemy is not None else fid


def describe(action: Action, view: TRView) -> str:
    """A short sentence for a proposed action ("r1 fires at VC v2")."""
    if isinstance(action, Shoot):
        return f"{action.figure} fires at {_name(view, action.target)}"
    if isinstance(action, Melee):
        return f"{action.figure} fights {_name(view, action.target)} hand to hand"
    if isinstance(action, Search):
        if action.trap:
            return f"{action.figure} tries to disarm the booby trap {action.trap}"
        return f"{action.figure} searches for hidden entrances within 2 in"
    if isinstance(action, Dress):
        how = "his field dressing" if action.use_fafd else "an action point"
        return f"{action.figure} dresses {action.patient}'s wound with {how}"
    if isinstance(action, Enter):
        ent = next((e for e in view.entrances if e.id == action.entrance), None)
        where = ent.name if ent is not None else action.entrance
        return f"{action.figure} goes through the {where}"
    if isinstance(action, Forfeit):
        return "Give up this action point"
    if isinstance(action, Move):
        return f"{action.figure} moves {action.stance.value} to {action.cell[0]},{action.cell[1]}"
    if isinstance(action, ChangeStance):
        return f"{action.figure} goes {action.stance.value} where he is"
    if isinstance(action, Reload):
        return f"{action.figure} reloads"
    return action.to_str()


def help_lines(
    view: TRView, fig: Rat | Enemy, stance: Stance, cell: Cell | None
) -> tuple[str, tuple[str, ...]]:
    """The prompt while nothing is proposed: the figure, its stance and what to try."""
    inches = view.rules.stance_move.get(stance)
    title = f"{fig.id}: moving {stance.value} ({stance.letter}, {inches:g} in)"
    lines = ["Click a lit cell to move (arrows + Enter by keys); R/O/A stance."]
    seen = view.enemies if isinstance(fig, Rat) else view.rats
    targets = [f for f in seen if f.alive and f.level == fig.level]
    shots = {
        getattr(a, "target", "") for a in view.legal_actions if getattr(a, "figure", "") == fig.id
    }
    aim = [f.id for f in targets if f.id in shots]
    if aim:
        lines.append(f"To aim at {', '.join(aim)}: click him on the map (or F / C).")
    if isinstance(fig, Rat) and fig.loaded == 0:
        lines.append("The gun is empty: L reloads.")
    if view.pending_trap is not None:
        lines.append(f"The umpire's hidden trap waits for {view.pending_trap} this round.")
    if cell is not None and not view.knows_cell(fig.level, cell):
        lines.append("That ground is unexplored.")
    return title, tuple(lines)
