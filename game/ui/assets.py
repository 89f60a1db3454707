"""Images, sounds and text rendering with fallbacks.

Art and sounds are made by another generator and may be missing while it runs: a missing
image becomes a plain rectangle, a missing sound is silent; each is logged once. Text is
rendered with pygame's default font only and cached by (text, size, colour).
"""

from __future__ import annotations

import logging
import string
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.resources import asset_root, sound, sprite
from game.ui import theme

log = logging.getLogger(__name__)

SOUND_NAMES = ("draw", "flip", "casualty", "win", "lose", "click")
# Pixels per word boundary by which a line's width may differ from the sum of its words'
# and spaces' widths (each measured alone: rounding and glyph overhang). Checked against
# measuring the whole line in tests/test_ui_toolkit.py.
WRAP_SLACK = 3


SCALED_KEPT = 256  # scaled pictures kept (Assets.scaled, nine_slice): a table needs ~20


class Assets:
    """Loaded lazily from the shipped ``sprites/`` and ``sounds/`` folders (under ``root``,
    by default the installation's asset root: see :mod:`game.resources`)."""

    def __init__(self, root: Path | None = None, volume: float = 0.7, muted: bool = False) -> None:
        self.root = root if root is not None else asset_root()
        self.volume = volume
        self.muted = muted
        self._images: dict[str, pygame.Surface | None] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface | None] = {}
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self._glyphs_loaded: set[int] = set()
        self._text_scale = 1.0
        self._text: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int], tuple[str, ...]] = {}
        self._widths: dict[tuple[str, int], int] = {}  # (word, px) -> width in pixels
        self._fitted: dict[tuple[str, int, int, int, int, float], tuple[int, tuple[str, ...]]]
        self._fitted = {}
        self._warned: set[str] = set()
        self._mixer_ok: bool | None = None
        self.text_trace: list[str] | None = None  # tests set a list to see what was drawn

    def _warn_once(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)

    # -- images ----------------------------------------------------------------
    def image(self, rel: str) -> pygame.Surface | None:
        """The image at ``sprites/<rel>``, or ``None`` (logged once) if missing or broken."""
        if rel not in self._images:
            path = sprite(rel, self.root)
            surface: pygame.Surface | None = None
            try:
                surface = pygame.image.load(str(path))
                if pygame.display.get_surface() is not None:
                    surface = surface.convert_alpha()
            except (FileNotFoundError, pygame.error, OSError) as exc:
                self._warn_once(rel, f"image {path} not available ({exc}); drawing a fallback")
            self._images[rel] = surface
        return self._images[rel]

    def scaled(self, rel: str, size: tuple[int, int]) -> pygame.Surface | None:
        """``sprites/<rel>`` at ``size`` (kept: at most :data:`SCALED_KEPT` sizes, the
        oldest let go first, so a picture drawn at a new size every frame of an animation
        cannot fill memory over a day of demo)."""
        key = (rel, size[0], size[1])
        if key not in self._scaled:
            self._make_room_for_scaled()
            base = self.image(rel)
            if base is None:
                self._scaled[key] = None
            elif base.get_size() == size:
                self._scaled[key] = base
            else:
                self._scaled[key] = pygame.transform.smoothscale(base, size)
        return self._scaled[key]

    def _make_room_for_scaled(self) -> None:
        """Let the oldest scaled picture go when :data:`SCALED_KEPT` are kept."""
        while len(self._scaled) >= SCALED_KEPT:
            del self._scaled[next(iter(self._scaled))]

    def nine_slice(self, rel: str, size: tuple[int, int], corner: int) -> pygame.Surface | None:
        """``sprites/<rel>`` stretched to ``size`` keeping its ``corner``-pixel corners."""
        key = (f"9:{rel}:{corner}", size[0], size[1])
        if key in self._scaled:
            return self._scaled[key]
        self._make_room_for_scaled()
        base = self.image(rel)
        out = None
        if base is not None and size[0] >= 2 * corner and size[1] >= 2 * corner:
            bw, bh = base.get_size()
            w, h = size
            out = pygame.Surface(size, pygame.SRCALPHA)
            xs = (
                (0, corner, 0, corner),
                (corner, bw - 2 * corner, corner, w - 2 * corner),
                (bw - corner, corner, w - corner, corner),
            )
            ys = (
                (0, corner, 0, corner),
                (corner, bh - 2 * corner, corner, h - 2 * corner),
                (bh - corner, corner, h - corner, corner),
            )
            for sx, sw, dx, dw in xs:
                for sy, sh, dy, dh in ys:
                    part = base.subsurface((sx, sy, sw, sh))
                    if (sw, sh) != (dw, dh):
                        part = pygame.transform.smoothscale(part, (max(1, dw), max(1, dh)))
                    out.blit(part, (dx, dy))
        self._scaled[key] = out
        return out

    # -- text ------------------------------------------------------------------
    @contextmanager
    def text_scale(self, factor: float) -> Iterator[None]:
        """Within the block, every size given to ``font``/``text``/``wrap`` is multiplied
        by ``factor`` (a table on a big window draws its text larger, its code unchanged)."""
        old = self._text_scale
        self._text_scale = factor
        try:
            yield
        finally:
            self._text_scale = old

    def font(self, size: int) -> pygame.font.Font:
        px = max(1, round(size * self._text_scale))
        if px not in self._fonts:
            self._fonts[px] = pygame.font.Font(None, px)
        return self._fonts[px]

    def warm_fonts(self, sizes: range = range(8, 65), glyphs: range = range(10, 41)) -> None:
        """Open the default font at every pixel size in ``sizes`` now, and load the glyphs
        of printable ASCII at the sizes in ``glyphs`` (once per app). Measured: opening a
        size looks the font file up on disk, and the first text at a size loads each
        glyph (~1 ms for a long caption); both landed in animating frames when a caption
        first fitted itself. Together ~70 ms, in a game's loading frame."""
        for px in sizes:
            if px not in self._fonts:
                self._fonts[px] = pygame.font.Font(None, px)
        for px in glyphs:
            if px not in self._glyphs_loaded:
                self._glyphs_loaded.add(px)
                self.font_px(px).size(string.printable[:95])

    def font_px(self, px: int) -> pygame.font.Font:
        """The default font at ``px`` pixels (no text scale)."""
        if px not in self._fonts:
            self._fonts[px] = pygame.font.Font(None, px)
        return self._fonts[px]

    def text(self, text: str, size: int, color: tuple[int, ...] = theme.TEXT) -> pygame.Surface:
        """``text`` rendered in pygame's default font at ``size`` (cached)."""
        if self.text_trace is not None:
            self.text_trace.append(text)
        key = (text, max(1, round(size * self._text_scale)), tuple(color))
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 2000:
                self._text.clear()
            surf = self.font(size).render(text, True, color)
            self._text[key] = surf
        return surf

    def forget_texts(self) -> None:
        """Drop the rendered texts and the line breaks worked out so far (a new game
        starts: its names and captions are not the last game's). Fonts stay."""
        self._text.clear()
        self._wrapped.clear()
        self._fitted.clear()
        self._widths.clear()

    def text_once(
        self, text: str, size: int, color: tuple[int, ...] = theme.TEXT
    ) -> pygame.Surface:
        """``text`` rendered as :meth:`text` does, but not kept in its cache: for texts
        shown for a while and likely never again (the demo's caption: a new one for each
        action would fill the cache with large surfaces). The caller keeps it."""
        if self.text_trace is not None:
            self.text_trace.append(text)
        return self.font(size).render(text, True, color)

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` pixels. Remembered: captions
        and panels that fit their text every frame measure each word only once."""
        key = (text, max(1, round(size * self._text_scale)), width)
        known = self._wrapped.get(key)
        if known is None:
            if len(self._wrapped) > 2000:
                self._wrapped.clear()
            known = self._wrapped[key] = tuple(self._wrap(text, size, width))
        return list(known)

    def _word_width(self, font: pygame.font.Font, px: int, word: str) -> int:
        key = (word, px)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > 20_000:
                self._widths.clear()
            width = self._widths[key] = font.size(word)[0]
        return width

    def _wrap(self, text: str, size: int, width: int) -> list[str]:
        """Greedy wrapping: a word joins the line while the whole line, measured, is no
        wider than ``width``. Each word's width is measured once per font size and a
        line's width estimated as the sum of its words and spaces; only when the estimate
        is within ``WRAP_SLACK`` pixels a word of ``width`` is the line measured whole
        (so the result is the same as measuring every trial line, at a fraction of the
        cost: a new caption no longer takes hundreds of measurements in one frame)."""
        font = self.font(size)
        px = max(1, round(size * self._text_scale))
        space = self._word_width(font, px, " ")
        lines: list[str] = []
        for para in text.split("\n"):
            line: list[str] = []
            estimate = 0
            for word in para.split():
                w = self._word_width(font, px, word)
                if not line:
                    line, estimate = [word], w
                    continue
                guess = estimate + space + w
                slack = WRAP_SLACK * len(line)
                if guess <= width - slack:
                    fits = True
                elif guess > width + slack:
                    fits = False
                else:
                    fits = font.size(" ".join([*line, word]))[0] <= width
                if fits:
                    line.append(word)
                    estimate = guess
                else:
                    lines.append(" ".join(line))
                    line, estimate = [word], w
            lines.append(" ".join(line))
        return lines

    def _too_long(self, paragraphs: list[str], size: int, width: int, lines: int) -> bool:
        """Whether ``paragraphs`` at ``size``, each measured whole, are certainly too long
        to fit ``lines`` lines of ``width`` pixels: ``lines`` lines hold at most
        ``lines * width`` pixels of text plus a space and ``WRAP_SLACK`` at each break.
        Spares wrapping the text at every size too large for it."""
        font = self.font(size)
        room = lines * (width + font.size(" ")[0] + WRAP_SLACK)
        return sum(font.size(p)[0] for p in paragraphs) > room

    def fit(
        self, text: str, size: int, width: int, lines: int, smallest: int
    ) -> tuple[int, tuple[str, ...]]:
        """The largest font size from ``size`` down to ``smallest`` at which ``text`` fits
        ``width`` pixels in at most ``lines`` lines, and those lines (remembered: a panel
        fits the same text every frame). If even ``smallest`` needs more lines, all of
        them at ``smallest``: text is never cut."""
        key = (text, size, width, lines, smallest, self._text_scale)
        known = self._fitted.get(key)
        if known is not None:
            return known
        if len(self._fitted) > 2000:
            self._fitted.clear()
        found = (smallest, tuple(self.wrap(text, smallest, width)))
        paragraphs = text.split("\n")
        for s in range(size, smallest - 1, -1):
            if s > smallest and self._too_long(paragraphs, s, width, lines):
                continue
            wrapped = self.wrap(text, s, width)
            if len(wrapped) <= lines and all(self.font(s).size(ln)[0] <= width for ln in wrapped):
                found = (s, tuple(wrapped))
                break
        self._fitted[key] = found
        return found

    # -- sounds ----------------------------------------------------------------
    def _mixer(self) -> bool:
        if self._mixer_ok is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._mixer_ok = True
            except pygame.error as exc:
                self._mixer_ok = False
                self._warn_once("mixer", f"no sound device ({exc}); playing silently")
        return self._mixer_ok

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            snd = None
            path = sound(name, self.root)
            if self._mixer():
                try:
                    snd = pygame.mixer.Sound(str(path))
                except (FileNotFoundError, pygame.error, OSError) as exc:
                    self._warn_once(f"snd:{name}", f"sound {path} not available ({exc})")
            self._sounds[name] = snd
        return self._sounds[name]

    def play(self, name: str) -> None:
        """Play ``sounds/<name>.wav`` unless muted; silently nothing if it is missing."""
        if self.muted:
            return
        snd = self.sound(name)
        if snd is not None:
            snd.set_volume(self.volume)
            snd.play()
