"""The state of an Armies of Arcana battle: units, their characters, spells in play, the turn.

A :class:`Unit` is a block of identical models (rank and file, skirmishers or a single model)
with the characters who joined it; its :class:`~warband.core.formations.Formation` is its place
on the table (None while an infiltrator waits off the table, or once it is gone). Wounds land on
one model at a time (``damage`` on the front model); a unit whose troops are all dead goes on as
its surviving characters.

The game is open information: :class:`ArmiesView` is the state without the dice.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.formations import Formation
from warband.kit.state import OpenView
from warband.rulesets.armies.models import Kind, ProfileModel, ScenarioModel, SpellModel, Trait
from warband.rulesets.armies.options import Options

__all__ = ["ActiveSpell", "ArmiesState", "ArmiesView", "Character", "MM_PER_INCH", "Options",
           "Unit", "centre_of"]

MM_PER_INCH = 25.4
#: a skirmisher stands this far from the next (house: armies.trait.skirmisher gives no spacing)
SKIRMISH_GAP = 1.0


@dataclass(slots=True)
class Character:
    cid: int
    side: int
    name: str
    profile: ProfileModel
    general: bool
    wounds: int  # wounds left
    power: int = 0
    cast_this_turn: bool = False
    alive: bool = True
    damage_dealt: int = 0

    @property
    def caster(self) -> bool:
        return self.profile.caster is not None


@dataclass(slots=True)
class Unit:
    uid: int
    side: int
    name: str
    profile: ProfileModel
    models: int  # troop models alive
    start_models: int
    files: int
    characters: list[Character]
    formation: Formation | None = None
    damage: int = 0  # wounds on the front troop model
    deployed: bool = False
    gone: bool = False  # destroyed, or fled off the table
    fled_off: bool = False
    broken: bool = False
    engaged: set[int] = field(default_factory=set)
    # this turn
    moved_in_flee: bool = False
    charged: bool = False
    fired: bool = False
    late: bool = False  # placed as a late infiltrator: no moving, -1 to shoot
    models_lost_turn: int = 0
    wounds_removed_turn: int = 0
    wounded_turn: bool = False
    character_lost_turn: bool = False
    fearsome_casualty: bool = False
    skill_bonus: int = 0  # spells lasting this turn
    morale_bonus: int = 0
    # statistics
    wounds_dealt: int = 0
    models_killed: int = 0
    start_wounds: int = 0
    cost: int = 0

    # -- composition -------------------------------------------------------------------------
    @property
    def alive_characters(self) -> list[Character]:
        return [c for c in self.characters if c.alive]

    @property
    def model_count(self) -> int:
        return self.models + len(self.alive_characters)

    @property
    def wounds_left(self) -> int:
        troops = self.models * self.profile.wounds - self.damage if self.models else 0
        return troops + sum(c.wounds for c in self.alive_characters)

    @property
    def on_table(self) -> bool:
        return self.deployed and not self.gone and self.formation is not None

    @property
    def active(self) -> bool:
        """On the table and not broken."""
        return self.on_table and not self.broken

    @property
    def skirmish(self) -> bool:
        return self.profile.formation == "skirmish" and self.models > 0

    @property
    def raf(self) -> bool:
        return self.profile.formation == "raf" and self.models > 0

    @property
    def single(self) -> bool:
        return not self.skirmish and not self.raf

    @property
    def monster(self) -> bool:
        return self.profile.kind == Kind.MONSTER and self.models > 0

    def has(self, trait: Trait) -> bool:
        return trait in self.profile.traits

    @property
    def base_w(self) -> float:
        p = self.profile if self.models else self.alive_characters[0].profile
        return p.base_mm[0] / MM_PER_INCH

    @property
    def base_d(self) -> float:
        p = self.profile if self.models else self.alive_characters[0].profile
        return p.base_mm[1] / MM_PER_INCH

    @property
    def current_files(self) -> int:
        if self.models == 0:
            return 1
        if self.skirmish:
            return max(1, math.ceil(self.models / 2))
        return max(1, min(self.files, self.models))

    @property
    def ranks(self) -> int:
        if self.models == 0:
            return 1
        return max(1, math.ceil(self.models / self.current_files))

    def shape(self) -> tuple[float, float]:
        """Width and depth of the unit's formation as it is now."""
        if self.skirmish:
            return (self.current_files * (self.base_w + SKIRMISH_GAP) - SKIRMISH_GAP,
                    self.ranks * (self.base_d + SKIRMISH_GAP) - SKIRMISH_GAP)
        return self.current_files * self.base_w, self.ranks * self.base_d

    def reshape(self) -> None:
        """Shrink the formation to the models left (front centre and heading kept)."""
        if self.formation is not None:
            w, d = self.shape()
            self.formation = Formation(self.formation.x, self.formation.y,
                                       self.formation.heading, w, d, self.skirmish)

    def new_turn(self) -> None:
        self.moved_in_flee = self.charged = self.fired = self.late = False
        self.models_lost_turn = self.wounds_removed_turn = 0
        self.wounded_turn = self.character_lost_turn = self.fearsome_casualty = False
        self.skill_bonus = self.morale_bonus = 0


@dataclass(slots=True)
class ActiveSpell:
    """A persistent spell in play (armies.magic.persistent_spells)."""

    spell: SpellModel
    side: int
    caster: int  # cid
    target: int  # uid
    total: int  # the casting total a dispel must match (armies.magic.dispel)


@dataclass(slots=True)
class ArmiesState:
    dice: Dice
    log: EventLog
    scenario: ScenarioModel
    options: Options
    spells: dict[str, SpellModel]
    side_labels: tuple[str, str]
    side_names: tuple[str, str]
    units: list[Unit]
    turn: int = 0
    turns: int = 6
    first_mover: int | None = None  # who moved first this turn (armies.move.initiative)
    first_player: int | None = None  # who moved first in turn 1
    in_play: list[ActiveSpell] = field(default_factory=list)
    over: bool = False
    objective_vp: list[int] = field(default_factory=lambda: [0, 0])
    late_infiltrators: set[int] = field(default_factory=set)

    def units_of(self, side: int) -> Iterator[Unit]:
        return (u for u in self.units if u.side == side)

    def unit(self, uid: int) -> Unit:
        return self.units[uid]

    def on_table(self, side: int | None = None) -> list[Unit]:
        return [u for u in self.units if u.on_table and (side is None or u.side == side)]

    def characters(self, side: int | None = None) -> Iterator[tuple[Unit, Character]]:
        for u in self.units:
            if side is not None and u.side != side:
                continue
            for c in u.characters:
                yield u, c

    def host_of(self, cid: int) -> tuple[Unit, Character]:
        for u, c in self.characters():
            if c.cid == cid:
                return u, c
        raise KeyError(cid)

    def engage(self, a: Unit, b: Unit) -> None:
        a.engaged.add(b.uid)
        b.engaged.add(a.uid)

    def disengage(self, a: Unit) -> None:
        for uid in a.engaged:
            self.units[uid].engaged.discard(a.uid)
        a.engaged.clear()

    def armour_bonus(self, u: Unit) -> int:
        return sum(s.spell.amount for s in self.in_play
                   if s.target == u.uid and s.spell.effect == "armour")

    def blockers(self, u: Unit) -> list[Formation]:
        return [o.formation for o in self.units
                if o is not u and o.on_table and o.formation is not None]


def centre_of(f: Formation | None) -> list[float] | None:
    """A formation's centre, rounded, for events (the board draws units at their centres)."""
    if f is None:
        return None
    x, y = f.centre
    return [round(x, 2), round(y, 2)]


class ArmiesView(OpenView[ArmiesState]):
    """What a player sees: everything but the dice and the log (Armies of Arcana has no hidden
    information)."""
