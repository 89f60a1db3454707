"""'65 events: what happened, with ids and numbers, and who may see it.

Every '65 event is :class:`Named`: the rules fill in the words for its ids when they
make it (names.py), and its text names units, cards and sides as players do."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from game.core.api import Event, Tone


class Namer(Protocol):
    """The player's word for an id of a game (names.Namer), or None for an unknown one."""

    def __call__(self, key: str, /) -> str | None: ...


@dataclass(frozen=True, kw_only=True)
class Named(Event):
    """An event that knows the player's words for the ids in its fields: a unit, bunker
    or card id by itself, a ``block`` field as ``block:ID``, each side as ``seat:N``.
    ``names`` is the game's :class:`Namer`, given to the event by the rules as they make
    it (``names.named``); an event made without one shows its ids."""

    names: Namer | None = field(default=None, compare=False, repr=False)

    def name(self, key: str) -> str:
        """The word for ``key`` (the key itself when there is none)."""
        word = self.names(key) if self.names is not None else None
        return key if word is None else word

    def names_of(self, keys: tuple[str, ...]) -> str:
        """Several ids as ``A, B and C``."""
        words = [self.name(k) for k in keys]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    def side(self, seat: int) -> str:
        """``the Americans`` (``player 1`` when no names were filled in)."""
        word = self.name(f"seat:{seat}")
        return f"player {seat + 1}" if word == f"seat:{seat}" else f"the {word}"

    def side_start(self, seat: int) -> str:
        """``The Americans``, to open a sentence."""
        word = self.side(seat)
        return word[0].upper() + word[1:]

    def block_name(self, block_id: str) -> str:
        """An action block by its name (``Move & Fire``)."""
        word = self.name(f"block:{block_id}")
        return block_id.replace("_", " ") if word == f"block:{block_id}" else word


def cards_word(count: int) -> str:
    """``no card``, ``1 card``, ``3 cards``."""
    return "no card" if count == 0 else f"{count} card{'s' * (count != 1)}"


def hits_word(count: int) -> str:
    """``no hit``, ``1 hit``, ``2 hits``."""
    return "no hit" if count == 0 else f"{count} hit{'s' * (count != 1)}"


#: The numbers of an attack in words (combat/ranged.py, vehicles/fire.py), and whether each is
#: taken off the total (shown with a minus).
NUMBER_WORDS: dict[str, tuple[str, bool]] = {
    "range": ("range", False),
    "hef": ("HEF", False),
    "range_modifier": ("range modifier", False),
    "smoke": ("smoke", True),
    "supporting_hef": ("support", False),
    "card_bonus": ("card bonus", False),
    "moving_target": ("moving target", False),
    "difficult_target": ("difficult target", True),
    "cover_factor": ("cover", True),
    "damage_draw": ("cards drawn", False),
    "targeting_modifier": ("targeting modifier", False),
    "aimed_shot": ("Aimed Shot", False),
    "reload": ("reload", False),
    "unexpected_cover": ("Unexpected Cover", False),
    "to_hit": ("to-hit", False),
    "apf": ("APF", False),
    "ap_range_modifier": ("AP range modifier", False),
    "critical_hit": ("Critical Hit", False),
    "modified_apf": ("modified APF", False),
    "af": ("armour factor", False),
    "flank": ("flank", True),
    "turret": ("turret", False),
    "armour": ("armour", False),
}
_MODIFIERS = frozenset(
    "range_modifier smoke card_bonus moving_target difficult_target cover_factor "
    "targeting_modifier aimed_shot reload unexpected_cover ap_range_modifier critical_hit "
    "flank turret".split()
)


def number_words(key: str, value: int) -> str:
    """One number of an attack in words: ``range 3``, ``cover -1``, ``card bonus +2``."""
    word, minus = NUMBER_WORDS.get(key, (key.replace("_", " "), False))
    if key not in _MODIFIERS:
        return f"{word} {value}"
    return f"{word} {-value if minus else value:+d}"


@dataclass(frozen=True, kw_only=True)
class PhaseBegins(Named):
    tone: ClassVar[Tone] = Tone.TURN
    turn: int
    phase: str

    def text(self) -> str:
        return f"Turn {self.turn}: {self.phase.replace('_', ' ')} phase."


@dataclass(frozen=True, kw_only=True)
class CardsDrawn(Named):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    """Cards into a hand; ``cards`` is only shown to the owner (``visible_to``)."""

    seat: int
    cards: tuple[str, ...]

    def text(self) -> str:
        return f"{self.side_start(self.seat)} draw {self.names_of(self.cards)}."


@dataclass(frozen=True, kw_only=True)
class EndTurnDrawn(Named):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    """5a, 6a: an End Turn card came up and is set aside."""

    tone: ClassVar[Tone] = Tone.TURN
    card: str
    count: int
    limit: int

    def text(self) -> str:
        return f"An End Turn card comes up and is set aside ({self.count} of {self.limit})."


@dataclass(frozen=True, kw_only=True)
class InitiativeBid(Named):
    """5b: a card laid face down; only its owner sees which (no undo past it: it came
    from a hidden hand)."""

    reveals: bool = True
    seat: int
    card: str

    def text(self) -> str:
        return (
            f"{self.side_start(self.seat)} lay {self.name(self.card)} face down for the initiative."
        )


@dataclass(frozen=True, kw_only=True)
class CardsKept(Named):
    """5e: how many cards a player keeps (the cards themselves stay hidden)."""

    reveals: bool = True
    seat: int
    count: int

    def text(self) -> str:
        return f"{self.side_start(self.seat)} keep {cards_word(self.count)}."


@dataclass(frozen=True, kw_only=True)
class InitiativeRevealed(Named):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    tone: ClassVar[Tone] = Tone.ROLL
    cards: tuple[str, str]
    winner: int | None

    def text(self) -> str:
        who = "a tie" if self.winner is None else f"{self.side(self.winner)} have the initiative"
        shown = (
            f"{self.side(0)} {self.name(self.cards[0])}, {self.side(1)} {self.name(self.cards[1])}"
        )
        return f"Initiative cards turned up ({shown}): {who}."


@dataclass(frozen=True, kw_only=True)
class ImpulseBegins(Named):
    tone: ClassVar[Tone] = Tone.TURN
    seat: int

    def text(self) -> str:
        side = self.side_start(self.seat)
        return f"{side}'{'' if side.endswith('s') else 's'} impulse."


@dataclass(frozen=True, kw_only=True)
class Passed(Named):
    seat: int

    def text(self) -> str:
        return f"{self.side_start(self.seat)} pass."


@dataclass(frozen=True, kw_only=True)
class CardPlayed(Named):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    seat: int
    card: str
    block: str

    def text(self) -> str:
        side, block = self.side_start(self.seat), self.block_name(self.block)
        return f"{side} play {block}: {self.name(self.card)}."


@dataclass(frozen=True, kw_only=True)
class CardDiscarded(Named):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    seat: int
    card: str

    def text(self) -> str:
        return f"{self.side_start(self.seat)} discard {self.name(self.card)}."


@dataclass(frozen=True, kw_only=True)
class FireDeclared(Named):
    """10b: the attack and every number of its firepower."""

    tone: ClassVar[Tone] = Tone.ROLL
    lead: str
    supporting: tuple[str, ...]
    target: str
    numbers: tuple[tuple[str, int], ...]

    def text(self) -> str:
        who = self.name(self.lead)
        if self.supporting:
            who += f" with {self.names_of(self.supporting)}"
        draw = dict(self.numbers).get("damage_draw", 1)
        shown = [(k, v) for k, v in self.numbers if v != 0 and (k != "damage_draw" or v > 0)]
        nums = ", ".join(number_words(k, v) for k, v in shown)
        verb = "fire" if self.supporting else "fires"
        text = f"{who} {verb} at {self.name(self.target)}" + (f" ({nums})" if nums else "")
        return text + (": too weak, no card is drawn." if draw <= 0 else ".")


@dataclass(frozen=True, kw_only=True)
class FriendlyHits(Named):
    """Scenario 6: the AC-47's Damage Draw hits a friendly hex near its target."""

    tone: ClassVar[Tone] = Tone.ROLL
    hex: str
    hits: int

    def text(self) -> str:
        return (
            f"The AC-47's fire also falls on {self.hex}: {self.hits} hit{'s' * (self.hits != 1)}."
        )


@dataclass(frozen=True, kw_only=True)
class DamageCard(Named):
    reveals: bool = True  # a card leaves a hidden hand or the deck
    """10c: one card of a Damage Draw, its HE result and what it did."""

    tone: ClassVar[Tone] = Tone.ROLL
    card: str
    hit_colour: str | None
    hit: bool
    target: str

    def text(self) -> str:
        face = f"a {self.hit_colour} Hit" if self.hit_colour else "no Hit"
        did = f": a hit on {self.name(self.target)}" if self.hit else ""
        return f"Damage Draw: {self.name(self.card)}, {face}{did}."


@dataclass(frozen=True, kw_only=True)
class HitApplied(Named):
    """10c: a Hit drawn earlier takes effect (after the defender's window)."""

    tone: ClassVar[Tone] = Tone.BAD
    unit: str
    result: str

    def text(self) -> str:
        return f"{self.name(self.unit)} is hit: {self.result}."


@dataclass(frozen=True, kw_only=True)
class HitIgnored(Named):
    tone: ClassVar[Tone] = Tone.GOOD
    unit: str
    card: str

    def text(self) -> str:
        return (
            f"{self.name(self.unit)} shrugs off a hit (Light Wounds, card {self.name(self.card)})."
        )


@dataclass(frozen=True, kw_only=True)
class UnitMoved(Named):
    unit: str
    path: tuple[str, ...]
    points: int

    def text(self) -> str:
        return f"{self.name(self.unit)} moves {'-'.join(self.path)} ({self.points} MP)."


@dataclass(frozen=True, kw_only=True)
class UnitPlaced(Named):
    """24: a unit set up; ``aboard``: the carrier it sets up in (scenario 6, 8a)."""

    unit: str
    hex: str
    aboard: str | None = None

    def text(self) -> str:
        carrier = f" aboard {self.name(self.aboard)}" if self.aboard else ""
        return f"{self.name(self.unit)} sets up{carrier} in {self.hex}."


@dataclass(frozen=True, kw_only=True)
class UnitRallied(Named):
    tone: ClassVar[Tone] = Tone.GOOD
    unit: str
    reconstituted: bool

    def text(self) -> str:
        done = "is back to full strength" if self.reconstituted else "rallies"
        return f"{self.name(self.unit)} {done}."


@dataclass(frozen=True, kw_only=True)
class MarkerRemoved(Named):
    unit: str
    marker: str

    def text(self) -> str:
        return f"{self.name(self.unit)}: {self.marker.replace('_', ' ')} marker removed."


@dataclass(frozen=True, kw_only=True)
class AssaultFought(Named):
    """13: an assault was fought; hits each side took."""

    tone: ClassVar[Tone] = Tone.ROLL
    hex: str
    attacker_hits: int
    defender_hits: int

    def text(self) -> str:
        return (
            f"Assault in {self.hex}: the attackers take {hits_word(self.attacker_hits)}, "
            f"the defenders {hits_word(self.defender_hits)}."
        )


@dataclass(frozen=True, kw_only=True)
class SmokePlaced(Named):
    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.name(self.unit)} lays smoke in {self.hex}."


@dataclass(frozen=True, kw_only=True)
class GameOver(Named):
    tone: ClassVar[Tone] = Tone.END
    turns: int

    def text(self) -> str:
        return f"The last turn ({self.turns}) is over."


@dataclass(frozen=True, kw_only=True)
class WeatherDrawn(Named):
    reveals: bool = True  # a card leaves the deck
    """18r (Kickstarter): a Sudden Downpour came up; ``check`` decided whether it rains."""

    tone: ClassVar[Tone] = Tone.TURN
    card: str
    check: str
    rains: bool

    def text(self) -> str:
        if self.rains:
            return (
                f"Sudden Downpour: the next card ({self.name(self.check)}) shows a Hit: "
                "it rains, sight 3 hexes."
            )
        return (
            f"Sudden Downpour: the next card ({self.name(self.check)}) shows no Hit: it stays dry."
        )


@dataclass(frozen=True, kw_only=True)
class FoxholeRedraw(Named):
    reveals: bool = True  # a card leaves the deck
    """23a, 18s (Kickstarter): the first Hit on a unit in a foxhole is set aside and
    another card drawn in its place."""

    tone: ClassVar[Tone] = Tone.GOOD
    card: str
    unit: str

    def text(self) -> str:
        return (
            f"{self.name(self.unit)}'s foxhole turns aside the Hit of {self.name(self.card)}; "
            "another card is drawn."
        )
