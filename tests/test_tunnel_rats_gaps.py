"""Tunnel Rats rules the audit (issue 17) found untested in play: the point cost of
every kind of action, wound penalties as they show in close combat and firing, every row
of the defenders' D6 table, the noise die's failing faces and a wounded defender's
stance. Each test names the seed's rule it checks."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_tunnel_rats_support import (
    CORRIDOR,
    ScriptedRng,
    corridor_state,
    die,
    make_level,
    make_state,
    put,
)

from game.core.api import Action, DieRolled
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.actions import (
    ChangeStance,
    Dress,
    Melee,
    Move,
    Reload,
    Search,
    Shoot,
)
from game.rules.tunnel_rats.data import EnemySpec, Stance, load_enemy_tables
from game.rules.tunnel_rats.events import DEFENDERS, RATS
from game.rules.tunnel_rats.umpire import end_round

TABLES = load_enemy_tables()


def rolls(events: list) -> list[DieRolled]:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, DieRolled)]


# -- Action points: every action costs one point ---------------------------------------


def _shoot(st):  # type: ignore[no-untyped-def]
    put(st, "r1", character="grunt", gun="m10")
    st.rng = ScriptedRng([die(1)])  # a miss
    return Shoot("r1", "v1")


def _melee(st):  # type: ignore[no-untyped-def]
    put(st, "v1", cell=(2, 1))
    put(st, "r1", character="grunt", spotted=True)
    st.rng = ScriptedRng([die(20)])  # the rat wins the round at once
    return Melee("r1", "v1")


def _search(st):  # type: ignore[no-untyped-def]
    put(st, "r1", spotted=True)
    st.rng = ScriptedRng([die(1)])
    return Search("r1")


def _dress(st):  # type: ignore[no-untyped-def]
    put(st, "r1", wounds=WoundLevel.YELLOW)
    return Dress("r1", "r1", True)


def _reload(st):  # type: ignore[no-untyped-def]
    put(st, "r1", gun="m10", loaded=3)
    return Reload("r1")


def _stance(st):  # type: ignore[no-untyped-def]
    return ChangeStance("r1", Stance.CRAWLING)


def _move(st):  # type: ignore[no-untyped-def]
    return Move("r1", Stance.CROUCHING, (3, 1))


@pytest.mark.parametrize(
    "make", [_move, _stance, _shoot, _melee, _search, _dress, _reload], ids=lambda f: f.__name__
)
def test_tr_action_points_each_kind_of_action_costs_exactly_one_point(make) -> None:  # type: ignore[no-untyped-def]
    """Action points: "Every action (Moving, shooting, close combat, searching, dress
    wounds and reloading) costs 1 action point" (stance changes too, Interpretation 1)."""
    st = corridor_state((6, 1))
    action: Action = make(st)
    assert st.why_not(action) is None, st.why_not(action)
    before = list(st.points)
    st.apply(action)
    assert st.points[RATS] == before[RATS] - 1
    assert st.points[DEFENDERS] == before[DEFENDERS]
    assert st.to_act == DEFENDERS


# -- Wounds: penalties in play -----------------------------------------------------------


@pytest.mark.parametrize(("wounds", "penalty"), [(WoundLevel.YELLOW, -2), (WoundLevel.RED, -4)])
def test_tr_wounds_close_combat_penalty_in_play(wounds: WoundLevel, penalty: int) -> None:
    """Wounds: a yellow wound costs -2 and a red one -4 in close combat. A grunt (Close
    Combat 4) needs 11 unhurt; 13 with a yellow wound, 15 with a red one."""
    st = corridor_state((2, 1))
    stance = Stance.CROUCHING if wounds is WoundLevel.YELLOW else Stance.CRAWLING
    put(st, "r1", character="grunt", spotted=True, wounds=wounds, stance=stance)
    needed = 11 - penalty
    st.rng = ScriptedRng([die(needed - 1), die(1)])  # just short; the VC then misses
    first = rolls(st.apply(Melee("r1", "v1")))[0]
    assert (f"{wounds.name.lower()} wound", penalty) in first.modifiers
    assert first.total == 14 and not first.success
    st2 = corridor_state((2, 1))
    put(st2, "r1", character="grunt", spotted=True, wounds=wounds, stance=stance)
    st2.rng = ScriptedRng([die(needed)])
    (hit,) = rolls(st2.apply(Melee("r1", "v1")))
    assert hit.total == 15 and hit.success
    assert st2.enemies["v1"].wounds is WoundLevel.YELLOW


def test_tr_wounds_yellow_firing_penalty_in_play() -> None:
    """Wounds: a yellow wound costs -1 in firing. A grunt with the .38 (Firing 4,
    Accuracy 3) hits on 8 unhurt, on 9 with a yellow wound."""
    st = corridor_state((6, 1))
    put(st, "r1", character="grunt", gun="m10", wounds=WoundLevel.YELLOW)
    st.rng = ScriptedRng([die(8)])
    (miss,) = rolls(st.apply(Shoot("r1", "v1")))
    assert ("yellow wound", -1) in miss.modifiers and miss.total == 14 and not miss.success
    st2 = corridor_state((6, 1))
    put(st2, "r1", character="grunt", gun="m10", wounds=WoundLevel.YELLOW)
    st2.rng = ScriptedRng([die(9), die(1)])
    hit, _wound = rolls(st2.apply(Shoot("r1", "v1")))
    assert hit.total == 15 and hit.success


# -- The defenders' D6 table, every row in play -----------------------------------------

ROWS = [
    (side, weapon, stance, needed)
    for side, spec in sorted(TABLES.sides.items())
    for weapon, row in sorted(spec.weapons.items())
    for stance, needed in ((s.value, row.get(s)) for s in Stance)
]


def test_tr_defenders_table_rows_are_the_seeds() -> None:
    """Defenders' fire table (seed): VC pistol 5/6/-, rifle 4/5/6, machine pistol 5/6/-,
    assault rifle 3/4/5; NVA machine pistol 4/5/6, assault rifle 2/3/4 (running,
    crouching, crawling; - is N/A)."""
    seed = {
        ("vc", "pistol"): (5, 6, None),
        ("vc", "rifle"): (4, 5, 6),
        ("vc", "machine_pistol"): (5, 6, None),
        ("vc", "assault_rifle"): (3, 4, 5),
        ("nva", "machine_pistol"): (4, 5, 6),
        ("nva", "assault_rifle"): (2, 3, 4),
    }
    ours = {
        (side, weapon): (row.running, row.crouching, row.crawling)
        for side, spec in TABLES.sides.items()
        for weapon, row in spec.weapons.items()
    }
    assert ours == seed


@pytest.mark.parametrize(("side", "weapon", "stance", "needed"), ROWS, ids=str)
def test_tr_defenders_fire_every_table_row_in_play(
    side: str, weapon: str, stance: str, needed: int | None
) -> None:
    """Defenders firing: the D6 score by side, weapon and the rat's stance, as it plays:
    the needed face hits, one less misses; N/A means the shot cannot be taken at all."""
    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1),), "defenders": ((6, 1),)})
    st = make_state([lv], enemies=[EnemySpec(side=side, weapon=weapon)])
    put(st, "r1", character="grunt", spotted=True, stance=Stance(stance))
    st.to_act = DEFENDERS
    (eid,) = st.enemies
    if needed is None:
        assert Shoot(eid, "r1") not in st.legal_actions()
        assert st.why_not(Shoot(eid, "r1")) is not None
        return
    if needed > 1:
        miss_state = replace(st, rng=ScriptedRng([die(needed - 1)]))
        (miss,) = rolls(miss_state.apply(Shoot(eid, "r1")))
        assert miss.target == needed and not miss.success
        assert miss_state.rats["r1"].wounds is WoundLevel.NONE
    st.rng = ScriptedRng([die(needed), die(6)])  # a hit, and the save fails (6 >= 3)
    hit, save = rolls(st.apply(Shoot(eid, "r1")))
    assert hit.target == needed and hit.success and not save.success
    assert st.rats["r1"].wounds is WoundLevel.YELLOW


# -- Noise: the reinforcement die's failing faces ----------------------------------------


@pytest.mark.parametrize("face", [4, 5, 6])
def test_tr_noise_die_4_to_6_brings_nobody(face: int) -> None:
    """Noise (our count): above 15 the umpire throws a D6 and only 1-3 brings a soldier;
    4, 5 and 6 bring nobody."""
    lv = make_level(
        CORRIDOR, deployment={"rats": ((1, 1),), "defenders": ((12, 1),)}, spawns=((11, 1),)
    )
    st = make_state(
        [lv], reinforcements=[EnemySpec(side="vc", weapon="pistol")], max_reinforcements=1
    )
    st.noise = [20]
    st.rng = ScriptedRng([die(face), 0, 0, die(1)])
    (noise_roll, *_rest) = rolls(end_round(st))
    assert noise_roll.faces == (face,) and not noise_roll.success
    assert len(st.enemies) == 1 and st.reinforcements_left == 1


# -- Wounds: a wounded defender's stance --------------------------------------------------


def test_tr_wounds_a_wounded_defender_drops_his_stance_and_cannot_rise() -> None:
    """Wounds apply to both sides (a VC/NVA figure gets a yellow, then a red marker): a
    yellow wound allows at most crouching, a red one only crawling; the wounded
    defender drops to that stance at once and is offered no higher stance or move."""
    st = corridor_state((6, 1))
    put(st, "r1", character="grunt", gun="magnum")  # power 7: wounds on 8+
    put(st, "v1", stance=Stance.RUNNING)
    st.rng = ScriptedRng([die(20), die(20)])
    st.apply(Shoot("r1", "v1"))
    v1 = st.enemies["v1"]
    assert v1.wounds is WoundLevel.YELLOW and v1.stance is Stance.CROUCHING
    assert st.to_act == DEFENDERS
    acts = st.legal_actions()
    assert not any(isinstance(a, Move) and a.stance is Stance.RUNNING for a in acts)
    assert ChangeStance("v1", Stance.RUNNING) not in acts
    assert "yellow" in (st.why_not(Move("v1", Stance.RUNNING, (7, 1))) or "")
    put(st, "v1", wounds=WoundLevel.RED, stance=Stance.CRAWLING)
    acts = st.legal_actions()
    assert {a.stance for a in acts if isinstance(a, Move) and a.figure == "v1"} == {Stance.CRAWLING}
