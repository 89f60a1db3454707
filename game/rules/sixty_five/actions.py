"""'65 actions and their text forms.

Hex ids are written in lower case (``1e3``: map 1, hex E3) and read back in upper case;
a path is a comma-separated list of hexes entered in order (``1d3,1d4``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from game.core.api import Action
from game.core.textform import IDS, ActionForms, Codec, words

_HEX = r"[0-9]{1,2}[a-z]{1,2}[0-9]{1,2}"

HEX65: Codec[str] = Codec("HEX", _HEX, str.upper, str.lower)
"""A '65 board hex: the map's number, then column letters and row (``1e3``)."""

HEXES: Codec[tuple[str, ...]] = Codec(
    "HEX,HEX,...",
    f"{_HEX}(?:,{_HEX}){{0,99}}",
    lambda text: tuple(text.upper().split(",")),
    lambda hexes: ",".join(h.lower() for h in hexes),
)
"""A path of up to 100 hexes (17b: a flying helicopter's move has no limit; three maps
side by side are 33 hexes across)."""

CORNER: Codec[int] = Codec("N", r"[0-5]", int, str)
"""15d: a hex corner, 0-5."""

FACINGS: Codec[tuple[int, ...]] = Codec(
    "N,N,...",
    r"[0-5](?:,[0-5]){0,20}",
    lambda text: tuple(int(f) for f in text.split(",")),
    lambda facings: ",".join(str(f) for f in facings),
)
"""15d: the hex corners (0-5, clockwise from the east-south-east corner) a vehicle faces
as it enters each hex of its path, then the one it ends with."""

MODE: Codec[str] = Codec("MODE", r"flying|hovering|landed", str, str)
"""17b: a helicopter's movement mode."""


@dataclass(frozen=True)
class Place(Action):
    """24: set a unit up in a hex of its side's zone (scenario 6: ``aboard`` a carrier
    of its side set up there, loaded, 8a)."""

    form: ClassVar[str] = "place {unit} at {hex}[ facing {facing}][ aboard {aboard}]"
    unit: str
    hex: Annotated[str, HEX65]
    facing: Annotated[int | None, CORNER] = None  # 15d: a vehicle's hex corner (0 if none)
    aboard: str | None = None


@dataclass(frozen=True)
class Fortify(Action):
    """23, 24: set up one of the side's fortifications in a hex of its zone: a foxhole,
    or a bunker facing a hex corner, 0-5 (terrain/fortify_setup.py)."""

    form: ClassVar[str] = "fortify {kind} at {hex}[ facing {facing}]"
    kind: str  # bunker or foxhole
    hex: Annotated[str, HEX65]
    facing: int | None = None


@dataclass(frozen=True)
class ChooseInitiative(Action):
    """5b: the card a player lays face down to bid for the initiative (a secret action:
    the other side reads only that a card was laid)."""

    form: ClassVar[str] = "initiative {card}"
    public: ClassVar[str | None] = "a card laid face down for the initiative."
    card: str


@dataclass(frozen=True)
class Pass(Action):
    """4f, 6a: do nothing this impulse (no draw, no card, no discard)."""

    form: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Draw(Action):
    """6a: fill the hand up to four cards, one at a time."""

    form: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Play(Action):
    """6b, 6c: play one block of a card. ``units``: the units it activates (the lead unit
    first for fire); ``target``: an enemy unit; ``path``: hexes entered in order;
    ``supports``: cards played with it for their support block; ``spread``: a lead unit
    with Suppression spreads the hits over the target's whole hex (21g); ``facings``: a
    vehicle's facing on entering each hex of the path and at the end (7b, 15d,
    vehicles/moves.py); ``ammo``: ``ap`` shoots AP at a truck (10b, vehicles/ap_fire.py) or at a
    hovering or landed helicopter (17c); ``mode``: a helicopter's mode (17b)."""

    form: ClassVar[str] = (
        "play {card} {block}[ {units}][ at {target}][ to {path}][ facing {facings}]"
        "[ load {load}][ unload {unload}][ with {supports}][ {spread}][ {ammo}]"
        "[ mode {mode}]"
    )
    card: str
    block: str
    units: Annotated[tuple[str, ...] | None, IDS] = None
    target: str | None = None
    path: Annotated[tuple[str, ...] | None, HEXES] = None
    supports: Annotated[tuple[str, ...] | None, IDS] = None
    spread: Annotated[bool | None, words("spread", "aimed")] = None
    facings: Annotated[tuple[int, ...] | None, FACINGS] = None
    #: 10b: ``ap`` fires AP at a truck (a soft target AP fire may also hit)
    ammo: Annotated[bool | None, words("ap", "he")] = None
    #: 8a: the units that board (or the carrier boarded) / get off (vehicles/transport_moves.py)
    load: Annotated[tuple[str, ...] | None, IDS] = None
    unload: Annotated[tuple[str, ...] | None, IDS] = None
    #: 17b: the mode a helicopter takes first thing on this activation (helicopters/play.py)
    mode: Annotated[str | None, MODE] = None


@dataclass(frozen=True)
class Exit(Action):
    """24: the units of one hex on a map edge their side may exit by leave the map, with
    a move block in the impulse (``exit UNITS with CARD BLOCK``) or in the Reserve phase
    (``exit UNITS``)."""

    form: ClassVar[str] = "exit {units}[ with {card} {block}]"
    units: Annotated[tuple[str, ...], IDS]
    card: str | None = None
    block: str | None = None


@dataclass(frozen=True)
class Enter(Action):
    """24a: reinforcements come onto the map in one of their entry hexes, as many as
    stacking allows, with a move block in the impulse (``enter UNITS at HEX with CARD
    BLOCK``) or in the Reserve phase (``enter UNITS at HEX``)."""

    form: ClassVar[str] = "enter {units} at {hex}[ with {card} {block}]"
    units: Annotated[tuple[str, ...], IDS]
    hex: Annotated[str, HEX65]
    card: str | None = None
    block: str | None = None


@dataclass(frozen=True)
class Follow(Action):
    """18h: the second hex of units of a Let's Get 'Em! moves (8j: loading or unloading
    as it does, ``load``/``unload`` as in Play)."""

    form: ClassVar[str] = "follow {units} to {path}[ load {load}][ unload {unload}]"
    units: Annotated[tuple[str, ...], IDS]
    path: Annotated[tuple[str, ...], HEXES]
    load: Annotated[tuple[str, ...] | None, IDS] = None
    unload: Annotated[tuple[str, ...] | None, IDS] = None


@dataclass(frozen=True)
class React(Action):
    """20: the non-phasing player answers an open reaction window with a red block."""

    form: ClassVar[str] = "react {card} {block}"
    card: str
    block: str


@dataclass(frozen=True)
class Withdraw(Action):
    """18k: the target of Punishing Fire steps back one hex between the two shots."""

    form: ClassVar[str] = "withdraw to {hex}"
    hex: Annotated[str, HEX65]


@dataclass(frozen=True)
class Hit(Action):
    """12, 21g, 22g (rules version 9): the attacker names who takes the next hit where
    the hits of a hex fall unevenly among equals ("attacker chooses"); declining takes
    the default order."""

    form: ClassVar[str] = "hit {unit}"
    unit: str


@dataclass(frozen=True)
class Redraw(Action):
    """21h: draw the Damage Draw card that missed again (a Tactical hero in the firing
    hex, once per attack)."""

    form: ClassVar[str] = "redraw"


@dataclass(frozen=True)
class Decline(Action):
    """Let a reaction window close without playing a card."""

    form: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Discard(Action):
    """6d: discard a card at the end of the impulse (at most two), or the card the
    winner of a tied initiative gives up (5b)."""

    form: ClassVar[str] = "discard {card}"
    card: str


@dataclass(frozen=True)
class EndImpulse(Action):
    """End the impulse; play goes to the other player."""

    form: ClassVar[str] = "end"


@dataclass(frozen=True)
class ReserveMove(Action):
    """5d: move one Eligible Unit in the Reserve phase."""

    form: ClassVar[str] = "reserve {unit} to {path}"
    unit: str
    path: Annotated[tuple[str, ...], HEXES]


@dataclass(frozen=True)
class Done(Action):
    """Finish one's Reserve phase moves."""

    form: ClassVar[str] = "done"


@dataclass(frozen=True)
class Keep(Action):
    """5e: the one card kept at clean-up (none: keep nothing)."""

    form: ClassVar[str] = "keep[ {card}]"
    card: str | None = None


FORMS = ActionForms(
    "'65",
    (
        Place,
        Fortify,
        ChooseInitiative,
        Pass,
        Draw,
        Play,
        Exit,
        Enter,
        Follow,
        React,
        Withdraw,
        Hit,
        Decline,
        Discard,
        EndImpulse,
        ReserveMove,
        Done,
        Keep,
        Redraw,
    ),
)


def parse_action(text: str) -> Action:
    """Inverse of ``to_str``; ``InvalidAction`` naming the accepted forms otherwise."""
    action: Action = FORMS.parse(text)
    return action
