"""Smooth frames beside a thinking bot: the switch interval, the settled heap, text fitting.

Speed itself is measured by ``python -m game bench``, never asserted here; these tests check
the behaviour the speed-ups rely on (settings put back, results unchanged).
"""

from __future__ import annotations

import gc
import os
import random
import sys
import threading
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ui import bot_worker  # noqa: E402
from game.ui.assets import Assets  # noqa: E402


def test_switch_interval_is_short_while_a_bot_thinks_and_restored_after() -> None:
    before = sys.getswitchinterval()
    go = threading.Event()
    seen: list[float] = []

    def choose(view: int) -> int:
        go.wait(5)
        seen.append(sys.getswitchinterval())
        return view + 1

    first = bot_worker.think(choose, 1)
    second = bot_worker.think(choose, 2)  # queued behind the first: still thinking
    assert sys.getswitchinterval() == pytest.approx(bot_worker.THINKING_SWITCH_INTERVAL)
    go.set()
    assert (first.result(5), second.result(5)) == (2, 3)
    assert seen == [pytest.approx(bot_worker.THINKING_SWITCH_INTERVAL)] * 2
    assert sys.getswitchinterval() == pytest.approx(before)


def test_switch_interval_is_restored_when_a_bot_fails() -> None:
    before = sys.getswitchinterval()

    def choose(view: int) -> int:
        raise ValueError(f"no move in {view}")

    future = bot_worker.think(choose, 7)
    with pytest.raises(ValueError, match="no move in 7"):
        future.result(5)
    assert sys.getswitchinterval() == pytest.approx(before)


def test_app_freezes_the_heap_after_a_game_loads_and_releases_it_on_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.ui.app as app_module
    from game.ui.app import App
    from game.ui.scenes.demo import DemoScene, demo_rulesets

    if not demo_rulesets():
        pytest.skip("no ruleset with a table and a bot")
    app = App(tmp_path, size=(1280, 720), idle_seconds=1e9)
    try:
        app.assets.muted = True
        app.wait_for_bots = True
        app.tidy_heap = True
        scene = DemoScene(app, index=0, seed=3)
        settled: list[int] = []
        real = app_module.settle_heap
        monkeypatch.setattr(app_module, "settle_heap", lambda: settled.append(1) or real())
        app.reset(scene)
        assert gc.get_freeze_count() == 0
        app.update(1 / 60)
        app.draw()
        assert scene.heap_settled and gc.get_freeze_count() > 0
        for _ in range(3):
            app.update(1 / 60)
            app.draw()
        assert settled == [1]  # once per scene, after its first frame
    finally:
        app.close()
    assert gc.get_freeze_count() == 0


def test_tests_apps_leave_the_heap_alone(tmp_path: Path) -> None:
    from game.ui.driver import make_app

    app = make_app(tmp_path)
    try:
        assert not app.tidy_heap
    finally:
        app.close()
    assert gc.get_freeze_count() == 0


def _wrap_measuring_every_line(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """The reference: a word joins the line while the whole line, measured, fits."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def test_wrap_from_word_widths_matches_measuring_every_line() -> None:
    pygame.init()
    assets = Assets()
    words = (
        "Turn 10, Deceptacons: hand limit - deck 42 discard 13 rifleman fires at the "
        "bunker (TN 7): rolls 3, 5 and 6 - two hits; WWWWWW iiiii mmm... Ratfight's 1d6+2 "
        "Sgt. O'Brien moves 4\" through rough ground"
    ).split()
    rng = random.Random(16)
    for _ in range(400):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 24)))
        if rng.random() < 0.2:
            text = text.replace(" ", "\n", 1)
        size, width = rng.randint(11, 40), rng.randint(30, 600)
        expected = _wrap_measuring_every_line(assets.font(size), text, width)
        assert assets.wrap(text, size, width) == expected, (text, size, width)


def _fit_trying_every_size(
    assets: Assets, text: str, size: int, width: int, lines: int, smallest: int
) -> tuple[int, list[str]]:
    """The reference: wrap at every size from ``size`` down, the first that fits wins."""
    for s in range(size, smallest - 1, -1):
        wrapped = _wrap_measuring_every_line(assets.font(s), text, width)
        if len(wrapped) <= lines and all(assets.font(s).size(ln)[0] <= width for ln in wrapped):
            return s, wrapped
    return smallest, _wrap_measuring_every_line(assets.font(smallest), text, width)


def test_fit_skipping_sizes_too_long_finds_the_same_size_and_lines() -> None:
    from game.ui.widgets import fit_text

    pygame.init()
    assets = Assets()
    words = "Sgt. O'Brien's squad fires at the bunker: rolls 3, 5, 6 - two hits; WWW iii".split()
    rng = random.Random(17)
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 30)))
        if rng.random() < 0.2:
            text = text.replace(" ", "\n", 1)
        size, lines = rng.randint(16, 34), rng.randint(1, 4)
        width, smallest = rng.randint(60, 700), rng.randint(10, 15)
        expected = _fit_trying_every_size(assets, text, size, width, lines, smallest)
        assert fit_text(assets, text, size, width, lines=lines, smallest=smallest) == expected


def test_fit_is_remembered_and_answers_as_before() -> None:
    from game.ui.widgets import fit_text

    pygame.init()
    assets = Assets()
    text = "Turn 3, Autobots: move or fire with each card"
    wide = assets.font(22).size(text)[0]
    first = fit_text(assets, text, 22, wide // 2, lines=2, smallest=15)
    calls: list[str] = []
    real = assets.wrap
    assets.wrap = lambda t, s, w: calls.append(t) or real(t, s, w)  # type: ignore[method-assign]
    assert fit_text(assets, text, 22, wide // 2, lines=2, smallest=15) == first
    assert calls == []  # the same text in the same box is not fitted again
    with assets.text_scale(1.5):  # a bigger table fits it anew
        bigger = fit_text(assets, text, 22, wide // 2, lines=2, smallest=15)
    assert calls and bigger != first


def test_demo_bench_reports_each_ruleset_and_puts_the_heap_back() -> None:
    from game.ui.bench import demo_frame_times

    report = demo_frame_times(["tunnel_rat_bluff"], seconds=0.25, seed=4)
    d = report["tunnel_rat_bluff"]
    assert d["frames"] == 15
    assert 0 <= d["over_budget_animating"] <= d["animating"] <= d["frames"] - 1
    assert d["waiting"] <= d["over_budget_animating"]
    assert d["load_ms"] > 0 and d["max_ms"] >= d["p95_ms"] > 0
    assert gc.get_freeze_count() == 0
