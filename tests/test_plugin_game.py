"""A seventh game added with no other file touched (issue 37, item 1): Goofspiel, whose
rules, manifest, computer player, table and guide live in ``tests/goofspiel/``, registers
itself at run time, and the menu, setup, game, saves, Load list, F1, ``simulate``,
``explain``, ``replay`` and every generic test over the rulesets see it.

``docs/architecture.md`` shows these very files as the skeleton of a new game
(``test_the_architecture_skeleton_is_this_game``)."""

from __future__ import annotations

import importlib
import inspect
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.__main__ import main
from game.core.manifest import registered
from game.core.registry import get_manifest, ruleset_ids
from game.core.session import Session
from game.ui.driver import click_button, frames, make_app, press, start_from_setup
from game.ui.scenes.game import GameScene
from game.ui.scenes.load import system_title
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules import rules_blocks
from game.ui.scenes.setup import SetupScene
from game.ui.tables import make_table, table_ids

ID = "goofspiel"
TESTS = Path(__file__).parent
GAME_DIR = TESTS / "goofspiel"
DOC = TESTS.parent / "docs" / "architecture.md"
SIX = ("tunnel_rat_bluff", "tunnel_rats", "transformers_skirmish", "five_five_six", "ratfight")


@pytest.fixture()
def goofspiel() -> Iterator[Any]:
    """Goofspiel registered for one test, and gone after it."""
    module = importlib.import_module("tests.goofspiel")
    from game.core.manifest import register_manifest

    register_manifest(module.MANIFEST)  # imported by an earlier test: register again
    try:
        yield module
    finally:
        registered().pop(ID, None)


def test_the_registry_lists_it_after_the_six_in_menu_order(goofspiel: Any) -> None:
    ids = ruleset_ids()
    assert ids[: len(SIX)] == SIX and ids[len(SIX)] == "sixty_five" and ids[-1] == ID
    assert ID in table_ids()
    assert get_manifest(ID).scenarios() == ()


def test_menu_setup_game_save_and_load_list_see_it(goofspiel: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    try:
        assert isinstance(app.top, MenuScene)
        click_button(app, "7  Goofspiel")
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert setup.chosen_options() == {"cards": "5"}
        assert setup.level_kinds == ("easy", "ai")  # the manifest's levels, no Hard
        press(app, pygame.K_2, mod=pygame.KMOD_SHIFT)
        assert setup.kinds[1] == "easy"
        press(app, pygame.K_2, mod=pygame.KMOD_SHIFT)
        assert setup.kinds[1] == "ai"
        game = start_from_setup(app)
        assert isinstance(game, GameScene) and game.session.ruleset.id == ID
        assert game.session.chosen.cards == 5  # type: ignore[attr-defined]
        assert any("The prize is" in e.text() for e in game.log_events)  # the opening
        for _ in range(5):  # North (you) bids the first card each prize; the computer answers
            app.wait_for_bots = True
            press(app, pygame.K_1, settle=4)
            frames(app, 20)
        assert game.session.state.outcome() is not None
        from game.ui.scenes.load import LoadScene

        app.push(LoadScene(app))  # the autosave, listed by the game's title and sides
        frames(app, 2)
        rows = [r.cells for r in app.top.rows]  # type: ignore[attr-defined]
        assert rows and rows[0][0] == "Goofspiel" and "North" in rows[0][2], rows
        assert system_title(ID) == "Goofspiel"
        title, blocks = rules_blocks(ID)
        assert title == "Goofspiel" and blocks
    finally:
        app.close()


def test_simulate_explain_and_replay_see_it(
    goofspiel: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", ID, "--games", "4", "--seats", "normal,hard", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4
    session = Session.new(ID, 7, {"cards": "8"}, ["human", "normal"])
    session.apply("bid 3")
    path = tmp_path / "game.json"
    path.write_text(session.to_record().to_json(), encoding="utf-8")
    assert main(["explain", ID, "--position", str(path), "--action", "bid 8", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["legal"] and answer["outcomes"]["take"] == pytest.approx(7 / 8)
    assert main(["replay", str(path), "--seat", "South"]) == 0
    out = capsys.readouterr().out
    assert "North: a card laid face down." in out and "lays the 3" not in out
    assert main(["replay", str(path), "--seat", "North"]) == 0
    assert "North lays the 3 face down." in capsys.readouterr().out
    assert Session.from_record(session.to_record()).state.laid == 3  # type: ignore[attr-defined]


def _covers_every_ruleset(function: Any) -> bool:
    """A generic test: parametrized over ``ruleset_id`` with every registered ruleset."""
    for mark in getattr(function, "pytestmark", []):
        if mark.name == "parametrize" and mark.args[0] == "ruleset_id":
            values = [getattr(v, "values", (v,))[0] for v in mark.args[1]]
            return set(SIX) | {"sixty_five"} <= set(values)
    return False


def _generic_tests() -> list[Callable[..., None]]:
    found = []
    for path in sorted(TESTS.glob("test_*.py")):
        if path.name == Path(__file__).name or '"ruleset_id"' not in path.read_text("utf-8"):
            continue
        module = importlib.import_module(f"tests.{path.stem}")
        found += [
            f
            for name, f in vars(module).items()
            if name.startswith("test_") and _covers_every_ruleset(f)
        ]
    return found


GENERIC = _generic_tests()


def test_the_generic_tests_were_found() -> None:
    names = {f.__name__ for f in GENERIC}
    assert {
        "test_random_games_follow_the_contract",
        "test_no_seat_reads_another_seats_secret_action",
    } <= names
    assert len(GENERIC) >= 12


def _other_parameters(check: Any) -> list[dict[str, Any]]:
    """Every combination of the generic test's other parametrized arguments."""
    combos: list[dict[str, Any]] = [{}]
    for mark in getattr(check, "pytestmark", []):
        if mark.name != "parametrize" or mark.args[0] == "ruleset_id":
            continue
        names = [n.strip() for n in mark.args[0].split(",")]
        rows = [v if len(names) > 1 else (v,) for v in mark.args[1]]
        combos = [{**c, **dict(zip(names, row, strict=True))} for c in combos for row in rows]
    return combos


def _fixture(check: Any, name: str, request: pytest.FixtureRequest, after: list[Any]) -> Any:
    """A fixture the generic test asks for: its own module's (a generator's teardown is
    kept in ``after``), else a shared one."""
    local = getattr(sys.modules[check.__module__], name, None)
    if local is None:
        return request.getfixturevalue(name)
    function = local._get_wrapped_function()
    wanted = inspect.signature(function).parameters
    value = function(**{p: _fixture(check, p, request, after) for p in wanted})
    if inspect.isgenerator(value):
        after.append(value)
        return next(value)
    return value


@pytest.mark.parametrize("check", GENERIC, ids=lambda f: f"{f.__module__[6:]}::{f.__name__}")
def test_every_generic_test_sees_it(
    goofspiel: Any, check: Callable[..., None], request: pytest.FixtureRequest
) -> None:
    for given in _other_parameters(check):
        after: list[Any] = []
        wanted = [p for p in inspect.signature(check).parameters if p != "ruleset_id"]
        try:
            values = {
                p: given[p] if p in given else _fixture(check, p, request, after) for p in wanted
            }
            check(ruleset_id=ID, **values)
        finally:
            for generator in after:
                next(generator, None)


def test_the_table_draws_and_takes_a_bid_by_mouse_and_keys(goofspiel: Any, tmp_path: Path) -> None:
    app = make_app(tmp_path / "data")
    try:
        table = make_table(ID, app.assets)
        table.layout(pygame.Rect(0, 0, 960, 640))
        view = Session.new(ID, 1).state.view(0)
        surface = pygame.Surface((960, 640))
        table.draw(surface, view)
        rect, bid = table.card_rects(view)[2]  # type: ignore[attr-defined]
        click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)
        assert table.handle_event(click, view) == bid
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)
        assert table.handle_event(key, view) is None
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)
        assert table.handle_event(enter, view).to_str() == "bid 2"  # type: ignore[union-attr]
    finally:
        app.close()


def _doc_files() -> dict[str, str]:
    """The code blocks of the architecture's skeleton, by the file each names."""
    text = DOC.read_text(encoding="utf-8")
    return dict(re.findall(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", text, re.S))


def test_the_architecture_skeleton_is_this_game() -> None:
    shown = _doc_files()
    assert set(shown) == {
        "tests/goofspiel/__init__.py",
        "tests/goofspiel/rules.py",
        "tests/goofspiel/ai.py",
        "tests/goofspiel/table.py",
    }
    for name, code in shown.items():
        assert (TESTS.parent / name).read_text(encoding="utf-8") == code, (
            f"{name} differs from the doc"
        )


def test_it_refuses_a_spent_card_with_its_rule(goofspiel: Any) -> None:
    from game.core.errors import IllegalAction, InvalidAction

    session = Session.new(ID, 1)
    session.apply("bid 2")
    session.apply("bid 4")
    with pytest.raises(IllegalAction, match="Goofspiel, Bidding"):
        session.apply("bid 2")
    with pytest.raises(InvalidAction, match="expected bid CARD"):
        session.apply("bid two")
