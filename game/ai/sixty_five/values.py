"""What the '65 bot counts with: the loss of a unit by its state, the worth of a card in
hand, and the board reading of one decision (``Outlook``: objectives, how exposed each
hex is to enemy fire, what each hex lets a unit shoot at).

Scores are in victory points: an eliminated unit costs its side one VP in scenario 1
plus the unit itself, a building taken is one VP. Every number of the rules (Damage
Draw size, line of sight, range, cover, hit chances) comes from the rules modules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.rules.sixty_five.boards import scenario_by_id
from game.rules.sixty_five.combat.calculator import hit_chances
from game.rules.sixty_five.combat.ranged import plan_fire, range_modifier
from game.rules.sixty_five.data import BlockKind, HitColour, Marker
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.state import SixtyFiveState
from game.rules.sixty_five.terrain.fortified import (
    bunker_cover_bonus,
    bunker_line_refusal,
    in_foxhole,
)
from game.rules.sixty_five.world import World

GREEN = (HitColour.GREEN,)
ON_THE_MOVE = (HitColour.YELLOW, HitColour.RED)

# Loss of a unit by (shaken, reduced); elimination is the scenario's VP and the unit.
LOSS = {(False, False): 0.0, (True, False): 0.25, (False, True): 0.35, (True, True): 0.6}
ELIMINATED = 1.6
BOLD_SPAN = 3.0  # VP short of the win at which a side plays at full boldness
BOLD_SEATS = (0,)  # the sides whose bot plays boldly: the Americans
KILL_PUSH = 1.0  # VP a fully bold side adds to each enemy unit eliminated, per VP it scores

# What a card's block is worth in hand (the better block counts, a second use a little).
BLOCK_WORTH = {
    "fire": 1.0,
    "punishing_fire": 1.1,
    "flanking_fire": 1.0,
    "cannister": 0.9,
    "move": 0.8,
    "fast_move": 0.9,
    "lets_get_em": 0.9,
    "scout": 0.6,
    "move_and_fire": 0.7,
    "command_ops": 0.8,
    "reinforcements": 0.45,
    "second_wind": 0.25,
    "artillery": 0.9,
    "heavy_artillery": 0.2,
    "reload_and_fire": 0.3,
    "bullet_storm": 0.45,
    "light_wounds": 0.7,
    "unexpected_cover": 0.5,
    "ambush": 0.35,  # rules version 2 (game/ai/sixty_five/cards.py)
    "panic": 0.35,
    "retreat": 0.3,
}
RALLY_BLOCKS = ("rally", "rally_2", "bloodlust")
FIRING_POWERS = ("p40mm", "kill_shot", "satchel_charge")
SEARCH_CARD = 0.5  # scenario 8: a Power card kept for a relic search


def loss(unit: Counter) -> float:
    """What the unit's present state costs its side (0 healthy, ``ELIMINATED`` gone)."""
    if unit.eliminated:
        return ELIMINATED
    return LOSS[(unit.shaken, unit.reduced)]


def worth(unit: Counter) -> float:
    """How much a unit matters beside the VP: machine guns and heroes a little more."""
    return 1.0 + 0.1 * max(0, unit.type.hef - 2) + (0.15 if unit.hero else 0.0)


def loss_after_hits(unit: Counter, hits: int) -> float:
    """The loss once ``hits`` hits have landed (10c, via ``Counter.take_hit``)."""
    after = unit.copy()
    for _ in range(hits):
        if after.eliminated:
            break
        after.take_hit()
    return loss(after)


def ap_outcome_value(world: World, target: Counter, odds: dict[str, float]) -> float:
    """The expected loss (times worth) of an AP shot's outcome chances (15c, the rules
    calculator's names) on ``target``: destroyed, the vehicle and two hits on each
    passenger (8e); Shaken, the vehicle and its passengers Shaken (8f). A miss or no
    effect costs nothing."""
    riders = [u for u in world.live() if u.carrier == target.id]
    destroyed = worth(target) * (ELIMINATED - loss(target))
    destroyed += sum(worth(r) * (loss_after_hits(r, 2) - loss(r)) for r in riders)
    shaken = sum(
        worth(u) * (LOSS[(True, u.reduced)] - loss(u))
        for u in (target, *riders)
        if not u.shaken and not u.eliminated
    )
    return odds.get("destroyed", 0.0) * destroyed + odds.get("shaken", 0.0) * shaken


def foxhole_hits(draws: int, rate: float) -> float:
    """23a: the expected Hits of ``draws`` cards (each a Hit at ``rate``) when the first
    Hit is redrawn: E[max(0, H - 1)] over ``draws + 1`` cards, (n + 1) r - P(any Hit)."""
    n = draws + 1
    return n * rate - (1.0 - (1.0 - rate) ** n)


def expected_damage(unit: Counter, chances: Iterable[float]) -> float:
    """Expected rise in the unit's loss over a distribution of hit counts, times its worth."""
    now = loss(unit)
    return worth(unit) * sum(p * (loss_after_hits(unit, k) - now) for k, p in enumerate(chances))


def boldness(state: SixtyFiveState, seat: int, turn_share: float) -> float:
    """How much risk ``seat`` should take for its goal (0 to 1): 0 while it would win or
    hold if the game ended now (24, ``SixtyFiveState.margin``), rising with the VP it is
    short of its win (full at ``BOLD_SPAN``) and, from 0.6 to 1 of that, as the turns run
    out. A side that loses anyway by standing still gains nothing by sparing its units.

    Only the seats of ``BOLD_SEATS`` (the Americans) play so: the Viet Cong / NVA bot,
    bold in the same way, did no better as the attacker of scenarios 3 and 5 (issue 34's
    measurements, docs/rules/sixty_five.md), so it plays as before. Nor does scenario 6's
    convoy, which weighs its vehicles' danger by its own values (``convoy.py``): bold, it
    scored less (3.8 VP a game against 6.3 on the same eight seeds)."""
    sc = state.scenario
    if sc is None or seat not in BOLD_SEATS:
        return 0.0
    if sc.victory.side(seat).own_vehicles_exited:  # scenario 6: the convoy's own values
        return 0.0
    margin = state.margin()  # > 0: the Americans would win now
    short = -margin if seat == 0 else margin
    if short <= 0:
        return 0.0
    return min(1.0, short / BOLD_SPAN) * (0.6 + 0.4 * turn_share)


def kill_push(state: SixtyFiveState, seat: int, bold: float) -> float:
    """What a side short of its win adds to each enemy unit it eliminates, beyond the
    unit's loss: ``KILL_PUSH`` times its boldness times the VP the scenario gives it for
    an enemy unit eliminated (24; scenario 4's Americans win by 9 kills). A Shake or a
    reduction can be rallied away (16) and scores nothing; only an elimination brings
    the win closer, so such a side finishes off the units it has already hurt and fires
    where a kill is likeliest."""
    sc = state.scenario
    if sc is None or bold <= 0.0:
        return 0.0
    return KILL_PUSH * bold * max(0, sc.victory.side(seat).enemy_eliminated)


@dataclass
class Outlook:
    """The board as one seat reads it for one decision (from a determinized copy of its
    view's state: only the hidden hand and deck order were dealt again)."""

    state: SixtyFiveState
    seat: int
    objective_terrain: str | None
    turn_share: float  # 0 at the first turn, 1 at the last
    #: the objective hexes a scenario names (scenario 5: 3I5) and the seat that scores
    #: for holding the objectives (seat 0 in scenario 1, seat 1 in scenario 5)
    objective_named: tuple[str, ...] = ()
    objective_seat: int = 0
    #: how far behind its win this seat stands now (0: it would win if the game ended
    #: here, up to 1: far short with the turns running out); see ``boldness``
    boldness: float = 0.0
    #: what a bold side adds to each enemy unit it eliminates (``kill_push``)
    kill_bonus: float = 0.0
    _exposure: dict[tuple[bool, bool, str, bool], float] = field(default_factory=dict)
    _offence: dict[tuple[int, bool, str], float] = field(default_factory=dict)
    _damage: dict[tuple[str, int, tuple[HitColour, ...]], float] = field(default_factory=dict)
    _p: dict[tuple[HitColour, ...], tuple[int, int]] = field(default_factory=dict)
    _cards: dict[str, float] = field(default_factory=dict)
    _objectives: tuple[str, ...] | None = None
    _average: float | None = None

    @property
    def world(self) -> World:
        return self.state.world

    @classmethod
    def read(cls, state: SixtyFiveState, seat: int, scenario: str | None) -> Outlook:
        terrain, scorer = None, 0
        named: tuple[str, ...] = ()
        if scenario is not None:
            victory = (state.scenario or scenario_by_id(scenario)).victory
            controlled = victory.us.controlled or victory.vc_nva.controlled
            terrain = controlled.terrain if controlled else None
            named = controlled.hexes if controlled else ()
            scorer = 0 if victory.us.controlled else 1
        share = (state.turn - 1) / max(1, state.turns - 1)
        bold = boldness(state, seat, share) if scenario is not None else 0.0
        kills = kill_push(state, seat, bold)
        return cls(state, seat, terrain, share, named, scorer, bold, kills)

    # -- cards --------------------------------------------------------------------------
    def unseen(self, colours: tuple[HitColour, ...]) -> tuple[int, int]:
        """(cards this seat has not seen, how many of them hit on ``colours``)."""
        known = self._p.get(colours)
        if known is None:
            w = self.world
            cards = [*w.draw_pile, *w.hands[1 - self.seat]]
            hitting = sum(1 for c in cards if w.card(c).hit in colours)
            known = self._p[colours] = (len(cards), hitting)
        return known

    def chances(self, draws: int, colours: tuple[HitColour, ...] = GREEN) -> list[float]:
        """P(k hits) for a draw of ``draws`` cards (the rules calculator's odds)."""
        if draws <= 0:
            return [1.0]
        unseen, hitting = self.unseen(colours)
        return hit_chances(unseen, hitting, draws) if unseen else [1.0]

    def damage(self, target: Counter, draws: int, colours: tuple[HitColour, ...] = GREEN) -> float:
        """Expected damage (in VP) of a Damage Draw of ``draws`` cards on ``target``."""
        key = (target.id, draws, colours)
        known = self._damage.get(key)
        if known is None:
            known = self._damage[key] = expected_damage(target, self.chances(draws, colours))
        return known

    def hit_rate(self, colours: tuple[HitColour, ...] = GREEN) -> float:
        unseen, hitting = self.unseen(colours)
        return hitting / unseen if unseen else 0.0

    def card_value(self, card_id: str) -> float:
        """What a card is worth in hand: its better block, a quarter of the other, and
        a little for Power if a unit of ours has a Power it could use. Remembered for the
        decision: every play of the card asks again."""
        known = self._cards.get(card_id)
        if known is None:
            known = self._cards[card_id] = self._card_value(card_id)
        return known

    def _card_value(self, card_id: str) -> float:
        w = self.world
        card = w.card(card_id)
        if card.end_turn:
            return 0.0
        own = [u for u in w.live() if u.seat == self.seat and u.hex is not None]
        values = sorted((self._block_value(b, own) for b in card.blocks), reverse=True)
        value = values[0] + 0.25 * sum(values[1:])
        if card.power and any(p in u.values.powers for u in own for p in (*FIRING_POWERS, "smoke")):
            value += 0.3
        relics = w.relics  # scenario 8: a Power card is what a search is played with
        if card.power and relics is not None and relics.unsearched():
            if any(u.type.id in relics.rule.searchers for u in own):
                value += SEARCH_CARD
        return value

    def average_card(self) -> float:
        """The worth of an average card not seen yet: what a discard is replaced by."""
        if self._average is None:
            w = self.world
            pool = [c for c in (*w.draw_pile, *w.hands[1 - self.seat]) if not w.card(c).end_turn]
            self._average = sum(self.card_value(c) for c in pool) / len(pool) if pool else 0.0
        return self._average

    def _block_value(self, block_id: str, own: list[Counter]) -> float:
        block = self.world.data.blocks[block_id]
        if block_id in RALLY_BLOCKS:
            hurt = sum(1 for u in own if u.shaken or u.reduced)
            return 0.35 + 0.35 * min(2, hurt)
        if block.kind is BlockKind.SUPPORT and block_id not in BLOCK_WORTH:
            return 0.0  # not available in the rules yet
        return BLOCK_WORTH.get(block_id, 0.0)

    # -- the ground ---------------------------------------------------------------------
    def enemies(self) -> list[Counter]:
        return [u for u in self.world.live() if u.seat != self.seat and u.hex is not None]

    def own(self) -> list[Counter]:
        return [u for u in self.world.live() if u.seat == self.seat and u.hex is not None]

    def draws_at(self, firer: Counter, target: Counter, hex_id: str, moved: bool) -> int:
        """Cards ``firer`` would draw against ``target`` standing in ``hex_id`` (marked
        Moved or not): 0 without line of sight or out of range (10b, 14)."""
        assert firer.hex is not None
        if firer.hex == hex_id:
            return 0
        w = self.world
        distance = w.field.distance(firer.hex, hex_id)
        if not firer.has("sniper") and range_modifier(w.data.rules, distance) is None:
            return 0
        if not w.field.los(firer.hex, hex_id):
            return 0
        ghost = target.copy()
        ghost.hex = hex_id
        ghost.marker = Marker.MOVED if moved else None
        if w.fortifications and bunker_line_refusal(w, [firer], ghost):
            return 0  # 23b: a bunker is fired into and out of through its front only
        others = [c for c in w.live() if c.id != target.id]
        bunker = bunker_cover_bonus(w, ghost) if w.fortifications else 0  # 23b: +1 CF
        plan = plan_fire(
            w.field, w.data.rules, firer, [], ghost, [*others, ghost], cover_bonus=bunker
        )
        return max(0, plan.damage_draw)

    def exposure(self, unit: Counter, hex_id: str, moved: bool) -> float:
        """Expected hits the enemy's next shots would land on ``unit`` in ``hex_id``: the
        best single shot in full and a quarter of each other (they act once an impulse).
        Shaken enemies count a third (they may rally first)."""
        key = (unit.has("difficult_target"), unit.leg, hex_id, moved)
        known = self._exposure.get(key)
        if known is not None:
            return known
        rate = self.hit_rate()
        ghost = unit.copy()
        ghost.hex = hex_id
        foxhole = bool(self.world.foxholes) and in_foxhole(self.world, ghost)
        shots = []
        for enemy in self.enemies():
            draws = self.draws_at(enemy, unit, hex_id, moved)
            if draws:
                hits = foxhole_hits(draws, rate) if foxhole else draws * rate
                shots.append(hits * (0.33 if enemy.shaken else 1.0))
        shots.sort(reverse=True)
        value = (shots[0] + 0.25 * sum(shots[1:])) if shots else 0.0
        self._exposure[key] = value
        return value

    def offence(self, unit: Counter, hex_id: str) -> float:
        """Expected damage of the best shot ``unit`` could take from ``hex_id`` next time."""
        key = (unit.hef, unit.has("sniper"), hex_id)
        known = self._offence.get(key)
        if known is not None:
            return known
        best = 0.0
        if unit.hef > 0:
            mover = unit.copy()
            mover.hex = hex_id
            for enemy in self.enemies():
                assert enemy.hex is not None
                draws = self.draws_at(mover, enemy, enemy.hex, enemy.marker is Marker.MOVED)
                if draws:
                    best = max(best, self.damage(enemy, draws))
        self._offence[key] = best
        return best

    # -- objectives ---------------------------------------------------------------------
    def objective_hexes(self) -> list[str]:
        """The scenario's objective hexes: those it names, else every hex of its objective
        terrain."""
        if self.objective_named:
            return list(self.objective_named)
        return list(self.objective_terrain_hexes())

    def objective_terrain_hexes(self) -> tuple[str, ...]:
        """Every hex of the scenario's objective terrain (none without one), found once
        for the decision."""
        if self.objective_terrain is None:
            return ()
        if self._objectives is None:
            f = self.world.field
            found = [h for h in f.hexes() if f.terrain(h).id == self.objective_terrain]
            self._objectives = tuple(found)
        return self._objectives

    def controller(self, hex_id: str) -> int | None:
        return self.state.control.get(hex_id)
