"""'65 victory (24): each side's victory points under its scenario, the Bonus Victory
Condition cards (24b) and who wins. Judged on the world as it stands; the outcome reads
it after the last turn."""

from __future__ import annotations

from game.rules.sixty_five.data import MoveClass
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.names import side_words
from game.rules.sixty_five.scenarios.bonus import achieved, load_bonus_cards
from game.rules.sixty_five.scenarios.scenario import SEATS, Controlled, Scenario
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.world import World


def exited_by_enemy_edge(world: World, scenario: Scenario, seat: int) -> int:
    """Own units that left the map by the other side's friendly edge (24b)."""
    edge = scenario.friendly_edges.get(SEATS[1 - seat])
    return sum(1 for uid, e in world.exited.items() if world.units[uid].seat == seat and e == edge)


def bonus_met(world: World, scenario: Scenario, bonus: tuple[str, ...], seat: int) -> bool:
    """Whether ``seat``'s Bonus Victory Condition card is met now (False without one)."""
    if len(bonus) != 2:
        return False
    card = load_bonus_cards()[bonus[seat]]
    units = list(world.units.values())
    return achieved(card, seat, units, exited_by_enemy_edge(world, scenario, seat))


def elimination_vp(world: World, scenario: Scenario, seat: int) -> int:
    """The VP ``seat`` has from eliminated enemy units alone."""
    rule = scenario.victory.side(seat)
    gone = [u for u in world.units.values() if u.eliminated and u.seat != seat]
    if rule.enemy_vehicle_eliminated is None:
        return rule.enemy_eliminated * len(gone)
    vehicles = sum(1 for u in gone if _vehicle(u))  # scenario 6: vehicles count apart
    return rule.enemy_eliminated * (len(gone) - vehicles) + rule.enemy_vehicle_eliminated * vehicles


def _vehicle(unit: Counter) -> bool:
    return unit.type.move_class is not MoveClass.LEG


def side_vp(
    world: World, scenario: Scenario, control: dict[str, int], bonus: tuple[str, ...], seat: int
) -> int:
    """``seat``'s victory points now (24): controlled hexes of the named terrain, enemy
    and own units eliminated, own units on the named map, enemy units still on the
    board (not eliminated, not exited) and both Bonus Victory Conditions."""
    rule = scenario.victory.side(seat)
    units = list(world.units.values())
    vp = elimination_vp(world, scenario, seat)
    vp += rule.own_eliminated * sum(1 for u in units if u.eliminated and u.seat == seat)
    if rule.controlled is not None:
        scoring = _scoring_hexes(world.field, rule.controlled)
        vp += rule.controlled.vp * sum(1 for h, s in control.items() if s == seat and h in scoring)
    if rule.on_map is not None:
        prefix = rule.on_map.map
        vp += rule.on_map.vp * sum(
            1
            for u in world.live()
            if u.seat == seat and u.hex is not None and _map_of(world, u.hex) == prefix
        )
    if rule.enemy_on_board:
        vp += rule.enemy_on_board * sum(
            1 for u in world.live() if u.seat != seat and u.hex is not None
        )
    if rule.own_vehicles_exited:  # scenario 6: each own vehicle that left the map
        vp += rule.own_vehicles_exited * sum(
            1
            for uid in world.exited
            if world.units[uid].seat == seat and _vehicle(world.units[uid])
        )
    if rule.relics and world.relics is not None and world.relics.exited == seat:
        vp += rule.relics  # scenario 8: this side carried the relics off its edge
    if rule.bonus and bonus_met(world, scenario, bonus, seat):
        vp += rule.bonus
    if rule.enemy_bonus and bonus_met(world, scenario, bonus, 1 - seat):
        vp += rule.enemy_bonus
    return vp


def _scoring_hexes(field: Field, wanted: Controlled) -> frozenset[str]:
    """The hexes whose control scores under ``wanted`` (terrain never changes: kept by
    the field, so each view's score does not look up every hex's terrain again)."""
    memo: dict[Controlled, frozenset[str]] = field.__dict__.setdefault("_scoring", {})
    known = memo.get(wanted)
    if known is None:
        known = memo[wanted] = frozenset(
            h for h in field.hexes() if wanted.counts(h, field.terrain(h).id)
        )
    return known


def _map_of(world: World, hex_id: str) -> str:
    return world.field.board.parse_id(hex_id)[0]


def scores(
    world: World, scenario: Scenario, control: dict[str, int], bonus: tuple[str, ...]
) -> tuple[int, int]:
    """Both sides' victory points now (the Americans first)."""
    return (
        side_vp(world, scenario, control, bonus, 0),
        side_vp(world, scenario, control, bonus, 1),
    )


def margin(
    world: World, scenario: Scenario, control: dict[str, int], bonus: tuple[str, ...]
) -> float:
    """How far the scenario's side to win is past (> 0) or short of (< 0) its condition
    right now, in VP: a positive margin means that side would win if the game ended."""
    win = scenario.victory.win
    vp = scores(world, scenario, control, bonus)
    mine, theirs = vp[win.seat], vp[1 - win.seat]
    parts = []
    if win.needs is not None:
        parts.append(mine - win.needs + 0.5)
    if win.more_than_other:
        parts.append(mine - theirs - 0.5)
    if win.eliminations is not None:
        parts.append(elimination_vp(world, scenario, win.seat) - win.eliminations + 0.5)
    got = min(parts) if parts else 0.0
    if win.or_clear_map is not None:  # scenario 4: or no enemy unit left on that map
        left = sum(
            1
            for u in world.live()
            if u.seat != win.seat
            and u.hex is not None
            and _map_of(world, u.hex) == win.or_clear_map
        )
        got = max(got, 0.5 - left)
    return got


def winner(
    world: World, scenario: Scenario, control: dict[str, int], bonus: tuple[str, ...]
) -> int:
    """The seat that wins if the game ends now (24)."""
    seat = scenario.victory.win.seat
    return seat if margin(world, scenario, control, bonus) > 0 else 1 - seat


def goal_text(scenario: Scenario) -> str:
    """The win condition in a few words, for the table and the outcome."""
    win = scenario.victory.win
    who = "The " + side_words(scenario.names)[win.seat]
    parts = []
    if win.needs is not None:
        parts.append(f"{win.needs}+ VP")
    if win.more_than_other:
        parts.append("more VP than the other side")
    if win.eliminations is not None:
        parts.append(f"{win.eliminations}+ VP from kills")
    text = f"{who} win with " + " and ".join(parts)
    if win.or_clear_map is not None:
        text += f", or with no enemy left on Map {win.or_clear_map}"
    return text
