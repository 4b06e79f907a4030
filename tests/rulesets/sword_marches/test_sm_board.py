"""The Sword Marches board view: pieces with their conditions, the Adventure's zones and
objectives, Obstacles with their heights, moves and attacks as effects, the acting model's
reach (sm.scenario.adventures, sm.terrain.obstacles)."""

from __future__ import annotations

from sm_helpers import BRAND, SPEAR_1, WATCH_1, bare_state, drive, no_tactical, place

from warband.core.board import LineEffect, MoveEffect
from warband.core.decisions import Decision
from warband.core.dice import Dice
from warband.rulesets.sword_marches import RULESET
from warband.rulesets.sword_marches.choices import Act
from warband.rulesets.sword_marches.rules import turn


def test_board_of_a_new_game_shows_zones_objectives_and_obstacles() -> None:
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()[:2]]
    game = RULESET.new_game(lists, 3)
    bv = RULESET.board_view(game, 0)
    assert {z.label.split("(")[-1] for z in bv.zones} == {"Intruder)", "Sentry)"}
    assert len(bv.markers) == 3 and all(m.kind == "objective" for m in bv.markers)
    hedge = next(t for t in bv.terrain if t.name == "Bramble hedge")
    assert 'obstacle 1.5"' in hedge.attributes
    assert len(bv.pieces) == 14 and any("Warlord" in p.flags for p in bv.pieces)
    assert any(e.kind == "place" for e in bv.effects) or bv.effects_from > 0


def test_moves_charges_and_attacks_become_effects() -> None:
    st = bare_state(dice=[])
    st.dice = Dice(3)
    spear = place(st, SPEAR_1, 10, 10)
    place(st, WATCH_1, 10, 15)
    spear.active = True
    start = len(st.log.events)
    drive(turn.execute(st, 0, Act(SPEAR_1, "charge", WATCH_1), False), no_tactical)
    bv = RULESET.board_view(st, None, since=start)
    moves = [e for e in bv.effects if isinstance(e, MoveEffect)]
    end = moves[0].path[-1]
    assert abs(end[0] - spear.x) < 0.01 and abs(end[1] - spear.y) < 0.01
    assert any(isinstance(e, LineEffect) and e.kind == "attack" for e in bv.effects)
    mine = next(p for p in bv.pieces if p.id == str(SPEAR_1))
    assert "Engaged" in mine.flags or not spear.on_table


def test_decision_focus_is_the_acting_model_and_its_move() -> None:
    st = bare_state()
    brand = place(st, BRAND, 10, 10)
    brand.active = True
    options = tuple(turn.options_for(st, brand))
    focus = RULESET.decision_focus(st, Decision("action", 0, options))
    assert focus is not None and focus.piece == str(BRAND) and focus.reach == 6.0 + 4.0


def test_choice_odds_are_the_odds_engine_figures() -> None:
    """The web board's odds of a Charge come from the game's own Attack object and match
    `warband odds sword-marches attack` with the query it prints (sm.combat.*)."""
    import json
    import shlex
    import subprocess
    import sys

    from warband.rulesets.sword_marches.rules.combat import build_close_attack

    st = bare_state()
    brand, watch = place(st, BRAND, 10, 10), place(st, WATCH_1, 10, 14)
    odds = RULESET.choice_odds(st, None, Act(BRAND, "charge", WATCH_1))
    assert odds is not None and odds.query.startswith("warband odds sword-marches attack")
    attack, _ = build_close_attack(st, brand, watch, charge=True)
    wounds = sum(float(p) for (res, _), p in attack.distribution().items() if res == "wounded")
    assert abs(next(r.p for r in odds.rows if r.label == "Wounds") - wounds) < 1e-9
    args = shlex.split(odds.query)[1:]
    out = subprocess.run([sys.executable, "-m", "warband.cli.entry", *args, "--json"],
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert abs(float(data["distribution"]["wounded"]) - wounds) < 1e-6
    assert RULESET.choice_odds(st, None, Act(BRAND, "move", -1, 1.0, 1.0)) is None
