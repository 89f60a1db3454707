"""A random legal '65 action drawn the way a player decides, without listing every
candidate (``game.core.random_play``): the random bot, ``simulate`` and ``bench`` play
through it, and a search bot's playouts may.

How a draw goes (each level uniform among the choices that still have a legal action
below them; a choice found empty is dropped and another drawn):

- In an impulse with an action to spend, a card from the hand; then one of its uses
  (an action block, its Power, an artillery strike, leaving the map); then the unit
  (the lead unit for fire); then what it does: the enemy unit fired at and with whom
  (alone, spread, flanking, with its hex), or the hex it moves to (by the cheapest
  path), or for Move & Fire where it stops and then whom it fires at. Only when no card
  can be played does the player discard or end the impulse. A follow-up still open
  (the second hex of Let's Get 'Em!, the card's other units, passengers set down) weighs
  as much as playing a card while an action is left.
- After the action, or with no card playable: each discard and the end of the impulse,
  one share each; the follow-up of Let's Get 'Em! or of the card's other units, when
  open, weighs as much as all of those together (then a unit, then its hex).
- Reserve phase: each Eligible unit that may move (not a passenger or a helicopter),
  then a hex it reaches; each unit that may leave the map, each entry of
  reinforcements (24a), and Done, one share each.
- A Kickstarter block (18 r-y, option) or reinforcements entering with a card: one of
  the few plays the candidates list for it.
- Set-up: a hex of the zone for the next unit; first the step's fortifications, each
  a hex of the zone (and a bunker's facing). Opportunity Fire: each card that can
  fire at the moving unit, or Decline, one share each.
- Every other decision (bids, keeps, draws, reaction windows) is a short list, drawn
  uniformly as before.

Every action drawn is checked with the state's own ``why_not``; the plays considered are
exactly those ``candidate_actions`` lists (candidates.py builds both), so every kind of
action the candidates offer can be drawn. The cheap tests that skip a unit, a path or a
target early (Eligible, line of sight, a Leg unit for Scout, near the Hero under
Leadership, the Reserve phase's limits near an enemy) are conditions every play of
theirs needs (tested).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Protocol, TypeVar

from game.core.api import Action
from game.core.random_play import Make, first_fit, weighted_fit
from game.core.rng import Rng
from game.rules.sixty_five.actions import (
    Decline,
    Discard,
    Done,
    EndImpulse,
    Enter,
    Exit,
    Follow,
    Fortify,
    Pass,
    Place,
    Play,
    ReserveMove,
)
from game.rules.sixty_five.candidates import (
    FIRE_EFFECTS,
    card_blocks,
    cheapest_paths,
    fire_mates,
    fire_plays,
    may_rally,
    move_and_fire_routes,
    move_plays,
    power_plays,
)
from game.rules.sixty_five.cards.kickstarter import KICKSTARTER_EFFECTS, kickstarter_candidates
from game.rules.sixty_five.cards.powers import near_hero
from game.rules.sixty_five.combat.artillery import (
    called_strikes,
    strike_calls,
    strike_hexes_refusal,
    strike_patterns,
)
from game.rules.sixty_five.combat.ranged import fire_reach
from game.rules.sixty_five.data import BlockDef, Marker
from game.rules.sixty_five.helicopters.candidates import any_helicopter_plays, helicopter_plays
from game.rules.sixty_five.helicopters.set_down import set_down_points, set_down_units
from game.rules.sixty_five.helicopters.sight import AIRBORNE, is_helicopter, unit_sight
from game.rules.sixty_five.model import Counter, movement_points
from game.rules.sixty_five.movement.rules import near_enemy, pathfinding
from game.rules.sixty_five.scenarios.exits import exit_candidates, exit_rim
from game.rules.sixty_five.scenarios.highway import aboard_candidates
from game.rules.sixty_five.scenarios.puff import puff_candidates
from game.rules.sixty_five.scenarios.reinforcements import enter_candidates, waiting
from game.rules.sixty_five.scenarios.relics import SEARCH_BLOCK, search_plays
from game.rules.sixty_five.scenarios.scenario import Scenario, step_hexes
from game.rules.sixty_five.scenarios.setup import step_units
from game.rules.sixty_five.terrain.fortified import BUNKER_BLOCK, bunker_plays
from game.rules.sixty_five.terrain.fortify_setup import FACINGS, fortifications_left
from game.rules.sixty_five.turn import Phase
from game.rules.sixty_five.world import Window, World

A = TypeVar("A", bound=Action)


class SampledGame(Protocol):
    """What a draw reads of the game (``state.SixtyFiveState``, which calls this module)."""

    world: World
    scenario: Scenario | None
    phase: Phase
    started: bool
    acted: bool
    actions_left: int
    discards: int
    setup_step: int
    turn: int

    def current_player(self) -> int | None: ...
    def why_not(self, action: Action) -> str | None: ...
    def exit_edges(self, seat: int) -> tuple[str, ...]: ...
    def candidate_actions(self) -> list[Action]: ...


class _Draw:
    """One draw for the seat to act: the state, the generator and what was looked up."""

    def __init__(self, state: SampledGame, seat: int, rng: Rng) -> None:
        self.state, self.seat, self.rng = state, seat, rng
        self.world: World = state.world
        self._own: list[Counter] | None = None
        self._enemies: list[Counter] = []
        self._exits: list[Exit] | None = None
        self._enters: dict[bool, list[Enter]] = {}
        self._helicopters: bool | None = None
        self._puffs: list[Play] | None = None
        self._sight: dict[tuple[str, str], set[str]] = {}
        self._waiting: bool | None = None
        self._reach: dict[bool, int | None] = {}

    @property
    def own(self) -> list[Counter]:
        """The seat's units on the map (looked up on first use)."""
        if self._own is None:
            live = self.world.live()
            self._own = [u for u in live if u.seat == self.seat and u.hex is not None]
            self._enemies = [u for u in live if u.seat != self.seat and u.hex is not None]
        return self._own

    @property
    def enemies(self) -> list[Counter]:
        """The other side's units on the map."""
        _ = self.own
        return self._enemies

    def legal(self, action: A) -> A | None:
        return action if self.state.why_not(action) is None else None

    def pick(self, actions: Sequence[A]) -> A | None:
        """A legal one of ``actions``, uniformly."""
        return first_fit(self.rng, actions, self.legal)

    # -- the impulse ------------------------------------------------------------------------
    def play_a_card(self) -> Action | None:
        """A card from the hand, then one of its uses with a legal play."""
        hand = self.world.hands[self.seat]
        return first_fit(self.rng, hand, lambda cid: self.use_card(cid, False))

    def opportunity_fire(self) -> Action | None:
        """11: each card that can fire at the moving unit, or Decline, one share each."""
        options: list[tuple[int, Make]] = [
            (1, partial(self.use_card, c, True)) for c in self.world.hands[self.seat]
        ]
        options.append((1, Decline))
        return weighted_fit(self.rng, options)

    def use_card(self, cid: str, opportunity: bool) -> Action | None:
        """One of the card's uses: an action block, its Power, a strike, leaving the map."""
        uses: list[Make] = []
        for block in card_blocks(self.world, cid):
            if opportunity and block.id not in ("fire", "power"):
                continue
            if block.effect == "artillery":
                uses.append(partial(self.strike, cid, block.id))
            else:
                uses.append(partial(self.block_play, cid, block, opportunity))
        if not opportunity and self.world.leadership is None:
            if self.fire_strikes() and "fire" in self.world.card(cid).blocks:
                uses.append(partial(self.strike, cid, "fire"))
            if self.world.puff is not None and self.world.puff.seat == self.seat:
                puffs = [p for p in self.puffs() if p.card == cid]
                if puffs:  # scenario 6: the AC-47
                    uses.append(partial(self.pick, puffs))
            exits = [e for e in self.exits() if e.card == cid]
            if exits:
                uses.append(partial(self.pick, exits))
            if self.helicopters_ready():  # 17a: any card activates a helicopter
                uses.append(partial(self.helicopter_play, cid))
            if self.reinforcements_waiting():  # 24a: they come on with a move block
                uses.append(partial(self.enter_with, cid))  # listed only when drawn
        return first_fit(self.rng, uses, _made)

    def helicopters_ready(self) -> bool:
        """Whether the seat's helicopters have plays with any card (looked up once)."""
        if self._helicopters is None:
            self._helicopters = any_helicopter_plays(self.world, self.seat)
        return self._helicopters

    def helicopter_play(self, cid: str) -> Play | None:
        """17a: one of the helicopters' plays with card ``cid``, listed only when drawn."""
        return self.pick(helicopter_plays(self.world, self.seat, cid))

    def fire_strikes(self) -> bool:
        """Whether the scenario lets this side call a strike with two Fire cards (24)."""
        strike = self.state.scenario.fire_artillery if self.state.scenario else None
        return strike is not None and strike.hef_for(self.seat) is not None

    def strike(self, cid: str, block_id: str) -> Play | None:
        """12, 24 scenario 2: a strike the candidates offer called by card ``cid``'s
        block: a pattern of strike_patterns whose hexes may be struck, then one of the
        card's calls there (with or without Heavy Artillery), each judged when drawn."""
        w, seat = self.world, self.seat
        rule = self.state.scenario.fire_artillery if self.state.scenario else None
        hef = rule.hef_for(seat) if rule else None
        calls = [c for c in strike_calls(w, seat, hef) if c[0] == cid and c[1] == block_id]
        if not calls:
            return None

        def on(pattern: tuple[str, str, str]) -> Play | None:
            if strike_hexes_refusal(w, seat, pattern) is not None:
                return None
            return self.pick(called_strikes(w, seat, hef, calls, pattern))

        return first_fit(self.rng, strike_patterns(w, seat), on)

    def enters(self, *, reserve: bool) -> list[Enter]:
        """24a: the reinforcements' entries the candidates offer (none in most games),
        looked up once a draw (each card tried reads them)."""
        known = self._enters.get(reserve)
        if known is None:
            st = self.state
            known = enter_candidates(self.world, st.scenario, st.turn, self.seat, reserve=reserve)
            self._enters[reserve] = known
        return known

    def reinforcements_waiting(self) -> bool:
        """24a: whether any of the seat's reinforcements wait to come on (cheap: the
        entries themselves are listed only when a card's entry is drawn)."""
        if self._waiting is None:
            st = self.state
            self._waiting = any(waiting(self.world, st.scenario, self.seat, st.turn))
        return self._waiting

    def enter_with(self, cid: str) -> Enter | None:
        return self.pick([e for e in self.enters(reserve=False) if e.card == cid])

    def puffs(self) -> list[Play]:
        """Scenario 6: the AC-47's plays the candidates offer (looked up once a draw)."""
        if self._puffs is None:
            self._puffs = puff_candidates(self.world, self.seat, self.state.turn)
        return self._puffs

    def exits(self) -> list[Exit]:
        if self._exits is None:
            edges = self.state.exit_edges(self.seat)
            self._exits = exit_candidates(self.world, self.seat, edges, reserve=False)
        return self._exits

    def block_play(self, cid: str, block: BlockDef, opportunity: bool) -> Action | None:
        """A unit, then what it does with this block."""
        effect = block.effect
        movers = self.world.movement.units if opportunity and self.world.movement else ()
        targets = [e for e in self.enemies if e.id in movers] if opportunity else self.enemies
        own = self.own
        if not opportunity and self.world.leadership is not None:  # 22e: near the Hero
            own = [u for u in own if near_hero(self.world, u)]
        if effect in FIRE_EFFECTS:
            leads = [u for u in own if may_lead(block, u)]

            def lead_play(lead: Counter) -> Action | None:
                groups: list[Make] = []
                if effect == "power" and not opportunity:
                    groups += [partial(self.legal, p) for p in self.power_plays(cid, lead)]
                mates = fire_mates(lead, own)
                for target in self.in_sight(lead, lead.hex, targets):  # 14: fire needs LOS
                    shot = partial(self.fire_at, cid, block, lead, target, mates, opportunity)
                    groups.append(shot)
                return first_fit(self.rng, groups, _made)

            return first_fit(self.rng, leads, lead_play)
        if effect == "move":
            walkers = own
            if block.flat_cost:  # 18p: Scout moves a Leg unit (helicopters: their own rules)
                walkers = [u for u in own if u.leg or is_helicopter(u)]
            return first_fit(
                self.rng, walkers, lambda u: self.pick(move_plays(self.world, cid, block, u))
            )
        if effect == "move_and_fire":

            def unit_play(unit: Counter) -> Play | None:
                def route_play(route: tuple[str, ...] | None) -> Play | None:
                    end = route[-1] if route else unit.hex
                    assert end is not None

                    def shot(target: Counter) -> Play | None:
                        return self.legal(Play(cid, block.id, (unit.id,), target.id, route))

                    # 14: only what it sees from where it stops
                    return first_fit(self.rng, self.in_sight(unit, end, targets), shot)

                routes = move_and_fire_routes(self.world, unit)
                if not self.within_reach(unit, routes, targets):
                    return None
                return first_fit(self.rng, routes, route_play)

            return first_fit(self.rng, own, unit_play)
        if effect in ("rally", "second_wind"):
            plays = [Play(cid, block.id, (u.id,)) for u in own if may_rally(u)]
            return self.pick(plays)
        if effect == "extra_actions":
            return self.legal(Play(cid, block.id))
        if effect == BUNKER_BLOCK.effect:  # 23b: one of the units in a bunker
            return self.pick(bunker_plays(self.world, cid, own))
        if effect == SEARCH_BLOCK.effect:  # scenario 8: a unit in a relic hex
            return self.pick(search_plays(self.world, cid, own))
        if effect in KICKSTARTER_EFFECTS:  # 18 r-y (option): few plays, drawn from them all
            return self.pick(kickstarter_candidates(self.world, cid, block, own, self.enemies))
        return None

    def reach(self, unit: Counter) -> int | None:
        """combat.fire_reach of ``unit`` (worked out once a draw: only a Sniper differs)."""
        sniper = unit.has("sniper")
        if sniper not in self._reach:
            self._reach[sniper] = fire_reach(self.world.data, unit)
        return self._reach[sniper]

    def within_reach(
        self, unit: Counter, routes: list[tuple[str, ...] | None], targets: list[Counter]
    ) -> bool:
        """Whether any of ``targets`` is within the unit's fire reach of some end of
        ``routes``: of its hex, at most as many hexes more as the longest route has
        (ranges obey the triangle inequality), so no end need be looked at otherwise."""
        reach = self.reach(unit)
        if reach is None or unit.hex is None:
            return True
        reach += max((len(r) for r in routes if r), default=0)
        distance, here = self.world.field.distance, unit.hex
        return any(t.hex is not None and distance(here, t.hex) <= reach for t in targets)

    def in_sight(self, unit: Counter, where: str | None, targets: list[Counter]) -> list[Counter]:
        """Those of ``targets`` within reach that ``unit`` would see from hex ``where``
        (10b1, 15c, 14, 17d), in their order. Every fire play at a target needs both, so
        a draw looks only among these; what each unit sees from each hex is looked up
        once a draw (the cards in a hand offer the same units and hexes again and
        again)."""
        assert where is not None
        key = (unit.id, where)
        seen = self._sight.get(key)
        if seen is None:
            seen = self._sight[key] = self._seen_from(unit, where)
        return [t for t in targets if t.id in seen]

    def _seen_from(self, unit: Counter, where: str) -> set[str]:
        """The ids of the enemies within the unit's fire reach of ``where`` (combat.
        fire_reach) that it sees from there: along the ground in one pass over the
        field's remembered lines (Field.seen_from), by ``sees`` where a helicopter in the
        air is one end."""
        enemies = self.enemies
        reach = self.reach(unit)
        if reach is not None:
            ring = self.world.field.within(where, 0, reach)  # remembered by the field
            enemies = [e for e in enemies if e.hex in ring]
            if not enemies:
                return set()
        if unit.mode in AIRBORNE:
            ground, air = [], enemies
        else:
            ground = [e for e in enemies if e.mode not in AIRBORNE]
            air = [e for e in enemies if e.mode in AIRBORNE]
        hexes = self.world.field.seen_from(where, {e.hex for e in ground if e.hex is not None})
        seen = {e.id for e in ground if e.hex in hexes}
        if air:
            at = unit if unit.hex == where else replace(unit, hex=where)
            seen.update(e.id for e in air if sees(self.world, at, e))
        return seen

    def power_plays(self, cid: str, unit: Counter) -> list[Play]:
        return power_plays(self.world, cid, "power", unit)

    def fire_at(
        self,
        cid: str,
        block: BlockDef,
        lead: Counter,
        target: Counter,
        mates: list[Counter],
        opportunity: bool,
    ) -> Play | None:
        plays = fire_plays(
            self.world, self.seat, cid, block, lead, target, self.own, mates, opportunity
        )
        return self.pick(plays)

    def after_action(self) -> Action | None:
        """Discard, follow up, or end the impulse (or pass, having done nothing)."""
        st, w = self.state, self.world
        options: list[tuple[int, Make]] = []
        if not st.acted:
            options.append((1, partial(self.legal, Pass())))
        if st.discards < w.data.rules.discard_limit:
            options += [(1, partial(self.legal, Discard(c))) for c in w.hands[self.seat]]
        if st.acted:
            options.append((1, partial(self.legal, EndImpulse())))
        others = sum(w for w, _ in options)  # a follow-up open weighs as much as the rest
        options += [(max(1, others), make) for make in self.follow_ups()]
        return weighted_fit(self.rng, options)

    def follow_ups(self) -> list[Make]:
        """The open follow-ups (18h, Interpretation 8, 17b), one draw each."""
        groups = (self.follow_units(), self.split_units(), self.set_down_walkers())
        return [partial(self.follow, group) for group in groups if group]

    def card_or_follow_up(self) -> Action | None:
        """With an action left: a card, or a follow-up still open (which comes next or
        never), one share each."""
        options: list[tuple[int, Make]] = [(1, self.play_a_card)]
        options += [(1, make) for make in self.follow_ups()]
        return weighted_fit(self.rng, options)

    def follow_units(self) -> list[tuple[Counter, int, bool]]:
        """18h: the Leg units that may move as the second hex of Let's Get 'Em!, with
        their movement points and whether they pay one MP a hex."""
        w = self.world
        if w.follow_up is None:
            return []
        block_id, origin = w.follow_up
        bonus = w.data.blocks[block_id].mf_bonus
        return [
            (u, movement_points(u, bonus=bonus), u.has("pathfinder"))
            for u in self.own
            if u.eligible and u.leg and u.hex is not None
            and w.field.distance(u.hex, origin) <= 2
        ]  # fmt: skip

    def split_units(self) -> list[tuple[Counter, int, bool]]:
        """Interpretation 8: the units still in the hex the card moved from."""
        w = self.world
        if w.split is None:
            return []
        block = w.data.blocks[w.split[0]]
        return [
            (u, movement_points(u, bonus=block.mf_bonus), block.flat_cost or u.has("pathfinder"))
            for u in self.own
            if u.hex == w.split[1] and u.eligible
        ]

    def set_down_walkers(self) -> list[tuple[Counter, int, bool]]:
        """17b (version 7): the passengers a landing helicopter set down
        (helicopters/set_down.py)."""
        w = self.world
        return [(u, set_down_points(w, u), False) for u in set_down_units(w, self.seat)]

    def follow(self, units: list[tuple[Counter, int, bool]]) -> Follow | None:
        def unit_follow(entry: tuple[Counter, int, bool]) -> Follow | None:
            unit, points, flat = entry
            paths = cheapest_paths(self.world, unit, points, flat).values()
            return self.pick([Follow((unit.id,), p) for p in paths])

        return first_fit(self.rng, units, unit_follow)

    # -- other phases -------------------------------------------------------------------------
    def reserve(self) -> Action | None:
        """5d: each Eligible unit, each unit that may leave the map, and Done."""
        w = self.world
        reserve = w.data.rules.reserve

        enemy_hexes = [e.hex for e in self.enemies if e.hex is not None]

        def unit_move(unit: Counter) -> ReserveMove | None:
            assert unit.hex is not None
            if unit.shaken:
                points = reserve.shaken_mp
            else:
                points = reserve.leg_mp if unit.leg else reserve.vehicle_mp
            flat = w.edition >= 9 and pathfinding(unit)  # 21e
            paths = list(cheapest_paths(w, unit, points, flat).values())
            if near_enemy(w.field, w.data.rules, unit.hex, enemy_hexes):
                if unit.shaken:
                    return None  # 5d: Shaken and near an enemy, it stays
                paths = [p for p in paths if len(p) == 1]  # 5d: near an enemy, one hex
            return self.pick([ReserveMove(unit.id, p) for p in paths])

        options: list[tuple[int, Make]] = [
            (1, partial(unit_move, u))
            for u in self.own
            if u.eligible and u.carrier is None and not is_helicopter(u)
        ]  # 8a: a passenger moves with its carrier; 17b: helicopters sit the phase out
        edges = self.state.exit_edges(self.seat)
        if edges:  # 24: each Eligible unit on an exit edge (exit_candidates), checked if drawn
            rim = exit_rim(w, edges)
            options += [
                (1, partial(self.legal, Exit((u.id,)))) for u in self.own
                if u.eligible and u.hex in rim
            ]  # fmt: skip
        options += [(1, partial(self.legal, e)) for e in self.enters(reserve=True)]  # 24a
        options.append((1, partial(self.legal, Done())))
        return weighted_fit(self.rng, options)

    def place(self, scenario: Scenario) -> Place | Fortify | None:
        """24: the next unit of the set-up step into a hex of its zone; first the step's
        fortifications (23): the next one into a hex of the zone (a bunker, a facing)."""
        w, step = self.world, self.state.setup_step
        left = fortifications_left(w, scenario, step)
        if left:
            kind = next(iter(left))
            facings: tuple[int | None, ...] = tuple(FACINGS) if kind == "bunker" else (None,)
            zone = step_hexes(w.field, scenario.setup[step])
            return self.pick([Fortify(kind, h, f) for h in zone for f in facings])
        waiting = [u for u in step_units(w, scenario, step) if u.hex is None]
        if not waiting:
            return None
        aboard = aboard_candidates(w, scenario, step, waiting[0], step_units(w, scenario, step))
        if aboard is not None:  # scenario 6: it sets up loaded in a carrier
            return self.pick(aboard)
        hexes = step_hexes(w.field, scenario.setup[step])
        return self.pick([Place(waiting[0].id, h) for h in hexes])


def _made(make: Make) -> Action | None:
    return make()


def may_lead(block: BlockDef, unit: Counter) -> bool:
    """A condition every fire-type play of ``block`` led by ``unit`` needs: an Eligible
    unit (4c), or for Reload & Fire an unshaken one marked Fired (18o)."""
    if block.effect == "reload_and_fire":
        return unit.marker is Marker.FIRED and not unit.shaken
    return unit.eligible


def sees(world: World, lead: Counter, target: Counter) -> bool:
    """Line of sight from the lead unit to the target (14), which every fire at it needs."""
    assert lead.hex is not None and target.hex is not None
    return unit_sight(world.field, lead, target)  # 17d: a helicopter's own line


def sample_action(state: SampledGame, rng: Rng) -> Action:
    """A random legal action of the seat to act (module docstring); ValueError when the
    game is over."""
    seat = state.current_player()
    if seat is None:
        raise ValueError("there is no legal action to choose from: the game is over")
    draw = _Draw(state, seat, rng)
    w = state.world
    got: Action | None = None
    if w.pending:
        if w.pending[-1].window is Window.OPPORTUNITY:
            got = draw.opportunity_fire()
    elif state.phase is Phase.SETUP and state.scenario is not None:
        got = draw.place(state.scenario)
    elif state.phase is Phase.RESERVE:
        got = draw.reserve()
    elif state.phase is Phase.IMPULSE and state.started:
        if not state.discards and state.actions_left > 0:
            got = draw.card_or_follow_up()
        if got is None:
            got = draw.after_action()
    if got is None:  # a short list: drawn uniformly, as the candidates are
        actions = state.candidate_actions()
        if not actions:
            raise ValueError("there is no legal action to choose from")
        got = rng.choice(actions)
    return got
