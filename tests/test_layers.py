"""One shape inside every ruleset, one-way: no import cycles between the modules of a
rules package (its sub-packages' modules included, each a node of its own, named by its
dotted path inside the package: ``vehicles.fire``), counting imports inside functions (the
usual way to hide a cycle)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import game.rules

RULES = Path(game.rules.__file__).parent
PACKAGES = sorted(p.name for p in RULES.iterdir() if (p / "__init__.py").exists())
_STILL_CYCLIC: set[str] = set()


def imports_of(path: Path, package: str, modules: set[str]) -> set[str]:
    """Modules of ``game.rules.<package>`` (dotted names inside it, among ``modules``)
    that ``path`` imports, anywhere in the file."""
    prefix = f"game.rules.{package}."

    def module_of(dotted: str) -> str | None:
        """The longest of ``modules`` that ``dotted`` (a module or a name in one) names."""
        parts = dotted.split(".")
        for i in range(len(parts), 0, -1):
            if ".".join(parts[:i]) in modules:
                return ".".join(parts[:i])
        return None

    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and (node.module == prefix[:-1] or node.module.startswith(prefix))
        ):
            inside = node.module.removeprefix(prefix[:-1]).removeprefix(".")
            for alias in node.names:  # from a package import a module, or a name of one
                name = f"{inside}.{alias.name}" if inside else alias.name
                if (hit := module_of(name) or module_of(inside)) is not None:
                    found.add(hit)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(prefix):
                    if (hit := module_of(alias.name.removeprefix(prefix))) is not None:
                        found.add(hit)
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle in ``graph`` as a list of nodes, or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason="being reshaped", strict=True))
        if p in _STILL_CYCLIC
        else p
        for p in PACKAGES
    ],
)
def test_rules_package_has_no_import_cycle(package: str) -> None:
    folder = RULES / package
    files = {
        ".".join(f.relative_to(folder).with_suffix("").parts): f
        for f in folder.rglob("*.py")
        if f.stem != "__init__"
    }
    graph = {name: imports_of(f, package, set(files)) - {name} for name, f in files.items()}
    assert find_cycle(graph) is None, f"import cycle in game.rules.{package}: {find_cycle(graph)}"
