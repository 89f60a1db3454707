"""Select-then-confirm input: the first click (or number key) on an option selects it and
shows what it would do; a second click on it, or Enter, confirms; Esc or a click elsewhere
cancels. A key that names several options (F: fire, at one of three targets) steps
through them with :meth:`SelectConfirm.step`. Tables use it wherever one click would
otherwise commit a risky action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

import pygame

T = TypeVar("T")

_NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)
}


class SelectConfirm(Generic[T]):
    """Options offered in a fixed order; ``selected`` is the one awaiting confirmation."""

    def __init__(self) -> None:
        self.options: tuple[T, ...] = ()
        self.selected: T | None = None

    def offer(self, options: Sequence[T]) -> None:
        """Replace the options; the selection survives only if it is still offered."""
        self.options = tuple(options)
        if self.selected not in self.options:
            self.selected = None

    def number_of(self, option: T) -> int:
        """The number key (1-9) that selects ``option`` (0: none)."""
        index = self.options.index(option) if option in self.options else 9
        return index + 1 if index < 9 else 0

    def choose(self, option: T) -> T | None:
        """A click or key on ``option``: select it, or confirm it when already selected.
        Returns the option once confirmed."""
        if option not in self.options:
            self.selected = None
            return None
        if self.selected == option:
            self.selected = None
            return option
        self.selected = option
        return None

    def select(self, option: T) -> None:
        """Propose ``option`` without confirming it (one that is not offered clears the
        selection instead)."""
        self.selected = option if option in self.options else None

    def confirm(self) -> T | None:
        """The selected option, now confirmed (``None`` if nothing is selected); the
        selection is cleared."""
        chosen, self.selected = self.selected, None
        return chosen

    def step(self, among: Sequence[T]) -> T | None:
        """One press of a key that cycles through ``among`` (some of the options, e.g. the
        targets of "Fire", nearest first): the first press selects the first; each further
        press selects the next one (wrapping round), or confirms when ``among`` holds only
        one. Returns the option once confirmed."""
        if self.selected is not None and self.selected in among:
            if len(among) == 1:
                return self.confirm()
            self.select(among[(list(among).index(self.selected) + 1) % len(among)])
        elif among:
            self.select(among[0])
        return None

    def handle_key(self, key: int) -> T | None:
        """Number keys select (or confirm) an option, Enter confirms, Esc cancels."""
        if key in _NUMBER_KEYS:
            n = _NUMBER_KEYS[key]
            if n <= len(self.options):
                return self.choose(self.options[n - 1])
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.confirm()
        if key == pygame.K_ESCAPE:
            self.selected = None
        return None

    def cancel(self) -> None:
        self.selected = None
