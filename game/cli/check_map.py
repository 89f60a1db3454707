"""``python -m game check-map PATH...``: validate Tiled maps for play.

Each PATH is a .tmx file, a scenario file ``<map>.scenario.yaml`` (its map is checked,
with the scenario) or a folder (all .tmx files below it are checked). A map with a
scenario file beside it is checked with it. ``--system ID`` checks open tables
(``system=tabletop``) for play in that system. Problems
print one per line as ``file: layer: cell (x, y) or hex E3: message``. Exit status 1
when any map has errors, 0 when all are clean (warnings alone do not fail).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game.maps.check import Problem, check_map
from game.maps.user_maps import SCENARIO_SUFFIX

COMMAND = "check-map"
HELP = "check Tiled maps (.tmx files or folders) for problems that would stop play"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Register the command's arguments."""
    parser.add_argument("paths", nargs="+", metavar="PATH", help=".tmx file or folder of maps")
    parser.add_argument("--quiet", action="store_true", help="print problems only, no summary line")
    parser.add_argument(
        "--system", default=None, help="check for play in this system (open tables)"
    )


def _expand(paths: list[str]) -> tuple[list[Path], list[Problem]]:
    files: list[Path] = []
    missing: list[Problem] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found = sorted(path.rglob("*.tmx"))
            if not found:
                missing.append(Problem(text, "", "", "folder holds no .tmx maps"))
            files.extend(found)
        elif path.is_file() and path.name.endswith(SCENARIO_SUFFIX):
            map_path = path.with_name(path.name.removesuffix(SCENARIO_SUFFIX) + ".tmx")
            if map_path.is_file():
                files.append(map_path)
            else:
                missing.append(Problem(text, "", "", f"no map {map_path.name} beside it"))
        elif path.exists():
            files.append(path)
        else:
            missing.append(Problem(text, "", "", "no such file or folder"))
    return files, missing


def run(args: argparse.Namespace) -> int:
    """Check every map named; print problems; return the exit status."""
    files, problems = _expand(list(args.paths))
    for path in files:
        try:
            problems.extend(check_map(path, system=getattr(args, "system", None)))
        except Exception as exc:  # a checker bug must still not show a traceback
            problems.append(Problem(str(path), "", "", f"could not be checked ({exc!r})"))
    for problem in problems:
        print(problem)
    errors = sum(1 for p in problems if p.severity == "error")
    warnings = len(problems) - errors
    if not getattr(args, "quiet", False):
        verdict = "FAILED" if errors else "ok"
        print(
            f"check-map: {len(files)} map(s), {errors} error(s), {warnings} warning(s): {verdict}"
        )
    return 1 if errors else 0
