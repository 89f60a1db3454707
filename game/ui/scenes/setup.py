"""New game: choose Human or Computer for every seat, the computer's level (Easy, Normal,
Hard), and the ruleset's options, then start.

Beside the choices the chosen scenario's briefing is shown (its situation, the sides by
name and how each wins); B or "Full briefing" opens the whole of it.

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
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ai.registry import level_of
from game.core.briefing import Briefing, briefing_for
from game.core.registry import get_manifest, get_ruleset
from game.maps.user_maps import map_only_fields
from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets import blit_text, panel

if TYPE_CHECKING:
    from game.ui.app import App

KIND_LABEL = {"human": "Human", "easy": "Computer", "ai": "Computer", "hard": "Computer"}
#: The computer's levels as the setup screen stores them in the save, easiest first;
#: ``ai`` is the Normal level under the name every older save and command uses.
LEVEL_KINDS = ("easy", "ai", "hard")
LEVEL_LABEL = {"easy": "Easy", "ai": "Normal", "hard": "Hard"}
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


def ruleset_options(ruleset_id: str) -> tuple[SetupOption, ...]:
    """The options of ``ruleset_id``'s manifest that have choices (free-text options
    keep their defaults)."""
    try:
        manifest = get_manifest(ruleset_id)
    except ValueError:
        return ()
    fields = manifest.option_fields()
    on_map = map_only_fields(manifest.options)  # offered with the map, not here
    notes = _value_notes(ruleset_id)
    out = []
    for f in fields:
        if not f.choices or f.name in on_map:
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
    """Keys: 1, 2, ... toggle a seat between Human and Computer; Shift+1, Shift+2, ...
    change that seat's computer level; the next digits cycle the options; Enter starts;
    Esc goes back."""

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

    def chosen_options(self) -> dict[str, str]:
        """The options picked so far (``{}`` when the ruleset declares none)."""
        return {o.key: o.values[i][0] for o, i in zip(self.options, self.picks, strict=True)}

    def build(self) -> None:
        w, h = self.app.size
        left = max(30, w // 14)
        top = 170
        self.seat_buttons = []
        self.level_buttons = []
        width = max(240, min(460, w - left - 250))
        for i in range(len(self.ruleset.seats)):
            rect = pygame.Rect(left + 220, top + i * 70, (width - 10) // 2, 50)
            button = pygame_gui.elements.UIButton(rect, self._label(i), self.manager)
            self.seat_buttons.append(button)
            rect = pygame.Rect(rect.right + 10, rect.top, width - rect.width - 10, 50)
            level = pygame_gui.elements.UIButton(rect, self._level_label(i), self.manager)
            self.level_buttons.append(level)
            if self.kinds[i] == "human":
                level.hide()
        self.option_buttons = []
        for j in range(len(self.options)):
            row = top + (len(self.ruleset.seats) + j) * 70
            rect = pygame.Rect(left + 220, row, max(240, min(460, w - left - 250)), 50)
            button = pygame_gui.elements.UIButton(rect, self._option_label(j), self.manager)
            self.option_buttons.append(button)
        brief = self.briefing_rect()
        self.brief_button = pygame_gui.elements.UIButton(
            pygame.Rect(brief.left + 16, brief.bottom - 58, brief.width - 32, 44),
            "Full briefing   [B]",
            self.manager,
        )
        y = top + (len(self.ruleset.seats) + len(self.options)) * 70 + 30
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(left, y, 220, 54), "Start   [Enter]", self.manager
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(left + 240, y, 220, 54), "Back   [Esc]", self.manager
        )

    def briefing_rect(self) -> pygame.Rect:
        """Where the chosen scenario's briefing is shown: right of the choices."""
        w, h = self.app.size
        left = max(30, w // 14)
        x = left + 220 + max(240, min(460, w - left - 250)) + 30
        return pygame.Rect(x, 150, max(200, w - x - 30), max(200, h - 190))

    def briefing(self) -> Briefing:
        """The briefing of the scenario and options chosen now."""
        return briefing_for(self.ruleset.id, self.chosen_options())

    def side_name(self, i: int) -> str:
        return self.briefing().side_names[i]

    def show_briefing(self) -> None:
        from game.ui.scenes.rules import BriefingScene

        self.app.push(BriefingScene(self.app, self.ruleset.id, self.chosen_options()))

    def _label(self, i: int) -> str:
        return f"{KIND_LABEL[self.kinds[i]]}   [{i + 1}]"

    def _level_label(self, i: int) -> str:
        return f"{LEVEL_LABEL[self.levels[i]]}   [Shift+{i + 1}]"

    def _option_label(self, j: int) -> str:
        key = len(self.kinds) + j + 1
        return f"{self.options[j].values[self.picks[j]][1]}   [{key}]"

    def cycle_option(self, j: int) -> None:
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
        from game.core.session import Session
        from game.ui.scenes.game import GameScene

        seed = secrets.randbelow(2**31)
        session = Session.new(self.ruleset.id, seed, self.chosen_options() or None, self.kinds)
        self.app.replace(GameScene(self.app, session, briefing=True))

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element in self.seat_buttons:
            self.toggle(self.seat_buttons.index(element))
        elif element in self.level_buttons:
            self.cycle_level(self.level_buttons.index(element))
        elif element in self.option_buttons:
            self.cycle_option(self.option_buttons.index(element))
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
        elif pygame.K_1 <= event.key < pygame.K_1 + len(self.kinds):
            if event.mod & pygame.KMOD_SHIFT:
                self.cycle_level(event.key - pygame.K_1)
            else:
                self.toggle(event.key - pygame.K_1)
        elif pygame.K_1 <= event.key < pygame.K_1 + len(self.kinds) + len(self.options):
            self.cycle_option(event.key - pygame.K_1 - len(self.kinds))

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
        briefing = self.briefing()
        for i, name in enumerate(briefing.side_names):
            blit_text(surface, a, name, 30, (left, 170 + i * 70 + 25), theme.TEXT, "midleft")
        rows = len(self.ruleset.seats) + len(self.options)
        note_y = 170 + rows * 70 + 110
        for j, option in enumerate(self.options):
            y = 170 + (len(self.ruleset.seats) + j) * 70 + 25
            blit_text(surface, a, option.label, 32, (left, y), theme.TEXT, "midleft")
            notes = option.notes
            note = notes[self.picks[j]] if len(notes) > self.picks[j] else ""
            if note or option.description:
                width = min(760, self.briefing_rect().left - left - 20)
                for line in a.wrap(note or option.description, 22, width):
                    blit_text(surface, a, line, 22, (left, note_y), theme.MUTED)
                    note_y += 24
        self.draw_briefing(surface, briefing)

    def draw_briefing(self, surface: pygame.Surface, briefing: Briefing) -> None:
        """The briefing's title, situation and each side's goal, as much as fits above
        the Full briefing button."""
        a = self.app.assets
        rect = self.briefing_rect()
        panel(surface, rect)
        width = rect.width - 32
        bottom = rect.bottom - 70
        y = rect.top + 14
        lines: list[tuple[str, int, tuple[int, ...]]] = []
        lines += [(t, 28, theme.ACCENT) for t in a.wrap(briefing.title, 28, width)]
        lines += [(t, 20, theme.TEXT) for t in a.wrap(briefing.situation, 20, width)]
        for side in briefing.sides:
            if side.goal:
                lines.append((side.name, 22, theme.ACCENT))
                lines += [(t, 20, theme.TEXT) for t in a.wrap(side.goal, 20, width)]
        if briefing.length:
            lines += [(t, 20, theme.MUTED) for t in a.wrap(f"Length: {briefing.length}", 20, width)]
        for text, size, color in lines:
            gap = 10 if size > 20 else 0
            if y + gap + size + 4 > bottom:
                blit_text(surface, a, "...", 20, (rect.left + 16, y), theme.MUTED)
                break
            y += gap
            blit_text(surface, a, text, size, (rect.left + 16, y), color)
            y += size + 4
