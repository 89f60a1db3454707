"""Synthesised sound effects (16-bit mono 22050 Hz, each under one second).

Built from seeded noise (tools.assets.Lcg), simple oscillators, one-pole filters and
envelopes. Peaks are normalised per sound so the set plays at similar loudness.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tools.assets.wav import (
    Signal,
    concat,
    envelope,
    gain,
    highpass,
    lowpass,
    mix,
    noise,
    normalize,
    place,
    save_wav,
    silence,
    tone,
)

NOTE_HZ = {"C4": 261.63, "E4": 329.63, "G4": 392.0, "Eb4": 311.13, "C5": 523.25, "E5": 659.26}
NOTE_HZ |= {"G5": 783.99, "C6": 1046.5, "Ab3": 207.65, "B3": 246.94}


def note(name: str, seconds: float, wave: str = "triangle") -> Signal:
    """One plucked note: quick attack, smooth decay."""
    return envelope(tone(NOTE_HZ[name], seconds, wave), 0.005, seconds - 0.005, curve=1.6)


def draw() -> Signal:
    """A card sliding off the deck: a soft band-limited swish."""
    n = lowpass(highpass(noise(0.24, 1), 900), 5000)
    swell = envelope(n, 0.07, 0.17, curve=1.5)
    return normalize(swell, 0.55)


def flip() -> Signal:
    """A card turned over: two quick paper snaps."""
    snap1 = envelope(highpass(noise(0.04, 2), 1500), 0.001, 0.04, curve=3)
    snap2 = envelope(highpass(noise(0.05, 3), 1100), 0.001, 0.05, curve=3)
    return normalize(mix(place(snap1, 0.0, 0.12), place(snap2, 0.05, 0.12)), 0.6)


def casualty() -> Signal:
    """A body falling: a low thud with a muffled rumble."""
    thud = envelope(tone(lambda t: 95 - 120 * t, 0.4), 0.003, 0.4, curve=2.5)
    rumble = envelope(lowpass(noise(0.4, 4), 180), 0.003, 0.35, curve=2)
    return normalize(mix(thud, gain(rumble, 2.5)), 0.85)


def win() -> Signal:
    """A short rising arpeggio ending on a held high note."""
    notes = [note("C5", 0.1), note("E5", 0.1), note("G5", 0.1), note("C6", 0.35)]
    shine = [gain(note(n, d, "sine"), 0.4) for n, d in (("E5", 0.1), ("G5", 0.1), ("C6", 0.1))]
    lead = concat(*notes)
    return normalize(mix(lead, place(concat(*shine), 0.01, 0.66)), 0.7)


def lose() -> Signal:
    """A slow falling figure in a minor key."""
    line = concat(note("G4", 0.18), note("Eb4", 0.18), note("C4", 0.18), note("B3", 0.36))
    return normalize(lowpass(line, 2500), 0.65)


def click() -> Signal:
    """A crisp UI click."""
    tick = envelope(tone(2200, 0.03, "sine"), 0.0005, 0.03, curve=4)
    grit = envelope(highpass(noise(0.012, 5), 3000), 0.0005, 0.012, curve=3)
    return normalize(mix(tick, gain(grit, 0.4)), 0.45)


def shot() -> Signal:
    """A gunshot: a sharp noise crack over a short low punch."""
    crack = envelope(noise(0.3, 6), 0.001, 0.3, curve=5)
    punch = envelope(tone(lambda t: 140 - 200 * t, 0.15), 0.001, 0.15, curve=3)
    body = envelope(lowpass(noise(0.3, 7), 900), 0.001, 0.3, curve=3)
    return normalize(mix(crack, gain(punch, 0.8), gain(body, 2.0)), 0.9)


def trap() -> Signal:
    """A booby trap going off: a heavy bang with a long rumbling tail."""
    blast = envelope(noise(0.7, 8), 0.002, 0.7, curve=4)
    boom = envelope(lowpass(noise(0.7, 9), 250), 0.002, 0.65, curve=1.8)
    sub = envelope(tone(lambda t: 70 - 40 * t, 0.5), 0.002, 0.5, curve=2)
    return normalize(mix(gain(blast, 0.6), gain(boom, 4.0), sub), 0.95)


def wound() -> Signal:
    """Being hit: a short downward buzzy grunt."""
    grunt = lowpass(tone(lambda t: 320 - 500 * t, 0.22, "saw"), 1200)
    return normalize(envelope(grunt, 0.01, 0.21, curve=2), 0.7)


def move() -> Signal:
    """A figure moving: three soft shuffling steps."""
    total = 0.42
    steps = []
    for k in range(3):
        scuff = envelope(lowpass(highpass(noise(0.09, 10 + k), 300), 1800), 0.02, 0.07, curve=2)
        steps.append(place(scuff, 0.02 + 0.13 * k, total))
    return normalize(mix(*steps), 0.45)


def deny() -> Signal:
    """An action refused: two short low buzzes."""
    buzz = envelope(lowpass(tone(150, 0.09, "square"), 1400), 0.004, 0.085, curve=0.6)
    return normalize(concat(buzz, silence(0.05), buzz), 0.5)


SOUNDS: dict[str, Callable[[], Signal]] = {
    "draw": draw,
    "flip": flip,
    "casualty": casualty,
    "win": win,
    "lose": lose,
    "click": click,
    "shot": shot,
    "trap": trap,
    "wound": wound,
    "move": move,
    "deny": deny,
}


def generate(root: Path) -> list[Path]:
    """Write sounds/*.wav under root."""
    return [save_wav(root / "sounds" / f"{name}.wav", make()) for name, make in SOUNDS.items()]
