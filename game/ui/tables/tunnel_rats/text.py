"""Words for the Tunnel Rats table's prompt: what an action does and what to do next."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
from game.rules.tunnel_rats.events import inches
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.view import TRView


def name(view: TRView, fid: str | None) -> str:
    """What players call figure ``fid`` ("The Ace", "VC Tuan"); "someone" for a figure
    the view does not hold."""
    fig = (view.rat(fid) or view.enemy(fid)) if fid else None
    return fig.name if fig is not None else "someone"


def side_name(view: TRView, seat: int | None) -> str:
    """A seat's side as the scenario names it ("the Tunnel Rats"), for sentences."""
    if seat not in (0, 1):
        return "nobody"
    return f"the {view.scenario.side_names[seat]}"


def describe(action: Action, view: TRView) -> str:
    """A short sentence for a proposed action ("The Ace fires at VC Tuan"): its words in
    :data:`CHOICES`."""
    choice = CHOICES.get(type(action))
    if choice is None:
        return "An action"
    return choice.words(name(view, getattr(action, "figure", None)), action, view)


def lit_button(action: Action) -> str | None:
    """The panel button lit while ``action`` is proposed (None: none of them)."""
    choice = CHOICES.get(type(action))
    return choice.button(action) if choice is not None else None


def _search(who: str, action: Search, view: TRView) -> str:
    if action.trap:
        return f"{who} tries to disarm the booby trap"
    return f"{who} searches for hidden entrances within {inches(view.rules.search_range)}"


def _dress(who: str, action: Dress, view: TRView) -> str:
    how = "his field dressing" if action.use_fafd else "an action point"
    if action.patient == action.figure:
        return f"{who} dresses his own wound with {how}"
    return f"{who} dresses {name(view, action.patient)}'s wound with {how}"


def _enter(who: str, action: Enter, view: TRView) -> str:
    ent = next((e for e in view.entrances if e.id == action.entrance), None)
    where = f"the {ent.name}" if ent is not None else "an entrance"
    return f"{who} goes through {where}"


def _move(who: str, action: Move, view: TRView) -> str:
    fig = view.rat(action.figure) or view.enemy(action.figure)
    if fig is None:
        return f"{who} moves {action.stance.value}"
    away = view.levels[fig.level].distance(fig.cell, action.cell)
    return f"{who} moves {action.stance.value} to a spot {inches(away)} away"


@dataclass(frozen=True)
class Choice:
    """How the table offers one action type: ``words``, its sentence (given who acts,
    the action and the view); ``button``, the panel button lit while it is proposed
    (None: none; a move or stance change lights its stance instead)."""

    words: Callable[[str, Any, TRView], str]
    button: Callable[[Any], str | None] = lambda _action: None


def _lit(command: str) -> Callable[[Any], str | None]:
    return lambda _action: command


#: The table's half of Tunnel Rats' dispatch table, by the action types of the rules'
#: ``state.LEGALITY`` and ``resolve.HANDLERS``.
CHOICES: dict[type[Action], Choice] = {
    Shoot: Choice(lambda who, a, view: f"{who} fires at {name(view, a.target)}", _lit("fire")),
    Melee: Choice(
        lambda who, a, view: f"{who} fights {name(view, a.target)} hand to hand", _lit("melee")
    ),
    Search: Choice(_search, lambda a: "trap" if a.trap else "search"),
    Dress: Choice(_dress, _lit("dress")),
    Enter: Choice(_enter, _lit("enter")),
    Forfeit: Choice(lambda _who, _a, _view: "Give up this action point", _lit("forfeit")),
    Move: Choice(_move),
    ChangeStance: Choice(lambda who, a, _view: f"{who} goes {a.stance.value} where he is"),
    Reload: Choice(lambda who, _a, _view: f"{who} reloads"),
}


def help_lines(
    view: TRView, fig: Rat | Enemy, stance: Stance, cell: Cell | None
) -> tuple[str, tuple[str, ...]]:
    """The prompt while nothing is proposed: the figure, its stance and what to try."""
    allowance = view.rules.stance_move.get(stance)
    title = f"{fig.name}: moving {stance.value} ({stance.letter}, {inches(allowance)})"
    lines = ["Click a lit cell to move (arrows + Enter by keys); R/O/A stance."]
    seen = view.enemies if isinstance(fig, Rat) else view.rats
    targets = [f for f in seen if f.alive and f.level == fig.level]
    shots = {
        getattr(a, "target", "") for a in view.legal_actions if getattr(a, "figure", "") == fig.id
    }
    aim = [f.name for f in targets if f.id in shots]
    if aim:
        lines.append(f"To aim at {', '.join(aim)}: click him on the map (or F / C).")
    if isinstance(fig, Rat) and fig.loaded == 0:
        lines.append("The gun is empty: L reloads.")
    if view.pending_trap is not None:
        victim = name(view, view.pending_trap) if view.rat(view.pending_trap) else "the point man"
        lines.append(f"The umpire's hidden trap waits for {victim} this round.")
    if cell is not None and not view.knows_cell(fig.level, cell):
        lines.append("That ground is unexplored.")
    return title, tuple(lines)
