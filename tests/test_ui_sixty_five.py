"""'65 on screen: the hex table driven through the real window's handlers (mouse and keys
posted with ``pygame.event.post``, handled by ``App.step``)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.api import Action  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.sixty_five.actions import Draw, EndImpulse, Pass, Place, Play  # noqa: E402
from game.rules.sixty_five.view import SixtyFiveView  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.driver import click, frames, make_app, press  # noqa: E402
from game.ui.scenes.demo import demo_rulesets  # noqa: E402
from game.ui.scenes.game import GameScene  # noqa: E402
from game.ui.tables.sixty_five.choices import narrowed  # noqa: E402
from game.ui.tables.sixty_five.table import SixtyFiveTable  # noqa: E402

RULESET = "sixty_five"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "data", speed=50.0)
    yield application
    application.close()


def start(app: App, seed: int = 3) -> GameScene:
    """The Americans (seat 0) played by hand against a random Viet Cong."""
    game = GameScene(app, Session.new(RULESET, seed, None, ["human", "random"]))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    return game


def table_of(game: GameScene) -> SixtyFiveTable:
    assert isinstance(game.table, SixtyFiveTable)
    return game.table


def my_view(app: App, game: GameScene) -> SixtyFiveView:
    """Run the computer until the Americans may act; their view."""
    for _ in range(2000):
        if game.session.state.current_player() == 0 and not game.table.busy():
            view = game.view()
            assert isinstance(view, SixtyFiveView)
            if view.candidate_actions:
                return view
        frames(app, 1, 0.1)
    raise AssertionError("the Americans never got to act")


def until_impulse_start(app: App, game: GameScene) -> SixtyFiveView:
    """Play the Americans' set-up and bids (first listed choice) until they may draw."""
    for _ in range(400):
        view = my_view(app, game)
        if Draw() in view.candidate_actions:
            return view
        choice: Action = view.candidate_actions[0]
        if EndImpulse() in view.candidate_actions:
            choice = EndImpulse()
        elif Pass() in view.candidate_actions:
            choice = Pass()
        game.act(choice)
        frames(app, 2)
    raise AssertionError("no impulse of the Americans began")


def test_ui_sixty_five_is_playable_and_in_the_demo() -> None:
    assert RULESET in demo_rulesets()


def test_ui_sixty_five_setup_places_the_next_unit_in_the_clicked_zone_hex(app: App) -> None:
    game = start(app)
    table = table_of(game)
    view = my_view(app, game)
    wanted = view.candidate_actions[5]
    assert isinstance(wanted, Place)
    done = len(game.session.actions)
    click(app, table.picture.centre(wanted.hex) if table.picture else (0, 0))
    assert len(game.session.actions) == done + 1
    assert game.session.actions[-1] == wanted.to_str()
    placed = {u.id: u.hex for u in game.session.state.world.units.values()}
    assert placed[wanted.unit] == wanted.hex


def test_ui_sixty_five_a_click_on_a_hex_with_nothing_to_do_says_so(app: App) -> None:
    game = start(app)
    table = table_of(game)
    view = my_view(app, game)
    zone = {a.hex for a in view.candidate_actions if isinstance(a, Place)}
    assert table.picture is not None
    outside = next(h for h in table.picture.ground.hexes() if h not in zone)
    done = len(game.session.actions)
    click(app, table.picture.centre(outside))
    assert len(game.session.actions) == done
    assert outside in table.notice


def test_ui_sixty_five_draw_by_key_then_fire_by_card_unit_and_target_hex(app: App) -> None:
    game = start(app)
    table = table_of(game)
    fire: Play | None = None
    for _ in range(12):
        until_impulse_start(app, game)
        press(app, pygame.K_d)
        assert game.session.actions[-1] == "draw"
        view = my_view(app, game)
        assert len(view.hand) >= 4
        fires = [
            a
            for a in view.candidate_actions
            if isinstance(a, Play) and a.target and not a.path and len(a.units or ()) == 1
        ]
        if fires:
            fire = fires[0]
            break
        game.act(next(a for a in view.candidate_actions if a in (Pass(), EndImpulse())))
    assert fire is not None, "no fire came up in twelve impulses"
    view = my_view(app, game)
    card_rect = next(r for r, c in table.hand_rects if c == fire.card)
    click(app, card_rect.center)
    assert table.picks.card == fire.card
    lead = game.session.state.world.units[(fire.units or ("",))[0]]
    assert lead.hex is not None and table.picture is not None
    for _ in range(6):  # a click on a stack takes its units in turn
        if table.picks.unit == lead.id:
            break
        click(app, table.picture.centre(lead.hex))
    assert table.picks.unit == lead.id
    target = game.session.state.world.units[fire.target or ""]
    assert target.hex is not None
    done = len(game.session.actions)
    click(app, table.picture.centre(target.hex))
    if len(game.session.actions) == done:  # several ways to fire there: listed, 1-9
        view = my_view(app, game)
        shown = table.shown(view)
        assert fire in shown
        press(app, getattr(pygame, f"K_{shown.index(fire) + 1}"))
    assert game.session.actions[done] == fire.to_str()


def test_ui_sixty_five_escape_and_right_click_drop_the_picks(app: App) -> None:
    game = start(app)
    table = table_of(game)
    until_impulse_start(app, game)
    press(app, pygame.K_d)
    view = my_view(app, game)
    playable = next(c for c in view.hand if narrowed(view, table.picks.__class__(card=c)))
    click(app, next(r for r, c in table.hand_rects if c == playable).center)
    assert table.picks.card == playable
    press(app, pygame.K_ESCAPE)
    assert table.picks.card is None
    click(app, next(r for r, c in table.hand_rects if c == playable).center)
    assert table.picks.card == playable
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=3))
    frames(app, 2)
    assert table.picks.card is None


def test_ui_sixty_five_the_table_draws_only_the_viewers_hand(app: App) -> None:
    game = start(app)
    table = table_of(game)
    until_impulse_start(app, game)
    press(app, pygame.K_d)
    my_view(app, game)
    app.draw()
    shown = {c for _, c in table.hand_rects}
    world = game.session.state.world
    assert shown == set(world.hands[0])
    assert not shown & set(world.hands[1])


def test_ui_sixty_five_a_game_between_computers_plays_to_its_end_screen(app: App) -> None:
    game = GameScene(app, Session.new(RULESET, 11, None, ["random", "random"]))
    game.autosave = False
    app.reset(game)
    for _ in range(6000):
        if game.end_shown:
            break
        frames(app, 1, 0.1)
    assert game.session.state.outcome() is not None
    assert game.end_shown


def _drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move in steps to ``end``, release there."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        x = start[0] + (end[0] - start[0]) * k // 5
        y = start[1] + (end[1] - start[1]) * k // 5
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        )
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


def test_ui_sixty_five_a_card_dragged_onto_a_hex_plays_there(app: App) -> None:
    """With a unit picked, dragging a move card onto a hex it can reach moves it there
    (or lists the ways to); a card dropped back on the hand is only picked."""
    game = start(app)
    table = table_of(game)
    move: Play | None = None
    for _ in range(12):
        until_impulse_start(app, game)
        press(app, pygame.K_d)
        view = my_view(app, game)
        moves = [
            a
            for a in view.candidate_actions
            if isinstance(a, Play) and a.path and not a.target and a.units  # not a strike
        ]
        if moves:
            move = moves[-1]
            break
        game.act(next(a for a in view.candidate_actions if a in (Pass(), EndImpulse())))
    assert move is not None and move.path and table.picture is not None
    unit = game.session.state.world.units[(move.units or ("",))[0]]
    assert unit.hex is not None
    for _ in range(6):
        if table.picks.unit == unit.id:
            break
        click(app, table.picture.centre(unit.hex))
    assert table.picks.unit == unit.id
    card_rect = next(r for r, c in table.hand_rects if c == move.card)
    done = len(game.session.actions)
    _drag(app, card_rect.center, table.picture.centre(move.path[-1]))
    assert not table.dragging and table.held is None
    if len(game.session.actions) == done:
        view = my_view(app, game)
        shown = table.shown(view)
        assert table.picks.card == move.card and move in shown
        press(app, getattr(pygame, f"K_{shown.index(move) + 1}"))
    assert game.session.actions[done] == move.to_str()  # (opportunity fire may stop it)


def test_ui_sixty_five_the_board_draws_the_building_silhouettes(app: App) -> None:
    """'65 14: every silhouette that blocks LOS is rimmed on the board picture (the rim
    colour at the middle of each outline's top side), and only where there is one."""
    from game.rules.sixty_five.boards import scenario_ground
    from game.rules.sixty_five.scenarios.scenario import MAPS_DIR, load_scenarios
    from game.ui.tables.sixty_five.board import SILHOUETTE_EDGE, BoardPicture

    ground = scenario_ground("1")
    paths = {pm.map: MAPS_DIR / f"map{pm.map}.tmx" for pm in load_scenarios()["1"].maps}
    picture = BoardPicture(ground, paths)
    rims = 0
    for outlines in ground.silhouettes.values():
        for outline in outlines:
            (x0, y0), (x1, _y1) = outline[0], outline[1]
            x, y = picture._pic(((x0 + x1) / 2, y0))
            assert picture.image.get_at((round(x), round(y)))[:3] == SILHOUETTE_EDGE
            rims += 1
    assert rims == sum(len(v) for v in ground.silhouettes.values()) > 0
    plain = BoardPicture(ground.copy(silhouettes=False), paths)
    (x0, y0), (x1, _) = next(iter(ground.silhouettes.values()))[0][:2]
    x, y = plain._pic(((x0 + x1) / 2, y0))
    assert plain.image.get_at((round(x), round(y)))[:3] != SILHOUETTE_EDGE


def test_ui_sixty_five_the_new_windows_say_what_they_ask_in_two_lines(app: App) -> None:
    """The assault's answer windows and the Tactical redraw are named in the panel's two
    lines (the panel is about 340 px wide at 1280x720)."""
    from test_sixty_five_cards import (
        _assault_setup,
        _drawn_assault,
        _tactical_setup,
    )

    from game.rules.sixty_five.actions import Decline
    from game.ui.tables.sixty_five.choices import window_text

    state = _assault_setup()
    _drawn_assault(state, "light_wounds")
    result = window_text(state.view(1))
    tactical, fire, *_ = _tactical_setup()
    tactical.apply(Play(fire, "fire", ("us1",), "vc1"))
    tactical.apply(Decline())
    redraw = window_text(tactical.view(0))
    assert result is not None and "Light Wounds or Retreat" in result and "1D3" in result
    assert redraw is not None and "redraw it (R" in redraw
    for text in (result, redraw):
        assert len(app.assets.wrap(text, 18, 340)) <= 2


def _scenario_impulse(app: App, scenario: str, seed: int = 5) -> GameScene:
    """Scenario ``scenario`` with the Americans by hand, set up by the first choices and
    played to their impulse after a draw, with an Artillery card put into their hand."""
    game = GameScene(app, Session.new(RULESET, seed, {"scenario": scenario}, ["human", "random"]))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    until_impulse_start(app, game)
    press(app, pygame.K_d)
    my_view(app, game)
    w = game.session.state.world
    art = next(c.id for c in w.data.cards if "artillery" in c.blocks)
    if art not in w.hands[0]:
        for pile in (w.draw_pile, w.discard, w.hands[1]):
            if art in pile:
                pile.remove(art)
        w.draw_pile.insert(0, w.hands[0].pop(0))
        w.hands[0].append(art)
        game.__dict__.pop("_view_cache", None)
    frames(app, 2)
    return game


def test_ui_sixty_five_scenario_2_artillery_by_card_and_hex_with_cards_per_hex(app: App) -> None:
    """'65 12 on the table: picking an Artillery card lights the strike's hexes; the
    hover box gives each hex's cards; a click on a hex of the strike plays it (or lists
    the strikes over it); the info lines name both sides' VP and the Bonus cards."""
    game = _scenario_impulse(app, "2")
    table = table_of(game)
    view = my_view(app, game)
    strikes = [a for a in view.candidate_actions if isinstance(a, Play) and a.block == "artillery"]
    if not strikes:
        pytest.skip("no enemy in sight of an American with this seed")
    card = strikes[0].card
    click(app, next(r for r, c in table.hand_rects if c == card).center)
    assert table.picks.card == card
    target = (strikes[0].path or ("",))[0]
    assert target in table.targets(view)
    assert table.picture is not None
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=table.picture.centre(target), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    frames(app, 2)
    app.draw()
    assert table.strike_line.startswith("Artillery: cards per hex")
    done = len(game.session.actions)
    click(app, table.picture.centre(target))
    if len(game.session.actions) == done:  # fires and strikes there: listed, wheel, 1-9
        over_panel = table.panel_rect.center  # the wheel over the board zooms instead
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=over_panel, rel=(0, 0), buttons=(0, 0, 0))
        )
        for _ in range(30):  # the list's pages, by the wheel, until a strike shows
            shown = table.shown(my_view(app, game))
            if any(isinstance(a, Play) and a.block == "artillery" for a in shown):
                break
            page = table.page
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
            frames(app, 2)
            assert table.page == page + 1
        at = next(i for i, a in enumerate(shown) if isinstance(a, Play) and a.block == "artillery")
        press(app, getattr(pygame, f"K_{at + 1}"))
    played = game.session.actions[done]
    assert played.startswith(f"play {card} artillery to ")
    from game.ui.tables.sixty_five.marks import rules_lines

    view = game.view()
    assert view.progress()[1].startswith("Victory points: Americans ")
    assert ", Viet Cong " in view.progress()[1] and "18+ VP" in view.progress()[2]
    assert rules_lines(view)[0].startswith("Americans' bonus card: ")


def test_ui_sixty_five_scenario_3_table_is_tall_and_names_the_nva(app: App) -> None:
    """Scenarios 2 and 3 stack Map 3 over Map 2: the board goes down the left at full
    height; the side is called the NVA, which may exit by every edge."""
    game = _scenario_impulse(app, "3")
    table = table_of(game)
    view = my_view(app, game)
    assert table.board_rect.height > table.board_rect.width
    assert table.hand_rect.left >= table.board_rect.right
    from game.ui.tables.sixty_five.marks import rules_lines

    assert ", NVA " in view.progress()[1] and "8+ VP from kills" in view.progress()[2]
    assert rules_lines(view)[-1].endswith("NVA may leave by the north, east, south and west edges")
    app.draw()


def _scene_at(app: App, state, seats: list[str]) -> GameScene:  # type: ignore[no-untyped-def]
    """A table showing ``state`` (a rules-test position) with ``seats``: the scene
    replays its session's record when made, so the position is put in afterwards."""
    game = GameScene(app, Session.new(RULESET, 3, None, seats))
    game.autosave = False
    game.session.state = state
    game.__dict__.pop("_view_cache", None)
    app.reset(game)
    frames(app, 2)
    return game


def _window_of(game: GameScene) -> tuple[str, str]:
    view = game.view()
    assert isinstance(view, SixtyFiveView) and view.window is not None
    return view.window[1], view.window[2]


def test_ui_sixty_five_reactions_to_an_artillery_strike_by_keys(app: App) -> None:
    """12 with 20c/20d (rules version 4): the Viet Cong player at the table answers a
    strike: the panel names the hex, 1 plays Unexpected Cover, E lets a hit land, and
    the next hit is taken off with Light Wounds (1)."""
    from test_sixty_five_v4 import _strike

    from game.ui.tables.sixty_five.choices import window_text

    state, card, (cover, wounds) = _strike()
    state.apply(Play(card, "artillery", path=("1E3", "1E4", "1F3")))
    game = _scene_at(app, state, ["random", "human"])
    view = game.view()
    assert isinstance(view, SixtyFiveView)
    text = window_text(view) or ""
    assert "draw on 1E3" in text and "Unexpected Cover" in text
    assert len(app.assets.wrap(text, 18, 340)) <= 2
    press(app, pygame.K_1)
    w = game.session.state.world
    assert cover in w.discard and _window_of(game) == ("strike_hit", "vc1")
    hit_text = window_text(game.view()) or ""  # type: ignore[arg-type]
    assert "strikes VC Rifle in 1E3" in hit_text and "Light Wounds" in hit_text
    assert len(app.assets.wrap(hit_text, 18, 340)) <= 2
    press(app, pygame.K_e)  # the first hit lands
    assert w.units["vc1"].shaken and _window_of(game) == ("strike_hit", "vc1")
    press(app, pygame.K_1)  # Light Wounds on the second
    assert wounds in w.discard and not w.units["vc1"].reduced


def test_ui_sixty_five_tactical_redraw_and_panic_of_an_assault_by_keys(app: App) -> None:
    """21h, 19f (rules version 4): in an assault R takes the Tactical redraw the panel
    offers; after a fight that left the defender Shaken and reduced, 1 plays Panic."""
    from sixty_five_support import unit
    from test_sixty_five_cards import _assault_setup
    from test_sixty_five_v4 import _panic_assault, _riggs_assault

    from game.rules.sixty_five.model import Counter
    from game.ui.tables.sixty_five.choices import window_text

    state = _assault_setup("us_rifle", unit("riggs", "riggs", 0, "1C3"))
    _riggs_assault(state)
    game = _scene_at(app, state, ["human", "random"])
    assert _window_of(game) == ("redraw", "riggs")
    text = window_text(game.view()) or ""  # type: ignore[arg-type]
    assert "redraw it (R, Tactical: Riggs)" in text
    drawn = len(game.session.state.world.discard)
    press(app, pygame.K_r)
    w = game.session.state.world
    assert len(w.discard) > drawn and w.units["vc1"].shaken  # the fifth card hit
    state, panic = _panic_assault()
    game = _scene_at(app, state, ["human", "random"])
    assert _window_of(game) == ("panic", "vc1")
    press(app, pygame.K_1)
    vc1: Counter = game.session.state.world.units["vc1"]
    assert vc1.eliminated and panic in game.session.state.world.discard


def test_ui_sixty_five_the_log_names_units_cards_and_sides(app: App) -> None:
    """The log panel reads in words: the counters' names, the cards' blocks and the
    sides, never the rules' ids (``vc_rifle_1``, ``c48``, ``Player 1``); it prints the
    events' own text (one text path for the log, the demo caption and ``replay``)."""
    import re

    game = GameScene(app, Session.new(RULESET, 5, {"scenario": "1"}, ["human", "random"]))
    game.autosave = False
    app.reset(game)
    frames(app, 2)
    for _ in range(60):  # the set-up and the first deal, through the scene
        if game.session.state.current_player() is None:
            break
        game.act(game.session.state.candidate_actions()[0])
    frames(app, 2)
    raw = "\n".join(e.text() for e in game.log_events if game.sees(e))
    shown = game.log_text()
    assert raw in shown
    assert not re.search(r"\b(us|vc)_rifle_\d\b", shown)
    assert not re.search(r"\bc\d\d\b", shown) and "Player 1" not in shown
    assert "VC Rifle 1 sets up in" in shown and "The Americans draw" in shown


def test_ui_sixty_five_phases_read_as_words(app: App) -> None:
    """The status bar names a phase in words ("set-up", "clean-up"), not its code name."""
    from game.ui.tables.sixty_five.paint import phase_name

    assert phase_name("clean_up") == "clean-up" and phase_name("setup") == "set-up"
    game = start(app)
    view = game.view()
    assert isinstance(view, SixtyFiveView) and view.phase == "setup"
    assert table_of(game).status(view) == "Turn 1 of 7: set-up, the Viet Cong"
