"""5.56mm 7.5 the M203 grenade launcher and 7.6 the M82's HEAP round in play (rules
version 2)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from five_five_six_support import give_go, load_dice, only, place, see

from game.core.api import DieRolled
from game.maps.tabletop import to_point
from game.rules.five_five_six.actions import Fire, parse_action
from game.rules.five_five_six.board import Board
from game.rules.five_five_six.combat.fire_play import shot_check
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.events import GrenadeLanded
from game.rules.five_five_six.ruleset import FiveFiveSix
from game.rules.five_five_six.state import FiveFiveSixState


def _armed(gear: tuple[str, ...], version: str = "2") -> tuple[FiveFiveSixState, Board]:
    state = FiveFiveSix().new_game(31, {"scenario": "crash_site"}, version)
    assert isinstance(state, FiveFiveSixState)
    board = state.board
    only(board, "havers", "captain", "gunman_1")
    havers = board.characters["havers"]
    havers.profile = replace(havers.profile, gear=gear, skills=("sniper",))
    havers.ammo = {g: "low" if g == "m203" else "supplied" for g in gear if g != "knife"}
    place(board, "havers", 30, 30, facing=270)
    place(board, "captain", 30, 19, facing=90)
    place(board, "gunman_1", 31.5, 18, facing=90)  # 1" from the captain's base
    see(board, "havers", "captain", 1.0)
    see(board, "havers", "gunman_1", 0.0)
    give_go(board, "havers")
    return state, board


def _damage_rolls(events: list[object]) -> list[DieRolled]:
    return [e for e in events if isinstance(e, DieRolled) and e.purpose.endswith("(the TN)")]


def test_7_5_m203_fires_at_medium_range_or_farther_only() -> None:
    """5.56mm 7.5: the M203 has no Close or Short range (C na S na M 8"): a target 10"
    away is at Medium, TN 4; one 5" away cannot be fired at; rules version 1 had none."""
    state, board = _armed(("m16", "m203", "frag"))
    assert state.why_not(Fire("havers", "m203", "captain")) is None
    check = shot_check(board, board.characters["havers"], board.characters["captain"], "m203")
    assert check is not None and check.tn.base == 4
    place(board, "captain", 30, 24.5)
    see(board, "havers", "captain", 1.0)
    assert "range bands" in (state.why_not(Fire("havers", "m203", "captain")) or "")
    old, _ = _armed(("m16", "m203", "frag"), "1")
    assert "version 2" in (old.why_not(Fire("havers", "m203", "captain")) or "")


def test_7_5_an_m203_frag_round_that_hits_does_its_damage_and_bursts() -> None:
    """5.56mm 7.5: "a character hit directly by the grenade suffers the Damage listed in
    the grenades profile": 6 + Weapons 1 = 7 against Medium TN 4 hits; the captain takes
    D6+8 (1 + 8 = 9 against 6 + 1 = 7: -2, Serious); the round goes off where he stands
    and the gunman 1" from him takes 7.81's D6+4 (1 + 4 = 5 against 6: unhurt)."""
    state, board = _armed(("m16", "m203", "frag"))
    load_dice(board, 6, 1, 6, 1, 6)
    events = state.apply(Fire("havers", "m203", "captain"))
    rolls = _damage_rolls(events)
    assert [r.modifiers for r in rolls] == [
        (("Frag grenade (M203) direct hit", 8),),
        (("Frag grenade", 4),),
    ]
    assert board.characters["captain"].wounds == [Wound.SERIOUS]
    assert board.characters["gunman_1"].wounds == []
    landed = [e for e in events if isinstance(e, GrenadeLanded)][0]
    assert landed.landed == board.characters["captain"].pos and landed.scatter == ""


def test_7_5_a_missed_round_scatters_and_under_8_inches_it_does_not_arm() -> None:
    """5.56mm 7.5 with 3.26/3.27 (Interpretation S30): a miss by 2 (1 + 1 against 4)
    scatters D6" (3) short of the target (3): it comes down 7.5" from Havers, has not
    armed, and does not go off."""
    state, board = _armed(("m16", "m203", "frag"))
    load_dice(board, 1, 6, 3, 3)  # to hit, the Ammo roll after a 1, distance, direction
    events = state.apply(Fire("havers", "m203", "captain"))
    landed = [e for e in events if isinstance(e, GrenadeLanded)][0]
    assert landed.landed == to_point(30, 22)
    assert "does not go off" in landed.scatter and _damage_rolls(events) == []


def test_7_5_a_missed_round_that_lands_far_enough_goes_off_there() -> None:
    """A miss by 2 scattering 3" long (D6 4) lands 14" off and bursts: the captain, 2.5"
    from it, takes 7.81's D6+2, the gunman 2" from it D6+4."""
    state, board = _armed(("m16", "m203", "frag"))
    load_dice(board, 1, 6, 3, 4, 1, 6, 1, 6)
    events = state.apply(Fire("havers", "m203", "captain"))
    landed = [e for e in events if isinstance(e, GrenadeLanded)][0]
    assert landed.landed == to_point(30, 16)
    assert [r.modifiers for r in _damage_rolls(events)] == [
        (("Frag grenade", 2),),
        (("Frag grenade", 4),),
    ]


def test_7_5_the_m203_fires_the_grenades_he_carries_or_those_named() -> None:
    """5.56mm 7.5: "select what type of ammunition the M203 fires from the Grenades
    section": a stun round can be chosen when he carries stun grenades; not one he has
    not got."""
    state, _ = _armed(("m16", "m203", "frag", "stun"))
    assert state.why_not(Fire("havers", "m203", "captain", "stun")) is None
    assert "no 'cs_gas' round" in (state.why_not(Fire("havers", "m203", "captain", "cs_gas")) or "")
    assert parse_action("fire havers m203 captain with stun") == Fire(
        "havers", "m203", "captain", "stun"
    )


def test_7_6_the_m82_heap_round_has_its_own_ranges_and_hits_a_man_like_the_50() -> None:
    """5.56mm 7.6: the player chooses the round before each shot. At 11" the .50 round
    is at Medium (M 4", L 30": TN 4) and so is HEAP (L 24"); a man hit by HEAP takes the
    .50's damage, 8 (6 + 8 = 14 against 1 + 1: dead)."""
    state, board = _armed(("m82", "m16"))
    havers = board.characters["havers"]
    fifty = shot_check(board, havers, board.characters["captain"], "m82")
    heap = shot_check(board, havers, board.characters["captain"], "m82", round_id="heap")
    assert fifty is not None and heap is not None and fifty.tn.base == heap.tn.base == 4
    load_dice(board, 6, 6, 1)
    events = state.apply(Fire("havers", "m82", "captain", "heap"))
    (damage,) = _damage_rolls(events)
    assert damage.modifiers == (("M82 Barrett (.50 round) damage", 8),)
    assert "no 'heap' round" in (state.why_not(Fire("havers", "m16", "captain", "heap")) or "")


def test_7_6_heap_range_bands_differ_from_the_50() -> None:
    """5.56mm 7.6: 27" away the .50 round is at Medium (its Long starts at 30": TN 4);
    the HEAP round's Long starts at 24": Long (TN 5)."""
    state, board = _armed(("m82",))
    place(board, "captain", 30, 2.5, facing=90)
    see(board, "havers", "captain", 1.0)
    havers, captain = board.characters["havers"], board.characters["captain"]
    fifty = shot_check(board, havers, captain, "m82")
    heap = shot_check(board, havers, captain, "m82", round_id="heap")
    assert fifty is not None and heap is not None
    assert (fifty.tn.base, heap.tn.base) == (4, 5)


def test_7_5_a_scenario_names_launcher_rounds_only_with_a_launcher() -> None:
    """A scenario character may name his M203's rounds (known grenades, with a launcher
    only); the profile carries them into play."""
    import pytest
    from pydantic import ValidationError

    from game.rules.five_five_six.scenarios.scenarios import CharacterEntry

    base = {"id": "dutch", "name": "Dutch", "cards": ["AS"], "movement": 1, "weapons": 2}
    base |= {"strength": 3, "morale": 2, "at": (1.0, 1.0)}
    ok = CharacterEntry(**base, gear=("m16", "m203", "frag"), launcher_rounds=("cs_gas",))
    assert ok.launcher_rounds == ("cs_gas",)
    with pytest.raises(ValidationError, match="only with a grenade launcher"):
        CharacterEntry(**base, gear=("m16",), launcher_rounds=("frag",))
    with pytest.raises(ValidationError, match="expected one of the grenades"):
        CharacterEntry(**base, gear=("m16", "m203"), launcher_rounds=("napalm",))


def test_the_table_names_the_round_and_the_second_carrier() -> None:
    """The table's list of choices says which round a Fire loads and who helps carry."""
    from game.rules.five_five_six.actions import Carry
    from game.ui.tables.five_five_six.choices import describe

    state, _ = _armed(("m82", "m16", "m203", "frag"))
    view = state.view(0)
    assert describe(Fire("havers", "m82", "captain", "heap"), view) == (
        "Fire M82 Barrett (.50 round) (HEAP round) at Captain Farah"
    )
    assert "(Frag grenade) at" in describe(Fire("havers", "m203", "captain", "frag"), view)
    carry = describe(Carry("havers", "alberto", to_point(30, 26), "rhine"), view)
    assert carry.endswith("with Cpl Rhine (special)")


def test_7_5_explain_counts_the_m203_burst_on_the_men_beside_the_target() -> None:
    """5.56mm 7.5 in the calculator: a hit bursts where the captain stands, so the
    gunman 2.5" from it (3" centre to centre, less his base) tests against the frag's
    7.81 row "up to 3": D6 + 2 against his D6 + Strength; out of its 3" nobody tests."""
    from game.rules.five_five_six.checks import Contest, Modifier
    from game.rules.five_five_six.combat.injury import injury_odds
    from game.rules.five_five_six.explain import explain

    state, board = _armed(("m16", "m203", "frag"))
    place(board, "gunman_1", 33, 19, facing=90)
    answer = explain(board, Fire("havers", "m203", "captain"))
    strength = board.characters["gunman_1"].profile.strength
    contest = Contest((Modifier("Frag grenade", 2),), (Modifier("Strength", strength),))
    wounded = float(1 - injury_odds(contest).get("no wound", 0))
    assert answer.numbers["blast_if_hit"] == {"gunman_1": wounded}
    assert 0 < wounded < 1
    assert answer.numbers["blast_reach_in"] == 3
    assert answer.numbers["blast_on_target"] == pytest.approx(1 - answer.outcomes["miss"])
    place(board, "gunman_1", 34, 19, facing=90)  # 3.5" from where it bursts: out of reach
    assert explain(board, Fire("havers", "m203", "captain")).numbers["blast_if_hit"] == {}


def test_7_5_the_table_notes_who_the_m203_burst_would_wound() -> None:
    """The odds box before an M203 shot names the man beside the target and his chance
    of each wound from the burst, the hit counted (the calculator's numbers, as
    percentages)."""
    from game.rules.five_five_six.explain import explain
    from game.ui.tables.five_five_six.odds import preview
    from game.ui.toolkit.odds import percent

    state, board = _armed(("m16", "m203", "frag"))
    place(board, "gunman_1", 33, 19, facing=90)
    shot = Fire("havers", "m203", "captain")
    found = preview(state.view(board.characters["havers"].side), shot)
    assert found is not None
    numbers = explain(board, shot).numbers
    injuries = numbers["blast_injuries"]["gunman_1"]
    assert sum(injuries.values()) == pytest.approx(
        numbers["blast_if_hit"]["gunman_1"] * numbers["blast_on_target"]
    )
    name = board.characters["gunman_1"].name
    bits = ", ".join(f"{label} {percent(p)}" for label, p in injuries.items())
    assert found.blast == (f"  {name} (enemy): {bits}",)
    assert found.note.startswith("Blast on a hit: everyone within")
