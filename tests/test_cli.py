"""The command line: help, simulate's JSON summary, replay, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main
from game.core.session import Session
from game.storage import save_session


def test_help_lists_the_options_and_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    for word in (
        "--demo",
        "--kiosk",
        "--idle-seconds",
        "--data-dir",
        "simulate",
        "replay",
        "bench",
    ):
        assert word in out


def test_simulate_json_prints_exactly_one_summary_object(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "simulate",
            "tunnel_rat_bluff",
            "--games",
            "50",
            "--seed",
            "3",
            "--seats",
            "ai,random",
            "--json",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out.strip()
    data = json.loads(out)
    assert set(data) == {
        "ruleset",
        "games",
        "seats",
        "wins",
        "draws",
        "unfinished",
        "mean_actions",
        "games_per_second",
    }
    assert data["games"] == 50 and data["seats"] == ["ai", "random"]
    assert sum(data["wins"]) + data["draws"] + data["unfinished"] == 50


def test_simulate_is_reproducible_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "tunnel_rat_bluff",
        "--games",
        "30",
        "--seed",
        "8",
        "--seats",
        "random,random",
        "--json",
    ]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["wins"] == second["wins"] and first["mean_actions"] == second["mean_actions"]


def test_simulate_names_the_sides_as_the_briefing_does(capsys: pytest.CaptureFixture[str]) -> None:
    """The summary speaks the player's language: the scenario's side names, not seat ids."""
    main(["simulate", "sixty_five", "--games", "1", "--seats", "random,random"])
    out = capsys.readouterr().out
    assert "Americans (random):" in out and "Viet Cong (random):" in out
    assert "vc_nva" not in out


def test_simulate_action_cap_counts_unfinished(capsys: pytest.CaptureFixture[str]) -> None:
    main(
        [
            "simulate",
            "tunnel_rat_bluff",
            "--games",
            "5",
            "--seats",
            "ai,ai",
            "--max-actions",
            "3",
            "--json",
        ]
    )
    assert json.loads(capsys.readouterr().out)["unfinished"] == 5


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess", "--seats", "ai,ai"], "unknown ruleset 'chess'"),
        (["simulate", "tunnel_rat_bluff", "--seats", "ai"], "--seats gave 1"),
        (["simulate", "tunnel_rat_bluff", "--seats", "ai,ai", "--option", "x"], "KEY=VALUE"),
    ],
)
def test_simulate_bad_input_is_a_message_not_a_traceback(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().out


def test_replay_prints_events_and_respects_a_seats_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = Session.new("tunnel_rat_bluff", 12)
    for text in ("draw", "ask trap", "shoot"):
        session.apply(text)
    path = tmp_path / "game.json"
    save_session(session, path)
    assert main(["replay", str(path)]) == 0
    everything = capsys.readouterr().out
    assert "You look at the card" in everything and "Is it a trap?" in everything
    assert "ask trap" not in everything, "a player reads the events, not the action codes"
    assert main(["replay", str(path), "--seat", "rat"]) == 0
    rat_only = capsys.readouterr().out
    assert "You look at the card" not in rat_only and "Revelation" in rat_only
    assert main(["replay", str(path), "--seat", "Rat", "--actions"]) == 0
    coded = capsys.readouterr().out
    assert "[ask trap]" in coded and "You look at the card" not in coded


def test_replay_of_a_broken_file_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{oops")
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr().out
    assert str(path) in out and "not valid JSON" in out
    assert path.read_text() == "{oops"


def test_module_entry_point_runs() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "simulate",
            "tunnel_rat_bluff",
            "--games",
            "3",
            "--seats",
            "ai,ai",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0 and "Tunnel Rat: 3 games" in result.stdout
