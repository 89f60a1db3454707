"""Images, sounds and text rendering with fallbacks.

Art and sounds are made by another generator and may be missing while it runs: a missing
image becomes a plain rectangle, a missing sound is silent; each is logged once. Text is
rendered with pygame's default font only and cached by (text, size, colour).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.ui import theme

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
SOUND_NAMES = ("draw", "flip", "casualty", "win", "lose", "click")


class Assets:
    """Loaded lazily from the repository's ``sprites/`` and ``sounds/`` folders."""

    def __init__(self, root: Path = ROOT, volume: float = 0.7, muted: bool = False) -> None:
        self.root = root
        self.volume = volume
        self.muted = muted
        self._images: dict[str, pygame.Surface | None] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface | None] = {}
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self._text_scale = 1.0
        self._text: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._wrapped: dict[tuple[str, int, int], tuple[str, ...]] = {}
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
            path = self.root / "sprites" / rel
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
        key = (rel, size[0], size[1])
        if key not in self._scaled:
            base = self.image(rel)
            if base is None:
                self._scaled[key] = None
            elif base.get_size() == size:
                self._scaled[key] = base
            else:
                self._scaled[key] = pygame.transform.smoothscale(base, size)
        return self._scaled[key]

    def nine_slice(self, rel: str, size: tuple[int, int], corner: int) -> pygame.Surface | None:
        """``sprites/<rel>`` stretched to ``size`` keeping its ``corner``-pixel corners."""
        key = (f"9:{rel}:{corner}", size[0], size[1])
        if key in self._scaled:
            return self._scaled[key]
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

    def _wrap(self, text: str, size: int, width: int) -> list[str]:
        font = self.font(size)
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split():
                trial = f"{line} {word}".strip()
                if line and font.size(trial)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

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
            path = self.root / "sounds" / f"{name}.wav"
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
