"""Loading the Raiders of Arcana content files: game sizes, unit types, abilities, spells,
cultures, profiles (book and house), house costs and scenarios.

The packaged ``content/`` folder is the default; a user can copy it, edit it and point the game
at the copy (``WARBAND_RAIDERS_CONTENT``). Every file is validated by the pydantic models in
:mod:`.models`; cross-references (a profile's abilities, spells, culture and cost, its strength
against its unit type) are checked too, and every problem is reported at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from warband.content.errors import Violation
from warband.content.yamlio import ContentReader, LineMap, line_for
from warband.kit.content import CatalogueBase, ContentFolder, index_unique, read_scenarios
from warband.rulesets.raiders.models import (
    AbilitiesFile,
    AbilityModel,
    CostsFile,
    CultureModel,
    CulturesFile,
    ProfileModel,
    ProfilesFile,
    ScenarioModel,
    SizeModel,
    SizesFile,
    SpellsFile,
    UnitType,
    UnitTypeModel,
    UnitTypesFile,
    parse_abilities,
)
from warband.rulesets.raiders.unit import Profile, Spell

__all__ = ["ANY_CULTURE", "CONTENT", "Catalogue", "DEFAULT_CONTENT", "catalogue"]

DEFAULT_CONTENT = Path(__file__).with_name("content")
#: a profile any culture may field
ANY_CULTURE = "any"


@dataclass(frozen=True, kw_only=True)
class Catalogue(CatalogueBase):
    """A Raiders content folder, validated and cross-checked."""

    sizes: dict[str, SizeModel]
    unit_types: dict[UnitType, UnitTypeModel]
    abilities: dict[str, AbilityModel]
    spells: dict[str, Spell]
    cultures: dict[str, CultureModel]
    profiles: dict[str, Profile]
    scenarios: dict[str, ScenarioModel]

    @staticmethod
    def build(directory: Path, reader: ContentReader) -> Catalogue:
        """Read and cross-check the folder's files (in a fixed order: the digest follows it)."""
        problems = reader.problems
        read = reader.read
        sizes_file, _ = read(directory / "sizes.yaml", SizesFile)
        types_file, _ = read(directory / "unit-types.yaml", UnitTypesFile)
        abilities_file, _ = read(directory / "abilities.yaml", AbilitiesFile)
        spells_file, _ = read(directory / "spells.yaml", SpellsFile)
        cultures_file, _ = read(directory / "cultures.yaml", CulturesFile)
        costs_path = directory / "costs.yaml"
        costs_file, costs_lines = read(costs_path, CostsFile) if costs_path.exists() else (None, {})
        profile_files = [(p, *read(p, ProfilesFile)) for p in sorted(directory.glob("profiles*.yaml"))]
        scenarios = read_scenarios(reader, directory, ScenarioModel)

        sizes = index_unique(sizes_file.sizes if sizes_file else [], lambda s: s.id,
                       str(directory / "sizes.yaml"), "sizes", problems)
        unit_types = {t.id: t for t in types_file.types} if types_file else {}
        abilities = index_unique(abilities_file.abilities if abilities_file else [], lambda a: a.id,
                           str(directory / "abilities.yaml"), "abilities", problems)
        spells = {
            s.id: Spell(s.id, s.name, s.rule, s.difficulty, s.effect,
                        tuple(s.levels[k] for k in sorted(s.levels)), s.range)
            for s in (spells_file.spells if spells_file else [])
        }
        cultures = index_unique(cultures_file.cultures if cultures_file else [], lambda c: c.id,
                          str(directory / "cultures.yaml"), "cultures", problems)
        costs = dict(costs_file.costs) if costs_file else {}

        profiles: dict[str, Profile] = {}
        for path, pf, lines in profile_files:
            if pf is None:
                continue
            for i, p in enumerate(pf.profiles):
                where: tuple[str | int, ...] = ("profiles", i)
                found = _check_profile(p, pf.source, str(path), lines, where, unit_types,
                                       abilities, spells, cultures, costs, problems)
                if p.id in profiles:
                    problems.append(Violation(str(path), f"duplicate profile id {p.id!r}",
                                              f"profiles[{i}].id", line_for(lines, (*where, "id"))))
                if found is not None:
                    profiles[p.id] = found
        for pid in costs:
            known = next((pm for _, pf, _ in profile_files if pf for pm in pf.profiles
                          if pm.id == pid), None)
            if known is None:
                problems.append(Violation(str(costs_path), f"cost for unknown profile {pid!r}",
                                          f"costs.{pid}", line_for(costs_lines, ("costs", pid))))
            elif known.cost is not None:
                problems.append(Violation(str(costs_path),
                                          f"profile {pid!r} already has a cost in its own file",
                                          f"costs.{pid}", line_for(costs_lines, ("costs", pid))))
        missing_types = set(UnitType) - set(unit_types)
        if types_file is not None and missing_types:
            problems.append(Violation(str(directory / "unit-types.yaml"),
                                      f"unit types not described: {', '.join(sorted(missing_types))}"))
        return Catalogue(directory=directory, digest=reader.digest, sizes=sizes,
                         unit_types=unit_types, abilities=abilities, spells=spells, cultures=cultures,
                         profiles=profiles, scenarios=scenarios)


def _check_profile(
    p: ProfileModel, source: str, path: str, lines: LineMap, where: tuple[str | int, ...],
    unit_types: dict[UnitType, UnitTypeModel], abilities: dict[str, AbilityModel],
    spells: dict[str, Spell], cultures: dict[str, CultureModel], costs: dict[str, int],
    problems: list[Violation],
) -> Profile | None:
    start = len(problems)

    def problem(message: str, *field: str | int) -> None:
        loc = (*where, *field)
        name = "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in loc).lstrip(".")
        problems.append(Violation(path, message, name, line_for(lines, loc)))

    values = parse_abilities(p.abilities)
    for j, text in enumerate(p.abilities):
        name = text.split("(")[0]
        ability = abilities.get(name)
        if ability is None:
            if abilities:
                problem(f"unknown ability {name!r}", "abilities", j)
        elif ability.value != ("(" in text):
            need = "needs a value, e.g. combat-master(1)" if ability.value else "takes no value"
            problem(f"ability {name!r} {need}", "abilities", j)
    if ("shield-wall-shooting" in values or "shield-wall-combat" in values) and "shields" not in values:
        problem("a shield wall needs the Shields ability (raiders.ability.shields)", "abilities")
    for j, sid in enumerate(p.spells):
        if sid not in spells and spells:
            problem(f"unknown spell {sid!r}", "spells", j)
    if p.spells and p.type is not UnitType.MYSTIC:
        problem("only mystic units are magic users (raiders.listbuilding.mystic_unit)", "spells")
    if "acolyte" in values and p.type is not UnitType.MYSTIC:
        problem("only a mystic unit can have acolytes (raiders.ability.acolyte)", "abilities")
    for j, c in enumerate(p.cultures):
        if c != ANY_CULTURE and cultures and c not in cultures:
            problem(f"unknown culture {c!r}", "cultures", j)
    kind = unit_types.get(p.type)
    if kind is not None and kind.figures and p.figures not in kind.figures:
        allowed = " or ".join(str(n) for n in kind.figures)
        problem(f"a {kind.name} has {allowed} figures ({kind.composition}), not {p.figures}"
                f" ({kind.rule})", "figures")
    cost = p.cost if p.cost is not None else costs.get(p.id)
    if cost is None:
        problem("no cost: give `cost` or an entry in costs.yaml", "cost")
    if len(problems) > start or cost is None:
        return None
    s = p.stats
    move, run = (int(v) for v in s.Mv.split("/"))
    return Profile(
        id=p.id, name=p.name, type=p.type, variant=p.variant, cultures=frozenset(p.cultures),
        figures=p.figures, base=p.base, cost=cost,
        cost_source=source if p.cost is not None else "house", hp=s.HP, move=move, run=run,
        cd=s.CD, attack_skill=s.AS, defence_bonus=s.DB, strength=s.Str, target=s.Tg,
        armour=s.Arm, mr=s.MR, fatigue=s.F, morale=s.Morale, abilities=frozenset(values),
        ability_values=tuple(sorted((k, v) for k, v in values.items() if v)),
        ranged_name=p.ranged.name if p.ranged else None,
        ranged_range=p.ranged.range if p.ranged else None, spells=tuple(p.spells), source=source,
    )


#: the content folder in use (``WARBAND_RAIDERS_CONTENT`` overrides the packaged one)
CONTENT = ContentFolder(DEFAULT_CONTENT, "WARBAND_RAIDERS_CONTENT", Catalogue.load)
#: ``catalogue(folder=None)``: the validated, cached catalogue of a content folder
catalogue = CONTENT.catalogue
