"""Selection and input of the Tunnel Rats table: clicks and keys become legal actions.

:class:`TableInput` (a :class:`~game.ui.tables.base.TableBase`) keeps what the player is
pointing at (the selected figure, the stance previewed, the keyboard cursor, the action
proposed and waiting for confirmation) and turns mouse and key events into actions taken
only from ``view.legal_actions``. Any roll is first proposed (the prompt shows its odds)
and done on confirmation: Enter, or the same click or key again - the toolkit's
select-then-confirm (``self.pick``, offered the legal actions). The drawing table in
:mod:`tunnel_rats` subclasses it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.core.api import Action
from game.rules.tunnel_rats.actions import (
    ChangeStance,
    Dress,
    Enter,
    Forfeit,
    Melee,
    Move,
    Reload,
    Search,
    Shoot,
)
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.figures import Cell, Enemy, Rat
from game.rules.tunnel_rats.view import TRView
from game.ui.assets import Assets
from game.ui.render.view import MapView
from game.ui.tables.base import TableBase
from game.ui.tables.tunnel_rats.board import TunnelBoard
from game.ui.tables.tunnel_rats.panel import SidePanel
from game.ui.toolkit.select import SelectConfirm

STANCE_KEYS = {
    pygame.K_r: Stance.RUNNING,
    pygame.K_o: Stance.CROUCHING,
    pygame.K_a: Stance.CRAWLING,
}
COMMAND_KEYS = {
    pygame.K_f: "fire",
    pygame.K_c: "melee",
    pygame.K_s: "search",
    pygame.K_t: "trap",
    pygame.K_d: "dress",
    pygame.K_l: "reload",
    pygame.K_e: "enter",
    pygame.K_x: "forfeit",
}
ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
Figure = Rat | Enemy


def everyone(view: TRView) -> list[Figure]:
    """Every figure in the view (rats first)."""
    return [*view.rats, *view.enemies]


class TableInput(TableBase[TRView]):
    """Selection state and input handling (see the module docstring)."""

    def __init__(self, assets: Assets) -> None:
        self.board = TunnelBoard(assets)
        self.side = SidePanel(assets)
        self.sel: str | None = None
        self.inspect: str | None = None  # a figure clicked only to look at its card
        self.stance: Stance | None = None
        self.cursor: Cell | None = None
        self.hover: Cell | None = None
        self.mouse: tuple[int, int] = (-1, -1)
        self.pick: SelectConfirm[Action] = SelectConfirm()  # the proposed action
        self._seat: object = "unset"
        self._map_arrows: set[int] = set()
        self._last_view: TRView | None = None
        self.show_help = False  # the key card over the map (H)
        self.edge_marks: list[tuple[pygame.Rect, str]] = []  # arrows to enemies off screen
        super().__init__(assets)

    @property
    def pending(self) -> Action | None:
        """The action proposed and waiting for confirmation (its odds are shown)."""
        return self.pick.selected

    # -- what the viewer has -------------------------------------------------------------
    @staticmethod
    def own(view: TRView) -> list[Figure]:
        figs: Sequence[Figure] = (
            view.rats if view.seat == 0 else view.enemies if view.seat == 1 else ()
        )
        return [f for f in figs if f.alive]

    @staticmethod
    def figure(view: TRView, fid: str | None) -> Figure | None:
        if fid is None:
            return None
        return view.rat(fid) or view.enemy(fid)

    def actors(self, view: TRView) -> list[str]:
        """Own figures with something to do now, in order."""
        ids = {getattr(a, "figure", None) for a in view.legal_actions}
        return [f.id for f in self.own(view) if f.id in ids]

    def _of(self, view: TRView, kind: type, fid: str | None = None) -> list[Action]:
        fid = self.sel if fid is None else fid
        return [
            a
            for a in view.legal_actions
            if isinstance(a, kind) and getattr(a, "figure", None) == fid
        ]

    def preview_stance(self, view: TRView, fig: Figure) -> Stance:
        if self.stance is not None:
            return self.stance
        moves = self._of(view, Move, fig.id)
        stances: set[Stance] = {m.stance for m in moves if isinstance(m, Move)}
        if fig.stance in stances or not stances:
            return fig.stance
        return max(
            stances, key=lambda s: (s.rank <= fig.stance.rank, -abs(s.rank - fig.stance.rank))
        )

    def move_cells(self, view: TRView, known: bool = True) -> dict[Cell, Move]:
        """The legal moves of the selected figure in the preview stance, by cell. With
        ``known`` only cells the viewer has explored (what the map lights up); a rat may
        still feel his way into the dark: a click there moves him if the rules allow it."""
        fig = self.figure(view, self.sel)
        if fig is None:
            return {}
        stance = self.preview_stance(view, fig)
        out: dict[Cell, Move] = {}
        for a in self._of(view, Move):
            assert isinstance(a, Move)
            if a.stance == stance and (not known or view.knows_cell(fig.level, a.cell)):
                out[a.cell] = a
        return out

    def path_to(self, view: TRView, fig: Figure, stance: Stance, cell: Cell) -> list[Cell]:
        """The way the figure would walk (the rules' cheapest path over the level plan)."""
        lv = view.levels[fig.level]
        blocked = {f.cell for f in everyone(view) if f.alive and f.level == fig.level}
        blocked.discard(fig.cell)
        if isinstance(fig, Rat):
            blocked |= {t.cell for t in view.traps if t.level == fig.level and t.armed}
        reach = lv.reach(fig.cell, view.rules.stance_move.get(stance), stance, blocked)
        return reach.path(cell) or [fig.cell, cell]

    # -- selection ---------------------------------------------------------------------
    def _sync(self, view: TRView) -> None:
        self._last_view = view
        self.board.ensure(view)
        if view.seat != self._seat:
            self._seat = view.seat
            self.sel = self.inspect = None
            self.pick.cancel()
            self.stance = self.cursor = None
            self.board.centred.clear()
        own = self.own(view)
        if self.sel is not None and self.figure(view, self.sel) is None:
            self.sel = None
        if view.seat is not None and (self.sel is None or self.sel not in {f.id for f in own}):
            actors = self.actors(view)
            self.sel = actors[0] if actors else (own[0].id if own else None)
            fig = self.figure(view, self.sel)
            if fig is not None:
                self.board.show_level(fig.level)
        self.pick.offer(view.legal_actions)  # a proposal no longer legal is dropped
        if self.board.level not in self.board.centred:
            self.board.centred.add(self.board.level)
            lv = self.board.level
            mine = [f.cell for f in own if f.level == lv and f.can_act] or [
                r.cell for r in view.rats if r.alive and r.level == lv
            ]
            if not mine and view.explored is not None:
                mine = sorted(view.explored[lv])
            self.board.frame(mine)  # nothing to look at: the camera stays put

    def select(self, view: TRView, fid: str) -> None:
        self.sel, self.inspect = fid, None
        self.stance = self.cursor = None
        self.pick.cancel()
        fig = self.figure(view, fid)
        if fig is not None:
            if fig.level != self.board.level:
                self.board.show_level(fig.level)
                self.board.centred.add(fig.level)
            self.board.keep_in_view(fig.cell)
        self.assets.play("click")

    def look_at(self, view: TRView, fid: str) -> None:
        """Pan the map to figure ``fid`` (showing his level): the "In sight" names and
        the arrows at the map's edge."""
        fig = self.figure(view, fid)
        if fig is None:
            return
        self.board.show_level(fig.level)
        self.board.centred.add(fig.level)
        self.board.centre_on([fig.cell])
        self.assets.play("click")

    def cycle(self, view: TRView, step: int) -> None:
        ids = self.actors(view) or [f.id for f in self.own(view)]
        if not ids:
            return
        i = ids.index(self.sel) if self.sel in ids else -step
        self.select(view, ids[(i + step) % len(ids)])

    # -- input ---------------------------------------------------------------------------
    def cancel(self) -> bool:
        """Esc: drop what is proposed, the keyboard cursor or the key card; True if there
        was something to drop (a second Esc then leaves the game)."""
        had = self.pending is not None or self.cursor is not None or self.show_help
        self.pick.cancel()
        self.cursor = None
        self.show_help = False
        return had

    def handle_event(self, event: pygame.event.Event, view: TRView) -> Action | None:
        self._sync(view)
        mv = self.board.mapview()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            over_map = mv is not None and self.board.viewport.collidepoint(event.pos)
            self.hover = mv.cell_at(event.pos) if mv is not None and over_map else None
            if mv is not None:
                mv.handle_event(event)
            return None
        if event.type == pygame.KEYUP and event.key in self._map_arrows:
            self._map_arrows.discard(event.key)
            if mv is not None:
                mv.handle_event(event)
            return None
        if event.type == pygame.MOUSEWHEEL:
            if mv is not None and self.board.viewport.collidepoint(self.mouse):
                mv.handle_event(event)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            seen = self.side.sight_at(event.pos) or next(
                (fid for rect, fid in self.edge_marks if rect.collidepoint(event.pos)), None
            )
            if seen is not None:
                self.look_at(view, seen)
                return None
            if self.side.rect.collidepoint(event.pos):
                if self.side.prompt_rect.collidepoint(event.pos) and self.pending is not None:
                    return None if self.busy() else self._confirm()
                cmd = self.side.button_at(event.pos)
                return self._command(cmd, view) if cmd and not self.busy() else None
            tab = self.board.tab_at(event.pos)
            if tab is not None:
                self.board.show_level(tab)
                return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and mv is not None:
            click = mv.handle_event(event)
            if click is None or click.cell is None or self.busy():
                return None
            if click.button == 3:
                self.cursor = None
                self.pick.cancel()
                return None
            return self.click_cell(view, click.cell) if click.button == 1 else None
        if event.type == pygame.KEYDOWN:
            return self._key(event, view, mv)
        return None

    def _key(self, event: pygame.event.Event, view: TRView, mv: MapView | None) -> Action | None:
        key, mod = event.key, event.mod
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return None
        if key in ARROWS:
            my_turn = bool(view.legal_actions) and self.sel is not None
            if mod & pygame.KMOD_SHIFT or not my_turn:
                if mv is not None:
                    self._map_arrows.add(key)
                    mv.handle_event(event)
                return None
            self._move_cursor(view, ARROWS[key])
            return None
        if pygame.K_1 <= key <= pygame.K_9:
            self.board.show_level(key - pygame.K_1)
            return None
        if key == pygame.K_BACKSPACE:
            self.cursor = self.inspect = None
            self.pick.cancel()
            self.show_help = False
            return None
        if key == pygame.K_h:
            self.show_help = not self.show_help
            return None
        if self.busy():
            return None
        if key == pygame.K_TAB:
            self.cycle(view, -1 if mod & pygame.KMOD_SHIFT else 1)
            return None
        if key in STANCE_KEYS:
            return self._command(f"stance:{STANCE_KEYS[key].value}", view)
        if key in COMMAND_KEYS:
            return self._command(COMMAND_KEYS[key], view)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.pending is not None:
                return self._confirm()
            if self.cursor is not None:
                return self.click_cell(view, self.cursor)
        return None

    def _move_cursor(self, view: TRView, delta: tuple[int, int]) -> None:
        fig = self.figure(view, self.sel)
        if fig is None:
            return
        if fig.level != self.board.level:
            self.board.show_level(fig.level)
        lv = view.levels[fig.level]
        x, y = self.cursor or fig.cell
        nx = min(max(0, x + delta[0]), lv.width - 1)
        ny = min(max(0, y + delta[1]), lv.height - 1)
        self.cursor = (nx, ny)
        self.pick.cancel()
        self.board.keep_in_view(self.cursor)

    def _confirm(self) -> Action | None:
        self.stance = self.cursor = None
        return self.pick.confirm()

    def _propose(self, action: Action) -> None:
        """Propose ``action`` (the prompt shows it and its odds) and bring it into view."""
        self.pick.select(action)
        self.cursor = None
        self._frame_pending()

    def _cycle_pending(self, options: list[Action], name: str) -> Action | None:
        """First press proposes the first choice; pressing again moves on to the next one,
        or confirms when there is only one."""
        if not options:
            self.say(f"{name}: not possible now.", deny=True)
            return None
        chosen = self.pick.step(options)
        if chosen is not None:
            self.stance = self.cursor = None
            return chosen
        self.cursor = None
        self._frame_pending()
        return None

    def _frame_pending(self) -> None:
        """Bring the proposed action's target (and the actor) into view."""
        view = self._last_view
        if view is None or self.pending is None:
            return
        target = self.figure(view, getattr(self.pending, "target", None))
        if target is None:
            target = self.figure(view, getattr(self.pending, "patient", None))
        fig = self.figure(view, self.sel)
        for f in (target, fig):
            if f is not None and f.level == self.board.level:
                self.board.keep_in_view(f.cell)

    def _command(self, cmd: str | None, view: TRView) -> Action | None:
        if cmd is None or not view.legal_actions:
            return None
        if cmd == "next":
            self.cycle(view, 1)
            return None
        if cmd == "forfeit":
            if self.pending == Forfeit():
                return self._confirm()
            self.pick.select(Forfeit())
            return None
        fig = self.figure(view, self.sel)
        if fig is None:
            self.say("Select one of your figures first (click it or press Tab).", deny=True)
            return None
        if cmd.startswith("stance:"):
            stance = Stance(cmd.split(":", 1)[1])
            change = ChangeStance(fig.id, stance)
            if self.preview_stance(view, fig) == stance and change in view.legal_actions:
                self.stance = None
                return change
            moves = [a for a in self._of(view, Move) if a.stance == stance]  # type: ignore[attr-defined]
            if not moves and change not in view.legal_actions:
                self.say(f"{fig.name} cannot go {stance.value} here.", deny=True)
                return None
            self.stance = stance
            self.pick.cancel()
            return None
        if cmd == "reload":
            options = self._of(view, Reload)
            if not options:
                self.say(
                    "Reload: the gun is full, the pouch empty, or an automatic not empty.", True
                )
                return None
            return options[0]
        if cmd == "enter":
            options = self._of(view, Enter)
            if len(options) == 1:
                return options[0]
            return self._cycle_pending(options, "Go through an entrance")
        if cmd == "search":
            return self._cycle_pending(
                [Search(fig.id)] if Search(fig.id) in view.legal_actions else [], "Search"
            )
        kinds = {
            "fire": (Shoot, "Fire"),
            "melee": (Melee, "Close combat"),
            "dress": (Dress, "Dress"),
        }
        if cmd == "trap":
            options = [a for a in self._of(view, Search) if getattr(a, "trap", None)]
            return self._cycle_pending(options, "Disarm a trap")
        kind, name = kinds[cmd]
        options = self._of(view, kind)
        if kind in (Shoot, Melee):
            options.sort(key=lambda a: self._distance(view, fig, a.target))  # type: ignore[attr-defined]
        return self._cycle_pending(options, name)

    def _distance(self, view: TRView, fig: Figure, other: str) -> float:
        o = self.figure(view, other)
        if o is None:
            return math.inf
        return view.levels[fig.level].distance(fig.cell, o.cell)

    def click_cell(self, view: TRView, cell: Cell) -> Action | None:
        """What a click (or Enter on the cursor) on ``cell`` of the shown level does."""
        lv = self.board.level
        here = [f for f in everyone(view) if f.alive and f.level == lv and f.cell == cell]
        own_ids = {f.id for f in self.own(view)}
        fig = self.figure(view, self.sel)
        if here:
            other = here[0]
            if other.id in own_ids:
                if other.id == self.sel and fig is not None:
                    stance = self.preview_stance(view, fig)
                    change = ChangeStance(fig.id, stance)
                    if stance != fig.stance and change in view.legal_actions:
                        self.stance = None
                        return change
                    dresses = [a for a in self._of(view, Dress) if a.patient == fig.id]  # type: ignore[attr-defined]
                    if dresses and self.pending in dresses:
                        return self._confirm()
                    if dresses:
                        return self._cycle_pending(dresses, "Dress")
                    return None
                dresses = [a for a in self._of(view, Dress) if a.patient == other.id]  # type: ignore[attr-defined]
                if dresses and self.pending in dresses:
                    return self._confirm()
                self.select(view, other.id)
                return None
            if view.seat is None or not view.legal_actions or fig is None:
                self.inspect = other.id
                return None
            shots = [a for a in self._of(view, Shoot) if a.target == other.id]  # type: ignore[attr-defined]
            blows = [a for a in self._of(view, Melee) if a.target == other.id]  # type: ignore[attr-defined]
            if self.pending is not None and self.pending in shots + blows:
                return self._confirm()
            if shots or blows:
                self._propose((shots or blows)[0])
                return None
            self.inspect = other.id
            self.say(f"{fig.name} cannot attack {other.name} from here.", deny=True)
            return None
        if fig is None or not view.legal_actions:
            return None
        for trap in view.traps:
            if trap.level == lv and trap.cell == cell and trap.armed:
                option = Search(fig.id, trap.id)
                if option in view.legal_actions:
                    if self.pending == option:
                        return self._confirm()
                    self.pick.select(option)
                    return None
                self.say("Too far from that trap to disarm it (2 inches).", deny=True)
                return None
        for ent in view.entrances:
            if ent.level == lv and ent.cell == cell and Enter(fig.id, ent.id) in view.legal_actions:
                return Enter(fig.id, ent.id)
        moves = self.move_cells(view, known=False)
        if fig.level == lv and cell in moves:
            self.cursor = self.stance = None
            self.pick.cancel()
            return moves[cell]
        if self.pending is not None:
            self.pick.cancel()
            return None
        self.say(
            f"{fig.name} cannot reach that spot {self.preview_stance(view, fig).value}.", deny=True
        )
        return None
