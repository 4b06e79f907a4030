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
    """raiders.core.casualty_removal (HOUSE campaign): experience for taking part, surviving
    and figures killed; a destroyed unit rolls a d6, lost for good at or under ``lost_on``;
    the report re-derives from the game."""
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


def test_raiders_profile_morale_as_db_raised_by_veteran_honours() -> None:
    """raiders.profile.morale, raiders.profile.as, raiders.profile.db (HOUSE veteran honours):
    a unit reaching Blooded, Veteran and Legendary gains each title's profile gains, once,
    written on its list entry; the list rules build the stronger profile for the next raid."""
    roster = CAMPAIGN.start(_data("ashen-warband.yaml"), "ash")
    unit = roster["list"]["units"][0]["name"]
    base = RS.parse_list(CAMPAIGN.muster(roster), "before").members[0].profile
    honours = sorted(tables().honours, key=lambda h: h.exp)

    def raid(exp: int) -> dict[str, Any]:
        return {"result": "lost", "silver": 0, "units": [
            {"unit": unit, "exp": exp, "killed": 0, "destroyed": False}]}

    r = CAMPAIGN.apply_report(roster, raid(honours[0].exp - 1))
    assert "veteran" not in r["list"]["units"][0]
    r = CAMPAIGN.apply_report(r, raid(1))  # reaches the first title
    assert r["list"]["units"][0]["veteran"] == honours[0].gains
    r = CAMPAIGN.apply_report(r, raid(1))  # no new title: no new gains
    assert r["list"]["units"][0]["veteran"] == honours[0].gains
    r = CAMPAIGN.apply_report(r, raid(honours[-1].exp))  # the rest at once
    total: dict[str, int] = {}
    for h in honours:
        for stat, gain in h.gains.items():
            total[stat] = total.get(stat, 0) + gain
    assert r["list"]["units"][0]["veteran"] == total
    vet = RS.parse_list(CAMPAIGN.muster(r), "after").members[0].profile
    for stat, gain in total.items():
        assert getattr(vet, stat) == getattr(base, stat) + gain
    others = RS.parse_list(CAMPAIGN.muster(r), "after").members[1].profile
    assert others.morale == RS.parse_list(CAMPAIGN.muster(roster), "b").members[1].profile.morale
    assert CAMPAIGN.honour(r["exp"][unit]) == honours[-1].name
