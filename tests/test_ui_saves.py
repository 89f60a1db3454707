"""Saves on screen (issue 16, Saves): every game its own autosave, the Load screen,
Continue naming what it resumes, deleting only after asking, old single-slot saves."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.tunnel_rat_bluff.events import RAT  # noqa: E402
from game.storage import (  # noqa: E402
    AUTOSAVE,
    SAVES_DIR,
    SaveInfo,
    describe_save,
    list_saves,
    load_session,
)
from game.ui.app import App  # noqa: E402
from game.ui.driver import (  # noqa: E402
    button_pos,
    click,
    click_button,
    frames,
    make_app,
    press,
    start_from_setup,
)
from game.ui.scenes.dialog import ConfirmScene  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.load import LoadScene, played_text, scenario_text, sides_text  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.setup import SetupScene  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def play_bluff_until_rat_asked(app: App) -> GameScene:
    """From the menu: a Tunnel Rat game as the Rat against the computer, one question."""
    click_button(app, "1  Tunnel Rat")
    game = start_from_setup(app)
    assert isinstance(game, GameScene)
    for _ in range(300):
        if game.session.state.current_player() == RAT and not game.table.busy():
            break
        frames(app)
    press(app, pygame.K_1)
    assert len(game.session.actions) == 2
    return game


def play_tunnel_rats_one_action(app: App) -> GameScene:
    """From the menu: Tunnel Rats, human rats, the second scenario, one action."""
    click_button(app, "2  Tunnel Rats")
    setup = app.top
    assert isinstance(setup, SetupScene)
    setup.cycle_option(0)
    game = start_from_setup(app)
    assert isinstance(game, GameScene)
    for _ in range(300):
        if game.session.state.current_player() == 0 and not game.table.busy():
            break
        frames(app)
    view = game.view()
    game.act(view.legal_actions[0])
    return game


def test_ui_a_new_game_never_overwrites_a_game_in_progress(app: App) -> None:
    """Saves: starting a new game writes a new file; the Tunnel Rats game in progress
    stays, and Continue names the newest game and resumes it."""
    rats = play_tunnel_rats_one_action(app)
    rats_file = rats.save_path
    assert rats_file is not None and rats_file.parent == app.data_dir / SAVES_DIR
    rats_text = rats_file.read_text()
    press(app, pygame.K_ESCAPE)
    time.sleep(0.01)
    bluff = play_bluff_until_rat_asked(app)
    assert bluff.save_path is not None and bluff.save_path != rats_file
    assert rats_file.read_text() == rats_text
    assert len(list_saves(app.data_dir)) == 2
    press(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuScene)
    detail = " ".join(text for _, text in menu.details)
    assert detail.startswith("Tunnel Rat, Turn ") and "today" in detail
    press(app, pygame.K_c)
    resumed = app.top
    assert isinstance(resumed, GameScene) and resumed.save_path == bluff.save_path
    assert resumed.session.actions == bluff.session.actions


def test_ui_load_lists_each_game_and_loads_the_chosen_one(app: App) -> None:
    """Load: system, scenario, sides, turn or round, last played; newest first; Down and
    Enter (or a double click) load the chosen game, which keeps saving to its own file."""
    rats = play_tunnel_rats_one_action(app)
    press(app, pygame.K_ESCAPE)
    os.utime(rats.save_path, (time.time() - 60, time.time() - 60))  # the older game
    play_bluff_until_rat_asked(app)
    press(app, pygame.K_ESCAPE)
    click_button(app, "Load")
    load = app.top
    assert isinstance(load, LoadScene)
    rows = [r.cells for r in load.rows]
    assert rows[0][:4] == ("Tunnel Rat", "-", "You: Rat (vs computer, normal)", "Turn 1")
    scenario = rats.session.options["scenario"]
    assert rows[1][0] == "Tunnel Rats" and rows[1][1] != scenario  # its title, not its id
    assert rows[1][2] == "You: Tunnel Rats (vs computer, normal)" and rows[1][3].startswith(
        "Round "
    )
    assert rows[1][4].startswith("today ")
    app.draw()
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    game = app.top
    assert isinstance(game, GameScene) and game.save_path == rats.save_path
    done = rats.session.actions
    assert game.session.actions[: len(done)] == done  # (the computer may have moved since)
    assert game.session.options == rats.session.options


def test_ui_delete_asks_first_and_keeps_the_file_on_no(app: App) -> None:
    """Delete asks; N (or Esc) keeps the save, Y removes it."""
    game = play_bluff_until_rat_asked(app)
    path = game.save_path
    assert path is not None and path.exists()
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    assert isinstance(app.top, LoadScene)
    press(app, pygame.K_DELETE)
    assert isinstance(app.top, ConfirmScene) and str(path) in app.top.message
    press(app, pygame.K_n)
    assert isinstance(app.top, LoadScene) and path.exists()
    click_button(app, "Delete")
    assert isinstance(app.top, ConfirmScene)
    click_button(app, "Delete")  # the dialog's own Delete button
    assert isinstance(app.top, LoadScene) and not path.exists()
    assert app.top.rows == []
    with pytest.raises(LookupError):
        button_pos(app.top, "Load")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    with pytest.raises(LookupError):
        button_pos(app.top, "Continue")


def test_ui_old_single_slot_autosave_still_loads(app: App) -> None:
    """An autosave.json written before per-game saves (no summary) is listed without
    replaying it (by its number of actions); once loaded, the replayed game's progress
    is remembered beside the saves (the file itself untouched). Continue resumes it,
    saving back to that file."""
    session = Session.new("tunnel_rat_bluff", 9, seats=("human", "ai"))
    session.apply("draw")
    old = app.data_dir / AUTOSAVE
    old.write_text(session.to_record().to_json())
    text = old.read_text()
    (info,) = list_saves(app.data_dir)
    assert info.problem is None and info.progress == "1 action" and not info.verified
    assert describe_save(old) == info
    load_session(old)
    (info,) = list_saves(app.data_dir)
    assert info.problem is None and info.progress == "Turn 1" and not info.finished
    assert info.verified and old.read_text() == text
    app.top.resize(app.size)
    press(app, pygame.K_c)
    game = app.top
    assert isinstance(game, GameScene) and game.save_path == old
    assert game.session.actions == ["draw"]
    for _ in range(300):
        if game.session.state.current_player() == RAT and not game.table.busy():
            break
        frames(app)
    press(app, pygame.K_2)
    assert '"ask trap"' in old.read_text()


def test_ui_load_by_double_click(app: App) -> None:
    """A double click on a row loads that game."""
    game = play_bluff_until_rat_asked(app)
    press(app, pygame.K_ESCAPE)
    click_button(app, "Load")
    load = app.top
    assert isinstance(load, LoadScene)
    rect = load.table_rect()
    row = (rect.centerx, rect.top + 20)
    click(app, row, settle=0)
    click(app, row)
    resumed = app.top
    assert isinstance(resumed, GameScene) and resumed.save_path == game.save_path


def test_sides_and_played_texts() -> None:
    """The Load screen's words for who plays and when it was last played."""
    base = SaveInfo(Path("x.json"), 0.0, "tunnel_rat_bluff")
    assert sides_text(base) == "Hotseat: Rat and VC"
    assert sides_text(SaveInfo(Path("x"), 0, "tunnel_rat_bluff", seats=("ai", "ai"))) == (
        "Computer vs computer (normal vs normal)"
    )
    assert sides_text(SaveInfo(Path("x"), 0, "tunnel_rat_bluff", seats=("ai", "human"))) == (
        "You: VC (vs computer, normal)"
    )
    assert sides_text(SaveInfo(Path("x"), 0, "tunnel_rat_bluff", seats=("human", "hard"))) == (
        "You: Rat (vs computer, hard)"
    )
    assert sides_text(SaveInfo(Path("x"), 0, "tunnel_rat_bluff", seats=("easy", "hard"))) == (
        "Computer vs computer (easy vs hard)"
    )
    now = time.mktime((2024, 5, 2, 12, 0, 0, 0, 0, -1))
    assert played_text(now - 3600, now) == "today 11:00"
    assert played_text(now - 86_400, now) == "yesterday 12:00"
    assert played_text(now - 5 * 86_400, now) == "2024-04-27 12:00"


def test_load_list_names_scenarios_and_only_options_changed_from_the_default() -> None:
    """A scenario is always named; a variant left at its default is not listed."""
    bluff = "tunnel_rat_bluff"
    assert scenario_text(SaveInfo(Path("x"), 0, bluff, options={"tells": "off"})) == "-"
    shown = scenario_text(SaveInfo(Path("x"), 0, bluff, options={"tells": "60"}))
    assert shown.startswith("Computer VC's tells") and "60" in shown
    rats = scenario_text(
        SaveInfo(Path("x"), 0, "tunnel_rats", options={"scenario": "clear_warren"})
    )
    assert rats == "Clear the warren"
