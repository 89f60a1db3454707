"""A character's copy (bots copy the board for every search) is equal field for field
and shares nothing mutable with the original."""

from __future__ import annotations

from dataclasses import fields

from game.core.session import Session
from game.rules.five_five_six.combat.injury import Wound
from game.rules.five_five_six.model import Character


def test_copy_equals_every_field_and_shares_no_list_or_dict() -> None:
    board = Session.new("five_five_six", 3).state.board  # type: ignore[attr-defined]
    character: Character = next(iter(board.characters.values()))
    character.wounds.append(Wound.MINOR)
    character.engaged.append("someone")
    character.patched.append((0, 1, 2))
    character.rerolls_used.append("nails")
    character.burning, character.luck, character.facing = ("wp", 1.5, 3), 2, 90
    twin = character.copy()
    assert twin == character and type(twin) is Character
    for f in fields(Character):
        assert getattr(twin, f.name) == getattr(character, f.name)
    for name in ("wounds", "ammo", "engaged", "patched", "rerolls_used"):
        assert getattr(twin, name) is not getattr(character, name)
    twin.wounds.append(Wound.CRITICAL)
    twin.ammo.clear()
    assert character.wounds == [Wound.MINOR] and character.ammo
