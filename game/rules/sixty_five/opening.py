"""The opening of a '65 scenario in the log (issue 31): the scenario and its length, the
Bonus Victory Condition card each side draws before set-up (24b), the fortifications
the scenario lays before anyone sets up (wire, rubble, 23) and who sets up first.

Made once when the game is made (``SixtyFiveState.for_scenario``) and kept apart from
the state's snapshot, so saves' digests do not change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.api import Event, Tone
from game.rules.sixty_five.bonus import load_bonus_cards
from game.rules.sixty_five.briefing import title
from game.rules.sixty_five.events import Named
from game.rules.sixty_five.scenario import Scenario

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
FORT_WORDS = {
    "wire": "Barbed wire",
    "rubble": "Rubble",
    "foxhole": "Foxholes",
    "bunker": "Bunkers",
}


@dataclass(frozen=True, kw_only=True)
class ScenarioOpens(Named):
    """The scenario, its length and what wins."""

    tone: ClassVar[Tone] = Tone.TURN
    title: str
    turns: int
    end_turns: int
    goal: str

    def text(self) -> str:
        nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(self.end_turns, f"{self.end_turns}th")
        return (
            f"Scenario {self.title}: {self.turns} turns, each ending when the {nth} End Turn "
            f"card comes up. {self.goal}."
        )


@dataclass(frozen=True, kw_only=True)
class BonusCardDrawn(Named):
    """24b: a side's Bonus Victory Condition card, face up (``card``: its id)."""

    seat: int
    card: str
    title: str
    condition: str

    def text(self) -> str:
        return (
            f"{self.side_start(self.seat)} draw the Bonus Victory Condition card "
            f"{self.title}: {self.condition}."
        )


@dataclass(frozen=True, kw_only=True)
class FortificationsLaid(Named):
    """23: fortifications the scenario places before set-up."""

    kind: str
    hexes: tuple[str, ...]

    def text(self) -> str:
        word = FORT_WORDS.get(self.kind, self.kind.capitalize())
        return f"{word} in {', '.join(self.hexes)}."


@dataclass(frozen=True, kw_only=True)
class SetupOrder(Named):
    """24: the order the sides set up in, step by step."""

    tone: ClassVar[Tone] = Tone.TURN
    seats: tuple[int, ...]

    def text(self) -> str:
        steps = [f"{self.side(s)} {ORDINALS[i]}" for i, s in enumerate(self.seats)]
        return "Set-up: " + ", ".join(steps) + "."


def opening_events(scenario: Scenario, bonus: tuple[str, ...], goal: str) -> list[Event]:
    """The events of the scenario's opening, before any action (names not filled in)."""
    out: list[Event] = [
        ScenarioOpens(
            title=title(scenario),  # a scenario of one's own by its title alone
            turns=scenario.turns,
            end_turns=scenario.end_turns,
            goal=goal,
        )
    ]
    cards = load_bonus_cards()
    for seat, card_id in enumerate(bonus):
        card = cards[card_id]
        out.append(BonusCardDrawn(seat=seat, card=card_id, title=card.name, condition=card.short()))
    for fort in scenario.fortifications:
        hexes = tuple(f"{fort.map}{h.upper()}" for h in fort.hexes)
        out.append(FortificationsLaid(kind=fort.kind, hexes=hexes))
    out.append(SetupOrder(seats=tuple(step.seat for step in scenario.setup)))
    return out
