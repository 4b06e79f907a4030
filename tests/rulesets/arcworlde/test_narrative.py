"""Narrative Feats: the menu, agreement and the compromise, damage (3 Hits per Success,
shared, rounded up), the extra Leg It, and the book's two worked examples."""

from __future__ import annotations

from typing import Any

import pytest

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules.narrative import compromise, narrative_hits

from .arena import Arena, box, terrain

#: the house menu of Narrative Feats is offered with this option
NARRATIVE = {"narrative_feats": True}


@pytest.mark.parametrize(("needed", "targets", "hits"), [
    (1, 1, [3]), (2, 1, [6]), (3, 1, [9]), (4, 1, [12]),
    (4, 3, [4, 4, 4]),      # the statue: 12 Hits, 4 each on three Halflings
    (3, 2, [5, 5]),         # 9 Hits on two: 4.5 rounded up
    (2, 4, [2, 2, 2, 2]),   # 6 on four: 1.5 rounded up
])
def test_arcworlde_feat_narrative_damage_three_hits_per_success(needed: int, targets: int,
                                                                 hits: list[int]) -> None:
    """arcworlde.feat.narrative_damage: 3 Hits per Success the difficulty needs, divided
    equally among the targets, each share rounded up."""
    assert narrative_hits(needed, targets) == hits


def test_arcworlde_feat_narrative_compromise_makes_failure_worse() -> None:
    """arcworlde.feat.narrative: without agreement, the lowest difficulty stands and the
    consequences of failure grow more dangerous (the river example: Easy, but Prone)."""
    assert compromise("none") == "prone"
    assert compromise("prone") == "hits"
    assert compromise("hits") == "hits"


def test_arcworlde_feat_narrative_damage_worked_example_statue() -> None:
    """arcworlde.feat.narrative_damage, the book's example: an Ourk Brute topples a statue onto
    three Halflings, agreed Legendary; 3AP roll 6, 5, 4 (four Successes): 12 Hits, 4 on each
    of the three Halflings."""
    statue = terrain("Statue", "impassable", box(9.0, 13.0, 11.0, 15.0), blocks_sight=True)
    arena = Arena([statue], options=NARRATIVE)
    brute = arena.add("ourk-brute", 0, (10, 11.9))
    halflings = [arena.add("halfling-militia", 1, arena.at_distance(brute, 1.0, d))
                 for d in ("east", "west", "south")]
    for h in halflings:
        h.hp = 20
    arena.dice(6, 5, 4, *([1] * 3))  # the Feat; then each Halfling's first Defence Roll fails
    run = arena.activate(brute)
    proposal = C.Narrative("topple-terrain", tuple(h.uid for h in halflings), "legendary", 3)
    assert proposal in run.pending.options
    run.answer(proposal)
    assert run.pending.kind == "narrative_agree" and run.pending.player == 1
    run.answer(C.AgreeFeat(True))
    feat = run.events("feat")[0]
    assert feat["rolled"] == [6, 5, 4] and feat["successes"] == 4 and feat["success"]
    hits = run.events("narrative_hits")
    assert [h["hits"] for h in hits] == [4, 4, 4]
    assert [h.hp for h in halflings] == [16, 16, 16]


def test_arcworlde_feat_narrative_leg_it_worked_example_halfling() -> None:
    """arcworlde.feat.narrative_leg_it, the book's example: the Halfling moves, shoots, then
    spends his last AP on one die for an agreed Medium Narrative Feat: a 6 (a Crit, two
    Successes) pulls it off; his separate Leg It roll is a 3: 3 inches further away."""
    arena = Arena(options=NARRATIVE)
    archer = arena.add("halfling-archer", 0, (10, 10))  # 3AP
    ourk = arena.add("ourk-brute", 1, (10, 24), hp=30)
    arena.dice(1, 1,   # the Shot: 2AP, two failures (a miss)
               6,      # the Narrative Feat: one die, a Crit
               3)      # the Leg It: 3 inches
    run = arena.activate(archer, C.Move(10, 8))  # free movement
    run.answer(C.Shoot("Shortbow", ourk.uid, 2))
    dash = C.Narrative("daring-dash", (), "medium", 1)
    assert dash in run.pending.options  # after an Action, with the Leg It sequence closed
    run.answer(dash, C.AgreeFeat(True))
    leg = run.events("leg_it")[0]
    assert leg["face"] == 3 and leg["trips_on"] == 6
    y0 = archer.y
    run.answer(C.Move(10, 0))
    assert abs(archer.y - (y0 - 3)) < 1e-6
    assert run.finished and arena.dice_left == 0


def test_arcworlde_feat_narrative_leg_it_not_rolled_on_failure_unless_option() -> None:
    """The yaml default: the dash's Leg It only when the Feat succeeds; with
    ``narrative_leg_it_always`` it is rolled even when the Feat fails."""
    for always, rolls in ((False, 0), (True, 1)):
        arena = Arena(options={**NARRATIVE, "narrative_leg_it_always": always})
        archer = arena.add("halfling-archer", 0, (10, 10))
        arena.add("ourk-brute", 1, (10, 30))
        arena.dice(2, *([4] if always else []))
        run = arena.activate(archer, C.Narrative("daring-dash", (), "medium", 1),
                             C.AgreeFeat(True))
        assert len(run.events("leg_it")) == rolls
        if run.pending is not None and run.pending.kind == "leg_it_move":
            run.answer(run.pending.options[-1])  # the dash first, then the failure
        assert archer.prone  # the agreed failure: Prone


def test_arcworlde_feat_narrative_disagreement_compromise_in_play() -> None:
    """arcworlde.feat.narrative and arcworlde.core.code_of_conduct (the yaml's reading: a
    program cannot negotiate, so every agreement is settled by the compromise rule): the
    opponent disagrees, the proposed (lower) difficulty is kept and the failure is worse (Prone
    becomes D6 Hits and Prone); the agreement is one yes/no decision, never left open."""
    arena = Arena(options=NARRATIVE)
    archer = arena.add("halfling-archer", 0, (10, 10), hp=20)
    arena.add("ourk-brute", 1, (10, 30))
    arena.dice(1, 2, 1)  # the Feat fails; D6 Hits = 2; the Defence Roll fails
    run = arena.activate(archer, C.Narrative("daring-dash", (), "easy", 1))
    assert run.pending.options == [C.AgreeFeat(True), C.AgreeFeat(False)]
    run.answer(C.AgreeFeat(False))
    event = run.events("narrative")[0]
    assert event["difficulty"] == "easy" and not event["agreed"] and event["failure"] == "hits"
    assert archer.hp == 18 and archer.prone


def test_arcworlde_terrain_interacting_vault_crosses_impassable() -> None:
    """arcworlde.terrain.interacting: crossing Impassable Terrain needs a Narrative Feat
    (the house Vault template: Hard), then a move that ignores terrain."""
    wall = terrain("Wall", "impassable", box(5.0, 12.0, 15.0, 12.5))
    arena = Arena([wall], options=NARRATIVE)
    militia = arena.add("halfling-militia", 0, (10, 11.3))
    arena.add("ourk-brute", 1, (10, 30))
    arena.dice(6, 4)
    run = arena.activate(militia, C.Narrative("vault-obstacle", (), "hard", 2), C.AgreeFeat(True))
    assert run.pending.kind == "narrative_move"
    run.answer(C.Move(10, 15.0))
    assert militia.y > 12.5


def test_heuristic_disagrees_with_a_lowballed_feat() -> None:
    import random

    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    arena = Arena(options=NARRATIVE)
    archer = arena.add("halfling-archer", 0, (10, 10))
    arena.add("ourk-brute", 1, (10, 30))
    run = arena.activate(archer, C.Narrative("daring-dash", (), "easy", 1))
    d = run.pending
    assert HeuristicController().decide(arena.view(1), d, random.Random(0)) == C.AgreeFeat(False)


def test_arcworlde_feat_narrative_menu_only_with_the_option() -> None:
    """The menu is offered only with ``narrative_feats=true``."""
    for on in (False, True):
        arena = Arena(options={"narrative_feats": on})
        archer = arena.add("halfling-archer", 0, (10, 10))
        arena.add("ourk-brute", 1, (10, 30))
        run = arena.activate(archer)
        assert any(isinstance(o, C.Narrative) for o in run.pending.options) == on


def _statue_scene(hp: int = 5) -> tuple[Arena, Any, list[Any]]:
    statue = terrain("Statue", "impassable", box(9.0, 13.0, 11.0, 15.0), blocks_sight=True)
    arena = Arena([statue], options=NARRATIVE)
    brute = arena.add("ourk-brute", 0, (10, 11.9), ap=4)
    halflings = [arena.add("halfling-militia", 1, arena.at_distance(brute, 1.0, d), hp=hp)
                 for d in ("east", "west", "south")]
    return arena, brute, halflings


def test_heuristic_narrative_value_is_the_exact_odds_times_the_effect() -> None:
    """arcworlde.feat.narrative / narrative_damage, as the AI judges them: the exact chance of
    the Feat with the dice committed times each target's Damage and Knock Out chance from the
    very mechanic the game rolls (4 Hits each through Armour and Defence), less the chance of
    failure times Prone; a proposal made easier is judged with the compromise's failure."""
    from fractions import Fraction

    from warband.rulesets.arcworlde.ai.narrative_ai import PRONE_COST, failure_cost, narrative_value
    from warband.rulesets.arcworlde.ai.tactics import damage_stats, target_danger
    from warband.rulesets.arcworlde.mechanics import FeatCheck, FixedHits
    from warband.rulesets.arcworlde.rules.narrative import feats_menu

    arena, brute, halflings = _statue_scene()
    view = arena.view(0)
    topple = next(f for f in feats_menu(view) if f.id == "topple-terrain")
    proposal = C.Narrative("topple-terrain", tuple(h.uid for h in halflings), "legendary", 4)
    p = float(FeatCheck(4, 4).probability())
    gain = 0.0
    for h in halflings:
        mean, kill = damage_stats(FixedHits(4, h.armour), h.hp)
        gain += mean + kill * (4.0 + target_danger(h) * 0.5)
    assert narrative_value(view, brute, proposal, topple) == pytest.approx(p * gain - (1 - p) * PRONE_COST)
    assert FeatCheck(4, 4).probability() < Fraction(1, 2)
    easier = C.Narrative("topple-terrain", proposal.targets, "hard", 4)
    p3 = float(FeatCheck(4, 3).probability())
    hits = FixedHits(3, halflings[0].armour)  # 9 Hits on three
    gain3 = sum(damage_stats(hits, h.hp)[0] + damage_stats(hits, h.hp)[1]
                * (4.0 + target_danger(h) * 0.5) for h in halflings)
    assert narrative_value(view, brute, easier, topple) == pytest.approx(
        p3 * gain3 - (1 - p3) * failure_cost(brute, "hits"))


def test_heuristic_proposes_a_narrative_feat_when_the_odds_favour_it() -> None:
    """arcworlde.feat.narrative: three wounded Halflings round the Ourk Brute by a statue (the
    book's scene): toppling it is worth more per AP than any blow, so the heuristic proposes
    it; with one healthy Halfling alone the Feat is not worth its risk and it is not proposed."""
    import random

    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    arena, brute, halflings = _statue_scene(hp=3)
    run = arena.activate(brute)
    choice = HeuristicController().decide(arena.view(0), run.pending, random.Random(0))
    choice = getattr(choice, "choice", choice)
    assert isinstance(choice, C.Narrative) and choice.feat == "topple-terrain"
    assert set(choice.targets) == {h.uid for h in halflings}

    arena = Arena(options=NARRATIVE)
    brute = arena.add("ourk-brute", 0, (10, 10))
    arena.add("halfling-militia", 1, arena.at_distance(brute, 2.0, "east"), hp=20)
    run = arena.activate(brute)
    choice = HeuristicController().decide(arena.view(0), run.pending, random.Random(0))
    assert not isinstance(getattr(choice, "choice", choice), C.Narrative)


def test_arcworlde_trait_monstrous_mount_rider_cannot_dash_or_vault_off() -> None:
    """arcworlde.trait.monstrous_mount with arcworlde.feat.narrative: a rider aboard its mount
    goes only where the mount goes, so the menu offers it no dash or vault (found by the
    property test: a vaulting Sheriff left its War Boar's base); damaging Feats remain."""
    from warband.rulesets.arcworlde.rules.narrative import narrative_options

    arena = Arena(options=NARRATIVE)
    boar = arena.add("war-boar", 0, (10, 10))
    sheriff = arena.add("halfling-sheriff", 0, (10, 10), mount_uid=boar.uid)
    boar.rider_uid = sheriff.uid
    arena.add("ourk-grunt", 1, (10, 14))
    feats = {o.feat for o in narrative_options(arena.st, sheriff, 3)}
    assert not feats & {"daring-dash", "vault-obstacle"}
    assert "distract" in feats
    assert {"daring-dash", "vault-obstacle"} <= {o.feat for o in narrative_options(arena.st, boar, 3)}
