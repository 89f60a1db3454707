"""Issue 39: ``skirmish-table --version`` and ``--install-desktop-entry`` (a freedesktop
menu entry and our generated icon under $XDG_DATA_HOME, written only when asked)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from game.__main__ import console, main
from game.cli import desktop
from game.resources import sprite

ICON = sprite(desktop.ICON_SPRITE)


def test_version_under_the_command_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["skirmish-table", "--version"])
    with pytest.raises(SystemExit) as done:
        console()
    assert done.value.code == 0
    assert capsys.readouterr().out == f"skirmish-table {__version__}\n"


def test_install_writes_the_entry_and_our_icon_under_xdg_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "data home"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    assert main(["--install-desktop-entry"]) == 0
    entry = home / "applications" / "skirmish-table.desktop"
    icon = home / "icons" / "hicolor" / "128x128" / "apps" / "skirmish-table.png"
    assert sorted(p for p in home.rglob("*") if p.is_file()) == [entry, icon]
    assert icon.read_bytes() == ICON.read_bytes()
    lines = entry.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    keys = dict(line.split("=", 1) for line in lines[1:])
    assert keys["Type"] == "Application" and keys["Name"] == "Skirmish Table"
    assert keys["Icon"] == str(icon) and keys["Terminal"] == "false"
    assert keys["Categories"].split(";")[0] == "Game"
    assert keys["Exec"]  # what it runs: see test_exec_line_quotes_and_escapes
    out = capsys.readouterr().out
    assert str(entry) in out and str(icon) in out and "To remove it" in out


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils")
def test_the_entry_passes_desktop_file_validate(tmp_path: Path) -> None:
    done = desktop.install_desktop_entry(tmp_path, ["/opt/a b/skirmish-table", "--data-dir", "%x"])
    result = subprocess.run(
        ["desktop-file-validate", str(done.entry)], capture_output=True, text=True
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_relative_xdg_data_home_is_ignored_as_the_spec_says(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": "relative/share", "HOME": str(tmp_path)}
    assert desktop.data_home(env) == tmp_path / ".local" / "share"
    assert desktop.data_home({"XDG_DATA_HOME": "/x/y", "HOME": "/h"}) == Path("/x/y")


def test_exec_line_quotes_and_escapes() -> None:
    assert desktop.exec_value(["/usr/bin/skirmish-table"]) == "/usr/bin/skirmish-table"
    # A space forces quotes; $ and " are backslash-escaped inside them; % is doubled; then
    # every backslash is doubled again (desktop-file string escaping).
    assert desktop.exec_value(['/home/a b/bin/py"$', "-m", "game%"]) == (
        '"/home/a b/bin/py\\\\"\\\\$" -m game%%'
    )


def test_launch_command_prefers_the_script_that_was_started(tmp_path: Path) -> None:
    script = tmp_path / "bin" / "skirmish-table"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    python = tmp_path / "bin" / "python3"
    assert desktop.launch_command(str(script), str(python)) == [str(script)]
    assert desktop.launch_command("/x/game/__main__.py", str(python)) == [str(script)]
    script.unlink()
    assert desktop.launch_command("/x/game/__main__.py", str(python)) == [
        str(python),
        "-m",
        "game",
    ]


def test_reinstall_replaces_our_entry_but_never_someone_elses(tmp_path: Path) -> None:
    first = desktop.install_desktop_entry(tmp_path, ["/old/skirmish-table"])
    again = desktop.install_desktop_entry(tmp_path, ["/new/skirmish-table"])
    assert again == first
    assert "Exec=/new/skirmish-table" in first.entry.read_text(encoding="utf-8")

    foreign = "[Desktop Entry]\nType=Application\nName=Someone else's\nExec=other\n"
    first.entry.write_text(foreign, encoding="utf-8")
    with pytest.raises(desktop.DesktopEntryError) as info:
        desktop.install_desktop_entry(tmp_path, ["/new/skirmish-table"])
    assert str(info.value).startswith(f"{first.entry}: ")
    assert first.entry.read_text(encoding="utf-8") == foreign


def test_a_foreign_icon_is_left_alone_and_the_command_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    icon = tmp_path / "icons" / "hicolor" / "128x128" / "apps" / "skirmish-table.png"
    icon.parent.mkdir(parents=True)
    icon.write_bytes(b"not ours")
    assert main(["--install-desktop-entry"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"python -m game: {icon}: ") and "Traceback" not in err
    assert icon.read_bytes() == b"not ours"
    assert not (tmp_path / "applications").exists()
