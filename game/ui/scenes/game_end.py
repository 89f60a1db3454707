"""The game scene's end screen and the seat-name grammar it and the top bar use."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.api import Outcome
from game.ui import theme
from game.ui.widgets import blit_text, framed

if TYPE_CHECKING:
    from game.ui.assets import Assets


def is_plural(seat_name: str) -> bool:
    """Seat names are plural sides ("Autobots", "The Raiders", "Viet Cong", "Farm
    Guard": a plural word or a name of several words) or one player ("Rat", "VC")."""
    return seat_name.endswith("s") or " " in seat_name.strip()


def possessive(seat_name: str) -> str:
    """ "Rat's", "Autobots'", "Viet Cong's"."""
    return f"{seat_name}'" if seat_name.endswith("s") else f"{seat_name}'s"


def the_side(seat_name: str) -> str:
    """A side with its article: "The Rat", "The Raiders" (never "The The Raiders")."""
    return seat_name if seat_name.casefold().startswith("the ") else f"The {seat_name}"


def draw_outcome(
    surface: pygame.Surface,
    assets: Assets,
    table_rect: pygame.Rect,
    box: pygame.Rect,
    outcome: Outcome,
    seat_names: Sequence[str],
    humans: Sequence[int],
) -> None:
    """Shade the table and frame who won and why in ``box``: "You win!" / "You lose."
    for a lone human, else the winners by name; the scores when the rules keep them."""
    shade = pygame.Surface(table_rect.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    surface.blit(shade, table_rect)
    framed(surface, assets, box)
    winners = [seat_names[w] for w in outcome.winners]
    names = " and ".join(the_side(n) for n in winners) or "Nobody"
    verb = "win" if len(winners) > 1 or (winners and is_plural(winners[0])) else "wins"
    if len(humans) == 1:
        headline = "You win!" if humans[0] in outcome.winners else "You lose."
        color = theme.GOOD if humans[0] in outcome.winners else theme.BAD
    else:
        headline, color = f"{names} {verb}!", theme.ACCENT
    blit_text(surface, assets, headline, 60, (box.centerx, box.top + 26), color, "midtop")
    lines = [f"{names} {verb}: {outcome.reason}."]
    if outcome.scores:
        scores = ", ".join(f"{n} {s:g}" for n, s in zip(seat_names, outcome.scores, strict=False))
        lines.append(f"Score: {scores}")
    y = box.top + 90
    for line in lines:
        for part in assets.wrap(line, 26, box.width - 40):
            blit_text(surface, assets, part, 26, (box.centerx, y), theme.TEXT, "midtop")
            y += 26
