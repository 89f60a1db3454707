"""Input of the Transformers Skirmish table: cards, robots and squares picked by mouse
(clicks and drags) and by keys, turned into actions taken from ``view.legal_actions``.

See :mod:`game.ui.tables.transformers_skirmish` for the keys. Mixed into the table class.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.api import Action
from game.rules.transformers_skirmish.actions import Pass, Role, Take
from game.rules.transformers_skirmish.board import Square
from game.rules.transformers_skirmish.events import Phase
from game.rules.transformers_skirmish.hints import card_reason, playable_cards
from game.rules.transformers_skirmish.view import SkirmishView
from game.ui.tables.transformers_skirmish import choices as ch
from game.ui.tables.transformers_skirmish.parts import TableParts

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


class TableInput(TableParts):
    """Selection state changes and input handling (no drawing)."""

    def select_card(self, view: SkirmishView, index: int | None) -> None:
        """Pick the card at ``index`` (again: unpick); keep the robot if it can use it."""
        hand = view.hand or ()
        if index is None or index >= len(hand) or index == self.sel_card:
            self.sel_card = None
            return
        if view.legal_actions and hand[index] not in playable_cards(view.legal_actions):
            self.say(card_reason(view, hand[index]) or "That card cannot be played now.", True)
            return
        self.sel_card = index
        self.notice = ""
        choices = ch.unit_choices(view.legal_actions, hand[index])
        if self.sel_unit not in choices:
            self.sel_unit = choices[0] if len(choices) == 1 else None
        self.assets.play("click")

    def toggle_mass_mark(self, view: SkirmishView) -> None:
        """G (move phase, issue 17): mark the chosen robot for the mass move, or unmark
        it; the group is kept in roster order, as the action's text names it."""
        u = self.sel_unit
        if u is None or view.seat is None or view.unit(u).seat != view.seat:
            self.say("Pick one of your robots to mark for the mass move.")
            return
        marked = set(self.mass_group) ^ {u}
        self.mass_group = [x.id for x in view.units if x.id in marked]
        self.assets.play("click")

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
            hand = view.hand or ()
            self.select_card(view, self.hand.index_of_slot(view.seat, hand, NUMBER_KEYS[key]))
            return None
        if key == pygame.K_TAB:
            self.cycle_unit(view)
            return None
        if key == pygame.K_BACKSPACE:
            self.sel_card = self.sel_unit = None
            self.mass_group = []
            return None
        if key == pygame.K_SPACE:
            return self._legal_or_none(Pass(), legal)
        if key == pygame.K_t:
            return self._legal_or_none(Take(), legal)
        if key == pygame.K_g and view.phase is Phase.MOVE:
            self.toggle_mass_mark(view)
            return None
        if key == pygame.K_f:
            mass = ch.mass_group_action(legal, card, self.mass_group)
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
