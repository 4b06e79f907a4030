"""Dwethia Heroes campaign: the HOUSE Scars and Glory table after each battle
(dwethia.campaign.scars_and_glory; warband.rulesets.dwethia.campaign)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warband.campaign.core import CampaignError, fold, load_tables
from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.content.errors import ContentError
from warband.core import registry
from warband.core.controller import play
from warband.rulesets.dwethia.campaign import CAMPAIGN, ScarsAndGlory, tables

RS = registry.get("dwethia")


def _path(name: str) -> Path:
    return next(p for p in RS.sample_lists() if p.name == name)


def _data(name: str) -> dict[str, Any]:
    return dict(RS.load_list(_path(name)).source)


def _battle(roster: dict[str, Any], seed: int) -> Any:
    game = RS.new_game([RS.parse_list(CAMPAIGN.muster(roster), "a"),
                        RS.parse_list(_data("void-reavers.yaml"), "b")], seed,
                       track_digest=True)
    ai = RS.controllers()["heuristic"]
    play(game, {0: ai(), 1: ai()}, seed)
    return game


def test_dwethia_campaign_scars_and_glory_rolled_for_the_slain_and_the_slayers() -> None:
    """dwethia.campaign.scars_and_glory: one Scars d6 per model slain, one Glory d6 per model
    that slew (+1 per further kill) unless its Scars killed it; the report re-derives."""
    roster = CAMPAIGN.start(_data("sol-vanguard.yaml"), "sol")
    scarred = glorious = 0
    for seed in range(1, 5):
        game = _battle(roster, seed)
        report = CAMPAIGN.after_action(roster, game, 0)
        assert report == CAMPAIGN.after_action(roster, game, 0)  # seeded by the game
        mine = game.state.units_of(0)
        assert [s["model"] for s in report["scars"]] == [h.name for h in mine if h.slain]
        fallen = {s["model"] for s in report["scars"] if s["result"] == "fallen"}
        assert [g["model"] for g in report["glory"]] == [
            h.name for h in mine if h.kills and h.name not in fallen]
        for s in report["scars"]:
            assert s["result"] == next(r.id for r in tables().scars
                                       if r.low <= s["roll"] <= r.high)
        for g in report["glory"]:
            assert g["roll"] == min(6, g["die"] + g["kills"] - 1)
            assert g["result"] == next(r.id for r in tables().glory
                                       if r.low <= g["roll"] <= r.high)
        scarred += len(report["scars"])
        glorious += len(report["glory"])
    assert scarred > 0 and glorious > 0


def test_dwethia_campaign_scars_and_glory_change_the_next_battle_profile() -> None:
    """dwethia.campaign.scars_and_glory: a scar and a glory are written on the model's list
    entry and the list rules build the changed profile; a Fallen model leaves the squad."""
    roster = CAMPAIGN.start(_data("sol-vanguard.yaml"), "sol")
    before = {p.name: p for p in RS.parse_list(CAMPAIGN.muster(roster), "b").members}
    report = {"result": "won", "kills": {"Hunter Ilsa": 2},
              "scars": [{"model": "Captain Varro", "roll": 2, "result": "lamed", "name": "L"},
                        {"model": "Legionaire Brask", "roll": 1, "result": "fallen",
                         "name": "F"}],
              "glory": [{"model": "Hunter Ilsa", "die": 5, "kills": 2, "roll": 6,
                         "result": "mighty", "name": "M"}]}
    after = CAMPAIGN.apply_report(roster, report)
    now = {p.name: p for p in RS.parse_list(CAMPAIGN.muster(after), "a").members}
    assert "Legionaire Brask" not in now and after["fallen"] == ["Legionaire Brask"]
    varro_b, varro_a = before["Captain Varro"].stats, now["Captain Varro"].stats
    assert varro_a["movement"] == varro_b["movement"] - 1
    ilsa_b, ilsa_a = before["Hunter Ilsa"].stats, now["Hunter Ilsa"].stats
    assert ilsa_a["strength"] == ilsa_b["strength"] + 1
    assert after["kills"]["Hunter Ilsa"] == 2 and after["wins"] == 1
    assert CAMPAIGN.check(after) == []


def test_dwethia_campaign_glory_is_capped() -> None:
    """dwethia.campaign.scars_and_glory (HOUSE cap): Glory raises a stat at most glory_cap
    above the list value; a further roll on that stat is only the crowd's cheer."""
    roster = CAMPAIGN.start(_data("sol-vanguard.yaml"), "sol")
    cap = tables().glory_cap
    mighty = {"model": "Hunter Ilsa", "die": 6, "kills": 1, "roll": 6, "result": "mighty",
              "name": "M"}
    for _ in range(cap + 2):
        roster = CAMPAIGN.apply_report(roster, {"result": "lost", "kills": {}, "scars": [],
                                                "glory": [mighty]})
    ilsa = next(m for m in roster["list"]["models"] if m["name"] == "Hunter Ilsa")
    assert ilsa["scars_and_glory"] == {"strength": cap}
    assert roster["glory"]["Hunter Ilsa"][-1] == tables().glory[0].name
    assert CAMPAIGN.check(roster) == []


def test_dwethia_campaign_recruits_within_the_point_limit(tmp_path: Path) -> None:
    """dwethia.list.point_limits, dwethia.list.building_force: a recruit or new wargear is
    checked by the list rules; a refused purchase changes nothing."""
    roster = CAMPAIGN.start(_data("sol-vanguard.yaml"), "sol")
    with pytest.raises(CampaignError, match="over the agreed limit"):
        CAMPAIGN.purchase(roster, ["rearm", "Captain Varro", "halberd", "shield",
                                   "heavy_armour", "camo_cloak", "long_rifle",
                                   "repeater_crossbow", "frag_grenade"], 1)
    with pytest.raises(CampaignError, match="taken"):
        CAMPAIGN.purchase(roster, ["recruit", "Hunter Ilsa", "human", "marksman"], 1)
    after = CAMPAIGN.apply_purchase(roster, CAMPAIGN.purchase(
        roster, ["dismiss", "Legionaire Brask"], 1))
    p = CAMPAIGN.purchase(after, ["recruit", "Legionaire Tull", "dwarf", "warrior", "spear",
                                  "shield"], 1)
    again = CAMPAIGN.apply_purchase(after, p)
    assert RS.parse_list(CAMPAIGN.muster(again), "m")
    assert again["kills"]["Legionaire Tull"] == 0
    p = CAMPAIGN.purchase(again, ["leader", "Hunter Ilsa"], 1)
    led = CAMPAIGN.apply_purchase(again, p)
    assert [m["name"] for m in led["list"]["models"] if m.get("leader")] == ["Hunter Ilsa"]


def test_dwethia_campaign_commands_new_battle_report_undo_export_import(tmp_path: Path) -> None:
    """dwethia.campaign.scars_and_glory through the campaign commands: a battle applies the
    report in one step, undo restores the roster exactly, export/import round-trips."""
    store = Store(f"sqlite:///{tmp_path / 'c.db'}")
    try:
        c = Campaigns(store)
        c.new("sol", "dwethia", _path("sol-vanguard.yaml"))
        c.new("void", "dwethia", _path("void-reavers.yaml"))
        start = c.load("sol").derived.roster
        c.battle("sol", "void", seed=2)
        assert c.load("sol").derived.last_report is not None
        assert c.verify("sol") == [] and c.verify("void") == []
        text = c.export("sol")
        copy = c.import_text(text, "sol.yaml", name="sol2")
        assert copy.derived.roster == c.load("sol").derived.roster
        c.undo("sol")
        assert c.load("sol").derived.roster == start
        assert fold(CAMPAIGN, c.load("sol").actions).roster == start
    finally:
        store.close()


def test_dwethia_campaign_house_table_must_cover_every_roll(tmp_path: Path) -> None:
    """A group's replacement table is checked at the edge: file, field and what is wrong."""
    bad = tmp_path / "campaign.yaml"
    text = (Path(__file__).parents[3] / "src/warband/rulesets/dwethia/content/house"
            / "campaign.yaml").read_text(encoding="utf-8")
    bad.write_text(text.replace("{low: 5, high: 6, id: scarred", "{low: 6, high: 6, id: scarred"),
                   encoding="utf-8")
    with pytest.raises(ContentError, match="Scars table must cover 1-6"):
        load_tables(ScarsAndGlory, tmp_path)


NAMES = ["Captain Varro", "Commissar Hale", "Legionaire Brask", "Hunter Ilsa"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(["scars", "glory"]),
                          st.integers(1, 6)), max_size=25))
def test_dwethia_campaign_scars_and_glory_invariants(rolls: list[tuple[str, str, int]]) -> None:
    """dwethia.campaign.scars_and_glory (property): whatever the rolls, Glory never passes its
    cap, the Fallen leave for good, the ledgers match the models, and every change is one the
    table gives, so the list rules still build each remaining model's profile."""
    roster = CAMPAIGN.start(_data("sol-vanguard.yaml"), "sol")
    tab = tables()
    for name, table, roll in rolls:
        row = next(r for r in getattr(tab, table) if r.low <= roll <= r.high)
        entry = {"model": name, "roll": roll, "die": roll, "kills": 1, "result": row.id,
                 "name": row.name}
        report = {"result": "lost", "kills": {}, "scars": [entry] if table == "scars" else [],
                  "glory": [entry] if table == "glory" else []}
        roster = CAMPAIGN.apply_report(roster, report)
        assert CAMPAIGN.check(roster) == []
    alive = {m["name"] for m in roster["list"]["models"]}
    assert alive.isdisjoint(roster["fallen"]) and alive | set(roster["fallen"]) == set(NAMES)
    # the Composition Chart needs its hero (Captain Varro, the one hero of the list)
    force = RS.parse_list(roster["list"], "after the season") if "Captain Varro" in alive \
        else None
    if force is not None:
        assert {p.name for p in force.members} == alive
