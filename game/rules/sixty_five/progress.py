"""How a '65 game stands against its scenario's victory conditions (24), in short lines
a player reads beside the board: the turn and its End Turn cards, both sides' victory
points and what wins, and each objective the scenario counts (buildings held, the camp's
centre, units on a map or on the board, the relics).

Read from a seat's view only: everything here is public (the board, the control of
hexes, the score)."""

from __future__ import annotations

from typing import Protocol

from game.rules.sixty_five.boards import scenario_by_id
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.names import possessive, side_words, unit_adjective, unit_label
from game.rules.sixty_five.relics_state import RelicsSeen
from game.rules.sixty_five.scenario import Scenario, scenario_ground


class SixtyFiveView(Protocol):
    """What the progress lines read of a seat's view (``view.SixtyFiveView``, which
    calls in here: a protocol, so this module does not import it back)."""

    @property
    def turn(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def scenario(self) -> str | None: ...
    @property
    def units(self) -> tuple[Counter, ...]: ...
    @property
    def end_turns(self) -> int: ...
    @property
    def end_turn_limit(self) -> int: ...
    @property
    def control(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def victory(self) -> tuple[int, int]: ...
    @property
    def goal(self) -> str: ...
    @property
    def relics(self) -> RelicsSeen | None: ...
    @property
    def exited(self) -> tuple[str, ...]: ...


def progress_lines(view: SixtyFiveView) -> tuple[str, ...]:
    """The lines, most important first (none without a scenario)."""
    if view.scenario is None:
        return (f"Turn {view.turn} of {view.turns}",)
    scenario = scenario_by_id(view.scenario)
    names = side_words(scenario.names)
    ending = f"End Turn cards {view.end_turns} of {view.end_turn_limit}"
    lines = [
        f"Turn {view.turn} of {view.turns} ({ending})",
        f"Victory points: {names[0]} {view.victory[0]}, {names[1]} {view.victory[1]}",
    ]
    if view.goal:
        lines.append(view.goal)
    lines += objective_lines(view, scenario, names)
    return tuple(lines)


def objective_lines(view: SixtyFiveView, scenario: Scenario, names: tuple[str, str]) -> list[str]:
    """One line per objective the scenario counts."""
    out: list[str] = []
    held = dict(view.control)
    field = scenario_ground(scenario.id)
    for seat in (0, 1):
        rule = scenario.victory.side(seat)
        if rule.controlled is None:
            continue
        wanted = rule.controlled
        scoring = [h for h in field.hexes() if wanted.counts(h, field.terrain(h).id)]
        if wanted.terrain is not None:
            if any(scenario.victory.side(s).controlled == wanted for s in range(seat)):
                continue  # both sides count the same hexes (scenario 7): one line
            counts = [sum(1 for h in scoring if held.get(h) == s) for s in (0, 1)]
            word = field.terrain(scoring[0]).name.lower() if scoring else wanted.terrain
            out.append(
                f"{word.capitalize()} hexes held ({len(scoring)}): "
                f"{names[0]} {counts[0]}, {names[1]} {counts[1]}"
            )
        for hex_id in wanted.hexes:
            owner = held.get(hex_id)
            who = f"the {names[owner]}" if owner is not None else "nobody"
            out.append(f"Objective {hex_id} ({wanted.vp} VP to the {names[seat]}): held by {who}")
    live = [u for u in view.units if u.hex is not None and not u.eliminated]
    for seat in (0, 1):
        rule = scenario.victory.side(seat)
        if rule.on_map is not None:
            on = sum(1 for u in live if u.seat == seat and _map(u.hex or "") == rule.on_map.map)
            out.append(f"{unit_adjective(names[seat])} units on Map {rule.on_map.map}: {on}")
        if rule.own_vehicles_exited:  # scenario 6: the convoy's vehicles that got away
            gone = sum(
                1 for u in view.units if u.id in view.exited and u.seat == seat and not u.leg
            )
            whose = unit_adjective(names[seat])
            out.append(f"{whose} vehicles off the map: {gone} ({rule.own_vehicles_exited} VP each)")
        if rule.enemy_on_board:
            on = sum(1 for u in view.units if u.seat != seat and u.hex and not u.eliminated)
            out.append(f"{unit_adjective(names[1 - seat])} units on the board: {on}")
    win = scenario.victory.win
    if win.or_clear_map is not None:
        on = sum(1 for u in live if u.seat != win.seat and _map(u.hex or "") == win.or_clear_map)
        out.append(f"{unit_adjective(names[1 - win.seat])} units on Map {win.or_clear_map}: {on}")
    if win.eliminations is not None:
        rule = scenario.victory.side(win.seat)
        kills = sum(1 for u in view.units if u.eliminated and u.seat != win.seat)
        vp = kills * rule.enemy_eliminated
        whose = possessive(f"The {names[win.seat]}")
        out.append(f"{whose} VP from eliminations: {vp} of {win.eliminations} needed")
    relics = relics_line(view, names)
    if relics:
        out.append(relics)
    return out


def relics_line(view: SixtyFiveView, names: tuple[str, str]) -> str | None:
    """Scenario 8: where the search for the relics stands."""
    relics = view.relics
    if relics is None:
        return None
    if relics.exited is not None:
        return f"Relics: carried off the map by the {names[relics.exited]}"
    units = {u.id: u for u in view.units}
    carrier = units.get(relics.carrier or "")
    if carrier is not None:
        where = f" in {carrier.hex}" if carrier.hex else ""
        return f"Relics: carried by {unit_label(carrier)}{where}"
    if relics.lying is not None:
        return f"Relics: lying in {relics.lying}"
    left = [h for h in relics.hexes if h not in relics.searched]
    return f"Relics: not found yet; still to search {', '.join(left)}"


def _map(hex_id: str) -> str:
    """The map number of a board hex id (``2C4`` -> ``2``)."""
    digits = ""
    for ch in hex_id:
        if not ch.isdigit():
            break
        digits += ch
    return digits
