"""The side column of the Transformers Skirmish table: turn, phase, what to do, the other
hand (face down), both forces, the robot or card under the pointer, the buttons, and the
defender's prompt when an attack waits for an answer. Drawing only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.api import Action
from game.rules.transformers_skirmish import odds as ts_odds
from game.rules.transformers_skirmish.events import SIDE_NAMES, Phase
from game.rules.transformers_skirmish.view import SkirmishView, UnitView
from game.ui import theme
from game.ui.tables.transformers_skirmish.art import card_line
from game.ui.toolkit.odds import draw_odds, odds_height
from game.ui.widgets import TableButton, blit_text, panel

if TYPE_CHECKING:
    from game.ui.tables.transformers_skirmish.table import TransformersTable

STEPS = ((Phase.ORDERS, "Orders"), (Phase.MOVE, "Move"), (Phase.FIRE, "Fire"))
SIDE_TEXT = ((240, 120, 108), (190, 150, 240))  # readable tints of the faction colours


def instruction(view: SkirmishView, card: str | None, unit: str | None) -> str:
    """What the viewer should do now, in one or two sentences."""
    if view.outcome is not None:
        return "The game is over."
    if view.seat is None:
        return "Two computer players are at the table."
    if not view.legal_actions:
        if view.phase is Phase.DEFEND and view.current_player is not None:
            return f"Waiting for the {SIDE_NAMES[view.current_player]} to answer your attack."
        if view.current_player is not None:
            return f"The {SIDE_NAMES[view.current_player]} are playing."
        return ""
    name = view.catalog.card(card).name if card else None
    if view.phase is Phase.SETUP:
        n = view.catalog.numbers
        own = [u for u in view.units if u.seat == view.seat]
        placed = sum(u.square is not None for u in own)
        minicons = sum(u.minicon for u in own)
        air = sum(u.kind == "air" for u in own)
        return (
            "Deploy: pick a robot (click or Tab), then a blue square of your back row; "
            "pick a placed robot for I (Minicon), A (air) or G (ground). R: the rest at "
            f"random. Placed {placed} of {len(own)}, Minicons {minicons} of {n.minicons}, "
            f"air {air} of {n.air_units}."
        )
    if view.phase is Phase.ORDERS:
        if name:
            return f"{name}: click it again or press Enter (Repairs: click a damaged robot)."
        return "Orders: play Tactics or Repairs if you have them, or press Space to move on."
    if view.phase is Phase.DISCARD:
        extra = len(view.hand or ()) - view.catalog.numbers.hand_limit
        return f"Hand limit {view.catalog.numbers.hand_limit}: discard {extra} more card" + (
            "s." if extra > 1 else "."
        )
    if view.phase is Phase.MOVE:
        if not name:
            return "Move: pick a Move card (1-5), a robot (Tab), then a blue square. Space skips."
        if not unit:
            return f"{name}: pick a robot with a yellow frame, or F to move all forward."
        return f"{name}: click a blue square (or arrows and Enter)."
    if view.phase is Phase.FIRE:
        if not name:
            return "Fire: pick an Attack card, the attacker, then an enemy. Space ends the turn."
        if not unit:
            return f"{name}: pick the attacker (yellow frame) or click a red enemy."
        return f"{name}: click the enemy to hit."
    if view.phase is Phase.DEFEND:
        return "Defend with a Defense card (its number, then Enter) or take the hit (T)."
    return ""


def unit_lines(u: UnitView) -> list[str]:
    rank = {"leader": "leader", "officer": "officer", "trooper": "trooper"}[u.rank.value]
    kind = {"air": "air type", "ground": "ground type"}.get(u.kind or "", "type not chosen")
    minicon = ", Minicon" if u.minicon else ""
    where = "" if u.square is None else f" on {'abcdefgh'[u.square[0]]}{u.square[1] + 1}"
    return [
        f"{u.name}{where}",
        f"{SIDE_NAMES[u.seat]} {rank}, {kind}{minicon}",
        f"Hits {u.hits} of {u.max_hits}",
    ]


def draw_column(
    surface: pygame.Surface,
    table: TransformersTable,
    view: SkirmishView,
    buttons: Sequence[tuple[TableButton, Callable[[], Action | None]]],
    hover_unit: UnitView | None,
) -> None:
    a = table.assets
    col = table.column
    bottom = (min(b.rect.top for b, _ in buttons) if buttons else col.bottom) - 10
    tray = table.tray(view)
    if tray:
        bottom = min(r.top for _u, r in tray) - 34
        label_y = min(r.top for _u, r in tray) - 6
        blit_text(
            surface,
            table.assets,
            "Robots to deploy:",
            20,
            (col.left, label_y),
            theme.MUTED,
            "bottomleft",
        )
        for unit, rect in tray:
            pygame.draw.rect(surface, (34, 40, 40), rect, border_radius=6)
            edge = (255, 255, 255) if unit.id == table.sel_unit else (255, 214, 90)
            pygame.draw.rect(surface, edge, rect, 2 if unit.id != table.sel_unit else 4, 6)
            token = table.board.token(unit)
            if token.get_width() != rect.width:
                token = pygame.transform.smoothscale(token, rect.size)
            surface.blit(token, rect)
    big = max(24, min(34, col.height // 14))
    text = max(19, min(24, col.height // 20))
    x, y = col.left, col.top
    # Turn and side.
    side = view.active
    if view.phase is Phase.SETUP:
        head = "Setup"
    elif view.phase is Phase.OVER:
        head = "Game over"
    else:
        head = f"Turn {view.turn}"
    r = blit_text(surface, a, head, big, (x, y), theme.TEXT)
    if view.phase is not Phase.OVER:
        blit_text(surface, a, f"  {SIDE_NAMES[side]}", big, (r.right, y), SIDE_TEXT[side])
    y = r.bottom + 6
    # Phase steps.
    px = x
    for phase, label in STEPS:
        now = view.phase is phase or (phase is Phase.ORDERS and view.phase is Phase.DISCARD)
        colour = theme.ACCENT if now else theme.MUTED
        rr = blit_text(surface, a, label, text, (px, y), colour)
        if now:
            pygame.draw.line(surface, theme.ACCENT, rr.bottomleft, rr.bottomright, 2)
        px = rr.right + 18
    if view.phase is Phase.DEFEND:
        rr = blit_text(surface, a, "Defence", text, (px, y), theme.BAD)
        pygame.draw.line(surface, theme.BAD, rr.bottomleft, rr.bottomright, 2)
    y += text + 10
    # The defender's prompt.
    if view.phase is Phase.DEFEND and view.pending is not None:
        y = _prompt(surface, table, view, y, text)
    # What to do.
    card = table._card(view)
    what = instruction(view, card, table.sel_unit)
    if table.watching and view.outcome is None and view.current_player is not None:
        what = table.to_act_line(SIDE_NAMES[view.current_player])  # a replay: no hints
    for line in a.wrap(what, text, col.width):
        if y + text > bottom:
            break
        blit_text(surface, a, line, text, (x, y), theme.TEXT)
        y += text
    if table.notice:
        for line in a.wrap(table.notice, text, col.width):
            if y + text > bottom:
                break
            blit_text(surface, a, line, text, (x, y + 4), theme.BAD)
            y += text
        y += 4
    y += 8
    # Hands face down and the forces.
    small = max(17, text - 3)
    progress = view.progress()  # one line per side, then any others
    for seat in (0, 1) if view.phase is not Phase.SETUP else ():
        if y + small * 2 > bottom:
            break
        rr = blit_text(surface, a, progress[seat], small, (x, y), SIDE_TEXT[seat])
        if seat != view.seat:
            n = view.hand_sizes[seat]
            h = max(22, small + 8)
            backs = table.hand.draw_backs(surface, view.catalog, n, (x, rr.bottom + 4), h)
            table.backs_rects[seat] = pygame.Rect(x, rr.bottom + 4, h * 120 // 168, h)
            blit_text(
                surface,
                a,
                f"{SIDE_NAMES[seat]} hold {n} card{'s' * (n != 1)}",
                small,
                (backs.right + 10 if n else x, backs.centery),
                theme.MUTED,
                "midleft",
            )
            y = backs.bottom + 8
        else:
            y = rr.bottom + 6
    for line in progress[2:] if view.phase is not Phase.SETUP else ():
        if y + small > bottom:
            break
        y = blit_text(surface, a, line, small, (x, y), theme.ACCENT).bottom + 6
    # The robot under the pointer, else the chosen card.
    lines: list[str] = []
    if hover_unit is not None:
        lines = unit_lines(hover_unit)
    elif card is not None:
        spec = view.catalog.card(card)
        lines = [spec.name, card_line(spec)]
    if lines and y + 12 + small * len(lines) <= bottom:
        box = pygame.Rect(x, y + 4, col.width, small * len(lines) + 14)
        panel(surface, box, alpha=200, radius=8)
        for i, line in enumerate(lines):
            colour = theme.ACCENT if i == 0 else theme.TEXT
            blit_text(surface, a, line, small, (box.left + 10, box.top + 7 + small * i), colour)
        y = box.bottom + 4
    if table.aimed is not None:
        _attack_odds(surface, table, view, table.aimed, pygame.Rect(x, y + 4, col.width, 0), bottom)
    for button, _make in buttons:
        button.draw(surface, a, hover=button.rect.collidepoint(table.mouse))


def _attack_odds(
    surface: pygame.Surface,
    table: TransformersTable,
    view: SkirmishView,
    action: Action,
    rect: pygame.Rect,
    bottom: int,
) -> None:
    """The odds prompt (toolkit) for the attack under the pointer: the rules
    calculator's exact chances that the defender can cancel it and of the hit, from
    what this seat knows (``odds.explain`` on the view). Shown where the column has room
    above the buttons."""
    answer = ts_odds.explain(view, action)
    outcomes = list(answer.outcomes.items())
    rect.height = odds_height(outcomes)
    if rect.bottom > bottom:
        return
    target = view.unit(str(answer.numbers.get("target", "")))
    draw_odds(surface, table.assets, rect, f"Attack {target.name}: the odds", outcomes)


def _prompt(
    surface: pygame.Surface, table: TransformersTable, view: SkirmishView, y: int, size: int
) -> int:
    """The attack waiting for an answer, in a red-edged box."""
    a = table.assets
    assert view.pending is not None
    att, tgt = view.unit(view.pending.attacker), view.unit(view.pending.target)
    spec = view.catalog.card(view.pending.card)
    lines = [f"{att.name} attacks {tgt.name}", f"with {spec.name} (range {spec.range})."]
    if view.seat == 1 - view.active:
        lines.append(f"{tgt.name} has {tgt.hits} hit{'s' * (tgt.hits != 1)} left.")
    wrapped = [w for line in lines for w in a.wrap(line, size, table.column.width - 20)]
    box = pygame.Rect(table.column.left, y, table.column.width, size * len(wrapped) + 16)
    panel(surface, box, fill=(48, 20, 18), edge=theme.BAD, alpha=235, radius=8)
    for i, line in enumerate(wrapped):
        blit_text(surface, a, line, size, (box.left + 10, box.top + 8 + size * i), theme.TEXT)
    return box.bottom + 8
