"""Raiders of Arcana campaign (HOUSE rules, warband.rulesets.raiders.campaign)."""

from __future__ import annotations

from typing import Any

import pytest

from warband.campaign.core import CampaignError
from warband.core import registry
from warband.core.controller import play
from warband.rulesets.raiders.campaign import CAMPAIGN, tables

RS = registry.get("raiders")


def _data(name: str) -> dict[str, Any]:
    return dict(RS.load_list(next(p for p in RS.sample_lists() if p.name == name)).source)


def test_units_gain_experience_and_destroyed_units_roll_to_return() -> None:
    """HOUSE: experience for taking part, surviving and figures killed; a destroyed unit rolls
    a d6, lost for good at or under ``lost_on``; the report re-derives from the game."""
    roster = CAMPAIGN.start(_data("ashen-warband.yaml"), "ash")
    rolled = 0
    for seed in range(1, 4):
        game = RS.new_game([RS.parse_list(CAMPAIGN.muster(roster), "a"),
                            RS.parse_list(_data("border-raiders.yaml"), "b")], seed,
                           track_digest=True)
        ai = RS.controllers()["heuristic"]
        play(game, {0: ai(), 1: ai()}, seed)
        st: Any = game.state
        report = CAMPAIGN.after_action(roster, game, 0)
        assert report == CAMPAIGN.after_action(roster, game, 0)
        x = tables().experience
        for unit, e in zip([u for u in st.units if u.side == 0], report["units"], strict=True):
            assert e["exp"] == x.took_part + x.per_figure_killed * unit.figures_killed + (
                0 if unit.destroyed else x.survived)
            if unit.destroyed:
                rolled += 1
                assert e["lost"] == (e["roll"] <= tables().lost_on)
        after = CAMPAIGN.apply_report(roster, report)
        assert set(after["lost"]) == {e["unit"] for e in report["units"] if e.get("lost")}
    assert rolled > 0


def test_growth_needs_experience_and_recruits_cost_silver() -> None:
    """HOUSE growth to the next game size (raiders.listbuilding.warband_size)."""
    roster = CAMPAIGN.start(_data("ashen-warband.yaml"), "ash")
    with pytest.raises(CampaignError, match="needs"):
        CAMPAIGN.purchase(roster, ["grow"], 1)
    roster["renown"] = tables().grow["war-party"]
    grown = CAMPAIGN.apply_purchase(roster, CAMPAIGN.purchase(roster, ["grow"], 1))
    assert grown["list"]["size"] == "war-party" and grown["silver"] == roster["silver"] + 250
    p = CAMPAIGN.purchase(grown, ["recruit", "ashen-raiders", "New Blood"], 1)
    after = CAMPAIGN.apply_purchase(grown, p)
    assert after["silver"] == grown["silver"] - p["silver"] and "New Blood" in after["exp"]
    with pytest.raises(CampaignError, match="9-15"):
        CAMPAIGN.muster(after)  # 8 units: one more before the warband takes the field
    after = CAMPAIGN.apply_purchase(after, CAMPAIGN.purchase(after, ["recruit", "ashen-raiders"],
                                                            1))
    assert RS.parse_list(CAMPAIGN.muster(after), "m")
    with pytest.raises(CampaignError, match="banked"):
        CAMPAIGN.purchase({**roster, "silver": 0}, ["recruit", "ashen-raiders"], 1)
