"""The maps the setup screen's Map step offers for a system, and what goes with each.

:func:`map_choices`: "The shipped scenarios" first (no ``map`` option: the book's
scenarios, as before), then the maps :func:`game.maps.user_maps.list_maps` finds for the
system: the shipped ones, then the player's own in ``<data dir>/maps`` (where "Set up my
map folder for Tiled" prepares them), each by its title.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from game.core.briefing import briefing_for
from game.core.errors import SkirmishError
from game.core.registry import get_ruleset
from game.maps.user_maps import list_maps, map_option_text, scenario_beside
from game.storage import user_maps_dir

__all__ = [
    "MapChoice",
    "map_choices",
    "map_option_text",
    "scenario_beside",
    "scenario_line",
    "zone_names",
]

Group = Literal["scenarios", "shipped", "mine", "typed"]


@dataclass(frozen=True)
class MapChoice:
    """One line of the Map step: ``label`` as listed, ``path`` of the .tmx (None for
    the shipped scenarios), ``group`` where it came from."""

    label: str
    path: Path | None
    group: Group


def scenario_line(choice: MapChoice) -> str:
    """What will be played on the chosen map, as the Map step says it."""
    if choice.path is None:
        return "Scenario: chosen on the next screen, from the book's scenarios."
    beside = scenario_beside(choice.path)
    if beside is None:
        return "Scenario: a skirmish (there is no scenario file beside this map)."
    return f"Scenario: {beside.name}, beside the map (or a skirmish: next screen)."


def map_choices(ruleset_id: str, data_dir: Path) -> list[MapChoice]:
    """Every map the Map step lists for ``ruleset_id``, labels unique."""
    out = [MapChoice("The shipped scenarios", None, "scenarios")]
    seen: set[str] = {out[0].label}
    for entry in list_maps(ruleset_id, user_maps_dir(data_dir)):
        label = entry.title if entry.shipped else f"My maps: {entry.title}"
        while label in seen:
            label += " "
        seen.add(label)
        out.append(MapChoice(label, entry.path, "shipped" if entry.shipped else "mine"))
    return out


def zone_names(ruleset_id: str, options: dict[str, str]) -> dict[str, str]:
    """Deployment zones' ``side`` values as the game names the sides: a seat's id
    (``rats``, ``us``) or its number (``0``, ``1`` on tabletop maps) -> the briefing's
    side name, and ``#0``, ``#1`` -> the same names for zone sides that name no seat
    (paired in map order, :meth:`MapPreview.side_name`); empty when the briefing cannot
    be read (the preview then words the values itself)."""
    try:
        names = briefing_for(ruleset_id, options).side_names
    except (SkirmishError, OSError):
        return {}
    out: dict[str, str] = {}
    for i, seat in enumerate(get_ruleset(ruleset_id).seats[: len(names)]):
        out[seat] = out[str(i)] = out[f"#{i}"] = names[i]
    return out
