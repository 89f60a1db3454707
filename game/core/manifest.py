"""One plug-in manifest per ruleset: everything the program needs to know about it.

A ruleset package registers its manifest in its ``__init__``::

    register_manifest(Manifest(
        ruleset=TunnelRats,
        options=TunnelRatsOptions,            # a pydantic model, values given as text
        ai="game.ai.tunnel_rats",             # module that registers the bot, its search
        table="game.ui.tables.tunnel_rats",   # module whose @register_table class draws it
        maps=MapSpec("orthogonal", measured=True, folder="tunnel_rats"),
        order=20,                             # place in the menu
    ))

The manifest is the only list of games: the menu, setup, load, rules (F1), demo and bench
screens, ``simulate``, ``explain`` and the generic tests all read the registered
manifests, and nothing outside a ruleset's own packages names its id. The setup screen
builds its choices from ``options``; ``simulate --option`` and saved games are validated
against it and ``new_game`` receives the validated model; ``check-map`` reads ``maps``.
AI and table are module paths so this pure package never imports them.
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
AI_LEVELS = ("easy", "normal", "hard")
"""The computer's levels a game may offer, easiest first (``game.ai.registry``)."""


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

    ``ai``: the module that registers the heuristic bot, its leaf evaluation and its
    search settings (``game.ai.registry``; the ``easy``, ``normal`` and ``hard`` levels
    are built from them); ``levels``: the levels the setup screen offers, of
    :data:`AI_LEVELS`. ``table``: the module whose ``@register_table`` class draws the
    game (its id is this manifest's). ``order``: the menu's place (smaller first, then by
    title). ``demo_seconds``: the demo's time slot for a game (seconds of game time);
    ``demo_play_ahead``: actions played off-screen before the demo shows the table.
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
    order: int = 100
    levels: tuple[str, ...] = AI_LEVELS
    demo_seconds: float = 65.0
    demo_play_ahead: int = 0

    def __post_init__(self) -> None:
        if not self.levels or not set(self.levels) <= set(AI_LEVELS):
            raise ValueError(
                f"{self.ruleset.title}: levels {self.levels!r} should name some of "
                f"{', '.join(AI_LEVELS)}"
            )

    @property
    def id(self) -> str:
        return self.ruleset.id

    @property
    def title(self) -> str:
        return self.ruleset.title

    @property
    def package(self) -> str:
        """The ruleset's own package (``game.rules.<id>`` for the six; a test's game lives
        elsewhere): where its guide and optional modules are."""
        module = sys.modules[self.ruleset.__module__]
        return module.__name__ if hasattr(module, "__path__") else module.__package__ or ""

    def guide_text(self) -> str:
        """The player's guide (Markdown) from the ruleset package's ``guide.md``;
        ``OSError`` when the package has none."""
        return resources.files(self.package).joinpath(GUIDE_FILE).read_text(encoding="utf-8")

    @property
    def rules_doc(self) -> str:
        """The player's rules summary and interpretations, relative to the project."""
        return f"docs/rules/{self.ruleset.id}.md"

    def scenarios(self) -> tuple[tuple[str, str], ...]:
        """The scenarios as ``(value, title)`` pairs: the choices of the ``scenario``
        option; empty for a game without one."""
        field = next((f for f in self.option_fields() if f.name == "scenario"), None)
        return field.choices if field is not None else ()

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

    def validate_options(self, options: Mapping[str, str] | BaseModel | None) -> BaseModel:
        """The options model for ``options`` (text values, as the command line and saves
        give them); ``InvalidAction`` naming the option and what it accepts otherwise.
        An instance of the options model is already valid and comes back as it is, so a
        ruleset's ``new_game`` that validates what it is given does not validate twice."""
        if isinstance(options, self.options):
            return options
        if isinstance(options, BaseModel):
            options = {k: _as_text(v) for k, v in options.model_dump().items()}
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
