"""The Tunnel Rat table's card pictures: faces, backs and shadows, made once per size.

Sizes are in screen pixels; the card art is :data:`CARD_W` x :data:`CARD_H`.
"""

from __future__ import annotations

import pygame

from game.rules.tunnel_rat_bluff.cards import Card
from game.ui import theme
from game.ui.assets import Assets

CARD_W, CARD_H = 160, 224
PLATE_Y0, PLATE_Y1 = 180, 212  # the title plate on the card art, in card pixels
FACE = {Card.VC: "cards/bluff_vc.png", Card.TRAP: "cards/bluff_trap.png"}
FACE[Card.TUNNEL] = "cards/bluff_tunnel.png"
BACK = "cards/bluff_back.png"
FALLBACK = {Card.VC: (150, 50, 44), Card.TRAP: (170, 120, 40), Card.TUNNEL: (70, 110, 70)}
FACES_KEPT = 64  # card pictures kept (deck, slots and rows use a handful of sizes)


class CardPictures:
    """Card faces and shadows for one table, kept per size."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self._faces: dict[tuple[Card | None, int, int], pygame.Surface] = {}

    def card(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        """A new picture of a card face (or the back for ``None``) at ``size``, with its
        name on the plate."""
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        art = self.assets.scaled(BACK if card is None else FACE[card], size)
        if art is not None:
            surf.blit(art, (0, 0))
        else:
            color = (60, 52, 44) if card is None else FALLBACK[card]
            pygame.draw.rect(surf, color, surf.get_rect(), border_radius=max(4, w // 12))
            pygame.draw.rect(surf, theme.BUBBLE, surf.get_rect(), 2, border_radius=max(4, w // 12))
        if card is not None:
            text_size = max(14, int(h * 0.13))
            with self.assets.text_scale(1.0):  # sized by the card, not by the window
                label = self.assets.text(card.label.upper(), text_size, theme.BUBBLE)
            plate_cy = int((PLATE_Y0 + PLATE_Y1) / 2 * h / CARD_H)
            surf.blit(label, label.get_rect(center=(w // 2, plate_cy)))
        return surf

    def face(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        """:meth:`card`, kept (at most :data:`FACES_KEPT`)."""
        key = (card, size[0], size[1])
        face = self._faces.get(key)
        if face is None:
            if len(self._faces) >= FACES_KEPT:
                self._faces.clear()
            face = self._faces[key] = self.card(card, size)
        return face

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """The soft shadow under a card of ``size`` (kept per size)."""
        if size not in self._shadows:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=size[0] // 12)
            self._shadows[size] = shade
        return self._shadows[size]

    def draw(
        self,
        surface: pygame.Surface,
        card: Card | None,
        rect: pygame.Rect,
        scaled_from: tuple[int, int] | None = None,
    ) -> None:
        """A card with its shadow at ``rect``. ``scaled_from``: a card in flight, a new
        size every frame; its face and shadow are scaled from the ones of that size
        rather than made and kept for each size (an animation must not fill memory)."""
        if scaled_from is not None:
            shadow = pygame.transform.smoothscale(self.shadow(scaled_from), rect.size)
            face = pygame.transform.smoothscale(self.face(card, scaled_from), rect.size)
        else:
            shadow, face = self.shadow(rect.size), self.face(card, rect.size)
        surface.blit(shadow, rect.move(3, 5))
        surface.blit(face, rect)
