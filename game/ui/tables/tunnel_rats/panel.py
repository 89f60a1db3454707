"""The Tunnel Rats side column.

Top to bottom: the round and both sides' action points (whose point it is), the
selected figure's character and gun cards (a defender's weapon table instead), the
prompt (what is proposed, with its odds before any roll), and the action buttons with
their keys. (The roll panel over the map is the toolkit's: :mod:`game.ui.toolkit.rolls`.)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.data import STANCES
from game.rules.tunnel_rats.figures import Enemy, Rat
from game.rules.tunnel_rats.view import TRView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.tables.tunnel_rats import art
from game.ui.tables.tunnel_rats.legend import draw_legend, legend_rows
from game.ui.widgets import TableButton, blit_text, panel

PROGRESS_LINES = 3  # lines under the action points for ``view.progress()`` (after the round)
PROGRESS_ROW = 18

# (command, label, key shown). Commands are interpreted by the table.
BUTTONS: tuple[tuple[str, str, str], ...] = (
    ("stance:running", "Run", "R"),
    ("stance:crouching", "Crouch", "O"),
    ("stance:crawling", "Crawl", "A"),
    ("fire", "Fire", "F"),
    ("melee", "Close combat", "C"),
    ("search", "Search", "S"),
    ("trap", "Disarm trap", "T"),
    ("dress", "Dress wound", "D"),
    ("reload", "Reload", "L"),
    ("enter", "Go through", "E"),
    ("next", "Next figure", "Tab"),
    ("forfeit", "Pass point", "X"),
)


@dataclass
class Prompt:
    """The text under the cards: a headline, its detail lines and the colour; ``sight``
    the enemies in sight, drawn as a row of names that pan the map to them."""

    title: str
    lines: tuple[str, ...] = ()
    colour: tuple[int, int, int] = theme.TEXT
    sight: tuple[str, ...] = ()


class SidePanel:
    """Geometry and drawing of the column; ``buttons`` hold their command names."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self.rect = pygame.Rect(0, 0, 280, 600)
        self.buttons: list[tuple[TableButton, str]] = []
        self.points_rect = pygame.Rect(0, 0, 0, 0)
        self.cards_rect = pygame.Rect(0, 0, 0, 0)
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons_rect = pygame.Rect(0, 0, 0, 0)
        self.sight_chips: list[tuple[pygame.Rect, str]] = []  # the "In sight" names

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        r = self.rect
        pad = 6
        bh = 34 if r.height >= 600 else 30
        rows = 1 + (len(BUTTONS) - 3 + 1) // 2
        buttons_h = rows * bh + (rows - 1) * pad
        self.points_rect = pygame.Rect(
            r.left, r.top, r.width, 78 + PROGRESS_LINES * PROGRESS_ROW + 4
        )
        self.buttons_rect = pygame.Rect(r.left, r.bottom - buttons_h, r.width, buttons_h)
        free = self.buttons_rect.top - self.points_rect.bottom - 3 * pad
        prompt_h = max(96 if r.height >= 500 else 78, min(150, int(free / 2.4)))
        self.prompt_rect = pygame.Rect(
            r.left, self.buttons_rect.top - pad - prompt_h, r.width, prompt_h
        )
        self.cards_rect = pygame.Rect(
            r.left,
            self.points_rect.bottom + pad,
            r.width,
            self.prompt_rect.top - pad - self.points_rect.bottom - pad,
        )
        self.buttons = []
        third = (r.width - 2 * pad) // 3
        half = (r.width - pad) // 2
        y = self.buttons_rect.top
        for i, (cmd, label, key) in enumerate(BUTTONS[:3]):
            rect_b = pygame.Rect(r.left + i * (third + pad), y, third, bh)
            self.buttons.append((TableButton(key, label, key, rect_b), cmd))
        for j, (cmd, label, key) in enumerate(BUTTONS[3:]):
            row, col = divmod(j, 2)
            rect_b = pygame.Rect(r.left + col * (half + pad), y + (row + 1) * (bh + pad), half, bh)
            self.buttons.append((TableButton(key, label, key, rect_b), cmd))

    def button_at(self, pos: tuple[int, int]) -> str | None:
        """The command of the button under ``pos`` (greyed or not: the table checks the
        rules itself and explains a refusal)."""
        for button, cmd in self.buttons:
            if button.rect.collidepoint(pos):
                return cmd
        return None

    def sight_at(self, pos: tuple[int, int]) -> str | None:
        """The id of the "In sight" name under ``pos``."""
        return next((fid for rect, fid in self.sight_chips if rect.collidepoint(pos)), None)

    def button_rect(self, cmd: str) -> pygame.Rect:
        for button, c in self.buttons:
            if c == cmd:
                return button.rect
        raise KeyError(cmd)

    # -- drawing ---------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        view: TRView,
        figure: Rat | Enemy | None,
        prompt: Prompt,
        enabled: dict[str, bool],
        lit: str | None,
        hover: tuple[int, int],
        *,
        watching: bool = False,
    ) -> None:
        """The column; ``watching`` (a replay): the legend instead of the buttons and no
        click hints, whoever the viewer is."""
        self._points(surface, view)
        self._cards(surface, view, figure, watching)
        self._prompt(surface, prompt)
        if view.seat is None or watching:
            self._legend(surface)
            return
        show = bool(view.legal_actions)
        for button, cmd in self.buttons:
            button.enabled = show and enabled.get(cmd, False)
            draw_button(surface, self.assets, button, button.rect.collidepoint(hover), cmd == lit)

    def _legend(self, surface: pygame.Surface) -> None:
        """What the markers mean (shown to spectators instead of the action buttons)."""
        r = self.buttons_rect
        panel(surface, r, alpha=200, radius=8)
        row = max(20, min(30, (r.height - 12) // len(legend_rows())))
        draw_legend(surface, self.assets, r.inflate(0, -12), 1, row)

    def _points(self, surface: pygame.Surface, view: TRView) -> None:
        r = self.points_rect
        panel(surface, r, alpha=235, radius=8)
        a = self.assets
        progress = view.progress()
        names = view.scenario.side_names
        head = blit_text(surface, a, progress[0], 24, (r.left + 10, r.top + 7))
        if view.outcome is None and view.current_player is not None:
            who = f"{names[view.current_player]} to act"
            if head.right + 12 + a.font(22).size(who)[0] <= r.right - 10:
                blit_text(surface, a, who, 22, (r.right - 10, r.top + 8), theme.ACCENT, "topright")
        half = r.width // 2
        for seat in (0, 1):
            x = r.left + 10 + seat * half
            active = view.current_player == seat and view.outcome is None
            colour = theme.ACCENT if active else theme.TEXT
            label = f"{names[seat]}: {view.points[seat]} AP"
            size = 22
            while size > 16 and a.font(size).size(label)[0] > half - 14:
                size -= 2
            blit_text(surface, a, label, size, (x, r.top + 32), colour)
            pip, step = 4, 10
            for i in range(view.points[seat]):
                cx = x + pip + i * step
                if cx + pip > r.left + (seat + 1) * half - 4:
                    break
                pygame.draw.circle(surface, colour, (cx, r.top + 62), pip)
        self._progress(
            surface, progress[1:], pygame.Rect(r.left, r.top + 76, r.width, r.bottom - r.top - 76)
        )

    def _progress(self, surface: pygame.Surface, lines: tuple[str, ...], rect: pygame.Rect) -> None:
        """How the mission stands (``view.progress()`` after its round line): one line
        each, shrunk to fit the column, under a thin rule."""
        a = self.assets
        pygame.draw.line(
            surface, theme.MUTED, (rect.left + 10, rect.top), (rect.right - 10, rect.top), 1
        )
        y = rect.top + 3
        for line in lines[:PROGRESS_LINES]:
            size = 19
            while size > 15 and a.font(size).size(line)[0] > rect.width - 20:
                size -= 1
            blit_text(surface, a, line, size, (rect.left + 10, y), theme.TEXT)
            y += PROGRESS_ROW

    def _cards(
        self, surface: pygame.Surface, view: TRView, fig: Rat | Enemy | None, watching: bool
    ) -> None:
        r = self.cards_rect
        a = self.assets
        if fig is None:
            hint = "Click one of your figures (or press Tab) to see its cards."
            if not view.legal_actions:
                hint = "Click a figure to see its cards."
            if watching:
                hint = ""  # a replay takes no click
            y = r.top + 2
            for line in a.wrap(hint, 20, r.width - 8):
                blit_text(surface, a, line, 20, (r.left + 2, y), theme.MUTED)
                y += 20
            self._roster(surface, view, None, pygame.Rect(r.left, y + 6, r.width, r.bottom - y - 6))
            return
        head = fig.name + (" (documents)" if view.carrier == fig.id else "")
        if isinstance(fig, Enemy):
            head = f"{fig.name} - {view.tables.weapons[fig.weapon].name}"
        blit_text(surface, a, head, 22, (r.left + 2, r.top), theme.ACCENT)
        body = pygame.Rect(r.left, r.top + 22, r.width, r.height - 22)
        if isinstance(fig, Rat) and body.height < 80:  # a tiny window: the cards in brief
            c, g = fig.card, fig.gun_card
            lines = (
                f"{c.name}: AGI {c.agility} FIR {c.firing} CC {c.close_combat} AWA {c.awareness}",
                f"Gun: ACC +{g.accuracy} POW +{g.power} loaded {fig.loaded}/{g.shots}",
            )
            y = body.top
            for line in lines:
                while a.font(18).size(line)[0] > body.width - 4 and len(line) > 3:
                    line = line[:-2]
                if y + 16 <= body.bottom + 4:
                    blit_text(surface, a, line, 18, (body.left + 2, y), theme.TEXT)
                y += 17
            return
        if isinstance(fig, Rat):
            if body.width >= 250:
                w = (body.width - 6) // 2
                size = (w, min(body.height, 140))
                first = pygame.Rect(body.left, body.top, *size)
                second = pygame.Rect(first.right + 6, body.top, *size)
            else:
                h = min(130, (body.height - 6) // 2)
                first = pygame.Rect(body.left, body.top, body.width, h)
                second = pygame.Rect(body.left, first.bottom + 6, body.width, h)
            wide = first.width >= 200
            status = fig.stance.value
            if fig.wounds.alive and fig.wounds.value:
                status += f" - {fig.wounds.label.split()[0]}"
            card = art.stat_card(
                a, first.size, fig.card.name, status, art.character_rows(fig, wide), (70, 110, 70)
            )
            surface.blit(card, first)
            gun = art.stat_card(
                a,
                second.size,
                fig.gun_card.name,
                fig.gun_card.kind,
                art.gun_rows(fig, wide),
                (90, 80, 60),
            )
            surface.blit(gun, second)
            bottom = second.bottom
        else:
            side = view.tables.sides[fig.side]  # type: ignore[index]
            to_hit = side.weapons[fig.weapon]
            rows = []
            for stance in STANCES:
                need = to_hit.get(stance)
                rows.append((f"hits {stance.value}", f"{need}+" if need is not None else "N/A"))
            rows.append(("spots R/O/A", "/".join(f"{side.spot.get(s)}+" for s in STANCES)))
            size = (body.width, min(body.height, 150))
            card = art.stat_card(
                a, size, side.name, f"D6 tables - {fig.stance.value}", rows, (120, 50, 40)
            )
            surface.blit(card, body.topleft)
            bottom = body.top + size[1]
        self._roster(
            surface, view, fig.id, pygame.Rect(r.left, bottom + 8, r.width, r.bottom - bottom - 8)
        )

    def _roster(
        self, surface: pygame.Surface, view: TRView, sel: str | None, rect: pygame.Rect
    ) -> None:
        """One line per figure of the viewer's side (the rats for a spectator): stance,
        wounds, ammunition - where the column has room for it."""
        figs: list[Rat | Enemy] = list(view.enemies if view.seat == 1 else view.rats)
        row = 24
        if rect.height < row + 8 or not figs:
            return
        a = self.assets
        rect = pygame.Rect(rect.left, rect.top, rect.width, min(rect.height, len(figs) * row + 8))
        panel(surface, rect, alpha=150, radius=8)
        y = rect.top + 4 + row // 2
        for f in figs:
            if y + row // 2 > rect.bottom - 2:
                break
            x = rect.left + 8
            colour = theme.ACCENT if f.id == sel else theme.TEXT if f.alive else theme.MUTED
            if not f.alive:
                blit_text(surface, a, f"{f.name}: killed", 20, (x, y), theme.MUTED, "midleft")
                y += row
                continue
            letter = f.stance.letter
            box = pygame.Rect(0, 0, 18, 18)
            box.center = (x + 9, y)
            pygame.draw.rect(surface, art.BADGE_BG, box, border_radius=4)
            pygame.draw.rect(surface, art.BADGE_FG[letter], box, 2, border_radius=4)
            blit_text(surface, a, letter, 19, box.center, art.BADGE_FG[letter], "center")
            x += 26
            if f.wounds in (WoundLevel.YELLOW, WoundLevel.RED):
                art.wound_shape(surface, f.wounds, (x + 7, y), 13)
            x += 22
            if isinstance(f, Rat):
                text = f"{f.name}  {f.loaded}/{f.gun_card.shots}"
                text += "  pinned" if f.pinned else "  papers" if f.carrying else ""
            else:
                text = f"{f.name}, {view.tables.weapons[f.weapon].name.lower()}"
            while a.font(20).size(text)[0] > rect.right - x - 6 and len(text) > 3:
                text = text[:-2]
            blit_text(surface, a, text, 20, (x, y), colour, "midleft")
            y += row

    def _prompt(self, surface: pygame.Surface, prompt: Prompt) -> None:
        r = self.prompt_rect
        panel(surface, r, alpha=235, radius=8)
        a = self.assets
        y = r.top + 6
        self.sight_chips = []
        bottom = r.bottom - (28 if prompt.sight else 0)
        for line in a.wrap(prompt.title, 22, r.width - 16)[:2]:
            blit_text(surface, a, line, 22, (r.left + 8, y), prompt.colour)
            y += 20
        for text in prompt.lines:
            for line in a.wrap(text, 20, r.width - 16):
                if y + 18 > bottom - 2:
                    break
                blit_text(surface, a, line, 20, (r.left + 8, y), theme.TEXT)
                y += 18
        if prompt.sight:
            self._sight_row(surface, prompt.sight, pygame.Rect(r.left, bottom, r.width, 28))

    def _sight_row(self, surface: pygame.Surface, ids: tuple[str, ...], row: pygame.Rect) -> None:
        """ "In sight:" and one clickable name per enemy in sight."""
        a = self.assets
        label = blit_text(
            surface, a, "In sight:", 20, (row.left + 8, row.centery), theme.TEXT, "midleft"
        )
        x = label.right + 8
        for fid in ids:
            w = a.font(20).size(fid)[0] + 14
            chip = pygame.Rect(x, row.top + 3, w, row.height - 8)
            if chip.right > row.right - 6:
                break
            pygame.draw.rect(surface, (70, 30, 24), chip, border_radius=5)
            pygame.draw.rect(surface, (220, 90, 60), chip, 1, border_radius=5)
            blit_text(surface, a, fid, 20, chip.center, theme.TEXT, "center")
            self.sight_chips.append((chip, fid))
            x = chip.right + 6


def draw_button(
    surface: pygame.Surface, assets: Assets, button: TableButton, hover: bool, lit: bool
) -> None:
    """A table button with its key in a box at the left ("[F] Fire"), the label shrunk
    to fit narrow columns; a lit button (the proposed action) has a gold edge."""
    r = button.rect
    if button.enabled:
        fill = (72, 104, 84) if hover else (46, 70, 58)
        edge = theme.ACCENT if hover or lit else (120, 140, 126)
        colour = theme.TEXT
    else:
        fill, edge, colour = (30, 36, 36), (56, 62, 60), (104, 108, 104)
    pygame.draw.rect(surface, (0, 0, 0), r.move(0, 2), border_radius=7)
    pygame.draw.rect(surface, fill, r, border_radius=7)
    pygame.draw.rect(surface, edge, r, 3 if lit and button.enabled else 2, border_radius=7)
    key = assets.text(button.hint, 20, theme.INK)
    box = key.get_rect().inflate(8, 4)
    box.midleft = (r.left + 6, r.centery)
    pygame.draw.rect(
        surface, theme.ACCENT if button.enabled else (84, 84, 76), box, border_radius=4
    )
    surface.blit(key, key.get_rect(center=box.center))
    room = r.right - box.right - 10
    size = 22
    while size > 16 and assets.font(size).size(button.label)[0] > room:
        size -= 2
    label = button.label
    while assets.font(size).size(label)[0] > room and len(label) > 3:
        label = label[:-2]
    blit_text(surface, assets, label, size, (box.right + 6, r.centery), colour, "midleft")
