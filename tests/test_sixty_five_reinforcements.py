"""'65 reinforcements (24a) on a test scenario of our own: scenario 1 with a group of
American reinforcements due on turn 2 entering by column A of map 1 (scenarios 1-3 have
none; scenarios 4-8 will name theirs in the data)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sixty_five_support import DATA

from game.core.errors import DataError
from game.core.rng import Rng
from game.rules.sixty_five.actions import ChooseInitiative, Done, Draw, Enter
from game.rules.sixty_five.boards import scenario_ground
from game.rules.sixty_five.data import Marker
from game.rules.sixty_five.scenarios.reinforcements import UnitsEntered
from game.rules.sixty_five.scenarios.scenario import Reinforcement, Zone, load_scenarios
from game.rules.sixty_five.state import Phase, SixtyFiveState
from game.rules.sixty_five.world import World

COLUMN_A = Zone(columns={"1": ("A",)})
GROUP = Reinforcement(seat=0, turn=2, units={"us_rifle": 2, "us_m60": 1}, entry=(COLUMN_A,))


def _scenario(*groups: Reinforcement):  # type: ignore[no-untyped-def]
    base = load_scenarios()["1"]
    return base.model_copy(update={"reinforcements": groups, "bonus_cards": False})


def _state(seed: int = 4, *groups: Reinforcement) -> SixtyFiveState:
    scenario = _scenario(*(groups or (GROUP,)))
    world = World(
        data=DATA,
        field=scenario_ground("1").copy(silhouettes=True),
        rng=Rng(seed),
        units={},
        end_turn_limit=scenario.end_turns,
        draw_pile=[c.id for c in DATA.cards],
    )
    state = SixtyFiveState.for_scenario(world, scenario)
    while state.phase is Phase.SETUP:
        state.apply(state.candidate_actions()[0])
    return state


def _us_impulse(state: SixtyFiveState, turn: int) -> None:
    """Bid until the Americans' impulse is under way; the turn number set to ``turn``."""
    state.turn = turn
    for _ in range(200):
        seat = state.current_player()
        if state.phase is Phase.IMPULSE and seat == 0:
            if Draw() in state.candidate_actions():
                state.apply(Draw())
            state.started = True
            return
        options = state.candidate_actions()
        bids = [a for a in options if isinstance(a, ChooseInitiative)]
        if bids:  # the Americans bid high, the Viet Cong low
            key = lambda a: DATA.card(a.card).initiative_key  # noqa: E731
            state.apply(max(bids, key=key) if seat == 0 else min(bids, key=key))
        else:
            state.apply(options[0])
    raise AssertionError("no American impulse")


def _give_move(state: SixtyFiveState) -> str:
    w = state.world
    card = next(c.id for c in DATA.cards if c.upper == "move" and c.id not in w.hands[1])
    if card not in w.hands[0]:
        for pile in (w.draw_pile, w.discard):
            if card in pile:
                pile.remove(card)
        w.draw_pile.insert(0, w.hands[0].pop())
        w.hands[0].append(card)
    return card


def test_65_24a_reinforcements_wait_off_the_map_numbered_after_the_set_up() -> None:
    """24a: the scenario's reinforcements are its units from the start, off the map,
    numbered on after the units set up (seven Rifles set up: the next is Rifle 8)."""
    state = _state()
    w = state.world
    for uid in ("us_rifle_8", "us_rifle_9", "us_m60_3"):
        assert uid in w.units and w.units[uid].hex is None and w.units[uid].seat == 0
    assert "us_rifle_10" not in w.units


def test_65_24a_reinforcements_enter_only_from_their_turn() -> None:
    """24a: a group due on turn 2 may not enter on turn 1."""
    state = _state()
    _us_impulse(state, 1)
    move = _give_move(state)
    early = Enter(("us_rifle_8",), "1A3", move, "move")
    assert "no reinforcements" in (state.why_not(early) or "")
    assert not any(isinstance(a, Enter) for a in state.candidate_actions())


def test_65_24a_reinforcements_enter_with_a_move_card_as_many_as_stacking_allows() -> None:
    """24a: with a Move card the reinforcements enter an entry hex, several at once as
    long as stacking allows (9: two non-Hero Leg units), marked Moved; not with a card
    that is no move, not outside the entry zone."""
    state = _state()
    _us_impulse(state, 2)
    w = state.world
    move = _give_move(state)
    free = next(h for h in ("1A3", "1A4", "1A5", "1A6", "1A2") if not any(
        u.hex == h for u in w.live()))  # fmt: skip
    three = Enter(("us_rifle_8", "us_rifle_9", "us_m60_3"), free, move, "move")
    assert "'65 9" in (state.why_not(three) or "")
    assert "not an entry hex" in (state.why_not(Enter(("us_rifle_8",), "1C3", move, "move")) or "")
    other = next(b for b in DATA.card(move).blocks if b != "move")
    assert state.why_not(Enter(("us_rifle_8",), free, move, other)) is not None
    two = Enter(("us_rifle_8", "us_rifle_9"), free, move, "move")
    assert two in state.candidate_actions()
    events = state.apply(two)
    assert any(isinstance(e, UnitsEntered) for e in events) and move in w.discard
    for uid in ("us_rifle_8", "us_rifle_9"):
        assert w.units[uid].hex == free and w.units[uid].marker is Marker.MOVED
    assert w.units["us_m60_3"].hex is None


def test_65_24a_reinforcements_enter_in_the_reserve_phase_without_a_card() -> None:
    """24a: in the Reserve phase reinforcements enter with no card; a card is refused."""
    state = _state()
    _us_impulse(state, 2)
    state._to_reserve([])
    while state.current_player() != 0:
        state.apply(Done())
    assert state.phase is Phase.RESERVE
    enters = [a for a in state.candidate_actions() if isinstance(a, Enter)]
    assert enters and all(a.card is None for a in enters)
    move = next(c for c in state.world.hands[0] if "move" in DATA.card(c).blocks) if any(
        "move" in DATA.card(c).blocks for c in state.world.hands[0]) else None  # fmt: skip
    if move is not None:
        assert "no cards" in (
            state.why_not(Enter(enters[0].units, enters[0].hex, move, "move")) or ""
        )
    state.apply(enters[0])
    assert all(state.world.units[u].hex == enters[0].hex for u in enters[0].units)


def test_65_24a_reinforcements_never_enter_an_enemy_hex() -> None:
    """Interpretation 34: no entry into a hex an enemy holds."""
    state = _state()
    _us_impulse(state, 2)
    w = state.world
    move = _give_move(state)
    vc = next(u for u in w.live() if u.seat == 1 and u.hex is not None)
    vc.hex = "1A4"
    assert "enemy" in (state.why_not(Enter(("us_rifle_8",), "1A4", move, "move")) or "")


def test_65_24a_a_scenario_file_naming_an_unknown_reinforcement_unit_is_refused(
    tmp_path: Path,
) -> None:
    """Bad input: a reinforcement of an unknown unit type names the file and key path."""
    text = (Path(__file__).parents[1] / "game/rules/sixty_five/data/scenarios.yaml").read_text()
    bad = text.replace(
        "    victory:\n      us: {controlled: {terrain: building",
        "    reinforcements:\n"
        "      - {seat: 0, turn: 2, units: {us_tank: 1}, entry: [{maps: ['1']}]}\n"
        "    victory:\n      us: {controlled: {terrain: building",
        1,
    )
    assert bad != text
    path = tmp_path / "scenarios.yaml"
    path.write_text(bad)
    with pytest.raises(DataError, match=r"scenarios\[0\]\.reinforcements\[0\]\.units.*us_tank"):
        load_scenarios(path)


def test_65_24a_the_bot_brings_its_reinforcements_on_in_the_reserve_phase() -> None:
    """The bot values a unit waiting off the map at nothing: in its Reserve phase it
    brings reinforcements on, and the whole game goes on legally afterwards."""
    from game.ai.sixty_five.bot import SixtyFiveBot

    state = _state()
    _us_impulse(state, 2)
    state._to_reserve([])
    while state.current_player() != 0:
        state.apply(Done())
    entered = []
    while state.phase is Phase.RESERVE and state.current_player() == 0:
        choice = SixtyFiveBot(0, Rng(1)).choose(state.view(0))
        entered += [choice] if isinstance(choice, Enter) else []
        state.apply(choice)
    assert entered and all(a.card is None for a in entered)
    assert all(state.world.units[u].hex is not None for u in ("us_rifle_8", "us_m60_3"))
    for _ in range(300):  # the rest of the game by the bot, legally
        seat = state.current_player()
        if seat is None:
            break
        action = SixtyFiveBot(seat, Rng(2)).choose(state.view(seat))
        assert state.why_not(action) is None
        state.apply(action)
