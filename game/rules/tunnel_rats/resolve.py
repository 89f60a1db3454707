"""What each (legal) action does. Every roll becomes a ``DieRolled`` event.

- Move: along the cheapest path; stops early when the path runs into a figure the
  mover's side did not know about (the hidden figure is bumped and becomes known), a
  booby trap the rat did not know about, or the umpire's hidden trap of the round.
- Shoot (rat): Firing + Accuracy + D20 (minus wound penalty) >= 15 hits; then
  Power + D20 >= 15 wounds. One round of ammunition per shot; the gun's noise is added.
- Shoot (defender): D6 against the table by weapon and the rat's stance (from rules
  edition 3 minus his own wound penalty); a hit rat saves by rolling less than his
  Agility on a D6.
- Melee: one round of close combat: the attacker strikes first; if he fails, the
  defender strikes back once. A rat strikes with Close Combat + D20 >= 15, a defender
  with the D6 table (no strike where the table says N/A). The loser takes a wound; no
  agility save against close combat.
- Search: Awareness + D20 >= 15 finds every hidden entrance within 2"; a search
  aimed at a known trap is the find-and-disarm test (failure: the trap goes off).
- Dress: a field dressing turns red into yellow and yellow into unhurt; so does a point
  spent on a comrade without a dressing from rules edition 3 (before: red only).
- Reload: fills the gun from the pouch.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.core.api import Action, DieRolled, Event, Note
from game.core.dice import D6, D20
from game.core.wounds import WoundLevel, add_wounds, treat
from game.rules.tunnel_rats.actions import (
    ChangeStance,
    Dress,
    Enter,
    Forfeit,
    Melee,
    Move,
    Reload,
    Search,
    Shoot,
)
from game.rules.tunnel_rats.combat import (
    Modifiers,
    capped_stance,
    enemy_strike_modifiers,
    enemy_to_hit,
    melee_modifiers,
    search_modifiers,
    shot_hit_modifiers,
    shot_wound_modifiers,
    trap_modifiers,
)
from game.rules.tunnel_rats.data import Stance, lowest
from game.rules.tunnel_rats.events import (
    DEFENDERS,
    ONLY_DEFENDERS,
    ONLY_RATS,
    RATS,
    AimedRoll,
    Dressed,
    EntranceFound,
    FigureRolled,
    LevelChanged,
    Moved,
    Reloaded,
    ShotRolled,
    Spotting,
    StanceChanged,
    TrapResolved,
    Wounded,
    inches,
)
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.state import Trap, TRModel
from game.rules.tunnel_rats.world import Entrance

Audience = frozenset[int] | None


def rat_audience(st: TRModel, rat: Rat) -> Audience:
    """Everybody when the defenders see the rat, else the rats only."""
    return None if st.rats[rat.id].spotted else ONLY_RATS


def enemy_audience(st: TRModel, enemy: Enemy) -> Audience:
    """Everybody when the rats see the enemy, else the defenders only."""
    return None if st.enemy_visible(st.enemies[enemy.id]) else ONLY_DEFENDERS


def d20_test(
    st: TRModel, who: str, purpose: str, mods: Modifiers, audience: Audience = None
) -> FigureRolled:
    """A D20 test of figure ``who`` (an id; the log names him)."""
    face = D20.roll(st.rng)
    total = face + sum(v for _, v in mods)
    return FigureRolled(
        who=st.name_of(who),
        figure=who,
        purpose=purpose,
        die="D20",
        faces=(face,),
        modifiers=mods,
        target=st.rules.target,
        success=total >= st.rules.target,
        visible_to=audience,
    )


def d6_test(
    st: TRModel, who: str, purpose: str, needed: int, audience: Audience, mods: Modifiers = ()
) -> FigureRolled:
    """A defender's D6 (figure ``who``, an id; the log names him): the face plus ``mods``
    (his wound penalty) must reach ``needed``."""
    face = D6.roll(st.rng)
    return FigureRolled(
        who=st.name_of(who),
        figure=who,
        purpose=purpose,
        die="D6",
        faces=(face,),
        modifiers=mods,
        target=needed,
        success=face + sum(v for _, v in mods) >= needed,
        visible_to=audience,
    )


def _shot(roll: DieRolled, shooter: str, shot_at: str) -> ShotRolled:
    """``roll`` as the to-hit roll of a shot, naming shooter and target by id."""
    fields = {f.name: getattr(roll, f.name) for f in dataclasses.fields(roll)}
    return ShotRolled(**fields, shooter=shooter, shot_at=shot_at)


def _aimed(roll: DieRolled, at: str) -> AimedRoll:
    """``roll`` as a roll against the figure ``at`` (named by id for the table)."""
    fields = {f.name: getattr(roll, f.name) for f in dataclasses.fields(roll)}
    return AimedRoll(**fields, at=at)


def wound_rat(st: TRModel, rid: str, cause: str) -> list[Event]:
    """One wound on a rat: yellow, red, then dead; his stance drops as the wounds
    require; a dead carrier drops the documents where he falls."""
    rat = st.rats[rid]
    wounds = add_wounds(rat.wounds)
    st.rats[rid] = replace(rat, wounds=wounds, stance=capped_stance(rat.stance, wounds, st.rules))
    if wounds is WoundLevel.DEAD and st.carrier == rid:
        st.carrier = None
        st.objective = rat.cell
    return [
        Wounded(
            figure=rid,
            name=rat.name,
            wounds=wounds,
            cause=cause,
            visible_to=rat_audience(st, rat),
        )
    ]


def wound_enemy(st: TRModel, eid: str, cause: str) -> list[Event]:
    enemy = st.enemies[eid]
    audience = enemy_audience(st, enemy)
    wounds = add_wounds(enemy.wounds)
    st.enemies[eid] = replace(
        enemy, wounds=wounds, stance=capped_stance(enemy.stance, wounds, st.rules)
    )
    return [Wounded(figure=eid, name=enemy.name, wounds=wounds, cause=cause, visible_to=audience)]


def resolve(st: TRModel, action: Action) -> list[Event]:
    """Carry out a legal action: its handler in :data:`HANDLERS`."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise AssertionError(f"unhandled action {action!r}")
    return handler(st, action)


# -- movement ---------------------------------------------------------------------------


def _forget_tests(st: TRModel, fid: str) -> None:
    """A figure that moves or changes stance must be spotted afresh."""
    st.tested = frozenset(p for p in st.tested if fid not in p)


def _move(st: TRModel, action: Move) -> list[Event]:
    fig = st.rats.get(action.figure) or st.enemies[action.figure]
    reach = st.move_reach(fig, action.stance, st.blocking_for(fig))
    path = reach.path(action.cell)
    events: list[Event] = []
    occupied = st.occupied(fig.level)
    stop = len(path) - 1
    bumped: str | None = None
    trap: Trap | None = None
    for i, cell in enumerate(path[1:], start=1):
        other = occupied.get(cell)
        if other is not None and other != fig.id:
            stop, bumped = i - 1, other
            break
        if isinstance(fig, Rat):
            trap = next(
                (
                    t
                    for t in st.traps.values()
                    if t.armed and t.level == fig.level and t.cell == cell
                ),
                None,
            )
            if trap is not None:
                stop = i
                break
    path = path[: stop + 1]
    umpire_trap = False
    if isinstance(fig, Rat) and st.pending_trap == fig.id and trap is None and len(path) >= 2:
        # The umpire's hidden trap of this round lies on this path: where the point man
        # is heading (edition 2, the umpire's choice), or on a random step (edition 1).
        stop = len(path) - 1 if st.edition >= 2 else 1 + st.rng.below(len(path) - 1)
        path = path[: stop + 1]
        umpire_trap, bumped = True, None
    _forget_tests(st, fig.id)
    moved = replace(fig, cell=path[-1], stance=action.stance)
    lv = st.level(fig.level)
    walked = sum(lv.distance(a, b) for a, b in zip(path, path[1:], strict=False))
    if isinstance(moved, Rat):
        st.rats[fig.id] = moved
        events.append(
            Moved(
                figure=fig.id,
                name=fig.name,
                distance=walked,
                level=fig.level,
                path=tuple(path),
                stance=action.stance,
                visible_to=rat_audience(st, moved),
            )
        )
    else:
        was_seen = st.enemy_visible(st.enemies[fig.id])
        st.enemies[fig.id] = moved
        seen = was_seen or st.enemy_visible(moved)
        events.append(
            Moved(
                figure=fig.id,
                name=fig.name,
                distance=walked,
                level=fig.level,
                path=tuple(path),
                stance=action.stance,
                visible_to=None if seen else ONLY_DEFENDERS,
            )
        )
    if bumped is not None:
        events.extend(_bump(st, fig.id, bumped))
    if isinstance(moved, Rat) and trap is not None:
        events.extend(_trap_test(st, moved.id, trap))
    if isinstance(moved, Rat) and umpire_trap:
        st.pending_trap, st.trap_sprung_round = None, st.round
        tid = f"u{st.round}"
        events.extend(_trap_test(st, moved.id, Trap(tid, moved.level, moved.cell, True)))
    return events


def _bump(st: TRModel, mover: str, other: str) -> list[Event]:
    """Walking into a figure one did not know about: a rat who is bumped is spotted."""
    rid = other if other in st.rats else mover if mover in st.rats else None
    if rid is None or st.rats[rid].spotted:
        return []
    st.rats[rid] = replace(st.rats[rid], spotted=True)
    by = other if rid == mover else mover
    return [
        Spotting(
            rat=rid,
            spotted=True,
            by=by,
            rat_name=st.name_of(rid),
            by_name=st.name_of(by),
        )
    ]


def _trap_test(st: TRModel, rid: str, trap: Trap) -> list[Event]:
    rat = st.rats[rid]
    mods = trap_modifiers(rat, trap.hidden, st.rules)
    kind = "a hidden" if trap.hidden else "an obvious"
    # The defenders hear their trap go off or fall silent (TrapResolved), but the roll's
    # stance modifier would tell them how an unseen rat moves: it stays with the rats.
    audience = rat_audience(st, rat)
    roll = d20_test(st, rid, f"tries to find and disarm {kind} booby trap", mods, audience)
    roll = replace(roll, reveals=audience is None)
    if trap.id in st.traps:
        st.traps[trap.id] = replace(trap, armed=False)
    events: list[Event] = [
        roll,
        TrapResolved(
            figure=rid,
            name=rat.name,
            trap=trap.id,
            hidden=trap.hidden,
            disarmed=bool(roll.success),
            cell=trap.cell,
            reveals=True,
        ),
    ]
    if not roll.success:
        if st.edition >= 2 and _agility_save(st, rat, events, reveals=True):
            return events
        events.extend(wound_rat(st, rid, "booby trap"))
    return events


def _agility_save(st: TRModel, rat: Rat, events: list[Event], *, reveals: bool = False) -> bool:
    """The Agility save, against booby traps as against bullets: a D6 below the card's
    Agility and the rat takes no wound. Appends the roll to ``events``."""
    save = D6.roll(st.rng)
    saved = save < rat.card.agility
    events.append(
        FigureRolled(
            who=rat.name,
            figure=rat.id,
            purpose="dodges (Agility save: below Agility)",
            die="D6",
            faces=(save,),
            target=None,
            success=saved,
            reveals=reveals,
        )
    )
    return saved


def _stance(st: TRModel, action: ChangeStance) -> list[Event]:
    fig = st.rats.get(action.figure) or st.enemies[action.figure]
    _forget_tests(st, fig.id)
    if isinstance(fig, Rat):
        st.rats[fig.id] = replace(fig, stance=action.stance)
        audience = rat_audience(st, fig)
    else:
        st.enemies[fig.id] = replace(fig, stance=action.stance)
        audience = enemy_audience(st, fig)
    return [StanceChanged(figure=fig.id, name=fig.name, stance=action.stance, visible_to=audience)]


def _landing(st: TRModel, level: int, near: Cell) -> Cell:
    """The free cell nearest ``near`` on ``level`` (the entrance's own cell if free)."""
    lv = st.level(level)
    taken = set(st.occupied(level))
    reach = lv.reach(near, math.inf, Stance.CRAWLING)
    best = sorted(
        (c for c in reach.costs if c not in taken), key=lambda c: (reach.costs[c], c[1], c[0])
    )
    return best[0] if best else near


def linked_entrance(st: TRModel, eid: str) -> Entrance | None:
    """The other end of an entrance: on the level it leads to, the entrance leading back
    with the same name, else one leading back at the same cell, else any leading back,
    else any entrance of that level (None when the level has none)."""
    ent = st.world.entrances[eid]
    there = [e for e in st.world.entrances.values() if e.level == ent.leads_to]
    back = [e for e in there if e.leads_to == ent.level]
    for pick in (
        [e for e in back if e.name == ent.name],
        [e for e in back if e.cell == ent.cell],
        back,
        there,
    ):
        if pick:
            return pick[0]
    return None


def _enter(st: TRModel, action: Enter) -> list[Event]:
    fig = st.rats.get(action.figure) or st.enemies[action.figure]
    ent = st.world.entrances[action.entrance]
    target = ent.leads_to
    assert target is not None
    arrival = linked_entrance(st, ent.id)
    near = arrival.cell if arrival else st.level(target).passable_cells()[0]
    cell = _landing(st, target, near)
    stance = lowest(fig.stance, Stance.CRAWLING)
    _forget_tests(st, fig.id)
    if isinstance(fig, Rat):
        st.rats[fig.id] = replace(fig, level=target, cell=cell, stance=stance, spotted=False)
        if arrival is not None and arrival.id not in st.found:
            st.found = st.found | {arrival.id}
        audience: Audience = ONLY_RATS
    else:
        st.enemies[fig.id] = replace(fig, level=target, cell=cell, stance=stance)
        audience = enemy_audience(st, st.enemies[fig.id])
    changed = LevelChanged(
        figure=fig.id,
        name=fig.name,
        entrance=ent.id,
        entrance_name=ent.name,
        level=target,
        cell=cell,
        visible_to=audience,
    )
    return [changed]


# -- fighting ---------------------------------------------------------------------------


def _shoot(st: TRModel, action: Shoot) -> list[Event]:
    if action.figure in st.rats:
        return _rat_shoots(st, st.rats[action.figure], st.enemies[action.target])
    return _enemy_shoots(st, st.enemies[action.figure], st.rats[action.target])


def _rat_shoots(st: TRModel, rat: Rat, enemy: Enemy) -> list[Event]:
    gun = rat.gun_card
    st.rats[rat.id] = replace(rat, loaded=rat.loaded - 1, spotted=rat.spotted)
    st.noise[rat.level] += gun.noise
    roll = d20_test(
        st, rat.id, f"fires at {enemy.name} (to hit)", shot_hit_modifiers(rat, st.rules)
    )
    hit = _shot(roll, rat.id, enemy.id)
    events: list[Event] = [hit]
    if hit.success:
        wound = _aimed(
            d20_test(st, rat.id, f"wounds {enemy.name}?", shot_wound_modifiers(rat)), enemy.id
        )
        events.append(wound)
        if wound.success:
            events.extend(wound_enemy(st, enemy.id, f"shot by {rat.name}"))
    # Muzzle flash: every defender with a line to him now knows where he is.
    if not st.rats[rat.id].spotted and any(
        e.level == rat.level and rat.cell in st.enemy_sight(e) for e in st.living_enemies()
    ):
        st.rats[rat.id] = replace(st.rats[rat.id], spotted=True)
        events.append(
            Spotting(rat=rat.id, rat_name=rat.name, spotted=True, visible_to=ONLY_DEFENDERS)
        )
    return events


def _enemy_shoots(st: TRModel, enemy: Enemy, rat: Rat) -> list[Event]:
    st.noise[enemy.level] += st.tables.weapons[enemy.weapon].noise
    needed = enemy_to_hit(enemy, rat.stance, st.tables)
    assert needed is not None
    # The shot gives the shooter away: the rats may see who fires at them only if in sight.
    audience = enemy_audience(st, enemy)
    mods = enemy_strike_modifiers(enemy, st.rules, gunfire=True, edition=st.edition)
    die = d6_test(st, enemy.id, f"fires at {rat.name} ({rat.stance.value})", needed, None, mods)
    roll = _shot(die, enemy.id, rat.id)
    events: list[Event] = [roll]
    if audience is not None:
        events = [
            replace(roll, visible_to=ONLY_DEFENDERS),
            replace(roll, who="An unseen enemy", figure="", shooter=None, visible_to=ONLY_RATS),
        ]
    if roll.success:
        if not _agility_save(st, rat, events):
            events.extend(wound_rat(st, rat.id, f"shot by {st.tables.sides[enemy.side].short}"))  # type: ignore[index]
    return events


def _rat_strike(st: TRModel, rat: Rat, enemy: Enemy, aud: Audience) -> tuple[bool, list[Event]]:
    roll = d20_test(
        st, rat.id, f"close combat against {enemy.name}", melee_modifiers(rat, st.rules), aud
    )
    return bool(roll.success), [_aimed(roll, enemy.id)]


def _enemy_strike(st: TRModel, enemy: Enemy, rat: Rat, aud: Audience) -> tuple[bool, list[Event]]:
    needed = enemy_to_hit(enemy, rat.stance, st.tables)
    if needed is None:
        return False, []
    mods = enemy_strike_modifiers(enemy, st.rules, gunfire=False, edition=st.edition)
    roll = d6_test(st, enemy.id, f"close combat against {rat.name}", needed, aud, mods)
    return bool(roll.success), [_aimed(roll, rat.id)]


def _melee(st: TRModel, action: Melee) -> list[Event]:
    if action.figure in st.rats:
        rat, enemy = st.rats[action.figure], st.enemies[action.target]
        rat_first = True
    else:
        rat, enemy = st.rats[action.target], st.enemies[action.figure]
        rat_first = False
    aud = None
    events: list[Event] = []
    order = ("rat", "enemy") if rat_first else ("enemy", "rat")
    for who in order:
        if who == "rat":
            ok, evs = _rat_strike(st, rat, enemy, aud)
            events.extend(evs)
            if ok:
                events.extend(wound_enemy(st, enemy.id, f"close combat with {rat.name}"))
                break
        else:
            ok, evs = _enemy_strike(st, enemy, rat, aud)
            events.extend(evs)
            if ok:
                events.extend(wound_rat(st, rat.id, f"close combat with {enemy.name}"))
                break
    return events


# -- searching, first aid, reloading ----------------------------------------------------------


def _search(st: TRModel, action: Search) -> list[Event]:
    rat = st.rats[action.figure]
    if action.trap is not None:
        return _trap_test(st, rat.id, st.traps[action.trap])
    roll = d20_test(
        st, rat.id, "searches for entrances", search_modifiers(rat, st.rules), rat_audience(st, rat)
    )
    events: list[Event] = [roll]
    if roll.success:
        lv = st.level(rat.level)
        for ent in st.world.entrances.values():
            if (
                ent.level == rat.level
                and ent.id not in st.found
                and lv.within(rat.cell, ent.cell, st.rules.search_range)
            ):
                st.found = st.found | {ent.id}
                events.append(
                    EntranceFound(
                        figure=rat.id,
                        name=rat.name,
                        entrance=ent.id,
                        entrance_name=ent.name,
                        cell=ent.cell,
                        reveals=True,
                    )
                )
    if len(events) == 1:  # nothing found: the log says so
        reach = f" within {inches(st.rules.search_range)}" if roll.success else ""
        message = f"{rat.name} searches and finds no hidden entrance{reach}."
        events.append(Note(message=message, visible_to=rat_audience(st, rat)))
    return events


def _dress(st: TRModel, action: Dress) -> list[Event]:
    dresser, patient = st.rats[action.figure], st.rats[action.patient]
    # A field dressing heals a yellow wound; from rules edition 3 a point spent on a
    # comrade does the same (Interpretation 7), before only a red one.
    wounds = treat(patient.wounds, clears_yellow=action.use_fafd or st.edition >= 3)
    if action.use_fafd:
        st.rats[dresser.id] = replace(dresser, fafd=False)
    st.rats[patient.id] = replace(st.rats[patient.id], wounds=wounds)
    return [
        Dressed(
            figure=dresser.id,
            name=dresser.name,
            patient=patient.id,
            patient_name=patient.name,
            wounds=wounds,
            used_fafd=action.use_fafd,
            visible_to=rat_audience(st, patient),
        )
    ]


def _reload(st: TRModel, action: Reload) -> list[Event]:
    rat = st.rats[action.figure]
    moved = min(rat.gun_card.shots - rat.loaded, rat.spare)
    st.rats[rat.id] = replace(rat, loaded=rat.loaded + moved, spare=rat.spare - moved)
    new = st.rats[rat.id]
    return [
        Reloaded(
            figure=rat.id,
            name=rat.name,
            loaded=new.loaded,
            spare=new.spare,
            visible_to=rat_audience(st, rat),
        )
    ]


__all__ = ["resolve", "wound_rat", "wound_enemy", "DEFENDERS", "RATS"]


#: The resolution half of Tunnel Rats' dispatch table; its legality half is
#: ``state.LEGALITY``, by the same action types.
HANDLERS: dict[type[Action], Callable[[TRModel, Any], list[Event]]] = {
    Forfeit: lambda _st, _action: [],
    Move: _move,
    ChangeStance: _stance,
    Enter: _enter,
    Shoot: _shoot,
    Melee: _melee,
    Search: _search,
    Dress: _dress,
    Reload: _reload,
}
