"""'65: Squad Level Combat in Vietnam, the card-driven hex game (seed 004).

Registered with scenarios 1 (Village Assault), 2 (By the Belt Buckle), 3 (An Ambush
Ambushed), 4 (Clear) and 6 (Horror on Highway 1), which play from set-up to their
victory points; the table is
``game.ui.tables.sixty_five``, the computer opponent ``game/ai/sixty_five.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from game.core.api import Action
from game.core.briefing import Briefing
from game.core.errors import InvalidAction
from game.core.manifest import Manifest, MapSpec, register_manifest
from game.maps.map_play import play_scenario
from game.maps.user_maps import MapChoice, chosen_map, option_map_files
from game.resources import maps_dir
from game.rules.sixty_five.actions import parse_action
from game.rules.sixty_five.briefing import scenario_briefing, title
from game.rules.sixty_five.map_play import MAP_PLAY, board_files
from game.rules.sixty_five.ruleset import new_scenario_game
from game.rules.sixty_five.scenario import Scenario, load_scenarios
from game.rules.sixty_five.state import SixtyFiveState


class SixtyFiveOptions(MapChoice):
    """Options of a '65 game: a shipped scenario, or a map of one's own (``map``: its
    scenario file beside it, or the skirmish of the map alone; own_map.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    scenario: Literal["1", "2", "3", "4", "5", "6", "7", "8"] = Field(
        "1",
        title="Scenario",
        description="which of the eight scenarios to play (its briefing is beside it)",
    )
    kickstarter: bool = Field(
        False,
        title="Kickstarter cards",
        description="add the eight Kickstarter expansion cards (18 r-y) to the deck",
    )

    @classmethod
    def choices(cls, name: str) -> list[tuple[str, str]]:
        """The setup screen's labels: each scenario by number and name (1 — Village
        Assault)."""
        if name == "scenario":
            return [(sid, title(sc)) for sid, sc in load_scenarios().items()]
        return []


def chosen_scenario(options: SixtyFiveOptions) -> str:
    """The scenario id the options play: the shipped one chosen, or, with a ``map``, the
    map's scenario file or skirmish, registered (``DataError``/``MapError`` naming the
    file otherwise)."""
    path = chosen_map(options, "sixty_five")
    if path is None:
        return options.scenario
    scenario: Scenario = play_scenario(MAP_PLAY, path, options)
    return scenario.id


def own_briefing(options: BaseModel) -> Briefing:
    """The manifest's briefing: the chosen scenario's, or the chosen map's."""
    assert isinstance(options, SixtyFiveOptions)
    return scenario_briefing(chosen_scenario(options))


class SixtyFive:
    """'65: seats, a new scenario game from a seed, the action parser."""

    id: ClassVar[str] = "sixty_five"
    title: ClassVar[str] = "'65"
    seats: ClassVar[tuple[str, ...]] = ("us", "vc_nva")
    rules_version: ClassVar[str] = "9"
    #: Saves of these older rules versions still replay, by the rules of their day
    #: (version 1: a building hex blocked LOS as a whole; no Panic, Ambush, Charge,
    #: Leadership or Tactical redraw; a full hand's empty impulse was no pass;
    #: version 2: no Bonus Victory Condition cards, 24b, and set-up allowed in a pond;
    #: version 3: no Panic after an assault, the Tactical redraw of an assault taken
    #: without asking, no reactions to artillery, a Satchel Charge or spread fire's
    #: hits, no friendly hit from Opportunity Fire, no exit in Leadership's actions;
    #: version 4: a foxhole redrew the first Hit of ranged fire only, not of artillery or
    #: a Satchel Charge, 23a; version 5: any unit could fire Cannister, 18c; version 6:
    #: no First Fire by a vehicle on Move & Fire, 20a, a carrier retreating from an
    #: assault or Punishing Fire left its passengers behind, 8, 13c, 18k, a helicopter
    #: never left the map by any card and could leave in the Reserve phase or not
    #: Flying, a fire declaring a new mode was judged in the old one, passengers set down
    #: by a landing helicopter did not walk on, 17b, 24, and the AC-47's hits on friendly
    #: units took no Light Wounds, scenario 6; version 7: a reinforcement group's "same
    #: edge" was judged by where its units stood, not where they came on, 24 scenarios 4
    #: and 7; version 8: a Landed helicopter was left out of the stacking limits, 9,
    #: Opportunity Fire opened within HE range only, 11, Suppression's spread fire was
    #: refused on a moving stack, 18i, 21g, Bullet Storm gave Move & Fire nothing, 19c,
    #: Pathfinder did not help Reserve moves or Move & Fire, 21e, assault defenders all
    #: retreated away from the first attacker, 13c, and the bot's order chose who takes
    #: uneven hits, 12, 21g, 22g).
    older_rules_versions: ClassVar[tuple[str, ...]] = ("1", "2", "3", "4", "5", "6", "7", "8")

    def new_game(
        self, seed: int, options: Mapping[str, str] | None = None, rules_version: str = "9"
    ) -> SixtyFiveState:
        chosen = MANIFEST.validate_options(options)
        assert isinstance(chosen, SixtyFiveOptions)
        if rules_version not in ("1", "2", "3", "4", "5", "6", "7", "8", "9"):
            raise InvalidAction(f"'65 has rules versions 1 to 9, not {rules_version!r}")
        return new_scenario_game(
            chosen_scenario(chosen), seed, int(rules_version), kickstarter=chosen.kickstarter
        )

    def map_files(self, options: Mapping[str, str]) -> list[Path]:
        """The files of the chosen map of one's own a save copies: the map, the
        scenario beside it and every other map of one's own its board lays out (the
        shipped maps are found wherever the program is)."""
        files = option_map_files(self.id, options)
        if files:
            chosen = MANIFEST.validate_options(options)
            assert isinstance(chosen, SixtyFiveOptions)
            shipped = maps_dir().resolve()
            board = [f.resolve() for f in board_files(chosen_scenario(chosen))]
            files += [f for f in board if f not in files and not f.is_relative_to(shipped)]
        return files

    def parse_action(self, text: str) -> Action:
        return parse_action(text)


MANIFEST = register_manifest(
    Manifest(
        ruleset=SixtyFive,
        options=SixtyFiveOptions,
        maps=MapSpec(
            "hexagonal",
            folder="sixty_five",
            deployment_on_map=False,
            play="game.rules.sixty_five.map_play",
        ),
        table="game.ui.tables.sixty_five",
        setup="game.rules.sixty_five.position",
        summary=(
            "Squad-level combat in Vietnam, 1965-68: Americans against the Viet Cong or "
            "the NVA, every move and shot driven by cards."
        ),
        players="2",
        briefing=own_briefing,
    )
)
