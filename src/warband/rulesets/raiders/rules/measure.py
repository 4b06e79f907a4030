"""Measuring, line of sight and cover.

Rule ids: ``raiders.core.measurement``, ``raiders.core.line_of_sight``,
``raiders.terrain.modifiers``.

* Every distance (ranges, the 12" of the Leader and the Standard Bearer, a unit's run distance
  for reactions) is measured between the units' leader figures. Contact between units is their
  formations touching (see :mod:`.movement`).
* Line of sight runs from the viewer's leader to the target unit. Terrain that blocks sight
  hides what is behind it (the core's sampled rays). Units block too, but a unit can see
  through one unit standing at its own elevation or higher; units standing lower than the
  viewer never block (raiders.core.line_of_sight; our reading, the rules yaml's default:
  sight is blocked when the line between the leaders crosses two or more such units).
* Cover (house figure, the book gives none): a unit that terrain partly hides from the shooter
  is in cover; its Target value rises by ``Options.cover_bonus`` (+1) unless it ran.
"""

from __future__ import annotations

from warband.core.geometry import segment_crosses_circle
from warband.rulesets.raiders.state import RaidersReader, Unit

__all__ = [
    "elevation",
    "in_cover",
    "line_of_sight",
    "sees_point",
    "shoot_targets",
    "units_blocking",
]


def elevation(st: RaidersReader, u: Unit) -> float:
    return float(st.table.elevation_at(u.x, u.y))


def units_blocking(st: RaidersReader, viewer: Unit, target: Unit) -> list[Unit]:
    """Units standing between ``viewer`` and ``target`` that can block its sight: those the
    line between the leaders crosses, at the viewer's elevation or higher."""
    return _blocking(st, viewer, target.x, target.y, target)


def _blocking(st: RaidersReader, viewer: Unit, tx: float, ty: float, target: Unit) -> list[Unit]:
    vx, vy = viewer.x, viewer.y
    # A unit whose formation lies wholly outside the segment's bounding box cannot be
    # crossed (the segment's nearest point to its leader is then further than its footprint):
    # the box is the cheap test, the exact one only for the units in it.
    lo_x, hi_x = (vx, tx) if vx <= tx else (tx, vx)
    lo_y, hi_y = (vy, ty) if vy <= ty else (ty, vy)
    crossed = []
    for u in st.units:
        # (not u.on_table, read without the property's call: every unit, at every sight test)
        if u is viewer or u is target or not u.deployed or u.destroyed:
            continue
        r = u.radius
        ux, uy = u.x, u.y
        if ux + r < lo_x or ux - r > hi_x or uy + r < lo_y or uy - r > hi_y:
            continue
        if segment_crosses_circle(vx, vy, tx, ty, ux, uy, r):
            crossed.append(u)
    if not crossed:
        return []
    height = elevation(st, viewer)
    return [u for u in crossed if elevation(st, u) >= height]


def line_of_sight(st: RaidersReader, viewer: Unit, target: Unit) -> bool:
    """Can ``viewer`` see ``target`` (raiders.core.line_of_sight)?"""
    if viewer is target:
        return True
    sight = st.table.sight(viewer.x, viewer.y, viewer.r, target.x, target.y, target.radius)
    if not sight.visible:
        return False
    return len(units_blocking(st, viewer, target)) < 2


def sees_point(st: RaidersReader, viewer: Unit, unit: Unit, x: float, y: float) -> bool:
    """Would ``viewer`` see ``unit`` if its leader stood at (x, y)? (Scouts' placement.)"""
    sight = st.table.sight(viewer.x, viewer.y, viewer.r, x, y, unit.radius)
    return bool(sight.visible) and len(_blocking(st, viewer, x, y, unit)) < 2


def in_cover(st: RaidersReader, viewer: Unit, target: Unit) -> bool:
    """Terrain hides part of ``target`` from ``viewer`` (house reading of the book's cover)."""
    sight = st.table.sight(viewer.x, viewer.y, viewer.r, target.x, target.y, target.radius)
    return bool(sight.hidden > 0)


def shoot_targets(st: RaidersReader, shooter: Unit) -> list[Unit]:
    """Enemy units the shooter could fire on: within its weapon's range of its leader and in
    sight (raiders.action.shoot)."""
    rng = shooter.profile.ranged_range
    if rng is None or not shooter.on_table:
        return []
    return [e for e in st.enemies_of(shooter)
            if st.leader_distance(shooter, e) <= rng and line_of_sight(st, shooter, e)]
