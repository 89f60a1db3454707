"""JTS RatFight on screen: the table driven through the real window's handlers (mouse
and keys posted with ``pygame.event.post``, handled by ``App.step``)."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.session import Session  # noqa: E402
from game.rules.ratfight.actions import End, Move  # noqa: E402
from game.rules.ratfight.view import RatFightView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.ratfight.table import RatFightTable  # noqa: E402

RULESET = "ratfight"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def start(app: App, kinds: list[str], seed: int = 3) -> GameScene:
    game = GameScene(app, Session.new(RULESET, seed, None, kinds))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def table_of(game: GameScene) -> RatFightTable:
    assert isinstance(game.table, RatFightTable)
    return game.table


def human_to_act(app: App, game: GameScene) -> RatFightView:
    for _ in range(400):
        if game.session.state.current_player() == 0 and not game.table.busy():
            view = game.view()
            assert isinstance(view, RatFightView)
            if view.candidate_actions:
                return view
        frames(app, 1, 0.1)
    raise AssertionError("the human never got to act")


def test_ui_ratfight_move_a_model_by_clicking_it_and_a_point(app: App) -> None:
    """Movement: click one of your models, then a point on the table: it moves there
    (the point is one the rules accept, taken from the listed moves)."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    for _ in range(40):
        view = human_to_act(app, game)
        moves = [
            a
            for a in view.candidate_actions
            if isinstance(a, Move)  # a click beside a model picks the model: keep clear
            and table.figure_at(view, table.to_screen(a.to)) is None
            # a pixel is ~0.08": a point on the very edge of the allowance may round out
            and math.dist(a.to, view.figures[a.figure].pos) < 550
        ]
        if moves:
            break
        press(app, pygame.K_RETURN, settle=1)  # not a move card: end it
    move = moves[0]
    click(app, table.to_screen(view.figures[move.figure].pos))
    assert table.selected == move.figure
    # the move allowance drawn is clipped: 6" at most, less where the table edge is near
    picked = view.figures[move.figure]
    ring = table.move_ring(view, picked)
    reaches = [math.dist(p, picked.pos) for p in ring]
    assert len(ring) == 72 and max(reaches) <= 601
    assert min(reaches) < 600  # the raiders stand by the south edge
    target = table.to_screen(move.to)
    before = len(game.session.actions)
    click(app, target)
    assert len(game.session.actions) == before + 1
    done = game.session.actions[before]
    assert done.startswith(f"move {move.figure} ")
    x, y = (float(v) for v in done.split()[2].split(","))
    assert abs(x - move.to[0] / 100) < 0.2 and abs(y - move.to[1] / 100) < 0.2


def test_ui_ratfight_a_refused_click_says_the_rule(app: App) -> None:
    """A move beyond the model's allowance is refused with the rule that forbids it."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    for _ in range(40):
        view = human_to_act(app, game)
        moves = [a for a in view.candidate_actions if isinstance(a, Move)]
        if moves:
            break
        press(app, pygame.K_RETURN, settle=1)
    fig = view.figures[moves[0].figure]
    click(app, table.to_screen(fig.pos))
    far = (fig.pos[0], fig.pos[1] - 3000 if fig.pos[1] > 2400 else fig.pos[1] + 3000)  # 30"
    before = len(game.session.actions)
    click(app, table.to_screen(far))
    assert len(game.session.actions) == before
    assert "RatFight" in table.notice


def test_ui_ratfight_whole_game_by_keyboard_against_a_random_player(app: App) -> None:
    """Every turn to the end by keys alone: Tab picks a model, 1 plays its first listed
    choice, Enter ends the card; the other side is a random player."""
    game = start(app, ["human", "random"], seed=5)
    table = table_of(game)
    steps = 0
    for _ in range(6000):
        if game.end_shown:
            break
        if game.session.state.current_player() != 0 or table.busy():
            frames(app, 1, 0.1)
            continue
        view = game.view()
        assert isinstance(view, RatFightView)
        before = len(game.session.actions)
        if steps % 3 == 2 or not table.actors(view):
            press(app, pygame.K_RETURN, settle=1)
        else:
            press(app, pygame.K_TAB, settle=0)
            press(app, pygame.K_1, settle=1)
        if len(game.session.actions) == before:
            press(app, pygame.K_RETURN, settle=1)  # nothing listed: end the card
        if len(game.session.actions) == before:
            press(app, pygame.K_1, settle=1)  # shots left over: retarget or hold them
        steps += 1
    assert game.end_shown and game.session.state.outcome() is not None
    assert any(a.startswith(("move", "fire", "assault")) for a in game.session.actions)
    assert End().to_str() in game.session.actions


def test_ui_ratfight_pointing_at_a_target_shows_sight_range_and_defence_cards(app: App) -> None:
    """Firing, before the shot: with a model picked, pointing at an enemy shows the line
    of sight, the range base to base and how many cards the target defends with (1 in
    the open, 2 in soft cover, 3 in hard), as the rules count them."""
    from game.rules.ratfight.actions import Fire
    from game.rules.ratfight.combat import defence_cards

    game = start(app, ["human", "random"], seed=5)
    table = table_of(game)
    fire: Fire | None = None
    for _ in range(600):
        if game.end_shown:
            break
        if game.session.state.current_player() != 0 or table.busy():
            frames(app, 1, 0.1)
            continue
        view = game.view()
        fires = [a for a in view.candidate_actions if isinstance(a, Fire)]
        if fires:
            fire = fires[0]
            break
        press(app, pygame.K_RETURN, settle=1)
    assert fire is not None, "no shot came up"
    view = game.view()
    shooter, target = view.figures[fire.figure], view.figures[fire.target]
    click(app, table.to_screen(shooter.pos))
    assert table.selected == shooter.id
    x, y = table.to_screen(target.pos)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    frames(app, 1)
    app.assets.text_trace = []
    app.draw()
    drawn = " ".join(app.assets.text_trace)
    app.assets.text_trace = None
    cards, _cover = defence_cards(view.board, shooter, target)
    assert f"{target.label}:" in drawn
    assert f"defends with {cards} card" in drawn
    assert f'{view.board.gap(shooter, target) / 100:.1f}" away' in drawn
    from game.rules.ratfight.explain import explain
    from game.ui.toolkit.odds import percent

    answer = explain(view.board, fire)  # every shot of the listed way of firing counted
    chance = percent(next(iter(answer.outcomes.values())))
    expected = f"hits {chance}" if target.vehicle else f"downs {target.label} {chance}"
    assert expected in drawn


def test_ui_ratfight_turn_end_and_morale_are_a_clear_moment(app: App) -> None:
    """Turn End: when the Turn End card comes, the turn's end and each morale and
    recovery draw show in a banner over the table, and the table waits while it shows
    (a computer player does not act under it); the game's end likewise."""
    from game.rules.ratfight.events import Test, TurnEnded
    from game.ui.tables.ratfight.table import Moment

    game = start(app, ["human", "random"])
    table = table_of(game)
    view = game.view()
    morale = Test(who="Raiders", purpose="morale", cards=("9H",), kept="9H", against=3, passed=True)
    table.on_events([TurnEnded(turn=1, reason="the Turn End card"), morale], view)
    assert table.busy() and table.fx.of_type(Moment)
    app.assets.text_trace = []
    app.draw()
    drawn = " ".join(app.assets.text_trace)
    app.assets.text_trace = None
    assert "Turn 1 ends: the Turn End card" in drawn and morale.text() in drawn
    frames(app, 1, 3.5 / 50)  # the app runs at 50x: 3.5 s of game time
    assert not table.fx.of_type(Moment)
    table.on_events([morale], view)  # a draw alone is no moment
    assert not table.fx.of_type(Moment)
