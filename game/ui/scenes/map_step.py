"""The setup screen's Map step: which map a new game is played on.

Left: "The shipped scenarios" (the book's scenarios on their own maps, as before), the
shipped maps of the system, the player's own maps (``<data dir>/maps``) and a box for
the path of any .tmx file. Right: a preview of the highlighted map with its deployment
zones and objectives (:class:`~game.ui.render.map_preview.MapPreview`; it redraws when
the file is saved in Tiled), the scenario that goes with it (the file beside the map,
or a skirmish), and what the colours mean. Enter takes the map back to the setup
screen; Esc goes back without changing it. A map that cannot be opened is explained in
a dialog (the file, where, what was expected) and the choice stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.errors import MapError
from game.ui import theme
from game.ui.render.map_preview import MapPreview, draw_legend
from game.ui.render.reload import broken_map_messages
from game.ui.scene import Scene
from game.ui.scenes.map_choices import (
    MapChoice,
    map_choices,
    map_option_text,
    scenario_line,
    zone_names,
)
from game.ui.widgets import blit_text

if TYPE_CHECKING:
    from game.ui.app import App

LIST_W = 380
SCENARIOS_LABEL = "The shipped scenarios"


class MapStepScene(Scene):
    """Pick the map: a list, a path box, a live preview; Enter uses it, Esc goes back.

    ``on_choose`` gets the chosen :class:`MapChoice` (``path`` None for the shipped
    scenarios)."""

    def __init__(
        self,
        app: App,
        ruleset_id: str,
        title: str,
        on_choose: Callable[[MapChoice], None],
        current: MapChoice | None = None,
    ) -> None:
        super().__init__(app)
        self.system = ruleset_id
        self.ruleset_id = ruleset_id  # F1 shows its rules
        self.title = title
        self.on_choose = on_choose
        self.choices = map_choices(ruleset_id, app.data_dir)
        self.by_label = {c.label: c for c in self.choices}
        self.chosen: MapChoice = current or self.choices[0]
        self.preview: MapPreview | None = None
        self.problem = ""
        if self.chosen.path is not None:
            self.show(self.chosen)

    # -- layout ------------------------------------------------------------------------
    def preview_rect(self) -> pygame.Rect:
        w, h = self.app.size
        x = 30 + LIST_W + 30
        return pygame.Rect(x, 100, max(120, w - x - 30), max(120, h - 100 - 150))

    def build(self) -> None:
        w, h = self.app.size
        m = self.manager
        list_h = max(120, h - 100 - 220)
        self.list = pygame_gui.elements.UISelectionList(
            pygame.Rect(30, 100, LIST_W, list_h),
            [c.label for c in self.choices],
            m,
            default_selection=self.chosen.label if self.chosen.label in self.by_label else None,
        )
        y = 100 + list_h + 10
        self.path_box = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(30, y, LIST_W, 36), m, placeholder_text="path to any .tmx map"
        )
        self.path_box.set_text_length_limit(400)
        self.open_button = pygame_gui.elements.UIButton(
            pygame.Rect(30, y + 42, LIST_W, 40), "Show the typed path", m
        )
        self.use_button = pygame_gui.elements.UIButton(
            pygame.Rect(30, h - 70, (LIST_W - 10) // 2 + 40, 54), "Use this map   [Enter]", m
        )
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.use_button.rect.right + 10, h - 70, 150, 54), "Back   [Esc]", m
        )
        if self.preview is not None:
            self.preview.set_rect(self.preview_rect())

    # -- choosing ----------------------------------------------------------------------
    def show(self, choice: MapChoice) -> bool:
        """Preview ``choice``; a map that cannot be opened is explained in a dialog and
        the previous choice stays. True when shown."""
        if choice.path is None:
            self.chosen, self.preview, self.problem = choice, None, ""
            return True
        options = {"map": map_option_text(choice.path, self.system)}
        try:
            preview = MapPreview(choice.path, self.preview_rect(), zone_names(self.system, options))
        except MapError as exc:
            self.refuse(choice.path, broken_map_messages(choice.path, exc))
            return False
        except (OSError, pygame.error) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self.refuse(choice.path, [f"{choice.path}: {reason}; expected a Tiled map (.tmx)"])
            return False
        self.chosen, self.preview, self.problem = choice, preview, ""
        return True

    def refuse(self, path: Path, messages: list[str]) -> None:
        from game.ui.scenes.dialog import DialogScene

        self.problem = f"{path.name} cannot be opened"
        self.app.push(DialogScene(self.app, "This map cannot be used", "\n".join(messages)))

    def show_typed(self) -> None:
        text = self.path_box.get_text().strip()
        if text:
            path = Path(text).expanduser()
            self.show(MapChoice(f"Typed: {path.name}", path, "typed"))

    def use(self) -> None:
        """Take the shown map back to the setup screen (a map whose last save is broken
        is refused: the game would start on the old version)."""
        if self.preview is not None and self.preview.errors:
            self.refuse(self.preview.path, self.preview.errors)
            return
        self.app.assets.play("click")
        self.app.pop()
        self.on_choose(self.chosen)

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.list
        ):
            choice = self.by_label.get(event.text)
            if choice is not None:
                self.show(choice)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.path_box:
            self.path_box.unfocus()  # the next Enter uses the map
            self.show_typed()
            return
        super().handle_event(event)

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element is self.use_button:
            self.use()
        elif element is self.open_button:
            self.show_typed()
        elif element is self.back_button:
            self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_ESCAPE:
            self.app.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.path_box.is_focused:
            self.use()

    # -- time and drawing --------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        real = dt / max(self.app.speed, 1e-9)  # the app speeds up game time; ours is real
        if self.preview is not None and self.preview.update(real):
            self.app.wake()  # the file changed on disk, not by an event

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        a = self.app.assets
        blit_text(surface, a, f"Map: {self.title}", 48, (30, 28), theme.ACCENT)
        rect = self.preview_rect()
        if self.preview is None:
            pygame.draw.rect(surface, theme.PANEL, rect)
            text = (
                "The book's scenarios, each on its own map: choose one on the next screen."
                if self.chosen.path is None
                else self.problem
            )
            for i, line in enumerate(a.wrap(text, 24, rect.width - 40)):
                blit_text(surface, a, line, 24, (rect.x + 20, rect.y + 20 + i * 28), theme.TEXT)
        else:
            self.preview.draw(surface, a.font(18))
            if self.preview.errors:
                self._draw_errors(surface, rect, self.preview.errors)
        y = rect.bottom + 12
        blit_text(surface, a, self.chosen.label, 26, (rect.x, y), theme.TEXT)
        y += 32
        blit_text(surface, a, scenario_line(self.chosen), 22, (rect.x, y), theme.MUTED)
        y += 28
        if self.preview is not None:
            draw_legend(surface, a.font(20), self.preview.legend(), (rect.x, y), rect.width)

    def _draw_errors(self, surface: pygame.Surface, rect: pygame.Rect, errors: list[str]) -> None:
        a = self.app.assets
        lines = ["The saved map is broken; still showing the last good version:"]
        for e in errors[:6]:
            lines += a.wrap(e, 20, rect.width - 40)
        box = pygame.Rect(rect.x + 10, rect.y + 10, rect.width - 20, 16 + 24 * len(lines))
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        plate.fill((90, 20, 20, 225))
        surface.blit(plate, box)
        pygame.draw.rect(surface, theme.BAD, box, 2)
        for i, line in enumerate(lines):
            blit_text(surface, a, line, 20, (box.x + 10, box.y + 8 + 24 * i), theme.TEXT)
