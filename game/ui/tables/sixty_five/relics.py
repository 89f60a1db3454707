"""Drawing scenario 8's relics on the '65 board: each hex still to search has a gold
"?" at its foot (the rubble itself is a fortification: sixty_five/forts.py), a searched
hex a dark cross over its corners, fallen relics a gold ring round their hex, and the
carrier a gold RELICS tag on its stack (the Breach-like marker of the rules). Counters
cover the middle of a hex, so the marks keep to its edge; the tags go over the counters.
"""

from __future__ import annotations

import pygame

from game.rules.sixty_five.view import SixtyFiveView
from game.ui.assets import Assets
from game.ui.tables.sixty_five.board import BoardPicture
from game.ui.tables.sixty_five.choices import unit_name

GOLD = (240, 200, 60)
GOLD_EDGE = (90, 60, 10)
SEARCHED = (60, 40, 30)


def draw_relic_hexes(surface: pygame.Surface, pic: BoardPicture, view: SixtyFiveView) -> None:
    """Under the counters: a cross over each searched hex, a ring round the hex where
    fallen relics lie."""
    relics = view.relics
    if relics is None:
        return
    width = max(2, round(pic.hex_size() * 0.06))
    for hex_id in relics.searched:
        pts = pic.outline(hex_id)
        n = len(pts)
        for k in range(n // 2):  # the long diagonals: each corner to the opposite one
            pygame.draw.line(surface, SEARCHED, pts[k], pts[k + n // 2], width)
    if relics.lying is not None:
        pygame.draw.polygon(surface, GOLD, pic.outline(relics.lying), width + 2)


def draw_relic_tags(
    surface: pygame.Surface, assets: Assets, pic: BoardPicture, view: SixtyFiveView
) -> None:
    """Over the counters, at the foot of the hex (its id is at the top): "?" on each hex
    still to search ("Relics?"), RELICS on the carrier's hex or on the hex where they lie."""
    relics = view.relics
    if relics is None:
        return
    size = max(12, round(pic.hex_size() * 0.26))
    found = relics.carrier is not None or relics.lying is not None or relics.exited is not None
    if not found:
        for hex_id in relics.hexes:
            if hex_id not in relics.searched:
                x, y = pic.centre(hex_id)
                _tag(surface, assets, "Relics?", size, (x, round(y + pic.hex_size() * 0.36)))
    where = relics.lying
    if relics.carrier is not None:
        where = next((u.hex for u in view.units if u.id == relics.carrier), None)
    if where is not None:
        x, y = pic.centre(where)
        _tag(surface, assets, "RELICS", size, (x, round(y + pic.hex_size() * 0.36)))


def _tag(
    surface: pygame.Surface, assets: Assets, text: str, size: int, centre: tuple[int, int]
) -> None:
    label = assets.font(size).render(text, True, GOLD_EDGE)
    box = label.get_rect().inflate(6, 2)
    box.center = centre
    pygame.draw.rect(surface, GOLD, box, border_radius=3)
    pygame.draw.rect(surface, GOLD_EDGE, box, 1, border_radius=3)
    surface.blit(label, label.get_rect(center=box.center))


def relics_text(view: SixtyFiveView, hex_id: str) -> str:
    """The hover box's words for a relic hex."""
    relics = view.relics
    if relics is None:
        return ""
    units = {u.id: u for u in view.units}
    words = []
    if hex_id in relics.searched:
        words.append("searched")
    elif hex_id in relics.hexes and relics.carrier is None and relics.lying is None:
        words.append("relics may be here (Search: a Power card)")
    if relics.lying == hex_id:
        words.append("the relics lie here")
    carrier = units.get(relics.carrier or "")
    if carrier is not None and carrier.hex == hex_id:
        words.append(f"{unit_name(units, carrier.id)} carries the relics")
    return "".join(f", {w}" for w in words)
