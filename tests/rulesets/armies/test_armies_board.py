"""Armies of Arcana on the board: every unit drawn as its formation's rectangle (frontage,
depth, facing, ranks x files), effects from the events, the decision focus, and the exact odds
shown beside shooting and casting options."""

from __future__ import annotations

import math

from armies_helpers import ARCHERS, NORTH, SOUTH, WARRIORS, bare_state, place, sample_lists

from warband.ai.random_ai import RandomController
from warband.core.controller import play
from warband.rulesets.armies import RULESET
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.board import board_view, decision_focus
from warband.rulesets.armies.choice_odds import choice_odds
from warband.rulesets.armies.choices import Cast, Shoot


def test_units_are_drawn_as_their_formations() -> None:
    game = RULESET.new_game(sample_lists(), 3, track_digest=True)
    play(game, {0: RandomController(), 1: RandomController()}, 3)
    st = game.state
    bv = board_view(game, None)
    by_id = {p.id: p for p in bv.pieces}
    for u in st.units:  # type: ignore[attr-defined]
        if not u.on_table:
            assert str(u.uid) in {o.id for o in bv.off_table}
            continue
        p = by_id[str(u.uid)]
        f = u.formation
        assert (p.x, p.y) == (round(f.centre[0], 3), round(f.centre[1], 3))
        assert p.base.shape == "rect" and math.isclose(p.base.width, f.width, abs_tol=1e-3)
        assert math.isclose(p.facing or 0.0, math.degrees(f.heading) % 360, abs_tol=0.01)
        assert p.figures == []  # the rectangle is the whole unit (a rect base)
        assert math.isclose(p.base.depth, f.depth, abs_tol=1e-3)
        if u.models:
            assert p.formation is not None and p.formation.files == u.current_files
    assert any(z.side == 0 for z in bv.zones) and any(z.side == 1 for z in bv.zones)


def test_objective_marker_and_focus() -> None:
    game = RULESET.new_game(sample_lists(), 2, {"scenario": "hold-the-hill"})
    bv = board_view(game, 0)
    [marker] = bv.markers
    assert (marker.x, marker.y, marker.radius) == (24, 18, 6)
    while (d := game.pending()) is not None and getattr(d, "kind", "") != "order":
        game.apply(d.player, RandomController().decide(game.view(d.player), d,
                                                       __import__("random").Random(1)))
    focus = decision_focus(game.view(d.player), d)
    assert focus is not None and focus.piece == str(d.info["uid"]) and focus.reach


def test_shooting_odds_are_the_mechanics() -> None:
    """The odds beside a Shoot option are Attacks(skill, shots, save).distribution()."""
    st = bare_state()
    arch = place(st, ARCHERS, 24, 10, NORTH)
    wa = place(st, WARRIORS, 24, 24, SOUTH)
    odds = choice_odds(st, None, Shoot(arch.uid, wa.uid))
    assert odds is not None
    assert math.isclose(sum(r.p for r in odds.rows), 1.0, abs_tol=1e-9)
    skill = arch.profile.shooting_skill + 1  # 40 warriors in rank and file: a massed target
    exact = m.Attacks(skill, 16, m.ArmourSave(wa.profile.armour, 0)).distribution()
    assert [r.p for r in odds.rows] == [float(p) for p in exact.values() if p]
    cast = choice_odds(st, None, Cast(0, "fireball", WARRIORS, 2))
    assert cast is not None and cast.summary[0].p == float(m.PowerRoll(2, 4, True).probability())
