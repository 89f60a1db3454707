"""Mutated saves and settings through the real code paths: only our own errors come out.

Issue 18: a save is mutated (bytes flipped, cut, nested deeply, numbers of thousands of
digits, values of the wrong type, action texts with odd digits) and fed to what Continue
and Load call (``storage.load_session``, the Load list's ``describe_save`` and the UI's
``load_game``), to ``python -m game replay``, and a settings file likewise to the
start-up's ``load_settings``. Anything but a ``SkirmishError`` (or a clean load) fails.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import contextlib  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.__main__ import main  # noqa: E402
from game.core.errors import SkirmishError  # noqa: E402
from game.core.session import Session  # noqa: E402
from game.storage import (  # noqa: E402
    SETTINGS,
    describe_save,
    load_session,
    load_settings,
    save_session,
)


def _base_save() -> bytes:
    session = Session.new("tunnel_rat_bluff", 77, seats=("human", "ai"))
    for text in ["draw", "ask vc", "advance", "draw", "ask safe", "shoot"]:
        session.apply(text)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.json"
        save_session(session, path)
        return path.read_bytes()


BASE_SAVE = _base_save()
BASE_SETTINGS = json.dumps({"volume": 0.5, "muted": False, "fullscreen": False}).encode()

ODD_TEXT = st.sampled_from(
    [
        "move r1 running 3,\u2460",
        "place x a\u00b2",
        "draw " + "9" * 5000,
        "ask \u0663",
        "",
        "\x00",
        "ask vc " * 50,
        "\ud7ff",
    ]
)
JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    ODD_TEXT,
)
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _replace_somewhere(data: Any, key_choice: int, value: Any, depth: int = 0) -> Any:
    """``data`` with one value (chosen by ``key_choice``) replaced by ``value``."""
    if isinstance(data, dict) and data:
        keys = sorted(data)
        key = keys[key_choice % len(keys)]
        copy = dict(data)
        if depth < 2 and isinstance(copy[key], (dict, list)) and key_choice % 3 == 0:
            copy[key] = _replace_somewhere(copy[key], key_choice // 3, value, depth + 1)
        else:
            copy[key] = value
        return copy
    if isinstance(data, list) and data:
        copy_list = list(data)
        copy_list[key_choice % len(copy_list)] = value
        return copy_list
    return value


@st.composite
def mutated(draw: st.DrawFn, base: bytes) -> bytes:
    """A damaged copy of ``base``: at the JSON level or as raw bytes."""
    how = draw(st.sampled_from(["value", "bytes", "cut", "deep", "digits", "insert"]))
    if how == "value":
        data = json.loads(base)
        value = draw(JSON_VALUE)
        data = _replace_somewhere(data, draw(st.integers(0, 10_000)), value)
        return json.dumps(data).encode()
    if how == "bytes":
        raw = bytearray(base)
        for _ in range(draw(st.integers(1, 8))):
            raw[draw(st.integers(0, len(raw) - 1))] = draw(st.integers(0, 255))
        return bytes(raw)
    if how == "cut":
        return base[: draw(st.integers(0, len(base)))]
    if how == "deep":
        n = draw(st.integers(900, 120_000))
        return b"[" * n + b"]" * n
    at = draw(st.integers(0, len(base)))
    if how == "digits":
        return base[:at] + b"9" * draw(st.integers(4000, 6000)) + base[at:]
    return base[:at] + draw(st.binary(min_size=1, max_size=12)) + base[at:]


FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(content=mutated(BASE_SAVE))
def test_mutated_saves_give_only_our_errors_in_continue_load_and_replay(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_bytes(content)
        try:
            load_session(path)
        except SkirmishError as exc:
            assert str(path) in str(exc)
        info = describe_save(path)  # the Load list never raises
        assert info.problem is None or str(path) in info.problem
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["replay", str(path)])
        assert code in (0, 2)
        if code == 2:
            assert out.getvalue().startswith("replay: ") and str(path) in out.getvalue()
        assert path.read_bytes() == content  # reading never changes the file


@FUZZ
@given(content=mutated(BASE_SETTINGS))
def test_mutated_settings_never_stop_the_start(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / SETTINGS).write_bytes(content)
        settings_, message = load_settings(folder)
        assert 0.0 <= settings_.volume <= 1.0
        if message is not None:
            assert str(folder / SETTINGS) in message
            kept = folder / "settings.bad-1.json"
            assert kept.read_bytes() == content  # set aside, never lost


def test_mutated_saves_through_the_ui_load_give_a_dialog_or_a_game(tmp_path: Path) -> None:
    """The same mutations through the UI's own load_game (what Continue and Load call):
    a game scene or a dialog naming the file, never an exception."""
    from game.ui.driver import make_app
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.game import GameScene, load_game
    from game.ui.scenes.menu import MenuScene

    app = make_app(tmp_path / "data")
    try:

        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
        @given(content=mutated(BASE_SAVE))
        def check(content: bytes) -> None:
            path = app.data_dir / "saves" / "game.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
            if load_game(app, path):
                assert isinstance(app.top, GameScene)
                app.step()
            else:
                assert isinstance(app.top, DialogScene) and str(path) in app.top.message
            app.reset(MenuScene(app))
            for leftover in path.parent.iterdir():
                leftover.unlink()

        check()
    finally:
        app.close()
