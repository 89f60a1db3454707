"""``new_game`` gets the validated options model (issue 37, item 5): the session validates
the text values once and hands the model on; no ruleset parses them again."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from game.core.errors import InvalidAction
from game.core.manifest import Manifest
from game.core.registry import get_manifest, ruleset_ids
from game.core.session import Session


def _defaults(ruleset_id: str) -> dict[str, str]:
    return {f.name: f.default for f in get_manifest(ruleset_id).option_fields()}


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_new_game_gets_the_validated_options_model(
    ruleset_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    manifest = get_manifest(ruleset_id)
    given: list[Any] = []
    original = manifest.ruleset.new_game

    def spy(self: Any, seed: int, options: Any = None, *rest: Any) -> Any:
        given.append(options)
        return original(self, seed, options, *rest)

    monkeypatch.setattr(manifest.ruleset, "new_game", spy)
    session = Session.new(ruleset_id, 3, _defaults(ruleset_id))
    assert len(given) == 1
    assert isinstance(given[0], manifest.options)
    assert given[0] is session.chosen
    # the record keeps the text values, so saves stay as they were
    assert session.to_record().options == _defaults(ruleset_id)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_text_options_are_validated_once(ruleset_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[object] = []
    original = Manifest.validate_options

    def counting(self: Manifest, options: Any) -> BaseModel:
        if not isinstance(options, BaseModel):
            parsed.append(options)
        return original(self, options)

    monkeypatch.setattr(Manifest, "validate_options", counting)
    Session.new(ruleset_id, 3, _defaults(ruleset_id))
    assert len(parsed) == 1, f"the text options were parsed {len(parsed)} times"


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_direct_call_with_text_values_still_validates(ruleset_id: str) -> None:
    """Tests and tools call ``new_game(seed, {...})`` with text; a bad key is refused with
    the option named."""
    ruleset = get_manifest(ruleset_id).ruleset()
    ruleset.new_game(5, _defaults(ruleset_id))
    with pytest.raises(InvalidAction, match="unknown option 'no_such_option'"):
        ruleset.new_game(5, {"no_such_option": "1"})


def test_an_unknown_tunnel_rats_scenario_is_refused_by_the_options_model() -> None:
    with pytest.raises(InvalidAction, match="scenario='atlantis': expected one of clear_warren"):
        Session.new("tunnel_rats", 1, {"scenario": "atlantis"})


def test_a_manifest_offers_only_known_computer_levels() -> None:
    from game.core.manifest import Manifest

    ruleset = get_manifest("tunnel_rat_bluff").ruleset
    assert Manifest(ruleset=ruleset, levels=("easy", "normal")).levels == ("easy", "normal")
    with pytest.raises(ValueError, match="levels .* should name some of easy, normal, hard"):
        Manifest(ruleset=ruleset, levels=("expert",))
    with pytest.raises(ValueError, match="should name some of"):
        Manifest(ruleset=ruleset, levels=())
