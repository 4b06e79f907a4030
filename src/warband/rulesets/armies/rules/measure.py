"""Measuring on the table for Armies of Arcana: fitting a formation, cover, who fights and
who shoots. Geometry itself lives in :mod:`warband.core.formations`.

House readings (docs/rulesets/armies.md): a unit is in cover when the centre of its formation
is inside woods (cover) or ruins (heavy cover); a rank-and-file unit fights with the files (or,
on a flank, the ranks) touching the enemy, two ranks deep with long weapons
(armies.melee.long_weapons); skirmishers bring every model within 3" of the contact
(armies.move.skirmisher_engage); rank-and-file archers shoot from their first ranks.
"""

from __future__ import annotations

import math

from warband.core.formations import Formation
from warband.rulesets.armies.mechanics import CoverLevel
from warband.rulesets.armies.models import Trait
from warband.rulesets.armies.state import ArmiesState, Unit

__all__ = ["cover_of", "fighters", "fits", "on_hill", "on_table", "shooters"]

#: how far skirmishers spread to engage (armies.move.skirmisher_engage)
SKIRMISH_ENGAGE = 3.0


def on_table(st: ArmiesState, f: Formation) -> bool:
    w, h = st.scenario.table
    return all(-1e-6 <= x <= w + 1e-6 and -1e-6 <= y <= h + 1e-6 for x, y in f.corners())


def fits(st: ArmiesState, unit: Unit, f: Formation, ignore: tuple[int, ...] = ()) -> bool:
    """On the table and overlapping no other unit."""
    if not on_table(st, f):
        return False
    return not any(o.formation is not None and o.on_table and o is not unit
                   and o.uid not in ignore and f.overlaps(o.formation) for o in st.units)


def cover_of(st: ArmiesState, unit: Unit) -> CoverLevel:
    """armies.missile.mod_cover / mod_heavy_cover (house: the formation's centre inside woods
    is cover, inside ruins heavy cover)."""
    if unit.formation is None:
        return "none"
    cx, cy = unit.formation.centre
    best: CoverLevel = "none"
    for t in st.scenario.terrain:
        if t.kind != "hill" and t.x <= cx <= t.x + t.w and t.y <= cy <= t.y + t.h:
            if t.kind == "ruins":
                return "heavy"
            best = "cover"
    return best


def on_hill(st: ArmiesState, unit: Unit) -> bool:
    """House: a unit whose formation's centre is on a hill stands on the steep slope's top
    (armies.melee.mod_slope: attacking it from off the hill is attacking uphill)."""
    if unit.formation is None:
        return False
    cx, cy = unit.formation.centre
    return any(t.kind == "hill" and t.x <= cx <= t.x + t.w and t.y <= cy <= t.y + t.h
               for t in st.scenario.terrain)


def fighters(st: ArmiesState, unit: Unit, enemy: Unit) -> int:
    """Troop models of ``unit`` that fight ``enemy`` (at least one while they are engaged)."""
    if unit.models == 0 or unit.formation is None or enemy.formation is None:
        return 0
    contacts = unit.formation.contacts(enemy.formation, tolerance=0.1)
    if unit.skirmish:
        length = max((c[2] for c in contacts), default=0.0)
        reach = math.floor((length + 2 * SKIRMISH_ENGAGE) / (unit.base_w + 1.0)) + 1
        return max(1, min(unit.models, reach))
    if unit.single:
        return 1
    count = 0
    for mine, _theirs, length in contacts:
        if mine in ("front", "rear"):
            files = min(unit.current_files, math.ceil(length / unit.base_w - 0.05))
            ranks = 2 if mine == "front" and unit.has(Trait.LONG_WEAPON) else 1
            count += files * min(ranks, unit.ranks)
        else:
            count += min(unit.ranks, math.ceil(length / unit.base_d - 0.05))
    return max(1, min(unit.models, count))


def shooters(unit: Unit) -> int:
    """Troop models that shoot: skirmishers and single models all, rank and file the first
    ``missile.ranks`` ranks (house)."""
    missile = unit.profile.missile
    if missile is None or unit.models == 0:
        return 0
    if unit.raf:
        return min(unit.models, unit.current_files * missile.ranks)
    return unit.models
