"""The ArcWorlde board view matches the state (issue 9): every Character on the table at its
position with its base, HP and status; objectives with their holder; deployment zones of the
scenario's depth (arcworlde.setup.sequence)."""

from __future__ import annotations

from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.controller import play
from warband.rulesets.arcworlde.rules.scenario import objective_holders

RS = registry.get("arcworlde")


def _game(seed: int):
    paths = RS.sample_lists()
    return RS.new_game([RS.load_list(paths[0]), RS.load_list(paths[1])], seed, track_digest=True)


def test_board_view_matches_the_state_after_a_game() -> None:
    game = _game(7)
    play(game, {0: RandomController(), 1: RandomController()}, 7)
    st = game.state
    st.chars[0].prone = True  # a flag set by hand shows up
    bv = RS.board_view(game, 0)
    on = {str(c.uid): c for c in st.chars if c.on_table}
    assert {p.id for p in bv.pieces} == set(on)
    for p in bv.pieces:
        c = on[p.id]
        assert (p.x, p.y) == (round(c.x, 3), round(c.y, 3))
        assert (p.hp, p.hp_max) == (c.hp, c.max_hp)
        assert p.base.shape == "round" and p.base.diameter_mm == c.profile.base
        assert abs(p.base.radius - c.r) < 1e-3
        assert ("Prone" in p.flags) == c.prone and ("Broken" in p.flags) == c.broken
        assert p.facing is None  # ArcWorlde has no facing
    assert {o.id for o in bv.off_table} == {str(c.uid) for c in st.chars if not c.on_table}
    holders = objective_holders(st)
    assert [m.side for m in bv.markers if m.kind == "objective"] == holders
    assert bv.phase == "Game over"


def test_deployment_zones_and_table() -> None:
    game = _game(1)
    bv = RS.board_view(game, None)
    st = game.state
    assert (bv.table.width, bv.table.height) == (st.table.width, st.table.height)
    assert len(bv.terrain) == len(st.table.terrain)
    depth = st.scenario.deployment_depth
    ys = [sorted({y for _, y in z.polygon}) for z in bv.zones]
    assert ys == [[0, depth], [st.table.height - depth, st.table.height]]
    assert bv.phase == "Deployment" and bv.pieces == []
