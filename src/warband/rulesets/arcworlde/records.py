"""The run-time records of an ArcWorlde game: the Character Classes, Attacks, Equipment and
Profiles the catalogue builds from the validated content (``models.py``), and the Characters on
the table (``state.py`` re-exports :class:`Character`).

They live in a module of their own so that the optional compiled build (``warband._compiled``,
docs/performance.md "Compiled build") can compile them: the rules and the AIs read these fields
hundreds of thousands of times a game, and compiled code reads the fields of a compiled class
directly (a float as a C double), where a Python class costs a generic attribute look-up and a
boxed float per read. The pure-Python package runs this same source unchanged.

Rule ids: ``arcworlde.list.stat_profile``, ``arcworlde.list.attack_profile``,
``arcworlde.equipment.types``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from warband.core.geometry import Base
from warband.kit.records import FrozenRecord

if TYPE_CHECKING:
    from warband.rulesets.arcworlde.models import AttackModel

__all__ = ["CREATURE_CLASSES", "Attack", "Character", "CharacterClass", "Equipment", "Profile"]


class CharacterClass(StrEnum):
    """Character Classes (arcworlde.list.class.*)."""

    COMMANDER = "commander"
    MAGE = "mage"
    UNIT = "unit"
    ELITE = "elite"
    IRREGULAR = "irregular"
    HEAVY = "heavy"
    BEAST = "beast"
    MONSTER = "monster"
    TITAN = "titan"
    SWORD_FOR_HIRE = "sword-for-hire"


CREATURE_CLASSES = frozenset({CharacterClass.BEAST, CharacterClass.MONSTER, CharacterClass.TITAN})

@dataclass(frozen=True, slots=True)
class Attack(FrozenRecord):
    name: str
    ap: int | None
    power: int
    range: float | None
    shot: str
    crit_ignores_armour: bool
    ignores_armour: bool
    crit_reduce_ap: int
    crit_breaks_armour: bool
    crit_knocks_prone: bool
    charge_power: int
    source: str  # profile or equipment id it comes from

    @property
    def ranged(self) -> bool:
        return self.range is not None

    @staticmethod
    def of(model: AttackModel, source: str) -> Attack:
        s = model.special
        return Attack(
            model.name, model.ap, model.power, model.range, model.shot,
            s.crit_ignores_armour, s.ignores_armour, s.crit_reduce_ap, s.crit_breaks_armour,
            s.crit_knocks_prone, s.charge_power, source,
        )


@dataclass(frozen=True, slots=True)
class Equipment(FrozenRecord):
    id: str
    name: str
    kind: str
    cost: int
    weapon: bool
    armour: int
    movement: int
    attacks: tuple[Attack, ...]
    traits: frozenset[str]
    source: str


@dataclass(frozen=True, slots=True)
class Profile(FrozenRecord):
    id: str
    name: str
    faction: str
    cost: int
    classes: frozenset[CharacterClass]
    ap: int
    movement: int
    bravery: int
    hp: int
    base: int
    attacks: tuple[Attack, ...]
    traits: frozenset[str]
    equipment: tuple[Equipment, ...]
    source: str

    @property
    def creature(self) -> bool:
        return bool(self.classes & CREATURE_CLASSES)

    @property
    def commander(self) -> bool:
        return CharacterClass.COMMANDER in self.classes

    @property
    def sword_for_hire(self) -> bool:
        """A mercenary any Faction may hire (arcworlde.hire.swords_for_hire)."""
        return CharacterClass.SWORD_FOR_HIRE in self.classes


#: the Character's facts ``on_table`` is made of
_ON_TABLE_FACTS = frozenset({"deployed", "ko", "gobbled_by"})
#: the Character's facts its ``base`` is made of
_BASE_FACTS = frozenset({"x", "y", "r"})


@dataclass(slots=True)
class Character:
    uid: int
    side: int
    name: str
    profile: Profile
    equipment: tuple[Equipment, ...]
    attacks: tuple[Attack, ...]
    weapons: tuple[Equipment, ...]  # equipment weapons (two or more: one is chosen)
    r: float
    max_hp: int
    hp: int
    ap: int  # AP stat
    movement: int
    bravery: int
    armour: int
    traits: frozenset[str]
    unruly: bool
    cost: int = 0  # GP paid for it, equipment included
    x: float = -100.0
    y: float = -100.0
    deployed: bool = False
    ko: bool = False
    prone: bool = False
    prone_round: int = 0
    broken: bool = False
    fled: bool = False  # has Fled since becoming Broken
    activated: bool = False
    ap_penalty: int = 0  # AP lost at the next Activation (Crit effects; does not stack)
    weapon: str | None = None  # equipment id of the weapon in hand
    agile_round: int = 0  # Round in which the Agile re-roll was last used
    held: bool = False  # held back off the table until a Spell summons it (rules/magic.py)
    arcanite: int = 0  # Arcanite Tokens found in play (they may score; rules/arcanite.py)
    arcanite_bought: int = 0  # Arcanite Tokens bought before the game (never score)
    primed: str | None = None  # a Token spent on its next roll: "extra_die" or "reroll"
    # a Token spent against the Attack coming: "ward" (re-roll its first failed Defence Roll)
    # or "defence_die" (one more die on its first Defence Roll); None: none
    warded: str | None = None
    # Creatures' Traits (rules/creatures.py)
    gobbled_by: int | None = None  # uid of the Creature that swallowed it: off the table
    escape_tries: int = 0
    dwindled: tuple[int, ...] = ()  # AP taken by each Dwindling Strength threshold crossed
    unafraid_of: set[int] = field(default_factory=set)  # Fearsome Characters it stood up to
    throes_mark: int = -1  # the Activation in which Death Throes was last used
    mount_uid: int | None = None  # the Monstrous Mount it rides (rules/creatures.py)
    rider_uid: int | None = None  # the rider on this Monstrous Mount
    split_round: int = 0  # Split Activation: the Round of its first Activation ...
    split_ap: int = 0  # ... and the AP it has left for later Activations in that Round
    # statistics for the simulator
    damage_dealt: int = 0
    knock_outs: int = 0

    #: the profile's Commander flag, copied once: the AIs read it for every spot they weigh
    commander: bool = field(init=False, default=False)

    #: on the table: deployed, not Knocked Out, not swallowed. Kept up to date by
    #: ``__setattr__`` when one of those three facts is written, not worked out per read:
    #: the flow and the AIs read it some 16,000 times a game, the facts change a few times
    on_table: bool = field(init=False, default=False, repr=False, compare=False)

    #: the base where it stands, ``Base(x, y, r)``: made again only when ``x``, ``y`` or
    #: ``r`` is written (by ``__setattr__``: a few moves a game), not for each of the some
    #: 1,500 reads a game (the bases round a mover for every move an AI weighs)
    base: Base = field(init=False, default=Base(-100.0, -100.0, 0.0), repr=False,
                       compare=False)

    def __post_init__(self) -> None:
        self.commander = self.profile.commander
        self.on_table = self.deployed and not self.ko and self.gobbled_by is None
        self.base = Base(self.x, self.y, self.r)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in _ON_TABLE_FACTS:
            try:
                on = self.deployed and not self.ko and self.gobbled_by is None
            except AttributeError:  # still being built: __post_init__ works it out
                return
            object.__setattr__(self, "on_table", on)
        elif name in _BASE_FACTS:
            try:
                base = Base(self.x, self.y, self.r)
            except AttributeError:  # still being built: __post_init__ works it out
                return
            object.__setattr__(self, "base", base)

    @property
    def aboard(self) -> bool:
        """A rider on its Monstrous Mount: it shares the mount's base, so it is no base of
        its own for movement and placement (arcworlde.trait.monstrous_mount)."""
        return self.mount_uid is not None

    def usable_attacks(self) -> list[Attack]:
        """Profile Attacks plus the Attacks of the weapon in hand
        (arcworlde.equipment.weapon_choice)."""
        if len(self.weapons) <= 1:
            return list(self.attacks)
        return [a for a in self.attacks
                if a.source == self.profile.id or a.source == self.weapon
                or a.source not in {w.id for w in self.weapons}]
