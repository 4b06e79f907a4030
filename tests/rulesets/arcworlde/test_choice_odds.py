"""Odds of an ArcWorlde option before it is chosen (the web board's odds inside play) are the
figures of the dice mechanics the game rolls with (arcworlde.combat.attack_resolution,
arcworlde.combat.charge, arcworlde.core.prone, arcworlde.feat.attempt)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from warband.core import registry
from warband.core.decisions import Decision
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.mechanics import AttackMechanic, FeatCheck

RS = registry.get("arcworlde")


def _melee_setup(charged: bool, prone: bool):
    paths = RS.sample_lists()
    game = RS.new_game([RS.load_list(paths[0]), RS.load_list(paths[1])], 1)
    st = game.state
    me = next(c for c in st.chars if c.side == 0 and any(not a.ranged for a in c.usable_attacks()))
    foe = next(c for c in st.chars if c.side == 1)
    for c, x in ((me, 10.0), (foe, 10.0 + me.r + foe.r)):
        c.x, c.y, c.deployed = x, 6.0, True  # in the open: no Cover
    foe.prone = prone
    decision = Decision("action", 0, [C.EndActivation()],
                        info={"character": me.uid, "charged": charged})
    attack = next(a for a in me.usable_attacks() if not a.ranged)
    return game, me, foe, attack, decision


@pytest.mark.parametrize("charged", [False, True])
@pytest.mark.parametrize("prone", [False, True])
def test_melee_attack_odds_are_the_attack_mechanic(charged: bool, prone: bool) -> None:
    game, me, foe, attack, decision = _melee_setup(charged, prone)
    odds = RS.choice_odds(game.view(0), decision, C.Attack(attack.name, foe.uid))
    assert odds is not None
    mech = AttackMechanic(
        power=attack.power + (attack.charge_power if charged else 0), armour=foe.armour,
        defence=-1 if prone else 0, crit_ignores_armour=attack.crit_ignores_armour,
        ignores_armour=attack.ignores_armour,
        defence_rerolls=1 if "shield" in foe.traits else 0)
    dist = mech.distribution()
    rows = {r.label: r.p for r in odds.rows}
    assert rows == {f"{d} Damage": pytest.approx(float(p)) for d, p in dist.items()}
    ko = sum((p for d, p in dist.items() if d >= foe.hp), Fraction(0))
    assert odds.summary[1].p == pytest.approx(float(ko))
    assert f"--power {mech.power}" in odds.query
    # the line of sight drawn before the Attack: who to whom, in the open, in base contact
    assert odds.sight is not None
    assert (odds.sight.source, odds.sight.target) == (str(me.uid), str(foe.uid))
    assert odds.sight.visible and not odds.sight.cover and odds.sight.distance == 0
    assert ("--defence disadvantage" in odds.query) == prone


def test_feat_odds_are_the_feat_check() -> None:
    game, me, foe, attack, decision = _melee_setup(False, False)
    for ap in (1, 2, 3):
        odds = RS.choice_odds(game.view(0), decision, C.StandUp(ap))
        assert odds is not None
        assert odds.summary[0].p == pytest.approx(float(FeatCheck(ap, 1).probability()))
    assert RS.choice_odds(game.view(0), decision, C.EndActivation()) is None
