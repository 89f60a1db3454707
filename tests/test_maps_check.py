"""check-map: validating maps for play, and the command's output and exit status."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from game.cli import check_map as cli
from game.maps.check import check_map

DATA = Path(__file__).parent / "data" / "maps"
RULES = DATA / "rules"


def _messages(name: str) -> list[str]:
    return [str(p) for p in check_map(DATA / name, rules_dir=RULES)]


def test_check_map_clean_map_has_no_problems() -> None:
    """A complete map (terrain layer, known terrain, deployment zone) passes."""
    assert _messages("interleaved.tmx") == []


def test_check_map_reports_each_problem_with_its_place() -> None:
    """Problems print as 'file: layer: cell (x, y): message', one per finding."""
    found = _messages("check_bad.tmx")
    f = str(DATA / "check_bad.tmx")
    assert f"{f}: layer terrain: cell (0, 1): no tile (every cell needs a terrain tile)" in found
    assert any(
        m.startswith(f"{f}: layer terrain: cell (3, 2): unknown terrain 'lava'") for m in found
    )
    assert any("leads_to 'missing.tmx' does not exist" in m for m in found)
    assert any("deployment zone has no 'side'" in m for m in found)
    assert any("warning: lies off the map" in m for m in found)
    assert any("warning: object 4 'beast': unknown type 'dragon'" in m for m in found)


def test_check_map_hex_labels_on_hex_maps(tmp_path: Path) -> None:
    """On hex maps places are hex labels like E3 instead of cells."""
    text = (DATA / "hex_x_odd.tmx").read_text().replace("1,1,1,1\n", "1,1,1,4\n")
    for name in ("tiles.tsx", "tiles.png"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    (tmp_path / "h.tmx").write_text(text)
    found = [str(p) for p in check_map(tmp_path / "h.tmx", rules_dir=RULES)]
    assert any(": layer terrain: hex D3: unknown terrain 'lava'" in m for m in found)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("check_no_terrain.tmx", "required tile layer 'terrain' is missing"),
        ("check_hex_for_tunnels.tmx", "system 'tunnel_rats' plays on orthogonal maps"),
        ("check_no_system.tmx", "map property 'system' is missing"),
        ("broken_zstd.tmx", "layer 'terrain': layer compression 'zstd' is not supported"),
        ("broken_entity_bomb.tmx", "ENTITY declarations and DOCTYPEs with an internal subset"),
    ],
)
def test_check_map_finds_map_level_problems(name: str, message: str) -> None:
    """Missing terrain layer, wrong grid for the system, no system, unloadable file."""
    assert any(message in m for m in _messages(name))


def _run(*paths: str) -> int:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    return cli.run(parser.parse_args(list(paths)))


def test_check_map_command_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    """The command exits 1 when any map has errors, never with a traceback."""
    assert cli.COMMAND == "check-map" and cli.HELP
    assert _run(str(DATA / "broken_malformed.tmx"), str(DATA / "nope.tmx")) == 1
    out = capsys.readouterr().out
    assert "broken_malformed.tmx: line 17, column 4: malformed XML (mismatched tag)" in out
    assert "nope.tmx: no such file or folder" in out
    assert "Traceback" not in out
    assert "2 error(s)" in out


def test_check_map_command_clean_exit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Exit status 0 when every map is clean; folders are searched for .tmx files."""
    import game.maps.check as check

    monkeypatch.setattr(check, "terrain_table_path", lambda s: RULES / s / "data" / "terrain.yaml")
    for name in ("tiles.tsx", "tiles.png", "interleaved.tmx"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    status = _run(str(tmp_path))
    out = capsys.readouterr().out
    assert status == 0, out
    assert out.strip() == "check-map: 1 map(s), 0 error(s), 0 warning(s): ok"
