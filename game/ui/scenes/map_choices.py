"""The maps the setup screen's Map step offers for a system, and what goes with each.

:func:`map_choices`: "The shipped scenarios" first (no ``map`` option: the book's
scenarios, as before), then the shipped maps of the system (``maps/<system>/``), then
the player's own (``<data dir>/maps/<system>/``, where "Set up my map folder for Tiled"
puts them, and any map in ``<data dir>/maps`` whose ``system`` property names it).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from game.resources import maps_dir

Group = Literal["scenarios", "shipped", "mine", "typed"]
SCENARIO_SUFFIX = ".scenario.yaml"


@dataclass(frozen=True)
class MapChoice:
    """One line of the Map step: ``label`` as listed, ``path`` of the .tmx (None for
    the shipped scenarios), ``group`` where it came from."""

    label: str
    path: Path | None
    group: Group


def scenario_beside(path: Path) -> Path | None:
    """The scenario file beside a map (``<map>.scenario.yaml``), if there is one."""
    found = path.with_name(path.stem + SCENARIO_SUFFIX)
    return found if found.is_file() else None


def scenario_line(choice: MapChoice) -> str:
    """What will be played on the chosen map, as the Map step says it."""
    if choice.path is None:
        return "Scenario: chosen on the next screen, from the book's scenarios."
    beside = scenario_beside(choice.path)
    if beside is None:
        return "Scenario: a skirmish (there is no scenario file beside this map)."
    return f"Scenario: {beside.name}, beside the map."


def map_title(path: Path) -> str:
    """The map's ``title`` property, else its file name without ``.tmx``; a file that is
    not readable XML is listed by name (opening it explains what is wrong)."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
        return path.stem
    for prop in root.findall("./properties/property"):
        if prop.get("name") == "title" and prop.get("value"):
            return str(prop.get("value"))
    return path.stem


def _map_system(path: Path) -> str | None:
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError):
        return None
    for prop in root.findall("./properties/property"):
        if prop.get("name") == "system":
            return prop.get("value")
    return None


def map_choices(ruleset_id: str, data_dir: Path, root: Path | None = None) -> list[MapChoice]:
    """Every map the Map step lists for ``ruleset_id``, labels unique."""
    out = [MapChoice("The shipped scenarios", None, "scenarios")]
    seen: set[str] = {out[0].label}

    def add(label: str, path: Path, group: Group) -> None:
        while label in seen:
            label += " "
        seen.add(label)
        out.append(MapChoice(label, path, group))

    shipped = maps_dir(root)
    for path in sorted((shipped / ruleset_id).glob("*.tmx")):
        add(map_title(path), path, "shipped")
    mine = data_dir / "maps"
    for path in sorted(mine.rglob("*.tmx")) if mine.is_dir() else ():
        in_folder = path.parent == mine / ruleset_id
        if in_folder or _map_system(path) == ruleset_id:
            add(f"My maps: {map_title(path)}", path, "mine")
    return out


def map_option_text(path: Path, system: str) -> str:
    """What the ``map`` option holds for ``path``: the absolute path of the file."""
    return str(path.resolve())
