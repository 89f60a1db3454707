"""'65 player text: events name units, cards and sides as players do (issue 31), while
their typed fields keep the ids the table animates from."""

from __future__ import annotations

import re

from game.core.rng import Rng
from game.rules.sixty_five import SixtyFive
from game.rules.sixty_five.data import load_data
from game.rules.sixty_five.events import CardPlayed, FireDeclared, Named, UnitPlaced
from game.rules.sixty_five.names import Namer, card_label, in_words, named, side_words

ID = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\bc\d\d\b|Player \d")


def test_65_names_an_attack_names_its_units_and_numbers_in_words() -> None:
    """10b3: the attack's numbers in words, modifiers signed by their effect (cover and
    smoke take cards off), the ones that are 0 left out; units by their counter names."""
    game = SixtyFive().new_game(1, {"scenario": "1"})
    units = game.world.units
    shot = FireDeclared(
        lead="us_rifle_1",
        supporting=("us_rifle_2",),
        target="vc_rifle_1",
        numbers=(("range", 3), ("hef", 2), ("range_modifier", 0), ("smoke", 1),
                 ("cover_factor", 1), ("damage_draw", 2)),
    )  # fmt: skip
    (text,) = [e.text() for e in named([shot], Namer(load_data(), units, ("US", "VC")))]
    assert text == (
        "US Rifle 1 with US Rifle 2 fire at VC Rifle 1 "
        "(range 3, HEF 2, smoke -1, cover -1, cards drawn 2)."
    )
    weak = FireDeclared(
        lead="us_rifle_1", supporting=(), target="vc_rifle_1",
        numbers=(("range", 7), ("hef", 2), ("range_modifier", -1), ("cover_factor", 1),
                 ("damage_draw", 0)),
    )  # fmt: skip
    assert named([weak], Namer(load_data(), units, ("US", "VC")))[0].text() == (
        "US Rifle 1 fires at VC Rifle 1 (range 7, HEF 2, range modifier -1, cover -1): "
        "too weak, no card is drawn."
    )
    bare = FireDeclared(lead="riggs", supporting=(), target="vc_rifle_1", numbers=())
    assert named([bare], Namer(load_data(), units, ("US", "VC")))[0].text() == (
        "Riggs fires at VC Rifle 1."
    )


def test_65_names_a_card_play_names_the_side_the_block_and_the_card() -> None:
    """3a: a card is played for one of its two blocks; the log says which, by name."""
    game = SixtyFive().new_game(1, {"scenario": "3"})
    played = CardPlayed(seat=1, card="c04", block="fire")
    assert game.scenario is not None
    (event,) = named([played], Namer(load_data(), game.world.units, game.scenario.names))
    assert event.text() == f"The NVA play Fire: {card_label(load_data(), 'c04')}."
    assert event == played and event.card == "c04"  # the ids stay for the table


def test_65_names_sides_come_from_the_scenario() -> None:
    assert side_words(("US", "VC")) == ("Americans", "Viet Cong")
    assert side_words(("US", "NVA")) == ("Americans", "NVA")


def test_65_names_every_event_of_random_games_reads_without_ids() -> None:
    """Random games of every scenario: each event is named and its text holds no unit
    id, card id or "Player N"."""
    for scenario in "12345678":
        state = SixtyFive().new_game(7, {"scenario": scenario})
        rng = Rng(11)
        placed = False
        for _ in range(250):
            if state.outcome() is not None:
                break
            for e in state.apply(state.random_action(rng)):
                assert isinstance(e, Named) and e.names is not None, e
                assert not ID.search(e.text()), (scenario, e.text())
                placed = placed or isinstance(e, UnitPlaced)
        assert placed


def test_65_names_a_refusal_reads_in_names() -> None:
    """The rules write their refusals with ids; the table shows them with the names of
    the units, cards and bunkers (the rule citation stays)."""
    game = SixtyFive().new_game(1, {"scenario": "5"})
    namer = Namer(load_data(), game.world.units, ("US", "NVA"))
    said = in_words("us_rifle_1 is Shaken and cannot fire: '65 10c", namer)
    assert said == "US Rifle 1 is Shaken and cannot fire: '65 10c"
    said = in_words("c04 has no support block; bunker_3e5 holds nobody", namer)
    assert (
        said
        == f"{card_label(load_data(), 'c04')} has no support block; the bunker in 3E5 holds nobody"
    )
