"""The plain records a Raiders of Arcana game reads hundreds of thousands of times: a unit
(re-exported by :mod:`~warband.rulesets.raiders.state`), its profile and the spells, as the
catalogue builds them from the validated content files (:mod:`.models`).

They live in a module of their own so that the optional compiled build (docs/performance.md,
"Compiled build") can make them native classes: compiled rules and AI code then read their fields
directly, without a Python attribute lookup, and hash a profile without a Python call, while
:mod:`.state` (whose state and view classes build on the kit's Python mixins) and
:mod:`.models` (pydantic) stay Python. Pure Python, they are the same slotted dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from warband.core.geometry import Base, formation_offsets, formation_radius
from warband.kit.records import FrozenRecord
from warband.rulesets.raiders.models import SpellEffect, UnitType

__all__ = ["Profile", "Spell", "Unit", "footprint"]


@dataclass(frozen=True, slots=True)
class Spell(FrozenRecord):
    id: str
    name: str
    rule: str
    difficulty: int
    effect: SpellEffect
    levels: tuple[int, ...]  # amount at power level 1, 2, ...
    range: float

    @property
    def max_level(self) -> int:
        return len(self.levels)

    def amount(self, level: int) -> int:
        """The effect's amount at ``level``; levels above the highest listed count as the
        highest (raiders.magic.effectiveness, default reading)."""
        return self.levels[min(level, self.max_level) - 1]


@dataclass(frozen=True, slots=True)
class Profile(FrozenRecord):
    id: str
    name: str
    type: UnitType
    variant: str
    cultures: frozenset[str]
    figures: int
    base: int
    cost: int
    cost_source: str  # "book" or "house"
    hp: int
    move: int
    run: int
    cd: int
    attack_skill: int
    defence_bonus: int
    strength: int
    target: int
    armour: int
    mr: int
    fatigue: int
    morale: int
    abilities: frozenset[str]
    ability_values: tuple[tuple[str, int], ...]  # the X of abilities such as Combat Master (X)
    ranged_name: str | None
    ranged_range: float | None
    spells: tuple[str, ...]
    source: str

    def __hash__(self) -> int:
        # By the id alone: cheap, and equal profiles share it. Profiles with one id but other
        # numbers (a campaign veteran's, lists.py) still compare unequal field by field, so
        # the AI's keys that hold a profile keep them apart.
        return hash(self.id)

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def value(self, ability: str) -> int:
        """The number an ability carries (Combat Master (X)), 0 if absent."""
        for name, v in self.ability_values:
            if name == ability:
                return v
        return 0

    @property
    def mv_text(self) -> str:
        return f"{self.move}/{self.run}"

    @property
    def magic_user(self) -> bool:
        return bool(self.spells)


@lru_cache(maxsize=1024)
def footprint(figures: int, r: float) -> float:
    """Radius of the ground a unit of ``figures`` bases of radius ``r`` covers when formed up
    around its leader (raiders.core.movement_formation)."""
    return formation_radius(max(1, figures), r, 0.05)


#: ``Base(x, y, r)`` without the named tuple's own ``__new__`` frame (what it calls)
_new_base = tuple.__new__


@dataclass(slots=True, eq=False)
class Unit:
    uid: int
    side: int
    name: str
    profile: Profile
    size: int  # starting strength in figures
    figures: int
    r: float  # radius of one figure's base, inches
    x: float = -100.0  # the leader figure (raiders.core.measurement)
    y: float = -100.0
    deployed: bool = False  # has been on the table
    destroyed: bool = False
    wounds: int = 0  # wounds carried on the current figure (raiders.core.casualty_removal)
    fatigue: int = 0
    morale_tokens: int = 0
    broken: bool = False
    ready: bool = False
    aimed: bool = False
    power: int = 0
    palisade: tuple[float, float] | None = None
    palisade_lost: bool = False
    prowess: int = 0  # extra combat dice this turn (Combat Prowess)
    speed: int = 0  # extra inches of movement this turn (Unnatural Speed)
    lost_this_turn: int = 0  # figures removed this turn (Healing may bring them back)
    # statistics
    wounds_dealt: int = 0
    figures_killed: int = 0
    # the footprint (``radius``) kept with the strength it was worked out for: read hundreds
    # of thousands of times a game, it changes only when figures are lost or come back
    _footprint: float = field(default=0.0, init=False, repr=False, compare=False)
    _footprint_of: int = field(default=-1, init=False, repr=False, compare=False)
    # the last ``base`` made, handed out again while the leader stands where it stood and the
    # footprint is the same (units stand still most of the time; the AI reads every unit's
    # base at every decision)
    _base: Base | None = field(default=None, init=False, repr=False, compare=False)

    # -- reading -------------------------------------------------------------------------
    @property
    def on_table(self) -> bool:
        return self.deployed and not self.destroyed

    @property
    def radius(self) -> float:
        """The unit's footprint about its leader (:func:`footprint` of its figures, worked
        out again whenever the number of figures has changed since the last read)."""
        if self._footprint_of != self.figures:
            self._footprint = footprint(self.figures, self.r)
            self._footprint_of = self.figures
        return self._footprint

    @property
    def base(self) -> Base:
        """The unit's footprint as a base: where the leader stands, and :attr:`radius`."""
        r = self.radius
        kept = self._base
        if kept is None or kept[0] != self.x or kept[1] != self.y or kept[2] != r:
            kept = self._base = _new_base(Base, (self.x, self.y, r))
        return kept

    @property
    def fatigued(self) -> bool:
        """At its fatigue limit: no more actions or reactions (raiders.fatigue.limit)."""
        return self.fatigue >= self.profile.fatigue

    @property
    def hp_left(self) -> int:
        return self.figures * self.profile.hp - self.wounds

    @property
    def at_half_strength(self) -> bool:
        """At or below half its starting strength: figures for a unit, HP for a single
        creature (raiders.morale.test_trigger; 2.5 of 5 means 2 or fewer)."""
        if self.size == 1:
            return 2 * self.hp_left <= self.profile.hp
        return 2 * self.figures <= self.size

    @property
    def move(self) -> int:
        return self.profile.move + self.speed

    @property
    def run(self) -> int:
        return self.profile.run + self.speed

    @property
    def behind_palisade(self) -> bool:
        return self.palisade is not None and not self.palisade_lost

    @property
    def shooter(self) -> bool:
        return self.profile.ranged_range is not None

    def has(self, ability: str) -> bool:
        return ability in self.profile.abilities

    def figure_positions(self) -> list[tuple[float, float]]:
        """Where the figures stand, formed up round the leader (first) - for display."""
        return [(self.x + dx, self.y + dy)
                for dx, dy in formation_offsets(self.figures, self.r, 0.05)]
