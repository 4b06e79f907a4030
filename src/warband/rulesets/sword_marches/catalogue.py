"""Loading The Sword Marches content: gear profiles, Traits, the house tables and Adventures.

The packaged ``content/`` folder is the default; a user can copy it, edit it (for instance to
put in the official TABLES once published) and point the game at the copy
(``WARBAND_SWORD_MARCHES_CONTENT``, :class:`warband.kit.content.ContentFolder`). Every file is
validated by :mod:`.models` and the cross-checks below; every problem is reported at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from shapely import Polygon

from warband.content.yamlio import ContentReader
from warband.kit.content import CatalogueBase, ContentFolder, index_unique, read_scenarios
from warband.rulesets.sword_marches.models import (
    FACTIONS,
    AdventureModel,
    ArmourModel,
    ArsenalModel,
    GearFile,
    ModelType,
    StageModel,
    TablesFile,
    TraitModel,
    TraitsFile,
    Weapon,
    WeaponModel,
)

__all__ = ["DEFAULT_CONTENT", "Catalogue", "catalogue"]

DEFAULT_CONTENT = Path(__file__).with_name("content")
#: the widest piece that is an Obstacle (sm.terrain.obstacles)
OBSTACLE_WIDTH = 1.5


@dataclass(frozen=True, kw_only=True)
class Catalogue(CatalogueBase):
    weapons: dict[str, WeaponModel]
    armour: dict[str, ArmourModel]
    arsenal: dict[str, ArsenalModel]
    traits: dict[str, TraitModel]
    stages: dict[str, StageModel]
    tables: TablesFile
    extra_rations_cost: int
    #: the house Adventures (the kit's ``scenario`` option picks one)
    scenarios: dict[str, AdventureModel]

    def weapon(self, wid: str) -> Weapon:
        w = self.weapons[wid]
        return Weapon(w.id, w.name, w.reach, w.range, w.rof, w.dmg,
                      frozenset(t.value for t in w.traits))

    def gear_cost(self, gid: str) -> int:
        if gid in self.weapons:
            return self.weapons[gid].cost
        if gid in self.armour:
            return self.armour[gid].cost
        return self.arsenal[gid].cost

    def gear_traits(self, gid: str) -> frozenset[str]:
        if gid in self.weapons:
            return frozenset(t.value for t in self.weapons[gid].traits)
        if gid in self.armour:
            return frozenset(t.value for t in self.armour[gid].traits)
        return frozenset()

    def tactical_pool(self, models: int, cmd: int) -> int:
        """Base Action Tokens (the house Tactical Pool Table, sm.orders.tactical_pool)."""
        rows = self.tables.tactical_pool
        row = next((r for r in rows if models <= r.models), rows[-1])
        return row.by_cmd[min(max(cmd, 1), 7) - 1]

    def wounded_warlord_pool(self, models: int) -> int:
        """Action Tokens once the Warlord is Wounded (house table, sm.orders.tactical_pool)."""
        rows = self.tables.wounded_warlord_pool
        row = next((r for r in rows if models <= r.models), rows[-1])
        return min(row.tokens, models)

    def rating_cost(self, value: int) -> int:
        return self.tables.rating_cost[min(max(value, 1), 7) - 1]

    @staticmethod
    def build(directory: Path, reader: ContentReader) -> Catalogue:
        gear_path, traits_path, tables_path = (directory / "gear.yaml", directory / "traits.yaml",
                                               directory / "tables.yaml")
        gear, _ = reader.read(gear_path, GearFile)
        traits_file, _ = reader.read(traits_path, TraitsFile)
        tables, _ = reader.read(tables_path, TablesFile)
        scenarios = read_scenarios(reader, directory, AdventureModel)
        problems = reader.problems
        weapons = index_unique(gear.weapons if gear else [], lambda w: w.id, str(gear_path),
                               "weapons", problems)
        armour = index_unique(gear.armour if gear else [], lambda a: a.id, str(gear_path),
                              "armour", problems)
        for a in armour:
            if a in weapons:
                reader.problem(str(gear_path), f"gear id {a!r} is both a weapon and armour")
        traits = index_unique(traits_file.traits if traits_file else [], lambda t: t.id,
                              str(traits_path), "traits", problems)
        for t in traits.values():
            if t.faction is not None and t.faction not in FACTIONS:
                reader.problem(str(traits_path), f"trait {t.id!r}: unknown faction {t.faction!r}")
            if t.cascade is not None and not (t.cascade in traits and traits[t.cascade].gateway):
                reader.problem(str(traits_path),
                               f"trait {t.id!r}: {t.cascade!r} is not a Cascade Trait")
        stages: dict[str, StageModel] = {}
        if tables is not None:
            stages = {s.id: s for s in tables.stages}
            for sid in ("upstart", "blooded", "legend"):
                if sid not in stages:
                    reader.problem(str(tables_path), f"no Chronicle stage {sid!r}")
            for s in tables.stages:
                if set(s.rating_max) != set(ModelType):
                    reader.problem(str(tables_path),
                                   f"stage {s.id!r} needs rating maxima for every model type")
            if set(tables.type_cost) != set(ModelType):
                reader.problem(str(tables_path), "type_cost needs every model type")
            for name, rows in (("tactical_pool", [r.models for r in tables.tactical_pool]),
                               ("wounded_warlord_pool",
                                [r.models for r in tables.wounded_warlord_pool])):
                if not rows or rows != sorted(rows):
                    reader.problem(str(tables_path),
                                   f"{name} rows must be in ascending order of models")
        for sid, adv in scenarios.items():
            for t in adv.terrain:
                if t.obstacle:
                    rect = Polygon(t.points).minimum_rotated_rectangle
                    xs = list(rect.exterior.coords)
                    sides = sorted(math.dist(xs[i], xs[i + 1]) for i in range(2))
                    if sides[0] > OBSTACLE_WIDTH + 1e-6:
                        reader.problem(f"{directory / 'scenarios'}/{sid}.yaml",
                                       f"{t.name}: an Obstacle is at most 1.5\" wide, this one"
                                       f" {sides[0]:.2f}\" (sm.terrain.obstacles)", "terrain")
        if gear is None or tables is None:
            reader.raise_if_problems()
        assert gear is not None and tables is not None
        return Catalogue(directory=directory, digest=reader.digest, weapons=weapons,
                         armour=armour, arsenal={a.id: a for a in tables.inborn_arsenal},
                         traits=traits, stages=stages, tables=tables,
                         extra_rations_cost=gear.extra_rations_cost, scenarios=scenarios)


CONTENT = ContentFolder(DEFAULT_CONTENT, "WARBAND_SWORD_MARCHES_CONTENT", Catalogue.load)
#: the content catalogue of a folder (default: ``WARBAND_SWORD_MARCHES_CONTENT``, else the
#: packaged content), loaded once per folder
catalogue = CONTENT.catalogue
