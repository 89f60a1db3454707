"""What a '65 game holds between actions: units, the deck and hands, the End Turn count,
the attack being resolved and the stack of pending decisions (reaction windows).

Cards are drawn here so that the End Turn rule lives in one place (5a, 6a, 10b4).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from game.core.api import Event
from game.core.rng import Rng, derive_seed
from game.rules.sixty_five.data import CardFace, HitColour, SixtyFiveData
from game.rules.sixty_five.events import CardsDrawn, EndTurnDrawn, WeatherDrawn
from game.rules.sixty_five.model import Counter, Fortification
from game.rules.sixty_five.terrain.field import Field

if TYPE_CHECKING:
    from game.rules.sixty_five.combat.strike_state import Strike
    from game.rules.sixty_five.scenarios.relics_state import Relics
    from game.rules.sixty_five.scenarios.scenario import Highway, PassengersFire, Puff
    from game.rules.sixty_five.vehicles.ap_state import ApAttack
    from game.rules.sixty_five.vehicles.transport import TransportPlan


DOWNPOUR_SIGHT = 3  # 18r Sudden Downpour (Kickstarter): the hexes one sees in the rain


class Window(StrEnum):
    """Reaction windows (20): before a Damage Draw, and when a hit is about to apply."""

    BEFORE_DRAW = "before_draw"
    HIT = "hit"
    OPPORTUNITY = "opportunity"  # 11: a moving enemy entered a hex in LOS and range
    WITHDRAW = "withdraw"  # 18k: between Punishing Fire's shots the target may step back
    PANIC = "panic"  # 19f: the attacker may remove a Shaken, reduced target (version 2)
    REDRAW = "redraw"  # 21h: a Tactical hero's side may draw a missed card again
    ASSAULT = "assault"  # 13: the defender answers an assault (assault/cards.py)
    ASSAULT_RESULT = "assault_result"  # 13: Light Wounds or Retreat after the draws
    STRIKE_COVER = "strike_cover"  # 12, 20d (version 4): before a strike's hex is drawn
    STRIKE_HIT = "strike_hit"  # 12, 20c (version 4): a strike's hit about to apply
    TRAP = "trap"  # 18u, 18v (Kickstarter): Punji Stakes or Claymore on a unit entering
    AP_AIM = "ap_aim"  # 15, 20a, 20d: before an AP shot's targeting draw (vehicles/ap_fire.py)
    AP_HIT = "ap_hit"  # 15, 19d, 20b: an AP shot hit, before its armour draw
    #: 13c (version 9): the defenders of an assault from several hexes choose which way
    #: they retreat (``withdraw to HEX``; declining goes away from the first attacker)
    RETREAT = "retreat"
    #: 12, 21g, 22g (version 9): the attacker names who takes an uneven hit (``hit
    #: UNIT``; declining takes the default order)
    HIT_CHOICE = "hit_choice"


@dataclass(frozen=True)
class Pending:
    """A decision the ruleset waits for: ``seat`` may react in ``window`` or decline."""

    seat: int
    window: Window
    unit: str


@dataclass
class Attack:
    """A ranged attack being resolved (10b4): cards still to draw, and the card whose hit
    waits for the defender's answer (Light Wounds, 20c)."""

    seat: int
    units: tuple[str, ...]
    target: str
    hits_on: tuple[HitColour, ...]
    cards_left: int
    cover_bonus: int = 0
    held_hit: str | None = None
    reactions: tuple[str, ...] = ()  # names of reaction blocks already played (20)
    hits: int = 0
    opportunity: bool = False  # Opportunity Fire (11): a hit stops the target
    again: tuple[str, str] | None = None  # (card, block) of a second shot to come (18k)
    spread: bool = False  # 21g Suppression: the hits go to every unit of the hex
    redrawn: bool = False  # 21h: the Tactical redraw of this attack is used
    foxhole_used: bool = False  # 23a: the foxhole's redraw of the first Hit is used


@dataclass
class Movement:
    """Units moving hex by hex under one card (7), so that Opportunity Fire (11) can halt
    them in any hex they enter. ``then_fire``: Move & Fire's shot, after the move (18j)."""

    seat: int
    units: tuple[str, ...]
    path: tuple[str, ...]
    entered: int = 0
    then_fire: tuple[str, str, str, str] | None = None  # (card, block, target, unit)
    quiet: bool = False  # 18t Sneak into cover: no Opportunity Fire
    #: 7b, 15d (vehicles/moves.py): a vehicle's facing on entering each hex, then at the end
    facings: tuple[int, ...] | None = None
    transport: TransportPlan | None = None  # 8a: a load or unload once the move is done
    ammo: bool | None = None  # 10b: the shot after the move is AP (True) or HE at a truck
    #: 19c (version 9): Move & Fire's support cards, spent when played, back its shot
    supports: tuple[str, ...] = ()
    #: 18p, 21e: Scout or a Pathfinder pays 1 MP a hex (the log's cost of each step)
    flat: bool = False


@dataclass
class Fight:
    """An assault (13, rules version 2) between its draws and its result (13c): who
    fought, the hits each side took, how each unit was before, the answers played."""

    hex: str
    seat: int  # the attacker
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    came: dict[str, str]
    away: str | None
    a_hits: int  # hits the attackers dealt (the defenders took)
    d_hits: int
    before: dict[str, tuple[str | None, bool, bool, bool]]  # hex, shaken, reduced, gone
    answers: list[tuple[int, str]]  # (seat, block) of Light Wounds and Retreat played
    #: Version 4 (assault/steps.py): the draw steps still to come, the hits drawn and
    #: not yet applied (attackers', defenders'), the sides whose Tactical redraw was
    #: offered, and whether the attacker's Panic (19f) has been offered.
    steps: list[str] = dc_field(default_factory=list)
    held: list[int] = dc_field(default_factory=lambda: [0, 0])
    redraws: list[int] = dc_field(default_factory=list)
    panic_offered: bool = False
    drew: list[bool] = dc_field(default_factory=lambda: [False, False])  # a side drew cards
    #: 13c (version 9): the defenders were asked which way to retreat (``away`` then
    #: holds their answer)
    retreat_asked: bool = False

    def copy(self) -> Fight:
        return replace(
            self, answers=list(self.answers), steps=list(self.steps), held=list(self.held),
            redraws=list(self.redraws), drew=list(self.drew),
        )  # fmt: skip

    def snapshot(self) -> list[object]:
        v4 = self.steps or self.redraws or self.panic_offered or any(self.held) or any(self.drew)
        extra = [list(self.steps), list(self.held), list(self.redraws), self.panic_offered,
                 list(self.drew)] if v4 else []  # fmt: skip
        asked = ["retreat_asked"] if self.retreat_asked else []
        return [self.hex, self.seat, list(self.attackers), list(self.defenders),
                self.a_hits, self.d_hits, [list(a) for a in self.answers], *extra,
                *asked]  # fmt: skip


@dataclass
class World:
    data: SixtyFiveData
    field: Field
    rng: Rng
    units: dict[str, Counter]
    end_turn_limit: int
    draw_pile: list[str] = dc_field(default_factory=list)
    discard: list[str] = dc_field(default_factory=list)
    set_aside: list[str] = dc_field(default_factory=list)
    hands: tuple[list[str], list[str]] = dc_field(default_factory=lambda: ([], []))
    end_turns: int = 0
    attack: Attack | None = None
    movement: Movement | None = None
    assaults: dict[str, list[tuple[str, str]]] = dc_field(default_factory=dict)  # 13
    #: 13, version 2: the cards for each assaulted hex, (seat, block) (assault/cards.py)
    assault_cards: dict[str, list[tuple[int, str]]] = dc_field(default_factory=dict)
    #: 22e Leadership under way: (leader id, his hex, additional actions still to come)
    leadership: tuple[str, str, int] | None = None
    second_shot: tuple[str, str, str, str] | None = None  # (card, block, unit, target) 18k
    follow_up: tuple[str, str] | None = None  # 18h: (block, first hex) of Let's Get 'Em!
    #: Interpretation 8 (version 2): (block, hex) whose other units may still move under
    #: the same card by routes of their own (18e, 18i)
    split: tuple[str, str] | None = None
    fight: Fight | None = None  # 13 (version 2): an assault waiting for its answers
    pending: list[Pending] = dc_field(default_factory=list)
    last_target: dict[str, str] = dc_field(default_factory=dict)
    #: The rules version the game plays by (SixtyFive.rules_version): 1 before buildings
    #: blocked LOS by silhouette and before Panic, Ambush, Charge, Leadership and the
    #: Tactical redraw; 2 before the Bonus Victory Condition cards (24b); 3 before Panic
    #: after an assault, the Tactical choice in an assault, reactions to artillery and
    #: exits in Leadership's actions; 4 before a foxhole turned aside artillery's and
    #: the Satchel Charge's first Hit (23a); 5 before Cannister was kept for the PT-76
    #: and M-48 (18c); 6 before First Fire on Move & Fire (20a), passengers retreating
    #: with their carrier (8, 13c, 18k), helicopters leaving the map as Flying units with
    #: any card, firing by the mode declared for the shot and setting passengers down to
    #: walk on (17b, 24), and the AC-47's friendly hits taking Light Wounds (scenario 6);
    #: 7 before a reinforcement group's same edge was judged by where its units came on
    #: (``entered``, 24 scenarios 4 and 7); 8 before a Landed helicopter stacked as a
    #: ground vehicle (9), AP range opened Opportunity Fire (11), a moving stack took
    #: spread fire (18i), Bullet Storm backed Move & Fire (19c), Pathfinder helped the
    #: Reserve and Move & Fire (21e) and the defender or a human attacker chose where
    #: hits and retreats go (12, 13c, 21g, 22g); old saves replay by their own version.
    edition: int = 9
    exited: dict[str, str] = dc_field(default_factory=dict)  # 24: unit -> edge it left by
    #: 24a (version 8): the hex each reinforcement came on by, for its group's same edge
    entered: dict[str, str] = dc_field(default_factory=dict)
    strike: Strike | None = None  # 12 (version 4): an artillery strike under way
    #: The Kickstarter option (18 r-y, cards/kickstarter.py): its cards are in the deck; the
    #: foxholes dug by Scrape (18s, 23a); Sudden Downpour in force until the turn ends
    #: (18r). All empty, and absent from the snapshot, in a game without the option.
    kickstarter: bool = False
    foxholes: list[str] = dc_field(default_factory=list)
    downpour: bool = False
    #: 23 (terrain/fortified.py): bunkers, wire and rubble by hex; foxholes are ``foxholes``.
    #: Empty, and absent from the snapshot, in a game without them.
    fortifications: dict[str, Fortification] = dc_field(default_factory=dict)
    #: 9, 15c (vehicles/facing.py): the hexes holding a wreck (one at most each). Empty, and
    #: absent from the snapshot, in a game where no vehicle was destroyed.
    wrecks: list[str] = dc_field(default_factory=list)
    ap_attack: ApAttack | None = (
        None  # 15 (vehicles/ap_fire.py): AP fire at a hard target under way
    )
    passengers_fire: PassengersFire | None = None  # the scenario's exception to 8d
    #: 8a case 3, 8g: (carrier, MP) a carrier may still move under the card its
    #: passenger got off by (half its MF; 0 when Shaken passengers got off)
    carrier_half: tuple[str, int] | None = None
    #: 17b (version 7, helicopters/set_down.py): (passengers, Fast Move bonus) a landing helicopter
    #: set down who may still walk on with half their MF under the same card
    set_down: tuple[tuple[str, ...], int] | None = None
    #: scenario 6 (scenarios/highway.py, scenarios/puff.py): its road rules, its AC-47
    #: strike and whether that strike was called this turn (in the snapshot only when True)
    highway: Highway | None = None
    puff: Puff | None = None
    puff_used: bool = False
    #: scenario 6: the hexes each seat may leave the map from (empty: any edge hex);
    #: fixed by the scenario, so not in the snapshot
    exit_only: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    #: scenario 8 (scenarios/relics.py): the search for the relics and where they are; None, and
    #: absent from the snapshot, in every other scenario
    relics: Relics | None = None

    # -- cards ----------------------------------------------------------------------------
    def card(self, card_id: str) -> CardFace:
        return self.data.card(card_id)

    @property
    def turn_ending(self) -> bool:
        """4h, 5c: the scenario's count of End Turn cards has been drawn."""
        return self.end_turns >= self.end_turn_limit

    def draw(self, events: list[Event]) -> CardFace | None:
        """The top card. An End Turn card is set aside and counted (5a); the caller still
        reads its HE result in a Damage Draw (10b4). An empty draw pile is refilled by
        shuffling the discards (Interpretation 3); None when no card is left anywhere."""
        if not self.draw_pile and self.discard:
            self.draw_pile = self.rng.shuffled(self.discard)
            self.discard = []
        if not self.draw_pile:
            return None
        card = self.card(self.draw_pile.pop())
        if card.end_turn:
            self.set_aside.append(card.id)
            self.end_turns += 1
            events.append(
                EndTurnDrawn(card=card.id, count=self.end_turns, limit=self.end_turn_limit)
            )
        return card

    def draw_spent(self, events: list[Event]) -> CardFace | None:
        """A card drawn to be read once (a Damage Draw, a targeting or armour draw, a
        test) as :meth:`draw` draws it, then discarded; an End Turn card stays set
        aside (5a). None when no card is left anywhere."""
        card = self.draw(events)
        if card is not None and not card.end_turn:
            self.discard.append(card.id)
        return card

    def fill_hand(self, seat: int, events: list[Event], *, deal: bool = False) -> None:
        """Draw one card at a time up to the hand size; End Turn cards are set aside and
        replaced (5a, 6a). An impulse's draw stops when the turn ends (5c); the deal
        always fills the hands (Interpretation 1)."""
        got: list[str] = []
        hand = self.hands[seat]
        while len(hand) < self.data.rules.hand_size and (deal or not self.turn_ending):
            card = self.draw(events)
            if card is None:
                break
            if self.is_downpour(card.id):
                self.downpour_drawn(card.id, events)  # 18r: played at once
                if deal:
                    continue  # Interpretation 1: the deal fills the hands
                break  # 18r: not replaced in the hand
            if not card.end_turn:
                hand.append(card.id)
                got.append(card.id)
        if got:
            events.append(CardsDrawn(seat=seat, cards=tuple(got), visible_to=frozenset({seat})))

    def is_downpour(self, card_id: str) -> bool:
        """18r (Kickstarter): a card drawn into a hand that is a Sudden Downpour, to be
        played at once (:meth:`downpour_drawn`)."""
        return self.kickstarter and "sudden_downpour" in self.card(card_id).blocks

    def downpour_drawn(self, card_id: str, events: list[Event]) -> None:
        """18r, Interpretation 31: a Sudden Downpour drawn into a hand is played at once
        (no card play of the impulse) and discarded without a replacement; the next card
        is turned to see whether it rains: any Hit word starts the downpour, and that card
        is discarded (an End Turn card is set aside and counted as ever). While it rains
        line of sight reaches ``DOWNPOUR_SIGHT`` hexes (``Field.visibility``) and the
        range bonus counts only against an adjacent hex (combat.plan_fire), until the
        turn ends (turn.py)."""
        self.discard.append(card_id)
        check = self.draw(events)
        if check is None:
            return
        if not check.end_turn:
            self.discard.append(check.id)
        rains = check.hit is not None
        events.append(WeatherDrawn(card=card_id, check=check.id, rains=rains))
        if rains:
            self.downpour = True
            self.field.visibility = DOWNPOUR_SIGHT

    def redeal_hidden(self, other: int, hidden_bid: str | None, rng: Rng) -> str | None:
        """For a determinization: deal ``other``'s hand, the draw pile and his face-down
        initiative card (if any) again from all of them, sorted first; reseed the
        generator. Returns the new face-down card."""
        unseen = sorted(
            [*self.hands[other], *self.draw_pile, *([hidden_bid] if hidden_bid else [])]
        )
        dealt = rng.shuffled(unseen)
        n = len(self.hands[other])
        hands = list(self.hands)
        hands[other] = dealt[:n]
        self.hands = (hands[0], hands[1])
        rest = dealt[n:]
        new_bid = None
        if hidden_bid is not None:
            new_bid, rest = rest[0], rest[1:]
        self.draw_pile = rest
        self.rng = Rng(derive_seed(rng.next_u64(), 0))
        return new_bid

    def discard_card(self, seat: int, card_id: str) -> None:
        self.hands[seat].remove(card_id)
        self.discard.append(card_id)

    # -- units ----------------------------------------------------------------------------
    def live(self) -> list[Counter]:
        """Units still in play (on or off the map; not those that exited it, 24)."""
        if self.exited:
            return [u for u in self.units.values() if not u.eliminated and u.id not in self.exited]
        return [u for u in self.units.values() if not u.eliminated]

    def copy(self) -> World:
        return replace(
            self,
            rng=self.rng.clone(),
            field=self.field.copy(),
            units={k: u.copy() for k, u in self.units.items()},
            draw_pile=list(self.draw_pile),
            discard=list(self.discard),
            set_aside=list(self.set_aside),
            hands=(list(self.hands[0]), list(self.hands[1])),
            attack=replace(self.attack) if self.attack else None,
            movement=replace(self.movement) if self.movement else None,
            assaults={h: list(v) for h, v in self.assaults.items()},
            assault_cards={h: list(v) for h, v in self.assault_cards.items()},
            fight=self.fight.copy() if self.fight else None,
            pending=list(self.pending),
            last_target=dict(self.last_target),
            exited=dict(self.exited),
            entered=dict(self.entered),
            strike=self.strike.copy() if self.strike else None,
            foxholes=list(self.foxholes),
            fortifications=dict(self.fortifications),
            wrecks=list(self.wrecks),
            ap_attack=self.ap_attack.copy() if self.ap_attack else None,
            relics=self.relics.copy() if self.relics else None,
        )

    def __post_init__(self) -> None:
        # 9 (rules version 9): a Landed helicopter is a ground vehicle for stacking
        self.field.landed_stack = self.edition >= 9

    def snapshot(self) -> dict[str, Any]:
        a = self.attack
        return {
            "rng": self.rng.get_state(),
            "units": [u.snapshot() for u in self.units.values()],
            "draw_pile": list(self.draw_pile),
            "discard": list(self.discard),
            "set_aside": list(self.set_aside),
            "hands": [list(h) for h in self.hands],
            "end_turns": self.end_turns,
            "attack": None
            if a is None
            else [
                a.seat,
                list(a.units),
                a.target,
                [c.value for c in a.hits_on],
                a.cards_left,
                a.cover_bonus,
                a.held_hit,
                list(a.reactions),
                *(["redrawn"] if a.redrawn else []),
                *(["foxhole"] if a.foxhole_used else []),
            ],  # fmt: skip
            "pending": [[p.seat, p.window.value, p.unit] for p in self.pending],
            "second_shot": list(self.second_shot) if self.second_shot else None,
            "follow_up": list(self.follow_up) if self.follow_up else None,
            "assaults": {h: [list(e) for e in v] for h, v in sorted(self.assaults.items())},
            "last_target": dict(sorted(self.last_target.items())),
            **({"leadership": list(self.leadership)} if self.leadership else {}),
            **({"split": list(self.split)} if self.split else {}),
            **({"fight": self.fight.snapshot()} if self.fight else {}),
            **(
                {"assault_cards": {h: [list(e) for e in v] for h, v in self.assault_cards.items()}}
                if any(self.assault_cards.values())
                else {}
            ),
            **({"exited": dict(sorted(self.exited.items()))} if self.exited else {}),
            **({"entered": dict(sorted(self.entered.items()))} if self.entered else {}),
            **({"strike": self.strike.snapshot()} if self.strike else {}),
            **({"kickstarter": True} if self.kickstarter else {}),
            **({"foxholes": sorted(self.foxholes)} if self.foxholes else {}),
            **({"downpour": True} if self.downpour else {}),
            **({"fortifications": self._fortifications()} if self.fortifications else {}),
            **({"wrecks": sorted(self.wrecks)} if self.wrecks else {}),
            **({"ap_attack": self.ap_attack.snapshot()} if self.ap_attack else {}),
            **({"carrier_half": list(self.carrier_half)} if self.carrier_half else {}),
            **({"set_down": [list(self.set_down[0]), self.set_down[1]]} if self.set_down else {}),
            **({"puff_used": True} if self.puff_used else {}),
            **({"relics": self.relics.snapshot()} if self.relics else {}),
        }

    def _fortifications(self) -> dict[str, dict[str, object]]:
        return {h: f.snapshot() for h, f in sorted(self.fortifications.items())}
