"""The '65 bot's use of the cards of rules version 2 (game/rules/sixty_five/cards/supports.py,
assault_cards.py, powers.py): Panic, the Tactical redraw, the assault cards, Charge and
Leadership. Scores are in victory points like the rest of the bot (sixty_five/plays.py).

- **Panic** is always played when offered: removing a unit is worth far more than a card.
- **Redraw** is always taken: a missed card drawn again can only add hits.
- **Assault answers**: Unexpected Cover and Bullet Storm when one card more or less for
  a side is worth more than the card, Ambush when the defenders hit at least as hard as
  the attackers, Retreat when the attackers draw at least three cards more; after the
  draws, Retreat (undoing them) when its side took more hits than it dealt, else Light
  Wounds when it took any.
- **Ambush and Bullet Storm with an assault move** when the card pays for itself.
- **Charge**: the Fast Move's value with two more assault cards; **Leadership** when two
  other cards in hand can use the actions around the Hero.
"""

from __future__ import annotations

from game.ai.sixty_five.plays import CARD_COST, Judge
from game.ai.sixty_five.values import worth
from game.core.api import Action
from game.rules.sixty_five.actions import Decline, Play, React, Redraw
from game.rules.sixty_five.assault.combat import can_assault
from game.rules.sixty_five.assault.steps import side_cards
from game.rules.sixty_five.model import Counter

P_HIT = 13 / 54  # a yellow or red Hit among the cards (docs: Designed data)
HIT_COST = 0.45  # a typical hit in an assault, in VP
SUPPORT_KEEP = CARD_COST  # share of a card's worth given up by playing it


def window_answer(judge: Judge, kind: str, actions: tuple[Action, ...]) -> Action | None:
    """The answer to a version-2 window, or None for the other windows."""
    if kind == "panic":
        return next((a for a in actions if isinstance(a, React)), Decline())
    if kind == "redraw":
        return Redraw() if Redraw() in actions else Decline()
    if kind == "assault":
        return _assault_answer(judge, actions)
    if kind == "assault_result":
        return _result_answer(judge, actions)
    return None


def _result_answer(judge: Judge, actions: tuple[Action, ...]) -> Action:
    """After the draws: Retreat (undoing the fight) when our side took more hits than it
    dealt, so it would have to leave anyway; else Light Wounds when we took a hit."""
    w = judge.look.world
    fight = w.fight
    if fight is None:
        return Decline()
    ours = fight.seat == judge.look.seat
    took, dealt = (fight.d_hits, fight.a_hits) if ours else (fight.a_hits, fight.d_hits)
    reacts = [a for a in actions if isinstance(a, React)]
    retreat = next((a for a in reacts if a.block == "retreat"), None)
    wounds = next((a for a in reacts if a.block == "light_wounds"), None)
    if retreat is not None and took > dealt:
        return retreat
    if wounds is not None and took > 0:
        return wounds
    return Decline()


def _assault_answer(judge: Judge, actions: tuple[Action, ...]) -> Action:
    look = judge.look
    w = look.world
    pending = w.pending[-1] if w.pending else None
    if pending is None:
        return Decline()
    hex_id, seat = pending.unit, pending.seat
    here = [u for u in w.live() if u.hex == hex_id]
    defenders = [u for u in here if u.seat == seat]
    attackers = [u for u in here if u.seat != seat]
    a_cards = side_cards(w, hex_id, 1 - seat, attackers)
    d_cards = side_cards(w, hex_id, seat, [d for d in defenders if not d.shaken])
    best: Action = Decline()
    best_score = 0.0
    for a in actions:
        if not isinstance(a, React):
            continue
        keep = SUPPORT_KEEP * look.card_value(a.card)
        if a.block in ("unexpected_cover", "bullet_storm"):
            score = P_HIT * HIT_COST - keep
        elif a.block == "ambush":
            score = (0.3 if d_cards >= a_cards else 0.0) - keep
        elif a.block == "retreat":
            score = (0.6 if a_cards >= d_cards + 3 else -1.0) - keep
        else:
            continue
        if score > best_score:
            best, best_score = a, score
    return best


def assault_supported(judge: Judge, plays: list[Play], seat: int) -> list[tuple[Action, float]]:
    """Assault moves tried again with an Ambush or Bullet Storm card beside them."""
    look = judge.look
    state = look.state
    w = state.world
    if w.edition < 2:
        return []
    cards = [c for c in w.hands[seat] if {"ambush", "bullet_storm"} & set(w.card(c).blocks)]
    out: list[tuple[Action, float]] = []
    for play in plays:
        if not play.path or not any(u.hex == play.path[-1] for u in look.enemies()):
            continue
        for card in cards:
            if card == play.card:
                continue
            backed = Play(play.card, play.block, play.units, path=play.path, supports=(card,))
            if state.why_not(backed) is None:
                movers = [w.units[u] for u in play.units or ()]
                extra = 0.15 if "ambush" in w.card(card).blocks else P_HIT * HIT_COST
                gain = judge.assault_value(movers, play.path[-1]) + extra
                out.append((backed, gain - judge.card_cost(play.card) - judge.card_cost(card)))
    return out


def power_value(judge: Judge, play: Play, unit: Counter, power: str | None) -> float | None:
    """Charge and Leadership plays; None for the other Powers."""
    look = judge.look
    w = look.world
    if power == "charge":
        if not play.path:
            return -1.0
        end = play.path[-1]
        if any(u.hex == end for u in look.enemies()):
            movers = [w.units[u] for u in play.units or ()]
            if not all(can_assault(m) for m in movers):
                return -1.0
            return judge.assault_value(movers, end) + 2 * P_HIT * HIT_COST
        return judge.move_value([unit], play.path, True) - 0.1  # the Power spent on a move
    if power == "leadership":
        near = [
            u
            for u in look.own()
            if u.eligible and u.hex is not None and unit.hex is not None
            and w.field.distance(u.hex, unit.hex) <= 2
        ]  # fmt: skip
        others = [c for c in w.hands[judge.look.seat] if c != play.card]
        return (0.35 if len(others) >= 2 and len(near) >= 2 else -1.0) * worth(unit)
    return None
