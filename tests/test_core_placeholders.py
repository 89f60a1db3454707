"""``{name}`` fields in data texts (issue 31 briefings): checked on load, filled on use."""

from __future__ import annotations

import pytest

from game.core.placeholders import check_placeholders, fill, placeholders


def test_placeholders_lists_the_fields_of_a_text() -> None:
    assert placeholders("Keep {tunnels} of {deck} cards") == {"tunnels", "deck"}
    assert placeholders("no fields, {{ braces }} doubled") == set()


def test_check_names_the_unknown_field_and_the_known_ones() -> None:
    assert check_placeholders("Keep {tunnels}", ["tunnels"]) == "Keep {tunnels}"
    with pytest.raises(ValueError, match=r"unknown field \{tunels\} \(known: \{tunnels\}\)"):
        check_placeholders("Keep {tunels}", ["tunnels"])
    with pytest.raises(ValueError, match="write a brace as"):
        check_placeholders("Keep {tunnels", ["tunnels"])


def test_fill_replaces_each_field_and_refuses_a_missing_value() -> None:
    assert fill("Keep {n} of {m}", {"n": 5, "m": 40}) == "Keep 5 of 40"
    with pytest.raises(ValueError, match="unknown field"):
        fill("Keep {n} of {m}", {"n": 5})
