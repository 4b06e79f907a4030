"""Combat rules on a bare table: ranges, Target Priority, Concealment and Cover, Reach and At
Risk, Multiple Opponents, Injuries and their escalation, Panic from Losses."""

from __future__ import annotations

import dataclasses

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
    place,
)

from warband.rulesets.sword_marches.mechanics import DamageRoll
from warband.rulesets.sword_marches.rules import combat
from warband.rulesets.sword_marches.rules.combat import (
    apply_injury,
    build_close_attack,
    build_ranged_attack,
    charge_targets,
    halve,
    ranged_targets,
    ranged_weapon,
)
from warband.rulesets.sword_marches.state import Model

WALL = {"name": "wall", "kind": "open", "cover": True,
        "points": [[4, 14.6], [14, 14.6], [14, 15.2], [4, 15.2]]}


def _give(m: Model, *traits: str) -> None:
    m.f = dataclasses.replace(m.f, traits=m.f.traits + tuple((t, 1) for t in traits))


def _at(st, uid: int, x: float, y: float) -> Model:
    return place(st, uid, x, y)


def test_ratings_half_penalty_worked_example() -> None:
    """sm.rating.modifiers: bonuses first, then /2 rounding down - CBT 4 + 3 = 7 -> 3 at Long
    Range; Graceful rounds CBT/2 up (sm.origin.bloodline_graceful)."""
    st = bare_state()
    assert halve(st.models[XBOW_1], 4 + 3) == 3
    assert halve(st.models[TAMSIN], 7) == 4  # Tamsin is Graceful
    # In play: a Crossbowman (CBT 3) Taking Aim (+3) at Long Range: (3 + 3) / 2 = 3, RoF 1.
    shooter, target = _at(st, XBOW_1, 10, 5), _at(st, ISOLDE, 10, 5 + 18 + 1)
    attack, facts = build_ranged_attack(st, shooter, target, ranged_weapon(shooter), "take_aim")
    assert facts["long"] and attack is not None
    assert attack.attacker_cbt == 3 and attack.attacker.dice == 1


def test_range_categories_long_range_and_maximum() -> None:
    """sm.ranged.range_categories, sm.ranged.long_range_penalty: Long beyond the Effective
    Range or 20", whichever first; nothing beyond twice the Effective Range."""
    st = bare_state()
    archer, target = st.models[TAMSIN], st.models[BRAND]  # Long Bow, Effective 24"
    w = ranged_weapon(archer)
    _at(st, TAMSIN, 10, 2)
    for gap, long, beyond in ((15.0, False, False), (21.0, True, False), (47.0, True, False),
                              (49.0, True, True)):
        _at(st, BRAND, 10, 2 + archer.r + target.r + gap)
        attack, facts = build_ranged_attack(st, archer, target, w, "standing_fire")
        assert facts["long"] is long, gap
        assert (attack is None) is beyond, gap


def test_rate_of_fire_mobile_fire_and_hunter() -> None:
    """sm.ranged.rate_of_fire (Standing Fire rolls the RoF), sm.ranged.movement_penalty (Mobile
    Fire RoF/2, not below 1), sm.trait.hunter (no RoF/2), sm.action.take_aim (RoF 1, +3)."""
    st = bare_state()
    bow, target = _at(st, BOW_1, 10, 5), _at(st, BRAND, 10, 12)
    w = ranged_weapon(bow)
    dice = {mode: build_ranged_attack(st, bow, target, w, mode)[0].attacker.dice
            for mode in ("standing_fire", "mobile_fire", "take_aim")}
    assert dice == {"standing_fire": 2, "mobile_fire": 1, "take_aim": 1}
    aim = build_ranged_attack(st, bow, target, w, "take_aim")[0]
    stand = build_ranged_attack(st, bow, target, w, "standing_fire")[0]
    assert aim.attacker_cbt == stand.attacker_cbt + 3
    _give(bow, "hunter")
    assert build_ranged_attack(st, bow, target, w, "mobile_fire")[0].attacker.dice == 2


def test_defense_in_the_open_concealment_cover_and_point_blank() -> None:
    """sm.ranged.defense (Open: CBT/2, one die), sm.ranged.concealment (full CBT),
    sm.ranged.cover (+1 die from durable terrain within 1"), sm.ranged.point_blank (negates
    Concealment but not Cover)."""
    st = bare_state(terrain=[WALL])
    shooter = _at(st, BOW_1, 9, 5)
    target = _at(st, BRAND, 9, 15.2 + 0.6)  # just behind the wall
    w = ranged_weapon(shooter)
    attack, facts = build_ranged_attack(st, shooter, target, w, "standing_fire")
    assert facts["concealed"] and facts["cover"]
    assert attack.defender_cbt == target.f.cbt and attack.defender.dice == 2
    _at(st, BRAND, 20, 15.8)  # in the open
    attack, facts = build_ranged_attack(st, shooter, target, w, "standing_fire")
    assert not facts["concealed"] and not facts["cover"]
    assert attack.defender_cbt == target.f.cbt // 2 and attack.defender.dice == 1
    _at(st, BOW_1, 9, 14.6 - shooter.r - 0.5)  # close up to the wall: Point Blank
    _at(st, BRAND, 9, 15.2 + 0.6)
    attack, facts = build_ranged_attack(st, shooter, target, w, "standing_fire")
    assert facts["point_blank"] and not facts["concealed"] and facts["cover"]
    assert attack.defender_cbt == target.f.cbt // 2 and attack.defender.dice == 2


def test_target_priority_closest_with_its_exceptions() -> None:
    """sm.combat.target_priority: the closest visible enemy; Shocked or Broken ones may be
    ignored; sm.ranged.into_close_combat: Engaged enemies are never Ranged targets."""
    st = bare_state()
    shooter = _at(st, BOW_1, 10, 5)
    near, far = _at(st, BRAND, 10, 10), _at(st, KORGA, 10, 16)
    assert ranged_targets(st, shooter) == [near]
    near.shocked = True
    assert ranged_targets(st, shooter) == [near, far]
    near.shocked = False
    _at(st, WATCH_1, 10, 11.5)  # a friend of the shooter Engages the near enemy
    assert near not in ranged_targets(st, shooter)
    assert far in ranged_targets(st, shooter)
    # Charges may ignore Engaged enemies but otherwise take the closest
    charger = _at(st, ALDO, 17, 10)
    assert charge_targets(st, charger) == [near, far]
    _at(st, WATCH_1, 30, 30)
    assert charge_targets(st, charger) == [near]


def test_ambushers_cannot_be_targeted() -> None:
    """sm.action.ambush: a model in Ambush cannot be seen or targeted."""
    st = bare_state()
    shooter = _at(st, BOW_1, 10, 5)
    hidden = _at(st, BRAND, 10, 10)
    hidden.ambush = True
    assert hidden not in ranged_targets(st, shooter)


def test_charge_reach_at_risk_and_the_charge_bonus() -> None:
    """sm.check.combat, sm.combat.attack_defense_checks, sm.action.charge (+1 CBT),
    sm.cc.weapon_reach (the longer Reach is not At Risk; a
    Defender with the longer Reach halves the Attacker), sm.trait.to_victory (+3 Reach),
    sm.trait.man_at_arms (+1 per level)."""
    st = bare_state()
    brand, watch = _at(st, BRAND, 10, 10), _at(st, WATCH_1, 10, 11.9)
    attack, facts = build_close_attack(st, brand, watch, charge=True)
    assert facts["reach"] == 1 + 3 and facts["defender_reach"] == 2
    assert not attack.at_risk
    assert attack.attacker_cbt == 6 + 2 + 1  # CBT 6, Man-at-Arms+2, Charge
    assert attack.attacker.dice == 3  # Base Attacks: 6 / 2
    korga = _at(st, KORGA, 20, 10)
    _at(st, WATCH_2, 20, 11.9)
    attack, facts = build_close_attack(st, korga, st.models[WATCH_2], charge=True)
    assert facts["defender_reach"] > facts["reach"]
    assert attack.attacker_cbt == (4 + 1 + 1) // 2


def test_counter_attack_needs_a_ready_defender_without_fatigue() -> None:
    """sm.cc.at_risk (only an Active or Ready Defender puts the Attacker At Risk),
    sm.geartrait.fatigue (no Counter-Attack, unless Immune (Fatigue): sm.trait.immune),
    sm.geartrait.riposte."""
    st = bare_state()
    spear, watch = _at(st, SPEAR_1, 10, 10), _at(st, WATCH_1, 10, 11.5)
    attack, _ = build_close_attack(st, spear, watch, charge=False)
    assert attack.at_risk and attack.counter_damage is not None
    watch.shocked = True
    attack, _ = build_close_attack(st, spear, watch, charge=False)
    assert not attack.at_risk
    watch.shocked = False
    brute = _at(st, SPEAR_2, 10, 11.5)
    from warband.rulesets.sword_marches.catalogue import catalogue

    brute.f = dataclasses.replace(brute.f, weapons=(catalogue().weapon("great_cleaver"),))
    _at(st, WATCH_1, 30, 30)
    attack, _ = build_close_attack(st, spear, brute, charge=False)
    assert not attack.at_risk  # a Great Cleaver (Fatigue) cannot Counter-Attack
    korga = _at(st, KORGA, 10, 11.5)  # the same weapon, but Stout: Immune (Fatigue)
    _at(st, SPEAR_2, 30, 32)
    attack, _ = build_close_attack(st, spear, korga, charge=False)
    assert attack.at_risk
    brand = _at(st, BRAND, 20, 20)  # Bastard Sword: Riposte
    _at(st, WATCH_2, 20, 21.5)
    attack, _ = build_close_attack(st, st.models[WATCH_2], brand, charge=False)
    assert attack.riposte


def test_engaged_with_multiple_opponents_halves_cbt() -> None:
    """sm.cc.multiple_opponents: two Ready enemies within 1" halve CBT; Shocked ones do not
    count."""
    st = bare_state()
    watch = _at(st, WATCH_1, 10, 10)
    spear1, spear2 = _at(st, SPEAR_1, 10, 11.6), _at(st, SPEAR_2, 11.6, 10)
    attack, _ = build_close_attack(st, spear1, watch, charge=False)
    full = watch.f.cbt + watch.f.level("man_at_arms")
    assert attack.defender_cbt == full // 2
    spear2.shocked = True
    attack, _ = build_close_attack(st, spear1, watch, charge=False)
    assert attack.defender_cbt == full


def test_shield_rerolls_only_for_an_active_defender() -> None:
    """sm.geartrait.shield: re-roll the lowest Defense die while Active."""
    st = bare_state()
    isolde, watch = _at(st, ISOLDE, 10, 10), _at(st, SPEAR_1, 10, 11.5)
    isolde.active = True
    assert build_close_attack(st, watch, isolde, charge=False)[0].defender.reroll_lowest
    isolde.active = False
    assert not build_close_attack(st, watch, isolde, charge=False)[0].defender.reroll_lowest


def test_fighting_man_adds_three_on_a_close_combat_break() -> None:
    """sm.trait.fighting_man: +3 CBT on a close combat Break Action, once per Turn."""
    st = bare_state()
    wenna, watch = _at(st, WENNA, 10, 10), _at(st, WATCH_1, 10, 11.5)
    normal = build_close_attack(st, wenna, watch, charge=False)[0].attacker_cbt
    broke, facts = build_close_attack(st, wenna, watch, charge=False, is_break=True)
    assert broke.attacker_cbt == normal + 3 and facts["fighting_man"]


def test_shocked_then_shocked_again_is_wounded() -> None:
    """sm.condition.shocked (loses its Action Token), sm.condition.shocked_escalation (a second
    Shock in a Turn, or a Shock while Broken, Wounds), sm.trait.just_wont_die (three)."""
    st = bare_state()
    m = st.models[SPEAR_1]
    m.active = True
    apply_injury(st, m, "shocked", None)
    assert m.shocked and not m.active and m.on_table
    apply_injury(st, m, "shocked", None)
    assert m.wounded and not m.on_table
    b = st.models[SPEAR_2]
    b.broken = True
    apply_injury(st, b, "shocked", None)
    assert b.wounded
    tough = st.models[XBOW_1]
    _give(tough, "just_wont_die")
    apply_injury(st, tough, "shocked", None)
    apply_injury(st, tough, "shocked", None)
    assert tough.on_table and tough.shocked
    apply_injury(st, tough, "shocked", None)
    assert tough.wounded


def test_outland_marauder_and_by_the_ancestors_turn_a_wound_into_a_shock() -> None:
    """sm.archetype.outland_marauder (a Wound by exactly the Threshold Shocks instead),
    sm.trait.by_the_ancestors (once per game, Threshold + CON/2)."""
    st = bare_state()
    korga = st.models[KORGA]  # Stout: Threshold 7, CON 4, By the Ancestors
    roll = DamageRoll([9], [1], 19, 11, "wounded")  # margin 8 < 7 + 2
    assert combat._adjust_wound(st, korga, roll, korga.f.wound_threshold) == "shocked"
    assert korga.ancestors_used
    assert combat._adjust_wound(st, korga, roll, korga.f.wound_threshold) == "wounded"
    st.musters[0] = dataclasses.replace(st.musters[0], archetype="outland_marauder")
    brand = st.models[BRAND]
    exact = DamageRoll([9], [1], 16, 11, "wounded")  # margin 5 = Human Threshold
    assert combat._adjust_wound(st, brand, exact, 5) == "shocked"
    more = DamageRoll([9], [1], 17, 11, "wounded")
    assert combat._adjust_wound(st, brand, more, 5) == "wounded"


def test_panic_from_losses_breaks_and_runs_or_holds_when_engaged() -> None:
    """sm.panic.losses: friends within 3" of a Wounded model test CMD against Difficulty (5);
    failing, they are Broken and run a Random Check away; an Engaged friend passes."""
    st = bare_state(dice=[1, 10, 8, 3])
    victim, friend = _at(st, SPEAR_1, 10, 10), _at(st, SPEAR_2, 12, 10)
    _at(st, BRAND, 30, 30)  # the Warlord far away: the Spear's own CMD 2
    apply_injury(st, victim, "wounded", None)
    assert friend.broken and friend.x > 12 + 4.9  # ran 5" straight away
    st = bare_state(dice=[])
    victim, friend = _at(st, SPEAR_1, 10, 10), _at(st, SPEAR_2, 12, 10)
    _at(st, WATCH_1, 13.6, 10)  # Engages the friend
    apply_injury(st, victim, "wounded", None)
    assert not friend.broken


def test_panic_uses_the_warlord_command_radius() -> None:
    """sm.panic.general (CMD against Difficulty (5)), sm.modeltype.warlord: inside the
    Warlord's Command Radius a model with a lower CMD uses the Warlord's for Panic Checks."""
    st = bare_state(dice=[1, 4])  # 1 + 4 (Brand's CMD) vs 4 + 5: fails by... 5 < 9
    m = _at(st, SPEAR_1, 10, 10)
    _at(st, BRAND, 12, 10)
    assert not combat.panic_check(st, m, 5, "losses")
    st = bare_state(dice=[5, 4])  # 5 + 4 = 9 vs 4 + 5 = 9: passes with the Warlord's CMD
    m = _at(st, SPEAR_1, 10, 10)
    _at(st, BRAND, 12, 10)
    assert combat.panic_check(st, m, 5, "losses")
    st = bare_state(dice=[5, 4])  # outside the radius: 5 + 2 < 9
    m = _at(st, SPEAR_1, 10, 10)
    _at(st, BRAND, 30, 10)
    assert not combat.panic_check(st, m, 5, "losses")


def test_fanatics_and_avatars_are_immune_to_panic() -> None:
    """sm.origin.caste_avatar, sm.trait.fanatic: Immune (Panic)."""
    st = bare_state(a=2, b=0, dice=[])
    assert combat.panic_check(st, st.models[0], 9, "losses")  # the Avatar Warlord
    assert combat.panic_check(st, st.models[3], 9, "losses")  # a Fanatic Bound Dead


def test_source_immunity_vulnerability_and_immune_vicious() -> None:
    """sm.trait.immune (an Attack bearing a Source the target is Immune to does no damage,
    the rules yaml's reading; Immune (Vicious) cancels Vicious), sm.trait.vulnerable (CON/2),
    sm.trait.source_traits, sm.geartrait.poison (a keyword for Immune/Vulnerable),
    sm.origin.no_mortal_coil (Immune Poison)."""
    from warband.rulesets.sword_marches.models import Weapon

    st = bare_state(a=2, b=2)
    # the Ghoul (Poison claws) against the other Court's Bound Dead (Immune Poison)
    ghoul, dead = _at(st, 1, 10, 10), _at(st, 8 + 3, 10, 11.5)
    attack, facts = build_close_attack(st, ghoul, dead, charge=False)
    assert facts["immune"] and attack.hit.immune
    assert all(res in ("miss", "no_effect") for res, _ in attack.distribution())
    st.options.source_immunity = "ignore"
    attack, _ = build_close_attack(st, ghoul, dead, charge=False)
    assert not attack.hit.immune
    _at(st, 8 + 3, 30, 30)  # the Bound Dead steps away; the other Court's Ghoul steps in
    other_ghoul = _at(st, 8 + 1, 10, 11.5)
    attack, _ = build_close_attack(st, ghoul, other_ghoul, charge=False)
    assert not attack.vicious  # Immune (Vicious)
    st = bare_state(a=3, b=0)
    # Sskarr is Reptilian: Vulnerable (Cold)
    sskarr, spear = _at(st, 1, 10, 10), _at(st, 8 + SPEAR_1, 10, 11.5)
    cold = Weapon("ice_blade", "Ice Blade", 1, None, None, 1, frozenset({"cold"}))
    spear.f = dataclasses.replace(spear.f, weapons=(cold,))
    attack, _ = build_close_attack(st, spear, sskarr, charge=False)
    assert attack.hit.con == sskarr.f.con // 2
