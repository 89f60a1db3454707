"""'65 an AP attack under way (15): the vehicle shots still to come at one hard target,
each a targeting draw and then an armour draw, with the reaction windows between them
(20d Unexpected Cover and 20a First Fire before the targeting draw; 19d Critical Hit and
20b Glancing Shot after a hit)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass
class ApAttack:
    """AP fire (15a) at ``target``: ``shooters`` fire one by one (10d2: AP attackers never
    combine), the first of them now. ``stage`` is ``aim`` before the targeting draw and
    ``hit`` once it hit, before the armour draw. ``reactions``: the blocks played during
    this action (one of each name, 20); ``answer``: the target vehicle that answers with
    First Fire (20a) once this shot is drawn; ``answer_moving``: that vehicle is on a
    Move & Fire action (20a's second case, rules version 7), so its answer is a Move &
    Fire shot."""

    seat: int
    shooters: tuple[str, ...]
    target: str
    block: str  # fire, reload_and_fire or move_and_fire (15a)
    aimed: bool = False  # 19a Aimed Shot (+2 TM)
    stage: str = "aim"
    turret: bool = False  # 15b: this shot's targeting card read Turret hit
    cover: bool = False  # 20d Unexpected Cover played: CF 2 for the rest of the action
    critical: bool = False  # 19d this shot
    glancing: bool = False  # 20b this shot
    reactions: tuple[str, ...] = ()
    answer: str | None = None
    opportunity: bool = False  # 11: a hit stops the moving target
    answer_moving: bool = False

    def copy(self) -> ApAttack:
        return replace(self)

    def snapshot(self) -> list[object]:
        return [self.seat, list(self.shooters), self.target, self.block, self.aimed,
                self.stage, self.turret, self.cover, self.critical, self.glancing,
                list(self.reactions), self.answer, self.opportunity,
                *([True] if self.answer_moving else [])]  # fmt: skip
