"""The Tunnel Rat table: deck, the drawn card, the two players talking, kept cards, buttons.

Layout, top to bottom: the conversation strip (Rat and VC with their speech bubbles), the
card band (deck, drawn card, discard pile), the two rows of kept cards (the Rat's tunnels,
the VC's casualties, with empty slots up to the winning number) and the action buttons.

Keys: 1/2/3 ask "Is it a VC?" / "Is it a trap?" / "Is it safe?"; A advance (tunnel),
S shoot (VC), F search (trap); D draws (VC).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.core.api import Action, Event
from game.rules.tunnel_rat_bluff.actions import Ask, Call, Draw, Guess, Question
from game.rules.tunnel_rat_bluff.cards import Card
from game.rules.tunnel_rat_bluff.events import (
    RAT,
    VC,
    CardDrawn,
    CardRevealed,
    QuestionAsked,
    Resolved,
    Result,
)
from game.rules.tunnel_rat_bluff.view import BluffView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.tables import register_table
from game.ui.tables.base import TableBase
from game.ui.tables.tunnel_rat_bluff.cards import CARD_H, CARD_W, CardPictures
from game.ui.toolkit.effects import Effect
from game.ui.widgets import TableButton, blit_text, bubble, panel

GUESS_WORDS = {Guess.ADVANCE: "Advance", Guess.SHOOT: "Shoot", Guess.SEARCH: "Search"}

# (key name, hint, action) for every button; keys map to the same actions.
QUESTIONS = (
    ("1", Ask(Question.IS_VC), "Is it a VC?"),
    ("2", Ask(Question.IS_TRAP), "Is it a trap?"),
    ("3", Ask(Question.IS_SAFE), "Is it safe?"),
)
CALLS = (
    ("A", Call(Guess.ADVANCE), "Advance"),
    ("S", Call(Guess.SHOOT), "Shoot"),
    ("F", Call(Guess.SEARCH), "Search"),
)
KEYS: dict[int, Action] = {
    pygame.K_1: QUESTIONS[0][1],
    pygame.K_KP1: QUESTIONS[0][1],
    pygame.K_2: QUESTIONS[1][1],
    pygame.K_KP2: QUESTIONS[1][1],
    pygame.K_3: QUESTIONS[2][1],
    pygame.K_KP3: QUESTIONS[2][1],
    pygame.K_a: CALLS[0][1],
    pygame.K_s: CALLS[1][1],
    pygame.K_f: CALLS[2][1],
    pygame.K_d: Draw(),
}

DRAW_TIME = 0.35
FLIP_TIME = 0.5
HOLD_TIME = 1.1
MOVE_TIME = 0.4
NO_DELAY = 0.25


@dataclass
class _Drawing(Effect):
    """The top card sliding from the deck to the VC."""


@dataclass
class _Reveal(Effect):
    """The card flipping face up, held, then moving to its row."""

    card: Card = Card.TUNNEL
    guess: Guess | None = None
    result: Result | None = None
    casualty_sound: bool = False

    @property
    def t(self) -> float:
        return self.elapsed


@register_table
class BluffTable(TableBase[BluffView]):
    """Draws a :class:`BluffView` and turns clicks and keys into Tunnel Rat actions."""

    def __init__(self, assets: Assets) -> None:
        self.hover: tuple[int, int] = (-1, -1)
        self._ask_t = 10.0  # time since the last question (for the delayed "No.")
        self.pictures = CardPictures(assets)
        super().__init__(assets)
        self.seat_labels = ["Rat", "VC"]

    @property
    def _reveal(self) -> _Reveal | None:
        return self.fx.first(_Reveal)

    @property
    def _draw_t(self) -> float | None:
        drawing = self.fx.first(_Drawing)
        return None if drawing is None else drawing.elapsed

    # -- layout -----------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        r = self.rect
        # On a big window everything grows together: text, bands and buttons.
        self.k = k = max(1.0, min(1.5, r.height / 660, r.width / 940))
        pad = 12
        talk_h = round(78 * k)
        button_h = round(52 * k)
        buttons_h = 2 * button_h + 10
        rows_label = round(26 * k)
        free = r.height - talk_h - buttons_h - rows_label - round(56 * k) - 4 * pad
        # Cards grow with the window (up to 1.5 times the art) but must leave room across.
        ch = max(90, min(CARD_H * 3 // 2, int(free / 1.42), (r.width - 60) * CARD_H // 500))
        cw = ch * CARD_W // CARD_H
        self.card_size = (cw, ch)
        half = (r.width - 3 * pad) // 2
        sw = max(36, min(int(cw * 0.42), (half - 4 * 8 - 40) // 5))  # a gap between rows
        self.small_size = (sw, sw * CARD_H // CARD_W)
        below = round(46 * k)  # the caption under the cards
        used = talk_h + ch + below + rows_label + self.small_size[1] + buttons_h + 5 * pad + 24
        extra = max(0, r.height - used) // 4  # spread the slack between the bands
        self.talk_rect = pygame.Rect(r.left + pad, r.top + pad, r.width - 2 * pad, talk_h)
        band_top = self.talk_rect.bottom + pad + extra
        self.card_rect = pygame.Rect(0, 0, cw, ch)
        self.card_rect.midtop = (r.centerx, band_top)
        gap = max(24, min(cw, r.width // 2 - 3 * cw // 2 - pad - 8))
        self.deck_rect = self.card_rect.move(-(cw + gap), 0)
        self.discard_rect = self.card_rect.move(cw + gap, 0)
        self.result_y = self.card_rect.bottom + 22
        rows_top = self.card_rect.bottom + below + extra
        self.tunnel_slots = self._slots(r.left + pad, rows_top + rows_label, half)
        self.casualty_slots = self._slots(r.left + 2 * pad + half, rows_top + rows_label, half)
        self.rows_label_y = rows_top
        self.buttons_rect = pygame.Rect(
            r.left + pad, r.bottom - pad - buttons_h, r.width - 2 * pad, buttons_h
        )
        self.action_rect = self.buttons_rect
        bw = (self.buttons_rect.width - 2 * 10) // 3
        self.buttons: list[tuple[TableButton, Action]] = []
        for row, group in enumerate((QUESTIONS, CALLS)):
            for col, (key, action, label) in enumerate(group):
                rect = pygame.Rect(
                    self.buttons_rect.left + col * (bw + 10),
                    self.buttons_rect.top + row * (button_h + 10),
                    bw,
                    button_h,
                )
                self.buttons.append((TableButton(key, label, key, rect), action))
        draw_rect = pygame.Rect(0, 0, min(320, self.buttons_rect.width), 60)
        draw_rect.center = self.buttons_rect.center
        self.draw_button = TableButton("D", "Draw a card", "D", draw_rect)

    def _slots(self, left: int, top: int, width: int) -> list[pygame.Rect]:
        sw, sh = self.small_size
        step = sw + 8
        x0 = left + (width - (5 * step - 8)) // 2
        return [pygame.Rect(x0 + i * step, top, sw, sh) for i in range(5)]

    # -- input ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, view: BluffView) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            return None
        if self.busy():
            return None
        legal = view.legal_actions
        chosen: Action | None = None
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            chosen = KEYS.get(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button, action in self._active_buttons(view):
                if button.hit(event.pos):
                    chosen = action
        return chosen if chosen is not None and chosen in legal else None

    def _active_buttons(self, view: BluffView) -> list[tuple[TableButton, Action]]:
        legal = view.legal_actions
        if view.seat == VC:
            self.draw_button.enabled = Draw() in legal
            return [(self.draw_button, Draw())] if legal else []
        if view.seat != RAT:
            return []
        chances = view.card_chances()
        for button, action in self.buttons:
            button.enabled = action in legal
            if isinstance(action, Call):
                chance = 100 * chances[action.guess.card]
                button.note = f"bets {action.guess.card.label}: {chance:.0f}%"
        return self.buttons

    def choice_labels(self, view: BluffView) -> list[str]:
        """Every text of the choices offered to the viewer now: the buttons' labels and
        the notes under them, exactly as drawn."""
        out: list[str] = []
        if not self.unlisted(view).legal_actions:
            return out
        for button, _action in self._active_buttons(view):
            out.append(button.label)
            if button.note:
                out.append(button.note)
        return out

    # -- events and animation ------------------------------------------------------
    def on_events(self, events: Sequence[Event], view: BluffView) -> None:
        guess = None
        for event in events:
            if isinstance(event, CardDrawn) and event.card is None:
                self.fx.clear()
                self.fx.add(_Drawing(0.0, DRAW_TIME))
                self.assets.play("draw")
            elif isinstance(event, QuestionAsked):
                self._ask_t = 0.0
                self.assets.play("click")
            elif isinstance(event, CardRevealed):
                self.fx.clear()
                self.fx.add(_Reveal(0.0, FLIP_TIME + HOLD_TIME + MOVE_TIME, card=event.card))
                self.assets.play("flip")
            elif isinstance(event, Resolved) and self._reveal is not None:
                self._reveal.result = event.result
                self._reveal.casualty_sound = event.result is Result.CASUALTY
            if hasattr(event, "guess"):
                guess = event.guess
        if self._reveal is not None and self._reveal.guess is None:
            self._reveal.guess = guess

    def update(self, dt: float) -> None:
        self._ask_t += dt
        super().update(dt)
        reveal = self._reveal
        if reveal is not None and reveal.casualty_sound and reveal.elapsed >= FLIP_TIME:
            self.assets.play("casualty")
            reveal.casualty_sound = False

    def skip_animations(self) -> None:
        super().skip_animations()
        self._ask_t = 10.0

    # -- text -----------------------------------------------------------------
    def status(self, view: BluffView) -> str:
        if view.outcome is not None:
            return "Game over"
        who = "Rat" if view.current_player == RAT else "VC"
        if view.turn == 0:
            return f"{who} to act - the first card is about to be drawn"
        return f"Turn {view.turn} - {view.phase.heading} - {who} to act"

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: BluffView) -> None:
        view = self.unlisted(view)  # watching (a replay): no buttons for anybody
        self._draw_felt(surface)
        with self.assets.text_scale(self.k):
            self._draw_talk(surface, view)
            self._draw_band(surface, view)
            self._draw_rows(surface, view)
            self._draw_actions(surface, view)

    def _draw_felt(self, surface: pygame.Surface) -> None:
        tex = self.assets.image("ui/table.png")
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        if tex is None:
            surface.fill(theme.FELT, self.rect)
        else:
            tw, th = tex.get_size()
            for y in range(self.rect.top, self.rect.bottom, th):
                for x in range(self.rect.left, self.rect.right, tw):
                    surface.blit(tex, (x, y))
        surface.set_clip(clip)

    def _card(
        self, surface: pygame.Surface, card: Card | None, rect: pygame.Rect, moving: bool = False
    ) -> None:
        """A card with its shadow at ``rect`` (``moving``: see :meth:`CardPictures.draw`)."""
        self.pictures.draw(surface, card, rect, self.card_rect.size if moving else None)

    def _slot(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, (20, 34, 26), rect, border_radius=8)
        pygame.draw.rect(surface, (90, 120, 100), rect, 2, border_radius=8)

    def _avatar(self, surface: pygame.Surface, seat: int, pos: tuple[int, int]) -> None:
        img = self.assets.scaled("figures/rat.png" if seat == RAT else "figures/vc.png", (56, 56))
        circle = (40, 56, 48) if seat == RAT else (70, 40, 36)
        pygame.draw.circle(surface, circle, pos, 34)
        pygame.draw.circle(surface, theme.ACCENT, pos, 34, 2)
        if img is not None:
            surface.blit(img, img.get_rect(center=pos))
        else:
            blit_text(
                surface, self.assets, "RAT" if seat == RAT else "VC", 24, pos, theme.TEXT, "center"
            )

    def _draw_talk(self, surface: pygame.Surface, view: BluffView) -> None:
        r = self.talk_rect
        panel(surface, r, alpha=150)
        cy = r.centery
        rat_pos = (r.left + 46, cy)
        vc_pos = (r.right - 46, cy)
        self._avatar(surface, RAT, rat_pos)
        self._avatar(surface, VC, vc_pos)
        acting = view.current_player
        edges = {}
        for seat, pos, anchor in ((RAT, rat_pos, "midleft"), (VC, vc_pos, "midright")):
            x = pos[0] + 42 if seat == RAT else pos[0] - 42
            color = theme.ACCENT if acting == seat else theme.TEXT
            label = blit_text(
                surface, self.assets, self.seat_labels[seat], 24, (x, cy - 14), color, anchor
            )
            score = (
                f"Tunnels {len(view.tunnels)}/{view.rules.rat_wins_with_tunnels}"
                if seat == RAT
                else f"Casualties {len(view.casualties)}/{view.rules.vc_wins_with_casualties}"
            )
            line = blit_text(surface, self.assets, score, 20, (x, cy + 12), theme.MUTED, anchor)
            both = label.union(line)
            edges[seat] = both.right + 14 if seat == RAT else both.left - 14
        if view.card_drawn and view.asked and self._reveal is None:
            _phase, question = view.asked[-1]
            bubble(surface, self.assets, question.words, (edges[RAT], cy), 28, "left")
            if self._ask_t >= NO_DELAY:
                no = bubble(surface, self.assets, "No.", (edges[VC], cy), 30, "right")
                if view.tell is not None:  # the tells variant: what he gave away
                    tell = f"he {view.tell.words}"
                    blit_text(
                        surface,
                        self.assets,
                        tell,
                        20,
                        (no.right, r.bottom - 4),
                        theme.ACCENT,
                        "bottomright",
                    )
        elif view.card_drawn and self._reveal is None:
            room = edges[VC] - edges[RAT]
            # Nothing asked yet (a question shows as the bubbles above): the longest
            # hint that fits between the two names.
            for hint in (
                'The Rat may ask questions; the VC always answers "No."',
                'The VC always answers "No."',
            ):
                if self.assets.font(20).size(hint)[0] <= room:
                    centre = ((edges[RAT] + edges[VC]) // 2, cy)
                    blit_text(surface, self.assets, hint, 20, centre, theme.MUTED, "center")
                    break

    def _draw_band(self, surface: pygame.Surface, view: BluffView) -> None:
        a = self.assets
        # Deck: a small stack, thicker while more cards remain.
        layers = min(6, (view.deck_size + 7) // 8)
        for i in range(layers):
            self._card(surface, None, self.deck_rect.move(-2 * i, -2 * i))
        if view.deck_size == 0:
            self._slot(surface, self.deck_rect)
        blit_text(
            surface,
            a,
            view.progress()[2],
            22,
            (self.deck_rect.centerx, self.deck_rect.bottom + 8),
            theme.TEXT,
            "midtop",
        )
        # Discard pile: the top card face up.
        reveal = self._reveal
        discard = list(view.discard)
        if reveal is not None and reveal.result in (Result.DISCARD_CORRECT, Result.TUNNEL_LOST):
            discard = discard[:-1]
        if discard:
            self._card(surface, discard[-1], self.discard_rect)
        else:
            self._slot(surface, self.discard_rect)
        blit_text(
            surface,
            a,
            f"Discard: {len(discard)}",
            22,
            (self.discard_rect.centerx, self.discard_rect.bottom + 8),
            theme.TEXT,
            "midtop",
        )
        # The drawn card.
        if reveal is not None:
            self._draw_reveal(surface, view, reveal)
        elif self._draw_t is not None and view.card_drawn:
            f = min(1.0, self._draw_t / DRAW_TIME)
            f = 1 - (1 - f) ** 2
            x = self.deck_rect.x + (self.card_rect.x - self.deck_rect.x) * f
            self._card(surface, None, pygame.Rect(int(x), self.card_rect.y, *self.card_size))
        elif view.card_drawn:
            self._card(surface, view.drawn_card, self.card_rect)
            caption = (
                f"Your card: {view.drawn_card.label}"
                if view.drawn_card is not None
                else "Face down - only the VC knows it"
            )
            blit_text(
                surface,
                a,
                caption,
                22,
                (self.card_rect.centerx, self.card_rect.bottom + 8),
                theme.ACCENT,
                "midtop",
            )
        else:
            self._slot(surface, self.card_rect)
            if view.last_revealed is not None and view.last_call is not None:
                self._last_result(surface, view.last_call, view.last_revealed)
            elif view.outcome is None:
                blit_text(
                    surface,
                    a,
                    "Waiting for the draw",
                    22,
                    self.card_rect.center,
                    theme.MUTED,
                    "center",
                )

    def _last_result(self, surface: pygame.Surface, guess: Guess, card: Card) -> None:
        right = guess.card is card
        lines = (
            "Last call:",
            GUESS_WORDS[guess].upper(),
            f"it was a {card.label}",
            "right call" if right else "wrong call",
        )
        for i, line in enumerate(lines):
            color = (theme.GOOD if right else theme.BAD) if i == 3 else theme.TEXT
            blit_text(
                surface,
                self.assets,
                line,
                22 if i != 1 else 28,
                (self.card_rect.centerx, self.card_rect.centery - 39 + 26 * i),
                color,
                "center",
            )

    def _destination(self, view: BluffView, reveal: _Reveal) -> pygame.Rect:
        if reveal.result is Result.TUNNEL_KEPT and view.tunnels:
            return self.tunnel_slots[min(4, len(view.tunnels) - 1)]
        if reveal.result is Result.CASUALTY and view.casualties:
            return self.casualty_slots[min(4, len(view.casualties) - 1)]
        return self.discard_rect

    def _draw_reveal(self, surface: pygame.Surface, view: BluffView, reveal: _Reveal) -> None:
        t = reveal.t
        rect = pygame.Rect(self.card_rect)
        if t < FLIP_TIME:
            # The card turns over: its width shrinks to nothing and grows back face up.
            f = t / FLIP_TIME
            width = max(2, int(abs(math.cos(math.pi * f)) * rect.w))
            face = reveal.card if f >= 0.5 else None
            picture = self.pictures.face(face, rect.size)
            surf = pygame.transform.smoothscale(picture, (width, rect.h))
            surface.blit(surf, surf.get_rect(center=rect.center))
            return
        if t < FLIP_TIME + HOLD_TIME:
            self._card(surface, reveal.card, rect)
            if reveal.guess is not None:
                right = reveal.guess.card is reveal.card
                words = {
                    Result.DISCARD_CORRECT: "Right call - discarded",
                    Result.CASUALTY: "Wrong call - a casualty!",
                    Result.TUNNEL_KEPT: "Right call - tunnel kept!",
                    Result.TUNNEL_LOST: "Wrong call - tunnel lost",
                }
                text = (
                    words.get(reveal.result, "right" if right else "wrong")
                    if (reveal.result is not None)
                    else ""
                )
                label = a = self.assets.text(text, 30, theme.GOOD if right else theme.BAD)
                box = label.get_rect(midtop=(rect.centerx, rect.bottom + 6)).inflate(20, 10)
                panel(surface, box, alpha=220, radius=8)
                surface.blit(a, a.get_rect(center=box.center))
            return
        f = min(1.0, (t - FLIP_TIME - HOLD_TIME) / MOVE_TIME)
        dest = self._destination(view, reveal)
        x = rect.x + (dest.x - rect.x) * f
        y = rect.y + (dest.y - rect.y) * f
        w = rect.w + (dest.w - rect.w) * f
        h = rect.h + (dest.h - rect.h) * f
        self._card(surface, reveal.card, pygame.Rect(int(x), int(y), int(w), int(h)), True)

    def _draw_rows(self, surface: pygame.Surface, view: BluffView) -> None:
        tunnels = list(view.tunnels)
        casualties = list(view.casualties)
        reveal = self._reveal
        if reveal is not None and reveal.result is Result.TUNNEL_KEPT:
            tunnels = tunnels[:-1]
        if reveal is not None and reveal.result is Result.CASUALTY:
            casualties = casualties[:-1]
        # The titles are the view's progress lines, counted as the rows are drawn (a
        # card still turning over is not in its row yet).
        shown = replace(view, tunnels=tuple(tunnels), casualties=tuple(casualties))
        tunnel_line, casualty_line = shown.progress()[:2]
        rows = (
            (tunnel_line, tunnels, self.tunnel_slots, theme.GOOD),
            (casualty_line, casualties, self.casualty_slots, theme.BAD),
        )
        for title, cards, slots, color in rows:
            centre = (slots[0].left + slots[-1].right) // 2
            blit_text(surface, self.assets, title, 22, (centre, self.rows_label_y), color, "midtop")
            for i, slot in enumerate(slots):
                if i < len(cards):
                    self._card(surface, cards[i], slot)
                else:
                    self._slot(surface, slot)

    def _draw_actions(self, surface: pygame.Surface, view: BluffView) -> None:
        buttons = self._active_buttons(view)
        if buttons and view.legal_actions:
            if view.seat == RAT:
                counts = view.unseen_counts()
                line = (
                    f"Unseen cards: VC {counts[Card.VC]}, Trap {counts[Card.TRAP]}, "
                    f"Tunnel {counts[Card.TUNNEL]}"
                )
                blit_text(
                    surface,
                    self.assets,
                    line,
                    20,
                    (self.buttons_rect.right, self.buttons_rect.top - 6),
                    theme.MUTED,
                    "bottomright",
                )
                hint = "Ask (1 2 3) or call (A S F)"
                if view.tell_reliability:
                    tells = ", ".join(
                        f"{view.rules.tell_of(card).value} {card.label}" for card in Card
                    )
                    hint = f"Tells ({view.tell_reliability}% reliable): {tells}"
                blit_text(
                    surface,
                    self.assets,
                    hint,
                    20,
                    (self.buttons_rect.left, self.buttons_rect.top - 6),
                    theme.MUTED,
                    "bottomleft",
                )
            for button, _action in buttons:
                button.draw(surface, self.assets, hover=button.rect.collidepoint(self.hover))
            return
        if view.outcome is not None:
            return
        waiting = {
            RAT: "The Rat is thinking…",
            VC: "The VC is about to draw…",
        }.get(view.current_player if view.current_player is not None else -1, "")
        if view.seat == VC and view.current_player == RAT:
            waiting = 'The Rat is questioning you. You always answer "No."'
        if self.watching and view.current_player is not None:
            waiting = self.to_act_line(self.seat_labels[view.current_player])
        blit_text(
            surface,
            self.assets,
            waiting,
            24,
            (self.buttons_rect.centerx, self.buttons_rect.top + 10),
            theme.MUTED,
            "midtop",
        )
