"""What a scenario tells the players before they start: the briefing.

Every ruleset's manifest may name a ``briefing`` function (validated options in, a
:class:`Briefing` out). The setup screen shows it when a scenario is chosen, a game opens
with it, and the side names it gives are what every screen calls the seats (the game's
top bar, the hand-over screen, the Load list, the end banner, the demo). A ruleset
without one gets a plain briefing from its title and seat ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class SideBriefing:
    """One side as a briefing presents it.

    ``name``: the side as players say it ("US Army", "The Raiders"); ``forces``: one line
    per unit group in player words; ``goal``: how this side wins.
    """

    name: str
    forces: tuple[str, ...] = ()
    goal: str = ""


@dataclass(frozen=True)
class Briefing:
    """A scenario's briefing: situation, each side (in seat order), special rules and
    length, all in a player's words."""

    title: str
    situation: str
    sides: tuple[SideBriefing, ...]
    special_rules: tuple[str, ...] = ()
    length: str = ""

    @property
    def side_names(self) -> tuple[str, ...]:
        """The seats' names, in seat order."""
        return tuple(s.name for s in self.sides)

    def markdown(self) -> str:
        """The briefing as a page (the small Markdown the rules pages use)."""
        parts = [self.situation, ""]
        for side in self.sides:
            parts.append(f"## {side.name}")
            parts.extend(f"- {line}" for line in side.forces)
            if side.goal:
                parts.extend(("", f"**To win:** {side.goal}"))
            parts.append("")
        if self.special_rules:
            parts.append("## Special rules")
            parts.extend(f"- {rule}" for rule in self.special_rules)
            parts.append("")
        if self.length:
            parts.append(f"**Length:** {self.length}")
        return "\n".join(parts).strip() + "\n"

    def texts(self) -> tuple[str, ...]:
        """Every text of the briefing (for checks that read all a player reads)."""
        out = [self.title, self.situation, self.length, *self.special_rules]
        for side in self.sides:
            out.extend((side.name, side.goal, *side.forces))
        return tuple(t for t in out if t)


def seat_title(seat: str) -> str:
    """A seat id as a player reads it when nothing better is known: ``vc`` -> ``VC``,
    ``rats`` -> ``Rats``."""
    return seat.upper() if len(seat) <= 2 else seat.replace("_", " ").title()


def briefing_for(ruleset_id: str, options: Mapping[str, str] | None = None) -> Briefing:
    """The briefing of ``ruleset_id`` with ``options`` (text values, as in saves); a plain
    one from the title and seats when the ruleset writes none. ``InvalidAction`` when the
    options are not the ruleset's."""
    from game.core.registry import get_manifest

    manifest = get_manifest(ruleset_id)
    chosen = manifest.validate_options(options)
    if manifest.briefing is not None:
        return manifest.briefing(chosen)
    ruleset = manifest.ruleset
    return Briefing(
        title=ruleset.title,
        situation=manifest.summary,
        sides=tuple(SideBriefing(seat_title(s)) for s in ruleset.seats),
    )


def side_names(ruleset_id: str, options: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The seats of ``ruleset_id`` as the briefing names them; the seat ids made readable
    when the options are not valid (an old or damaged save still gets names)."""
    from game.core.registry import get_manifest

    try:
        return briefing_for(ruleset_id, options).side_names
    except ValueError:
        return tuple(seat_title(s) for s in get_manifest(ruleset_id).ruleset.seats)
