"""What the RatFight table says before a shot, all from the rules calculator
(``game.rules.ratfight.explain``), so the table and ``python -m game explain`` never
disagree: the range, the cover and the cards the target defends with (1 in the open, 2
in soft cover, 3 in hard; a vehicle always 1: Shooting at Vehicles), the chance the
shot (every shot of a volley counted) downs the target or hits and damages a vehicle,
and for a grenade everyone else under its template, friend or foe, with his chance.
"""

from __future__ import annotations

from game.core.api import Action, Explanation
from game.rules.ratfight.actions import Fire
from game.rules.ratfight.explain import explain
from game.rules.ratfight.view import RatFightView
from game.ui.toolkit.odds import percent


def effect_chance(answer: Explanation) -> float:
    """The chance a Fire does anything: downs its target, or hits a vehicle and damages
    it (the hit's chance times the damage draw's), or downs (damages) anybody under a
    grenade's template, whichever is likeliest."""
    first = next(iter(answer.outcomes.values()), 0.0)
    if "damage_chance_per_hit" in answer.numbers:
        first *= float(answer.numbers["damage_chance_per_hit"])
    blast = answer.numbers.get("blast_models") or {}
    return max([first, *(float(p) for p in blast.values())])


class ShotOdds:
    """The calculator's answers for the listed shots, remembered while the view (the
    position and the cards left) stays the same."""

    def __init__(self) -> None:
        self._view_id: int | None = None
        self._answers: dict[Action, Explanation] = {}

    def answer(self, view: RatFightView, fire: Fire) -> Explanation:
        if id(view) != self._view_id:
            self._view_id, self._answers = id(view), {}
        found = self._answers.get(fire)
        if found is None:
            found = self._answers[fire] = explain(view.board, fire)
        return found

    def chance(self, view: RatFightView, action: Action) -> float | None:
        """The chance a listed Fire does anything (None for any other action)."""
        if not isinstance(action, Fire):
            return None
        return effect_chance(self.answer(view, action))

    def lines(self, view: RatFightView, fire: Fire) -> list[str]:
        """The preview of ``fire``: the target's defence, then the chances."""
        board = view.board
        target = board.figures[fire.target]
        answer = self.answer(view, fire)
        n = answer.numbers
        gap = f'{target.label}: {float(n["range_in"]):.1f}" away'
        if not n.get("line_of_sight", True):
            return [f"{gap}, no line of sight"]
        cards = int(n["defender_cards"])
        if target.vehicle:
            where = f"a vehicle (armour {n.get('armour', 0)}, no cover cards)"
        else:
            where = "in the open" if n["cover"] == "none" else f"in {n['cover']} cover"
        out = [f"{gap}, {where}: defends with {cards} card{'s' * (cards != 1)}"]
        shots = int(n.get("shots", 1))
        volley = f"{shots} shots" if shots > 1 else "a shot"
        chances = list(answer.outcomes.values())
        if target.vehicle:
            per_hit = float(n.get("damage_chance_per_hit", 0.0))
            out.append(
                f"{volley}: hits {percent(chances[0])}, a hit damages {percent(per_hit)}; "
                f"damaged {percent(effect_chance_of_target(answer))}"
            )
        else:
            out.append(f"{volley}: downs {target.label} {percent(chances[0])}")
        if len(chances) > 1:
            out[-1] += f"; identical cards end the turn {percent(chances[1])}"
        blast = n.get("blast_models") or {}
        if blast:
            names = []
            for fid, p in blast.items():
                fig = board.figures[fid]
                whose = "friend" if fig.side == board.figures[fire.figure].side else "enemy"
                names.append(f"{fig.label} ({whose}) {percent(float(p))}")
            out.append("Also under the blast: " + ", ".join(names))
        return out


def effect_chance_of_target(answer: Explanation) -> float:
    """The chance the shot downs or damages its own target (the blast left out)."""
    first = next(iter(answer.outcomes.values()), 0.0)
    return first * float(answer.numbers.get("damage_chance_per_hit", 1.0))
