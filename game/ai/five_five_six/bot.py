"""The 5.56mm bot: a one-go heuristic over the seat's view.

It sees what a player at the table sees (every character, the cards drawn, never the
deck's order, nor whether an enemy is Hiding or using Stealth) and scores each legal
action of the drawn character in "men" (1.0 = one enemy out of the fight), looking to
the end of his go:

- **Fire** is worth the calculator's exact outcomes (``explain``: spotting roll, hit,
  each wound) times the target's worth, more for an enemy near the objective he must
  reach. A first Fire counts the second shot at the same target (or a move to cover, or
  Stealth) that can follow; **Aim** counts the aimed shot after it; **Auto-Fire**
  every shot of the burst with its own modifiers; a **grenade** every enemy in its
  blast less twice every friend; **Engage** the hand-to-hand odds. The side holding
  an objective counts a shot at an enemy who could reach it next go up to four times
  (``Places.urgency``), and holding such a man in a melee.
- **Move** and **Sprint** are worth the place reached (``five_five_six_places``: the
  objective, and the danger there from every enemy's best shot, by day and by night),
  plus what he can still do there (a shot, another move). Only the most promising
  destinations (objective and cover) get the exact danger.
- **Stealth**, **Hide** and **Covering Fire** are worth the danger they take off and
  the snap shot they may give; **First Aid**, **Treat Injury** and **Use Radio** the
  wound made better or the men called in, times the chance.
- A man on Covering Fire snaps at the enemy acting if the shot is worth it; a man next
  to a live grenade throws it back when that is safer than letting it lie.

Decisions take a few tens of milliseconds (``python -m game bench``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.ai.five_five_six.helicopters import (
    hover_flights,
    pilot_value,
    rope_downs,
    rope_value,
)
from game.ai.five_five_six.places import (
    Places,
    Stance,
    facing_after_move,
    objectives,
    prime_sight,
    sight_pairs,
)
from game.ai.five_five_six.values import (
    auto_fire_value,
    blast_harm,
    contest_loss,
    fire_value,
    grenade_value,
    radio_value,
    treat_value,
    worth,
)
from game.ai.five_five_six.vehicles import (
    drive_scores,
    fan_drives,
    seat_score,
    vehicle_shot_value,
)
from game.ai.registry import register_ai
from game.core.api import Action
from game.core.rng import Rng
from game.rules.five_five_six import actions as act
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.arms import firearm, firearms_of, range_category
from game.rules.five_five_six.combat.fire_play import (
    damage_of,
    distance_in,
    shot_check,
    spotting_checks,
)
from game.rules.five_five_six.combat.grenade_play import grenade, throw_category, throw_distance_in
from game.rules.five_five_six.combat.grenades import pick_up_check, throw_check
from game.rules.five_five_six.combat.injury import damage_contest
from game.rules.five_five_six.explain import explain
from game.rules.five_five_six.model import Character
from game.rules.five_five_six.penalties import penalties
from game.rules.five_five_six.view import FiveFiveSixView

SHORTLIST = 12  # Move destinations that get the exact danger
SPRINT_SHORTLIST = 6
HOLD_ON = 0.5  # holders: an alarming enemy held in a melee (3.73), in his worth
SNAP_THRESHOLD = 0.04  # a Covering Fire shot must be worth this much
MOVE_AGAIN = 0.8  # a second Move is expected to gain this share of the first
STEALTH_SHARE = 0.25  # Stealth takes about this share of the danger off
COVER_SHARE = 0.45  # a Covering Fire snap shot: this share of a shot now
STEP_LEAST = 50  # hundredths: a Move shorter than this is no move
SPRINT_LEAST = 200
THREW_BACK = 0.05  # his next go is a single action (3.2)
DULL = -1e9


class FiveFiveSixBot:
    """The heuristic described in the module docstring."""

    name = "ai"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: FiveFiveSixView) -> Action:
        return self.ranked(view, 1)[0]

    def ranked(self, view: FiveFiveSixView, k: int) -> list[Action]:
        """Its ``k`` best choices for the drawn character's go, best first (the first is
        what ``choose`` plays); a grenade, a snap shot and the turn's own steps are
        single choices."""
        actions = tuple(view.candidate_actions)
        if not actions:
            raise ValueError(f"seat {self.seat} was asked to choose with no legal action")
        board = view.board.copy()
        if board.live is not None:
            return [_live_grenade(board, actions)]
        if board.asking:
            return [_snap_fire(board, actions)]
        if board.go is None:
            return [actions[0]]
        if board.vehicles:  # rules version 3: a driver looks at more places to drive to
            me = board.characters[board.go.character]
            actions += tuple(fan_drives(board, me)) + tuple(hover_flights(board, me))
            actions += tuple(a for a in rope_downs(board, me) if a not in actions)
        return Go(board, self.seat, view).ranked(actions, k)


# -- the drawn character's go ---------------------------------------------------------------


def _still_to_act(board: Board, view: FiveFiveSixView) -> frozenset[str]:
    """Characters with a card not yet drawn this turn (the drawn cards are public)."""
    drawn = set(view.drawn) | set(view.removed)
    return frozenset(
        c.id
        for c in board.characters.values()
        if any(card not in drawn for card in c.profile.cards)
    )


class Go:
    """Scores the acting character's legal actions (see the module docstring)."""

    def __init__(self, board: Board, seat: int, view: FiveFiveSixView) -> None:
        go = board.go
        assert go is not None
        self.board = board
        self.go = go
        self.me = board.characters[go.character]
        aims = objectives(board, seat)
        self.hold = aims.hold
        self.places = Places(board, self.me, aims, _still_to_act(board, view))
        self.stance = Stance(self.me.facing, self.me.stealth, self.me.hidden)
        self.here = 0.0  # the place he stands in, valued by ``best``
        self.move_on = 0.0  # the objective progress of his best Move, set by ``best``
        self.fires: dict[act.Fire, float] = {}
        self.scores: dict[Action, float] = {}  # the last ranking's scores (for explaining)

    def best(self, actions: tuple[Action, ...]) -> Action:
        return self.ranked(actions, 1)[0]

    def ranked(self, actions: tuple[Action, ...], k: int) -> list[Action]:
        """The ``k`` best-scored actions, best first (ties to the one listed first)."""
        moves = [a for a in actions if isinstance(a, act.Move)]
        sprints = [a for a in actions if isinstance(a, act.Sprint)]
        shortlist = self._shortlist(moves, SHORTLIST) + self._shortlist(sprints, SPRINT_SHORTLIST)
        places = [self.me.pos, *(a.to for a in shortlist)]
        places += [a.to for a in actions if isinstance(a, act.Hide)]
        prime_sight(self.board, sight_pairs(places, self.board.enemies_of(self.me.side)))
        self.here = self.places.value(self.me.pos, self.stance)
        start = self.places.objective_term(self.me.pos)
        self.move_on = max((self.places.objective_term(a.to) - start for a in moves), default=0.0)
        scores: dict[Action, float] = {}
        drives = [a for a in actions if isinstance(a, act.Drive)]
        if drives:
            found = drive_scores(self.board, self.me, self.places, drives)
            scores.update({a: self.here + v for a, v in found.items()})
            actions += tuple(a for a in found if a not in actions)  # Full Speed runs
        for action in actions:
            if isinstance(action, act.Drive):
                continue
            if not isinstance(action, act.Move | act.Sprint):
                scores[action] = self.score(action, actions)
        for action in shortlist:
            scores[action] = self._move_score(action)
        self.scores = scores
        order = sorted(
            range(len(actions)), key=lambda i: (scores.get(actions[i], DULL), -i), reverse=True
        )
        return [actions[i] for i in order[: max(1, k)]] or [act.End()]

    # -- one action ----------------------------------------------------------------------
    def score(self, action: Action, actions: tuple[Action, ...]) -> float:
        """The worth of one action of the go, from :data:`GO_VALUES` by its type."""
        scorer = GO_VALUES.get(type(action))
        return DULL if scorer is None else scorer(self, action, actions)

    def urgency(self, target: Character) -> float:
        """For the holders, more for an enemy near the objective he must reach
        (``Places.urgency``); 1 for the side that must reach."""
        return self.places.urgency(target)

    def fire(self, action: act.Fire) -> float:
        found = self.fires.get(action)
        if found is None and action.target in self.board.vehicles:
            found = vehicle_shot_value(self.board, action, self.hold is not None)
            self.fires[action] = found
        if found is None:
            target = self.board.characters[action.target]
            found = fire_value(self.board, action) * self.urgency(target)
            self.fires[action] = found
        return found

    def _shot_now(self, action: act.Fire) -> float:
        """A shot's worth as the go stands now (not remembered: the go is being tried)."""
        if action.target in self.board.vehicles:
            return vehicle_shot_value(self.board, action, self.hold is not None)
        return fire_value(self.board, action) * self.urgency(self.board.characters[action.target])

    def _left_after(self) -> int:
        return self.go.left - 1

    def _fire_score(self, action: Action) -> float:
        assert isinstance(action, act.Fire)
        value = self.fire(action)
        if self._left_after() > 0:
            value += max(self._second_shot(action), self._after_acting())
        return self.here + value

    def _second_shot(self, first: act.Fire) -> float:
        go = self.go
        saved = (list(go.taken), go.fired_at, go.aimed)
        go.taken.append("fire")
        go.fired_at, go.aimed = first.target, False
        try:
            return self._shot_now(first)
        finally:
            go.taken, go.fired_at, go.aimed = saved

    def _after_acting(self) -> float:
        """What a last action adds after one that leaves him where he is: Stealth, or
        a Move on toward the objective (counted by its progress only)."""
        stealth = STEALTH_SHARE * self.places.danger(self.me.pos, self.stance) * 0.8
        return max(stealth, MOVE_AGAIN * self.move_on)

    def _aimed_shot(self, actions: tuple[Action, ...]) -> float:
        go = self.go
        saved = (list(go.taken), go.aimed)
        go.taken.append("aim")
        go.aimed = True
        try:
            return max(
                (self._shot_now(a) for a in actions if isinstance(a, act.Fire)), default=-1.0
            )
        finally:
            go.taken, go.aimed = saved

    def _urgent_auto(self, action: Action) -> float:
        assert isinstance(action, act.AutoFire)
        return auto_fire_value(self.board, action) * self.urgency(
            self.board.characters[action.targets[0]]
        )

    def _throw_score(self, action: Action) -> float:
        assert isinstance(action, act.Throw)
        value = grenade_value(self.board, action)
        if self._left_after() > 0:
            value += self._after_acting()
        return self.here + value

    def _stealth_score(self, action: Action) -> float:
        stance = Stance(self.me.facing, True, self.me.hidden)
        value = self.places.value(self.me.pos, stance)
        if self._left_after() > 0:
            value += self.places.offence(self.me.pos, self.me.facing)
        return value

    def _hide_score(self, action: Action) -> float:
        assert isinstance(action, act.Hide)
        facing = facing_after_move(self.me.pos, action.to, None, self.me.facing)
        return self.places.value(action.to, Stance(facing, self.me.stealth, True))

    def _covering_value(self) -> float:
        """3.6: a snap shot at an enemy still to act, in front of him, within reach."""
        best = 0.0
        for enemy in self.board.enemies_of(self.me.side):
            if not enemy.can_act or enemy.id not in self.places.still_to_act:
                continue
            if not self.board.in_field(self.me, enemy, 90.0):
                continue
            for weapon_id in firearms_of(self.me):
                if weapon_id not in self.me.empty:
                    best = max(best, _snap_with(self.board, self.me, weapon_id, enemy))
        return COVER_SHARE * best

    def _treat_score(self, action: Action) -> float:
        assert isinstance(action, act.FirstAid | act.TreatInjury)
        patient = self.board.characters[action.patient]
        value = treat_value(
            self.board, self.me, patient, first_aid=isinstance(action, act.FirstAid)
        )
        if isinstance(action, act.FirstAid) and self._left_after() > 0:
            value += max(self.places.offence(self.me.pos, self.me.facing), self._after_acting())
        return self.here + value

    def _engage_score(self, action: Action) -> float:
        """3.7: the chance of a hit times a fair share of the target, less the blows he
        may take back; closing in without an attack is worth little. For the holders an
        enemy who could reach the objective next go is worth holding in a melee (3.73:
        he must win a roll to get away), and a hit on him counts more."""
        assert isinstance(action, act.Engage)
        target = self.board.characters[action.target]
        if self.board.gap(self.me, target) > 400:
            return self.here - 0.2
        hit = explain(self.board, action).outcomes.get("hit", 0.0)
        value = hit * 0.6 * worth(target) - (1 - hit) * 0.25 * worth(self.me)
        alarm = self.places.alarm_of(target.pos) if self.hold is not None else 0.0
        if alarm > 0 and not target.engaged:
            # 3.73: held in the melee, he must win a roll to move on to the objective
            value += HOLD_ON * alarm * worth(target) + hit * 0.6 * worth(target) * alarm
        return self.here + value

    # -- moving ----------------------------------------------------------------------------
    def _cheap(self, action: act.Move | act.Sprint) -> float:
        """The objective term and the cover at the destination (no line of sight)."""
        cover = self.board.setting.geometry.cover_at(self.me.base_at(action.to))
        bonus = {"none": 0.0, "soft": 0.1, "hard": 0.15}.get(str(cover), 0.1)
        return self.places.objective_term(action.to) + bonus

    def _goes(self, action: act.Move | act.Sprint) -> bool:
        """A Move worth the action goes half an inch or more (or turns him on the
        spot); a Sprint, two inches (Sprinting only to be harder to hit is no sprint)."""
        far = math.dist(action.to, self.me.pos)
        if isinstance(action, act.Sprint):
            return far >= SPRINT_LEAST
        return far >= STEP_LEAST or (far == 0 and action.facing is not None)

    def _shortlist(
        self, moves: Sequence[act.Move | act.Sprint], size: int
    ) -> list[act.Move | act.Sprint]:
        moves = [a for a in moves if self._goes(a)]
        ranked = sorted(moves, key=lambda a: -self._cheap(a))
        turns = [a for a in moves if a.to == self.me.pos]
        picked: list[act.Move | act.Sprint] = [*ranked[:size], *turns]
        return list(dict.fromkeys(picked))

    def _move_score(self, action: Action) -> float:
        assert isinstance(action, act.Move | act.Sprint)
        me = self.me
        if isinstance(action, act.Sprint):
            facing = facing_after_move(me.pos, action.to, None, me.facing)
            return self.places.value(action.to, Stance(facing, sprinting=True))
        facing = facing_after_move(me.pos, action.to, action.facing, me.facing)
        value = self.places.value(action.to, Stance(facing, me.stealth))
        if self._left_after() > 0:
            progress = self.places.objective_term(action.to) - self.places.objective_term(me.pos)
            shot = self.places.offence(action.to, facing)
            stealth = STEALTH_SHARE * self.places.danger(action.to, Stance(facing, me.stealth))
            value += max(shot, MOVE_AGAIN * progress, stealth * 0.8)
        return value


# -- moments outside the go -------------------------------------------------------------


def _snap_fire(board: Board, actions: tuple[Action, ...]) -> Action:
    """3.6: fire at the best target in the watched arc (the enemy acting now unless the
    shot names another) if the shot is worth it, else let it pass."""
    assert board.go is not None
    best: tuple[float, Action] | None = None
    hold: Action = next((a for a in actions if isinstance(a, act.HoldFire)), actions[0])
    for action in actions:
        if not isinstance(action, act.SnapFire):
            continue
        watcher = board.characters[action.character]
        target = board.characters[action.target or board.go.character]
        value = _snap_with(board, watcher, action.weapon, target)
        if value > SNAP_THRESHOLD and (best is None or value > best[0]):
            best = (value, action)
    return hold if best is None else best[1]


def _snap_with(board: Board, watcher: Character, weapon_id: str, target: Character) -> float:
    weapon = firearm(weapon_id)
    category = range_category(weapon, distance_in(board, watcher, target))
    if category is None:
        return 0.0
    check = shot_check(board, watcher, target, weapon_id, covering=True)
    if check is None:
        return 0.0
    seen = 1.0
    for spot in spotting_checks(board, watcher, target):
        seen *= float(spot.chance)
    contest = damage_contest(
        damage_of(weapon, category),
        target.profile.strength,
        damage_name="damage",
        wound_penalty=target.effects.tn_penalty,
    )
    return seen * float(check.chance) * contest_loss(contest, target) * worth(target)


def _live_grenade(board: Board, actions: tuple[Action, ...]) -> Action:
    """3.2: throw it back (at the enemy it would hurt most) when the grab and the throw
    are likely enough that it beats letting it go off where it lies; failing either, it
    goes off in his hand, among his friends."""
    live = board.live
    assert live is not None
    kind = grenade(live.grenade)
    friends_harm = sum(
        blast_harm(board, live.grenade, live.at, c) * worth(c)
        for c in board.on_table()
        if c.side == board.seat
    )
    let_lie = -friends_harm
    best: tuple[float, Action] = (
        let_lie,
        next((a for a in actions if isinstance(a, act.LetLie)), actions[0]),
    )
    for action in actions:
        if not isinstance(action, act.ThrowBack):
            continue
        grabber = board.characters[action.character]
        category = throw_category(kind, throw_distance_in(grabber, action.to))
        if category is None:
            continue
        grab = float(pick_up_check(grabber.profile.morale, penalties(board, grabber)).chance)
        throw = float(
            throw_check(category, grabber.profile.strength, extra=penalties(board, grabber)).chance
        )
        safe = grab * throw
        gain = sum(
            blast_harm(board, live.grenade, action.to, c) * worth(c)
            for c in board.on_table()
            if c.side != grabber.side
        )
        in_hand = sum(
            blast_harm(board, live.grenade, grabber.pos, c) * worth(c)
            for c in board.on_table()
            if c.side == grabber.side
        )
        value = safe * gain - (1 - safe) * in_hand - THREW_BACK
        if value > best[0]:
            best = (value, action)
    return best[1]


#: How the bot values each action of a go, by its type (the 5.56mm dispatch of the AI):
#: ``(go, action, the go's listed actions) -> score``. Move and Sprint are valued on a
#: shortlist (``Go._move_score``), Drive by ``drive_scores``, and the window actions by
#: :data:`SCORED_APART`; each action type is in one or the other.
GO_VALUES: dict[type[Action], Callable[[Go, Any, tuple[Action, ...]], float]] = {
    act.Fire: lambda go, a, _all: go._fire_score(a),
    act.Aim: lambda go, _a, acts: go.here + go._aimed_shot(acts) if go.go.left > 1 else DULL,
    act.AutoFire: lambda go, a, _all: go.here + go._urgent_auto(a),
    act.Throw: lambda go, a, _all: go._throw_score(a),
    act.Stealth: lambda go, a, _all: go._stealth_score(a),
    act.Hide: lambda go, a, _all: go._hide_score(a),
    act.CoveringFire: lambda go, _a, _all: go.here + go._covering_value(),
    act.FirstAid: lambda go, a, _all: go._treat_score(a),
    act.TreatInjury: lambda go, a, _all: go._treat_score(a),
    act.Engage: lambda go, a, _all: go._engage_score(a),
    act.UseRadio: lambda go, _a, _all: go.here + radio_value(go.board, go.me),
    act.Carry: lambda go, _a, _all: go.here - 0.05,
    act.GetIn: lambda go, a, _all: go.here + seat_score(go.board, a),
    act.GetOut: lambda go, a, _all: go.here + seat_score(go.board, a),
    act.Pilot: lambda go, a, _all: go.here + pilot_value(go.board, go.me, a),
    act.FastRope: lambda go, a, _all: go.here + rope_value(go.board, go.places, go.me, a),
    act.End: lambda go, _a, _all: go.here,
}

#: The action types valued outside :data:`GO_VALUES`, and by what.
SCORED_APART: dict[type[Action], str] = {
    act.Move: "Go._move_score",
    act.Sprint: "Go._move_score",
    act.Drive: "drive_scores",
    act.SnapFire: "_snap_fire",
    act.HoldFire: "_snap_fire",
    act.ThrowBack: "_live_grenade",
    act.LetLie: "_live_grenade",
}

register_ai("five_five_six")(FiveFiveSixBot)
