"""Transformers Skirmish on screen: whole games played through the real window's handlers.

Mouse clicks, drags and keys are posted with ``pygame.event.post`` and handled by
``App.step`` (the main loop's own function). The human players' choices come from the
heuristic bot looking at that player's view; the test then performs each choice with the
mouse or the keyboard the way a person would (card, robot, square).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai.registry import make_bot  # noqa: E402
from game.core.api import Action  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.transformers_skirmish.actions import (  # noqa: E402
    Attack,
    Defend,
    Discard,
    Mass,
    Move,
    Pass,
    Play,
    Take,
)
from game.rules.transformers_skirmish.events import Phase  # noqa: E402
from game.rules.transformers_skirmish.hints import card_reason  # noqa: E402
from game.rules.transformers_skirmish.view import SkirmishView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, click_button, frames, make_app, press  # noqa: E402
from game.ui.scenes.demo import DemoScene, demo_rulesets  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.scenes.handover import HandOverScene  # noqa: E402
from game.ui.scenes.rules import RulesScene  # noqa: E402
from game.ui.tables.transformers_skirmish.table import TransformersTable  # noqa: E402

RULESET = "transformers_skirmish"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def table_of(game: GameScene) -> TransformersTable:
    assert isinstance(game.table, TransformersTable)
    return game.table


def move_mouse(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)


def pump(app: App) -> None:
    """Hand the posted events to the app's handlers now, without drawing a frame."""
    for event in pygame.event.get():
        app.handle_event(event)


def card_pos(table: TransformersTable, view: SkirmishView, card: str) -> tuple[int, int]:
    hand = list(view.hand or ())
    cx, cy, _ = table.hand.positions(len(hand))[hand.index(card)]
    return (round(cx), round(cy - table.hand.lifts.get(hand.index(card), 0.0)))


def square_pos(table: TransformersTable, square: tuple[int, int]) -> tuple[int, int]:
    return table.board.square_rect(square).center


def button_pos(table: TransformersTable, view: SkirmishView, label: str) -> tuple[int, int]:
    for button, _make in table._buttons(view):
        if button.label.startswith(label) and button.enabled:
            return button.rect.center
    raise LookupError(f"no enabled table button {label!r}")


def pick_card(app: App, game: GameScene, card: str, by_mouse: bool) -> None:
    table, view = table_of(game), game.view()
    if table._card(view) == card:
        return
    if by_mouse:
        click(app, card_pos(table, view, card), settle=0)
    else:
        hand = list(view.hand or ())
        slot = table.hand.slots(view.seat, hand)[hand.index(card)]
        assert slot is not None
        press(app, getattr(pygame, f"K_{'1234567890'[slot]}"), settle=0)


def pick_unit_by_tab(app: App, game: GameScene, unit: str) -> None:
    table = table_of(game)
    pump(app)  # the card pick takes effect
    for _ in range(10):
        if table.sel_unit == unit:
            return
        press(app, pygame.K_TAB, settle=0)
        pump(app)
    raise AssertionError(f"Tab never reached {unit}")


def cursor_to(app: App, game: GameScene, square: tuple[int, int]) -> None:
    """Arrow keys until the keyboard cursor is on ``square``, then Enter."""
    table, view = table_of(game), game.view()
    start = table._shown_cursor(view) or table._cursor_start(view)
    dx, dy = square[0] - start[0], square[1] - start[1]
    for key, n in (
        (pygame.K_RIGHT if dx > 0 else pygame.K_LEFT, abs(dx)),
        (pygame.K_UP if dy > 0 else pygame.K_DOWN, abs(dy)),
    ):
        for _ in range(n):
            press(app, key, settle=0)
    press(app, pygame.K_RETURN, settle=1)


def perform(app: App, game: GameScene, action: Action, by_mouse: bool) -> None:
    """Do ``action`` through the table the way a player would."""
    table, view = table_of(game), game.view()
    if isinstance(action, Pass):
        if by_mouse:
            click(
                app,
                button_pos(
                    table,
                    view,
                    {Phase.ORDERS: "End orders", Phase.MOVE: "Skip", Phase.FIRE: "End turn"}[
                        view.phase
                    ],
                ),
                settle=1,
            )
        else:
            press(app, pygame.K_SPACE, settle=1)
    elif isinstance(action, Take):
        if by_mouse:
            click(app, button_pos(table, view, "Take the hit"), settle=1)
        else:
            press(app, pygame.K_t, settle=1)
    elif isinstance(action, Defend) and by_mouse:
        name = view.catalog.card(action.card).name
        click(app, button_pos(table, view, f"Defend: {name}"), settle=1)
    elif isinstance(action, (Defend, Discard)) or (isinstance(action, Play) and not action.unit):
        pick_card(app, game, action.card, by_mouse)
        if by_mouse:
            click(app, card_pos(table, game.view(), action.card), settle=1)
        else:
            press(app, pygame.K_RETURN, settle=1)
    elif isinstance(action, Play):
        pick_card(app, game, action.card, by_mouse)
        target = view.unit(action.unit or "").square
        assert target is not None
        if by_mouse:
            click(app, square_pos(table, target), settle=1)
        else:
            cursor_to(app, game, target)
    elif isinstance(action, Mass):
        pick_card(app, game, action.card, by_mouse)
        pump(app)
        for unit in action.units or ():  # mark each robot of the group (issue 17)
            if by_mouse:
                square = game.view().unit(unit).square
                assert square is not None
                click(app, square_pos(table, square), settle=0)
                pump(app)
                click(app, button_pos(table, game.view(), "Mark robot"), settle=0)
            else:
                pick_unit_by_tab(app, game, unit)
                press(app, pygame.K_g, settle=0)
            pump(app)
        assert table.mass_group == list(action.units or ())
        if by_mouse:
            click(app, button_pos(table, game.view(), "Mass"), settle=1)
        else:
            press(app, pygame.K_f, settle=1)
    elif isinstance(action, (Move, Attack)):
        unit = action.unit if isinstance(action, Move) else action.attacker
        dest = action.dest if isinstance(action, Move) else view.unit(action.target).square
        assert dest is not None
        pick_card(app, game, action.card, by_mouse)
        if by_mouse:
            click(app, square_pos(table, view.unit(unit).square or (0, 0)), settle=0)
            click(app, square_pos(table, dest), settle=1)
        else:
            pick_unit_by_tab(app, game, unit)
            cursor_to(app, game, dest)
    else:
        raise AssertionError(f"no way to perform {action}")


def settle(app: App, game: GameScene) -> None:
    """Frames until the table's animations and the computer's moves are done."""
    for _ in range(200):
        if not game.table.busy() and (
            game.end_shown or game.session.state.current_player() == game.viewer
        ):
            if isinstance(app.top, HandOverScene) or game.pending_handover is not None:
                return
            if game.session.state.current_player() in game.humans or game.end_shown:
                return
        frames(app, 1, 0.1)


def start(
    app: App,
    kinds: list[str],
    seed: int,
    size: tuple[int, int] | None = None,
    options: dict[str, str] | None = None,
) -> GameScene:
    if size is not None:
        app.resize(size)
    game = GameScene(app, Session.new(RULESET, seed, options, kinds))
    app.reset(game)
    frames(app, 2)
    return game


def test_ui_transformers_hotseat_whole_game_keeps_hands_secret(app: App) -> None:
    """Hotseat: both sides play a whole game by mouse and keyboard; a hand-over screen
    comes between them, and the table only ever shows the cards of the player looking."""
    game = start(app, ["human", "human"], seed=11, size=(1024, 600))
    game.autosave = False  # saving after each action is the scene's business, tested elsewhere
    table = table_of(game)
    bots = [make_bot("ai", RULESET, s, Rng(100 + s)) for s in (0, 1)]
    handovers = checked = acted = 0
    for step in range(5000):
        if game.end_shown:
            break
        top = app.top
        if isinstance(top, HandOverScene):
            handovers += 1
            frames(app, 1, 0.3)  # the screen ignores clicks for a moment
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
        view = game.view()
        if step % 7 == 0:  # what was drawn: only the viewer's own hand, face up
            app.draw()
            faces = table.hand.faces
            assert sorted(c for where, c in faces if where == "hand") == sorted(state.hands[seat])
            secret = set(state.hands[1 - seat]) - set(state.hands[seat]) - set(view.discard)
            assert not secret & {c for _where, c in faces}
            checked += 1
        action = bots[seat].choose(view)
        before = len(game.session.actions)
        perform(app, game, action, by_mouse=acted % 2 == 0)
        assert game.session.actions[before:] == [action.to_str()], (action, view.phase)
        acted += 1
    assert game.end_shown, "the hotseat game did not finish"
    assert game.session.state.outcome() is not None
    assert handovers >= 10 and checked >= 20 and acted > 100


def test_ui_transformers_whole_game_against_the_ai(app: App) -> None:
    """Versus the computer (small window): the human Autobots play every phase through
    the table, the computer answers and attacks by itself; the end screen appears."""
    game = start(app, ["human", "ai"], seed=3, size=(1024, 600))
    game.autosave = False  # saving after each action is the scene's business, tested elsewhere
    assert game.viewer == 0
    bot = make_bot("ai", RULESET, 0, Rng(7))
    acted = defended = 0
    for _ in range(4000):
        if game.end_shown:
            break
        if game.session.state.current_player() != 0 or game.table.busy():
            frames(app, 1, 0.1)
            continue
        view = game.view()
        if view.phase is Phase.DEFEND:
            defended += 1
        action = bot.choose(view)
        before = len(game.session.actions)
        perform(app, game, action, by_mouse=acted % 3 != 0)
        assert game.session.actions[before] == action.to_str(), (action, view.phase)
        acted += 1
    assert game.end_shown and not isinstance(app.top, HandOverScene)
    assert defended >= 3 and acted > 50


def test_ui_transformers_reaction_prompt_for_the_defender(app: App) -> None:
    """Fire Phase: when the computer attacks, the human sees who attacks whom with what,
    the Defend buttons for the cards that fit and "Take the hit"; taking it costs a hit."""
    game = start(app, ["human", "ai"], seed=5)
    table = table_of(game)
    for _ in range(3000):
        state = game.session.state
        if state.current_player() == 0 and state.phase is Phase.DEFEND and not table.busy():
            break
        if state.current_player() == 0 and not table.busy():
            press(app, pygame.K_SPACE, settle=1)  # the human just passes
        else:
            frames(app, 1, 0.1)
    view = game.view()
    assert view.phase is Phase.DEFEND and view.pending is not None
    app.assets.text_trace = []
    app.draw()
    drawn = app.assets.text_trace
    app.assets.text_trace = None
    attacker, target = view.unit(view.pending.attacker), view.unit(view.pending.target)
    assert f"{attacker.name} attacks {target.name}" in drawn
    assert "Take the hit" in drawn
    for card in {a.card for a in view.legal_actions if isinstance(a, Defend)}:
        assert f"Defend: {view.catalog.card(card).name}" in drawn
    hits = target.hits
    press(app, pygame.K_t, settle=1)
    assert game.session.actions[-1] == "take"
    assert game.view().unit(target.id).hits == hits - 1


def test_ui_transformers_greyed_card_explains_itself_on_hover(app: App) -> None:
    """An unplayable card is greyed and pointing at it shows why (here: an Attack card in
    the orders phase); a click on it selects nothing and repeats the reason."""
    game = start(app, ["human", "ai"], seed=5)
    table = table_of(game)
    view = game.view()
    assert view.phase is Phase.ORDERS and view.hand
    card = next(c for c in view.hand if view.catalog.card(c).kind.value != "special")
    reason = card_reason(view, card)
    assert reason is not None and "orders phase" in reason
    move_mouse(app, card_pos(table, view, card))
    app.assets.text_trace = []
    app.draw()
    drawn = " ".join(app.assets.text_trace)
    app.assets.text_trace = None
    assert reason.split()[0] in drawn and "(now: orders phase)." in drawn
    actions = list(game.session.actions)
    click(app, card_pos(table, view, card), settle=1)
    assert table.sel_card is None and table.notice == reason
    click(app, card_pos(table, view, card), settle=1)
    assert game.session.actions == actions


def test_ui_transformers_drag_a_move_card_onto_the_board(app: App) -> None:
    """Drag and drop: a Move card dropped on a robot picks the robot; a click on a blue
    square then moves it."""
    game = start(app, ["human", "ai"], seed=5)
    table = table_of(game)
    press(app, pygame.K_SPACE, settle=1)  # end orders
    view = game.view()
    moves = [a for a in view.legal_actions if isinstance(a, Move)]
    if view.phase is not Phase.MOVE or not moves:
        pytest.skip("this seed gives no move to make")
    move = moves[0]
    origin = square_pos(table, move.origin)
    start_pos = card_pos(table, view, move.card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1))
    for k in range(1, 6):
        x = start_pos[0] + (origin[0] - start_pos[0]) * k // 5
        y = start_pos[1] + (origin[1] - start_pos[1]) * k // 5
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=origin, button=1))
    frames(app, 2)
    assert table._card(game.view()) == move.card and table.sel_unit == move.unit
    click(app, square_pos(table, move.dest), settle=1)
    assert game.session.actions[-1] == move.to_str()


def test_ui_transformers_demo_includes_the_ruleset_and_f1_rules(app: App) -> None:
    """The demo cycles through rulesets with a computer player, this one included; its
    robots move on screen; F1 over a game opens this system's rules summary."""
    assert RULESET in demo_rulesets()
    demo = DemoScene(app, index=demo_rulesets().index(RULESET), seed=4, title=False)
    app.reset(demo)
    for _ in range(300):  # short frames: the demo's 65 s slot ends the game on screen
        frames(app, 1, 0.02)
        if len(demo.session.actions) >= 30:
            break
    assert demo.ruleset_id == RULESET and len(demo.session.actions) >= 30
    assert demo.viewer is None and demo.view().hand is None
    game = start(app, ["human", "ai"], seed=2)
    press(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.ruleset_id == RULESET
    doc = Path(__file__).resolve().parents[1] / "docs" / "rules" / f"{RULESET}.md"
    if doc.exists():
        assert "No rules summary yet" not in app.top.text
    press(app, pygame.K_ESCAPE)
    assert app.top is game


def test_ui_transformers_manual_setup_by_clicks_and_keys(app: App) -> None:
    """Setup (manual option): pick a robot from the tray, click a free back-row square to
    place it; pick a placed robot and press I for a Minicon, A for air; R finishes the
    rest at random; then the computer sets up and the first turn starts."""
    game = start(app, ["human", "ai"], seed=8, options={"setup": "manual"})
    table = table_of(game)
    view = game.view()
    assert view.phase is Phase.SETUP and game.viewer == 0
    tray = table.tray(view)
    assert len(tray) == 8
    first, rect = tray[0]
    click(app, rect.center, settle=1)
    assert table.sel_unit == first.id
    click(app, square_pos(table, (3, 0)), settle=1)
    assert game.session.actions == [f"place {first.id} d1"]
    unit, rect = table.tray(game.view())[0]
    click(app, rect.center, settle=1)
    click(app, square_pos(table, (3, 1)), settle=1)  # not the back row: nothing happens
    click(app, square_pos(table, (4, 0)), settle=1)
    assert game.session.actions[-1] == f"place {unit.id} e1"
    click(app, square_pos(table, (3, 0)), settle=1)  # pick the robot on d1 again
    press(app, pygame.K_i, settle=1)
    press(app, pygame.K_a, settle=1)
    assert game.session.actions[-2:] == [f"minicon {first.id}", f"air {first.id}"]
    assert len(table.tray(game.view())) == 6
    press(app, pygame.K_r, settle=1)
    assert game.session.actions[-1] == "autosetup"
    for _ in range(50):
        if game.session.state.phase is not Phase.SETUP and not game.table.busy():
            break
        frames(app, 1, 0.1)
    view = game.view()
    assert view.phase is Phase.ORDERS and view.current_player == 0
    first_now = view.unit(first.id)
    assert first_now.square == (3, 0) and first_now.minicon and first_now.kind == "air"


@pytest.mark.parametrize("by_mouse", [False, True])
def test_ui_transformers_mass_move_of_marked_robots(app: App, by_mouse: bool) -> None:
    """Move Phase, issue 17: with a Move card picked, the player marks robots (G or the
    Mark button) and the mass move takes only those; the record names them."""
    game = start(app, ["human", "ai"], seed=5)
    press(app, pygame.K_SPACE, settle=1)  # end orders
    view = game.view()
    groups = [
        a for a in view.legal_actions if isinstance(a, Mass) and a.units and len(a.units) == 2
    ]
    if view.phase is not Phase.MOVE or not groups:
        pytest.skip("this seed gives no mass move")
    group = groups[len(groups) // 2]
    perform(app, game, group, by_mouse)
    assert game.session.actions[-1] == group.to_str()
    assert group.to_str().count(",") == 1
    moved = {u.id for u in game.view().units if u.square != view.unit(u.id).square}
    assert moved == set(group.units or ())


def test_ui_transformers_the_number_shown_on_a_card_is_the_one_that_plays_it(app: App) -> None:
    """Issue 16 (Transformers table): a card keeps its number while it is in the hand
    (pressing 3 for Punch never picks Hand Weapon after another card was played), and at
    every moment the number key N picks the card that shows label N."""
    from game.ui.tables.transformers_skirmish.hand import KEY_LABELS

    session = Session.new(RULESET, 8, seats=("human", "ai"))
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    table = table_of(game)
    bot = make_bot("ai", RULESET, 0, Rng(8))
    checked = kept = 0
    labelled: list[tuple[str, str]] = []  # (card, its label) as last seen on screen
    for _ in range(3_000):
        frames(app, 2)
        state = game.session.state
        if state.outcome() is not None or checked >= 12:
            break
        if state.current_player() != 0 or table.busy() or app.top is not game:
            continue
        view = state.view(0)
        hand = list(view.hand or ())
        slots = table.hand.slots(0, hand)
        labels = [KEY_LABELS[s] if s is not None else "" for s in slots]
        pool = list(labelled)
        for card, label in zip(hand, labels, strict=True):
            if (card, label) in pool:
                pool.remove((card, label))
                kept += 1
            else:  # the card is new, or its label changed: no card of this kind kept one
                assert all(c != card for c, _ in pool), f"{card} changed its number"
        labelled = list(zip(hand, labels, strict=True))
        if view.phase in (Phase.MOVE, Phase.FIRE) and hand:
            app.assets.text_trace = []
            frames(app, 1)
            shown = set(app.assets.text_trace)
            app.assets.text_trace = None
            playable = {i for i, c in enumerate(hand) if card_reason(view, c) is None}
            for i in sorted(playable)[:3]:
                assert labels[i] in shown  # the label is on screen
                press(app, getattr(pygame, f"K_{labels[i]}"))
                assert table.sel_card == i
                press(app, pygame.K_BACKSPACE)
            checked += 1
        game.act(bot.choose(view))
    assert checked >= 5 and kept >= 10


def test_ui_transformers_keep_slots_after_a_card_is_played() -> None:
    """Issue 16: Punch labelled 3 stays 3 when the card labelled 1 is played; a drawn
    card takes the lowest free number; a second copy of a card keeps its own number."""
    from game.ui.tables.transformers_skirmish.hand import keep_slots

    before = [("move", 0), ("hand_weapon", 1), ("punch", 2), ("punch", 3)]
    assert keep_slots(before, ["hand_weapon", "punch", "punch"]) == [1, 2, 3]
    after = [("hand_weapon", 1), ("punch", 2), ("punch", 3)]
    assert keep_slots(after, ["hand_weapon", "punch", "punch", "supersonic"]) == [1, 2, 3, 0]
    assert keep_slots([], [f"c{i}" for i in range(11)])[-2:] == [9, None]


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
def test_ui_transformers_the_hand_fits_and_shows_every_number(size: tuple[int, int]) -> None:
    """Issue 16: at every window size, a hand of up to nine cards stays inside the window
    (turned and dropped outer cards included) and no card hides the next one's number or
    name (a card's right part, where its key number sits, is never under its neighbour)."""
    import math

    from game.ui.assets import Assets

    w, h = size
    table = TransformersTable(Assets())
    table.layout(pygame.Rect(0, 52, w, h - 52))
    hand = table.hand
    for n in range(1, 10):
        positions = hand.positions(n)
        cw, ch = hand.card
        assert cw >= 60
        for cx, cy, angle in positions:
            a = math.radians(abs(angle))
            half_w = (cw * math.cos(a) + ch * math.sin(a)) / 2
            half_h = (cw * math.sin(a) + ch * math.cos(a)) / 2
            assert cx - half_w >= 0 and cx + half_w <= w
            assert cy + half_h <= h, f"{n} cards: the bottom is cut off at {size}"
        steps = [b[0] - a[0] for a, b in zip(positions, positions[1:], strict=False)]
        assert all(step >= 0.9 * cw for step in steps), f"{n} cards overlap at {size}"


def test_ui_transformers_robot_tokens_show_rank_as_a_badge() -> None:
    """Issue 16: rank reads at a glance: a lettered badge in the rank's colour at the
    bottom centre of every robot token (leader gold L, officer silver O, trooper bronze T)."""
    from game.rules.transformers_skirmish.cards import Rank
    from game.ui.assets import Assets
    from game.ui.tables.transformers_skirmish.art import RANK_BADGES, unit_token

    pygame.init()
    assets = Assets()
    view = Session.new(RULESET, 1).state.view(0)
    seen = set()
    for unit in view.units:
        if unit.rank.value in seen:
            continue
        seen.add(unit.rank.value)
        token = unit_token(assets, unit, 80)
        b = int(80 * 0.3)
        corner = token.get_at((40 - b // 2 + 2, 80 - b + 2))[:3]
        assert corner == RANK_BADGES[unit.rank.value][0]
    assert seen == {r.value for r in Rank}


def test_ui_transformers_robots_show_hits_as_text(app: App) -> None:
    """Issue 16: every robot on the board shows its hits left of its most ('1/2') and its
    rank letter as text (not tiny pips), readable at a glance."""
    game = start(app, ["human", "ai"], 3)
    table_of(game).board._tokens.clear()  # tokens are cached: draw them afresh
    app.assets.text_trace = []
    frames(app, 1)
    shown = set(app.assets.text_trace)
    app.assets.text_trace = None
    placed = [u for u in game.view().units if u.alive and u.square is not None]
    assert placed
    for unit in placed:
        assert f"{unit.hits}/{unit.max_hits}" in shown
        assert unit.rank.value[0].upper() in shown


def test_ui_transformers_aiming_an_attack_shows_the_odds_prompt(app: App) -> None:
    """Fire Phase, the odds before committing: with an Attack card and a robot chosen,
    pointing at a target shows the toolkit's odds prompt with the rules calculator's
    exact chances (the defender can cancel / the hit), from this seat's knowledge."""
    from game.rules.transformers_skirmish import odds as ts_odds
    from game.ui.toolkit.odds import percent

    game = start(app, ["human", "ai"], seed=5)
    game.autosave = False
    table = table_of(game)
    bot = make_bot("ai", RULESET, 0, Rng(3))
    attack: Attack | None = None
    for _ in range(3000):
        state = game.session.state
        if state.current_player() == 0 and not table.busy():
            view = game.view()
            attacks = [a for a in view.legal_actions if isinstance(a, Attack)]
            if view.phase is Phase.FIRE and attacks:
                attack = attacks[0]
                break
            perform(app, game, bot.choose(view), by_mouse=False)
        else:
            frames(app, 1, 0.1)
    assert attack is not None, "no attack came up"
    pick_card(app, game, attack.card, by_mouse=True)
    pick_unit_by_tab(app, game, attack.attacker)
    view = game.view()
    target = view.unit(attack.target)
    assert target.square is not None
    move_mouse(app, square_pos(table, target.square))
    app.assets.text_trace = []
    app.draw()
    drawn = app.assets.text_trace
    app.assets.text_trace = None
    assert f"Attack {target.name}: the odds" in drawn
    expected = ts_odds.explain(view, attack).outcomes
    assert expected and abs(sum(expected.values()) - 1) < 1e-9
    for label, p in expected.items():
        assert label in drawn and percent(p) in drawn
