"""ArcWorlde narrative campaign (HOUSE rules, warband.rulesets.arcworlde.campaign)."""

from __future__ import annotations

from typing import Any

import pytest

from warband.campaign.core import CampaignError
from warband.core import registry
from warband.core.controller import play
from warband.rulesets.arcworlde.campaign import CAMPAIGN, tables

RS = registry.get("arcworlde")


def _data(name: str) -> dict[str, Any]:
    return dict(RS.load_list(next(p for p in RS.sample_lists() if p.name == name)).source)


def test_knocked_out_characters_roll_a_fate_and_gold_is_earned() -> None:
    """arcworlde campaign (HOUSE Fates table): one d6 per Knocked Out Character that did not
    Flee; Gold per game, per VP and for a victory; the report re-derives from the game."""
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    rolled = 0
    for seed in range(1, 4):
        game = RS.new_game([RS.parse_list(CAMPAIGN.muster(roster), "a"),
                            RS.parse_list(_data("ironjaw-mob.yaml"), "b")], seed,
                           track_digest=True)
        ai = RS.controllers()["heuristic"]
        play(game, {0: ai(), 1: ai()}, seed)
        st: Any = game.state
        report = CAMPAIGN.after_action(roster, game, 0)
        assert report == CAMPAIGN.after_action(roster, game, 0)
        mine = [c for c in st.chars if c.side == 0]
        assert len(report["fates"]) == sum(1 for c in mine if c.ko and not c.fled)
        g = tables().gold
        won = report["result"] == "won"
        assert report["gold"] == g.game + g.per_vp * report["vp"] + (g.victory if won else 0)
        for f in report["fates"]:
            assert f["fate"] == tables().fate(f["roll"]).id
        rolled += len(report["fates"])
    assert rolled > 0


def test_fates_apply_dead_and_lost_kit() -> None:
    """HOUSE Fates: Dead leaves the roster; Left its kit loses the last equipment."""
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    report = {"result": "lost", "vp": 0, "gold": 10, "fates": [
        {"character": "Halfling Archer 1", "roll": 1, "fate": "dead", "name": "Dead"},
        {"character": "Halfling Militia 1", "roll": 2, "fate": "lost_kit", "name": "Left"}]}
    after = CAMPAIGN.apply_report(roster, report)
    names = [c["name"] for c in after["list"]["characters"]]
    assert "Halfling Archer 1" not in names and after["fallen"] == ["Halfling Archer 1"]
    militia = next(c for c in after["list"]["characters"] if c["name"] == "Halfling Militia 1")
    assert militia["equipment"] == [] and after["gold"] == roster["gold"] + 10
    assert RS.parse_list(CAMPAIGN.muster(after), "m")


def test_gold_buys_characters_and_is_never_overspent() -> None:
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    roster["gold"] = 30
    p = CAMPAIGN.purchase(roster, ["hire", "halfling-militia", "Old Tom"], 1)
    after = CAMPAIGN.apply_purchase(roster, p)
    assert after["gold"] == 30 - p["gold"]
    assert after["list"]["game_value"] == roster["list"]["game_value"] + p["gold"]
    assert RS.parse_list(CAMPAIGN.muster(after), "m")
    with pytest.raises(CampaignError, match="GP banked"):
        CAMPAIGN.purchase(after, ["hire", "halfling-sheriff"], 1)
