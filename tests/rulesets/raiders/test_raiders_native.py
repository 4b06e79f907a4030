"""What the compiled build's Raiders changes keep the same (docs/performance.md, Raiders,
"Issue 16, session 9: the compiled build"): a unit's kept base, the split game's loss memos.
Runs pure and against the compiled build."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as hs
from raiders_helpers import bare_state, combat_sides

from warband.core.geometry import Base
from warband.rulesets.raiders import splits
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
