"""What the compiled build's Raiders changes keep the same (docs/performance.md, Raiders,
"Issue 16, session 9: the compiled build"): a unit's kept base, the split game's loss memos.
Runs pure and against the compiled build."""

from __future__ import annotations

import random
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from raiders_helpers import bare_state, combat_sides

from warband.core.geometry import Base
from warband.rulesets.raiders import splits
from warband.rulesets.raiders.ai import tactics
from warband.rulesets.raiders.mechanics import Casting, CombatDirection, MagicMissile, Volley
from warband.rulesets.raiders.splits import CombatSide, Metric, attack_dice_rolled, split_range
from warband.rulesets.raiders.state import footprint


def test_raiders_core_measurement_kept_base_follows_the_leader() -> None:
    """raiders.core.measurement, raiders.core.movement_formation: a unit's base (kept while it
    stands still) is always where its leader stands now, with the footprint of its figures
    now, as it moves, loses figures and gets them back."""
    rng = random.Random(3)
    st = bare_state()
    for u in st.units:
        size = u.figures
        for step in range(60):
            if step % 3 == 0:
                u.x, u.y = rng.uniform(0, 72), rng.uniform(0, 48)
            if step % 5 == 0:
                u.figures = rng.randint(1, size + 2)
            base = u.base
            assert isinstance(base, Base)
            assert base == Base(u.x, u.y, footprint(u.figures, u.r)) == (u.x, u.y, u.radius)
            assert u.base is base  # read again, unchanged: the one kept


@settings(max_examples=80, deadline=None)
@given(a=combat_sides, b=combat_sides, metric=hs.sampled_from(["wounds", "casualties"]),
       other=combat_sides)
def test_raiders_combat_allocate_loss_memos_give_the_unmemoized_losses(
        a: CombatSide, b: CombatSide, metric: Metric, other: CombatSide) -> None:
    """raiders.combat.allocate: the payoff matrix read through the sides' loss memos holds
    exactly each side's expected loss worked out afresh (no memo), whatever was asked before
    (memos emptied, or filled by other fights first)."""
    b_save, b_wound = splits._chances(a.attack_skill - b.defence_bonus, b.armour - a.strength,
                                      b.shield_wall)
    a_save, a_wound = splits._chances(b.attack_skill - a.defence_bonus, a.armour - b.strength,
                                      a.shield_wall)
    fresh = [[splits._expected_loss(attack_dice_rolled(a, i), b.pool - j, b_save, b_wound,
                                    b.carried, b.hp, b.figures, b.weight, metric)
              - splits._expected_loss(attack_dice_rolled(b, j), a.pool - i, a_save, a_wound,
                                      a.carried, a.hp, a.figures, a.weight, metric)
              for j in split_range(b)] for i in split_range(a)]
    splits._LOSS_MEMOS.clear()
    assert splits.payoff_matrix(a, b, metric) == fresh
    splits.payoff_matrix(other, b, metric)
    splits.payoff_matrix(a, other, metric)
    assert splits.payoff_matrix(a, b, metric) == fresh
    assert [splits.expected_payoff(a, i, b, j, metric) for j in split_range(b)
            for i in split_range(a)] == [fresh[i][j] for j in split_range(b)
                                         for i in split_range(a)]


def _fresh_binomial(n: int, p: float) -> tuple[float, ...]:
    q = 1.0 - p
    return tuple(comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))


def _fresh_wounds(attack: int, defence: int, save: float, wound: float) -> tuple[float, ...]:
    out = [0.0] * (attack + 1)
    for saves, p in enumerate(_fresh_binomial(defence, save)):
        for w, q in enumerate(_fresh_binomial(max(0, attack - saves), wound)):
            out[w] += p * q
    return tuple(out)


@settings(max_examples=60, deadline=None)
@given(attack=hs.integers(0, 12), defence=hs.integers(0, 12), block_on=hs.integers(-2, 9),
       wound_on=hs.integers(-2, 9), reroll=hs.booleans(), limit=hs.sampled_from([1, 2, 65536]))
def test_raiders_combat_allocate_kept_tables_give_the_answers_worked_out_afresh(
        attack: int, defence: int, block_on: int, wound_on: int, reroll: bool, limit: int,
        ) -> None:
    """raiders.combat.allocate: the split game's chances, binomials and wound distributions
    kept in plain dicts (emptied when full) are exactly the values worked out afresh, whatever
    the tables held before and however small they are kept; and the chances are the exact
    Fractions of the combat direction, as floats."""
    mech = CombatDirection(attack, defence, block_on, wound_on, reroll)
    save, wound = float(mech.save_chance), float(mech.wound_chance)
    kept_before = (attack, defence, save, wound) in splits._WOUNDS
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(splits, "_MEMO_LIMIT", limit)
        for _ in range(2):  # (the second time from the tables, or after they were emptied)
            assert splits._chances(block_on, wound_on, reroll) == (save, wound)
            assert splits._binomial_f(defence, save) == _fresh_binomial(defence, save)
            assert splits._wounds_f(attack, defence, save, wound) == _fresh_wounds(
                attack, defence, save, wound)
            assert splits.wounds_distribution(mech) == _fresh_wounds(attack, defence, save,
                                                                     wound)
        if not kept_before:  # (made here: a full table was emptied first)
            assert len(splits._WOUNDS) <= limit


def test_raiders_shooting_and_magic_kept_tables_give_the_exact_values() -> None:
    """raiders.shooting.volley and raiders.spell.magic_missile: the AI's wound chances,
    casting levels and missile wounds kept in plain dicts are the exact values as floats,
    asked again and after the tables were emptied."""
    cases = [(t, a, b) for t in range(2, 7) for a in range(0, 5) for b in (0, 2, 3)]
    for _ in range(2):
        for target, armour, bonus in cases:
            volley = Volley(1, target, armour, bonus)
            assert tactics._wound_chance(target, armour, bonus) == float(
                volley.hit_chance * volley.wound_chance)
        for level in range(1, 5):
            for armour in range(0, 5):
                expected = float(sum(k * p for k, p in
                                     MagicMissile(level, armour).distribution().items()))
                assert tactics._missile_wounds(level, armour) == expected
        for dice, needed, counter in [(1, 5, 0), (2, 6, 1), (3, 4, 2), (2, 7, 0)]:
            mech = Casting(dice, needed, counter, 0, 0)
            expected = float(sum(min(k, 3) * p for k, p in mech.distribution().items()))
            assert tactics._expected_level(dice, needed, counter, 0, 0, 3) == expected
        tactics._WOUND_CHANCES.clear()
        tactics._MISSILE_WOUNDS.clear()
        tactics._EXPECTED_LEVELS.clear()


def test_raiders_action_procedure_offered_choices_are_made_once_and_equal_fresh_ones() -> None:
    """raiders.action.procedure and raiders.reaction.*: the activation, action, target and
    reaction options the rules offer are made once per value and handed out again (frozen
    choices, equal to and encoded like new ones), also after a table was emptied."""
    from warband.rulesets.raiders import choices as C
    from warband.rulesets.raiders.choices import CODEC
    from warband.rulesets.raiders.rules import offered

    for _ in range(2):
        made = [offered.activate(3), offered.target(5), offered.choose_action("charge"),
                offered.react(2, "counter_charge", 7), offered.react(2, "go_to_ground"),
                offered.PASS, offered.NO_REACTION]
        fresh = [C.Activate(3), C.Target(5), C.ChooseAction("charge"),
                 C.React(2, "counter_charge", 7), C.React(2, "go_to_ground", -1), C.Pass(),
                 C.NoReaction()]
        assert made == fresh
        assert [type(m) for m in made] == [type(f) for f in fresh]
        assert [CODEC.encode(m) for m in made] == [CODEC.encode(f) for f in fresh]
        assert offered.activate(3) is made[0] and offered.react(2, "go_to_ground") is made[4]
        assert offered.activate(4) != made[0] and offered.react(2, "defend", 7) != made[3]
        offered._ACTIVATE.clear()
        offered._REACT.clear()
