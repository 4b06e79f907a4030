"""Property tests (hypothesis) over the odds mechanics: every distribution is a distribution,
and the odds move the way the rules say they must when a stat improves."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from warband.rulesets.arcworlde import mechanics as arc
from warband.rulesets.armies import mechanics as armies
from warband.rulesets.dwethia import mechanics as dw
from warband.rulesets.sword_marches import mechanics as sm

FAST = settings(max_examples=40, deadline=None)


def _mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), Fraction(0))


def _is_distribution(dist: dict[object, Fraction]) -> bool:
    return sum(dist.values()) == 1 and all(p >= 0 for p in dist.values())


@FAST
@given(power=st.integers(0, 10), armour=st.integers(0, 4), defence=st.sampled_from([-1, 0, 1]),
       rerolls=st.integers(0, 3), crit=st.booleans())
def test_arcworlde_attack_more_power_never_hurts(power: int, armour: int, defence: int,
                                                 rerolls: int, crit: bool) -> None:
    """arcworlde.combat.attack_resolution: one more Power die never lowers the mean Damage; one
    more point of Armour never raises it; one more re-roll never lowers it."""
    base = arc.AttackMechanic(power, armour, defence, crit, rerolls=rerolls).distribution()
    assert _is_distribution(base)  # type: ignore[arg-type]
    assert max(base) <= 2 * power
    more = arc.AttackMechanic(power + 1, armour, defence, crit, rerolls=rerolls).distribution()
    armoured = arc.AttackMechanic(power, armour + 1, defence, crit, rerolls=rerolls).distribution()
    rerolled = arc.AttackMechanic(power, armour, defence, crit, rerolls=rerolls + 1).distribution()
    assert _mean(more) >= _mean(base) >= _mean(armoured)
    assert _mean(rerolled) >= _mean(base)


@FAST
@given(level=st.integers(2, 21), extra=st.integers(0, 3))
def test_arcworlde_spell_more_cards_cast_more(level: int, extra: int) -> None:
    """arcworlde.magic.casting: paying for one more card never lowers the chance to cast."""
    def cast(k: int) -> Fraction:
        d = arc.SpellCasting(level, k).distribution()
        assert _is_distribution(d)  # type: ignore[arg-type]
        return sum((p for (v, _), p in d.items() if v != "failed"), Fraction(0))

    assert cast(extra + 1) >= cast(extra)


@FAST
@given(a_cbt=st.integers(0, 8), d_cbt=st.integers(0, 8), a_dice=st.integers(1, 4),
       d_dice=st.integers(1, 3), shield=st.booleans(), helmet=st.booleans(),
       damage=st.integers(0, 6), con=st.integers(0, 6), arm=st.integers(0, 12))
def test_sword_marches_better_attacker_hits_more(a_cbt: int, d_cbt: int, a_dice: int,
                                                 d_dice: int, shield: bool, helmet: bool,
                                                 damage: int, con: int, arm: int) -> None:
    """sm.combat.compare: one more point of Attacker CBT or one more Attack die never lowers the
    chance to hit; sm.combat.injury: one more point of DMG never lowers the chance to Wound."""
    def attack(cbt: int, dice: int, dmg: int) -> dict[tuple[str, str], Fraction]:
        return sm.CombatAttack(sm.DicePool(dice), cbt, sm.DicePool(d_dice, reroll_lowest=shield),
                               d_cbt, sm.DamageCheck(dmg, 0, con, arm, 5, helmet)).distribution()

    def hit(d: dict[tuple[str, str], Fraction]) -> Fraction:
        return sum((p for (r, _), p in d.items() if r != "miss"), Fraction(0))

    def wound(d: dict[tuple[str, str], Fraction]) -> Fraction:
        return sum((p for (r, _), p in d.items() if r == "wounded"), Fraction(0))

    base = attack(a_cbt, a_dice, damage)
    assert _is_distribution(base)  # type: ignore[arg-type]
    assert hit(attack(a_cbt + 1, a_dice, damage)) >= hit(base)
    assert hit(attack(a_cbt, a_dice + 1, damage)) >= hit(base)
    assert wound(attack(a_cbt, a_dice, damage + 1)) >= wound(base)


@FAST
@given(dice=st.integers(0, 6), a_arv=st.integers(0, 8), d_arv=st.integers(0, 8),
       strength=st.integers(0, 8), defence=st.integers(0, 8),
       save=st.one_of(st.none(), st.integers(2, 6)), destiny=st.integers(0, 4))
def test_dwethia_more_destiny_never_hurts(dice: int, a_arv: int, d_arv: int, strength: int,
                                          defence: int, save: int | None, destiny: int) -> None:
    """dwethia.destiny.rerolls: with the mean-maximising policy one more point of Destiny never
    lowers the mean wounds; one more attack die never lowers them either."""
    base = dw.MeleeAttack(dice, a_arv, d_arv, strength, defence, save, destiny).distribution()
    assert _is_distribution(base)  # type: ignore[arg-type]
    more = dw.MeleeAttack(dice, a_arv, d_arv, strength, defence, save, destiny + 1).distribution()
    extra_die = dw.MeleeAttack(dice + 1, a_arv, d_arv, strength, defence, save,
                               destiny).distribution()
    assert _mean(more) >= _mean(base)
    assert _mean(extra_die) >= _mean(base)


@FAST
@given(skill=st.integers(-2, 8), attacks=st.integers(0, 12), armour=st.integers(0, 8),
       strength=st.integers(0, 6))
def test_armies_more_skill_more_hits(skill: int, attacks: int, armour: int, strength: int) -> None:
    """armies.melee.to_hit, armies.combat.armour_save: more skill never lowers the mean wounds,
    more armour never raises it."""
    save = armies.ArmourSave(armour, strength)
    base = armies.Attacks(skill, attacks, save).distribution()
    assert _is_distribution(base)  # type: ignore[arg-type]
    assert _mean(armies.Attacks(skill + 1, attacks, save).distribution()) >= _mean(base)
    tougher = armies.Attacks(skill, attacks, armies.ArmourSave(armour + 1, strength))
    assert _mean(tougher.distribution()) <= _mean(base)
