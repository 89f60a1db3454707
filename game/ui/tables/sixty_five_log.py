"""The '65 log in words: the rules' events name units and cards by id (``vc_rifle_1``,
``c48``); the log panel shows the counter's name (``VC Rifle 1``, ``Riggs``), the card's
blocks and TN (``Rally 2 / Scout (TN 6)``) and the side (``Americans``) instead."""

from __future__ import annotations

import re

from game.core.api import Event
from game.rules.sixty_five.data import SixtyFiveData
from game.rules.sixty_five.events import FireDeclared
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.tables.sixty_five_choices import card_label, unit_name
from game.ui.tables.sixty_five_marks import long_names

_WORD = re.compile(r"\b[A-Za-z][A-Za-z0-9_]*\b")
_PLAYER = re.compile(r"\bPlayer ([12])\b")


def log_line(data: SixtyFiveData, event: Event, view: SixtyFiveView) -> str:
    """``event``'s text with every unit and card id replaced by its name, and "Player N"
    by the side's name."""
    units = {u.id: u for u in view.units}
    known = {c.id for c in (*data.cards, *data.kickstarter_cards)}

    def word(m: re.Match[str]) -> str:
        token = m.group(0)
        if token in units:
            return unit_name(units, token)
        if token in known:
            return card_label(data, token)
        return token

    sides = long_names(view)
    raw = fire_text(event) if isinstance(event, FireDeclared) else event.text()
    text = _PLAYER.sub(lambda m: sides[int(m.group(1)) - 1], raw)
    return _WORD.sub(word, text)


def fire_text(event: FireDeclared) -> str:
    """An attack in the log: the numbers that count, in words (``to hit 5, apf 3``),
    leaving out the modifiers that are 0 (most of an AP shot's dozen)."""
    nums = ", ".join(
        f"{name.replace('_', ' ')} {value}" for name, value in event.numbers if value != 0
    )
    return f"{event.lead} fires at {event.target}" + (f" ({nums})." if nums else ".")
