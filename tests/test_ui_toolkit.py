"""The shared table toolkit: effects timeline, select-then-confirm, odds prompt."""

from __future__ import annotations

import logging
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.api import DieRolled, Note
from game.ui import theme
from game.ui.toolkit.effects import Effect, Effects
from game.ui.toolkit.odds import odds_height, percent
from game.ui.toolkit.select import SelectConfirm


def test_an_effect_waits_its_delay_then_runs_its_duration() -> None:
    fx = Effects()
    e = Effect(delay=0.5, duration=1.0)
    fx.add(e)
    fx.update(0.25)
    assert not e.started and e.f == 0.0 and fx.busy()
    fx.update(0.5)  # 0.25 s into the run
    assert e.started and e.f == pytest.approx(0.25)
    fx.update(0.75)
    assert e.done and not fx.busy()


def test_clearing_effects_finishes_them_at_once() -> None:
    fx = Effects()
    fx.add(Effect(0.0, 3.0))
    fx.clear()
    assert not fx.busy() and fx.first(Effect) is None


def test_select_then_confirm_by_mouse() -> None:
    pick: SelectConfirm[str] = SelectConfirm()
    pick.offer(["fire", "move"])
    assert pick.choose("fire") is None and pick.selected == "fire"
    assert pick.choose("fire") == "fire" and pick.selected is None


def test_select_then_confirm_by_keys_and_escape_cancels() -> None:
    pygame.init()
    pick: SelectConfirm[str] = SelectConfirm()
    pick.offer(["fire", "move"])
    assert pick.handle_key(pygame.K_2) is None and pick.selected == "move"
    assert pick.handle_key(pygame.K_ESCAPE) is None and pick.selected is None
    pick.handle_key(pygame.K_1)
    assert pick.handle_key(pygame.K_RETURN) == "fire"
    assert pick.number_of("move") == 2


def test_a_selection_that_is_no_longer_offered_is_dropped() -> None:
    pick: SelectConfirm[str] = SelectConfirm()
    pick.offer(["fire"])
    pick.choose("fire")
    pick.offer(["move"])
    assert pick.selected is None


def test_percent_is_honest_at_the_edges() -> None:
    assert percent(0.0) == "0%" and percent(1.0) == "100%"
    assert percent(0.001) == "<1%" and percent(0.999) == ">99%"
    assert percent(0.4166) == "42%"
    assert odds_height([("hit", 0.5), ("miss", 0.5)]) == 12 + 24 * 3


def test_odds_prompt_draws_bars_in_proportion() -> None:
    """The bar of a 75% outcome is three times as long as the bar of a 25% one."""
    from game.ui import theme
    from game.ui.assets import Assets
    from game.ui.toolkit.odds import ROW_H, draw_odds

    pygame.init()
    surface = pygame.Surface((400, 120))
    rect = pygame.Rect(0, 0, 400, odds_height([("a", 0.75), ("b", 0.25)]))
    draw_odds(surface, Assets(muted=True), rect, "Chance", [("a", 0.75), ("b", 0.25)])

    def filled(row: int) -> int:
        y = rect.top + 6 + ROW_H * row + ROW_H // 2
        return sum(1 for x in range(400) if surface.get_at((x, y))[:3] == theme.ACCENT)

    assert filled(2) > 0
    assert filled(1) == pytest.approx(3 * filled(2), rel=0.1)


def test_text_scale_grows_text_inside_the_block_only() -> None:
    """A table on a big window draws its text larger without changing its code."""
    from game.ui.assets import Assets

    pygame.init()
    assets = Assets()
    plain = assets.text("Deck: 33", 22).get_height()
    plain_font = assets.font(22).get_height()
    with assets.text_scale(1.5):
        big = assets.text("Deck: 33", 22).get_height()
        assert assets.font(22).get_height() >= plain_font * 1.4  # measuring agrees
    assert big >= plain * 1.4
    assert assets.text("Deck: 33", 22).get_height() == plain  # back to normal after


def test_the_card_game_table_grows_with_the_window() -> None:
    """Tunnel Rat at 1920x1080: larger text and buttons than at 1280x720, cards kept."""
    from game.ui.assets import Assets
    from game.ui.tables.tunnel_rat_bluff.table import BluffTable

    pygame.init()
    table = BluffTable(Assets())
    table.layout(pygame.Rect(0, 50, 940, 660))
    small_k, small_button = table.k, table.buttons[0][0].rect.height
    table.layout(pygame.Rect(0, 50, 1500, 1020))
    assert small_k == 1.0 and table.k > 1.3
    assert table.buttons[0][0].rect.height > small_button
    assert table.buttons[-1][0].rect.bottom <= 50 + 1020


def test_fit_text_shrinks_then_wraps_and_never_cuts() -> None:
    """Issue 16: text that does not fit is drawn smaller or on two lines, never cut."""
    from game.ui.assets import Assets
    from game.ui.widgets import fit_text

    pygame.init()
    assets = Assets()
    text = "Turn 10, Deceptacons: hand limit - deck 42, discard 13"
    wide = assets.font(22).size(text)[0]
    assert fit_text(assets, text, 22, wide + 2) == (22, [text])
    size, lines = fit_text(assets, text, 22, wide - 20)
    assert size < 22 and lines == [text]  # a little smaller still fits one line
    size, lines = fit_text(assets, text, 22, wide // 2, lines=2, smallest=15)
    assert len(lines) == 2 and " ".join(lines) == text
    assert all(assets.font(size).size(ln)[0] <= wide // 2 for ln in lines)


def _roll(success: bool | None = True, who: str = "r1") -> DieRolled:
    return DieRolled(
        who=who,
        purpose="fires",
        die="D20",
        faces=(12,),
        modifiers=(("firing", 3),),
        target=15,
        success=success,
    )


def test_the_roll_panel_keeps_the_last_action_rolls_for_its_time() -> None:
    """Rolls stay shown ``show`` seconds; an action that rolled nothing leaves them."""
    from game.ui.assets import Assets
    from game.ui.toolkit.rolls import RollPanel

    rolls = RollPanel(Assets(muted=True), show=5.0)
    rolls.take([_roll(True), Note(message="moved")])
    assert rolls.showing and len(rolls.rolls) == 1
    rolls.update(3.0)
    rolls.take([Note(message="moved")])  # nothing rolled: the old roll keeps its clock
    assert rolls.showing and rolls.age == 3.0
    rolls.take([_roll(False), _roll(False, "r2")])
    assert rolls.age == 0.0 and [r.who for r in rolls.rolls] == ["r1", "r2"]
    rolls.update(5.0)
    assert not rolls.showing


def test_the_roll_panel_avoids_figures_and_steps_aside_under_the_pointer() -> None:
    from game.ui.assets import Assets
    from game.ui.toolkit.rolls import RollPanel, roll_rect

    pygame.init()
    surface = pygame.Surface((640, 480))
    viewport = pygame.Rect(0, 0, 640, 480)
    rolls = RollPanel(Assets(muted=True))
    rolls.take([_roll()])
    bottom = roll_rect(viewport, 1)
    figure = pygame.Rect(bottom.centerx - 20, bottom.top, 40, 40)  # under the bottom place
    drawn = rolls.draw(surface, viewport, [figure], (-1, -1))
    assert drawn is not None and not drawn.colliderect(figure) and drawn.top < bottom.top
    assert surface.get_at(drawn.move(3, 3).topleft)[:3] != (0, 0, 0)  # the panel is drawn
    surface.fill((0, 0, 0))
    assert rolls.draw(surface, viewport, [figure], drawn.center) == drawn  # steps aside...
    assert surface.get_at(drawn.move(3, 3).topleft)[:3] == (0, 0, 0)  # ...drawing nothing
    assert rolls.draw(surface, viewport, [figure], (-1, -1)) == drawn  # and comes back


def test_a_die_face_is_edged_by_its_result() -> None:
    from game.ui.assets import Assets
    from game.ui.toolkit.rolls import die_face

    pygame.init()
    assets = Assets(muted=True)
    for good, edge in ((True, theme.GOOD), (False, theme.BAD), (None, theme.ACCENT)):
        face = die_face(assets, "D6", 4, 26, good)
        assert face.get_at((2, 13))[:3] == edge


def test_discarding_effects_drops_only_those_it_names() -> None:
    """A figure that moves again mid-walk: its old walk goes, other effects stay."""
    from dataclasses import dataclass

    @dataclass
    class Walk(Effect):
        who: str = ""

    fx = Effects()
    fx.add(Walk(0.0, 1.0, who="r1"))
    fx.add(Walk(0.0, 1.0, who="r2"))
    fx.add(Effect(0.0, 1.0))
    fx.discard(Walk, lambda w: w.who == "r1")
    assert [w.who for w in fx.of_type(Walk)] == ["r2"] and len(fx.items) == 2


def test_a_key_steps_through_its_options_then_confirms() -> None:
    """F with three targets: each press proposes the next (wrapping); one target:
    the second press fires."""
    pick: SelectConfirm[str] = SelectConfirm()
    pick.offer(["move", "shoot a", "shoot b", "shoot c"])
    targets = ["shoot a", "shoot b", "shoot c"]
    assert pick.step(targets) is None and pick.selected == "shoot a"
    assert pick.step(targets) is None and pick.selected == "shoot b"
    pick.step(targets)
    assert pick.step(targets) is None and pick.selected == "shoot a"
    assert pick.step(["shoot a"]) == "shoot a" and pick.selected is None
    assert pick.step([]) is None and pick.selected is None


def test_select_and_confirm_by_hand() -> None:
    pick: SelectConfirm[str] = SelectConfirm()
    pick.offer(["fire", "move"])
    pick.select("jump")  # not offered: nothing is proposed
    assert pick.selected is None and pick.confirm() is None
    pick.select("move")
    assert pick.confirm() == "move" and pick.selected is None


def test_a_table_notice_goes_after_its_time_and_may_sound_a_refusal() -> None:
    from game.ui.assets import Assets
    from game.ui.tables.base import NOTICE_TIME
    from game.ui.tables.tunnel_rat_bluff.table import BluffTable

    pygame.init()
    assets = Assets(muted=True)
    played: list[str] = []
    assets.play = played.append  # type: ignore[method-assign,assignment]
    table = BluffTable(assets)
    table.say("Too far.")
    table.update(NOTICE_TIME / 2)
    assert table.notice == "Too far." and played == []
    table.say("Not now.", deny=True)
    table.update(NOTICE_TIME * 0.75)  # the new notice restarted the clock
    assert table.notice == "Not now." and played == ["deny"]
    table.update(NOTICE_TIME * 0.25)
    assert table.notice == ""


def test_a_table_map_is_loaded_once_and_shared() -> None:
    from game.resources import maps_dir
    from game.ui.toolkit.maps import drawable_map, map_view

    pygame.init()
    path = maps_dir() / "transformers_skirmish" / "board.tmx"
    first = map_view(path, pygame.Rect(0, 0, 400, 400))
    second = map_view(path, pygame.Rect(10, 10, 300, 300))
    assert first is not None and second is not None and first is not second
    assert first.map is second.map and drawable_map(path) is drawable_map(path)
    assert second.viewport == pygame.Rect(10, 10, 300, 300)


def test_a_broken_table_map_gives_no_view_and_names_the_file_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Bad input: the table draws its fallback, the log says which file and why."""
    from game.ui.toolkit.maps import map_view

    pygame.init()
    broken = tmp_path / "board.tmx"
    broken.write_text("<map version='1.10'><layer", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert map_view(broken, pygame.Rect(0, 0, 100, 100)) is None
        assert map_view(broken, pygame.Rect(0, 0, 100, 100)) is None
    warnings = [r.getMessage() for r in caplog.records if str(broken) in r.getMessage()]
    assert len(warnings) == 1 and "cannot be drawn" in warnings[0]
    assert broken.read_text(encoding="utf-8") == "<map version='1.10'><layer"  # untouched


def test_wrap_is_remembered_per_text_size_width_and_scale() -> None:
    """A caption fitted every frame measures its words once (the 5.56mm demo spent most
    of its slow frames re-measuring one caption); the lines are those of a fresh wrap,
    and a larger text scale wraps afresh."""
    from game.ui.assets import Assets

    pygame.init()
    assets = Assets()
    text = "Pte Danton fires his M16 at Captain Farah: D6 4 +1 Weapons = 5 vs 5 - success"
    first = assets.wrap(text, 22, 180)
    assert first == Assets().wrap(text, 22, 180) and len(first) > 1
    measured = 0
    real_font = assets.font

    class Counting:
        def __init__(self, font: pygame.font.Font) -> None:
            self.font = font

        def size(self, s: str) -> tuple[int, int]:
            nonlocal measured
            measured += 1
            return self.font.size(s)

    assets.font = lambda size: Counting(real_font(size))  # type: ignore[method-assign,assignment,return-value]
    assert assets.wrap(text, 22, 180) == first
    assert measured == 0
    with assets.text_scale(1.5):
        assert len(assets.wrap(text, 22, 180)) > len(first)
    assert measured > 0
