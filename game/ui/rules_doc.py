"""The rules summaries (``docs/rules/<id>.md``) laid out for the screen, tables as tables.

The small part of Markdown our summaries use: headings, paragraphs (wrapped lines
joined), bullet and numbered lists (continuation lines joined to their item), pipe
tables, and inline **bold**, *italic*, `code` and [links](url). :func:`parse_markdown`
turns the text into blocks; :func:`layout` places them for a width and returns draw
operations with their height, so a scene can scroll through them and draw only what
shows. Tables get columns sized to their content (wrapped inside a cell when the width
is short), a shaded header row and ruled lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import theme

_INLINE = re.compile(
    r"\*\*(?P<bold>.+?)\*\*"
    r"|`(?P<code>[^`]+)`"
    r"|\[(?P<link>[^\]]+)\]\([^)]+\)"
    r"|(?<![\w*])[*_](?!\s)(?P<italic>.+?)(?<!\s)[*_](?![\w*])"
)
HEADING_COLOR = theme.ACCENT
CODE_COLOR = (196, 214, 170)


@dataclass(frozen=True)
class Run:
    """Some text in one style: ``""`` plain, ``"b"`` bold, ``"i"`` italic, ``"c"`` code."""

    text: str
    style: str = ""


@dataclass(frozen=True)
class Block:
    """One block of the page. ``kind``: heading (``level`` 1-6), paragraph, item (a list
    item: ``level`` is its indent, ``mark`` its bullet or number), table (``rows``, the
    first one the header)."""

    kind: str
    runs: tuple[Run, ...] = ()
    level: int = 0
    mark: str = ""
    rows: tuple[tuple[tuple[Run, ...], ...], ...] = ()


def inline_runs(text: str) -> tuple[Run, ...]:
    """Split inline Markdown into styled runs (links keep only their text)."""
    runs: list[Run] = []
    at = 0
    for m in _INLINE.finditer(text):
        if m.start() > at:
            runs.append(Run(text[at : m.start()]))
        for style, key in (("b", "bold"), ("c", "code"), ("", "link"), ("i", "italic")):
            if m.group(key) is not None:
                runs.append(Run(m.group(key), style))
        at = m.end()
    if at < len(text):
        runs.append(Run(text[at:]))
    return tuple(runs)


def _table_row(line: str) -> tuple[tuple[Run, ...], ...]:
    cells = line.strip().strip("|").split("|")
    return tuple(inline_runs(c.strip()) for c in cells)


def parse_markdown(text: str) -> list[Block]:
    """The blocks of a rules summary, in order."""
    blocks: list[Block] = []
    lines: list[str] = []  # the current paragraph or list item
    item: tuple[int, str] | None = None
    table: list[tuple[tuple[Run, ...], ...]] = []

    def flush() -> None:
        nonlocal item
        if lines:
            runs = inline_runs(" ".join(lines))
            if item is None:
                blocks.append(Block("paragraph", runs))
            else:
                blocks.append(Block("item", runs, level=item[0], mark=item[1]))
            lines.clear()
        item = None
        if table:
            blocks.append(Block("table", rows=tuple(table)))
            table.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        heading = re.match(r"(#{1,6})\s+(.*)", stripped)
        bullet = re.match(r"([-*+]|\d+[.)])\s+(.*)", stripped)
        if stripped.startswith("|"):
            if not table:
                flush()
            if not set(stripped) <= set("|-: "):  # the |---|---| rule under the header
                table.append(_table_row(stripped))
        elif not stripped:
            flush()
        elif heading:
            flush()
            blocks.append(Block("heading", inline_runs(heading.group(2)), len(heading.group(1))))
        elif bullet:
            flush()
            mark = "\u2022" if bullet.group(1) in "-*+" else bullet.group(1)
            item = ((len(line) - len(line.lstrip())) // 2, mark)
            lines.append(bullet.group(2))
        else:
            if table:
                flush()
            lines.append(stripped)
    flush()
    return blocks


# -- layout ------------------------------------------------------------------------------
@dataclass
class Page:
    """Laid-out blocks: draw operations in page coordinates (y from the top)."""

    width: int
    height: int = 0
    texts: list[tuple[pygame.Surface, tuple[int, int]]] = field(default_factory=list)
    boxes: list[tuple[tuple[int, int, int], pygame.Rect, int]] = field(default_factory=list)
    table_cells: list[list[pygame.Rect]] = field(default_factory=list)  # per table, for tests

    def draw(self, surface: pygame.Surface, area: pygame.Rect, scroll: int) -> None:
        """Draw the part of the page from ``scroll`` down into ``area``."""
        old = surface.get_clip()
        surface.set_clip(area)
        top, bottom = scroll, scroll + area.height
        for color, rect, width in self.boxes:
            if rect.bottom >= top and rect.top <= bottom:
                pygame.draw.rect(surface, color, rect.move(area.left, area.top - scroll), width)
        for surf, (x, y) in self.texts:
            if y + surf.get_height() >= top and y <= bottom:
                surface.blit(surf, (area.left + x, area.top + y - scroll))
        surface.set_clip(old)


class Typesetter:
    """Fonts and text rendering for a page at one body size (pixels)."""

    def __init__(self, size: int, trace: Callable[[str], None] | None = None) -> None:
        self.size = size
        self.trace = trace
        self._fonts: dict[tuple[int, str], pygame.font.Font] = {}

    def font(self, size: int, style: str = "") -> pygame.font.Font:
        key = (size, style)
        if key not in self._fonts:
            font = pygame.font.Font(None, size)
            font.set_bold(style == "b")
            font.set_italic(style == "i")
            self._fonts[key] = font
        return self._fonts[key]

    def render(
        self, text: str, size: int, style: str, color: tuple[int, int, int]
    ) -> pygame.Surface:
        if self.trace is not None:
            self.trace(text)
        return self.font(size, style).render(text, True, CODE_COLOR if style == "c" else color)

    def words(self, runs: tuple[Run, ...]) -> list[tuple[str, str]]:
        """(word, style) pairs; a word keeps its trailing space so lines join naturally."""
        out: list[tuple[str, str]] = []
        for run in runs:
            parts = re.findall(r"\S+\s*|\s+", run.text)
            out.extend((p, run.style) for p in parts)
        return out

    def wrap(self, runs: tuple[Run, ...], size: int, width: int) -> list[list[tuple[str, str]]]:
        """Lines of (text, style) pieces no wider than ``width``. Lines break only at
        spaces: pieces with no space between them (a code word and its comma) move to
        the next line together. A single word wider than ``width`` overflows."""
        lines: list[list[tuple[str, str]]] = [[]]
        x = 0
        for word, style in self.words(runs):
            w = self.font(size, style).size(word.rstrip())[0]
            line = lines[-1]
            if x and x + w > width:
                glued: list[tuple[str, str]] = []
                while line and not line[-1][0][-1:].isspace():
                    glued.insert(0, line.pop())
                if not line:  # nothing to break at: keep the word on this line
                    line.extend(glued)
                else:
                    lines.append(glued)
                    line = glued
                    x = sum(self.font(size, s).size(t)[0] for t, s in glued)
                    if not glued:
                        word = word.lstrip()
                        if not word:
                            continue
            line.append((word, style))
            x += self.font(size, style).size(word)[0]
        return lines

    def natural_width(self, runs: tuple[Run, ...], size: int) -> int:
        return sum(self.font(size, s).size(w)[0] for w, s in self.words(runs))

    def widest_word(self, runs: tuple[Run, ...], size: int) -> int:
        return max((self.font(size, s).size(w.strip())[0] for w, s in self.words(runs)), default=0)

    def place_lines(
        self,
        page: Page,
        lines: list[list[tuple[str, str]]],
        size: int,
        x: int,
        y: int,
        color: tuple[int, int, int],
        base_style: str = "",
    ) -> int:
        """Render ``lines`` at (x, y) on ``page``; returns the y under them."""
        step = self.font(size).get_linesize()
        for line in lines:
            cx = x
            for n, (piece, style) in enumerate(line):
                text = piece.rstrip() if n == len(line) - 1 else piece
                if not text:
                    continue
                surf = self.render(text, size, style or base_style, color)
                page.texts.append((surf, (cx, y)))
                cx += surf.get_width()
            y += step
        return y


def _column_widths(natural: list[int], minimum: list[int], room: int) -> list[int]:
    """Column widths that fit ``room``: every column at least its longest word, the
    rest shared so that short columns keep their natural width (water filling)."""
    if sum(natural) <= room:
        return natural
    widths = list(minimum)
    spare = room - sum(widths)
    open_cols = [i for i in range(len(natural)) if natural[i] > widths[i]]
    while spare > 0 and open_cols:
        share = max(1, spare // len(open_cols))
        for i in list(open_cols):
            give = min(share, natural[i] - widths[i], spare)
            widths[i] += give
            spare -= give
            if widths[i] >= natural[i]:
                open_cols.remove(i)
            if spare <= 0:
                break
    return widths


def layout(blocks: list[Block], width: int, typesetter: Typesetter) -> Page:
    """Place ``blocks`` in a column ``width`` pixels wide."""
    ts = typesetter
    body = ts.size
    gap = body // 2
    page = Page(width)
    y = 4
    for block in blocks:
        if block.kind == "heading":
            size = {1: int(body * 1.7), 2: int(body * 1.4)}.get(block.level, int(body * 1.2))
            y += gap
            lines = ts.wrap(block.runs, size, width)
            y = ts.place_lines(page, lines, size, 0, y, HEADING_COLOR, "b") + gap // 2
        elif block.kind == "paragraph":
            y = ts.place_lines(page, ts.wrap(block.runs, body, width), body, 0, y, theme.TEXT)
            y += gap
        elif block.kind == "item":
            numbered = block.mark[:1].isdigit()
            indent = int(body * (1.9 if numbered else 1.1)) + block.level * body
            mark = ts.render(block.mark, body, "", theme.ACCENT)
            page.texts.append((mark, (indent - mark.get_width() - 8, y)))
            lines = ts.wrap(block.runs, body, width - indent)
            y = ts.place_lines(page, lines, body, indent, y, theme.TEXT) + 2
        elif block.kind == "table":
            y = _layout_table(page, block, y + 4, width, ts) + gap
    page.height = y + gap
    return page


def _layout_table(page: Page, block: Block, y: int, width: int, ts: Typesetter) -> int:
    body = ts.size
    pad = max(6, body // 3)
    columns = max(len(r) for r in block.rows)
    rows = [r + ((),) * (columns - len(r)) for r in block.rows]
    # The header is drawn bold: measure it bold too.
    rows[0] = tuple(tuple(Run(run.text, run.style or "b") for run in cell) for cell in rows[0])
    natural = [
        max(ts.natural_width(r[c], body) for r in rows) + 2 * pad + 2 for c in range(columns)
    ]
    minimum = [
        min(natural[c], max(ts.widest_word(r[c], body) for r in rows) + 2 * pad)
        for c in range(columns)
    ]
    widths = _column_widths(natural, minimum, width)
    xs = [sum(widths[:c]) for c in range(columns)]
    line_h = ts.font(body).get_linesize()
    cells: list[pygame.Rect] = []
    top = y
    for index, row in enumerate(rows):
        wrapped = [ts.wrap(row[c], body, widths[c] - 2 * pad) for c in range(columns)]
        height = max(len(w) for w in wrapped) * line_h + 2 * pad
        if index == 0:
            page.boxes.append((theme.FELT, pygame.Rect(0, y, sum(widths), height), 0))
        elif index % 2 == 0:
            page.boxes.append(((28, 34, 36), pygame.Rect(0, y, sum(widths), height), 0))
        for c in range(columns):
            color = HEADING_COLOR if index == 0 else theme.TEXT
            ts.place_lines(page, wrapped[c], body, xs[c] + pad, y + pad, color)
            cells.append(pygame.Rect(xs[c], y, widths[c], height))
        y += height
        page.boxes.append((theme.PANEL_EDGE, pygame.Rect(0, y - 1, sum(widths), 1), 0))
    page.boxes.append((theme.PANEL_EDGE, pygame.Rect(0, top, sum(widths), y - top), 1))
    for x in xs[1:]:
        page.boxes.append((theme.PANEL_EDGE, pygame.Rect(x, top, 1, y - top), 0))
    page.table_cells.append(cells)
    return y
