"""Regenerate every committed sprite and sound deterministically.

Usage: ``python tools/gen_assets.py [--out ROOT]`` (ROOT defaults to the repository root).

Each module in ``tools/assets/`` that defines ``generate(root: Path) -> list[Path]`` is imported
and run in module-name order; it writes its files under ``root`` (e.g. ``root/sprites/...``)
and returns them. Same code, same bytes: generators use only the standard library and the
seeded ``tools.assets.Lcg``.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))


def generator_modules() -> list[str]:
    """Names of the tools.assets submodules, sorted (all are imported; some generate)."""
    import tools.assets as pkg

    return sorted(info.name for info in pkgutil.iter_modules(pkg.__path__))


def generate_all(root: Path, only: list[str] | None = None) -> list[Path]:
    """Run every generator (or only the named modules) with output under root.

    Returns the written files in the order they were produced.
    """
    written: list[Path] = []
    for name in generator_modules():
        if only and name not in only:
            continue
        module = importlib.import_module(f"tools.assets.{name}")
        gen = getattr(module, "generate", None)
        if gen is None:
            continue
        written.extend(gen(root))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=REPO_ROOT, help="root folder to write sprites/ and sounds/ in"
    )
    parser.add_argument(
        "--only", action="append", metavar="MODULE", help="run just this generator (repeatable)"
    )
    args = parser.parse_args(argv)
    root: Path = args.out.resolve()
    start = time.perf_counter()
    files = generate_all(root, args.only)
    for path in files:
        try:
            shown = path.resolve().relative_to(root)
        except ValueError:
            shown = path
        print(shown)
    print(f"{len(files)} files written in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
