"""The Transformers Skirmish table: the board, the hand, the piles, the prompts.

Layout: the 8x8 board (the Tiled map) on the left, the side column on the right (turn and
phase, what to do, the other hand face down, what the pointer is on, the buttons), and
along the bottom the viewer's hand as a fan with the deck and discard piles beside it.

Playing: pick a card (click, or keys 1-9/0), then a robot (click, or Tab to cycle), then a
square (click, or arrow keys and Enter). Cards can also be dragged: onto a robot to pick
it, onto a highlighted square to play, anywhere above the hand for cards that need no
target. F: mass move forward with the selected Move card (every robot, or only those marked
with G / the Mark button). Space: end the phase (pass).
While answering an attack: the Defend buttons, or T to take the hit. Right click or
Backspace clears the selection. Only cards, robots and squares that appear in
``view.legal_actions`` are offered; greyed cards explain themselves on hover.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.core.api import Action, Event
from game.rules.transformers_skirmish.actions import Pass, Role, Take
from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.events import (
    SIDE_NAMES,
    AttackDeclared,
    AttackNegated,
    CardPlayed,
    CardsDrawn,
    Phase,
    UnitDamaged,
    UnitDestroyed,
    UnitMoved,
    UnitRepaired,
)
from game.rules.transformers_skirmish.view import SkirmishView, UnitView
from game.ui.assets import Assets
from game.ui.tables import register_table
from game.ui.tables.transformers_skirmish import choices as ch
from game.ui.tables.transformers_skirmish.art import card_line
from game.ui.tables.transformers_skirmish.board import BoardView
from game.ui.tables.transformers_skirmish.fx import (
    CARD_TIME,
    FLASH_TIME,
    SHOT_TIME,
    SLIDE_TIME,
    Flash,
    FlyingCard,
    Shot,
    Slide,
)
from game.ui.tables.transformers_skirmish.hand import KEY_LABELS, HandView
from game.ui.tables.transformers_skirmish.input import TableInput
from game.ui.tables.transformers_skirmish.paint import TableDrawing
from game.ui.tables.transformers_skirmish.panel import unit_lines
from game.ui.widgets import TableButton


def _const(action: Action | None) -> Callable[[], Action | None]:
    """A button's action, fixed when the button is made."""
    return lambda: action


@register_table
class TransformersTable(TableInput, TableDrawing):
    """Draws a :class:`SkirmishView`; turns clicks, drags and keys into legal actions."""

    def __init__(self, assets: Assets) -> None:
        self.board = BoardView(assets)
        self.hand = HandView(assets)
        self.clock = 0.0
        self.mouse: tuple[int, int] = (-1, -1)
        self.aimed: Action | None = None  # the attack under the pointer (odds shown)
        self.sel_card: int | None = None  # index into the hand
        self.sel_unit: str | None = None
        self.mass_group: list[str] = []
        self.cursor: Square | None = None
        self._context: tuple[Any, ...] | None = None
        self._press: tuple[int, tuple[int, int]] | None = None  # card index, where
        self._dragging = False
        self._seen_units: dict[str, UnitView] = {}
        self._seen_hand: tuple[str, ...] = ()
        self._seen_pending: tuple[str, str] | None = None
        self.backs_rects: dict[int, pygame.Rect] = {}  # where the column drew each hand
        super().__init__(assets)
        self.seat_labels = list(SIDE_NAMES)
        self.layout(pygame.Rect(0, 0, 950, 668))

    # -- layout ------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        r = self.rect
        pad = max(8, r.height // 60)
        card_h = max(96, min(220, int(r.height * 0.24)))
        card_w = card_h * 120 // 168
        strip_h = card_h + card_h // 6
        label = max(20, min(30, r.height // 30))
        side = min(r.height - strip_h - 2 * pad - label, int(r.width * 0.58))
        self.board.layout(pygame.Rect(r.left + pad + label, r.top + pad, side, side))
        b = self.board.rect
        col_left = b.right + 2 * pad
        self.column = pygame.Rect(col_left, r.top + pad, r.right - pad - col_left, b.height + label)
        self.strip = pygame.Rect(
            r.left + pad, r.bottom - strip_h - pad // 2, r.width - 2 * pad, strip_h
        )
        pile_h = int(card_h * 0.78)
        pile_w = pile_h * 120 // 168
        piles_w = 2 * pile_w + max(8, pile_w // 6) + 8
        piles = pygame.Rect(self.strip.right - piles_w, self.strip.top, piles_w, self.strip.height)
        hand_area = pygame.Rect(
            self.strip.left, self.strip.top, self.strip.width - piles_w - 2 * pad, strip_h
        )
        self.hand.layout(hand_area, (card_w, card_h), piles)
        self.hand.deck_rect.size = self.hand.discard_rect.size = (pile_w, pile_h)
        self.hand.deck_rect.bottomleft = (piles.left, piles.bottom - 4)
        self.hand.discard_rect.bottomleft = (
            self.hand.deck_rect.right + max(8, pile_w // 6),
            piles.bottom - 4,
        )
        self.action_rect = hand_area
        self.button_h = max(38, min(54, r.height // 15))

    # -- selection state -----------------------------------------------------------------
    def _sync(self, view: SkirmishView) -> None:
        """Forget the selection when the situation changes (new phase, turn, viewer)."""
        context = (view.seat, view.phase, view.turn, view.hand, view.current_player)
        if context != self._context:
            self._context = context
            self.sel_card = self.sel_unit = None
            self.mass_group = []
            self.notice = ""
            self._press, self._dragging = None, False
            if view.phase is not Phase.SETUP:
                self.cursor = None

    def _mark_action(self, view: SkirmishView) -> Callable[[], Action | None]:
        """The Mark button: toggles the chosen robot in the mass-move group, plays nothing."""

        def mark() -> Action | None:
            self.toggle_mass_mark(view)
            return None

        return mark

    def _card(self, view: SkirmishView) -> str | None:
        hand = view.hand or ()
        if self.sel_card is not None and self.sel_card < len(hand):
            return hand[self.sel_card]
        return None

    # -- buttons -------------------------------------------------------------------------
    def _buttons(self, view: SkirmishView) -> list[tuple[TableButton, Callable[[], Action | None]]]:
        """The buttons for this moment, laid out at the bottom of the side column."""
        legal = view.legal_actions
        card = self._card(view)
        specs: list[tuple[str, str, str, Callable[[], Action | None], bool]] = []
        if view.phase is Phase.SETUP and legal:
            u = self.sel_unit
            for role, key, label in (
                (Role.MINICON, "I", "Minicon"),
                (Role.AIR, "A", "Air type"),
                (Role.GROUND, "G", "Ground type"),
            ):
                act = ch.designation(legal, role, u)
                specs.append((key, label, "", _const(act), act is not None))
            auto = ch.auto_setup(legal)
            specs.append(("R", "Rest at random", "", _const(auto), auto is not None))
        elif view.phase is Phase.DEFEND and legal:
            for c in dict.fromkeys(ch.defend_cards(legal)):
                hand = view.hand or ()
                slot = self.hand.slots(view.seat, hand)[list(hand).index(c)]
                name = view.catalog.card(c).name
                act = ch.direct_action(legal, c)
                key = KEY_LABELS[slot] if slot is not None else ""
                specs.append((key, f"Defend: {name}", "", _const(act), True))
            specs.append(("T", "Take the hit", "", _const(Take()), True))
        elif legal:
            direct = ch.direct_action(legal, card)
            if direct is not None and card is not None:
                name = view.catalog.card(card).name
                verb = "Discard" if view.phase is Phase.DISCARD else "Play"
                specs.append(("Enter", f"{verb} {name}", "", _const(direct), True))
            if view.phase is Phase.MOVE:
                mass = ch.mass_group_action(legal, card, self.mass_group)
                if mass is not None:
                    note = ""
                elif card is None and ch.mass_cards(legal):
                    note = "pick a Move card first"
                elif self.mass_group and card is not None:
                    note = "the marked robots cannot all go forward"
                else:
                    note = "nobody can go straight forward" if card else "no Move card for it"
                marked = len(self.mass_group)
                label = f"Mass: {marked} marked" if marked else "Mass move forward"
                specs.append(("F", label, note, _const(mass), mass is not None))
                if card is not None and ch.mass_action(legal, card) is not None:
                    u = self.sel_unit
                    verb = "Unmark" if u in self.mass_group else "Mark"
                    mark_note = "" if u is not None else "pick a robot first"
                    specs.append(
                        (
                            "G",
                            f"{verb} robot",
                            mark_note,
                            self._mark_action(view),
                            u is not None,
                        )
                    )
            if Pass() in legal:
                label = {
                    Phase.ORDERS: "End orders",
                    Phase.MOVE: "Skip the move",
                    Phase.FIRE: "End turn",
                }.get(view.phase, "Pass")
                specs.append(("Space", label, "", _const(Pass()), True))
        return self._place_buttons(specs)

    def _place_buttons(
        self, specs: list[tuple[str, str, str, Callable[[], Action | None], bool]]
    ) -> list[tuple[TableButton, Callable[[], Action | None]]]:
        if not specs:
            return []
        col = self.column
        h, gap = self.button_h, 8
        cols = 2 if len(specs) > 2 and col.width >= 300 else 1
        rows = (len(specs) + cols - 1) // cols
        w = (col.width - (cols - 1) * gap) // cols
        top = col.bottom - rows * h - (rows - 1) * gap
        out = []
        for i, (key, label, note, make, enabled) in enumerate(specs):
            row, c = divmod(i, cols)
            rect = pygame.Rect(col.left + c * (w + gap), top + row * (h + gap), w, h)
            button = TableButton(key, label, key, rect, enabled and not self.busy(), note)
            out.append((button, make))
        self.buttons_top = top
        return out

    def tray(self, view: SkirmishView) -> list[tuple[UnitView, pygame.Rect]]:
        """Setup: the acting side's robots not yet on the board, in a row (or two) just
        above the buttons of the side column."""
        if view.phase is not Phase.SETUP or view.seat is None or view.seat != view.active:
            return []
        waiting = [u for u in view.units if u.seat == view.seat and u.square is None]
        if not waiting:
            return []
        buttons = self._buttons(view)
        bottom = (min(b.rect.top for b, _ in buttons) if buttons else self.column.bottom) - 10
        size = max(28, min(self.board.sq, 64, (self.column.width - 7 * 4) // 8))
        per_row = max(1, (self.column.width + 4) // (size + 4))
        rows = (len(waiting) + per_row - 1) // per_row
        top = bottom - rows * (size + 4)
        out = []
        for i, u in enumerate(waiting):
            row, col = divmod(i, per_row)
            rect = pygame.Rect(
                self.column.left + col * (size + 4), top + row * (size + 4), size, size
            )
            out.append((u, rect))
        return out

    def choice_labels(self, view: SkirmishView) -> list[str]:
        """Every text of the choices offered to the viewer now, as drawn: the buttons'
        labels and notes, the cards of the hand (title and plate line), and the hover
        title of each robot that may be picked."""
        self._sync(view)
        legal = self.unlisted(view).legal_actions
        if not legal:
            return []
        out: list[str] = []
        for button, _make in self._buttons(view):
            out.append(button.label)
            if button.note:
                out.append(button.note)
        for c in view.hand or ():
            spec = view.catalog.card(c)
            out.extend((spec.name, card_line(spec)))
        if view.phase is Phase.SETUP:
            robots = ch.setup_units(view, legal)
        else:
            robots = ch.unit_choices(legal, self._card(view))
        for uid in robots:
            out.extend(unit_lines(view.unit(uid)))
        return out

    # -- events and animation ------------------------------------------------------------
    def on_events(self, events: Sequence[Event], view: SkirmishView) -> None:
        self._sync(view)
        shot_end = 0.0
        sounds: set[str] = set()
        fly_delay = 0.0
        for e in events:
            if isinstance(e, CardPlayed):
                origin = self._card_origin(view, e.seat, e.card)
                self.fx.add(
                    FlyingCard(
                        0.0,
                        CARD_TIME,
                        card=e.card,
                        origin=origin,
                        dest=pygame.Rect(self.hand.discard_rect),
                        to_discard=True,
                    )
                )
                sounds.add("flip")
            elif isinstance(e, CardsDrawn) and e.count:
                mine = e.cards is not None
                if mine or e.seat != view.seat:
                    dest = self._hand_spot(view, e.seat)
                    for k in range(e.count):
                        self.fx.add(
                            FlyingCard(
                                fly_delay + 0.08 * k,
                                CARD_TIME,
                                card=None,
                                origin=pygame.Rect(self.hand.deck_rect),
                                dest=dest,
                            )
                        )
                    sounds.add("draw")
            elif isinstance(e, UnitMoved):
                self.fx.add(Slide(0.1, SLIDE_TIME, unit=e.unit, origin=e.origin, dest=e.dest))
                sounds.add("move")
            elif isinstance(e, AttackDeclared):
                a, t = self._square_of(view, e.attacker), self._square_of(view, e.target)
                if a is not None and t is not None:
                    self.fx.add(Shot(0.1, SHOT_TIME, origin=a, dest=t))
                    shot_end = 0.1 + SHOT_TIME
                    sounds.add("shot")
            elif isinstance(e, UnitDamaged):
                sq = self._square_of(view, e.unit)
                if sq is not None:
                    self.fx.add(Flash(shot_end, FLASH_TIME, square=sq, style="hit"))
                sounds.add("wound")
            elif isinstance(e, AttackNegated):
                target = self._seen_pending[1] if self._seen_pending else None
                sq = self._square_of(view, target) if target else None
                if sq is not None:
                    self.fx.add(Flash(shot_end, FLASH_TIME, square=sq, style="shield"))
                sounds.add("deny")
            elif isinstance(e, UnitDestroyed):
                ghost = self._seen_units.get(e.unit)
                self.fx.add(
                    Flash(shot_end, FLASH_TIME * 1.4, square=e.square, style="boom", ghost=ghost)
                )
                sounds.add("casualty")
            elif isinstance(e, UnitRepaired):
                sq = self._square_of(view, e.unit)
                if sq is not None:
                    self.fx.add(Flash(0.1, FLASH_TIME, square=sq, style="repair"))
        for name in ("shot", "move", "wound", "deny", "casualty", "flip", "draw"):
            if name in sounds:
                self.assets.play(name)
                if name in ("shot", "move", "wound", "casualty", "deny"):
                    break  # one board sound is enough; cards are quieter
        self._remember(view)

    def _square_of(self, view: SkirmishView, unit: str | None) -> Square | None:
        if unit is None:
            return None
        try:
            sq = view.unit(unit).square
        except KeyError:
            return None
        if sq is None and unit in self._seen_units:
            return self._seen_units[unit].square
        return sq

    def _card_origin(self, view: SkirmishView, seat: int, card: str) -> pygame.Rect:
        if seat == view.seat and card in self._seen_hand:
            return self.hand.card_rect(self._seen_hand.index(card), len(self._seen_hand))
        spot = self._hand_spot(view, seat)
        return pygame.Rect(spot.topleft, self.hand.discard_rect.size)

    def _hand_spot(self, view: SkirmishView, seat: int) -> pygame.Rect:
        """Where cards of ``seat``'s hand fly to or from."""
        if seat == view.seat:
            return pygame.Rect(
                self.hand.area.centerx - self.hand.card[0] // 2, self.hand.area.top, *self.hand.card
            )
        known = self.backs_rects.get(seat)
        if known is not None:
            return pygame.Rect(known)
        w, h = self.hand.discard_rect.size
        return pygame.Rect(self.column.left, self.column.top + 60, w // 2, h // 2)

    def _remember(self, view: SkirmishView) -> None:
        self._seen_units = {u.id: u for u in view.units if u.alive}
        self._seen_hand = tuple(view.hand or ())
        if view.pending is not None:
            self._seen_pending = (view.pending.attacker, view.pending.target)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt

    # -- text ------------------------------------------------------------------------------
    def status(self, view: SkirmishView) -> str:
        """Top bar: whose turn, the phase, the deck and discard counts (kept short)."""
        if view.outcome is not None or view.phase is Phase.OVER:
            return "Game over"
        piles = f"deck {view.deck_size}, discard {len(view.discard)}"
        if view.phase is Phase.SETUP:
            return f"Setup: the {SIDE_NAMES[view.active]} deploy"
        if view.phase is Phase.DEFEND:
            return f"Turn {view.turn}, {SIDE_NAMES[1 - view.active]}: defence - {piles}"
        phase = view.phase.label.lower().removesuffix(" phase")
        return f"Turn {view.turn}, {SIDE_NAMES[view.active]}: {phase} - {piles}"
