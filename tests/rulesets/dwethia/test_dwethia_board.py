"""The board view on the grid (core/board.py, grid mode)."""

from __future__ import annotations

from dwethia_helpers import forces

from warband.ai.random_ai import RandomController
from warband.core.board import MoveEffect, PlaceEffect
from warband.core.controller import play
from warband.core.decisions import Decision
from warband.rulesets.dwethia import RULESET


def test_board_view_is_a_grid_with_heights_markers_and_bases() -> None:
    """dwethia.core.spaces, dwethia.list.base_sizes, dwethia.setup.objective_markers: the view
    is a 36 x 36 grid of spaces; terrain keeps its height (trench -2, tower 7); four
    objective markers; the Brute's 50mm base covers 2 x 2 spaces, so its centre is a whole
    number of spaces; slain and waiting models are off the table."""
    game = RULESET.new_game(forces()[:2], 5, track_digest=True)
    play(game, {0: RandomController(), 1: RandomController()}, 5, max_decisions=400)
    bv = RULESET.board_view(game, 0)
    assert bv.table.unit == "space" and bv.table.grid is not None
    assert (bv.table.grid.columns, bv.table.grid.rows) == (36, 36)
    heights = {t.height for t in bv.terrain}
    assert -2 in heights and 7 in heights
    assert len(bv.markers) == 4 and all(m.kind == "objective" for m in bv.markers)
    st = game.state
    for p in bv.pieces:
        h = st.heroes[int(p.id)]
        assert (p.x, p.y) == (h.x + h.size / 2, h.y + h.size / 2)
        assert p.hp == h.wounds
    brute = next((p for p in bv.pieces if p.label == "Gorrak the Brute"), None)
    if brute is not None:
        assert brute.x == int(brute.x) and brute.base.diameter_mm == 50  # type: ignore[union-attr]
    assert {o.id for o in bv.off_table} == {str(h.uid) for h in st.heroes if not h.on_table}


def test_moves_and_entries_are_effects() -> None:
    """The latest moves show as paths between space centres, entries as placements."""
    game = RULESET.new_game(forces()[:2], 2, track_digest=True)
    moves = 0
    while game.pending() is not None and moves < 6:
        for p in game.waiting_for():
            d = game.decision_for(p)
            assert isinstance(d, Decision)
            game.apply(p, RandomController().decide(game.view(p), d,
                                                     __import__("random").Random(p)))
            if d.kind == "move":
                moves += 1
    bv = RULESET.board_view(game, None, since=0)
    assert any(isinstance(e, PlaceEffect) for e in bv.effects)
    for e in bv.effects:
        if isinstance(e, MoveEffect):
            assert all(x % 1 == 0.5 or x % 1 == 0 for x, _ in e.path)


def test_decision_focus_names_the_moving_hero_and_its_movement() -> None:
    """A move decision focuses on the hero, with its Movement as reach once on the table."""
    game = RULESET.new_game(forces()[:2], 3)
    rng = __import__("random").Random(1)
    seen = 0
    while game.pending() is not None and seen < 12:
        for p in game.waiting_for():
            d = game.decision_for(p)
            assert isinstance(d, Decision)
            if d.kind == "move":
                focus = RULESET.decision_focus(game.view(p), d)
                h = game.state.heroes[d.info["hero"]]
                assert focus is not None and focus.label == h.name
                assert focus.reach == (h.stat("movement") if h.entered else None)
                seen += 1
            game.apply(p, RandomController().decide(game.view(p), d, rng))
    assert seen


def test_choice_odds_are_the_mechanics_distribution() -> None:
    """Odds inside play (web board): a Fight's and a Shot's odds are the shared mechanics'
    exact distributions for the very numbers the game would roll (dwethia.melee.*,
    dwethia.shoot.attack_roll)."""
    from dwethia_helpers import open_state, put

    from warband.rulesets.dwethia.choices import Fight, Shoot
    from warband.rulesets.dwethia.rules.combat import melee_mechanic, shot_mechanic
    from warband.rulesets.dwethia.state import DwethiaView

    st = open_state()
    captain, skarn = put(st, 0, 5, 5), put(st, 6, 5, 6)
    hunter = put(st, 3, 10, 2)
    view = DwethiaView(st, 0)
    d = Decision("close_combat", 0, [Fight(skarn.uid)], info={"hero": captain.uid})
    odds = RULESET.choice_odds(view, d, Fight(skarn.uid))
    assert odds is not None
    dist = melee_mechanic(st, captain, skarn).distribution()
    assert [r.p for r in odds.rows] == [float(p) for _, p in sorted(dist.items())]
    assert abs(sum(r.p for r in odds.rows) - 1) < 1e-9
    bow = hunter.profile.ranged[0]
    d2 = Decision("shoot", 0, [Shoot(bow.id, skarn.uid)], info={"hero": hunter.uid})
    shot = RULESET.choice_odds(view, d2, Shoot(bow.id, skarn.uid))
    assert shot is not None and shot.sight is not None and shot.sight.visible
    mech, _, friends = shot_mechanic(st, hunter, skarn, bow.strength, bow, False)
    assert friends == [captain]  # Skarn is engaged with the Captain: friendly fire noted
    assert [r.p for r in shot.rows] == [float(p) for _, p in sorted(mech.distribution().items())]


def test_own_sealed_objectives_only_in_own_board_view() -> None:
    """dwethia.scenario.secret_objectives: a player's board view names its own sealed
    objectives (the phase line), never the other player's; a spectator sees neither."""
    from warband.rulesets.dwethia.narrate import objective_name

    game = RULESET.new_game(forces()[:2], 6)
    st = game.state
    st.secret = [("hunter", "reaper", "ghost", "bulwark", "espionage"),
                 ("crows_nest", "hands_off", "explosives", "revenge", "east_to_west")]
    mine = RULESET.board_view(game, 0).phase
    theirs = RULESET.board_view(game, 1).phase
    spectator = RULESET.board_view(game, None).phase
    for o in st.secret[0]:
        assert objective_name(o) in mine
        assert objective_name(o) not in theirs and objective_name(o) not in spectator
    assert "objectives" not in spectator
