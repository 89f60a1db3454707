"""The Tunnel Rats table: the tunnel map with miniatures and fog, the side column, rolls.

Layout: the map of the shown level (tabs above it when the scenario has two levels, with
the level's noise and the scenario) on the left; the side column on the right (round and
action points, the selected figure's cards and the side's roster, the prompt with the
odds, the action buttons - a marker legend for spectators). After an action that rolled,
the roll panel over the bottom of the map shows every die, modifier, total and target.

Mouse: click one of your figures to select it; the lit cells are where it can move in
the chosen stance (hover a cell to see the path, click to move). Click a seen enemy to
aim: the line of sight and the odds appear; click him again (or the prompt, or Enter) to
fire. Click a known trap to try to disarm it, a known entrance beside you to go through
it. Drag (or Shift+arrows) pans, the wheel zooms.

Keys (H shows them on screen): Tab / Shift+Tab next figure; R O A stance (the same letter
again changes stance where he stands); arrows move the cursor, Enter moves there or
confirms what the prompt proposes; F fire, C close combat, S search, T disarm a trap,
D dress (repeat the key to cycle the choices); L reload; E go through an entrance; X pass
the point; Backspace or a right click cancels; 1 / 2 show a level.

Hidden things are never drawn because the table draws only the view it is given.

Built on :class:`~game.ui.tables.base.TableBase` (through the input half,
:mod:`tunnel_rats_input`) and the toolkit: the walks, tracers and bursts are effects
(:mod:`tunnel_rats_fx`), the roll panel is :class:`~game.ui.toolkit.rolls.RollPanel`,
the proposed action a :class:`~game.ui.toolkit.select.SelectConfirm`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.core.api import Action, Event
from game.core.wounds import WoundLevel
from game.maps import grid
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
from game.rules.tunnel_rats.events import (
    AimedRoll,
    EntranceFound,
    LevelChanged,
    Moved,
    RoundStarted,
    ShotRolled,
    TrapResolved,
    Wounded,
)
from game.rules.tunnel_rats.figures import Cell
from game.rules.tunnel_rats.odds import action_odds
from game.rules.tunnel_rats.view import TRView
from game.ui import theme
from game.ui.assets import Assets
from game.ui.render.view import MapView
from game.ui.tables import register_table
from game.ui.tables.tunnel_rats.board import Token
from game.ui.tables.tunnel_rats.fx import (
    FLASH_TIME,
    SHOT_TIME,
    TRAP_FLASH,
    WOUND_FLASH,
    Burst,
    Tracer,
    draw_effects,
    start_walk,
    walk_of,
)
from game.ui.tables.tunnel_rats.input import Figure, TableInput, everyone
from game.ui.tables.tunnel_rats.legend import cell_lines, draw_cell_tip, draw_help
from game.ui.tables.tunnel_rats.panel import BUTTONS, Prompt
from game.ui.tables.tunnel_rats.sight import draw_edge_arrows, in_sight
from game.ui.tables.tunnel_rats.text import describe, help_lines, lit_button, side_name
from game.ui.toolkit.rolls import RollPanel

REACH_FILL = (80, 170, 255, 80)
TARGET_EDGE = (255, 90, 60)
CURSOR_EDGE = (120, 230, 255)
ROLL_SHOW = 5.0  # seconds the roll panel stays (hovering it lets the map show through)


@register_table
class TunnelRatsTable(TableInput):
    """Draws a :class:`TRView` and turns clicks and keys into Tunnel Rats actions."""

    def __init__(self, assets: Assets) -> None:
        super().__init__(assets)
        self.seat_labels = ["Rats", "Defenders"]
        self.roll_panel = RollPanel(assets, ROLL_SHOW)
        self.last_pos: dict[str, tuple[int, Cell]] = {}
        self.pieces_shown: dict[Cell, Token] = {}
        self.cell_tip: list[str] = []  # what the tip under the pointer says
        self.help_rect: pygame.Rect | None = None  # where the key card (H) was drawn
        self.tip_rect: pygame.Rect | None = None  # where the cell tip was drawn
        self.layout(pygame.Rect(0, 0, 950, 668))

    # -- layout --------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        r = self.rect
        pad = 8
        col_w = max(250, min(330, int(r.width * 0.3)))
        col = pygame.Rect(r.right - col_w - pad, r.top + pad, col_w, r.height - 2 * pad)
        self.side.layout(col)
        self.board.layout(
            pygame.Rect(r.left + pad, r.top + pad, col.left - r.left - 2 * pad, col.height)
        )
        # The scene's "Hand over" button goes over the top of the map (the column is too
        # narrow for it); the table offers no actions to a seat that may not act.
        vp = self.board.viewport
        self.action_rect = pygame.Rect(vp.left, vp.top + 12, vp.width, 64)

    # -- events and animation ------------------------------------------------------------
    def on_events(self, events: Sequence[Event], view: TRView) -> None:
        self.roll_panel.take(events)
        self.pick.cancel()
        sounds: list[str] = []
        for e in events:
            if isinstance(e, Moved):
                fig = self.figure(view, e.figure)
                if fig is not None and len(e.path) > 1 and e.level == self.board.level:
                    start_walk(self.fx, e.figure, tuple(e.path), e.level)
                if e.figure == self.sel or (view.seat is None and view.rat(e.figure)):
                    self._follow(e.level, e.path[-1])
                sounds.append("move")
            elif isinstance(e, LevelChanged):
                if e.figure == self.sel or (view.seat is None and view.rat(e.figure)):
                    self._follow(e.level, e.cell)
                sounds.append("move")
            elif isinstance(e, ShotRolled):
                sounds.append("shot")
                self._shot(view, e)
            elif isinstance(e, TrapResolved) and not e.disarmed:
                sounds.append("trap")
                who = self.figure(view, e.figure)
                level = who.level if who is not None else self.board.level
                self.fx.add(Burst(0.0, FLASH_TIME, cell=e.cell, level=level, colour=TRAP_FLASH))
            elif isinstance(e, Wounded):
                sounds.append("casualty" if e.wounds is WoundLevel.DEAD else "wound")
                where = self.last_pos.get(e.figure)
                fig = self.figure(view, e.figure)
                if fig is not None:
                    where = (fig.level, fig.cell)
                if where is not None:
                    self.fx.add(
                        Burst(0.0, FLASH_TIME, cell=where[1], level=where[0], colour=WOUND_FLASH)
                    )
                    if view.seat is None and e.figure in {r.id for r in view.rats}:
                        self._follow(where[0], where[1])  # spectators see a rat fall
            elif isinstance(e, (EntranceFound, RoundStarted)):
                self.say(e.text())
                sounds.append("click")
        for name in dict.fromkeys(sounds):
            self.assets.play(name)
        if view.seat is None:
            self._frame_rats(view)

    def _frame_rats(self, view: TRView) -> None:
        """Spectators (the demo) keep every rat of the shown level framed, not only the
        one that last moved: shots and searches happen at the edges too."""
        cells = [r.cell for r in view.rats if r.alive and r.level == self.board.level]
        if cells and not all(self.board.in_view(c) for c in cells):
            self.board.centre_on(cells)

    def _follow(self, level: int, cell: Cell) -> None:
        if level != self.board.level:
            self.board.show_level(level)
            self.board.centred.add(level)
            self.board.centre_on([cell])
        else:
            self.board.keep_in_view(cell)

    def _shot(self, view: TRView, roll: ShotRolled) -> None:
        shooter = self.figure(view, roll.shooter) if roll.shooter is not None else None
        target = self.figure(view, roll.shot_at)
        if shooter is not None and target is not None and shooter.level == target.level:
            self.fx.add(
                Tracer(0.0, SHOT_TIME, origin=shooter.cell, target=target.cell, level=shooter.level)
            )

    def update(self, dt: float) -> None:
        super().update(dt)
        self.roll_panel.update(dt)
        mv = self.board.views.get(self.board.level)
        if mv is not None:
            mv.update(dt)

    # -- text ------------------------------------------------------------------------------
    def status(self, view: TRView) -> str:
        """Round, both sides' action points left and whose point it is (the top bar)."""
        if view.outcome is not None:
            return "Game over"
        rats, defenders = view.scenario.side_names
        return (
            f"Round {view.round} of {view.scenario.round_limit} - {rats} {view.points[0]} AP, "
            f"{defenders} {view.points[1]} AP - {side_name(view, view.current_player)} act"
        )

    def choice_labels(self, view: TRView) -> list[str]:
        """Every text of a choice the table offers the viewer now: the buttons, the
        prompt (what is proposed, or what to try), the names under "In sight", the
        sentence each action of the viewer's figures would be proposed with, and the
        tip of the cell under the pointer."""
        if self.watching:
            return []  # a replay offers nothing
        self._sync(view)
        labels = [label for _, label, _ in BUTTONS]
        prompt = self.prompt(view)
        labels += [prompt.title, *prompt.lines]
        labels += [f.name for f in in_sight(view)]
        labels += [describe(a, view) for a in view.legal_actions if not isinstance(a, Move)]
        labels += self.cell_tip
        return labels

    def prompt(self, view: TRView) -> Prompt:
        fig = self.figure(view, self.sel)
        if self.pending is not None:
            odds = action_odds(view, self.pending)
            lines = [odds.text] if odds is not None else []
            target = self.figure(view, getattr(self.pending, "target", None) or "")
            if fig is not None and target is not None:
                dist = view.levels[fig.level].distance(fig.cell, target.cell)
                lines.append(f"Line of sight clear, {dist:.1f} in.")
            lines.append("Enter or a click here: do it. Backspace: cancel.")
            return Prompt(describe(self.pending, view) + "? [Enter]", tuple(lines), theme.ACCENT)
        if self.notice:
            return Prompt(self.notice, (), theme.TEXT)
        aimed = self._hover_attack(view)
        if aimed is not None:
            hover_odds = action_odds(view, aimed)
            found = (hover_odds.text,) if hover_odds is not None else ()
            return Prompt(describe(aimed, view) + ": click to aim", found, theme.TEXT)
        if view.outcome is not None:
            return Prompt("The game is over.", (view.outcome.reason,))
        if self.watching and view.current_player is not None:
            return Prompt(self.to_act_line(view.scenario.side_names[view.current_player]))
        if not view.legal_actions:
            return Prompt(f"Waiting: {side_name(view, view.current_player)} spend a point.", ())
        if fig is None:
            return Prompt("Your point: no figure can act.", ("Pass the point with X.",))
        return Prompt(
            *help_lines(view, fig, self.preview_stance(view, fig), self.hover or self.cursor)
        )

    def _hover_attack(self, view: TRView) -> Action | None:
        """The shot (else blow) the selected figure could make at the figure under the
        pointer, to show its odds before anything is clicked."""
        if self.hover is None or not view.legal_actions:
            return None
        lv = self.board.level
        for other in self.opponents(view):
            if other.level == lv and other.cell == self.hover:
                for kind in (Shoot, Melee):
                    for a in self._of(view, kind):
                        if getattr(a, "target", None) == other.id:
                            return a
        return None

    def enabled(self, view: TRView) -> dict[str, bool]:
        out = {"forfeit": Forfeit() in view.legal_actions, "next": len(self.actors(view)) > 1}
        fig = self.figure(view, self.sel)
        if fig is None:
            return out
        moves = self._of(view, Move) + self._of(view, ChangeStance)
        for stance in Stance:
            out[f"stance:{stance.value}"] = any(a.stance == stance for a in moves)  # type: ignore[attr-defined]
        out["fire"] = bool(self._of(view, Shoot))
        out["melee"] = bool(self._of(view, Melee))
        out["search"] = Search(fig.id) in view.legal_actions
        out["trap"] = any(getattr(a, "trap", None) for a in self._of(view, Search))
        out["dress"] = bool(self._of(view, Dress))
        out["reload"] = bool(self._of(view, Reload))
        out["enter"] = bool(self._of(view, Enter))
        return out

    def lit_button(self, view: TRView) -> str | None:
        if self.pending is not None:
            return lit_button(self.pending)
        fig = self.figure(view, self.sel)
        return f"stance:{self.preview_stance(view, fig).value}" if fig is not None else None

    # -- drawing ----------------------------------------------------------------------------
    def pieces(self, view: TRView) -> dict[Cell, Token]:
        """The tokens of the shown level, from the view only (never the live state)."""
        lv = self.board.level
        out: dict[Cell, Token] = {}
        for fig in everyone(view):
            if not fig.alive:
                continue
            self.last_pos[fig.id] = (fig.level, fig.cell)
            if fig.level != lv:
                continue
            token = Token(fig.id, fig, self.board, selected=fig.id in (self.sel, self.inspect))
            walking = walk_of(self.fx, fig.id, lv)
            if walking is not None:
                token.path, token.f = walking.path, walking.f
            out[fig.cell] = token
        return out

    def draw(self, surface: pygame.Surface, view: TRView) -> None:
        view = self.unlisted(view)  # watching (a replay): offered nothing, no key hints
        self.board.keys_shown = not self.watching
        self._sync(view)
        surface.fill(theme.BG, self.rect)
        mv = self.board.mapview()
        fig = self.figure(view, self.sel)
        if mv is not None:
            self._overlays(view, mv, fig)
        self.pieces_shown = self.pieces(view)
        self.board.draw(surface, view, self.pieces_shown, self._draw_effects)
        sighted = in_sight(view)
        self.edge_marks = []
        if mv is not None:
            here = [f for f in sighted if f.level == self.board.level]
            self.edge_marks = draw_edge_arrows(surface, self.assets, mv, self.board.viewport, here)
        # The roll panel steps aside while the pointer is over it (to see the map below).
        if mv is not None:
            avoid = self._keep_clear(view, mv) if self.roll_panel.showing else []
            self.roll_panel.draw(surface, self.board.viewport, avoid, self.mouse)
        else:
            self.roll_panel.rect = None
        self.cell_tip, self.help_rect, self.tip_rect = [], None, None
        if self.show_help:
            self.help_rect = draw_help(surface, self.assets, self.board.viewport)
        elif mv is not None and self.board.viewport.collidepoint(self.mouse):
            under = mv.cell_at(self.mouse)  # afresh: the map may have moved under the pointer
            if under is not None and not any(
                r.collidepoint(self.mouse) for r, _ in self.edge_marks
            ):
                self.cell_tip = cell_lines(view, self.board.level, under)
                self.tip_rect = draw_cell_tip(
                    surface, self.assets, self.cell_tip, self.mouse, self.board.viewport
                )
        shown = self.figure(view, self.inspect) or fig
        prompt = replace(self.prompt(view), sight=tuple(f.id for f in sighted))
        self.side.draw(
            surface,
            view,
            shown,
            prompt,
            self.enabled(view),
            self.lit_button(view),
            self.mouse,
            watching=self.watching,
        )

    def _keep_clear(self, view: TRView, mv: MapView) -> list[pygame.Rect]:
        """The tokens the roll panel must not cover: the selected figure, who rolled and
        every figure the rolls name (the target), on the shown level."""
        rolls = self.roll_panel.rolls
        named = {self.sel, *(r.who for r in rolls)}
        for roll in rolls:  # typed fields only: the table never reads event English
            if isinstance(roll, ShotRolled):
                named.update(fid for fid in (roll.shooter, roll.shot_at) if fid is not None)
            elif isinstance(roll, AimedRoll):
                named.add(roll.at)
        px = self.board.cell_px()
        out = []
        for f in everyone(view):
            if f.id in named and f.alive and f.level == self.board.level:
                box = pygame.Rect(0, 0, int(px * 1.3), int(px * 1.3))
                box.center = (round(mv.cell_centre(f.cell)[0]), round(mv.cell_centre(f.cell)[1]))
                out.append(box)
        return out

    def _overlays(self, view: TRView, mv: MapView, fig: Figure | None) -> None:
        mv.clear_overlays()
        lv = self.board.level
        if fig is None or fig.level != lv or not view.legal_actions or self.busy():
            return
        moves = self.move_cells(view)
        mv.highlight(moves.keys(), REACH_FILL, key="reach")
        stance = self.preview_stance(view, fig)
        target_cell = self.cursor if self.cursor is not None else self.hover
        if self.pending is None and target_cell in moves:
            mv.draw_path(self.path_to(view, fig, stance, target_cell))
        aim = self.figure(view, getattr(self.pending, "target", None) or "")
        if aim is None and self.pending is None and self.hover is not None:
            aim = next(
                (e for e in self.opponents(view) if e.level == lv and e.cell == self.hover), None
            )
        if aim is not None and aim.level == lv:
            steps = grid.line_steps(fig.cell, aim.cell)[1:-1]
            lvl = view.levels[lv]
            blockers = [c for step in steps if all(lvl.blocks_los(x) for x in step) for c in step]
            mv.draw_los(fig.cell, aim.cell, bool(blockers), blockers)
        if self.cursor is not None:
            mv.highlight([self.cursor], (*CURSOR_EDGE, 70), key="cursor")

    def opponents(self, view: TRView) -> list[Figure]:
        figs: Sequence[Figure] = (
            view.enemies if view.seat == 0 else view.rats if view.seat == 1 else ()
        )
        return [f for f in figs if f.alive]

    def _draw_effects(self, surface: pygame.Surface, mv: MapView) -> None:
        if self.cursor is not None:
            pygame.draw.polygon(surface, CURSOR_EDGE, mv.cell_outline(self.cursor), 3)
        draw_effects(surface, mv, self.fx, self.board.level, self.board.cell_px())
