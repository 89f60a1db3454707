"""The '65 table: the scenario's hex maps with the unit counters on them, the hand of
cards below, and the listed choices beside it.

Mouse: click a card of your hand to play it, or drag it onto the hex where it acts
(Shift+click adds a card for its support block); click one of your units to activate it
(a stack gives its top unit, each further click the next one down), click a hex to move
there or to fire at the enemy in it. Each click narrows the listed actions; when only one
fits, it is played, otherwise the rest are listed in the panel (click one, or press 1-9;
PgUp/PgDn for more): the picked unit's plays under the card each spends, every fire with
its odds, a shot with no chance last, greyed and fired only when chosen twice
(``sixty_five_list``). Right click or Esc drops the picks. A reaction window no card of
the hand can answer is declined for the player unless the setting "always ask me" is on.
Keys: D draw, P pass, E or Enter ends the impulse (or finishes, or declines), Tab takes
the next unit that may act, S searches for the relics (scenario 8) with the picked unit.
The board: the wheel over it zooms around the pointer, + and - too; dragging with the
right or middle button or the arrow keys pan; Home or 0 shows the whole board. A board
whose hexes would be too small to read when shown whole (three maps in a column) starts
fitted to its width, centred on the viewer's units. When a move, a fire or a strike
happens out of view, the board pans (never zooms) to show it.
Hovering a hex fans out its stack, names its terrain and shows the Damage Draw of each
unit that may fire there with the chance of each result (with a unit picked, its own and
the line of sight). A refused action says the rule that forbids it. The last fire's
Damage Draw and a strike's crosshairs go when the next action starts, and the hover box
waits for the pointer to move after anything happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.core.api import Action, Event, Explanation
from game.rules.sixty_five.actions import (
    Decline,
    Done,
    Draw,
    EndImpulse,
    Pass,
    Play,
    Redraw,
)
from game.rules.sixty_five.boards import scenario_ground, source_of
from game.rules.sixty_five.data import load_data
from game.rules.sixty_five.events import (
    CardPlayed,
    GameOver,
    ImpulseBegins,
    PhaseBegins,
    UnitMoved,
    UnitPlaced,
)
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.names import Namer, card_label, in_words, possessive
from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.assets import Assets
from game.ui.render.camera_input import CameraControls, Release
from game.ui.tables import register_table
from game.ui.tables.base import TableBase
from game.ui.tables.sixty_five.board import LEGIBLE_HEX, BoardPicture
from game.ui.tables.sixty_five.choices import (
    Picks,
    actors,
    describe,
    general,
    hexes_of,
    is_search,
    narrowed,
    unit_name,
    units_of,
    window_text,
)
from game.ui.tables.sixty_five.events import mark_events
from game.ui.tables.sixty_five.follow import focus, follow
from game.ui.tables.sixty_five.list import Entry, Row, entries, fire_odds, is_fire, pages
from game.ui.tables.sixty_five.marks import long_names, side_names
from game.ui.tables.sixty_five.odds import hover_bunker_shot, hover_fire, hover_shooters
from game.ui.tables.sixty_five.paint import (
    Banner,
    DrawnCard,
    list_rows,
    paint,
    phase_name,
)
from game.ui.tables.sixty_five.sight import SightField
from game.ui.tables.sixty_five.vehicles import top_first
from game.ui.toolkit.region_cache import RegionCache
from game.ui.widgets import TableButton

PANEL_W = 360
TALL_SHARE = 0.56  # the most of the table's width a tall board takes (hand and list beside)
CHOICE_KEYS = tuple(getattr(pygame, f"K_{n}") for n in range(1, 10))
DRAG_PIXELS = 8  # a press on a card that moves this far is a drag, not a click
BANNER_TIME = 1.6
GENERAL_KEYS = {pygame.K_d: Draw, pygame.K_p: Pass, pygame.K_r: Redraw}
END_KEYS = (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER)
#: Events that start the next action (as does a card played outside a window): the last
#: fire's Damage Draw and the last strike's crosshairs go
NEXT_ACTION = (UnitMoved, UnitPlaced, ImpulseBegins, PhaseBegins, GameOver)


@register_table
class SixtyFiveTable(TableBase[SixtyFiveView]):
    """See the module docstring."""

    covers_rect = True  # its board and side panel fill the whole rect

    def __init__(self, assets: Assets) -> None:
        self.data = load_data()
        self.picture: BoardPicture | None = None
        self._scenario: str | None = None
        self._ground: Field | None = None
        self._sight: SightField | None = None  # the board as this view's sight sees it
        self.picks = Picks()
        self.supports: list[str] = []
        self.page = 0
        self.mouse: tuple[int, int] = (-1, -1)
        self.buttons: list[tuple[TableButton, Action]] = []
        self.panel_cache = RegionCache()  # the side panel's pixels (sixty_five_kept)
        self.hand_rects: list[tuple[pygame.Rect, str]] = []
        self.last_draw: list[tuple[str, bool]] = []
        #: 15: what the last AP shot's draws came to, shown instead of a count of Hits
        self.ap_result: str | None = None
        self.last_fire = ""
        self.last_strike: tuple[tuple[str, ...], tuple[int, ...]] | None = None
        self.strike_line = ""  # the strike shown on the board, for the hover box
        self._explained: dict[Action, Explanation | None] = {}
        self.held: tuple[str, tuple[int, int]] | None = None  # card pressed, and where
        self.held_shift = False
        self.dragging = False
        self.confirm: Action | None = None  # a hopeless shot chosen once (asked about)
        self.hover_hidden = False  # the hover box waits for the pointer to move
        self._answering = False  # a window was open at the last events (cards answer)
        self._zone_shown = False  # the viewer's units or set-up hexes brought into view
        self._listed: tuple[SixtyFiveView, Picks, list[Entry]] | None = None
        self._targets: tuple[SixtyFiveView, Picks, set[str]] | None = None
        self._pages: tuple[list[Entry], int, list[list[Row]]] | None = None
        self._shooters: tuple[SixtyFiveView, tuple[Picks, str], list[str]] | None = None
        self.card_faces: dict[tuple[object, ...], pygame.Surface] = {}  # the hand, drawn
        #: the maps with the see-through layer over them, and what they were drawn for
        self.overlay: tuple[SixtyFiveView, tuple[object, ...], pygame.Surface] | None = None
        self.controls = CameraControls(fit=self._fit_all)
        self._home = True  # show the default view at the next draw (it needs the view)
        super().__init__(assets)

    # -- layout and board ------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        pic = self.picture
        if pic is not None and pic.size[0] < pic.size[1]:
            self._layout_tall(rect, pic.size[0] / pic.size[1])
            return
        need = round(rect.width * pic.size[1] / pic.size[0]) if pic is not None else 0
        fill = max(int(rect.height * 0.56), min(need, rect.height - 300))  # a deep board
        board_h = max(160, min(fill, rect.height - 260))
        self.board_rect = pygame.Rect(rect.left, rect.top, rect.width, board_h)
        low = rect.top + board_h + 6
        self.panel_rect = pygame.Rect(rect.right - PANEL_W, low, PANEL_W, rect.bottom - low)
        self.hand_rect = pygame.Rect(
            rect.left + 8, low, rect.width - PANEL_W - 20, rect.bottom - low
        )
        self.action_rect = pygame.Rect(self.panel_rect.left, rect.bottom - 44, PANEL_W, 40)
        if self.picture is not None:
            self.picture.fit(self.board_rect)
            self._home = True

    def _layout_tall(self, rect: pygame.Rect, aspect: float) -> None:
        """A board taller than wide (maps one above the other, scenarios 2 and 3): the
        board down the left at full height, the hand and then the panel beside it."""
        board_w = min(round(rect.height * aspect) + 8, int(rect.width * TALL_SHARE))
        pic = self.picture
        if pic is not None and pic.hex_px * (board_w - 8) / pic.size[0] < LEGIBLE_HEX:
            board_w = int(rect.width * TALL_SHARE)  # too small whole: wider, and scrolled
        self.board_rect = pygame.Rect(rect.left, rect.top, board_w, rect.height)
        left = rect.left + board_w + 10
        width = rect.right - left - 6
        hand_h = min(290, rect.height // 2)
        self.hand_rect = pygame.Rect(left, rect.top + 4, width, hand_h)
        low = self.hand_rect.bottom + 8
        self.panel_rect = pygame.Rect(left, low, width, rect.bottom - low)
        self.action_rect = pygame.Rect(left, rect.bottom - 44, width, 40)
        if self.picture is not None:
            self.picture.fit(self.board_rect)
            self._home = True

    def _ensure_board(self, view: SixtyFiveView) -> None:
        scenario = view.scenario or "1"
        if scenario == self._scenario:
            return
        self._scenario = scenario
        self._ground = scenario_ground(scenario)
        self.picture = BoardPicture(self._ground, source_of(scenario).files)
        self.layout(self.rect)  # a tall board takes another layout

    def ground(self, view: SixtyFiveView) -> Field:
        """The board with the Smoke, the Downpour, Wire and Rubble of this view (for line
        of sight; ``sixty_five_sight``)."""
        assert self._ground is not None
        if self._sight is None or self._sight.ground is not self._ground:
            self._sight = SightField(self._ground)
        return self._sight.field(view)

    # -- input -----------------------------------------------------------------------------
    def acting(self, view: SixtyFiveView) -> bool:
        """Whether the viewer's seat is to act (never while ``watching``: a replay)."""
        return not self.watching and view.seat is not None and view.seat == view.current_player

    def _fit_all(self) -> None:
        if self.picture is not None:
            self.picture.fit_all()

    def _home_view(self, view: SixtyFiveView) -> None:
        """The default view, centred on the viewer's units (``sixty_five_follow``)."""
        if self.picture is not None:
            self.picture.home(focus(view))

    def handle_event(self, event: pygame.event.Event, view: SixtyFiveView) -> Action | None:
        if self.picture is not None and not self.dragging:  # zoom and pan, for anybody
            mine = self.controls.handle(event, self.picture.camera)
            if isinstance(mine, Release):  # a right click on the board
                if self.acting(view):
                    self.drop_picks()
                return None
            if mine:
                if event.type == pygame.MOUSEMOTION:
                    self.mouse = event.pos
                return None
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_hidden = False
            if self.held is not None and not self.dragging:
                x, y = self.held[1]
                self.dragging = abs(event.pos[0] - x) + abs(event.pos[1] - y) >= DRAG_PIXELS
            return None
        if not self.acting(view):
            self.held, self.dragging = None, False
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held is not None:
            return self._release(view, event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 3:
                self.drop_picks()
            elif event.button == 1:
                card = self.card_at(event.pos)
                if card is not None:  # a click or the start of a drag: decided on release
                    shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                    self.held, self.dragging, self.held_shift = (card, event.pos), False, shift
                    return None
                return self._click(view, event.pos)
            elif event.button in (4, 5):
                self._turn_page(view, -1 if event.button == 4 else 1)
            return None
        if event.type == pygame.MOUSEWHEEL:
            self._turn_page(view, -event.y)
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(view, event.key)
        return None

    def cancel(self) -> bool:
        """Esc: drop the picks; True if there were any."""
        had = self.picks != Picks() or bool(self.supports)
        self.drop_picks()
        return had

    def drop_picks(self) -> None:
        self.picks, self.supports, self.page, self.confirm = Picks(), [], 0, None

    def _offer(self, view: SixtyFiveView, action: Action) -> Action | None:
        if self._hopeless(view, action) and self.confirm != action:
            self.confirm = action  # no chance: fired only when chosen again
            what = describe(action, view, self.data, self._ground)
            self.say(f"No chance (0%): {what}. Choose it again to fire anyway.", deny=True)
            return None
        self.confirm = None
        if isinstance(action, Play) and self.supports:
            action = replace(action, supports=tuple(self.supports))
        reason = view.why_not(action)
        if reason is not None:  # the rules write their refusals with ids
            units = {u.id: u for u in view.units}
            self.say(in_words(reason, Namer(self.data, units, side_names(view))), deny=True)
            return None
        return action

    def _hopeless(self, view: SixtyFiveView, action: Action) -> bool:
        """A fire with no chance of any effect (its card, a single shot, would be spent
        for nothing)."""
        if not is_fire(action):
            return False
        odds = fire_odds(view, self.explained(view, action))
        return odds is not None and odds[0] <= 0.0

    def _pick(self, view: SixtyFiveView, picks: Picks) -> Action | None:
        """Narrow to ``picks``: play the one action left, or list them."""
        left = narrowed(view, picks)
        if not left:
            return None
        self.picks, self.page = picks, 0
        if picks.hex is not None:
            alike = self.listed(view)  # two paths to one hex read, and play, as one
            if len(alike) == 1 or len(left) == 1:
                return self._offer(view, alike[0].action if len(alike) == 1 else left[0])
        self.assets.play("click")
        return None

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The card of the hand under the pointer (the topmost), or None."""
        for rect, card in self.hand_rects:
            if rect.collidepoint(pos):
                return card
        return None

    def _release(self, view: SixtyFiveView, pos: tuple[int, int]) -> Action | None:
        """The left button let go after pressing on a card: a click on it, or the card
        dropped on a hex (played there: the card picked, then the hex clicked)."""
        assert self.held is not None
        card, dragged = self.held[0], self.dragging
        self.held, self.dragging = None, False
        if not dragged:
            return self._click_card(view, card, self.held_shift)
        hex_id = self.picture.hex_at(pos) if self.picture is not None else None
        if hex_id is None:
            return None
        picks = replace(self.picks, card=card, hex=None)
        if not narrowed(view, picks):
            picks = Picks(card=card)
        if not narrowed(view, picks):
            self.say(f"{card_label(self.data, card)}: nothing it can do now.", deny=True)
            return None
        self.picks = picks
        return self._click_hex(view, hex_id)

    def _click(self, view: SixtyFiveView, pos: tuple[int, int]) -> Action | None:
        for button, action in self.buttons:
            if button.hit(pos):
                return self._offer(view, action)
        if self.picture is None:
            return None
        hex_id = self.picture.hex_at(pos)
        if hex_id is None:
            return None
        return self._click_hex(view, hex_id)

    def _click_card(self, view: SixtyFiveView, card: str, shift: bool) -> Action | None:
        if shift and self.picks.card not in (None, card):
            if card in self.supports:
                self.supports.remove(card)
            else:
                self.supports.append(card)
            self.assets.play("click")
            return None
        if self.picks.card == card:
            self.picks = replace(self.picks, card=None)
            return None
        picks = replace(self.picks, card=card, hex=None)
        if not narrowed(view, picks):
            picks = Picks(card=card)
        if not narrowed(view, picks):
            self.say(f"{card_label(self.data, card)}: nothing it can do now.", deny=True)
            return None
        if card in self.supports:
            self.supports.remove(card)
        return self._pick(view, picks)

    def _click_hex(self, view: SixtyFiveView, hex_id: str) -> Action | None:
        units = {u.id: u for u in view.units}
        can = actors(view)
        mine = [u.id for u in top_first(self.counters_in(view, hex_id)) if u.id in can]
        there = replace(self.picks, hex=hex_id)
        cycle = len(mine) > 1 and self.picks.unit in mine  # another click on the stack
        if self.picks.unit is not None and not cycle and narrowed(view, there):
            return self._pick(view, there)
        if mine:
            i = mine.index(self.picks.unit) + 1 if self.picks.unit in mine else 0
            unit = mine[i % len(mine)]
            picks = replace(self.picks, unit=unit, hex=None)
            if not narrowed(view, picks):
                picks = Picks(unit=unit)
            return self._pick(view, picks)
        if narrowed(view, there):
            return self._pick(view, there)
        if narrowed(view, Picks(hex=hex_id)):
            return self._pick(view, Picks(hex=hex_id))
        held = [unit_name(units, u.id) for u in view.units if u.hex == hex_id and not u.eliminated]
        what = f"{hex_id} ({', '.join(held)})" if held else hex_id
        self.say(f"Nothing listed to do with {what} now.", deny=True)
        return None

    def _turn_page(self, view: SixtyFiveView, step: int) -> None:
        pages = max(1, len(self.pages(view)))
        self.page = max(0, min(pages - 1, self.page + step))

    def _key(self, view: SixtyFiveView, key: int) -> Action | None:
        if key == pygame.K_ESCAPE:
            self.drop_picks()
            return None
        if key == pygame.K_TAB:
            ids = [u.id for u in view.units if u.id in actors(view)]
            if ids:
                i = ids.index(self.picks.unit) + 1 if self.picks.unit in ids else 0
                self.picks, self.page = Picks(card=self.picks.card, unit=ids[i % len(ids)]), 0
                if not narrowed(view, self.picks):
                    self.picks = Picks(unit=ids[i % len(ids)])
                there = next(u.hex for u in view.units if u.id == ids[i % len(ids)])
                if self.picture is not None and there:
                    self.picture.look_at([there])  # the unit Tab took, in view
            return None
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._turn_page(view, -1 if key == pygame.K_PAGEUP else 1)
            return None
        if key in GENERAL_KEYS:
            return self._offer(view, GENERAL_KEYS[key]())
        if key == pygame.K_s:
            return self._search(view)
        if key in END_KEYS:
            for kind in (EndImpulse, Done, Decline):
                if kind() in view.candidate_actions:
                    return self._offer(view, kind())
            return self._offer(view, EndImpulse())
        if key in CHOICE_KEYS:
            shown = self.shown(view)
            i = CHOICE_KEYS.index(key)
            if i < len(shown):
                return self._offer(view, shown[i])
        return None

    def _search(self, view: SixtyFiveView) -> Action | None:
        """S (scenario 8): the picked unit's search (with the picked card, else the first
        Power card that may); with no unit picked, the one unit that may search."""
        fits = [a for a in narrowed(view, replace(self.picks, hex=None)) if is_search(a)]
        every = [a for a in view.candidate_actions if is_search(a)]
        searches = fits or every
        if not searches:
            self.say("No search now: a Rifle or Sapper in a relic hex, a Power card.", deny=True)
            return None
        searchers = list(dict.fromkeys(u for a in searches for u in units_of(a)))
        if len(searchers) > 1:
            self.picks, self.page = Picks(unit=searchers[0]), 0
            self.say("Several units may search: pick one (Tab), then S.")
            return None
        return self._offer(view, searches[0])

    def listed(self, view: SixtyFiveView) -> list[Entry]:
        """Every entry the list offers for the picks (``sixty_five_list``), worked out
        once per view and picks (a frame asks several times)."""
        known = self._listed
        if known is not None and known[0] is view and known[1] == self.picks:
            return known[2]
        found = entries(
            view, self.picks, self.data, lambda a: self.explained(view, a), self._ground
        )
        self._listed = (view, self.picks, found)
        return found

    def pages(self, view: SixtyFiveView) -> list[list[Row]]:
        """The list in pages of the rows the panel has room for (kept while the same)."""
        listed, rows = self.listed(view), list_rows(self, view)
        known = self._pages
        if known is None or known[0] is not listed or known[1] != rows:
            known = self._pages = (listed, rows, pages(listed, rows))
        return known[2]

    def rows(self, view: SixtyFiveView) -> list[Row]:
        """The page of the list the panel shows: card headers and numbered entries."""
        every = self.pages(view)
        if not every:
            return []
        self.page = min(self.page, len(every) - 1)
        return every[self.page]

    def has_pages(self, view: SixtyFiveView) -> bool:
        """Whether the viewer's list has more pages (PgUp/PgDn turn it, not the log)."""
        return self.acting(view) and len(self.pages(view)) > 1

    def shown(self, view: SixtyFiveView) -> list[Action]:
        """The actions of the page shown (numbered 1-9)."""
        return [r.action for r in self.rows(view) if isinstance(r, Entry)]

    # -- events ----------------------------------------------------------------------------
    def on_events(self, events: Sequence[Event], view: SixtyFiveView) -> None:
        if events:
            self.hover_hidden = True  # the box spoke of the board before: until it moves
        played = not self._answering and any(isinstance(e, CardPlayed) for e in events)
        if played or any(isinstance(e, NEXT_ACTION) for e in events):
            self.clear_overlays()  # a new action starts (not an answer): the marks go
        self._answering = view.window is not None
        sounds = mark_events(self, events, view)
        if self.picture is not None:
            follow(self.picture, events, view, self.acting(view))
        self._explained.clear()
        hand = set(view.hand)
        if self.picks.card is not None and self.picks.card not in hand:
            self.drop_picks()
        self.supports = [c for c in self.supports if c in hand and c != self.picks.card]
        if not narrowed(view, self.picks):
            self.drop_picks()
        for name in dict.fromkeys(sounds):
            self.assets.play(name)

    def clear_overlays(self) -> None:
        """Forget the last fire's Damage Draw and the last strike's crosshairs."""
        self.last_draw, self.last_fire, self.last_strike, self.ap_result = [], "", None, None
        self.fx.discard(DrawnCard)

    def auto_action(self, view: SixtyFiveView, always_ask: bool) -> Action | None:
        """A reaction window the viewer cannot answer (no card of the hand fits, only
        Decline is listed) is declined without asking, unless ``always_ask`` (the
        setting "always ask me")."""
        if always_ask or not self.acting(view) or view.window is None:
            return None
        if list(view.candidate_actions) != [Decline()]:
            return None
        asks = window_text(view) or "A decision"
        self.say(f"No card in hand answers: passed. ({asks.split(':')[0]})")
        return Decline()

    def choice_labels(self, view: SixtyFiveView) -> list[str]:
        """Every choice the panel offers the viewer now, as drawn (none when it is not
        the viewer's turn)."""
        if not self.acting(view):
            return []
        asks = window_text(view)
        texts = [asks] if asks else []
        texts += [r.text for r in self.rows(view)]
        return texts + [
            describe(a, view, self.data, self._ground) for a in general(view.candidate_actions)
        ]

    def banner(self, text: str) -> None:
        self.fx.discard(Banner)
        self.fx.add(Banner(0.0, BANNER_TIME, text=text))

    def status(self, view: SixtyFiveView) -> str:
        if view.outcome is not None:
            return "Game over"
        names = long_names(view)
        who = f"the {names[view.current_player]}" if view.current_player is not None else ""
        turn = f"Turn {view.turn} of {view.turns}"
        if view.phase == "impulse":
            phasing = possessive(f"the {names[view.phasing]}")
            answers = f", {who} answer" if view.window is not None else ""
            return f"{turn}: {phasing} impulse{answers}"
        return f"{turn}: {phase_name(view.phase)}, {who}"

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: SixtyFiveView) -> None:
        self._ensure_board(view)
        if self._home:
            self._home = False
            self._home_view(view)
        if self.acting(view) and not self._zone_shown and self.picture is not None:
            self._zone_shown = True  # the first time the viewer acts: where, if unseen
            zone = focus(view)
            if zone and not any(self.picture.in_view(h) for h in zone):
                self.picture.look_at(zone[:1], force=True)
        paint(self, surface, view)

    def explained(self, view: SixtyFiveView, action: Action) -> Explanation | None:
        """The rules calculator's answer for a listed action (remembered until the next
        events)."""
        if action not in self._explained:
            self._explained[action] = view.explain(action)
        return self._explained[action]

    def hover_fire(self, view: SixtyFiveView, hex_id: str) -> tuple[Action, str] | None:
        """The picked unit's first fire at the hovered hex, its odds (sixty_five_odds)."""
        return hover_fire(view, self.picks, lambda a: self.explained(view, a), hex_id)

    def hover_shooters(self, view: SixtyFiveView, hex_id: str) -> list[str]:
        """With no unit picked, the odds of the units that may fire at the hovered hex
        (kept while the pointer stays over the hex)."""
        known = self._shooters
        if known is None or known[0] is not view or known[1] != (self.picks, hex_id):
            lines = hover_shooters(view, self.picks, lambda a: self.explained(view, a), hex_id)
            known = self._shooters = (view, (self.picks, hex_id), lines)
        return known[2]

    def hover_bunker_shot(self, view: SixtyFiveView, hex_id: str) -> str | None:
        """23b: the picked unit's shot at the bunker itself in the hovered hex."""
        return hover_bunker_shot(view, self.picks, lambda a: self.explained(view, a), hex_id)

    @staticmethod
    def general_actions(view: SixtyFiveView) -> list[Action]:
        return general(view.candidate_actions)

    @staticmethod
    def counters_in(view: SixtyFiveView, hex_id: str) -> list[Counter]:
        return [u for u in view.units if u.hex == hex_id and not u.eliminated]

    def targets(self, view: SixtyFiveView) -> set[str]:
        """Hexes the listed actions that fit the picks point at (once per view and
        picks: a frame asks twice, and with nothing picked it reads every action)."""
        known = self._targets
        if known is not None and known[0] is view and known[1] == self.picks:
            return known[2]
        units = {u.id: u for u in view.units}
        found = {
            h for a in narrowed(view, replace(self.picks, hex=None)) for h in hexes_of(a, units)
        }
        self._targets = (view, self.picks, found)
        return found
