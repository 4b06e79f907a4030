"""Loading The Sword Marches content: gear profiles, Traits, the house tables and Adventures.

The packaged ``content/`` folder is the default; a user can copy it, edit it (for instance to
put in the official TABLES once published) and point the game at the copy
(``WARBAND_SWORD_MARCHES_CONTENT``). Every file is validated by :mod:`.models` and the
cross-checks below; every problem is reported at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from warband.content.yamlio import ContentReader
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
ENV_VAR = "WARBAND_SWORD_MARCHES_CONTENT"


@dataclass(frozen=True)
class Catalogue:
    directory: Path
    weapons: dict[str, WeaponModel]
    armour: dict[str, ArmourModel]
    arsenal: dict[str, ArsenalModel]
    traits: dict[str, TraitModel]
    stages: dict[str, StageModel]
    tables: TablesFile
    extra_rations_cost: int
    adventures: dict[str, AdventureModel]
    digest: str

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
    def load(directory: Path) -> Catalogue:
        reader = ContentReader()
        gear, _ = reader.read(directory / "gear.yaml", GearFile)
        traits_file, _ = reader.read(directory / "traits.yaml", TraitsFile)
        tables, _ = reader.read(directory / "tables.yaml", TablesFile)
        adventures: dict[str, AdventureModel] = {}
        for path in sorted((directory / "adventures").glob("*.yaml")):
            adv, _ = reader.read(path, AdventureModel)
            if adv is None:
                continue
            if adv.id in adventures:
                reader.problem(str(path), f"duplicate adventure id {adv.id!r}", "id")
            adventures[adv.id] = adv
        weapons: dict[str, WeaponModel] = {}
        armour: dict[str, ArmourModel] = {}
        if gear is not None:
            for w in gear.weapons:
                if w.id in weapons:
                    reader.problem(str(directory / "gear.yaml"), f"duplicate weapon {w.id!r}")
                weapons[w.id] = w
            for a in gear.armour:
                if a.id in armour or a.id in weapons:
                    reader.problem(str(directory / "gear.yaml"), f"duplicate gear id {a.id!r}")
                armour[a.id] = a
        traits: dict[str, TraitModel] = {}
        if traits_file is not None:
            for t in traits_file.traits:
                if t.id in traits:
                    reader.problem(str(directory / "traits.yaml"), f"duplicate trait {t.id!r}")
                if t.faction is not None and t.faction not in FACTIONS:
                    reader.problem(str(directory / "traits.yaml"),
                                   f"trait {t.id!r}: unknown faction {t.faction!r}")
                traits[t.id] = t
            for t in traits.values():
                if t.cascade is not None and not (t.cascade in traits and traits[t.cascade].gateway):
                    reader.problem(str(directory / "traits.yaml"),
                                   f"trait {t.id!r}: {t.cascade!r} is not a Cascade Trait")
        stages: dict[str, StageModel] = {}
        if tables is not None:
            stages = {s.id: s for s in tables.stages}
            for sid in ("upstart", "blooded", "legend"):
                if sid not in stages:
                    reader.problem(str(directory / "tables.yaml"), f"no Chronicle stage {sid!r}")
            for s in tables.stages:
                if set(s.rating_max) != set(ModelType):
                    reader.problem(str(directory / "tables.yaml"),
                                   f"stage {s.id!r} needs rating maxima for every model type")
            if set(tables.type_cost) != set(ModelType):
                reader.problem(str(directory / "tables.yaml"), "type_cost needs every model type")
            for name, rows in (("tactical_pool", [r.models for r in tables.tactical_pool]),
                               ("wounded_warlord_pool",
                                [r.models for r in tables.wounded_warlord_pool])):
                if not rows or rows != sorted(rows):
                    reader.problem(str(directory / "tables.yaml"),
                                   f"{name} rows must be in ascending order of models")
        if not adventures and not reader.problems:
            reader.problem(str(directory / "adventures"), "no adventure files found")
        reader.raise_if_problems()
        assert gear is not None and tables is not None
        return Catalogue(directory, weapons, armour,
                         {a.id: a for a in tables.inborn_arsenal}, traits, stages, tables,
                         gear.extra_rations_cost, adventures, reader.digest)


@lru_cache(maxsize=8)
def _cached(directory: str) -> Catalogue:
    return Catalogue.load(Path(directory))


def catalogue(directory: Path | str | None = None) -> Catalogue:
    """The content catalogue of ``directory`` (default: ``WARBAND_SWORD_MARCHES_CONTENT``,
    else the packaged content)."""
    chosen = directory or os.environ.get(ENV_VAR) or DEFAULT_CONTENT
    return _cached(str(Path(chosen).resolve()))
