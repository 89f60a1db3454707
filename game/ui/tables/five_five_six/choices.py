"""How the 5.56mm table narrows the listed actions to what the player points at, and
how it names them: pure functions of a view, so the table's clicks and keys stay thin.

Only one character acts at a time (the one whose card was drawn; between his actions,
a watcher on Covering Fire may be asked whether to fire). The player points at another
character (an enemy to fire at, engage or throw at; a wounded friend to help) and the
listed actions narrow to those at him; a point on the table becomes the action of the
chosen way of moving there (Move, Sprint, Hide, Throw, or turning to face it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from game.core.api import Action
from game.maps.tabletop import Point
from game.maps.tabletop_measure import bearing, compass, toward_words
from game.rules.five_five_six import actions as act
from game.rules.five_five_six.board import Go
from game.rules.five_five_six.catalog import catalog
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.view import FiveFiveSixView
from game.ui.tables.five_five_six.vehicles import vehicle_words

Mode = Literal["move", "sprint", "hide", "throw", "turn"]
MODES: tuple[Mode, ...] = ("move", "sprint", "hide", "throw", "turn")
MODE_TEXT: dict[Mode, str] = {
    "move": 'a click on the table moves him there (up to 4")',
    "sprint": "Sprint: a click on the table sprints toward it (special; Esc: Move)",
    "hide": "Hide: a click creeps toward it, on him hides in place (special; Esc: Move)",
    "throw": "Throw: a click on the table throws his grenade there (Esc: Move)",
    "turn": "Turn: a click on the table turns him to face it (Esc: Move)",
}


@dataclass(frozen=True)
class Picks:
    """What the player has pointed at: ``target`` a character the actions narrow to,
    ``mode`` what a click on a point of the table does."""

    target: str | None = None
    mode: Mode = "move"


def actor(view: FiveFiveSixView) -> Character | None:
    """Who acts now: a character at a live grenade deciding whether to throw it back,
    a watcher asked about Covering Fire, else the character whose go it is (None
    between goes or after the game)."""
    if view.live is not None and view.live.grabbers:
        return view.characters.get(view.live.grabbers[0])
    if view.asking:
        return view.characters.get(view.asking[0])
    if view.go is None:
        return None
    return view.characters.get(view.go.character)


def targets_of(action: Action, view: FiveFiveSixView) -> tuple[str, ...]:
    """The characters an action points at (fired at, engaged, helped, thrown at), from
    :data:`TARGETS` by its type; none for the other actions."""
    pointed = TARGETS.get(type(action))
    return () if pointed is None else pointed(action, view)


def _snap_target(a: act.SnapFire, view: FiveFiveSixView) -> tuple[str, ...]:
    return (a.target or view.go.character,) if view.go is not None else ()


def _men_at(view: FiveFiveSixView, at: Point) -> tuple[str, ...]:
    return tuple(c.id for c in view.characters.values() if c.on_table and c.pos == at)


#: Who each action type points at (the 5.56mm dispatch of the table's target picks).
TARGETS: dict[type[Action], Callable[[Any, FiveFiveSixView], tuple[str, ...]]] = {
    act.Fire: lambda a, _v: (a.target,),
    act.Engage: lambda a, _v: (a.target,),
    act.GetIn: lambda a, _v: (a.vehicle,),  # the vehicle he gets into
    act.AutoFire: lambda a, _v: tuple(dict.fromkeys(a.targets)),
    act.FirstAid: lambda a, _v: (a.patient,),
    act.TreatInjury: lambda a, _v: (a.patient,),
    act.Carry: lambda a, _v: (a.patient,),
    act.SnapFire: _snap_target,
    act.Throw: lambda a, v: _men_at(v, a.at),
    act.ThrowBack: lambda a, v: _men_at(v, a.to),
}


def end_action(view: FiveFiveSixView) -> Action:
    """What Enter and the end button do: end the go, or leave a live grenade lie."""
    who = actor(view)
    if view.live is not None and who is not None:
        return act.LetLie(who.id)
    return act.End()


def aboard_of(view: FiveFiveSixView, target: str | None) -> list[Character]:
    """The men the viewer sees aboard a vehicle (``target`` the vehicle, or one of the
    men aboard it), in their seats' order: what a click on the vehicle offers."""
    if target is None:
        return []
    man = view.characters.get(target)
    vehicle_id = man.aboard if man is not None else target
    if vehicle_id is None or vehicle_id not in view.board.vehicles:
        return []
    seats = ("driver", "pilot", "co_pilot", "gunner", "passenger")
    aboard = [c for c in view.characters.values() if c.on_table and c.aboard == vehicle_id]
    return sorted(aboard, key=lambda c: (seats.index(c.seat) if c.seat in seats else 9, c.id))


def vehicle_of_pick(view: FiveFiveSixView, target: str | None) -> str | None:
    """The vehicle a pick points at: the vehicle itself or the one the man is aboard."""
    if target is None:
        return None
    if target in view.board.vehicles:
        return target
    man = view.characters.get(target)
    return man.aboard if man is not None else None


def next_aboard(view: FiveFiveSixView, target: str | None) -> str | None:
    """Tab or a second click on a vehicle: the next pick in the vehicle, then each man
    aboard in turn (None after the last: the pick leaves the vehicle)."""
    vehicle = vehicle_of_pick(view, target)
    if vehicle is None or target is None:
        return None
    ring = [vehicle, *(c.id for c in aboard_of(view, vehicle))]
    i = ring.index(target) + 1 if target in ring else 0
    return ring[i] if i < len(ring) else None


def narrowed(view: FiveFiveSixView, picks: Picks) -> list[Action]:
    """The listed actions that fit the picks (End is a button of its own). A picked
    vehicle keeps the actions at it and at the men aboard it (12.7: at the crew)."""
    aboard = (
        {c.id for c in aboard_of(view, picks.target)}
        if picks.target in view.board.vehicles
        else set()
    )
    out = []
    for a in view.candidate_actions:
        if isinstance(a, act.End | act.LetLie):
            continue
        if picks.target is not None:
            targets = targets_of(a, view)
            if picks.target not in targets and not aboard.intersection(targets):
                continue
        out.append(a)
    return out


def point_action(
    view: FiveFiveSixView, mode: Mode, who: Character, at: Point, grenade: str | None
) -> Action | None:
    """The action a click at ``at`` stands for in ``mode`` (None: no grenade to throw)."""
    if view.live is not None:
        return act.ThrowBack(who.id, at)
    if mode == "sprint":
        return act.Sprint(who.id, at)
    if mode == "hide":
        return act.Hide(who.id, at)
    if mode == "throw":
        return None if grenade is None else act.Throw(who.id, grenade, at, False)
    if mode == "turn":
        return act.Move(who.id, who.pos, round(bearing(who.pos, at)) % 360)
    return act.Move(who.id, at)


def budget_text(go: Go | None) -> str:
    """2.2: what is left of the go: two actions, or one special action instead."""
    if go is None:
        return ""
    if go.special:
        return "Special action taken: the go is over"
    left = go.left
    done = f" ({', '.join(taken_words(t) for t in go.taken)} done)" if go.taken else ""
    if left <= 0:
        return "No actions left" + done
    text = f"{left} action{'s' * (left != 1)} left{done}"
    if go.special_allowed and not go.taken:
        text += ", or one special action"
    return text


def item_name(item_id: str) -> str:
    """A carried item's name from the catalogue (its id when it names nothing)."""
    cat = catalog()
    for table in (cat.weapons.firearms, cat.grenades, cat.weapons.melee, cat.equipment):
        if item_id in table:
            return str(table[item_id].name)
    return item_id


def skill_name(skill_id: str) -> str:
    skill = catalog().skills.get(skill_id)
    return skill.name if skill is not None else skill_id


def _round_name(weapon_id: str, round_id: str) -> str:
    """The round a Fire action loads: the M82's HEAP or an M203's grenade (7.5, 7.6)."""
    rounds = catalog().firearm(weapon_id).rounds
    return rounds[round_id].name if round_id in rounds else item_name(round_id)


@dataclass(frozen=True)
class _Words:
    """What a label needs beside its action: the view, the names by id and the
    " (special)" mark of a special action (4.0)."""

    view: FiveFiveSixView
    names: dict[str, str]
    special: str

    def who(self, cid: str) -> str:
        return self.names.get(cid, cid)

    def at(self, mover: str, point: Point) -> str:
        return _at(self.view, mover, point)


def _fire(a: act.Fire, w: _Words) -> str:
    loaded = "" if a.round is None else f" ({_round_name(a.weapon, a.round)})"
    return f"Fire {item_name(a.weapon)}{loaded} at {w.who(a.target)}"


def _auto_fire(a: act.AutoFire, w: _Words) -> str:
    if len(set(a.targets)) == 1:
        shots = f"{len(a.targets)} shots at {w.who(a.targets[0])}"
    else:
        shots = ", then ".join(w.who(t) for t in a.targets)
    return f"Auto-Fire {item_name(a.weapon)}: {shots}{w.special}"


def _snap_fire(a: act.SnapFire, w: _Words) -> str:
    aim = f" at {w.who(a.target)}" if a.target is not None else ""
    return f"Covering Fire: {w.who(a.character)} fires his {item_name(a.weapon)}{aim}"


def _throw(a: act.Throw, w: _Words) -> str:
    at = [w.who(t) for t in targets_of(a, w.view)]
    where = f"at {at[0]}" if at else w.at(a.character, a.at)
    return f"Throw {item_name(a.grenade)} {where}"


def _throw_back(a: act.ThrowBack, w: _Words) -> str:
    at = [w.who(t) for t in targets_of(a, w.view)]
    where = f"at {at[0]}" if at else w.at(a.character, a.to)
    return f"Throw the grenade back {where}"


def _carry(a: act.Carry, w: _Words) -> str:
    helper = "" if a.helper is None else f" with {w.who(a.helper)}"
    return f"Carry {w.who(a.patient)} {w.at(a.patient, a.to)}{helper}{w.special}"


def _move(a: act.Move, w: _Words) -> str:
    mover = w.view.characters.get(a.character)
    if mover is not None and a.to == mover.pos:
        facing = mover.facing if a.facing is None else a.facing
        return f"Turn to face {compass(facing)}"
    return f"Move {w.at(a.character, a.to)}"


def _hide(a: act.Hide, w: _Words) -> str:
    mover = w.view.characters.get(a.character)
    if mover is not None and a.to == mover.pos:
        return f"Hide where he is{w.special}"
    return f"Hide, creeping {w.at(a.character, a.to)}{w.special}"


def _plain(text: str) -> Callable[[Any, _Words], str]:
    return lambda _a, w: text + w.special


def _code(a: Action, w: _Words) -> str:
    """A vehicle's action on a table without vehicles: its text form."""
    return a.to_str() + w.special


#: How the table names each action type (the 5.56mm dispatch of the UI's labels); on a
#: table with vehicles, :func:`vehicle_words` names the vehicle actions first.
DESCRIBE: dict[type[Action], Callable[[Any, _Words], str]] = {
    act.Move: _move,
    act.Stealth: _plain("Stealth (keep low)"),
    act.Aim: _plain("Aim (first action)"),
    act.Fire: _fire,
    act.Throw: _throw,
    act.Engage: lambda a, w: f"Engage {w.who(a.target)} hand to hand",
    act.FirstAid: lambda a, w: f"First Aid on {w.who(a.patient)}",
    act.CoveringFire: _plain("Covering Fire (the whole go)"),
    act.Sprint: lambda a, w: f"Sprint {w.at(a.character, a.to)}{w.special}",
    act.Hide: _hide,
    act.AutoFire: _auto_fire,
    act.TreatInjury: lambda a, w: f"Treat {w.who(a.patient)}'s injury{w.special}",
    act.Carry: _carry,
    act.UseRadio: _plain("Use the radio"),
    act.SnapFire: _snap_fire,
    act.HoldFire: lambda a, w: f"Covering Fire: {w.who(a.character)} holds his fire",
    act.ThrowBack: _throw_back,
    act.LetLie: lambda _a, _w: "Leave the grenade where it lies",
    act.Drive: _code,
    act.GetIn: _code,
    act.GetOut: _code,
    act.Pilot: _code,
    act.FastRope: _code,
    act.End: _plain("End the go"),
}


def describe(action: Action, view: FiveFiveSixView) -> str:
    """A short line naming what an action does, in the table's words."""
    words = vehicle_words(action, view.board) if view.board.vehicles else None
    if words is not None:
        return words
    names = {c.id: c.name for c in view.characters.values()}
    special = " (special)" if isinstance(action, act.SPECIAL_ACTIONS) else ""
    name = DESCRIBE.get(type(action), _code)
    return name(action, _Words(view, names, special))


def _at(view: FiveFiveSixView, mover: str, point: Point) -> str:
    """Where a point lies from the man who goes (or throws): ``3.5" north-east``."""
    man = view.characters.get(mover)
    return toward_words(man.pos, point) if man is not None else "there"


#: What the go's budget line calls the actions taken (``Go.taken`` holds the kinds).
TAKEN_WORDS = {
    "autofire": "Auto-Fire",
    "snapfire": "Covering Fire",
    "firstaid": "First Aid",
    "treatinjury": "Treat Injury",
    "coveringfire": "Covering Fire",
    "useradio": "radio",
    "throwback": "throw back",
    "fastrope": "Fast Rope",
    "getin": "get in",
    "getout": "get out",
}


def taken_words(kind: str) -> str:
    """An action taken this go as the panel says it (``autofire`` -> ``Auto-Fire``)."""
    return TAKEN_WORDS.get(kind, kind)


def enemies_listed(view: FiveFiveSixView, among: Sequence[Action]) -> list[str]:
    """The characters the listed actions point at, in the order first listed (Tab
    steps through them)."""
    out: dict[str, None] = {}
    for a in among:
        for t in targets_of(a, view):
            out.setdefault(t)
    return list(out)
