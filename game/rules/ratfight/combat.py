"""Resolving fights with the resolution decks: shooting, grenades, close combat,
vehicle hits, damage and crew morale.

Every opposed draw is a :class:`~game.rules.ratfight.events.Contest`: each side turns
over its cards and keeps the best; the higher card wins (suits break ties). When both
keep the very same card the turn ends at once (``board.turn_cut``), and the draw
decides nothing.
"""

from __future__ import annotations

import math

from game.core.api import Event
from game.core.playing_cards import PlayingCard
from game.maps.tabletop import COVER_RANK, Cover, Point, hundredths
from game.maps.tabletop_measure import Hull, RoundBase, gap, under_template
from game.maps.tabletop_sight import best_cover
from game.rules.ratfight.board import Board, Pending, armour_against, is_armoured, kept
from game.rules.ratfight.data import Ability, FireMode, WeaponSpec
from game.rules.ratfight.events import (
    Contest,
    Fate,
    FigureFate,
    Moved,
    Purpose,
    Test,
    VehicleDamaged,
)
from game.rules.ratfight.legal import contact_point, retarget_problem
from game.rules.ratfight.model import Figure, Status


def _names(cards: tuple[PlayingCard, ...]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


def contest(
    board: Board,
    purpose: Purpose,
    attacker: Figure,
    a_cards: tuple[PlayingCard, ...],
    defender: Figure,
    d_cards: tuple[PlayingCard, ...],
    *,
    a_bonus: int = 0,
    d_bonus: int = 0,
    note: str = "",
) -> tuple[Contest, bool]:
    """Compare kept cards (value plus bonus; equal totals: the higher card wins, and
    equal cards by suit). Returns the event and whether the attacker won; sets
    ``turn_cut`` when both kept the same card."""
    a, d = kept(a_cards), kept(d_cards)
    identical = a == d
    if a_bonus or d_bonus:
        wins = a.value + a_bonus > d.value + d_bonus
    else:
        wins = a.beats(d)
    if identical:
        board.turn_cut = True
        wins = False
    event = Contest(
        purpose=purpose,
        attacker=attacker.label,
        defender=defender.label,
        attacker_cards=_names(a_cards),
        defender_cards=_names(d_cards),
        attacker_kept=str(a),
        defender_kept=str(d),
        attacker_bonus=a_bonus,
        defender_bonus=d_bonus,
        attacker_wins=wins,
        identical=identical,
        note=note,
        reveals=True,
    )
    return event, wins


def shooting_cards(board: Board, shooter: Figure, weapon: WeaponSpec) -> int:
    """The firer's cards: one, a sniper rifle's extra card, a Dead Shot's extra card."""
    extra = board.setting.rules.dead_shot_cards if shooter.has(Ability.DEAD_SHOT) else 0
    return 1 + weapon.extra_cards + extra


def target_cover(board: Board, shooter: Figure, target: Figure) -> Cover:
    """The cover the target counts when shot at: the terrain it stands in, or, if it is
    only partly in view, the terrain hiding it (at least soft). Out of sight altogether
    (retargeted shots, Firing 5) it is behind what hides it, as a model partly in view
    is: the best cover of the terrain it stands in and the pieces blocking the view, at
    least soft (Interpretation 10; rules version 2 counted the ground it stood on)."""
    sight = board.sight(shooter, target)
    if sight.clear:
        if not sight.in_terrain:
            return "none"
        return sight.cover if sight.cover != "none" else "soft"
    own = board.setting.geometry.cover_at(target.shape())
    if board.edition < 3:
        return own
    hidden = best_cover((*sight.target_in, *sight.blockers))
    best = own if COVER_RANK[own] >= COVER_RANK[hidden] else hidden
    return best if best != "none" else "soft"


def defence_cards(board: Board, shooter: Figure, target: Figure) -> tuple[int, Cover]:
    """Defender's cards: 1 in the open, 2 in soft terrain, 3 in hard terrain."""
    cover = target_cover(board, shooter, target)
    return board.setting.rules.cover_cards[cover], cover


def fire(
    board: Board, shooter: Figure, weapon_id: str, mode_index: int, target: Figure
) -> list[Event]:
    """Fire one weapon (already checked legal)."""
    weapon = board.setting.weapons[weapon_id]
    mode = weapon.modes[mode_index]
    if mode.blast_in is not None:
        return grenade(board, shooter, weapon, mode, target)
    shots = mode.shots * weapon.barrels
    return shots_at(board, shooter, weapon_id, mode_index, target, shots)


def shots_at(
    board: Board, shooter: Figure, weapon_id: str, mode_index: int, target: Figure, shots: int
) -> list[Event]:
    """Fire ``shots`` at ``target``: the defender turns over his cards once; each shot
    the firer turns over new cards against them until one wins."""
    weapon = board.setting.weapons[weapon_id]
    mode = weapon.modes[mode_index]
    if target.vehicle:
        return _shots_at_vehicle(board, shooter, weapon_id, mode_index, target, shots)
    n_def, cover = defence_cards(board, shooter, target)
    d_cards = board.draw(target.side, n_def)
    events: list[Event] = []
    for shot in range(shots):
        a_cards = board.draw(shooter.side, shooting_cards(board, shooter, weapon))
        note = _shot_note(weapon.title, shot, shots) + (
            f", {cover} cover" if cover != "none" else ""
        )
        event, hit = contest(board, Purpose.SHOT, shooter, a_cards, target, d_cards, note=note)
        events.append(event)
        if board.turn_cut:
            return events
        if hit:
            target.status = Status.DOWN
            events.append(FigureFate(figure=target.id, label=target.label, fate=Fate.DOWN))
            _offer_retarget(board, shooter, weapon_id, mode_index, target, shots - shot - 1)
            return events
    del mode
    return events


def _offer_retarget(
    board: Board, shooter: Figure, weapon_id: str, mode_index: int, around: Figure, left: int
) -> None:
    """Shots left after downing a target may go onto a model within 3" of it: wait for
    the firer's choice if there is any such model."""
    if left <= 0:
        return
    board.pending = Pending(shooter.id, weapon_id, mode_index, left, around.id)
    if not any(retarget_problem(board, f.id) is None for f in board.enemies_of(shooter.side)):
        board.pending = None


def _shots_at_vehicle(
    board: Board, shooter: Figure, weapon_id: str, mode_index: int, target: Figure, shots: int
) -> list[Event]:
    """Each shot: hit if the firer's card beats the vehicle's (drawn once); a hit draws
    for damage. Shots keep coming at the vehicle until it is abandoned."""
    weapon = board.setting.weapons[weapon_id]
    mode = weapon.modes[mode_index]
    d_cards = board.draw(target.side, 1)
    events: list[Event] = []
    for shot in range(shots):
        a_cards = board.draw(shooter.side, shooting_cards(board, shooter, weapon))
        note = _shot_note(weapon.title, shot, shots)
        event, hit = contest(
            board, Purpose.VEHICLE_HIT, shooter, a_cards, target, d_cards, note=note
        )
        events.append(event)
        if board.turn_cut:
            return events
        if hit:
            events += damage(board, shooter, shooter.pos, mode.ap, target)
            if board.turn_cut:
                return events
            if target.status is Status.ABANDONED:
                _offer_retarget(board, shooter, weapon_id, mode_index, target, shots - shot - 1)
                return events
    return events


def damage(board: Board, attacker: Figure, source: Point, ap: int, vehicle: Figure) -> list[Event]:
    """Damage: the attacker's card plus armour piercing against the vehicle's card plus
    its armour on the face toward ``source``; the difference is damage points, which
    accumulate; then the crew test their morale."""
    armour = armour_against(vehicle, source)
    a_cards = board.draw(attacker.side, 1)
    d_cards = board.draw(vehicle.side, 1)
    event, _ = contest(
        board,
        Purpose.VEHICLE_DAMAGE,
        attacker,
        a_cards,
        vehicle,
        d_cards,
        a_bonus=ap,
        d_bonus=armour,
        note=f"armour {armour}",
    )
    events: list[Event] = [event]
    if board.turn_cut:
        return events
    points = a_cards[0].value + ap - (d_cards[0].value + armour)
    if points <= 0:
        return events
    vehicle.damage += points
    events.append(
        VehicleDamaged(figure=vehicle.id, label=vehicle.label, points=points, total=vehicle.damage)
    )
    events += crew_morale(board, vehicle)
    return events


def crew_morale(board: Board, vehicle: Figure) -> list[Event]:
    """The owner turns over a card: the crew bail out if its value is at most the
    accumulated damage."""
    card = board.draw(vehicle.side, 1)[0]
    stays = card.value > vehicle.damage
    events: list[Event] = [
        Test(
            who=vehicle.label,
            purpose="crew morale",
            cards=(str(card),),
            kept=str(card),
            against=vehicle.damage,
            passed=stays,
            reveals=True,
        )
    ]
    if not stays:
        events += abandon(board, vehicle)
    return events


def abandon(board: Board, vehicle: Figure) -> list[Event]:
    """The crew leave: the vehicle stays as a wreck (an obstacle), its crew count as
    casualties, passengers are placed Down around it."""
    vehicle.status = Status.ABANDONED
    events: list[Event] = [
        FigureFate(
            figure=vehicle.id,
            label=vehicle.label,
            fate=Fate.BAILED_OUT,
            why=f"{vehicle.unit.crew} crew count as casualties",
        )
    ]
    riders = board.passengers(vehicle)
    place = spots_around if board.edition >= 2 else fixed_spots_around
    for figure, spot in zip(riders, place(board, vehicle, len(riders)), strict=True):
        figure.status = Status.DOWN
        figure.aboard = None
        figure.pos = spot
        events.append(FigureFate(figure=figure.id, label=figure.label, fate=Fate.THROWN_DOWN))
    return events


SPOT_GAP = 55  # hundredths from the hull's corner circle to a thrown-down model's centre
SPOT_RINGS = 4  # rings of spots tried, each a base further out
SPOT_ANGLES = 16


def fixed_spots_around(board: Board, vehicle: Figure, count: int) -> list[Point]:
    """Rules version 1: ``count`` places just clear of the hull, spread round it, kept on
    the table, whatever stands there (kept so that older saves replay)."""
    hull = vehicle.shape()
    assert isinstance(hull, Hull)
    reach = math.hypot(hull.length, hull.width) / 2 + SPOT_GAP
    table = board.setting.table
    out: list[Point] = []
    for k in range(count):
        angle = math.radians(hull.facing + 90 + 360 * k / max(count, 1))
        x = min(max(50, round(hull.centre[0] + reach * math.cos(angle))), table.width - 50)
        y = min(max(50, round(hull.centre[1] + reach * math.sin(angle))), table.height - 50)
        out.append((x, y))
    return out


def spots_around(board: Board, vehicle: Figure, count: int) -> list[Point]:
    """Places for ``count`` thrown-down passengers: just clear of the hull, spread round
    it, each wholly on the table, on ground passable to infantry and touching no other
    model (nor each other). Rings further out are tried when the near ones are taken;
    where none is free (a crowded table edge) the nearest spot on the table is used."""
    hull = vehicle.shape()
    assert isinstance(hull, Hull)
    riders = board.passengers(vehicle)
    geometry = board.setting.geometry
    rules = board.setting.rules
    table = board.setting.table
    base = reach = math.hypot(hull.length, hull.width) / 2 + SPOT_GAP
    others = [f.shape() for f in board.on_table() if f is not vehicle and f.aboard != vehicle.id]
    taken: list[Point] = []
    out: list[Point] = []
    for k in range(count):
        rider = riders[k] if k < len(riders) else None
        radius = rider.radius if rider is not None else 50
        ground = rules.movement[rider.unit.movement].ground if rider is not None else "infantry"
        found: Point | None = None
        fallback: Point | None = None
        for ring in range(SPOT_RINGS):
            reach = base + ring * 2 * radius
            for step in range(SPOT_ANGLES):
                turn = 360 * (k / max(count, 1) + step / SPOT_ANGLES)
                angle = math.radians(hull.facing + 90 + turn)
                x = round(hull.centre[0] + reach * math.cos(angle))
                y = round(hull.centre[1] + reach * math.sin(angle))
                inside = (
                    min(max(radius, x), table.width - radius),
                    min(max(radius, y), table.height - radius),
                )
                fallback = fallback or inside
                if inside != (x, y):
                    continue
                spot = RoundBase((x, y), radius)
                if any(p.move(ground) == "impassable" for p in geometry.pieces_at(spot)):
                    continue
                if any(gap(spot, o) <= 0 for o in others):
                    continue
                if any(math.dist(spot.centre, t) < 2 * radius for t in taken):
                    continue
                found = (x, y)
                break
            if found is not None:
                break
        spot_at = found or fallback or (round(hull.centre[0]), round(hull.centre[1]))
        taken.append(spot_at)
        out.append(spot_at)
    return out


def grenade(
    board: Board, thrower: Figure, weapon: WeaponSpec, mode: FireMode, target: Figure
) -> list[Event]:
    """A blast template centred on the target: every standing model with its base under
    or partly under it is attacked by one shot (terrain counts; friends too). Armoured
    vehicles shrug it off (no armour piercing)."""
    radius = hundredths((mode.blast_in or 3.0) / 2)
    standing = [f for f in board.on_table() if f.status is Status.UP]
    hit = [standing[i] for i in under_template(target.pos, [f.shape() for f in standing], radius)]
    events: list[Event] = []
    for figure in hit:
        if figure.vehicle:
            if is_armoured(figure):
                continue
            events += _shots_at_vehicle_once(board, thrower, weapon, mode, figure)
        else:
            n_def, cover = defence_cards(board, thrower, figure)
            d_cards = board.draw(figure.side, n_def)
            a_cards = board.draw(thrower.side, shooting_cards(board, thrower, weapon))
            note = weapon.title + (f", {cover} cover" if cover != "none" else "")
            event, won = contest(board, Purpose.SHOT, thrower, a_cards, figure, d_cards, note=note)
            events.append(event)
            if won:
                figure.status = Status.DOWN
                events.append(FigureFate(figure=figure.id, label=figure.label, fate=Fate.DOWN))
        if board.turn_cut:
            break
    return events


def _shots_at_vehicle_once(
    board: Board, thrower: Figure, weapon: WeaponSpec, mode: FireMode, vehicle: Figure
) -> list[Event]:
    a_cards = board.draw(thrower.side, shooting_cards(board, thrower, weapon))
    d_cards = board.draw(vehicle.side, 1)
    event, hit = contest(
        board, Purpose.VEHICLE_HIT, thrower, a_cards, vehicle, d_cards, note=weapon.title
    )
    events: list[Event] = [event]
    if hit and not board.turn_cut:
        events += damage(board, thrower, target_source(thrower), mode.ap, vehicle)
    return events


def target_source(figure: Figure) -> Point:
    return figure.pos


def close_combat(board: Board, attacker: Figure, target: Figure) -> list[Event]:
    """The attacker moves into contact. Against infantry: 2 cards against 1 (a Bruiser
    draws one more either way); the loser is a casualty at once; a Downed defender is a
    casualty without a draw. Against a vehicle: the same draw to hit, then damage at
    armour piercing 0 against the armour it faces."""
    start = attacker.pos
    to = contact_point(attacker, target)
    attacker.pos = to
    length = round(math.hypot(to[0] - start[0], to[1] - start[1]))
    events: list[Event] = [
        Moved(
            figure=attacker.id,
            label=attacker.label,
            start=start,
            end=to,
            length=length,
            how="charges",
        )
    ]
    rules = board.setting.rules
    bonus_a = rules.bruiser_cards if attacker.has(Ability.BRUISER) else 0
    if target.vehicle:
        a_cards = board.draw(attacker.side, rules.assault_cards + bonus_a)
        d_cards = board.draw(target.side, rules.defend_cards)
        event, hit = contest(
            board, Purpose.ASSAULT, attacker, a_cards, target, d_cards, note="close assault"
        )
        events.append(event)
        if hit and not board.turn_cut:
            events += damage(board, attacker, attacker.pos, 0, target)
        return events
    if target.status is Status.DOWN:
        target.status = Status.CASUALTY
        events.append(
            FigureFate(figure=target.id, label=target.label, fate=Fate.CASUALTY, why="caught Down")
        )
        return events
    bonus_d = rules.bruiser_cards if target.has(Ability.BRUISER) else 0
    a_cards = board.draw(attacker.side, rules.assault_cards + bonus_a)
    d_cards = board.draw(target.side, rules.defend_cards + bonus_d)
    event, won = contest(board, Purpose.ASSAULT, attacker, a_cards, target, d_cards)
    events.append(event)
    if board.turn_cut:
        return events
    loser = target if won else attacker
    loser.status = Status.CASUALTY
    events.append(
        FigureFate(figure=loser.id, label=loser.label, fate=Fate.CASUALTY, why="close combat")
    )
    return events


def _shot_note(weapon: str, shot: int, shots: int) -> str:
    """The weapon, and which shot of a volley this is (``shot`` counts from 0)."""
    return weapon if shots == 1 else f"{weapon}, shot {shot + 1} of {shots}"
