"""Terrain tables: what each terrain class of a system means to the rules.

A system's table lives in ``game/rules/<system>/data/terrain.yaml``::

    terrain:
      - id: tunnel            # the value of the `terrain` tile property in Tiled
        name: Tunnel
        move_cost: 1.0        # multiplies distance moved into/through the cell
        passable: true
        blocks_los: false
        degrades_los: 0       # how much it worsens a shot passing through
        cover: 0              # cover it gives a figure standing in it
        max_stance: crawling  # optional (tunnel games): running | crouching | crawling

Defaults: move_cost 1.0, passable true, blocks_los false, degrades_los 0, cover 0,
max_stance none. Unknown keys are errors. Read with ``yaml.safe_load`` and validated
with pydantic; any problem raises :class:`DataError` naming the file and key path.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from game.core.errors import DataError
from game.resources import rules_data_dir


class TerrainClass(BaseModel):
    """One terrain class (immutable)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    move_cost: float = Field(default=1.0, gt=0)
    passable: bool = True
    blocks_los: bool = False
    degrades_los: int = Field(default=0, ge=0)
    cover: int = Field(default=0, ge=0)
    #: LOS is blocked by the outlines drawn in the hex (Tiled objects of type
    #: ``building``, game/maps/silhouette.py) rather than by the whole hex.
    silhouette: bool = False
    max_stance: Literal["running", "crouching", "crawling"] | None = None


class _TerrainFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    terrain: list[TerrainClass] = Field(min_length=1)

    @field_validator("terrain")
    @classmethod
    def _unique_ids(cls, value: list[TerrainClass]) -> list[TerrainClass]:
        seen: set[str] = set()
        for t in value:
            if t.id in seen:
                raise ValueError(f"terrain id {t.id!r} appears twice")
            seen.add(t.id)
        return value


class TerrainTable(Mapping[str, TerrainClass]):
    """Terrain classes of one system by id (read-only mapping, file order kept)."""

    def __init__(self, classes: list[TerrainClass], source: Path | None = None) -> None:
        self._by_id = {t.id: t for t in classes}
        self.source = source

    def __getitem__(self, key: str) -> TerrainClass:
        return self._by_id[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def __repr__(self) -> str:
        return f"TerrainTable({list(self._by_id)}, source={self.source})"


def _loc(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def parse_terrain_table(data: Any, source: str = "<terrain table>") -> TerrainTable:
    """Validate already-loaded YAML data into a table; DataError on problems."""
    try:
        parsed = _TerrainFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataError(f"{source}: {_loc(tuple(first['loc']))}: {first['msg']}") from None
    return TerrainTable(parsed.terrain, Path(source) if source[:1] != "<" else None)


def load_terrain_table(path: str | Path) -> TerrainTable:
    """Read and validate a terrain YAML file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read terrain table ({exc.strerror})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "?"
        raise DataError(f"{path}: {where}: not valid YAML ({exc})") from None
    return parse_terrain_table(data, str(path))


def terrain_table_path(system: str) -> Path:
    """Where a system's terrain table lives: game/rules/<system>/data/terrain.yaml."""
    return rules_data_dir(system) / "terrain.yaml"


def load_system_terrain(system: str) -> TerrainTable:
    """The terrain table of a system id (DataError if missing or invalid)."""
    if not re_system_id(system):
        raise DataError(f"not a system id: {system!r}")
    return load_terrain_table(terrain_table_path(system))


def re_system_id(system: str) -> bool:
    """True if ``system`` looks like a system id (letters, digits, underscores)."""
    return bool(system) and system.replace("_", "").isalnum() and system.isascii()
