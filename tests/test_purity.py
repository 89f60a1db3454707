"""DESIGN.md: the pure packages never import pygame (nor read the clock or global random)."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

PURE = ("game.core", "game.rules", "game.maps", "game.ai")
ROOT = Path(__file__).resolve().parent.parent


def test_importing_every_pure_module_does_not_import_pygame() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"for pkg in {PURE!r}:\n"
        "    mod = importlib.import_module(pkg)\n"
        "    for info in pkgutil.walk_packages(mod.__path__, pkg + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "assert 'pygame' not in sys.modules, 'a pure package imported pygame'\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


FORBIDDEN_MODULES = {"pygame", "random", "time", "datetime"}


def test_pure_sources_use_no_clock_and_no_global_random() -> None:
    offenders = []
    for pkg in PURE:
        for path in (ROOT / pkg.replace(".", "/")).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [a.name.split(".")[0] for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module.split(".")[0]]
                for name in names:
                    if name in FORBIDDEN_MODULES:
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not offenders, "\n".join(offenders)


def test_every_pure_module_imports() -> None:
    for pkg in PURE:
        mod = importlib.import_module(pkg)
        for info in pkgutil.walk_packages(mod.__path__, pkg + "."):
            importlib.import_module(info.name)
