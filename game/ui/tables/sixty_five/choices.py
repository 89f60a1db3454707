"""How the '65 table narrows the listed actions to what the player points at, and how it
names them: pure functions of a view, so the table's clicks and keys stay thin.

A '65 play has several parts (card, block, units, target, path); the player builds one
by pointing: a card of the hand, a unit of theirs, a hex (where to go or whom to fire
at). Each pick filters the seat's candidate actions; when one is left, it is played,
otherwise the rest are listed to choose from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.api import Action
from game.rules.sixty_five import actions as act
from game.rules.sixty_five.data import SixtyFiveData
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.names import bunker_label, card_label, unit_label
from game.rules.sixty_five.scenarios.relics import SEARCH_BLOCK
from game.rules.sixty_five.terrain.bunker_fire import bunker_hex
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.terrain.fortified import BUNKER_BLOCK
from game.rules.sixty_five.vehicles.facing import front_hexes
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.toolkit.odds import percent

GENERAL = (act.Pass, act.Draw, act.EndImpulse, act.Done, act.Decline, act.Redraw)
"""Actions of no card, unit or hex: buttons of their own, never filtered away."""


@dataclass(frozen=True)
class Picks:
    """What the player has pointed at so far (None: not narrowed by it)."""

    card: str | None = None
    unit: str | None = None
    hex: str | None = None


def card_of(action: Action) -> str | None:
    if isinstance(
        action,
        act.Play | act.React | act.Discard | act.ChooseInitiative | act.Keep | act.Exit | act.Enter,
    ):
        return action.card
    return None


def is_strike(action: Action) -> bool:
    """An artillery strike: three hexes, no unit and no target (12)."""
    return (
        isinstance(action, act.Play)
        and bool(action.path)
        and not action.units
        and not action.target
    )


def is_search(action: Action) -> bool:
    """Scenario 8: a Power card played to search a relic hex."""
    return isinstance(action, act.Play) and action.block == SEARCH_BLOCK.id


def units_of(action: Action) -> tuple[str, ...]:
    """The units an action activates (moves, fires with, places, rallies)."""
    if isinstance(action, act.Play | act.Follow | act.Exit | act.Enter):
        return tuple(action.units or ())
    if isinstance(action, act.Place | act.ReserveMove):
        return (action.unit,)
    return ()


def hexes_of(action: Action, units: dict[str, Counter]) -> tuple[str, ...]:
    """The hexes an action points at: where it places or moves to, whom it fires at."""
    out: list[str] = []
    if isinstance(action, act.Place | act.Withdraw | act.Enter | act.Fortify):
        out.append(action.hex)
    if isinstance(action, act.Hit):  # 12, 21g, 22g: the unit the attacker names
        struck = units.get(action.unit)
        return (struck.hex,) if struck is not None and struck.hex is not None else ()
    if is_strike(action):
        assert isinstance(action, act.Play) and action.path
        return tuple(action.path)
    if isinstance(action, act.Exit):
        first = units.get(action.units[0])
        return (first.hex,) if first is not None and first.hex is not None else ()
    if is_search(action):  # scenario 8: the searcher's own hex
        assert isinstance(action, act.Play) and action.units
        searcher = units.get(action.units[0])
        return (searcher.hex,) if searcher is not None and searcher.hex is not None else ()
    if isinstance(action, act.Play | act.Follow | act.ReserveMove) and action.path:
        out.append(action.path[-1])
    elif isinstance(action, act.Play) and action.mode and action.units and not action.target:
        here = units.get(action.units[0])  # 17b: a mode taken in place, by the hex itself
        if here is not None and here.hex is not None:
            out.append(here.hex)
    if isinstance(action, act.Play) and action.target:
        target = units.get(action.target)
        if target is not None and target.hex is not None:
            out.append(target.hex)
        elif bunker_hex(action.target) is not None:  # 23b: the bunker itself
            out.append(bunker_hex(action.target) or "")
    return tuple(out)


def general(actions: Sequence[Action]) -> list[Action]:
    return [a for a in actions if isinstance(a, GENERAL)]


def narrowed(view: SixtyFiveView, picks: Picks) -> list[Action]:
    """The seat's listed actions that fit every pick (the general ones left out); a
    search for the relics (scenario 8, rare and easily lost among the moves) first."""
    units = {u.id: u for u in view.units}
    out = []
    for a in view.candidate_actions:
        if isinstance(a, GENERAL):
            continue
        if picks.card is not None and card_of(a) != picks.card:
            continue
        if picks.unit is not None and picks.unit not in units_of(a):
            continue
        if picks.hex is not None and picks.hex not in hexes_of(a, units):
            continue
        out.append(a)
    if view.relics is not None:
        out.sort(key=lambda a: not is_search(a))
    return out


def actors(view: SixtyFiveView) -> set[str]:
    """Units of the seat that some listed action activates."""
    return {u for a in view.candidate_actions for u in units_of(a)}


def unit_name(units: dict[str, Counter], unit_id: str) -> str:
    """``US Rifle 3``, ``Riggs``, ``the bunker in 3E5`` (names.py)."""
    u = units.get(unit_id)
    if u is not None:
        return unit_label(u)
    return bunker_label(unit_id) or unit_id


def window_text(view: SixtyFiveView) -> str | None:
    """What an open decision asks of the seat, or None outside one."""
    if view.window is None:
        return None
    _seat, window, subject = view.window
    units = {u.id: u for u in view.units}
    if window == "strike_cover":
        return f"Before the draw on {subject}: Unexpected Cover (a card fewer), or decline (E)."
    if window == "strike_hit":
        hit = units.get(subject)
        where = f" in {hit.hex}" if hit is not None and hit.hex else ""
        return f"A hit strikes {unit_name(units, subject)}{where}: Light Wounds, or decline (E)."
    if subject in units:
        name = unit_name(units, subject)
    else:
        movers = [
            unit_name(units, u.id) for u in view.units if u.hex == subject and u.seat != view.seat
        ]
        name = f"{' and '.join(movers) or 'a unit'} in {subject}"
    tactical = units.get(subject)
    hero = f": {name}" if tactical is not None and tactical.hero else ""
    return {
        "opportunity": f"Opportunity fire: {name} is moving. Fire at it or decline (E).",
        "withdraw": f"Punishing Fire: {name} may step back one hex (click it) or stay (E).",
        "before_draw": "Reaction: play a red block before the Damage Draw, or decline (E).",
        "hit": f"Reaction: a hit is about to strike {name}. Play a red block or decline (E).",
        "panic": f"{name} is Shaken and reduced: play Panic to remove it, or decline (E).",
        "redraw": f"A card missed: redraw it (R, Tactical{hero}) or decline (E).",
        "assault": f"Assault by {name}: answer it with a card, or decline (E).",
        "assault_result": f"Assault in {subject} drawn: Light Wounds or Retreat, or decline (E).",
        "trap": f"{name} entered: spring Punji Stakes or Claymore (1), or decline (E).",
        "ap_aim": f"AP fire at {name}: answer before the targeting draw, or decline (E).",
        "ap_hit": f"The AP shot hits {name}: play a card before the armour draw, or decline (E).",
        "retreat": f"Your units leave {subject}: click the hex they retreat to, or (E) the way"
        " straight from the first attacker.",
        "hit_choice": f"Hits fall unevenly in {subject}: pick who takes the next one, or (E)"
        " the default order.",
    }.get(window, "A decision is open: choose or decline (E).")


@dataclass(frozen=True)
class _Words:
    """What naming an action needs: the view's units, the designed data, the ground (for
    a bunker's front) and the unit the player picked (left out of its own plays)."""

    view: SixtyFiveView
    data: SixtyFiveData
    units: dict[str, Counter]
    ground: Field | None
    actor: str | None

    def names(self, ids: Sequence[str]) -> str:
        return " + ".join(unit_name(self.units, i) for i in ids)

    def block(self, block: str | None) -> str:
        """`` (Move)``: the block an exit or an entry uses, if it names one."""
        return f" ({self.data.blocks[block].name})" if block else ""


def _strike(action: act.Play, _w: _Words) -> str:
    assert action.path
    if action.block == "puff":  # scenario 6's AC-47
        return f"AC-47 (Puff) on {action.path[0]}"
    extra = f" + {len(action.supports)} card" if action.supports else ""
    return f"Artillery{extra} on {', '.join(action.path)}"


def _play(action: act.Play, w: _Words) -> str:
    if is_strike(action):
        return _strike(action, w)
    specials = {  # 3b, 23b, scenario 8
        "power": "Power", BUNKER_BLOCK.id: BUNKER_BLOCK.name, SEARCH_BLOCK.id: "Search",
    }  # fmt: skip
    text = specials.get(action.block) or w.data.blocks[action.block].name
    if action.units and (w.actor is None or tuple(action.units) != (w.actor,)):
        text += f": {w.names(action.units)}"
    if action.mode:  # 17b: the mode comes first
        text += {"flying": ", take off", "hovering": ", hover", "landed": ", land"}[action.mode]
    if is_search(action):
        own = hexes_of(action, w.units)
        text += f" in {own[0]}" if own else ""
    if action.path:
        text += f" to {action.path[-1]}"
    if action.unload:
        text += f", unload {w.names(action.unload)}"
    if action.load:
        text += f", load {w.names(action.load)}"
    if action.target:
        where = w.units[action.target].hex if action.target in w.units else None
        text += f" at {unit_name(w.units, action.target)}" + (f" ({where})" if where else "")
    if action.spread:
        text += ", spread"
    if action.supports:
        text += f" + {len(action.supports)} support"
    return text


def _place(action: act.Place, w: _Words) -> str:
    if action.aboard:  # scenario 6: set up loaded (the side is the rider's)
        carrier = unit_name(w.units, action.aboard).split(" ", 1)[-1]
        return f"{unit_name(w.units, action.unit)} aboard {carrier} in {action.hex}"
    return f"Set up {unit_name(w.units, action.unit)} in {action.hex}"


def _fortify(action: act.Fortify, w: _Words) -> str:  # 23, 24
    if action.facing is None:
        return f"Dig a {action.kind} in {action.hex}"
    front = f"corner {action.facing}"
    if w.ground is not None:
        front = "/".join(front_hexes(w.ground, action.hex, action.facing))
    return f"Bunker in {action.hex} facing {front}"


def _withdraw(action: act.Withdraw, w: _Words) -> str:
    retreat = w.view.window is not None and w.view.window[1] == "retreat"  # 13c
    return f"{'Retreat' if retreat else 'Withdraw'} to {action.hex}"


def _keep(action: act.Keep, w: _Words) -> str:
    return "Keep no card" if action.card is None else f"Keep {card_label(w.data, action.card)}"


def _fixed(text: str) -> Callable[[Action, _Words], str]:
    return lambda _action, _w: text


#: How the table names each action type (the '65 dispatch of the UI's choices).
DESCRIBE: dict[type[Action], Callable[[Any, _Words], str]] = {
    act.Play: _play,
    act.Exit: lambda a, w: f"Leave the map: {w.names(a.units)}{w.block(a.block)}",
    act.Enter: lambda a, w: f"Reinforce: {w.names(a.units)} at {a.hex}{w.block(a.block)}",  # 24a
    act.Place: _place,
    act.Fortify: _fortify,
    act.React: lambda a, w: f"React: {w.data.blocks[a.block].name}",
    act.Discard: lambda a, w: f"Discard {card_label(w.data, a.card)}",
    act.ChooseInitiative: lambda a, w: f"Bid {card_label(w.data, a.card)}",
    act.Keep: _keep,
    act.Follow: lambda a, w: f"Follow: {w.names(a.units)} to {a.path[-1]}",
    act.ReserveMove: lambda a, w: f"Reserve: {unit_name(w.units, a.unit)} to {a.path[-1]}",
    act.Withdraw: _withdraw,
    act.Hit: lambda a, w: f"Hit {unit_name(w.units, a.unit)}",  # 12, 21g, 22g
    act.Pass: _fixed("Pass"),
    act.Draw: _fixed("Draw up to four"),
    act.EndImpulse: _fixed("End the impulse"),
    act.Done: _fixed("Done with Reserve moves"),
    act.Decline: _fixed("Decline"),
    act.Redraw: _fixed("Redraw a miss"),
}


def describe(
    action: Action,
    view: SixtyFiveView,
    data: SixtyFiveData,
    ground: Field | None = None,
    actor: str | None = None,
) -> str:
    """A short line naming what an action does, in the table's words (a bunker's front
    by the hexes it faces when the ``ground`` is given); a play of the ``actor`` alone
    (the unit the player picked, named above the list) leaves its name out."""
    name = DESCRIBE.get(type(action))
    if name is None:
        return action.to_str()
    return name(action, _Words(view, data, {u.id: u for u in view.units}, ground, actor))


def odds_text(units: dict[str, Counter], outcomes: dict[str, float]) -> str:
    """Each outcome and its chance; an outcome naming a unit or a bunker (a vehicle's
    armour card in a struck hex, 12, 22g, 23b) by its name, not its id."""
    out = []
    for key, p in outcomes.items():
        head, _, rest = key.partition(" ")
        if rest and (head in units or bunker_label(head) is not None):
            key = f"{unit_name(units, head)} {rest}"  # a unit, or a bunker (23b)
        out.append(f"{'1 hit' if key == '1 hits' else key} {percent(p)}")
    return ", ".join(out)
