"""The turn sequence: shuffle, initiative, turning over action cards in turn, Turn End,
morale, recovery of Downed models, scenario events.

1. Shuffle the 17 action cards. 2. Each player turns one over for initiative; the
higher goes first. 3-5. Players take turns turning over a card and acting on it or
passing, until Turn End comes up. 6. Both sides test morale at once. 7. Every Downed
infantry model draws: black stands up, red is a casualty. 8. A new turn.
"""

from __future__ import annotations

from game.core.api import Event
from game.core.deck import Deck
from game.rules.ratfight.board import Board, kept
from game.rules.ratfight.data import CardKind
from game.rules.ratfight.events import (
    CardDone,
    CardTurned,
    Fate,
    FigureFate,
    ForceBroken,
    GameEnded,
    InitiativeDrawn,
    Recovered,
    Test,
    TurnBegan,
    TurnEnded,
    mid,
    possessive,
)
from game.rules.ratfight.legal import redraw_problem
from game.rules.ratfight.model import Figure, Status


def begin_turn(board: Board) -> list[Event]:
    """Shuffle the action deck, draw for initiative, and the winner turns over a card."""
    rules = board.setting.rules
    board.turn += 1
    board.inspired = [False, False]
    board.turn_cut = False
    board.pending = None
    board.action_deck = Deck.shuffled(rules.action_deck(), board.rng)
    events: list[Event] = [TurnBegan(turn=board.turn)]
    sides = (board.side_name(0), board.side_name(1))
    winner: int | None = None
    while winner is None:
        if len(board.action_deck) < 2:
            board.action_deck = Deck.shuffled(rules.action_deck(), board.rng)
        one, two = board.action_deck.draw(board.rng), board.action_deck.draw(board.rng)
        assert one is not None and two is not None
        first, second = rules.card(one).initiative, rules.card(two).initiative
        winner = 0 if first > second else 1 if second > first else None
        titles = (rules.card(one).title, rules.card(two).title)
        events.append(InitiativeDrawn(cards=titles, winner=winner, sides=sides, reveals=True))
    # the initiative cards go back: the whole deck is shuffled for play
    board.action_deck = Deck.shuffled(rules.action_deck(), board.rng)
    return events + turn_over(board, winner)


def turn_over(board: Board, seat: int, *, redraw: bool = False) -> list[Event]:
    """``seat`` turns over the next action card. Turn End ends the turn at once unless
    the player has an Inspiring redraw to use on it; an empty deck ends it too."""
    card = board.action_deck.draw(board.rng)
    board.used = []
    board.pending = None
    if card is None:
        board.seat, board.card = None, None
        return end_turn(board, "the action deck is spent")
    board.seat, board.card = seat, card
    spec = board.setting.rules.card(card)
    events: list[Event] = [
        CardTurned(
            seat=seat,
            side=board.side_name(seat),
            card=card,
            title=spec.title,
            redraw=redraw,
            reveals=True,
        )
    ]
    if spec.kind is CardKind.TURN_END and redraw_problem(board) is not None:
        board.action_deck.discard(card)
        board.seat, board.card = None, None
        return events + end_turn(board, "the Turn End card is turned over")
    return events


def finish_card(board: Board) -> list[Event]:
    """The player is done with the card: discard it, and the other player turns one over
    (or, for a Turn End kept by an Inspiring player, the turn ends)."""
    seat, card = board.seat, board.card
    assert seat is not None and card is not None
    spec = board.setting.rules.card(card)
    board.action_deck.discard(card)
    events: list[Event] = [
        CardDone(seat=seat, side=board.side_name(seat), title=spec.title, used=len(board.used))
    ]
    board.seat, board.card, board.used = None, None, []
    if spec.kind is CardKind.TURN_END:
        return events + end_turn(board, "the Turn End card is turned over")
    return events + turn_over(board, 1 - seat)


def end_turn(board: Board, reason: str) -> list[Event]:
    """Phases 6-8: morale, recovery, scenario deadlines, then a new turn."""
    board.seat, board.card, board.used, board.pending = None, None, [], None
    board.turn_cut = False
    board.settle()  # a draw cut short by identical cards is over too
    events: list[Event] = [TurnEnded(turn=board.turn, reason=reason)]
    events += morale(board)
    if board.winners is not None:
        return events
    events += recovery(board)
    events += held_objectives(board)
    if board.winners is not None:
        return events
    events += deadlines(board)
    if board.winners is not None:
        return events
    return events + begin_turn(board)


def casualties(board: Board, force: str) -> int:
    """A force's casualties for morale: models out of the fight (not Downed ones) and
    the crews of its abandoned vehicles."""
    count = 0
    for figure in board.figures.values():
        if figure.force != force:
            continue
        if figure.status is Status.CASUALTY:
            count += 1
        elif figure.status is Status.ABANDONED:
            count += figure.unit.crew
    return count


def leader_cards(board: Board, force: str) -> int:
    """Cards the force draws for morale: its best leader standing on the table (2 or
    3), else one."""
    best = 1
    for figure in board.figures.values():
        if figure.force == force and figure.status is Status.UP and figure.leader > best:
            best = figure.leader
    return best


def morale(board: Board) -> list[Event]:
    """Both sides test at once, each force separately: the kept card must beat (be
    higher than) the casualties. A failed force leaves the table; a side whose every
    force has failed loses; if both sides lose, nobody wins."""
    events: list[Event] = []
    failed: list[str] = []
    for seat in (0, 1):
        for force in board.forces(seat):
            if force in board.broken:
                continue
            lost = casualties(board, force)
            cards = board.draw(seat, leader_cards(board, force))
            board.settle()
            card = kept(cards)
            passed = card.value > lost
            events.append(
                Test(
                    who=board.force_name(force),
                    purpose="morale",
                    cards=tuple(str(c) for c in cards),
                    kept=str(card),
                    against=lost,
                    passed=passed,
                    reveals=True,
                )
            )
            if not passed:
                failed.append(force)
    for force in failed:
        board.broken.append(force)
        events.append(
            ForceBroken(force=board.force_name(force), casualties=casualties(board, force))
        )
        for figure in board.figures.values():
            if figure.force == force and figure.fighting:
                figure.status = Status.FLED
    lost_sides = [s for s in (0, 1) if all(f in board.broken for f in board.forces(s))]
    if not lost_sides:
        lost_sides = [s for s in (0, 1) if not any(f.fighting for f in _side(board, s))]
    if lost_sides:
        board.winners = tuple(s for s in (0, 1) if s not in lost_sides)
        if len(lost_sides) == 2:
            board.reason = "both sides' morale breaks: both lose"
        else:
            loser = board.side_name(lost_sides[0])
            winner = mid(board.side_name(1 - lost_sides[0]))
            board.reason = f"{possessive(loser)} morale breaks: victory to {winner}"
        events.append(GameEnded(winners=board.winners, reason=board.reason))
    return events


def _side(board: Board, seat: int) -> list[Figure]:
    return [f for f in board.figures.values() if f.side == seat]


def recovery(board: Board) -> list[Event]:
    """Every Downed infantry model draws a card: black, it stands up; red, it is a
    casualty."""
    events: list[Event] = []
    for seat in (0, 1):
        for figure in _side(board, seat):
            if figure.status is not Status.DOWN or not figure.infantry:
                continue
            card = board.draw(seat, 1)[0]
            board.settle()
            events.append(
                Test(
                    who=figure.label,
                    purpose="recovery (black stands)",
                    cards=(str(card),),
                    kept=str(card),
                    against=None,
                    passed=not card.red,
                    reveals=True,
                )
            )
            if card.red:
                figure.status = Status.CASUALTY
                events.append(
                    FigureFate(
                        figure=figure.id, label=figure.label, fate=Fate.CASUALTY, why="red card"
                    )
                )
            else:
                figure.status = Status.UP
                events.append(Recovered(figure=figure.id, label=figure.label))
    return events


def deadlines(board: Board) -> list[Event]:
    """``hold`` scenario events: the side holds out to the end of the given turn."""
    for event in board.setting.scenario.events:
        if event.kind == "hold" and event.turns is not None and board.turn >= event.turns:
            board.winners = (event.side,)
            board.reason = f"{board.side_name(event.side)}: {event.title}"
            return [GameEnded(winners=board.winners, reason=board.reason)]
    return []


def reached(board: Board, figure: Figure) -> list[Event]:
    """``reach`` scenario events: a standing model of the side touches the objective
    (events held to the turn's end wait for :func:`held_objectives`)."""
    if figure.status is not Status.UP:
        return []
    for event in board.setting.scenario.events:
        if event.kind != "reach" or event.side != figure.side or event.objective is None:
            continue
        if event.at_turn_end and board.edition >= 2:
            continue
        if event.unit_kind is not None and figure.unit.kind != event.unit_kind:
            continue
        if board.touching(figure, board.setting.objective(event.objective)):
            board.winners = (event.side,)
            board.reason = f"{board.side_name(event.side)}: {event.title} ({figure.label})"
            return [GameEnded(winners=board.winners, reason=board.reason)]
    return []


def held_objectives(board: Board) -> list[Event]:
    """``reach`` events with ``at_turn_end`` (rules version 2): when the turn ends, after
    recovery, a standing model of the side touching the objective wins it."""
    if board.edition < 2:
        return []
    for event in board.setting.scenario.events:
        if event.kind != "reach" or not event.at_turn_end or event.objective is None:
            continue
        feature = board.setting.objective(event.objective)
        for figure in _side(board, event.side):
            if figure.status is not Status.UP:
                continue
            if event.unit_kind is not None and figure.unit.kind != event.unit_kind:
                continue
            if board.touching(figure, feature):
                board.winners = (event.side,)
                board.reason = (
                    f"{board.side_name(event.side)}: {event.title} ({figure.label} holds it "
                    "at the turn's end)"
                )
                return [GameEnded(winners=board.winners, reason=board.reason)]
    return []
