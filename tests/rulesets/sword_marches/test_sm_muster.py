"""Warband Musters: the bundled ones are legal, and a bad one lists every violation
(sm.muster.*, sm.archetype.*, sm.stronghold.*, sm.origin.*, sm.trait.*, sm.gear.*)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sm_helpers import muster_data, musters, parse
from typer.testing import CliRunner

from warband.cli.main import app
from warband.content.errors import ContentError
from warband.rulesets.sword_marches import RULESET

_muster_data = muster_data

runner = CliRunner()


def _violations(data: dict[str, Any]) -> list[str]:
    with pytest.raises(ContentError) as exc:
        parse(data)
    return [str(v) for v in exc.value.violations]


def test_bundled_musters_are_legal_and_cover_factions_origins_champions_and_shooters() -> None:
    """Four musters, at least two Factions, every Origin, Champions and shooters (issue 10)."""
    ms = musters()
    assert len(ms) == 4
    assert len({m.faction for m in ms}) >= 2
    origins = {f.origin.value for m in ms for f in m.fighters}
    assert origins == {"human", "demi_human", "supernatural"}
    assert all(any(f.type.value == "champion" for f in m.fighters) for m in ms)
    assert all(any(f.ranged_weapons for f in m.fighters) for m in ms)
    for m in ms:
        assert m.cost <= m.silver


def test_apprenticeship_man_at_arms_plus_two_costs_fifteen_sp() -> None:
    """sm.origin.human_apprenticeship / sm.trait.stackable worked example: Man-at-Arms+2 as an
    Apprenticeship costs 15 SP (5 SP for +1 and the +2 level's 10 EXP paid in SP)."""
    data = muster_data(0)
    brand = data["models"][0]
    without = parse(data).fighters[0].cost
    brand.pop("apprenticeship")
    brand["traits"] = ["to_victory"]
    assert without - parse(data).fighters[0].cost == 15
    assert parse(muster_data(0)).fighters[0].level("man_at_arms") == 2


def test_pre_game_calculations() -> None:
    """sm.muster.base_attacks (unmodified CBT/2, min 1, Man-at-Arms not counted),
    sm.gear.overview, sm.gear.equipment,
    sm.muster.base_damage (close: weapon + CON; ranged: the weapon's), sm.muster.armor_rating."""
    brand = musters()[0].fighters[0]  # CBT 6, CON 4, Bastard Sword, Half Metal + Shield
    assert brand.base_attacks == 3
    sword = brand.close_weapons[0]
    assert brand.close_damage(sword) == sword.dmg + 4
    assert brand.arm == 4 + 2
    wenna = musters()[0].fighters[2]
    xbow = wenna.ranged_weapons[0]
    assert wenna.ranged_damage(xbow) == xbow.dmg
    warrior = musters()[2].fighters[3]  # CBT 3 -> 1 attack
    assert warrior.base_attacks == 1


def test_armor_rating_is_capped_at_ten() -> None:
    """sm.muster.armor_rating: Armor and Shield ARM add up; any ARM over 10 is lost;
    sm.trait.insectoid (Immune Heavy, Encumbrance +2, an Inborn Arsenal augmentation)."""
    data = muster_data(3)
    data["stage"] = "blooded"
    sskarr = data["models"][1]
    sskarr["traits"] = ["monstrous", "insectoid"]  # Immune (Heavy), Encumbrance +2
    sskarr["gear"] = ["warblade", "full_metal_armor", "large_shield", "chitin_plates"]
    f = parse(data).fighters[1]
    assert f.arm == 10  # 6 + 3 + 3 = 12, capped
    assert not f.heavy


def test_a_bad_muster_lists_every_violation_at_once() -> None:
    """Every check reports, with its rule id, in one ContentError (sm.muster.required_models,
    sm.muster.trait_slots, sm.gear.encumbrance, sm.gear.armor_shields, sm.muster.ratings,
    sm.archetype.selection, sm.stronghold.selection, sm.origin.overview,
    sm.origin.human_background (an Athletic Warlord's CBT maximum is one higher),
    sm.geartrait.scarce, sm.muster.silver_pieces, sm.muster.build_order)."""
    data = muster_data(0)
    data["archetype"] = "grizled_veteran"
    data["stronghold"] = "monestic"
    m = data["models"]
    m[0]["ratings"]["cbt"] = 7  # Upstart Warlord max 5 (+1 Athletic)
    m[1]["type"] = "warlord"  # two Warlords
    m[2]["traits"] = ["marksman", "valor", "vocation", "fighting_man"]  # 3 slots used of 2
    m[3]["gear"] = ["spear", "shield", "large_shield", "leathers", "knife"]  # 2 shields, load 5>3
    m[4]["subtype"] = "elvish"
    m[2]["gear"] = ["war_bow", "warblade", "leathers"]  # two Scarce pieces
    m[1]["count"] = 12  # too many models and too much silver
    problems = _violations(data)
    text = "\n".join(problems)
    for needle in ("unknown Archetype 'grizled_veteran'; did you mean 'grizzled_veteran'",
                   "unknown Stronghold 'monestic'; did you mean 'monastic'",
                   "CBT 7 is over the Upstart warlord maximum of 6",
                   "13 Warlords", "Trait Slots", "pieces of shield", "Encumbrance",
                   "chooses one of", "Scarce Gear", "models; a Warband has 3-15",
                   "total cost"):
        assert needle in text, needle
    assert all(":" in p.split(" ")[0] for p in problems)  # file:line on each


@pytest.mark.parametrize(("archetype", "stronghold", "champions", "warriors", "ok"), [
    ("battle_sage", "military", 2, 2, True),
    ("battle_sage", "military", 3, 2, False),  # 0-2 Champions (sm.modeltype.champion)
    ("battle_sage", "mercenary", 3, 2, True),  # sm.stronghold.mercenary: 0-3
    ("grizzled_veteran", "military", 1, 2, False),  # sm.archetype.grizzled_veteran: 2+
    ("grizzled_veteran", "military", 3, 4, False),  # ... and 0-3 Warriors
    ("grizzled_veteran", "military", 3, 3, True),
    ("promised_messiah", "military", 2, 2, False),  # sm.archetype.promised_messiah: 0-1
    ("battle_sage", "military", 0, 1, False),  # 2+ Warriors (sm.muster.required_models)
])
def test_organisation_by_archetype_and_stronghold(archetype: str, stronghold: str,
                                                  champions: int, warriors: int,
                                                  ok: bool) -> None:
    """sm.muster.required_models, sm.modeltype.champion, sm.modeltype.warrior (any number up to
    the maximum) as the Archetypes and Strongholds change them."""
    data = muster_data(1)
    data["archetype"], data["stronghold"] = archetype, stronghold
    wl = data["models"][0]
    wl["traits"] = ["belay_order"]
    champ = {**data["models"][2], "count": champions}
    war = {**data["models"][4], "count": warriors}
    data["models"] = [wl, champ, war] if champions else [wl, war]
    if ok:
        parse(data)
    else:
        assert any("Champions" in p or "Warriors" in p for p in _violations(data))


def test_messiah_may_field_twenty_and_others_fifteen() -> None:
    """sm.archetype.promised_messiah: up to 20 models (others 15)."""
    data = muster_data(1)
    data["models"] = [data["models"][0], {**data["models"][4], "count": 15}]
    data["models"][0]["traits"] = ["belay_order"]
    assert any("3-15" in p for p in _violations(data))
    data["archetype"] = "promised_messiah"
    problems = _violations(data)  # only the price remains
    assert not any("3-20" in p for p in problems)


def test_hirelings_only_for_a_mercenary_captain_up_to_cmd_plus_three() -> None:
    """sm.archetype.mercenary_captain, sm.modeltype.hireling."""
    data = muster_data(3)
    parse(data)
    data["models"][2]["count"] = 3
    data["models"][3]["count"] = 6  # 9 Hirelings > CMD 5 + 3
    assert any("Hirelings" in p for p in _violations(data))
    data = muster_data(3)
    data["archetype"] = "battle_sage"
    assert any("only a Mercenary Captain" in p for p in _violations(data))


def test_avatar_and_mystic_at_most_three_together() -> None:
    """sm.origin.supernatural: 0-3 Avatar or Mystic models combined."""
    data = muster_data(2)
    data["models"][3]["subtype"] = "mystic"  # 3 Bound Dead become Mystics: 5 in all
    assert any("Avatar and Mystic" in p for p in _violations(data))


def test_trait_lists_by_origin_faction_and_exceptions() -> None:
    """sm.trait.categories (Martial for Humans, Inborn for Demi-Humans, Arcanum for
    Supernaturals, Faction Traits for the Faction), sm.origin.demi_militia (one Martial),
    sm.archetype.far_traveler (one off-list for the Warlord), sm.stronghold.maritime (one
    other Faction's Trait), model-type limits (Belay Order: Warlord only)."""

    def muster_data(i: int) -> dict[str, Any]:
        data = _muster_data(i)
        data["stage"] = "blooded"  # room in the purse for the extra Traits
        return data

    data = muster_data(1)
    data["models"][4]["traits"] = ["horrible_stench"]  # Arcanum for a Human
    assert any("arcanum list" in p for p in _violations(data))
    data = muster_data(1)
    data["models"][1]["traits"] = ["marksman", "sharpshooter"]  # Demi-Human Militia: fine
    parse(data)
    data = muster_data(1)
    data["models"][0]["traits"] = ["belay_order", "horrible_stench"]
    assert any("arcanum list" in p for p in _violations(data))
    data["archetype"] = "far_traveler"
    parse(data)
    data = muster_data(1)
    data["models"][4]["traits"] = ["to_victory"]
    assert any("Faction Trait" in p for p in _violations(data))
    data["stronghold"] = "maritime"
    parse(data)
    data = muster_data(1)
    data["models"][2]["traits"] = ["belay_order"]
    assert any("warlord models only" in p for p in _violations(data))


def test_cascade_traits_one_per_model_two_for_a_chosen_one() -> None:
    """sm.trait.cascade, sm.archetype.chosen_one."""
    data = muster_data(2)
    data["stage"] = "blooded"
    wl = data["models"][0]
    wl["traits"] = ["undead", "wight", "ghoul"]
    assert any("Cascade" in p for p in _violations(data))
    data["archetype"] = "chosen_one"
    f = parse(data).fighters[0]
    assert f.has("wight") and f.has("ghoul")


def test_battle_sage_adds_a_trait_slot() -> None:
    """sm.muster.trait_slots (Warlord 3), sm.archetype.battle_sage (+1)."""
    data = muster_data(1)  # a Battle Sage with 3 Traits
    data["models"][0]["traits"] = ["belay_order", "valor", "man_at_arms", "marksman"]
    parse(data)
    data["archetype"] = "relentless_crusader"
    assert any("Trait Slots" in p for p in _violations(data))


def test_stackable_levels_and_apprenticeship() -> None:
    """sm.trait.stackable: +1 at hire; only a Human Apprenticeship buys +2, one at most."""
    data = muster_data(1)
    data["models"][4]["traits"] = ["marksman+2"]
    assert any("starts at +1" in p for p in _violations(data))
    data = muster_data(1)
    data["models"][1]["apprenticeship"] = "marksman"  # a Demi-Human
    assert any("only Humans have an Apprenticeship" in p for p in _violations(data))
    data = muster_data(1)
    data["models"][0]["apprenticeship"] = "belay_order"
    data["models"][0]["traits"] = ["valor"]
    assert any("needs a Stackable Trait" in p for p in _violations(data))


def test_scarce_gear_two_for_mercantile() -> None:
    """sm.geartrait.scarce (one piece per Warband), sm.stronghold.mercantile (two)."""
    data = muster_data(3)  # Mercantile: a Warblade and a Sunsteel Mace
    data["models"][2]["gear"] = ["warblade", "leathers"]  # 3 pikemen: 5 Scarce pieces
    assert any("Scarce" in p for p in _violations(data))
    data["models"][2]["gear"] = ["great_spear", "leathers"]
    parse(data)  # two pieces: allowed for Mercantile
    data["stronghold"] = "military"
    assert any("Scarce" in p for p in _violations(data))


def test_extra_rations_are_bought_for_the_whole_warband() -> None:
    """sm.item.extra_rations: 5 SP for every model."""
    data = muster_data(3)
    with_rations = parse(data).cost
    data["extra_rations"] = False
    without = parse(data)
    assert with_rations - without.cost == 5 * len(without.fighters)


def test_other_ruleset_and_malformed_yaml_are_refused_cleanly(tmp_path: Path) -> None:
    data = muster_data(0)
    data["ruleset"] = "arcworlde"
    assert any("--ruleset arcworlde" in p for p in _violations(data))
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: sword-marches\nname: X\nstage: upstart\nmodels: [1, 2\n")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output


def test_cli_validate_lists_every_violation(tmp_path: Path) -> None:
    import yaml

    data = muster_data(0)
    data["models"][1]["type"] = "warlord"
    data["models"][3]["subtype"] = "elvish"
    path = tmp_path / "m.yaml"
    path.write_text(yaml.safe_dump(data))
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert "2 problem(s)" in result.output
    ok = runner.invoke(app, ["validate", *map(str, RULESET.sample_lists())])
    assert ok.exit_code == 0, ok.output


def test_wound_thresholds_by_origin() -> None:
    """sm.core.wound_threshold: sm.origin.human 5, sm.origin.demi_human 6 (Stout 7,
    sm.origin.bloodline_stout), sm.origin.supernatural 6 (Avatar 7, sm.origin.caste_avatar)."""
    by_name = {f.name: f for m in musters() for f in m.fighters}
    assert by_name["Brand Ashcloak"].wound_threshold == 5
    assert by_name["Tamsin Fernshade"].wound_threshold == 6
    assert by_name["Korga Ironhand"].wound_threshold == 7
    assert by_name["Gnashmaw"].wound_threshold == 6
    assert by_name["Veiled Oracle"].wound_threshold == 6


def test_light_gear_is_not_encumbrance() -> None:
    """sm.geartrait.light, sm.geartrait.small: a Knife does not count toward Encumbrance."""
    data = muster_data(0)
    data["stage"] = "blooded"
    xbow = data["models"][4]  # CON 3: Crossbow, Knife, Leathers = 2 counted
    xbow["gear"] = ["crossbow", "knife", "leathers", "buckler", "sword"]
    parse(data)  # Knife and Buckler are Light: 3 counted
    xbow["gear"] = ["crossbow", "knife", "leathers", "shield", "sword"]
    assert any("Encumbrance" in p for p in _violations(data))


def test_every_faction_has_its_rival() -> None:
    """sm.faction.fighting_companies (other Fighting Companies), sm.faction.guilders and
    sm.faction.wold_walkers, sm.faction.lords_of_entropy and sm.faction.march_wardens,
    sm.faction.reliquarians and sm.faction.regency are each other's Rivals."""
    from warband.rulesets.sword_marches.models import FACTIONS, RIVALS

    assert set(RIVALS) == set(FACTIONS)
    assert all(RIVALS[RIVALS[f]] == f for f in FACTIONS)
    assert RIVALS["fighting_companies"] == "fighting_companies"
    assert RIVALS["guilders"] == "wold_walkers" and RIVALS["reliquarians"] == "regency"


def test_starmetal_adds_one_damage_or_arm_and_is_scarce() -> None:
    """sm.geartrait.starmetal: +1 Base Damage to a close combat Weapon, +1 ARM to Armor,
    Shields and Helmets (house: counts as Scarce Gear and costs twice the item)."""
    data = muster_data(0)
    data["stage"] = "blooded"
    plain = parse(data).fighters[0]
    brand = data["models"][0]
    brand["starmetal"] = ["bastard_sword", "shield"]
    data["stronghold"] = "mercantile"  # two Scarce pieces allowed
    star = parse(data).fighters[0]
    assert star.close_damage(star.close_weapons[0]) == plain.close_damage(
        plain.close_weapons[0]) + 1
    assert star.arm == plain.arm + 1
    assert star.cost == plain.cost + 25 + 5
    data["stronghold"] = "mercenary"
    assert any("Scarce" in p for p in _violations(data))
    brand["starmetal"] = ["crossbow"]
    assert any("Starmetal" in p for p in _violations(data))
