"""The 5.56mm table: the tabletop map with its terrain, the characters as based
miniatures with their fronts, the turn-deck card drawn (large) with whose go it is and
what is left of it, the picked character's card, and before every roll the TN with each
modifier and the chance of success; after it, the dice.

Mouse: the character whose card was drawn acts. Click a point of the table to move him
there (up to 4"; Shift+click turns him to face it); click an enemy to fire at him (when
several actions fit him - Fire, Auto-Fire, Engage, a grenade - they are listed: click
one or press 1-9); click a wounded friend for First Aid, Treat Injury or Carry. Click
any model to see its character card. Right click or Esc drops the picks.
Keys: Enter or Space ends the go; Tab points at the next character the listed actions
reach (his odds are shown; 1-9 then acts); F fires at him; S Stealth, A Aim, C Covering
Fire, R radio; P, H, G and T choose what a click on the table does next (Sprint, Hide,
throw a Grenade, Turn; H twice hides where he stands); Esc back to Move (M is the
program's sound switch, so it is not a mode key here); Up/Down (or the
wheel over the panel) page the list while it has more than one page. A refused action
says the rule that forbids it (``why_not``). Zoom and pan as on the '65 board
(``TabletopBoard``): the wheel over the board, + and -, a right drag, the arrows (Up and
Down while the list has one page), Home or 0 for the whole table; a double click on a
man centres him.

Hidden information: Hiding and Stealth are drawn for their own side only (the view has
them only for the seat that may know them); what a seat was shown (picks, the dice of the
last action) is dropped when another seat looks at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.core.api import Action, Event
from game.rules.five_five_six.actions import (
    Aim,
    CoveringFire,
    Fire,
    Hide,
    HoldFire,
    Stealth,
    UseRadio,
)
from game.rules.five_five_six.combat.arms import firearms_of
from game.rules.five_five_six.combat.grenade_play import grenades_of
from game.rules.five_five_six.model import RADIUS, Character
from game.rules.five_five_six.vehicles.state import Vehicle
from game.rules.five_five_six.view import FiveFiveSixView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.camera_input import Release
from game.ui.render.name_tags import NameTag, draw_name_tags
from game.ui.render.shot_line import draw_shot_lines
from game.ui.render.tabletop_board import TabletopBoard
from game.ui.tables import register_table
from game.ui.tables.base import TableBase
from game.ui.tables.five_five_six import vehicles as vehicles_ui
from game.ui.tables.five_five_six.art import (
    ACTING,
    LIGHT_TEXT,
    Banner,
    NightVeil,
    Walk,
    draw_acting_mark,
    draw_character,
    draw_field_of_sight,
    draw_gas_cloud,
    draw_live_grenade,
    draw_objectives,
    draw_zone_names,
    model_radius,
    short_name,
    where_drawn,
)
from game.ui.tables.five_five_six.board import draw_pointer_tools
from game.ui.tables.five_five_six.choices import (
    Mode,
    Picks,
    aboard_of,
    actor,
    describe,
    end_action,
    enemies_listed,
    narrowed,
    next_aboard,
    point_action,
    vehicle_of_pick,
)
from game.ui.tables.five_five_six.events import take_events
from game.ui.tables.five_five_six.odds import (
    ATTACKS,
    Preview,
    attack_chance,
    preview,
    single_use_name,
)
from game.ui.tables.five_five_six.paint import aboard_label, draw_panel, end_label
from game.ui.tables.five_five_six.shots import draw_shots
from game.ui.toolkit.no_chance import NoChanceGuard, labelled, no_chance_last
from game.ui.toolkit.region_cache import RegionCache
from game.ui.toolkit.rolls import RollPanel
from game.ui.widgets import (
    TableButton,
    blit_text,
    board_banner,
    board_notice,
)

PANEL_W = 300
PAGE = 9
CHOICE_KEYS = tuple(getattr(pygame, f"K_{n}") for n in range(1, 10))
END_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
PLAIN_KEYS: dict[int, type[Stealth | Aim | CoveringFire | UseRadio]] = {
    pygame.K_s: Stealth,
    pygame.K_a: Aim,
    pygame.K_c: CoveringFire,
    pygame.K_r: UseRadio,
}
#: paging the listed choices (PgUp/PgDn also scroll the log, which takes them first)
PAGE_KEYS: dict[int, int] = {
    pygame.K_UP: -1,
    pygame.K_DOWN: 1,
    pygame.K_PAGEUP: -1,
    pygame.K_PAGEDOWN: 1,
}
MODE_KEYS: dict[int, Mode] = {
    pygame.K_p: "sprint",
    pygame.K_h: "hide",
    pygame.K_g: "throw",
    pygame.K_t: "turn",
}
PICKED = (255, 150, 60)  # the ring of the picked target or the model whose card is shown
TAG_COLOURS = ((160, 200, 255), (255, 150, 140))  # name tags, by side


@register_table
class FiveFiveSixTable(TableBase[FiveFiveSixView]):
    """See the module docstring."""

    covers_rect = True  # its board and side panel fill the whole rect

    def __init__(self, assets: Assets) -> None:
        self.ground = TabletopBoard()
        self.picks = Picks()
        self.selected: str | None = None  # whose character card is shown
        self.page = 0
        self.page_size = PAGE  # rows the panel had room for when last drawn (<= 9)
        self.mouse: tuple[int, int] = (-1, -1)
        self.buttons: list[tuple[TableButton, Action]] = []
        self.aboard_buttons: list[tuple[TableButton, str]] = []  # men aboard the pick
        self.rolls = RollPanel(assets)
        self.veil = NightVeil()
        self._previews: dict[Action, Preview | None] = {}
        self._seat_seen: int | None = None
        self._moment: tuple[int, int] = (0, -1)  # the view the previews were made for
        self._version = 0  # bumped whenever what the table shows may have changed
        self.board_cache = RegionCache()
        self.ground_cache = RegionCache()
        self._version_of_layout = 0
        self.panel_cache = RegionCache()
        self.boxes: dict[tuple[object, ...], pygame.Surface] = {}
        self.guard = NoChanceGuard()
        super().__init__(assets)

    # -- layout ------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        width = max(200, rect.width - PANEL_W - 8)
        self.board_rect = pygame.Rect(rect.left, rect.top, width, rect.height)
        self.panel_rect = pygame.Rect(self.board_rect.right + 8, rect.top, PANEL_W, rect.height)
        self.action_rect = pygame.Rect(
            self.panel_rect.left + 10, rect.bottom - 52, PANEL_W - 20, 44
        )
        self.ground.layout(self.board_rect)
        self._version_of_layout += 1

    def to_screen(self, point: Sequence[float]) -> tuple[float, float]:
        return self.ground.to_screen(point)

    # -- what may be done --------------------------------------------------------------
    def acting(self, view: FiveFiveSixView) -> bool:
        """Whether the viewer's seat is to act (never while ``watching``: a replay)."""
        return not self.watching and view.seat is not None and view.seat == view.current_player

    def listed(self, view: FiveFiveSixView) -> list[Action]:
        """The listed actions for the picks, any attack with no chance last."""
        return no_chance_last(narrowed(view, self.picks), lambda a: self.chance_of(view, a))

    def shown(self, view: FiveFiveSixView) -> list[Action]:
        """The page of listed actions the panel shows (numbered 1-9; as many as fit)."""
        left = self.listed(view)
        return left[self.page * self.page_size : (self.page + 1) * self.page_size]

    def chance_of(self, view: FiveFiveSixView, action: Action) -> float | None:
        """The chance a listed attack does what it is for (None: not an attack)."""
        if not isinstance(action, ATTACKS):
            return None
        return attack_chance(action, self.preview_of(view, action))

    def label_of(self, view: FiveFiveSixView, action: Action) -> str:
        """A listed choice as its button says it (a hopeless attack ends in "0%")."""
        return labelled(describe(action, view), self.chance_of(view, action))

    def shown_character(self, view: FiveFiveSixView) -> str | None:
        """Whose card the panel shows: the picked model, else the one acting."""
        if self.selected is not None and self.selected in view.characters:
            return self.selected
        who = actor(view)
        return who.id if who is not None else None

    def character_at(self, view: FiveFiveSixView, pos: tuple[int, int]) -> Character | None:
        """The character on the table under a screen position (the nearest)."""
        scale = self.ground.px_per_hundredth()
        best: tuple[float, Character] | None = None
        for c in view.characters.values():
            if not c.on_table or c.aboard is not None:  # a click there means the vehicle
                continue
            x, y = self.to_screen(c.pos)
            reach = model_radius(scale) + 3.0
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= reach * reach and (best is None or d < best[0]):
                best = (d, c)
        return best[1] if best is not None else None

    def preview_of(self, view: FiveFiveSixView, action: Action) -> Preview | None:
        """The rolls of a listed action before it is taken (remembered per view)."""
        moment = (id(view), self._version)
        if moment != self._moment:
            self._previews.clear()
            self._moment = moment
        if action not in self._previews:
            if len(self._previews) > 64:  # points under a moving pointer: keep it small
                self._previews.clear()
            found = vehicles_ui.vehicle_preview(view.board, action) if view.board.vehicles else None
            self._previews[action] = found or preview(view, action)
        return self._previews[action]

    # -- input -------------------------------------------------------------------------
    def cancel(self) -> bool:
        """Esc: drop the picks (target, mode, shown card); True if there were any."""
        self.ground.forget_press()  # Esc between two clicks: no double click
        had = self.picks != Picks() or self.selected is not None
        self.drop_picks()
        return had

    def drop_picks(self) -> None:
        self.picks, self.selected, self.page = Picks(), None, 0

    def handle_event(self, event: pygame.event.Event, view: FiveFiveSixView) -> Action | None:
        self._forget_other_seat(view)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        paging = event.type == pygame.KEYDOWN and event.key in PAGE_KEYS and self._pages(view) > 1
        mine = False if paging else self.ground.handle_camera(event)  # zoom, pan: anybody
        if isinstance(mine, Release):  # a right click on the board
            self.drop_picks()
            return None
        if mine or event.type == pygame.MOUSEMOTION:
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            found = self.character_at(view, event.pos)
            if self.ground.double_click(event.pos, pygame.time.get_ticks()) and found is not None:
                self.ground.centre_on(found.pos)  # a double click centres the man
                return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.drop_picks()
                return None
            if event.button == 1:
                shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                return self._click(view, event.pos, shift)
            if event.button in (4, 5):
                self._turn_page(view, -1 if event.button == 4 else 1)
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(view, event.key)
        return None

    def _offer(self, view: FiveFiveSixView, action: Action) -> Action | None:
        reason = view.why_not(action)
        if reason is None:  # a hopeless attack asks first
            chance = self.chance_of(view, action)
            once = single_use_name(action)
            asked = self.guard.question(action, chance, describe(action, view), once)
            if asked is not None:
                self.say(asked, deny=True)
                return None
        return self.offer(action, reason)

    def _click(self, view: FiveFiveSixView, pos: tuple[int, int], shift: bool) -> Action | None:
        if self.acting(view):
            for button, action in self.buttons:
                if button.hit(pos):
                    return self._offer(view, action)
            for button, cid in self.aboard_buttons:
                if button.hit(pos):
                    return self._pick(cid)
        if not self.board_rect.collidepoint(pos):
            return None
        clicked = self.character_at(view, pos)
        who = actor(view)
        if not self.acting(view) or who is None:
            if clicked is not None:
                self.selected = clicked.id  # anyone may read a character card
            return None
        if clicked is not None and clicked.id == who.id:
            if self.picks.mode == "hide":
                return self._offer(view, Hide(who.id, who.pos))
            self.drop_picks()
            self.selected = who.id
            self.assets.play("click")
            return None
        if clicked is not None:
            return self._point_at(view, clicked)
        point = self.ground.table_point(pos)
        if point is None:
            return None
        vehicle = vehicles_ui.vehicle_at(view.board, point)
        if vehicle is not None and aboard_of(view, vehicle.id):  # choose among the men aboard
            if vehicle_of_pick(view, self.picks.target) == vehicle.id:
                return self._pick(next_aboard(view, self.picks.target) or vehicle.id)
            return self._pick(vehicle.id)
        if vehicle is not None:  # 12.1/12.7: its seats, or shots at it
            return self._point_at(view, vehicle)
        mode: Mode = "turn" if shift else self.picks.mode
        grenades = grenades_of(who)
        at_point = point_action(view, mode, who, point, grenades[0] if grenades else None)
        if at_point is None:
            self.say(f"{who.name} has no grenade to throw.", deny=True)
            return None
        return self._offer(view, at_point)

    def _point_at(self, view: FiveFiveSixView, clicked: Character | Vehicle) -> Action | None:
        """A click on another character (or a vehicle): narrow to the actions at him;
        one is taken at once, several are listed; none shows his card and says why."""
        picks = replace(self.picks, target=clicked.id)
        left = narrowed(view, picks)
        self.selected = clicked.id if isinstance(clicked, Character) else self.selected
        if len(left) == 1:
            return self._offer(view, left[0])
        if left:
            self.picks, self.page = picks, 0
            self.assets.play("click")
            return None
        if clicked.side != view.seat:
            who = actor(view)
            weapon = next(iter(firearms_of(who)), None) if who is not None else None
            if who is not None and weapon is not None and isinstance(clicked, Character):
                return self._offer(view, Fire(who.id, weapon, clicked.id))
        if clicked.side != view.seat:
            self.say(f"Nothing listed to do with {clicked.name} now.")
        return None  # a friend with nothing to do: his card is shown

    def _pick(self, target: str) -> Action | None:
        """Point at a vehicle or a man aboard it: the list narrows to the actions at
        him (at it and its men), his card is shown."""
        self.picks, self.page = replace(self.picks, target=target), 0
        self.selected = target  # a vehicle's id shows the acting man's card
        self.assets.play("click")
        return None

    def _pages(self, view: FiveFiveSixView) -> int:
        return max(1, -(-len(narrowed(view, self.picks)) // self.page_size))

    def _turn_page(self, view: FiveFiveSixView, step: int) -> None:
        self.page = max(0, min(self._pages(view) - 1, self.page + step))

    def _key(self, view: FiveFiveSixView, key: int) -> Action | None:
        if key == pygame.K_ESCAPE:
            self.drop_picks()
            return None
        if not self.acting(view):
            return None
        who = actor(view)
        if key in END_KEYS:
            return self._offer(view, end_action(view))
        if key == pygame.K_TAB:
            self._next_target(view)
            return None
        if key in PAGE_KEYS:
            self._turn_page(view, PAGE_KEYS[key])
            return None
        if key in CHOICE_KEYS:
            shown = self.shown(view)
            i = CHOICE_KEYS.index(key)
            return self._offer(view, shown[i]) if i < len(shown) else None
        if who is None:
            return None
        if view.asking:
            return self._offer(view, HoldFire(who.id)) if key == pygame.K_h else None
        if key == pygame.K_f:
            return self._fire_key(view)
        if key in PLAIN_KEYS:
            return self._offer(view, PLAIN_KEYS[key](who.id))
        if key in MODE_KEYS:
            mode = MODE_KEYS[key]
            if mode == "hide" and self.picks.mode == "hide":
                return self._offer(view, Hide(who.id, who.pos))
            self.picks, self.page = replace(self.picks, mode=mode), 0
        return None

    def _next_target(self, view: FiveFiveSixView) -> None:
        """Tab: point at the next character the listed actions reach."""
        inside = next_aboard(view, self.picks.target)
        if inside is not None:  # through the vehicle's men first
            self._pick(inside)
            return
        ids = enemies_listed(view, narrowed(view, Picks()))
        if not ids:
            self.say("No listed action points at anybody now.")
            return
        i = ids.index(self.picks.target) + 1 if self.picks.target in ids else 0
        self.picks, self.page = replace(self.picks, target=ids[i % len(ids)]), 0
        self.selected = self.picks.target

    def _fire_key(self, view: FiveFiveSixView) -> Action | None:
        """F: the first listed Fire at the picked target (or at the first in reach)."""
        fires = [a for a in self.listed(view) if isinstance(a, Fire)]  # hopeless last
        if fires:
            return self._offer(view, fires[0])
        self.say(
            "No shot listed: Tab to a target first."
            if self.picks.target is None
            else "No shot at him is listed."
        )
        return None

    def redraw(self) -> None:
        """Draw everything afresh next frame (nothing kept from earlier frames)."""
        self._version += 1
        self.board_cache.forget()
        self.ground_cache.forget()
        self.panel_cache.forget()
        self.boxes.clear()

    def skip_animations(self) -> None:
        super().skip_animations()
        self.redraw()  # after undo or a hand-over the board is another

    def _forget_other_seat(self, view: FiveFiveSixView) -> None:
        """A new seat at the table sees nothing the last one was shown."""
        if view.seat != self._seat_seen:
            self.redraw()
            self._seat_seen = view.seat
            self.drop_picks()
            self.rolls.rolls = []
            self.fx.clear()

    # -- events ------------------------------------------------------------------------
    def on_events(self, events: Sequence[Event], view: FiveFiveSixView) -> None:
        take_events(self, events, view)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.rolls.update(dt)

    def status(self, view: FiveFiveSixView) -> str:
        if view.outcome is not None:
            return "Game over"
        who = actor(view)
        name = f": {who.name}'s go" if who is not None else ""
        side = view.side_name(view.current_player) if view.current_player is not None else ""
        return f"Turn {view.turn} - {side}{name}"

    def choice_labels(self, view: FiveFiveSixView) -> list[str]:
        """The text of every choice the table offers the viewer now, as drawn: the
        listed actions (every page), the men aboard a picked vehicle, the Enter button."""
        if not self.acting(view):
            return []
        labels = [self.label_of(view, action) for action in self.listed(view)]
        labels += [aboard_label(man) for man in aboard_of(view, self.picks.target)]
        return [*labels, end_label(view)]

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: FiveFiveSixView) -> None:
        self._forget_other_seat(view)
        self.ground.ensure(view.setting.scenario.map_path, view.setting.table)
        walking = bool(self.fx.of_type(Walk))
        camera = self.ground.camera_key()
        board_key = (id(view), self._version, self.picks.target, self.selected, camera)
        if walking or not self.board_cache.restore(surface, self.board_rect, board_key):
            self._draw_ground(surface, view)
            clip = surface.get_clip()
            surface.set_clip(self.board_rect)
            self._draw_models(surface, view)
            surface.set_clip(clip)
            if not walking:
                self.board_cache.keep(surface, self.board_rect, board_key)
        draw_shots(surface, self.assets, self.fx, self.board_rect, self.to_screen, self.ground)
        draw_shot_lines(surface, self.fx, self.to_screen, self.board_rect)
        hovered = next((i for i, (b, _) in enumerate(self.buttons) if b.hit(self.mouse)), -1)
        side = pygame.Rect(self.board_rect.right, self.rect.top, 0, self.rect.height)
        side.width = self.rect.right - side.left
        panel_key = (
            id(view),
            self._version,
            self.picks,
            self.page,
            self.page_size,
            self.selected,
            hovered,
        )
        if self.panel_cache.restore(surface, side, panel_key):
            self.buttons, self.aboard_buttons = self.panel_cache.data
        else:
            surface.fill(theme.BG, side)
            draw_panel(self, surface, view)
            kept = (list(self.buttons), list(self.aboard_buttons))
            self.panel_cache.keep(surface, side, panel_key, kept)
        avoid = [self._model_rect(view, cid) for cid in self._involved(view)]
        self.rolls.draw(surface, self.board_rect, avoid, self.mouse)
        if self.ground.mapview is not None:  # the odds box goes where the dice are not
            draw_pointer_tools(self, surface, view)
        for banner in self.fx.of_type(Banner)[-1:]:
            board_banner(surface, self.assets, self.board_rect, banner.lines)
        if self.notice:
            under = self.character_at(view, self.mouse)
            keep = avoid + [pygame.Rect(self.mouse, (1, 1))]
            keep += [self._model_rect(view, under.id)] if under is not None else []
            board_notice(surface, self.assets, self.board_rect, self.notice, keep)

    def _draw_ground(self, surface: pygame.Surface, view: FiveFiveSixView) -> None:
        """The map, its pieces and the night (kept while the light and the board stay)."""
        key = (
            view.setting.scenario.map_path,
            view.light,
            self._version_of_layout,
            self.ground.camera_key(),
        )
        if self.ground_cache.restore(surface, self.board_rect, key):
            return
        surface.fill(theme.BG, self.board_rect)
        if not self.ground.draw_ground(surface):
            blit_text(
                surface,
                self.assets,
                "The table's map cannot be drawn.",
                24,
                self.board_rect.center,
                theme.BAD,
                "center",
            )
        self.veil.draw(surface, self.board_rect, view.light)
        if self.ground.mapview is not None:  # over the dark: where to go must show
            draw_objectives(surface, self.assets, view.setting.table.features, self.to_screen)
        if view.light != "full":
            label = f"Night: {LIGHT_TEXT[view.light].lower()}"
            at = (self.board_rect.right - 10, self.board_rect.top + 10)
            blit_text(surface, self.assets, label, 20, at, (190, 200, 255), "topright")
        self.ground_cache.keep(surface, self.board_rect, key)

    def _draw_models(self, surface: pygame.Surface, view: FiveFiveSixView) -> None:
        """Every character on the table, the acting one's field of sight and rings."""
        if self.ground.mapview is None:
            return
        px = self.ground.px_per_hundredth()
        for cloud in view.clouds:
            reach = (cloud.radius_in * 100 + RADIUS) * px  # 4" to the edge of a base
            draw_gas_cloud(surface, self.assets, self.to_screen(cloud.at), reach)
        if view.live is not None:
            draw_live_grenade(surface, self.assets, self.to_screen(view.live.at), px)
        walks = self.fx.of_type(Walk)
        who = actor(view)
        if who is not None and who.on_table and who.aboard is None:
            draw_field_of_sight(surface, who, self.to_screen(where_drawn(who, walks)), px)
        r = model_radius(px)
        placed = [
            (c, self.to_screen(where_drawn(c, walks)))
            for c in view.characters.values()
            if c.on_table and c.aboard is None  # aboard: a dot in his seat
        ]
        avoid = [TabletopBoard.model_footprint(at, r) for _, at in placed]
        avoid += vehicles_ui.vehicle_footprints(view.board, self.to_screen)
        self.ground.draw_tags(surface, avoid)
        tags = vehicles_ui.draw_vehicles(surface, view.board, self.to_screen, px, who)
        for c, centre in placed:
            draw_character(surface, self.assets, c, centre, px, own=c.side == view.seat)
            picked = c.id == self.picks.target or c.id == self.selected
            if who is not None and c.id == who.id:
                draw_acting_mark(surface, centre, r)
            elif picked:
                pygame.draw.circle(surface, (0, 0, 0), centre, r + 6, 4)
                pygame.draw.circle(surface, PICKED, centre, r + 5, 2)
            acting = who is not None and c.id == who.id
            colour = ACTING if acting else TAG_COLOURS[c.side % 2]
            rank = 0 if acting else 1 if picked else 2
            tags.append(NameTag(short_name(c.name), centre, r, colour, rank))
        draw_name_tags(surface, self.assets, tags)
        draw_zone_names(surface, self.assets, view.setting.table.features, self.to_screen, avoid)

    def _involved(self, view: FiveFiveSixView) -> list[str]:
        who = actor(view)
        return [cid for cid in (who.id if who else None, self.picks.target) if cid]

    def _model_rect(self, view: FiveFiveSixView, cid: str) -> pygame.Rect:
        c = view.characters.get(cid) or view.board.vehicles[cid]  # a man, or a vehicle
        x, y = self.to_screen(c.pos)
        r = model_radius(self.ground.px_per_hundredth()) + 8
        return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)
