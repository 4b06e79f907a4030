"""The choices an ArcWorlde player makes, as small frozen dataclasses.

Every decision's legal options are instances of these; the codec stores them in game records.
``label`` fields are for display only and do not take part in comparisons.
"""

from __future__ import annotations

from dataclasses import field

from warband.kit.choices import ChoiceSet, choice

__all__ = [
    "CODEC",
    "Activate",
    "AgileReroll",
    "Attack",
    "ChooseWeapon",
    "DeployOrder",
    "Disengage",
    "EndActivation",
    "HelpUp",
    "LegIt",
    "Move",
    "Place",
    "RousingCheer",
    "Shoot",
    "StandUp",
    "SwitchWeapon",
]

CODEC = ChoiceSet()


@choice(CODEC)
class DeployOrder:
    """The deployment roll-off winner deploys first (True) or second (False)."""

    first: bool


@choice(CODEC)
class Place:
    """Deploy Character ``uid`` with its base centred at (x, y)."""

    uid: int
    x: float
    y: float


@choice(CODEC)
class Activate:
    uid: int


@choice(CODEC)
class ChooseWeapon:
    """Announce the weapon used this Activation (arcworlde.equipment.weapon_choice)."""

    weapon: str


@choice(CODEC)
class Move:
    """Move toward (x, y) as far as the allowance goes, stopping on touching a base."""

    x: float
    y: float
    label: str = field(default="", compare=False)


@choice(CODEC)
class LegIt:
    """Spend 1AP (first roll only) and roll to Leg It (arcworlde.action.leg_it)."""


@choice(CODEC)
class AgileReroll:
    use: bool


@choice(CODEC)
class Attack:
    """A melee Attack by name against an enemy in base contact."""

    attack: str
    target: int


@choice(CODEC)
class Shoot:
    """A Shot with a Ranged Attack, committing ``ap`` AP to the Feat."""

    attack: str
    target: int
    ap: int


@choice(CODEC)
class StandUp:
    ap: int


@choice(CODEC)
class HelpUp:
    target: int
    ap: int


@choice(CODEC)
class Disengage:
    ap: int


@choice(CODEC)
class SwitchWeapon:
    weapon: str
    ap: int


@choice(CODEC)
class RousingCheer:
    """House reading of the Sheriff's Rousing Cheer (1AP)."""


@choice(CODEC)
class EndActivation:
    pass
