"""What the '65 bot counts for the goals of scenarios 2 and 3 and their tools: the pull
of a map a side scores for standing on (scenario 2), the pull of the edges a side may
leave by and the worth of leaving (scenario 3, and an exit Bonus Victory Condition,
24b), and the expected damage of an artillery strike (12). In victory points, like the
rest of the bot (``sixty_five_values``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.sixty_five.relics import relic_exit_value
from game.ai.sixty_five.values import GREEN, Outlook, loss, worth
from game.rules.sixty_five.actions import Exit, Play
from game.rules.sixty_five.combat.artillery import artillery_plan, even_hits, fire_strike_block
from game.rules.sixty_five.data import BlockDef
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.scenarios.bonus import BonusKind, load_bonus_cards
from game.rules.sixty_five.scenarios.puff import PUFF, friendly_bands, puff_block
from game.rules.sixty_five.scenarios.scenario import SEATS
from game.rules.sixty_five.scenarios.victory import elimination_vp, exited_by_enemy_edge

MAP_HOLD = 0.5  # standing on the map the side scores for (per VP it brings / 4)
MAP_PULL = 0.08  # per hex short of that map
BORDER_PULL = 0.05  # per hex from the border of the map the enemy scores on
EDGE_PULL = 0.06  # per hex from an edge to leave by, times the turns gone
FIGHT_ON = 0.6  # what a unit's staying to fight is worth early in the game
KILLS_SHORT = 0.8  # more while our win still needs kills (scenario 3's NVA)
HUNT_PULL = 0.06  # per hex from the nearest enemy left on a map we must clear
EXIT_DRIVE = 0.3  # scenario 6: per hex from the exit hex, while vehicles score for leaving


@dataclass
class Goals:
    """The scenario's goals as one seat reads them for one decision."""

    look: Outlook
    _near: dict[tuple[str, str], int] = field(default_factory=dict)
    _maps: dict[str, frozenset[str]] = field(default_factory=dict)
    _pays: bool | None = None

    @property
    def seat(self) -> int:
        return self.look.seat

    def _distance_to(self, kind: str, hexes: frozenset[str], hex_id: str) -> int:
        key = (kind, hex_id)
        known = self._near.get(key)
        if known is None:
            f = self.look.world.field
            known = self._near[key] = min((f.distance(hex_id, h) for h in hexes), default=0)
        return known

    # -- where to stand -----------------------------------------------------------------
    def pull(self, hex_id: str) -> float:
        """The scenario's pull on a unit of ours standing in ``hex_id``: the map our
        units score on (24 scenario 2), the edges to leave by as the turns run out."""
        state = self.look.state
        sc = state.scenario
        if sc is None:
            return 0.0
        value = 0.0
        rule = sc.victory.side(self.seat).on_map
        if rule is not None:
            on = self._map_hexes(rule.map)
            if hex_id in on:
                value += MAP_HOLD * rule.vp / 4
            else:
                urgency = 1.0 + self.look.turn_share
                value -= MAP_PULL * urgency * self._distance_to("map", on, hex_id)
        held = sc.victory.side(1 - self.seat).on_map
        if held is not None:  # keep the enemy off the map it scores on: hold its border
            border = self._border_hexes(held.map)
            value -= BORDER_PULL * self._distance_to("border", border, hex_id)
        clear = sc.victory.win.or_clear_map  # scenario 4: a map the enemy must not hold
        if clear is not None:
            on = self._map_hexes(clear)
            if self.seat == sc.victory.win.seat:
                urgency = 1.0 + self.look.turn_share
                if hex_id not in on:  # go and clear it
                    value -= MAP_PULL * urgency * self._distance_to("map", on, hex_id)
                holders = self._holders(on)
                if holders:  # and hunt down the last of them
                    value -= HUNT_PULL * urgency * self._distance_to("hunt", holders, hex_id)
            elif hex_id in on:  # one unit left on it is the defenders' win
                value += MAP_HOLD
        if self._leaving_pays():
            edges = self._edge_hexes()
            value -= EDGE_PULL * self.look.turn_share * self._distance_to("edge", edges, hex_id)
        if sc.victory.side(self.seat).own_vehicles_exited:  # scenario 6: drive for the exit
            urgency = 1.0 + self.look.turn_share
            exits = self._edge_hexes()
            value -= EXIT_DRIVE * urgency * self._distance_to("edge", exits, hex_id)
        return value

    def _map_hexes(self, map_id: str) -> frozenset[str]:
        known = self._maps.get(map_id)
        if known is None:
            board = self.look.world.field.board
            hexes = self.look.world.field.hexes()
            known = frozenset(h for h in hexes if board.parse_id(h)[0] == map_id)
            self._maps[map_id] = known
        return known

    def _holders(self, on: frozenset[str]) -> frozenset[str]:
        """The hexes of ``on`` where enemy units stand (scenario 4's map to clear)."""
        known = self._maps.get("holders")
        if known is None:
            known = frozenset(
                e.hex for e in self.look.enemies() if e.hex is not None and e.hex in on
            )
            self._maps["holders"] = known
        return known

    def _border_hexes(self, map_id: str) -> frozenset[str]:
        """The hexes of ``map_id`` next to another map (where the enemy comes in)."""
        key = f"border:{map_id}"
        known = self._maps.get(key)
        if known is None:
            on = self._map_hexes(map_id)
            f = self.look.world.field
            known = frozenset(h for h in on if any(n not in on for n in f.neighbours(h)))
            self._maps[key] = known
        return known

    def _edge_hexes(self) -> frozenset[str]:
        known = self._maps.get("exits")
        if known is None:
            f = self.look.world.field
            out: set[str] = set()
            for e in self.look.state.exit_edges(self.seat):
                out |= f.edge_hexes(e)
            only = self.look.world.exit_only  # scenario 6: by these hexes alone
            if only and only[self.seat]:
                out &= set(only[self.seat])
            known = self._maps["exits"] = frozenset(out)
        return known

    def _leaving_pays(self) -> bool:
        """Whether our units gain by leaving: the enemy scores for ours left on the
        board, or our Bonus card asks for exits not made yet."""
        if self._pays is None:
            self._pays = self._deny() > 0 or self._bonus_exits() > 0 or self._vehicle_exits() > 0
        return self._pays

    def _deny(self) -> int:
        sc = self.look.state.scenario
        if sc is None or not self.look.state.exit_edges(self.seat):
            return 0
        return sc.victory.side(1 - self.seat).enemy_on_board

    def _vehicle_exits(self) -> int:
        """Scenario 6: the VP each own vehicle brings by leaving the map."""
        sc = self.look.state.scenario
        return 0 if sc is None else sc.victory.side(self.seat).own_vehicles_exited

    def _bonus_exits(self) -> float:
        """VP per exit still needed for our exit Bonus Victory Condition (0 if none)."""
        state = self.look.state
        sc = state.scenario
        if sc is None or len(state.bonus) != 2:
            return 0.0
        card = load_bonus_cards()[state.bonus[self.seat]]
        if card.kind is not BonusKind.EXIT_ENEMY_EDGE:
            return 0.0
        done = exited_by_enemy_edge(self.look.world, sc, self.seat)
        left = card.count - done
        return sc.victory.side(self.seat).bonus / left if left > 0 else 0.0

    # -- leaving --------------------------------------------------------------------------
    def exit_value(self, action: Exit) -> float:
        """24: the VP leaving denies the enemy (late in the game), an exit our Bonus card
        asks for, the fire the units escape; less what they could still do here and any
        VP they bring by standing on the map."""
        look = self.look
        state = look.state
        sc = state.scenario
        if sc is None:
            return -1.0
        units = [look.world.units[u] for u in action.units]
        share = look.turn_share
        value = 0.0
        enemy_edge = sc.friendly_edges.get(SEATS[1 - self.seat])
        short = self._kills_short()
        for u in units:
            assert u.hex is not None
            value += self._deny() * share * share
            if enemy_edge and u.hex in look.world.field.edge_hexes(enemy_edge):
                value += self._bonus_exits()
            value += 0.25 * look.exposure(u, u.hex, False) * worth(u)
            scores = self._vehicle_exits()
            if scores and u.type.move_class.value != "L":  # scenario 6: a vehicle's VP
                value += scores + sum(0.5 for p in look.world.live() if p.carrier == u.id)
            fight = FIGHT_ON * (1.0 - share) + KILLS_SHORT * short * (1.0 - 0.5 * share)
            value -= fight * (1.0 if not u.shaken else 0.4)
            value -= self.pull(u.hex) if sc.victory.side(self.seat).on_map else 0.0
        return value + relic_exit_value(look, units)  # scenario 8

    def _kills_short(self) -> float:
        """The share of the VP from kills our win still needs (0 when none is asked)."""
        sc = self.look.state.scenario
        if sc is None:
            return 0.0
        win = sc.victory.win
        if win.seat != self.seat or not win.eliminations:
            return 0.0
        have = elimination_vp(self.look.world, sc, self.seat)
        return max(0.0, (win.eliminations - have) / win.eliminations)

    # -- artillery ------------------------------------------------------------------------
    def artillery_value(self, play: Play) -> float:
        """12: expected damage over the three hexes, each hex's Damage Draw at the rules'
        size with its hits spread evenly (the rules' own spreading on copies)."""
        look = self.look
        w = look.world
        block = _strike_block(look, play)
        total = 0.0
        for plan in artillery_plan(w, self.seat, play, block):
            if not plan.draws:
                continue
            victims = [u for u in look.enemies() if u.hex == plan.hex]
            for k, p in enumerate(look.chances(plan.draws, GREEN)):
                if k and p:
                    total += p * _even_loss(victims, k)
            if play.block == PUFF:  # scenario 6: its stray Hits on friendly hexes near
                total -= _friendly_risk(look, plan.hex, plan.draws)
        return total


def _friendly_risk(look: Outlook, target: str, draws: int) -> float:
    """Scenario 6's AC-47: the expected loss of the friendly hexes its draw also hits
    (each card of a named colour one hit, spread evenly)."""
    w = look.world
    cards = w.data.cards
    risk = 0.0
    for hex_id, colours in friendly_bands(w, look.seat, target):
        share = sum(1 for c in cards if c.hit is not None and c.hit.value in colours) / len(cards)
        own = [u for u in w.live() if u.hex == hex_id and u.seat == look.seat and u.carrier is None]
        soft = [u for u in own if u.values.af is None]
        hits = round(share * draws + 0.25)
        if soft and hits:
            risk += _even_loss(soft, hits)
    return risk


def _strike_block(look: Outlook, play: Play) -> BlockDef:
    if play.block == PUFF and look.world.puff is not None:
        return puff_block(look.world.puff)
    sc = look.state.scenario
    hef = sc.fire_artillery.hef_for(look.seat) if sc and sc.fire_artillery else None
    if play.block == "fire" and hef is not None:
        return fire_strike_block(hef)
    return look.world.data.blocks[play.block]


def _even_loss(units: list[Counter], hits: int) -> float:
    copies = [u.copy() for u in units]
    even_hits(copies, hits, [])
    return sum(worth(c) * (loss(c) - loss(u)) for c, u in zip(copies, units, strict=True))


def is_strike(play: Play) -> bool:
    """An artillery strike: three hexes and no target (12, 24 scenario 2)."""
    return play.target is None and play.block in ("artillery", "fire", PUFF) and bool(play.path)
