"""Drawing of the Transformers Skirmish table: board with highlights and marks, robots,
effects, the side column and the hand strip. Mixed into the table class; reads the view
and the table's own selection and animation state, never changes the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import pygame

from game.core.api import Action
from game.rules.transformers_skirmish.board import Square, forward, mass_advance
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.hints import card_reason, playable_cards
from game.rules.transformers_skirmish.view import SkirmishView, UnitView
from game.ui import theme
from game.ui.tables.transformers_skirmish import choices as ch
from game.ui.tables.transformers_skirmish.fx import FlyingCard, Shot, cards_to_discard
from game.ui.tables.transformers_skirmish.panel import draw_column
from game.ui.tables.transformers_skirmish.parts import TableParts

MOVE_FILL = (70, 150, 255, 110)
ATTACK_FILL = (255, 90, 40, 130)
REPAIR_FILL = (110, 220, 130, 110)
PLACE_FILL = (70, 150, 255, 90)
CHOICE_EDGE = (255, 214, 90)
SELECTED_EDGE = (255, 255, 255)
CURSOR_EDGE = (120, 230, 255)
MASS_EDGE = (70, 150, 255)  # robots marked for a mass move


if TYPE_CHECKING:
    from game.ui.tables.transformers_skirmish.table import TransformersTable


class TableDrawing(TableParts):
    """Everything the table draws each frame."""

    rect: pygame.Rect
    clock: float
    aimed: Action | None  # the attack under the pointer, whose odds the column shows

    if TYPE_CHECKING:

        def _remember(self, view: SkirmishView) -> None: ...
        def _shown_cursor(self, view: SkirmishView) -> Square | None: ...

    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        view = self.unlisted(view)  # watching (a replay): nothing offered to anybody
        self._sync(view)
        self.hand.faces = []
        legal = view.legal_actions
        card = self._card(view)
        surface.fill(theme.BG, self.rect)
        self.board.draw_base(surface, self._highlights(view, legal, card))
        self._draw_marks(surface, view, legal, card)
        self.board.draw_units(surface, view.units, self.fx, self.sel_unit)
        self.aimed = None
        self._draw_aim(surface, view, card)
        if view.pending is not None and view.phase is Phase.DEFEND:
            a, t = view.unit(view.pending.attacker), view.unit(view.pending.target)
            if a.square is not None and t.square is not None and not self.fx.of_type(Shot):
                self.board.draw_pending(surface, a.square, t.square, self.clock)
        self.board.draw_effects(surface, self.fx)
        buttons = self._buttons(view)
        hover_unit = self._hover_unit(view)
        draw_column(surface, cast("TransformersTable", self), view, buttons, hover_unit)
        self._draw_strip(surface, view, legal)
        self._remember(view)

    def _highlights(
        self, view: SkirmishView, legal: Sequence[Action], card: str | None
    ) -> list[tuple[list[Square], tuple[int, ...]]]:
        if view.phase is Phase.SETUP:
            return [(list(ch.place_squares(legal, self.sel_unit)), PLACE_FILL)]
        spots = ch.targets(view, legal, card, self.sel_unit)
        out: list[tuple[list[Square], tuple[int, ...]]] = []
        if spots:
            kind = view.catalog.card(card).kind.value if card else "move"
            fill = {"move": MOVE_FILL, "attack": ATTACK_FILL}.get(kind, REPAIR_FILL)
            out.append((list(spots), fill))
        elif card is not None:
            faint = (*ATTACK_FILL[:3], 60)
            out.append((list(ch.attack_squares(view, legal, card)), faint))
        return out

    def _draw_marks(
        self, surface: pygame.Surface, view: SkirmishView, legal: Sequence[Action], card: str | None
    ) -> None:
        if view.phase is Phase.SETUP:
            choices = ch.setup_units(view, legal)
        else:
            choices = ch.unit_choices(legal, card)
        squares = [s for s in (view.unit(u).square for u in choices) if s is not None]
        self.board.outline(surface, squares, CHOICE_EDGE, 3)
        cursor = self._shown_cursor(view)
        if cursor is not None and legal:
            self.board.outline(surface, [cursor], CURSOR_EDGE, 2)
        self._draw_mass_preview(surface, view, legal, card)

    def _draw_aim(self, surface: pygame.Surface, view: SkirmishView, card: str | None) -> None:
        """With a robot chosen, a line from it to the highlighted square under the pointer
        (or the keyboard cursor): blue for a move, orange for an attack. The chosen robot's
        square is framed in white over the figures."""
        if self.sel_unit is not None:
            sq = view.unit(self.sel_unit).square
            if sq is not None:
                self.board.outline(surface, [sq], SELECTED_EDGE, 4)
        if self.sel_unit is None or card is None or self.busy():
            return
        spots = ch.targets(view, view.legal_actions, card, self.sel_unit)
        aim = self.board.square_at(self.mouse)
        if aim not in spots:
            aim = self.cursor if self.cursor in spots else None
        origin = view.unit(self.sel_unit).square
        if aim is None or origin is None:
            return
        attack = view.catalog.card(card).kind.value == "attack"
        colour = (255, 120, 40) if attack else (70, 150, 255)
        a, b = self.board.centre(origin), self.board.centre(aim)
        w = max(3, self.board.sq // 12)
        pygame.draw.line(surface, (0, 0, 0), a, b, w + 4)
        pygame.draw.line(surface, colour, a, b, w)
        pygame.draw.circle(surface, (0, 0, 0), b, w * 2 + 2)
        pygame.draw.circle(surface, colour, b, w * 2)
        if attack:
            self.aimed = spots[aim]  # the column shows its odds (transformers_panel)

    def _draw_mass_preview(
        self, surface: pygame.Surface, view: SkirmishView, legal: Sequence[Action], card: str | None
    ) -> None:
        """While the pointer is on "Mass move forward": where each robot would end."""
        if view.seat is None or ch.mass_action(legal, card) is None or card is None:
            return
        marked = [s for s in (view.unit(u).square for u in self.mass_group) if s is not None]
        self.board.outline(surface, marked, MASS_EDGE, 4)
        if not any(
            b.label.startswith("Mass") and b.rect.collidepoint(self.mouse)
            for b, _ in self._buttons(view)
        ):
            return
        spec = view.catalog.card(card)
        assert spec.range is not None
        movers = [
            (u.id, u.square, u.flying)
            for u in view.living(view.seat)
            if u.can_use(spec)
            and u.square is not None
            and (not self.mass_group or u.id in self.mass_group)
        ]
        ends = mass_advance(movers, view.occupied(), spec.range, forward(view.seat), 8)
        w = max(3, self.board.sq // 12)
        for uid, dest in ends.items():
            origin = view.unit(uid).square
            assert origin is not None
            a, b = self.board.centre(origin), self.board.centre(dest)
            pygame.draw.line(surface, (70, 150, 255), a, b, w)
            pygame.draw.circle(surface, (70, 150, 255), b, w * 2)

    def _hover_unit(self, view: SkirmishView) -> UnitView | None:
        for unit, rect in self.tray(view):
            if rect.collidepoint(self.mouse):
                return unit
        sq = self.board.square_at(self.mouse)
        if sq is None and self.cursor is not None and self.mouse == (-1, -1):
            sq = self.cursor
        uid = view.occupied().get(sq) if sq is not None else None
        if uid is None and self.sel_unit is not None:
            uid = self.sel_unit
        return view.unit(uid) if uid is not None else None

    def _draw_strip(
        self, surface: pygame.Surface, view: SkirmishView, legal: Sequence[Action]
    ) -> None:
        in_air = cards_to_discard(self.fx)
        discard = view.discard[: len(view.discard) - in_air] if in_air else view.discard
        self.hand.draw_piles(surface, view.catalog, view.deck_size, discard)
        hand = view.hand
        hover: int | None = None
        if hand is not None:
            active = bool(view.legal_actions)
            playable = playable_cards(legal) if legal else set()
            hover = self.hand.index_at(self.mouse, len(hand)) if not self._dragging else None
            dragging = self._press[0] if self._press is not None and self._dragging else None
            self.hand.draw_hand(
                surface,
                view.catalog,
                hand,
                playable,
                active,
                self.sel_card,
                hover,
                dragging,
                [None] * len(hand) if self.watching else self.hand.slots(view.seat, hand),
            )  # watching (a replay): no key badges on the cards
            if not hand:
                msg = "Your hand is empty."
                text = self.assets.text(msg, 24, theme.MUTED)
                surface.blit(text, text.get_rect(center=self.hand.area.center))
        for e in self.fx.of_type(FlyingCard):
            if e.started:
                self.hand.draw_card(surface, view.catalog, e.card, e.rect())
        if hand is not None and self._dragging and self._press is not None:
            i = self._press[0]
            if i < len(hand):
                rect = pygame.Rect(0, 0, *self.hand.card)
                rect.center = self.mouse
                self.hand.draw_card(surface, view.catalog, hand[i], rect)
        elif hand is not None and hover is not None and hover < len(hand):
            anchor = self.hand.card_rect(hover, len(hand))
            reason = card_reason(view, hand[hover]) if view.seat is not None else None
            bounds = self.rect.inflate(-8, -8)
            self.hand.draw_zoom(surface, view.catalog, hand[hover], anchor, bounds, reason)
        elif discard and self.hand.discard_rect.collidepoint(self.mouse) and not self._dragging:
            bounds = self.rect.inflate(-8, -8)
            rect = self.hand.discard_rect
            self.hand.draw_zoom(surface, view.catalog, discard[-1], rect, bounds, None)
