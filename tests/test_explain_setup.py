"""``explain`` positions with a ``setup`` section, for every ruleset: the situation is
set up as written (cards, robots, figures, models, counters) and its errors name the
file, the key path under ``setup`` and what was expected, never a traceback."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path
from typing import Any

import pytest

from game.__main__ import main
from game.core.explain import explain, load_position
from game.core.playing_cards import PlayingCard
from game.core.registry import manifests
from game.rules.tunnel_rat_bluff.cards import Card

POSITIONS = Path(__file__).parent / "data" / "positions"


def run(capsys: pytest.CaptureFixture[str], ruleset: str, path: Path, action: str) -> Any:
    code = main(["explain", ruleset, "--position", str(path), "--action", action, "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    return json.loads(out)


def test_every_ruleset_reads_a_setup_section() -> None:
    """Each of the six rulesets names a setup hook, and its example position loads."""
    ids = set(manifests())
    assert ids >= {
        "tunnel_rat_bluff",
        "transformers_skirmish",
        "tunnel_rats",
        "ratfight",
        "five_five_six",
        "sixty_five",
    }
    for manifest in manifests().values():
        assert manifest.setup is not None, manifest.id
        examples = sorted(POSITIONS.glob(f"{manifest.id}*.yaml"))
        assert examples, manifest.id
        for path in examples:
            assert load_position(path).ruleset.id == manifest.id


def test_bluff_setup_deals_the_piles_and_the_deck_top(capsys: pytest.CaptureFixture[str]) -> None:
    """Tunnel Rat: 3 tunnels, casualties VC 1 + Trap 1, discards VC 2 + Trap 1: 7 VC, 8
    Trap, 17 Tunnel unseen; Shoot is right 7/32, loses the tunnel 17/32; the next card
    drawn is the VC named first on the deck."""
    path = POSITIONS / "tunnel_rat_bluff.yaml"
    answer = run(capsys, "tunnel_rat_bluff", path, "shoot")
    assert answer["numbers"]["unseen"] == {"vc": 7, "trap": 8, "tunnel": 17}
    assert answer["outcomes"] == pytest.approx(
        {"discard_correct": 7 / 32, "tunnel_lost": 17 / 32, "casualty": 8 / 32}
    )
    state = load_position(path).state
    assert state.drawn is Card.TRAP and state.deck[-2:] == [Card.TUNNEL, Card.VC]
    assert len(state.deck) == 40 - 3 - 2 - 3 - 1


def test_transformers_setup_places_robots_and_deals_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Optimus Prime (1 damage) fires Lasers (range 2) at Megatron 2 squares away; the
    Decepticons hold 3 cards; 72 cards unseen, 12 Defense cards fit a ground robot."""
    answer = run(
        capsys,
        "transformers_skirmish",
        POSITIONS / "transformers_skirmish.yaml",
        "attack lasers optimus_prime>megatron",
    )
    n = answer["numbers"]
    assert (n["range"], n["distance"], n["defender_hand"]) == (2, 2, 3)
    assert (n["unseen_cards"], n["unseen_fitting_defense"]) == (72, 12)
    cancel = 1 - comb(60, 3) / comb(72, 3)
    assert answer["outcomes"]["defender can cancel"] == pytest.approx(cancel)
    optimus = load_position(POSITIONS / "transformers_skirmish.yaml").state.units["optimus_prime"]
    assert optimus.damage == 1 and optimus.square == (3, 3)


def test_tunnel_rats_setup_wounds_and_places_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """Volunteer Reyes with a yellow wound: Firing 4 + Accuracy 4 - 1 needs 8 on the D20
    (13/20), then Power 3 needs 12 (9/20)."""
    answer = run(capsys, "tunnel_rats", POSITIONS / "tunnel_rats.yaml", "shoot r1 v1")
    hit = answer["numbers"]["to_hit"]
    assert hit["modifiers"] == {"firing": 4, "accuracy": 4, "yellow wound": -1}
    assert hit["needs"] == 8
    assert answer["outcomes"]["misses"] == pytest.approx(7 / 20)
    assert answer["outcomes"]["wounds"] == pytest.approx(13 / 20 * 9 / 20)


def test_ratfight_setup_a_deck_of_two_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """The firer's deck holds only the AS and 2C; the defender's is a full 52: the shot
    wins against the 3 cards below the AS and the 4 below the 2C, each drawn half the
    time: 7/104."""
    path = POSITIONS / "ratfight.yaml"
    answer = run(capsys, "ratfight", path, "fire r1 semi_auto_rifle g1")
    assert answer["outcomes"]["target Down"] == pytest.approx(7 / 104)
    deck = load_position(path).state.board.resolution[0].deck
    assert deck.draw_pile == [PlayingCard.parse("2C"), PlayingCard.parse("AS")]
    assert len(deck.discard_pile) == 50


def test_ratfight_setup_stacks_the_next_cards(tmp_path: Path) -> None:
    pos = tmp_path / "p.yaml"
    pos.write_text(
        "ruleset: ratfight\nseed: 1\noptions: {scenario: farm_raid}\n"
        "setup:\n  resolution: {second: {top: [KH, 3C]}}\n",
        encoding="utf-8",
    )
    deck = load_position(pos).state.board.resolution[1].deck
    assert deck.draw_pile[-2:] == [PlayingCard.parse("3C"), PlayingCard.parse("KH")]
    assert len(deck.draw_pile) == 52 and not deck.discard_pile


def test_sixty_five_setup_shaken_and_marked_counters(tmp_path: Path) -> None:
    """'65: a Fired unit is not Eligible (4c); a Shaken target takes its next hit as a
    reduction (10c)."""
    pos = tmp_path / "p.yaml"
    text = (POSITIONS / "sixty_five_combat_1.yaml").read_text(encoding="utf-8")
    pos.write_text(
        text.replace(
            "vc_rifle_a: {type: vc_rifle, at: 1F3}",
            "vc_rifle_a: {type: vc_rifle, at: 1F3, shaken: true}",
        ),
        encoding="utf-8",
    )
    answer = explain(load_position(pos), "play c01 fire us_rifle_a at vc_rifle_a")
    assert set(answer["outcomes"]) == {"no effect", "reduced"}
    pos.write_text(
        text.replace(
            "us_rifle_a: {type: us_rifle, at: 1C3}",
            "us_rifle_a: {type: us_rifle, at: 1C3, marker: fired}",
        ),
        encoding="utf-8",
    )
    answer = explain(load_position(pos), "play c01 fire us_rifle_a at vc_rifle_a")
    assert answer["legal"] is False


@pytest.mark.parametrize(
    ("ruleset", "setup", "expected"),
    [
        ("tunnel_rat_bluff", "{tunnels: 9}", "setup.tunnels: fewer than 5"),
        ("tunnel_rat_bluff", "{discard: {vc: 11}}", "setup.discard"),
        ("tunnel_rat_bluff", "{drawn: joker}", "setup.drawn: Input should be"),
        ("tunnel_rat_bluff", "{colour: red}", "setup.colour: Extra inputs"),
        ("tunnel_rat_bluff", "[1, 2]", "setup: Input should be a valid dictionary"),
        ("sixty_five", "{units: 5}", "setup.units: Input should be a valid dictionary"),
        (
            "transformers_skirmish",
            "{robots: {Optimus Prime: {at: z9}}}",
            "setup.robots.Optimus Prime.at",
        ),
        (
            "transformers_skirmish",
            "{robots: {Nobody: {at: a1}}}",
            "setup.robots.Nobody: expected a robot",
        ),
        ("tunnel_rats", "{figures: {r1: {at: [0, 0]}}}", "setup.figures.r1.at: an open cell"),
        ("tunnel_rats", "{figures: {v1: {loaded: 3}}}", "setup.figures.v1.loaded: a rat's value"),
        ("ratfight", "{models: {r1: {at: [500, 1]}}}", "setup.models.r1.at: a point on the"),
        ("ratfight", "{resolution: {first: {top: [ZZ]}}}", "setup.resolution.first.top.0: a card"),
        ("five_five_six", "{go: Nobody}", "setup.go: expected a character"),
        (
            "five_five_six",
            "{characters: {havers: {wounds: [scratch]}}}",
            "setup.characters.havers.wounds.0",
        ),
        (
            "five_five_six",
            "{vehicles: {Tank: {at: [1, 1]}}}",
            "setup.vehicles.Tank: expected a vehicle",
        ),
        ("sixty_five", "{units: {x1: {at: 1C3}}}", "setup.units.x1: a unit of the scenario"),
        ("sixty_five", "{terrain: {9Z9: clear}}", "setup.terrain.9Z9: a hex"),
        ("sixty_five", "{units: {x1: {type: tank}}}", "setup.units.x1.type: expected a unit type"),
        ("sixty_five", "{hands: {us: [nothing]}}", "setup.hands.us.0: a card id"),
    ],
)
def test_a_bad_setup_names_the_file_and_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str, setup: str, expected: str
) -> None:
    options = {"ratfight": "{scenario: farm_raid}", "five_five_six": "{scenario: crash_site}"}
    pos = tmp_path / "bad.yaml"
    pos.write_text(
        f"ruleset: {ruleset}\nseed: 1\noptions: {options.get(ruleset, '{}')}\nsetup: {setup}\n",
        encoding="utf-8",
    )
    code = main(["explain", ruleset, "--position", str(pos), "--action", "pass"])
    out = capsys.readouterr().out
    assert code == 2 and "bad.yaml" in out and expected in out, out
    assert "Traceback" not in out


def test_setup_is_applied_after_the_actions(tmp_path: Path) -> None:
    """The actions replay first (a draw and a question), then the setup lays out its
    situation: a new card in the VC's hand, no questions asked yet."""
    pos = tmp_path / "p.yaml"
    pos.write_text(
        "ruleset: tunnel_rat_bluff\nseed: 3\nactions: [draw, ask vc]\n"
        "setup: {drawn: tunnel, tunnels: 2}\n",
        encoding="utf-8",
    )
    state = load_position(pos).state
    assert state.drawn is Card.TUNNEL and state.asked == [] and state.turn == 1
    assert explain(load_position(pos), "advance")["outcomes"] == pytest.approx(
        {"tunnel_kept": 18 / 38, "casualty": 20 / 38}
    )
