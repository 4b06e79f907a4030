"""Armies of Arcana: lists, options, scenarios and victory, whole seeded games (properties,
replay, sampled play against the exact mechanics, the heuristic against random)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from armies_helpers import sample_lists
from hypothesis import given, settings
from hypothesis import strategies as st

from warband.ai.random_ai import RandomController
from warband.content.errors import ContentError
from warband.core.controller import controller_rng, play
from warband.core.game import Game
from warband.rulesets.armies import RULESET
from warband.rulesets.armies import mechanics as m

HEURISTIC_SEEDS = range(10)


def _game(seed: int, options: dict[str, object] | None = None) -> Game:
    return RULESET.new_game(sample_lists(), seed, options, track_digest=True)


BAD_LIST = """\
ruleset: armies
name: Broken Host
army: aldmark
points: 300
units:
  - profile: aldmark-spearmen
    models: 44
    files: 45
    name: Too Many
    characters:
      - {profile: aldmark-knights}
  - profile: horde-troll
  - profile: aldmark-bombard
    files: 2
    characters:
      - {profile: aldmark-captain}
  - profile: aldmark-archerz
    models: 10
"""


def test_bad_list_lists_every_violation(write_file) -> None:  # type: ignore[no-untyped-def]
    """List validation (house format): every problem at once, with lines and fields."""
    path = write_file("bad.yaml", BAD_LIST)
    with pytest.raises(ContentError) as err:
        RULESET.load_list(path)
    text = str(err.value)
    for needle in ("40 models, not 44", "wider than the unit", "not a character",
                   "serves the horde army", "not rank and file", "cannot join",
                   "did you mean 'aldmark-archers'", "0 generals", "over the limit of 300"):
        assert needle in text, needle
    assert all(v.line for v in err.value.violations)


def test_list_for_another_ruleset_is_refused(write_file) -> None:  # type: ignore[no-untyped-def]
    path = write_file("other.yaml", "ruleset: raiders\nname: x\n")
    with pytest.raises(ContentError, match="--ruleset raiders"):
        RULESET.load_list(path)


def test_sample_lists_are_valid() -> None:
    a, b = sample_lists()
    assert a.cost <= a.points and b.cost <= b.points


def test_options_are_checked() -> None:
    opts, scenario = RULESET.parse_options({"turns": 3, "pursuit_saves": True})
    assert (opts.turns, opts.pursuit_saves, scenario) == (3, True, "pitched-battle")
    for bad in ({"turns": 0}, {"pursuit_saves": "yes"}, {"charge_window": 2}, {"nope": 1}):
        with pytest.raises(ValueError):
            RULESET.parse_options(bad)
    with pytest.raises(ValueError, match="unknown scenario"):
        _game(1, {"scenario": "nowhere"})


def test_rout_ends_the_game_after_morale() -> None:
    """armies.morale.victory_check: checked after the Morale phase; a side with no unbroken
    unit on the table has lost."""
    game = _game(3)
    for u in game.state.units:  # type: ignore[attr-defined]
        if u.side == 1:
            u.gone, u.formation = True, None
    outcome = play(game, {0: RandomController(), 1: RandomController()}, 3)
    assert outcome.winner == 0 and outcome.extra["ended_by"] == "rout" and outcome.rounds == 1
    kinds = [e.kind for e in game.events]
    assert kinds.index("game_end") > max(i for i, k in enumerate(kinds) if k == "phase")
    assert game.events[-2].kind == "phase" or "Morale" in str(
        [e.data for e in game.events if e.kind == "phase"][-1])


def test_turn_limit_and_scenario_points() -> None:
    """House scenarios: the turn limit ends the game on points; Hold the Hill adds the
    objective's points to the side that alone holds it."""
    game = _game(4, {"scenario": "hold-the-hill", "turns": 2})
    outcome = play(game, {0: RandomController(), 1: RandomController()}, 4)
    assert outcome.rounds <= 2 and outcome.extra["scenario"] == "hold-the-hill"
    assert all(v >= 0 for v in outcome.vp)


def test_turn_sequence_phases_in_order() -> None:
    """armies.turn.sequence: Fleeing, Movement, Magic, Missile Fire, Melee, Morale."""
    game = _game(2, {"turns": 1})
    play(game, {0: RandomController(), 1: RandomController()}, 2)
    phases = [e["name"] for e in game.events if e.kind == "phase"]
    assert phases == ["Fleeing", "Movement", "Magic", "Missile Fire", "Melee", "Morale"]


def _check_invariants(game: Game) -> None:
    st = game.state
    units = [u for u in st.units if u.on_table]  # type: ignore[attr-defined]
    for u in st.units:  # type: ignore[attr-defined]
        assert 0 <= u.models <= u.start_models
        assert 0 <= u.damage < max(1, u.profile.wounds)
        assert 0 <= u.wounds_left <= u.start_wounds
        assert u.gone == (u.deployed and u.formation is None)
        for other in u.engaged:
            assert u.uid in st.units[other].engaged  # type: ignore[attr-defined]
    for i, a in enumerate(units):
        for b in units[i + 1:]:
            assert not a.formation.overlaps(b.formation, tolerance=0.05), (a.name, b.name)


@pytest.mark.parametrize("ai", ["random", "heuristic"])
def test_seeded_games_keep_their_invariants_and_replay(ai: str) -> None:
    """Properties over seeded games: model counts and wounds consistent, units never overlap,
    engagement symmetric, every game ends, replay exact."""
    ctl = RULESET.controllers()[ai]
    for seed in range(12):
        game = _game(seed)
        rngs = {p: controller_rng(seed, p) for p in (0, 1)}
        players = {0: ctl(), 1: ctl()}
        steps = 0
        while game.pending() is not None:
            p = game.waiting_for()[0]
            d = game.decision_for(p)
            assert d is not None
            game.apply(p, players[p].decide(game.view(p), d, rngs[p]))
            _check_invariants(game)
            steps += 1
            assert steps < 5000
        again = RULESET.game_from_header(game.header)
        for rec in game.history:
            again.apply(rec.player, rec.choice, rec.reason)
        assert again.digest == game.digest


def test_sampled_play_agrees_with_the_exact_mechanics() -> None:
    """The game rolls the odds engine's mechanics: over seeded games, to-hit dice hit as
    often as roll_under(skill) says, break tests pass as BreakTest says and casting rolls
    succeed as PowerRoll says (armies.melee.to_hit, armies.missile.to_hit,
    armies.morale.test_roll, armies.magic.*)."""
    dice: dict[int, list[int]] = defaultdict(list)
    tests: list[tuple[int, bool]] = []
    casts: list[tuple[int, int, bool]] = []
    for seed in range(40):
        game = _game(seed)
        play(game, {0: RandomController(), 1: RandomController()}, seed)
        for e in game.events:
            if e.kind == "attacks":
                assert e["hits"] == sum(1 for f in e["rolls"] if f <= e["skill"])
                dice[e["skill"]].extend(e["rolls"])
            elif e.kind == "break_test":
                assert e["success"] == (e["roll"] <= e["target"])
                tests.append((e["target"], e["success"]))
            elif e.kind == "cast":
                casts.append((e["power"], e["difficulty"], e["success"]))
    for skill, faces in dice.items():
        if len(faces) < 200:
            continue
        p = float(m.roll_under(skill))
        hits = sum(1 for f in faces if f <= skill)
        sd = (len(faces) * p * (1 - p)) ** 0.5 or 1.0
        assert abs(hits - len(faces) * p) < 4 * sd, skill
    expected = sum(float(m.BreakTest(t).probability()) for t, _ in tests)
    passed = sum(ok for _, ok in tests)
    assert abs(passed - expected) < 4 * max(1.0, (len(tests) / 4) ** 0.5)
    exp_casts = sum(float(m.PowerRoll(p, d, True).probability()) for p, d, _ in casts)
    assert abs(sum(ok for *_, ok in casts) - exp_casts) < 4 * max(1.0, (len(casts) / 4) ** 0.5)
    assert len(tests) > 50 and len(casts) > 50


def test_power_roll_flee_and_regeneration_exact() -> None:
    """The house rolls in mechanics: PowerRoll ties, FleeMove, catch chance, Regeneration,
    Initiative, range bands (24" weapon: short to 8", normal to 24", long to 32")."""
    assert m.PowerRoll(2, 5, ties_win=True).probability() == Fraction(4, 6)
    assert m.PowerRoll(2, 5, ties_win=False).probability() == Fraction(3, 6)
    assert sum(m.FleeMove(5).distribution().values()) == 1
    assert m.catch_probability(5, 5) == Fraction(21, 36)
    assert m.catch_probability(10, 4) == 1
    assert m.Regeneration(3, 2).distribution()[2] == Fraction(1, 4)
    assert [m.range_band(d, 24) for d in (8, 8.1, 24, 32, 32.1)] == [
        "short", "normal", "normal", "long", None]
    from warband.core.dice import Dice
    dice = Dice(7)
    wins = [m.Initiative().sample(dice)[1] for _ in range(2000)]
    assert 900 < wins.count(0) < 1100
    caught = sum(m.FleeMove(5).sample(dice)[1] >= m.FleeMove(5).sample(dice)[1]
                 for _ in range(6000))
    assert abs(caught / 6000 - 21 / 36) < 0.03


def test_heuristic_beats_random_in_both_seatings() -> None:
    """The heuristic (battle line, charges, focused fire, guarded wizard, counterspells)
    beats random in most seeded games, on either side."""
    h, r = RULESET.controllers()["heuristic"], RULESET.controllers()["random"]
    wins = 0
    for seed in HEURISTIC_SEEDS:
        game = RULESET.new_game(sample_lists(), seed, log_events=False)
        wins += play(game, {0: h(), 1: r()}, seed).winner == 0
        game = RULESET.new_game(sample_lists(), seed, log_events=False)
        wins += play(game, {0: r(), 1: h()}, seed).winner == 1
    assert wins >= 0.75 * 2 * len(HEURISTIC_SEEDS)


def test_records_round_trip(tmp_path: Path) -> None:
    from warband.core.record import read_record, replay, write_record
    game = _game(9)
    play(game, {0: RULESET.controllers()["heuristic"](), 1: RandomController()}, 9)
    path = tmp_path / "g.jsonl"
    write_record(game, path)
    assert replay(read_record(path), path).digest == game.digest


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), scenario=st.sampled_from(["pitched-battle", "hold-the-hill"]),
       ais=st.sampled_from([("random", "random"), ("heuristic", "random"),
                            ("random", "heuristic")]))
def test_property_any_seeded_game_ends_consistent(seed: int, scenario: str,
                                                  ais: tuple[str, str]) -> None:
    """Hypothesis over seeds, scenarios and AIs: every game ends within the turn limit with
    its invariants kept after every decision (no overlapping units, model counts and wounds
    consistent, engagement symmetric)."""
    game = _game(seed, {"scenario": scenario})
    players = {p: RULESET.controllers()[ai]() for p, ai in enumerate(ais)}
    rngs = {p: controller_rng(seed, p) for p in (0, 1)}
    while game.pending() is not None:
        p = game.waiting_for()[0]
        d = game.decision_for(p)
        assert d is not None
        game.apply(p, players[p].decide(game.view(p), d, rngs[p]))
        _check_invariants(game)
    outcome = game.outcome()
    assert outcome is not None and 1 <= outcome.rounds <= 6


def test_chosen_deployment_alternates_and_stays_in_the_zones() -> None:
    """House rule (option ``deployment=choose``; the sheet has no deployment): the sides place
    a unit each in turn, A first, wholly inside their zones, overlapping nothing."""
    game = _game(6, {"deployment": "choose", "turns": 1})
    order = []
    rng = controller_rng(6, 0)
    while (d := game.pending()) is not None and getattr(d, "kind", "") == "deploy":
        order.append(d.player)
        game.apply(d.player, RandomController().decide(game.view(d.player), d, rng))
    assert order[:4] == [0, 1, 0, 1] and len(order) == 9  # the wolves infiltrate later
    st = game.state
    h, depth = st.scenario.table[1], st.scenario.deploy_depth  # type: ignore[attr-defined]
    for u in st.units:  # type: ignore[attr-defined]
        if u.deployed:
            ys = [y for _, y in u.formation.corners()]
            assert (max(ys) <= depth + 1e-6) if u.side == 0 else (min(ys) >= h - depth - 1e-6)
    _check_invariants(game)


def test_heuristic_deploys_a_battle_line_with_the_wizard_behind() -> None:
    """The heuristic with ``deployment=choose``: its units in the front line, the wizard's
    unit in the second line."""
    game = _game(8, {"deployment": "choose"})
    h = RULESET.controllers()["heuristic"]()
    rng = controller_rng(8, 0)
    while (d := game.pending()) is not None and getattr(d, "kind", "") == "deploy":
        game.apply(d.player, h.decide(game.view(d.player), d, rng))
    st = game.state
    guard = st.units[2]  # type: ignore[attr-defined]
    fronts = {u.formation.y for u in st.units  # type: ignore[attr-defined]
              if u.side == 0 and u.deployed and u is not guard}
    assert fronts == {st.scenario.deploy_depth}  # type: ignore[attr-defined]
    assert guard.formation.y == st.scenario.deploy_depth - 4  # type: ignore[attr-defined]
