"""Drawing the 5.56mm panel and the boxes over the board (see ``five_five_six/table.py``): the
turn-deck card drawn, large, with whose go it is and what is left of it; the character
card of the picked model; the listed choices; and, before a roll, the box with each
roll's TN, every modifier and the chance."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.rules.five_five_six.actions import End
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.combat.arms import firearm
from game.rules.five_five_six.model import Character, Status
from game.rules.five_five_six.turn.deck import is_joker
from game.rules.five_five_six.view import FiveFiveSixView
from game.ui import theme
from game.ui.render.miniature import draw_playing_card
from game.ui.tables.five_five_six.art import LIGHT_TEXT, SIDE_COLOURS, short_name
from game.ui.tables.five_five_six.choices import (
    MODE_TEXT,
    aboard_of,
    actor,
    budget_text,
    end_action,
    item_name,
    narrowed,
    skill_name,
)
from game.ui.tables.five_five_six.odds import Preview
from game.ui.tables.five_five_six.vehicles import aboard_lines, seat_words
from game.ui.toolkit.no_chance import GREY_EDGE, GREY_FILL, GREY_TEXT, hopeless
from game.ui.toolkit.odds import percent
from game.ui.widgets import TableButton, blit_fitted, blit_text, panel

if TYPE_CHECKING:
    from game.ui.tables.five_five_six.table import FiveFiveSixTable

CARD_W, CARD_H = 74, 104
ROW = 22
PROGRESS_ROW = 19  # px a line of the game's standing takes
CHOICE_H = 28
ABOARD_H = 24
PAGE = 9  # at most 9 choices a page (keys 1-9)
LONG_DECIMALS = re.compile(r"(\d+\.\d)\d+")


def tidy(text: str) -> str:
    """Long decimals in the rules' names (``Spotting at 30.5753"``) to one place."""
    return LONG_DECIMALS.sub(r"\1", text)


def draw_panel(table: FiveFiveSixTable, surface: pygame.Surface, view: FiveFiveSixView) -> None:
    """Turn and light, the card drawn, the picked character's card, the choices."""
    r = table.panel_rect
    panel(surface, r, alpha=200)
    a = table.assets
    x, w = r.left + 10, r.width - 20
    light = LIGHT_TEXT.get(view.light, view.light)
    standing = view.progress()  # the turn against the deadline first, then the sides
    blit_text(surface, a, standing[0], 22, (x, r.top + 8), theme.ACCENT)
    blit_fitted(
        surface,
        a,
        f"{light}  -  {view.cards_left} cards to draw",
        17,
        pygame.Rect(x + 112, r.top + 10, w - 112, 22),
        theme.MUTED,
    )
    y = _draw_progress(table, surface, standing[1:], pygame.Rect(x, r.top + 36, w, 0))
    y = _draw_go(table, surface, view, pygame.Rect(x, y + 4, w, CARD_H + 8))
    shown = view.characters.get(table.shown_character(view) or "")
    if shown is not None:
        y = _draw_character_card(table, surface, view, shown, pygame.Rect(x, y + 6, w, 0))
    table.buttons, table.aboard_buttons = [], []
    if table.acting(view):
        _draw_choices(table, surface, view, x, y + 8, w)
    elif table.watching and view.outcome is None and view.current_player is not None:
        line = table.to_act_line(view.side_name(view.current_player))
        blit_fitted(surface, a, line, 18, pygame.Rect(x, y + 10, w, 22), theme.MUTED)


def _draw_progress(
    table: FiveFiveSixTable, surface: pygame.Surface, lines: Sequence[str], box: pygame.Rect
) -> int:
    """How the game stands (``view.progress``): each side's men fighting and dead, and
    each objective, one fitted line each; returns the y below them."""
    y = box.top
    for line in lines:
        rows = 1 if table.assets.font(16).size(line)[0] <= box.width else 2
        rect = pygame.Rect(box.left, y, box.width, PROGRESS_ROW * rows)
        blit_fitted(surface, table.assets, line, 16, rect, theme.TEXT, lines=rows, smallest=13)
        y += PROGRESS_ROW * rows
    return y


def _draw_go(
    table: FiveFiveSixTable, surface: pygame.Surface, view: FiveFiveSixView, box: pygame.Rect
) -> int:
    """The card drawn, large, and whose go it is with the two-action budget (2.2)."""
    a = table.assets
    card = view.drawn[-1] if view.drawn else None
    card_rect = pygame.Rect(box.left, box.top, CARD_W, CARD_H)
    if card is not None:
        draw_playing_card(surface, a, card_rect, card)
    else:
        pygame.draw.rect(surface, (60, 70, 110), card_rect, border_radius=6)
        pygame.draw.rect(surface, (200, 200, 220), card_rect, 2, border_radius=6)
    text = pygame.Rect(card_rect.right + 10, box.top, box.right - card_rect.right - 10, 26)
    who = actor(view)
    if view.outcome is not None:
        blit_fitted(surface, a, "The game is over", 22, text, theme.ACCENT)
        return card_rect.bottom
    if card is not None and is_joker(card) and who is None:
        blit_fitted(surface, a, "Joker: a scenario event", 22, text, theme.ACCENT)
        return card_rect.bottom
    go = view.go
    if who is None or go is None:
        return card_rect.bottom
    colour = SIDE_COLOURS[who.side % 2]
    if view.live is not None:
        blit_fitted(surface, a, f"{who.name}: a live grenade!", 22, text, colour)
        what = "throw it back (click a point) or let it lie (Enter)"
        if not table.acting(view):  # the other side, or a replay: no click or key
            what = "may throw it back or let it lie"
        blit_fitted(
            surface,
            a,
            what,
            18,
            pygame.Rect(text.left, text.bottom, text.width, 44),
            theme.TEXT,
            lines=2,
        )
        return card_rect.bottom
    if view.asking:
        acting = view.characters.get(go.character)
        blit_fitted(surface, a, f"{who.name}: Covering Fire", 22, text, colour)
        what = f"may fire at {acting.name if acting else 'the enemy'} now, or hold"
        blit_fitted(
            surface,
            a,
            what,
            18,
            pygame.Rect(text.left, text.bottom, text.width, 44),
            theme.TEXT,
            lines=2,
        )
        return card_rect.bottom
    blit_fitted(surface, a, f"{who.name}'s go", 22, text, colour)
    side = view.side_name(who.side)
    blit_fitted(
        surface, a, side, 18, pygame.Rect(text.left, text.bottom, text.width, ROW), theme.MUTED
    )
    budget = budget_text(go)
    if go.allowance == 1 and not go.taken:
        budget = ("Second card: " if not go.special_allowed else "") + budget
    blit_fitted(
        surface,
        a,
        budget,
        18,
        pygame.Rect(text.left, text.bottom + ROW, text.width, 48),
        theme.TEXT,
        lines=2,
    )
    return card_rect.bottom


def character_lines(view: FiveFiveSixView, c: Character) -> list[tuple[str, tuple[int, ...]]]:
    """The lines of a character card: abilities, skills, weapons with damage and ammo,
    other gear, wounds and what he is doing (Hiding and Stealth for his own side only)."""
    p = c.profile
    lines: list[tuple[str, tuple[int, ...]]] = [
        (
            f"Weapons {p.weapons:+d}  Move {p.movement:+d}  "
            f"Strength {p.strength:+d}  Morale {p.morale:+d}",
            theme.TEXT,
        )
    ]
    if p.skills:
        lines.append(("Skills: " + ", ".join(skill_name(s) for s in p.skills), theme.TEXT))
    cat = catalog()
    arms, gear = [], []
    for item in p.gear:
        out = " (out)" if item in c.empty else ""
        if item in cat.weapons.firearms:
            f = firearm(item)
            dmg = f"DMG {f.damage}" if f.damage is not None else "DMG -"
            ammo = f"AMMO {f.ammo}" if f.ammo is not None else "one shot"
            arms.append(f"{f.name} {dmg} {ammo}{out}")
        elif item in cat.grenades:
            arms.append(f"{item_name(item)}{out}")
        else:
            gear.append(item_name(item))
    if arms:
        lines.append(("Arms: " + "; ".join(arms), theme.TEXT))
    if gear:
        lines.append(("Gear: " + ", ".join(gear), theme.MUTED))
    wounds = ", ".join(w.label for w in c.wounds) if c.wounds else "unhurt"
    lines.append(("Wounds: " + wounds, theme.BAD if c.wounds else theme.GOOD))
    doing = []
    if c.status is Status.INCAPACITATED:
        doing.append(f"mortally wounded, dying in {c.dying_in} turns" if c.dying_in else "down")
    if c.side == view.seat and c.hidden:
        doing.append("Hiding")
    if c.side == view.seat and c.stealth:
        doing.append("Stealth")
    if c.covering:
        doing.append("on Covering Fire")
    if c.stunned:
        doing.append(f"stunned (-{c.stunned} actions)")
    if c.gassed:
        doing.append("choking on gas")
    if c.luck:
        doing.append(f"{c.luck} lucky +1 left")
    if doing:
        lines.append(("Now: " + ", ".join(doing), theme.ACCENT))
    lines += [(line, theme.ACCENT) for line in aboard_lines(view.board, c)]
    return lines


def _draw_character_card(
    table: FiveFiveSixTable,
    surface: pygame.Surface,
    view: FiveFiveSixView,
    c: Character,
    box: pygame.Rect,
) -> int:
    a = table.assets
    lines = character_lines(view, c)
    heights = [1 if a.font(17).size(text)[0] <= box.width - 16 else 2 for text, _ in lines]
    box.height = 34 + sum(ROW * h for h in heights) + 6
    pygame.draw.rect(surface, (236, 230, 212), box, border_radius=8)
    pygame.draw.rect(surface, SIDE_COLOURS[c.side % 2], box, 3, border_radius=8)
    blit_fitted(
        surface,
        a,
        c.name + (" (leader)" if c.profile.leader else ""),
        22,
        pygame.Rect(box.left + 8, box.top + 4, box.width - 16, 28),
        theme.INK,
    )
    y = box.top + 32
    for (text, colour), h in zip(lines, heights, strict=True):
        ink = theme.INK if colour in (theme.TEXT, theme.MUTED) else _darker(colour)
        blit_fitted(
            surface,
            a,
            text,
            17,
            pygame.Rect(box.left + 8, y, box.width - 16, ROW * h),
            ink,
            lines=h,
            smallest=13,
        )
        y += ROW * h
    return box.bottom


def _darker(colour: tuple[int, ...]) -> tuple[int, int, int]:
    return (colour[0] // 2, colour[1] // 2, colour[2] // 2)


def _draw_choices(
    table: FiveFiveSixTable, surface: pygame.Surface, view: FiveFiveSixView, x: int, y: int, w: int
) -> None:
    a = table.assets
    head = MODE_TEXT[table.picks.mode]
    if table.picks.target is not None:
        target = view.characters.get(table.picks.target) or view.board.vehicles.get(
            table.picks.target
        )
        head = f"At {target.name if target else table.picks.target}: 1-9 (Esc drops)"
    bottom = table.action_rect.top - 6
    below = _draw_aboard(table, surface, view, x, y + 38, w)  # the men aboard a picked vehicle
    fit = max(1, min(PAGE, (bottom - below + 3) // (CHOICE_H + 3)))
    if fit != table.page_size:  # a page is what the panel has room for
        first = table.page * table.page_size
        table.page_size, table.page = fit, first // fit
    more = len(narrowed(view, table.picks)) - (table.page + 1) * fit
    if more > 0:
        head += f" ({more} more: Down key)"
    blit_fitted(surface, a, head, 17, pygame.Rect(x, y, w, 36), theme.MUTED, lines=2)
    y = below
    for i, action in enumerate(table.shown(view)):
        rect = pygame.Rect(x, y, w, CHOICE_H)
        button = TableButton(str(i + 1), table.label_of(view, action), str(i + 1), rect)
        grey = hopeless(table.chance_of(view, action))
        _draw_choice(table, surface, button, rect.collidepoint(table.mouse), grey)
        table.buttons.append((button, action))
        y += CHOICE_H + 3
    end = TableButton("enter", end_label(view), "Enter", table.action_rect)
    end.draw(surface, a, hover=table.action_rect.collidepoint(table.mouse))
    table.buttons.append((end, end_action(view)))


def end_label(view: FiveFiveSixView) -> str:
    """The Enter button's text: end the go, or let a live grenade lie."""
    return "End the go" if isinstance(end_action(view), End) else "Let it lie"


def aboard_label(man: Character) -> str:
    """A man aboard a picked vehicle, as his button says: ``Reyes (driver)``."""
    return f"{short_name(man.name)} ({seat_words(man.seat)})"


def _draw_aboard(
    table: FiveFiveSixTable, surface: pygame.Surface, view: FiveFiveSixView, x: int, y: int, w: int
) -> int:
    """12.3/12.7: a picked vehicle's men aboard, one small button each (a click or Tab
    picks him: the list narrows to the actions at him); returns the y below them."""
    aboard = aboard_of(view, table.picks.target)
    if not aboard:
        return y
    a = table.assets
    blit_text(surface, a, "Aboard:", 16, (x, y + ABOARD_H // 2), theme.MUTED, "midleft")
    left, top = x + 64, y
    for man in aboard:
        label = aboard_label(man)
        width = min(w - 64, a.text(label, 15, theme.TEXT).get_width() + 14)
        if left + width > x + w:
            left, top = x + 64, top + ABOARD_H + 3
        rect = pygame.Rect(left, top, width, ABOARD_H)
        picked = table.picks.target == man.id
        hover = rect.collidepoint(table.mouse)
        fill = (110, 90, 40) if picked else (72, 104, 84) if hover else (46, 70, 58)
        pygame.draw.rect(surface, fill, rect, border_radius=5)
        edge = theme.ACCENT if picked or hover else (120, 140, 126)
        pygame.draw.rect(surface, edge, rect, 1, border_radius=5)
        blit_fitted(surface, a, label, 15, rect.inflate(-8, 0), theme.TEXT, smallest=12)
        table.aboard_buttons.append((TableButton("", label, "", rect), man.id))
        left += width + 4
    return top + ABOARD_H + 6


def _draw_choice(
    table: FiveFiveSixTable,
    surface: pygame.Surface,
    button: TableButton,
    hover: bool,
    grey: bool = False,
) -> None:
    """A listed choice: its number key in a box, then what it does (fitted); ``grey``:
    an attack with no chance, greyed."""
    a, rect = table.assets, button.rect
    fill = GREY_FILL if grey else (72, 104, 84) if hover else (46, 70, 58)
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    edge = theme.ACCENT if hover else GREY_EDGE if grey else (120, 140, 126)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=6)
    key = pygame.Rect(rect.left + 4, rect.top + 4, rect.height - 8, rect.height - 8)
    pygame.draw.rect(surface, (236, 230, 212), key, border_radius=4)
    blit_text(surface, a, button.key, 18, key.center, theme.INK, "center")
    blit_fitted(
        surface,
        a,
        button.label,
        18,
        pygame.Rect(key.right + 8, rect.top, rect.right - key.right - 12, rect.height),
        GREY_TEXT if grey else theme.TEXT,
        smallest=13,
    )


def preview_lines(found: Preview) -> list[tuple[str, tuple[int, ...]]]:
    """The box before a roll: the title, each roll's TN with its modifiers, the roll's
    bonuses and the chance, then the chance of the whole action."""
    out: list[tuple[str, tuple[int, ...]]] = [(found.title, theme.ACCENT)]
    for roll in found.rolls:
        mods = ", ".join(tidy(line) for line in roll.tn_lines)
        bonus = " ".join(roll.bonuses)
        chance = percent(float(roll.chance))
        out.append(
            (f"{roll.purpose}: TN {roll.tn} = {mods}; roll D6 {bonus}: {chance}", theme.TEXT)
        )
    if found.overall is not None:
        out.append((f"Chance it {found.overall_text}: {percent(found.overall)}", theme.GOOD))
    if found.note:
        out.append((found.note, theme.MUTED))
    out += [(line, theme.BAD if "(friend)" in line else theme.TEXT) for line in found.blast]
    if found.ends:
        ends = ", ".join(f"{name} {percent(p)}" for name, p in found.ends if p > 0)
        out.append((f"{'How far' if not found.rolls else 'Each end'}: {ends}", theme.TEXT))
    return out


def draw_info_box(
    table: FiveFiveSixTable,
    surface: pygame.Surface,
    lines: list[tuple[str, tuple[int, ...]]],
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Lines in a box along the top of the board, or along the bottom when the top one
    would cover the pointer, the dice just rolled or more of ``avoid`` (the models acting
    and acted on); two rows allowed per line."""
    a, board = table.assets, table.board_rect
    width = board.width - 20
    heights = [2 if a.font(18).size(text)[0] > width - 20 else 1 for text, _ in lines]
    top = pygame.Rect(board.left + 10, board.top + 8, width, 12 + ROW * sum(heights))
    bottom = top.copy()
    bottom.bottom = board.bottom - 8

    def cost(box: pygame.Rect) -> int:
        dice = table.rolls.rect is not None and box.colliderect(table.rolls.rect)
        hits = sum(box.colliderect(r) for r in avoid)
        return 10 * box.collidepoint(table.mouse) + 5 * dice + hits

    box = top if cost(top) <= cost(bottom) else bottom
    key = (tuple(lines), box.size)
    picture = table.boxes.get(key)
    if picture is None:
        picture = pygame.Surface(box.size, pygame.SRCALPHA)
        panel(picture, picture.get_rect(), alpha=225)
        y = 6
        for (text, colour), h in zip(lines, heights, strict=True):
            blit_fitted(
                picture,
                a,
                text,
                18,
                pygame.Rect(10, y, box.width - 20, ROW * h),
                colour,
                lines=h,
                smallest=13,
            )
            y += ROW * h
        if len(table.boxes) > 16:
            table.boxes.clear()
        table.boxes[key] = picture
    surface.blit(picture, box)
    return box
