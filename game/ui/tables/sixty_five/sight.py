"""The '65 board as one view's sight sees it: the scenario's field with the view's Smoke,
the Sudden Downpour (18r), Wire (23c) and the Rubble of destroyed bunkers (23b), kept
while they stay the same (a new field forgets the lines of sight it worked out)."""

from __future__ import annotations

from game.rules.sixty_five.terrain.field import Field
from game.rules.sixty_five.terrain.fortified import rules as fortification_rules
from game.rules.sixty_five.view import SixtyFiveView


class SightField:
    """The fields of one scenario's board for the views the table is shown."""

    def __init__(self, ground: Field) -> None:
        self.ground = ground
        self._smoked: tuple[tuple[object, ...], Field] | None = None  # smoke, sight, wire
        self._rubble: tuple[tuple[str, ...], Field] | None = None  # 23b: destroyed bunkers

    def field(self, view: SixtyFiveView) -> Field:
        """The board with the Smoke and the Downpour of this view (for line of sight)."""
        wire = frozenset(h for h, _, wired, _ in view.fortifications if wired)
        rubble = tuple(h for h, _, _, wrecked in view.fortifications if wrecked)
        if not view.smoke and view.visibility is None and not wire and not rubble:
            return self.ground
        key = (*view.smoke, ("sight", view.visibility or 0), *sorted(wire), ("rubble", *rubble))
        if self._smoked is None or self._smoked[0] != key:
            field = self._rubbled(rubble).copy()
            field.smoke = dict(view.smoke)
            field.visibility = view.visibility  # 18r Sudden Downpour
            if wire:  # 23c: the hover's cover shows Wire's -1
                field.wire, field.wire_cover = wire, fortification_rules().wire_cover
            self._smoked = (key, field)
        return self._smoked[1]

    def _rubbled(self, rubble: tuple[str, ...]) -> Field:
        """The board with the Rubble terrain of destroyed bunkers (23b), kept while the
        same hexes are rubble."""
        if not rubble:
            return self.ground
        if self._rubble is None or self._rubble[0] != rubble:
            terrain = fortification_rules().rubble_terrain
            self._rubble = (rubble, self.ground.with_hex_terrain({h: terrain for h in rubble}))
        return self._rubble[1]
