"""The RatFight table: the tabletop map with its terrain pieces, the models on it, the
action card turned over and the resolution cards of the last draw.

Mouse: click one of your models to pick it (its move allowance and weapon ranges are
drawn, and a tape runs from it to the pointer); click a point to move there, an enemy
to fire at it (or assault it when only close combat reaches), with Shift to reverse a
vehicle. Right click or Esc drops the pick. Keyboard: Tab picks the next model that may
act; the picked model's choices are listed with numbers (1-9) in the panel; Enter or
Space ends the card (passing when nothing was done); H holds left-over shots; R turns a
new card (Inspiring). A refused click says the rule that forbids it (``why_not``).
Zoom and pan as on the '65 board (``TabletopBoard``): the wheel, + and -, a right drag,
the arrows, Home or 0 for the whole table; a double click on a model centres it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.core.api import Action, Event
from game.maps.tabletop import Point
from game.rules.ratfight.actions import Assault, End, Fire, Retarget
from game.rules.ratfight.events import (
    CardTurned,
    Contest,
    FigureFate,
    ForceBroken,
    GameEnded,
    Moved,
    Purpose,
    Recovered,
    Test,
    TurnEnded,
)
from game.rules.ratfight.model import Figure
from game.rules.ratfight.progress import objectives_now
from game.rules.ratfight.view import RatFightView
from game.rules.ratfight.wording import describe
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.camera_input import Release
from game.ui.render.miniature import draw_playing_card
from game.ui.render.name_tags import NameTag, draw_name_tags
from game.ui.render.shot_line import draw_shot_lines, shot_line
from game.ui.render.table_overlay import TableOverlay
from game.ui.render.tabletop_board import TabletopBoard
from game.ui.render.view import MapView
from game.ui.tables import register_table
from game.ui.tables.base import TableBase
from game.ui.tables.ratfight.art import (
    SIDE_COLOURS,
    draw_action_card,
    draw_choice,
    draw_figure,
    draw_objective,
    draw_plate,
    draw_vehicle_damage,
    figure_rect,
    looking,
    objective_plate,
)
from game.ui.tables.ratfight.board import draw_selection, draw_tape
from game.ui.tables.ratfight.choosing import AIMED, aimed_at, at_point, by_key
from game.ui.tables.ratfight.odds import ShotOdds
from game.ui.toolkit.effects import Effect
from game.ui.toolkit.no_chance import NoChanceGuard, hopeless, labelled, no_chance_last
from game.ui.toolkit.region_cache import RegionCache
from game.ui.widgets import (
    TableButton,
    blit_fitted,
    blit_text,
    board_banner,
    board_notice,
)

PANEL_W = 320
END_LABEL = "End card"
PROGRESS = (214, 222, 200)
TAG_COLOURS = ((170, 205, 255), (255, 160, 150))  # hover names, by side
MOMENT_TIME = 3.0  # seconds the turn-end banner stays (the table is busy meanwhile)


@dataclass
class Moment(Effect):
    """A clear moment on the board: the turn's end with its morale and recovery draws,
    a force breaking, the end of the game."""

    lines: tuple[str, ...] = ()


CHOICE_KEYS = tuple(getattr(pygame, f"K_{n}") for n in range(1, 10))


@register_table
class RatFightTable(TableBase[RatFightView]):
    """See the module docstring."""

    covers_rect = True  # its board and side panel fill the whole rect

    def __init__(self, assets: Assets) -> None:
        self.ground = TabletopBoard()
        self.mapview: MapView | None = None
        self.overlay: TableOverlay | None = None
        self.selected: str | None = None
        self.mouse: tuple[int, int] = (-1, -1)
        self.contest: Contest | None = None
        self.buttons: list[tuple[TableButton, Action]] = []
        self._ring_key: tuple[object, ...] | None = None
        self._ring: tuple[Point, ...] = ()
        self.odds = ShotOdds()
        self.board_cache = RegionCache()
        self.panel_cache = RegionCache()
        self.guard = NoChanceGuard()
        super().__init__(assets)

    # -- layout and map ----------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        width = max(200, rect.width - PANEL_W - 12)
        self.board_rect = pygame.Rect(rect.left, rect.top, width, rect.height)
        self.panel_rect = pygame.Rect(self.board_rect.right + 12, rect.top, PANEL_W, rect.height)
        self.action_rect = pygame.Rect(self.panel_rect.left, rect.bottom - 56, PANEL_W, 48)
        self.ground.layout(self.board_rect)

    def _ensure_map(self, view: RatFightView) -> None:
        self.ground.ensure(view.setting.scenario.map_path, view.setting.table)
        self.mapview, self.overlay = self.ground.mapview, self.ground.overlay

    def to_screen(self, point: Sequence[float]) -> tuple[float, float]:
        return self.ground.to_screen(point)

    def px_per_hundredth(self) -> float:
        return self.ground.px_per_hundredth()

    def table_point(self, pos: tuple[int, int]) -> Point | None:
        return self.ground.table_point(pos)

    # -- what may be done ----------------------------------------------------------------
    def acting(self, view: RatFightView) -> bool:
        """Whether the viewer's seat is to act (never while ``watching``: a replay)."""
        return not self.watching and view.seat is not None and view.seat == view.current_player

    def actors(self, view: RatFightView) -> list[str]:
        """Models with a listed choice now, in roster order."""
        ids = {getattr(a, "figure", None) for a in view.candidate_actions}
        return [fid for fid in view.figures if fid in ids]

    def choices(self, view: RatFightView) -> list[Action]:
        """The picked model's listed actions, then the card-wide ones (end, hold...), any
        shot with no chance at all last (``toolkit.no_chance``)."""
        mine = [
            a
            for a in view.candidate_actions
            if self.selected is not None and getattr(a, "figure", None) == self.selected
        ]
        general = [a for a in view.candidate_actions if getattr(a, "figure", None) is None]
        return no_chance_last(mine + general, lambda a: self.odds.chance(view, a))[:9]

    def figure_at(self, view: RatFightView, pos: tuple[int, int]) -> Figure | None:
        scale = self.px_per_hundredth()
        best: tuple[float, Figure] | None = None
        for fig in view.figures.values():
            if not fig.on_table:
                continue
            x, y = self.to_screen(fig.pos)
            reach = max(8.0, fig.radius * scale + 3)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= reach * reach and (best is None or d < best[0]):
                best = (d, fig)
        return best[1] if best is not None else None

    # -- input -------------------------------------------------------------------------
    def cancel(self) -> bool:
        """Esc: drop the picked model; True if one was picked."""
        self.ground.forget_press()  # Esc between two clicks: no double click
        had = self.selected is not None
        self.selected = None
        return had

    def handle_event(self, event: pygame.event.Event, view: RatFightView) -> Action | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        mine = self.ground.handle_camera(event)  # zoom and pan, for anybody
        if isinstance(mine, Release):  # a right click: drop the picked model
            self.selected = None
            return None
        if mine or event.type == pygame.MOUSEMOTION:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            fig = (
                self.figure_at(view, event.pos) if self.board_rect.collidepoint(event.pos) else None
            )
            if self.ground.double_click(event.pos, pygame.time.get_ticks()) and fig is not None:
                self.ground.centre_on(fig.pos)  # a double click centres the model
                return None
        if not self.acting(view):
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:  # off the board (on it, the camera's Release)
                self.selected = None
                return None
            if event.button == 1:
                return self._click(view, event.pos, bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(view, event.key)
        return None

    def _offer(self, view: RatFightView, action: Action) -> Action | None:
        reason = view.why_not(action)
        if reason is None:  # a hopeless shot asks first
            question = self.guard.question(
                action, self.odds.chance(view, action), describe(view.board, action)
            )
            if question is not None:
                self.say(question, deny=True)
                return None
        return self.offer(action, reason)

    def _click(self, view: RatFightView, pos: tuple[int, int], shift: bool) -> Action | None:
        for button, action in self.buttons:
            if button.hit(pos):
                return self._offer(view, action)
        if not self.board_rect.collidepoint(pos):
            return None
        fig = self.figure_at(view, pos)
        if view.pending is not None:
            if fig is not None:
                return self._offer(view, Retarget(fig.id))
            return None
        if fig is not None and fig.side == view.seat:
            if fig.id in self.actors(view):
                self.selected = fig.id
                self.assets.play("click")
            else:
                self.say(f"{fig.label} has nothing to do with this card.")
            return None
        if self.selected is None:
            if fig is not None or self.actors(view):
                self.say("Pick one of your models first (click it, or Tab).")
            return None
        if fig is not None:
            return self._attack(view, fig)
        point = self.table_point(pos)
        if point is None:
            return None
        kind = at_point(shift)
        return self._offer(view, kind(self.selected, point))  # type: ignore[call-arg]

    def _attack(self, view: RatFightView, target: Figure) -> Action | None:
        """Fire at ``target`` with the picked model's first listed way of firing at it,
        else assault it; else say why not."""
        for kind in AIMED:
            for a in view.candidate_actions:
                if type(a) is kind and aimed_at(a, self.selected or "", target.id):
                    return self._offer(view, a)
        picked = view.figures.get(self.selected or "")
        if picked is not None and picked.unit.weapons:
            return self._offer(view, Fire(picked.id, picked.unit.weapons[0], target.id))
        return self._offer(view, Assault(self.selected or "", target.id))

    def _key(self, view: RatFightView, key: int) -> Action | None:
        if key == pygame.K_ESCAPE:
            self.selected = None
            return None
        if key == pygame.K_TAB:
            actors = self.actors(view)
            if actors:
                i = actors.index(self.selected) + 1 if self.selected in actors else 0
                self.selected = actors[i % len(actors)]
            return None
        keyed = by_key(key)
        if keyed is not None:
            return self._offer(view, keyed())
        if key in CHOICE_KEYS:
            choices = self.choices(view)
            i = CHOICE_KEYS.index(key)
            if i < len(choices):
                return self._offer(view, choices[i])
        return None

    # -- events ------------------------------------------------------------------------
    def on_events(self, events: Sequence[Event], view: RatFightView) -> None:
        sounds: list[str] = []
        for e in events:
            if isinstance(e, Contest):
                self.contest = e
                self._shot_line(view, e)
                sounds.append("shot" if e.purpose.value != "close combat" else "wound")
            elif isinstance(e, Moved):
                sounds.append("move")
            elif isinstance(e, CardTurned):
                sounds.append("flip")
                self.selected = None
            elif isinstance(e, FigureFate):
                sounds.append("casualty")
            elif isinstance(e, TurnEnded | GameEnded):
                sounds.append("flip")
        moment = self._moment(events)
        if moment:
            self.fx.discard(Moment)
            self.fx.add(Moment(0.0, MOMENT_TIME, lines=moment))
        if self.selected is not None and self.selected not in self.actors(view):
            self.selected = None
        for name in dict.fromkeys(sounds):
            self.assets.play(name)

    def _shot_line(self, view: RatFightView, e: Contest) -> None:
        """A shot's draw (at a man or to hit a vehicle): the line from the firer to the
        target, fading (``render.shot_line``); red when the firer won the draw."""
        if e.purpose not in (Purpose.SHOT, Purpose.VEHICLE_HIT):
            return
        by_label = {f.label: f for f in view.figures.values()}
        firer, target = by_label.get(e.attacker), by_label.get(e.defender)
        if firer is not None and target is not None:
            self.fx.add(shot_line(firer.pos, target.pos, e.attacker_wins))

    @staticmethod
    def _moment(events: Sequence[Event]) -> tuple[str, ...]:
        """The lines of a turn's end (morale and recovery draws, forces breaking) or of
        the game's end, from this batch of events; () when neither happened."""
        lines: list[str] = []
        ended = False
        for e in events:
            if isinstance(e, TurnEnded):
                ended = True
                lines.append(f"Turn {e.turn} ends: {e.reason}")
            elif isinstance(e, GameEnded):
                ended = True
                lines.append(e.text())
            elif ended and isinstance(e, Test | ForceBroken | Recovered):
                lines.append(e.text())
        return tuple(lines[:8]) if ended else ()

    def status(self, view: RatFightView) -> str:
        if view.outcome is not None:
            return "Game over"
        who = view.side_name(view.current_player) if view.current_player is not None else ""
        spec = view.board.card_spec()
        card = f" - {spec.title}" if spec is not None else ""
        return f"Turn {view.turn}: {who}{card}"

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: RatFightView) -> None:
        """The board and the panel, each kept (``RegionCache``) while what it shows stays
        the same; over them each frame what follows the pointer (the tape or the line of
        sight and the shot's box, the hovered model's name) and the shot lines."""
        self._ensure_map(view)
        board_key = (id(view), self.selected, self.ground.camera_key(), self.mapview is None)
        if self.assets.text_trace is not None:  # a test sees every text drawn: afresh
            self.board_cache.forget()
            self.panel_cache.forget()
        if not self.board_cache.restore(surface, self.board_rect, board_key):
            surface.fill(theme.BG, self.board_rect)
            self._draw_board(surface, view)
            self.board_cache.keep(surface, self.board_rect, board_key)
        if self.mapview is not None:
            clip = surface.get_clip()
            surface.set_clip(self.board_rect)
            hovered = [t for t in self._name_tags(view, self.px_per_hundredth()) if t.rank]
            draw_name_tags(surface, self.assets, hovered)
            draw_tape(self, surface, view)
            surface.set_clip(clip)
            draw_shot_lines(surface, self.fx, self.to_screen, self.board_rect)
        side = pygame.Rect(self.board_rect.right, self.rect.top, 0, self.rect.height)
        side.width = self.rect.right - side.left
        over = next((i for i, (b, _) in enumerate(self.buttons) if b.hit(self.mouse)), -1)
        panel_key = (id(view), self.selected, over, id(self.contest))
        if self.panel_cache.restore(surface, side, panel_key):
            self.buttons = list(self.panel_cache.data)
        else:
            surface.fill(theme.BG, side)
            self._draw_panel(surface, view)
            self.panel_cache.keep(surface, side, panel_key, list(self.buttons))
        for moment in self.fx.of_type(Moment)[-1:]:
            board_banner(surface, self.assets, self.board_rect, moment.lines)
        if self.notice:
            keep = self._keep_clear(view)
            board_notice(surface, self.assets, self.board_rect, self.notice, keep)

    def _under_pointer(self, view: RatFightView) -> Figure | None:
        if not self.board_rect.collidepoint(self.mouse):
            return None
        return self.figure_at(view, self.mouse)

    def _name_tags(self, view: RatFightView, scale: float) -> list[NameTag]:
        """The picked model's name (gold) and the name of the model under the pointer."""
        under = (
            self.figure_at(view, self.mouse) if self.board_rect.collidepoint(self.mouse) else None
        )
        picked = view.figures.get(self.selected or "")
        tags = []
        for rank, fig in enumerate((picked, under)):
            if fig is None or not fig.on_table or (rank and fig is picked):
                continue
            rect = figure_rect(fig, self.to_screen, scale)
            colour = theme.ACCENT if rank == 0 else TAG_COLOURS[fig.side % 2]
            radius = max(rect.width, rect.height) // 2
            tags.append(NameTag(fig.label, rect.center, radius, colour, rank))
        return tags

    def _draw_board(self, surface: pygame.Surface, view: RatFightView) -> None:
        """The map, the picked model's rings, the objectives, the terrain tags, every
        model and the picked model's name."""
        if not self.ground.draw_ground(surface) or self.mapview is None:
            blit_text(
                surface,
                self.assets,
                "The table's map cannot be drawn.",
                24,
                self.board_rect.center,
                theme.BAD,
                "center",
            )
            return
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        draw_selection(self, surface, view)
        scale = self.px_per_hundredth()
        standing = [f for f in view.figures.values() if f.on_table]
        avoid = [figure_rect(f, self.to_screen, scale) for f in standing]
        plates = self._draw_objectives(surface, view, avoid)
        self.ground.draw_tags(surface, avoid + [plate for _label, plate in plates])
        for label, plate in plates:
            draw_plate(surface, label, plate)
        for fig in standing:
            looks = 0.0 if fig.vehicle else looking(fig, standing)
            draw_figure(surface, fig, self.to_screen, scale, looks)
            draw_vehicle_damage(surface, self.assets, fig, self.to_screen)
        picked = [t for t in self._name_tags(view, scale) if not t.rank]
        draw_name_tags(surface, self.assets, picked)
        surface.set_clip(clip)

    def _keep_clear(self, view: RatFightView) -> list[pygame.Rect]:
        """What a message must not cover: the picked model and the one under the pointer
        (screen rectangles)."""
        scale = self.px_per_hundredth()
        under = (
            self.figure_at(view, self.mouse) if self.board_rect.collidepoint(self.mouse) else None
        )
        picked = view.figures.get(self.selected or "")
        return [
            figure_rect(f, self.to_screen, scale).inflate(8, 8)
            for f in (picked, under)
            if f is not None and f.on_table
        ] + [pygame.Rect(self.mouse, (1, 1))]

    def _draw_objectives(
        self, surface: pygame.Surface, view: RatFightView, avoid: list[pygame.Rect]
    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Every objective zone of the scenario, washed in the colour of the side that
        must reach it while one of its models stands there; returns the name plates to
        draw over the terrain tags (which keep clear of them)."""
        plates = []
        for goal in objectives_now(view.board):
            corners = [self.to_screen(p) for p in goal.feature.outline]
            holder = SIDE_COLOURS[goal.side % 2] if goal.there else None
            draw_objective(surface, corners, holder)
            plates.append(objective_plate(self.assets, corners, goal.name, avoid, self.board_rect))
        return plates

    def move_ring(self, view: RatFightView, fig: Figure) -> tuple[Point, ...]:
        """The model's move allowance (off road) as far as a straight move goes before
        an obstacle or the table edge stops it, in 72 directions (hundredths);
        remembered while the model stays put."""
        rate = view.setting.rules.movement.get(fig.unit.movement)
        if rate is None:
            return ()
        key = (fig.id, fig.pos, rate.off_road, rate.ground)
        if self._ring_key != key:
            self._ring_key = key
            self._ring = view.setting.geometry.reach_outline(
                fig.pos,
                round(rate.off_road * 100),
                radius=fig.radius,
                movement=rate.ground,
                directions=72,
            )
        return self._ring

    def _draw_panel(self, surface: pygame.Surface, view: RatFightView) -> None:
        a, r = self.assets, self.panel_rect
        x, y = r.left, r.top
        seat = view.current_player
        who = view.side_name(seat) if seat is not None else "Game over"
        colour = SIDE_COLOURS[seat % 2] if seat is not None else theme.TEXT
        blit_text(surface, a, f"Turn {view.turn}", 26, (x, y), theme.ACCENT)
        blit_fitted(surface, a, who, 26, pygame.Rect(x + 110, y, r.width - 110, 30), colour)
        y += 36
        card = pygame.Rect(x, y, r.width, 74)
        draw_action_card(surface, a, card, view.board.card_spec())
        y = card.bottom + 8
        left = view.resolution_left
        sides = f"{view.side_name(0)} {left[0]}   {view.side_name(1)} {left[1]}"
        blit_fitted(
            surface,
            a,
            f"Resolution cards left: {sides}",
            18,
            pygame.Rect(x, y, r.width, 22),
            theme.TEXT,
        )
        y += 24
        for line in view.progress():
            box = pygame.Rect(x, y, r.width, 20)
            blit_fitted(surface, a, line, 19, box, PROGRESS, smallest=13)
            y += 20
        y += 6
        y = self._draw_contest(surface, x, y, r.width)
        self.buttons = []
        if self.acting(view):
            y = self._draw_choices(surface, view, x, y, r.width)
        elif self.watching and view.outcome is None and seat is not None:
            line = self.to_act_line(who)
            blit_fitted(surface, a, line, 18, pygame.Rect(x, y, r.width, 22), theme.MUTED)

    def _draw_contest(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        c = self.contest
        if c is None:
            return y
        a = self.assets
        title = f"{c.purpose.value}: {'attacker' if c.attacker_wins else 'defender'} wins"
        if c.identical:
            title = f"{c.purpose.value}: identical cards, the turn ends"
        blit_fitted(surface, a, title.capitalize(), 18, pygame.Rect(x, y, width, 22), theme.ACCENT)
        y += 24
        for label, cards, kept in (
            (c.attacker, c.attacker_cards, c.attacker_kept),
            (c.defender, c.defender_cards, c.defender_kept),
        ):
            blit_fitted(surface, a, label, 16, pygame.Rect(x, y + 8, 150, 22), theme.TEXT, lines=2)
            cx = x + 156
            for card in cards[:5]:
                rect = pygame.Rect(cx, y, 28, 38)
                draw_playing_card(surface, a, rect, card, card == kept and len(cards) > 1)
                cx += 32
            y += 42
        return y + 4

    def label_of(self, view: RatFightView, action: Action) -> str:
        """A listed choice as its button says it (a hopeless shot ends in "0%")."""
        return labelled(describe(view.board, action), self.odds.chance(view, action))

    def _choices_head(self, view: RatFightView) -> str:
        fig = view.figures.get(self.selected or "")
        return f"{fig.label}: 1-9, or click" if fig is not None else "Tab or click a model"

    def choice_labels(self, view: RatFightView) -> list[str]:
        """Every text of a choice the table offers the viewer now: the heading over the
        list, the numbered buttons and the End card button (as ``_draw_choices`` draws
        them; nothing when the viewer is not to act)."""
        if not self.acting(view):
            return []
        labels = [self._choices_head(view)]
        labels += [self.label_of(view, a) for a in self.choices(view)]
        return labels + [END_LABEL]

    def _draw_choices(
        self, surface: pygame.Surface, view: RatFightView, x: int, y: int, width: int
    ) -> int:
        a = self.assets
        head = self._choices_head(view)
        blit_fitted(surface, a, head, 18, pygame.Rect(x, y, width, 22), theme.TEXT)
        y += 24
        bottom = self.action_rect.top - 6
        for i, action in enumerate(self.choices(view)):
            if y + 40 > bottom:
                break
            rect = pygame.Rect(x, y, width, 38)
            label = self.label_of(view, action)
            grey = hopeless(self.odds.chance(view, action))
            hover = rect.collidepoint(self.mouse)
            draw_choice(surface, a, rect, label, str(i + 1), hover, grey=grey)
            self.buttons.append((TableButton(str(i + 1), label, str(i + 1), rect), action))
            y += 42
        end = TableButton("enter", END_LABEL, "Enter", self.action_rect)
        end.draw(surface, a, hover=self.action_rect.collidepoint(self.mouse))
        self.buttons.append((end, End()))
        return y
