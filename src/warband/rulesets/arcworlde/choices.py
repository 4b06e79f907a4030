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
    "ActivatePack",
    "AgileReroll",
    "AgreeFeat",
    "Attack",
    "Cast",
    "ChooseWeapon",
    "ClaimArtefact",
    "DeployOrder",
    "DropItem",
    "Disengage",
    "EndActivation",
    "Escape",
    "GiveArcanite",
    "GiveItem",
    "Gobble",
    "HelpUp",
    "LegIt",
    "Move",
    "Narrative",
    "OpenCache",
    "PauseActivation",
    "PickUpArcanite",
    "PickUpItem",
    "Place",
    "RousingCheer",
    "Shoot",
    "SpellDraw",
    "StealArcanite",
    "StealItem",
    "StandUp",
    "SwitchWeapon",
    "UseArcanite",
    "UsePortal",
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


# ------------------------------------------------------------------ magic (rules/magic.py)
@choice(CODEC)
class Cast:
    """A Mage nominates a Spell (and its target, for targeted Spells) and pays to cast it:
    ``pay`` is ``"ap"`` (2AP) or ``"arcanite"`` (an Arcanite Token) (arcworlde.magic.casting)."""

    spell: str
    target: int | None
    pay: str = "ap"


@choice(CODEC)
class SpellDraw:
    """While the cards fall short of the Spell's level: ``"ap"`` or ``"arcanite"`` pays for
    another card, ``"stop"`` lets the Spell fail, ``"overpower"`` declares a total over 21
    (when only such a total reaches the level)."""

    pay: str


# ------------------------------------------------------------- Arcanite (rules/arcanite.py)
@choice(CODEC)
class UseArcanite:
    """Spend an Arcanite Token: ``"ap"`` (+1AP now), ``"extra_die"`` (one more D6 on the
    next Feat or Attack roll) or ``"reroll"`` (the next Attack re-rolls a failed Power die);
    when attacked, ``"defence_die"`` (one more die on the first Defence Roll), ``"ward"`` (re-roll
    the first failed Defence Roll) or ``"decline"``."""

    use: str


@choice(CODEC)
class PickUpArcanite:
    """Pick up the Arcanite Token ``token`` (index on the table) with an Easy Feat."""

    token: int
    ap: int


@choice(CODEC)
class GiveArcanite:
    """Give an Arcanite Token to a friend in base contact (Easy Feat)."""

    target: int
    ap: int


@choice(CODEC)
class StealArcanite:
    """Steal an Arcanite Token from a Prone enemy in base contact (Easy Feat)."""

    target: int
    ap: int


# ------------------------------------------------------------ Creatures (rules/creatures.py)
@choice(CODEC)
class Gobble:
    """Try to swallow an enemy in base contact (a Medium Feat with ``ap`` dice)."""

    target: int
    ap: int


@choice(CODEC)
class Escape:
    """A Gobbled Character commits ``ap`` dice to its escape Feat."""

    ap: int


@choice(CODEC)
class PauseActivation:
    """Split Activation: end this Activation keeping the AP left, to be Activated again later
    in the Round (arcworlde.trait.split_activation)."""


@choice(CODEC)
class ActivatePack:
    """Pack Hunter: Activate up to three of the same Character together, one after another
    in the same turn (arcworlde.trait.pack_hunter)."""

    uids: tuple[int, ...]


# ---------------------------------------------------- Narrative Feats (rules/narrative.py)
@choice(CODEC)
class Narrative:
    """Propose the Narrative Feat ``feat`` (a template id) on ``targets`` at ``difficulty``,
    committing ``ap`` dice (arcworlde.feat.narrative)."""

    feat: str
    targets: tuple[int, ...]
    difficulty: str
    ap: int


@choice(CODEC)
class AgreeFeat:
    """The opponent agrees to a proposed Narrative Feat, or not (then the book's compromise:
    the lower difficulty, a more dangerous failure)."""

    agree: bool


# ------------------------------------------------------ the Mildaark Forest (rules/forest.py)
@choice(CODEC)
class UsePortal:
    """Step through the forest portal ``index`` to the other one (card 4)."""

    index: int


@choice(CODEC)
class OpenCache:
    """Open the forest cache ``index`` with an Easy Feat of ``ap`` dice (card 2)."""

    index: int
    ap: int


@choice(CODEC)
class ClaimArtefact:
    """Pull the forest's Fabled Artefact out with a Medium Feat of ``ap`` dice (card A)."""

    ap: int


# ------------------------------------------------------------------ Items (rules/items.py)
@choice(CODEC)
class GiveItem:
    """Give the Item ``item`` to a friend in base contact (Easy Feat, ``ap`` dice)."""

    target: int
    item: str
    ap: int


@choice(CODEC)
class DropItem:
    """Drop the Item ``item`` where the Character stands (Easy Feat)."""

    item: str
    ap: int


@choice(CODEC)
class StealItem:
    """Steal the Item ``item`` from a Prone enemy in base contact (Easy Feat)."""

    target: int
    item: str
    ap: int


@choice(CODEC)
class PickUpItem:
    """Pick up the Item token ``index`` lying on the table (Easy Feat)."""

    index: int
    ap: int
