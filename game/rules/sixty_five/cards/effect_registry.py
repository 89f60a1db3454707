"""The registry of '65 card effects: each effect id of ``data/blocks.yaml`` to its pair of
plain functions ``(legal, resolve)`` (cards/effects.py, cards/powers.py)."""

from __future__ import annotations

from game.rules.sixty_five.cards.effects import (
    Effect,
    extra_actions_legal,
    extra_actions_resolve,
    fire_legal,
    fire_resolve,
    move_and_fire_legal,
    move_and_fire_resolve,
    move_legal,
    move_resolve,
)
from game.rules.sixty_five.cards.kickstarter import (
    no_unit_legal,
    recon_patrol_resolve,
    regroup_resolve,
    scrape_legal,
    scrape_resolve,
    sneak_legal,
    sneak_resolve,
    sudden_downpour_legal,
    sudden_downpour_resolve,
    tactics_legal,
    tactics_resolve,
)
from game.rules.sixty_five.cards.powers import power_legal, power_resolve
from game.rules.sixty_five.cards.rally import (
    rally_legal,
    rally_resolve,
    second_wind_legal,
    second_wind_resolve,
)
from game.rules.sixty_five.combat.artillery import artillery_legal, artillery_resolve
from game.rules.sixty_five.data import BlockDef, BlockKind, HitColour
from game.rules.sixty_five.scenarios.puff import puff_legal, puff_resolve
from game.rules.sixty_five.scenarios.relics import search_legal, search_resolve
from game.rules.sixty_five.terrain.fortified import bunker_second_wind_legal

EFFECTS: dict[str, Effect] = {
    "fire": Effect(fire_legal, fire_resolve),
    "reload_and_fire": Effect(fire_legal, fire_resolve),
    "power": Effect(power_legal, power_resolve),
    "move": Effect(move_legal, move_resolve),
    "move_and_fire": Effect(move_and_fire_legal, move_and_fire_resolve),
    "rally": Effect(rally_legal, rally_resolve),
    "second_wind": Effect(second_wind_legal, second_wind_resolve),
    "extra_actions": Effect(extra_actions_legal, extra_actions_resolve),
    "artillery": Effect(artillery_legal, artillery_resolve),  # 12
    "bunker_second_wind": Effect(bunker_second_wind_legal, second_wind_resolve),  # 23b
    "puff": Effect(puff_legal, puff_resolve),  # scenario 6's AC-47
    "search": Effect(search_legal, search_resolve),  # scenario 8's relics (scenarios/relics.py)
    # the Kickstarter cards (18 r-y, cards/kickstarter.py; in the deck only with the option)
    "sudden_downpour": Effect(sudden_downpour_legal, sudden_downpour_resolve),
    "scrape": Effect(scrape_legal, scrape_resolve),
    "sneak": Effect(sneak_legal, sneak_resolve),
    "tactics": Effect(tactics_legal, tactics_resolve),
    "recon_patrol": Effect(no_unit_legal, recon_patrol_resolve),
    "regroup": Effect(no_unit_legal, regroup_resolve),
}

#: The pseudo-block of a card with "Power" between its blocks (3b).
POWER_BLOCK = BlockDef(
    id="power", name="Power", kind=BlockKind.ACTION, effect="power", hits_on=(HitColour.GREEN,)
)
