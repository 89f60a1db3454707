"""5.56mm 4.3 Auto-Fire (with 7.4/7.5/7.7 and the 7.71 table): a special action in which
a sub machinegun, assault rifle or machinegun fires its normal shot and then extra shots,
each at the first target or another close to it.

An :class:`AutoFireProfile` says what a weapon may do. The weapon data's ``auto_fire``
entry is the one source of these numbers (:func:`profile_of`); each extra shot's TN
modifiers come from :func:`extra_shot_modifiers` and go into
``fire.FireSituation.extra``.

The sub machinegun and assault rifle +1 (Interpretation R18, rules version 2) is for a
shot at a *second target*: 3.24 lists it so ("at a second target"), 4.3 puts it on "the
second target" and says a machinegun's "second target is not subject to the +1". An
extra shot at the first target has none. Rules version 1 put it on every extra shot
(``every_shot=True``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.five_five_six.checks import Modifier, nonzero
from game.rules.five_five_six.schema import AutoFire

#: 4.3: weapon kinds that cannot Auto-Fire.
NO_AUTO_FIRE = frozenset(
    {"handgun", "shotgun", "sniper_rifle", "heavy", "grenade", "grenade_launcher", "melee"}
)

#: 4.3: beyond this distance from the first target a machinegun's target is +1.
NEAR_INCHES = 2.0


@dataclass(frozen=True, slots=True)
class AutoFireProfile:
    """What a weapon's Auto-Fire may do (the fields of the weapon data's ``auto_fire``).

    ``penalties``: the weapon's own TN penalty on each extra to-hit roll in order,
    whatever its target (their count is the number of Auto-Fires: a machinegun's later
    shots, the minigun's 7.71, the FN-FAL's recoil); ``other_target_penalty``: +TN for
    an extra shot at a second target (sub machineguns and assault rifles +1, the MP5
    none, machineguns none); ``reach_in``: how far from the first target a further
    target may stand; ``far_penalty``: +TN for a target more than 2" from the first
    (machineguns); ``first_shot_penalty``: the normal shot's own penalty (FN-FAL)."""

    penalties: tuple[int, ...]
    reach_in: float = NEAR_INCHES
    far_penalty: int = 0
    first_shot_penalty: int = 0
    other_target_penalty: int = 0


def profile_of(data: AutoFire) -> AutoFireProfile:
    """The profile of a weapon's ``auto_fire`` data (``catalog().firearm(id).auto_fire``)."""
    return AutoFireProfile(
        penalties=tuple(data.penalties),
        reach_in=float(data.reach_in),
        far_penalty=data.far_penalty,
        first_shot_penalty=data.first_shot_penalty,
        other_target_penalty=data.other_target_penalty,
    )


def why_not_auto_fire(weapon_kind: str, *, single_action: bool = False) -> str | None:
    """4.3: handguns, shotguns, sniper rifles, heavy weapons cannot Auto-Fire; it is a
    special action, so not for a character allowed a single action (Critical wound,
    Elite's second card)."""
    if weapon_kind in NO_AUTO_FIRE:
        return f"a {weapon_kind.replace('_', ' ')} cannot Auto-Fire"
    if single_action:
        return "Auto-Fire is a special action: not with a single action"
    return None


def why_not_extra_shot(profile: AutoFireProfile, shot: int, from_first_in: float) -> str | None:
    """4.3: extra shot number ``shot`` (1-based) at a target ``from_first_in`` inches from
    the first target (0 for the first target itself)."""
    if not 1 <= shot <= len(profile.penalties):
        return f"this weapon Auto-Fires {len(profile.penalties)} time(s)"
    if from_first_in > profile.reach_in:
        return f'another target must be within {profile.reach_in:g}" of the first'
    return None


def first_shot_modifiers(profile: AutoFireProfile) -> tuple[Modifier, ...]:
    """The normal shot of an Auto-Fire action (FN-FAL: +1)."""
    return nonzero((Modifier("Auto-Fire recoil", profile.first_shot_penalty),))


def extra_shot_modifiers(
    profile: AutoFireProfile,
    shot: int,
    *,
    other_target: bool,
    from_first_in: float = 0.0,
    every_shot: bool = False,
) -> tuple[Modifier, ...]:
    """3.24/4.3/7.71: the TN modifiers of extra shot ``shot`` (1-based): the weapon's own
    penalty for that shot (a machinegun's later shots, 7.71, the FN-FAL's recoil), +1 for
    a sub machinegun or assault rifle at a second target, and +1 for a machinegun's
    target more than 2" from the first. ``every_shot`` reads it as rules version 1 did:
    one +1 on every SMG or rifle extra shot, whatever its target (the FN-FAL's too)."""
    reason = why_not_extra_shot(profile, shot, from_first_in if other_target else 0.0)
    if reason is not None:
        raise ValueError(reason)
    far = other_target and from_first_in > NEAR_INCHES
    own = profile.penalties[shot - 1]
    if every_shot:
        own, second = max(own, profile.other_target_penalty), 0
    else:
        second = profile.other_target_penalty if other_target else 0
    return nonzero(
        (
            Modifier(f"Auto-Fire shot {shot + 1}", own),
            Modifier("Auto-Fire at a second target", second),
            Modifier(
                'Auto-Fire more than 2" from the first target', profile.far_penalty if far else 0
            ),
        )
    )
