"""Raised ground (house ``platform`` terrain): Climbing up, stepping and Jumping down, Jumping a
gap, Falling Checks, Elevated Position, Diving Charges and Shocked models near an edge."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Generator
from typing import Any

import pytest
from sm_helpers import (
    ALDO,
    BOW_1,
    BRAND,
    ISOLDE,
    KORGA,
    SPEAR_1,
    WATCH_1,
    WATCH_2,
    XBOW_1,
    bare_state,
    drive,
    first,
    no_tactical,
    place,
)

from warband.rulesets.sword_marches import mechanics as mech
from warband.rulesets.sword_marches.ai.heuristic import HeuristicController
from warband.rulesets.sword_marches.catalogue import catalogue
from warband.rulesets.sword_marches.choices import Act
from warband.rulesets.sword_marches.rules import combat, turn
from warband.rulesets.sword_marches.rules.combat import apply_injury, halve, ranged_targets
from warband.rulesets.sword_marches.rules.terrain import elevation, jump_spots, move_model
from warband.rulesets.sword_marches.state import SMState


def roof(name: str, x0: float, y0: float, x1: float, y1: float, height: float
         ) -> dict[str, Any]:
    return {"name": name, "kind": "open", "platform": True, "height": height,
            "points": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def events(st: SMState, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in st.log.events if e.kind == kind]


def jump(st: SMState, uid: int, kind: str) -> Act:
    m = st.models[uid]
    m.active = True
    acts = [o for o in turn.options_for(st, m) if o.action == "jump"]
    spots = {(x, y): k for x, y, k, _ in jump_spots(st, m)}
    chosen = [a for a in acts if spots[(a.x, a.y)] == kind]
    assert chosen, (kind, spots)
    return chosen[0]


def test_a_model_on_raised_ground_stands_at_its_height_and_is_not_engaged_from_below() -> None:
    """sm.action.jump (raised ground), sm.cc.engaged: a model on a 3" roof stands at 3"; one
    on the ground at its foot, 0.5" away across the table, is 3" away and not Engaged."""
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.0)])
    up = place(st, SPEAR_1, 11, 13.4)
    down = place(st, ALDO, 11, 14.9)
    assert (up.z, down.z) == (3.0, 0.0)
    assert st.gap(up, down) >= 3.0
    assert not st.engaged(up)


def test_a_climb_takes_a_model_up_onto_raised_ground() -> None:
    """sm.action.climb, sm.terrain.climb: a model touching a 3" roof may Climb it (CBT + d10
    against d10 + 3); passing, it stands on top; a Move from below stops at the roof's foot."""
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.0)], dice=[8, 2])
    m = place(st, SPEAR_1, 11, 17.0)
    x, y, _ = move_model(st, m, (11, 10), 6.0)
    assert 14.0 + m.r - 0.01 <= y < 14.0 + m.r + 0.3  # stopped at the foot of the roof
    m = place(st, SPEAR_1, x, y)
    m.active = True
    climb = [o for o in turn.options_for(st, m) if o.action == "climb"]
    assert len(climb) == 1
    drive(turn.execute(st, 0, climb[0], False), first)
    assert m.z == 3.0 and m.y < 14.0


def test_a_drop_of_two_inches_is_stepped_off_in_a_move_but_more_needs_a_jump() -> None:
    """sm.terrain.jump_down: a Move steps off a 2" stage (the drop costs nothing); from a 3"
    roof it stops at the edge, and a Jump is offered instead."""
    st = bare_state(terrain=[roof("stage", 8, 8, 14, 14, 2.0), roof("roof", 20, 8, 26, 14, 3.0)])
    m = place(st, SPEAR_1, 11, 13.0)
    x, y, moved = move_model(st, m, (11, 18), 6.0)
    assert y == pytest.approx(18.0) and elevation(st, x, y) == 0.0
    assert math.isclose(moved, 5.0, abs_tol=0.01)
    r = place(st, BRAND, 23, 13.0)
    x, y, _ = move_model(st, r, (23, 18), 6.0)
    assert elevation(st, x, y) == 3.0 and y < 14.0
    assert not [k for _, _, k, _ in jump_spots(st, m)]  # a 2" drop needs no Jump
    assert [k for _, _, k, _ in jump_spots(st, r)] == ["down"]


def test_jumping_down_passes_or_falls() -> None:
    """sm.action.jump, sm.terrain.jump_down, sm.terrain.terrain_check: a Jump down a 3" drop is
    CBT + d10 against d10 + 3; passing, the model lands below unhurt; failing, it lands below
    and takes a Falling Check (sm.terrain.falling_check)."""
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.0)], dice=[8, 2])
    m = place(st, SPEAR_1, 11, 13.2)
    drive(turn.execute(st, 0, jump(st, SPEAR_1, "down"), False), first)
    assert m.z == 0.0 and m.y > 14.0 and not events(st, "fall")
    assert st.dice.remaining == 0
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.0)], dice=[1, 9, 2, 9])
    m = place(st, SPEAR_1, 11, 13.2)
    drive(turn.execute(st, 0, jump(st, SPEAR_1, "down"), False), first)
    (fall,) = events(st, "fall")
    assert m.z == 0.0 and m.y > 14.0 and fall["drop"] == 3.0
    assert fall["damage_total"] == 2 + 3 and fall["resistance_total"] == 9 + m.f.con


def test_a_drop_over_four_inches_fails_outright() -> None:
    """sm.terrain.jump_down: over 4" the Jump fails without a Terrain Check: only the Falling
    Check's two dice are rolled (d10 + 5 against d10 + CON)."""
    st = bare_state(terrain=[roof("tower", 8, 8, 14, 14, 5.0)], dice=[7, 1])
    m = place(st, SPEAR_1, 11, 13.2)
    drive(turn.execute(st, 0, jump(st, SPEAR_1, "down"), False), first)
    (j,) = events(st, "jump")
    (fall,) = events(st, "fall")
    assert not j["passed"] and j["roll"] == []
    assert fall["damage_total"] == 7 + 5 and fall["resistance_total"] == 1 + m.f.con
    assert m.z == 0.0


def test_jumping_a_gap_lands_on_the_far_side_or_falls_into_it() -> None:
    """sm.action.jump, sm.terrain.jump_gap: across a 2.5" gap between two 3" roofs, CBT + d10
    against d10 + 3; passing, on the far roof touching its edge; failing, halfway across at
    the bottom with a Falling Check for 3". A Heavy model may not jump a gap."""
    terrain = [roof("west", 4, 8, 10, 14, 3.0), roof("east", 12.5, 8, 18, 14, 3.0)]
    st = bare_state(terrain=terrain, dice=[8, 2])
    m = place(st, SPEAR_1, 9.3, 11)
    act = jump(st, SPEAR_1, "gap")
    drive(turn.execute(st, 0, act, False), first)
    assert m.z == 3.0 and 12.5 < m.x < 12.5 + m.r + 0.2
    st = bare_state(terrain=terrain, dice=[1, 9, 5, 5])
    m = place(st, SPEAR_1, 9.3, 11)
    drive(turn.execute(st, 0, jump(st, SPEAR_1, "gap"), False), first)
    (fall,) = events(st, "fall")
    assert m.z == 0.0 and 10.0 < m.x < 12.5 and fall["drop"] == 3.0
    korga = place(st, KORGA, 9.3, 12.5)
    korga.f = dataclasses.replace(korga.f, heavy=True)
    # a Heavy model may still Jump down; the gap it may not try
    assert [k for _, _, k, _ in jump_spots(st, korga)] == ["down"]


def test_a_falling_check_is_d10_plus_the_drop_against_d10_plus_con_without_arm() -> None:
    """sm.terrain.falling_check: the drop rounded up to whole inches is the Damage; ARM does
    not count; the result reads like any Damage Check."""
    check = mech.falling_check(3.2, con=3, threshold=5)
    assert (check.damage, check.arm, check.con) == (4, 0, 3)
    dist = check.distribution()
    for result in ("no_effect", "shocked", "wounded"):
        ways = sum(1 for d in range(1, 11) for r in range(1, 11)
                   if mech.injury(d + 4, r + 3, 5, False) == result)
        assert float(dist[result]) == pytest.approx(ways / 100)


def test_elevated_position_ignores_target_priority() -> None:
    """sm.combat.elevated_position: a shooter whose base is 2" over the top of the target's
    Body Proper (house: 1" tall, so 3" up) may shoot any enemy it sees, not just the closest;
    on a 2" stage it may not."""
    for height, both in ((3.5, True), (2.0, False)):
        st = bare_state(terrain=[roof("roof", 8, 2, 14, 8, height)])
        shooter = place(st, XBOW_1, 11, 7.3)
        near = place(st, WATCH_1, 11, 12)
        far = place(st, WATCH_2, 14, 18)
        legal = ranged_targets(st, shooter)
        assert near in legal
        assert (far in legal) is both, height


def test_a_diving_charge_halves_the_defenders_cbt() -> None:
    """sm.cc.diving_charge: a Charge down from an Elevated Position; over 2" the drop needs a
    Terrain Check; passing, the Charge completes and the Defender fights at CBT/2 this
    Action (and not after it)."""
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.5)], dice=[8, 2])
    m = place(st, BRAND, 11, 13.3)
    m.active = True
    target = place(st, ALDO, 11, 16.5)
    seen: list[tuple[int, int]] = []

    def fake_close_attack(st_: SMState, att: Any, dfn: Any, charge: bool, is_break: bool
                          ) -> Generator[Any, Any, None]:
        w = combat.close_weapon(dfn)
        seen.append((combat.close_cbt(st_, dfn, att, w, 0, False), halve(dfn, dfn.f.cbt)))
        return
        yield  # pragma: no cover

    orig = turn.close_attack
    turn.close_attack = fake_close_attack  # type: ignore[assignment]
    try:
        drive(turn.execute(st, 0, Act(m.uid, "charge", target.uid), False), no_tactical)
    finally:
        turn.close_attack = orig
    (dc,) = events(st, "diving_charge")
    assert dc["passed"] and m.z == 0.0 and st.gap(m, target) <= 1.02
    assert seen and seen[0][0] == seen[0][1]
    assert not target.dived_on


def test_a_failed_diving_charge_falls_and_ends_below() -> None:
    """sm.cc.diving_charge, sm.terrain.falling_check: failing the Terrain Check, the charger
    takes a Falling Check for the drop and its Action ends at the bottom, not Engaged."""
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.5)], dice=[1, 9, 1, 9])
    m = place(st, BRAND, 11, 13.3)
    m.active = True
    target = place(st, ALDO, 11, 18.5)
    drive(turn.execute(st, 0, Act(m.uid, "charge", target.uid), False), no_tactical)
    (fall,) = events(st, "fall")
    assert fall["drop"] == 3.5 and fall["damage_total"] == 1 + 4
    assert m.z == 0.0 and not st.engaged(m) and not events(st, "melee")


def test_a_shocked_model_near_a_high_edge_may_fall() -> None:
    """sm.terrain.shocked_falling: Shocked within 1" of the edge of a surface over 2" up, it
    makes a Terrain Check (CBT/2, being Shocked) against Difficulty (5); failing, it falls
    and takes a Falling Check. Far from the edge, or on the ground, no Check is made."""
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.0)], dice=[1, 9, 1, 9])
    m = place(st, BOW_1, 11, 13.2)
    apply_injury(st, m, "shocked", None)
    (chk,) = events(st, "edge_check")
    assert not chk["passed"] and m.z == 0.0 and events(st, "fall")
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.0)], dice=[10, 1])
    m = place(st, BOW_1, 11, 13.2)
    apply_injury(st, m, "shocked", None)
    assert events(st, "edge_check")[0]["passed"] and m.z == 3.0
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.0)], dice=[])
    inner = place(st, BOW_1, 11, 11)
    ground = place(st, ISOLDE, 20, 20)
    apply_injury(st, inner, "shocked", None)
    apply_injury(st, ground, "shocked", None)
    assert not events(st, "edge_check")


def test_the_heuristic_values_a_height_to_shoot_from() -> None:
    """sm.combat.elevated_position (AI): a shooter rates a spot on a 3.5" roof above the same
    spot's distance on the ground, and the roof's foot above open ground."""
    st = bare_state(terrain=[roof("roof", 8, 8, 14, 14, 3.5)])
    m = place(st, XBOW_1, 20, 4)
    place(st, WATCH_1, 11, 26)
    ai = HeuristicController()
    cache = ai._cache(st)
    top = ai._position(st, m, 11, 13.0, cache)
    foot = ai._position(st, m, 11, 14.0 + m.r + 0.02, cache)
    ground = ai._position(st, m, 4, 14.0 + m.r + 0.02, cache)
    assert top > foot > ground - 0.5


def test_cairn_ford_has_raised_ground_and_the_ai_climbs_it() -> None:
    """sm.action.climb, sm.action.jump: the house Adventure Cairn Ford has platforms, and in
    seeded heuristic games shooters Climb them."""
    adv = catalogue().scenarios["cairn-ford"]
    assert sum(1 for t in adv.terrain if t.platform) >= 3
    from warband.core.controller import play
    from warband.rulesets.sword_marches import RULESET

    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    climbs = 0
    for seed in range(6):
        game = RULESET.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed,
                                options={"scenario": "cairn-ford"})
        play(game, {0: HeuristicController(), 1: HeuristicController()}, seed)
        climbs += len(events(game.state, "climb"))
    assert climbs > 0


def test_jumps_and_falls_are_narrated_and_drawn() -> None:
    """sm.action.jump, sm.terrain.falling_check: the log says the Jump's dice and the fall's
    Falling Check; the board view labels raised ground with its height, shows who stands on
    it and draws the fall as a move."""
    from warband.rulesets.sword_marches import RULESET
    from warband.rulesets.sword_marches.narrate import FORMATS

    st = bare_state(terrain=[roof("tower", 8, 8, 14, 14, 5.0)], dice=[7, 1])
    m = place(st, SPEAR_1, 11, 13.2)
    before = RULESET.board_view(st, None)
    assert any("raised 5\"" in a for p in before.terrain for a in p.attributes)
    piece = next(p for p in before.pieces if p.id == str(m.uid))
    assert piece.stats["Standing on"] == "raised ground 5\" up"
    start = len(st.log.events)
    drive(turn.execute(st, 0, jump(st, SPEAR_1, "down"), False), first)
    lines = [FORMATS[e.kind](e) for e in st.log.events if e.kind in ("jump", "fall")]
    assert "jumps down 5\": too far, it falls" in str(lines[0])
    assert "falls 5\": Falling 7 = 12 vs CON 1" in str(lines[1])
    after = RULESET.board_view(st, None, since=start)
    from warband.core.board import MoveEffect

    moves = [e for e in after.effects if isinstance(e, MoveEffect)]
    assert moves and abs(moves[-1].path[-1][1] - m.y) < 0.01


def test_a_ground_shooter_away_from_raised_ground_is_offered_its_foot() -> None:
    """sm.combat.elevated_position (house AI aid): a shooter on the ground a few inches from a
    platform it could Climb gets the platform's foot as a place to move to, though its base
    touches nothing high yet (a speed short cut once skipped exactly this case)."""
    from warband.rulesets.sword_marches.rules.terrain import platform_foot

    st = bare_state(terrain=[roof("tower", 8, 8, 14, 14, 3.0)])
    m = place(st, XBOW_1, 11, 20)
    foot = platform_foot(st, m)
    assert foot is not None
    fx, fy = foot
    assert 8 <= fx <= 14 and 14 < fy < 20 - m.r  # on the tower's near side, closer than before
