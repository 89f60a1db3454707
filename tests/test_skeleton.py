"""The ruleset skeleton in docs/architecture.md is real code that follows the contract."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.canonical import snapshot_digest
from game.core.errors import IllegalAction, InvalidAction
from game.core.manifest import registered
from game.core.record import parse_record
from game.core.rng import Rng
from game.core.session import Session

DOC = Path(__file__).parent.parent / "docs" / "architecture.md"


@pytest.fixture()
def skeleton() -> Iterator[types.ModuleType]:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## A new ruleset") :]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    module = types.ModuleType("skeleton_from_docs")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    try:
        exec(compile(code.group(1), str(DOC), "exec"), module.__dict__)  # noqa: S102
        yield module
    finally:
        registered().pop("skeleton", None)
        sys.modules.pop(module.__name__, None)


def test_skeleton_plays_to_the_end_and_replays(skeleton: types.ModuleType) -> None:
    session = Session.new("skeleton", 1)
    pick = Rng(4)
    while session.state.outcome() is None:
        seat = session.state.current_player()
        view = session.state.view(seat)
        session.apply(pick.choice(tuple(view.candidate_actions)))
    record = parse_record(session.to_record().to_json())
    replayed = Session.from_record(record)
    assert snapshot_digest(replayed.state) == snapshot_digest(session.state)
    assert session.state.outcome() is not None


def test_skeleton_refuses_with_its_rule(skeleton: types.ModuleType) -> None:
    session = Session.new("skeleton", 1)
    with pytest.raises(IllegalAction, match="Skeleton, Taking"):
        session.apply("take 4")
    with pytest.raises(InvalidAction, match="expected take STONES"):
        session.apply("take ③")
