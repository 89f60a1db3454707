"""Low-level readers for Tiled XML, shared by :mod:`game.maps.tiled` (part of the one
Tiled wrapper: nothing outside ``game.maps.tiled*`` reads Tiled files).

- :func:`pytmx_module` imports pytmx with pygame blocked (pure code must not load it);
- :func:`read_xml` refuses oversized files, non-UTF-8 encodings and ENTITY/internal
  DOCTYPE declarations on the raw bytes (:func:`check_raw_xml`), then parses;
  malformed XML becomes a MapError with line and column;
- ``attr_*`` read typed attributes; :func:`custom_properties` reads Tiled custom
  properties through pytmx's property parser (fixing its empty-string-to-None fault).
"""

from __future__ import annotations

import logging
import math
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

from game.core.errors import MapError
from game.maps.model import PropertyValue

MAX_FILE_BYTES = 20_000_000
MAX_DEPTH = 100

#: Declarations that could define entities. A plain external DOCTYPE (old Tiled files
#: name map.dtd) is harmless: the parser never loads it. Case-insensitive on purpose.
DECLARATION = re.compile(rb"<!\s*(DOCTYPE|ENTITY|ATTLIST|ELEMENT|NOTATION)", re.IGNORECASE)
_QUOTED = rb"(?:\"[^\"<>\[\]]*\"|'[^'<>\[\]]*')"
SAFE_DOCTYPE = re.compile(
    rb"<!DOCTYPE\s+[A-Za-z_][\w.:-]*"
    rb"(?:\s+(?:SYSTEM\s+" + _QUOTED + rb"|PUBLIC\s+" + _QUOTED + rb"\s+" + _QUOTED + rb"))?"
    rb"\s*>"
)
#: The XML declaration's encoding (the declaration must start the file, after a BOM).
ENCODING_DECL = re.compile(
    rb"\A(?:\xef\xbb\xbf)?<\?xml\s[^>]*?\bencoding\s*=\s*(?:\"([^\"]*)\"|'([^']*)')"
)
#: Encodings in which the raw-byte checks above are sound (ASCII-compatible and known
#: to every XML parser). Tiled always writes UTF-8.
ENCODINGS = {"utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin-1", "latin1"}


def pytmx_module() -> ModuleType:
    """Import pytmx without letting it import pygame.

    pytmx imports pygame (for type hints and its pygame helpers) when it can. Pure
    code must not pull pygame in, so while importing pytmx for the first time we make
    ``import pygame`` fail; pytmx is written to cope with that. When pygame is
    already loaded (the UI runs), nothing is blocked.
    """
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    blocked = "pygame" not in sys.modules
    helper_log = logging.getLogger("pytmx.util_pygame")
    was_disabled = helper_log.disabled
    if blocked:
        sys.modules["pygame"] = None  # type: ignore[assignment]
        helper_log.disabled = True  # it logs "cannot import pygame" when blocked
    try:
        import pytmx
    finally:
        if blocked and "pygame" in sys.modules and sys.modules["pygame"] is None:
            del sys.modules["pygame"]
        helper_log.disabled = was_disabled
    module: ModuleType = pytmx
    return module


# -- small readers -------------------------------------------------------------------------


class Ctx:
    """Where we are, for error messages."""

    def __init__(self, path: Path, label: str | None = None) -> None:
        self.path = path
        self.label = label if label is not None else str(path)

    def error(self, where: str, message: str) -> MapError:
        return MapError(
            f"{self.label}: {where}: {message}" if where else f"{self.label}: {message}"
        )


def read_xml(path: Path, ctx: Ctx, what: str) -> ET.Element:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ctx.error("", f"{what} not found") from None
    except OSError as exc:
        raise ctx.error("", f"cannot read {what} ({exc.strerror})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ctx.error("", f"{what} is larger than {MAX_FILE_BYTES // 1_000_000} MB")
    check_raw_xml(raw, ctx)
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as exc:
        line, col = exc.position
        reason = str(exc).split(":")[0]
        raise ctx.error(f"line {line}, column {col + 1}", f"malformed XML ({reason})") from None
    except (LookupError, ValueError) as exc:  # a safety net behind check_raw_xml
        raise ctx.error("", f"malformed XML ({type(exc).__name__}: {exc})") from None
    # Readers recurse over groups: bound the nesting instead of hitting RecursionError.
    stack = [(root, 1)]
    while stack:
        elem, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ctx.error("", f"elements are nested more than {MAX_DEPTH} deep")
        stack.extend((child, depth + 1) for child in elem)
    return root


def check_raw_xml(raw: bytes, ctx: Ctx) -> None:
    """Refuse, before any XML parser sees the bytes, what could make parsing unsafe or
    fail outside MapError: text that is not UTF-8/ASCII-compatible (UTF-16/32 would
    hide declarations from the byte checks), an unknown or damaged encoding
    declaration, ENTITY (and other DTD) declarations and DOCTYPEs with an internal
    subset ``[...]``. A plain ``<!DOCTYPE map SYSTEM "...">`` passes (never loaded)."""
    head = raw[:4]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\0" in head:
        raise ctx.error("", "the file is not UTF-8 text (Tiled writes UTF-8; save it again)")
    declared = ENCODING_DECL.match(raw)
    if declared:
        name = (declared.group(1) or declared.group(2) or b"").decode("ascii", "replace")
        if name.strip().lower() not in ENCODINGS:
            raise ctx.error("line 1", f"encoding {name!r} is not supported (Tiled files are UTF-8)")
    for match in DECLARATION.finditer(raw):
        if not SAFE_DOCTYPE.match(raw, match.start()):
            raise ctx.error(
                "",
                "ENTITY declarations and DOCTYPEs with an internal subset are not allowed "
                "in Tiled files (refused unread)",
            )


def attr_int(elem: ET.Element, name: str, ctx: Ctx, where: str, default: int | None = None) -> int:
    text = elem.get(name)
    if text is None:
        if default is None:
            raise ctx.error(where, f"attribute {name!r} is missing")
        return default
    try:
        return int(text)
    except ValueError:
        raise ctx.error(where, f"attribute {name}={text!r} is not a whole number") from None


def attr_float(elem: ET.Element, name: str, ctx: Ctx, where: str, default: float = 0.0) -> float:
    text = elem.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ctx.error(where, f"attribute {name}={text!r} is not a number") from None
    if not math.isfinite(value):
        raise ctx.error(where, f"attribute {name}={text!r} is not a finite number")
    return value


def custom_properties(elem: ET.Element, ctx: Ctx, where: str) -> dict[str, PropertyValue]:
    """Custom properties of an element, typed by pytmx's property parser."""
    for prop in elem.findall("properties/property"):
        if prop.get("type") == "class":
            raise ctx.error(
                where, f"property {prop.get('name')!r}: class-typed properties are not supported"
            )
    try:
        parsed = pytmx_module().parse_properties(elem)
    except (ValueError, TypeError, KeyError) as exc:
        raise ctx.error(where, f"bad custom property ({exc})") from None
    out: dict[str, PropertyValue] = {}
    for key, value in parsed.items():
        if value is None:  # pytmx turns an empty string value into None
            value = ""
        out[str(key)] = value if isinstance(value, str | int | float | bool) else str(value)
    return out


def existing_file(path: Path, ctx: Ctx, where: str, what: str, source: str) -> Path:
    if not path.is_file():
        raise ctx.error(where, f"{what} {source!r} not found (looked for {path})")
    return path
