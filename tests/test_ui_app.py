"""The app around the games: demo mode, saves and settings, menu, rules, replay, resize."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.registry import get_manifest  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.storage import AUTOSAVE, SETTINGS  # noqa: E402
from game.ui.app import App, start_scenes  # noqa: E402
from game.ui.driver import (  # noqa: E402
    button_pos,
    click_button,
    frames,
    make_app,
    press,
    start_from_setup,
)
from game.ui.scenes.demo import (  # noqa: E402
    CUT_SECONDS,
    TITLE_SECONDS,
    DemoScene,
    cycle_seconds,
    demo_rulesets,
    slot_seconds,
)
from game.ui.scenes.dialog import DialogScene  # noqa: E402
from game.ui.scenes.game import GameScene, new_session  # noqa: E402
from game.ui.scenes.load import LoadScene  # noqa: E402
from game.ui.scenes.menu import (  # noqa: E402
    MENU_ENTRIES,
    MenuEntry,
    MenuScene,
    register_menu_entry,
)
from game.ui.scenes.replay import ReplayScene  # noqa: E402
from game.ui.scenes.rules import RulesScene  # noqa: E402


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def app(data_dir: Path) -> Iterator[App]:
    application = make_app(data_dir, speed=50.0)
    yield application
    application.close()


def test_ui_demo_plays_several_games_unattended(data_dir: Path) -> None:
    """Demo mode: AI against AI in a loop with a new seed each game and a caption that
    narrates each action; any key goes to the main menu."""
    app = App(data_dir, speed=400.0)
    app.wait_for_bots = True
    app.demo_only = ("tunnel_rat_bluff",)  # keeps the test short; cycling is tested below
    app.demo_seed = 11
    try:
        start_scenes(app, demo=True)
        assert isinstance(app.top, DemoScene)
        seeds = set()
        captions = set()
        for _ in range(3000):
            scene = app.top
            assert isinstance(scene, DemoScene)
            seeds.add(scene.session.seed)
            captions.add(scene.caption)
            app.step(0.05)
            if app.demo_games >= 3:
                break
        assert app.demo_games >= 3
        assert len(seeds) >= 3
        assert any("calls" in c for c in captions) and any("draws" in c for c in captions)
        assert not (data_dir / AUTOSAVE).exists(), "the demo must not overwrite the autosave"
        press(app, pygame.K_SPACE)
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_ui_demo_cycles_through_every_ruleset_with_an_ai(app: App) -> None:
    """Each new demo game takes the next built ruleset that has a table and an AI."""
    ids = demo_rulesets()
    assert "tunnel_rat_bluff" in ids
    seen = []
    for n in range(len(ids)):
        app.demo_games = n
        seen.append(DemoScene(app).ruleset_id)
    assert seen == ids


def test_ui_demo_cycle_shows_all_six_systems_in_eight_minutes(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32: one cycle of the demo shows every system in catalogue order, each with
    its title card (name, what it is, players, scenario and sides), its game cut at its
    slot with "to be continued" (or its end banner, if it ended sooner), and a caption
    in player words at 24 px or more; the whole cycle within 8 minutes of game time."""
    app = App(data_dir, speed=20.0)
    app.wait_for_bots = True
    app.demo_seed = 3
    drawn: list[tuple[str, int]] = []
    heights: dict[tuple[str, int], int] = {}  # letters' height in pixels as drawn
    real_text = app.assets.text

    def traced(text: str, size: int, color: tuple[int, ...] = (255, 255, 255)) -> pygame.Surface:
        drawn.append((text, size))
        heights[text, size] = app.assets.font(size).get_height()
        return real_text(text, size, color)

    real_once = app.assets.text_once

    def traced_once(
        text: str, size: int, color: tuple[int, ...] = (255, 255, 255)
    ) -> pygame.Surface:
        drawn.append((text, size))
        heights[text, size] = app.assets.font(size).get_height()
        return real_once(text, size, color)

    monkeypatch.setattr(app.assets, "text", traced)
    monkeypatch.setattr(app.assets, "text_once", traced_once)
    step = 0.05  # one second of game time a frame
    try:
        start_scenes(app, demo=True)
        ids = demo_rulesets()
        assert len(ids) == 6
        assert cycle_seconds(ids) <= 8 * 60
        clock = 0.0
        phases: list[tuple[str, str, float]] = []  # (ruleset, phase, game time it began)
        captions: dict[str, set[int]] = {rid: set() for rid in ids}
        for _ in range(2000):
            scene = app.top
            assert isinstance(scene, DemoScene)
            if app.demo_games >= len(ids):
                break
            phase = "title" if scene.titled else "cut" if scene.cut else "play"
            if not phases or phases[-1][:2] != (scene.ruleset_id, phase):
                phases.append((scene.ruleset_id, phase, clock))
            drawn.clear()
            app.draw()
            texts = [t for t, _ in drawn]
            if phase == "title":
                card = scene.card
                manifest = get_manifest(scene.ruleset_id)
                assert manifest.title in texts and card.players in texts
                assert any(card.sides in t or t in card.sides for t in texts)
                assert any(w in " ".join(texts) for w in card.summary.split()[:3])
                assert all(heights[t, size] >= 24 for t, size in drawn if t in card.lines())
            else:
                size, lines = scene.caption_shown
                assert lines and all((line, size) in heights for line in lines)  # rendered
                assert " ".join(lines).removesuffix("...") in scene.caption
                captions[scene.ruleset_id].update(heights[line, size] for line in lines)
            app.step(step, draw=False)
            clock += step * app.speed
        assert app.demo_games == len(ids)
        order = [rid for rid, phase, _ in phases if phase == "title"]
        assert order == ids
        for i, (rid, phase, began) in enumerate(phases):
            ends = phases[i + 1][2] if i + 1 < len(phases) else clock
            slack = step * app.speed + 1e-6  # the last frame of a phase may run over
            if phase == "title":
                assert abs(ends - began - TITLE_SECONDS) <= slack, (rid, ends - began)
            elif phase == "play":
                assert ends - began <= slot_seconds(rid) + CUT_SECONDS + slack, rid
        cut = {rid for rid, phase, _ in phases if phase == "cut"}
        assert len(cut) >= 4, "the long games are cut at their slot"
        assert clock <= cycle_seconds(ids) + len(phases) * step * app.speed
        for rid in ids:
            assert captions[rid] and min(captions[rid]) >= 24, (rid, captions[rid])  # px
    finally:
        app.close()


def test_ui_demo_board_is_the_largest_thing_on_screen(data_dir: Path) -> None:
    """The board takes more of the screen than the log and the caption together, at
    1280x720 and 1920x1080."""
    for size in ((1280, 720), (1920, 1080)):
        app = App(data_dir, speed=1.0, size=size)
        try:
            app.demo_seed = 1
            start_scenes(app, demo=True)
            scene = app.top
            assert isinstance(scene, DemoScene)
            board = scene.table_rect.width * scene.table_rect.height
            others = scene.log_rect.width * scene.log_rect.height
            others += scene.table_rect.width * scene.bottom_reserve
            assert board > others, size
            assert board >= 0.5 * size[0] * size[1], size
        finally:
            app.close()


def test_ui_menu_returns_to_demo_when_idle(data_dir: Path) -> None:
    """The main menu goes back to the demo after the idle time without input."""
    app = make_app(data_dir, speed=1.0, idle_seconds=0.5)
    try:
        frames(app, 10, 0.04)
        assert isinstance(app.top, MenuScene)
        frames(app, 10, 0.04)
        assert isinstance(app.top, DemoScene)
    finally:
        app.close()


@pytest.mark.parametrize(
    "content, problem",
    [
        ("{ this is not json", "not valid JSON"),
        (
            json.dumps({"format": "skirmish-table-record", "format_version": 99, "ruleset": "x"}),
            "version 99",
        ),
    ],
)
def test_ui_corrupt_save_is_set_aside_with_a_dialog(
    app: App, data_dir: Path, content: str, problem: str
) -> None:
    """A broken or unknown-version save (here the old single slot): Continue says the
    newest game is damaged and points to Load (issue 36); Load lists it with its
    problem, and loading it shows a dialog naming the file and the problem; the file is
    renamed aside (never deleted) and the program keeps running."""
    save = data_dir / AUTOSAVE
    save.write_text(content, encoding="utf-8")
    app.top.resize(app.size)  # the menu notices the file
    assert isinstance(app.top, MenuScene)
    assert app.top.details[0][1].startswith("Cannot go on: the game saved ")
    assert app.top.details[0][1].endswith(" is damaged (see Load)")
    click_button(app, "Load")
    assert isinstance(app.top, LoadScene)
    assert app.top.rows[0].cells[0] == "Cannot be read" and problem in app.top.rows[0].cells[1]
    press(app, pygame.K_RETURN)
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    assert str(save) in dialog.message and problem in dialog.message
    assert not save.exists()
    kept = data_dir / "autosave.bad-1.json"
    assert kept.read_text(encoding="utf-8") == content
    assert app.running
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, LoadScene) and app.top.rows == [] and app.running


def test_ui_settings_persist_in_the_data_dir(app: App, data_dir: Path) -> None:
    """Mute (M) and the volume are saved in settings.json and read by the next start."""
    assert not app.assets.muted
    press(app, pygame.K_m)
    app.set_volume(0.25)
    assert json.loads((data_dir / SETTINGS).read_text())["muted"] is True
    again = App(data_dir)
    assert again.assets.muted and again.settings.volume == 0.25
    assert again.idle_seconds == 120.0


def test_ui_kiosk_hides_quit(data_dir: Path) -> None:
    """--kiosk: no Quit button and Esc does not quit; Ctrl+Q still does."""
    app = make_app(data_dir, kiosk=True)
    try:
        with pytest.raises(LookupError):
            button_pos(app.top, "Quit")
        press(app, pygame.K_ESCAPE)
        assert app.running
        pygame.event.post(
            pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_CTRL, unicode="", scancode=0
            )
        )
        assert not app.step()
    finally:
        app.close()


def test_ui_f1_shows_the_rules_of_the_current_game(app: App) -> None:
    """F1 opens the rules summary of the system being played; Esc closes it."""
    click_button(app, "1  Tunnel Rat")
    start_from_setup(app)
    press(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.ruleset_id == "tunnel_rat_bluff"
    assert "Tunnel Rat" in app.top.text and app.top.page.height > 0
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, GameScene)


def test_ui_replay_viewer_steps_forward_and_back(app: App) -> None:
    """Replay: Right steps forward, Left back, End jumps to the finish; spectator view."""
    session = Session.new("tunnel_rat_bluff", 5)
    for text in ["draw", "ask vc", "shoot", "draw", "advance"]:
        session.apply(text)
    app.reset(ReplayScene(app, session.to_record()))
    scene = app.top
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert scene.index == 2 and scene.view().seat is None
    assert scene.view().drawn_card is None and scene.view().card_drawn
    press(app, pygame.K_LEFT)
    assert scene.index == 1
    click_button(app, "End")
    assert scene.index == 5
    press(app, pygame.K_ESCAPE)
    assert not app.running


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_ui_table_fits_the_window_after_resize(app: App, size: tuple[int, int]) -> None:
    """After a resize every table button lies inside the table area and none overlap."""
    click_button(app, "1  Tunnel Rat")
    press(app, pygame.K_RETURN)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frames(app, 2)
    game = app.find(GameScene)
    assert app.size == size
    table = game.table
    rects = [b.rect for b, _ in table.buttons]
    for i, rect in enumerate(rects):
        assert game.table_rect.contains(rect)
        assert not any(rect.colliderect(other) for other in rects[i + 1 :])
    assert game.table_rect.contains(table.card_rect)
    rows = table.tunnel_slots + table.casualty_slots
    assert all(game.table_rect.contains(r) and r.bottom < table.buttons_rect.top for r in rows)


def test_ui_missing_art_and_sounds_fall_back_without_crashing(
    data_dir: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Missing card art, table texture, icons and sounds: plain rectangles and silence, each
    missing file logged once, and the game still plays to its end."""
    app = App(data_dir, speed=400.0, root=tmp_path / "no-assets")
    app.wait_for_bots = True
    try:
        session = new_session("tunnel_rat_bluff", 3, ["ai", "ai"])
        app.reset(GameScene(app, session))
        game = app.top
        with caplog.at_level("WARNING"):
            for _ in range(400):
                app.step(0.05)
                if game.end_shown:
                    break
        assert game.end_shown
        assert app.assets.image("cards/bluff_back.png") is None
        missing = [r.getMessage() for r in caplog.records if "bluff_back.png" in r.getMessage()]
        assert len(missing) == 1
    finally:
        app.close()


def test_ui_f11_full_screen_is_remembered(app: App, data_dir: Path) -> None:
    """F11 toggles full screen and the choice is kept in the settings."""
    press(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    press(app, pygame.K_F11)
    assert not app.fullscreen
    assert json.loads((data_dir / SETTINGS).read_text())["fullscreen"] is False


def test_ui_menu_entries_are_extensible(app: App) -> None:
    """Other parts add menu entries (like the map viewer) with register_menu_entry."""
    opened = []
    entry = MenuEntry("Scenario editor", 36, lambda a: opened.append(a), key="x")
    register_menu_entry(entry)
    try:
        app.top.resize(app.size)
        click_button(app, "Scenario editor")
        press(app, pygame.K_x)
        assert opened == [app, app]
    finally:
        MENU_ENTRIES.remove(entry)


def test_seat_names_read_as_plural_or_singular() -> None:
    """Status and end screens say "Autobots' view" / "The Autobots win" but "Rat's"."""
    from game.ui.scenes.game_end import is_plural, possessive, the_side

    assert possessive("Autobots") == "Autobots'" and possessive("Rat") == "Rat's"
    assert possessive("Viet Cong") == "Viet Cong's"
    assert is_plural("Defenders") and not is_plural("VC")
    assert is_plural("Viet Cong") and is_plural("The Farm Guard") and not is_plural("NVA")
    assert the_side("Raiders") == "The Raiders" and the_side("The Raiders") == "The Raiders"
