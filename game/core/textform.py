"""One declared text form for every action, like python-chess's ``Move.uci()``.

An action class declares its form as a template over its fields, and each field's type
says how it is written::

    @dataclass(frozen=True)
    class Move(Action):
        form: ClassVar[str] = "move {figure} {stance} {cell}"
        figure: str              # an id:       r1
        stance: Stance           # an enum:     running|crouching|crawling
        cell: Cell               # a cell:      12,5

    @dataclass(frozen=True)
    class Search(Action):
        form: ClassVar[str] = "search {figure}[ {trap}]"   # [...] is optional
        figure: str
        trap: str | None = None

Field types and their text (all ASCII, bounded length; nothing else parses):

- ``str``: an id, ``[a-z][a-z0-9_]*`` (at most 40 characters)
- ``int``: ASCII digits with an optional minus sign (at most 9 digits)
- a ``StrEnum``: one of its values
- ``Cell`` (``tuple[int, int]``): ``x,y`` in cells
- ``Annotated[T, codec]``: any :class:`Codec`, e.g. :data:`HEX`, :data:`POINT` (inches
  with up to two decimals, stored in hundredths), :func:`words` for a ``bool``,
  :data:`IDS` for a comma-separated id list, or a ruleset's own codec.

:class:`ActionForms` parses text into the first matching declared form and derives the
usage text from the declarations, so no ruleset writes a parser by hand.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, Union

from game.core.errors import InvalidAction

T = TypeVar("T")

Cell = tuple[int, int]
"""A square of a grid, ``(x, y)`` in cells, written ``x,y``."""

Point = tuple[int, int]
"""A point on a measured table, ``(x, y)`` in hundredths of an inch (exact in saves)."""

MAX_TEXT = 400
"""Longest action text accepted; anything longer is refused before matching."""


@dataclass(frozen=True)
class Codec(Generic[T]):
    """How one field is written: a metavariable for usage, a regex (no groups), and the
    two conversions. ``pattern`` must only admit text that ``decode`` accepts."""

    metavar: str
    pattern: str
    decode: Callable[[str], T]
    encode: Callable[[T], str]


def _decode_cell(text: str) -> Cell:
    x, y = text.split(",")
    return (int(x), int(y))


def _decode_inches(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    whole, _, frac = text.lstrip("-").partition(".")
    return sign * (int(whole) * 100 + int((frac + "00")[:2]))


def _encode_inches(hundredths: int) -> str:
    sign = "-" if hundredths < 0 else ""
    whole, frac = divmod(abs(hundredths), 100)
    if frac == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{frac:02d}".rstrip("0")


def _decode_point(text: str) -> Point:
    x, y = text.split(",")
    return (_decode_inches(x), _decode_inches(y))


_INCH = r"-?[0-9]{1,4}(?:\.[0-9]{1,2})?"

IDENT: Codec[str] = Codec("ID", r"[a-z][a-z0-9_]{0,39}", str, str)
INT: Codec[int] = Codec("N", r"-?[0-9]{1,9}", int, str)
CELL: Codec[Cell] = Codec("X,Y", r"[0-9]{1,4},[0-9]{1,4}", _decode_cell, lambda c: f"{c[0]},{c[1]}")
HEX: Codec[str] = Codec("HEX", r"[0-9]{4}", str, str)
"""A hex id as printed on the map: two digits of column, two of row (``0405``)."""
POINT: Codec[Point] = Codec(
    "X,Y",
    f"{_INCH},{_INCH}",
    _decode_point,
    lambda p: f"{_encode_inches(p[0])},{_encode_inches(p[1])}",
)
"""A point in inches, ``12.5,3`` = (1250, 300) hundredths of an inch."""
IDS: Codec[tuple[str, ...]] = Codec(
    "ID,ID,...",
    r"[a-z][a-z0-9_]{0,39}(?:,[a-z][a-z0-9_]{0,39}){0,31}",
    lambda text: tuple(text.split(",")),
    lambda ids: ",".join(ids),
)


def words(yes: str, no: str) -> Codec[bool]:
    """A ``bool`` written as one of two words, e.g. ``words("fafd", "point")``."""
    return Codec(
        f"{yes}|{no}",
        f"(?:{re.escape(yes)}|{re.escape(no)})",
        lambda t: t == yes,
        lambda b: yes if b else no,
    )


def enum_codec(kind: type[enum.Enum]) -> Codec[Any]:
    """An enum written as its value (longest values tried first)."""
    values = sorted((str(m.value) for m in kind), key=len, reverse=True)
    by_value = {str(m.value): m for m in kind}
    return Codec(
        "|".join(str(m.value) for m in kind),
        "(?:" + "|".join(re.escape(v) for v in values) + ")",
        by_value.__getitem__,
        lambda m: str(m.value),
    )


def _codec_for(cls: type, name: str, hint: Any) -> tuple[Codec[Any], bool]:
    """The codec of one field and whether it may be ``None``."""
    optional = False
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) != 1:
            raise TypeError(f"{cls.__name__}.{name}: only 'T | None' unions have a text form")
        optional, hint = True, args[0]
        origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        codecs = [m for m in hint.__metadata__ if isinstance(m, Codec)]
        if codecs:
            return codecs[0], optional
        hint = typing.get_args(hint)[0]
    if hint is str:
        return IDENT, optional
    if hint is int:
        return INT, optional
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return enum_codec(hint), optional
    if hint == tuple[int, int]:
        return CELL, optional
    raise TypeError(f"{cls.__name__}.{name}: no text form for {hint!r}; annotate it with a Codec")


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


_Part = tuple[str, str | None]  # (literal text, None) or ("", field name)


@dataclass(frozen=True)
class _Form:
    cls: type
    template: str
    regex: re.Pattern[str]
    codecs: dict[str, tuple[Codec[Any], bool]]
    head: str  # the literal first word, '' when the form starts with a field
    parts: tuple[tuple[bool, tuple[_Part, ...]], ...]  # (optional?, parts) in order

    def format(self, action: Any) -> str:
        out = []
        for optional, parts in self.parts:
            if optional and any(getattr(action, n) is None for _, n in parts if n):
                continue
            for literal, name in parts:
                if name is None:
                    out.append(literal)
                else:
                    out.append(self.codecs[name][0].encode(getattr(action, name)))
        return "".join(out)

    def usage(self) -> str:
        def meta(m: re.Match[str]) -> str:
            codec = self.codecs[m.group(1)][0]
            return m.group(1).upper() if codec in (IDENT, INT, HEX) else codec.metavar

        return _PLACEHOLDER.sub(meta, self.template)


def _compile(cls: type) -> _Form:
    template: str = cls.form  # type: ignore[attr-defined]
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = {f.name for f in dataclasses.fields(cls)}
    codecs = {}
    pattern = []
    for token in re.split(r"(\{\w+\}|\[|\])", template):
        if not token:
            continue
        if token == "[":
            pattern.append("(?:")
        elif token == "]":
            pattern.append(")?")
        elif (m := _PLACEHOLDER.fullmatch(token)) is not None:
            name = m.group(1)
            if name not in fields:
                raise TypeError(f"{cls.__name__}.form names {name!r}, which is not a field")
            codecs[name] = _codec_for(cls, name, hints[name])
            pattern.append(f"(?P<{name}>{codecs[name][0].pattern})")
        else:
            pattern.append(re.escape(token))
    missing = fields - set(codecs)
    if missing:
        raise TypeError(f"{cls.__name__}.form leaves out fields {sorted(missing)}")
    head = template.split(" ", 1)[0]
    parts = []
    for chunk in re.split(r"(\[[^\]]*\])", template):
        optional = chunk.startswith("[")
        body = chunk[1:-1] if optional else chunk
        pieces: list[_Part] = []
        for token in re.split(r"(\{\w+\})", body):
            if token:
                field = _PLACEHOLDER.fullmatch(token)
                pieces.append(("", field.group(1)) if field else (token, None))
        parts.append((optional, tuple(pieces)))
    return _Form(
        cls=cls,
        template=template,
        regex=re.compile("".join(pattern), re.ASCII),
        codecs=codecs,
        head="" if "{" in head else head,
        parts=tuple(parts),
    )


_FORMS: dict[type, _Form] = {}


def _form_of(cls: type) -> _Form:
    form = _FORMS.get(cls)
    if form is None:
        form = _FORMS[cls] = _compile(cls)
    return form


def format_action(action: Any) -> str:
    """The text form of an action whose class declares ``form``."""
    return _form_of(type(action)).format(action)


def normalize(text: str) -> str:
    """Lower case, single spaces, no surrounding space."""
    return " ".join(text.lower().split())


class ActionForms:
    """The parser of one ruleset: every action class with a declared ``form``."""

    def __init__(self, title: str, classes: Iterable[type]) -> None:
        self.title = title
        self.forms: tuple[_Form, ...] = tuple(_form_of(c) for c in classes)

    def usage(self) -> str:
        """Every accepted form, e.g. ``move FIGURE running|crouching|crawling X,Y``."""
        return "; ".join(f.usage() for f in self.forms)

    def parse(self, text: str) -> Any:
        """The action ``text`` names; ``InvalidAction`` saying what was expected."""
        if len(text) > MAX_TEXT:
            raise InvalidAction(f"an action of {len(text)} characters is too long for {self.title}")
        clean = normalize(text)
        for form in self.forms:
            m = form.regex.fullmatch(clean)
            if m is None:
                continue
            values = {}
            for name, (codec, _optional) in form.codecs.items():
                raw = m.group(name)
                values[name] = None if raw is None else codec.decode(raw)
            return form.cls(**values)
        near = [f for f in self.forms if f.head and f.head == clean.split(" ", 1)[0]]
        expected = "; ".join(f.usage() for f in near) if near else self.usage()
        shown = clean if len(clean) <= 60 else clean[:57] + "..."
        raise InvalidAction(f"{shown!r} is not a {self.title} action (expected {expected})")


def forms_of(classes: Sequence[type]) -> list[str]:
    """Usage lines of ``classes`` (for help texts)."""
    return [_form_of(c).usage() for c in classes]
