"""Principle 5: the game rolls the same mechanics objects the odds engine computes exactly.
Sampled play must agree with the exact distributions (sm.combat.*, sm.cc.*, sm.ranged.*,
sm.check.damage)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from sm_helpers import BOW_1, BRAND, ISOLDE, SPEAR_1, WATCH_1, bare_state, drive, place

from warband.core.dice import Dice
from warband.rulesets.sword_marches import odds
from warband.rulesets.sword_marches.mechanics import CombatAttack
from warband.rulesets.sword_marches.rules.combat import (
    build_close_attack,
    build_ranged_attack,
    close_attack,
    ranged_weapon,
)

N = 20_000


def _agree(attack: CombatAttack, seed: int) -> None:
    exact = attack.distribution()
    dice = Dice(seed)
    seen = Counter((r.result, r.counter_result) for r in (attack.sample(dice) for _ in range(N)))
    for key, p in exact.items():
        freq = seen[key] / N
        sd = (float(p) * (1 - float(p)) / N) ** 0.5
        assert abs(freq - float(p)) <= 5 * sd + 1e-3, (key, freq, float(p))
    assert set(seen) <= set(exact)
    assert sum(exact.values()) == Fraction(1)


def test_a_charge_in_play_samples_its_exact_distribution() -> None:
    """A Charge with Reach, Man-at-Arms and a Shield (sm.action.charge, sm.cc.weapon_reach,
    sm.geartrait.shield) - the game's own attack object - against its exact distribution."""
    st = bare_state()
    brand, isolde = place(st, BRAND, 10, 10), place(st, ISOLDE, 10, 11.5)
    isolde.active = True
    attack, _ = build_close_attack(st, brand, isolde, charge=True)
    _agree(attack, 1)


def test_stand_and_fight_with_counter_attacks_samples_its_exact_distribution() -> None:
    """sm.cc.at_risk, sm.cc.counter_attack: an At Risk Attacker's misses may be punished."""
    st = bare_state()
    spear, watch = place(st, SPEAR_1, 10, 10), place(st, WATCH_1, 10, 11.5)
    attack, _ = build_close_attack(st, spear, watch, charge=False)
    assert attack.at_risk and attack.counter_damage is not None
    _agree(attack, 2)


def test_a_shot_samples_its_exact_distribution() -> None:
    """sm.ranged.rate_of_fire, sm.ranged.defense: a Standing Fire volley."""
    st = bare_state()
    bow, target = place(st, BOW_1, 10, 5), place(st, BRAND, 10, 14)
    attack, _ = build_ranged_attack(st, bow, target, ranged_weapon(bow), "standing_fire")
    assert attack is not None
    _agree(attack, 3)


def test_the_game_rolls_exactly_the_mechanic_it_builds() -> None:
    """close_attack rolls build_close_attack's object with the game's dice: same seed, same
    Attack and Defense dice as sampling the object directly."""
    for seed in range(20):
        st = bare_state()
        st.dice = Dice(seed)
        spear, watch = place(st, SPEAR_1, 10, 10), place(st, WATCH_1, 10, 11.5)
        attack, _ = build_close_attack(st, spear, watch, charge=False)
        expected = attack.sample(Dice(seed))
        drive(close_attack(st, spear, watch, False, False), lambda d: "none")
        melee = next(e for e in st.log.events if e.kind == "melee")
        assert melee["attack_dice"] == expected.check.primary.rolled
        assert melee["defense_dice"] == expected.check.secondary.rolled
        assert melee["result"] == expected.result


def test_the_odds_query_uses_the_same_mechanic() -> None:
    """`warband odds sword-marches attack` builds the same CombatAttack type the game rolls."""
    params = odds.AttackParams(attacker_cbt=9, attacker_dice=3, defender_cbt=6, damage=6,
                               con=4, arm=6, threshold=5, helmet=True, at_risk=False)
    assert isinstance(params.mechanic(), CombatAttack)
