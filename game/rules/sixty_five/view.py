"""What one seat of '65 may know: the map and every unit (nothing is hidden on the board
in the rules we have), its own hand, the size of the other hand and of the draw pile,
the discards, the End Turn count; never the other hand or the deck's order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.api import Action, Explanation, Outcome, Sealed, SeatView
from game.core.rng import Rng
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.relics_state import RelicsSeen
from game.rules.sixty_five.world import World


@dataclass(frozen=True, kw_only=True)
class SixtyFiveView(SeatView):
    phase: str
    turn: int
    turns: int
    scenario: str | None
    units: tuple[Counter, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, int]
    draw_pile_size: int
    discard: tuple[str, ...]
    set_aside: tuple[str, ...]
    end_turns: int
    end_turn_limit: int
    initiative: int
    phasing: int
    my_bids: tuple[str, ...]
    window: tuple[int, str, str] | None  # (seat, window, unit or hex) of an open decision
    control: tuple[tuple[str, int], ...]
    smoke: tuple[tuple[str, int], ...] = ()  # (hex, 2 or 1) of each Smoke marker (22f)
    victory: tuple[int, int] = (0, 0)  # both sides' victory points now, US first (24)
    goal: str = ""  # who wins how, in a few words (24)
    bonus: tuple[str, ...] = ()  # each seat's Bonus Victory Condition card, face up (24b)
    edges: tuple[tuple[str, str], ...] = ()  # (side, edge) friendly; ("exit:side", edge)
    #: scenario 6: the only hexes each seat may leave the map from (empty: its whole edges)
    exit_only: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    foxholes: tuple[str, ...] = ()  # hexes with a foxhole, placed or dug by Scrape (23a, 18s)
    #: 23: (hex, bunker facing or None, wire, rubble) of each hex with fortifications
    fortifications: tuple[tuple[str, int | None, bool, bool], ...] = ()
    visibility: int | None = None  # 18r Sudden Downpour: LOS reaches this many hexes
    wrecks: tuple[str, ...] = ()  # 9: hexes holding a wreck
    relics: RelicsSeen | None = None  # scenario 8: the search and where the relics are
    exited: tuple[str, ...] = ()  # 24: the units that left the map

    @property  # type: ignore[misc]
    def candidate_actions(self) -> tuple[Action, ...]:
        """The seat to act's candidate actions, listed from the sealed copy the first
        time they are asked for (a bot that draws with :meth:`random_action` never pays
        for the list); empty for any other seat."""
        listed: tuple[Action, ...] | None = self.__dict__.get("_listed")
        if listed is None:
            listed = self.__dict__["_given"]
            if not listed and self._acting() and self.sealed is not None:
                listed = tuple(self.sealed.state.candidate_actions())
            self.__dict__["_listed"] = listed
        return listed

    @candidate_actions.setter
    def candidate_actions(self, given: tuple[Action, ...]) -> None:
        self.__dict__["_given"] = given  # the dataclass's __init__ stores the field here

    def _acting(self) -> bool:
        return self.seat is not None and self.seat == self.current_player

    def random_action(self, rng: Rng) -> Action:
        """A random legal action for the seat to act, drawn the way a player decides
        (sampling.py) from the board and this seat's own hand."""
        if self.sealed is None or not self._acting():
            raise ValueError("there is no legal action to choose from: not this seat's turn")
        drawn: Action = self.sealed.state.random_action(rng)
        return drawn

    def why_not(self, action: Any) -> str | None:
        """For the seat to act, the rules' own answer (a play with support cards the
        listed candidates leave out is judged as the rules judge it); ``why_not`` reads
        only the board and the seat's own hand."""
        if self.sealed is not None and self.seat is not None and self.seat == self.current_player:
            answer: str | None = self.sealed.state.why_not(action)
            return answer
        return super().why_not(action)

    def progress(self) -> tuple[str, ...]:
        """Short lines on how the game stands against the scenario: the turn, both
        sides' victory points and what wins, each objective (scenarios/progress.py)."""
        from game.rules.sixty_five.scenarios.progress import progress_lines

        return progress_lines(self)

    def explain(self, action: Action) -> Explanation | None:
        """The rules calculator's answer for the seat to act (fire actions: the Damage
        Draw and the chance of each result, from the cards this seat has not seen)."""
        if self.sealed is None or self.seat is None or self.seat != self.current_player:
            return None
        if self.why_not(action) is not None:
            return None
        answer: Explanation = self.sealed.state.explain(action)
        return answer


def seat_view(
    world: World,
    seat: int | None,
    *,
    current_player: int | None,
    outcome: Outcome | None,
    sealed: Sealed[Any] | None,
    phase: str,
    turn: tuple[int, int],
    scenario: str | None,
    order: tuple[int, int],
    my_bids: tuple[str, ...],
    control: tuple[tuple[str, int], ...],
    victory: tuple[int, int] = (0, 0),
    goal: str = "",
    bonus: tuple[str, ...] = (),
    edges: tuple[tuple[str, str], ...] = (),
) -> SixtyFiveView:
    """The view of ``seat``: the world's public parts and that seat's own hand."""
    top = world.pending[-1] if world.pending else None
    return SixtyFiveView(
        seat=seat,
        current_player=current_player,
        outcome=outcome,
        candidate_actions=(),  # listed from ``sealed`` when asked for (the seat to act)
        sealed=sealed,
        phase=phase,
        turn=turn[0],
        turns=turn[1],
        scenario=scenario,
        units=tuple(u.copy() for u in world.units.values()),
        hand=tuple(world.hands[seat]) if seat is not None else (),
        hand_sizes=(len(world.hands[0]), len(world.hands[1])),
        draw_pile_size=len(world.draw_pile),
        discard=tuple(world.discard),
        set_aside=tuple(world.set_aside),
        end_turns=world.end_turns,
        end_turn_limit=world.end_turn_limit,
        initiative=order[0],
        phasing=order[1],
        my_bids=my_bids,
        window=(top.seat, top.window.value, top.unit) if top else None,
        control=control,
        smoke=tuple(sorted(world.field.smoke.items())),
        victory=victory,
        goal=goal,
        bonus=bonus,
        edges=edges,
        exit_only=world.exit_only or ((), ()),
        foxholes=tuple(sorted(world.foxholes)),
        fortifications=tuple(
            (h, f.bunker, f.wire, f.rubble) for h, f in sorted(world.fortifications.items())
        ),
        visibility=world.field.visibility,
        wrecks=tuple(sorted(world.wrecks)),
        relics=world.relics.seen() if world.relics is not None else None,
        exited=tuple(sorted(world.exited)),
    )
