"""Tunnel Rats on screen: whole games through the real window's handlers.

Mouse clicks and keys are posted with ``pygame.event.post`` and handled by ``App.step``
(the main loop's own function). A human player's choices come from the heuristic bot
looking at that player's view; the test then performs each choice with the mouse or the
keyboard the way a person would (select the figure, pick the stance, click the cell or
walk the cursor with the arrows, aim and confirm).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.registry import make_bot  # noqa: E402
from game.core.api import Action  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.tunnel_rats.actions import (  # noqa: E402
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
from game.rules.tunnel_rats.choices import scenario_choices  # noqa: E402
from game.rules.tunnel_rats.events import ShotRolled  # noqa: E402
from game.rules.tunnel_rats.odds import action_odds  # noqa: E402
from game.rules.tunnel_rats.play import TRState  # noqa: E402
from game.rules.tunnel_rats.view import TRView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, click_button, frames, make_app, press  # noqa: E402
from game.ui.scenes.demo import demo_options  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.handover import HandOverScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402
from game.ui.tables.tunnel_rats.board import UNSEEN  # noqa: E402
from game.ui.tables.tunnel_rats.table import TunnelRatsTable  # noqa: E402

RULESET = "tunnel_rats"
STANCE_KEY = {"running": pygame.K_r, "crouching": pygame.K_o, "crawling": pygame.K_a}
ARROW = {(1, 0): pygame.K_RIGHT, (-1, 0): pygame.K_LEFT, (0, 1): pygame.K_DOWN}
ARROW[(0, -1)] = pygame.K_UP


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def start(
    app: App, kinds: list[str], scenario: str, seed: int = 3, hotseat: str = "fog"
) -> GameScene:
    options = {"scenario": scenario, "hotseat": hotseat}
    game = GameScene(app, Session.new(RULESET, seed, options, kinds))
    game.autosave = False  # saving is the scene's business, tested elsewhere
    app.reset(game)
    frames(app, 2)
    return game


def table_of(game: GameScene) -> TunnelRatsTable:
    assert isinstance(game.table, TunnelRatsTable)
    return game.table


def pump(app: App) -> None:
    """Hand the posted events to the app's handlers now (no frame drawn)."""
    for event in pygame.event.get():
        app.handle_event(event)


def cell_pos(table: TunnelRatsTable, level: int, cell: tuple[int, int]) -> tuple[int, int]:
    """Where to click for ``cell``: show its level, pan it into view, its centre."""
    if table.board.level != level:
        table.board.show_level(level)
    table.board.keep_in_view(cell)
    mv = table.board.mapview()
    assert mv is not None
    x, y = mv.cell_centre(cell)
    return (round(x), round(y))


def button(table: TunnelRatsTable, cmd: str) -> tuple[int, int]:
    return table.side.button_rect(cmd).center


def select(app: App, game: GameScene, fid: str, by_mouse: bool) -> None:
    table, view = table_of(game), game.view()
    if table.sel == fid:
        return
    fig = table.figure(view, fid)
    assert fig is not None
    if by_mouse:
        click(app, cell_pos(table, fig.level, fig.cell), settle=0)
        pump(app)
    else:
        for _ in range(12):
            if table.sel == fid:
                break
            press(app, pygame.K_TAB, settle=0)
            pump(app)
    assert table.sel == fid


def cycle_to(app: App, game: GameScene, action: Action, cmd: str, key: int, mouse: bool) -> None:
    """Press the command's key (or button) until ``action`` is proposed, then confirm."""
    table = table_of(game)
    for _ in range(12):
        if table.pending == action:
            break
        if mouse:
            click(app, button(table, cmd), settle=0)
        else:
            press(app, key, settle=0)
        pump(app)
        if game.session.actions and game.session.actions[-1] == action.to_str():
            return  # a single choice is done at once (reload, entrance)
    assert table.pending == action, (action, table.pending)
    if mouse:
        click(app, table.side.prompt_rect.center, settle=0)
    else:
        press(app, pygame.K_RETURN, settle=0)
    pump(app)


def perform(app: App, game: GameScene, action: Action, by_mouse: bool) -> None:
    """Do ``action`` through the table the way a player would."""
    table = table_of(game)
    if isinstance(action, Forfeit):
        if by_mouse:
            click(app, button(table, "forfeit"), settle=0)
            click(app, button(table, "forfeit"), settle=0)
        else:
            press(app, pygame.K_x, settle=0)
            press(app, pygame.K_RETURN, settle=0)
        pump(app)
        return
    select(app, game, action.figure, by_mouse)  # type: ignore[attr-defined]
    view = game.view()
    fig = table.figure(view, action.figure)  # type: ignore[attr-defined]
    assert fig is not None
    if isinstance(action, (Move, ChangeStance)):
        for _ in range(2):
            if isinstance(action, Move) and table.preview_stance(view, fig) == action.stance:
                break
            if by_mouse:
                click(app, button(table, f"stance:{action.stance.value}"), settle=0)
            else:
                press(app, STANCE_KEY[action.stance.value], settle=0)
            pump(app)
            if isinstance(action, ChangeStance) and game.session.actions[-1:] == [action.to_str()]:
                return
        if isinstance(action, ChangeStance):
            raise AssertionError(f"stance change {action} not made")
        if by_mouse:
            click(app, cell_pos(table, fig.level, action.cell), settle=0)
        else:
            dx, dy = action.cell[0] - fig.cell[0], action.cell[1] - fig.cell[1]
            for step, n in (
                ((1 if dx > 0 else -1, 0), abs(dx)),
                ((0, 1 if dy > 0 else -1), abs(dy)),
            ):
                for _ in range(n):
                    press(app, ARROW[step], settle=0)
            press(app, pygame.K_RETURN, settle=0)
        pump(app)
    elif isinstance(action, Shoot) and by_mouse:
        target = table.figure(view, action.target)
        assert target is not None
        click(app, cell_pos(table, target.level, target.cell), settle=0)
        pump(app)
        assert table.pending == action
        click(app, cell_pos(table, target.level, target.cell), settle=0)
        pump(app)
    else:
        cmd, key = {
            Shoot: ("fire", pygame.K_f),
            Melee: ("melee", pygame.K_c),
            Dress: ("dress", pygame.K_d),
            Reload: ("reload", pygame.K_l),
            Enter: ("enter", pygame.K_e),
        }.get(type(action), ("search", pygame.K_s))
        if isinstance(action, Search) and action.trap:
            cmd, key = "trap", pygame.K_t
        cycle_to(app, game, action, cmd, key, by_mouse)


def until_rats_can(kind: type, scenario: str) -> Session:
    """A game (computer against computer) stopped at the rats' first point where an
    action of ``kind`` is legal; a few seeds are tried in case one game never gets there."""
    for seed in range(4, 12):
        session = Session.new(RULESET, seed, {"scenario": scenario}, ["human", "ai"])
        bots = [make_bot("ai", RULESET, s, Rng(s)) for s in (0, 1)]
        while (seat := session.state.current_player()) is not None:
            if seat == 0 and any(isinstance(a, kind) for a in session.state.legal_actions()):
                return session
            session.apply(bots[seat].choose(session.state.view(seat)))
    raise AssertionError(f"no game of {scenario} gave the rats a {kind.__name__}")


def check_fog(game: GameScene, state: TRState) -> None:
    """The rats' frame: every token handed to the map view is a rat or an enemy the
    rats see now; an unexplored cell in the viewport is drawn black."""
    table = table_of(game)
    shown = {t.fid for t in table.pieces_shown.values()}
    seen = state.visible_enemy_ids()
    assert shown <= set(state.rats) | seen, shown - set(state.rats) - seen
    assert {e for e in seen if state.enemies[e].level == table.board.level} <= shown
    view: TRView = game.view()
    mv = table.board.mapview()
    assert view.explored is not None and mv is not None
    lv = table.board.level
    marks = [e.cell for e in view.entrances if e.level == lv]
    if view.objective is not None and view.scenario.victory.objective_level == lv:
        marks.append(view.objective)  # a briefing's marks are drawn on unlit ground

    def by_mark(c: tuple[int, int]) -> bool:
        return any(abs(c[0] - m[0]) <= 5 and abs(c[1] - m[1]) <= 2 for m in marks)

    hidden = [
        c
        for c in state.level(lv).passable_cells()
        if c not in view.explored[lv]
        and not by_mark(c)
        and table.board.viewport.inflate(-40, -40).collidepoint(mv.cell_centre(c))
        and not any(
            box is not None and box.inflate(8, 8).collidepoint(mv.cell_centre(c))
            for box in (table.roll_panel.rect, table.tip_rect, *(r for r, _ in table.edge_marks))
        )
    ]
    if hidden:
        x, y = mv.cell_centre(hidden[0])
        assert tuple(game.app.screen.get_at((round(x), round(y))))[:3] == UNSEEN[:3]


def test_ui_tr_briefed_marks_show_on_unlit_ground(app: App) -> None:
    """Fog of war, briefed objective: at the start of "Papers from the deep" the lower
    level is all dark, yet the sketch's documents mark and the ladder's foot are drawn
    there; the dark around them stays black."""
    game = start(app, ["human", "ai"], "twin_wells_documents")
    table = table_of(game)
    view: TRView = game.view()
    papers = view.objective
    assert papers is not None and view.explored is not None
    assert papers not in view.explored[1]
    table.board.show_level(1)
    table.board.keep_in_view(papers)
    frames(app, 2)
    mv = table.board.mapview()
    assert mv is not None
    x, y = mv.cell_centre(papers)
    assert tuple(app.screen.get_at((round(x), round(y))))[:3] != UNSEEN[:3]
    check_fog(game, game.session.state)


def test_ui_tr_whole_game_against_the_ai_by_mouse_and_keys(app: App) -> None:
    """Tunnel Rats, Action points: the human rats spend every point through the table
    (mouse and keyboard by turns) against the computer's defenders until the game ends;
    the rats' screen never draws a defender they do not see, and unexplored ground stays
    black (fog of war)."""
    frames(app, 2)
    click_button(app, "2  Tunnel Rats")
    assert isinstance(app.top, SetupScene)
    press(app, pygame.K_3)  # scenario: the next one
    press(app, pygame.K_3)
    picked = {"scenario": "plantation_rescue", "hotseat": "open"}
    assert app.top.chosen_options() == picked
    press(app, pygame.K_RETURN)
    chosen = app.find(GameScene)
    assert isinstance(chosen, GameScene)
    assert chosen.session.options == picked
    assert not chosen.open_table  # one human: the hotseat option does not apply
    assert chosen.kinds == ["human", "ai"]
    game = start(app, chosen.kinds, chosen.session.options["scenario"], seed=4)  # a fixed seed
    acted, _levels = play_rats_against_the_ai(app, game)
    assert acted >= 10


def test_ui_tr_two_levels_the_board_follows_the_selected_rat(app: App) -> None:
    """Tunnel Rats, Levels (two-level scenario): the human rats play a whole game; when a
    rat goes through an entrance the board shows his new level, and the level tabs say
    where the rats are."""
    session = until_rats_can(Enter, "twin_wells_documents")
    game = GameScene(app, session, ["human", "ai"])
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    table = table_of(game)
    enter = next(a for a in game.view().legal_actions if isinstance(a, Enter))
    perform(app, game, enter, by_mouse=False)
    assert game.session.actions[-1] == enter.to_str()
    frames(app, 1, 0.1)
    rat = game.view().rat(enter.figure)
    assert rat is not None and rat.level == 1 and table.board.level == 1
    tabs = [i for _rect, i in table.board.tabs]
    assert tabs == [0, 1]  # both levels have a tab
    acted, _levels = play_rats_against_the_ai(app, game)
    assert acted >= 10


def play_rats_against_the_ai(app: App, game: GameScene) -> tuple[int, int]:
    """The rats' choices (from the heuristic bot) done through the table until the end;
    the fog is checked before every one. Returns (actions done, level changes seen)."""
    bot = make_bot("ai", RULESET, 0, Rng(7))
    acted = levels = 0
    for _ in range(4000):
        if game.end_shown:
            break
        state = game.session.state
        if state.current_player() != 0 or game.table.busy():
            frames(app, 1, 0.1)
            continue
        app.draw()
        check_fog(game, state)  # type: ignore[arg-type]
        action = bot.choose(game.view())
        before = len(game.session.actions)
        perform(app, game, action, by_mouse=acted % 2 == 0)
        table = table_of(game)
        assert game.session.actions[before:] == [action.to_str()], (
            action,
            acted % 2 == 0,
            table.notice,
            table.sel,
            table.pending,
            table.cursor,
        )
        if isinstance(action, Enter):
            frames(app, 1, 0.1)
            rat = game.view().rat(action.figure)
            assert rat is not None and table.board.level == rat.level
            levels += 1
        acted += 1
    assert game.end_shown and game.session.state.outcome() is not None
    return acted, levels


def test_ui_tr_odds_before_the_shot_and_the_roll_panel_after(app: App) -> None:
    """Tunnel Rats, Firing: aiming shows the line of sight and the odds before anything
    is rolled; after the shot the roll panel shows the die, each modifier and the target."""
    session = until_rats_can(Shoot, "clear_warren")
    game = GameScene(app, session, ["human", "ai"])
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    table = table_of(game)
    view = game.view()
    shot = next(a for a in view.legal_actions if isinstance(a, Shoot))
    select(app, game, shot.figure, by_mouse=False)
    actions = len(game.session.actions)
    for _ in range(6):
        if table.pending == shot:
            break
        press(app, pygame.K_f, settle=0)
        pump(app)
    assert table.pending == shot and len(game.session.actions) == actions  # nothing rolled yet
    app.assets.text_trace = []
    app.draw()
    drawn = list(app.assets.text_trace)
    odds = action_odds(view, shot)
    assert odds is not None and "on D20" in odds.text
    assert any(odds.text.startswith(line) for line in drawn) or odds.text in " ".join(drawn)
    assert table.board.mapview()._los is not None  # the line of sight is drawn
    played: list[str] = []
    app.assets.play = played.append  # type: ignore[method-assign]
    press(app, pygame.K_RETURN, settle=0)
    pump(app)
    assert game.session.actions[-1] == shot.to_str()
    assert "shot" in played  # the gunshot sounds
    app.assets.text_trace = []
    app.draw()
    drawn = " ".join(app.assets.text_trace)
    app.assets.text_trace = None
    firing = next(r for r in table.roll_panel.rolls if isinstance(r, ShotRolled))
    assert "vs 15" in drawn and ("success" in drawn or "failure" in drawn)
    for label, value in firing.modifiers:
        assert f"{value:+d} {label}" in drawn


@pytest.mark.parametrize("scenario", [s for s, _title in scenario_choices()])
def test_ui_tr_ai_against_ai_to_the_end(app: App, scenario: str) -> None:
    """Every scenario plays to an end with two computer players through the scene."""
    game = start(app, ["ai", "ai"], scenario, seed=11)
    assert game.viewer is None
    shown = 0  # frames that drew figures (at the end every rat may be dead, nobody seen)
    for _ in range(2500):
        if game.end_shown:
            break
        frames(app, 1, 0.1)
        shown += bool(table_of(game).pieces_shown)
    assert game.end_shown and game.session.state.outcome() is not None
    assert shown, "figures were on the board"


def test_ui_tr_hotseat_hands_over_and_keeps_secrets(app: App) -> None:
    """Hotseat: rats and defenders both play by the table; a hand-over screen hides the
    board between them; the rats' frames show only the defenders they see."""
    game = start(app, ["human", "human"], "clear_warren", seed=5)
    bots = [make_bot("ai", RULESET, s, Rng(20 + s)) for s in (0, 1)]
    handovers = acted = 0
    for _ in range(600):
        if game.end_shown or acted >= 40:
            break
        top = app.top
        if isinstance(top, HandOverScene):
            handovers += 1
            frames(app, 1, 0.3)
            click(app, (20, 300), settle=1)
            continue
        if game.table.busy() or top is not game:
            frames(app, 1, 0.1)
            continue
        if game.pending_handover is not None:
            click_button(app, "Hand over to the")
            continue
        state = game.session.state
        seat = state.current_player()
        if seat is None or seat != game.viewer:
            frames(app, 1, 0.1)
            continue
        app.draw()
        if seat == 0:
            check_fog(game, state)  # type: ignore[arg-type]
        else:
            assert game.view().explored is None  # the defenders know their tunnels
        action = bots[seat].choose(game.view())
        before = len(game.session.actions)
        perform(app, game, action, by_mouse=acted % 3 != 0)
        assert game.session.actions[before:] == [action.to_str()], action
        acted += 1
    assert acted >= 40 and handovers >= 5


def test_ui_tr_demo_cycles_scenarios() -> None:
    """The demo picks the next scenario each time it comes back to Tunnel Rats."""
    choices = [s for s, _ in scenario_choices()]
    picked = [demo_options(RULESET, k)["scenario"] for k in range(len(choices))]
    assert picked == choices


def test_ui_tr_replay_viewer_steps_through_a_game(app: App) -> None:
    """A recorded game (plantation rescue) steps forwards and back in the replay viewer,
    with the table drawing every position."""
    from game.ui.scenes.replay import ReplayScene

    session = Session.new(RULESET, 9, {"scenario": "plantation_rescue"}, ["ai", "ai"])
    bots = [make_bot("ai", RULESET, s, Rng(s)) for s in (0, 1)]
    for _ in range(40):
        seat = session.state.current_player()
        if seat is None:
            break
        session.apply(bots[seat].choose(session.state.view(seat)))
    replay = ReplayScene(app, session.to_record())
    app.reset(replay)
    frames(app, 2)
    for _ in range(len(session.actions)):
        press(app, pygame.K_RIGHT, settle=1)
    assert replay.index == len(session.actions)
    press(app, pygame.K_LEFT, settle=1)
    assert replay.index == len(session.actions) - 1
    assert table_of(replay).pieces_shown  # type: ignore[arg-type]


def test_ui_tr_wound_markers_differ_in_shape_not_only_colour(app: App) -> None:
    """Tunnel Rats, Wounds: the yellow (one wound) and red (two wounds) markers must be
    told apart without colour - their outlines differ (a circle and a triangle)."""
    from game.core.wounds import WoundLevel
    from game.rules.tunnel_rats.figures import Rat
    from game.ui.tables.tunnel_rats.art import token

    rat = Rat(id="r1", character="ace", gun="m10", level=0, cell=(0, 0))
    masks = {}
    for level in (WoundLevel.YELLOW, WoundLevel.RED):
        image = token(app.assets, replace(rat, wounds=level), 40)
        plain = token(app.assets, rat, 40)
        diff = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        for x in range(image.get_width()):
            for y in range(image.get_height()):
                if image.get_at((x, y)) != plain.get_at((x, y)):
                    diff.set_at((x, y), (255, 255, 255, 255))
        masks[level] = pygame.mask.from_surface(diff)
    yellow, red = masks[WoundLevel.YELLOW], masks[WoundLevel.RED]
    assert yellow.count() > 40 and red.count() > 40  # both markers are drawn
    shared = yellow.overlap_area(red, (0, 0))
    union = yellow.count() + red.count() - shared
    assert union - shared > 0.2 * union  # the silhouettes differ in a fifth of their area


def test_ui_tr_setup_options_only_where_declared() -> None:
    """The setup screen offers what each manifest declares: a scenario for Tunnel Rats,
    the tells variant (printed rules first) for the card game."""
    from game.ui.scenes.setup import ruleset_options

    assert [o.key for o in ruleset_options(RULESET)] == ["scenario", "hotseat"]
    tells = ruleset_options("tunnel_rat_bluff")
    assert [o.key for o in tells] == ["tells"]
    assert tells[0].values[0][0] == "off"


def test_ui_tr_camera_pans_and_zooms_inside_the_table(app: App) -> None:
    """The map's camera: the wheel over the map zooms, a drag pans, neither acts."""
    game = start(app, ["human", "ai"], "clear_warren")
    table = table_of(game)
    mv = table.board.mapview()
    assert mv is not None
    centre = table.board.viewport.center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
    )
    zoom = mv.zoom
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    frames(app, 1)
    assert mv.zoom > zoom
    shift = mv.camera.shift
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    for k in range(1, 6):
        pos = (centre[0] - 12 * k, centre[1] - 8 * k)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(-12, -8), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)
    assert mv.camera.shift != shift
    assert game.session.actions == []


def test_play_again_keeps_the_chosen_scenario(app: App) -> None:
    """ "Play again" starts a new game of the same scenario with the same seats."""
    game = start(app, ["ai", "ai"], "plantation_rescue")
    game.play_again()
    frames(app, 2)
    again = app.top
    assert isinstance(again, GameScene) and again is not game
    assert again.session.options == {"scenario": "plantation_rescue", "hotseat": "fog"}
    assert again.kinds == ["ai", "ai"]


def test_spectator_camera_keeps_the_rats_framed(app: App) -> None:
    """In the demo the board pans back to the rats after any action, not only moves."""
    game = start(app, ["ai", "ai"], "clear_warren")
    table = table_of(game)
    view = game.view()
    assert view.seat is None
    mv = table.board.mapview()
    assert mv is not None
    mv.camera.pan(-3000, -3000)  # look far away from everybody
    rats = [r.cell for r in view.rats if r.alive and r.level == table.board.level]
    assert rats and not all(table.board.in_view(c) for c in rats)
    table.on_events([], view)
    assert all(table.board.in_view(c) for c in rats)
