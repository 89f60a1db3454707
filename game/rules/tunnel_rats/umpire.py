"""The umpire's duties, automated: setting up, rounds, hidden traps, noise, spotting,
exploring, objectives, victory, and re-dealing hidden information for search AIs.

Decisions (docs/rules/tunnel_rats.md, Interpretations):
- Round start: the two average dice (public), then the umpire's secret D6 for a hidden
  booby trap (4-6: one waits for the first rat who moves this round; see resolve).
- Round end: the noise test. Each shot adds its gun's noise to its level's total for
  the round; a total above 15 on a level calls for a D6: 1-3 brings one more soldier
  to that level, from a spawn point out of every rat's sight and at least 3" from
  every rat (none comes if there is no such place or the scenario's pool is empty).
- Spotting: after every action, each defender who sees an unspotted rat and has not
  yet tested against him (since either of them last moved or changed stance) rolls a
  D6 against the spotting table. A rat who shoots with a defender in sight, or who is
  within 1" of one, is spotted at once. A rat no defender sees is no longer spotted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from game.core.api import Action, DieRolled, Event, Note
from game.core.dice import AVERAGE_DIE, D6
from game.core.rng import Rng, derive_seed
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.checks import check_scenario
from game.rules.tunnel_rats.data import (
    EnemySpec,
    Scenario,
    Stance,
    character_deck,
    gun_by_id,
    gun_deck,
    load_rules_numbers,
)
from game.rules.tunnel_rats.events import (
    DEFENDERS,
    ONLY_DEFENDERS,
    ONLY_RATS,
    RATS,
    EntranceFound,
    FigureRolled,
    GameEnded,
    ObjectiveEvent,
    Reinforcement,
    RoundStarted,
    Spotting,
)
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.opening import opening
from game.rules.tunnel_rats.state import Trap, TRModel
from game.rules.tunnel_rats.world import World

M = TypeVar("M", bound=TRModel)

# -- setting up ---------------------------------------------------------------------------


def set_up(make: type[M], world: World, scenario: Scenario, seed: int, edition: int = 3) -> M:
    """Deal character and gun cards, place both sides, and start round 1 (``make`` is the
    state class: the full game state of :mod:`play`, which this module cannot import;
    ``edition``: the rules edition, older ones for games saved under them)."""
    check_scenario(world, scenario)
    rng = Rng(seed)
    rules = load_rules_numbers()
    chars = rng.shuffled(character_deck())
    guns = rng.shuffled(gun_deck())
    start = world.levels[0].deployment.get("rats", ())
    if len(start) < scenario.rats + (scenario.victory.kind == "rescue"):
        free = [c for c in world.levels[0].passable_cells() if c not in start]
        start = tuple(start) + tuple(free)
    rats: dict[str, Rat] = {}
    count = scenario.rats + (1 if scenario.victory.kind == "rescue" else 0)
    for i in range(count):
        gun = guns[i % len(guns)]
        rat = Rat(
            id=f"r{i + 1}",
            character=chars[i % len(chars)],
            gun=gun,
            level=0,
            cell=start[i],
            loaded=gun_by_id(gun).shots,
            spare=rules.spare_rounds,
        )
        rats[rat.id] = rat
    if scenario.victory.kind == "rescue":
        # The last rat is the wounded one waiting at the objective.
        lv = scenario.victory.objective_level
        cell = world.levels[lv].objectives[scenario.victory.objective or ""]
        rid = f"r{count}"
        rats[rid] = replace(
            rats[rid],
            level=lv,
            cell=cell,
            wounds=WoundLevel.RED,
            stance=Stance.CRAWLING,
            pinned=True,
            fafd=False,
        )
    st = make(
        rng=rng,
        world=world,
        scenario=scenario,
        rats=rats,
        enemies={},
        traps={t.id: Trap(t.id, t.level, t.cell, t.hidden) for t in world.traps.values()},
        explored=[frozenset() for _ in world.levels],
        noise=[0 for _ in world.levels],
        reinforcements_left=scenario.max_reinforcements,
        edition=edition,
    )
    st.found = frozenset(
        e.id for e in world.entrances.values() if e.name in scenario.known_entrances
    )
    for spec in scenario.enemies:
        for _ in range(spec.count):
            place = _enemy_start(st, spec)
            if place is not None:
                _add_enemy(st, spec, place)
    if scenario.victory.kind == "retrieve":
        lv = scenario.victory.objective_level
        st.objective = world.levels[lv].objectives[scenario.victory.objective or ""]
    first = [*explore(st), *start_round(st)]
    st.opening = opening(st, first)  # the log's first lines; not part of the snapshot
    return st


def _enemy_start(st: TRModel, spec: EnemySpec) -> Cell | None:
    lv = st.level(spec.level)
    taken = set(st.occupied(spec.level))
    if spec.at is not None and spec.at in lv.objectives:
        cells: list[Cell] = [lv.objectives[spec.at]]
    else:
        cells = list(lv.deployment.get("defenders", ())) or list(lv.spawns)
    free = [c for c in cells if c not in taken]
    if not free:
        return None
    return free[st.rng.below(len(free))]


def _add_enemy(st: TRModel, spec: EnemySpec, cell: Cell, level: int | None = None) -> Enemy:
    st.enemy_serial += 1
    prefix = "v" if spec.side == "vc" else "n"
    enemy = Enemy(
        id=f"{prefix}{st.enemy_serial}",
        side=spec.side,
        weapon=spec.weapon,
        level=spec.level if level is None else level,
        cell=cell,
    )
    st.enemies[enemy.id] = enemy
    return enemy


# -- rounds --------------------------------------------------------------------------------


def start_round(st: TRModel) -> list[Event]:
    """Throw the action dice and the umpire's hidden-trap die."""
    st.round += 1
    faces = tuple(AVERAGE_DIE.roll(st.rng) for _ in range(st.rules.action_dice))
    points = sum(faces)
    st.points = [points, points]
    st.to_act = RATS
    st.noise = [0 for _ in st.world.levels]
    trap_face = D6.roll(st.rng)
    st.pending_trap = None
    victim = ""
    if trap_face >= st.rules.hidden_trap_from:
        if st.edition >= 2:
            st.pending_trap = victim = point_man(st) or ""
        else:
            rats = [r.id for r in st.living_rats() if r.can_act]
            if rats:
                st.pending_trap = victim = rats[st.rng.below(len(rats))]
        st.pending_trap = st.pending_trap or None
    return [
        RoundStarted(round=st.round, points=points),
        DieRolled(
            who=f"The {st.side_names[RATS]}",
            purpose="throw for both sides' action points",
            die="2 average dice",
            faces=faces,
        ),
        DieRolled(
            who="The umpire",
            purpose="rolls for a hidden booby trap this round",
            die="D6",
            faces=(trap_face,),
            target=st.rules.hidden_trap_from,
            success=trap_face >= st.rules.hidden_trap_from,
            visible_to=ONLY_DEFENDERS,
        ),
        *(
            [
                Note(
                    message=f"The umpire sets a hidden trap in the path of {st.name_of(victim)}.",
                    visible_to=ONLY_DEFENDERS,
                )
            ]
            if victim
            else []
        ),
    ]


def point_man(st: TRModel) -> str | None:
    """The rat the umpire's hidden trap waits for (rules edition 2): the one farthest
    along, as an umpire would pick to slow the rats where they are going — on the
    deepest level, the longest walk from where the rats came onto it (their deployment
    on the first level, its first entrance below); ties go to the lower id. ``None`` if
    no rat can act."""
    best: tuple[int, float, str] | None = None
    for rat in st.living_rats():
        if not rat.can_act:
            continue
        lv = st.level(rat.level)
        entry = lv.deployment.get("rats") or tuple(c for _n, c, _l, _h in lv.entrance_cells)
        walked = lv.path_distance(entry[0], rat.cell) if entry else 0.0
        key = (rat.level, walked if walked is not None else 0.0, rat.id)
        if best is None or (key[0], key[1]) > (best[0], best[1]):
            best = key
    return None if best is None else best[2]


def end_round(st: TRModel) -> list[Event]:
    """The noise test of every level, then the round limit, then the next round."""
    events: list[Event] = []
    rules = st.rules
    for level, noise in enumerate(st.noise):
        if noise <= rules.noise_threshold:
            continue
        face = D6.roll(st.rng)
        joins = face <= rules.reinforcement_upto
        events.append(
            DieRolled(
                who="The umpire",
                purpose=f"hears noise {noise} on level {level + 1}: does someone come (1-3)?",
                die="D6",
                faces=(face,),
                success=joins,
            )
        )
        if joins:
            events.extend(_reinforce(st, level))
    st.pending_trap = None
    if st.round >= st.scenario.round_limit:
        events.extend(declare(st, DEFENDERS, f"the rats ran out of time ({st.round} rounds)"))
        return events
    events.extend(start_round(st))
    return events


def _reinforce(st: TRModel, level: int) -> list[Event]:
    pool = st.scenario.reinforcements
    if st.reinforcements_left <= 0 or not pool:
        return []
    lv = st.level(level)
    rats = [r for r in st.living_rats() if r.level == level]
    seen = st.visible_cells(level)
    taken = set(st.occupied(level))
    far = st.rules.spawn_min_distance
    candidates = [
        c
        for c in (lv.spawns or lv.deployment.get("defenders", ()))
        if c not in seen and c not in taken and all(not lv.within(c, r.cell, far) for r in rats)
    ]
    if not candidates:
        return []
    cell = candidates[st.rng.below(len(candidates))]
    spec = pool[st.rng.below(len(pool))]
    st.reinforcements_left -= 1
    enemy = _add_enemy(st, spec, cell, level)
    return [
        Reinforcement(
            enemy=enemy.id, name=enemy.name, level=level, cell=cell, visible_to=ONLY_DEFENDERS
        )
    ]


# -- after every action -----------------------------------------------------------------------


def after_action(st: TRModel, action: Action) -> list[Event]:
    """Spend the point, update what each side sees, check objectives and victory, and
    end the round when both sides have spent every point."""
    del action
    side = st.to_act
    st.points[side] -= 1
    events: list[Event] = []
    events.extend(explore(st))
    events.extend(spot(st))
    events.extend(objectives(st))
    events.extend(check_victory(st))
    if st.winner is not None:
        return events
    other = 1 - side
    if st.points[other] > 0:
        st.to_act = other
    elif st.points[side] > 0:
        st.to_act = side
    else:
        events.extend(end_round(st))
    return events


def explore(st: TRModel) -> list[Event]:
    """Add what every rat's flashlight shows to the explored map; entrances in plain
    view (not hidden) are known from then on."""
    events: list[Event] = []
    for rat in st.living_rats():
        sight = st.rat_sight(rat)
        if not sight <= st.explored[rat.level]:
            st.explored[rat.level] = st.explored[rat.level] | sight
        for ent in st.world.entrances.values():
            if ent.level == rat.level and not ent.hidden and ent.id not in st.found:
                if ent.cell in sight:
                    st.found = st.found | {ent.id}
                    events.append(
                        EntranceFound(
                            figure=rat.id,
                            name=rat.name,
                            entrance=ent.id,
                            entrance_name=ent.name,
                            cell=ent.cell,
                            visible_to=ONLY_RATS,
                        )
                    )
    return events


def spot(st: TRModel) -> list[Event]:
    """Spotting tests (D6 against the table by the rat's stance; see module doc)."""
    events: list[Event] = []
    enemies = st.living_enemies()
    tested = set(st.tested)
    for rat in st.living_rats():
        seers = [e for e in enemies if e.level == rat.level and rat.cell in st.enemy_sight(e)]
        if not seers:
            if rat.spotted:
                st.rats[rat.id] = replace(rat, spotted=False)
                events.append(
                    Spotting(
                        rat=rat.id, rat_name=rat.name, spotted=False, visible_to=ONLY_DEFENDERS
                    )
                )
            continue
        if rat.spotted:
            continue
        lv = st.level(rat.level)
        close = next((e for e in seers if lv.within(e.cell, rat.cell, st.rules.melee_range)), None)
        if close is not None:
            st.rats[rat.id] = replace(rat, spotted=True)
            events.append(
                Spotting(
                    rat=rat.id, rat_name=rat.name, spotted=True, by=close.id, by_name=close.name
                )
            )
            continue
        for enemy in seers:
            if (enemy.id, rat.id) in tested:
                continue
            tested.add((enemy.id, rat.id))
            needed = st.tables.spot(enemy.side, rat.stance)
            face = D6.roll(st.rng)
            ok = face >= needed
            events.append(
                FigureRolled(
                    who=enemy.name,
                    figure=enemy.id,
                    purpose=f"tries to spot {rat.name} ({rat.stance.value})",
                    die="D6",
                    faces=(face,),
                    target=needed,
                    success=ok,
                    visible_to=ONLY_DEFENDERS,
                )
            )
            if ok:
                st.rats[rat.id] = replace(rat, spotted=True)
                events.append(
                    Spotting(
                        rat=rat.id,
                        rat_name=rat.name,
                        spotted=True,
                        by=enemy.id,
                        by_name=enemy.name,
                        visible_to=ONLY_DEFENDERS,
                    )
                )
                break
    st.tested = frozenset(tested)
    return events


def objectives(st: TRModel) -> list[Event]:
    """Picking up the documents and reaching the wounded rat happen without a point."""
    events: list[Event] = []
    vic = st.scenario.victory
    lv = st.level(vic.objective_level)
    reach = st.rules.melee_range
    if vic.kind == "retrieve" and st.carrier is None and st.objective is not None:
        for rat in st.living_rats():
            if (
                rat.can_act
                and rat.level == vic.objective_level
                and lv.within(rat.cell, st.objective, reach)
            ):
                st.carrier, st.objective = rat.id, None
                st.rats[rat.id] = replace(rat, carrying=True)
                events.append(
                    ObjectiveEvent(figure=rat.id, name=rat.name, what="takes the documents")
                )
                break
    if st.carrier is not None and not st.rats[st.carrier].carrying:
        st.rats[st.carrier] = replace(st.rats[st.carrier], carrying=True)
    for rat in st.living_rats():
        if rat.carrying and st.carrier != rat.id:
            st.rats[rat.id] = replace(rat, carrying=False)
    if vic.kind == "rescue":
        for rat in st.living_rats():
            if not rat.pinned:
                continue
            lv2 = st.level(rat.level)
            if any(
                o.can_act and o.level == rat.level and lv2.within(o.cell, rat.cell, reach)
                for o in st.living_rats()
            ):
                st.rats[rat.id] = replace(rat, pinned=False)
                events.append(
                    ObjectiveEvent(
                        figure=rat.id,
                        name=rat.name,
                        what="is reached by a comrade and can move again",
                        visible_to=ONLY_RATS,
                    )
                )
    return events


def _at_exit(st: TRModel, rat: Rat) -> bool:
    return rat.level == 0 and rat.cell in st.level(0).deployment.get("rats", ())


def check_victory(st: TRModel) -> list[Event]:
    if st.winner is not None:
        return []
    vic = st.scenario.victory
    rats = st.living_rats()
    if not [r for r in rats if r.can_act or r.pinned]:
        return declare(st, DEFENDERS, "every tunnel rat is dead")
    if vic.kind == "rescue":
        wounded = st.rats[f"r{len(st.rats)}"]
        if not wounded.alive:
            return declare(st, DEFENDERS, "the wounded rat died before he was brought out")
        if not wounded.pinned and _at_exit(st, wounded):
            return declare(st, RATS, "the wounded rat is brought out alive")
        if wounded.pinned and all(r.id == wounded.id for r in rats):
            return declare(st, DEFENDERS, "no rat is left to bring the wounded man out")
    elif vic.kind == "retrieve":
        if st.carrier is not None and _at_exit(st, st.rats[st.carrier]):
            return declare(st, RATS, "the documents are brought out")
    elif not st.living_enemies():
        return declare(st, RATS, "every defender is dead")
    return []


def declare(st: TRModel, winner: int, reason: str) -> list[Event]:
    st.winner, st.reason = winner, reason
    return [GameEnded(winner=winner, reason=reason, side=st.side_names[winner])]


# -- hidden information re-dealt -------------------------------------------------------------


def determinize(st: M, seat: int, rng: Rng) -> M:
    """A copy where what ``seat`` cannot know is dealt again: for the rats, unseen
    defenders stand on random cells out of the rats' sight, unknown traps lie on random
    unexplored cells and the umpire's trap die is thrown again; for the defenders,
    unspotted rats stand on random cells out of every defender's sight. Future dice are
    re-seeded in both cases (``Rng(derive_seed(...))``).

    Honest: every draw depends only on what ``seat`` knows. Hidden figures are dealt in
    id order onto cells listed in (y, x) order that are neither seen nor taken by a figure
    the seat knows of, so where the hidden figures truly stand changes nothing."""
    copy = st.clone()
    copy.rng = Rng(derive_seed(rng.next_u64(), 0))
    if seat == RATS:
        visible = copy.visible_enemy_ids()
        hidden_enemies = sorted(
            (e for e in copy.enemies.values() if e.alive and e.id not in visible),
            key=lambda e: e.id,
        )
        known = [r for r in copy.living_rats()] + [
            e for e in copy.living_enemies() if e.id in visible
        ]
        seen = {lv: copy.visible_cells(lv) for lv in {e.level for e in hidden_enemies}}
        for enemy, cell in _deal(copy, hidden_enemies, known, seen, rng):
            copy.enemies[enemy.id] = replace(enemy, cell=cell)
        for trap in sorted(copy.traps.values(), key=lambda t: t.id):
            if trap.armed and not copy.trap_known(trap):
                lv = copy.level(trap.level)
                cells = [c for c in lv.passable_cells() if c not in copy.explored[trap.level]]
                if cells:
                    copy.traps[trap.id] = replace(trap, cell=cells[rng.below(len(cells))])
        if copy.trap_sprung_round != copy.round:
            # The rats cannot tell whose path it waits on, nor whether it was ever set.
            rats = [r.id for r in copy.living_rats() if r.can_act]
            set_now = D6.roll(rng) >= copy.rules.hidden_trap_from
            if copy.edition >= 2:  # the umpire's choice is known: the point man
                copy.pending_trap = point_man(copy) if set_now else None
            else:
                copy.pending_trap = rats[rng.below(len(rats))] if set_now and rats else None
    else:
        hidden_rats = sorted(
            (r for r in copy.rats.values() if r.alive and not r.spotted), key=lambda r: r.id
        )
        known_figs: list[Rat | Enemy] = [*copy.living_enemies()]
        known_figs += [r for r in copy.living_rats() if r.spotted]
        seen = {}
        for index in {r.level for r in hidden_rats}:
            sighted: set[Cell] = set()
            for e in copy.living_enemies():
                if e.level == index:
                    sighted |= copy.enemy_sight(e)
            seen[index] = frozenset(sighted)
        for rat, cell in _deal(copy, hidden_rats, known_figs, seen, rng):
            copy.rats[rat.id] = replace(rat, cell=cell)
        # Which ground the rats have explored follows from where they went, which the
        # defenders do not know: in their worlds the rats know what they see now.
        copy.explored = [copy.visible_cells(i) for i in range(len(copy.world.levels))]
    return copy


F = TypeVar("F", Rat, Enemy)


def _deal(
    st: TRModel,
    hidden: list[F],
    known: Sequence[Rat | Enemy],
    seen: dict[int, frozenset[Cell]],
    rng: Rng,
) -> list[tuple[F, Cell]]:
    """Cells for the ``hidden`` figures: each on a free cell of his level that the seat
    neither sees nor knows to be taken (a figure keeps his cell if none is left)."""
    taken = {(f.level, f.cell) for f in known}
    out: list[tuple[F, Cell]] = []
    for fig in hidden:
        cells = [
            c
            for c in sorted(st.level(fig.level).passable_cells(), key=lambda c: (c[1], c[0]))
            if c not in seen[fig.level] and (fig.level, c) not in taken
        ]
        if cells:
            cell = cells[rng.below(len(cells))]
            taken.add((fig.level, cell))
            out.append((fig, cell))
    return out


__all__ = ["ONLY_RATS", "after_action", "determinize", "set_up"]
