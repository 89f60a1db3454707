"""The ``setup`` section of a Tunnel Rats ``explain`` position (``game.core.position_setup``).

::

    setup:
      to_act: rats                     # rats or defenders: the side whose go it is
      figures:                         # rats and defenders by id or name
        The Ace: {at: [4, 2], stance: crouching, wounds: yellow, loaded: 6, spare: 12}
        e1: {at: [9, 2], level: 0, stance: running}

``at`` is a map cell ``[x, y]`` of the figure's level (``level``: the index of the
scenario's maps, unchanged when omitted); it must be open ground. ``wounds``: ``none``,
``yellow`` or ``red``. Figures not named stay where the actions left them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.position_setup import SetupHook, SetupProblem, one_of
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.events import DEFENDERS, RATS
from game.rules.tunnel_rats.figures import Enemy, Rat
from game.rules.tunnel_rats.state import TRModel

_WOUNDS = {"none": WoundLevel.NONE, "yellow": WoundLevel.YELLOW, "red": WoundLevel.RED}


class FigureSetup(BaseModel):
    """One figure: cell, level, stance, wounds; a rat's rounds and field dressing."""

    model_config = ConfigDict(extra="forbid")
    at: tuple[int, int] | None = None
    level: int | None = Field(default=None, ge=0)
    stance: Stance | None = None
    wounds: Literal["none", "yellow", "red"] | None = None
    loaded: int | None = Field(default=None, ge=0)
    spare: int | None = Field(default=None, ge=0)
    fafd: bool | None = None
    spotted: bool | None = None


class TunnelRatsSetup(BaseModel):
    """A Tunnel Rats situation: figures placed with their state, the side to act."""

    model_config = ConfigDict(extra="forbid")
    to_act: Literal["rats", "defenders"] | None = None
    figures: dict[str, FigureSetup] = Field(default_factory=dict)


def apply_setup(state: TRModel, setup: TunnelRatsSetup) -> None:
    """Move and mark the figures as ``setup`` says."""
    known: dict[str, Rat | Enemy] = {}
    everyone: list[Rat | Enemy] = [*state.rats.values(), *state.enemies.values()]
    for each in everyone:
        known[each.name] = each
    known.update(state.rats)
    known.update(state.enemies)
    for key, want in setup.figures.items():
        fig = one_of(["figures", key], key, known, "a figure's id or name")
        level = fig.level if want.level is None else want.level
        if level >= len(state.world.levels):
            raise SetupProblem(["figures", key, "level"], f"below {len(state.world.levels)}")
        cell = fig.cell if want.at is None else want.at
        if not state.level(level).passable(cell):
            raise SetupProblem(["figures", key, "at"], f"an open cell of level {level}")
        changes: dict[str, object] = {"level": level, "cell": cell}
        if want.stance is not None:
            changes["stance"] = want.stance
        if want.wounds is not None:
            changes["wounds"] = _WOUNDS[want.wounds]
        rat_only = {"loaded": want.loaded, "spare": want.spare, "fafd": want.fafd}
        rat_only["spotted"] = want.spotted
        for name, value in rat_only.items():
            if value is None:
                continue
            if not isinstance(fig, Rat):
                raise SetupProblem(["figures", key, name], "a rat's value (not a defender's)")
            changes[name] = value
        if isinstance(fig, Rat):
            state.rats[fig.id] = replace(fig, **changes)  # type: ignore[arg-type]
        else:
            state.enemies[fig.id] = replace(fig, **changes)
    if setup.to_act is not None:
        state.to_act = RATS if setup.to_act == "rats" else DEFENDERS


SETUP = SetupHook(TunnelRatsSetup, apply_setup)
