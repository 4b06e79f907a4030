"""The choices an ArcWorlde player makes, as small frozen dataclasses.

Every decision's legal options are instances of these; the codec stores them in game records.
``label`` fields are for display only and do not take part in comparisons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warband.core.decisions import ChoiceCodec

__all__ = [
    "CODEC",
    "Activate",
    "ActivatePack",
    "AgileReroll",
    "AgreeFeat",
    "Attack",
    "Cast",
    "ChooseWeapon",
    "DeployOrder",
    "Disengage",
    "EndActivation",
    "Escape",
    "GiveArcanite",
    "Gobble",
    "HelpUp",
    "LegIt",
    "Move",
    "Narrative",
    "OpenCache",
    "PauseActivation",
    "PickUpArcanite",
    "Place",
    "RousingCheer",
    "Shoot",
    "SpellDraw",
    "StealArcanite",
    "StandUp",
    "SwitchWeapon",
    "UseArcanite",
    "UsePortal",
]

CODEC = ChoiceCodec()


@CODEC.register
@dataclass(frozen=True, slots=True)
class DeployOrder:
    """The deployment roll-off winner deploys first (True) or second (False)."""

    first: bool


@CODEC.register
@dataclass(frozen=True, slots=True)
class Place:
    """Deploy Character ``uid`` with its base centred at (x, y)."""

    uid: int
    x: float
    y: float


@CODEC.register
@dataclass(frozen=True, slots=True)
class Activate:
    uid: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class ChooseWeapon:
    """Announce the weapon used this Activation (arcworlde.equipment.weapon_choice)."""

    weapon: str


@CODEC.register
@dataclass(frozen=True, slots=True)
class Move:
    """Move toward (x, y) as far as the allowance goes, stopping on touching a base."""

    x: float
    y: float
    label: str = field(default="", compare=False)


@CODEC.register
@dataclass(frozen=True, slots=True)
class LegIt:
    """Spend 1AP (first roll only) and roll to Leg It (arcworlde.action.leg_it)."""


@CODEC.register
@dataclass(frozen=True, slots=True)
class AgileReroll:
    use: bool


@CODEC.register
@dataclass(frozen=True, slots=True)
class Attack:
    """A melee Attack by name against an enemy in base contact."""

    attack: str
    target: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class Shoot:
    """A Shot with a Ranged Attack, committing ``ap`` AP to the Feat."""

    attack: str
    target: int
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class StandUp:
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class HelpUp:
    target: int
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class Disengage:
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class SwitchWeapon:
    weapon: str
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class RousingCheer:
    """House reading of the Sheriff's Rousing Cheer (1AP)."""


@CODEC.register
@dataclass(frozen=True, slots=True)
class EndActivation:
    pass


# ------------------------------------------------------------------ magic (rules/magic.py)
@CODEC.register
@dataclass(frozen=True, slots=True)
class Cast:
    """A Mage nominates a Spell (and its target, for targeted Spells) and pays to cast it:
    ``pay`` is ``"ap"`` (2AP) or ``"arcanite"`` (an Arcanite Token) (arcworlde.magic.casting)."""

    spell: str
    target: int | None
    pay: str = "ap"


@CODEC.register
@dataclass(frozen=True, slots=True)
class SpellDraw:
    """While the cards fall short of the Spell's level: ``"ap"`` or ``"arcanite"`` pays for
    another card, ``"stop"`` lets the Spell fail, ``"overpower"`` declares a total over 21
    (when only such a total reaches the level)."""

    pay: str


# ------------------------------------------------------------- Arcanite (rules/arcanite.py)
@CODEC.register
@dataclass(frozen=True, slots=True)
class UseArcanite:
    """Spend an Arcanite Token: ``"ap"`` (+1AP now), ``"extra_die"`` (one more D6 on the
    next Feat or Attack roll) or ``"reroll"`` (the next Attack re-rolls a failed Power die)."""

    use: str


@CODEC.register
@dataclass(frozen=True, slots=True)
class PickUpArcanite:
    """Pick up the Arcanite Token ``token`` (index on the table) with an Easy Feat."""

    token: int
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class GiveArcanite:
    """Give an Arcanite Token to a friend in base contact (Easy Feat)."""

    target: int
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class StealArcanite:
    """Steal an Arcanite Token from a Prone enemy in base contact (Easy Feat)."""

    target: int
    ap: int


# ------------------------------------------------------------ Creatures (rules/creatures.py)
@CODEC.register
@dataclass(frozen=True, slots=True)
class Gobble:
    """Try to swallow an enemy in base contact (a Medium Feat with ``ap`` dice)."""

    target: int
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class Escape:
    """A Gobbled Character commits ``ap`` dice to its escape Feat."""

    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class PauseActivation:
    """Split Activation: end this Activation keeping the AP left, to be Activated again later
    in the Round (arcworlde.trait.split_activation)."""


@CODEC.register
@dataclass(frozen=True, slots=True)
class ActivatePack:
    """Pack Hunter: Activate up to three of the same Character together, one after another
    in the same turn (arcworlde.trait.pack_hunter)."""

    uids: tuple[int, ...]


# ---------------------------------------------------- Narrative Feats (rules/narrative.py)
@CODEC.register
@dataclass(frozen=True, slots=True)
class Narrative:
    """Propose the Narrative Feat ``feat`` (a template id) on ``targets`` at ``difficulty``,
    committing ``ap`` dice (arcworlde.feat.narrative)."""

    feat: str
    targets: tuple[int, ...]
    difficulty: str
    ap: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class AgreeFeat:
    """The opponent agrees to a proposed Narrative Feat, or not (then the book's compromise:
    the lower difficulty, a more dangerous failure)."""

    agree: bool


# ------------------------------------------------------ the Mildaark Forest (rules/forest.py)
@CODEC.register
@dataclass(frozen=True, slots=True)
class UsePortal:
    """Step through the forest portal ``index`` to the other one (card 4)."""

    index: int


@CODEC.register
@dataclass(frozen=True, slots=True)
class OpenCache:
    """Open the forest cache ``index`` with an Easy Feat of ``ap`` dice (card 2)."""

    index: int
    ap: int
