"""The state of an ArcWorlde game: Characters on a table, the Round, Victory Points.

Kept flat and cheap to read (slotted dataclasses, plain floats for positions) because the AIs
and the simulator read it thousands of times per game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.geometry import Base, Table
from warband.kit.state import OpenView, TableQueries
from warband.rulesets.arcworlde.models import Attack, Equipment, Profile, ScenarioModel
from warband.rulesets.arcworlde.options import Options

__all__ = ["ArcState", "ArcView", "Character", "Options"]


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
    # statistics for the simulator
    damage_dealt: int = 0
    knock_outs: int = 0

    @property
    def commander(self) -> bool:
        return self.profile.commander

    @property
    def on_table(self) -> bool:
        return self.deployed and not self.ko

    @property
    def base(self) -> Base:
        return Base(self.x, self.y, self.r)

    def usable_attacks(self) -> list[Attack]:
        """Profile Attacks plus the Attacks of the weapon in hand
        (arcworlde.equipment.weapon_choice)."""
        if len(self.weapons) <= 1:
            return list(self.attacks)
        return [a for a in self.attacks
                if a.source == self.profile.id or a.source == self.weapon
                or a.source not in {w.id for w in self.weapons}]


@dataclass
class ArcState(TableQueries[Character]):
    dice: Dice
    log: EventLog
    table: Table
    scenario: ScenarioModel
    chars: list[Character]
    side_names: list[str]
    side_labels: list[str]
    options: Options
    round: int = 0
    vp_knock_outs: list[int] = field(default_factory=lambda: [0, 0])
    initiative: list[int] = field(default_factory=list)
    #: the player who took the first Activation of Round 1 (for the simulator's statistics)
    first_player: int | None = None
    over: bool = False

    def __post_init__(self) -> None:
        self.pieces = self.chars  # the same list, for the kit's side queries

    # -- queries ---------------------------------------------------------------------------
    def distance(self, a: Character, b: Character) -> float:
        """Base edge to base edge, as the rules measure; Engaged means in base contact
        (arcworlde.combat.engagement)."""
        return math.hypot(b.x - a.x, b.y - a.y) - a.r - b.r

    gap = distance  # the measure the kit's in_contact and engaged_with use

    def friends_in_contact(self, ch: Character) -> list[Character]:
        return [f for f in self.friends_of(ch) if self.in_contact(ch, f)]

    def blockers(self, ch: Character) -> list[Base]:
        return [Base(c.x, c.y, c.r) for c in self.chars if c.on_table and c is not ch]

    def blocker_chars(self, ch: Character) -> list[Character]:
        return [c for c in self.chars if c.on_table and c is not ch]

    def commander_of(self, side: int) -> list[Character]:
        return [c for c in self.living(side) if c.commander]


class ArcView(OpenView[ArcState]):
    """What a player sees: ArcWorlde has open information, so everything but the dice."""

    __slots__ = ()
