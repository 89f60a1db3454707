"""The Tunnel Rats map on screen: it fills its panel at every window size, opens framed
on the figures that can act, keeps enemies in sight findable, and names what is under
the pointer. Driven through the real window's handlers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.tunnel_rats.choices import scenario_choices  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import frames, make_app  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.tunnel_rats.table import TunnelRatsTable  # noqa: E402

RULESET = "tunnel_rats"
SIZES = [(1280, 720), (1280, 800), (1920, 1080)]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def start(app: App, scenario: str, kinds: list[str], seed: int = 3) -> GameScene:
    session = Session.new(RULESET, seed, {"scenario": scenario}, kinds)
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def table_of(game: GameScene) -> TunnelRatsTable:
    assert isinstance(game.table, TunnelRatsTable)
    return game.table


def map_rect(table: TunnelRatsTable) -> pygame.Rect:
    mv = table.board.mapview()
    assert mv is not None
    w, h = mv.map.pixel_size
    return pygame.Rect(mv.camera.map_topleft, (round(w * mv.zoom), round(h * mv.zoom)))


@pytest.mark.parametrize("scenario", [s for s, _ in scenario_choices()])
def test_map_fills_its_panel_at_every_size_and_frames_the_actors(app: App, scenario: str) -> None:
    """At 1280x720, 1280x800 and 1920x1080 (resized through the window's own handler)
    the map covers its whole panel, however far it is dragged or zoomed out, and opens
    with every figure that can act on screen; cells grow with the window."""
    game = start(app, scenario, ["human", "ai"])
    cells_px = []
    for size in SIZES:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        frames(app, 2)
        assert app.size == size
        game = app.top  # type: ignore[assignment]
        assert isinstance(game, GameScene)
        table = table_of(game)
        table.board.centred.clear()  # as a fresh game at this size opens
        frames(app, 1)
        vp = table.board.viewport
        assert vp.width > 0.45 * size[0] and vp.height > 0.8 * size[1]
        assert map_rect(table).contains(vp), (size, map_rect(table), vp)
        view = game.view()
        mv = table.board.mapview()
        assert mv is not None
        for rat in view.rats:
            if rat.can_act and rat.level == table.board.level:
                assert vp.collidepoint(mv.cell_centre(rat.cell)), (size, rat.id)
        cells_px.append(table.board.cell_px())
        # drag far away and zoom all the way out: still no dead space
        for _ in range(6):
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=vp.center, rel=(0, 0), buttons=(0, 0, 0))
            )
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
            frames(app, 1)
        mv.camera.pan(5000, 5000)
        assert map_rect(table).contains(vp)
        mv.camera.pan(-9000, -9000)
        assert map_rect(table).contains(vp)
    assert cells_px[-1] > cells_px[0]  # bigger cells on the bigger screen


def far_from(table: TunnelRatsTable, cell: tuple[int, int]) -> None:
    """Pan the shown level so that ``cell`` is as far off screen as the map allows."""
    mv = table.board.mapview()
    assert mv is not None
    w, h = mv.map.width, mv.map.height
    corner = (0 if cell[0] > w / 2 else w - 1, 0 if cell[1] > h / 2 else h - 1)
    table.board.centre_on([corner])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_enemy_in_sight_is_on_screen_or_marked_and_its_name_pans_to_it(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """With the map dragged away from a defender the rats see, an arrow at the map's
    edge points at him; clicking the arrow, or his name in the "In sight" row, brings
    him on screen."""
    from test_ui_tunnel_rats import until_rats_can

    from game.rules.tunnel_rats.actions import Shoot
    from game.ui.driver import click

    app = make_app(tmp_path / "data", speed=50.0, size=size)
    try:
        session = until_rats_can(Shoot, "plantation_rescue")
        game = GameScene(app, session, kinds=["human", "ai"])
        game.autosave = False
        app.reset(game)
        frames(app, 2)
        table = table_of(game)
        view = game.view()
        sighted = [e for e in view.enemies if e.alive]
        assert sighted
        mv = table.board.mapview()
        assert mv is not None
        checked = 0
        for way in ("arrow", "name"):
            for enemy in sighted:
                if enemy.level != table.board.level:
                    continue
                far_from(table, enemy.cell)
                frames(app, 1)
                vp = table.board.viewport
                on_screen = vp.collidepoint(mv.cell_centre(enemy.cell))
                marks = {fid: rect for rect, fid in table.edge_marks}
                assert on_screen or enemy.id in marks, (enemy.id, marks)
                if on_screen:
                    continue
                chips = {fid: rect for rect, fid in table.side.sight_chips}
                assert enemy.id in chips  # his name in the "In sight" row
                target = marks[enemy.id] if way == "arrow" else chips[enemy.id]
                click(app, target.center)
                assert vp.collidepoint(mv.cell_centre(enemy.cell)), (way, enemy.id)
                assert game.session.actions == session.actions  # looking is no action
                checked += 1
        assert checked >= 2
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES)
def test_marker_legend_is_one_key_away_during_play(tmp_path: Path, size: tuple[int, int]) -> None:
    """H during play (the rats' own point) opens the card of keys and map marks, inside
    the map at every window size; H again closes it."""
    from game.ui.driver import press

    app = make_app(tmp_path / "data", speed=50.0, size=size)
    try:
        game = start(app, "plantation_rescue", ["human", "ai"])
        table = table_of(game)
        assert game.view().legal_actions  # a player's point, not a spectator's screen
        press(app, pygame.K_h)
        assert table.show_help and table.help_rect is not None
        assert table.board.viewport.contains(table.help_rect)
        press(app, pygame.K_h)
        assert not table.show_help and table.help_rect is None
    finally:
        app.close()


def test_hovering_a_cell_names_its_terrain_and_what_it_does(app: App) -> None:
    """At an open table (the whole plan known) the pointer over a spider hole, water
    and a shaft names each and what it does; over an earth wall it says there is no way through."""
    game = start(app, "clear_warren", ["human", "human"])
    table = table_of(game)
    view = game.view()
    level = view.levels[table.board.level]
    found: dict[str, tuple[int, int]] = {}
    for x in range(level.width):
        for y in range(level.height):
            t = level.terrain_at((x, y))
            found.setdefault(t.id if t is not None else "none", (x, y))
    shaft = next(e for e in view.entrances if e.level == table.board.level)
    expect = {
        "spider_hole": ("Spider hole", "defenders come up"),
        "water_trap": ("Water trap", "crawl only"),
        "wall": ("Earth wall", "no way through"),
    }
    cells = {k: found[k] for k in expect} | {"shaft": shaft.cell}
    expect["shaft"] = (level.terrain_at(shaft.cell).name, shaft.name)  # type: ignore[union-attr]
    mv = table.board.mapview()
    assert mv is not None
    for kind, cell in cells.items():
        table.board.keep_in_view(cell)
        x, y = mv.cell_centre(cell)
        pygame.event.post(
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(0, 0, 0)
            )
        )
        frames(app, 1)
        first, detail = expect[kind]
        tip = " / ".join(table.cell_tip)
        assert table.cell_tip and table.cell_tip[0].startswith(first), (kind, tip)
        assert detail in tip, (kind, tip)


def test_a_search_that_finds_nothing_says_so_in_the_log(app: App) -> None:
    """S then Enter: the rat searches; when no entrance turns up the log says so (a
    failed roll, or a good one with no hidden entrance within range)."""
    from test_ui_tunnel_rats import until_rats_can

    from game.rules.tunnel_rats.actions import Search
    from game.rules.tunnel_rats.events import EntranceFound
    from game.ui.driver import press

    said = 0
    for scenario in ("clear_warren", "plantation_rescue"):
        session = until_rats_can(Search, scenario)
        game = GameScene(app, session, kinds=["human", "ai"])
        game.autosave = False
        app.reset(game)
        frames(app, 2)
        table = table_of(game)
        searcher = next(
            a.figure for a in game.view().legal_actions if isinstance(a, Search) and a.trap is None
        )
        while table.sel != searcher:
            press(app, pygame.K_TAB)
        before = len(game.session.actions)
        press(app, pygame.K_s)
        press(app, pygame.K_RETURN)
        assert game.session.actions[before] == f"search {searcher}"
        events = game.action_events[before]
        nothing = f"{game.session.state.rats[searcher].name} searches and finds no hidden entrance"
        if any(isinstance(e, EntranceFound) for e in events):
            assert not any(e.text().startswith(nothing) for e in events)
        else:
            assert any(line.startswith(nothing) for line in game.log_text().splitlines())
            said += 1
    assert said


def test_roll_banner_clears_the_shooter_and_target_then_leaves(app: App) -> None:
    """After a shot made with the mouse the roll panel covers neither the rat who fired
    nor his target, wherever the map is panned with both on screen; it is gone after a
    few seconds without any input."""
    from test_ui_tunnel_rats import until_rats_can

    from game.rules.tunnel_rats.actions import Shoot
    from game.ui.driver import click

    session = until_rats_can(Shoot, "plantation_rescue")
    game = GameScene(app, session, kinds=["human", "human"])
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    table = table_of(game)
    shot = next(a for a in game.view().legal_actions if isinstance(a, Shoot))
    view = game.view()
    shooter, target = view.rat(shot.figure), view.enemy(shot.target)
    assert shooter is not None and target is not None
    mv = table.board.mapview()
    assert mv is not None
    table.select(view, shooter.id)
    table.board.centre_on([shooter.cell, target.cell])
    frames(app, 1)
    for _ in range(2):  # aim, then fire
        x, y = mv.cell_centre(target.cell)
        click(app, (round(x), round(y)), settle=0)
        frames(app, 1)
    assert game.session.actions[len(session.actions)] == shot.to_str()
    table.skip_animations()
    px = table.board.cell_px()
    vp = table.board.viewport
    placed = 0
    mv.camera.set_zoom(2.0)  # room to pan the pair anywhere on the panel
    px = table.board.cell_px()
    for where in ("bottom", "top", "middle"):
        table.board.centre_on([shooter.cell, target.cell])
        ys = [mv.cell_centre(f.cell)[1] for f in (shooter, target)]
        if where == "bottom":  # the lower of the two just above the map's bottom edge
            mv.camera.pan(0, vp.bottom - px - max(ys))
        elif where == "top":
            mv.camera.pan(0, vp.top + px - min(ys))
        frames(app, 1)
        boxes = []
        for fig in (shooter, target):
            box = pygame.Rect(0, 0, px, px)
            box.center = (round(mv.cell_centre(fig.cell)[0]), round(mv.cell_centre(fig.cell)[1]))
            boxes.append(box)
        if not all(vp.contains(b) for b in boxes):
            continue
        assert table.roll_panel.rect is not None
        assert not any(table.roll_panel.rect.colliderect(b) for b in boxes), (
            where,
            table.roll_panel.rect,
            boxes,
        )
        placed += 1
    assert placed >= 2
    frames(app, 60, 0.1)  # six seconds, no input
    assert table.roll_panel.rect is None


@pytest.mark.parametrize("size", SIZES)
def test_ammo_pips_of_neighbours_do_not_run_together(tmp_path: Path, size: tuple[int, int]) -> None:
    """The rats of Clear the warren start side by side: on screen, between two
    neighbours' ammunition rows there is ground (no pip or bar colour on the line
    between their cells), at every window size and at 100% to 200% zoom."""
    from game.ui.tables.tunnel_rats.art import PIP_EMPTY, PIP_FULL

    app = make_app(tmp_path / "data", speed=50.0, size=size)
    try:
        game = start(app, "clear_warren", ["human", "ai"])
        table = table_of(game)
        mv = table.board.mapview()
        assert mv is not None
        rats = {r.cell: r for r in game.view().rats if r.level == table.board.level}
        pairs = [(c, (c[0] + 1, c[1])) for c in rats if (c[0] + 1, c[1]) in rats]
        assert pairs
        for zoom in (1.0, 1.5, 2.0):
            mv.camera.set_zoom(zoom)
            table.board.centre_on(list(rats))
            frames(app, 1)
            app.draw()
            px = table.board.cell_px()
            for left, right in pairs:
                (ax, ay), (bx, _) = mv.cell_centre(left), mv.cell_centre(right)
                gap_x = round((ax + bx) / 2)
                for y in range(round(ay + px * 0.35), round(ay + px * 0.7)):
                    colour = tuple(app.screen.get_at((gap_x, y)))[:3]
                    assert colour not in (PIP_FULL, PIP_EMPTY), (zoom, left, right, y)
    finally:
        app.close()


def test_framing_keeps_the_players_zoom_when_the_actors_are_on_screen(app: App) -> None:
    """The player zooms in on the rats; when the table frames the acting figures again
    (a new point, a hand-over, a seat change) and they are all on screen, the zoom and
    pan the player chose stay; once they are off screen, framing brings them back."""
    game = start(app, "twin_wells_documents", ["human", "ai"])
    table = table_of(game)
    mv = table.board.mapview()
    assert mv is not None
    view = game.view()
    cells = [r.cell for r in view.rats if r.can_act]
    middle = mv.cell_centre(sorted(cells)[len(cells) // 2])
    mv.camera.set_zoom(mv.zoom + 0.25, middle)  # the player zooms in on the rats
    frames(app, 1)
    zoomed = (mv.zoom, mv.camera.shift)
    assert all(table.board.on_screen(c) for c in cells)
    table.board.centred.clear()  # as after a hand-over
    frames(app, 1)
    assert (mv.zoom, mv.camera.shift) == zoomed
    mv.camera.pan(4000, 4000)  # now they are off screen: framing brings them back
    table.board.centred.clear()
    frames(app, 1)
    assert all(table.board.on_screen(c) for c in cells)
