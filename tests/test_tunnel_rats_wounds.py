"""Tunnel Rats, rules version 3 (issue 38): the defenders' wound table on their own D6
scores, exact close-combat odds from the rules calculator, and saves of rules version 2
replaying by their own rules. (Dressing a comrade with a point is tested in
test_tunnel_rats_rules.)"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from test_tunnel_rats_support import ScriptedRng, corridor_state, die, put

from game.core.api import DieRolled
from game.core.errors import SaveError
from game.core.record import parse_record
from game.core.session import Session
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.actions import Melee, Shoot
from game.rules.tunnel_rats.combat import enemy_attack_odds, melee_round_odds
from game.rules.tunnel_rats.data import EnemySpec, Stance
from game.rules.tunnel_rats.events import DEFENDERS
from game.rules.tunnel_rats.odds import action_odds
from game.rules.tunnel_rats.play import TRState

V2_SAVES = sorted((Path(__file__).parent / "data" / "saves_tunnel_rats_v2").glob("*.json"))


def rolls(events: list) -> list[DieRolled]:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, DieRolled)]


def duel(weapon: str = "rifle", *, cell: tuple[int, int] = (2, 1)) -> TRState:
    """A Volunteer (Close Combat 4, Agility 3) crouching at 1,1, spotted, and one VC."""
    st = corridor_state(cell, enemies=[EnemySpec(side="vc", weapon=weapon)])
    put(st, "r1", character="grunt", spotted=True)
    return st


@pytest.mark.parametrize(
    ("wounds", "face", "hits"),
    [
        (WoundLevel.NONE, 5, True),
        (WoundLevel.YELLOW, 5, False),  # 5 - 1 = 4: short of 5
        (WoundLevel.YELLOW, 6, True),
        (WoundLevel.RED, 6, False),  # 6 - 2 = 4: a red VC rifleman cannot hit him now
    ],
)
def test_tr_defenders_wound_table_firing_penalty(wounds: WoundLevel, face: int, hits: bool) -> None:
    """Wounds (the defenders' table, after "If a VC/NVA figure is wounded"): a wounded
    defender's shot counts -1 (yellow) or -2 (red) on his D6 (Interpretation 16). A VC
    rifle needs 5 against a crouching rat."""
    st = duel(cell=(6, 1))
    put(st, "v1", wounds=wounds)
    st.to_act = DEFENDERS
    st.rng = ScriptedRng([die(face), die(6)])  # the to-hit D6, then the rat's save (fails)
    shot = rolls(st.apply(Shoot("v1", "r1")))[0]
    assert shot.target == 5 and shot.success is hits
    penalty = {WoundLevel.NONE: 0, WoundLevel.YELLOW: -1, WoundLevel.RED: -2}[wounds]
    assert shot.total == face + penalty
    assert (st.rats["r1"].wounds is WoundLevel.YELLOW) is hits


def test_tr_defenders_wound_table_close_combat_penalty() -> None:
    """Wounds (defenders): a blow counts -2 (yellow) or -4 (red) on the D6. A yellow VC
    rifleman starting close combat with a running rat (4+) needs a 6; missing, he takes
    the rat's strike back."""
    st = duel()
    put(st, "r1", stance=Stance.RUNNING)
    put(st, "v1", wounds=WoundLevel.YELLOW)
    st.to_act = DEFENDERS
    st.rng = ScriptedRng([die(5), die(2)])
    blow, back = rolls(st.apply(Melee("v1", "r1")))
    assert blow.die == "D6" and blow.total == 3 and not blow.success
    assert back.die == "D20" and not back.success
    assert st.rats["r1"].wounds is WoundLevel.NONE
    st2 = duel()
    put(st2, "r1", stance=Stance.RUNNING)
    put(st2, "v1", wounds=WoundLevel.YELLOW)
    st2.to_act = DEFENDERS
    st2.rng = ScriptedRng([die(6)])
    (hit,) = rolls(st2.apply(Melee("v1", "r1")))
    assert hit.total == 4 and hit.success and st2.rats["r1"].wounds is WoundLevel.YELLOW


def test_tr_rules_version_2_defenders_ignore_their_wounds() -> None:
    """Games of rules version 2 replay as they were played: a wounded defender's D6
    score took no penalty then."""
    st = duel(cell=(6, 1))
    st.edition = 2
    put(st, "v1", wounds=WoundLevel.RED)
    st.to_act = DEFENDERS
    st.rng = ScriptedRng([die(5), die(6)])
    shot = rolls(st.apply(Shoot("v1", "r1")))[0]
    assert shot.modifiers == () and shot.success


def test_tr_odds_of_a_wounded_defenders_shot_count_his_wound() -> None:
    """The odds shown before a shot (and the AI's) follow the rule: a yellow VC rifle
    against a crouching rat hits on a 6 (1/6), and wounds 1/6 x 4/6 past Agility 3."""
    st = duel(cell=(6, 1))
    put(st, "v1", wounds=WoundLevel.YELLOW)
    st.to_act = DEFENDERS
    odds = action_odds(st.view(DEFENDERS), Shoot("v1", "r1"))
    assert odds is not None and odds.chance == Fraction(1, 6) * Fraction(4, 6)
    assert "needs 6+ on D6" in odds.text
    answer = st.explain(Shoot("v1", "r1"))
    assert answer.numbers["to_hit"]["modifiers"] == {"yellow wound": -1}
    assert answer.outcomes == pytest.approx(
        {"wounds": 1 / 6 * 4 / 6, "hits, saved": 1 / 6 * 2 / 6, "misses": 5 / 6}
    )
    unhurt = enemy_attack_odds(st.enemies["v1"], st.rats["r1"], st.tables, gunfire=True)
    assert unhurt.chance == Fraction(2, 6) * Fraction(4, 6)  # without the rules: the table


def test_tr_explain_close_combat_gives_the_exact_outcome() -> None:
    """Rules calculator, close combat (Interpretation 6): a Volunteer (Close Combat 4)
    crouching strikes a VC with a pistol first, 11+ on the D20 (1/2); if he fails the VC
    strikes back needing a 6 (1/6): VC wounded 1/2, rat wounded 1/12, nothing 5/12."""
    st = duel("pistol")
    answer = st.explain(Melee("r1", "v1"))
    assert answer.numbers["first_strike"] == "rat"
    assert answer.numbers["rat_strike"]["needs"] == 11
    assert answer.numbers["defender_strike"]["needs"] == 6
    assert answer.outcomes == pytest.approx(
        {"defender wounded": 1 / 2, "rat wounded": 1 / 12, "nothing": 5 / 12}
    )
    odds = melee_round_odds(
        st.rats["r1"], st.enemies["v1"], st.rules, st.tables, rat_first=True, edition=3
    )
    assert (odds.enemy_wounded, odds.rat_wounded, odds.nothing) == (
        Fraction(1, 2),
        Fraction(1, 12),
        Fraction(5, 12),
    )


def test_tr_explain_close_combat_started_by_a_wounded_defender() -> None:
    """Close combat started by a yellow VC rifleman against a running Volunteer: he
    needs 4 + 2 = a 6 (1/6) first; the rat strikes back on 11+ (1/2): rat wounded 1/6,
    VC wounded 5/12, nothing 5/12."""
    st = duel()
    put(st, "r1", stance=Stance.RUNNING)
    put(st, "v1", wounds=WoundLevel.YELLOW)
    st.to_act = DEFENDERS
    answer = st.explain(Melee("v1", "r1"))
    assert answer.numbers["first_strike"] == "defender"
    assert answer.numbers["defender_strike"]["modifiers"] == {"yellow wound": -2}
    assert answer.outcomes == pytest.approx(
        {"rat wounded": 1 / 6, "defender wounded": 5 / 12, "nothing": 5 / 12}
    )


def test_tr_explain_close_combat_where_the_table_says_na() -> None:
    """A VC pistol cannot strike back at a crawling rat: the rat's strike is all."""
    st = duel("pistol")
    put(st, "r1", stance=Stance.CRAWLING)
    answer = st.explain(Melee("r1", "v1"))
    assert answer.numbers["defender_strike"]["needs"] == "N/A: cannot strike"
    assert answer.outcomes == pytest.approx({"defender wounded": 1 / 2, "nothing": 1 / 2})


def test_there_are_tunnel_rats_rules_version_2_saves_of_three_scenarios() -> None:
    assert {p.name.split("-")[1] for p in V2_SAVES} == {
        "clear_warren",
        "plantation_rescue",
        "twin_wells_documents",
    }


@pytest.mark.parametrize("path", V2_SAVES, ids=lambda p: p.stem)
def test_tr_rules_version_2_saves_replay_by_their_own_rules(path: Path) -> None:
    """Saves made under rules version 2 (wounded defenders fire in each) replay by
    version 2 with the saved digest; replayed by version 3 they would not match, so
    the version is what keeps them."""
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    assert record.rules_version == "2" and record.digest is not None
    session = Session.from_record(record, str(path))
    assert session.actions == list(record.actions) and session.state.edition == 2
    assert session.to_record().rules_version == "2"
    with pytest.raises(SaveError):
        Session.from_record(dataclasses.replace(record, rules_version="3"), str(path))
