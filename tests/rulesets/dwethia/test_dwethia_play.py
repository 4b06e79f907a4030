"""The game and the odds engine share one mechanics module; invariants over seeded games;
the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from warband.ai.random_ai import RandomController
from warband.cli.main import app
from warband.core.controller import controller_rng, play
from warband.core.record import read_record, replay, write_record
from warband.rulesets.dwethia import RULESET, odds
from warband.rulesets.dwethia import mechanics as m
from warband.rulesets.dwethia.rules import combat

sys.path.insert(0, str(Path(__file__).parents[2] / "odds"))
from odds_helpers import enumerate_sample  # noqa: E402

runner = CliRunner()


def test_game_and_odds_engine_share_the_mechanics_module() -> None:
    """Principle 5: the game's combat rules and the odds queries import the same module."""
    assert combat.m is m and odds.m is m


@pytest.mark.parametrize("mech", [
    m.MeleeAttack(2, 5, 4, 4, 3, save=4, destiny=1, save_destiny=1),
    m.MeleeAttack(2, 4, 5, 3, 3, save=5, save_destiny=2, chart="book_text"),
    m.RangedAttack(1, 3, 2, 4, cover=1, save=5, destiny=1, save_destiny=1),
    m.RangedAttack(1, 6, 2, 4, lobbed=True),
    m.OpportunityAttack(3, save=4, save_destiny=1),
], ids=repr)
def test_sampled_play_matches_exact_distribution(mech: object) -> None:
    """dwethia.combat.saves, dwethia.destiny.rerolls (the defender's Destiny on saves),
    dwethia.weapon.arc: every die ``sample`` rolls, enumerated, gives ``distribution``."""
    assert enumerate_sample(lambda d: mech.sample(d).unsaved) == mech.distribution()  # type: ignore[attr-defined]


@pytest.mark.parametrize("mech", [m.SaveRoll(3, 4, 1), m.SaveRoll(2, None), m.SaveRoll(2, 5, 2)],
                         ids=repr)
def test_save_roll_matches(mech: m.SaveRoll) -> None:
    """dwethia.combat.saves: saves alone (shots into combat, Blast huddles)."""
    assert enumerate_sample(lambda d: mech.sample(d)[2]) == mech.distribution()


def test_ignore_wounds_matches() -> None:
    """dwethia.combat.ignore_wounds: the house 6+ roll per unsaved wound."""
    mech = m.IgnoreWounds(3)
    assert enumerate_sample(lambda d: mech.sample(d)[1]) == mech.distribution()


def _games(n: int, ai: str):  # type: ignore[no-untyped-def]
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    for seed in range(n):
        pair = [lists[seed % 4], lists[(seed + 1) % 4]]
        game = RULESET.new_game(pair, seed, track_digest=True)
        ctl = RULESET.controllers()
        yield seed, game, {0: ctl[ai](), 1: ctl["random"]()}


def test_invariants_over_seeded_games(tmp_path: Path) -> None:
    """Over seeded games (heuristic and random): no two models share a space, wounds stay in
    0..max, Destiny/Faith/Affinity never go negative, every game ends, replays are exact."""
    count = 0
    for seed, game, ctl in list(_games(12, "heuristic")) + list(_games(12, "random")):
        st = game.state

        def check(events: list[object], st: object = st, seed: int = seed) -> None:
            taken: set[tuple[int, int]] = set()
            for h in st.heroes:  # type: ignore[attr-defined]
                assert 0 <= h.wounds <= h.stat("wounds")
                assert h.destiny >= 0 and h.faith >= 0 and h.affinity >= 0
                if h.on_table:
                    for c in h.cells():
                        assert c not in taken, f"two models in {c} (seed {seed})"
                        taken.add(c)
        outcome = play(game, ctl, seed, on_events=check)
        assert game.over and outcome.winner in (None, 0, 1)
        assert outcome.rounds <= st.options.rounds
        path = tmp_path / f"{seed}.jsonl"
        write_record(game, path)
        assert replay(read_record(path), path).digest == game.digest
        count += 1
    assert count == 24


def test_heuristic_beats_random() -> None:
    """The heuristic wins well over 80% of seeded games against random, both seatings."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    ctl = RULESET.controllers()
    wins = games = 0
    for seed in range(6):
        for seat in (0, 1):
            game = RULESET.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed,
                                    log_events=False)
            out = play(game, {seat: ctl["heuristic"](), 1 - seat: RandomController()}, seed)
            wins += out.winner == seat
            games += 1
    assert wins / games > 0.8


def test_cli_battle_json_replay_and_validate(tmp_path: Path) -> None:
    """warband battle --ruleset dwethia (--json, --replay), warband replay, warband validate."""
    rec = tmp_path / "g.jsonl"
    result = runner.invoke(app, ["battle", "--ruleset", "dwethia", "--seed", "4", "--json",
                                 "--replay", str(rec), "-o", "rounds=3"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rounds"] <= 3 and set(data["warbands"]) == {"a", "b"}
    again = runner.invoke(app, ["replay", str(rec), "-q"])
    assert again.exit_code == 0 and "verified" in again.output
    narrated = runner.invoke(app, ["battle", "--ruleset", "dwethia", "--seed", "4",
                                   "-o", "rounds=2", "-o", "arena=rooftops"])
    assert narrated.exit_code == 0 and "priority roll" in narrated.output
    ok = runner.invoke(app, ["validate", *map(str, RULESET.sample_lists())])
    assert ok.exit_code == 0, ok.output


def test_every_option_is_described_for_a_human() -> None:
    """`warband play`: every option of every decision in a game reads as words (no dataclass
    repr), and the view lines show the player's own objectives only."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()[:2]]
    game = RULESET.new_game(lists, 9)
    ctl = RandomController()
    rngs = {p: controller_rng(9, p) for p in (0, 1)}
    kinds: set[str] = set()
    while game.pending() is not None:
        for p in game.waiting_for():
            d = game.decision_for(p)
            assert d is not None
            view = game.view(p)
            kinds.add(d.kind)
            for o in d.options:
                text = RULESET.describe_choice(view, o)
                assert text and "(" not in text.split(" ")[0] and "=" not in text, text
            assert RULESET.describe_view(view, p)
            game.apply(p, ctl.decide(view, d, rngs[p]))
    assert {"activate", "move", "shoot", "objective", "place_marker", "claim"} <= kinds


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), pair=st.integers(0, 3))
def test_random_games_keep_the_invariants(seed: int, pair: int) -> None:
    """Property (hypothesis, over 120 seeded random-v-random games on both arenas): no two
    models in one space, wounds within 0..max, Destiny/Faith/Affinity never negative, every
    game ends within the round limit with a result."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    arena = "foundry" if seed % 2 else "rooftops"
    game = RULESET.new_game([lists[pair], lists[(pair + 1) % 4]], seed, {"arena": arena},
                            log_events=False)
    state = game.state

    def check(events: list[object]) -> None:
        taken: set[tuple[int, int]] = set()
        for h in state.heroes:  # type: ignore[attr-defined]
            assert 0 <= h.wounds <= h.stat("wounds")
            assert min(h.destiny, h.faith, h.affinity) >= 0
            if h.on_table:
                for c in h.cells():
                    assert c not in taken
                    taken.add(c)

    rng = RandomController()
    rngs = {p: controller_rng(seed, p) for p in (0, 1)}
    while game.pending() is not None:
        for p in game.waiting_for():
            d = game.decision_for(p)
            assert d is not None
            game.apply(p, rng.decide(game.view(p), d, rngs[p]))
            check([])
    outcome = game.outcome()
    assert outcome is not None and outcome.rounds <= state.options.rounds  # type: ignore[attr-defined]


@pytest.mark.parametrize("chart", m.CHARTS)
def test_odds_queries_take_defender_destiny_and_chart_as_play_rolls(chart: str) -> None:
    """dwethia.combat.comparison_chart, dwethia.destiny.rerolls, dwethia.combat.saves: the
    ``warband odds dwethia`` attack, shoot and opportunity queries take the defender's Destiny
    (failed saves re-rolled) and the chart reading, and answer exactly the distribution of the
    mechanic the game builds for the same models (a defender with Destiny, ``-o chart=...``)."""
    from dwethia_helpers import open_state, put

    from warband.rulesets.dwethia.options import Options

    st = open_state()
    st.options = Options(chart=chart)  # type: ignore[arg-type]
    captain, skarn = put(st, 0, 5, 5), put(st, 6, 5, 6)
    skarn.destiny = 2
    mech = combat.melee_mechanic(st, captain, skarn)
    assert mech.save_destiny == 2 and mech.chart == chart
    res = odds.ATTACK({
        "dice": mech.dice, "attacker_arv": mech.attacker_arv, "defender_arv": mech.defender_arv,
        "strength": mech.strength, "defence": mech.defence, "save": mech.save,
        "destiny": mech.destiny, "defender_destiny": 2, "chart": chart})
    assert res.probabilities == mech.distribution()
    shot = m.RangedAttack(2, 3, 2, 4, cover=1, save=5, destiny=1, save_destiny=2,
                          chart=chart)  # type: ignore[arg-type]
    res = odds.SHOOT({"shots": 2, "perception": 3, "strength": 2, "defence": 4, "cover": 1,
                          "save": 5, "destiny": 1, "defender_destiny": 2, "chart": chart})
    assert res.probabilities == shot.distribution()
    opp = m.OpportunityAttack(4, 4, 2)
    res = odds.OPPORTUNITY({"dice": 4, "save": 4, "defender_destiny": 2})
    assert res.probabilities == opp.distribution()


def test_odds_defender_destiny_and_book_text_chart_change_the_answer() -> None:
    """dwethia.destiny.rerolls, dwethia.combat.comparison_chart: the new parameters matter -
    a defender's Destiny lowers the expected wounds, and ARV 4 against 5 needs 5+ in the
    example reading, 3+ as the chart's lines are printed."""
    base = {"dice": 4, "attacker_arv": 4, "defender_arv": 5, "strength": 4, "defence": 3,
            "save": 4}
    plain = odds.ATTACK(base)
    saved = odds.ATTACK({**base, "defender_destiny": 3})
    text = odds.ATTACK({**base, "chart": "book_text"})
    assert plain.payload["hit_on"] == 5 and text.payload["hit_on"] == 3
    assert saved.mean < plain.mean < text.mean
    result = runner.invoke(app, ["odds", "dwethia", "attack", "--dice", "4", "--attacker-arv", "4",
                                 "--defender-arv", "5", "--strength", "4", "--defence", "3",
                                 "--save", "4", "--defender-destiny", "3", "--chart",
                                 "book_text"])
    assert result.exit_code == 0, result.output
