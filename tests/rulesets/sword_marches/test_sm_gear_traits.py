"""Gear, Gear Traits, Traits, Origins, Archetypes and Strongholds in play (sm.item.*,
sm.geartrait.*, sm.trait.*, sm.origin.*, sm.archetype.*, sm.stronghold.*)."""

from __future__ import annotations

import dataclasses

import pytest
from sm_helpers import (
    ALDO,
    BOW_1,
    BRAND,
    ISOLDE,
    KORGA,
    SPEAR_1,
    SPEAR_2,
    TAMSIN,
    WATCH_1,
    WATCH_2,
    WENNA,
    XBOW_1,
    bare_state,
    drive,
    first,
    place,
)

from warband.core.dice import Dice
from warband.rulesets.sword_marches.catalogue import catalogue
from warband.rulesets.sword_marches.models import UNARMED
from warband.rulesets.sword_marches.rules import turn
from warband.rulesets.sword_marches.rules.combat import (
    build_close_attack,
    build_ranged_attack,
    ranged_attack,
    ranged_weapon,
    weapon_range,
)
from warband.rulesets.sword_marches.state import Model

#: the book's prices (sm.item.*) - the only Gear figures the book gives
BOOK_PRICES = {
    "bastard_sword": 25, "bladed_war_spear": 18, "bludgeon": 5, "cleaver": 5, "flail": 8,
    "great_bludgeon": 15, "great_cleaver": 15, "great_flail": 18, "great_spear": 12,
    "great_sword": 15, "halberd": 15, "javelin": 5, "knife": 1, "pike": 12, "spear": 10,
    "staff": 2, "sword": 5, "throwing_edge": 3, "bow": 10, "crossbow": 10,
    "heavy_crossbow": 15, "long_bow": 15, "warblade": 15, "war_bow": 25, "leathers": 5,
    "piece_metal_armor": 10, "half_metal_armor": 20, "full_metal_armor": 30, "buckler": 5,
    "shield": 5, "large_shield": 10, "helmet": 5,
}
#: the book's Trait prices (sm.trait.*)
BOOK_TRAITS = {
    "man_at_arms": 5, "marksman": 5, "two_weapon_fighting": 10, "valor": 5,
    "hack_and_slash": 15, "sharpshooter": 25, "by_the_ancestors": 20, "more_than_human": 5,
    "horrible_stench": 35, "mystic_shroud": 15, "fighting_man": 10, "ranger": 15,
    "just_wont_die": 20, "mighty_thews": 10, "insectoid": 15, "reptilian": 15, "ghoul": 25,
    "wight": 25, "to_victory": 15, "highborn": 5, "fanatic": 20, "belay_order": 20,
    "kingmaker": 20, "hunter": 15,
}


def _with(m: Model, traits: tuple[str, ...] = (), **changes: object) -> None:
    f = m.f
    if traits:
        f = dataclasses.replace(f, traits=f.traits + tuple((t, 1) for t in traits))
    if changes:
        f = dataclasses.replace(f, **changes)  # type: ignore[arg-type]
    m.f = f


def test_every_book_price_is_used_as_printed() -> None:
    """sm.item.* (every weapon, armour, shield and helmet), sm.gear.weapon_profile (close
    Reach 0-3, Ranged Effective Range over 3, RoF or C), sm.gear.armor_shields. The items:
    sm.item.bastard_sword, sm.item.bladed_war_spear, sm.item.bludgeon, sm.item.cleaver,
    sm.item.flail, sm.item.great_bludgeon, sm.item.great_cleaver, sm.item.great_flail,
    sm.item.great_spear, sm.item.great_sword, sm.item.halberd, sm.item.javelin, sm.item.knife,
    sm.item.pike, sm.item.spear, sm.item.staff, sm.item.sword, sm.item.throwing_edge,
    sm.item.bow, sm.item.crossbow, sm.item.heavy_crossbow, sm.item.long_bow, sm.item.warblade,
    sm.item.war_bow, sm.item.leathers, sm.item.piece_metal_armor, sm.item.half_metal_armor,
    sm.item.full_metal_armor, sm.item.buckler, sm.item.shield, sm.item.large_shield,
    sm.item.helmet, sm.item.extra_rations."""
    cat = catalogue()
    book = {w: m for w, m in cat.weapons.items() if m.rule != "house"}
    prices = {**{w: m.cost for w, m in book.items()},
              **{a: m.cost for a, m in cat.armour.items()}}
    assert prices == BOOK_PRICES
    # the house weapons the book does not list carry a Source Trait and are Scarce
    house = {w: m for w, m in cat.weapons.items() if m.rule == "house"}
    assert set(house) == {"frostbite_blade", "sunsteel_mace"}
    assert all("scarce" in m.traits for m in house.values())
    for w in book.values():
        assert w.rule == f"sm.item.{w.id}"
        if w.range is None:
            assert 0 <= w.reach <= 3 and w.rof is None
        else:
            assert w.range > 3 and w.rof is not None


def test_every_book_trait_price_is_used_as_printed() -> None:
    """sm.trait.* prices; Stackable Traits (sm.trait.stackable) and the four Cascade Traits
    (sm.trait.vocation, sm.trait.exploit, sm.trait.monstrous, sm.trait.undead)."""
    traits = catalogue().traits
    assert {t: m.cost for t, m in traits.items() if not m.gateway} == BOOK_TRAITS
    assert {t for t, m in traits.items() if m.stackable} == {"man_at_arms", "marksman", "valor"}
    assert {t for t, m in traits.items() if m.gateway} == {"vocation", "exploit", "monstrous",
                                                           "undead"}


def test_thrown_weapons_use_con_for_range_and_damage() -> None:
    """sm.geartrait.thrown, sm.item.javelin, sm.item.knife: Effective Range CON, maximum CON x 2
    (Javelin x 3), RoF 1 (Knife 2), Knives, Spears, Javelins, Throwing Edges CON/2 DMG."""
    st = bare_state(a=2, b=0)
    oracle = st.models[2]  # Veiled Oracle: CON 3, here given a Javelin
    oracle.f = dataclasses.replace(oracle.f, weapons=(catalogue().weapon("javelin"),))
    jav = ranged_weapon(oracle)
    assert jav is not None and jav.id == "javelin"
    assert weapon_range(oracle, jav) == (3.0, 9.0, 1)
    assert oracle.f.ranged_damage(jav) == 3 // 2
    archer = st.models[6]  # Grave Archer: Bow, Knife
    knife = next(w for w in archer.f.weapons if w.id == "knife")
    assert weapon_range(archer, knife) == (3.0, 6.0, 2)


def test_armour_modes_impact_piercing_penetrating() -> None:
    """sm.geartrait.piercing (ARM/2 up to half the Effective Range), sm.geartrait.impact
    (ARM/2), sm.trait.mighty_thews (close combat Impact)."""
    st = bare_state()
    xbow, target = place(st, XBOW_1, 10, 5), place(st, ISOLDE, 10, 5 + 6)
    w = ranged_weapon(xbow)  # Crossbow 16": Piercing
    assert build_ranged_attack(st, xbow, target, w, "standing_fire")[0].hit.armour == "half"
    place(st, ISOLDE, 10, 5 + 12)
    assert build_ranged_attack(st, xbow, target, w, "standing_fire")[0].hit.armour == "full"
    aldo, spear = place(st, ALDO, 20, 20), place(st, SPEAR_1, 20, 21.5)
    assert build_close_attack(st, aldo, spear, charge=False)[0].hit.armour == "half"
    assert build_close_attack(st, spear, aldo, charge=False)[0].hit.armour == "full"


def test_unarmed_fights_at_half_cbt_and_con_over_two() -> None:
    """sm.geartrait.unarmed."""
    st = bare_state()
    m, foe = place(st, SPEAR_1, 10, 10), place(st, WATCH_1, 10, 11.5)
    _with(m, weapons=())
    attack, facts = build_close_attack(st, m, foe, charge=False)
    assert facts["weapon"] == UNARMED.name
    assert attack.attacker_cbt == 3 // 2 and attack.hit.damage == 3 // 2


def test_versatile_in_two_hands_adds_reach_and_damage() -> None:
    """sm.geartrait.versatile (+1 Reach and DMG two-handed), sm.item.bastard_sword."""
    st = bare_state()
    brand, foe = place(st, BRAND, 10, 10), place(st, WATCH_1, 10, 11.5)
    one = build_close_attack(st, brand, foe, charge=True)
    _with(brand, two_handed=True)
    two = build_close_attack(st, brand, foe, charge=True)
    assert two[1]["reach"] == one[1]["reach"] + 1
    assert two[0].hit.damage == one[0].hit.damage + 1


def test_heavy_gear_forbids_hustle_and_slow_weapons_only_stand() -> None:
    """sm.geartrait.heavy (no Hustle), sm.geartrait.slow (Standing Fire only),
    sm.item.heavy_crossbow, sm.action.hustle."""
    st = bare_state(a=3, b=0)
    arbalist = place(st, 5, 10, 5)  # Tideport Arbalist: Stout, Heavy Crossbow
    place(st, 8, 10, 15)
    acts = {o.action for o in turn.options_for(st, arbalist)}
    assert "standing_fire" in acts and "take_aim" not in acts and "mobile_fire" not in acts
    assert "hustle" in acts  # Stout: Immune (Heavy)
    st = bare_state()
    korga = place(st, KORGA, 10, 5)  # Great Cleaver is Heavy, but Korga is Stout too
    _with(korga, heavy=True)
    assert "hustle" not in {o.action for o in turn.options_for(st, korga)}


def test_entangle_halves_the_victim_until_the_end_of_the_turn() -> None:
    """sm.geartrait.entangle, sm.item.halberd."""
    st = bare_state()
    st.dice = Dice(0)
    watch, spear = place(st, WATCH_1, 10, 10), place(st, SPEAR_1, 10, 11.5)
    before = build_close_attack(st, spear, watch, charge=False)[0].attacker_cbt
    spear.entangled = True
    assert build_close_attack(st, spear, watch, charge=False)[0].attacker_cbt == before // 2
    turn.end_of_turn(st)
    assert not spear.entangled


def test_silent_weapons_keep_an_ambusher_hidden_when_they_miss() -> None:
    """sm.geartrait.silent, sm.item.bow."""
    st = bare_state(dice=[1, 1, 10])  # two Bow dice of 1 against a 10: a miss
    bow, target = place(st, BOW_1, 10, 5), place(st, BRAND, 10, 14)
    bow.ambush = True
    drive(ranged_attack(st, bow, target, "standing_fire"), lambda d: "none")
    assert bow.ambush
    st = bare_state(dice=[1, 10])
    xbow, target = place(st, XBOW_1, 10, 5), place(st, ISOLDE, 10, 14)
    xbow.ambush = True
    drive(ranged_attack(st, xbow, target, "standing_fire"), lambda d: "none")
    assert not xbow.ambush


def test_unwieldy_weapons_halve_after_the_first_turn_of_an_engagement() -> None:
    """sm.geartrait.unwieldy, sm.item.pike."""
    st = bare_state()
    m, foe = place(st, SPEAR_1, 10, 10), place(st, WATCH_1, 10, 11.5)
    pike = catalogue().weapon("pike")
    _with(m, weapons=(pike,))
    st.turn = m.engaged_turn = 2
    first_turn = build_close_attack(st, m, foe, charge=False)[0].attacker_cbt
    st.turn = 3
    assert build_close_attack(st, m, foe, charge=False)[0].attacker_cbt == first_turn // 2


def test_quick_feral_to_victory_and_wight_reach() -> None:
    """sm.geartrait.quick (+1 Reach on a Charge), sm.origin.bloodline_feral (+1 Reach on a
    Charge, +1 DMG), sm.trait.wight (+1 Reach, Threshold +1), sm.item.warblade."""
    st = bare_state(a=3, b=2)
    sskarr = place(st, 1, 10, 10)  # Feral, Warblade (Quick)
    foe = place(st, 8, 10, 11.5)  # the Pale Margrave: Wight, Great Sword (Reach 2)
    _, facts = build_close_attack(st, sskarr, foe, charge=True)
    assert facts["reach"] == 1 + 1 + 1 and facts["defender_reach"] == 2 + 1
    assert sskarr.f.close_damage(sskarr.f.close_weapons[0]) == 2 + 4 + 1
    assert foe.f.wound_threshold == 7 + 1  # Avatar 7, Wight +1


def test_man_at_arms_marksman_and_valor_add_per_level() -> None:
    """sm.trait.man_at_arms (close combat only), sm.trait.marksman (Ranged Attacks),
    sm.trait.valor (+1 CMD for Panic with its own CMD)."""
    st = bare_state()
    tamsin, foe = place(st, TAMSIN, 10, 5), place(st, BRAND, 10, 14)
    aim = build_ranged_attack(st, tamsin, foe, ranged_weapon(tamsin), "standing_fire")[0]
    assert aim.attacker_cbt == 4 + 1
    from warband.rulesets.sword_marches.rules.combat import panic_check

    st = bare_state(dice=[1, 5])  # 1 + CMD 6 + Valor 1 = 8 vs 5 + 5 = 10: fails
    isolde = st.models[ISOLDE]
    assert isolde.f.level("valor") == 1
    assert not panic_check(st, isolde, 5, "losses")
    st = bare_state(dice=[3, 5])  # 3 + 6 + 1 = 10 vs 10: passes only thanks to Valor
    assert panic_check(st, st.models[ISOLDE], 5, "losses")


def test_two_weapon_fighting_rerolls_the_lowest_attack_die() -> None:
    """sm.trait.two_weapon_fighting."""
    st = bare_state(a=3, b=0)
    corvin, foe = place(st, 0, 10, 10), place(st, 10, 10, 11.5)
    assert build_close_attack(st, corvin, foe, charge=False)[0].attacker.reroll_lowest


def test_highborn_against_lower_types() -> None:
    """sm.trait.highborn: +1 CBT against a lower model type."""
    st = bare_state(a=3, b=0)
    corvin = place(st, 0, 10, 10)
    warrior = place(st, 11, 10, 11.5)
    champion = place(st, 8, 30, 30)
    vs_warrior = build_close_attack(st, corvin, warrior, charge=False)[0].attacker_cbt
    place(st, 11, 30, 20)
    place(st, 8, 10, 11.5)
    vs_champion = build_close_attack(st, corvin, champion, charge=False)[0].attacker_cbt
    assert vs_warrior == vs_champion + 1


def test_horrible_stench_halves_engaged_enemies_but_not_the_undead() -> None:
    """sm.trait.horrible_stench, sm.origin.no_mortal_coil (Immune Gas)."""
    st = bare_state(a=2, b=0)
    ghoul = place(st, 1, 10, 10)
    _with(ghoul, traits=("horrible_stench",))
    spear = place(st, 10, 10, 11.5)  # an Ashen Spear (Human)
    normal = spear.f.cbt + spear.f.level("man_at_arms")
    assert build_close_attack(st, spear, ghoul, charge=False)[0].attacker_cbt == normal // 2
    dead = place(st, 3, 30, 30)
    place(st, 1, 30, 31.5)
    cbt = build_close_attack(st, dead, ghoul, charge=False)[0].attacker_cbt
    assert cbt == dead.f.cbt  # a Supernatural is Immune (Gas)


def test_mystic_caste_and_mystic_shroud() -> None:
    """sm.origin.caste_mystic (CMD/2 Defense dice), sm.trait.mystic_shroud (CMD inches added for
    Long Range; wins the Reach comparison)."""
    st = bare_state(a=2, b=1)
    oracle = place(st, 2, 10, 20)  # Mystic, CMD 4, Mystic Shroud
    bow = place(st, 13, 10, 20 - 15 - 2 * oracle.r)  # a Greyrun Bowman 15" off, Bow 18"
    attack, facts = build_ranged_attack(st, bow, oracle, ranged_weapon(bow), "standing_fire")
    assert facts["long"]  # 15" + CMD 4 > 18"
    assert attack.defender.dice == 4 // 2
    watch = place(st, 11, 10, 21.5)
    _, facts = build_close_attack(st, watch, oracle, charge=True)
    assert facts["defender_reach"] > facts["reach"]


def test_reptilian_adds_four_inches_and_sharpshooter_sees_through_concealment() -> None:
    """sm.trait.reptilian (+4" for Long Range), sm.trait.sharpshooter (Take Aim negates
    Concealment)."""
    st = bare_state(a=3, b=1)
    sskarr = place(st, 1, 10, 20)
    bow = place(st, 13, 10, 20 - 16 - 2 * sskarr.r)  # 16": Long only with the +4"
    assert build_ranged_attack(st, bow, sskarr, ranged_weapon(bow), "standing_fire")[1]["long"]
    wall = {"name": "wall", "kind": "open", "cover": True,
            "points": [[4, 14.6], [14, 14.6], [14, 15.2], [4, 15.2]]}
    st = bare_state(terrain=[wall])
    bow, target = place(st, BOW_1, 9, 2), place(st, BRAND, 9, 15.8)
    w = ranged_weapon(bow)
    assert build_ranged_attack(st, bow, target, w, "take_aim")[1]["concealed"]
    _with(bow, traits=("sharpshooter",))
    assert not build_ranged_attack(st, bow, target, w, "take_aim")[1]["concealed"]


def test_ghoul_claws_are_vicious_and_it_moves_eight() -> None:
    """sm.trait.ghoul, sm.geartrait.vicious."""
    st = bare_state(a=2, b=0)
    ghoul, foe = place(st, 1, 10, 10), place(st, 10, 10, 11.5)
    assert build_close_attack(st, ghoul, foe, charge=False)[0].vicious
    assert ghoul.f.move == 8.0


def test_hack_and_slash_charges_four_inches_further() -> None:
    """sm.trait.hack_and_slash."""
    st = bare_state(dice=[1] * 12)
    m, foe = place(st, SPEAR_1, 10, 5), place(st, WATCH_1, 10, 5 + 9)
    m.active = True
    drive(turn.execute(st, 0, turn.Act(SPEAR_1, "charge", WATCH_1), False), lambda d: "none")
    assert st.gap(m, foe) > 1.1  # 6" is not enough
    st = bare_state(dice=[1] * 12)
    m, foe = place(st, SPEAR_1, 10, 5), place(st, WATCH_1, 10, 5 + 9)
    _with(m, traits=("hack_and_slash",))
    m.active = True
    drive(turn.execute(st, 0, turn.Act(SPEAR_1, "charge", WATCH_1), False), lambda d: "none")
    assert st.gap(m, foe) <= 1.02


def test_flail_negates_the_shield_and_two_hands_forbid_it() -> None:
    """sm.geartrait.flail, sm.geartrait.two_hands (a Shield is no help while fighting with a
    two-handed Weapon: house reading)."""
    st = bare_state()
    isolde, foe = place(st, ISOLDE, 10, 10), place(st, SPEAR_1, 10, 11.5)
    isolde.active = True
    assert build_close_attack(st, foe, isolde, charge=False)[0].defender.reroll_lowest
    _with(foe, weapons=(catalogue().weapon("flail"),))
    assert not build_close_attack(st, foe, isolde, charge=False)[0].defender.reroll_lowest
    spear2 = place(st, SPEAR_2, 20, 20)
    _with(isolde, weapons=(catalogue().weapon("great_sword"),))
    place(st, ISOLDE, 20, 21.5)
    assert not build_close_attack(st, spear2, isolde, charge=False)[0].defender.reroll_lowest


def test_cover_adjustment_steps_into_cover() -> None:
    """sm.combat.cover_adjustment_ranged: a target within 1" of durable terrain moves to it
    when shot at, if that gives Cover."""
    wall = {"name": "wall", "kind": "open", "cover": True,
            "points": [[10, 10], [10.6, 10], [10.6, 20], [10, 20]]}
    st = bare_state(terrain=[wall])
    st.dice = Dice(1)
    bow = place(st, BOW_1, 2, 21)
    target = place(st, BRAND, 11.6, 20.5)  # just past the wall's end, in plain view
    from warband.rulesets.sword_marches.rules.terrain import has_cover

    assert not has_cover(st, bow, target)
    drive(ranged_attack(st, bow, target, "standing_fire"), lambda d: "none")
    assert any(e.kind == "cover_adjustment" for e in st.log.events)
    assert has_cover(st, bow, target)


def target_r() -> float:
    return catalogue().tables.base_mm / 25.4 / 2


def test_fearsome_adversary_adds_a_wound_to_enemy_rout_checks() -> None:
    """sm.archetype.fearsome_adversary."""
    st = bare_state(dice=[6, 7])  # 6 + 4 = 10 vs 7 + 2 (+1) ...
    st.musters[1] = dataclasses.replace(st.musters[1], archetype="fearsome_adversary")
    for uid in (SPEAR_1, SPEAR_2):
        st.models[uid].on_table = False
    st.musters[0] = dataclasses.replace(st.musters[0], archetype="battle_sage")
    drive(turn.mettle(st), first)
    rout = next(e for e in st.log.events if e.kind == "rout_check")
    assert rout["against"] == 3 and rout["passed"]


def test_military_champion_makes_the_rout_check_for_a_fallen_warlord() -> None:
    """sm.stronghold.military, sm.mettle.rout_warlord_condition."""
    st = bare_state(a=1, b=0, dice=[5, 1])
    for uid in (0, 3, 4):  # the Warlord and two Watchmen Wounded
        st.models[uid].on_table, st.models[uid].wounded = False, True
    drive(turn.mettle(st), first)
    rout = next(e for e in st.log.events if e.kind == "rout_check")
    assert rout["commander"] == "Brother Aldo" and rout["rating"] == 4


def test_monastic_and_extra_rations_give_once_per_game_break_tokens() -> None:
    """sm.stronghold.monastic, sm.item.extra_rations; sm.stronghold.mystical (one Unbreakable
    Action a game)."""
    st = bare_state(a=3, b=2)
    assert st.spare_breaks == [1, 0]  # the Free Blades bought Extra Rations
    assert st.mystical == [False, True]  # the Hollow Court is Mystical


def test_municipal_rolls_two_dice_for_the_adventure_check() -> None:
    """sm.stronghold.municipal: the pre-game Strategy Check (roles) on 2d10."""
    from warband.rulesets.sword_marches import RULESET

    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()[:2]]
    lists[0] = dataclasses.replace(lists[0], stronghold="municipal")
    game = RULESET.new_game(lists, 11)
    check = next(e for e in game.events if e.kind == "adventure_check")
    assert len(check["rolls"][0]) == 2 and len(check["rolls"][1]) == 1


def test_wenna_is_a_fighting_man_and_immune_to_heavy() -> None:
    """sm.trait.fighting_man (Immune Heavy), sm.trait.vocation (its Cascade)."""
    st = bare_state()
    wenna = st.models[WENNA]
    assert wenna.has("fighting_man") and wenna.has("vocation")


def test_kingmaker_hands_the_warlord_token_on() -> None:
    """sm.trait.kingmaker."""
    st = bare_state(dice=[])
    brand = place(st, BRAND, 10, 10)
    _with(brand, traits=("kingmaker",))
    friend = place(st, SPEAR_1, 12, 10)
    brand.active = True
    acts = [o for o in turn.options_for(st, brand) if o.action == "kingmaker"]
    assert [o.target for o in acts if o.target == SPEAR_1]
    drive(turn.execute(st, 0, acts[0], False), first)
    target = st.by_uid(acts[0].target)
    assert target.active and target.token_from_effect and not brand.active
    assert friend.active or target is not friend


@pytest.mark.parametrize("uid", [WATCH_2, KORGA])
def test_impassable_ground_is_walked_round(uid: int) -> None:
    """sm.terrain.impassable: no model enters it; moves go round."""
    rock = {"name": "rock", "kind": "impassable", "blocks_sight": True,
            "points": [[8, 12], [12, 12], [12, 14], [8, 14]]}
    st = bare_state(terrain=[rock])
    m = place(st, uid, 10, 10)
    from warband.rulesets.sword_marches.rules.terrain import move_model

    x, y, moved = move_model(st, m, (10, 17), 6.0)
    assert not st.table.in_impassable(x, y, m.r)
    assert moved == pytest.approx(6.0, abs=0.05)


def test_more_than_human_adds_three_once_per_game() -> None:
    """sm.trait.more_than_human: once a game, +3 to a Check with the Bloodline Rating (Graceful
    CBT here, on its first Attack; house: spent at the first chance)."""
    from warband.rulesets.sword_marches.rules.combat import close_attack

    st = bare_state()
    st.dice = Dice(4)
    tamsin, foe = place(st, TAMSIN, 10, 10), place(st, WATCH_1, 10, 11.5)
    _with(tamsin, traits=("more_than_human",))
    cbts = []
    for _ in range(2):
        drive(close_attack(st, tamsin, foe, False, False), lambda d: "none")
        melee = [e for e in st.log.events if e.kind == "melee"][-1]
        cbts.append(melee["attack_cbt"])
        foe.on_table, foe.shocked, foe.wounded = True, False, False
        tamsin.on_table, tamsin.shocked, tamsin.wounded = True, False, False
        tamsin.shocks_this_turn = foe.shocks_this_turn = 0
    assert cbts[0] == cbts[1] + 3
    assert sum(e.kind == "more_than_human" for e in st.log.events) == 1


def test_penetrating_ignores_armour_and_cover_and_area_terrain_conceals() -> None:
    """sm.geartrait.penetrating (ARM 0, Cover negated), sm.terrain.area_cover (wholly inside
    Area Terrain: Concealment; durable Area Terrain: Cover)."""
    from warband.rulesets.sword_marches.models import Weapon

    ruins = {"name": "ruins", "kind": "difficult", "area": True, "cover": True,
             "points": [[5, 14], [15, 14], [15, 20], [5, 20]]}
    st = bare_state(terrain=[ruins])
    bow, target = place(st, BOW_1, 10, 8), place(st, BRAND, 10, 15)
    w = ranged_weapon(bow)
    attack, facts = build_ranged_attack(st, bow, target, w, "standing_fire")
    assert facts["concealed"] and facts["cover"]
    gun = Weapon("arbalest", "Arbalest", 0, 20, 1, 6, frozenset({"penetrating"}))
    attack, facts = build_ranged_attack(st, bow, target, gun, "standing_fire")
    assert not facts["cover"] and attack.hit.armour == "none"
