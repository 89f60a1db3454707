"""Tunnel Rats speaks in names (issue 31): rats by their character cards, soldiers by
their side's name list, sides by the scenario; the opening is logged; the side panel's
progress lines count what the scenario scores."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from test_tunnel_rats_support import corridor_state, put

from game.core.api import Event
from game.core.rng import Rng
from game.core.wounds import WoundLevel
from game.rules.tunnel_rats import TunnelRats
from game.rules.tunnel_rats.actions import Move, Shoot
from game.rules.tunnel_rats.data import Stance, load_characters, load_scenarios
from game.rules.tunnel_rats.events import GameEnded, Moved, ShotRolled
from game.rules.tunnel_rats.figures import Enemy, Rat

SCENARIOS = [s.id for s in load_scenarios()]
IDS = re.compile(r"\b[a-z]{1,2}\d{1,3}\b|\b\d+(\.\d+)?,\s?\d+(\.\d+)?\b|\b[a-z0-9]+_[a-z0-9_]+\b")


def test_tr_names_a_rat_is_called_by_his_character_card() -> None:
    """Issue 31: a rat's name is his card's; a card with copies adds the surname of his
    place in the team, so no two rats of a game share a name."""
    unique = next(c for c in load_characters() if c.count == 1)
    shared = next(c for c in load_characters() if c.count > 1)
    assert Rat("r2", unique.id, "m10", 0, (0, 0)).name == unique.name
    first = Rat("r1", shared.id, "m10", 0, (0, 0)).name
    third = Rat("r3", shared.id, "m10", 0, (0, 0)).name
    assert first.startswith(shared.name + " ") and third.startswith(shared.name + " ")
    assert first != third
    for scenario in SCENARIOS:
        for seed in range(30):
            st = TunnelRats().new_game(seed, {"scenario": scenario})
            names = [r.name for r in st.rats.values()]
            assert len(set(names)) == len(names), (scenario, seed, names)


def test_tr_names_a_soldier_is_called_from_his_sides_list() -> None:
    """Issue 31: VC and NVA soldiers take the names of their side's list in the data by
    the serial of their id, with the side's short name before it."""
    st = TunnelRats().new_game(1, {"scenario": "twin_wells_documents"})
    tables = st.tables
    for enemy in st.enemies.values():
        side = tables.sides[enemy.side]  # type: ignore[index]
        serial = int(enemy.id[1:])
        assert enemy.name == f"{side.short} {side.names[serial - 1]}"
    names = [e.name for e in st.enemies.values()]
    assert len(set(names)) == len(names)
    past_end = Enemy(f"v{len(tables.sides['vc'].names) + 1}", "vc", "rifle", 0, (0, 0))
    assert past_end.name == f"VC {tables.sides['vc'].names[0]} 2"


def test_tr_names_a_move_says_who_and_how_far_not_where() -> None:
    """Issue 31: "The Ace moves 4" crouching." - the rat by name, the inches walked (a
    diagonal step 1.4"), never the cell; the event keeps the id and path for the table."""
    st = corridor_state()
    rat = st.rats["r1"]
    events = st.apply(Move("r1", Stance.CROUCHING, (5, 1)))
    moved = next(e for e in events if isinstance(e, Moved))
    assert moved.figure == "r1" and moved.path[-1] == (5, 1)
    assert moved.text() == f'{rat.name} moves 4" crouching.'
    assert not IDS.search(moved.text())


def test_tr_names_a_shot_names_both_figures_and_keeps_their_ids() -> None:
    """Issue 31: the to-hit roll reads "The Ace fires at VC Ba (to hit): ..."; the
    table still finds shooter and target by id in the roll's typed fields."""
    st = corridor_state(enemy_cell=(5, 1))
    rat, enemy = st.rats["r1"], st.enemies["v1"]
    events = st.apply(Shoot("r1", "v1"))
    shot = next(e for e in events if isinstance(e, ShotRolled))
    assert (shot.figure, shot.shooter, shot.shot_at) == ("r1", "r1", "v1")
    assert shot.text().startswith(f"{rat.name} fires at {enemy.name} (to hit): D20")
    for e in events:
        assert not IDS.search(e.text()), e.text()


def test_tr_names_the_winners_are_the_scenarios_side() -> None:
    """Issue 31: the end line names the winning side as the scenario does ("The Viet
    Cong win: every tunnel rat is dead.")."""
    st = TunnelRats().new_game(2, {"scenario": "clear_warren"})
    rid = next(iter(st.rats))
    put(st, rid, wounds=WoundLevel.RED)
    for other in list(st.rats):
        if other != rid:
            put(st, other, wounds=WoundLevel.DEAD)
    from game.rules.tunnel_rats.resolve import wound_rat
    from game.rules.tunnel_rats.umpire import check_victory

    wound_rat(st, rid, "a test")
    (ended,) = [e for e in check_victory(st) if isinstance(e, GameEnded)]
    assert ended.text() == "The Viet Cong win: every tunnel rat is dead."


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_tr_opening_is_logged_and_kept_out_of_the_snapshot(scenario: str) -> None:
    """Issue 31: the set-up is logged - the rats by name with their guns (the rats'
    eyes only), the defenders' places (theirs only), then round 1's dice - and the
    opening is no part of the save digest."""
    st = TunnelRats().new_game(4, {"scenario": scenario})
    opening = st.opening_events()
    texts = [e.text() for e in opening]
    title = st.scenario.title
    assert texts[0].startswith(f"{title}: the Tunnel Rats go down the ")
    for rat in st.rats.values():
        line = next(t for t in texts if t.startswith(rat.name + " "))
        assert rat.gun_card.name in line or "wounded" in line
    mine = [e for e in opening if e.text().startswith(rat.name)]
    assert all(e.visible(0) and not e.visible(1) for e in mine)
    placed = [e for e in opening if "wait" in e.text() and e.text().startswith("The ")]
    assert placed and all(e.visible(1) and not e.visible(0) for e in placed)
    for enemy in st.enemies.values():
        assert any(enemy.name in e.text() for e in placed)
    assert any(t.startswith("Round 1: each side has") for t in texts)
    for t in texts:
        assert not IDS.search(t), t
    bare = replace(st, opening=[])
    assert bare.snapshot() == st.snapshot()


def _kills(st: object, n: int) -> None:
    for enemy in list(st.enemies.values())[:n]:  # type: ignore[attr-defined]
        put(st, enemy.id, wounds=WoundLevel.DEAD)  # type: ignore[arg-type]


def test_tr_progress_counts_what_each_scenario_scores() -> None:
    """Issue 31: the panel's lines - round of the limit; defenders killed (eliminate);
    where the documents are and the way out (retrieve); the wounded man (rescue); the
    rats lost."""
    warren = TunnelRats().new_game(1, {"scenario": "clear_warren"})
    _kills(warren, 1)
    assert warren.view(0).progress() == (
        "Round 1 of 15",
        "Viet Cong killed: 1 (3 at the start)",
        "Up to 2 more may come up",
        "Tunnel Rats killed: 0 of 3",
    )
    papers = TunnelRats().new_game(1, {"scenario": "twin_wells_documents"})
    rat = next(iter(papers.rats.values()))
    assert papers.view(0).progress()[1:3] == ("Documents: on level 2", "Way out: West well")
    papers.carrier = rat.id
    papers.rats[rat.id] = replace(rat, carrying=True)
    assert papers.view(0).progress()[1] == f"Documents: carried by {rat.name}"
    rescue = TunnelRats().new_game(1, {"scenario": "plantation_rescue"})
    wounded = rescue.rats[f"r{len(rescue.rats)}"]
    lines = rescue.view(0).progress()
    assert f"{wounded.name} (wounded): not reached yet" in lines
    assert "Way out: North shaft or South shaft" in lines
    assert lines[-1] == "Tunnel Rats killed: 0 of 4"


def test_tr_names_random_games_speak_without_ids() -> None:
    """Issue 31: whatever random play does, no event text, opening line or progress line
    holds an id (r3, v2, t4, e1), a snake_case word or a raw cell like 8,3."""
    for scenario in SCENARIOS:
        st = TunnelRats().new_game(7, {"scenario": scenario})
        rng = Rng(7)
        seen: list[Event] = list(st.opening_events())
        for _ in range(250):
            if st.current_player() is None:
                break
            seen.extend(st.apply(rng.choice(st.legal_actions())))
            for seat in (0, 1, None):
                for line in st.view(seat).progress():
                    assert not IDS.search(line), line
        for e in seen:
            assert not IDS.search(e.text()), e.text()


def test_tr_names_a_test_scenario_without_a_briefing_names_its_sides() -> None:
    """A scenario without briefing words (tests' tiny levels) still calls the sides by
    name, never by seat id."""
    from game.rules.tunnel_rats.umpire import declare

    st = corridor_state()
    assert st.side_names == ("Tunnel Rats", "Defenders")
    (ended,) = declare(st, 1, "time ran out")
    assert ended.text() == "The Defenders win: time ran out."
