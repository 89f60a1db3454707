"""Write the rule-to-code index of '65 and 5.56mm: for each rule number, the modules whose
docstrings state it (``docs/rules/<id>_code.md``).

The docstrings are the source: a module, class or function names the rules it carries out
('65: in parentheses, ``(15, 19a, 20d)``; 5.56mm: numbers such as ``3.24`` anywhere, or
``section 12``). ``tests/test_rule_code_index.py`` checks that the files are current.
Usage: ``python tools/rule_code_index.py [--check]``.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "game" / "rules"
DOCS = ROOT / "docs" / "rules"

_PARENS = re.compile(r"\(([^()]*)\)")
_SIXTY_FIVE_RULE = re.compile(r"(\d{1,2})([a-z]\d{0,2})?")
_DECIMAL_RULE = re.compile(r"(?<![\w.])(\d{1,2})\.(\d{1,3})(?![\w.]*\d)")
_SECTION = re.compile(r"\b[Ss]ection (\d{1,2})\b(?!\.\d)")


def _paren_items(text: str) -> Iterable[str]:
    for group in _PARENS.findall(text):
        for item in re.split(r",|;|/| and | or ", group):
            yield item.strip()


def sixty_five_rules(text: str) -> set[str]:
    """'65 rule numbers (``7``, ``7b``, ``10b4``, ``24b``) listed in parentheses."""
    found = set()
    for item in _paren_items(text):
        m = _SIXTY_FIVE_RULE.fullmatch(item)
        if m and 2 <= int(m.group(1)) <= 24:
            found.add(item)
    return found


def five_five_six_rules(text: str) -> set[str]:
    """5.56mm rule numbers (``3.24``, ``12.51``) anywhere, and whole sections named as
    such (``section 12``); not the game's own name."""
    found = set()
    for m in _DECIMAL_RULE.finditer(text.replace("5.56mm", "")):
        if 2 <= int(m.group(1)) <= 12:
            found.add(m.group(0))
    for m in _SECTION.finditer(text):
        if 2 <= int(m.group(1)) <= 12:
            found.add(m.group(1))
    return found


@dataclass(frozen=True)
class System:
    id: str
    title: str
    rules_of: Callable[[str], set[str]]
    seed: str


SYSTEMS = (
    System("sixty_five", "'65", sixty_five_rules, "seed 004"),
    System("five_five_six", "5.56mm", five_five_six_rules, "seed 002"),
)


def _sort_key(rule: str) -> tuple[object, ...]:
    """Rules in the seed's order: 7 < 7a < 7b < 10 < 10b4; 3.2 < 3.21 < 3.3 < 12.5."""
    parts = re.findall(r"\d+|[a-z]+", rule)
    if "." in rule:
        major, minor = rule.split(".")
        return (int(major), minor)
    return tuple(int(p) if p.isdigit() else p for p in parts)


def _docstrings(path: Path) -> tuple[str, list[tuple[str, str]]]:
    """A module's docstring and the (name, docstring) of its top-level classes and
    functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = [
        (node.name, ast.get_docstring(node) or "")
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    ]
    return ast.get_docstring(tree) or "", inner


def index(system: System) -> dict[str, dict[str, list[str]]]:
    """Rule -> module (path inside the package) -> the names in it that state the rule
    (empty when the module's own docstring does)."""
    folder = RULES / system.id
    out: dict[str, dict[str, list[str]]] = {}
    for path in sorted(folder.rglob("*.py")):
        module = path.relative_to(folder).as_posix()
        top, inner = _docstrings(path)
        stated = system.rules_of(top)
        for rule in stated:
            out.setdefault(rule, {}).setdefault(module, [])
        for name, doc in inner:
            for rule in system.rules_of(doc) - stated:
                out.setdefault(rule, {}).setdefault(module, []).append(name)
    return out


def render(system: System) -> str:
    """The Markdown index of one system."""
    rules = index(system)
    intro = (
        f"Every rule number of {system.seed} that the code's docstrings name, in the seed's "
        f"order, with the modules of `game/rules/{system.id}/` that carry it out. A module "
        "named alone states the rule in its own docstring; otherwise the functions and "
        "classes that do are given after it. Generated from the docstrings by "
        "`python tools/rule_code_index.py` (a test checks it is current). The rules' tests "
        "are named after the rule numbers:"
    )
    lines = [
        f"# {system.title}: where each rule's code is",
        "",
        *textwrap.wrap(intro, 90, break_on_hyphens=False),
        "`grep -rn 'def test_.*<number>' tests/`.",
        "",
        "| rule | code |",
        "|---|---|",
    ]
    for rule in sorted(rules, key=_sort_key):
        cells = []
        for module, names in sorted(rules[rule].items()):
            named = f" ({', '.join(f'`{n}`' for n in sorted(set(names)))})" if names else ""
            cells.append(f"`{module}`{named}")
        lines.append(f"| {rule} | {'; '.join(cells)} |")
    return "\n".join(lines) + "\n"


def target(system: System) -> Path:
    return DOCS / f"{system.id}_code.md"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="fail if a file is not current")
    args = parser.parse_args(argv)
    stale = []
    for system in SYSTEMS:
        text = render(system)
        path = target(system)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"{path.relative_to(ROOT)} is not current: run python tools/rule_code_index.py")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
