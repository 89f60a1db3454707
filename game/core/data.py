"""Loading YAML data files into typed (pydantic) objects with clear errors."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from game.core.errors import DataError

M = TypeVar("M", bound=BaseModel)


def read_yaml(path: Path) -> object:
    """``yaml.safe_load`` of a file; ``DataError`` naming the file and line on failure."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(f"{path}:{where}: not valid YAML: {problem}") from None


def describe_validation_error(path: Path, exc: ValidationError) -> str:
    """One line per problem: ``file: key.path: expected ...``."""
    lines = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
        lines.append(f"{path}: {loc}: {err['msg']}")
    return "\n".join(lines)


def load_model(path: Path, model: type[M]) -> M:
    """Read ``path`` and validate it as ``model``; ``DataError`` with key paths otherwise."""
    raw = read_yaml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataError(describe_validation_error(path, exc)) from None
