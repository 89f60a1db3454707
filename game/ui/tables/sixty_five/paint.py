"""Drawing the '65 table (see ``sixty_five/table.py``): the board with counters, highlights and
the line of sight, the hovered hex fanned out, the hand, the panel of choices and the
cards of the last Damage Draw turning over one by one."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.view import SixtyFiveView
from game.ui import theme
from game.ui.tables.sixty_five.art import (
    HIT_COLOURS,
    SEAT_COLOURS,
    draw_card,
    draw_counter,
)
from game.ui.tables.sixty_five.choices import (
    describe,
    is_strike,
    narrowed,
    unit_name,
    window_text,
)
from game.ui.tables.sixty_five.forts import (
    draw_fortifications,
    draw_foxholes,
    fortification_text,
)
from game.ui.tables.sixty_five.goals import draw_goals
from game.ui.tables.sixty_five.helicopters import draw_blind_spots, sight
from game.ui.tables.sixty_five.kept import draw_kept_panel
from game.ui.tables.sixty_five.list import Header
from game.ui.tables.sixty_five.marks import (
    STRIKE,
    STRUCK,
    draw_edges,
    draw_strike,
    long_names,
    rules_lines,
)
from game.ui.tables.sixty_five.relics import (
    draw_relic_hexes,
    draw_relic_tags,
    relics_text,
)
from game.ui.tables.sixty_five.vehicles import draw_front_arc, draw_stack, draw_wreck
from game.ui.toolkit.effects import Effect
from game.ui.widgets import TableButton, blit_fitted, blit_text, panel

if TYPE_CHECKING:
    from game.ui.tables.sixty_five.table import SixtyFiveTable

LOS_CLEAR = (110, 220, 120)
LOS_BLOCKED = (230, 70, 60)
SMOKE = (200, 200, 200, 150)
RAIN = (70, 110, 170, 40)  # 18r: the Sudden Downpour's wash over the board
MOVE_FILL = (90, 170, 255, 80)
TARGET_EDGE = (255, 120, 40)
CARD_HEAD = (226, 196, 120)  # a card's name above the plays that spend it
FAN = 56  # pixels of a counter when a stack is fanned out


@dataclass
class DrawnCard(Effect):
    """A card of the Damage Draw turning over (shown one after another)."""

    card: str = ""
    hit: bool = False


@dataclass
class Banner(Effect):
    """A clear moment: a new turn or phase, the end of the game."""

    text: str = ""


def phase_name(phase: str) -> str:
    """A phase as the table reads it out: ``clean_up`` -> "clean-up", ``setup`` ->
    "set-up"."""
    return {"setup": "set-up"}.get(phase, phase.replace("_", "-"))


def paint(table: SixtyFiveTable, surface: pygame.Surface, view: SixtyFiveView) -> None:
    surface.fill(theme.BG, table.rect)
    clip = surface.get_clip()
    surface.set_clip(table.board_rect.clip(clip))  # a zoomed board stays in its area
    hovered = _board(table, surface, view)
    surface.set_clip(clip)
    _info(table, surface, view)
    _hand(table, surface, view)
    pending = sum(1 for e in table.fx.of_type(DrawnCard) if not e.started)
    draw_kept_panel(table, surface, view, _panel, pending)
    if table.dragging and table.held is not None:
        rect = pygame.Rect(0, 0, 96, 140)
        rect.center = table.mouse
        draw_card(
            surface, table.assets, rect, table.data, table.data.card(table.held[0]), picked=True
        )
    elif hovered is not None and not table.hover_hidden:
        _hover(table, surface, view, hovered)
    for banner in table.fx.of_type(Banner)[-1:]:
        box = pygame.Rect(0, 0, min(520, table.board_rect.width - 40), 56)
        box.center = table.board_rect.center
        panel(surface, box, alpha=235)
        blit_fitted(surface, table.assets, banner.text, 30, box.inflate(-20, -10), theme.ACCENT)
    if table.notice:
        box = pygame.Rect(
            table.board_rect.left + 10,
            table.board_rect.bottom - 38,
            table.board_rect.width - 20,
            30,
        )
        panel(surface, box, alpha=225)
        blit_fitted(surface, table.assets, table.notice, 20, box.inflate(-16, -6), theme.TEXT)


def _overlay(table: SixtyFiveTable, view: SixtyFiveView, acting: bool) -> pygame.Surface:
    """The see-through layer over the maps: the Downpour's wash (18r), Smoke, foxholes
    (23a) and, for the player to act, the hexes the picks may move to."""
    pic = table.picture
    assert pic is not None
    overlay = pygame.Surface(table.board_rect.size, pygame.SRCALPHA)
    if view.visibility is not None:
        overlay.fill(RAIN)  # 18r: the downpour washes the board; drawn over below
    off = table.board_rect.topleft

    def local(pts: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [(x - off[0], y - off[1]) for x, y in pts]

    for hex_id, _level in view.smoke:
        centre = pic.centre(hex_id)
        pygame.draw.circle(
            overlay, SMOKE, (centre[0] - off[0], centre[1] - off[1]), round(pic.hex_size() * 0.42)
        )
    draw_foxholes(overlay, pic, view, off)  # 23a: an earth rim; counters hide the middle
    if acting:
        for hex_id in table.targets(view):
            if not any(u.seat != view.seat for u in table.counters_in(view, hex_id)):
                pygame.draw.polygon(overlay, MOVE_FILL, local(pic.outline(hex_id)))
    return overlay


def _marks(
    table: SixtyFiveTable,
    surface: pygame.Surface,
    view: SixtyFiveView,
    acting: bool,
    picked: Counter | None,
) -> None:
    """What stands on the maps: fortifications, relic hexes, map edges, the enemies the
    picks may fire at, building control, wrecks, the picked unit's arc or blind spots,
    the counters, objectives and the picked unit's hex."""
    pic = table.picture
    assert pic is not None
    if table._ground is not None and view.fortifications:
        draw_fortifications(surface, pic, table._ground, view)  # 23: wire, bunkers, rubble
    draw_relic_hexes(surface, pic, view)  # scenario 8: searched hexes, fallen relics
    if table._ground is not None and view.edges:
        draw_edges(surface, pic, table._ground, view)
    if acting:
        for hex_id in table.targets(view):
            if any(u.seat != view.seat for u in table.counters_in(view, hex_id)):
                pygame.draw.polygon(surface, TARGET_EDGE, pic.outline(hex_id), 3)
    for hex_id, seat in view.control:
        if table._ground is not None and table._ground.terrain(hex_id).id == "building":
            x, y = pic.centre(hex_id)
            r = max(4, round(pic.hex_size() * 0.09))
            at = (x + round(pic.hex_size() * 0.36), y + round(pic.hex_size() * 0.22))
            pygame.draw.circle(surface, SEAT_COLOURS[seat], at, r)
            pygame.draw.circle(surface, theme.INK, at, r, 1)
    size = max(24, round(pic.hex_size() * 0.66))
    for hex_id in view.wrecks:  # 9: under the counters
        draw_wreck(surface, pic, hex_id)
    if picked is not None and picked.type.facing and table._ground is not None:
        if picked.mode is None:
            draw_front_arc(surface, pic, table._ground, picked)  # 15d
        else:
            draw_blind_spots(surface, pic, table.ground(view), picked)  # 17d
    stacks: dict[str, list[Counter]] = {}
    for u in view.units:
        if u.hex is not None and not u.eliminated:
            stacks.setdefault(u.hex, []).append(u)
    for members in stacks.values():
        draw_stack(surface, table.assets, pic, table._ground, members, size)
    draw_relic_tags(surface, table.assets, pic, view)  # scenario 8: hexes to search, RELICS
    if table._ground is not None:
        draw_goals(surface, table.assets, pic, view, table._ground)  # 24: named goals
    if picked is not None and picked.hex is not None:
        pygame.draw.polygon(surface, (255, 255, 255), pic.outline(picked.hex), 3)


def _board(table: SixtyFiveTable, surface: pygame.Surface, view: SixtyFiveView) -> str | None:
    pic = table.picture
    if pic is None:
        return None
    off = table.board_rect.topleft
    acting = table.acting(view)
    units = {u.id: u for u in view.units}
    picked = units.get(table.picks.unit or "") if acting else None
    key = (pic, table.picks, acting, pic.scale, pic.camera.shift, table.board_rect.size)
    area = table.board_rect.clip(surface.get_rect())
    known = table.overlay
    if known is None or known[0] is not view or known[1] != key:
        pic.draw(surface, table.assets)
        surface.blit(_overlay(table, view, acting), off)
        _marks(table, surface, view, acting, picked)
        known = (view, key, surface.subsurface(area).copy())
        table.overlay = known  # the board as drawn so far, kept while nothing changes
    else:
        surface.blit(known[2], area.topleft)
    hovered = pic.hex_at(table.mouse) if table.board_rect.collidepoint(table.mouse) else None
    _strikes(table, surface, view, hovered)
    if (
        hovered is not None
        and picked is not None
        and picked.hex is not None
        and hovered != picked.hex
    ):
        ground = table.ground(view)
        clear = sight(ground, picked, hovered, view.units)  # 14, 17d
        pygame.draw.line(
            surface,
            LOS_CLEAR if clear else LOS_BLOCKED,
            pic.centre(picked.hex),
            pic.centre(hovered),
            3,
        )
    return hovered


def _hover(
    table: SixtyFiveTable, surface: pygame.Surface, view: SixtyFiveView, hex_id: str
) -> None:
    """A box by the pointer: the hex, its terrain and its stack fanned out large; with a
    unit picked, the range, the sight and the Damage Draw's chances."""
    a = table.assets
    ground = table.ground(view)
    t = ground.terrain(hex_id)
    stack = table.counters_in(view, hex_id)
    lines = [
        f"{hex_id}: {t.name}, cover {ground.cover(hex_id)}"
        + (", smoke" if hex_id in dict(view.smoke) else "")
        + fortification_text(view, ground, hex_id)
        + relics_text(view, hex_id)
    ]
    units = {u.id: u for u in view.units}
    picked = units.get(table.picks.unit or "")
    fire = table.hover_fire(view, hex_id) if table.acting(view) else None
    shooters = table.hover_shooters(view, hex_id) if table.acting(view) else []
    if picked is not None and picked.hex is not None and picked.hex != hex_id:
        where = ""
        if fire is not None and isinstance(fire[0], Play) and fire[0].path:
            picked = replace(picked, hex=fire[0].path[-1])  # 18j: from where it stops
            where = f" from {picked.hex}"
        assert picked.hex is not None
        seen = sight(ground, picked, hex_id, view.units)  # 14, 17d
        said = "in sight" if seen else "no line of sight"
        lines.append(
            f"{unit_name(units, picked.id)}: range {ground.distance(picked.hex, hex_id)}"
            f"{where}, {said}"
        )
    if fire is not None:
        lines.append(fire[1])
    lines += shooters  # nothing picked: each unit that may fire here, with its odds
    bunker = table.hover_bunker_shot(view, hex_id) if table.acting(view) else None
    if bunker is not None:
        lines.append(bunker)  # 23b: the bunker itself as a hard target
    if table.strike_line:
        lines.append(table.strike_line)
    wide = fire is not None or bunker is not None or bool(table.strike_line) or bool(shooters)
    width = max(420 if wide else 280, min(460, FAN * len(stack) + 20))
    if bunker is not None:
        width = 560  # 23b: the bunker's odds line is the longest
    height = 12 + 22 * len(lines) + (FAN + 30 if stack else 0)
    box = pygame.Rect(0, 0, width, height)
    box.topleft = (table.mouse[0] + 18, table.mouse[1] + 18)
    box.clamp_ip(table.rect)
    if box.collidepoint(table.mouse):
        box.bottom = table.mouse[1] - 12
        box.clamp_ip(table.rect)
    panel(surface, box, alpha=240)
    y = box.top + 6
    for line in lines:
        blit_fitted(
            surface, a, line, 18, pygame.Rect(box.left + 8, y, box.width - 16, 20), theme.TEXT
        )
        y += 22
    x = box.left + 10
    for u in stack:
        rect = pygame.Rect(x, y + 4, FAN - 8, FAN - 8)
        draw_counter(surface, a, rect, u)
        blit_fitted(
            surface,
            a,
            unit_name(units, u.id),
            14,
            pygame.Rect(x - 2, rect.bottom + 10, FAN - 4, 14),
            theme.TEXT,
        )
        x += FAN


def _strikes(
    table: SixtyFiveTable, surface: pygame.Surface, view: SixtyFiveView, hovered: str | None
) -> None:
    """12: with a strike listed for the picks, the one over the hovered hex (else the
    first) with each hex's cards; otherwise the last strike, until the next fire."""
    pic = table.picture
    assert pic is not None
    table.strike_line = ""
    if table.acting(view) and table.picks.card is not None:
        strikes = [a for a in narrowed(view, table.picks) if is_strike(a)]
        over = [a for a in strikes if hovered in (getattr(a, "path", None) or ())]
        chosen = (over or strikes)[:1]
        for action in chosen:
            answer = table.explained(view, action)
            hexes = tuple(getattr(action, "path", None) or ())
            draws: tuple[int, ...] | None = None
            if answer is not None:
                draws = tuple(int(answer.numbers[h]["damage_draw"]) for h in hexes)
                each = ", ".join(f"{h} {n}" for h, n in zip(hexes, draws, strict=True))
                what = "AC-47" if getattr(action, "block", "") == "puff" else "Artillery"
                table.strike_line = f"{what}: cards per hex {each}"
            draw_strike(surface, table.assets, pic, hexes, draws, STRIKE)
        if chosen:
            return
    if table.last_strike:
        struck, counts = table.last_strike
        draw_strike(surface, table.assets, pic, struck, counts, STRUCK)


def _info(table: SixtyFiveTable, surface: pygame.Surface, view: SixtyFiveView) -> None:
    """Above the hand: how the game stands against the scenario (the view's progress
    lines: the turn, the victory points and what wins, each objective), the draw pile
    and the other hand; then each Bonus Victory Condition card and who may leave the
    map (24, 24b)."""
    r = table.hand_rect
    for i, (text, colour, size) in enumerate(info_lines(view)):
        rect = pygame.Rect(r.left, r.top + 20 * i, r.width, 20)
        blit_fitted(surface, table.assets, text, size, rect, colour)


InfoLine = tuple[str, tuple[int, int, int], int]
_INFO: list[tuple[SixtyFiveView, list[InfoLine]]] = []  # the last view's lines


def info_lines(view: SixtyFiveView) -> list[InfoLine]:
    """The lines above the hand, each with its colour and size: the progress lines (the
    turn beside the deck, the victory points beside what wins), then the rules lines
    (worked out once per view: a frame asks twice)."""
    if _INFO and _INFO[0][0] is view:
        return _INFO[0][1]
    lines = _info_lines(view)
    _INFO[:] = [(view, lines)]
    return lines


def _info_lines(view: SixtyFiveView) -> list[InfoLine]:
    progress = list(view.progress())
    other = 1 - view.seat if view.seat is not None else 1
    cards = f"Deck {view.draw_pile_size} · {long_names(view)[other]} hand {view.hand_sizes[other]}"
    lines: list[tuple[str, tuple[int, int, int], int]] = [
        (f"{progress[0]} · {cards}", theme.TEXT, 19)
    ]
    joined = " · ".join(progress[1:3])
    if len(joined) <= 72:  # the victory points and what wins on one line when they fit
        lines.append((joined, theme.ACCENT, 19))
    else:
        lines += [(line, theme.ACCENT, 19) for line in progress[1:3]]
    lines += [(line, theme.TEXT, 17) for line in progress[3:]]
    lines += [(line, theme.MUTED, 17) for line in rules_lines(view)]
    return lines


def info_height(view: SixtyFiveView) -> int:
    """Pixels the lines above the hand take."""
    return 20 * len(info_lines(view)) + 6


def _hand(table: SixtyFiveTable, surface: pygame.Surface, view: SixtyFiveView) -> None:
    r = table.hand_rect
    table.hand_rects = []
    top = r.top + info_height(view)
    if view.seat is None:
        blit_text(
            surface,
            table.assets,
            "Spectating: the hands are hidden.",
            20,
            (r.left, top),
            theme.MUTED,
        )
        return
    who = long_names(view)[view.seat]
    cards = list(view.hand)
    if not cards:
        blit_text(
            surface, table.assets, f"{who}: no cards in hand.", 20, (r.left, top), theme.MUTED
        )
        return
    n = len(cards)
    h = min(r.bottom - top - 6, 210)
    w = round(h * 0.66)
    if n <= 4:  # side by side, overlapping a little rather than narrower than 132
        w = min(w, max(132, (r.width - 10 * (n - 1)) // n))
    step = min(w + 10, (r.width - w) // max(1, n - 1)) if n > 1 else w
    hover_i = None
    rects = []
    for i, _card in enumerate(cards):
        rect = pygame.Rect(r.left + i * step, top, w, h)
        rects.append(rect)
        if rect.collidepoint(table.mouse):
            hover_i = i
    for i, card in enumerate(cards):
        if i == hover_i:
            continue
        _one_card(table, surface, view, rects[i], card, hover=False)
    if hover_i is not None:
        _one_card(table, surface, view, rects[hover_i], cards[hover_i], hover=True)
    # later cards lie over earlier ones: a click goes to the topmost
    order = list(range(len(cards)))
    if hover_i is not None:
        order.remove(hover_i)
        order.append(hover_i)
    table.hand_rects = [(rects[i], cards[i]) for i in reversed(order)]


def _one_card(
    table: SixtyFiveTable,
    surface: pygame.Surface,
    view: SixtyFiveView,
    rect: pygame.Rect,
    card: str,
    *,
    hover: bool,
) -> None:
    lifted = rect.move(0, -8) if card == table.picks.card else rect
    picked, support = card == table.picks.card, card in table.supports
    key = (card, rect.size, picked, support, hover)
    face = table.card_faces.get(key)
    if face is None:  # drawn once per look: the hand is drawn every frame
        face = pygame.Surface((rect.width + 3, rect.height + 3), pygame.SRCALPHA)
        draw_card(
            face, table.assets, pygame.Rect(0, 0, *rect.size), table.data,
            table.data.card(card), picked=picked, support=support, hover=hover,
        )  # fmt: skip
        if len(table.card_faces) >= 64:
            table.card_faces.clear()
        table.card_faces[key] = face
    surface.blit(face, lifted)


ROW = 27  # pixels from one row of the list to the next


def _list_top(table: SixtyFiveTable, view: SixtyFiveView) -> int:
    """Where the list's heading line goes: below the seat's line, the Downpour, the last
    Damage Draw and the open decision's question (as ``_panel`` draws them)."""
    r = table.panel_rect
    y = r.top + 30 + (20 if view.visibility is not None else 0)
    if table.last_draw or table.last_fire:
        y += 72
    asks = window_text(view)
    if asks is not None:
        y += 20 * len(table.assets.wrap(asks, 18, r.width - 12)[:2])
    return y


def list_rows(table: SixtyFiveTable, view: SixtyFiveView) -> int:
    """How many rows of the list (headers and entries) fit in the panel."""
    return (table.action_rect.top - 4 - (_list_top(table, view) + 22)) // ROW


def list_head(table: SixtyFiveTable, view: SixtyFiveView) -> str:
    """The line above the list: what to pick, or how many choices and which page."""
    listed = table.listed(view)
    units = {u.id: u for u in view.units}
    if table.picks.unit is not None:
        who = unit_name(units, table.picks.unit)
        head = f"{who}: {len(listed)} choice{'s' * (len(listed) != 1)}, 1-9 or click"
    elif listed:
        head = f"{len(listed)} choice{'s' * (len(listed) != 1)}: 1-9 or click; or pick a unit"
    else:
        head = "Pick a unit on the board (Tab: the next), or a card"
    pages = len(table.pages(view))
    if pages > 1:
        head += f" (page {table.page + 1} of {pages}, PgDn)"
    return head


def _panel(table: SixtyFiveTable, surface: pygame.Surface, view: SixtyFiveView) -> None:
    a, r = table.assets, table.panel_rect
    table.buttons = []
    panel(surface, r.inflate(8, 4), alpha=200)
    x, y, w = r.left + 6, r.top + 4, r.width - 12
    seat = view.current_player
    who = long_names(view)[seat] if seat is not None else "Game over"
    colour = SEAT_COLOURS[seat] if seat is not None else theme.TEXT
    doing = "answering" if view.window is not None else phase_name(view.phase)  # a window
    blit_fitted(surface, a, f"{who}: {doing}", 22, pygame.Rect(x, y, w, 24), colour)
    y += 26
    if view.visibility is not None:  # 18r
        rain = f"Downpour: sight {view.visibility} hexes, range bonus only adjacent"
        blit_fitted(surface, a, rain, 16, pygame.Rect(x, y, w, 18), theme.ACCENT)
        y += 20
    y = _damage_draw(table, surface, x, y, w)
    if not table.acting(view):
        if seat is not None:
            line = table.to_act_line(who) if table.watching else f"Waiting for the {who}."
            blit_fitted(surface, a, line, 18, pygame.Rect(x, y, w, 20), theme.MUTED)
        return
    asks = window_text(view)
    if asks is not None:
        for line in a.wrap(asks, 18, w)[:2]:
            blit_text(surface, a, line, 18, (x, y), theme.ACCENT)
            y += 20
    blit_fitted(surface, a, list_head(table, view), 17, pygame.Rect(x, y, w, 20), theme.MUTED)
    y += 22
    number = 0
    for row in table.rows(view):
        if isinstance(row, Header):
            blit_fitted(surface, a, row.text, 17, pygame.Rect(x + 4, y + 4, w - 8, 20), CARD_HEAD)
            y += ROW
            continue
        number += 1
        rect = pygame.Rect(x, y, w, 24)
        button = TableButton(str(number), "", str(number), rect, enabled=not row.hopeless)
        button.draw(surface, a, hover=rect.collidepoint(table.mouse))  # greyed: no chance
        colour = theme.TEXT if not row.hopeless else theme.MUTED
        text_box = pygame.Rect(x + 8, y + 1, w - 44, 22)  # left of the key's badge
        blit_fitted(surface, a, row.text, 18, text_box, colour, lines=2, smallest=13)
        table.buttons.append((replace(button, label=row.text, enabled=True), row.action))
        y += ROW
    general = table.general_actions(view)
    if general:
        bw = (table.action_rect.width - 6 * (len(general) - 1)) // len(general)
        for i, action in enumerate(general):
            rect = pygame.Rect(
                table.action_rect.left + i * (bw + 6),
                table.action_rect.top,
                bw,
                table.action_rect.height,
            )
            label = describe(action, view, table.data, table._ground)
            key = {"draw": "D", "pass": "P", "redraw": "R"}.get(action.to_str(), "E")
            button = TableButton(key, label, key, rect)
            button.draw(surface, a, hover=rect.collidepoint(table.mouse))
            table.buttons.append((button, action))


def _damage_draw(table: SixtyFiveTable, surface: pygame.Surface, x: int, y: int, w: int) -> int:
    """The last fire and its Damage Draw: each card shown once its turn has come."""
    if not table.last_draw and not table.last_fire:
        return y
    waiting = {id(e) for e in table.fx.of_type(DrawnCard) if not e.started}
    pending = len(waiting)
    blit_fitted(surface, table.assets, table.last_fire, 17, pygame.Rect(x, y, w, 20), theme.ACCENT)
    y += 22
    shown = table.last_draw[: len(table.last_draw) - pending]
    cx = x
    for card, hit in shown[:9]:
        rect = pygame.Rect(cx, y, 32, 44)
        face = table.data.card(card)
        pygame.draw.rect(surface, (244, 238, 220), rect, border_radius=4)
        edge = HIT_COLOURS[face.hit] if face.hit is not None else (90, 80, 60)
        pygame.draw.rect(surface, edge, rect, 3, border_radius=4)
        word = "HIT" if hit else "-"
        blit_fitted(
            surface,
            table.assets,
            word,
            15,
            rect.inflate(-4, -8),
            (180, 40, 30) if hit else theme.INK,
        )
        cx += 36
    hits = sum(1 for _, hit in shown if hit)
    summary = f"{hits} hit{'s' * (hits != 1)}"
    if table.ap_result is not None and not pending:
        summary = table.ap_result  # 15: the AP shot's outcome once both cards are shown
    if shown:
        blit_fitted(
            surface,
            table.assets,
            summary,
            17,
            pygame.Rect(cx + 4, y + 12, x + w - cx - 4, 20),
            theme.TEXT,
        )
    return y + 50
