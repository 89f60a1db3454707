"""'65 scenario briefings (issue 31): the situation, each side's forces and how it wins,
the turns and the special rules, for the setup screen and the game's opening panel.

The words the data cannot give (the situation, where each set-up step goes, the
special rules) come from ``data/briefings.yaml``; the forces, the victory points and
the length are worked out from the scenario itself (``scenarios.yaml``), so a briefing
never disagrees with the rules the game plays by.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from game.core.briefing import Briefing, SideBriefing
from game.core.data import load_model
from game.core.errors import DataError
from game.rules.sixty_five.data import DATA_DIR, SixtyFiveData, load_data
from game.rules.sixty_five.names import possessive, side_words, unit_adjective
from game.rules.sixty_five.scenario import Scenario, SideVictory, load_scenarios


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ScenarioText(_Frozen):
    """The words of one scenario's briefing (see the head of briefings.yaml)."""

    id: str = Field(pattern=r"^[0-9]+$")
    situation: str = Field(min_length=1)
    setup: tuple[str, ...] = Field(min_length=1)
    reinforcements: tuple[str, ...] = ()
    special_rules: tuple[str, ...] = ()


class BriefingData(_Frozen):
    nouns: dict[str, str]
    scenarios: tuple[ScenarioText, ...] = Field(min_length=1)


def load_briefings(
    path: Path | None = None,
    scenarios: Mapping[str, Scenario] | None = None,
    data: SixtyFiveData | None = None,
) -> dict[str, ScenarioText]:
    """The briefing words by scenario id, checked against the scenarios: one for each,
    one set-up phrase per set-up step and one per reinforcement group, a noun for every
    unit type that is not a Hero. A ``DataError`` names the file, the key and what was
    expected."""
    if path is None and scenarios is None and data is None:
        return dict(_shipped()[0])
    return _read(path or DATA_DIR / "briefings.yaml", scenarios, data)[0]


def nouns() -> dict[str, str]:
    """What one counter of each unit type is called (``us_rifle``: ``Rifle squad``)."""
    return dict(_shipped()[1])


@cache
def _shipped() -> tuple[dict[str, ScenarioText], dict[str, str]]:
    return _read(DATA_DIR / "briefings.yaml", None, None)


def _read(
    path: Path, scenarios: Mapping[str, Scenario] | None, data: SixtyFiveData | None
) -> tuple[dict[str, ScenarioText], dict[str, str]]:
    found = load_model(path, BriefingData)
    scenarios = scenarios if scenarios is not None else load_scenarios()
    data = data or load_data()
    texts = {t.id: t for t in found.scenarios}
    for sid, sc in scenarios.items():
        text = texts.get(sid)
        if text is None:
            raise DataError(f"{path}: scenarios: no briefing for scenario {sid!r} ({sc.title})")
        i = found.scenarios.index(text)
        for key, want in (("setup", len(sc.setup)), ("reinforcements", len(sc.reinforcements))):
            got = len(getattr(text, key))
            if got != want:
                raise DataError(
                    f"{path}: scenarios[{i}].{key}: {got} phrase(s), expected {want} "
                    f"(one per {key} entry of scenario {sid} in scenarios.yaml)"
                )
        types = {t for g in sc.setup for t in g.units}
        types |= {t for g in sc.reinforcements for t in g.units}
        for type_id in sorted(types):
            if not data.units[type_id].hero and type_id not in found.nouns:
                raise DataError(
                    f"{path}: nouns: no noun for unit type {type_id!r} (expected a name "
                    "for one counter of it, such as 'Rifle squad')"
                )
    for i, text in enumerate(found.scenarios):
        if text.id not in scenarios:
            raise DataError(f"{path}: scenarios[{i}].id: no scenario {text.id!r}")
    return texts, dict(found.nouns)


# -- forces ------------------------------------------------------------------------------
def units_words(units: Mapping[str, int], data: SixtyFiveData, noun: Mapping[str, str]) -> str:
    """``7 Rifle squads, 2 M60 machine-gun teams, Riggs and Black``: the counters of a
    set-up step or a reinforcement group, the Heroes by name last."""
    parts, heroes = [], []
    for type_id, count in units.items():
        unit = data.units[type_id]
        if unit.hero:
            heroes.append(unit.name)
        else:
            word = noun.get(type_id, unit.name)
            parts.append(f"one {word}" if count == 1 else f"{count} {word}s")
    words = parts + heroes
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def forces(scenario: Scenario, text: ScenarioText, seat: int) -> tuple[str, ...]:
    """One line per set-up step and reinforcement group of ``seat``: when and where,
    then its units."""
    data, noun = load_data(), nouns()
    lines = []
    for step, where in zip(scenario.setup, text.setup, strict=True):
        if step.seat == seat:
            words = units_words(step.units, data, noun)
            extra = step.fortifications
            if extra:
                forts = ", ".join(f"{n} {k}{'s' * (n != 1)}" for k, n in extra.items())
                words += f" (with {forts})"
            lines.append(f"{where[0].upper()}{where[1:]}: {words}.")
    for group, when in zip(scenario.reinforcements, text.reinforcements, strict=True):
        if group.seat == seat:
            words = units_words(group.units, data, noun)
            lines.append(f"Reinforcements, {when}: {words}.")
    return tuple(lines)


# -- victory -----------------------------------------------------------------------------
def vp_terms(rule: SideVictory, names: tuple[str, str], seat: int) -> list[str]:
    """Where ``seat``'s victory points come from, each in a few words."""
    them = unit_adjective(names[1 - seat])
    out = []
    if rule.controlled is not None:
        c = rule.controlled
        if c.terrain is not None:
            out.append(f"{c.vp} for each {c.terrain} hex held at the end")
        else:
            out.append(f"{c.vp} for holding {' and '.join(c.hexes)} at the end")
    if rule.enemy_vehicle_eliminated is not None:
        out.append(f"{rule.enemy_eliminated} for each {them} foot unit eliminated")
        out.append(f"{rule.enemy_vehicle_eliminated} for each {them} vehicle destroyed")
    elif rule.enemy_eliminated:
        out.append(f"{rule.enemy_eliminated} for each {them} unit eliminated")
    if rule.own_eliminated:
        out.append(f"{rule.own_eliminated} for each of your units lost")
    if rule.on_map is not None:
        out.append(f"{rule.on_map.vp} for each of your units on Map {rule.on_map.map} at the end")
    if rule.enemy_on_board:
        out.append(f"{rule.enemy_on_board} for each {them} unit still on the board at the end")
    if rule.own_vehicles_exited:
        out.append(f"{rule.own_vehicles_exited} for each of your vehicles that leaves the map")
    if rule.relics:
        out.append(f"{rule.relics} for carrying the relics off your home edge")
    if rule.bonus:
        out.append(f"{rule.bonus} if your Bonus Victory Condition card is met")
    if rule.enemy_bonus:
        out.append(f"{rule.enemy_bonus} if {possessive('the ' + names[1 - seat])} card is met")
    return out


def goal(scenario: Scenario, seat: int) -> str:
    """How ``seat`` wins, then where its victory points come from."""
    names = side_words(scenario.names)
    win = scenario.victory.win
    winner, other = names[win.seat], names[1 - win.seat]
    needs = []
    if win.needs is not None:
        needs.append(f"{win.needs} VP or more")
    if win.more_than_other:
        needs.append(f"more VP than the {other}")
    if win.eliminations is not None:
        needs.append(
            f"at least {win.eliminations} VP from eliminating {unit_adjective(other)} units"
        )
    condition = " and ".join(needs)
    clear = (
        f", or no {unit_adjective(other)} unit left on Map {win.or_clear_map}"
        if win.or_clear_map
        else ""
    )
    if seat == win.seat:
        head = f"Win with {condition}{clear} at the end of the last turn."
    else:
        head = f"Win by stopping the {winner}: they need {condition}{clear}."
        if win.more_than_other:
            head += " A tie is yours."
    terms = vp_terms(scenario.victory.side(seat), names, seat)
    if not terms:
        return head + " You score no VP of your own."
    return head + " VP: " + "; ".join(terms) + "."


def length(scenario: Scenario) -> str:
    """``7 turns; a turn ends when the 3rd End Turn card comes up``."""
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(scenario.end_turns, f"{scenario.end_turns}th")
    return f"{scenario.turns} turns; a turn ends when the {nth} End Turn card comes up"


def title(scenario: Scenario) -> str:
    """``1 — Village Assault``; a scenario of one's own by its title alone."""
    if not scenario.id.isdigit():
        return scenario.title
    return f"{scenario.id} — {scenario.title}"


def own_words(scenario: Scenario) -> ScenarioText:
    """The words of a scenario of one's own: its file's ``briefing``, each set-up step
    not given a phrase "in its set-up area", each reinforcement group "from its turn"."""
    words = scenario.briefing
    setup = list(words.setup if words else ())
    setup += ["in its set-up area"] * (len(scenario.setup) - len(setup))
    return ScenarioText(
        id="0",
        situation=words.situation if words else f"A fight on {scenario.title}.",
        setup=tuple(setup[: len(scenario.setup)]),
        reinforcements=tuple(f"from turn {g.turn}" for g in scenario.reinforcements),
        special_rules=words.special_rules if words else (),
    )


def scenario_briefing(scenario_id: str) -> Briefing:
    """The briefing of a scenario: a shipped one's words from briefings.yaml; one on a
    map of one's own has its words in its own file (``briefing``), or none (a
    skirmish's are written here)."""
    from game.rules.sixty_five.boards import scenario_by_id

    scenario = scenario_by_id(scenario_id)
    text = load_briefings().get(scenario_id) or own_words(scenario)
    names = side_words(scenario.names)
    sides = tuple(
        SideBriefing(
            name=names[seat], forces=forces(scenario, text, seat), goal=goal(scenario, seat)
        )
        for seat in (0, 1)
    )
    rules = list(text.special_rules)
    if scenario.bonus_cards:
        rules.append(
            "Each side draws a Bonus Victory Condition card before set-up; both lie face "
            "up and pay the VP above if met at the end."
        )
    return Briefing(
        title=title(scenario),
        situation=" ".join(text.situation.split()),
        sides=sides,
        special_rules=tuple(" ".join(r.split()) for r in rules),
        length=length(scenario),
    )


def briefing(options: BaseModel) -> Briefing:
    """The manifest's briefing: the chosen scenario's (scenario 1 by default)."""
    return scenario_briefing(str(getattr(options, "scenario", "1")))
