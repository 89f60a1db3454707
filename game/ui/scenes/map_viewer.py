"""The map viewer (main menu: Maps): look at any shipped or user map, check sight lines.

Left: the shipped maps (``maps/**/*.tmx``) and the user's (``<data dir>/maps/*.tmx``),
a box to type any .tmx path, toggles, and "Set up my map folder for Tiled" (writes the
project file and tilesets into ``<data dir>/maps/`` and shows that folder). Right: the
map, with the camera of :class:`~game.ui.render.view.MapView` (drag or arrows pan,
wheel zooms, double click centres). Hovering a cell names it and its terrain; clicking
two cells traces a line of sight and says whether and why it is blocked; right click
clears. While a map is open, saving it in Tiled reloads it (within about half a
second); a broken save keeps the old map and lists the problems over it. A map that
cannot be opened shows the map checker's messages in a dialog.

Tabletop maps (RatFight, 5.56mm) show their terrain pieces over the ground tiles (soft
cover green hatched, hard cover grey, impassable dark, linear obstacles as thick
lines); hovering names a piece with its class and properties; a click starts a
measuring tape that follows the mouse, a second click fixes it and traces line of
sight between two 1" bases (green clear, amber in terrain, red blocked).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.core.errors import MapError
from game.maps.tabletop import Point, inches, is_tabletop, table_from_map
from game.resources import maps_dir, shipped_maps
from game.ui import theme
from game.ui.render.info import LosResult, cell_name, line_of_sight, terrain_details
from game.ui.render.reload import LiveMap, broken_map_messages
from game.ui.render.table_overlay import LOS_COLOURS, TableOverlay, piece_text
from game.ui.render.view import Click, MapView
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

Cell = tuple[int, int]
SIDEBAR_W = 300
STATUS_H = 56
HOVER = (255, 255, 255, 40)
LOS_ENDS = (250, 220, 90, 90)


def user_maps(data_dir: Path) -> list[Path]:
    """The user's maps: ``<data dir>/maps/**/*.tmx``, sorted."""
    return sorted((data_dir / "maps").rglob("*.tmx"))


class MapViewerScene(Scene):
    """Browse maps, hover for terrain, click two cells for line of sight."""

    def __init__(self, app: App, path: str | Path | None = None) -> None:
        super().__init__(app)
        self.live: LiveMap | None = None
        self.view: MapView | None = None
        self.hover: Cell | None = None
        self.los_start: Cell | None = None
        self.los: LosResult | None = None
        self.entries: dict[str, Path] = {}
        self.table: TableOverlay | None = None
        self.pointer: Point | None = None
        self._before_pick: tuple[Cell | None, LosResult | None] = (None, None)
        self.message = "Choose a map on the left, or type the path of a .tmx file."
        if path is not None:
            self.open_map(path)

    # -- layout ------------------------------------------------------------------------
    def map_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(
            SIDEBAR_W + 10, 10, max(50, w - SIDEBAR_W - 20), max(50, h - STATUS_H - 20)
        )

    def build(self) -> None:
        w, h = self.app.size
        m = self.manager
        root = self.app.assets.root
        self.entries = {}
        for p in shipped_maps(root):
            self.entries[str(p.relative_to(maps_dir(root)).with_suffix(""))] = p
        for p in user_maps(self.app.data_dir):
            self.entries[
                "my maps/" + str(p.relative_to(self.app.data_dir / "maps").with_suffix(""))
            ] = p
        pygame_gui.elements.UILabel(
            pygame.Rect(10, 8, SIDEBAR_W - 20, 34), "Maps", m, object_id="#heading"
        )
        list_h = max(120, h - 330)
        self.list = pygame_gui.elements.UISelectionList(
            pygame.Rect(10, 46, SIDEBAR_W - 20, list_h), list(self.entries), m
        )
        y = 56 + list_h
        self.path_box = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(10, y, SIDEBAR_W - 20, 36), m, placeholder_text="path to any .tmx map"
        )
        self.path_box.set_text_length_limit(400)
        self.open_button = pygame_gui.elements.UIButton(
            pygame.Rect(10, y + 42, SIDEBAR_W - 20, 40), "Open typed path  [Enter]", m
        )
        self.labels_button = pygame_gui.elements.UIButton(
            pygame.Rect(10, y + 90, SIDEBAR_W - 20, 40), "Labels on/off  [L]", m
        )
        self.folder_button = pygame_gui.elements.UIButton(
            pygame.Rect(10, y + 138, SIDEBAR_W - 20, 40), "Set up my map folder for Tiled", m
        )
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(10, h - 56, SIDEBAR_W - 20, 44), "Back  [Esc]", m
        )
        if self.view is not None:
            self.view.set_viewport(self.map_rect())

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if self.view is not None:
            self.view.set_viewport(self.map_rect())

    # -- opening maps ------------------------------------------------------------------
    def open_map(self, path: str | Path) -> bool:
        """Open a map; on failure show the checker's messages in a dialog (False)."""
        path = Path(path).expanduser()
        try:
            live = LiveMap(path)
        except MapError as exc:
            self.show_problems(path, broken_map_messages(path, exc))
            return False
        except (OSError, pygame.error) as exc:
            self.show_problems(path, [f"{path}: {exc}"])
            return False
        table = None
        if is_tabletop(live.map):
            try:
                table = TableOverlay(table_from_map(live.map))
            except MapError as exc:
                self.show_problems(path, broken_map_messages(path, exc))
                return False
        self.live = live
        self.table = table
        self.pointer = None
        self.view = MapView(live.map, live.images, self.map_rect())
        self.view.draw_labels(live.map.is_hex)
        self.los_start, self.los, self.hover = None, None, None
        kind = "hex" if live.map.is_hex else "square"
        self.message = f"{path.name}: {live.map.width} x {live.map.height} {kind} map"
        if table is not None:
            w, h = table.table.size_in
            self.message = f'{path.name}: a {w:g}" x {h:g}" table, {len(table.table.pieces)} pieces'
            if table.table.warnings:  # e.g. no scale: say which size was assumed
                more = len(table.table.warnings) - 1
                self.message = f"{path.name}: warning: {table.table.warnings[0]}"
                self.message += f" (and {more} more: check-map lists them)" if more else ""

        return True

    def show_problems(self, path: Path, messages: list[str]) -> None:
        from game.ui.scenes.dialog import DialogScene

        self.message = f"{path.name} cannot be opened"
        self.app.push(DialogScene(self.app, "This map cannot be opened", "\n".join(messages)))

    # -- input -------------------------------------------------------------------------
    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        if element is self.back_button:
            self.app.pop()
        elif element is self.open_button:
            self.open_typed()
        elif element is self.labels_button and self.view is not None:
            self.view.draw_labels(not self.view.labels)
        elif element is self.folder_button:
            self.set_up_folder()

    def set_up_folder(self) -> None:
        """Write the Tiled project and tilesets into the data folder's ``maps/`` (never
        replacing a file), say what was done, list the user's maps again and show the
        folder in the file manager."""
        from game.ui.scenes.map_folder import set_up_folder_dialog

        set_up_folder_dialog(self.app)
        self.resize(self.app.size)  # the list of "my maps" may have changed

    def open_typed(self) -> None:
        text = self.path_box.get_text().strip()
        if text:
            self.open_map(text)

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.list
        ):
            path = self.entries.get(event.text)
            if path is not None:
                self.open_map(path)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.path_box:
            self.open_typed()
            return
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.view is None:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.view.draw_labels(not self.view.labels)
            return
        click = self.view.handle_event(event)
        if self.table is not None:
            self._table_event(event, click)
            return
        if event.type == pygame.MOUSEMOTION:
            self.set_hover(self.view.cell_at(event.pos))
        if click is not None and click.double:
            self.los_start, self.los = self._before_pick  # a double click only centres
            self._show_los()
        elif click is not None and click.cell is not None and click.button == 1:
            self._before_pick = (self.los_start, self.los)
            self.pick(click.cell)
        elif click is not None and click.button == 3:
            self.clear_los()

    def _table_event(self, event: pygame.event.Event, click: Click | None) -> None:
        """Tabletop maps: hover names pieces; clicks run the tape and LOS tool."""
        assert self.table is not None and self.view is not None
        if event.type == pygame.MOUSEMOTION:
            self.pointer = self.table.table_point(self.view, event.pos)
            self.table.set_hover(self.pointer)
        if click is None:
            return
        if click.button == 3:
            self.table.tape_start, self.table.measure = None, None
        elif click.button == 1 and not click.double:
            self.pick_point(self.table.table_point(self.view, click.pos))

    def pick_point(self, point: Point | None) -> None:
        """Tape tool: the first click fixes one end, the second the other (and traces
        line of sight between two 1" bases); a third starts again."""
        if self.table is None or point is None:
            return
        if self.table.tape_start is None or self.table.measure is not None:
            self.table.tape_start, self.table.measure = point, None
        else:
            self.table.measure_to(self.table.tape_start, point)

    def set_hover(self, cell: Cell | None) -> None:
        self.hover = cell
        if self.view is not None:
            self.view.highlight([cell] if cell else [], HOVER, key="hover")

    def pick(self, cell: Cell) -> None:
        """LOS tool: first click chooses the viewer, the second the target."""
        assert self.view is not None and self.live is not None
        if self.los_start is None or self.los is not None:
            self.los_start, self.los = cell, None
            self.view.clear_los()
            self.view.highlight([cell], LOS_ENDS, key="los")
            return
        self.los = line_of_sight(self.live.map, self.los_start, cell)
        self.view.highlight([self.los_start, cell], LOS_ENDS, key="los")
        self.view.draw_los(self.los.a, self.los.b, self.los.blocked, self.los.blockers)

    def _show_los(self) -> None:
        if self.view is None:
            return
        if self.los is not None:
            self.view.highlight([self.los.a, self.los.b], LOS_ENDS, key="los")
            self.view.draw_los(self.los.a, self.los.b, self.los.blocked, self.los.blockers)
        else:
            self.view.clear_los()
            self.view.highlight([self.los_start] if self.los_start else [], LOS_ENDS, key="los")

    def clear_los(self) -> None:
        self.los_start, self.los = None, None
        if self.view is not None:
            self.view.clear_los()
            self.view.highlight([], LOS_ENDS, key="los")

    # -- time --------------------------------------------------------------------------
    def animating(self) -> bool:
        """The camera pans every frame while an arrow key is held."""
        return self.view is not None and self.view.panning

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.view is None or self.live is None:
            return
        real = dt / max(self.app.speed, 1e-9)  # the app speeds up game time; ours is real
        self.view.update(real)
        if self.live.update(real):
            self.app.wake()  # redraw: the map changed on disk, not by an event
            self.view.set_map(self.live.map, self.live.images)
            if self.table is not None:
                self._reload_table()
            if self.los is not None and all(
                self.live.map.contains(c) for c in (self.los.a, self.los.b)
            ):
                self.los = line_of_sight(self.live.map, self.los.a, self.los.b)
                self.view.draw_los(self.los.a, self.los.b, self.los.blocked, self.los.blockers)
            elif self.los is not None:
                self.clear_los()
            self.message = f"{self.live.path.name}: reloaded from disk"

    def _reload_table(self) -> None:
        assert self.live is not None and self.table is not None
        old = self.table
        try:
            self.table = TableOverlay(table_from_map(self.live.map))
        except MapError as exc:
            self.live.errors = [str(exc)]
            return
        self.table.tape_start = old.tape_start
        if old.measure is not None:
            self.table.measure_to(old.measure.a, old.measure.b)

    # -- drawing -----------------------------------------------------------------------
    def status_lines(self) -> list[str]:
        """The two lines under the map: what is under the mouse, and the LOS tool."""
        if self.live is None:
            return [self.message, ""]
        if self.table is not None:
            return self._table_lines()
        game_map = self.live.map
        if self.hover is not None and game_map.contains(self.hover):
            first = f"{cell_name(game_map, self.hover)}: {terrain_details(game_map, self.hover)}"
        else:
            first = self.message
        if self.los is not None:
            second = "Line of sight " + self.los.text
        elif self.los_start is not None:
            second = f"Line of sight from {cell_name(game_map, self.los_start)}: click the target"
        else:
            second = "Click two cells to trace line of sight; right click clears. Wheel zooms."
        return [first, second]

    def _table_lines(self) -> list[str]:
        assert self.table is not None
        table = self.table
        if table.hover:
            first = " | ".join(piece_text(p) for p in table.hover)
        elif self.pointer is not None:
            first = (
                f'{inches(self.pointer[0]):.2f}" from the left, {inches(self.pointer[1]):.2f}" down'
            )
        else:
            first = self.message
        if table.measure is not None:
            second = table.measure.text()
        elif table.tape_start is not None and self.pointer is not None:
            length = inches(math.dist(table.tape_start, self.pointer))
            second = f'Tape: {length:.2f}"; click the other end'
        else:
            second = "Click two points to measure and trace line of sight; right click clears."
        return [first, second]

    def _second_line_colour(self) -> tuple[int, int, int]:
        if self.table is not None:
            if self.table.measure is not None:
                return LOS_COLOURS[self.table.measure.verdict]
            return theme.TEXT
        if self.los is not None:
            return theme.BAD if self.los.blocked else theme.GOOD
        return theme.TEXT

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        if self.view is not None and self.table is not None:
            self.view.draw_base(surface)
            self.table.draw_pieces(surface, self.view)
            self.view.draw_overlays(surface)
            self.table.draw_tools(surface, self.view, self.pointer)
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.view.viewport.inflate(2, 2), 1)
        elif self.view is not None:
            self.view.draw(surface)
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.view.viewport.inflate(2, 2), 1)
        else:
            rect = self.map_rect()
            pygame.draw.rect(surface, theme.PANEL, rect)
        w, h = surface.get_size()
        font = self._font(22)
        y = h - STATUS_H + 2
        for i, line in enumerate(self.status_lines()):
            colour = self._second_line_colour() if i == 1 else theme.TEXT
            img = font.render(_fit(font, line, w - SIDEBAR_W - 20), True, colour)
            surface.blit(img, (SIDEBAR_W + 10, y + i * 26))
        if self.live is not None and self.live.errors:
            self._draw_errors(surface, self.live.errors)

    def _font(self, size: int) -> pygame.font.Font:
        if not hasattr(self, "_fonts"):
            self._fonts: dict[int, pygame.font.Font] = {}
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(None, size)
        return self._fonts[size]

    def _draw_errors(self, surface: pygame.Surface, errors: list[str]) -> None:
        rect = self.map_rect().inflate(-40, 0)
        font = self._font(20)
        lines = ["The saved map is broken; still showing the last good version:"]
        for e in errors[:8]:
            lines.extend(_wrap(font, e, rect.width - 24))
        if len(errors) > 8:
            lines.append(f"... and {len(errors) - 8} more")
        box = pygame.Rect(rect.x, rect.y + 20, rect.width, 16 + 22 * len(lines))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((90, 20, 20, 225))
        surface.blit(panel, box)
        pygame.draw.rect(surface, theme.BAD, box, 2)
        for i, line in enumerate(lines):
            surface.blit(font.render(line, True, theme.TEXT), (box.x + 12, box.y + 8 + 22 * i))


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    """Cut ``text`` with an ellipsis so it fits ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines of at most ``width`` pixels (long words are cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return [_fit(font, ln, width) for ln in lines]
