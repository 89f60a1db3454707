"""Loading YAML data files into typed (pydantic) objects with clear errors."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from game.core.errors import DataError

M = TypeVar("M", bound=BaseModel)


def read_yaml(path: Path, limit: int | None = None, fast: bool = False) -> object:
    """``yaml.safe_load`` of a file; ``DataError`` naming the file and line on failure.

    ``limit``: a file larger than this many bytes is refused unread. ``fast``: parse with
    libyaml's C parser when PyYAML has it (same safe types, several times quicker; for
    files users write, such as ``explain`` positions)."""
    try:
        with path.open("rb") as f:
            if limit is not None and os.fstat(f.fileno()).st_size > limit:
                raise DataError(f"{path}: larger than {limit / 1_000_000:g} MB; refused unread")
            raw = f.read()
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(
            f"{path}: not UTF-8 text (byte 0x{raw[exc.start]:02x} at position {exc.start})"
        ) from None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader) if fast else yaml.SafeLoader
    try:
        return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader either way
    except RecursionError:
        raise DataError(f"{path}: not valid YAML: nested too deeply") from None
    except ValueError:  # PyYAML's int() of a number with thousands of digits
        raise DataError(
            f"{path}: not valid YAML: a number has more than {sys.get_int_max_str_digits()} digits"
        ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(f"{path}:{where}: not valid YAML: {problem}") from None


def describe_validation_error(path: Path, exc: ValidationError) -> str:
    """One line per problem: ``file: key.path: expected ...``. A whole-model check states
    its own key path first (``"rat_wins_with_tunnels: ..."``); pydantic's "Value error, "
    prefix is dropped."""
    lines = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"])
        msg = str(err["msg"]).removeprefix("Value error, ")
        found = _found(err.get("input"))
        if err["type"] not in ("missing", "value_error") and found:
            msg = f"{msg} (found {found})"
        lines.append(f"{path}: {loc}: {msg}" if loc else f"{path}: {msg}")
    return "\n".join(lines)


def load_model(path: Path, model: type[M]) -> M:
    """Read ``path`` and validate it as ``model``; ``DataError`` with key paths otherwise."""
    raw = read_yaml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(describe_validation_error(path, exc)) from None


def _found(value: object) -> str:
    """A short rendering of a bad value for an error message ("" for containers)."""
    if isinstance(value, (dict, list, tuple)):
        return ""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
