"""New game: choose Human or Computer for every seat, the computer's level (Easy, Normal,
Hard), and the ruleset's options, then start.

Beside the choices the chosen scenario's briefing is shown (its situation, the sides by
name and how each wins); B or "Full briefing" opens the whole of it.

Systems that play on maps (their options have a ``map`` field) start with a **Map** row:
P or the button opens the Map step (:mod:`game.ui.scenes.map_step`): the shipped
scenarios as before, a shipped map, one of the player's own or any path. With a map
chosen, the Scenario row says what is played on it (the scenario file beside the map,
or a skirmish; the row switches between the two when there is a file) and the right
panel shows a small preview of the map, its deployment zones and objectives, redrawn
when the file is saved. A map or scenario that cannot be played is explained in a
dialog (the file, where, what was expected) and the game does not start.

The options come from the ruleset's manifest (``Manifest.option_fields``: a pydantic
model's fields with their choices, the default first). Each option with choices becomes
a button that cycles through them; under the options the screen explains the chosen
value (a per-value note when the ruleset has one, else the option's description).
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ai.registry import level_of
from game.core.briefing import Briefing, briefing_for
from game.core.errors import SkirmishError
from game.core.registry import get_manifest, get_ruleset
from game.maps.user_maps import map_only_fields
from game.ui import theme
from game.ui.render.map_preview import MapPreview, draw_legend
from game.ui.scene import Scene
from game.ui.scenes.map_choices import MapChoice, map_option_text, scenario_beside, zone_names
from game.ui.widgets import blit_text, panel

if TYPE_CHECKING:
    from game.ui.app import App

KIND_LABEL = {"human": "Human", "easy": "Computer", "ai": "Computer", "hard": "Computer"}
#: The computer's levels as the setup screen stores them in the save, easiest first;
#: ``ai`` is the Normal level under the name every older save and command uses.
LEVEL_KINDS = ("easy", "ai", "hard")
LEVEL_LABEL = {"easy": "Easy", "ai": "Normal", "hard": "Hard"}
#: Options the Map row and the Scenario row set (not buttons of their own).
MAP_OPTIONS = ("map", "map_scenario")
SCENARIO_OPTION = "scenario"
ROW_H = 70
TOP = 170
log = logging.getLogger(__name__)


def computer_text(kind: str) -> str:
    """How a computer seat is named to players: "computer, hard"; ``ai`` is the
    normal level."""
    level = level_of(kind)
    if level is not None:
        return f"computer, {level}"
    return "computer, random moves" if kind == "random" else "computer, search"


@dataclass(frozen=True)
class SetupOption:
    """One option as the setup screen offers it: ``values`` are ``(value, title)`` pairs
    with the default first; ``notes`` one explanation per value (may be empty)."""

    key: str
    label: str
    values: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()
    description: str = ""


def ruleset_options(ruleset_id: str, with_map: bool = False) -> tuple[SetupOption, ...]:
    """The options of ``ruleset_id``'s manifest that have choices (free-text options
    keep their defaults), as buttons of their own: never the map options, which the Map
    row and the Scenario row set (:data:`MAP_OPTIONS`); those that only matter on a map
    of one's own (``map_only_fields``, e.g. RatFight's skirmish forces) only
    ``with_map``."""
    try:
        manifest = get_manifest(ruleset_id)
    except ValueError:
        return ()
    fields = manifest.option_fields()
    on_map = map_only_fields(manifest.options)  # offered once a map is chosen
    notes = _value_notes(ruleset_id)
    out = []
    for f in fields:
        if not f.choices or f.name in MAP_OPTIONS or (f.name in on_map and not with_map):
            continue
        values = sorted(f.choices, key=lambda c: c[0] != f.default)  # the default first
        by_value = notes.get(f.name, {})
        per_value = tuple(by_value.get(v, "") for v, _ in values) if by_value else ()
        out.append(SetupOption(f.name, f.title, tuple(values), per_value, f.description))
    return tuple(out)


def _value_notes(ruleset_id: str) -> dict[str, dict[str, str]]:
    """Per-value explanations a ruleset offers in the module ``choices`` of its package
    (``game.rules.<id>.choices``: ``option_choices()``, objects with ``key``, ``values``
    and ``notes``), if any."""
    name = f"{get_manifest(ruleset_id).package}.choices"
    try:
        if importlib.util.find_spec(name) is None:
            return {}
        found: Any = getattr(importlib.import_module(name), "option_choices", None)
        if not callable(found):
            return {}
        return {
            o.key: {v: n for (v, _), n in zip(o.values, o.notes, strict=False)}
            for o in found()
            if getattr(o, "notes", ())
        }
    except Exception:  # noqa: BLE001 - notes are a nicety; the choices come from the manifest
        log.exception("option notes of %s could not be read", ruleset_id)
        return {}


class SetupScene(Scene):
    """Keys: P chooses the map (systems that play on maps); 1, 2, ... toggle a seat
    between Human and Computer; Shift+1, Shift+2, ... change that seat's computer level;
    the next digits cycle the options; Enter starts; Esc goes back."""

    def __init__(self, app: App, ruleset_id: str) -> None:
        super().__init__(app)
        self.ruleset = get_ruleset(ruleset_id)
        self.ruleset_id = ruleset_id
        seats = self.ruleset.seats
        offered = get_manifest(ruleset_id).levels
        #: The levels this game offers (its manifest's), as the save names them.
        self.level_kinds = tuple(k for k in LEVEL_KINDS if level_of(k) in offered)
        first = "ai" if "ai" in self.level_kinds else self.level_kinds[0]
        self.kinds = ["human"] + [first] * (len(seats) - 1)
        self.levels = [first] * len(seats)  # each seat's level when the computer plays it
        self.seat_buttons: list[pygame_gui.elements.UIButton] = []
        self.level_buttons: list[pygame_gui.elements.UIButton] = []
        self.options = ruleset_options(ruleset_id)
        self.picks = [0] * len(self.options)  # index into each option's values
        self.option_buttons: list[pygame_gui.elements.UIButton] = []
        self.plays_on_maps = _has_map_option(ruleset_id)
        #: The map chosen in the Map step (None: the shipped scenarios, as before).
        self.map_choice: MapChoice | None = None
        #: ``map_scenario``: the scenario file beside the map, or a skirmish on it.
        self.map_scenario = "beside"
        self.preview: MapPreview | None = None
        self._briefing: tuple[dict[str, str], Briefing] | None = None

    def chosen_options(self) -> dict[str, str]:
        """The options picked so far (``{}`` when the ruleset declares none), with the
        map and what is played on it when a map was chosen."""
        out = {o.key: o.values[i][0] for o, i in zip(self.options, self.picks, strict=True)}
        if self.map_choice is not None and self.map_choice.path is not None:
            out["map"] = map_option_text(self.map_choice.path, self.ruleset.id)
            out["map_scenario"] = self.map_scenario
        return out

    # -- layout ------------------------------------------------------------------------
    def row_y(self, row: int) -> int:
        """Top of choice row ``row`` (seats, then options), below the Map row if any."""
        return TOP + (row + int(self.plays_on_maps)) * ROW_H

    def build(self) -> None:
        w, h = self.app.size
        left = max(30, w // 14)
        self.seat_buttons = []
        self.level_buttons = []
        width = max(240, min(460, w - left - 250))
        self.map_button: pygame_gui.elements.UIButton | None = None
        if self.plays_on_maps:
            rect = pygame.Rect(left + 220, TOP, width, 50)
            self.map_button = pygame_gui.elements.UIButton(rect, self._map_label(), self.manager)
        for i in range(len(self.ruleset.seats)):
            rect = pygame.Rect(left + 220, self.row_y(i), (width - 10) // 2, 50)
            button = pygame_gui.elements.UIButton(rect, self._label(i), self.manager)
            self.seat_buttons.append(button)
            rect = pygame.Rect(rect.right + 10, rect.top, width - rect.width - 10, 50)
            level = pygame_gui.elements.UIButton(rect, self._level_label(i), self.manager)
            self.level_buttons.append(level)
            if self.kinds[i] == "human":
                level.hide()
        self.option_buttons = []
        for j in range(len(self.options)):
            rect = pygame.Rect(left + 220, self.row_y(len(self.ruleset.seats) + j), width, 50)
            button = pygame_gui.elements.UIButton(rect, self._option_label(j), self.manager)
            self.option_buttons.append(button)
        brief = self.briefing_rect()
        self.brief_button = pygame_gui.elements.UIButton(
            pygame.Rect(brief.left + 16, brief.bottom - 58, brief.width - 32, 44),
            "Full briefing   [B]",
            self.manager,
        )
        y = self.row_y(len(self.ruleset.seats) + len(self.options)) + 30
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(left, y, 220, 54), "Start   [Enter]", self.manager
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(left + 240, y, 220, 54), "Back   [Esc]", self.manager
        )
        if self.preview is not None:
            self.preview.set_rect(self.preview_rect())

    def briefing_rect(self) -> pygame.Rect:
        """Where the chosen scenario's briefing is shown: right of the choices."""
        w, h = self.app.size
        left = max(30, w // 14)
        x = left + 220 + max(240, min(460, w - left - 250)) + 30
        return pygame.Rect(x, 150, max(200, w - x - 30), max(200, h - 190))

    def preview_rect(self) -> pygame.Rect:
        """The map preview: the top of the briefing panel (two fifths of it)."""
        brief = self.briefing_rect()
        return pygame.Rect(
            brief.left + 12, brief.top + 12, brief.width - 24, int(brief.height * 0.42)
        )

    # -- the briefing ------------------------------------------------------------------
    def briefing(self) -> Briefing:
        """The briefing of the scenario and options chosen now (read once per choice;
        ``SkirmishError`` when the chosen map's scenario cannot be read)."""
        options = self.chosen_options()
        if self._briefing is None or self._briefing[0] != options:
            self._briefing = (options, briefing_for(self.ruleset.id, options))
        return self._briefing[1]

    def side_name(self, i: int) -> str:
        return self.briefing().side_names[i]

    def show_briefing(self) -> None:
        from game.ui.scenes.rules import BriefingScene

        self.app.push(BriefingScene(self.app, self.ruleset.id, self.chosen_options()))

    # -- the map -----------------------------------------------------------------------
    def _map_label(self) -> str:
        chosen = self.map_choice
        name = "The shipped scenarios" if chosen is None or chosen.path is None else chosen.label
        return f"{name}   [P]"

    def open_map_step(self) -> None:
        """The Map step: the shipped scenarios, a shipped map, one of yours, a path."""
        from game.ui.scenes.map_step import MapStepScene

        if not self.plays_on_maps:
            return
        self.app.assets.play("click")
        self.app.push(
            MapStepScene(
                self.app, self.ruleset.id, self.ruleset.title, self.set_map, self.map_choice
            )
        )

    def set_map(self, choice: MapChoice) -> None:
        """Play on ``choice`` (its path None: the shipped scenarios). A map whose
        scenario cannot be read is explained in a dialog and the choice is undone."""
        before = (self.map_choice, self.map_scenario, self.preview)
        self.map_choice = None if choice.path is None else choice
        self.map_scenario = "beside"
        self.preview = None
        self._offer_options()
        try:
            self.briefing()
            if choice.path is not None:
                self.preview = MapPreview(
                    choice.path,
                    self.preview_rect(),
                    zone_names(self.ruleset.id, self.chosen_options()),
                )
        except (SkirmishError, OSError) as exc:
            self.map_choice, self.map_scenario, self.preview = before
            self._offer_options()
            self.refuse("This map cannot be played", exc)
        self.resize(self.app.size)  # the rows: the options a map brings come and go

    def _offer_options(self) -> None:
        """The option rows for the map chosen now (keeping the picks of those kept)."""
        picked = {o.key: i for o, i in zip(self.options, self.picks, strict=True)}
        self.options = ruleset_options(self.ruleset.id, with_map=self.map_choice is not None)
        self.picks = [picked.get(o.key, 0) for o in self.options]

    def refuse(self, title: str, exc: BaseException) -> None:
        from game.ui.scenes.dialog import DialogScene

        self.app.push(DialogScene(self.app, title, str(exc)))

    def _beside(self) -> Path | None:
        chosen = self.map_choice
        return None if chosen is None or chosen.path is None else scenario_beside(chosen.path)

    # -- the rows ----------------------------------------------------------------------
    def _label(self, i: int) -> str:
        return f"{KIND_LABEL[self.kinds[i]]}   [{i + 1}]"

    def _level_label(self, i: int) -> str:
        return f"{LEVEL_LABEL[self.levels[i]]}   [Shift+{i + 1}]"

    def _option_label(self, j: int) -> str:
        key = len(self.kinds) + j + 1
        if self.map_choice is not None and self.options[j].key == SCENARIO_OPTION:
            return f"{self._map_scenario_title()}   [{key}]"
        return f"{self.options[j].values[self.picks[j]][1]}   [{key}]"

    def _map_scenario_title(self) -> str:
        """What is played on the chosen map: the scenario beside it, or a skirmish."""
        if self._beside() is not None and self.map_scenario == "beside":
            try:
                return self.briefing().title
            except SkirmishError:
                return "The scenario beside the map"
        return "Skirmish"

    def _option_note(self, j: int) -> str:
        option = self.options[j]
        if self.map_choice is not None and option.key == SCENARIO_OPTION:
            beside = self._beside()
            if beside is None:
                return (
                    "A skirmish on the map alone: each side's usual force sets up in its"
                    " deployment zone; the map's objectives decide, else the usual end."
                )
            if self.map_scenario == "beside":
                return f"The scenario of the file beside the map ({beside.name})."
            return f"A skirmish on the map alone, without {beside.name}."
        notes = option.notes
        return notes[self.picks[j]] if len(notes) > self.picks[j] else option.description

    def cycle_option(self, j: int) -> None:
        if self.map_choice is not None and self.options[j].key == SCENARIO_OPTION:
            if self._beside() is None:
                return  # nothing to switch to: the map has no scenario file beside it
            self.map_scenario = "skirmish" if self.map_scenario == "beside" else "beside"
        else:
            self.picks[j] = (self.picks[j] + 1) % len(self.options[j].values)
        self.option_buttons[j].set_text(self._option_label(j))
        self.app.assets.play("click")

    def toggle(self, i: int) -> None:
        """Seat ``i`` between Human and Computer (at the level last chosen for it)."""
        self.kinds[i] = self.levels[i] if self.kinds[i] == "human" else "human"
        self._refresh_seat(i)

    def cycle_level(self, i: int) -> None:
        """The next computer level for seat ``i`` among those the game's manifest offers
        (Easy, Normal, Hard, Easy, ...); a human seat becomes a computer one at that
        level."""
        if self.kinds[i] != "human":
            kinds = self.level_kinds
            self.levels[i] = kinds[(kinds.index(self.levels[i]) + 1) % len(kinds)]
        self.kinds[i] = self.levels[i]
        self._refresh_seat(i)

    def _refresh_seat(self, i: int) -> None:
        self.seat_buttons[i].set_text(self._label(i))
        level = self.level_buttons[i]
        level.set_text(self._level_label(i))
        if self.kinds[i] == "human":
            level.hide()
        else:
            level.show()
        self.app.assets.play("click")

    def start_game(self) -> None:
        """Start the game; a map or scenario that cannot be played is explained in a
        dialog naming the file, and the setup screen stays."""
        from game.core.session import Session
        from game.ui.scenes.game import GameScene

        if self.preview is not None and self.preview.errors:
            self.refuse("This map cannot be played", ValueError("\n".join(self.preview.errors)))
            return
        seed = secrets.randbelow(2**31)
        try:
            session = Session.new(self.ruleset.id, seed, self.chosen_options() or None, self.kinds)
        except SkirmishError as exc:
            self.refuse("This game cannot start", exc)
            return
        self.app.replace(GameScene(self.app, session, briefing=True))

    # -- input -------------------------------------------------------------------------
    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element in self.seat_buttons:
            self.toggle(self.seat_buttons.index(element))
        elif element in self.level_buttons:
            self.cycle_level(self.level_buttons.index(element))
        elif element in self.option_buttons:
            self.cycle_option(self.option_buttons.index(element))
        elif element is self.map_button:
            self.open_map_step()
        elif element is self.start:
            self.start_game()
        elif element is self.brief_button:
            self.show_briefing()
        elif element is self.back:
            self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()
        elif event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key == pygame.K_b:
            self.show_briefing()
        elif event.key == pygame.K_p:
            self.open_map_step()
        elif pygame.K_1 <= event.key < pygame.K_1 + len(self.kinds):
            if event.mod & pygame.KMOD_SHIFT:
                self.cycle_level(event.key - pygame.K_1)
            else:
                self.toggle(event.key - pygame.K_1)
        elif pygame.K_1 <= event.key < pygame.K_1 + len(self.kinds) + len(self.options):
            self.cycle_option(event.key - pygame.K_1 - len(self.kinds))

    def update(self, dt: float) -> None:
        super().update(dt)
        real = dt / max(self.app.speed, 1e-9)  # the app speeds up game time; ours is real
        if self.preview is not None and self.preview.update(real):
            self.app.wake()  # the map changed on disk, not by an event
            self._briefing = None  # a scenario beside it may have changed too

    # -- drawing -----------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, _h = surface.get_size()
        a = self.app.assets
        left = max(30, w // 14)
        blit_text(surface, a, f"New game: {self.ruleset.title}", 56, (left, 40), theme.ACCENT)
        blit_text(
            surface,
            a,
            "Who plays each side, and how well the computer plays. Two humans share this"
            " screen (hotseat).",
            24,
            (left, 100),
            theme.MUTED,
        )
        try:
            briefing: Briefing | None = self.briefing()
        except SkirmishError:  # e.g. the scenario file beside the map was saved broken
            briefing = None
        if self.plays_on_maps:
            blit_text(surface, a, "Map", 30, (left, TOP + 25), theme.TEXT, "midleft")
        names = briefing.side_names if briefing is not None else self.ruleset.seats
        for i, name in enumerate(names):
            blit_text(surface, a, name, 30, (left, self.row_y(i) + 25), theme.TEXT, "midleft")
        rows = len(self.ruleset.seats) + len(self.options)
        note_y = self.row_y(rows) + 110
        for j, option in enumerate(self.options):
            y = self.row_y(len(self.ruleset.seats) + j) + 25
            blit_text(surface, a, option.label, 32, (left, y), theme.TEXT, "midleft")
            note = self._option_note(j)
            if note:
                width = min(760, self.briefing_rect().left - left - 20)
                for line in a.wrap(note, 22, width):
                    if note_y + 24 > surface.get_height():  # many rows: as much as fits
                        break
                    blit_text(surface, a, line, 22, (left, note_y), theme.MUTED)
                    note_y += 24
        self.draw_briefing(surface, briefing)

    def draw_briefing(self, surface: pygame.Surface, briefing: Briefing | None) -> None:
        """The map preview (when a map is chosen), then the briefing's title, situation
        and each side's goal, as much as fits above the Full briefing button."""
        a = self.app.assets
        rect = self.briefing_rect()
        panel(surface, rect)
        width = rect.width - 32
        bottom = rect.bottom - 70
        y = rect.top + 14
        lines: list[tuple[str, int, tuple[int, ...]]] = []
        if self.preview is not None:
            self.preview.draw(surface, a.font(16))
            y = self.preview.rect.bottom + 8
            y = draw_legend(surface, a.font(18), self.preview.legend(), (rect.left + 16, y), width)
            lines += [(t, 18, theme.BAD) for e in self.preview.errors for t in a.wrap(e, 18, width)]
        if briefing is None:
            lines.append(("The scenario cannot be read: Start says why.", 20, theme.BAD))
            briefing_lines: list[tuple[str, int, tuple[int, ...]]] = []
        else:
            briefing_lines = _briefing_lines(a, briefing, width)
        for text, size, color in lines + briefing_lines:
            gap = 10 if size > 20 else 0
            if y + gap + size + 4 > bottom:
                blit_text(surface, a, "...", 20, (rect.left + 16, y), theme.MUTED)
                break
            y += gap
            blit_text(surface, a, text, size, (rect.left + 16, y), color)
            y += size + 4


def _briefing_lines(
    a: Any, briefing: Briefing, width: int
) -> list[tuple[str, int, tuple[int, ...]]]:
    """The briefing's title, situation, each side's goal and the length, wrapped."""
    lines: list[tuple[str, int, tuple[int, ...]]] = []
    lines += [(t, 28, theme.ACCENT) for t in a.wrap(briefing.title, 28, width)]
    lines += [(t, 20, theme.TEXT) for t in a.wrap(briefing.situation, 20, width)]
    for side in briefing.sides:
        if side.goal:
            lines.append((side.name, 22, theme.ACCENT))
            lines += [(t, 20, theme.TEXT) for t in a.wrap(side.goal, 20, width)]
    if briefing.length:
        lines += [(t, 20, theme.MUTED) for t in a.wrap(f"Length: {briefing.length}", 20, width)]
    return lines


def _has_map_option(ruleset_id: str) -> bool:
    """Whether the ruleset plays on a map of the player's choosing (a ``map`` option)."""
    try:
        return any(f.name == "map" for f in get_manifest(ruleset_id).option_fields())
    except ValueError:
        return False
