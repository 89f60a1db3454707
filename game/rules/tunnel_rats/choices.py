"""The options a new game of Tunnel Rats can be started with, for the setup screen.

Pure: reads the scenario table only. ``option_choices()`` is the hook the setup screen
looks for in a ruleset package's ``choices`` module: each option is a key of
``new_game``'s options with the values a player may pick (the first is the default).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.tunnel_rats.data import load_scenarios


@dataclass(frozen=True)
class OptionChoice:
    """One option of a new game: ``key`` (as in ``options``), a label, the
    ``(value, title)`` pairs to choose from (the default first) and optionally one line
    of explanation per value (``notes``, same order)."""

    key: str
    label: str
    values: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()


def scenario_choices() -> tuple[tuple[str, str], ...]:
    """Every scenario as ``(id, title)``, in file order (the first is the default)."""
    return tuple((s.id, s.title) for s in load_scenarios())


HOTSEAT_NOTES = (
    (
        "open",
        "Open table",
        "Open table (two humans on one screen): both players see every figure on the "
        "board, so the game never stops to hand over. Only what the umpire hides stays "
        "hidden: booby traps he set in secret and entrances nobody has found.",
    ),
    (
        "fog",
        "Fog of war",
        "Fog of war (two humans on one screen): each side sees only what its own figures "
        "know; the board is hidden behind a hand-over screen whenever the other side "
        "takes its point.",
    ),
)


def option_choices() -> tuple[OptionChoice, ...]:
    summaries = tuple(" ".join(s.summary.split()) for s in load_scenarios())
    return (
        OptionChoice("scenario", "Scenario", scenario_choices(), summaries),
        OptionChoice(
            "hotseat",
            "Hotseat",
            tuple((v, title) for v, title, _ in HOTSEAT_NOTES),
            tuple(note for _, _, note in HOTSEAT_NOTES),
        ),
    )
