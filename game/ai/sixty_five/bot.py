"""The '65 bot: a one-decision heuristic that scores every candidate in victory points.

It reads its seat's view only: the public board and discards, its own hand and, for the
ground and the odds, a determinized copy of the state from the view's sealed state (the
other hand and the deck order dealt again), so it never knows a card it has not seen.

- **Initiative:** bids the card with the best chance of winning the initiative times
  what winning is worth less the card given up (the winner discards his bid).
- **Impulse:** draws to four (passes only when none of its units can act), then plays
  the best card by score, then discards up to two cards worth less than an average
  unseen card, then ends the impulse. Fire is scored by the rules calculator's exact
  chances of each result (``SixtyFiveState.explain``) against a convex loss (a hit on a
  reduced Shaken unit counts most), so fire concentrates on damaged units; a Bullet
  Storm is added when the extra card pays for itself. Moves are scored by the hex
  reached (objectives, the enemy fire it draws with the cover there, the shots it gives)
  less the Opportunity Fire risked on the way; assaults by both sides' draws; rallies by
  the state mended.
- **Windows:** Opportunity Fire when the shot is worth the unit's Fired marker, Light
  Wounds and Unexpected Cover when they save more than the card, withdrawing from
  Punishing Fire when the new hex draws fewer cards.
- **Reserve, clean-up, set-up:** the best Reserve move of each unit, keeps its best card,
  and sets up spread out, heroes beside a squad, Americans out of the enemy's sight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.registry import register_ai
from game.ai.sixty_five.airmobile import (
    airmobile_entry_value,
    airmobile_transport_value,
    capture_push,
    stranding_cost,
)
from game.ai.sixty_five.cards import assault_supported, power_value, window_answer
from game.ai.sixty_five.convoy import (
    clear_the_way,
    convoy_move_value,
    exit_bonus,
    keeps_hand,
    strike_clears,
)
from game.ai.sixty_five.forts import choose_fortification, dig_in_value
from game.ai.sixty_five.goals import is_strike
from game.ai.sixty_five.helicopters import entry_bonus, helicopter_value
from game.ai.sixty_five.kickstarter import enter_value, kickstarter_value, trap_value
from game.ai.sixty_five.plays import CARD_COST, HALT, MARKED, Judge
from game.ai.sixty_five.reactions import ap_reaction_value
from game.ai.sixty_five.relics import search_value, stays_cost
from game.ai.sixty_five.values import Outlook, loss, loss_after_hits, worth
from game.ai.sixty_five.vehicles import soft_risk, vehicle_move_value
from game.core.api import Action
from game.core.rng import Rng
from game.rules.sixty_five.actions import (
    ChooseInitiative,
    Decline,
    Discard,
    Done,
    Draw,
    EndImpulse,
    Enter,
    Exit,
    Follow,
    Fortify,
    Keep,
    Pass,
    Place,
    Play,
    React,
    ReserveMove,
    Withdraw,
)
from game.rules.sixty_five.cards.effect_registry import POWER_BLOCK
from game.rules.sixty_five.cards.effects import fire_plan
from game.rules.sixty_five.cards.powers import SATCHEL_HEF
from game.rules.sixty_five.scenarios.relics import SEARCH_BLOCK
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.terrain.bunker_fire import bunker_hex
from game.rules.sixty_five.terrain.fortified import BUNKER_BLOCK, hex_bunker_bonus
from game.rules.sixty_five.terrain.fortified import rules as fortification_rules
from game.rules.sixty_five.view import SixtyFiveView
from game.rules.sixty_five.world import Window

ACT = 0.03  # a play must gain this much to be made
INITIATIVE = 0.5  # what moving first in the turn is worth
DISCARD_MARGIN = 0.05
SUPPORT_COST = 0.35  # share of a support card's worth spent with it
SHORTLIST = 4  # best fire plays tried again with a Bullet Storm
P_GREEN = 22 / 54  # a green Hit among the cards (docs: Designed data)


class SixtyFiveBot:
    """The heuristic described in the module docstring."""

    name = "ai"

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng
        self._busy = False  # did something this impulse besides drawing
        self._idle_board: tuple[object, ...] | None = None  # the board when we last idled

    def choose(self, view: SixtyFiveView) -> Action:
        actions = tuple(view.candidate_actions)
        if not actions:
            raise ValueError(f"seat {self.seat} was asked to choose with no legal action")
        if len(actions) == 1:
            return actions[0]
        assert view.sealed is not None
        state = view.sealed.determinize(Rng(self.rng.next_u64()))
        assert isinstance(state, SixtyFiveState)
        judge = Judge(Outlook.read(state, self.seat, view.scenario))
        if view.window is not None:
            return self._window(judge, view, actions)
        first = actions[0]
        if isinstance(first, Place):
            return self._place(judge, actions)
        if isinstance(first, Fortify):  # 23, 24: the side's bunkers and foxholes
            forts = [a for a in actions if isinstance(a, Fortify)]
            return choose_fortification(judge, forts, self.rng)
        if isinstance(first, ChooseInitiative):
            return self._bid(judge, view, actions)
        if view.phase == "initiative_discard":
            return min(actions, key=lambda a: _card_of(judge, a))
        if isinstance(first, Keep):
            return self._keep(judge, view)
        if any(isinstance(a, (ReserveMove, Done)) for a in actions):
            return self._reserve(judge, actions)
        return self._impulse(judge, view, actions)

    # -- the impulse ----------------------------------------------------------------------
    def _impulse(self, judge: Judge, view: SixtyFiveView, actions: tuple[Action, ...]) -> Action:
        if Draw() in actions:
            return self._draw_or_pass(judge, view)
        best: Action | None = None
        best_score = ACT
        for action, score in self._scored(judge, actions):
            if score > best_score:
                best, best_score = action, score
        if best is None:
            best = self._discard(judge, view, actions)
        if best is not None:
            self._busy = True
            return best
        if not self._busy:
            self._idle_board = _board(view)
        if EndImpulse() in actions:
            return EndImpulse()
        return Pass() if Pass() in actions else actions[-1]

    def _draw_or_pass(self, judge: Judge, view: SixtyFiveView) -> Action:
        """6a, 4f: draw, unless no unit of ours can act, or the hand is full and nothing
        has changed since the last impulse in which we found nothing worth doing (two
        such players would otherwise draw nothing and end impulses for ever)."""
        self._busy = False
        if not any(u.eligible for u in judge.look.own()):
            return Pass()
        full = len(view.hand) >= judge.look.world.data.rules.hand_size
        if full and self._idle_board == _board(view):
            return Pass()
        return Draw()

    def _scored(self, judge: Judge, actions: tuple[Action, ...]) -> list[tuple[Action, float]]:
        out: list[tuple[Action, float]] = []
        fires: list[tuple[Play, float]] = []
        for a in actions:
            value = IMPULSE_VALUES.get(type(a))
            if value is None:
                continue
            score = value(self, judge, a)
            out.append((a, score))
            if isinstance(a, Play) and a.target is not None and not a.path and not a.spread:
                fires.append((a, score))
        fires.sort(key=lambda x: -x[1])
        out.extend(self._with_support(judge, [p for p, _ in fires[:SHORTLIST]]))
        moves = [(a, s) for a, s in out if isinstance(a, Play) and a.path and not a.target]
        moves.sort(key=lambda x: -x[1])
        out.extend(assault_supported(judge, [p for p, _ in moves[:SHORTLIST]], self.seat))
        return out

    def _with_support(self, judge: Judge, plays: list[Play]) -> list[tuple[Action, float]]:
        """19c Bullet Storm: the best fire plays again with a Bullet Storm card beside."""
        state = judge.look.state
        w = state.world
        storms = [c for c in w.hands[self.seat] if "bullet_storm" in w.card(c).blocks]
        out: list[tuple[Action, float]] = []
        for play in plays:
            for card in storms:
                if card == play.card:
                    continue
                backed = Play(play.card, play.block, play.units, play.target, supports=(card,))
                if state.why_not(backed) is None:
                    score = self._play(judge, backed)
                    spare = judge.look.card_value(card) - judge.look.average_card()
                    score -= SUPPORT_COST * max(0.0, spare) + 0.03
                    out.append((backed, score))
                break
        return out

    def _play(self, judge: Judge, play: Play) -> float:
        """The score of one play: what it gains less the card and the markers it costs."""
        look = judge.look
        state = look.state
        w = state.world
        units = [w.units[u] for u in play.units or ()]
        cost = judge.card_cost(play.card)
        if is_strike(play):  # 12, scenario 6's AC-47: no unit is activated, no marker spent
            spent = sum(judge.card_cost(c) for c in play.supports or ())
            gain = judge.goals.artillery_value(play) + strike_clears(judge, play)  # scenario 6
            return gain - cost - spent
        specials = {
            POWER_BLOCK.id: POWER_BLOCK, BUNKER_BLOCK.id: BUNKER_BLOCK,
            SEARCH_BLOCK.id: SEARCH_BLOCK,
        }  # fmt: skip
        block = specials.get(play.block) or w.data.blocks[play.block]
        effect = block.effect
        if effect == SEARCH_BLOCK.effect:  # scenario 8: the relics
            return search_value(look, play) - cost - MARKED
        if effect == "power":
            power = units[0].values.powers[0] if units[0].values.powers else None
            if power == "smoke":
                return -1.0
            special = power_value(judge, play, units[0], power)
            if special is not None:  # scenario 8: a Power used in place marks the Hero
                return special - cost - (0.0 if play.path else stays_cost(look, units))
            at = bunker_hex(play.target)
            if power == "satchel_charge" and at is not None:  # 23b: the bunker itself
                odds = judge.armour_odds(SATCHEL_HEF, fortification_rules().bunker_af)
                return judge.bunker_value(at, odds) - cost - MARKED
            if power == "satchel_charge":
                target = w.units[play.target or ""]
                assert target.hex is not None
                victims = [u for u in w.live() if u.hex == target.hex and u.seat != self.seat]
                cover = w.field.cover(target.hex) + hex_bunker_bonus(w, target.hex, victims)
                draws = SATCHEL_HEF - cover  # 22g, 23b: a bunker's +1 CF too
                return judge.spread_value(target, draws) - cost - MARKED
        special = kickstarter_value(judge, play, block)  # 18 r-y (option)
        if special is not None:
            return special - cost
        if effect in ("fire", "reload_and_fire", "power"):
            if play.spread:
                draws = fire_plan(w, self.seat, play, block).damage_draw
                gain = judge.spread_value(w.units[play.target or ""], draws)
            else:
                odds = state.explain(play).outcomes
                gain = judge.fire_value(play, odds) + clear_the_way(judge, play, odds)
            if block.shots > 1:
                gain *= 1.7  # 18k: a second shot unless the target steps out of it
            gain -= stays_cost(look, units)  # scenario 8
            return gain - cost - MARKED * len(units)
        if effect == "move":
            air = airmobile_transport_value(judge, play, units[0]) if units else None
            if air is not None:  # scenario 7's loaded transports
                return air - cost
            special = helicopter_value(judge, play, units)  # 17
            if special is not None:
                return special - cost
            special = vehicle_move_value(judge, play, units)  # 7b, 8a, 13e
            if special is not None:
                return special - cost
            assert play.path is not None
            return judge.move_value(units, play.path, True) - cost
        if effect == "move_and_fire":
            return self._move_and_fire(judge, play, units[0]) - cost
        if effect == "rally":
            return sum(judge.rally_value(u) for u in units) - cost - stays_cost(look, units)
        if effect in ("second_wind", BUNKER_BLOCK.effect):  # 18q, 23b
            return 0.05 - cost
        if effect == "extra_actions":
            others = [c for c in w.hands[self.seat] if c != play.card]
            if play.block == "command_ops":
                return (0.3 if len(others) >= 2 else 0.0) - cost
            return 0.08 - cost
        return -1.0

    def _move_and_fire(self, judge: Judge, play: Play, unit: object) -> float:
        """18j: the move's gain (the unit ends Ops Complete, not Moved) plus the shot from
        the hex it reaches, by the calculator with the unit standing there."""
        state = judge.look.state
        w = state.world
        mover = w.units[(play.units or ("",))[0]]
        shot = Play(play.card, play.block, play.units, play.target)
        if not play.path:
            return judge.fire_value(shot, state.explain(shot).outcomes) - MARKED
        start, marker = mover.hex, mover.marker
        gain = judge.move_value([mover], play.path, False)
        mover.hex, mover.marker = play.path[-1], None
        try:
            gain += judge.fire_value(shot, state.explain(shot).outcomes)
        finally:
            mover.hex, mover.marker = start, marker
        return gain - MARKED

    def _discard(
        self, judge: Judge, view: SixtyFiveView, actions: tuple[Action, ...]
    ) -> Action | None:
        """6d: throw away the worst card if an average unseen card is worth more."""
        discards = [a for a in actions if isinstance(a, Discard)]
        if not discards or keeps_hand(judge.look):  # scenario 6: no haste to End Turn
            return None
        look = judge.look
        average = look.average_card()
        worst = min(discards, key=lambda a: look.card_value(a.card))
        if look.card_value(worst.card) < average - DISCARD_MARGIN:
            return worst
        return None

    # -- windows --------------------------------------------------------------------------
    def _window(self, judge: Judge, view: SixtyFiveView, actions: tuple[Action, ...]) -> Action:
        assert view.window is not None
        kind = view.window[1]
        answer = window_answer(judge, kind, actions)
        if answer is not None:
            return answer
        if kind == "opportunity":
            return self._opportunity(judge, actions)
        if kind == "withdraw":
            return self._withdraw(judge, actions)
        best: Action = Decline()
        best_score = 0.0
        for a in actions:
            if isinstance(a, React):
                trap = kind == Window.TRAP.value
                score = trap_value(judge, a) if trap else self._reaction(judge, a)
                if score > best_score:
                    best, best_score = a, score
        return best

    def _opportunity(self, judge: Judge, actions: tuple[Action, ...]) -> Action:
        """11: fire at the moving unit when the expected damage, and the chance of
        halting it, beat the card and the firing units' marker."""
        look = judge.look
        best: Action = Decline()
        best_score = 0.0
        for a in actions:
            if not isinstance(a, Play):
                continue
            odds = look.state.explain(a).outcomes
            gain = judge.fire_value(a, odds)
            gain += HALT * (1.0 - odds.get("no effect", 1.0))
            units = len(a.units or ())
            score = gain - 0.5 * judge.card_cost(a.card) - 2 * MARKED * units
            if score > best_score:
                best, best_score = a, score
        return best

    def _reaction(self, judge: Judge, react: React) -> float:
        """20c Light Wounds: the hit it cancels; 20d Unexpected Cover: one card fewer in
        the Damage Draw. Worth playing when that beats the card kept."""
        look = judge.look
        if look.world.strike is not None:
            return self._strike_reaction(judge, react)
        if look.world.ap_attack is not None:  # 15, 19d, 20a, 20b, 20d: a vehicle shot
            return ap_reaction_value(judge, react)
        attack = look.world.attack
        if attack is None:
            return 0.0
        target = look.world.units[attack.target]
        keep = 2 * CARD_COST * look.card_value(react.card)
        if react.block == "light_wounds":
            saved = worth(target) * (loss_after_hits(target, 1) - loss(target))
            return saved - keep
        if react.block == "unexpected_cover" and attack.cards_left > 0:
            n = attack.cards_left
            saved = look.damage(target, n, attack.hits_on) - look.damage(
                target, n - 1, attack.hits_on
            )
            return saved - keep
        return 0.0

    def _strike_reaction(self, judge: Judge, react: React) -> float:
        """12 with 20c / 20d (version 4): Light Wounds is worth the hit it cancels on the
        unit about to take it; Unexpected Cover one card fewer on the hex, a green Hit's
        chance times the average cost of a hit on the units there."""
        look = judge.look
        w = look.world
        window = w.pending[-1]
        keep = 2 * CARD_COST * look.card_value(react.card)
        if react.block == "light_wounds" and window.window is Window.STRIKE_HIT:
            target = w.units[window.unit]
            return worth(target) * (loss_after_hits(target, 1) - loss(target)) - keep
        if react.block == "unexpected_cover" and window.window is Window.STRIKE_COVER:
            here = [u for u in w.live() if u.hex == window.unit and u.seat == look.seat]
            if not here:
                return 0.0
            cost = sum(worth(u) * (loss_after_hits(u, 1) - loss(u)) for u in here) / len(here)
            return P_GREEN * cost - keep
        return 0.0

    def _withdraw(self, judge: Judge, actions: tuple[Action, ...]) -> Action:
        """18k: step back where Punishing Fire's second shot draws fewest cards."""
        look = judge.look
        w = look.world
        shot = w.second_shot
        if shot is None:
            return Decline()
        firer, target = w.units[shot[2]], w.units[shot[3]]
        assert target.hex is not None
        ready = firer.copy()
        ready.marker = None

        def exposed(hex_id: str, moved: bool) -> float:
            draws = look.draws_at(ready, target, hex_id, moved)
            return look.damage(target, draws) - 0.5 * judge.objective_value(hex_id)

        best: Action = Decline()
        best_score = exposed(target.hex, target.marker is not None)
        for a in actions:
            if isinstance(a, Withdraw):
                score = exposed(a.hex, True)
                if score < best_score - 0.02:
                    best, best_score = a, score
        return best

    # -- the other phases -----------------------------------------------------------------
    def _bid(self, judge: Judge, view: SixtyFiveView, actions: tuple[Action, ...]) -> Action:
        """5b: the chance a card wins the initiative (higher TN, then APF, against every
        card we have not seen) times the initiative's worth less the card we give up."""
        look = judge.look
        w = look.world
        seen = {*view.hand, *view.discard, *view.set_aside, *view.my_bids}
        pool = [c.id for c in w.data.cards if not c.end_turn and c.id not in seen]

        def score(a: Action) -> float:
            assert isinstance(a, ChooseInitiative)
            key = w.card(a.card).initiative_key
            keys = [w.card(c).initiative_key for c in pool]
            wins = sum(1.0 if k < key else 0.5 if k == key else 0.0 for k in keys)
            p = wins / len(keys) if keys else 0.5
            return p * (INITIATIVE - look.card_value(a.card))

        return max(actions, key=score)

    def _keep(self, judge: Judge, view: SixtyFiveView) -> Action:
        """5e: keep the best card."""
        if not view.hand:
            return Keep(None)
        return Keep(max(view.hand, key=judge.look.card_value))

    def _reserve(self, judge: Judge, actions: tuple[Action, ...]) -> Action:
        best: Action = Done()
        best_score = ACT
        for a in actions:
            if isinstance(a, ReserveMove):
                unit = judge.look.world.units[a.unit]
                assert unit.hex is not None
                score = judge.reserve_value(a) - soft_risk(unit, unit.hex, a.path[-1], judge)
                score += convoy_move_value(judge, unit, a.path)  # scenario 6
                score += capture_push(judge, a)  # scenario 7
                if score > best_score:
                    best, best_score = a, score
            elif isinstance(a, Exit):
                score = judge.goals.exit_value(a) + exit_bonus(judge, a)
                if score > best_score:
                    best, best_score = a, score
            elif isinstance(a, Enter):  # 24a
                score = enter_value(judge, a)
                if score > best_score:
                    best, best_score = a, score
        return best

    def _place(self, judge: Judge, actions: tuple[Action, ...]) -> Action:
        """24: set up where the hex is worth most, spread over the zone, each Hero with a
        squad to shield him (10d1)."""
        look = judge.look
        w = look.world

        def score(a: Action) -> float:
            assert isinstance(a, Place)
            unit = w.units[a.unit]
            here = [u for u in look.own() if u.hex == a.hex]
            value = judge.place_value(unit, a.hex, False) + dig_in_value(judge, unit, a.hex)
            if unit.hero:
                value += 0.2 if any(not u.hero for u in here) else 0.0
            else:
                value -= 0.15 * len(here)
            return value + 1e-6 * self.rng.random()

        return max(actions, key=score)


def _airmobile(judge: Judge, action: Action) -> float:
    """Scenario 7's terms beside the shared move values (sixty_five_airmobile)."""
    return capture_push(judge, action) - stranding_cost(judge, action)


def _board(view: SixtyFiveView) -> tuple[object, ...]:
    """The public state of every unit (where, how hurt, which marker)."""
    return tuple((u.id, u.hex, u.shaken, u.reduced, u.marker, u.eliminated) for u in view.units)


def _exit_value(_bot: SixtyFiveBot, judge: Judge, a: Exit) -> float:
    cost = judge.card_cost(a.card) if a.card else 0.0
    return judge.goals.exit_value(a) + exit_bonus(judge, a) - cost


def _enter_value(_bot: SixtyFiveBot, judge: Judge, a: Enter) -> float:  # 24a
    air = airmobile_entry_value(judge, a)  # scenario 7's Hueys
    if air is not None:
        return air
    cost = judge.card_cost(a.card) if a.card else 0.0
    return enter_value(judge, a) + entry_bonus(judge, a) - cost


#: What each action of the impulse is worth to the bot (the '65 dispatch of its
#: evaluation); other actions are not scored (a discard and ending the impulse are
#: chosen when nothing scores above acting at all).
IMPULSE_VALUES: dict[type[Action], Callable[[SixtyFiveBot, Judge, Any], float]] = {
    Play: lambda bot, judge, a: bot._play(judge, a) + _airmobile(judge, a),
    Follow: lambda _bot, judge, a: judge.follow_value(a) + _airmobile(judge, a),
    Exit: _exit_value,
    Enter: _enter_value,
}


def _card_of(judge: Judge, action: Action) -> float:
    card = getattr(action, "card", None)
    return judge.look.card_value(card) if isinstance(card, str) else 0.0


register_ai("sixty_five")(SixtyFiveBot)
