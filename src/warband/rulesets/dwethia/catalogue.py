"""Loading the Dwethia Heroes content: races, classes, factions, wargear, Affinity powers,
terrain glossary, the 25 objectives and the arenas (house data except where marked book).

The packaged ``content/`` folder is the default; ``WARBAND_DWETHIA_CONTENT`` points at an
edited copy. Every file is validated by :mod:`.models`; cross-references are checked and every
problem is reported at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from warband.content.yamlio import ContentReader, line_for
from warband.kit.content import CatalogueBase, ContentFolder
from warband.rulesets.dwethia.models import (
    ArenaModel,
    ClassesFile,
    ClassModel,
    FactionModel,
    FactionsFile,
    ObjectiveModel,
    ObjectivesFile,
    Power,
    PowersFile,
    RaceModel,
    RacesFile,
    TerrainBoxFile,
    TerrainFile,
    TerrainKind,
    WargearFile,
    WargearModel,
)

__all__ = ["CONTENT", "Catalogue", "DEFAULT_CONTENT", "catalogue"]

DEFAULT_CONTENT = Path(__file__).with_name("content")
ENV_VAR = "WARBAND_DWETHIA_CONTENT"


@dataclass(frozen=True, kw_only=True)
class Catalogue(CatalogueBase):
    races: dict[str, RaceModel]
    classes: dict[str, ClassModel]
    factions: dict[str, FactionModel]
    wargear: dict[str, WargearModel]
    powers: dict[str, Power]
    terrain: dict[str, TerrainKind]
    objectives: dict[str, ObjectiveModel]
    arenas: dict[str, ArenaModel]
    #: the pieces players place in turn (dwethia.setup.terrain, ``-o arena=placed``)
    terrain_box: TerrainBoxFile

    @staticmethod
    def build(directory: Path, reader: ContentReader) -> Catalogue:
        return _build(directory, reader)


def _build(directory: Path, reader: ContentReader) -> Catalogue:
    races, _ = reader.read(directory / "house" / "races.yaml", RacesFile)
    classes, class_lines = reader.read(directory / "house" / "classes.yaml", ClassesFile)
    factions, faction_lines = reader.read(directory / "house" / "factions.yaml", FactionsFile)
    wargear, _ = reader.read(directory / "house" / "wargear.yaml", WargearFile)
    powers, _ = reader.read(directory / "house" / "powers.yaml", PowersFile)
    terrain, _ = reader.read(directory / "house" / "terrain.yaml", TerrainFile)
    objectives, _ = reader.read(directory / "book" / "objectives.yaml", ObjectivesFile)
    box, box_lines = reader.read(directory / "house" / "terrain_box.yaml", TerrainBoxFile)
    if box is not None and terrain is not None:
        for bid, bp in box.pieces.items():
            for i, part in enumerate(bp.parts):
                if part.kind not in terrain.terrain:
                    reader.problem(str(directory / "house" / "terrain_box.yaml"),
                                   f"unknown terrain kind {part.kind!r}",
                                   f"pieces.{bid}.parts[{i}].kind",
                                   line_for(box_lines, ("pieces", bid, "parts", i, "kind")))
            if bp.width > box.size or bp.depth > box.size - 2 * box.margin:
                reader.problem(str(directory / "house" / "terrain_box.yaml"),
                               "piece does not fit on the table between the edge strips",
                               f"pieces.{bid}", line_for(box_lines, ("pieces", bid)))
    arenas: dict[str, ArenaModel] = {}
    for path in sorted((directory / "arenas").glob("*.yaml")):
        arena, lines = reader.read(path, ArenaModel)
        if arena is None:
            continue
        arenas[path.stem] = arena
        for i, piece in enumerate(arena.pieces):
            if terrain is not None and piece.kind not in terrain.terrain:
                reader.problem(str(path), f"unknown terrain kind {piece.kind!r}",
                               f"pieces[{i}].kind", line_for(lines, ("pieces", i, "kind")))
            if piece.x + piece.w > arena.size or piece.y + piece.h > arena.size:
                reader.problem(str(path), "piece reaches beyond the arena", f"pieces[{i}]",
                               line_for(lines, ("pieces", i)))
    if classes is not None and powers is not None:
        for cid, cls in classes.classes.items():
            for p in cls.powers:
                if p not in powers.powers:
                    reader.problem(str(directory / "house" / "classes.yaml"),
                                   f"unknown power {p!r}", f"classes.{cid}.powers",
                                   line_for(class_lines, ("classes", cid, "powers")))
    if powers is not None and classes is not None and races is not None and wargear is not None:
        where = str(directory / "house" / "powers.yaml")
        for pid, power in powers.powers.items():
            if (power.effect == "summon") != (power.summons is not None):
                reader.problem(where, "a summon power names the model it summons (summons),"
                               " and only a summon power does", f"powers.{pid}.summons")
            if power.summons is None:
                continue
            s = power.summons
            if s.race not in races.races:
                reader.problem(where, f"unknown race {s.race!r}", f"powers.{pid}.summons.race")
            if s.class_ not in classes.classes:
                reader.problem(where, f"unknown class {s.class_!r}",
                               f"powers.{pid}.summons.class")
            for w in s.wargear:
                if w not in wargear.wargear:
                    reader.problem(where, f"unknown wargear {w!r}",
                                   f"powers.{pid}.summons.wargear")
    if factions is not None and classes is not None and races is not None:
        for fid, fac in factions.factions.items():
            for c in fac.classes:
                if c not in classes.classes:
                    reader.problem(str(directory / "house" / "factions.yaml"),
                                   f"unknown class {c!r}", f"factions.{fid}.classes",
                                   line_for(faction_lines, ("factions", fid, "classes")))
            for r in fac.races:
                if r not in races.races:
                    reader.problem(str(directory / "house" / "factions.yaml"),
                                   f"unknown race {r!r}", f"factions.{fid}.races",
                                   line_for(faction_lines, ("factions", fid, "races")))
    if not arenas:
        reader.problem(str(directory / "arenas"), "no arena files found")
    reader.raise_if_problems()
    assert races and classes and factions and wargear and powers and terrain and objectives
    assert box is not None
    return Catalogue(
        directory=directory, digest=reader.digest, races=dict(races.races),
        classes=dict(classes.classes), factions=dict(factions.factions),
        wargear=dict(wargear.wargear),
        powers={k: Power(k, p.name, p.cost, p.range, p.effect, p.strength, p.target,
                         p.summons)
                for k, p in powers.powers.items()},
        terrain=dict(terrain.terrain), objectives=dict(objectives.objectives), arenas=arenas,
        terrain_box=box)


CONTENT = ContentFolder(DEFAULT_CONTENT, ENV_VAR, Catalogue.load)
catalogue = CONTENT.catalogue
