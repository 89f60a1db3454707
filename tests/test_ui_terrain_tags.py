"""Terrain tags on the tabletop boards step aside for the models standing on them."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maps.tabletop import MOVEMENT_TYPES, TerrainPiece
from game.ui.render.tabletop_board import TabletopBoard
from game.ui.render.terrain_art import draw_tags


def _building(pid: int, x: int, y: int, w: int = 120, h: int = 120) -> TerrainPiece:
    return TerrainPiece(
        id=pid,
        name="",
        kind="building",
        layer="terrain",
        linear=False,
        outline=((x, y), (x + w, y), (x + w, y + h), (x, y + h)),
        cover="hard",
        height_in=3.0,
        blocks_los=True,
        movement=dict.fromkeys(MOVEMENT_TYPES, "open"),
        road=False,
        thickness=0,
        properties={},
    )


def _px(point: tuple[float, float]) -> tuple[float, float]:
    return (point[0], point[1])  # one pixel a hundredth: the test table is drawn 1:1


@pytest.fixture
def font() -> pygame.font.Font:
    pygame.font.init()
    return pygame.font.Font(None, 15)


def test_a_tag_sits_in_the_middle_of_its_piece_when_nothing_stands_there(
    font: pygame.font.Font,
) -> None:
    surface = pygame.Surface((400, 400))
    (box,) = draw_tags(surface, [_building(1, 100, 100)], _px, font)
    assert box.center == (160, 160)


def test_a_tag_slides_off_a_model_standing_on_the_middle_of_its_piece(
    font: pygame.font.Font,
) -> None:
    surface = pygame.Surface((400, 400))
    model = TabletopBoard.model_footprint((160, 160), 8)
    (box,) = draw_tags(surface, [_building(1, 100, 100, h=200)], _px, font, [model])
    assert not box.colliderect(model)
    assert 100 <= box.top and box.bottom <= 300  # still on its piece


def test_a_tag_with_no_clear_place_is_left_out(font: pygame.font.Font) -> None:
    surface = pygame.Surface((400, 400))
    crowd = [pygame.Rect(90, 90, 140, 140)]
    assert draw_tags(surface, [_building(1, 100, 100)], _px, font, crowd) == []


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 600), st.integers(0, 600)), max_size=12),
    st.lists(st.tuples(st.integers(0, 500), st.integers(0, 500)), min_size=1, max_size=6),
)
def test_no_tag_ever_covers_a_model_or_another_tag(
    models: list[tuple[int, int]], corners: list[tuple[int, int]]
) -> None:
    """Whatever stands where, the tags drawn overlap neither a model nor each other."""
    pygame.font.init()
    font = pygame.font.Font(None, 15)
    pieces = [_building(i + 1, x, y) for i, (x, y) in enumerate(corners)]
    avoid = [TabletopBoard.model_footprint(m, 8) for m in models]
    boxes = draw_tags(pygame.Surface((700, 700)), pieces, _px, font, avoid)
    for i, box in enumerate(boxes):
        assert box.collidelist(avoid) < 0
        assert box.collidelist(boxes[i + 1 :]) < 0
