"""New game: choose Human or Computer for every seat (and the ruleset's options), then start.

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

from game.core.registry import get_manifest, get_ruleset
from game.ui import theme
from game.ui.scene import Scene
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.ui.app import App

KIND_LABEL = {"human": "Human", "ai": "Computer"}
log = logging.getLogger(__name__)


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
        fields = get_manifest(ruleset_id).option_fields()
    except ValueError:
        return ()
    notes = _value_notes(ruleset_id)
    out = []
    for f in fields:
        if not f.choices:
            continue
        values = sorted(f.choices, key=lambda c: c[0] != f.default)  # the default first
        by_value = notes.get(f.name, {})
        per_value = tuple(by_value.get(v, "") for v, _ in values) if by_value else ()
        out.append(SetupOption(f.name, f.title, tuple(values), per_value, f.description))
    return tuple(out)


def _value_notes(ruleset_id: str) -> dict[str, dict[str, str]]:
    """Per-value explanations a ruleset offers in ``game.rules.<id>.choices`` (its
    ``option_choices()``: objects with ``key``, ``values`` and ``notes``), if any."""
    name = f"game.rules.{ruleset_id}.choices"
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
    """Keys: 1, 2, ... toggle a seat; Enter starts; Esc goes back."""

    def __init__(self, app: App, ruleset_id: str) -> None:
        super().__init__(app)
        self.ruleset = get_ruleset(ruleset_id)
        self.ruleset_id = ruleset_id
        seats = self.ruleset.seats
        self.kinds = ["human"] + ["ai"] * (len(seats) - 1)
        self.seat_buttons: list[pygame_gui.elements.UIButton] = []
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
        for i in range(len(self.ruleset.seats)):
            rect = pygame.Rect(left + 220, top + i * 70, 240, 50)
            button = pygame_gui.elements.UIButton(rect, self._label(i), self.manager)
            self.seat_buttons.append(button)
        self.option_buttons = []
        for j in range(len(self.options)):
            row = top + (len(self.ruleset.seats) + j) * 70
            rect = pygame.Rect(left + 220, row, max(240, min(460, w - left - 250)), 50)
            button = pygame_gui.elements.UIButton(rect, self._option_label(j), self.manager)
            self.option_buttons.append(button)
        y = top + (len(self.ruleset.seats) + len(self.options)) * 70 + 30
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(left, y, 220, 54), "Start   [Enter]", self.manager
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(left + 240, y, 220, 54), "Back   [Esc]", self.manager
        )

    def _label(self, i: int) -> str:
        return f"{KIND_LABEL[self.kinds[i]]}   [{i + 1}]"

    def _option_label(self, j: int) -> str:
        key = len(self.kinds) + j + 1
        return f"{self.options[j].values[self.picks[j]][1]}   [{key}]"

    def cycle_option(self, j: int) -> None:
        self.picks[j] = (self.picks[j] + 1) % len(self.options[j].values)
        self.option_buttons[j].set_text(self._option_label(j))
        self.app.assets.play("click")

    def toggle(self, i: int) -> None:
        self.kinds[i] = "ai" if self.kinds[i] == "human" else "human"
        self.seat_buttons[i].set_text(self._label(i))
        self.app.assets.play("click")

    def start_game(self) -> None:
        from game.core.session import Session
        from game.ui.scenes.game import GameScene

        seed = secrets.randbelow(2**31)
        session = Session.new(self.ruleset.id, seed, self.chosen_options() or None, self.kinds)
        self.app.replace(GameScene(self.app, session))

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element in self.seat_buttons:
            self.toggle(self.seat_buttons.index(element))
        elif element in self.option_buttons:
            self.cycle_option(self.option_buttons.index(element))
        elif element is self.start:
            self.start_game()
        elif element is self.back:
            self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()
        elif event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif pygame.K_1 <= event.key < pygame.K_1 + len(self.kinds):
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
            "Who plays each side? Two humans share this screen (hotseat).",
            24,
            (left, 100),
            theme.MUTED,
        )
        for i, seat in enumerate(self.ruleset.seats):
            blit_text(
                surface, a, seat_title(seat), 32, (left, 170 + i * 70 + 25), theme.TEXT, "midleft"
            )
        rows = len(self.ruleset.seats) + len(self.options)
        note_y = 170 + rows * 70 + 110
        for j, option in enumerate(self.options):
            y = 170 + (len(self.ruleset.seats) + j) * 70 + 25
            blit_text(surface, a, option.label, 32, (left, y), theme.TEXT, "midleft")
            notes = option.notes
            note = notes[self.picks[j]] if len(notes) > self.picks[j] else ""
            if note or option.description:
                for line in a.wrap(note or option.description, 22, min(760, w - 2 * left)):
                    blit_text(surface, a, line, 22, (left, note_y), theme.MUTED)
                    note_y += 24


def seat_title(seat: str) -> str:
    """A seat id as a player reads it: ``vc`` -> ``VC``, ``rats`` -> ``Rats``."""
    return seat.upper() if len(seat) <= 2 else seat.replace("_", " ").title()
