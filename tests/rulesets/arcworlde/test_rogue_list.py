"""Random Rogue Warbands (solo play): the composition table and the generated lists."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from warband.cli.main import app
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.lists import parse_list
from warband.rulesets.arcworlde.models import CharacterClass
from warband.rulesets.arcworlde.rogue_list import composition_class, rogue_list


@pytest.mark.parametrize(("cls", "chance"), [
    (CharacterClass.BEAST, Fraction(10, 36)),      # arcworlde.solo.composition.beast
    (CharacterClass.UNIT, Fraction(16, 36)),       # arcworlde.solo.composition.unit
    (CharacterClass.ELITE, Fraction(4, 36)),       # arcworlde.solo.composition.elite
    (CharacterClass.MAGE, Fraction(3, 36)),        # arcworlde.solo.composition.mage
    (CharacterClass.IRREGULAR, Fraction(2, 36)),   # arcworlde.solo.composition.irregular
    (CharacterClass.HEAVY, Fraction(1, 36)),       # arcworlde.solo.composition.heavy
])
def test_arcworlde_solo_composition_table(cls: CharacterClass, chance: Fraction) -> None:
    """arcworlde.solo.composition.*: 2D6 picks the Class (2-5 Beast, 6-8 Unit, 9 Elite,
    10 Mage, 11 Irregular, 12 Heavy)."""
    hits = sum(1 for a, b in product(range(1, 7), repeat=2) if composition_class(a + b) is cls)
    assert Fraction(hits, 36) == chance


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("game_value", [250, 400, 1000])
def test_arcworlde_solo_create_warband_valid_within_game_value(seed: int, game_value: int) -> None:
    """arcworlde.solo.create_warband: a Commander first, then Characters of the rolled
    Classes until the Game Value is met; the list is valid and within the Game Value, and
    stops only when a rolled Class has nobody who fits."""
    cat = catalogue()
    data, rolls = rogue_list(cat, game_value, seed)
    wb = parse_list(data, "rogue", cat)
    assert wb.members[0].profile.commander
    assert wb.cost <= game_value
    assert sum(1 for m in wb.members if m.profile.commander) == 1
    assert rolls[-1]["result"] == "Game Value met" or len(rolls) >= 500
    for r in rolls:
        if r["result"] not in ("Game Value met", "none in faction: re-roll"):
            assert composition_class(r["roll"]).value == r["class"]
            profile = cat.profiles[r["result"]]
            assert CharacterClass(r["class"]) in profile.classes
            if CharacterClass(r["class"]) is not CharacterClass.BEAST:
                assert profile.faction == data["faction"]


def test_arcworlde_solo_create_warband_same_seed_same_list() -> None:
    cat = catalogue()
    assert rogue_list(cat, 400, 5) == rogue_list(cat, 400, 5)
    assert rogue_list(cat, 400, 5, "ourks")[0]["faction"] == "ourks"
    with pytest.raises(ValueError, match="no Commander"):
        rogue_list(cat, 10, 5)


def test_cli_rogue_writes_a_valid_list(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`warband rogue --game-value N --seed S` prints (or writes) a list `validate` accepts,
    with the rolls as comments."""
    runner = CliRunner()
    result = runner.invoke(app, ["rogue", "--game-value", "400", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# Rogue Warband generated with seed 3")
    data = yaml.safe_load(result.output)
    assert data["game_value"] == 400
    out = tmp_path / "rogue.yaml"
    result = runner.invoke(app, ["rogue", "--game-value", "400", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0
    assert RULESET.load_list(out).cost <= 400
    result = runner.invoke(app, ["validate", str(out)])
    assert result.exit_code == 0, result.output
    bad = runner.invoke(app, ["rogue", "--game-value", "5", "--seed", "3"])
    assert bad.exit_code != 0 and "Traceback" not in bad.output


def test_arcworlde_solo_delayed_arrival_on_a_4_plus() -> None:
    """arcworlde.solo.delayed_arrival: the Rogue Warband is not deployed at the start; a D6 at
    the start of each Round brings it on a 4+, at its table edge; until then the game goes
    on."""
    from warband.ai.random_ai import RandomController
    from warband.core.controller import play

    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, 5, {"delayed_arrival": "b"})
    st: Any = game.state
    assert st.arriving == 1
    play(game, {0: RandomController(), 1: RandomController()}, 5)
    rolls = [e.data for e in game.events if e.kind == "arrival_roll"]
    assert rolls, "a roll at the start of the Round"
    assert all(r["arrives"] == (r["roll"] >= 4) for r in rolls)
    assert [r["arrives"] for r in rolls].count(True) <= 1 and (rolls[-1]["arrives"] or len(rolls) == game.outcome().rounds)
    deploys = [e for e in game.events if e.kind == "deploy"]
    b_names = {c.name for c in st.chars if c.side == 1}
    first_round = next(i for i, e in enumerate(game.events) if e.kind == "round")
    assert not any(e.data["who"] in b_names for e in game.events[:first_round] if e.kind == "deploy")
    if any(r["arrives"] for r in rolls):
        assert {e.data["who"] for e in deploys} >= b_names
