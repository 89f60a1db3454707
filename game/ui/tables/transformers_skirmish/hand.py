"""The viewer's hand as a fan of cards, the deck and discard piles, and face-down hands.

Geometry: the cards of a hand of ``n`` spread over the hand area, overlapping when they
must, each turned a few degrees around its centre and dropped a little towards the ends
of the fan. Picking undoes each card's turn, so the topmost card under the pointer is
found exactly. Every face drawn is recorded in :attr:`HandView.faces` as (place, card id)
so tests can check that only the viewer's own cards are ever shown.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.rules.transformers_skirmish.cards import Catalog
from game.ui import theme
from game.ui.assets import Assets
from game.ui.tables.transformers_skirmish.art import CARD_H, CARD_W, card_face
from game.ui.widgets import blit_text

KEY_LABELS = "1234567890"
GLOW = (255, 214, 90)


def keep_slots(before: Sequence[tuple[str, int | None]], hand: Sequence[str]) -> list[int | None]:
    """The key slot (0-9, shown as 1-9 and 0) of each card of ``hand``, given the
    (card, slot) pairs of the hand as it was: a card still in the hand keeps its slot
    (issue 16: the number on Punch does not change when another card is played); new
    cards take the lowest free slots; past ten cards a card has no key (None)."""
    pool = list(before)
    out: list[int | None] = []
    for card in hand:
        for j, (old, slot) in enumerate(pool):
            if old == card and slot is not None:
                out.append(slot)
                del pool[j]
                break
        else:
            out.append(None)
    used = {s for s in out if s is not None}
    free = iter(s for s in range(len(KEY_LABELS)) if s not in used)
    return [s if s is not None else next(free, None) for s in out]


class HandView:
    """Hand, piles and small face-down hands; see the module docstring."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.area = pygame.Rect(0, 0, 600, 200)
        self.full_card = self.card = (CARD_W, CARD_H)
        self.deck_rect = pygame.Rect(0, 0, CARD_W, CARD_H)
        self.discard_rect = pygame.Rect(0, 0, CARD_W, CARD_H)
        self.faces: list[tuple[str, str]] = []
        self.lifts: dict[int, float] = {}  # how far each card was raised when last drawn
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self._slots: dict[int, list[tuple[str, int | None]]] = {}

    def slots(self, seat: int | None, hand: Sequence[str]) -> list[int | None]:
        """Each card's key slot for ``seat``'s hand (see :func:`keep_slots`), remembered
        per seat so hotseat players each keep their own numbers."""
        key = -1 if seat is None else seat
        before = self._slots.get(key, [])
        if [c for c, _ in before] == list(hand):
            return [s for _, s in before]
        slots = keep_slots(before, hand)
        self._slots[key] = list(zip(hand, slots, strict=True))
        return slots

    def index_of_slot(self, seat: int | None, hand: Sequence[str], slot: int) -> int | None:
        """The hand position of the card labelled with key ``slot``, if any."""
        slots = self.slots(seat, hand)
        return slots.index(slot) if slot in slots else None

    def clear_caches(self) -> None:
        self._cache.clear()

    def layout(self, area: pygame.Rect, card: tuple[int, int], piles: pygame.Rect) -> None:
        """``area``: where the fan goes; ``piles``: deck and discard side by side."""
        self.area = pygame.Rect(area)
        self.full_card = self.card = card
        cw, ch = card
        gap = max(8, cw // 6)
        self.deck_rect = pygame.Rect(0, 0, cw, ch)
        self.deck_rect.bottomleft = (piles.left, piles.bottom)
        self.discard_rect = self.deck_rect.move(cw + gap, 0)
        self._cache.clear()

    # -- geometry ----------------------------------------------------------------------
    def positions(self, n: int) -> list[tuple[float, float, float]]:
        """(centre x, centre y, angle in degrees, counter-clockwise) of each card."""
        if n <= 0:
            return []
        self._fit(n)
        cw, ch = self.card
        turn = min(4.0, 20.0 / n)
        edge = (n - 1) / 2
        a = math.radians(edge * turn)
        outer_w = cw * math.cos(a) + ch * math.sin(a)  # the turned outer cards' width
        step: float = cw + max(6, cw // 10)
        if n > 1:
            step = min(step, (self.area.width - outer_w) / (n - 1))
        spread = step * (n - 1)
        x0 = self.area.centerx - spread / 2
        # the outermost card drops and turns most: keep its lowest corner inside the area
        lowest = edge * edge * ch * 0.012 + cw * math.sin(math.radians(edge * turn)) / 2
        base_y = self.area.bottom - ch / 2 - lowest - max(4, ch // 20)
        out = []
        for i in range(n):
            k = i - (n - 1) / 2
            drop = (k * k) * ch * 0.012
            out.append((x0 + i * step, base_y + drop, -k * turn))
        return out

    def _fit(self, n: int) -> None:
        """Cards as large as the layout allows, but small enough that ``n`` of them side
        by side each show their key number and name (issue 16: the hand fits)."""
        cw, ch = self.full_card
        most = int(self.area.width / (n * 0.94 + 0.3)) if n > 1 else cw
        if most < cw:
            cw, ch = max(60, most), max(60, most) * ch // cw
        self.card = (cw, ch)

    def index_at(self, pos: tuple[int, int], n: int) -> int | None:
        """The topmost card under ``pos`` (the fan's order: later cards lie on top)."""
        cw, ch = self.card
        for i, (cx, cy, angle) in reversed(list(enumerate(self.positions(n)))):
            cy -= self.lifts.get(i, 0.0)
            a = math.radians(angle)
            dx, dy = pos[0] - cx, pos[1] - cy
            # Undo the card's counter-clockwise turn (screen y points down).
            lx = dx * math.cos(a) - dy * math.sin(a)
            ly = dx * math.sin(a) + dy * math.cos(a)
            if abs(lx) <= cw / 2 and abs(ly) <= ch / 2:
                return i
        return None

    def card_rect(self, i: int, n: int) -> pygame.Rect:
        """The (unturned) rectangle of card ``i`` of ``n``."""
        pos = self.positions(n)
        if not pos:
            return pygame.Rect(self.area.center, self.card)
        cx, cy, _ = pos[min(max(i, 0), n - 1)]
        return pygame.Rect(0, 0, *self.card).move(
            round(cx - self.card[0] / 2), round(cy - self.card[1] / 2)
        )

    # -- surfaces ----------------------------------------------------------------------
    def face(
        self, catalog: Catalog, card: str | None, size: tuple[int, int], grey: bool = False
    ) -> pygame.Surface:
        key = ("face", card, size, grey)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 300:
                self._cache.clear()
            spec = None if card is None else catalog.card(card)
            surf = card_face(self.assets, spec, size)
            if grey:
                surf = pygame.transform.grayscale(surf)
                surf.fill((190, 190, 190, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._cache[key] = surf
        return surf

    def _hand_card(
        self,
        catalog: Catalog,
        card: str,
        slot: int | None,
        angle: float,
        grey: bool,
        glow: bool,
        sel: bool,
    ) -> pygame.Surface:
        key = ("hand", card, self.card, slot, round(angle * 2) / 2, grey, glow, sel)
        surf = self._cache.get(key)
        if surf is None:
            cw, ch = self.card
            pad = 6
            base = pygame.Surface((cw + 2 * pad, ch + 2 * pad), pygame.SRCALPHA)
            radius = max(4, cw // 12)
            if glow or sel:
                colour = (255, 255, 255) if sel else GLOW
                ring = pygame.Rect(0, 0, cw + 2 * pad, ch + 2 * pad)
                pygame.draw.rect(base, (*colour, 110), ring, border_radius=radius + pad)
                pygame.draw.rect(base, (*colour, 255), ring.inflate(-4, -4), 3, radius + pad - 2)
            base.blit(self.face(catalog, card, self.card, grey), (pad, pad))
            if slot is not None:
                label = self.assets.text(KEY_LABELS[slot], max(14, cw // 6), theme.INK)
                box = label.get_rect().inflate(8, 4)
                box.topright = (pad + cw - max(3, cw // 24), pad + max(3, cw // 24))
                pygame.draw.rect(base, theme.ACCENT if not grey else (130, 130, 120), box, 0, 4)
                base.blit(label, label.get_rect(center=box.center))
            surf = pygame.transform.rotate(base, angle) if angle else base
            self._cache[key] = surf
        return surf

    # -- drawing -----------------------------------------------------------------------
    def draw_hand(
        self,
        surface: pygame.Surface,
        catalog: Catalog,
        hand: Sequence[str],
        playable: set[str],
        active: bool,
        selected: int | None,
        hover: int | None,
        dragging: int | None,
        slots: Sequence[int | None] | None = None,
    ) -> None:
        """The fan. ``active``: the viewer may act (unplayable cards are greyed);
        ``slots``: each card's key slot (default: its position)."""
        n = len(hand)
        ch = self.card[1]
        self.lifts = {}
        for i, (cx, cy, angle) in enumerate(self.positions(n)):
            if i == dragging:
                continue
            card = hand[i]
            ok = card in playable
            grey = active and not ok
            lift = 0.0
            if i == selected:
                lift = ch * 0.16
            elif i == hover:
                lift = ch * 0.08
            elif active and ok:
                lift = ch * 0.03
            self.lifts[i] = lift
            slot = slots[i] if slots is not None else (i if i < len(KEY_LABELS) else None)
            surf = self._hand_card(catalog, card, slot, angle, grey, active and ok, i == selected)
            surface.blit(surf, surf.get_rect(center=(round(cx), round(cy - lift))))
            self.faces.append(("hand", card))

    def draw_zoom(
        self,
        surface: pygame.Surface,
        catalog: Catalog,
        card: str,
        anchor: pygame.Rect,
        bounds: pygame.Rect,
        reason: str | None,
    ) -> None:
        """The pointed-at card enlarged above the fan, with why it is greyed if it is."""
        cw, ch = self.card
        scale = 1.5 if ch < 200 else 1.25
        size = (int(cw * scale), int(ch * scale))
        rect = pygame.Rect(0, 0, *size)
        rect.midbottom = (anchor.centerx, anchor.top + ch // 3)
        rect.clamp_ip(bounds)
        pygame.draw.rect(surface, (0, 0, 0), rect.move(4, 6), border_radius=max(6, cw // 10))
        surface.blit(self.face(catalog, card, size, grey=False), rect)
        self.faces.append(("zoom", card))
        if reason:
            lines = self.assets.wrap(reason, 22, max(160, int(size[0] * 1.6)))
            height = 24 * len(lines) + 14
            width = max(self.assets.font(22).size(t)[0] for t in lines) + 24
            box = pygame.Rect(0, 0, width, height)
            box.midbottom = (rect.centerx, rect.top - 6)
            box.clamp_ip(bounds)
            if box.colliderect(rect):
                box.midtop = (rect.centerx, rect.bottom + 6)
                box.clamp_ip(bounds)
            pygame.draw.rect(surface, (24, 20, 18), box, border_radius=8)
            pygame.draw.rect(surface, theme.BAD, box, 2, border_radius=8)
            for j, line in enumerate(lines):
                blit_text(
                    surface,
                    self.assets,
                    line,
                    22,
                    (box.left + 12, box.top + 8 + 24 * j),
                    theme.TEXT,
                )

    def draw_card(
        self, surface: pygame.Surface, catalog: Catalog, card: str | None, rect: pygame.Rect
    ) -> None:
        """One card (face or back) at ``rect`` (flying cards). A card in flight has a new
        size every frame: its face is scaled from the full-size one rather than made and
        kept for each size (an animation must not fill memory, issue 36)."""
        if rect.w < 4 or rect.h < 4:
            return
        face = self.face(catalog, card, self.full_card)
        if face.get_size() != rect.size:
            face = pygame.transform.smoothscale(face, rect.size)
        surface.blit(face, rect)
        if card is not None:
            self.faces.append(("fly", card))

    def draw_piles(
        self, surface: pygame.Surface, catalog: Catalog, deck: int, discard: Sequence[str]
    ) -> None:
        """The deck (a stack of backs) and the discard pile (top card face up)."""
        layers = min(5, (deck + 9) // 10)
        for i in range(layers - 1, -1, -1):
            r = self.deck_rect.move(-2 * i, -2 * i)
            pygame.draw.rect(surface, (0, 0, 0), r.move(2, 3), border_radius=6)
            surface.blit(self.face(catalog, None, self.deck_rect.size), r)
        if deck == 0:
            self._slot(surface, self.deck_rect)
        if discard:
            pygame.draw.rect(surface, (0, 0, 0), self.discard_rect.move(2, 3), border_radius=6)
            surface.blit(self.face(catalog, discard[-1], self.discard_rect.size), self.discard_rect)
            self.faces.append(("discard", discard[-1]))
        else:
            self._slot(surface, self.discard_rect)
        size = max(18, min(24, self.deck_rect.width // 4))
        top = self.deck_rect.top - 2 * max(0, layers - 1) - 4
        blit_text(
            surface,
            self.assets,
            f"Deck {deck}",
            size,
            (self.deck_rect.centerx, top),
            theme.TEXT,
            "midbottom",
        )
        blit_text(
            surface,
            self.assets,
            f"Discard {len(discard)}",
            size,
            (self.discard_rect.centerx, self.discard_rect.top - 4),
            theme.TEXT,
            "midbottom",
        )

    def _slot(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, (20, 26, 24), rect, border_radius=8)
        pygame.draw.rect(surface, (80, 96, 90), rect, 2, border_radius=8)

    def draw_backs(
        self,
        surface: pygame.Surface,
        catalog: Catalog,
        count: int,
        topleft: tuple[int, int],
        h: int,
    ) -> pygame.Rect:
        """A face-down hand of ``count`` small cards (nothing of their faces is drawn)."""
        w = h * CARD_W // CARD_H
        step = max(6, min(w // 2, 16))
        x, y = topleft
        for i in range(count):
            surface.blit(self.face(catalog, None, (w, h)), (x + i * step, y))
        return pygame.Rect(x, y, w + step * max(0, count - 1), h)
