"""Tunnel Rat teaches itself (issue 31): the opening is logged, progress is counted in
player words, and the texts read well."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.briefing import briefing_for
from game.core.errors import DataError
from game.rules.tunnel_rat_bluff.actions import Ask, Call, Draw, Guess, Question
from game.rules.tunnel_rat_bluff.briefing import DATA_DIR, load_briefing_text
from game.rules.tunnel_rat_bluff.cards import Card
from game.rules.tunnel_rat_bluff.events import DeckShuffled
from game.rules.tunnel_rat_bluff.state import BluffState


def test_opening_the_deck_is_shuffled_and_the_log_says_what_it_holds() -> None:
    """The Deck and Object: the opening line names the 40 cards by kind and what each
    side needs to win."""
    state = BluffState.new(3)
    (opening,) = state.opening_events()
    assert isinstance(opening, DeckShuffled)
    text = opening.text()
    assert "40 cards" in text and "20 Tunnel, 10 VC and 10 Trap" in text
    assert "needs 5 Tunnel cards" in text and "5 casualties and the VC wins" in text
    assert "Tells" not in text


def test_opening_names_the_tells_option_and_its_reliability() -> None:
    text = BluffState.new(3, tells=70).opening_events()[0].text()
    assert "Tells option" in text and "70% reliable" in text


def test_opening_is_kept_out_of_the_snapshot() -> None:
    """Saves' digests must not change: the opening is not part of the state's data."""
    state = BluffState.new(3)
    assert "opening" not in state.snapshot()
    assert state.clone().opening_events() == state.opening_events()


def test_progress_counts_tunnels_and_casualties_against_the_winning_number() -> None:
    """Object: 5 tunnel cards for the Rat, 5 casualties for the VC."""
    state = BluffState.new(3)
    state.deck[-1] = Card.TUNNEL
    state.deck[-2] = Card.VC
    state.apply(Draw())
    state.apply(Call(Guess.ADVANCE))  # a Tunnel called right: kept
    state.apply(Draw())
    state.apply(Call(Guess.SEARCH))  # a VC called Search: a casualty
    assert state.view(None).progress() == (
        "Tunnels kept by the Rat: 1 of 5",
        "Casualties for the VC: 1 of 5",
        "Deck: 38 cards left",
    )


def test_progress_says_one_card_not_one_cards() -> None:
    state = BluffState.new(3)
    state.deck = [Card.TUNNEL, Card.VC]
    state.apply(Draw())
    assert state.view(None).progress()[2] == "Deck: 1 card left"


def test_question_lines_read_as_dialogue_without_codes() -> None:
    state = BluffState.new(3)
    state.apply(Draw())
    (asked,) = state.apply(Ask(Question.IS_SAFE))
    assert asked.text() == 'Advance phase - Rat: "Is it safe?"  VC: "No."'


def test_result_line_ends_with_the_score_in_one_sentence() -> None:
    """Result Phase: a Tunnel called right is kept; the line gives the score."""
    state = BluffState.new(3)
    state.deck[-1] = Card.TUNNEL
    state.apply(Draw())
    resolved = state.apply(Call(Guess.ADVANCE))[2]
    assert resolved.text() == "Right call: the Rat keeps the tunnel card (tunnels 1, casualties 0)."


def test_briefing_names_the_rat_and_the_vc_and_their_numbers() -> None:
    """Object: the Rat wins with 5 tunnel cards, the VC with 5 casualties; the deck is
    40 cards (The Deck)."""
    briefing = briefing_for("tunnel_rat_bluff", {})
    assert briefing.side_names == ("Rat", "VC")
    rat, vc = briefing.sides
    assert rat.goal.startswith("Keep 5 Tunnel cards.")
    assert vc.goal.startswith("Inflict 5 casualties.")
    assert vc.forces == ("The tunnel: 40 cards, 20 Tunnel, 10 VC and 10 Trap",)
    assert any("Search on a Trap" in rule for rule in briefing.special_rules)
    assert "Tells option off" in briefing.special_rules[-1]
    tells = briefing_for("tunnel_rat_bluff", {"tells": "80"}).special_rules[-1]
    assert tells.startswith("Tells option, 80% reliable:") and "{" not in tells


def test_briefing_data_with_an_unknown_field_names_the_file_and_key(tmp_path: Path) -> None:
    text = (DATA_DIR / "briefing.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "briefing.yaml"
    bad.write_text(text.replace("Keep {tunnels} Tunnel", "Keep {tunels} Tunnel"), "utf-8")
    with pytest.raises(DataError) as err:
        load_briefing_text(bad)
    message = str(err.value)
    assert str(bad) in message and "sides.0.goal" in message and "{tunels}" in message
