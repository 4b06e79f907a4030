"""Source Traits on Attacks and the Vulnerabilities they trigger, with the bundled gear: the
house Frostbite Blade (Cold) and Sunsteel Mace (Ascendant); the Insectoid's, Reptilian's and
Ghoul's Poison, the Wight's Diabolic and Poison."""

from __future__ import annotations

import dataclasses

from sm_helpers import bare_state, place

from warband.rulesets.sword_marches.catalogue import catalogue
from warband.rulesets.sword_marches.rules.combat import (
    attack_sources,
    build_close_attack,
    close_weapon,
    vulnerabilities,
)
from warband.rulesets.sword_marches.state import Model, SMState

# the Hollow Court (side 0) against the Tideport Free Blades (side 1)
MARGRAVE, GNASHMAW, ORACLE, BOUND_DEAD = 0, 1, 2, 3
CORVIN, SSKARR, PIKEMAN = 8, 9, 10


def court_vs_tideport() -> SMState:
    return bare_state(a=2, b=3)


def _traits(m: Model, *extra: str) -> None:
    m.f = dataclasses.replace(m.f, traits=m.f.traits + tuple((t, 1) for t in extra))


def test_the_frostbite_blade_halves_a_reptilians_con() -> None:
    """sm.trait.reptilian, sm.trait.vulnerable, sm.trait.source_traits: the Veiled Oracle's
    bundled Frostbite Blade (house, Cold) makes Sskarr (Reptilian, Vulnerable (Cold)) resist
    with CON/2, ARM in full; the Oracle's knife would not."""
    st = court_vs_tideport()
    oracle, sskarr = place(st, ORACLE, 10, 10), place(st, SSKARR, 10, 11.5)
    assert close_weapon(oracle).id == "frostbite_blade"
    assert "cold" in vulnerabilities(sskarr)
    attack, _ = build_close_attack(st, oracle, sskarr, charge=False)
    assert attack.hit.con == sskarr.f.con // 2 and attack.hit.arm == sskarr.f.arm
    pikeman = place(st, PIKEMAN, 20, 20)
    place(st, ORACLE, 20, 21.5)
    attack, _ = build_close_attack(st, oracle, pikeman, charge=False)
    assert attack.hit.con == pikeman.f.con  # a Human is not Vulnerable (Cold)


def test_the_sunsteel_mace_halves_a_ghouls_and_a_wights_con() -> None:
    """sm.trait.ghoul, sm.trait.wight, sm.trait.vulnerable: Master Corvin's bundled Sunsteel
    Mace (house, Ascendant) makes Gnashmaw (Ghoul) and the Pale Margrave (Wight) resist with
    CON/2; a Bound Dead (neither) resists in full."""
    st = court_vs_tideport()
    corvin = place(st, CORVIN, 10, 10)
    assert close_weapon(corvin).id == "sunsteel_mace"
    for uid, vulnerable in ((GNASHMAW, True), (MARGRAVE, True), (BOUND_DEAD, False)):
        for m in st.models[:8]:
            place(st, m.uid, 30 - m.uid * 2.5, 33)
        dfn = place(st, uid, 10, 11.5)
        attack, _ = build_close_attack(st, corvin, dfn, charge=False)
        assert attack.hit.con == (dfn.f.con // 2 if vulnerable else dfn.f.con), uid


def test_monstrous_close_attacks_carry_poison_and_the_wights_diabolic() -> None:
    """sm.trait.insectoid, sm.trait.reptilian, sm.trait.ghoul (Poison in close combat, not at
    range), sm.trait.wight (Diabolic and Poison), sm.geartrait.poison."""
    st = court_vs_tideport()
    sskarr, gnashmaw, margrave = st.models[SSKARR], st.models[GNASHMAW], st.models[MARGRAVE]
    assert "poison" in attack_sources(sskarr, close_weapon(sskarr), True)
    assert "poison" in attack_sources(gnashmaw, close_weapon(gnashmaw), True)
    assert {"diabolic", "poison"} <= attack_sources(margrave, close_weapon(margrave), True)
    bow = catalogue().weapon("bow")
    assert "poison" not in attack_sources(sskarr, bow, False)
    pikeman = st.models[PIKEMAN]
    _traits(pikeman, "insectoid")
    assert "poison" in attack_sources(pikeman, close_weapon(pikeman), True)
    assert "cold" in vulnerabilities(pikeman)


def test_an_insectoid_is_vulnerable_to_the_frostbite_blade() -> None:
    """sm.trait.insectoid, sm.trait.vulnerable: an Insectoid resists a Cold Attack with CON/2."""
    st = court_vs_tideport()
    oracle, bug = place(st, ORACLE, 10, 10), place(st, PIKEMAN, 10, 11.5)
    _traits(bug, "monstrous", "insectoid")
    attack, _ = build_close_attack(st, oracle, bug, charge=False)
    assert attack.hit.con == bug.f.con // 2


def test_poison_does_no_damage_to_the_immune_and_full_damage_otherwise() -> None:
    """sm.trait.reptilian, sm.trait.immune, sm.origin.no_mortal_coil: Sskarr's Poison claws
    do no damage to a Supernatural (Bound Dead, Immune (Poison)) but hurt a Human."""
    st = bare_state(a=3, b=2)  # Tideport (side 0) against the Hollow Court (side 1)
    sskarr = place(st, 1, 10, 10)
    dead = place(st, 8 + BOUND_DEAD, 10, 11.5)
    attack, facts = build_close_attack(st, sskarr, dead, charge=False)
    assert facts["immune"]
    st = bare_state(a=3, b=0)  # against the Ashen Company's Humans
    sskarr = place(st, 1, 10, 10)
    human = place(st, 8 + 3, 10, 11.5)
    attack, facts = build_close_attack(st, sskarr, human, charge=False)
    assert not facts["immune"] and not attack.hit.immune
