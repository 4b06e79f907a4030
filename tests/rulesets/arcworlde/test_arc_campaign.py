"""ArcWorlde narrative campaign (HOUSE rules, warband.rulesets.arcworlde.campaign)."""

from __future__ import annotations

from typing import Any

import pytest

from warband.campaign.core import CampaignError
from warband.core import registry
from warband.core.controller import play
from warband.rulesets.arcworlde.campaign import CAMPAIGN, tables
from warband.rulesets.arcworlde.catalogue import CONTENT

RS = registry.get("arcworlde")


def _data(name: str) -> dict[str, Any]:
    return dict(RS.load_list(CONTENT.default / "lists" / name).source)


def test_knocked_out_characters_roll_a_fate_and_gold_is_earned() -> None:
    """arcworlde.combat.health_knock_out, arcworlde.list.gold_game_value (HOUSE campaign Fates
    table): one d6 per Knocked Out Character that did not Flee; Gold per game, per VP and for a
    victory; the report re-derives from the game."""
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
    """arcworlde.combat.health_knock_out (HOUSE Fates): Dead leaves the roster; Left its kit
    loses the last equipment."""
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
    """arcworlde.list.gold_game_value: Gold buys Characters between games, the Game Value grows
    with them, and the bank is never overspent."""
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    roster["gold"] = 30
    p = CAMPAIGN.purchase(roster, ["hire", "halfling-militia", "Old Tom"], 1)
    after = CAMPAIGN.apply_purchase(roster, p)
    assert after["gold"] == 30 - p["gold"]
    assert after["list"]["game_value"] == roster["list"]["game_value"] + p["gold"]
    assert RS.parse_list(CAMPAIGN.muster(after), "m")
    with pytest.raises(CampaignError, match="GP banked"):
        CAMPAIGN.purchase(after, ["hire", "halfling-sheriff"], 1)


def _relic_game(roster: dict[str, Any], seed: int, scenario: str = "relic-run") -> Any:
    game = RS.new_game([RS.parse_list(CAMPAIGN.muster(roster), "a"),
                        RS.parse_list(_data("ironjaw-mob.yaml"), "b")], seed,
                       {"scenario": scenario}, track_digest=True)
    ai = RS.controllers()["heuristic"]
    play(game, {0: ai(), 1: ai()}, seed)
    return game


def test_arcworlde_arcanite_obtaining_found_tokens_and_fabled_artefacts_are_kept() -> None:
    """arcworlde.arcanite.obtaining, arcworlde.equipment.fabled_artefacts (HOUSE campaign):
    what a Character carries out of the game is kept - found Arcanite Tokens and a Fabled
    Artefact picked up - and the Game Value grows by its worth, so the list stays legal."""
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    # the Sheriff carries the Oakheart Blade off the field (a seed chosen for that situation:
    # 3 before the heuristic took the quick move model, issue 16, 26 before session 10's
    # less careful heuristic)
    game = _relic_game(roster, 37)
    st: Any = game.state
    report = CAMPAIGN.after_action(roster, game, 0)
    assert report == CAMPAIGN.after_action(roster, game, 0)
    kept = {k["character"]: k["equipment"] for k in report["kept"]}
    sheriff = next(c for c in st.chars if c.side == 0 and c.name == "Halfling Sheriff")
    assert not sheriff.ko and "fabled-oakheart-blade" in kept["Halfling Sheriff"]
    tokens = {c.name: c.arcanite + c.arcanite_bought for c in st.chars if c.side == 0}
    for name, items in kept.items():
        assert items.count("arcanite-token") == tokens[name]
    after = CAMPAIGN.apply_report(roster, report)
    cat = CONTENT.catalogue()
    found = sum(cat.equipment[e].cost for items in kept.values() for e in items) - sum(
        cat.equipment[e].cost for c in roster["list"]["characters"] if c["name"] in kept
        for e in c["equipment"])
    assert found > 0
    assert after["list"]["game_value"] == roster["list"]["game_value"] + found
    assert RS.parse_list(CAMPAIGN.muster(after), "next game")


def test_arcworlde_equipment_knocked_out_leaves_tokens_and_artefacts_behind() -> None:
    """arcworlde.equipment.knocked_out, arcworlde.arcanite.as_items: a Character Knocked Out
    (not Fled) comes home without its Fabled Artefacts (left on the table, lost); one that
    Fled or stands keeps them; spent Tokens are gone, held ones kept."""
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    game = _relic_game(roster, 4)
    st: Any = game.state
    cat = CONTENT.catalogue()
    c = next(c for c in st.chars if c.side == 0 and c.name == "Halfling Militia 2")
    c.equipment = (*c.equipment, cat.equipment["fabled-wardstone-amulet"],
                   cat.equipment["arcanite-token"])
    c.arcanite_bought, c.arcanite = 0, 2  # the bought Token spent, two found ones held
    c.ko, c.fled = False, False
    assert sorted(CAMPAIGN.carried(c)) == sorted(
        ["light-armour", "fabled-wardstone-amulet", "arcanite-token", "arcanite-token"])
    c.ko, c.fled = True, True  # Fled: it ran off with what it carried
    assert "fabled-wardstone-amulet" in CAMPAIGN.carried(c)
    c.ko, c.fled = True, False
    assert "fabled-wardstone-amulet" not in CAMPAIGN.carried(c)
    for ch in (ch for ch in st.chars if ch.side == 0):
        held = ch.arcanite + ch.arcanite_bought
        assert CAMPAIGN.carried(ch).count("arcanite-token") == held


def test_arcworlde_equipment_fabled_artefacts_are_found_not_bought() -> None:
    """arcworlde.equipment.fabled_artefacts (HOUSE campaign reading): found in play only."""
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    roster["gold"] = 500
    with pytest.raises(CampaignError, match="Fabled Artefact"):
        CAMPAIGN.purchase(roster, ["equip", "Halfling Sheriff", "fabled-wardstone-amulet"], 1)


def test_arcworlde_hire_swords_for_hire_between_games_for_one_game() -> None:
    """arcworlde.hire.swords_for_hire, arcworlde.list.class.sword_for_hire: a Sword for Hire
    is paid in GP between games, fights the next game and then leaves (temporarily hired);
    `hire` refuses it, `sword` refuses anyone else."""
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    roster["gold"] = 200
    with pytest.raises(CampaignError, match="Sword for Hire"):
        CAMPAIGN.purchase(roster, ["hire", "sir-wendel-hedge-knight"], 1)
    with pytest.raises(CampaignError, match="not a Sword for Hire"):
        CAMPAIGN.purchase(roster, ["sword", "halfling-militia"], 1)
    p = CAMPAIGN.purchase(roster, ["sword", "sir-wendel-hedge-knight"], 1)
    hired = CAMPAIGN.apply_purchase(roster, p)
    assert hired["gold"] == 200 - p["gold"] and hired["swords"] == ["Sir Wendel, Hedge Knight"]
    force = RS.parse_list(CAMPAIGN.muster(hired), "with the knight")
    assert any(m.profile.sword_for_hire for m in force.members)
    game = _relic_game(hired, 2, "glade-skirmish")
    report = CAMPAIGN.after_action(hired, game, 0)
    assert all(k["character"] != "Sir Wendel, Hedge Knight" for k in report["kept"])
    after = CAMPAIGN.apply_report(hired, report)
    names = [c["name"] for c in after["list"]["characters"]]
    assert "Sir Wendel, Hedge Knight" not in names and after["swords"] == []
    assert after["list"]["game_value"] == roster["list"]["game_value"] + sum(
        CONTENT.catalogue().equipment[e].cost for k in report["kept"] for e in k["equipment"]
        if e not in next(c for c in roster["list"]["characters"]
                         if c["name"] == k["character"])["equipment"])


def test_arcworlde_list_class_commander_succession_when_the_commander_dies() -> None:
    """arcworlde.list.class.commander (HOUSE succession): a dead Commander is succeeded by a
    new Commander of its profile, without its equipment, so the warband can take the field."""
    roster = CAMPAIGN.start(_data("sheriffs-posse.yaml"), "posse")
    roster["list"]["characters"][0]["equipment"] = ["shield"]
    roster["list"]["game_value"] += 10
    report = {"result": "lost", "vp": 0, "gold": 10, "kept": [], "fates": [
        {"character": "Halfling Sheriff", "roll": 1, "fate": "dead", "name": "Dead"}]}
    after = CAMPAIGN.apply_report(roster, report)
    heir = after["list"]["characters"][0]
    assert heir["name"] == "Heir of Halfling Sheriff" and heir["equipment"] == []
    assert heir["profile"] == "halfling-sheriff" and after["fallen"] == ["Halfling Sheriff"]
    force = RS.parse_list(CAMPAIGN.muster(after), "after the funeral")
    assert sum(1 for m in force.members if m.profile.commander) == 1
    again = CAMPAIGN.apply_report(after, {**report, "fates": [
        {"character": heir["name"], "roll": 1, "fate": "dead", "name": "Dead"}]})
    assert again["list"]["characters"][0]["name"] == "Heir of Heir of Halfling Sheriff"


def test_arcworlde_campaign_keeps_a_monstrous_mount() -> None:
    """arcworlde.trait.monstrous_mount: a rider's mount stays on its campaign entry, and a
    report maps the rider, not its mount, to the roster."""
    roster = CAMPAIGN.start(_data("boar-riders.yaml"), "boars")
    assert any(c.get("mount") for c in roster["list"]["characters"])
    force = RS.parse_list(CAMPAIGN.muster(roster), "boars")
    assert force.cost == RS.parse_list(_data("boar-riders.yaml"), "list").cost
    game = RS.new_game([force, RS.parse_list(_data("ironjaw-mob.yaml"), "b")], 5,
                       track_digest=True)
    ai = RS.controllers()["heuristic"]
    play(game, {0: ai(), 1: ai()}, 5)
    report = CAMPAIGN.after_action(roster, game, 0)
    names = {c["name"] for c in roster["list"]["characters"]}
    assert {f["character"] for f in report["fates"]} <= names
