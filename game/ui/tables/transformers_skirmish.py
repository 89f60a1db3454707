"""The Transformers Skirmish table: the board, the hand, the piles, the prompts.

Layout: the 8x8 board (the Tiled map) on the left, the side column on the right (turn and
phase, what to do, the other hand face down, what the pointer is on, the buttons), and
along the bottom the viewer's hand as a fan with the deck and discard piles beside it.

Playing: pick a card (click, or keys 1-9/0), then a robot (click, or Tab to cycle), then a
square (click, or arrow keys and Enter). Cards can also be dragged: onto a robot to pick
it, onto a highlighted square to play, anywhere above the hand for cards that need no
target. F: mass move forward with the selected Move card. Space: end the phase (pass).
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
from game.rules.transformers_skirmish.board import Square, forward, mass_advance
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
from game.rules.transformers_skirmish.hints import card_reason, playable_cards
from game.rules.transformers_skirmish.view import SkirmishView, UnitView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.tables import register_table
from game.ui.tables import transformers_choices as ch
from game.ui.tables.transformers_board import BoardView
from game.ui.tables.transformers_fx import (
    CARD_TIME,
    FLASH_TIME,
    SHOT_TIME,
    SLIDE_TIME,
    Effects,
    Flash,
    FlyingCard,
    Shot,
    Slide,
)
from game.ui.tables.transformers_hand import HandView
from game.ui.tables.transformers_panel import draw_column
from game.ui.widgets import TableButton

MOVE_FILL = (70, 150, 255, 110)
ATTACK_FILL = (255, 90, 40, 130)
REPAIR_FILL = (110, 220, 130, 110)
PLACE_FILL = (70, 150, 255, 90)
CHOICE_EDGE = (255, 214, 90)
SELECTED_EDGE = (255, 255, 255)
CURSOR_EDGE = (120, 230, 255)
DRAG_PX = 6
NUMBER_KEYS = {getattr(pygame, f"K_{d}"): i for i, d in enumerate("1234567890")}
NUMBER_KEYS.update({getattr(pygame, f"K_KP{d}"): i for i, d in enumerate("1234567890")})
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, 1),
    pygame.K_DOWN: (0, -1),
}
ROLE_KEYS = {pygame.K_i: Role.MINICON, pygame.K_a: Role.AIR, pygame.K_g: Role.GROUND}


@register_table("transformers_skirmish")
class TransformersTable:
    """Draws a :class:`SkirmishView`; turns clicks, drags and keys into legal actions."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.seat_labels = list(SIDE_NAMES)
        self.board = BoardView(assets)
        self.hand = HandView(assets)
        self.fx = Effects()
        self.clock = 0.0
        self.mouse: tuple[int, int] = (-1, -1)
        self.sel_card: int | None = None  # index into the hand
        self.sel_unit: str | None = None
        self.cursor: Square | None = None
        self._context: tuple[Any, ...] | None = None
        self._press: tuple[int, tuple[int, int]] | None = None  # card index, where
        self._dragging = False
        self._seen_units: dict[str, UnitView] = {}
        self._seen_hand: tuple[str, ...] = ()
        self._seen_pending: tuple[str, str] | None = None
        self.backs_rects: dict[int, pygame.Rect] = {}  # where the column drew each hand
        self.notice = ""
        self.notice_t = 0.0
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
            self.notice = ""
            self._press, self._dragging = None, False
            if view.phase is not Phase.SETUP:
                self.cursor = None

    def _card(self, view: SkirmishView) -> str | None:
        hand = view.hand or ()
        if self.sel_card is not None and self.sel_card < len(hand):
            return hand[self.sel_card]
        return None

    def select_card(self, view: SkirmishView, index: int | None) -> None:
        """Pick the card at ``index`` (again: unpick); keep the robot if it can use it."""
        hand = view.hand or ()
        if index is None or index >= len(hand) or index == self.sel_card:
            self.sel_card = None
            return
        if view.legal_actions and hand[index] not in playable_cards(view.legal_actions):
            self.say(card_reason(view, hand[index]) or "That card cannot be played now.")
            self.assets.play("deny")
            return
        self.sel_card = index
        self.notice = ""
        choices = ch.unit_choices(view.legal_actions, hand[index])
        if self.sel_unit not in choices:
            self.sel_unit = choices[0] if len(choices) == 1 else None
        self.assets.play("click")

    def say(self, text: str) -> None:
        """A short notice in the side column (why a click did nothing), for a few seconds."""
        self.notice, self.notice_t = text, 0.0

    def cycle_unit(self, view: SkirmishView) -> None:
        """Tab: the next robot that can use the selected card (or still to set up)."""
        if view.phase is Phase.SETUP:
            choices = ch.setup_units(view, view.legal_actions)
        else:
            choices = ch.unit_choices(view.legal_actions, self._card(view))
            if not choices and view.seat is not None:
                choices = [u.id for u in view.living(view.seat)]
        if not choices:
            return
        i = choices.index(self.sel_unit) + 1 if self.sel_unit in choices else 0
        self.sel_unit = choices[i % len(choices)]
        unit = view.unit(self.sel_unit)
        self.cursor = unit.square or self.cursor

    # -- input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, view: SkirmishView) -> Action | None:
        self._sync(view)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self._press is not None and not self._dragging:
                _i, start = self._press
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_PX:
                    self._dragging = True
            return None
        if self.busy():
            return None
        legal = view.legal_actions
        if event.type == pygame.KEYDOWN:
            if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                return None
            return self._key(event.key, view)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.sel_card = self.sel_unit = None
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for button, make in self._buttons(view):
                if button.hit(event.pos):
                    return self._legal_or_none(make(), legal)
            for unit, rect in self.tray(view):
                if rect.collidepoint(event.pos):
                    self.sel_unit = unit.id
                    self.assets.play("click")
                    return None
            i = self.hand.index_at(event.pos, len(view.hand or ()))
            if i is not None and view.hand is not None:
                self._press, self._dragging = (i, event.pos), False
                return None
            sq = self.board.square_at(event.pos)
            if sq is not None:
                return self._legal_or_none(self._square_click(view, sq), legal)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            index, _start = self._press
            dragged = self._dragging
            self._press, self._dragging = None, False
            if not dragged:
                return self._legal_or_none(self._card_click(view, index), legal)
            return self._legal_or_none(self._drop(view, index, event.pos), legal)
        return None

    @staticmethod
    def _legal_or_none(action: Action | None, legal: Sequence[Action]) -> Action | None:
        return action if action is not None and action in legal else None

    def _key(self, key: int, view: SkirmishView) -> Action | None:
        legal = view.legal_actions
        card = self._card(view)
        if key in NUMBER_KEYS:
            self.select_card(view, NUMBER_KEYS[key])
            return None
        if key == pygame.K_TAB:
            self.cycle_unit(view)
            return None
        if key == pygame.K_BACKSPACE:
            self.sel_card = self.sel_unit = None
            return None
        if key == pygame.K_SPACE:
            return self._legal_or_none(Pass(), legal)
        if key == pygame.K_t:
            return self._legal_or_none(Take(), legal)
        if key == pygame.K_f:
            mass = ch.mass_action(legal, card)
            if mass is None:
                cards = ch.mass_cards(legal)
                if cards and view.hand:
                    self.select_card(view, list(view.hand).index(cards[0]))
                return None
            return mass
        if view.phase is Phase.SETUP:
            if key in ROLE_KEYS:
                return ch.designation(legal, ROLE_KEYS[key], self.sel_unit)
            if key == pygame.K_r:
                return ch.auto_setup(legal)
        if key in ARROWS:
            dx, dy = ARROWS[key]
            start = self.cursor or self._cursor_start(view)
            self.cursor = (min(7, max(0, start[0] + dx)), min(7, max(0, start[1] + dy)))
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            direct = ch.direct_action(legal, card)
            cursor = self._shown_cursor(view)
            if direct is None and cursor is not None:
                return self._legal_or_none(self._square_click(view, cursor), legal)
            return self._legal_or_none(direct, legal)
        return None

    def _shown_cursor(self, view: SkirmishView) -> Square | None:
        """The keyboard cursor: where the arrows left it, else on the chosen robot (or the
        middle of your back row) while a card or setup choice waits for a square."""
        if self.cursor is not None:
            return self.cursor
        waiting = self._card(view) is not None or view.phase is Phase.SETUP
        return self._cursor_start(view) if waiting and view.legal_actions else None

    def _cursor_start(self, view: SkirmishView) -> Square:
        if self.sel_unit is not None:
            sq = view.unit(self.sel_unit).square
            if sq is not None:
                return sq
        return (4, 0) if view.seat != 1 else (4, 7)

    def _card_click(self, view: SkirmishView, index: int) -> Action | None:
        """A click on a card: pick it; a second click plays it if it needs no target."""
        hand = view.hand or ()
        if index == self.sel_card:
            action = ch.direct_action(view.legal_actions, hand[index])
            if action is not None:
                return action
        self.select_card(view, index)
        return None

    def _drop(self, view: SkirmishView, index: int, pos: tuple[int, int]) -> Action | None:
        """A card dragged and let go at ``pos``."""
        hand = view.hand or ()
        if index >= len(hand) or self.hand.area.collidepoint(pos):
            return None  # back into the hand: nothing happens
        card = hand[index]
        if self.sel_card != index:
            self.select_card(view, index)
        direct = ch.direct_action(view.legal_actions, card)
        if direct is not None:
            return direct
        sq = self.board.square_at(pos)
        return self._square_click(view, sq) if sq is not None else None

    def _square_click(self, view: SkirmishView, sq: Square) -> Action | None:
        """A square was clicked (or Enter on the cursor): finish a play or pick a robot."""
        self.cursor = sq
        legal = view.legal_actions
        occupant = view.occupied().get(sq)
        if view.phase is Phase.SETUP:
            places = ch.place_squares(legal, self.sel_unit)
            if sq in places:
                return places[sq]
            if occupant is not None and occupant in ch.setup_units(view, legal):
                self.sel_unit = occupant
            return None
        card = self._card(view)
        spots = ch.targets(view, legal, card, self.sel_unit)
        if sq in spots:
            return spots[sq]
        if occupant is not None and occupant in ch.unit_choices(legal, card):
            self.sel_unit = occupant
            self.assets.play("click")
            return None
        hits = ch.attack_squares(view, legal, card).get(sq, [])
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            self.say("Several of your robots can hit that one: pick the attacker first.")
        if occupant is not None and view.seat is not None:
            self.sel_unit = occupant if view.unit(occupant).seat == view.seat else self.sel_unit
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
                specs.append((key, label, "", lambda a=act: a, act is not None))
            auto = ch.auto_setup(legal)
            specs.append(("R", "Rest at random", "", lambda a=auto: a, auto is not None))
        elif view.phase is Phase.DEFEND and legal:
            for c in dict.fromkeys(ch.defend_cards(legal)):
                idx = list(view.hand or ()).index(c)
                name = view.catalog.card(c).name
                act = ch.direct_action(legal, c)
                specs.append((str(idx + 1)[-1], f"Defend: {name}", "", lambda a=act: a, True))
            specs.append(("T", "Take the hit", "", lambda: Take(), True))
        elif legal:
            direct = ch.direct_action(legal, card)
            if direct is not None and card is not None:
                name = view.catalog.card(card).name
                verb = "Discard" if view.phase is Phase.DISCARD else "Play"
                specs.append(("Enter", f"{verb} {name}", "", lambda a=direct: a, True))
            if view.phase is Phase.MOVE:
                mass = ch.mass_action(legal, card)
                if mass is not None:
                    note = ""
                elif card is None and ch.mass_cards(legal):
                    note = "pick a Move card first"
                else:
                    note = "nobody can go straight forward" if card else "no Move card for it"

                specs.append(("F", "Mass move forward", note, lambda a=mass: a, mass is not None))
            if Pass() in legal:
                label = {
                    Phase.ORDERS: "End orders",
                    Phase.MOVE: "Skip the move",
                    Phase.FIRE: "End turn",
                }.get(view.phase, "Pass")
                specs.append(("Space", label, "", lambda: Pass(), True))
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
        self.clock += dt
        self.notice_t += dt
        if self.notice and self.notice_t > 4.0:
            self.notice = ""
        self.fx.update(dt)

    def busy(self) -> bool:
        return self.fx.busy()

    def skip_animations(self) -> None:
        self.fx.clear()

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

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        self._sync(view)
        self.hand.faces = []
        legal = view.legal_actions
        card = self._card(view)
        surface.fill(theme.BG, self.rect)
        self.board.draw_base(surface, self._highlights(view, legal, card))
        self._draw_marks(surface, view, legal, card)
        self.board.draw_units(surface, view.units, self.fx, self.sel_unit)
        self._draw_aim(surface, view, card)
        if view.pending is not None and view.phase is Phase.DEFEND:
            a, t = view.unit(view.pending.attacker), view.unit(view.pending.target)
            if a.square is not None and t.square is not None and not self.fx.of_type(Shot):
                self.board.draw_pending(surface, a.square, t.square, self.clock)
        self.board.draw_effects(surface, self.fx)
        buttons = self._buttons(view)
        hover_unit = self._hover_unit(view)
        draw_column(surface, self, view, buttons, hover_unit)
        self._draw_strip(surface, view, legal)
        self._remember(view)

    def _highlights(
        self, view: SkirmishView, legal: Sequence[Action], card: str | None
    ) -> list[tuple[list[Square], tuple[int, ...]]]:
        if view.phase is Phase.SETUP:
            return [(list(ch.place_squares(legal, self.sel_unit)), PLACE_FILL)]
        spots = ch.targets(view, legal, card, self.sel_unit)
        out = []
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

    def _draw_mass_preview(
        self, surface: pygame.Surface, view: SkirmishView, legal: Sequence[Action], card: str | None
    ) -> None:
        """While the pointer is on "Mass move forward": where each robot would end."""
        if view.seat is None or ch.mass_action(legal, card) is None or card is None:
            return
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
            if u.can_use(spec) and u.square is not None
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
        in_air = self.fx.cards_to_discard()
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
                surface, view.catalog, hand, playable, active, self.sel_card, hover, dragging
            )
            if not hand:
                msg = "Your hand is empty."
                text = self.assets.text(msg, 24, theme.MUTED)
                surface.blit(text, text.get_rect(center=self.hand.area.center))
        for e in self.fx.of_type(FlyingCard):
            assert isinstance(e, FlyingCard)
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
