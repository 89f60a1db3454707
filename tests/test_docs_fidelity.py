"""docs/rules/fidelity.md names, for every rule of the playable systems, the tests that
check it: each named test must exist, so the table cannot silently rot."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_test_named_in_the_fidelity_table_exists() -> None:
    table = (ROOT / "docs" / "rules" / "fidelity.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:[\w/]+\.py::)?(test_\w+?)(?:\[[^\]]*\])?`", table))
    named |= set(re.findall(r"::(test_\w+)", table))
    defined = {
        m.group(1)
        for path in (ROOT / "tests").glob("test_*.py")
        for m in re.finditer(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }
    assert len(named) > 60
    assert sorted(named - defined) == []
