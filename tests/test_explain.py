"""``python -m game explain``: the rules calculator, and its errors on bad positions."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game.__main__ import main
from game.core.explain import MAX_YAML_BYTES, explain, load_position
from game.core.record import MAX_ACTIONS, MAX_RECORD_BYTES
from game.core.session import Session

# Generous: a refused position used to be read whole (8-24 s, or 200 MB); the refusal's
# speed is measured on a quiet machine, not held here beside the rest of the suite.
SOON = 5.0


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_explain_json_gives_the_exact_odds_of_a_call(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """40 cards, 10 VC, 10 Trap, 20 Tunnel unseen: Shoot is right 1/4 of the time, loses
    the tunnel 1/2, costs a casualty (it was a trap) 1/4."""
    pos = write(tmp_path / "p.yaml", "ruleset: tunnel_rat_bluff\nseed: 7\nactions: [draw]\n")
    code = main(
        ["explain", "tunnel_rat_bluff", "--position", str(pos), "--action", "shoot", "--json"]
    )
    answer = json.loads(capsys.readouterr().out)
    assert code == 0
    assert answer["ruleset"] == "tunnel_rat_bluff" and answer["legal"] is True
    assert answer["numbers"]["unseen"] == {"vc": 10, "trap": 10, "tunnel": 20}
    assert answer["outcomes"] == {"discard_correct": 0.25, "tunnel_lost": 0.5, "casualty": 0.25}


def test_explain_of_a_tell_follows_the_reliability(tmp_path: Path) -> None:
    """At 60%: P(fidgets) = P(Tunnel) 0.6 + P(not Tunnel) 0.2 = 0.5*0.6 + 0.5*0.2 = 0.4."""
    pos = write(
        tmp_path / "p.yaml",
        'ruleset: tunnel_rat_bluff\nseed: 7\noptions: {tells: "60"}\nactions: [draw]\n',
    )
    answer = explain(load_position(pos), "ask vc")
    assert answer["outcomes"] == pytest.approx({"fidgets": 0.4, "hesitates": 0.3, "glances": 0.3})
    assert sum(answer["outcomes"].values()) == pytest.approx(1.0)


def test_a_save_is_a_position_and_an_illegal_action_says_why(tmp_path: Path) -> None:
    session = Session.new("tunnel_rat_bluff", 3)
    session.apply("draw")
    save = write(tmp_path / "s.json", session.to_record().to_json())
    answer = explain(load_position(save), "draw")
    assert answer["legal"] is False and "Turn Sequence" in answer["reason"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ruleset: [1, 2\n", "not valid YAML"),
        ("ruleset: tunnel_rat_bluff\nseed: -1\n", "seed"),
        ("ruleset: nowhere\nseed: 1\n", "unknown ruleset 'nowhere'"),
        ("ruleset: tunnel_rat_bluff\nseed: 1\nactions: [shoot]\n", "action 1 'shoot'"),
        ("ruleset: tunnel_rat_bluff\nseed: 1\ncolour: red\n", "colour"),
    ],
)
def test_a_broken_position_file_is_reported_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, expected: str
) -> None:
    pos = write(tmp_path / "bad.yaml", text)
    code = main(["explain", "tunnel_rat_bluff", "--position", str(pos), "--action", "draw"])
    out = capsys.readouterr().out
    assert code == 2 and "bad.yaml" in out and expected in out and "Traceback" not in out


def _explain(pos: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, float]:
    start = time.perf_counter()
    code = main(["explain", "tunnel_rat_bluff", "--position", str(pos), "--action", "draw"])
    return code, capsys.readouterr().out, time.perf_counter() - start


def test_a_200_mb_json_position_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Positions have the limits of saves (issue 36): the size is checked before reading."""
    pos = tmp_path / "huge.json"
    with pos.open("wb") as f:
        f.truncate(200_000_000)  # sparse: 200 MB that cost nothing to write
    code, out, took = _explain(pos, capsys)
    assert code == 2 and took < SOON
    assert out == f"explain: {pos}: larger than {MAX_RECORD_BYTES / 1e6:g} MB; refused unread\n"


def test_positions_over_the_action_limit_are_refused_quickly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    many = MAX_ACTIONS + 1
    yaml_pos = write(
        tmp_path / "long.yaml",
        "ruleset: tunnel_rat_bluff\nseed: 1\nactions:\n" + "- draw\n" * 100_000,
    )
    code, out, took = _explain(yaml_pos, capsys)
    assert code == 2 and took < SOON
    assert out == (
        f"explain: {yaml_pos}: actions: 100,000 actions; a position may hold at most "
        f"{MAX_ACTIONS:,} (as a save)\n"
    )
    record = json.loads(Session.new("tunnel_rat_bluff", 1).to_record().to_json())
    record["actions"] = ["draw"] * many
    json_pos = write(tmp_path / "long.json", json.dumps(record))
    code, out, took = _explain(json_pos, capsys)
    assert code == 2 and took < SOON
    assert f"holds {many:,} actions; a game record may hold at most {MAX_ACTIONS:,}" in out
    big_yaml = tmp_path / "big.yaml"
    with big_yaml.open("wb") as f:
        f.truncate(MAX_YAML_BYTES + 1)
    code, out, took = _explain(big_yaml, capsys)
    assert code == 2 and took < SOON
    assert out == f"explain: {big_yaml}: larger than {MAX_YAML_BYTES / 1e6:g} MB; refused unread\n"
