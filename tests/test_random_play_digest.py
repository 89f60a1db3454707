"""Seeded random games stay the same games: for each tabletop scenario, two random games
from fixed seeds (at most 300 actions each) give the recorded digest of their actions'
texts and final snapshots. A speed-up that changed what a seed plays would change the
digest; a rules change that changes play records the new digest with its rules version."""

from __future__ import annotations

import hashlib

import pytest

from game.core.canonical import snapshot_digest
from game.core.random_play import random_action
from game.core.rng import Rng
from game.core.session import Session

CAP = 300

RECORDED = {
    ("ratfight", "convoy"): "9058207bb33abf06",
    ("ratfight", "farm_raid"): "1bab11560dc72c96",
    ("ratfight", "town_square"): "ce2f3eacc2bfc8e7",
    ("five_five_six", "crash_site"): "8db819601b01e9b0",
    ("five_five_six", "village_cache"): "cd08e472ad48fc42",
    ("five_five_six", "night_outpost"): "09e054fc4ab00b41",
    ("five_five_six", "convoy_ambush"): "d6b396adee29d6a9",
    ("five_five_six", "convoy_technical"): "d9f34d6858388a69",
    ("five_five_six", "insertion"): "598c5f18f4e60917",
    ("tunnel_rats", "clear_warren"): "1cf9d77098a46804",
    ("tunnel_rats", "twin_wells_documents"): "a29ed3a1541ef5eb",
    ("tunnel_rats", "plantation_rescue"): "197661f1914bf778",
    ("tunnel_rats", "twin_wells_trapdoor"): "a5b05b062edad373",
    ("sixty_five", "1"): "b8e711e7599361ea",
    ("sixty_five", "2"): "3ddbdba192b63623",
    ("sixty_five", "3"): "97f88ce8f00b825b",
    ("sixty_five", "4"): "d3b24d50e926a802",
    ("sixty_five", "5"): "0f80fe98fb0e407f",
    ("sixty_five", "6"): "ac6e7a25cf808877",
    ("sixty_five", "7"): "569183e1580774d7",
    ("sixty_five", "8"): "5e640a1cf244e4b1",
}


def seeded_games_digest(ruleset_id: str, scenario: str) -> str:
    """Digest of random games from seeds 1 and 2: each drawn action's text, then the final
    state's snapshot digest."""
    h = hashlib.sha256()
    for seed in (1, 2):
        session = Session.new(ruleset_id, seed, {"scenario": scenario})
        rng = Rng(seed)
        steps = 0
        while session.state.outcome() is None and steps < CAP:
            action = random_action(session.state, rng)
            h.update(action.to_str().encode() + b"\n")
            session.state.apply(action)
            steps += 1
        h.update(snapshot_digest(session.state).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("ruleset_id", "scenario"), sorted(RECORDED))
def test_seeded_random_games_play_as_recorded(ruleset_id: str, scenario: str) -> None:
    assert seeded_games_digest(ruleset_id, scenario) == RECORDED[(ruleset_id, scenario)]
