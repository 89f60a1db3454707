"""Board geometry of Transformers Skirmish: squares, lines, moves, lines of fire.

A square is ``(file, rank)`` counted from 0: ``(0, 0)`` is a1, ``(7, 7)`` is h8. Moves and
attacks go in the eight chess-queen directions (orthogonal or diagonal). These functions
are pure and shared by the rules and the AI.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Container, Iterable, Mapping, Sequence

from game.core.errors import InvalidAction

Square = tuple[int, int]

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)
FILES = "abcdefghijklmnopqrstuvwxyz"


def square_name(sq: Square) -> str:
    """``(4, 0)`` -> ``"e1"``."""
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def parse_square(text: str, size: int = 8) -> Square:
    """``"e1"`` -> ``(4, 0)``; ``InvalidAction`` for anything off an ``size`` x ``size`` board."""
    t = text.strip().lower()
    if re.fullmatch(r"[a-z][0-9]{1,2}", t, re.ASCII) and t[0] in FILES[:size]:
        rank = int(t[1:])
        if 1 <= rank <= size:
            return (FILES.index(t[0]), rank - 1)
    last = f"{FILES[size - 1]}{size}"
    raise InvalidAction(f"{text!r} is not a square (expected a1..{last})")


def on_board(sq: Square, size: int) -> bool:
    return 0 <= sq[0] < size and 0 <= sq[1] < size


def forward(seat: int) -> int:
    """Rank step that is "forward" for a seat: Autobots (0) up the board, Deceptacons down."""
    return 1 if seat == 0 else -1


def back_rank(seat: int, size: int) -> int:
    """The rank a side sets up on: rank 1 for the Autobots, the last rank for the other side."""
    return 0 if seat == 0 else size - 1


def distance(a: Square, b: Square) -> int:
    """King-move distance (the length of a straight queen line between aligned squares)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def aligned(a: Square, b: Square) -> bool:
    """Whether ``b`` lies on an orthogonal or diagonal line from ``a``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (dx, dy) != (0, 0) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))


def between(a: Square, b: Square) -> list[Square]:
    """Squares strictly between two aligned squares."""
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    out = []
    x, y = a[0] + dx, a[1] + dy
    while (x, y) != b:
        out.append((x, y))
        x, y = x + dx, y + dy
    return out


def move_destinations(
    start: Square, steps: int, occupied: Container[Square], size: int, flying: bool
) -> list[Square]:
    """Where a single unit may end a move of up to ``steps`` squares in one straight line.

    A unit that is not flying stops before the first occupied square; a flying unit passes
    over units but must end on an empty square. Sorted by square name order.
    """
    out: list[Square] = []
    for dx, dy in DIRECTIONS:
        x, y = start
        for _ in range(steps):
            x, y = x + dx, y + dy
            if not (0 <= x < size and 0 <= y < size):
                break
            if (x, y) in occupied:
                if flying:
                    continue
                break
            out.append((x, y))
    out.sort()
    return out


def attack_targets(
    start: Square, reach: int, occupied: Container[Square], size: int
) -> list[Square]:
    """Occupied squares an attack of range ``reach`` from ``start`` can hit: the first unit
    met along each of the eight lines, within range (units block lines of fire)."""
    out: list[Square] = []
    for dx, dy in DIRECTIONS:
        x, y = start
        for _ in range(reach):
            x, y = x + dx, y + dy
            if not (0 <= x < size and 0 <= y < size):
                break
            if (x, y) in occupied:
                out.append((x, y))
                break
    out.sort()
    return out


def mass_advance(
    movers: Iterable[tuple[str, Square, bool]],
    occupied: Mapping[Square, str],
    steps: int,
    step_rank: int,
    size: int,
) -> dict[str, Square]:
    """Where each mover ends a mass move straight forward by up to ``steps`` squares.

    ``movers`` are (unit id, square, flying); ``step_rank`` is +1 or -1. Units are moved
    front-most first, so a unit may follow a friend that moved out of its way. A unit that
    is not flying stops before the first occupied square; a flying unit passes over units
    and lands on the farthest empty square within reach. A unit never leaves the board:
    it stops on the last rank. Returns only the units that actually move.
    """
    board = dict(occupied)
    order = sorted(movers, key=lambda m: (-m[1][1] * step_rank, m[1][0]))
    result: dict[str, Square] = {}
    for uid, (x, y), flying in order:
        best: Square | None = None
        for i in range(1, steps + 1):
            sq = (x, y + i * step_rank)
            if not on_board(sq, size):
                break
            if sq in board:
                if flying:
                    continue
                break
            best = sq
        if best is not None:
            del board[(x, y)]
            board[best] = uid
            result[uid] = best
    return result


def mass_groups(
    movers: Sequence[tuple[str, Square, bool]],
    occupied: Mapping[Square, str],
    steps: int,
    step_rank: int,
    size: int,
) -> list[tuple[str, ...]]:
    """Every group of ``movers`` (in roster order) that a mass move may name (issue 17):
    one or more of them, each of which moves. Robots only move along their own file, so
    a group is possible exactly when its part on each file is; the groups are the
    products of the files' choices, each listed in the movers' order."""
    files: dict[int, list[int]] = {}  # file -> indices into movers
    for i, mover in enumerate(movers):
        files.setdefault(mover[1][0], []).append(i)
    per_file: list[list[int]] = []  # each file's possible groups, as bit masks of movers
    for _, on_file in sorted(files.items()):
        options = [0]
        for mask in range(1, 1 << len(on_file)):
            chosen = [i for k, i in enumerate(on_file) if mask >> k & 1]
            group = [movers[i] for i in chosen]
            if len(mass_advance(group, occupied, steps, step_rank, size)) == len(group):
                options.append(sum(1 << i for i in chosen))
        per_file.append(options)
    ids = [m[0] for m in movers]
    out: list[tuple[str, ...]] = []
    for parts in itertools.product(*per_file):
        bits = sum(parts)  # files hold different movers: the masks never overlap
        if bits:
            out.append(tuple(ids[i] for i in range(len(ids)) if bits >> i & 1))
    return out
