"""The rule-to-code index of '65 and 5.56mm (``docs/rules/<id>_code.md``): current with the
docstrings, and it leads from a rule's number to the module that carries the rule out."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("rule_code_index", ROOT / "tools/rule_code_index.py")
assert _spec is not None and _spec.loader is not None
rci = importlib.util.module_from_spec(_spec)
sys.modules["rule_code_index"] = rci
_spec.loader.exec_module(rci)


def test_the_rule_code_indexes_are_current() -> None:
    for system in rci.SYSTEMS:
        path = rci.target(system)
        assert path.read_text(encoding="utf-8") == rci.render(system), (
            f"{path.relative_to(ROOT)} is stale: run python tools/rule_code_index.py"
        )


def test_a_rule_number_leads_to_its_module() -> None:
    by_id = {s.id: rci.index(s) for s in rci.SYSTEMS}
    assert "vehicles/fire.py" in by_id["sixty_five"]["15"]  # '65 15 vehicle combat
    assert "assault/combat.py" in by_id["sixty_five"]["13"]  # '65 13 Assault Combat
    assert "helicopters/rules.py" in by_id["sixty_five"]["17"]  # '65 17 helicopters
    assert "combat/autofire.py" in by_id["five_five_six"]["4.3"]  # 5.56mm 4.3 Auto-Fire
    assert "vehicles/damage.py" in by_id["five_five_six"]["12.5"]  # 5.56mm 12.5 damage
    assert "morale/rules.py" in by_id["five_five_six"]["9.4"]  # 5.56mm 9.4 Morale


def test_rule_numbers_are_read_as_the_seeds_write_them() -> None:
    assert rci.sixty_five_rules("fire (15, 19a, 10b4; scenario 6) and (3, +1 with)") == {
        "15",
        "19a",
        "10b4",
        "3",
    }
    assert rci.five_five_six_rules("5.56mm 4.3 Auto-Fire (with 7.4/7.71) of section 12") == {
        "4.3",
        "7.4",
        "7.71",
        "12",
    }
    assert sorted(["10b4", "7", "10", "7b"], key=rci._sort_key) == ["7", "7b", "10", "10b4"]
