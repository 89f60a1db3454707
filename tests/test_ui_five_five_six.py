"""5.56mm on screen: the table driven through the real window's handlers (mouse and keys
posted with ``pygame.event.post``, handled by ``App.step``)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from five_five_six_support import give_go  # noqa: E402

from game.core.api import Action  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.five_five_six.actions import (  # noqa: E402
    Aim,
    AutoFire,
    Carry,
    Fire,
    Hide,
    Move,
    Sprint,
    UseRadio,
)
from game.rules.five_five_six.checks import Check  # noqa: E402
from game.rules.five_five_six.combat.arms import firearms_of  # noqa: E402
from game.rules.five_five_six.combat.fire_play import (  # noqa: E402
    closest_in_best_sight,
    shot_check,
    spotting_checks,
)
from game.rules.five_five_six.combat.injury import Wound  # noqa: E402
from game.rules.five_five_six.explain import explain  # noqa: E402
from game.rules.five_five_six.movement.play import carry_odds, carry_roll, radio_roll  # noqa: E402
from game.rules.five_five_six.state import FiveFiveSixState  # noqa: E402
from game.rules.five_five_six.view import FiveFiveSixView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.scenes.demo import demo_rulesets  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.five_five_six.art import short_name  # noqa: E402
from game.ui.tables.five_five_six.choices import Picks, actor, narrowed  # noqa: E402
from game.ui.tables.five_five_six.paint import tidy  # noqa: E402
from game.ui.tables.five_five_six.table import FiveFiveSixTable  # noqa: E402
from game.ui.toolkit.odds import percent  # noqa: E402

RULESET = "five_five_six"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def start(app: App, kinds: list[str], seed: int = 3, scenario: str = "crash_site") -> GameScene:
    game = GameScene(app, Session.new(RULESET, seed, {"scenario": scenario}, kinds))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def table_of(game: GameScene) -> FiveFiveSixTable:
    assert isinstance(game.table, FiveFiveSixTable)
    return game.table


def my_view(app: App, game: GameScene, seat: int = 0) -> FiveFiveSixView:
    """Run the computer until ``seat`` may act; its view."""
    for _ in range(2000):
        if app.top is not game or game.pending_handover is not None:
            press(app, pygame.K_RETURN)  # hotseat: the hand-over screen, clicked through
            continue
        if game.session.state.current_player() == seat and not game.table.busy():
            view = game.view()
            assert isinstance(view, FiveFiveSixView)
            if view.candidate_actions:
                return view
        frames(app, 1, 0.1)
    raise AssertionError("the human never got to act")


def point_to(app: App, pos: tuple[float, float]) -> None:
    x, y = round(pos[0]), round(pos[1])
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 1)


def at(table: FiveFiveSixTable, point: tuple[int, int]) -> tuple[int, int]:
    """Where a table point (hundredths) is on screen, to the pixel."""
    x, y = table.to_screen(point)
    return round(x), round(y)


def drawn_texts(app: App) -> str:
    """Every text of one frame drawn afresh (the table keeps its panel between frames)."""
    top = app.top
    if isinstance(top, GameScene) and isinstance(top.table, FiveFiveSixTable):
        top.table.redraw()
    app.assets.text_trace = []
    app.draw()
    drawn = " ".join(app.assets.text_trace)
    app.assets.text_trace = None
    return drawn


def until_a_shot(app: App, game: GameScene) -> tuple[FiveFiveSixView, Fire]:
    """End goes (Enter) until the human's character has a shot listed."""
    for _ in range(60):
        view = my_view(app, game)
        fires = [a for a in view.candidate_actions if isinstance(a, Fire)]
        if fires:
            return view, fires[0]
        press(app, pygame.K_RETURN, settle=2)
    raise AssertionError("no shot came up")


def test_ui_five_five_six_is_playable_and_in_the_demo() -> None:
    """The table is registered, so the menu offers 5.56mm and the demo plays it."""
    assert RULESET in demo_rulesets()


def test_ui_five_five_six_click_the_acting_model_then_a_point_moves_him(app: App) -> None:
    """Move (3.1): a click on the character whose card was drawn shows his card; a click
    on a point within 4" moves him there (halfway along a listed move: a pixel is about
    a tenth of an inch, and the listed moves go the full 4")."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    view = my_view(app, game)
    who = actor(view)
    assert who is not None
    moves = [
        a
        for a in view.candidate_actions
        if isinstance(a, Move)
        and a.to != who.pos
        and table.character_at(view, at(table, a.to)) is None
    ]
    move = moves[0]
    half = ((who.pos[0] + move.to[0]) // 2, (who.pos[1] + move.to[1]) // 2)
    click(app, at(table, who.pos))
    assert table.selected == who.id
    assert f"{who.name}'s go" in drawn_texts(app)
    before = len(game.session.actions)
    click(app, at(table, half))
    assert len(game.session.actions) == before + 1
    done = game.session.actions[before]
    assert done.startswith(f"move {who.id} ")
    x, y = (float(v) for v in done.split()[2].split(","))
    assert math.dist((x * 100, y * 100), half) < 20


def test_ui_five_five_six_a_move_too_far_is_refused_with_the_rule(app: App) -> None:
    """A click 12" away is no Move (4" at most): refused, the rule's words shown."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    view = my_view(app, game)
    who = actor(view)
    assert who is not None
    far = (who.pos[0], who.pos[1] - 1200)
    before = len(game.session.actions)
    click(app, at(table, far))
    assert len(game.session.actions) == before
    clicked = table.ground.table_point(at(table, far))
    assert clicked is not None
    assert table.notice == view.why_not(Move(who.id, clicked))
    assert '4"' in table.notice


def test_ui_five_five_six_pointing_at_an_enemy_shows_the_tn_modifiers_and_odds(
    app: App,
) -> None:
    """Fire (3.2): before the shot, pointing at an enemy shows the line of sight with the
    share of him in view, the TN to hit with every modifier named and the chance, as the
    rules compute them from what this seat knows."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    view, fire = until_a_shot(app, game)
    board = view.board
    firer, target = board.characters[fire.character], board.characters[fire.target]
    point_to(app, table.to_screen(target.pos))
    drawn = drawn_texts(app)
    check = shot_check(board, firer, target, fire.weapon)
    assert check is not None
    assert f"To hit: TN {check.tn.value} = " in drawn
    for line in check.tn.lines()[1:]:
        assert line in drawn
    assert f"roll D6 {check.bonuses[0]}" in drawn and percent(float(check.chance)) in drawn
    for spot in spotting_checks(board, firer, target):
        assert f"Spot: TN {spot.tn.value}" in drawn
    share = round(100 * board.sight(firer, target).visible_share)
    assert f"{share}% visible" in drawn
    ends = explain(board, fire).outcomes  # the rules calculator: each end of the shot
    assert f"miss {percent(ends['miss'])}" in drawn


def test_ui_five_five_six_several_actions_at_an_enemy_are_listed_and_esc_drops_them(
    app: App,
) -> None:
    """A click on an enemy that several actions fit (Fire and Auto-Fire) lists them
    numbered; a number key takes one; Esc drops the pick without leaving the game."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    for _ in range(60):
        view, fire = until_a_shot(app, game)
        at_him = narrowed(view, Picks(target=fire.target))
        if len(at_him) > 1:
            break
        press(app, pygame.K_RETURN, settle=2)
    assert len(at_him) > 1
    target = view.characters[fire.target]
    before = len(game.session.actions)
    click(app, at(table, target.pos))
    assert len(game.session.actions) == before  # listed, not taken
    assert table.picks.target == target.id
    assert sorted(map(str, table.shown(view))) == sorted(map(str, at_him[:9]))  # 0% last
    press(app, pygame.K_ESCAPE)
    assert table.picks == Picks() and app.top is game
    click(app, at(table, target.pos))
    wanted = next(a for a in table.shown(view) if isinstance(a, AutoFire | Fire))
    key = getattr(pygame, f"K_{table.shown(view).index(wanted) + 1}")
    press(app, key)
    if table.chance_of(view, wanted) == 0:
        assert len(game.session.actions) == before  # a hopeless shot asks first
        press(app, key)
    assert game.session.actions[before] == wanted.to_str()


def test_ui_five_five_six_keys_tab_f_and_enter(app: App) -> None:
    """Keyboard: Tab points at the next character the listed actions reach, F fires at
    him, Enter ends the go."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    view, fire = until_a_shot(app, game)
    press(app, pygame.K_TAB)
    assert table.picks.target is not None
    target = table.picks.target
    fires = [a for a in table.listed(view) if isinstance(a, Fire)]  # a 0% shot last
    before = len(game.session.actions)
    press(app, pygame.K_f)
    if fires and table.chance_of(view, fires[0]) == 0:
        press(app, pygame.K_f)  # every shot hopeless: F asks first
    if fires:
        assert game.session.actions[before] == fires[0].to_str()
    view = my_view(app, game)
    assert target  # the pick was made from the listed actions
    done = len(game.session.actions)
    press(app, pygame.K_RETURN)
    assert game.session.actions[done:][:1] == ["end"]


def test_ui_five_five_six_hiding_is_shown_to_his_own_side_only(app: App) -> None:
    """Hotseat: after Hide (H twice: where he stands), his card says Hiding to his own
    side; the other side's view of the same table shows no such thing."""
    game = start(app, ["human", "human"])
    table = table_of(game)
    view = my_view(app, game)
    who = actor(view)
    assert who is not None
    assert Hide(who.id, who.pos) in view.candidate_actions
    press(app, pygame.K_h)
    assert table.picks.mode == "hide"
    press(app, pygame.K_h)
    assert game.session.actions[-1] == Hide(who.id, who.pos).to_str()
    own = game.session.state.view(who.side)
    table.selected = who.id
    table.on_events([], own)
    table.selected = who.id
    table.redraw()
    app.assets.text_trace = []
    table.draw(app.screen, own)
    assert any("Hiding" in t for t in app.assets.text_trace)
    other = game.session.state.view(1 - who.side)
    app.assets.text_trace = []
    table.draw(app.screen, other)  # a new seat: picks dropped, his card shown on request
    table.selected = who.id
    table.draw(app.screen, other)
    seen = app.assets.text_trace
    app.assets.text_trace = None
    assert any(who.name in t for t in seen)
    assert not any("Hiding" in t for t in seen)


def test_ui_five_five_six_waiting_for_the_human_is_idle(app: App) -> None:
    """Quiet when idle: waiting for the human, nothing animates (no frames asked for)."""
    game = start(app, ["human", "random"])
    my_view(app, game)
    frames(app, 60, 0.1)  # the opening banner and any roll panel run out
    assert not game.table.busy() and not app.animating()


def test_ui_five_five_six_computers_play_the_night_scenario_to_the_end_screen(
    app: App,
) -> None:
    """Two computer players play the night scenario through the table (darkness, shots,
    grenades drawn as they come) to the end screen."""
    game = start(app, ["random", "random"], seed=2, scenario="night_outpost")
    for _ in range(6000):
        if game.end_shown:
            break
        frames(app, 1, 0.1)
    assert game.end_shown and game.session.state.outcome() is not None
    assert "The game is over" in drawn_texts(app) or game.end_shown


def test_ui_five_five_six_sprint_key_shows_how_far_then_a_click_sprints(app: App) -> None:
    """Sprint (4.1): P makes the next click a Sprint; before it, the tape's box gives
    the chance of each distance (4" + D6 + Move, the rules calculator's numbers)."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    view = my_view(app, game)
    who = actor(view)
    assert who is not None
    sprint = next(
        a
        for a in view.candidate_actions
        if isinstance(a, Sprint) and table.character_at(view, at(table, a.to)) is None
    )
    press(app, pygame.K_p)
    assert table.picks.mode == "sprint"
    point_to(app, at(table, sprint.to))
    drawn = drawn_texts(app)
    far = explain(view.board, sprint).outcomes
    assert "How far: " in drawn
    for inches, p in far.items():
        assert f"{inches} {percent(p)}" in drawn
    before = len(game.session.actions)
    click(app, at(table, sprint.to))
    assert game.session.actions[before].startswith(f"sprint {who.id} ")


def test_ui_five_five_six_esc_goes_back_to_move_and_m_stays_the_sound_switch(app: App) -> None:
    """After P (Sprint) Esc makes a click a plain Move again; M is the program's sound
    switch on this table too: it mutes and leaves the click's mode as it was."""
    game = start(app, ["human", "random"])
    table = table_of(game)
    press(app, pygame.K_p)
    assert table.picks.mode == "sprint"
    muted = app.assets.muted
    press(app, pygame.K_m)
    assert app.assets.muted is not muted
    assert table.picks.mode == "sprint"
    assert "Esc: Move" in drawn_texts(app)
    press(app, pygame.K_ESCAPE)
    assert app.top is game  # it dropped the mode; it did not leave the table
    assert table.picks.mode == "move"
    assert "Esc: Move" not in drawn_texts(app)


def test_ui_five_five_six_covering_fire_asks_the_watcher_to_fire_or_hold(app: App) -> None:
    """Covering Fire (3.6): when an enemy acts in front of the human's watcher, the panel
    says so, the snap shot is listed with its TN and odds, and H holds the fire."""
    from game.ai.registry import make_bot
    from game.core.rng import Rng
    from game.rules.five_five_six.actions import HoldFire, SnapFire

    def watched(seed: int) -> Session | None:
        """Random play until a watcher of the first side is asked (None: not this game)."""
        session = Session.new(RULESET, seed, {"scenario": "village_cache"}, ["human", "random"])
        bots = [make_bot("random", RULESET, i, Rng(10 * seed + i)) for i in range(2)]
        for _ in range(400):
            state = session.state
            assert isinstance(state, FiveFiveSixState)
            board = state.board
            if board.asking and board.characters[board.asking[0]].side == 0:
                return session
            seat = session.state.current_player()
            if seat is None:
                return None
            session.apply(bots[seat].choose(session.state.view(seat)))
        return None

    session = next(s for s in map(watched, range(4, 40)) if s is not None)
    game = GameScene(app, session)
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    table = table_of(game)
    view = my_view(app, game)
    watcher = actor(view)
    assert watcher is not None and watcher.covering
    snaps = [a for a in view.candidate_actions if isinstance(a, SnapFire)]
    assert snaps and HoldFire(watcher.id) in view.candidate_actions
    drawn = drawn_texts(app)
    assert f"{watcher.name}: Covering Fire" in drawn
    button = next(b for b, a in table.buttons if a == snaps[0])
    point_to(app, button.rect.center)
    drawn = drawn_texts(app)
    assert "To hit: TN " in drawn
    before = len(game.session.actions)
    press(app, pygame.K_h)
    assert game.session.actions[before] == HoldFire(watcher.id).to_str()


def test_ui_five_five_six_a_live_grenade_at_his_feet_is_thrown_back_or_let_lie(
    app: App,
) -> None:
    """3.2 on screen: a grenade lying live by one of the human's characters makes him the
    one to act: the panel says so and marks the grenade, Enter lets it lie, a click on
    the table is a throw back to that point. (The grenade is placed by hand in a copy of
    the game, and the table's own handlers are given its view: random play seldom drops
    one at a man's feet.)"""
    from game.rules.five_five_six.actions import LetLie, ThrowBack
    from game.rules.five_five_six.board import LiveGrenade

    game = start(app, ["human", "random"])
    table = table_of(game)
    my_view(app, game)
    state = game.session.state
    assert isinstance(state, FiveFiveSixState)
    copy = state.clone()
    board = copy.board
    assert board.go is not None
    acting = board.characters[board.go.character]
    grabber = next(c for c in board.side(acting.side) if c.can_act and c is not acting)
    thrower = next(c for c in board.enemies_of(acting.side) if c.can_act)
    board.live = LiveGrenade("frag", grabber.pos, thrower.id, [grabber.id])
    view = copy.view(acting.side)
    assert actor(view) == view.characters[grabber.id]
    assert LetLie(grabber.id) in view.candidate_actions
    table.redraw()
    app.assets.text_trace = []
    table.draw(app.screen, view)
    drawn = " ".join(app.assets.text_trace)
    app.assets.text_trace = None
    assert f"{grabber.name}: a live grenade!" in drawn and "live grenade" in drawn
    assert "(click a point)" in drawn and "(Enter)" in drawn
    # The other side sees the same moment without the keys it cannot use.
    enemy_view = copy.view(1 - acting.side)
    table.redraw()
    app.assets.text_trace = []
    table.draw(app.screen, enemy_view)
    theirs = " ".join(app.assets.text_trace)
    app.assets.text_trace = None
    assert f"{grabber.name}: a live grenade!" in theirs
    assert "may throw it back or let it lie" in theirs and "(click a point)" not in theirs
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
    assert table.handle_event(enter, view) == LetLie(grabber.id)
    spot = (grabber.pos[0] + 300, grabber.pos[1] - 300)
    press_at = at(table, spot)
    click_event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press_at, button=1)
    answer = table.handle_event(click_event, view)
    point = table.ground.table_point(press_at)
    assert point is not None
    wanted = ThrowBack(grabber.id, point)
    reason = view.why_not(wanted)
    assert answer == (wanted if reason is None else None)
    if reason is not None:
        assert table.notice == reason


def hover_listed(app: App, game: GameScene, kind: type) -> Action:
    """Page the listed choices (Down key) until one of ``kind`` is shown; point at it."""
    table = table_of(game)
    for _ in range(12):
        for button, action in table.buttons:
            if isinstance(action, kind):
                point_to(app, button.rect.center)
                return action
        press(app, pygame.K_DOWN)
    raise AssertionError(f"no {kind.__name__} listed")


def box_shows(drawn: str, roll: Check) -> None:
    assert f"TN {roll.tn.value} = " in drawn
    for line in roll.tn.lines():
        assert tidy(line) in drawn
    assert percent(float(roll.chance)) in drawn


def test_ui_five_five_six_aim_box_shows_the_aimed_shot(app: App) -> None:
    """3.4 Aim: pointing at the listed choice shows the roll to hit of the Fire after it
    (at the enemy he sees best) with each modifier and the exact chance, and the same
    shot without Aim."""
    game = start(app, ["human", "random"])
    view = my_view(app, game)
    who = actor(view)
    assert who is not None
    hover_listed(app, game, Aim)
    drawn = drawn_texts(app)
    board = view.board
    target = closest_in_best_sight(board, who)
    assert target is not None and f"Aim, then fire at {target.name}" in drawn
    weapon = next(w for w in firearms_of(who) if shot_check(board, who, target, w) is not None)
    aimed = shot_check(board, who, target, weapon, aimed=True)
    assert aimed is not None
    box_shows(drawn, aimed)
    assert "Without Aim: " in drawn


def test_ui_five_five_six_radio_box_shows_the_tn_and_the_chance(app: App) -> None:
    """4.9 Use Radio: pointing at the listed choice shows D6 + Morale (or the leader's
    within 2") against the scenario's TN and the chance."""
    game = start(app, ["human", "random"])
    my_view(app, game)
    board = game.session.state.board
    give_go(board, "kay")  # the man with the patrol radio has the go
    game.__dict__.pop("_view_cache", None)  # the position set up: the view is made afresh
    table_of(game).redraw()
    frames(app, 2)
    hover_listed(app, game, UseRadio)
    drawn = drawn_texts(app)
    assert "Pte Kay: Use Radio (" in drawn
    box_shows(drawn, radio_roll(board, board.characters["kay"]))


def test_ui_five_five_six_carry_box_shows_the_roll_and_how_far(app: App) -> None:
    """4.5 Carry: with a Critically wounded friend beside the acting man, pointing at
    the listed Carry shows D6 + Strength against TN 2 and the chance of each distance."""
    game = start(app, ["human", "random"])
    view = my_view(app, game)
    who = actor(view)
    assert who is not None
    board = game.session.state.board
    friend = next(c for c in board.side(who.side) if c.id != who.id and c.on_table)
    friend.pos = (who.pos[0] + 100, who.pos[1])
    friend.wounds = [Wound.CRITICAL]
    game.__dict__.pop("_view_cache", None)  # the position set up: the view is made afresh
    table_of(game).redraw()
    frames(app, 2)
    hover_listed(app, game, Carry)
    drawn = drawn_texts(app)
    check = carry_roll(board, board.characters[who.id], friend)
    assert f"Carry {friend.name}" in drawn and check.tn.value == 2
    box_shows(drawn, check)
    odds = carry_odds(check)
    assert (
        f'6" {percent(float(odds[6]))}' in drawn and f"nowhere {percent(float(odds[0]))}" in drawn
    )


def test_ui_five_five_six_models_carry_name_tags_and_terrain_reads_under_the_pointer(
    app: App,
) -> None:
    """The board at a glance: the acting man's short name is drawn on the table (and the
    others' where they fit); pointing at a terrain piece names it with its cover and
    height (the tape to it is measured as before)."""
    game = start(app, ["human", "random"])
    view = my_view(app, game)
    table = table_of(game)
    who = actor(view)
    assert who is not None
    point_to(app, (table.board_rect.right - 2, table.board_rect.bottom - 2))
    drawn = drawn_texts(app)
    assert short_name(who.name) in drawn.split()
    tagged = [c for c in view.characters.values() if c.on_table and short_name(c.name) in drawn]
    assert len(tagged) >= len([c for c in view.characters.values() if c.on_table]) // 2
    compound = next(p for p in view.setting.table.pieces if p.name == "Compound")
    xs, ys = [q[0] for q in compound.outline], [q[1] for q in compound.outline]
    point_to(app, table.to_screen(((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)))
    drawn = drawn_texts(app)
    assert 'The building (Compound); hard cover; 3" high; blocks sight' in drawn
    assert "building 3" not in drawn  # a player never reads the map's object id
