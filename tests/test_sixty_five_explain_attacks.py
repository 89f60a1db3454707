"""``python -m game explain sixty_five`` gives the numbers and odds of every attack:
a Satchel Charge at a unit (22g), the armour draws of vehicles in a hex struck by
artillery or a Satchel Charge (12, 22g), through the command's entry point and the
table's hover line."""

from __future__ import annotations

from math import comb
from pathlib import Path

import pytest
from sixty_five_support import DATA, new_state, unit
from test_sixty_five_ap_explain import _explain
from test_sixty_five_ap_fire import _place_cards
from test_sixty_five_flow import _to_impulse

from game.core.session import Session
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.state import SixtyFiveState

POWER = next(c.id for c in DATA.cards if c.power and c.upper == "fire")
ARTILLERY = next(c.id for c in DATA.cards if c.lower == "artillery")


def _session(units: list[Counter], hand: tuple[str, ...]) -> Session:
    """The NVA's impulse (seed 7) with ``units`` placed and ``hand`` in the NVA's hand."""
    state, _ = new_state(units, 7, limit=5)
    _to_impulse(state, 1)
    _place_cards(state, 1, list(hand), [])
    session = Session.new("sixty_five", 7, {"scenario": "1"})
    session.state = state
    return session


def _pass_it(session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr("game.cli.explain.load_position", lambda path: session)
    pos = tmp_path / "made.yaml"
    pos.write_text("ruleset: sixty_five\n")
    return pos


def _unseen(state: SixtyFiveState) -> tuple[int, int, list[object]]:
    """The cards the NVA has not seen: how many, how many green Hits, the faces."""
    w = state.world
    faces = [w.card(c) for c in (*w.draw_pile, *w.hands[0])]
    greens = sum(1 for c in faces if c.hit is not None and c.hit.value == "green")
    return len(faces), greens, faces


def test_65_22g_explain_a_satchel_charge_at_a_unit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'65 22g, Interpretation 17: a Satchel Charge at two US Rifles in a clear hex (CF
    0) draws its 5 cards on green Hits; the hits go by tiers, r1 before r2: the named r2
    is untouched by 0 or 1 hits, Shaken by 2 or 3, reduced by 4 or 5 (hypergeometric
    over the unseen cards). ``explain`` names hef 5, cover 0 and damage_draw 5."""
    units = [
        unit("sap", "nva_sapper", 1, "1C3"),
        unit("r1", "us_rifle", 0, "1C4"),
        unit("r2", "us_rifle", 0, "1C4"),
    ]
    session = _session(units, (POWER,))
    pos = _pass_it(session, tmp_path, monkeypatch)
    answer = _explain(pos, f"play {POWER} power sap at r2", capsys)
    numbers, outcomes = answer["numbers"], answer["outcomes"]
    assert isinstance(numbers, dict) and isinstance(outcomes, dict)
    assert (numbers["hef"], numbers["cover_factor"], numbers["damage_draw"]) == (5, 0, 5)
    n, g, _ = _unseen(session.state)
    assert numbers["unseen_cards"] == n and numbers["unseen_hits"] == g

    def p(k: int) -> float:
        return comb(g, k) * comb(n - g, 5 - k) / comb(n, 5)

    assert outcomes["no effect"] == pytest.approx(p(0) + p(1))
    assert outcomes["shaken"] == pytest.approx(p(2) + p(3))
    assert outcomes["reduced"] == pytest.approx(p(4) + p(5))
    assert "eliminated" not in outcomes
    assert sum(outcomes.values()) == pytest.approx(1.0)


def _armour_counts(faces: list[object], apf: int, af: int) -> tuple[int, int]:
    """Cards that destroy (Destroy!, or the APF bonus reaching the AF) and that Shake."""
    destroys = sum(
        c.apf_word == "destroy" or (c.apf_word is None and apf + c.apf >= af)  # type: ignore[attr-defined]
        for c in faces
    )
    shakes = sum(c.apf_word == "shake" for c in faces)  # type: ignore[attr-defined]
    return destroys, shakes


def test_65_22g_explain_a_satchel_charge_gives_the_armour_draw_of_a_tank_in_the_hex(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'65 22g, Interpretation 65: a Satchel Charge at a US Rifle sharing its hex with an
    M-48 (AF 4): the Rifle alone takes the 5-card draw (``units`` 1) and the M-48 draws
    one armour card with the charge's 5 as its APF, which may destroy it; its outcomes
    (``m48 destroyed|shaken|no effect``) add up to 1 beside the Rifle's. Named at the
    M-48 itself, only its armour card has odds."""
    units = [
        unit("sap", "nva_sapper", 1, "1C3"),
        unit("r1", "us_rifle", 0, "1C4"),
        unit("m48", "us_m48", 0, "1C4", facing=0),
    ]
    session = _session(units, (POWER,))
    pos = _pass_it(session, tmp_path, monkeypatch)
    answer = _explain(pos, f"play {POWER} power sap at r1", capsys)
    numbers, outcomes = answer["numbers"], answer["outcomes"]
    assert isinstance(numbers, dict) and isinstance(outcomes, dict)
    assert (numbers["units"], numbers["damage_draw"]) == (1, 5)
    tank = numbers["hard_targets"]["m48"]
    assert (tank["to_hit"], tank["modified_apf"], tank["armour"]) == (None, 5, 4)
    n, _, faces = _unseen(session.state)
    destroys, shakes = _armour_counts(faces, 5, 4)
    assert outcomes["m48 destroyed"] == pytest.approx(destroys / n)
    assert outcomes["m48 shaken"] == pytest.approx(shakes / n)
    tank_total = sum(p for k, p in outcomes.items() if k.startswith("m48 "))
    assert tank_total == pytest.approx(1.0)
    assert sum(outcomes.values()) == pytest.approx(2.0)
    at_tank = _explain(pos, f"play {POWER} power sap at m48", capsys)["outcomes"]
    assert isinstance(at_tank, dict)
    assert set(at_tank) == {"m48 no effect", "m48 shaken", "m48 destroyed"}


MOVE_AND_FIRE = next(c.id for c in DATA.cards if "move_and_fire" in c.blocks)


def test_65_18j_explain_an_infantry_move_and_fire_from_the_end_of_its_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'65 18j: an NVA Rifle's Move & Fire from 1C1 by 1C2 at a US Rifle in 1C6 is
    explained from 1C2, where it will fire: range 4, and the same numbers and odds as
    the Rifle standing in 1C2 and firing with Move & Fire without moving (its yellow
    and red Hits over the unseen cards)."""
    target = unit("us", "us_rifle", 0, "1C6")
    moving = _session([unit("nr", "nva_rifle", 1, "1C1"), target.copy()], (MOVE_AND_FIRE,))
    pos = _pass_it(moving, tmp_path, monkeypatch)
    answer = _explain(pos, f"play {MOVE_AND_FIRE} move_and_fire nr at us to 1c2", capsys)
    numbers, outcomes = answer["numbers"], answer["outcomes"]
    assert isinstance(numbers, dict) and isinstance(outcomes, dict)
    assert numbers["range"] == 4 and numbers["damage_draw"] > 0
    assert "done" not in outcomes and sum(outcomes.values()) == pytest.approx(1.0)
    assert 0 < outcomes["no effect"] < 1
    standing = _session([unit("nr", "nva_rifle", 1, "1C2"), target.copy()], (MOVE_AND_FIRE,))
    pos = _pass_it(standing, tmp_path, monkeypatch)
    there = _explain(pos, f"play {MOVE_AND_FIRE} move_and_fire nr at us", capsys)
    assert there["numbers"] == numbers and there["outcomes"] == pytest.approx(outcomes)


def test_65_12_explain_artillery_gives_the_armour_draws_of_the_vehicles_struck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """'65 12, Interpretations 44 and 98: artillery (HEF 3) on 1C4, holding a US Rifle
    and an M-48 (AF 4), and on a hex next to it holding an M-113 (AF 2): each vehicle
    draws one armour card with the HEF 3 as its APF, no targeting draw; at least the AF
    (or Destroy! or Shake!) Shakes it, nothing destroys it. The Rifle alone takes 1C4's
    3-card HE draw; the M-113's hex has none."""
    w_probe = new_state([], 7)[0].world
    beside = sorted(h for h in w_probe.field.neighbours("1C4") if h != "1C3")
    units = [
        unit("nr", "nva_rifle", 1, "1C1"),
        unit("r1", "us_rifle", 0, "1C4"),
        unit("m48", "us_m48", 0, "1C4", facing=0),
        unit("m113", "us_m113", 0, beside[0], facing=0),
    ]
    session = _session(units, (ARTILLERY,))
    pos = _pass_it(session, tmp_path, monkeypatch)
    hexes = ",".join(h.lower() for h in ("1C4", beside[0], beside[1]))
    answer = _explain(pos, f"play {ARTILLERY} artillery to {hexes}", capsys)
    numbers, outcomes = answer["numbers"], answer["outcomes"]
    assert isinstance(numbers, dict) and isinstance(outcomes, dict)
    assert (numbers["1C4"]["units"], numbers["1C4"]["damage_draw"]) == (1, 3)
    assert numbers[beside[0]]["damage_draw"] == 0
    tank = numbers["1C4"]["hard_targets"]["m48"]
    assert (tank["to_hit"], tank["modified_apf"], tank["armour"]) == (None, 3, 4)
    assert numbers[beside[0]]["hard_targets"]["m113"]["armour"] == 2
    n, _, faces = _unseen(session.state)
    for uid, af in (("m48", 4), ("m113", 2)):
        destroys, shakes = _armour_counts(faces, 3, af)
        assert outcomes[f"{uid} shaken"] == pytest.approx((destroys + shakes) / n)
        assert outcomes[f"{uid} destroyed"] == 0
        mine = sum(p for k, p in outcomes.items() if k.startswith(f"{uid} "))
        assert mine == pytest.approx(1.0)
    he = sum(p for k, p in outcomes.items() if k.endswith(" hits"))
    assert he == pytest.approx(1.0)
