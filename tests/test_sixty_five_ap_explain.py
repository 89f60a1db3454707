"""``python -m game explain sixty_five``: the to-hit number, the modified APF and the
outcome odds of a vehicle's Move & Fire shot with a path (15, 18j), of a Satchel Charge
at a bunker (22g, 23b) and of artillery used as AP at a bunker (12, 23b), through the
command's entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from sixty_five_support import DATA, new_state, unit
from test_sixty_five_ap_fire import _front_facing, _place_cards
from test_sixty_five_flow import _to_impulse

from game.__main__ import main
from game.core.rng import Rng
from game.core.session import Session
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.terrain.fortified import Placed, place
from game.rules.sixty_five.turn import Phase
from game.rules.sixty_five.vehicles.ap_fire import uses_ap
from game.rules.sixty_five.vehicles.facing import Arc
from game.rules.sixty_five.vehicles.moves import is_vehicle


def _explain(position: Path, action: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    code = main(
        ["explain", "sixty_five", "--position", str(position), "--action", action, "--json"]
    )
    answer = json.loads(capsys.readouterr().out)
    assert code == 0 and answer["legal"] is True, answer
    return answer  # type: ignore[no-any-return]


def test_65_18j_explain_a_vehicles_move_and_fire_shot_from_the_end_of_its_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'65 18j, 15a-c: scenario 4 played at random (the first seed that gets there) until
    a vehicle may Move & Fire at an enemy vehicle after moving; ``explain`` works the
    shot out from the hex its path ends in: the range from there, the to-hit number,
    the modified APF, the armour and the odds of each outcome, adding up to 1."""
    shot: Play | None = None
    for seed in range(1, 20):
        session = Session.new("sixty_five", seed, {"scenario": "4"})
        rng = Rng(seed)
        for step in range(3000):
            state = session.state
            if state.current_player() is None:
                break
            if state.phase is Phase.IMPULSE and step % 3 == 0:
                shot = next(
                    (
                        a
                        for a in state.candidate_actions()
                        if isinstance(a, Play) and a.block == "move_and_fire" and a.path
                        and a.target and uses_ap(state.world, a)
                        and is_vehicle(state.world.units[(a.units or ("",))[0]])
                    ),
                    None,
                )  # fmt: skip
                if shot is not None:
                    break
            session.apply(state.random_action(rng))
        if shot is not None:
            break
    assert shot is not None and shot.path is not None
    pos = tmp_path / "pos.yaml"
    record = {"ruleset": "sixty_five", "seed": seed, "options": {"scenario": "4"}}
    pos.write_text(yaml.safe_dump({**record, "actions": list(session.to_record().actions)}))
    answer = _explain(pos, str(shot), capsys)
    numbers, outcomes = answer["numbers"], answer["outcomes"]
    assert isinstance(numbers, dict) and isinstance(outcomes, dict)
    w = session.state.world
    target = w.units[shot.target or ""]
    assert target.hex is not None
    assert numbers["range"] == w.field.distance(shot.path[-1], target.hex)
    assert {"to_hit", "modified_apf", "armour", "hit_chance"} <= set(numbers)
    assert set(outcomes) == {"missed", "no effect", "shaken", "destroyed"}
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert 0 < numbers["hit_chance"] < 1


def _bunker_session(hand: tuple[str, ...], *, sapper: bool) -> Session:
    """Two American Rifles in a bunker in 1C4 facing the NVA in 1C1 (a PT-76) and, with
    ``sapper``, an NVA Sapper next to the bunker in 1C3; the NVA's impulse with
    ``hand``. No shipped scenario sets a Sapper beside a bunker, so the test makes the
    position and hands it to the command in place of the position file."""
    units = [
        unit("pt", "nva_pt76", 1, "1C1", facing=0),
        unit("r1", "us_rifle", 0, "1C4"),
        unit("r2", "us_rifle", 0, "1C4"),
    ]
    if sapper:
        units.append(unit("sap", "nva_sapper", 1, "1C3"))
    state, _ = new_state(units, 7, limit=5)
    w = state.world
    place(w, [Placed("1C4", "bunker", _front_facing(w.field, "1C4", "1C1", Arc.FRONT))])
    _to_impulse(state, 1)
    _place_cards(state, 1, list(hand), [])
    session = Session.new("sixty_five", 7, {"scenario": "1"})
    session.state = state
    return session


def test_65_22g_23b_explain_a_satchel_charge_at_a_bunker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'65 22g, 23b, Interpretations 65 and 88: the Satchel Charge is placed (no
    targeting draw: ``to_hit`` None, sure to reach the bunker); its 5 is the modified
    APF against the bunker's AF 4; one armour card: Destroy! or a bonus of -1 or more
    destroys, Shake! shakes, Dud! or less does nothing, counted over the unseen cards."""
    power = next(c.id for c in DATA.cards if c.power and c.upper == "fire")
    session = _bunker_session((power,), sapper=True)
    monkeypatch.setattr("game.cli.explain.load_position", lambda path: session)
    pos = tmp_path / "made.yaml"
    pos.write_text("ruleset: sixty_five\n")
    answer = _explain(pos, f"play {power} power sap at bunker_1c4", capsys)
    numbers, outcomes = answer["numbers"], answer["outcomes"]
    assert isinstance(numbers, dict) and isinstance(outcomes, dict)
    assert numbers["to_hit"] is None and numbers["hit_chance"] == 1.0
    assert (numbers["modified_apf"], numbers["armour"]) == (5, 4)
    w = session.state.world
    unseen = [w.card(c) for c in (*w.draw_pile, *w.hands[0])]
    destroys = sum(
        c.apf_word == "destroy" or (c.apf_word is None and 5 + c.apf >= 4) for c in unseen
    )
    shakes = sum(c.apf_word == "shake" for c in unseen)
    assert outcomes["destroyed"] == pytest.approx(destroys / len(unseen))
    assert outcomes["shaken"] == pytest.approx(shakes / len(unseen))
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_65_12_23b_explain_artillery_as_ap_at_a_bunker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'65 12, 23b, Interpretations 7 and 88: artillery named ``ap`` at a bunker draws
    one armour card with its HEF (3) as the modified APF against AF 4, no targeting
    draw; at least the AF (or Destroy! or Shake!) Shakes the units inside, never more:
    the bunker cannot be destroyed by it. The hex has no HE draw."""
    artillery = next(c.id for c in DATA.cards if c.lower == "artillery")
    session = _bunker_session((artillery,), sapper=False)
    monkeypatch.setattr("game.cli.explain.load_position", lambda path: session)
    pos = tmp_path / "made.yaml"
    pos.write_text("ruleset: sixty_five\n")
    w = session.state.world
    around = sorted(h for h in w.field.neighbours("1C4") if h not in ("1C3", "1C1"))[:2]
    strike = f"play {artillery} artillery to 1c4,{around[0].lower()},{around[1].lower()} ap"
    answer = _explain(pos, strike, capsys)
    numbers, outcomes = answer["numbers"], answer["outcomes"]
    assert isinstance(numbers, dict) and isinstance(outcomes, dict)
    assert numbers["to_hit"] is None
    assert (numbers["modified_apf"], numbers["armour"], numbers["damage_draw"]) == (3, 4, 0)
    unseen = [w.card(c) for c in (*w.draw_pile, *w.hands[0])]
    shakes = sum(
        c.apf_word in ("shake", "destroy") or (c.apf_word is None and 3 + c.apf >= 4)
        for c in unseen
    )
    assert outcomes["bunker_1c4 destroyed"] == 0
    assert outcomes["bunker_1c4 shaken"] == pytest.approx(shakes / len(unseen))
    assert sum(outcomes.values()) == pytest.approx(1.0)
