"""The game scene's top bar: the system's title, a status line and the bar buttons
(Undo, Sound, Briefing, Rules, Menu), right-aligned with their keys."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets import blit_fitted, blit_text, icon_on_button

TOP_BAR = 52


def bar_buttons(
    manager: pygame_gui.UIManager, width: int
) -> dict[str, pygame_gui.elements.UIButton]:
    """The bar's buttons by key, laid out from the right of a window ``width`` pixels
    wide (labels with their keys where there is room, the keys alone where there is not)."""
    wide, roomy = width >= 1200, width >= 1600
    buttons: dict[str, pygame_gui.elements.UIButton] = {}
    x = width - 10
    for key, label, w in (
        ("menu", "Menu [Esc]" if wide else "Esc", 146 if wide else 78),
        ("rules", "Rules [F1]" if wide else "F1", 134 if wide else 70),
        ("briefing", "Briefing [B]" if wide else "B", 150 if wide else 66),
        ("sound", "Sound [M]" if roomy else "M", 160 if roomy else 66),
        ("undo", "Undo [Ctrl+Z]" if wide else "Ctrl+Z", 166 if wide else 110),
    ):
        x -= w + 8
        rect = pygame.Rect(x, 8, w, TOP_BAR - 16)
        buttons[key] = pygame_gui.elements.UIButton(rect, label, manager, object_id="#bar_button")
    return buttons


def draw_bar(
    surface: pygame.Surface,
    assets: Assets,
    title: str,
    status: str,
    buttons: dict[str, pygame_gui.elements.UIButton],
) -> None:
    """The bar's panel, the title at the left and the status line (two lines at most,
    shrunk to fit) between it and the buttons."""
    width = surface.get_width()
    pygame.draw.rect(surface, theme.PANEL, (0, 0, width, TOP_BAR))
    pygame.draw.line(surface, theme.PANEL_EDGE, (0, TOP_BAR - 1), (width, TOP_BAR - 1))
    blit_text(surface, assets, title, 34, (14, TOP_BAR // 2), theme.ACCENT, "midleft")
    tw = assets.text(title, 34).get_width()
    room = min(b.rect.left for b in buttons.values()) - tw - 44
    box = pygame.Rect(tw + 34, 2, max(40, room), TOP_BAR - 4)
    blit_fitted(surface, assets, status, 22, box, theme.TEXT, lines=2, smallest=15)


def draw_bar_icons(
    surface: pygame.Surface, assets: Assets, buttons: dict[str, pygame_gui.elements.UIButton]
) -> None:
    """The icons at the left end of the buttons that have one."""
    icons = {"menu": "menu", "rules": "help", "undo": "undo"}
    icons["sound"] = "sound_off" if assets.muted else "sound_on"
    for key, name in icons.items():
        button = buttons[key]
        if button.visible:
            icon_on_button(surface, assets, name, button.rect, button.is_enabled)
