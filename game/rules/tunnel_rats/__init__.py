"""Tunnel Rats: miniatures skirmish in the tunnels by stance (seed 000).

Seats: ``rats`` (0) and ``defenders`` (1). Option ``scenario=ID`` picks a scenario of
``data/scenarios.yaml`` (the first one by default); options ``map`` and ``map_scenario``
(``game.maps.user_maps.MapChoice``) play a complex of the player's own instead
(``on_map``). Option ``hotseat=open|fog`` says what two humans sharing the screen see
(``open_table``); the rules do not read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.core.api import Action, Event
from game.core.briefing import Briefing
from game.core.errors import InvalidAction
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.maps.map_play import play_scenario
from game.maps.user_maps import MapChoice, chosen_map, option_map_files
from game.rules.tunnel_rats.actions import parse_action
from game.rules.tunnel_rats.briefing import scenario_briefing
from game.rules.tunnel_rats.choices import HOTSEAT_NOTES
from game.rules.tunnel_rats.data import Scenario, load_scenarios
from game.rules.tunnel_rats.on_map import MAP_PLAY
from game.rules.tunnel_rats.open_table import open_table_sees, open_view
from game.rules.tunnel_rats.play import TRState, new_state
from game.rules.tunnel_rats.view import TRView
from game.rules.tunnel_rats.world import scenario_world


class TunnelRatsOptions(MapChoice):
    """Options of a Tunnel Rats game."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: str = Field(
        default_factory=lambda: load_scenarios()[0].id,
        title="Scenario",
        description="which mission of data/scenarios.yaml to play",
    )
    # What two humans sharing one screen see; saves from before the option was added
    # lack the key and get the default.
    hotseat: Literal["open", "fog"] = Field(
        default="open",
        title="Hotseat",
        description="two humans on one screen: open table, or each side its own view",
    )

    @field_validator("scenario")
    @classmethod
    def _known(cls, value: str) -> str:
        known = [s.id for s in load_scenarios()]
        if value not in known:
            raise ValueError(f"unknown scenario {value!r} (known: {', '.join(known)})")
        return value

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        """Scenario ids with their titles, the hotseat modes, for the setup screen."""
        if name == "hotseat":
            return [(value, title) for value, title, _ in HOTSEAT_NOTES]
        if name != "scenario":
            return []
        return [(s.id, s.title) for s in load_scenarios()]


def chosen_scenario(options: BaseModel) -> Scenario:
    """The scenario the validated options name: on the chosen complex (the scenario file
    beside it, or a skirmish), else the shipped scenario."""
    path = chosen_map(options, "tunnel_rats")
    if path is not None:
        found: Scenario = play_scenario(MAP_PLAY, path, options)
        return found
    wanted = str(getattr(options, "scenario", ""))
    return next(s for s in load_scenarios() if s.id == wanted)


def briefing(options: BaseModel) -> Briefing:
    """The chosen scenario's briefing (``briefing.scenario_briefing``)."""
    return scenario_briefing(chosen_scenario(options))


class TunnelRats:
    """The ruleset object: seats, a new game from a seed and options, the parser."""

    id: ClassVar[str] = "tunnel_rats"
    title: ClassVar[str] = "Tunnel Rats"
    seats: ClassVar[tuple[str, ...]] = ("rats", "defenders")
    rules_version: ClassVar[str] = "3"
    #: Saves of these older rules versions still replay, by the rules of their day.
    older_rules_versions: ClassVar[tuple[str, ...]] = ("1", "2")
    snapshot_since: ClassVar[int] = 3  # format 2 saves hashed the bridged canonical form

    def new_game(
        self, seed: int, options: Mapping[str, str] | None = None, rules_version: str = "3"
    ) -> TRState:
        """A new game; an older ``rules_version`` plays the rules of its day for saves
        made under it: "1" has no Agility save against traps and puts the umpire's trap
        at random; "2" lets a point dress only a comrade's red wound and leaves the
        defenders' D6 scores untouched by their wounds."""
        given = dict(options or {})
        unknown = sorted(set(given) - set(TunnelRatsOptions.model_fields))
        if unknown:
            raise InvalidAction(
                "Tunnel Rats knows the options scenario=ID, map=MAP, "
                f"map_scenario=beside|skirmish and hotseat=open|fog only (got {', '.join(unknown)})"
            )
        if not given.get("map", "").strip():
            known = [s.id for s in load_scenarios()]
            wanted = given.get("scenario", known[0])
            if wanted not in known:
                raise InvalidAction(
                    f"unknown Tunnel Rats scenario {wanted!r} (known: {', '.join(known)})"
                )
        scenario = chosen_scenario(MANIFEST.validate_options(given))
        return new_state(scenario_world(scenario), scenario, seed, edition=int(rules_version))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    @staticmethod
    def map_files(options: Mapping[str, str]) -> list[Path]:
        """The files of the player's complex the options name (``game.core.session``
        copies them into saves); empty for a shipped scenario."""
        return option_map_files("tunnel_rats", options)

    @staticmethod
    def open_table(options: Mapping[str, str]) -> bool:
        """Whether two humans share an open table (option ``hotseat``, open by default)."""
        return options.get("hotseat", "open") == "open"

    @staticmethod
    def open_view(state: TRState, seat: int | None) -> TRView:
        """What both players of an open table see (``open_table.open_view``)."""
        return open_view(state, seat)

    @staticmethod
    def open_table_sees(event: Event) -> bool:
        """Whether an open table shows ``event`` (``open_table.open_table_sees``)."""
        return open_table_sees(event)


MANIFEST = register_manifest(
    Manifest(
        ruleset=TunnelRats,
        options=TunnelRatsOptions,
        ai="game.ai.tunnel_rats",
        table="game.ui.tables.tunnel_rats",
        setup="game.rules.tunnel_rats.position",
        maps=MapSpec(
            "orthogonal", folder="tunnel_rats", measured=True, play="game.rules.tunnel_rats.on_map"
        ),
        briefing=briefing,
        summary="A few American tunnel rats with pistols and flashlights against the Viet "
        "Cong who know every passage and booby trap of their tunnels.",
        players="2",
    )
)
