"""Drawing one random legal action on a tabletop without listing them all.

Free movement offers endless destinations and every listed candidate costs a geometry
check, so tabletop rulesets draw the way a player decides: one of the things that may
act now (a model, or a whole-card choice such as ending it), then a kind of action
with a weight, then its target (a destination from :func:`random_destination`, an
enemy), and check only what they drew. :func:`draw_action` is that loop, shared by
RatFight and 5.56mm; the rulesets say who may act, which kinds and what a draw is.

Everything is drawn with the ``Rng`` passed in, so a draw is repeatable from the same
generator state. Distances are hundredths of an inch, bearings degrees clockwise from
the right table edge (as :func:`~game.maps.tabletop_measure.bearing`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from game.core.api import Action
from game.core.rng import Rng
from game.maps.tabletop import Point
from game.maps.tabletop_measure import step_toward

TRIES = 3  # draws of one actor checked before falling back to its listed actions
TOWARD_SHARE = 0.5  # destinations drawn toward a point that matters, not at random

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of action an actor might take: its weight and how to draw one (None
    when there is nothing of this kind to draw, e.g. no enemy in reach). ``exhaustive``:
    the draw itself searches until it finds a legal action, so None proves the actor
    has none of this kind (it is not drawn again)."""

    weight: float
    draw: Callable[[Rng], Action | None]
    exhaustive: bool = False


def draw_action(
    rng: Rng,
    actors: Sequence[A],
    kinds_of: Callable[[A], Sequence[Kind]],
    listed_of: Callable[[A], Sequence[Action]],
    legal: Callable[[Action], bool],
    tries: int = TRIES,
) -> Action | None:
    """A legal action of a random actor, or None when no actor has one.

    An actor is drawn uniformly; then up to ``tries`` times a kind (by weight) and an
    action of that kind, the first ``legal`` one returned. When none is, a uniform
    choice among the actor's ``listed_of`` actions (already legal) is made; an actor
    without any is put aside and another drawn. An exhaustive kind that draws nothing
    is dropped; when every kind of an actor is dropped so, it has no legal action and
    is put aside without listing.
    """
    pool = list(actors)
    while pool:
        index = rng.below(len(pool))
        actor = pool[index]
        kinds = [k for k in kinds_of(actor) if k.weight > 0]
        for _ in range(tries):
            if not kinds:
                break
            kind = _pick(kinds, rng)
            action = kind.draw(rng)
            if action is not None and legal(action):
                return action
            if action is None and kind.exhaustive:
                kinds.remove(kind)
        if kinds or not all(k.exhaustive for k in kinds_of(actor) if k.weight > 0):
            listed = listed_of(actor)
            if listed:
                return rng.choice(listed)
        pool.pop(index)
    return None


def _pick(kinds: Sequence[Kind], rng: Rng) -> Kind:
    at = rng.random() * sum(k.weight for k in kinds)
    for kind in kinds:
        at -= kind.weight
        if at < 0:
            return kind
    return kinds[-1]


def random_destination(
    rng: Rng,
    start: Point,
    reach: int,
    *,
    toward: Sequence[Point] | Callable[[], Sequence[Point]] = (),
    heading: float | None = None,
    spread: float = 180.0,
) -> Point:
    """A point a move from ``start`` might end at, within ``reach`` hundredths.

    Half the time it heads for one of ``toward`` (if there is any: points, or a function
    giving them, asked only then), a random share (a quarter to all) of ``reach`` but no
    farther than the point; otherwise a random bearing (``heading`` ± ``spread``
    degrees; any bearing by default) and a distance uniform over the disc. Whether the
    move is legal is the rules' question: the point is only a proposal.
    """
    goals: Sequence[Point] = ()
    if rng.random() < TOWARD_SHARE:
        goals = toward() if callable(toward) else toward
    if goals:
        goal = goals[rng.below(len(goals))]
        length = reach * (0.25 + 0.75 * rng.random())
        far = math.hypot(goal[0] - start[0], goal[1] - start[1])
        return step_toward(start, goal, min(length, far))
    centre = 0.0 if heading is None else heading
    angle = math.radians(centre + spread * (2.0 * rng.random() - 1.0))
    length = reach * math.sqrt(rng.random())
    return (
        round(start[0] + length * math.cos(angle)),
        round(start[1] + length * math.sin(angle)),
    )


def random_in_reach(
    rng: Rng, candidates: Sequence[A], gap_of: Callable[[A], float], reach: float
) -> A | None:
    """A uniform choice among ``candidates`` whose ``gap_of`` is within ``reach``
    (None if there is none): a target for a weapon or a charge."""
    near = [c for c in candidates if gap_of(c) <= reach]
    return near[rng.below(len(near))] if near else None


def first_legal(
    rng: Rng, options: Sequence[Action], legal: Callable[[Action], bool]
) -> Action | None:
    """A uniform choice among the ``legal`` ones of ``options``, checking only until one
    passes (each failure is dropped and another drawn): None when none is legal."""
    left = list(options)
    while left:
        action = left.pop(rng.below(len(left)))
        if legal(action):
            return action
    return None
