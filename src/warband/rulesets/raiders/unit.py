"""A Raiders of Arcana unit: the plain record the rules and the AIs read hundreds of thousands
of times a game (re-exported by :mod:`~warband.rulesets.raiders.state`).

It lives in a module of its own so that the optional compiled build (docs/performance.md,
"Compiled build") can make it a native class: compiled rules and AI code then read its fields
directly, without a Python attribute lookup, while :mod:`.state` (whose state and view classes
build on the kit's Python mixins) stays Python. Pure Python, it is the same slotted dataclass.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from warband.core.geometry import Base, formation_offsets, formation_radius
from warband.rulesets.raiders.models import Profile

__all__ = ["Unit", "footprint"]


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
        return _new_base(Base, (self.x, self.y, self.radius))

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
