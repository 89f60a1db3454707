"""A small picture of a map for the setup screen: the ground, the deployment zones (one
colour per side, outlined and named) and the objectives (a ring and the name), fitted
into a rectangle. It follows the file like the Maps screen does (:class:`LiveMap`): a
save in Tiled redraws it within about half a second; a broken save keeps the last good
picture and :attr:`MapPreview.errors` says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pygame

from game.core.errors import MapError
from game.maps import GameMap
from game.maps.tabletop import is_tabletop, table_from_map
from game.maps.tiled import object_outline
from game.ui import theme
from game.ui.render.reload import LiveMap
from game.ui.render.table_overlay import TableOverlay
from game.ui.render.view import MapView

#: Zone colours, one per side in the order the sides are first met on the map.
SIDE_COLOURS: tuple[tuple[int, int, int], ...] = (
    (70, 140, 255),
    (235, 90, 70),
    (90, 200, 110),
    (220, 160, 60),
)
OBJECTIVE_COLOUR = (250, 210, 70)
ZONE_KIND = "deployment"
OBJECTIVE_KIND = "objective"


def side_title(side: str) -> str:
    """A side as a player reads it when no scenario names it: ``us_army`` -> "Us army",
    ``0`` -> "Side 1" (tabletop maps number the sides from 0)."""
    if side.strip().isdigit():
        return f"Side {int(side) + 1}"
    text = side.replace("_", " ").strip()
    return text[:1].upper() + text[1:] if text else "Any side"


def zone_sides(game_map: GameMap) -> list[str]:
    """The sides that have a deployment zone on ``game_map``, first met first."""
    sides: list[str] = []
    for obj in game_map.objects_of_kind(ZONE_KIND):
        side = str(obj.properties.get("side", ""))
        if side not in sides:
            sides.append(side)
    return sides


class MapPreview:
    """The map of ``path`` drawn small, with zones and objectives, reloaded on save.

    Raises :class:`MapError` (or OSError) when the file cannot be loaded at all; the
    caller turns that into a dialog. ``side_names`` maps a zone's ``side`` property to
    the name players read (the scenario's side names; see :meth:`side_name`)."""

    def __init__(
        self, path: Path, rect: pygame.Rect, side_names: Mapping[str, str] | None = None
    ) -> None:
        self.live = LiveMap(path)
        self.rect = pygame.Rect(rect)
        self.side_names = dict(side_names or {})
        self.table: TableOverlay | None = None
        self.view = MapView(self.live.map, self.live.images, self.rect)
        self.fit()
        self._table_for(self.live.map)

    def side_name(self, side: str) -> str:
        """A zone's ``side`` as players read it: its entry in ``side_names``; else, for
        values that name no seat, the ``#0``, ``#1`` entries in the order the values
        first appear on the map (how a skirmish pairs free-form zone sides with its
        sides); else :func:`side_title`."""
        if side in self.side_names:
            return self.side_names[side]
        free = [s for s in zone_sides(self.map) if s not in self.side_names]
        order = f"#{free.index(side)}" if side in free else ""
        return self.side_names.get(order) or side_title(side)

    @property
    def path(self) -> Path:
        return self.live.path

    @property
    def map(self) -> GameMap:
        return self.live.map

    @property
    def errors(self) -> list[str]:
        """The problems of the last save when it was broken (empty when it loaded)."""
        return self.live.errors

    def _table_for(self, game_map: GameMap) -> None:
        """Tabletop maps: their terrain pieces are drawn over the ground tiles."""
        self.table = None
        if is_tabletop(game_map):
            try:
                self.table = TableOverlay(table_from_map(game_map))
            except MapError as exc:
                self.live.errors = [str(exc)]

    def set_rect(self, rect: pygame.Rect) -> None:
        """Move or resize the preview; the map is fitted again."""
        self.rect = pygame.Rect(rect)
        self.view.set_viewport(self.rect)
        self.fit()

    def fit(self) -> None:
        """The whole map in the rectangle, centred, as large as fits (any zoom, not
        only the Maps screen's zoom steps)."""
        camera = self.view.camera
        w, h = self.map.pixel_size
        zoom = min(self.rect.width / max(1, w), self.rect.height / max(1, h))
        camera.levels = (zoom,)
        camera.zoom = zoom
        camera.centre_on((w / 2, h / 2))

    def update(self, dt: float) -> bool:
        """Poll the files (``dt`` real seconds); True when a new version was loaded."""
        if not self.live.update(dt):
            return False
        self.view.set_map(self.live.map, self.live.images)
        self.fit()
        self._table_for(self.live.map)
        return True

    def draw(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        """The map, its zones and objectives, clipped to the preview's rectangle."""
        self.view.draw_base(surface)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        if self.table is not None:
            self.table.draw_pieces(surface, self.view)
        self._draw_zones(surface, font)
        self._draw_objectives(surface, font)
        surface.set_clip(clip)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect.inflate(2, 2), 1)

    def _screen(self, points: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
        return [self.view.camera.world_to_screen(p) for p in points]

    def _draw_zones(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        sides = zone_sides(self.map)
        tint = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        labels: list[tuple[str, tuple[int, int, int], tuple[float, float]]] = []
        for obj in self.map.objects_of_kind(ZONE_KIND):
            side = str(obj.properties.get("side", ""))
            colour = SIDE_COLOURS[sides.index(side) % len(SIDE_COLOURS)]
            outline = self._screen(object_outline(obj))
            if len(outline) >= 3:
                pygame.draw.polygon(tint, (*colour, 70), outline)
                pygame.draw.polygon(tint, (*colour, 230), outline, 2)
            name = self.side_name(side)
            top = min(y for _, y in outline) if outline else 0.0
            x = sum(x for x, _ in outline) / max(1, len(outline))
            labels.append((name, colour, (x, top + 10)))  # at the top: objectives sit inside
        surface.blit(tint, (0, 0))
        for name, colour, centre in labels:
            _label(surface, font, name, colour, centre)

    def _draw_objectives(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        for obj in self.map.objects_of_kind(OBJECTIVE_KIND):
            x, y = self.view.camera.world_to_screen(obj.centre)
            pygame.draw.circle(surface, (0, 0, 0), (x, y), 8, 4)
            pygame.draw.circle(surface, OBJECTIVE_COLOUR, (x, y), 7, 2)
            name = obj.name or str(obj.properties.get("objective", "")) or "Objective"
            _label(surface, font, name, OBJECTIVE_COLOUR, (x, y + 16))

    def legend(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the colours mean, for a line under the preview."""
        sides = zone_sides(self.map)
        out = [
            (f"{self.side_name(s)}: set-up zone", SIDE_COLOURS[i % 4]) for i, s in enumerate(sides)
        ]
        if self.map.objects_of_kind(OBJECTIVE_KIND):
            out.append(("Objectives", OBJECTIVE_COLOUR))
        return out


def draw_legend(
    surface: pygame.Surface,
    font: pygame.font.Font,
    entries: list[tuple[str, tuple[int, int, int]]],
    topleft: tuple[int, int],
    width: int,
) -> int:
    """The legend as a row of colour squares and words, wrapped at ``width`` pixels;
    returns the y below it."""
    x0, y = topleft
    x = x0
    step = font.get_linesize() + 4
    for text, colour in entries:
        image = font.render(text, True, theme.TEXT)
        need = 20 + image.get_width()
        if x > x0 and x + need > x0 + width:
            x, y = x0, y + step
        box = 12
        pygame.draw.rect(surface, colour, (x, y + (image.get_height() - box) // 2, box, box))
        surface.blit(image, (x + box + 6, y))
        x += need + 18
    return y + step


def _label(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    colour: tuple[int, int, int],
    centre: tuple[float, float],
) -> None:
    """``text`` centred at ``centre`` on a dark plate, readable over any ground."""
    image = font.render(text, True, colour)
    box = image.get_rect(center=(round(centre[0]), round(centre[1])))
    plate = pygame.Surface(box.inflate(8, 4).size, pygame.SRCALPHA)
    plate.fill((0, 0, 0, 170))
    surface.blit(plate, box.inflate(8, 4))
    surface.blit(image, box)
