"""Legality: ``why_not(board, action)`` names the rule that forbids an action, or None.

The one authority: ``apply`` refuses with its answer, bots and tables ask it. Nothing
here reads hidden information (the deck's order, whether an enemy is Hiding or using
Stealth): whether a hidden enemy can be made out is decided by the roll when acting.
Distances are hundredths of an inch.
"""

from __future__ import annotations

from game.core.api import Action
from game.maps.tabletop import Point, hundredths
from game.maps.tabletop_measure import within
from game.rules.five_five_six.actions import Aim, End, Fire, Move, Stealth
from game.rules.five_five_six.arms import firearm, firearms_of, range_category
from game.rules.five_five_six.board import Board, Go
from game.rules.five_five_six.fire import can_be_seen_at_all, why_not_aim
from game.rules.five_five_six.model import RADIUS, Character

MOVE_IN = 4.0
"""3.1: a Move action goes 4" across even ground."""

RULE_TURN = "5.56mm 2.3, Turns"
RULE_ACTIONS = "5.56mm 2.2, Actions"
RULE_MOVE = "5.56mm 3.1, Move"
RULE_FIRE = "5.56mm 3.2, Fire"


def why_not(board: Board, action: Action) -> str | None:
    """The rule forbidding ``action`` for the seat to act now, or None if it is legal."""
    if board.winners is not None:
        return f"the game is over: {RULE_TURN}"
    go = board.go
    if go is None:
        return f"no character's card is drawn: {RULE_TURN}"
    if isinstance(action, End):
        return None
    name = getattr(action, "character", None)
    if not isinstance(name, str):
        return f"{action.to_str()!r} is not a 5.56mm action"
    character = board.character(name)
    if character is None:
        return f"there is no character {name!r}"
    if name != go.character:
        acting = board.characters[go.character].name
        return f"it is {acting}'s go: only the character whose card was drawn acts ({RULE_TURN})"
    if go.left <= 0:
        return f"{character.name} has used his actions this go: {RULE_ACTIONS}"
    if isinstance(action, Move):
        return move_problem(board, character, action.to, action.facing)
    if isinstance(action, Stealth):
        return None
    if isinstance(action, Aim):
        return aim_problem(go)
    if isinstance(action, Fire):
        return fire_problem(board, character, action)
    return f"{action.to_str()!r} is not open now"


def move_allowance(character: Character) -> int:
    """3.1 and 5.01: 4" a Move action, 1" less for each Serious wound and 2" less for
    each Critical one (never below nothing), in hundredths."""
    return max(0, hundredths(MOVE_IN) - hundredths(character.effects.move_loss))


def move_problem(board: Board, character: Character, to: Point, facing: int | None) -> str | None:
    """3.1: a straight move of at most the allowance, on the table, through nothing
    impassable and not onto another character's base. Crossing an obstacle or rough
    ground needs the difficult-terrain roll of 6.1, which moves do not take yet."""
    if facing is not None and not 0 <= facing < 360:
        return f"a facing is 0 to 359 degrees, not {facing}"
    reach = move_allowance(character)
    if not within(character.pos, to, reach):
        return f'a Move action goes at most {reach / 100:g}" ({RULE_MOVE})'
    if to == character.pos:
        return None if facing is not None else "a move to where he stands needs a new facing"
    check = board.setting.geometry.move(character.pos, to, radius=RADIUS, movement="infantry")
    if not check.on_table:
        return f"the move would leave the table: {RULE_MOVE}"
    if check.impassable:
        return f"{check.impassable[0].label} cannot be crossed on foot: {RULE_MOVE}"
    if check.crossings:
        piece = check.crossings[0]
        return f"crossing {piece.label} is difficult ground (5.56mm 6.1): go around it"
    for other in board.on_table():
        if other is not character and within(other.pos, to, 2 * RADIUS - 1):
            return f"{other.name} stands there"
    return None


def aim_problem(go: Go) -> str | None:
    """3.4: Aim counts only as the first action of a go, and a Fire action must be able
    to follow it."""
    reason = why_not_aim(first_action=not go.taken, covering_fire=False)
    if reason is not None:
        return f"{reason} (5.56mm 3.4, Aim)"
    if go.left < 2:
        return "Aim needs a Fire action after it, and this go has one action (5.56mm 3.4, Aim)"
    return None


def fire_problem(board: Board, character: Character, action: Fire) -> str | None:
    """3.2: the weapon is his, the target an enemy on the table in his field of sight
    with some line of sight to him; a second Fire action at the same target."""
    if action.weapon not in firearms_of(character):
        return f"{character.name} carries no {action.weapon} to fire at a character"
    if action.weapon in character.empty:
        return f"{character.name}'s {action.weapon} is out of ammunition (5.56mm 7.0)"
    target = board.character(action.target)
    if target is None or not target.on_table:
        return f"there is no character {action.target!r} on the table"
    if target.side == character.side:
        return f"{target.name} is on your side"
    if board.go is not None and board.go.fired_at not in (None, target.id):
        return f"a second Fire action must be at the same target; Auto-Fire for two ({RULE_FIRE})"
    if not board.in_field(character, target):
        return f"{target.name} is outside {character.name}'s field of sight (5.56mm 2.0)"
    if not can_be_seen_at_all(board.sight(character, target).visible_share):
        return f"{character.name} has no line of sight to {target.name}: {RULE_FIRE}"
    weapon = firearm(action.weapon)
    gap_in = board.gap(character, target) / 100
    if range_category(weapon, gap_in) is None:
        return (
            f"{target.name} is {gap_in:.1f}\" away, outside the {weapon.name}'s range bands "
            f"(5.56mm 7.0)"
        )
    return None
