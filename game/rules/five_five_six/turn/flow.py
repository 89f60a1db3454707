"""The turn (2.3): shuffle the turn deck, draw card after card (the players taking turns
to draw), the drawn character has his go, and when the deck is spent the turn ends:
dying characters count down, scenario deadlines are checked, a new turn begins.

A card of a dead character is removed and another drawn; a Joker sets off the
scenario's event; an incapacitated character's go passes at once.
"""

from __future__ import annotations

from game.core.api import Event
from game.rules.five_five_six.board import Board, Go
from game.rules.five_five_six.checks import roll_d6
from game.rules.five_five_six.combat.arms import firearm, range_category
from game.rules.five_five_six.combat.gas_play import at_go_start
from game.rules.five_five_six.combat.grenade_play import burn_again
from game.rules.five_five_six.combat.injury import Wound, after_battle_check, mortal_rounds
from game.rules.five_five_six.events import (
    Arrived,
    CannotAct,
    CardDrawn,
    Died,
    GameEnded,
    GoEnded,
    LightAtStart,
    LightChanged,
    SquadPlaced,
    TurnBegan,
    TurnEnded,
    WoundReturned,
)
from game.rules.five_five_six.helicopters.play import crash_unflown
from game.rules.five_five_six.model import Character, Status
from game.rules.five_five_six.morale.play import after_death, rally
from game.rules.five_five_six.rolls import check_rolled
from game.rules.five_five_six.turn.deck import Drawn
from game.rules.five_five_six.vehicles.legal import weapons_of
from game.rules.five_five_six.vehicles.play import halt_driverless
from game.rules.five_five_six.vehicles.shared import STATIONARY

COVER_ARC = 90.0
"""3.6: Covering Fire watches 90 degrees in front of the character."""

TURN_LIMIT = 50
"""A game with no ``hold`` deadline ends in a draw after this many turns."""


def set_up(board: Board) -> list[Event]:
    """The game's set-up as log events (no rules change anything here): each squad on
    the table (men, reserves to come, the vehicles they start in), and the light when
    it is not daylight (6.2), with the Jokers that send up a flare."""
    scenario = board.setting.scenario
    events: list[Event] = []
    for seat, squad in enumerate(scenario.sides):
        men = [c for c in board.characters.values() if c.side == seat]
        aboard = {c.aboard for c in men if c.aboard is not None}
        events.append(
            SquadPlaced(
                side=seat,
                name=squad.name,
                plural=squad.plural,
                men=sum(1 for c in men if c.status is not Status.RESERVE),
                reserves=sum(1 for c in men if c.status is Status.RESERVE),
                vehicles=tuple(v.name for v in board.vehicles.values() if v.id in aboard),
            )
        )
    if board.light != "full":
        event = scenario.joker_event
        flares = scenario.jokers if event is not None and event.kind == "flare" else 0
        events.append(LightAtStart(light=board.light, flares=flares))
    return events


def begin_turn(board: Board) -> list[Event]:
    """A new turn: the light goes back to the table's, the deck is shuffled (dead
    characters' cards out, reserves' cards not yet in) and the first card drawn."""
    board.turn += 1
    board.light = board.setting.table.light
    chars = board.characters
    board.deck.shuffle(
        board.rng,
        lambda who: chars[who].status is Status.DEAD,
        lambda who: chars[who].status is Status.RESERVE,
    )
    crashed: list[Event] = []
    if board.vehicles:
        halt_driverless(board)
        crashed = crash_unflown(board)
    events: list[Event] = [TurnBegan(turn=board.turn, cards=board.deck.left()), *crashed]
    return events + draw_next(board)


def draw_next(board: Board) -> list[Event]:
    """Draw until a character can have his go; the turn ends when the deck is spent."""
    board.go = None
    events: list[Event] = []
    chars = board.characters
    while True:
        draws = board.deck.draw(board.rng, lambda who: chars[who].status is Status.DEAD)
        if not draws:
            return events + end_turn(board)
        for drawn in draws:
            events.append(_drawn_event(board, drawn))
        last = draws[-1]
        if last.joker:
            events += joker(board)
            if board.winners is not None:
                return events
            continue
        character = chars[last.character]
        if not character.can_act:
            events.append(
                CannotAct(character=character.id, label=character.name, why="mortally wounded")
            )
            continue
        events += begin_go(board, character, last)
        return events


def _drawn_event(board: Board, drawn: Drawn) -> CardDrawn:
    label = board.characters[drawn.character].name if drawn.character else ""
    return CardDrawn(
        card=drawn.card,
        drawer=board.side_name(drawn.drawer),
        drawer_plural=board.setting.scenario.sides[drawn.drawer].plural,
        character=drawn.character,
        label=label,
        removed=drawn.removed,
        second=drawn.second,
        reveals=True,
    )


def begin_go(board: Board, character: Character, drawn: Drawn) -> list[Event]:
    """2.2: two actions or one special action; an Elite's second card gives a single
    action and no special action (2.3); a Critical wound does the same (5.01); a stun
    grenade takes one or both actions (7.83). Stealth, Sprint, Carry and Covering Fire
    last until his next go begins. A gassed character out of the gas first tries to
    shake it off (7.84, ``gas_play.at_go_start``)."""
    events: list[Event] = []
    effects = character.effects
    single = drawn.second or effects.single_action
    character.stealth = character.covering = False
    character.sprinting = character.carrying = False
    if character.morale in ("shaken", "withdrawing") or character.threw_back:
        single = True  # 9.01: a single Move away (or Stealth); 3.2 after a throw-back
    character.threw_back = False
    if character.seat == "driver" and character.aboard is not None:
        # V13: the vehicle keeps its last go's motion until its driver's next go
        board.vehicles[character.aboard].motion = STATIONARY
    allowance = max(0, (1 if single else 2) - character.stunned)
    special = not single and character.stunned == 0
    character.stunned = 0
    if character.carry_turn == board.turn:  # 4.5: his go went on the Carry
        allowance, special = 0, False
        events.append(
            CannotAct(character=character.id, label=character.name, why="his go went on a Carry")
        )
    if character.burning is not None:
        events += burn_again(board, character)
        if not character.can_act:
            board.go = Go(character.id, drawn.card, 0, False)
            return events + end_go(board)
    events += at_go_start(board, character)
    board.go = Go(
        character=character.id,
        card=drawn.card,
        allowance=allowance,
        special_allowed=special,
    )
    if allowance == 0:
        return events + end_go(board)
    return events + ask_watchers(board)


def watchers(board: Board) -> list[str]:
    """3.6: characters on Covering Fire of the other side with an enemy in front of them
    (90 degrees), some of him in sight and a weapon in range: the acting character, or
    from rules version 5 any enemy ("any target he has a line of sight on")."""
    go = board.go
    if go is None:
        return []
    actor = board.characters[go.character]
    if not actor.on_table:
        return []
    out: list[str] = []
    for c in board.characters.values():
        if c.side == actor.side or not c.covering or not c.can_act:
            continue
        targets = board.enemies_of(c.side) if board.setting.version >= 5 else [actor]
        if any(_covers(board, c, t) for t in targets):
            out.append(c.id)
    return sorted(out)


def _covers(board: Board, watcher: Character, target: Character) -> bool:
    """The watcher could fire at ``target``: in the 90 degrees he watches, some of him
    in sight and a loaded weapon in range."""
    if not target.on_table or not board.in_field(watcher, target, COVER_ARC):
        return False
    if board.sight(watcher, target).visible_share <= 0:
        return False
    gap_in = board.gap(watcher, target) / 100
    return any(
        range_category(firearm(w), gap_in) is not None and w not in watcher.empty
        for w in weapons_of(board, watcher)
    )


def ask_watchers(board: Board) -> list[Event]:
    """Before the acting character's first action and after each one, every watcher who
    can fire at him is asked (one after the other)."""
    board.asking = watchers(board)
    return []


def after_action(board: Board) -> list[Event]:
    """The go goes on: watchers are asked, then the character acts again or his go ends
    (no actions left, or he can no longer act)."""
    go = board.go
    if go is None or board.winners is not None or board.live is not None:
        return []
    if not board.characters[go.character].can_act:
        board.asking = []
        return end_go(board)
    board.asking = watchers(board)
    if board.asking:
        return []
    if go.left <= 0:
        return end_go(board)
    return []


def watcher_done(board: Board) -> list[Event]:
    """A watcher fired or held: the next one is asked, or the go carries on."""
    if board.asking:
        board.asking.pop(0)
    if board.winners is not None:
        return []
    go = board.go
    if go is None:
        return []
    if not board.characters[go.character].can_act:
        board.asking = []
        return end_go(board)
    if board.asking:
        return []
    if go.left <= 0:
        return end_go(board)
    return []


def end_go(board: Board) -> list[Event]:
    """The go is over: victory is checked, then the next card is drawn."""
    go = board.go
    assert go is not None
    character = board.characters[go.character]
    events: list[Event] = [
        GoEnded(character=character.id, label=character.name, actions=len(go.taken))
    ]
    board.go = None
    events += rally(board, character)
    board.asking = []
    events += check_victory(board, at_turn_end=False)
    if board.winners is not None:
        return events
    return events + draw_next(board)


def end_turn(board: Board) -> list[Event]:
    """The deck is spent: dying characters count down (5.01 -4: dead after D6+1
    rounds unless treated), deadlines are checked, and the next turn begins."""
    board.go = None
    events: list[Event] = [TurnEnded(turn=board.turn)]
    for character in board.characters.values():
        if character.patched:
            events += wounds_return(board, character)
        if character.status is Status.INCAPACITATED and character.dying_in is not None:
            character.dying_in -= 1
            if character.dying_in <= 0:
                killed_before = sum(
                    1 for c in board.side(character.side) if c.status is Status.DEAD
                )
                character.status = Status.DEAD
                character.dying_in = None
                events.append(
                    Died(character=character.id, label=character.name, why="of his wounds")
                )
                events += after_death(board, character, killed_before)
    events += check_victory(board, at_turn_end=True)
    if board.winners is not None:
        return events
    return events + begin_turn(board)


def wounds_return(board: Board, character: Character) -> list[Event]:
    """3.5: at the end of each turn First Aid wears off a turn; when it runs out the
    wound is back as it was (a Mortal one incapacitates him again, dying afresh)."""
    kept: list[tuple[int, int, int]] = []
    events: list[Event] = []
    for index, before, turns in character.patched:
        if turns > 1:
            kept.append((index, before, turns - 1))
        elif index < len(character.wounds):
            character.wounds[index] = Wound(before)
            events.append(
                WoundReturned(
                    character=character.id, label=character.name, wound=Wound(before).label
                )
            )
    character.patched = kept
    if character.status is Status.ACTIVE and character.effects.incapacitated:
        character.status = Status.INCAPACITATED
        character.dying_in = mortal_rounds(roll_d6(board.rng))
    return events


def joker(board: Board) -> list[Event]:
    """2.3: a Joker sets off the scenario's event. ``flare``: Full Light until the turn
    ends. ``reinforce``: the scenario's reserves of a side come on where the scenario
    places them; their cards join the deck when it is next shuffled."""
    event = board.setting.scenario.joker_event
    if event is None:
        return []
    if event.kind == "flare":
        board.light = "full"
        return [LightChanged(light="full", why=event.title)]
    return reinforce(board, event.side or 0, event.characters)


def reinforce(board: Board, seat: int, names: tuple[str, ...]) -> list[Event]:
    """Reserves come onto the table where the scenario places them (stepping aside if
    someone stands there); their cards join the deck at the next shuffle."""
    out: list[Event] = []
    for name in names:
        character = board.characters[name]
        if character.status is Status.RESERVE and character.side == seat:
            character.status = Status.ACTIVE
            out.append(Arrived(character=name, label=character.name, at=character.pos))
    return out


def check_victory(board: Board, *, at_turn_end: bool) -> list[Event]:
    """The scenario's victory conditions, in file order (the first met wins); a side
    with nobody left fighting loses whatever the conditions say; both at once is a
    draw. ``hold`` deadlines count only when a turn ends."""
    scenario = board.setting.scenario
    out = [s for s in (0, 1) if not board.fighting(s) and not _reserves(board, s)]
    if len(out) == 2:
        return _finish(board, (), "both squads are out of the fight")
    for victory in scenario.victory:
        side = victory.side
        if victory.kind == "eliminate" and (1 - side) in out:
            return _finish(board, (side,), victory.title)
        if victory.kind == "reach" and victory.objective is not None:
            feature = board.setting.objective(victory.objective)
            there = [
                c.name
                for c in board.fighting(side)
                if on_the_ground(board, c) and board.touching(c, feature)
            ]
            if there and len(there) >= victory.count:
                why = f"{victory.title} ({', '.join(there)})"
                return _finish(board, (side,), why)
        if victory.kind == "hold" and at_turn_end and victory.turns is not None:
            if board.turn >= victory.turns:
                return _finish(board, (side,), victory.title)
    if out:
        winner = 1 - out[0]
        loser = board.setting.scenario.sides[out[0]]
        has = "have" if loser.plural else "has"
        return _finish(board, (winner,), f"the {loser.name} {has} nobody left fighting")
    if at_turn_end and board.turn >= TURN_LIMIT:
        return _finish(board, (), f"no result after {TURN_LIMIT} turns")
    return []


def on_the_ground(board: Board, character: Character) -> bool:
    """V38: a man aboard a helicopter in the air (flying or hovering) has not reached
    anything on the table below; on foot, in a land vehicle or in a landed helicopter
    he has."""
    vehicle = board.vehicle_of(character)
    return vehicle is None or vehicle.motion.altitude == "ground"


def _reserves(board: Board, seat: int) -> bool:
    """Reserves still to come that a Joker can bring on (so the side is not out yet)."""
    event = board.setting.scenario.joker_event
    if event is None or event.kind != "reinforce" or event.side != seat:
        return False
    return any(board.characters[c].status is Status.RESERVE for c in event.characters)


def _finish(board: Board, winners: tuple[int, ...], reason: str) -> list[Event]:
    board.winners = winners
    board.reason = reason
    board.go = None
    board.asking = []
    board.live = None
    sides = board.setting.scenario.sides
    won = " and ".join(sides[w].says("win", "wins") for w in winners) if winners else ""
    if len(winners) > 1:
        won = won.replace(" wins", " win")
    return [GameEnded(winners=winners, reason=reason, won=won), *after_battle(board)]


def after_battle(board: Board) -> list[Event]:
    """5.1: a character still mortally wounded when the game ends gets a Treat Injury
    attempt with Morale +3, or a surviving Medic's Morale if higher; failing, he dies.
    The survivors count in the score."""
    events: list[Event] = []
    for character in sorted(board.characters.values(), key=lambda c: c.id):
        if character.status is not Status.INCAPACITATED:
            continue
        medics = [
            c.profile.morale
            for c in board.fighting(character.side)
            if c.profile.has("medic") and c is not character
        ]
        check = after_battle_check(max(medics) if medics else None)
        result = check.roll(board.rng)
        events.append(check_rolled(character, "is treated after the battle", result))
        if not result.success:
            character.status = Status.DEAD
            character.dying_in = None
            events.append(
                Died(character=character.id, label=character.name, why="after the battle")
            )
    return events
