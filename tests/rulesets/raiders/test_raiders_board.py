"""The Raiders board view matches the state (issue 9): every unit on the table at its
leader's position, its figures formed up round it, its HP, fatigue and morale; deployment
areas on the edges the roll gave (raiders.scenario.deployment_zones)."""

from __future__ import annotations

from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.controller import play

RS = registry.get("raiders")


def test_board_view_matches_the_state_after_a_game() -> None:
    paths = RS.sample_lists()
    game = RS.new_game([RS.load_list(paths[0]), RS.load_list(paths[1])], 5, track_digest=True)
    play(game, {0: RandomController(), 1: RandomController()}, 5)
    st = game.state
    bv = RS.board_view(game, 1)
    on = {str(u.uid): u for u in st.units if u.on_table}
    assert {p.id for p in bv.pieces} == set(on)
    for p in bv.pieces:
        u = on[p.id]
        assert (p.x, p.y) == (round(u.x, 3), round(u.y, 3))
        assert len(p.figures) == u.figures
        assert (p.hp, p.hp_max) == (u.hp_left, u.size * u.profile.hp)
        assert p.stats["Morale tokens"] == u.morale_tokens
        assert ("Broken" in p.flags) == u.broken
        assert abs((p.footprint or 0) - u.radius) < 1e-3
    near = [z for z in bv.zones if min(y for _, y in z.polygon) == 0]
    assert [z.side for z in near] == [st.edges.index(0)]
    assert {o.id for o in bv.off_table} == {str(u.uid) for u in st.units if not u.on_table}
