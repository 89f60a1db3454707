"""Issue 39: one asset resolver (game/resources.py) for a checkout, an editable install and
a wheel; every shipped map, sprite and sound is found through it; no module under game/
builds asset paths any other way. (The built wheel itself is checked by .ci/check_wheel.)"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from game import resources
from game.ui.assets import SOUND_NAMES

REPO = Path(__file__).resolve().parent.parent
GAME = REPO / "game"


def _shipped(folder: str, pattern: str) -> list[str]:
    return sorted(p.relative_to(REPO).as_posix() for p in (REPO / folder).rglob(pattern))


def test_resolver_finds_the_checkout_when_run_from_it() -> None:
    assert resources.asset_root().resolve() == REPO
    assert resources.package_dir("game").resolve() == GAME
    assert resources.tiled_project().is_file()


def test_resolver_finds_every_shipped_map_and_sprite() -> None:
    maps, sprites = _shipped("maps", "*.tmx"), _shipped("sprites", "*.png")
    assert maps and sprites
    assert [p.resolve().relative_to(REPO).as_posix() for p in resources.shipped_maps()] == maps
    for rel in maps + sprites:
        assert resources.asset(rel).is_file(), rel
    for rel in sprites:
        assert resources.sprite(rel.removeprefix("sprites/")).resolve() == REPO / rel


def test_resolver_finds_every_shipped_sound_and_the_ui_asks_only_for_shipped_ones() -> None:
    names = [Path(rel).stem for rel in _shipped("sounds", "*.wav")]
    assert set(SOUND_NAMES) <= set(names)
    for name in names:
        assert resources.sound(name).is_file(), name


def test_every_file_a_map_links_to_stays_inside_the_asset_root() -> None:
    """A map's tilesets and a tileset's images are linked by relative paths; in the wheel
    the asset folders move together, so every link must resolve inside the asset root."""
    root = resources.asset_root().resolve()
    docs = resources.shipped_maps() + sorted(resources.maps_dir().rglob("*.tsx"))
    links = 0
    for doc in docs:
        tree = ET.parse(doc)
        for node in tree.iter():
            ref = node.get("source") if node.tag in ("tileset", "image") else None
            if ref is None:
                continue
            target = (doc.parent / ref).resolve()
            assert target.is_file() and target.is_relative_to(root), f"{doc}: {ref}"
            links += 1
    assert links > len(docs) // 2


def test_the_wheel_layout_is_found_first(tmp_path: Path) -> None:
    """Installed from a wheel, the assets sit in game/_assets; without that folder the
    resolver takes the folder holding the package (a checkout or an editable install)."""
    site = tmp_path / "site"
    (site / "game").mkdir(parents=True)
    (site / "game" / "__init__.py").write_text("")
    (site / "game" / "resources.py").write_text((GAME / "resources.py").read_text(encoding="utf-8"))
    code = "from game.resources import asset_root, sprite; print(asset_root()); print(sprite('x'))"

    def ask() -> list[str]:
        out = subprocess.run(
            [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(site)!r}); {code}"],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=True,
        )
        return out.stdout.split()

    assert ask() == [str(site), str(site / "sprites" / "x")]
    (site / "game" / "_assets" / "maps").mkdir(parents=True)
    bundled = site / "game" / "_assets"
    assert ask() == [str(bundled), str(bundled / "sprites" / "x")]


def test_pyproject_maps_each_asset_folder_into_the_bundle_the_resolver_reads() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    expected = {f"game.{resources.BUNDLE}.{f}": f for f in resources.ASSET_FOLDERS}
    assert setuptools["package-dir"] == expected
    for package in expected:
        assert setuptools["package-data"][package] == ["**/*"]
    assert "**/*.md" in setuptools["package-data"]["game.rules"]  # the F1 guides
    assert config["project"]["scripts"]["skirmish-table"] == "game.__main__:console"


# Ways of building a path to a shipped file without the resolver.
FORBIDDEN = [
    (re.compile(r"(?<![\w.])__file__"), "__file__"),
    (re.compile(r"\bparents\[\d"), "parents[N]"),
    (re.compile(r"\b(?:REPO_)?ROOT\b"), "a ROOT constant"),
    (re.compile(r"/\s*[\"'](?:maps|sprites|sounds)\b"), "a path joined with maps/sprites/sounds"),
    (re.compile(r"(?:Path|join)\([^)]*[\"'](?:maps|sprites|sounds)[/\"']"), "a literal asset path"),
]


def test_no_module_under_game_builds_asset_paths_itself() -> None:
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        if path == GAME / "resources.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if "data_dir" in code:  # the user's own folder (saves, settings, my maps)
                continue
            offenders += [
                f"{path.relative_to(REPO)}:{number}: {what}: {line.strip()}"
                for pattern, what in FORBIDDEN
                if pattern.search(code)
            ]
    assert not offenders, "\n".join(offenders)


def test_the_path_grep_catches_what_it_forbids() -> None:
    caught = [
        "ROOT = Path(__file__).resolve().parents[2]",
        'MAPS = Path(here).parents[3] / "maps" / "ratfight"',
        'path = base / "sprites" / rel',
        'Path("sounds/click.wav")',
    ]
    for line in caught:
        assert any(p.search(line) for p, _ in FORBIDDEN), line
    allowed = ["os.path.dirname(pygame.__file__)", 'report["maps"] = {}', "self.parents[cell]"]
    for line in allowed:
        assert not any(p.search(line) for p, _ in FORBIDDEN), line
