"""Tunnel Rats booby traps, second rules edition (issue 17): the Agility save against a
trap that goes off, the umpire choosing whose way his hidden trap lies in, and older
saves replaying by the rules they were made under."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_tunnel_rats_support import CORRIDOR, ScriptedRng, die, make_level, make_state, put

from game.core.api import DieRolled
from game.core.errors import SaveError
from game.core.record import parse_record
from game.core.rng import Rng
from game.core.session import Session
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats.actions import Move, Search
from game.rules.tunnel_rats.data import Stance
from game.rules.tunnel_rats.umpire import explore, point_man, start_round

OLD_SAVE = Path(__file__).parent / "data" / "saves_v2_stop19"


def rolls(events: list) -> list[DieRolled]:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, DieRolled)]


@pytest.mark.parametrize(("face", "wounded"), [(2, False), (3, True)])
def test_tr_agility_save_against_a_booby_trap(face: int, wounded: bool) -> None:
    """Agility is a rat's save against booby traps as well as bullets: when a trap goes
    off, a D6 below Agility (a grunt's 3: 1 or 2) and he takes no wound."""
    lv = make_level(CORRIDOR, trap_cells=(((3, 1), False),))
    st = make_state([lv])
    put(st, "v1", cell=(12, 1))
    put(st, "r1", character="grunt", stance=Stance.RUNNING)  # needs 11 to disarm
    st.rng = ScriptedRng([die(10), die(face)])
    test, save = rolls(st.apply(Search("r1", "t1")))
    assert not test.success and save.die == "D6" and save.faces == (face,)
    assert save.success is (not wounded) and save.reveals
    assert (st.rats["r1"].wounds is WoundLevel.YELLOW) is wounded
    assert not st.traps["t1"].armed  # spent either way


def test_tr_agility_save_against_a_hidden_trap_walked_into() -> None:
    """The save also covers a hidden trap a rat walks onto."""
    lv = make_level(CORRIDOR, trap_cells=(((3, 1), True),))
    st = make_state([lv])
    put(st, "v1", cell=(12, 1))
    put(st, "r1", character="ferret")  # agility 5: 1-4 saves
    st.rng = ScriptedRng([die(1), die(4)])
    st.apply(Move("r1", Stance.RUNNING, (6, 1)))
    assert st.rats["r1"].cell == (3, 1) and st.rats["r1"].wounds is WoundLevel.NONE


def test_tr_umpire_picks_the_point_man_the_rat_farthest_along() -> None:
    """Umpire (Interpretation 11): the hidden trap waits for the rat who has walked
    farthest from where the rats came in; ties go to the lower id."""
    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1), (2, 1)), "defenders": ((12, 1),)})
    st = make_state([lv], rats=2)
    assert point_man(st) == "r2"
    put(st, "r1", cell=(6, 1))
    assert point_man(st) == "r1"
    put(st, "r2", cell=(6, 1))
    put(st, "r1", cell=(5, 1))
    assert point_man(st) == "r2"
    put(st, "r2", pinned=True)
    assert point_man(st) == "r1"  # only a rat who can act
    st.rng = ScriptedRng([0, 0, die(6)])
    start_round(st)
    assert st.pending_trap == "r1"


def test_tr_determinize_puts_the_umpires_trap_on_the_point_man() -> None:
    """Search for the rats: whether the umpire set a trap is unknown (a fresh D6), but
    whom it waits for is his known choice."""
    lv = make_level(CORRIDOR, deployment={"rats": ((1, 1), (2, 1)), "defenders": ((12, 1),)})
    st = make_state([lv], rats=2)
    put(st, "r1", cell=(7, 1))
    seen = {st.determinize(0, Rng(seed)).pending_trap for seed in range(40)}
    assert seen == {None, "r1"}


def test_tr_new_games_are_rules_version_3_and_old_saves_keep_version_1(
    tmp_path: Path,
) -> None:
    """Saves survive rule changes: a save made under rules version 1 replays by those
    rules, and saved again it stays version 1; a version this program never had is
    refused with a message naming the file and the versions it can play."""
    fresh = Session.new("tunnel_rats", 3)
    assert fresh.to_record().rules_version == "3"
    path = sorted(OLD_SAVE.glob("tunnel_rats-*.json"))[0]
    record = parse_record(path.read_text(encoding="utf-8"), str(path))
    assert record.rules_version == "1"
    old = Session.from_record(record, str(path))
    assert old.state.edition == 1
    again = old.to_record()
    assert again.rules_version == "1"
    assert Session.from_record(again).state.snapshot() == old.state.snapshot()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules_version"] = "9"
    bad = tmp_path / "future.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        Session.from_record(parse_record(bad.read_text(encoding="utf-8"), str(bad)), str(bad))
    assert "future.json" in str(err.value) and "version 9" in str(err.value)
    assert "1, 2, 3" in str(err.value)


def test_tr_explain_a_trap_search_counts_the_agility_save() -> None:
    """Rules calculator: a grunt running (Awareness 4 + 0: needs 11, 10/20) at an
    obvious trap disarms it 1/2; it goes off 1/2, saved below Agility 3 (2/6): 1/6
    saved, 1/3 wounded."""
    lv = make_level(CORRIDOR, trap_cells=(((3, 1), False),))
    st = make_state([lv])
    put(st, "v1", cell=(12, 1))
    put(st, "r1", character="grunt", stance=Stance.RUNNING)
    answer = st.explain(Search("r1", "t1"))
    assert answer.numbers["save_below"] == 3
    assert answer.outcomes == pytest.approx(
        {"disarmed": 1 / 2, "goes off, saved": 1 / 6, "goes off, wounded": 1 / 3}
    )


def test_tr_obvious_traps_are_known_only_to_the_umpire_until_a_flashlight_shows_them() -> None:
    """Booby traps (Interpretation 10): an obvious trap is fixed by the scenario and only
    the umpire (here the defenders' side) knows where until a rat's flashlight shows
    the item; then the rats see it, and their moves stop short of it."""
    rows = ["################", "#..............#", "################"]
    lv = make_level(rows, trap_cells=(((13, 1), False),))
    st = make_state([lv])
    put(st, "v1", cell=(14, 1))
    assert (13, 1) not in st.explored[0]  # 12" away: beyond the 8" flashlight
    assert st.view(0).traps == () and [t.cell for t in st.view(1).traps] == [(13, 1)]
    put(st, "r1", cell=(9, 1))  # running 6" would reach 15,1 were the item not there
    explore(st)
    assert [t.cell for t in st.view(0).traps] == [(13, 1)]
    put(st, "v1", cell=(1, 1))
    assert (14, 1) not in {
        a.cell for a in st.legal_actions() if isinstance(a, Move) and a.figure == "r1"
    }


@pytest.mark.parametrize("spotted", [False, True])
def test_tr_trap_roll_of_an_unseen_rat_stays_with_the_rats(spotted: bool) -> None:
    """Hidden information: the defenders learn that their trap went off or was
    disarmed, but the disarm roll (whose stance modifier tells how the rat moves) is
    shown to them only when they see the rat."""
    from dataclasses import replace

    from game.rules.tunnel_rats.events import DEFENDERS, RATS, TrapResolved

    lv = make_level(CORRIDOR, trap_cells=(((3, 1), False),))
    st = make_state([lv])
    put(st, "v1", cell=(12, 1))
    put(st, "r1", character="grunt", stance=Stance.CRAWLING)
    st.rats["r1"] = replace(st.rats["r1"], spotted=spotted)
    st.rng = ScriptedRng([die(7)])
    events = st.apply(Search("r1", "t1"))
    (roll,) = rolls(events)
    assert ("crawling", 4) in roll.modifiers
    assert roll.visible(RATS)
    assert roll.visible(DEFENDERS) is spotted
    (resolved,) = [e for e in events if isinstance(e, TrapResolved)]
    assert resolved.visible(DEFENDERS) and resolved.visible(RATS)
