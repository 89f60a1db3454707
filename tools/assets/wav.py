"""Deterministic 16-bit mono 22050 Hz WAV writing and tiny synthesis helpers.

Signals are lists of floats in [-1, 1] (one per sample); ``save_wav`` clips, scales to 16-bit
with round-half-away-from-zero and writes a canonical 44-byte RIFF header plus data (no extra
chunks), so the same signal always gives the same bytes.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Sequence
from pathlib import Path

from tools.assets import Lcg

RATE = 22050
Signal = list[float]


def samples(seconds: float) -> int:
    """Number of samples in a duration (seconds)."""
    return int(round(seconds * RATE))


def silence(seconds: float) -> Signal:
    """All-zero signal of the given duration."""
    return [0.0] * samples(seconds)


def tone(
    freq: float | Callable[[float], float],
    seconds: float,
    wave: str = "sine",
    phase: float = 0.0,
) -> Signal:
    """An oscillator at freq Hz (a number or a function of time in seconds).

    wave is "sine", "square", "triangle" or "saw"; amplitude 1.
    """
    out: Signal = []
    ph = phase
    for n in range(samples(seconds)):
        f = freq(n / RATE) if callable(freq) else freq
        ph = (ph + f / RATE) % 1.0
        if wave == "sine":
            v = math.sin(2 * math.pi * ph)
        elif wave == "square":
            v = 1.0 if ph < 0.5 else -1.0
        elif wave == "triangle":
            v = 4 * ph - 1 if ph < 0.5 else 3 - 4 * ph
        elif wave == "saw":
            v = 2 * ph - 1
        else:
            raise ValueError(f"unknown wave {wave!r}; expected sine, square, triangle or saw")
        out.append(v)
    return out


def noise(seconds: float, seed: int) -> Signal:
    """White noise in [-1, 1) from the seeded LCG."""
    rng = Lcg(seed)
    return [rng.symmetric() for _ in range(samples(seconds))]


def lowpass(sig: Sequence[float], cutoff_hz: float) -> Signal:
    """One-pole low-pass filter (softens noise into rumble/shuffle)."""
    k = 1.0 - math.exp(-2 * math.pi * cutoff_hz / RATE)
    out: Signal = []
    y = 0.0
    for v in sig:
        y += k * (v - y)
        out.append(y)
    return out


def highpass(sig: Sequence[float], cutoff_hz: float) -> Signal:
    """Signal minus its low-passed version (keeps hiss and clicks)."""
    low = lowpass(sig, cutoff_hz)
    return [a - b for a, b in zip(sig, low, strict=True)]


def envelope(
    sig: Sequence[float], attack: float, decay: float, curve: float = 1.0, hold: float = 0.0
) -> Signal:
    """Linear attack (s), optional hold (s), then a decay (s) shaped by curve (>1 = faster)."""
    a_n, h_n, d_n = samples(attack), samples(hold), max(1, samples(decay))
    out: Signal = []
    for n, v in enumerate(sig):
        if n < a_n:
            g = n / a_n
        elif n < a_n + h_n:
            g = 1.0
        else:
            t = (n - a_n - h_n) / d_n
            g = 0.0 if t >= 1 else (1.0 - t) ** curve
        out.append(v * g)
    return out


def gain(sig: Sequence[float], g: float) -> Signal:
    """Scale a signal."""
    return [v * g for v in sig]


def mix(*signals: Sequence[float]) -> Signal:
    """Sum signals (length of the longest)."""
    n = max((len(s) for s in signals), default=0)
    out = [0.0] * n
    for s in signals:
        for i, v in enumerate(s):
            out[i] += v
    return out


def concat(*signals: Sequence[float]) -> Signal:
    """Signals one after another."""
    out: Signal = []
    for s in signals:
        out.extend(s)
    return out


def place(sig: Sequence[float], at_seconds: float, total_seconds: float) -> Signal:
    """Put sig at a time offset inside a silent signal of the given total length (truncated)."""
    out = silence(total_seconds)
    start = samples(at_seconds)
    for i, v in enumerate(sig):
        if start + i >= len(out):
            break
        out[start + i] += v
    return out


def normalize(sig: Sequence[float], peak: float = 0.8) -> Signal:
    """Scale so the loudest sample is at the given peak."""
    top = max((abs(v) for v in sig), default=0.0)
    return list(sig) if top == 0 else [v * peak / top for v in sig]


def wav_bytes(sig: Sequence[float]) -> bytes:
    """Canonical 16-bit mono PCM WAV bytes for a signal."""
    frames = bytearray()
    for v in sig:
        v = max(-1.0, min(1.0, v)) * 32767.0
        frames += struct.pack("<h", int(v + 0.5) if v >= 0 else -int(-v + 0.5))
    header = struct.pack(
        "<4sI4s4sIHHIIHH4sI",
        b"RIFF",
        36 + len(frames),
        b"WAVE",
        b"fmt ",
        16,
        1,  # PCM
        1,  # mono
        RATE,
        RATE * 2,
        2,
        16,
        b"data",
        len(frames),
    )
    return header + bytes(frames)


def save_wav(path: Path | str, sig: Sequence[float]) -> Path:
    """Write the signal as a WAV file (creating parent folders) and return its path."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(wav_bytes(sig))
    return out
