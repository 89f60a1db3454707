"""The 5.56mm bot (game/ai/five_five_six/bot.py): it fires where the odds are best, treats
the wounded, takes cover, minds the light, throws grenades at clusters, plays only from
its view, is deterministic, and beats random play."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as ShapelyPoint

from game.ai.five_five_six.bot import FiveFiveSixBot, Go
from game.ai.five_five_six.places import Stance, objectives
from game.ai.five_five_six.values import fire_value, loss_of, treat_value
from game.ai.registry import make_bot
from game.core.api import Action
from game.core.random_play import random_action
from game.core.rng import Rng
from game.maps.tabletop import Point
from game.rules.five_five_six.actions import (
    Aim,
    AutoFire,
    Fire,
    FirstAid,
    Hide,
    Move,
    Sprint,
    Stealth,
    Throw,
    ThrowBack,
    TreatInjury,
)
from game.rules.five_five_six.board import LiveGrenade
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.model import Status
from game.rules.five_five_six.state import FiveFiveSixState
from tests.five_five_six_support import give_go, new_game, only, place, see


def _choose(state: FiveFiveSixState, seat: int = 0) -> Action:
    return FiveFiveSixBot(seat, Rng(3)).choose(state.view(seat))


def _danger(state: FiveFiveSixState, seat: int, at: Point) -> float:
    """The bot's own estimate of the enemies' next shots at the acting man at ``at``."""
    view = state.view(seat)
    go = Go(view.board.copy(), seat, view)
    return go.places.danger(at, Stance(go.me.facing))


def test_five_five_six_ai_is_the_registered_ai() -> None:
    assert isinstance(make_bot("ai", "five_five_six", 1, Rng(1)), FiveFiveSixBot)


def test_five_five_six_ai_fires_at_the_exposed_man_not_the_concealed_one() -> None:
    # 3.2/3.21: less than half of gunman_2 in sight needs the spotting roll (and 3.24's
    # +1 for partial concealment); gunman_1 stands in plain view at the same range.
    state = new_game("crash_site")
    b = state.board
    only(b, "harris", "gunman_1", "gunman_2")
    place(b, "harris", 18, 25)
    place(b, "gunman_1", 14, 12, facing=90)
    place(b, "gunman_2", 22, 12, facing=90)
    see(b, "harris", "gunman_1", 1.0)
    see(b, "harris", "gunman_2", 0.3)
    give_go(b, "harris", single=True)
    exposed = Fire("harris", "m16", "gunman_1")
    concealed = Fire("harris", "m16", "gunman_2")
    assert "not spotted" in state.explain(concealed).outcomes
    assert fire_value(b, exposed) > fire_value(b, concealed) > 0
    assert _choose(state) == exposed


def test_five_five_six_ai_gives_first_aid_to_a_dying_friend() -> None:
    # 5.01 -4: Mortally wounded, Pte Ivanov dies in a few turns unless treated (3.5/4.4);
    # the medic beside him sees no enemy within reach.
    state = new_game("village_cache")
    b = state.board
    only(b, "orlov", "ivanov", "rahim")
    place(b, "orlov", 15, 34)
    place(b, "ivanov", 16.2, 34)
    place(b, "rahim", 17, 4, facing=90)
    ivanov = b.characters["ivanov"]
    ivanov.wounds = [Wound.MORTAL]
    ivanov.status = Status.INCAPACITATED
    ivanov.dying_in = 3
    give_go(b, "orlov")
    choice = _choose(state)
    assert isinstance(choice, FirstAid | TreatInjury) and choice.patient == "ivanov"
    medic = b.characters["orlov"]
    assert treat_value(b, medic, ivanov, first_aid=False) > 0
    assert loss_of((Wound.MORTAL,)) > loss_of((Wound.CRITICAL,)) > loss_of((Wound.SERIOUS,))


def test_five_five_six_ai_gets_out_of_a_machineguns_sight() -> None:
    # A militiaman with an empty rifle stands in the open in sight of an M60 10" away:
    # he moves (or hides) where the gun's next burst is much less likely to hurt him.
    state = new_game("crash_site")
    b = state.board
    only(b, "smith", "gunman_3")
    place(b, "gunman_3", 24, 10, facing=90)
    place(b, "smith", 24, 22, facing=270)
    b.characters["gunman_3"].ammo["ak47"] = "empty"
    give_go(b, "gunman_3")
    here = _danger(state, 1, b.characters["gunman_3"].pos)
    assert here > 0.2
    choice = _choose(state, 1)
    assert isinstance(choice, Move | Sprint | Hide)
    if isinstance(choice, Move | Sprint):
        assert _danger(state, 1, choice.to) < here / 2


def _raider_in_the_farmhouse(light: str) -> FiveFiveSixState:
    """Tpr Finch (goggles, nothing left to shoot or throw) in the ruined farmhouse, three
    of the garrison between him and the radio mast; ``light`` 6.2's level."""
    state = new_game("night_outpost")
    b = state.board
    only(b, "finch", "sentry_1", "sentry_2", "gunner_1")
    place(b, "finch", 29.5, 7, facing=180)
    place(b, "sentry_2", 22, 12, facing=0)
    place(b, "gunner_1", 16, 14, facing=0)
    place(b, "sentry_1", 24, 16, facing=0)
    finch = b.characters["finch"]
    finch.ammo["m4"] = "empty"
    finch.ammo["frag"] = "empty"
    b.light = light  # type: ignore[assignment]
    give_go(b, "finch")
    return state


def test_five_five_six_ai_does_not_walk_into_the_open_under_a_flare() -> None:
    # 6.2: in No Light the garrison (no night vision) must spot him as though he were
    # Hiding, and he closes on the mast; under a flare's Full Light he gets out of sight.
    dark = _raider_in_the_farmhouse("none")
    start = dark.board.characters["finch"].pos
    assert _danger(dark, 0, start) < 0.05
    advance = _choose(dark)
    assert isinstance(advance, Move | Sprint)
    mast = (2000, 1900)
    assert _distance(advance.to, mast) < _distance(start, mast)
    lit = _raider_in_the_farmhouse("full")
    here = _danger(lit, 0, start)
    assert here > 0.2
    assert _danger(lit, 0, advance.to) > 0.2  # the same move under the flare is deadly
    choice = _choose(lit)
    assert choice != advance
    if isinstance(choice, Move | Sprint):
        assert _danger(lit, 0, choice.to) < here / 2
    else:
        assert isinstance(choice, Hide | Stealth)


def _distance(a: Point, b: Point) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def test_five_five_six_ai_throws_a_grenade_into_a_cluster() -> None:
    # 3.2/7.81: three of the garrison within 2" of one another, 6" away: the frag at the
    # middle man catches all three.
    state = new_game("night_outpost")
    b = state.board
    only(b, "barnes", "sentry_1", "sentry_2", "gunner_1")
    b.light = "full"
    place(b, "barnes", 17, 7, facing=90)
    place(b, "sentry_1", 16, 13, facing=270)
    place(b, "sentry_2", 17.5, 13.2, facing=270)
    place(b, "gunner_1", 19, 13, facing=270)
    give_go(b, "barnes")
    choice = _choose(state)
    assert isinstance(choice, Throw) and choice.grenade == "frag"
    assert choice.at == b.characters["sentry_2"].pos


def test_five_five_six_ai_throws_a_live_grenade_back_at_the_thrower() -> None:
    # 3.2: grabbing a live grenade is D6 + Morale against TN 4 and the throw must hit
    # too, or it goes off in his hand; lying under a foot from him it would hurt him
    # about as much, so the throw back is worth its risk, aimed at the thrower (under a
    # flare: in No Light both rolls are +2 TN, and a grab is all but hopeless).
    state = new_game("night_outpost")
    b = state.board
    b.light = "full"
    only(b, "barnes", "sentry_1")
    place(b, "barnes", 17, 7, facing=90)
    place(b, "sentry_1", 16, 13, facing=270)
    give_go(b, "barnes")
    b.live = LiveGrenade("frag", (1700, 1390), "barnes", ["sentry_1"])
    choice = _choose(state, 1)
    assert choice == ThrowBack("sentry_1", b.characters["barnes"].pos)


def test_five_five_six_ai_reads_only_its_view() -> None:
    # 4.2/3.3: whether an enemy is Hiding or using Stealth is not shown to the other
    # side: the bot chooses the same either way, and never changes the game.
    state = new_game("crash_site", seed=4)
    b = state.board
    only(b, "harris", "gunman_1", "gunman_2")
    place(b, "harris", 18, 25)
    place(b, "gunman_1", 14, 12, facing=90)
    place(b, "gunman_2", 22, 12, facing=90)
    give_go(b, "harris")
    before = state.snapshot()
    plain = _choose(state)
    assert state.snapshot() == before
    b.characters["gunman_1"].hidden = True
    b.characters["gunman_2"].stealth = True
    assert _choose(state) == plain


def _match(scenario: str, seats: tuple[str, str], seed: int) -> tuple[FiveFiveSixState, list[str]]:
    state = new_game(scenario, seed=seed)
    bots = {
        i: make_bot(spec, "five_five_six", i, Rng(seed * 10 + i))
        for i, spec in enumerate(seats)
        if spec == "ai"
    }
    rng = Rng(seed)
    played: list[str] = []
    while state.outcome() is None and len(played) < 2000:
        seat = state.current_player()
        assert seat is not None
        bot = bots.get(seat)
        action = bot.choose(state.view(seat)) if bot else random_action(state, rng)
        played.append(action.to_str())
        state.apply(action)
    return state, played


def test_five_five_six_ai_beats_random_play_and_repeats_itself() -> None:
    state, played = _match("village_cache", ("random", "ai"), seed=11)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    again, replayed = _match("village_cache", ("random", "ai"), seed=11)
    assert replayed == played


def test_five_five_six_ai_measures_the_way_around_rough_ground_to_the_objective() -> None:
    # 6.01: the burnt block's ruins between the Rangers and the crash site are difficult
    # ground; the route field counts them double, so the way from behind them is longer
    # than the straight line, while from open ground it is about the straight line.
    state = new_game("crash_site")
    aims = objectives(state.board, 0)
    assert aims.route is not None and aims.reach is not None
    behind = (1800, 2150)  # just south of the ruins, the crash site straight north
    open_ground = (3000, 2500)  # east of the ruins, a clear run
    straight = float(aims.reach.distance(ShapelyPoint(behind))) / 100
    assert aims.route.inches_from(behind) > straight + 1.5
    straight = float(aims.reach.distance(ShapelyPoint(open_ground))) / 100
    assert straight - 0.5 <= aims.route.inches_from(open_ground) < straight + 1.0
    assert objectives(state.board, 1).route is None  # the militia hold it


@settings(max_examples=8, deadline=None)
@given(
    scenario=st.sampled_from(("crash_site", "village_cache", "night_outpost")),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 80),
)
def test_five_five_six_ai_always_picks_a_legal_listed_action(
    scenario: str, seed: int, steps: int
) -> None:
    # Whatever the moment (a go, a Covering Fire watcher asked, a live grenade), the
    # choice is one of the view's candidates and the rules accept it.
    state = new_game(scenario, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.outcome() is not None:
            break
        state.apply(random_action(state, rng))
    seat = state.current_player()
    if seat is None:
        return
    view = state.view(seat)
    choice = FiveFiveSixBot(seat, Rng(seed)).choose(view)
    assert choice in view.candidate_actions
    assert state.why_not(choice) is None


def test_five_five_six_ai_values_aim_where_only_an_aimed_shot_can_hit() -> None:
    # 3.23/3.24/3.4: at Extreme range (TN 6) with partial concealment (+1) Pte Harris
    # (Weapons +0) cannot reach TN 7; after Aim's +1 he hits on a 6.
    state = new_game("crash_site")
    b = state.board
    only(b, "harris", "gunman_1")
    place(b, "harris", 18, 34)
    place(b, "gunman_1", 18, 1.5, facing=90)
    see(b, "harris", "gunman_1", 0.6)
    see(b, "gunman_1", "harris", 1.0)
    give_go(b, "harris")
    shot = Fire("harris", "m16", "gunman_1")
    assert state.explain(shot).numbers["target_number"] == 7
    assert fire_value(b, shot) == 0
    view = state.view(0)
    go = Go(view.board.copy(), 0, view)
    go.best(view.candidate_actions)
    assert go.fire(shot) == 0
    assert go.score(Aim("harris"), view.candidate_actions) > go.here


def test_five_five_six_ai_bursts_a_machinegun_at_men_in_the_open() -> None:
    # 4.3/7.71: three militiamen within 3" of one another 8" from Cpl Smith's M60, all in
    # plain view: the burst's shots are worth more than two single shots.
    state = new_game("crash_site")
    b = state.board
    only(b, "smith", "gunman_5", "gunman_6", "gunman_7")
    place(b, "smith", 24, 26)
    for name, x, y in (("gunman_5", 22, 18), ("gunman_6", 23.5, 18), ("gunman_7", 25, 18.5)):
        place(b, name, x, y, facing=90)
        see(b, "smith", name, 1.0)
    give_go(b, "smith")
    choice = _choose(state)
    assert isinstance(choice, AutoFire) and choice.weapon == "m60"


def test_five_five_six_ai_ranks_its_go_best_first_for_the_hard_level() -> None:
    """``ranked`` (the hard level's challengers): the first is what ``choose`` plays,
    the shot at the exposed man ranks above the one at the concealed man, and every
    action ranked is legal and named once."""
    state = new_game("crash_site")
    b = state.board
    only(b, "harris", "gunman_1", "gunman_2")
    place(b, "harris", 18, 25)
    place(b, "gunman_1", 14, 12, facing=90)
    place(b, "gunman_2", 22, 12, facing=90)
    see(b, "harris", "gunman_1", 1.0)
    see(b, "harris", "gunman_2", 0.3)
    give_go(b, "harris", single=True)
    bot = FiveFiveSixBot(0, Rng(3))
    view = state.view(0)
    ranked = bot.ranked(view, 50)
    assert ranked[0] == bot.choose(view) == Fire("harris", "m16", "gunman_1")
    assert len(ranked) > 2 and len(set(ranked)) == len(ranked)
    assert all(state.why_not(a) is None for a in ranked)
    exposed = ranked.index(Fire("harris", "m16", "gunman_1"))
    concealed = ranked.index(Fire("harris", "m16", "gunman_2"))
    assert exposed < concealed
    assert bot.ranked(view, 3) == ranked[:3]
