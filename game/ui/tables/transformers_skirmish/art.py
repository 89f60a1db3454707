"""Transformers Skirmish pictures: card faces with their title plates and robot tokens.

Cards use the generated frames ``sprites/cards/tf_*.png`` (120x168 px, title plate at
x 9..111, y 116..160) scaled to the size asked for; the name, the number and any
restriction are written on the plate with pygame's default font. A robot token is the
faction's figure (leader/officer/trooper; red rim Autobots, purple rim Deceptacons) with
its hits left of its most written top centre ('1/2', on pink once hurt), the air or
ground marker bottom left, the rank badge (L, O, T) bottom centre and the Minicon badge
bottom right.
"""

from __future__ import annotations

import pygame

from game.rules.transformers_skirmish.cards import CardKind, CardSpec, Effect, Only
from game.rules.transformers_skirmish.view import UnitView
from game.ui import theme
from game.ui.assets import Assets

CARD_W, CARD_H = 120, 168
PLATE = (9, 116, 102, 44)  # x, y, w, h of the title plate in card pixels
KIND_ART = {
    CardKind.MOVE: "cards/tf_move.png",
    CardKind.ATTACK: "cards/tf_attack.png",
    CardKind.DEFENSE: "cards/tf_defense.png",
    CardKind.SPECIAL: "cards/tf_special.png",
}
BACK_ART = "cards/tf_back.png"
RANK_BADGES = {  # rank: (badge colour, letter)
    "leader": ((236, 190, 60), "L"),
    "officer": ((200, 206, 214), "O"),
    "trooper": ((176, 120, 72), "T"),
}
KIND_FALLBACK = {
    CardKind.MOVE: (40, 120, 70),
    CardKind.ATTACK: (160, 40, 36),
    CardKind.DEFENSE: (40, 80, 160),
    CardKind.SPECIAL: (110, 50, 140),
}
FACTIONS = ("autobot", "deceptacon")
SIDE_COLOURS = ((222, 64, 52), (150, 84, 200))  # the rims of the figures
PIP_FULL = (250, 236, 170)
PIP_LOST = (70, 24, 24)
PIP_EDGE = (16, 12, 10)
HURT = (240, 130, 105)  # hits plate of a damaged robot
ONLY_NOTE = {Only.AIR: "air only", Only.GROUND: "ground only", Only.MINICON: "Minicon only"}


def card_line(spec: CardSpec) -> str:
    """The second line of a card's plate: what the number means and who may use it."""
    if spec.kind is CardKind.MOVE:
        text = f"Move {spec.range}"
    elif spec.kind is CardKind.ATTACK:
        text = f"Range {spec.range}"
    elif spec.kind is CardKind.DEFENSE:
        text = "Cancels an attack"
    elif spec.effect is Effect.DRAW:
        text = f"Draw {spec.amount}"
    else:
        text = f"Repair {spec.amount}"
    if spec.only is not None:
        text += f", {ONLY_NOTE[spec.only]}"
    return text


def _fit(assets: Assets, text: str, size: int, width: int) -> int:
    while size > 9 and assets.font(size).size(text)[0] > width:
        size -= 1
    return size


def card_face(assets: Assets, spec: CardSpec | None, size: tuple[int, int]) -> pygame.Surface:
    """A card at ``size``: the face of ``spec`` with its plate written, or the back."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rel = BACK_ART if spec is None else KIND_ART[spec.kind]
    art = assets.scaled(rel, size)
    if art is not None:
        surf.blit(art, (0, 0))
    else:
        fill = (50, 54, 60) if spec is None else KIND_FALLBACK[spec.kind]
        pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=max(4, w // 12))
        pygame.draw.rect(surf, theme.BUBBLE, surf.get_rect(), 2, border_radius=max(4, w // 12))
    if spec is None:
        return surf
    px, py, pw, ph = (
        PLATE[0] * w // CARD_W,
        PLATE[1] * h // CARD_H,
        PLATE[2] * w // CARD_W,
        PLATE[3] * h // CARD_H,
    )
    name_size = _fit(assets, spec.name, max(10, int(ph * 0.5)), pw - 6)
    name = assets.text(spec.name, name_size, theme.BUBBLE)
    surf.blit(name, name.get_rect(center=(px + pw // 2, py + int(ph * 0.32))))
    line = card_line(spec)
    line_size = _fit(assets, line, max(9, int(ph * 0.38)), pw - 6)
    small = assets.text(line, line_size, theme.ACCENT)
    surf.blit(small, small.get_rect(center=(px + pw // 2, py + int(ph * 0.74))))
    if spec.range is not None:  # the number, big, in the top-left corner
        r = max(8, w // 8)
        centre = (r + max(3, w // 24), r + max(3, w // 24))
        pygame.draw.circle(surf, (12, 12, 14), centre, r)
        pygame.draw.circle(surf, theme.BUBBLE, centre, r, max(1, w // 60))
        num = assets.text(str(spec.range), int(r * 1.8), theme.BUBBLE)
        surf.blit(num, num.get_rect(center=(centre[0], centre[1] + 1)))
    return surf


def figure_path(seat: int, rank: str) -> str:
    return f"figures/tf_{FACTIONS[seat]}_{rank}.png"


def unit_token(assets: Assets, unit: UnitView, size: int) -> pygame.Surface:
    """The robot as it stands on its square (``size`` = the square's side in pixels)."""
    s = size
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    fig_size = max(8, int(s * 0.8))
    fig = assets.scaled(figure_path(unit.seat, unit.rank.value), (fig_size, fig_size))
    centre = (s // 2, int(s * 0.55))
    if fig is not None:
        surf.blit(fig, fig.get_rect(center=centre))
    else:
        pygame.draw.circle(surf, (60, 64, 70), centre, fig_size // 2)
        pygame.draw.circle(surf, SIDE_COLOURS[unit.seat], centre, fig_size // 2, max(2, s // 16))
        label = assets.text(unit.rank.value[0].upper(), fig_size // 2, theme.TEXT)
        surf.blit(label, label.get_rect(center=centre))
    # Hits left of the most, top centre, as text (issue 16: pips were too small to read).
    fs = max(10, int(s * 0.3))
    hurt = unit.hits < unit.max_hits
    hits = assets.text(f"{unit.hits}/{unit.max_hits}", fs, theme.INK)
    box = hits.get_rect().inflate(6, 0)
    box.midtop = (s // 2, 1)
    pygame.draw.rect(surf, HURT if hurt else PIP_FULL, box, border_radius=3)
    pygame.draw.rect(surf, PIP_EDGE, box, 1, border_radius=3)
    surf.blit(hits, hits.get_rect(center=box.center))
    # Rank badge, bottom centre: a letter on the rank's colour (leader gold, officer
    # silver, trooper bronze), so ranks read at a glance and not only from the figure.
    colour, letter = RANK_BADGES[unit.rank.value]
    b = max(10, int(s * 0.3))
    badge_rect = pygame.Rect(0, 0, b, b)
    badge_rect.midbottom = (s // 2, s - 1)
    pygame.draw.rect(surf, (20, 20, 24), badge_rect.inflate(2, 2), border_radius=max(2, b // 4))
    pygame.draw.rect(surf, colour, badge_rect, border_radius=max(2, b // 4))
    with assets.text_scale(1.0):
        text = assets.text(letter, max(10, int(b * 0.95)), theme.INK)
    surf.blit(text, text.get_rect(center=badge_rect.center))
    # Air/ground marker and Minicon badge in the lower corners.
    m = max(10, int(s * 0.32))
    if unit.kind in ("air", "ground"):
        marker = assets.scaled(f"markers/{unit.kind}.png", (m, m))
        if marker is not None:
            surf.blit(marker, (0, s - m))
    if unit.minicon:
        badge = assets.scaled("markers/minicon.png", (m, m))
        if badge is not None:
            surf.blit(badge, (s - m, s - m))
    return surf
