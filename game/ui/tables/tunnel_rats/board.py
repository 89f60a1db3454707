"""The tunnel levels on screen: one MapView per level, the fog, markers and tokens.

Each level of the scenario is its Tiled map (``maps/tunnel_rats/*.tmx``) drawn by the
map renderer, with its own camera (drag or Shift+arrows pan, the wheel zooms). Over the
map, in this order: the fog, the known markers (entrances, booby traps, the documents),
the MapView overlays (movement range, path, tokens, line of sight).

Fog (only when the view says what the viewer explored): a cell nobody has seen is drawn
black; a cell seen before but not in a flashlight now is dimmed; lit cells are clear.
Nothing hidden is drawn because the view does not contain it: the board draws the view,
never the live state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.core.errors import MapError
from game.rules.tunnel_rats.data import Scenario
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.view import TRView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.camera import ZOOM_LEVELS
from game.ui.render.view import MapView
from game.ui.tables.tunnel_rats import art
from game.ui.toolkit.maps import map_view
from game.ui.widgets import blit_text

UNSEEN = (6, 5, 4, 255)
DIMMED = (0, 0, 0, 140)
SHADED = (0, 0, 0, 80)  # a spectator's view outside the rats' lights
TAB_H = 30
EXIT_EDGE = (90, 220, 120)  # the edge of the cells that count as "out"


def _cluster(cells: set[Cell], start: Cell) -> set[Cell]:
    """The cells of ``cells`` joined to ``start`` side by side (one way-out area)."""
    out, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in out:
                out.add(n)
                todo.append(n)
    return out


def _level_file(scenario: Scenario, level: int) -> Path | None:
    """The map file of a level (None for a level built in code, as tests do)."""
    try:
        return scenario.level_path(level)
    except MapError:
        return None


@dataclass
class Token:
    """A piece handed to the MapView: draws figure ``fid`` (a callable piece).

    ``path`` and ``f`` animate a move: the token is drawn ``f`` of the way along it."""

    fid: str
    figure: Rat | Enemy
    board: TunnelBoard
    selected: bool = False
    path: tuple[Cell, ...] = ()
    f: float = 1.0

    def __call__(self, surface: pygame.Surface, centre: tuple[float, float], zoom: float) -> None:
        mv = self.board.mapview()
        if mv is None:
            return
        if self.path and self.f < 1.0:
            pos = self.f * (len(self.path) - 1)
            i = min(int(pos), len(self.path) - 2)
            a, b = mv.cell_centre(self.path[i]), mv.cell_centre(self.path[i + 1])
            t = pos - i
            centre = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        image = self.board.token_image(self.figure, self.selected)
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))


class TunnelBoard:
    """The map area of the table: level tabs on top, the shown level's map below."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.rect = pygame.Rect(0, 0, 640, 480)
        self.viewport = pygame.Rect(0, TAB_H, 640, 480 - TAB_H)
        self.scenario: str | None = None
        self.levels: list[Path | None] = []
        self.views: dict[int, MapView | None] = {}
        self.level = 0
        self.centred: set[int] = set()
        self.tabs: list[tuple[pygame.Rect, int]] = []
        self.keys_shown = True  # the level keys and "H"; off while the table is watching
        self._fog: dict[int, tuple[object, object, float, pygame.Surface]] = {}
        self._tokens: dict[tuple[object, ...], pygame.Surface] = {}
        self._captions: list[tuple[tuple[float, float], str, bool]] = []  # (at, text, above)

    # -- layout and levels -------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.viewport = pygame.Rect(rect.left, rect.top + TAB_H, rect.width, rect.height - TAB_H)
        for mv in self.views.values():
            if mv is not None:
                mv.set_viewport(self.viewport)
                mv.camera.set_zoom(self.start_zoom(mv.map.tile_width))
        self._fog.clear()

    def start_zoom(self, tile_width: int = 32) -> float:
        """About 14 cells across the shorter side of the panel, each 40 to 64 pixels (the
        tokens and their badges read well); never less than fills the whole panel."""
        side = min(self.viewport.width, self.viewport.height)
        px = max(40.0, min(64.0, side / 14))
        return px / max(1, tile_width)

    def frame(self, cells: list[Cell]) -> None:
        """Show ``cells`` (the figures that can act): centred on them, zoomed out from the
        start zoom as far as needed to fit them all, but never below 100% (or filling
        the panel). Nothing moves when they are all on screen already."""
        mv = self.mapview()
        if mv is None or not cells or all(self.on_screen(c) for c in cells):
            return  # already on screen: the player's own zoom and pan stay
        cam = mv.camera
        tw, th = mv.map.tile_width, mv.map.tile_height
        span_w = (max(c[0] for c in cells) - min(c[0] for c in cells) + 3) * tw
        span_h = (max(c[1] for c in cells) - min(c[1] for c in cells) + 3) * th
        zoom = max(cam.cover_zoom(), 1.0)  # tokens smaller than a map tile do not read
        for level in ZOOM_LEVELS:
            if level <= self.start_zoom(tw) + 1e-9 and (
                span_w * level <= self.viewport.width and span_h * level <= self.viewport.height
            ):
                zoom = max(zoom, level)
        cam.set_zoom(zoom)
        self.centre_on(cells)

    def ensure(self, view: TRView) -> None:
        """Make the map views for the view's scenario (again if the scenario changed)."""
        scenario = view.scenario
        levels = [_level_file(scenario, i) for i in range(len(scenario.levels))]
        if scenario.id == self.scenario and levels == self.levels:
            return
        self.scenario = scenario.id
        self.levels = levels
        self.views = {}
        self.centred = set()
        self._fog.clear()
        self.level = 0

    def mapview(self, level: int | None = None) -> MapView | None:
        level = self.level if level is None else level
        if level not in self.views:
            mv = None
            path = self.levels[level] if 0 <= level < len(self.levels) else None
            if path is not None:
                mv = map_view(path, self.viewport)
                if mv is not None:
                    mv.camera.cover = True  # the map fills its panel at every size
                    mv.camera.set_zoom(self.start_zoom(mv.map.tile_width))
            self.views[level] = mv
        return self.views[level]

    def show_level(self, level: int) -> None:
        if 0 <= level < len(self.levels) and level != self.level:
            self.level = level

    def centre_on(self, cells: list[Cell]) -> None:
        mv = self.mapview()
        if mv is None or not cells:
            return
        pts = [mv.map.cell_centre(c) for c in cells]
        mv.camera.centre_on((sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)))

    def in_view(self, cell: Cell) -> bool:
        """Whether ``cell`` of the shown level lies inside the viewport with at least one
        cell's width to spare on every side."""
        mv = self.mapview()
        if mv is None:
            return True
        x, y = mv.cell_centre(cell)
        margin = self.cell_px()
        return self.viewport.inflate(-2 * margin, -2 * margin).collidepoint(x, y)

    def on_screen(self, cell: Cell) -> bool:
        """Whether the whole square of ``cell`` of the shown level is inside the viewport."""
        mv = self.mapview()
        if mv is None:
            return True
        x, y = mv.cell_centre(cell)
        half = self.cell_px() / 2
        box = pygame.Rect(round(x - half), round(y - half), round(2 * half), round(2 * half))
        return self.viewport.contains(box)

    def keep_in_view(self, cell: Cell) -> None:
        """Pan so ``cell`` is well inside the viewport (keyboard cursor, selection)."""
        mv = self.mapview()
        if mv is None:
            return
        x, y = mv.cell_centre(cell)
        margin = min(self.viewport.width, self.viewport.height) // 4
        inner = self.viewport.inflate(-2 * margin, -2 * margin)
        if inner.width <= 0 or inner.height <= 0 or not inner.collidepoint(x, y):
            dx = inner.left - x if x < inner.left else inner.right - x if x > inner.right else 0
            dy = inner.top - y if y < inner.top else inner.bottom - y if y > inner.bottom else 0
            mv.camera.pan(dx, dy)

    def cell_px(self) -> int:
        mv = self.mapview()
        if mv is None:
            return 40
        return max(8, round(mv.map.tile_width * mv.zoom))

    # -- tokens --------------------------------------------------------------------
    def token_image(self, fig: Rat | Enemy, selected: bool) -> pygame.Surface:
        px = self.cell_px()
        loaded = fig.loaded if isinstance(fig, Rat) else 0
        carrying = isinstance(fig, Rat) and fig.carrying
        key = (fig.id, fig.stance, fig.wounds, loaded, carrying, selected, px)
        surf = self._tokens.get(key)
        if surf is None:
            if len(self._tokens) > 300:
                self._tokens.clear()
            surf = self._tokens[key] = art.token(self.assets, fig, px, selected)
        return surf

    # -- fog ---------------------------------------------------------------------
    def _fog_image(self, view: TRView, mv: MapView) -> pygame.Surface | None:
        """The fog over the shown level (cached until what is explored or lit changes).

        A spectator and the open table see everything but the ground outside the rats'
        flashlights is shaded lightly; the defenders' screen has no fog."""
        level = self.level
        visible = view.visible[level] if level < len(view.visible) else frozenset()
        if view.explored is not None:
            explored: frozenset[Cell] | None = view.explored[level]
        elif visible:  # a spectator's or the open table's view (the defenders' has none)
            explored = None
        else:
            return None
        zoom = mv.zoom
        cached = self._fog.get(level)
        if cached is not None and cached[2] == zoom and cached[0] == explored:
            if cached[1] == visible:
                return cached[3]
        w, h = mv.map.width, mv.map.height
        small = pygame.Surface((w, h), pygame.SRCALPHA)
        if explored is None:
            small.fill(SHADED)
            for x, y in visible:
                if 0 <= x < w and 0 <= y < h:
                    small.set_at((x, y), (0, 0, 0, 0))
        else:
            small.fill(UNSEEN)
            for x, y in explored:
                if 0 <= x < w and 0 <= y < h:
                    small.set_at((x, y), (0, 0, 0, 0) if (x, y) in visible else DIMMED)
        size = (round(w * mv.map.tile_width * zoom), round(h * mv.map.tile_height * zoom))
        image = pygame.transform.scale(small, size)
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()  # the display's format blits much faster
        self._fog[level] = (explored, visible, zoom, image)
        return image

    # -- drawing -------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        view: TRView,
        pieces: dict[Cell, Token],
        extra: Callable[[pygame.Surface, MapView], None] | None = None,
    ) -> None:
        """The tabs, then the shown level: map, fog, markers, overlays and tokens;
        ``extra`` draws over everything inside the viewport (shots, flashes)."""
        self._draw_tabs(surface, view)
        mv = self.mapview()
        if mv is None:
            surface.fill((12, 10, 8), self.viewport)
            blit_text(
                surface,
                self.assets,
                "This level's map cannot be drawn (see the log).",
                24,
                self.viewport.center,
                theme.BAD,
                "center",
            )
            return
        mv.pieces = dict(pieces)
        mv.draw_base(surface)
        clip = surface.get_clip()
        surface.set_clip(self.viewport.clip(clip) if clip else self.viewport)
        fog = self._fog_image(view, mv)
        if fog is not None:
            surface.blit(fog, mv.camera.map_topleft)
        self._captions = []
        self._draw_markers(surface, view, mv)
        surface.set_clip(clip)
        mv.draw_overlays(surface)
        # The goals' names go over the tokens: a guard on the documents must not hide them.
        surface.set_clip(self.viewport.clip(clip) if clip else self.viewport)
        for at, text, above in self._captions:
            self._caption(surface, at, text, above)
        surface.set_clip(clip)
        if extra is not None:
            surface.set_clip(self.viewport.clip(clip) if clip else self.viewport)
            extra(surface, mv)
            surface.set_clip(clip)

    def _draw_markers(self, surface: pygame.Surface, view: TRView, mv: MapView) -> None:
        """Entrances, traps and the mission's goals, each goal with its name: the ways
        out (a green edge round the cells where the rats came in, "Way out: West well"),
        the documents, the wounded man of a rescue, the known ways down to another level
        and any mark the briefing's sketch gives. Captions are queued in ``_captions``
        and drawn over the tokens."""
        px = self.cell_px()
        lv = self.level
        goal = view.scenario.victory
        exits = dict(view.exits()) if lv == 0 and goal.kind != "eliminate" else {}
        if exits:
            zone = set(view.levels[0].deployment.get("rats", ()))
            self._zone_edge(surface, mv, zone)
            for name, cell in exits.items():
                cluster = _cluster(zone, cell)
                top = min(y for _, y in cluster)
                xs = [mv.cell_centre((x, top))[0] for x, _ in cluster]
                y = mv.cell_outline((cell[0], top))[0][1]
                at = ((min(xs) + max(xs)) / 2, y)
                self._captions.append((at, f"Way out: {name}", True))
        # The view holds only what the side knows: marks from a briefing show even on
        # ground nobody has lit yet, captioned so they read as the sketch's marks.
        for ent in view.entrances:
            if ent.level == lv:
                leads = ent.leads_to is not None
                centre = mv.cell_centre(ent.cell)
                art.entrance_marker(surface, centre, px, leads, ent.hidden)
                if ent.name in exits and exits[ent.name] == ent.cell:
                    continue
                sketch = "" if view.knows_cell(lv, ent.cell) else " (sketch)"
                if leads or sketch:
                    below = (centre[0], centre[1] + px * 0.45)
                    self._captions.append((below, ent.name + sketch, False))
        for trap in view.traps:
            if trap.level == lv and trap.armed and view.knows_cell(lv, trap.cell):
                art.trap_marker(surface, mv.cell_centre(trap.cell), px, trap.hidden)
        if view.objective is not None and goal.kind == "retrieve" and goal.objective_level == lv:
            centre = mv.cell_centre(view.objective)
            art.objective_marker(surface, centre, px)
            sketch = "" if view.knows_cell(lv, view.objective) else " (sketch)"
            name = goal.objective or "Objective"
            self._captions.append(((centre[0], centre[1] + px * 0.45), name + sketch, False))
        if goal.kind == "rescue":
            for rat in view.rats:
                if rat.pinned and rat.alive and rat.level == lv:
                    centre = mv.cell_centre(rat.cell)
                    over = (centre[0], centre[1] - px * 0.7)
                    self._captions.append((over, f"Wounded man: reach {rat.name}", True))

    def _zone_edge(self, surface: pygame.Surface, mv: MapView, zone: set[Cell]) -> None:
        """A green line along the outer edges of ``zone`` (the cells that count as out)."""
        width = max(2, self.cell_px() // 14)
        for x, y in zone:
            tl, tr, br, bl = mv.cell_outline((x, y))
            for (dx, dy), (a, b) in (
                ((0, -1), (tl, tr)),
                ((1, 0), (tr, br)),
                ((0, 1), (br, bl)),
                ((-1, 0), (bl, tl)),
            ):
                if (x + dx, y + dy) not in zone:
                    pygame.draw.line(surface, EXIT_EDGE, a, b, width)

    def _caption(
        self, surface: pygame.Surface, at: tuple[float, float], text: str, above: bool = False
    ) -> None:
        """A small label whose top centre (bottom centre if ``above``) is ``at``: a mark's
        name ("Ladder shaft", "Documents cache (sketch)", "Way out: West well")."""
        label = self.assets.text(text, 16, theme.ACCENT)
        x, y = int(at[0]), int(at[1])
        lift = 4 + self.cell_px() // 5  # clear of the badges on the tokens below
        box = (
            label.get_rect(midbottom=(x, y - lift)) if above else label.get_rect(midtop=(x, y + 2))
        )
        pygame.draw.rect(surface, (12, 10, 8), box.inflate(8, 4), border_radius=3)
        pygame.draw.rect(surface, theme.ACCENT, box.inflate(8, 4), 1, border_radius=3)
        surface.blit(label, box)

    def _draw_tabs(self, surface: pygame.Surface, view: TRView) -> None:
        strip = pygame.Rect(self.rect.left, self.rect.top, self.rect.width, TAB_H)
        pygame.draw.rect(surface, theme.PANEL, strip)
        self.tabs = []
        x = strip.left + 6
        if len(self.levels) > 1:
            own = view.rats if view.seat != 1 else view.enemies
            for i in range(len(self.levels)):
                count = sum(1 for f in own if f.alive and f.level == i)
                label = f"Level {i + 1} ({count})" + (f"  [{i + 1}]" if self.keys_shown else "")
                w = self.assets.font(20).size(label)[0] + 20
                tab = pygame.Rect(x, strip.top + 3, w, TAB_H - 3)
                active = i == self.level
                fill = (58, 84, 70) if active else (34, 40, 42)
                pygame.draw.rect(
                    surface, fill, tab, border_top_left_radius=6, border_top_right_radius=6
                )
                if active:
                    pygame.draw.rect(
                        surface,
                        theme.ACCENT,
                        tab,
                        2,
                        border_top_left_radius=6,
                        border_top_right_radius=6,
                    )
                colour = theme.TEXT if active else theme.MUTED
                blit_text(surface, self.assets, label, 20, tab.center, colour, "center")
                self.tabs.append((tab, i))
                x = tab.right + 4
        title = view.scenario.title + ("  -  H: keys and marks" if self.keys_shown else "")
        if self.level < len(view.noise) and view.noise[self.level]:
            limit = view.rules.noise_threshold
            title = f"Noise here {view.noise[self.level]} (over {limit}: help may come)  -  {title}"
        room = strip.right - x - 10
        while self.assets.font(20).size(title)[0] > room and "  -  " in title:
            title = title.rsplit("  -  ", 1)[0]  # drop the least useful part first
        if self.assets.font(20).size(title)[0] <= room:
            blit_text(
                surface,
                self.assets,
                title,
                20,
                (strip.right - 8, strip.centery),
                theme.MUTED,
                "midright",
            )

    def tab_at(self, pos: tuple[int, int]) -> int | None:
        for rect, i in self.tabs:
            if rect.collidepoint(pos):
                return i
        return None
