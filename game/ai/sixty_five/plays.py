"""How the '65 bot scores one play: fire by the rules calculator's exact odds, moves by
the ground they reach, assaults by both sides' Damage Draws, rallies by the state they
mend. Every score is in victory points gained (see ``sixty_five_values``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.sixty_five.goals import Goals
from game.ai.sixty_five.relics import (
    engage_pull,
    escape_pull,
    relic_fire_value,
    relic_pull,
)
from game.ai.sixty_five.values import (
    GREEN,
    LOSS,
    ON_THE_MOVE,
    Outlook,
    ap_outcome_value,
    loss,
    loss_after_hits,
    worth,
)
from game.core.api import Action
from game.rules.sixty_five.actions import Follow, Play, ReserveMove
from game.rules.sixty_five.assault.combat import assault_hef, can_assault, spread_hits
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.bunker_fire import bunker_hex
from game.rules.sixty_five.vehicles.fire import Armour, armour_result

CAPTURE = 1.0  # an objective hex changing hands: one VP
RUBBLE = 0.3  # a bunker of the enemy's gone for good (23b)
GUARD = 0.15  # standing in an objective hex (cover, and it cannot be walked into)
THREAT = 1.2  # times the next hit's cost, per expected enemy hit where a unit ends
OFFENCE = 0.4  # share of the best shot from a hex counted for being there
PATH_RISK = 0.6  # times the next hit's cost, per expected Opportunity Fire hit on the way
CARD_COST = 0.15  # share of a card's worth that playing it costs
MARKED = 0.04  # a unit Fired or Ops Complete cannot act again this turn
HALT = 0.15  # Opportunity Fire that hits stops the mover short of its goal
BOLD_RISK = 0.3  # share of the fire it draws a fully bold side stops counting
BOLD_PULL = 2.0  # how much more a fully bold side's goals pull


@dataclass
class Judge:
    """Scores plays for one decision; remembers hex values within it."""

    look: Outlook
    _place: dict[tuple[str, str, bool], float] = field(default_factory=dict)
    _moves: dict[tuple[tuple[str, ...], tuple[str, ...], bool], float] = field(default_factory=dict)
    _goals: Goals | None = None

    @property
    def goals(self) -> Goals:
        """Scenario 2 and 3 goals: maps to stand on, edges to leave by, artillery."""
        if self._goals is None:
            self._goals = Goals(self.look)
        return self._goals

    @property
    def seat(self) -> int:
        return self.look.seat

    # -- the ground ---------------------------------------------------------------------
    def place_value(self, unit: Counter, hex_id: str, moved: bool) -> float:
        """What it is worth to have ``unit`` standing in ``hex_id``: the objectives, the
        enemy fire it draws there (cover counts through the Damage Draw) and the shots
        it has from there."""
        key = (unit.id, hex_id, moved)
        known = self._place.get(key)
        if known is not None:
            return known
        look = self.look
        bold = look.boldness
        value = self.objective_value(hex_id)
        if look.objective_hexes():  # hexes to take (24): a side short of its win goes
            value *= 1.0 + BOLD_PULL * bold
        if look.world.relics is not None:  # scenario 8
            value += relic_pull(look, unit, hex_id) + escape_pull(look, unit, hex_id)
            value += engage_pull(look, unit, hex_id)
        threat = THREAT * (1.0 - BOLD_RISK * bold)  # a side short of its win takes risks
        value -= threat * hit_cost(unit) * look.exposure(unit, hex_id, moved)
        if not unit.shaken:
            value += OFFENCE * look.offence(unit, hex_id)
        value += 0.03 * look.world.field.cover(hex_id)
        self._place[key] = value
        return value

    def objective_value(self, hex_id: str) -> float:
        """Nearness to the objective hexes still to take (the side that scores by holding
        them: seat 0 in scenario 1, seat 1 in scenario 5), or to those to win back; more
        as turns run out."""
        look = self.look
        targets = look.objective_hexes()
        if not targets:
            return self.goals.pull(hex_id)
        f = look.world.field
        mine = [h for h in targets if look.controller(h) == self.seat]
        theirs = [h for h in targets if look.controller(h) != self.seat]
        value = 0.0
        if hex_id in targets:
            value += GUARD
        urgency = 1.0 + look.turn_share
        if self.seat == look.objective_seat:
            held = {u.hex for u in look.enemies()}
            pull = theirs or targets
            # an empty hex to take draws harder than one the enemy stands in
            value -= 0.1 * urgency * min(f.distance(hex_id, h) + 2 * (h in held) for h in pull)
        else:
            value -= 0.05 * min(f.distance(hex_id, h) for h in targets)
            lost = [h for h in targets if h not in mine]
            if lost:
                value -= 0.06 * urgency * min(f.distance(hex_id, h) for h in lost)
        return value

    def capture_value(self, hex_id: str) -> float:
        """Entering an objective hex the other side controls and nobody holds."""
        look = self.look
        if hex_id not in look.objective_hexes() or look.controller(hex_id) == self.seat:
            return 0.0
        if any(u.hex == hex_id for u in look.enemies()):
            return 0.0
        # worth less where enemies ready to assault stand close enough to walk back in
        f = look.world.field
        near = sum(
            1
            for u in look.enemies()
            if can_assault(u) and u.hex is not None and f.distance(u.hex, hex_id) <= 2
        )
        return CAPTURE / (1.0 + 0.5 * near)

    def move_value(self, movers: list[Counter], path: tuple[str, ...], marks: bool) -> float:
        """Units walking ``path``: the hex they reach against the one they leave, less the
        Opportunity Fire they risk on the way; an enemy hex at the end is an assault.
        Remembered within the decision: each card with a move block offers the same
        paths again."""
        key = (tuple(u.id for u in movers), path, marks)
        known = self._moves.get(key)
        if known is None:
            known = self._moves[key] = self._move_value(movers, path, marks)
        return known

    def _move_value(self, movers: list[Counter], path: tuple[str, ...], marks: bool) -> float:
        look = self.look
        end = path[-1]
        if any(u.hex == end for u in look.enemies()):
            return self.assault_value(movers, end)
        value = self.capture_value(end)
        for u in movers:
            assert u.hex is not None
            value += self.place_value(u, end, marks)
            value -= self.place_value(u, u.hex, u.marker is Marker.MOVED)
            risk = max((look.exposure(u, h, True) for h in path[:-1]), default=0.0)
            value -= PATH_RISK * (1.0 - BOLD_RISK * look.boldness) * hit_cost(u) * risk
        return value

    # -- assault ------------------------------------------------------------------------
    def assault_value(self, movers: list[Counter], hex_id: str) -> float:
        """13: both sides' assault HEF drawn on yellow and red Hits, hits spread Shake
        first; the side taking more hits leaves (the attacker on a tie). Counted as the
        expected damage each way plus the hex won (for an objective: its VP)."""
        look = self.look
        defenders = [u for u in look.enemies() if u.hex == hex_id]
        attackers = [u for u in movers if can_assault(u)]
        if not attackers or len(attackers) < len(movers):
            return -1.0
        steady = [d for d in defenders if not d.shaken]
        shaken = [d for d in defenders if d.shaken]
        a_odds = look.chances(assault_hef(attackers), ON_THE_MOVE)
        d_cards = assault_hef(steady) if steady else 0
        d_cards += assault_hef(shaken) // 2 if shaken else 0  # they answer only if they live
        d_odds = look.chances(d_cards, ON_THE_MOVE)
        prize = CAPTURE if hex_id in look.objective_hexes() else 0.2
        prize *= 1.0 + BOLD_PULL * look.boldness  # a side short of its win must close
        spare = 1.0 - BOLD_RISK * look.boldness
        bonus = look.kill_bonus
        total = 0.0
        for ka, pa in enumerate(a_odds):
            dealt, wiped, kills = _spread_loss(defenders, ka)
            dealt += bonus * kills  # a side short of its win by kills (kill_push)
            for kd, pd in enumerate(d_odds):
                taken, lost, _ = _spread_loss(attackers, kd)
                won = wiped or (not lost and ka > kd)
                total += pa * pd * (dealt - spare * taken + (prize if won and not lost else 0.0))
        return total

    # -- fire ---------------------------------------------------------------------------
    def fire_value(self, play: Play, odds: dict[str, float]) -> float:
        """Expected damage of a fire play from the calculator's result chances (at the
        bunker itself, 23b: what its wreck or Shake does to the units in it)."""
        at = bunker_hex(play.target)
        if at is not None:
            return self.bunker_value(at, odds)
        target = self.look.world.units[play.target or ""]
        if "missed" in odds:  # 15: an AP shot (ap_explain) names its own outcomes
            gain = ap_outcome_value(self.look.world, target, odds)
            gain += self.look.kill_bonus * odds.get("destroyed", 0.0)
        else:
            gain = _outcome_value(target, odds)
            gain += self.look.kill_bonus * odds.get("eliminated", 0.0)
        return gain + relic_fire_value(self.look, play, odds)  # scenario 8

    def bunker_value(self, hex_id: str, odds: dict[str, float]) -> float:
        """23b: destroyed, two Hits on each enemy unit in the bunker and its +1 CF gone
        for good; Shaken, all of them Shaken."""
        inside = [u for u in self.look.enemies() if u.hex == hex_id and u.leg]
        wrecked = sum(worth(u) * (loss_after_hits(u, 2) - loss(u)) for u in inside)
        shaken = sum(worth(u) * (LOSS[(True, u.reduced)] - loss(u)) for u in inside)
        return odds.get("destroyed", 0.0) * (wrecked + RUBBLE) + odds.get("shaken", 0.0) * shaken

    def armour_odds(self, apf: int, af: int) -> dict[str, float]:
        """The chance of each armour draw result (15c) over the cards this seat has not
        seen: destroyed (at least the AF, or Destroy!), shaken (Shake!), no effect."""
        w = self.look.world
        cards = [w.card(c) for c in (*w.draw_pile, *w.hands[1 - self.seat])]
        if not cards:
            return {}
        results = [armour_result(c, apf, af) for c in cards]
        n = len(results)
        destroyed = sum(1 for r in results if r.destroys) / n
        shaken = sum(1 for r in results if r is Armour.SHAKEN) / n
        return {"destroyed": destroyed, "shaken": shaken, "no effect": 1 - destroyed - shaken}

    def spread_value(self, target: Counter, draws: int) -> float:
        """21g Suppression: the Damage Draw's hits spread over the whole hex."""
        look = self.look
        victims = [u for u in look.enemies() if u.hex == target.hex]
        victims.sort(key=lambda u: (u.has("difficult_target"), u.hero, u.id))
        total = 0.0
        for k, p in enumerate(look.chances(draws, GREEN)):
            dealt, _, kills = _spread_loss(victims, k)
            total += p * (dealt + look.kill_bonus * kills)
        return total

    # -- the rest -----------------------------------------------------------------------
    def rally_value(self, unit: Counter) -> float:
        """16: a Shaken unit steadied, or a reduced one rebuilt; worth more under fire."""
        before = loss(unit)
        after = LOSS[(False, unit.reduced if unit.shaken else False)]
        assert unit.hex is not None
        pressed = 1.0 + 0.5 * min(1.0, self.look.exposure(unit, unit.hex, False))
        return (before - after) * worth(unit) * pressed

    def card_cost(self, card: str) -> float:
        return CARD_COST * self.look.card_value(card)

    def reserve_value(self, move: ReserveMove) -> float:
        unit = self.look.world.units[move.unit]
        end = move.path[-1]
        assert unit.hex is not None
        gain = self.capture_value(end) + self.place_value(unit, end, False)
        return gain - self.place_value(unit, unit.hex, False)

    def follow_value(self, follow: Follow) -> float:
        units = [self.look.world.units[u] for u in follow.units]
        return self.move_value(units, follow.path, True)


def hit_cost(unit: Counter) -> float:
    """What the next hit costs: 0.25 on a healthy unit, 1.0 and more on one a hit from
    elimination (10c), times the unit's worth."""
    return worth(unit) * (loss_after_hits(unit, 1) - loss(unit))


def _outcome_value(target: Counter, odds: dict[str, float]) -> float:
    """Expected rise of the target's loss over the calculator's named results."""
    now = loss(target)
    value = 0.0
    for name, p in odds.items():
        if name == "no effect":
            continue
        if name == "eliminated":
            after = loss_after_hits(target, 3)
        elif name == "reduced":
            after = LOSS[(True, True)]
        else:  # shaken
            after = LOSS[(True, target.reduced)]
        value += p * (after - now)
    return worth(target) * value


def _spread_loss(units: list[Counter], hits: int) -> tuple[float, bool, int]:
    """Loss (times worth) of ``hits`` spread over ``units`` the assault way (13b), whether
    all of them are then gone, and how many of them the hits eliminate."""
    if not units:
        return 0.0, True, 0
    copies = [u.copy() for u in units]
    spread_hits(copies, hits, [])
    dealt = sum(worth(c) * (loss(c) - loss(u)) for c, u in zip(copies, units, strict=True))
    kills = sum(1 for c, u in zip(copies, units, strict=True) if c.eliminated and not u.eliminated)
    return dealt, all(c.eliminated for c in copies), kills


def is_fire(action: Action) -> bool:
    return isinstance(action, Play) and action.target is not None
