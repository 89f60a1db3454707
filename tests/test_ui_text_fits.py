"""No text is cut off (issue 16, Everywhere): every table, its panels and cards, the top
bar and the demo caption, at 1280x720 and 1920x1080.

Each table is played by a human (seat 0, random choices) against the computer for a
few actions in several games, so the cards and names of our data come up; every text
rendered is recorded. A text cut to fit ends in "..." (our code's only way of cutting);
none may. Texts drawn with ``blit_text`` must also lie inside the surface they are
drawn on.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import game.ui.widgets as widgets  # noqa: E402
from game.core.registry import get_manifest, ruleset_ids  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.ui.driver import frames, make_app  # noqa: E402
from game.ui.scenes.demo import DemoScene  # noqa: E402
from game.ui.scenes.game import GameScene, new_session  # noqa: E402
from game.ui.scenes.setup import ruleset_options  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))
FRAMES = 400  # a game's frames at most (at 40 times game speed: about 4 minutes of play)


def _tables() -> list[str]:
    return [r for r in ruleset_ids() if get_manifest(r).table is not None]


class _Recorder:
    """Wraps ``blit_text`` to record texts drawn outside their surface."""

    def __init__(self) -> None:
        self.outside: list[tuple[str, pygame.Rect, tuple[int, int]]] = []
        self._real = widgets.blit_text

    def __call__(
        self,
        surface: pygame.Surface,
        assets: object,
        text: str,
        size: int,
        pos: tuple[int, int],
        color: tuple[int, ...] = (255, 255, 255),
        anchor: str = "topleft",
    ) -> pygame.Rect:
        rect = self._real(surface, assets, text, size, pos, color, anchor)  # type: ignore[arg-type]
        if text.strip() and not surface.get_rect().contains(rect):
            self.outside.append((text, rect, surface.get_size()))
        return rect


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ruleset_id", _tables())
def test_ui_no_text_is_cut_off_at_a_table(
    ruleset_id: str, size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = _Recorder()
    for module in list(__import__("sys").modules.values()):
        name = getattr(module, "__name__", "")
        if name.startswith("game.ui") and getattr(module, "blit_text", None) is recorder._real:
            monkeypatch.setattr(module, "blit_text", recorder)
    app = make_app(tmp_path, speed=40.0, size=size)
    app.assets.text_trace = []
    seats = len(get_manifest(ruleset_id).ruleset().seats)
    option_sets = [{}] + [{o.key: v} for o in ruleset_options(ruleset_id) for v, _ in o.values]
    # The other seats: a random computer player. The texts are what is tested here, not
    # the play: a bot's turn shows the same table, cards and log texts whoever chooses
    # (the heuristic bots cost most of this test's time, the search seconds a decision).
    other = "random"
    for game_no, options in enumerate(option_sets[:4]):
        session = new_session(ruleset_id, 40 + game_no, ["human"] + [other] * (seats - 1), options)
        game = GameScene(app, session)
        game.autosave = False
        app.reset(game)
        pick = Rng(game_no)
        for _ in range(FRAMES):
            frames(app)
            state = game.session.state
            if state.outcome() is not None:
                break
            if state.current_player() == 0 and not game.table.busy() and app.top is game:
                game.act(pick.choice(tuple(state.candidate_actions())))
        frames(app, 5)
    cut = sorted({t for t in app.assets.text_trace if t.rstrip().endswith("...")})
    assert not cut, f"texts cut off at {size}: {cut[:8]}"
    assert not recorder.outside, f"texts outside their surface: {recorder.outside[:5]}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui_the_demo_caption_is_never_cut(size: tuple[int, int], tmp_path: Path) -> None:
    """The demo's caption names the system and its options in full (two lines if need be)."""
    app = make_app(tmp_path, speed=40.0, size=size)
    app.assets.text_trace = []
    for index in range(len(_tables())):
        app.reset(DemoScene(app, index=index, seed=3))
        scene = app.top
        assert isinstance(scene, DemoScene)
        frames(app, 2)  # the title card
        scene.titled = False
        scene.caption_parts.append("A much longer caption than any system has today, " * 4)
        frames(app, 3)
        assert scene.caption_shown[1], "the caption is drawn"
    cut = sorted({t for t in app.assets.text_trace if t.rstrip().endswith("...")})
    assert not cut, cut
