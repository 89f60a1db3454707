"""One plug-in manifest per ruleset: everything the program needs to know about it.

A ruleset package registers its manifest in its ``__init__``::

    register_manifest(Manifest(
        ruleset=TunnelRats,
        options=TunnelRatsOptions,            # a pydantic model, values given as text
        ai="game.ai.tunnel_rats",             # module that registers the heuristic bot
        table="game.ui.tables.tunnel_rats",   # module that registers the table
        maps=MapSpec("orthogonal", measured=True, folder="tunnel_rats"),
    ))

The setup screen builds its choices from ``options``; ``simulate --option`` and saved
games are validated against it; ``check-map`` reads ``maps``; nothing outside the ruleset
names its id. AI and table are module paths so this pure package never imports them.
"""

from __future__ import annotations

import enum
import sys
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from game.core.api import Ruleset
from game.core.errors import InvalidAction

if TYPE_CHECKING:
    from game.core.briefing import Briefing

GUIDE_FILE = "guide.md"
"""The player's guide F1 shows, in the ruleset's own package."""


class NoOptions(BaseModel):
    """The options model of a ruleset that takes none."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class MapSpec:
    """What maps a ruleset plays on (``check-map`` reads it).

    ``orientation``: the Tiled orientation its maps must have; ``folder``: where its maps
    live under ``maps/``; ``measured``: distances are inches, so maps carry a scale;
    ``tabletop``: an open table whose terrain pieces are Tiled objects
    (``game.maps.tabletop``); ``deployment_on_map``: maps carry deployment zones (False
    where the scenarios list the set-up hexes instead); ``play``: the module whose
    ``MAP_PLAY`` (``game.maps.map_play.MapPlay``) plays the system on any map of the
    player's (skirmish, the scenario beside the map, the system's map checks); None: the
    system plays its shipped scenarios only.
    """

    orientation: Literal["orthogonal", "hexagonal"]
    folder: str
    measured: bool = False
    tabletop: bool = False
    deployment_on_map: bool = True
    play: str | None = None


@dataclass(frozen=True)
class Manifest:
    """A ruleset and its plug-ins.

    ``summary``: one line on what the game is (menu, demo title card); ``players``: how
    many play it, as a player reads it ("2"); ``briefing``: the scenario's briefing for
    the validated options (``game.core.briefing``); ``text_allows``: a regular expression
    of tokens in player text that look like ids but are names players use (a chessboard
    square such as ``g1``); ``setup``: the module whose ``SETUP`` hook reads the
    ``setup`` section of an ``explain`` position (``game.core.position_setup``).
    """

    ruleset: type[Ruleset]
    options: type[BaseModel] = NoOptions
    ai: str | None = None
    table: str | None = None
    maps: MapSpec | None = None
    summary: str = ""
    players: str = "2"
    briefing: Callable[[Any], Briefing] | None = None
    text_allows: str = ""
    setup: str | None = None

    @property
    def id(self) -> str:
        return self.ruleset.id

    @property
    def title(self) -> str:
        return self.ruleset.title

    def guide_text(self) -> str:
        """The player's guide (Markdown) from the ruleset package's ``guide.md``;
        ``OSError`` when the package has none."""
        module = sys.modules[self.ruleset.__module__]
        package = module.__name__ if hasattr(module, "__path__") else module.__package__ or ""
        return resources.files(package).joinpath(GUIDE_FILE).read_text(encoding="utf-8")

    @property
    def rules_doc(self) -> str:
        """The player's rules summary and interpretations, relative to the project."""
        return f"docs/rules/{self.ruleset.id}.md"

    def option_fields(self) -> list[OptionField]:
        """The options as the setup screen offers them, in declaration order."""
        out = []
        for name, info in self.options.model_fields.items():
            default = info.get_default(call_default_factory=True)
            out.append(
                OptionField(
                    name=name,
                    title=info.title or name.replace("_", " ").capitalize(),
                    description=info.description or "",
                    choices=tuple(_choices(self.options, name, info.annotation)),
                    default=_as_text(default),
                )
            )
        return out

    def validate_options(self, options: Mapping[str, str] | None) -> BaseModel:
        """The options model for ``options`` (text values); ``InvalidAction`` naming the
        option and what it accepts otherwise."""
        raw = dict(options or {})
        try:
            return self.options.model_validate(raw)
        except ValidationError as exc:
            problems = []
            for err in exc.errors():
                name = ".".join(str(p) for p in err["loc"]) or "(options)"
                fields = {f.name: f for f in self.option_fields()}
                if name in fields and fields[name].choices:
                    accepted = ", ".join(v for v, _ in fields[name].choices)
                    problems.append(f"option {name}={raw.get(name)!r}: expected one of {accepted}")
                elif err["type"] == "extra_forbidden":
                    known = ", ".join(fields) or "none"
                    problems.append(f"unknown option {name!r} (known: {known})")
                else:
                    problems.append(f"option {name}: {err['msg']}")
            raise InvalidAction(f"{self.ruleset.title}: " + "; ".join(problems)) from None


@dataclass(frozen=True)
class OptionField:
    """One option for the setup screen: its values and labels (empty: free text)."""

    name: str
    title: str
    description: str
    choices: tuple[tuple[str, str], ...]
    default: str


def _as_text(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _choices(model: type[BaseModel], name: str, annotation: Any) -> list[tuple[str, str]]:
    custom = getattr(model, "choices", None)
    if callable(custom):
        listed = custom(name)
        if listed:
            return [(str(v), str(label)) for v, label in listed]
    if typing.get_origin(annotation) is Literal:
        return [(str(v), str(v)) for v in typing.get_args(annotation)]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [(str(m.value), str(m.value)) for m in annotation]
    if annotation is bool:
        return [("false", "off"), ("true", "on")]
    return []


_MANIFESTS: dict[str, Manifest] = {}


def register_manifest(manifest: Manifest) -> Manifest:
    """Make a ruleset known by its id (done once, in the ruleset package's ``__init__``)."""
    known = _MANIFESTS.get(manifest.id)
    if known is not None and known.ruleset is not manifest.ruleset:
        raise ValueError(f"two rulesets claim the id {manifest.id!r}")
    _MANIFESTS[manifest.id] = manifest
    return manifest


def registered() -> dict[str, Manifest]:
    """The manifests registered so far (see ``game.core.registry.load_rulesets``)."""
    return _MANIFESTS
