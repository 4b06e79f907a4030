"""Warband Musters: parsing, validation (every violation at once) and the pre-game
calculations (sm.muster.*).

Checked, with rule ids in each message:

* Chronicle stage, its Silver Pieces and its starting Rating maxima (sm.muster.silver_pieces,
  sm.muster.ratings; Human Background +1, sm.origin.human_background);
* exactly one Warlord; 0-2 Champions; 3-15 models and 2+ Warriors, as Archetype and Stronghold
  change them (sm.muster.required_models, sm.archetype.grizzled_veteran,
  sm.archetype.promised_messiah, sm.archetype.mercenary_captain, sm.stronghold.mercenary);
* Archetype, Faction and Stronghold known (sm.archetype.selection, sm.faction.selection,
  sm.stronghold.selection);
* Origin sub-type per model; at most 3 Avatar and Mystic together (sm.origin.*);
* Trait Slots (Warlord 3, Champion 2, Warrior 1, Battle Sage +1: sm.muster.trait_slots,
  sm.archetype.battle_sage); which lists an Origin and Faction may buy (sm.trait.categories,
  sm.origin.demi_militia, sm.archetype.far_traveler, sm.stronghold.maritime); one Cascade
  Trait (two from one list for a Chosen One: sm.trait.cascade, sm.archetype.chosen_one);
  Stackable levels (sm.trait.stackable, sm.origin.human_apprenticeship); model-type limits;
* Gear: Encumbrance up to CON (Heavy 2, Light 0, Insectoid +2: sm.gear.encumbrance); one
  Armor, one Shield, one Helmet (sm.gear.armor_shields); Scarce Gear one per warband, two for
  Mercantile (sm.geartrait.scarce, sm.stronghold.mercantile); Two Weapon Fighting needs two
  one-handed close combat Weapons; Inborn Arsenal only for Insectoid, Reptilian, Ghoul;
* Extra Rations for the whole warband (sm.item.extra_rations); total cost within the Silver.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from warband.content.yamlio import LineMap
from warband.kit.lists import Roster, read_list, suggest
from warband.rulesets.sword_marches.catalogue import Catalogue
from warband.rulesets.sword_marches.mechanics import ARM_CAP
from warband.rulesets.sword_marches.models import (
    ARCHETYPES,
    FACTIONS,
    RIVALS,
    STRONGHOLDS,
    SUBTYPES,
    UNARMED,
    ModelEntry,
    ModelType,
    MusterModel,
    Origin,
    Weapon,
)

__all__ = ["Fighter", "Warband", "parse_list"]

RULESET = "sword-marches"
#: the Trait lists each Origin may buy besides Core (sm.trait.categories)
ORIGIN_LIST = {Origin.HUMAN: "martial", Origin.DEMI_HUMAN: "inborn",
               Origin.SUPERNATURAL: "arcanum"}
SLOTS = {ModelType.WARLORD: 3, ModelType.CHAMPION: 2, ModelType.WARRIOR: 1}
#: Traits and sub-types that make a model Immune (Heavy) (sm.geartrait.heavy)
IMMUNE_HEAVY = frozenset({"fighting_man", "mighty_thews", "insectoid"})


@dataclass(frozen=True, slots=True)
class Fighter:
    """A model's profile with its pre-game calculations (sm.muster.base_attacks,
    sm.muster.base_damage, sm.muster.armor_rating)."""

    name: str
    type: ModelType
    origin: Origin
    subtype: str
    cbt: int
    cmd: int
    con: int
    traits: tuple[tuple[str, int], ...]  # (trait id, level)
    weapons: tuple[Weapon, ...]
    arm: int
    helmet: bool
    shield: str | None  # "shield" (any size) or "buckler"
    heavy: bool
    two_handed: bool
    hireling: bool
    cost: int
    #: the Trait ids, for quick ``has`` (filled in from ``traits``)
    trait_ids: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "trait_ids", frozenset(t for t, _ in self.traits))

    def level(self, trait: str) -> int:
        for t, lv in self.traits:
            if t == trait:
                return lv
        return 0

    def has(self, trait: str) -> bool:
        return trait in self.trait_ids

    @property
    def base_attacks(self) -> int:
        """Unmodified CBT/2, at least 1 (sm.muster.base_attacks)."""
        return max(1, self.cbt // 2)

    @property
    def move(self) -> float:
        """6"; Graceful and Ghoul 8" (sm.action.move, sm.origin.bloodline_graceful,
        sm.trait.ghoul)."""
        return 8.0 if self.subtype == "graceful" or self.has("ghoul") else 6.0

    @property
    def wound_threshold(self) -> int:
        """Human 5, Demi-Human and Supernatural 6, Stout and Avatar 7, Wight +1
        (sm.core.wound_threshold)."""
        base = 5 if self.origin is Origin.HUMAN else 6
        if self.subtype in ("stout", "avatar"):
            base = 7
        return base + (1 if self.has("wight") else 0)

    @property
    def close_weapons(self) -> tuple[Weapon, ...]:
        close = tuple(w for w in self.weapons if w.close)
        return close or (UNARMED,)

    @property
    def ranged_weapons(self) -> tuple[Weapon, ...]:
        return tuple(w for w in self.weapons if w.ranged)

    def close_damage(self, w: Weapon) -> int:
        """Close combat DMG: the Weapon's plus CON; Unarmed CON/2; Feral +1; Versatile in two
        hands +1 (sm.muster.base_damage, sm.geartrait.unarmed, sm.origin.bloodline_feral,
        sm.geartrait.versatile)."""
        if w is UNARMED:
            return self.con // 2
        dmg = w.dmg + self.con + (1 if self.subtype == "feral" else 0)
        return dmg + (1 if self.two_handed and w.has("versatile") else 0)

    def ranged_damage(self, w: Weapon) -> int:
        """Ranged DMG is the Weapon's; Thrown Knives, Spears, Javelins and Throwing Edges use
        CON/2 (sm.geartrait.thrown)."""
        if w.range is None and w.id in ("knife", "spear", "javelin", "throwing_edge"):
            return self.con // 2
        return w.dmg

    def profile_row(self) -> dict[str, Any]:
        return {
            "name": self.name, "type": self.type.value,
            "origin": f"{self.origin.value} ({self.subtype})",
            "CBT": self.cbt, "CMD": self.cmd, "CON": self.con, "ARM": self.arm,
            "attacks": self.base_attacks, "move": self.move, "wounds on": self.wound_threshold,
            "DMG": {w.name: (self.close_damage(w) if w.close else self.ranged_damage(w))
                    for w in self.weapons} or {"Unarmed": self.con // 2},
            "traits": [f"{t}+{lv}" if lv > 1 else t for t, lv in self.traits],
            "cost": self.cost,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Warband(Roster[Fighter]):
    """A validated Warband Muster; ``members`` are its models (one Fighter each)."""

    stage: str
    archetype: str
    faction: str
    stronghold: str
    extra_rations: bool
    silver: int
    #: a campaign warband's Muster (its models earn EXP: sm.campaign.experience)
    campaign: bool = False

    @property
    def fighters(self) -> tuple[Fighter, ...]:
        return self.members

    @property
    def game_value(self) -> int:
        return self.silver

    @property
    def warlord(self) -> Fighter:
        return next(f for f in self.members if f.type is ModelType.WARLORD)

    def rival_of(self, other: Warband) -> bool:
        """Rival Warbands (sm.faction.selection)."""
        return RIVALS.get(self.faction) == other.faction

    def warnings(self) -> list[str]:
        spare = self.silver - self.cost
        return [f"{spare} Silver Pieces unspent (banked)"] if spare >= 30 else []


def _parse_trait(text: str) -> tuple[str, int]:
    if "+" in text:
        name, _, level = text.partition("+")
        return name, int(level) if level.isdigit() else -1
    return text, 1


def parse_list(data: Any, source: str, cat: Catalogue, lines: LineMap | None = None,
               ruleset: str = RULESET, recruiting: bool = False) -> Warband:
    """Validate a Warband Muster (already parsed YAML); raises ContentError listing every
    violation. ``recruiting``: a campaign Warband hiring between games may still be short of
    the minimum numbers of Warriors and models (it cannot take the field until it is not: the
    campaign's battle checks the full Muster); every other limit holds."""
    model, problems = read_list(MusterModel, data, source, lines, ruleset)
    problem = problems.problem

    stage = cat.stages.get(model.stage)
    if model.archetype not in ARCHETYPES:
        problems.unknown("Archetype", model.archetype, ARCHETYPES, "archetype",
                         extra=" (sm.archetype.selection)")
    if model.faction not in FACTIONS:
        problems.unknown("Faction", model.faction, FACTIONS, "faction",
                         extra=" (sm.faction.selection)")
    if model.stronghold not in STRONGHOLDS:
        problems.unknown("Stronghold", model.stronghold, STRONGHOLDS, "stronghold",
                         extra=" (sm.stronghold.selection)")
    arche, strong = model.archetype, model.stronghold
    entries = [(i, e) for i, e in enumerate(model.models) for _ in range(e.count)]
    n = len(entries)
    by_type = {t: sum(1 for _, e in entries if e.type is t) for t in ModelType}
    warlords = by_type[ModelType.WARLORD]
    if warlords != 1:
        problem(f"{warlords} Warlords; a Warband has exactly one (sm.muster.required_models)",
                "models")
    warlord_cmd = next((e.ratings.cmd for _, e in entries if e.type is ModelType.WARLORD), 0)
    # -- organisation (sm.muster.required_models and the Archetypes / Strongholds that change it)
    champ_min, champ_max = 0, 2
    warr_min, warr_max, max_models = 2, 99, 15
    if arche == "grizzled_veteran":
        champ_min, champ_max, warr_min, warr_max, max_models = 2, 99, 0, 3, 10
    elif arche == "promised_messiah":
        champ_max, max_models = 1, 20
    if strong == "mercenary" and arche != "grizzled_veteran":
        champ_max = max(champ_max, 3)
    champs, warriors = by_type[ModelType.CHAMPION], by_type[ModelType.WARRIOR]
    if not champ_min <= champs <= champ_max:
        span = f"{champ_min}+" if champ_max == 99 else f"{champ_min}-{champ_max}"
        problem(f"{champs} Champions; this Warband may have {span} (sm.modeltype.champion,"
                " sm.archetype.grizzled_veteran, sm.archetype.promised_messiah,"
                " sm.stronghold.mercenary)", "models")
    if recruiting:  # short of the minimums while hiring back (house reading, docs/campaigns.md)
        warr_min = 0
    if not warr_min <= warriors <= warr_max:
        span = f"{warr_min}+" if warr_max == 99 else f"{warr_min}-{warr_max}"
        problem(f"{warriors} Warriors; this Warband needs {span} (sm.muster.required_models)",
                "models")
    if not (1 if recruiting else 3) <= n <= max_models:
        problem(f"{n} models; a Warband has 3-{max_models} (sm.muster.required_models)", "models")
    hirelings = sum(1 for _, e in entries if e.hireling)
    max_hire = warlord_cmd + 3 if arche == "mercenary_captain" else 0
    if hirelings > max_hire:
        why = ("a Mercenary Captain may hire up to its CMD + 3" if arche == "mercenary_captain"
               else "only a Mercenary Captain's Warband has Hirelings here")
        problem(f"{hirelings} Hirelings; {why} (sm.archetype.mercenary_captain,"
                " sm.modeltype.hireling)", "models")
    for i, e in enumerate(model.models):
        if e.hireling and e.type is not ModelType.WARRIOR:
            problem("only Warriors can be Hirelings (sm.modeltype.hireling)", "models", i, "hireling")
    # -- Origin (sm.origin.*)
    caste = sum(1 for _, e in entries if e.origin is Origin.SUPERNATURAL
                and e.subtype in ("avatar", "mystic"))
    if caste > 3:
        problem(f"{caste} Avatar and Mystic models; at most 3 together (sm.origin.supernatural)",
                "models")
    fighters: list[Fighter] = []
    scarce = 0
    for i, e in enumerate(model.models):
        scarce += e.count * (len(set(e.starmetal)) + sum(
            1 for g in e.gear if (g in cat.weapons or g in cat.armour)
            and "scarce" in cat.gear_traits(g)))
        f = _check_entry(e, i, cat, model, stage, problem)
        if f is None:
            continue
        for k in range(e.count):
            name = e.name if e.count == 1 else f"{e.name} {k + 1}"
            fighters.append(dataclasses.replace(f, name=name))
    max_scarce = 2 if strong == "mercantile" else 1
    if scarce > max_scarce and not model.campaign:  # later Scarce Gear: sm.campaign.scarce_gear
        problem(f"{scarce} pieces of Scarce Gear; this Warband may start with {max_scarce}"
                " (sm.geartrait.scarce, sm.stronghold.mercantile)", "models")
    rations = cat.extra_rations_cost * n if model.extra_rations else 0
    cost = sum(f.cost for f in fighters) + rations
    if stage is not None and cost > stage.silver and not model.campaign:
        problem(f"total cost {cost} SP is over the {stage.name} Chronicle's {stage.silver} SP"
                " (sm.muster.silver_pieces)", "models")
    problems.raise_if_any()
    assert stage is not None
    if rations:
        # The Rations' price is carried by the Warlord's line so the total adds up.
        fighters = [f if f.type is not ModelType.WARLORD else dataclasses.replace(
            f, cost=f.cost + rations) for f in fighters]
    return Warband(name=model.name, members=tuple(fighters),
                   source=model.model_dump(mode="json", exclude_none=True), stage=model.stage,
                   archetype=arche, faction=model.faction, stronghold=strong,
                   extra_rations=model.extra_rations, silver=stage.silver,
                   campaign=model.campaign)


def _check_entry(e: ModelEntry, i: int, cat: Catalogue, model: MusterModel, stage: Any,
                 problem: Any) -> Fighter | None:
    bad = False

    def fail(message: str, *loc: str | int) -> None:
        nonlocal bad
        bad = True
        problem(message, "models", i, *loc)

    who = f"{e.name}:"
    if e.subtype not in SUBTYPES[e.origin]:
        fail(f"{who} a {e.origin.value} model chooses one of {', '.join(SUBTYPES[e.origin])},"
             f" not {e.subtype!r} (sm.origin.overview)", "subtype")
    # -- Ratings within the stage's starting maxima (Human Background +1)
    if stage is not None:
        cap = stage.rating_max[e.type]
        bonus = {"athletic": "cbt", "imperious": "cmd", "tough": "con"}.get(e.subtype) \
            if e.origin is Origin.HUMAN else None
        for r in ("cbt", "cmd", "con"):
            limit = getattr(cap, r) + (1 if bonus == r else 0)
            value = getattr(e.ratings, r)
            if value > limit:
                fail(f"{who} {r.upper()} {value} is over the {stage.name} {e.type.value} maximum"
                     f" of {limit} (sm.muster.ratings, sm.origin.human_background)", "ratings", r)
    # -- Traits
    slots = SLOTS[e.type] + (1 if e.type is ModelType.WARLORD and model.archetype == "battle_sage"
                             else 0)
    traits: dict[str, int] = {}
    cost = cat.tables.type_cost[e.type] + sum(
        cat.rating_cost(getattr(e.ratings, r)) for r in ("cbt", "cmd", "con"))
    own_list = ORIGIN_LIST[e.origin]
    foreign_faction = 0
    off_list = 0
    martial = 0
    cascades: dict[str, int] = {}
    listed = [(j, *_parse_trait(t)) for j, t in enumerate(e.traits)]
    if e.apprenticeship is not None:
        if e.origin is not Origin.HUMAN:
            fail(f"{who} only Humans have an Apprenticeship (sm.origin.human_apprenticeship)",
                 "apprenticeship")
        listed.append((-1, e.apprenticeship, 2))
    for j, tid, level in listed:
        loc: tuple[str | int, ...] = ("traits", j) if j >= 0 else ("apprenticeship",)
        t = cat.traits.get(tid)
        if t is None:
            fail(f"{who} unknown Trait {tid!r}{suggest(tid, cat.traits)}", *loc)
            continue
        if tid in traits:
            fail(f"{who} {t.name} taken twice (sm.trait.categories)", *loc)
            continue
        if model.campaign and j >= 0 and level in (2, 3):
            if not t.stackable:  # raised with EXP in a campaign (sm.campaign.experience)
                fail(f"{who} {t.name} is not Stackable (sm.trait.stackable)", *loc)
                continue
        elif level < 1 or level > 2 or (level == 2 and j >= 0):
            fail(f"{who} {t.name} starts at +1; only a Human's Apprenticeship buys +2"
                 + (" (a campaign raises Stackable Traits up to +3)" if model.campaign else "")
                 + " (sm.trait.stackable, sm.origin.human_apprenticeship)", *loc)
            continue
        if level == 2 and j < 0 and not t.stackable:
            fail(f"{who} an Apprenticeship needs a Stackable Trait, {t.name} is not"
                 " (sm.origin.human_apprenticeship)", *loc)
            continue
        if t.only and e.type not in t.only:
            fail(f"{who} {t.name} is for {' or '.join(o.value for o in t.only)} models only"
                 f" ({t.rule})", *loc)
        cat_list = t.category
        if cat_list == "faction":
            if t.faction != model.faction:
                foreign_faction += 1
                if model.stronghold != "maritime" or foreign_faction > 1:
                    fail(f"{who} {t.name} is a {t.faction} Faction Trait (sm.trait.categories,"
                         " sm.stronghold.maritime)", *loc)
        elif cat_list not in ("core", own_list):
            if cat_list == "martial" and e.subtype in SUBTYPES[Origin.DEMI_HUMAN]:
                martial += 1
                if martial > 1:
                    fail(f"{who} a Demi-Human's Militia buys at most one Martial Trait"
                         " (sm.origin.demi_militia)", *loc)
            else:
                off_list += 1
                if not (e.type is ModelType.WARLORD and model.archetype == "far_traveler"
                        and off_list == 1):
                    fail(f"{who} {t.name} is on the {cat_list} list, which a {e.origin.value}"
                         " cannot buy (sm.trait.categories, sm.archetype.far_traveler)", *loc)
        if t.cascade is not None:
            cascades[t.cascade] = cascades.get(t.cascade, 0) + 1
        traits[tid] = level
        cost += t.cost + (sum(t.level_costs[:level - 1]) if j < 0 else 0)
    chosen = e.type is ModelType.WARLORD and model.archetype == "chosen_one"
    picks = sum(cascades.values())
    if len(cascades) > 1 or picks > (2 if chosen else 1):
        fail(f"{who} at most one Cascade Trait{' (two from one list for a Chosen One)' if chosen else ''}"
             " (sm.trait.cascade, sm.archetype.chosen_one)", "traits")
    for gateway in cascades:
        traits.setdefault(gateway, 1)
    stackable_two = sum(1 for lv in traits.values() if lv == 2)
    if stackable_two > 1 and not model.campaign:
        fail(f"{who} only one Stackable Trait at +2 (sm.origin.human_apprenticeship)", "traits")
    used = sum(1 for tid in traits if not cat.traits[tid].gateway)
    # A campaign Muster's Traits were checked against the campaign maximum (CMD) when bought
    # (warband.rulesets.sword_marches.campaign); a later Trauma does not take them away.
    if used > slots and not model.campaign:
        fail(f"{who} {used} Traits; a {e.type.value} has {slots} Trait Slots"
             " (sm.muster.trait_slots, sm.archetype.battle_sage)", "traits")
    # -- Gear
    weapons: list[Weapon] = []
    arm = 0
    helmet = False
    shield: str | None = None
    heavy = False
    load = 0
    kinds: dict[str, int] = {}
    body_arm = arsenal_arm = shield_arm = 0
    for j, gid in enumerate(e.starmetal):
        if gid not in e.gear:
            fail(f"{who} Starmetal {gid!r} is not in its gear (sm.geartrait.starmetal)",
                 "starmetal", j)
        elif gid in cat.arsenal or (gid in cat.weapons and cat.weapons[gid].range is not None):
            fail(f"{who} only close combat Weapons, Armor, Shields and Helmets are forged of"
                 " Starmetal (sm.geartrait.starmetal)", "starmetal", j)
    star = set(e.starmetal)
    for j, gid in enumerate(e.gear):
        if gid in cat.weapons:
            w = cat.weapon(gid)
            if gid in star:  # Starmetal: +1 Base Damage (sm.geartrait.starmetal)
                w = dataclasses.replace(w, name=f"Starmetal {w.name}", dmg=w.dmg + 1,
                                        traits=w.traits | {"starmetal"})
            weapons.append(w)
            gtraits = w.traits
        elif gid in cat.armour:
            a = cat.armour[gid]
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
            gtraits = cat.gear_traits(gid)
            plus = 1 if gid in star else 0  # Starmetal: +1 ARM
            if a.kind == "armor":
                body_arm = a.arm + plus
            elif a.kind == "shield":
                shield_arm = a.arm + plus
                shield = "buckler" if gid == "buckler" else "shield"
            else:
                helmet = True
                body_arm += a.arm + plus
        elif gid in cat.arsenal:
            if not any(t in traits for t in ("insectoid", "reptilian", "ghoul")) or (
                    "ghoul" in traits and gid != "toughskin"):
                fail(f"{who} {cat.arsenal[gid].name} is an Inborn Arsenal augmentation for"
                     " Insectoid or Reptilian models (a Ghoul: Toughskin only)"
                     " (sm.trait.insectoid, sm.trait.ghoul)", "gear", j)
            arsenal_arm = cat.arsenal[gid].arm
            gtraits = frozenset()
        else:
            known = sorted([*cat.weapons, *cat.armour, *cat.arsenal])
            fail(f"{who} unknown Gear {gid!r}{suggest(gid, known)}", "gear", j)
            continue
        if "heavy" in gtraits:
            heavy = True
        load += 0 if "light" in gtraits else (2 if "heavy" in gtraits else 1)
        cost += cat.gear_cost(gid) * (2 if gid in star else 1)
    if len(set(e.gear)) != len(e.gear):
        fail(f"{who} the same piece of Gear listed twice", "gear")
    for kind, count in kinds.items():
        if count > 1:
            fail(f"{who} {count} pieces of {kind}; a model has one Armor, one Shield and one"
                 " Helmet (sm.gear.armor_shields)", "gear")
    capacity = e.ratings.con + (2 if "insectoid" in traits else 0)
    if load > capacity:
        fail(f"{who} carries {load} Encumbrance; at most its CON {capacity}"
             " (Heavy counts 2, Light 0, Insectoid +2) (sm.gear.encumbrance)", "gear")
    if "two_weapon_fighting" in traits:
        one_hand = [w for w in weapons if w.close and not w.has("two_hands")]
        if len(one_hand) < 2:
            fail(f"{who} Two Weapon Fighting needs two single-handed close combat Weapons"
                 " (sm.trait.two_weapon_fighting)", "traits")
    if e.two_handed and not any(w.has("versatile") for w in weapons):
        fail(f"{who} two_handed needs a Versatile Weapon (sm.geartrait.versatile)", "two_handed")
    if "ghoul" in traits:
        body_arm = max(body_arm, arsenal_arm)  # Toughskin does not combine with Armor
    else:
        body_arm += arsenal_arm
    arm = min(body_arm + shield_arm, ARM_CAP)
    immune_heavy = e.subtype == "stout" or any(t in traits for t in IMMUNE_HEAVY)
    if bad:
        return None
    order = sorted(traits.items())
    return Fighter(e.name, e.type, e.origin, e.subtype, e.ratings.cbt, e.ratings.cmd,
                   e.ratings.con, tuple(order), tuple(weapons), arm, helmet, shield,
                   heavy and not immune_heavy, e.two_handed, e.hireling, cost)
