"""The '65 scenario's goals on the board (24, issue 31), each with its name: the hexes
that score when held (a "1 VP" tag on each building hex, in the colour of the side
holding it; "Camp centre 10 VP" on scenario 5's objective), the maps a side must reach
or clear ("Map 2: Viet Cong goal"), the edges a side may leave by ("Americans' exit") and
its home edge. Tags sit at the foot of a hex (its id is at the top, the counters in the
middle) and over the counters, so they stay readable."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.sixty_five.boards import scenario_by_id
from game.rules.sixty_five.field import Field
from game.rules.sixty_five.names import possessive, side_words
from game.rules.sixty_five.scenario import Scenario
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.assets import Assets
from game.ui.tables.sixty_five_art import SEAT_COLOURS
from game.ui.tables.sixty_five_board import BoardPicture
from game.ui.tables.sixty_five_marks import EDGE_WORDS, exit_marked_hexes

TAG = (250, 240, 200)  # a goal nobody holds
INK = (30, 26, 18)
#: names of single objective hexes, where the scenario gives them one
HEX_NAMES = {"3I5": "Camp centre", "3C1": "Convoy exit"}


@dataclass(frozen=True)
class Goal:
    """One tag: its text, the hex it hangs on, where in the hex (``foot`` or ``head``,
    below or above the counters) and the seat holding it (None: nobody, or no one's)."""

    text: str
    hex: str
    at: str = "foot"
    seat: int | None = None


def goals(view: SixtyFiveView, ground: Field) -> list[Goal]:
    """Every goal of the view's scenario as tags (none without a scenario)."""
    if view.scenario is None:
        return []
    scenario = scenario_by_id(view.scenario)
    names = side_words(scenario.names)
    held = dict(view.control)
    out: list[Goal] = []
    for seat in (0, 1):
        rule = scenario.victory.side(seat).controlled
        if rule is None:
            continue
        for hex_id in ground.hexes():
            if rule.counts(hex_id, ground.terrain(hex_id).id):
                name = HEX_NAMES.get(hex_id)
                text = f"{name} {rule.vp} VP" if name else f"{rule.vp} VP"
                if not any(g.hex == hex_id for g in out):
                    out.append(Goal(text, hex_id, seat=held.get(hex_id)))
    out += _map_goals(scenario, names, ground)
    out += _edge_goals(view, ground, names)
    return out


def _map_goals(scenario: Scenario, names: tuple[str, str], ground: Field) -> list[Goal]:
    """A map a side scores for standing on (scenario 2) or must clear (scenario 4)."""
    out = []
    for seat in (0, 1):
        on_map = scenario.victory.side(seat).on_map
        if on_map is not None:
            text = f"Map {on_map.map}: {names[seat]} goal, {on_map.vp} VP a unit"
            out.append(Goal(text, _map_head(ground, on_map.map), at="head", seat=seat))
    clear = scenario.victory.win.or_clear_map
    if clear is not None:
        seat = scenario.victory.win.seat
        text = f"Map {clear}: the {names[seat]} win if no {names[1 - seat]} unit is left"
        out.append(Goal(text, _map_head(ground, clear), at="head", seat=seat))
    return out


def _map_head(ground: Field, map_id: str) -> str:
    """The hex in the middle of a map's top row (where its label goes)."""
    top = [h for h in ground.hexes() if ground.board.parse_id(h) == (map_id, (5, 0))]
    if top:
        return top[0]
    return next(h for h in ground.hexes() if ground.board.parse_id(h)[0] == map_id)


def _edge_goals(view: SixtyFiveView, ground: Field, names: tuple[str, str]) -> list[Goal]:
    """Each side's home edge and each edge it may leave by, named once at its middle (one
    tag when a side's home edge is also its exit)."""
    said: dict[tuple[int, str], list[str]] = {}
    where: dict[tuple[int, str], str] = {}
    for side, edge in view.edges:
        exiting = side.startswith("exit:")
        seat = 0 if side.removeprefix("exit:") == "us" else 1
        hexes = exit_marked_hexes(ground, view, side, edge)
        if not hexes:
            continue
        middle = hexes[len(hexes) // 2]
        if exiting and middle in HEX_NAMES:
            said.setdefault((seat, edge), []).append(HEX_NAMES[middle])
            where[(seat, edge)] = middle
            continue
        said.setdefault((seat, edge), []).append("exit" if exiting else "home edge")
        where.setdefault((seat, edge), middle)
    out = []
    for (seat, edge), words in said.items():
        if words[0] in HEX_NAMES.values():
            text = words[0]
        else:
            text = f"{possessive(names[seat])} {' and '.join(sorted(set(words)))}"
            text += f" ({EDGE_WORDS.get(edge, edge)})"
        at = "head" if edge == "S" else "foot"
        out.append(Goal(text, where[(seat, edge)], at=at, seat=seat))
    return out


def draw_goals(
    surface: pygame.Surface, assets: Assets, pic: BoardPicture, view: SixtyFiveView, ground: Field
) -> None:
    """Each goal's tag, in the holder's colour (pale when nobody holds it)."""
    size = max(13, round(pic.hex_size() * 0.2))
    placed: dict[tuple[str, str], int] = {}  # tags on one spot stack away from the hex
    for goal in goals(view, ground):
        x, y = pic.centre(goal.hex)
        n = placed[(goal.hex, goal.at)] = placed.get((goal.hex, goal.at), -1) + 1
        away = n * (size + 4)
        dy = pic.hex_size() * 0.36 + away if goal.at == "foot" else -pic.hex_size() * 0.3 - away
        fill = TAG if goal.seat is None else SEAT_COLOURS[goal.seat]
        label = assets.font(size).render(goal.text, True, INK)
        box = label.get_rect().inflate(8, 2)
        box.center = (x, round(y + dy))
        box.clamp_ip(surface.get_clip())  # a tag on an edge hex stays on the board
        pygame.draw.rect(surface, fill, box, border_radius=4)
        pygame.draw.rect(surface, INK, box, 1, border_radius=4)
        surface.blit(label, label.get_rect(center=box.center))
