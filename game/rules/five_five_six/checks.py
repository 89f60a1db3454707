"""5.56mm 2.3: the one roll behind every action, D6 + an ability score against a Target
Number (TN), and the degree of success (the margin by which the total beats the TN).

Everything here is a value: a :class:`Check` is what the calculator shows before the roll
(the TN with each named :class:`Modifier`, the bonuses to the roll, the exact chance as a
``Fraction``); :meth:`Check.resolve` turns a rolled face into a :class:`CheckResult`.
A :class:`Contest` is the same for a TN that is itself rolled (damage, hand to hand).
Dice are drawn only from a passed-in :class:`game.core.rng.Rng`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from game.core.dice import D6
from game.core.rng import Rng

T = TypeVar("T")

#: The faces of a D6, for exact odds.
FACES = D6.faces


@dataclass(frozen=True, slots=True)
class Modifier:
    """One named number added to a TN or to a roll ("Partial concealment", +1)."""

    name: str
    value: int

    def __str__(self) -> str:
        return f"{self.name} {self.value:+d}"


def total_of(modifiers: Iterable[Modifier]) -> int:
    """The sum of the modifiers' values."""
    return sum(m.value for m in modifiers)


def nonzero(modifiers: Iterable[Modifier]) -> tuple[Modifier, ...]:
    """The modifiers that change something (a zero is not listed on screen)."""
    return tuple(m for m in modifiers if m.value != 0)


@dataclass(frozen=True, slots=True)
class TargetNumber:
    """A TN: a base from a table (named) plus named modifiers."""

    base: int
    base_name: str
    modifiers: tuple[Modifier, ...] = ()

    @property
    def value(self) -> int:
        return self.base + total_of(self.modifiers)

    def plus(self, *modifiers: Modifier) -> TargetNumber:
        """This TN with more modifiers (zeros left out)."""
        return TargetNumber(self.base, self.base_name, self.modifiers + nonzero(modifiers))

    def lines(self) -> tuple[str, ...]:
        """Human-readable lines: the base, then each modifier."""
        return (f"{self.base_name} {self.base}", *(str(m) for m in self.modifiers))


def chance_to_reach(bonus: int, tn: int) -> Fraction:
    """Exact chance that D6 + ``bonus`` equals or beats ``tn`` (a 6 is no automatic
    success, a 1 no automatic failure: 5.56mm 3.2 allows impossible shots)."""
    return D6.chance_at_least(tn - bonus)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A resolved check: the face rolled, the total, the margin (total - TN) and success."""

    check: Check
    roll: int

    @property
    def total(self) -> int:
        return self.roll + self.check.bonus

    @property
    def margin(self) -> int:
        """Degree of success (>= 0) or failure (< 0): total minus TN (5.56mm 2.3)."""
        return self.total - self.check.tn.value

    @property
    def success(self) -> bool:
        return self.margin >= 0


@dataclass(frozen=True, slots=True)
class Check:
    """D6 + bonuses (the ability first, named) against a TN (5.56mm 2.3)."""

    tn: TargetNumber
    bonuses: tuple[Modifier, ...]

    @property
    def bonus(self) -> int:
        return total_of(self.bonuses)

    @property
    def chance(self) -> Fraction:
        """Exact chance of success."""
        return chance_to_reach(self.bonus, self.tn.value)

    def margins(self) -> dict[int, Fraction]:
        """Exact chance of each margin (total - TN)."""
        out: dict[int, Fraction] = {}
        for face in FACES:
            m = face + self.bonus - self.tn.value
            out[m] = out.get(m, Fraction(0)) + Fraction(1, len(FACES))
        return out

    def resolve(self, roll: int) -> CheckResult:
        """The result for the face ``roll`` (1..6)."""
        if roll not in FACES:
            raise ValueError(f"a D6 shows 1 to 6, got {roll}")
        return CheckResult(self, roll)

    def roll(self, rng: Rng) -> CheckResult:
        return self.resolve(roll_d6(rng))

    def numbers(self) -> dict[str, object]:
        """Plain data for the calculator and the screen: the TN with its named
        modifiers, the ability and other roll modifiers, the exact chance."""
        ability = self.bonuses[0] if self.bonuses else Modifier("Ability", 0)
        return {
            "target_number": self.tn.value,
            "base": f"{self.tn.base_name} {self.tn.base}",
            "modifiers": [str(m) for m in self.tn.modifiers],
            "ability": ability.value,
            "ability_name": ability.name,
            "roll_modifiers": [str(m) for m in self.bonuses[1:]],
            "chance": self.chance,
        }

    def outcomes(self) -> dict[str, Fraction]:
        """Exact chance of "success" and "failure" (they add up to 1)."""
        return {"success": self.chance, "failure": 1 - self.chance}


def make_check(
    tn: TargetNumber, ability_name: str, ability: int, *roll_modifiers: Modifier
) -> Check:
    """A check adding the ability score (named) and any other roll modifiers."""
    return Check(tn, (Modifier(ability_name, ability), *nonzero(roll_modifiers)))


@dataclass(frozen=True, slots=True)
class ContestResult:
    """A resolved contest: the TN side's roll and the rolling side's roll."""

    contest: Contest
    tn_roll: int
    roll: int

    @property
    def tn(self) -> int:
        return self.tn_roll + total_of(self.contest.tn_bonuses)

    @property
    def total(self) -> int:
        return self.roll + total_of(self.contest.bonuses)

    @property
    def margin(self) -> int:
        return self.total - self.tn

    @property
    def success(self) -> bool:
        return self.margin >= 0

    def reroll(self, roll: int) -> ContestResult:
        """The same rolled TN with the rolling side's die rolled again (10.0 Nails)."""
        return self.contest.resolve(self.tn_roll, roll)


@dataclass(frozen=True, slots=True)
class Contest:
    """A TN that is rolled too: TN = D6 + ``tn_bonuses`` (e.g. damage, or the defender's
    Strength in hand to hand); the other side rolls D6 + ``bonuses`` to equal or beat it."""

    tn_bonuses: tuple[Modifier, ...]
    bonuses: tuple[Modifier, ...]

    def margins(self) -> dict[int, Fraction]:
        """Exact chance of each margin (total - TN) over the 36 pairs of faces."""
        diff = total_of(self.bonuses) - total_of(self.tn_bonuses)
        out: dict[int, Fraction] = {}
        for a in FACES:
            for b in FACES:
                m = b - a + diff
                out[m] = out.get(m, Fraction(0)) + Fraction(1, len(FACES) ** 2)
        return out

    @property
    def chance(self) -> Fraction:
        """Exact chance that the rolling side equals or beats the rolled TN."""
        return sum((p for m, p in self.margins().items() if m >= 0), Fraction(0))

    def resolve(self, tn_roll: int, roll: int) -> ContestResult:
        for face in (tn_roll, roll):
            if face not in FACES:
                raise ValueError(f"a D6 shows 1 to 6, got {face}")
        return ContestResult(self, tn_roll, roll)

    def roll(self, rng: Rng) -> ContestResult:
        tn_roll = roll_d6(rng)
        return self.resolve(tn_roll, roll_d6(rng))

    def numbers(self) -> dict[str, object]:
        """Plain data for the calculator: both sides' named bonuses, the exact chance."""
        return {
            "target_number": "D6" + "".join(f" {m}" for m in self.tn_bonuses),
            "tn_modifiers": [str(m) for m in self.tn_bonuses],
            "roll_modifiers": [str(m) for m in self.bonuses],
            "chance": self.chance,
        }


R = TypeVar("R", CheckResult, ContestResult)


def better(first: R, second: R) -> R:
    """The better of two rolls of one check or contest (10.0 Nails and Fearless: "taking
    the best result"). Sharpshooter's and the Leader's re-rolls replace the failed roll
    instead (the data's D18): use the second result as it is."""
    return second if second.margin > first.margin else first


def roll_d6(rng: Rng) -> int:
    """One D6 from the game's generator."""
    return rng.roll(6)


def roll_d3(rng: Rng) -> int:
    """One D3 (a D6 halved, rounded up) from the game's generator."""
    return d3_from_d6(rng.roll(6))


def d3_from_d6(face: int) -> int:
    """A D3 read off a D6: 1-2 is 1, 3-4 is 2, 5-6 is 3."""
    if face not in FACES:
        raise ValueError(f"a D6 shows 1 to 6, got {face}")
    return (face + 1) // 2


def by_margin(margin: int, rows: Sequence[tuple[int, T]]) -> T | None:
    """The value of the result-table row for ``margin``: ``rows`` are (lowest margin,
    value) from the best row down; the best row also covers every higher margin. ``None``
    when the margin is below the last row."""
    for lowest, value in rows:
        if margin >= lowest:
            return value
    return None
