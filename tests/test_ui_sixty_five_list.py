"""'65 tables that read at a glance (issue 32): the choice list of the picked unit grouped
by card with odds on every fire, hopeless shots last and asked about, the odds on hover
with nothing picked, reaction windows no card answers declined unless "always ask me",
the last fire's marks cleared by the next action, stacks cycled from the top, and hex
names legible on every scenario's board. Driven through the real input handlers under
the dummy video driver."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import random  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.sixty_five.actions import Decline, Draw, EndImpulse, Pass, Play  # noqa: E402
from game.rules.sixty_five.scenarios.scenario import load_scenarios  # noqa: E402
from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.tables.sixty_five.board import HEX_ID, LABEL_INK, BoardPicture  # noqa: E402
from game.ui.tables.sixty_five.choices import narrowed  # noqa: E402
from game.ui.tables.sixty_five.list import Entry, Header, effect_chance, is_fire  # noqa: E402
from game.ui.tables.sixty_five.paint import DrawnCard  # noqa: E402
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402
from game.ui.tables.sixty_five.vehicles import top_first  # noqa: E402

RULESET = "sixty_five"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def find(seed: int, wanted: Callable[[SixtyFiveView], bool], seat: int = 0) -> Session:
    """A random game of scenario 1 (draws preferred) stopped where ``seat``'s view is
    ``wanted``."""
    session = Session.new(RULESET, seed, None, ["human", "human"])
    r = random.Random(seed)
    for _ in range(3000):
        player = session.state.current_player()
        if player is None:
            break
        view = session.state.view(player)
        if player == seat and wanted(view):
            return session
        acts = view.candidate_actions
        session.apply(Draw() if Draw() in acts and r.random() < 0.8 else r.choice(acts))
    raise AssertionError("no such moment in the game")


def scene(app: App, session: Session, seats: list[str]) -> GameScene:
    game = GameScene(app, Session.new(RULESET, 3, None, seats))
    game.autosave = False
    game.session.state = session.state
    game.__dict__.pop("_view_cache", None)
    app.reset(game)
    frames(app, 2)
    return game


def table_of(game: GameScene) -> SixtyFiveTable:
    assert isinstance(game.table, SixtyFiveTable)
    return game.table


def view_of(game: GameScene) -> SixtyFiveView:
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    return view


def fires(view: SixtyFiveView) -> list[Play]:
    return [a for a in view.candidate_actions if isinstance(a, Play) and is_fire(a)]


def hopeless_and_hopeful(view: SixtyFiveView) -> bool:
    """A unit of the seat with a shot that can do something and one that cannot."""
    if view.window is not None or not fires(view):
        return False
    by_unit: dict[str, set[bool]] = {}
    for a in fires(view):
        if a.path:
            continue
        answer = view.explain(a)
        if answer is not None and answer.outcomes:
            by_unit.setdefault(a.units[0], set()).add(effect_chance(answer.outcomes) > 0)
    return any(len(kinds) == 2 for kinds in by_unit.values())


def test_65_list_waits_for_a_unit_then_groups_its_plays_by_card_with_odds(app: App) -> None:
    session = find(5, hopeless_and_hopeful)
    game = scene(app, session, ["human", "random"])
    table = table_of(game)
    view = view_of(game)
    assert len(view.candidate_actions) > 100  # what the list once showed in full
    assert all(not a.units for a in table.shown(view) if isinstance(a, Play))
    shooter = next(
        a.units[0] for a in fires(view) if not a.path and hopeless_and_hopeful_unit(view, a)
    )
    where = next(u.hex for u in view.units if u.id == shooter)
    assert table.picture is not None and where is not None
    for _ in range(4):  # a click on the stack; again for the next unit of it
        click(app, table.picture.centre(where))
        if table.picks.unit == shooter:
            break
    assert table.picks.unit == shooter
    listed = table.listed(view)
    assert listed and all(shooter in _units(e.action) for e in listed)
    texts = [e.text for e in listed]
    assert len(texts) == len(set(texts)), "two entries read alike"
    for e in listed:  # every fire with its odds, the same as explain's
        if is_fire(e.action):
            answer = view.explain(e.action)
            assert answer is not None and e.chance == effect_chance(answer.outcomes)
            assert "%" in e.text
    hopeless = [e for e in listed if e.hopeless]
    assert hopeless and listed[-len(hopeless) :] == hopeless  # no chance: listed last
    assert all("0%" in e.text for e in hopeless)
    rows = table.rows(view)
    assert isinstance(rows[0], Header) and rows[0].text.startswith("Card ")
    labels = table.choice_labels(view)
    assert [r.text for r in rows] == labels[: len(rows)]  # exactly what is shown


def hopeless_and_hopeful_unit(view: SixtyFiveView, shot: Play) -> bool:
    kinds = set()
    for a in fires(view):
        if a.units[0] == shot.units[0] and not a.path:
            answer = view.explain(a)
            if answer is not None and answer.outcomes:
                kinds.add(effect_chance(answer.outcomes) > 0)
    return len(kinds) == 2


def _units(action: object) -> tuple[str, ...]:
    return tuple(getattr(action, "units", None) or ())


def test_65_a_hopeless_shot_is_greyed_and_fires_only_when_chosen_twice(app: App) -> None:
    session = find(5, hopeless_and_hopeful)
    game = scene(app, session, ["human", "random"])
    table = table_of(game)
    view = view_of(game)
    shot = next(a for a in fires(view) if not a.path and hopeless_and_hopeful_unit(view, a))
    press(app, pygame.K_TAB)
    for _ in range(40):
        if table.picks.unit == shot.units[0]:
            break
        press(app, pygame.K_TAB)
    while not any(isinstance(r, Entry) and r.hopeless for r in table.rows(view)):
        before = table.page
        press(app, pygame.K_PAGEDOWN)
        assert table.page != before, "no hopeless shot on any page"
    app.draw()
    number = next(
        i for i, a in enumerate(table.shown(view)) if any(
            isinstance(r, Entry) and r.action == a and r.hopeless for r in table.rows(view)
        )
    )  # fmt: skip
    button = next(b for b, a in table.buttons if a == table.shown(view)[number])
    assert button.label.endswith("0%: no effect possible")
    done = len(game.session.actions)
    key = getattr(pygame, f"K_{number + 1}")
    press(app, key)
    assert len(game.session.actions) == done, "a shot with no chance fired without asking"
    assert "No chance (0%)" in table.notice
    press(app, key)
    assert len(game.session.actions) == done + 1  # asked, and chosen again: it fires


def test_65_hover_shows_the_odds_with_nothing_picked(app: App) -> None:
    session = find(5, hopeless_and_hopeful)
    game = scene(app, session, ["human", "random"])
    table = table_of(game)
    view = view_of(game)
    shot = next(a for a in fires(view) if not a.path and not a.target.startswith("bunker"))
    target = next(u for u in view.units if u.id == shot.target)
    assert table.picture is not None and target.hex is not None and table.picks.unit is None
    app.assets.text_trace = []
    pos = table.picture.centre(target.hex)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)
    app.draw()
    drawn = " | ".join(app.assets.text_trace or [])
    app.assets.text_trace = None
    assert "Damage Draw" in drawn and " fires: " in drawn and "%" in drawn


def window_with_only_decline(view: SixtyFiveView) -> bool:
    return view.window is not None and list(view.candidate_actions) == [Decline()]


@pytest.mark.parametrize("always_ask", [False, True])
def test_65_a_window_no_card_answers_is_declined_unless_always_ask(
    app: App, always_ask: bool
) -> None:
    session = find(7, window_with_only_decline, seat=1)
    app.settings.always_ask = always_ask
    game = scene(app, session, ["random", "human"])
    table = table_of(game)
    done = len(game.session.actions)
    window = session.state.view(1).window
    frames(app, 3)
    if always_ask:  # today's behaviour: the prompt waits for E
        assert len(game.session.actions) == done and view_of(game).window == window
        press(app, pygame.K_e)
        assert game.session.actions[done] == "decline"
    else:
        assert game.session.actions[done] == "decline"
        assert "No card in hand answers" in table.notice
        if len(game.session.actions) == done + 1:  # undone, it would only come back
            assert not game.can_undo()


def test_65_settings_key_a_saves_always_ask(app: App) -> None:
    app.push(SettingsScene(app))
    frames(app, 2)
    press(app, pygame.K_a)
    assert app.settings.always_ask
    saved = json.loads((app.data_dir / "settings.json").read_text())
    assert saved["always_ask"] is True
    press(app, pygame.K_a)
    assert not app.settings.always_ask


def test_65_the_last_draw_goes_when_the_next_action_starts(app: App) -> None:
    game = scene(app, find(5, hopeless_and_hopeful), ["human", "random"])
    table = table_of(game)
    view = view_of(game)
    shot = next(a for a in fires(view) if not a.path)
    game.act(shot)
    frames(app, 60)
    assert table.last_fire and table.last_draw and table.hover_hidden  # the shot's draw
    for _ in range(100):  # answers to the shot keep it; the next action takes it away
        if not table.last_fire:
            break
        acts = view_of(game).candidate_actions
        if game.session.state.current_player() == 0 and acts:
            ends = [a for a in (EndImpulse(), Decline(), Pass()) if a in acts]
            game.act(ends[0] if ends else acts[0])
        frames(app, 5, 0.2)
    assert not table.last_draw and not table.last_fire and table.last_strike is None
    assert not table.fx.of_type(DrawnCard)


def test_65_a_click_on_a_stack_takes_the_top_unit_then_the_next(app: App) -> None:
    def stack_of_actors(view: SixtyFiveView) -> bool:
        if view.window is not None or len(view.candidate_actions) < 20:
            return False
        movers = {u for a in view.candidate_actions for u in _units(a)}
        hexes = [u.hex for u in view.units if u.id in movers and u.hex]
        return len(hexes) != len(set(hexes))

    game = scene(app, find(5, stack_of_actors), ["human", "random"])
    table = table_of(game)
    view = view_of(game)
    movers = {u for a in view.candidate_actions for u in _units(a)}
    hexes = [u.hex for u in view.units if u.id in movers and u.hex]
    where = next(h for h in hexes if hexes.count(h) > 1)
    order = [u.id for u in top_first(table.counters_in(view, where)) if u.id in movers]
    assert table.picture is not None
    seen = []
    for _ in order:
        click(app, table.picture.centre(where))
        seen.append(table.picks.unit)
    assert seen == order  # the top one first, then down the stack


def digit_ink(pic: BoardPicture, app: App, hex_id: str) -> int:
    """The height in pixels of the ink of ``hex_id``'s first digit (the map's number) as
    drawn on the board's picture at its present zoom: the pixels in the id's dark colour
    that the id changed against the same picture scaled without ids, in the columns of
    the first character."""
    labelled = pic._scaled_picture(app.assets)
    plain = pygame.transform.smoothscale(pic.image, labelled.get_size())
    corners = pic._corners[hex_id]
    cx = round((sum(x for x, _ in corners) / len(corners) + pic.shift[0]) * pic.scale)
    top = round((min(y for _, y in corners) + pic.shift[1]) * pic.scale)
    half = round(pic.hex_size() / 2)
    window = [
        (x, y)
        for x in range(max(0, cx - half), min(labelled.get_width(), cx + half))
        for y in range(max(0, top), min(labelled.get_height(), top + half))
    ]

    def inked(x: int, y: int) -> bool:
        a, b = labelled.get_at((x, y)), plain.get_at((x, y))
        near = sum(abs(a[i] - HEX_ID[i]) for i in range(3)) <= 45  # the id's dark colour
        return near and sum(abs(a[i] - b[i]) for i in range(3)) > 30  # drawn, not ground

    columns = [x for x, y in window if inked(x, y)]
    if not columns:
        return 0
    first = min(columns)
    digit = app.assets.font(18).size(hex_id[0])[0]  # narrower than the digit drawn (size >= 21)
    rows = [y for x, y in window if first <= x < first + digit and inked(x, y)]
    return max(rows) - min(rows) + 1


def hex_names_ink(pic: BoardPicture, app: App) -> int:
    """The shortest digit ink among a few hex ids spread over the board."""
    hexes = sorted(pic.ground.hexes())
    return min(digit_ink(pic, app, h) for h in hexes[:: max(1, len(hexes) // 6)])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_65_every_board_fills_its_area_with_legible_hex_names(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    application = make_app(tmp_path / "data", size=size)
    try:
        for scenario in sorted(load_scenarios()):
            session = Session.new(RULESET, 3, {"scenario": scenario}, ["human", "random"])
            game = scene(application, session, ["human", "random"])
            table = table_of(game)
            application.draw()
            pic = table.picture
            assert pic is not None
            ink = hex_names_ink(pic, application)
            assert ink >= LABEL_INK == 11, f"scenario {scenario}: hex names' digits {ink} px"
            shown = pic.rect.clip(pic.area)
            assert shown.width >= 0.95 * pic.area.width or shown.height >= 0.95 * pic.area.height
            assert shown.width * shown.height >= 0.6 * pic.area.width * pic.area.height, (
                f"scenario {scenario}: the board leaves its area empty"
            )
    finally:
        application.close()


def test_65_narrowed_still_lists_every_play_of_a_pick(app: App) -> None:
    """The list hides nothing the rules allow: each play of the picked unit is an entry
    or reads exactly like one (another path to the same hex)."""
    game = scene(app, find(5, hopeless_and_hopeful), ["human", "random"])
    table = table_of(game)
    view = view_of(game)
    press(app, pygame.K_TAB)
    assert table.picks.unit is not None
    listed = {e.action for e in table.listed(view)}
    every = narrowed(view, table.picks)
    assert listed <= set(every) and len(listed) <= len(every)
    assert {a.card for a in every if isinstance(a, Play)} == {
        a.card for a in listed if isinstance(a, Play)
    }
