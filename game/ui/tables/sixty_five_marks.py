"""What the '65 table draws for the scenarios' own rules (24): the Bonus Victory Condition
cards, the friendly map edges (a band in the
side's colour) and the edges a side may leave by (arrows pointing off the board), and
the three hexes of an artillery strike (12) with the cards each will draw."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pygame

from game.rules.sixty_five.boards import scenario_by_id
from game.rules.sixty_five.bonus import load_bonus_cards
from game.rules.sixty_five.field import Field
from game.rules.sixty_five.names import possessive, side_words
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.assets import Assets
from game.ui.tables.sixty_five_art import SEAT_COLOURS
from game.ui.tables.sixty_five_board import BoardPicture
from game.ui.widgets import blit_fitted

STRIKE = (235, 50, 40)  # the hexes of the strike being chosen
STRUCK = (255, 150, 40)  # the hexes of the last strike
EDGE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


@cache
def _names(scenario: str) -> tuple[str, str]:
    names = scenario_by_id(scenario).names
    return names[0], names[1]


def side_names(view: SixtyFiveView) -> tuple[str, str]:
    """What the scenario calls each side, short (``US``, ``VC`` or ``NVA``); the
    scenario file is read once."""
    return _names(view.scenario or "1")


def long_names(view: SixtyFiveView) -> tuple[str, str]:
    """The sides as players say them (``Americans``, ``Viet Cong``, ``NVA``)."""
    return side_words(side_names(view))


def rules_lines(view: SixtyFiveView) -> list[str]:
    """The Bonus Victory Condition cards (face up, 24b), one line each, then who may
    leave the map (the edges themselves are drawn and named on the board)."""
    names = long_names(view)
    cards = load_bonus_cards()
    lines = []
    for seat, cid in enumerate(view.bonus):
        card = cards[cid]
        lines.append(f"{possessive(names[seat])} bonus card: {card.name} ({card.short()})")
    exits: dict[str, list[str]] = {}
    for s, e in view.edges:
        if s.startswith("exit:"):
            exits.setdefault(s[5:], []).append(e)
    words = []
    for side, by in exits.items():
        seat = 0 if side == "us" else 1
        only = view.exit_only[seat]
        where = f" from {' '.join(only)}" if only else ""
        said = [EDGE_WORDS.get(e, e) for e in by]
        edges = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
        words.append(f"{names[seat]} may leave by the {edges} edge{'s' * (len(by) > 1)}{where}")
    if words:
        lines.append(" · ".join(words))
    return lines


def _outer_side(outline: Sequence[tuple[int, int]], edge: str) -> list[tuple[int, int]]:
    """The corners of a hex outline on its ``edge`` side (flat-topped hexes: two corners
    north and south, three east and west)."""
    pts = list(outline)
    if edge == "N":
        return sorted(sorted(pts, key=lambda p: p[1])[:2])
    if edge == "S":
        return sorted(sorted(pts, key=lambda p: -p[1])[:2])
    if edge == "E":
        return sorted(sorted(pts, key=lambda p: -p[0])[:3], key=lambda p: p[1])
    return sorted(sorted(pts, key=lambda p: p[0])[:3], key=lambda p: p[1])


def exit_marked_hexes(ground: Field, view: SixtyFiveView, side: str, edge: str) -> list[str]:
    """The hexes of ``edge`` marked for ``side`` (a friendly side, or ``exit:us`` /
    ``exit:vc_nva``): every hex of the edge, but for an exit limited to named hexes
    (scenario 6: C1 of Map 3), only those."""
    hexes = list(ground.edge_hexes(edge))
    if side.startswith("exit:"):
        only = view.exit_only[0 if side == "exit:us" else 1]
        if only:
            hexes = [h for h in hexes if h in only]
    return hexes


def draw_edges(
    surface: pygame.Surface, pic: BoardPicture, ground: Field, view: SixtyFiveView
) -> None:
    """A band in the side's colour along each friendly edge; arrows pointing off the
    board on each hex of an edge a side may leave by (scenario 6: only on the hexes it
    may leave from, ``view.exit_only``)."""
    width = max(3, round(pic.hex_size() * 0.08))
    for side, edge in view.edges:
        exiting = side.startswith("exit:")
        seat = 0 if side.removeprefix("exit:") == "us" else 1
        colour = SEAT_COLOURS[seat]
        for hex_id in exit_marked_hexes(ground, view, side, edge):
            corners = _outer_side(pic.outline(hex_id), edge)
            if not exiting:
                pygame.draw.lines(surface, colour, False, corners, width)
                continue
            cx, cy = pic.centre(hex_id)
            mx = sum(p[0] for p in corners) / len(corners)
            my = sum(p[1] for p in corners) / len(corners)
            dx, dy = mx - cx, my - cy
            norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
            ux, uy = dx / norm, dy / norm
            size = pic.hex_size() * 0.16
            tip = (mx + ux * size * 0.2, my + uy * size * 0.2)
            base = (mx - ux * size, my - uy * size)
            left = (base[0] - uy * size * 0.7, base[1] + ux * size * 0.7)
            right = (base[0] + uy * size * 0.7, base[1] - ux * size * 0.7)
            pygame.draw.polygon(surface, colour, [tip, left, right])
            pygame.draw.polygon(surface, (20, 20, 20), [tip, left, right], 1)


def draw_strike(
    surface: pygame.Surface,
    assets: Assets,
    pic: BoardPicture,
    hexes: Sequence[str],
    draws: Sequence[int] | None,
    colour: tuple[int, int, int],
) -> None:
    """The three hexes of a strike: a thick outline and cross-hairs, and above each the
    number of cards its Damage Draw will take (when known)."""
    size = pic.hex_size()
    for i, hex_id in enumerate(hexes):
        pygame.draw.polygon(surface, colour, pic.outline(hex_id), 3)
        cx, cy = pic.centre(hex_id)
        r = round(size * 0.3)
        pygame.draw.circle(surface, colour, (cx, cy), r, 2)
        pygame.draw.line(surface, colour, (cx - r - 4, cy), (cx + r + 4, cy), 2)
        pygame.draw.line(surface, colour, (cx, cy - r - 4), (cx, cy + r + 4), 2)
        if draws is not None and i < len(draws):
            d = max(18, round(size * 0.46))
            badge = pygame.Rect(0, 0, d, d)
            badge.center = (cx + round(size * 0.34), cy - round(size * 0.32))
            pygame.draw.ellipse(surface, (25, 25, 25), badge)
            pygame.draw.ellipse(surface, colour, badge, 2)
            blit_fitted(
                surface, assets, str(draws[i]), d - 2, badge, (255, 255, 255),
                align="center", smallest=10,
            )  # fmt: skip
