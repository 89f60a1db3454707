"""The '65 choice list as the panel shows it: the picked unit's plays, grouped under the
card each one spends (the card named above its group), every fire with its odds, no two
entries alike, and shots that cannot do anything last and marked "0%".

With no unit picked and several units able to act, only the plays of no unit (a strike,
a discard) are listed: the player picks the unit on the board first (or Tab), so the
list never runs to hundreds of lines. Pure functions of the view and an ``explain``
(the table's remembered ``view.explain``), so the table and its tests list the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core.api import Action, Explanation
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.data import SixtyFiveData
from game.rules.sixty_five.names import card_label
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.tables.sixty_five.choices import (
    Picks,
    card_of,
    describe,
    is_search,
    is_strike,
    narrowed,
    odds_text,
    units_of,
)

Explain = Callable[[Action], Explanation | None]
NO_EFFECT = ("no effect", "missed")  # outcome names that leave the target as it was
MOST_ENTRIES = 9  # keys 1-9 on a page


@dataclass(frozen=True)
class Entry:
    """One listed play: its text and, for a fire, the chance it does anything."""

    action: Action
    text: str
    group: str  # the card it spends, as the header reads ("" for a play of no card)
    chance: float | None = None

    @property
    def hopeless(self) -> bool:
        """A fire with no chance of any effect (listed last, greyed, asked about)."""
        return self.chance is not None and self.chance <= 0.0


@dataclass(frozen=True)
class Header:
    """The card a group of entries spends."""

    text: str


Row = Entry | Header


def effect_chance(outcomes: dict[str, float]) -> float:
    """The chance that a shot changes anything: every outcome but ``no effect`` (a Damage
    Draw with no hit, an AP hit that bounces) and ``missed`` (an AP targeting miss)."""
    return sum(p for k, p in outcomes.items() if not k.endswith(NO_EFFECT) and k != "0 hits")


def is_fire(action: Action) -> bool:
    """A play at a target (Fire, Move & Fire, AP fire, a bunker shot), not a strike."""
    return isinstance(action, Play) and bool(action.target) and not is_strike(action)


def fire_odds(view: SixtyFiveView, answer: Explanation | None) -> tuple[float, str] | None:
    """A fire's chance of any effect and its results as a short line (``Shaken 42%,
    reduced 8%``; ``0%: no effect possible`` for a hopeless shot)."""
    if answer is None or not answer.outcomes:
        return None
    chance = effect_chance(answer.outcomes)
    if chance <= 0.0:
        return 0.0, "0%: no effect possible"
    units = {u.id: u for u in view.units}
    kept = {k: p for k, p in answer.outcomes.items() if p > 0 and not k.endswith(NO_EFFECT)}
    return chance, odds_text(units, kept)


def group_of(data: SixtyFiveData, action: Action) -> str:
    card = card_of(action)
    return f"Card {card_label(data, card)}" if card is not None else ""


def entries(
    view: SixtyFiveView,
    picks: Picks,
    data: SixtyFiveData,
    explain: Explain,
    ground: Field | None = None,
) -> list[Entry]:
    """The entries the list offers for ``picks`` (see the module docstring): grouped by
    card in the order of the hand (in a group the fires first), the shortest path kept
    where two plays read alike, hopeless shots last."""
    left = narrowed(view, picks)
    if picks.unit is None and len({u for a in left for u in units_of(a)}) > 1:
        left = [a for a in left if not units_of(a)]
    found: dict[tuple[str, str], Entry] = {}
    for action in left:
        group = group_of(data, action)
        text = describe(action, view, data, ground, actor=picks.unit)
        key = (group, text)
        if key in found and _length(found[key].action) <= _length(action):
            continue
        chance = None
        if is_fire(action):
            odds = fire_odds(view, explain(action))
            if odds is not None:
                chance = odds[0]
                text += f" - {odds[1]}"
        found[key] = Entry(action, text, group, chance)
    hand = list(view.hand)

    def order(e: Entry) -> tuple[bool, bool, int, bool]:  # a relic search first (scen. 8)
        card = card_of(e.action)
        at = hand.index(card) + 1 if card in hand else 0
        return e.hopeless, not is_search(e.action), at, e.chance is None  # fires first

    return sorted(found.values(), key=order)


def _length(action: Action) -> int:
    return len(getattr(action, "path", None) or ())


def pages(listed: Sequence[Entry], rows: int) -> list[list[Row]]:
    """The entries in pages of at most ``rows`` lines (a group's header takes one, again
    at the top of a page it continues on) and ``MOST_ENTRIES`` entries."""
    rows = max(2, rows)
    out: list[list[Row]] = []
    page: list[Row] = []
    last: str | None = None
    count = 0  # entries on the page
    for e in listed:
        header = bool(e.group) and e.group != last
        if page and (len(page) + 1 + header > rows or count >= MOST_ENTRIES):
            out.append(page)
            page, last, count = [], None, 0
            header = bool(e.group)
        if header:
            page.append(Header(e.group))
        page.append(e)
        last, count = e.group, count + 1
    if page:
        out.append(page)
    return out
