"""'65 Bonus Victory Condition cards (24b): the designed deck (``data/bonus.yaml``), the
draw before set-up (a card that cannot be met in the scenario is put back and another
drawn) and whether a card's condition was met at the end."""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from game.core.data import load_model
from game.core.rng import Rng
from game.rules.sixty_five.data import DATA_DIR
from game.rules.sixty_five.model import Counter


class BonusKind(StrEnum):
    ELIMINATE_HEROES = "eliminate_heroes"
    ELIMINATE_UNITS = "eliminate_units"
    ELIMINATE_ABILITY = "eliminate_ability"
    EXIT_ENEMY_EDGE = "exit_enemy_edge"
    HEROES_SURVIVE = "heroes_survive"
    LOSE_AT_MOST = "lose_at_most"


class BonusCard(BaseModel):
    """One Bonus Victory Condition card."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    kind: BonusKind
    count: int = Field(default=1, ge=0)
    ability: str | None = None

    @model_validator(mode="after")
    def _ability_named(self) -> BonusCard:
        if (self.kind is BonusKind.ELIMINATE_ABILITY) != (self.ability is not None):
            raise ValueError("eliminate_ability (and only it) names an ability")
        return self

    def short(self) -> str:
        """The condition in a few words, for the table and the log."""
        n = self.count
        match self.kind:
            case BonusKind.ELIMINATE_HEROES:
                return f"kill {n} Hero{'es' if n > 1 else ''}"
            case BonusKind.ELIMINATE_UNITS:
                return f"kill {n} units"
            case BonusKind.ELIMINATE_ABILITY:
                ability = (self.ability or "").replace("_", " ")
                if self.ability == "suppression":
                    return f"kill {n} machine guns"
                return f"kill {n} units with {ability}"
            case BonusKind.EXIT_ENEMY_EDGE:
                return f"get {n} unit{'s' * (n != 1)} off the enemy's home edge"
            case BonusKind.HEROES_SURVIVE:
                return "lose no Hero"
        return f"lose at most {n}"


class _Deck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    cards: tuple[BonusCard, ...] = Field(min_length=2)


@cache
def load_bonus_cards(path: Path | None = None) -> dict[str, BonusCard]:
    """The Bonus Victory Condition cards by id."""
    cards = load_model(path or DATA_DIR / "bonus.yaml", _Deck).cards
    return {c.id: c for c in cards}


def possible(card: BonusCard, seat: int, units: list[Counter], enemy_edge: bool) -> bool:
    """24b: whether the condition can be met at all with the scenario's units (``units``:
    both sides') and a friendly map edge for the enemy (``enemy_edge``)."""
    own = [u for u in units if u.seat == seat]
    enemy = [u for u in units if u.seat != seat]
    match card.kind:
        case BonusKind.ELIMINATE_HEROES:
            return sum(u.hero for u in enemy) >= card.count
        case BonusKind.ELIMINATE_UNITS:
            return len(enemy) >= card.count
        case BonusKind.ELIMINATE_ABILITY:
            assert card.ability is not None
            return sum(card.ability in u.type.abilities for u in enemy) >= card.count
        case BonusKind.EXIT_ENEMY_EDGE:
            return enemy_edge and len(own) >= card.count
        case BonusKind.HEROES_SURVIVE:
            return any(u.hero for u in own)
    return True


def draw_bonus_cards(
    rng: Rng, units: list[Counter], enemy_edges: tuple[bool, bool]
) -> tuple[str, str]:
    """24b: shuffle the deck; each player in seat order takes the next card whose
    condition can be met (cards that cannot are put back), so the two differ."""
    deck = rng.shuffled(sorted(load_bonus_cards()))
    cards = load_bonus_cards()
    drawn: list[str] = []
    for seat in (0, 1):
        for cid in deck:
            if cid not in drawn and possible(cards[cid], seat, units, enemy_edges[seat]):
                drawn.append(cid)
                break
        else:
            raise ValueError(f"no Bonus Victory Condition card can be met by seat {seat}")
    return drawn[0], drawn[1]


def achieved(card: BonusCard, seat: int, units: list[Counter], exited_by_edge: int) -> bool:
    """Whether ``seat`` has met ``card`` now (judged at the end of the scenario);
    ``exited_by_edge``: own units that left by the enemy's friendly edge."""
    own = [u for u in units if u.seat == seat]
    enemy_gone = [u for u in units if u.seat != seat and u.eliminated]
    match card.kind:
        case BonusKind.ELIMINATE_HEROES:
            return sum(u.hero for u in enemy_gone) >= card.count
        case BonusKind.ELIMINATE_UNITS:
            return len(enemy_gone) >= card.count
        case BonusKind.ELIMINATE_ABILITY:
            assert card.ability is not None
            return sum(card.ability in u.type.abilities for u in enemy_gone) >= card.count
        case BonusKind.EXIT_ENEMY_EDGE:
            return exited_by_edge >= card.count
        case BonusKind.HEROES_SURVIVE:
            return not any(u.hero and u.eliminated for u in own)
    return sum(u.eliminated for u in own) <= card.count
