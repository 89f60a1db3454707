"""Colours, the pygame_gui theme and the one place a pygame_gui manager is made.

All text uses pygame's default font: our own drawing calls ``pygame.font.Font(None, size)``
and the pygame_gui theme points every element at the same font file that pygame ships.
"""

from __future__ import annotations

import os
from typing import Any

import pygame
import pygame_gui

BG = (18, 24, 22)
FELT = (34, 62, 46)
PANEL = (22, 26, 30)
PANEL_EDGE = (70, 80, 84)
TEXT = (232, 226, 210)
MUTED = (150, 150, 140)
ACCENT = (226, 180, 70)
GOOD = (110, 200, 120)
BAD = (220, 90, 80)
BUBBLE = (246, 242, 228)
INK = (24, 20, 16)

GUI_FONT = "pgdefault"
GUI_SIZE = 16
_ELEMENTS = (
    "button",
    "label",
    "text_box",
    "window",
    "title_bar",
    "drop_down_menu",
    "text_entry_line",
    "horizontal_slider",
    "selection_list",
    "tool_tip",
)


def default_font_path() -> str:
    """The file behind ``pygame.font.Font(None, size)``."""
    return os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())


def gui_theme() -> dict[str, Any]:
    """A pygame_gui theme: pygame's default font everywhere, colours that match the felt."""
    path = default_font_path()
    font = {
        "name": GUI_FONT,
        "size": str(GUI_SIZE),
        "regular_path": path,
        "bold_path": path,
        "italic_path": path,
        "bold_italic_path": path,
    }
    theme: dict[str, Any] = {name: {"font": font} for name in _ELEMENTS}
    theme["button"]["colours"] = {
        "normal_bg": "#2c3a34",
        "hovered_bg": "#3e5a4c",
        "active_bg": "#587a64",
        "disabled_bg": "#22282a",
        "normal_text": "#e8e2d2",
        "hovered_text": "#ffffff",
        "disabled_text": "#707470",
        "normal_border": "#6a7a70",
        "hovered_border": "#e2b446",
        "disabled_border": "#3a4240",
    }
    theme["button"]["misc"] = {"shape": "rounded_rectangle", "shape_corner_radius": "6"}
    theme["text_box"]["colours"] = {"dark_bg": "#161a1ee6", "normal_border": "#46505a"}
    theme["#bar_button"] = {
        "misc": {
            "shape": "rounded_rectangle",
            "shape_corner_radius": "6",
            "text_horiz_alignment": "right",
            "text_horiz_alignment_padding": "10",
        }
    }
    theme["#title"] = {"font": {**font, "size": "40"}, "colours": {"normal_text": "#e2b446"}}
    theme["#heading"] = {"font": {**font, "size": "24"}, "colours": {"normal_text": "#e8e2d2"}}
    theme["#muted"] = {"colours": {"normal_text": "#96968c"}}
    theme["#big"] = {"font": {**font, "size": "22"}}
    return theme


_PRELOAD: list[dict[str, str | int | float]] = [
    {"name": GUI_FONT, "point_size": size, "style": style}
    for size in (14, 16, 18, 24)
    for style in ("regular", "bold", "italic")
]


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A pygame_gui manager for one scene, themed and with the HTML fonts preloaded."""
    manager = pygame_gui.UIManager(size, gui_theme())
    fonts = manager.get_theme().get_font_dictionary()
    missing = [
        f
        for f in _PRELOAD
        if not fonts.check_font_preloaded(f"{GUI_FONT}_{f['style']}_aa_{f['point_size']}")
    ]
    manager.preload_fonts(missing)
    return manager
