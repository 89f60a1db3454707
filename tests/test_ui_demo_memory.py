"""Issue 36: the demo all day holds one game's worth of caches, not every scenario it
has shown. Runs two demo cycles through the real app (game time at 40x) and watches the
caches that hold a scenario's data: each is let go when the next game starts, so none
grows from cycle to cycle."""

from __future__ import annotations

import functools
import gc
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

from game.ai.five_five_six import routes as five_five_six_routes  # noqa: E402
from game.ai.five_five_six import values as five_five_six_values  # noqa: E402
from game.ai.registry import make_bot  # noqa: E402
from game.ai.sixty_five import convoy as sixty_five_convoy  # noqa: E402
from game.ai.tunnel_rat_bluff import bot as tunnel_rat_bluff  # noqa: E402
from game.core.memo import forget_games  # noqa: E402
from game.core.registry import get_ruleset  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.maps import tabletop_measure  # noqa: E402
from game.rules.five_five_six import board as five_five_six_board  # noqa: E402
from game.rules.ratfight import board as ratfight_board  # noqa: E402
from game.rules.ratfight import odds as ratfight_odds  # noqa: E402
from game.rules.sixty_five import boards as sixty_five_boards  # noqa: E402
from game.rules.tunnel_rats import world as tunnel_rats_world  # noqa: E402
from game.ui import widgets  # noqa: E402
from game.ui.app import App, start_scenes  # noqa: E402
from game.ui.render import miniature, name_tags, terrain_art  # noqa: E402
from game.ui.scenes.demo import DemoScene, demo_rulesets  # noqa: E402
from game.ui.tables.sixty_five import vehicles as sixty_five_vehicles  # noqa: E402
from game.ui.toolkit import maps  # noqa: E402


def _sizes(app: App) -> dict[str, int]:
    """The size of each cache that holds a scenario's data (entries)."""
    solved = tunnel_rat_bluff._TABLES
    return {
        "loaded maps": len(maps._LOADED),
        "'65 boards": sixty_five_boards.scenario_ground.cache_info().currsize,
        "RatFight tables": ratfight_board._table.cache_info().currsize,
        "5.56mm tables": five_five_six_board._table.cache_info().currsize,
        "5.56mm route fields": len(five_five_six_routes._FIELDS),
        "Tunnel Rats worlds": len(tunnel_rats_world._WORLDS),
        "Tunnel Rat solver tables": len(solved),
        "Tunnel Rat solved positions": sum(len(t) for t in solved.values()),
        "'65 counter pictures": len(sixty_five_vehicles._PICTURES),
        "miniature sprites": miniature.miniature_sprite.cache_info().currsize,
        "texts": len(app.assets._text),
    }


# Caches keyed by one game's state (where its vehicles stand, the cards left in its
# decks, its fighters' wounds, the sizes of its names and terrain tags): each is empty
# once the next game has begun.
GAME_STATE_CACHES = {
    "hull corners": tabletop_measure._corners.cache_info,
    "hull axes": tabletop_measure._axes.cache_info,
    "RatFight volley odds": ratfight_odds.volley_win.cache_info,
    "RatFight exact volley odds": ratfight_odds.volley_chances.cache_info,
    "RatFight damage odds": ratfight_odds.damage_after_hit.cache_info,
    "5.56mm contest losses": five_five_six_values._contest_loss.cache_info,
    "name-tag pills": name_tags.pill.cache_info,
}


def _game_state_sizes() -> dict[str, int]:
    sizes = {name: info().currsize for name, info in GAME_STATE_CACHES.items()}
    sizes["terrain tags"] = len(terrain_art._TAG_IMAGES)
    # one layer per panel size: each scenario's end card, briefing and captions have
    # their own sizes, and the demo kept every one it met (issue 36)
    sizes["panel layers"] = len(widgets._PANELS)
    return sizes


def _all_cached_entries() -> int:
    """Entries in every ``functools`` cache of the game's own modules."""
    return sum(
        o.cache_info().currsize
        for o in gc.get_objects()
        if isinstance(o, functools._lru_cache_wrapper)
        and str(getattr(o, "__module__", "")).startswith("game.")
    )


def test_ui_demo_caches_do_not_grow_from_cycle_to_cycle(tmp_path: Path) -> None:
    """Issue 36 (the demo all day): over two cycles of all six systems, the largest
    each per-scenario cache gets in the second cycle is no larger than one game needs:
    one '65 board, one tabletop table, one Tunnel Rats world, one solver table, the maps
    of one scenario; and the second cycle's peaks stay near the first's."""
    app = App(tmp_path / "data", speed=40.0)  # two seconds of game time a frame
    app.wait_for_bots = True
    app.guard = False
    app.demo_seed = 5
    ids = demo_rulesets()
    peaks: list[dict[str, int]] = [{}, {}]
    changes = 0  # new games begun, each checked: none of the last game's maps kept
    filled: set[str] = set()  # game-state caches seen holding something
    entries: dict[int, int] = {}  # cached entries at the start of cycles 2 and 3
    try:
        start_scenes(app, demo=True)
        for frame in range(4000):
            cycle = app.demo_games // len(ids)
            if cycle >= 2:
                break
            assert isinstance(app.top, DemoScene)
            games, kept = app.demo_games, set(maps._LOADED)
            app.step(0.05, draw=frame % 3 == 0)
            if app.demo_games != games:
                changes += 1
                assert not kept & set(maps._LOADED), "the last game's maps were let go"
                if app.demo_games % len(ids) == 0:
                    entries[app.demo_games // len(ids)] = _all_cached_entries()
            filled |= {k for k, v in _game_state_sizes().items() if v}
            for name, size in _sizes(app).items():
                peaks[cycle][name] = max(peaks[cycle].get(name, 0), size)
        assert app.demo_games >= 2 * len(ids), "two whole cycles were played"
        forget_games()  # as a new game does (the play-ahead of the next is done)
        held = {k: v for k, v in _game_state_sizes().items() if v}
        assert not held, f"a new game lets the last game's state go: {held}"
    finally:
        app.close()
    assert changes >= 2 * len(ids) - 1
    first, second = peaks
    for name in (
        "'65 boards",
        "RatFight tables",
        "5.56mm tables",
        "Tunnel Rats worlds",
    ):
        assert second[name] <= 1, (name, second[name])
    # a card game solves a table per side's goal; the solver keeps a few at most
    assert second["Tunnel Rat solver tables"] <= tunnel_rat_bluff._KEPT_TABLES
    assert 1 <= second["loaded maps"] <= 4, second["loaded maps"]  # one scenario's maps
    for name in ("Tunnel Rat solved positions", "'65 counter pictures", "miniature sprites"):
        assert second[name] <= max(2 * first[name], 50), (name, first[name], second[name])
    assert second["texts"] <= 2000
    # the check above saw these caches in use, not always empty
    assert filled >= {
        "hull corners",
        "RatFight volley odds",
        "5.56mm contest losses",
        "panel layers",
    }, filled
    # the second cycle leaves the game's caches as full as the first left them, give or
    # take the few scenario files it read for the first time
    assert entries[2] <= entries[1] + 40, entries


def test_convoy_memo_lets_the_last_game_go() -> None:
    """Issue 36: the '65 AI's convoy values (scenario 6) are remembered for one decision;
    a new game lets that decision's outlook (its game's state and board) go, instead of
    keeping it until the convoy scenario comes round again."""
    ruleset = get_ruleset("sixty_five")
    session = Session(ruleset, 7, {"scenario": "6"}, ["ai", "ai"], undo=False)
    bots = {seat: make_bot("ai", "sixty_five", seat, Rng(seat)) for seat in (0, 1)}
    for _ in range(200):
        if sixty_five_convoy._MEMO[0] is not None:
            break
        seat = session.state.current_player()
        assert seat is not None, "the game went on until the AI weighed a convoy move"
        session.apply(bots[seat].choose(session.state.view(seat)))
    assert sixty_five_convoy._MEMO[0] is not None, "a convoy decision was made"
    forget_games()
    assert sixty_five_convoy._MEMO[0] is None
