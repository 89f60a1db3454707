"""What the convention demo shows besides the table: the title card before each system,
the "to be continued" card when its time slot ends, and the caption under the board.

Sizes are pygame font sizes, chosen to be read from about three metres on a 1280x720
screen: no caption or card text is smaller than :data:`CAPTION_SMALLEST`, whose letters
are 24 pixels high.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.briefing import briefing_for
from game.core.registry import get_manifest
from game.ui import theme
from game.ui.assets import Assets
from game.ui.widgets import blit_text, panel

CAPTION_SIZE = 38  # the caption's font size, shrunk down to CAPTION_SMALLEST to fit
CAPTION_SMALLEST = 35  # pygame's font at 35 draws letters 24 px high (``Font.get_height``)
CAPTION_LINES = 2


@dataclass(frozen=True)
class TitleCard:
    """The card that opens a system in the demo, in player words: the system's name,
    one line on what it is, how many play it, and the scenario's title and sides."""

    name: str
    summary: str
    players: str
    scenario: str  # "" when the scenario is the game itself (no scenario of its own)
    sides: str
    place: str  # "System 2 of 6"

    def lines(self) -> tuple[str, ...]:
        """Every text of the card (for tests and checks of player text)."""
        return tuple(
            t
            for t in (self.name, self.summary, self.players, self.scenario, self.sides, self.place)
            if t
        )


def players_line(players: str) -> str:
    """``"2"`` -> ``"For 2 players"``, ``"1"`` -> ``"For 1 player"``, ``"2-4"`` -> ``"For
    2-4 players"``."""
    return f"For {players} player{'' if players == '1' else 's'}"


def title_card(ruleset_id: str, options: dict[str, str], place: int, count: int) -> TitleCard:
    """The title card of ``ruleset_id`` with the demo's ``options``; ``place`` counts from
    0 among ``count`` systems in the cycle. The one line is the manifest's ``summary``."""
    manifest = get_manifest(ruleset_id)
    summary = manifest.summary
    briefing = briefing_for(ruleset_id, options)
    scenario = "" if briefing.title == manifest.title else f"Scenario: {briefing.title}"
    return TitleCard(
        name=manifest.title,
        summary=summary,
        players=players_line(manifest.players),
        scenario=scenario,
        sides=" against ".join(briefing.side_names),
        place=f"System {place + 1} of {count}",
    )


def draw_title_card(surface: pygame.Surface, assets: Assets, card: TitleCard) -> None:
    """The whole screen: the name large, then what it is, players, scenario and sides,
    one under the other and centred; sizes grow with the window (1280x720 is 1)."""
    surface.fill(theme.BG)
    w, h = surface.get_size()
    scale = min(w / 1280, h / 720)
    width = w - int(160 * scale)
    big = max(CAPTION_SMALLEST, int(40 * scale))
    rows: list[tuple[str, int, tuple[int, ...], int]] = [
        (card.name, int(88 * scale), theme.ACCENT, 1)
    ]
    rows.append((card.summary, big, theme.TEXT, 2))
    rows.append((card.players, big, theme.MUTED, 1))
    if card.scenario:
        rows.append((card.scenario, big, theme.TEXT, 1))
    rows.append((card.sides, big, theme.TEXT, 2))
    laid: list[tuple[tuple[str, ...], int, tuple[int, ...]]] = []
    for text, size, color, most in rows:
        fitted, wrapped = assets.fit(text, size, width, most, CAPTION_SMALLEST)
        laid.append((wrapped, fitted, color))
    gap = int(22 * scale)
    total = sum(assets.font(s).get_linesize() * len(ls) for ls, s, _ in laid)
    y = max(int(60 * scale), (h - total - gap * (len(laid) - 1)) // 2)
    for lines, size, color in laid:
        step = assets.font(size).get_linesize()
        for line in lines:
            blit_text(surface, assets, line, size, (w // 2, y), color, "midtop")
            y += step
        y += gap
    place = max(CAPTION_SMALLEST, int(35 * scale))
    blit_text(
        surface, assets, card.place, place, (w // 2, h - int(24 * scale)), theme.MUTED, "midbottom"
    )


def draw_cut_card(
    surface: pygame.Surface, assets: Assets, board: pygame.Rect, next_name: str
) -> None:
    """ "To be continued" over the middle of the board, and which system comes next."""
    rect = pygame.Rect(0, 0, min(640, board.width - 40), 170)
    rect.center = board.center
    panel(surface, rect, alpha=240, radius=12)
    blit_text(
        surface,
        assets,
        "To be continued",
        56,
        (rect.centerx, rect.top + 26),
        theme.ACCENT,
        "midtop",
    )
    blit_text(
        surface,
        assets,
        f"Next: {next_name}",
        30,
        (rect.centerx, rect.bottom - 26),
        theme.TEXT,
        "midbottom",
    )


def sentences(texts: list[str]) -> list[str]:
    """``texts`` split after each sentence (". ", "! ", "? ", "; "), in order: the caption
    keeps the newest of them that fit."""
    out: list[str] = []
    for text in texts:
        start = 0
        for i, ch in enumerate(text):
            if ch in ".!?;" and text[i + 1 : i + 2] == " ":
                out.append(text[start : i + 1].strip())
                start = i + 2
        if text[start:].strip():
            out.append(text[start:].strip())
    return out


def fit_caption(assets: Assets, parts: list[str], width: int) -> tuple[int, tuple[str, ...]]:
    """The font size and lines of the caption: the newest sentences of ``parts`` (the
    texts of the last action, in order) that fit in :data:`CAPTION_LINES` lines at no
    less than :data:`CAPTION_SMALLEST`; older sentences are left out first. A single
    sentence too long even so takes more lines at the smallest size: text is never cut
    and never smaller."""
    pieces = sentences(parts)
    for first in range(len(pieces)):
        text = " ".join(pieces[first:])
        size, lines = assets.fit(text, CAPTION_SIZE, width, CAPTION_LINES, CAPTION_SMALLEST)
        if len(lines) <= CAPTION_LINES:
            return size, lines
    return CAPTION_SMALLEST, tuple(
        assets.wrap(pieces[-1] if pieces else "", CAPTION_SMALLEST, width)
    )


class Caption:
    """The caption panel under the board. Its lines are rendered once per caption and kept
    here, not in the assets' text cache (every action brings new ones)."""

    def __init__(self) -> None:
        self._surfaces: dict[tuple[str, int], pygame.Surface] = {}
        self.shown: tuple[int, tuple[str, ...]] = (0, ())  # font size and lines last drawn

    def draw(
        self, surface: pygame.Surface, assets: Assets, rect: pygame.Rect, parts: list[str]
    ) -> None:
        """The panel at ``rect``, lines centred; a caption of more lines than the panel
        holds grows it upwards, over the board's edge."""
        size, lines = fit_caption(assets, parts, rect.width - 24)
        if (size, lines) != self.shown:
            self._surfaces = {(ln, size): assets.text_once(ln, size) for ln in lines}
            self.shown = (size, lines)
        step = assets.font(size).get_linesize()
        rect = rect.copy()
        if step * len(lines) + 8 > rect.height:
            rect.top = rect.bottom - step * len(lines) - 8
            rect.height = step * len(lines) + 8
        panel(surface, rect, alpha=235, radius=8)
        top = rect.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            text = self._surfaces[line, size]
            surface.blit(text, text.get_rect(midtop=(rect.centerx, top + i * step)))
