"""The Sword Marches campaign rules (warband.rulesets.sword_marches.campaign), each test named
by the rule id it checks."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from warband.campaign.core import CampaignError
from warband.core import registry
from warband.core.controller import play
from warband.core.game import Game
from warband.core.record import record_lines
from warband.rulesets.sword_marches.campaign import CAMPAIGN, SCARCE_NEEDS, tables

RS = registry.get("sword-marches")


def _list(name: str) -> dict[str, Any]:
    path = next(p for p in RS.sample_lists() if p.name == name)
    return dict(RS.load_list(path).source)


def _roster(name: str = "ashen-company.yaml", **changes: Any) -> dict[str, Any]:
    data = _list(name)
    data.update(changes)
    return CAMPAIGN.start(data, name)


def _game(a: dict[str, Any], b: dict[str, Any], seed: int = 1) -> Game:
    game = RS.new_game([RS.parse_list(a, "a"), RS.parse_list(b, "b")], seed, track_digest=True)
    ai = RS.controllers()["random"]
    play(game, {0: ai(), 1: ai()}, seed)
    return game


@pytest.fixture(scope="module")
def finished() -> Game:
    return _game(_list("ashen-company.yaml"), _list("hollow-court.yaml"))


def test_sm_check_trauma_for_wounded_models_not_those_that_fled(finished: Game) -> None:
    """sm.check.trauma, sm.condition.broken_flight: a Trauma Check for each Wounded model of
    the side, none for a model that fled off the table."""
    st: Any = finished.state
    mine = st.side_models(0)
    mine[0].wounded, mine[0].fled, mine[0].on_table = True, False, False
    mine[1].wounded, mine[1].fled, mine[1].on_table = False, True, False
    report = CAMPAIGN.after_action(_roster(), finished, 0)
    checked = {t["model"] for t in report["trauma"]}
    assert mine[0].name in checked and mine[1].name not in checked
    assert checked == {m.name for m in mine if m.wounded}
    assert mine[1].name in report["fled"]
    for t in report["trauma"]:
        row = tables().trauma_for(max(t["rolls"]))
        assert t["result"] == row.id and all(1 <= r <= 10 for r in t["rolls"])


def test_sm_check_trauma_report_re_derives_from_the_game_seed(finished: Game) -> None:
    """sm.campaign.after_action_report: the report's dice come from the game's seed."""
    roster = _roster()
    assert CAMPAIGN.after_action(roster, finished, 0) == CAMPAIGN.after_action(roster, finished, 0)


def test_sm_archetype_vengeful_revenant_rolls_two_dice_and_keeps_the_better() -> None:
    """sm.archetype.vengeful_revenant: the Warlord's Trauma Check rolls an extra d10."""
    a = _list("ashen-company.yaml")
    a["archetype"] = "vengeful_revenant"
    for seed in range(1, 30):
        game = _game(a, _list("hollow-court.yaml"), seed)
        st: Any = game.state
        lord = st.warlord(0)
        lord.wounded, lord.fled, lord.on_table = True, False, False
        report = CAMPAIGN.after_action(_roster(archetype="vengeful_revenant"), game, 0)
        t = next(t for t in report["trauma"] if t["model"] == lord.name)
        assert len(t["rolls"]) == 2
        assert t["result"] == tables().trauma_for(max(t["rolls"])).id
        others = [t for t in report["trauma"] if t["model"] != lord.name]
        assert all(len(o["rolls"]) == 1 for o in others)
        if t["rolls"][0] != t["rolls"][1]:
            return
    pytest.fail("no seed gave two different Trauma dice")


def test_sm_campaign_experience_more_for_rival_factions(finished: Game) -> None:
    """sm.campaign.experience, sm.faction.selection: taking out a Rival's model earns more."""
    st: Any = finished.state
    killer = st.side_models(0)[0]
    killer.wounds_dealt = 2
    xp = tables().experience
    plain = CAMPAIGN.after_action(_roster(), finished, 0)
    st.musters[1] = copy.copy(st.musters[1])
    object.__setattr__(st.musters[1], "faction", "fighting_companies")  # Rivals of each other
    rival = CAMPAIGN.after_action(_roster(), finished, 0)
    get = lambda r: next(e["exp"] for e in r["experience"] if e["model"] == killer.name)  # noqa: E731
    assert not plain["rival"] and rival["rival"]
    assert get(rival) - get(plain) == 2 * (xp.wounded_rival - xp.wounded_enemy) > 0


def test_sm_campaign_experience_buys_traits_at_their_cost() -> None:
    """sm.campaign.experience: a new Trait costs its listed price in EXP."""
    r = _roster()
    name = "Ashen Crossbow 1"
    r["exp"][name] = 4
    with pytest.raises(CampaignError, match="EXP"):
        CAMPAIGN.purchase(r, ["trait", name, "marksman"], 1)  # costs 5
    r["exp"][name] = 7
    p = CAMPAIGN.purchase(r, ["trait", name, "marksman"], 1)
    after = CAMPAIGN.apply_purchase(r, p)
    assert after["exp"][name] == 2
    assert "marksman" in next(m for m in after["muster"]["models"] if m["name"] == name)["traits"]


def test_sm_muster_trait_slots_up_to_cmd_in_a_campaign() -> None:
    """sm.muster.trait_slots: in a campaign a model may hold Traits up to its CMD."""
    r = _roster()
    name = "Ashen Crossbow 1"  # CMD 2, no Traits
    r["exp"][name] = 100
    r = CAMPAIGN.apply_purchase(r, CAMPAIGN.purchase(r, ["trait", name, "marksman"], 1))
    r = CAMPAIGN.apply_purchase(r, CAMPAIGN.purchase(r, ["trait", name, "valor"], 1))
    with pytest.raises(CampaignError, match="Trait Slots"):
        CAMPAIGN.purchase(r, ["trait", name, "man_at_arms"], 1)


def test_sm_trait_stackable_raised_to_three_and_no_further() -> None:
    """sm.trait.stackable: levels +2 and +3 at their EXP prices, never above +3."""
    r = _roster()
    name = "Ashen Spear 1"  # Man-at-Arms +1
    r["exp"][name] = 20
    p = CAMPAIGN.purchase(r, ["raise", name, "man_at_arms"], 1)
    assert p["exp"] == 10
    r = CAMPAIGN.apply_purchase(r, p)
    r = CAMPAIGN.apply_purchase(r, CAMPAIGN.purchase(r, ["raise", name, "man_at_arms"], 1))
    model = next(m for m in r["muster"]["models"] if m["name"] == name)
    assert "man_at_arms+3" in model["traits"] and r["exp"][name] == 0
    r["exp"][name] = 50
    with pytest.raises(CampaignError, match=r"\+3"):
        CAMPAIGN.purchase(r, ["raise", name, "man_at_arms"], 1)
    assert RS.parse_list(CAMPAIGN.muster(r), "m").members  # still a valid Muster


def test_sm_muster_silver_pieces_banked_and_never_overspent() -> None:
    """sm.muster.silver_pieces: unspent Silver is banked; purchases cannot exceed it."""
    r = _roster()
    wb = RS.parse_list(_list("ashen-company.yaml"), "a")
    assert r["silver"] == wb.silver - wb.cost
    r["silver"] = 0
    with pytest.raises(CampaignError, match="0 SP banked"):
        CAMPAIGN.purchase(r, ["gear", "Brand Ashcloak", "knife"], 1)


def test_sm_campaign_scarce_gear_three_attempts_3_5_7() -> None:
    """sm.campaign.scarce_gear: attempts need 3+, 5+, 7+ on a Random Check; no fourth."""
    r = _roster()
    r["silver"] = 500
    spear = next(m for m in r["muster"]["models"] if m["name"] == "Ashen Spear 1")
    spear["gear"] = ["leathers"]
    with pytest.raises(CampaignError, match="Scarce"):
        CAMPAIGN.purchase(r, ["gear", "Ashen Spear 1", "warblade"], 1)
    seen = []
    for _ in range(3):
        p = CAMPAIGN.purchase(r, ["seek", "Ashen Spear 1", "warblade"], 100 + len(seen))
        assert p["need"] == SCARCE_NEEDS[len(seen)]
        assert len(p["seeker"]) == 1 and p["check"] == abs(p["seeker"][0] - p["other"])
        assert p["found"] == (p["check"] >= p["need"])
        seen.append(p)
        r = CAMPAIGN.apply_purchase(r, p) if not p["found"] else CAMPAIGN.apply_purchase(
            r, {**p, "found": False, "silver": 0})  # keep the model's gear unchanged
    assert [p["need"] for p in seen] == [3, 5, 7]
    with pytest.raises(CampaignError, match="three"):
        CAMPAIGN.purchase(r, ["seek", "Ashen Spear 1", "warblade"], 9)


def test_sm_stronghold_mercantile_adds_a_d10_to_scarce_checks() -> None:
    """sm.stronghold.mercantile: the seeker rolls two d10 and the better difference counts."""
    r = _roster(stronghold="mercantile")
    r["silver"] = 500
    next(m for m in r["muster"]["models"] if m["name"] == "Ashen Spear 1")["gear"] = []
    for seed in range(20):
        p = CAMPAIGN.purchase(r, ["seek", "Ashen Spear 1", "warblade"], seed)
        assert len(p["seeker"]) == 2
        assert p["check"] == max(abs(s - p["other"]) for s in p["seeker"])


def test_sm_item_extra_rations_cost_per_model_once_and_for_one_game(finished: Game) -> None:
    """sm.item.extra_rations: 5 SP a model, not bought twice, gone after one game."""
    r = _roster()
    r["silver"] = 100
    p = CAMPAIGN.purchase(r, ["rations"], 1)
    assert p["silver"] == 5 * len(r["muster"]["models"])
    r = CAMPAIGN.apply_purchase(r, p)
    assert r["muster"]["extra_rations"]
    with pytest.raises(CampaignError, match="already"):
        CAMPAIGN.purchase(r, ["rations"], 1)
    r = CAMPAIGN.apply_report(r, CAMPAIGN.after_action(r, finished, 0))
    assert not r["muster"]["extra_rations"]


def test_sm_campaign_stage_advancement_and_archetype_change(finished: Game) -> None:
    """sm.campaign.stage_advancement, sm.archetype.selection: Renown over the threshold moves
    the warband to the next Chronicle stage, where the Archetype may change once, never back."""
    r = _roster()
    with pytest.raises(CampaignError, match="Chronicle"):
        CAMPAIGN.purchase(r, ["archetype", "battle_sage"], 1)
    r["renown"] = tables().renown.thresholds["blooded"] - 1
    r = CAMPAIGN.apply_report(r, CAMPAIGN.after_action(r, finished, 0))
    assert r["muster"]["stage"] == "blooded"
    with pytest.raises(CampaignError, match="before"):
        CAMPAIGN.purchase(r, ["archetype", "relentless_crusader"], 1)
    r = CAMPAIGN.apply_purchase(r, CAMPAIGN.purchase(r, ["archetype", "battle_sage"], 1))
    assert r["muster"]["archetype"] == "battle_sage"
    with pytest.raises(CampaignError, match="Chronicle"):
        CAMPAIGN.purchase(r, ["archetype", "chosen_one"], 1)


def test_sm_modeltype_hireling_only_for_a_mercenary_captain() -> None:
    """sm.modeltype.hireling, sm.archetype.mercenary_captain: Hirelings only for a Mercenary
    Captain; an ordinary recruit is hired for its price in Silver."""
    r = _roster()
    r["silver"] = 200
    with pytest.raises(CampaignError, match="Hireling"):
        CAMPAIGN.purchase(r, ["hireling", "Ashen Spear 1", "Sellsword"], 1)
    p = CAMPAIGN.purchase(r, ["hire", "Ashen Spear 1", "Recruit"], 1)
    assert p["silver"] > 0
    r2 = CAMPAIGN.apply_purchase(r, p)
    assert r2["silver"] == 200 - p["silver"] and "Recruit" in r2["exp"]
    cap = _roster(archetype="mercenary_captain")
    cap["silver"] = 200
    p = CAMPAIGN.purchase(cap, ["hireling", "Ashen Spear 1", "Sellsword"], 1)
    assert p["entry"]["hireling"] is True


def test_trauma_house_table_covers_every_roll() -> None:
    """sm.check.trauma (HOUSE table): every d10 result has one row."""
    assert {tables().trauma_for(r).id for r in range(1, 11)} >= {"dead", "recovered"}


class _Person:
    """A person at the table: answers the credit question with the last model offered (one
    that did not outnumber the victim, if any), everything else like the heuristic AI."""

    def __init__(self) -> None:
        self.ai = RS.controllers()["heuristic"]()
        self.asked: list[Any] = []

    def decide(self, view: Any, decision: Any, rng: Any) -> Any:
        if decision.kind == "credit":
            self.asked.append(decision)
            return decision.options[-1]
        return self.ai.decide(view, decision, rng)


def _campaign_game(seed: int, controllers: dict[int, Any], campaign: bool = True) -> Game:
    a, b = _roster(), _roster("greyrun-wardens.yaml")
    musters = [RS.parse_list(CAMPAIGN.muster(a), "a"), RS.parse_list(CAMPAIGN.muster(b), "b")]
    if not campaign:  # the same warbands in a one-off game
        musters = [dataclasses.replace(m, campaign=False) for m in musters]
    game = RS.new_game(musters, seed, track_digest=True)
    play(game, controllers, seed)
    return game


#: a seeded campaign game (heuristic against heuristic) in which a model fails its forced
#: Disengage and is cut down while fleeing
CUT_DOWN_SEED = 55


def test_sm_campaign_experience_secondary_player_credits_a_model_cut_down_fleeing() -> None:
    """sm.campaign.experience, sm.panic.outnumbered_failure: in a campaign game the Secondary
    player (the side that outnumbered it) is asked which of his models is credited with a
    model cut down while fleeing; the AI credits one that outnumbered it, and that model's
    Experience in the After Action Report counts the Wound."""
    ai = RS.controllers()["heuristic"]
    game = _campaign_game(CUT_DOWN_SEED, {0: ai(), 1: ai()})
    ev = game.state.log.events
    cut = [e for e in ev if e.kind == "disengage" and e.data.get("forced")
           and not e.data["passed"]]
    credits = [e for e in ev if e.kind == "credit"]
    assert cut and len(credits) == len(cut)
    st: Any = game.state
    for e in credits:
        victim, by = st.by_uid(e.data["cut_down"]), st.by_uid(e.data["uid"])
        assert by.side == 1 - victim.side == e.data["side"]
    lines = [line for line in record_lines(game) if '"credit"' in line]
    assert len(lines) == len(credits)  # a recorded decision, replayed like any other
    by = st.by_uid(credits[0].data["uid"])
    report = CAMPAIGN.after_action(_roster() if by.side == 0 else _roster(
        "greyrun-wardens.yaml"), game, by.side)
    entry = next(x for x in report["experience"] if x["model"] == by.name)
    assert any(w.startswith(f"Wounded {by.wounds_dealt} ") for w in entry["why"])


def test_sm_campaign_experience_a_person_may_credit_any_of_his_models() -> None:
    """sm.campaign.experience: the question is a typed decision a person answers alike; any
    model of his warband may be named, and the named one is credited."""
    ai = RS.controllers()["heuristic"]
    people = {0: _Person(), 1: _Person()}
    game = _campaign_game(CUT_DOWN_SEED, dict(people))
    asked = [d for p in people.values() for d in p.asked]
    assert asked
    d = asked[0]
    st: Any = game.state
    assert set(d.options) == {m.uid for m in st.side_models(d.player)}
    assert set(d.info["foes"]) <= set(d.options) and list(d.options[:len(d.info["foes"])]) \
        == list(d.info["foes"])
    credit = next(e for e in game.state.log.events if e.kind == "credit")
    assert credit.data["uid"] == d.options[-1]
    assert ai  # the other decisions were the heuristic's


def test_sm_campaign_experience_no_credit_question_outside_a_campaign() -> None:
    """sm.campaign.experience: only a campaign warband earns EXP, so a one-off game asks
    nothing and plays exactly as before (the same events, no credit)."""
    ai = RS.controllers()["heuristic"]
    camp = _campaign_game(CUT_DOWN_SEED, {0: ai(), 1: ai()})
    one_off = _campaign_game(CUT_DOWN_SEED, {0: ai(), 1: ai()}, campaign=False)
    assert not [e for e in one_off.state.log.events if e.kind == "credit"]
    strip = [(e.kind, e.data) for e in camp.state.log.events if e.kind != "credit"]
    assert strip == [(e.kind, e.data) for e in one_off.state.log.events]


def test_sm_campaign_after_action_report_applies_every_step_in_one(finished: Game) -> None:
    """sm.campaign.after_action_report: one report applies Trauma, EXP, Renown and Silver,
    uses up the Extra Rations and opens a new Commerce step (Scarce Gear attempts reset)."""
    r = _roster()
    r["muster"]["extra_rations"] = True
    r["scarce_attempts"] = 3
    report = CAMPAIGN.after_action(r, finished, 0)
    after = CAMPAIGN.apply_report(r, report)
    assert after["silver"] == r["silver"] + report["silver"] > r["silver"]
    assert after["renown"] == r["renown"] + report["renown"] > 0
    assert after["battles"] == 1 and not after["muster"]["extra_rations"]
    assert after["scarce_attempts"] == 0
    slain = {t["model"] for t in report["trauma"] if t["result"] == "dead"}
    for e in report["experience"]:
        if e["model"] not in slain:
            hardened = sum(tables().trauma_for(max(t["rolls"])).exp for t in report["trauma"]
                           if t["model"] == e["model"])
            assert after["exp"][e["model"]] == e["exp"] + hardened


def test_sm_campaign_chronicle_stages_blooded_then_legend(finished: Game) -> None:
    """sm.campaign.chronicle_stages, sm.campaign.stage_advancement: Upstart, Blooded, Legend
    in order at the HOUSE Renown thresholds, with a new Archetype allowed at each new stage."""
    r = _roster()
    th = tables().renown.thresholds
    r["renown"] = th["blooded"]
    r = CAMPAIGN.apply_report(r, CAMPAIGN.after_action(r, finished, 0))
    assert r["muster"]["stage"] == "blooded" and r["archetype_change"]
    r = CAMPAIGN.apply_purchase(r, CAMPAIGN.purchase(r, ["archetype", "battle_sage"], 1))
    r["renown"] = th["legend"]
    r = CAMPAIGN.apply_report(r, CAMPAIGN.after_action(r, finished, 0))
    assert r["muster"]["stage"] == "legend" and r["archetype_change"]
    with pytest.raises(CampaignError, match="before"):
        CAMPAIGN.purchase(r, ["archetype", "relentless_crusader"], 1)
    assert RS.parse_list(CAMPAIGN.muster(r), "legend")


def test_sm_muster_required_models_a_short_warband_hires_back_one_at_a_time() -> None:
    """sm.muster.required_models in a campaign: a Warband that losses left short of its
    minimum Warriors may hire them back one at a time between games (each hire is refused
    nothing for the shortfall it is making good), but cannot take the field until it is whole;
    other limits still hold for a hire."""
    r = _roster()
    r["silver"] = 500
    warriors = [m["name"] for m in r["muster"]["models"] if m["type"] == "warrior"]
    assert len(warriors) >= 2
    # the Warriors fell in earlier battles: the roster keeps at most one of them
    for name in warriors[1:]:
        r["muster"]["models"] = [m for m in r["muster"]["models"] if m["name"] != name]
        del r["exp"][name]
    with pytest.raises(CampaignError, match="Warriors"):
        CAMPAIGN.muster(r)  # not fit for battle while short
    like = next(iter(r["templates"]))
    for i in range(len(warriors) - 1):
        p = CAMPAIGN.purchase(r, ["hire", like, f"Recruit {i}"], 1)
        r = CAMPAIGN.apply_purchase(r, p)
    CAMPAIGN.muster(r)  # whole again
    r["silver"] = 0
    with pytest.raises(CampaignError, match="SP banked"):
        CAMPAIGN.purchase(r, ["hire", like, "Too Poor"], 1)
