"""The '65 hover odds: over an enemy's hex, the Damage Draw (or the AP shot's draws) of
each listed fire at it, with the chance of each result, from the rules' own ``explain``.

With a unit picked, its fire (from the end of a path when a hex was picked first, 18j);
with nothing picked, one line for each of the first ``MOST_SHOOTERS`` units that may fire
there, so the odds show with no click first.
"""

from __future__ import annotations

from dataclasses import replace

from game.core.api import Action
from game.rules.sixty_five.actions import Play
from game.rules.sixty_five.model import Counter
from game.rules.sixty_five.terrain.bunker_fire import PREFIX as BUNKER_PREFIX
from game.rules.sixty_five.terrain.bunker_fire import target_name as bunker_target
from game.rules.sixty_five.view import SixtyFiveView
from game.ui.tables.sixty_five.choices import Picks, narrowed, odds_text, unit_name
from game.ui.tables.sixty_five.list import Explain, effect_chance
from game.ui.toolkit.odds import percent

MOST_SHOOTERS = 3


def shot_line(units: dict[str, Counter], action: Play, explain: Explain) -> str | None:
    """``VC Rifle 3: Damage Draw 2 cards - no effect 50%, shaken 42%``; for AP fire
    the to-hit number and the APF against the armour first (15)."""
    assert action.target is not None
    answer = explain(action)
    if answer is None or not answer.outcomes:
        return None
    odds = odds_text(units, answer.outcomes)
    if effect_chance(answer.outcomes) <= 0.0:
        odds = "0%: no effect possible"  # a shot with no chance says so plainly
    target = unit_name(units, action.target)
    n = answer.numbers
    if "to_hit" in n:  # 15: AP fire, the targeting draw then the armour draw
        return (
            f"{target}: to-hit {n['to_hit']} (hits {percent(n['hit_chance'])}), "
            f"APF {n['modified_apf']} vs armour {n['armour']} - {odds}"
        )
    cards = n.get("damage_draw")
    cards = max(0, cards) if isinstance(cards, int) else "?"  # fewer than none: none
    return f"{target}: Damage Draw {cards} cards - {odds}"


def hover_fire(
    view: SixtyFiveView, picks: Picks, explain: Explain, hex_id: str
) -> tuple[Action, str] | None:
    """The first listed fire of the picked unit at the hovered hex and its odds line;
    with a hex picked first, a Move & Fire that stops there (18j)."""
    if picks.unit is None:
        return None
    units = {u.id: u for u in view.units}
    stop = picks.hex
    shots = [
        a for a in narrowed(view, replace(picks, hex=hex_id))
        if isinstance(a, Play) and a.target and (not a.path or a.path[-1] == stop)
        and getattr(units.get(a.target), "hex", None) in (hex_id, None)
    ]  # fmt: skip
    shots.sort(key=lambda a: not (isinstance(a, Play) and a.path))  # a path's end first
    for a in shots:
        assert isinstance(a, Play) and a.target
        if a.target.startswith(BUNKER_PREFIX):
            continue  # 23b: the bunker itself has a line of its own
        line = shot_line(units, a, explain)
        if line is not None:
            return a, line
    return None


def hover_shooters(view: SixtyFiveView, picks: Picks, explain: Explain, hex_id: str) -> list[str]:
    """With no unit picked: a line per unit that may fire at the hovered hex from where
    it stands (its first listed fire), ``US Rifle 3 (Fire): VC Rifle 1: Damage Draw 2
    cards - ...``, at most ``MOST_SHOOTERS``."""
    if picks.unit is not None:
        return []
    units = {u.id: u for u in view.units}
    lines: list[str] = []
    seen: set[str] = set()
    for a in narrowed(view, Picks(card=picks.card, hex=hex_id)):
        if not (isinstance(a, Play) and a.target and a.units and not a.path):
            continue
        if a.target.startswith(BUNKER_PREFIX) or a.units[0] in seen:
            continue
        if getattr(units.get(a.target), "hex", None) != hex_id:
            continue
        line = shot_line(units, a, explain)
        if line is None:
            continue
        seen.add(a.units[0])
        lines.append(f"{unit_name(units, a.units[0])} fires: {line}")
        if len(lines) == MOST_SHOOTERS:
            break
    return lines


def hover_bunker_shot(
    view: SixtyFiveView, picks: Picks, explain: Explain, hex_id: str
) -> str | None:
    """23b: the odds of the picked unit's listed AP shot at the bunker itself in the
    hovered hex (the hard target's to-hit, APF against AF 4 and outcomes); a Satchel
    Charge is placed, with no targeting draw (22g, Interpretation 88)."""
    if picks.unit is None:
        return None
    name = bunker_target(hex_id)
    for a in narrowed(view, replace(picks, hex=hex_id)):
        if isinstance(a, Play) and a.target == name and not a.path:
            answer = explain(a)
            if answer is None or not answer.outcomes or "to_hit" not in answer.numbers:
                continue
            n = answer.numbers
            odds = ", ".join(f"{k} {percent(p)}" for k, p in answer.outcomes.items())
            aim = f"to-hit {n['to_hit']} ({percent(n['hit_chance'])})"
            if n["to_hit"] is None:
                aim = "placed, no to-hit"
            return f"Bunker: {aim}, APF {n['modified_apf']} vs AF {n['armour']} - {odds}"
    return None
