"""``{name}`` fields in data texts that the code fills in from other data.

A text in a YAML file may say ``Keep {tunnels} Tunnel cards`` so that the number lives in
one place (the rules file). The data model checks, when the file is loaded, that every
field is one the code will fill, so a typo is a clear data error naming the key, never a
crash when the text is shown.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping


def placeholders(text: str) -> set[str]:
    """The field names of ``text`` (``"{a} and {b}"`` -> ``{"a", "b"}``); ``ValueError``
    for a brace that opens no field."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def check_placeholders(text: str, allowed: Iterable[str]) -> str:
    """``text`` unchanged when each of its fields is in ``allowed``; ``ValueError``
    naming the unknown fields and the known ones otherwise."""
    known = set(allowed)
    try:
        unknown = placeholders(text) - known
    except ValueError as exc:
        raise ValueError(f"{exc} (write a brace as {{{{ or }}}})") from None
    if unknown:
        raise ValueError(
            f"unknown field {', '.join('{' + u + '}' for u in sorted(unknown))} "
            f"(known: {', '.join('{' + k + '}' for k in sorted(known)) or 'none'})"
        )
    return text


def fill(text: str, values: Mapping[str, object]) -> str:
    """``text`` with its fields replaced by ``values`` (checked first: every field must
    have a value)."""
    check_placeholders(text, values)
    return text.format_map(values)
