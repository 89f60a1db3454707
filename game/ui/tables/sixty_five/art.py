"""What the '65 table draws: unit counters printed like the real ones and the cards of a
hand with their action blocks.

A counter is a square in its side's colour (Americans green, Viet Cong blue, NVA tan)
with the unit's name on top, its type symbol (infantry: a box with a cross; a machine
gun adds a bar; a hero: a star) and its values along the bottom, HEF then MF (with APF
when it has one). The reduced side carries a white stripe; a Shaken unit a red frame and
an "S"; the admin marker (Fired, Moved, Ops Complete) a tag under it. A counter drawn
smaller than ``COMPACT`` (a board zoomed out) leaves out the symbol so that its name and
values can be larger.

A card shows its Targeting Number top left ("Miss" for the lowest), its APF Bonus (or
the word of its APF block) top right, the upper and lower blocks with the colour of
their icon (green action, yellow support, red reaction), "Power" between them when it
has one, and the colour of its Hit word at the bottom. End Turn cards say so.
"""

from __future__ import annotations

import math

import pygame

from game.rules.sixty_five.data import BlockKind, CardFace, HitColour, Marker, SixtyFiveData
from game.rules.sixty_five.model import Counter
from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets import blit_fitted

RGB = tuple[int, int, int]
SIDE_COLOURS: dict[str, RGB] = {"us": (92, 128, 64), "vc": (58, 96, 160), "nva": (170, 140, 84)}
SEAT_COLOURS: tuple[RGB, RGB] = ((120, 170, 90), (110, 150, 225))
MARKER_TAGS: dict[Marker, tuple[str, RGB]] = {
    Marker.FIRED: ("FIRED", (230, 140, 50)),
    Marker.MOVED: ("MOVED", (90, 160, 230)),
    Marker.OPS_COMPLETE: ("OPS", (150, 150, 150)),
}
KIND_COLOURS: dict[BlockKind, RGB] = {
    BlockKind.ACTION: (70, 160, 80),
    BlockKind.SUPPORT: (220, 180, 40),
    BlockKind.REACTION: (200, 60, 50),
}
HIT_COLOURS: dict[HitColour, RGB] = {
    HitColour.GREEN: (60, 150, 70),
    HitColour.YELLOW: (210, 170, 30),
    HitColour.RED: (200, 55, 45),
}
CARD_FACE = (244, 238, 220)
SHAKEN = (225, 50, 40)
STRIPE = (245, 245, 245)
COMPACT = 56  # pixels: a smaller counter shows only its name and values, larger


def shade(colour: RGB, f: float) -> RGB:
    return (
        min(255, round(colour[0] * f)),
        min(255, round(colour[1] * f)),
        min(255, round(colour[2] * f)),
    )


def counter_values(counter: Counter) -> str:
    """The values along a counter's bottom edge: HEF-MF, or HEF-APF-MF."""
    v = counter.values
    if v.apf is not None:
        return f"{v.hef}-{v.apf}-{v.mf}"
    return f"{v.hef}-{v.mf}"


def _symbol(surface: pygame.Surface, counter: Counter, box: pygame.Rect, ink: RGB) -> None:
    """The unit type symbol: a star for a hero, else the infantry box with its cross
    (a bar under it for a machine gun, a dot for a rocket launcher)."""
    if counter.type.facing:  # a vehicle: hull and tracks, turret, the gun to the front
        hull = box.inflate(-box.width // 6, 0)
        pygame.draw.rect(surface, ink, hull, 1, border_radius=max(2, box.height // 3))
        pygame.draw.circle(surface, ink, hull.center, max(2, box.height // 4), 1)
        if counter.type.apf is not None:  # the gun points at the front corner (15d)
            pygame.draw.line(surface, ink, hull.center, (hull.left - 2, hull.top - 3), 2)
        return
    if counter.hero:
        cx, cy, r = box.centerx, box.centery, min(box.width, box.height) / 2
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surface, (250, 214, 90), pts)
        pygame.draw.polygon(surface, ink, pts, 1)
        return
    pygame.draw.rect(surface, ink, box, 1)
    pygame.draw.line(surface, ink, box.topleft, box.bottomright, 1)
    pygame.draw.line(surface, ink, box.bottomleft, box.topright, 1)
    if "suppression" in counter.type.abilities:
        pygame.draw.line(surface, ink, (box.left, box.bottom + 2), (box.right, box.bottom + 2), 2)
    if counter.type.apf is not None:
        pygame.draw.circle(surface, ink, box.center, max(2, box.height // 5))


def draw_counter(
    surface: pygame.Surface, assets: Assets, rect: pygame.Rect, counter: Counter
) -> None:
    """One counter in ``rect`` (a square), the side that is up, with its markers."""
    base = SIDE_COLOURS.get(counter.type.side, (140, 140, 140))
    ink = (250, 246, 232)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 2), border_radius=3)
    pygame.draw.rect(surface, base, rect, border_radius=3)
    if counter.reduced:
        band = pygame.Rect(
            rect.left, rect.top + rect.height * 0.22, rect.width, max(2, rect.height // 9)
        )
        pygame.draw.rect(surface, STRIPE, band)
    edge = SHAKEN if counter.shaken else shade(base, 0.55)
    pygame.draw.rect(surface, edge, rect, 3 if counter.shaken else 1, border_radius=3)
    size = max(9, rect.height // 4)
    if rect.height < COMPACT:  # small: the name and values larger, no symbol
        size = max(10, round(rect.height * 0.4))
        name = pygame.Rect(rect.left + 1, rect.top + 1, rect.width - 2, size)
        blit_fitted(surface, assets, counter.type.name, size, name, ink, smallest=8)
        values = pygame.Rect(rect.left + 1, rect.bottom - size - 1, rect.width - 2, size)
        blit_fitted(surface, assets, counter_values(counter), size, values, ink, smallest=8)
    else:
        name = pygame.Rect(rect.left + 2, rect.top + 1, rect.width - 4, size)
        # the counter's own lettering shrinks with it (the default 14 px floor would
        # spill a small counter's name over its neighbours)
        blit_fitted(surface, assets, counter.type.name, size, name, ink, smallest=7)
        sym = pygame.Rect(0, 0, rect.width * 0.46, rect.height * 0.28)
        sym.center = (rect.centerx, rect.top + rect.height * 0.52)
        _symbol(surface, counter, sym, ink)
        values = pygame.Rect(rect.left + 2, rect.bottom - size - 1, rect.width - 4, size)
        blit_fitted(surface, assets, counter_values(counter), size + 1, values, ink, smallest=7)
    if counter.shaken:
        badge = pygame.Rect(0, 0, size, size)
        badge.topright = (rect.right + size // 3, rect.top - size // 3)
        pygame.draw.rect(surface, SHAKEN, badge, border_radius=3)
        blit_fitted(surface, assets, "S", size, badge, ink)
    if counter.marker is not None:
        text, colour = MARKER_TAGS[counter.marker]
        tag = pygame.Rect(0, 0, rect.width, max(8, size - 1))
        tag.midtop = (rect.centerx, rect.bottom - 1)
        pygame.draw.rect(surface, colour, tag, border_radius=2)
        blit_fitted(surface, assets, text, max(8, size - 2), tag, theme.INK)


def _block_row(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    data: SixtyFiveData,
    block_id: str | None,
) -> None:
    if block_id is None:
        return
    block = data.blocks[block_id]
    colour = KIND_COLOURS[block.kind]
    icon = pygame.Rect(rect.left, rect.top + 2, rect.height - 4, rect.height - 4)
    pygame.draw.ellipse(surface, colour, icon)
    pygame.draw.ellipse(surface, theme.INK, icon, 1)
    text = pygame.Rect(icon.right + 4, rect.top, rect.width - icon.width - 4, rect.height)
    # a narrow card (four in a tall board's column) reads "Reinforcements" smaller
    blit_fitted(surface, assets, block.name, rect.height, text, theme.INK, smallest=10)


def draw_card(
    surface: pygame.Surface,
    assets: Assets,
    rect: pygame.Rect,
    data: SixtyFiveData,
    face: CardFace,
    *,
    picked: bool = False,
    support: bool = False,
    hover: bool = False,
) -> None:
    """One card face in ``rect``; ``picked`` raises a gold frame, ``support`` a yellow
    one (the card goes with the play for its support block)."""
    pygame.draw.rect(surface, (0, 0, 0), rect.move(3, 3), border_radius=8)
    pygame.draw.rect(surface, CARD_FACE if not hover else (255, 250, 236), rect, border_radius=8)
    edge = theme.ACCENT if picked else KIND_COLOURS[BlockKind.SUPPORT] if support else (90, 80, 60)
    pygame.draw.rect(surface, edge, rect, 4 if picked or support else 1, border_radius=8)
    inner = rect.inflate(-12, -10)
    row = max(14, inner.height // 7)
    tn = "Miss" if face.tn == "miss" else f"TN {face.tn}"
    blit_fitted(
        surface,
        assets,
        tn,
        row,
        pygame.Rect(inner.left, inner.top, inner.width // 2, row),
        theme.INK,
    )
    apf = (
        face.apf_word.capitalize()
        if face.apf_word
        else f"APF {face.apf:+d}"
        if face.apf is not None
        else ""
    )
    apf_rect = pygame.Rect(inner.centerx, inner.top, inner.width // 2, row)
    if apf:
        label = assets.text(apf, row, theme.INK)
        surface.blit(label, label.get_rect(topright=apf_rect.topright))
    if face.end_turn:
        mid = pygame.Rect(inner.left, inner.centery - row, inner.width, row * 2)
        blit_fitted(surface, assets, "END TURN", row + 6, mid, (150, 40, 30))
    else:
        y = inner.top + row + row // 2
        _block_row(surface, assets, pygame.Rect(inner.left, y, inner.width, row), data, face.upper)
        y += row + 4
        if face.power:
            band = pygame.Rect(inner.left, y, inner.width, row - 2)
            pygame.draw.rect(surface, (60, 50, 40), band, border_radius=4)
            blit_fitted(surface, assets, "POWER", row - 2, band, (250, 220, 120))
        y += row + 2
        _block_row(surface, assets, pygame.Rect(inner.left, y, inner.width, row), data, face.lower)
    if face.tn_note:
        note = "turret" if face.tn_note == "turret" else "moving fire misses"
        blit_fitted(
            surface, assets, note, row - 3,
            pygame.Rect(inner.left, inner.bottom - 2 * row, inner.width, row - 3), (90, 80, 60),
        )  # fmt: skip
    if face.hit is not None:
        word = pygame.Rect(0, 0, inner.width // 2, row)
        word.bottomright = inner.bottomright
        label = assets.text("HIT", row + 2, HIT_COLOURS[face.hit])
        surface.blit(label, label.get_rect(bottomright=word.bottomright))
