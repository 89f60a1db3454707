"""5.56mm 4.3 Auto-Fire (with 7.4/7.5/7.7 and the 7.71 table): a special action in which
a sub machinegun, assault rifle or machinegun fires its normal shot and then extra shots,
each at the first target or another close to it.

An :class:`AutoFireProfile` says what a weapon may do; the profiles of the seed's kinds
are built by the functions below from the weapon's data flags. Each extra shot's TN
modifiers come from :func:`extra_shot_modifiers` and go into
``fire.FireSituation.extra``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.five_five_six.checks import Modifier, nonzero

#: 4.3: weapon kinds that cannot Auto-Fire.
NO_AUTO_FIRE = frozenset(
    {"handgun", "shotgun", "sniper_rifle", "heavy", "grenade", "grenade_launcher", "melee"}
)

#: 4.3: a further target must be this close to the first (machineguns: 4", over 2" +1).
NEAR_INCHES = 2.0
MACHINEGUN_SPREAD_INCHES = 4.0


@dataclass(frozen=True, slots=True)
class AutoFireProfile:
    """What a weapon's Auto-Fire may do (the fields of the weapon data's ``auto_fire``).

    ``penalties``: the TN penalty of each extra to-hit roll in order (their count is the
    number of Auto-Fires); ``reach_in``: how far from the first target a further target
    may stand; ``far_penalty``: +TN for a target more than 2" from the first
    (machineguns); ``first_shot_penalty``: the normal shot's own penalty (FN-FAL)."""

    penalties: tuple[int, ...]
    reach_in: float = NEAR_INCHES
    far_penalty: int = 0
    first_shot_penalty: int = 0


def smg_or_rifle_profile(*, accurate: bool = False, recoil: bool = False) -> AutoFireProfile:
    """4.3/7.4/7.5: one extra to-hit roll, at the first target or another within 2", at
    +1 for firing on automatic (Interpretation R18); an ``accurate`` weapon (MP5, MP5SD)
    without it; a ``recoil`` weapon (FN-FAL) has +1 on its first shot too."""
    return AutoFireProfile(
        penalties=(0 if accurate else 1,),
        first_shot_penalty=1 if recoil else 0,
    )


def machinegun_profile(
    penalties: tuple[int, ...] = (0, 1), *, far_penalty: int = 1
) -> AutoFireProfile:
    """4.3/7.7: two extra shots by default, the last at +1 (SAW: ``(0, 1, 1)``; M2:
    ``(0,)`` with ``far_penalty=0``; minigun: the 7.71 table; each weapon's ``auto_fire``
    data gives its own), at targets within 4"
    of the first, +1 beyond 2" (``far_penalty``); no penalty for another target."""
    return AutoFireProfile(
        penalties=tuple(penalties), reach_in=MACHINEGUN_SPREAD_INCHES, far_penalty=far_penalty
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
    profile: AutoFireProfile, shot: int, *, other_target: bool, from_first_in: float = 0.0
) -> tuple[Modifier, ...]:
    """3.24/4.3/7.71: the TN modifiers of extra shot ``shot`` (1-based): the shot's own
    penalty (SMG/assault rifle +1, a machinegun's later shots, 7.71), and +1 for a
    machinegun's target more than 2" from the first."""
    reason = why_not_extra_shot(profile, shot, from_first_in if other_target else 0.0)
    if reason is not None:
        raise ValueError(reason)
    far = other_target and from_first_in > NEAR_INCHES
    return nonzero(
        (
            Modifier(f"Auto-Fire shot {shot + 1}", profile.penalties[shot - 1]),
            Modifier(
                'Auto-Fire more than 2" from the first target', profile.far_penalty if far else 0
            ),
        )
    )
