"""Issue 36, the demo all day: a picture drawn at a new size every frame of an animation
is not kept for each size. Measured with heaptrack, the Tunnel Rat table's card flying
to its row made and kept a card picture (and its scaled art) for every size it passed
through: 7.8 MiB more alive after five replays of the same game than after one."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.ai.registry import make_bot  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.rules.tunnel_rat_bluff.events import CardRevealed, Resolved, Result  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.assets import SCALED_KEPT, Assets  # noqa: E402
from game.ui.tables import make_table  # noqa: E402
from game.ui.tables.tunnel_rat_bluff.table import (  # noqa: E402
    FLIP_TIME,
    HOLD_TIME,
    MOVE_TIME,
)


def test_scaled_pictures_are_kept_up_to_a_limit_oldest_first() -> None:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    assets = Assets()
    for width in range(10, 10 + SCALED_KEPT + 40):
        assert assets.scaled("cards/bluff_back.png", (width, 50)) is not None
    assert len(assets._scaled) == SCALED_KEPT
    kept = {(w, h) for _, w, h in assets._scaled}
    assert (10, 50) not in kept  # the oldest went first
    assert (10 + SCALED_KEPT + 39, 50) in kept


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(st.integers(20, 400), st.integers(20, 400)), max_size=400))
def test_prop_the_scaled_pictures_never_pass_their_limit(sizes: list[tuple[int, int]]) -> None:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    assets = Assets()
    for size in sizes:
        picture = assets.scaled("figures/rat.png", size)
        assert picture is not None and picture.get_size() == size
        assert len(assets._scaled) <= SCALED_KEPT


def _reveal_that_moves(seed: int) -> tuple[Session, list, int]:
    """A bluff game played by bots until a card is revealed and goes to a row."""
    session = Session.new("tunnel_rat_bluff", seed)
    bots = [make_bot("random", "tunnel_rat_bluff", s, Rng(s)) for s in (0, 1)]
    for _ in range(400):
        seat = session.state.current_player()
        assert seat is not None, "the game ended before a card went to a row"
        events = session.apply(bots[seat].choose(session.state.view(seat)))
        results = [e.result for e in events if isinstance(e, Resolved)]
        if any(isinstance(e, CardRevealed) for e in events) and (
            Result.TUNNEL_KEPT in results or Result.CASUALTY in results
        ):
            return session, events, seat
    raise AssertionError("no card went to a row in 400 actions")


def test_a_card_flying_to_its_row_keeps_no_picture_per_size(tmp_path: Path) -> None:
    app = App(tmp_path / "data", size=(1280, 720))
    try:
        table = make_table("tunnel_rat_bluff", app.assets)
        table.layout(pygame.Rect(0, 60, 900, 600))
        session, events, _ = _reveal_that_moves(3)
        view = session.state.view(None)
        table.on_events(events, view)
        # through the flip and the hold: the sizes a still table needs
        table.update(FLIP_TIME + HOLD_TIME)
        table.draw(app.screen, view)
        scaled, faces = len(app.assets._scaled), len(table.pictures._faces)
        steps = 40
        for _ in range(steps - 1):
            table.update(MOVE_TIME / steps)
            table.draw(app.screen, view)
        # the card passed through many sizes, and nothing new was kept for them
        assert len(app.assets._scaled) == scaled
        assert len(table.pictures._faces) == faces
    finally:
        app.close()


def test_a_transformers_card_in_flight_keeps_no_picture_per_size(tmp_path: Path) -> None:
    app = App(tmp_path / "data", size=(1280, 720))
    try:
        table = make_table("transformers_skirmish", app.assets)
        table.layout(pygame.Rect(0, 60, 900, 600))
        session = Session.new("transformers_skirmish", 1)
        view = session.state.view(0)
        card = next(iter(view.hand))
        hand = table.hand
        start = pygame.Rect(hand.deck_rect)
        hand.draw_card(app.screen, view.catalog, card, start)
        scaled, kept = len(app.assets._scaled), len(hand._cache)
        for step in range(1, 40):  # from the deck, shrinking, as a FlyingCard does
            rect = start.inflate(-step * 2, -step * 3)
            hand.draw_card(app.screen, view.catalog, card, rect)
        assert len(app.assets._scaled) == scaled
        assert len(hand._cache) == kept
    finally:
        app.close()
