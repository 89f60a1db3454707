"""How the '65 bot values the Kickstarter cards (18 r-y, option ``kickstarter=true``)
and reinforcements (24a): each play scored in the same units as the other plays
(expected loss dealt or saved, less the card and the markers it costs;
sixty_five/plays.py)."""

from __future__ import annotations

from game.ai.sixty_five.plays import MARKED, Judge
from game.ai.sixty_five.values import GREEN, loss, loss_after_hits, worth
from game.rules.sixty_five.actions import Enter, Play, React
from game.rules.sixty_five.cards.traps import trap_victim
from game.rules.sixty_five.combat.calculator import explain_fire
from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.movement.rules import entry_cost
from game.rules.sixty_five.scenarios.reinforcements import entry_hexes
from game.rules.sixty_five.scenarios.setup import reinforcement_ids
from game.rules.sixty_five.terrain.fortifications import foxhole_applies

FOXHOLE_SHARE = 0.45  # the share of the next hits a foxhole turns aside (one per attack)
QUIET = 0.05  # Sneak into cover: no Opportunity Fire on the way
SECOND_SHOT = 0.85  # Tactics' second shot may find the target already hurt or gone
ON_MAP = 0.4  # a unit waiting off the map does nothing: bringing one on is worth this


def kickstarter_value(judge: Judge, play: Play, block: BlockDef) -> float | None:
    """The gain of a Kickstarter play before the card's cost; None: not one of them."""
    look = judge.look
    w = look.world
    units = [w.units[u] for u in play.units or ()]
    if block.effect == "scrape":
        unit = units[0]
        assert unit.hex is not None
        if not foxhole_applies(unit.type, assault=False):
            return 0.0
        saved = look.exposure(unit, unit.hex, False) * FOXHOLE_SHARE
        return saved * worth(unit) * (loss_after_hits(unit, 1) - loss(unit)) - MARKED
    if block.effect == "sneak":
        assert play.path is not None
        quiet = QUIET if w.field.cover(play.path[-1]) >= 1 else 0.0
        return judge.move_value(units, play.path, True) + quiet
    if block.effect == "tactics":
        assert play.target is not None
        gain = 0.0
        for share, uid in zip((1.0, SECOND_SHOT), play.units or (), strict=False):
            shot = Play(play.card, play.block, (uid,), play.target)
            odds = explain_fire(w, judge.seat, shot, block).outcomes
            gain += share * judge.fire_value(shot, odds)
        return gain - MARKED * len(units)
    if block.effect == "recon_patrol":
        their = len(w.hands[1 - judge.seat])
        return (0.5 * look.average_card() if their else 0.0) + 0.08
    if block.effect == "regroup":
        others = [c for c in w.hands[judge.seat] if c != play.card]
        fresh = w.data.rules.hand_size * look.average_card()
        return fresh - sum(look.card_value(c) for c in others)
    return None


def trap_value(judge: Judge, react: React) -> float:
    """18u, 18v: a green Hit's worth of damage on the unit that sprang the trap, against
    the card spent."""
    w = judge.look.world
    window = w.pending[-1] if w.pending else None
    if window is None:
        return 0.0
    victim = trap_victim(w, judge.seat, react.block, window.unit)
    if victim is None:
        return 0.0
    rate = judge.look.hit_rate(GREEN)
    hurt = (loss_after_hits(victim, 1) - loss(victim)) * worth(victim)
    return rate * hurt - 0.5 * judge.card_cost(react.card)


def enter_value(judge: Judge, enter: Enter) -> float:
    """24a: a unit waiting off the map does nothing, so each one brought on is worth
    ``ON_MAP``, plus how much better its hex is than the worst one it could enter (its
    place value there, marked Moved)."""
    look = judge.look
    w = look.world
    scenario = look.state.scenario
    assert scenario is not None
    ids = reinforcement_ids(w, scenario)
    index = next(i for i, group in enumerate(ids) if enter.units[0] in group)
    hexes = [h for h in entry_hexes(w, scenario, index) if entry_cost(w.field, h) is not None]
    total = 0.0
    for uid in enter.units:
        unit = w.units[uid]
        worst = min(judge.place_value(unit, h, True) for h in hexes)
        total += ON_MAP + judge.place_value(unit, enter.hex, True) - worst
    return total
