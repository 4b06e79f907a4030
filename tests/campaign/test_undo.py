"""``undo NAME`` with several campaigns in one database: it cancels the named campaign's latest
step in force and nothing of any other campaign (on SQLite and PostgreSQL, see conftest)."""

from __future__ import annotations

from warband.campaign.service import Campaigns

from .conftest import sm_list


def _state(c: Campaigns, name: str) -> tuple[int, list[tuple[int, str]], dict]:  # type: ignore[type-arg]
    me = c.load(name)
    return me.version, [(a.seq, a.kind) for a in me.actions], me.derived.roster


def test_undo_cancels_only_the_named_campaigns_last_step(campaigns: Campaigns) -> None:
    c = campaigns
    c.new("ashen", "sword-marches", sm_list("ashen-company.yaml"))
    c.new("wardens", "sword-marches", sm_list("greyrun-wardens.yaml"))
    c.battle("ashen", "wardens", seed=11)          # one step in each log
    c.spend("wardens", ["rations"])                # wardens' latest step: a purchase
    ashen_after_battle = _state(c, "ashen")
    c.spend("ashen", ["rations"])                  # ashen's latest step: a purchase
    wardens = _state(c, "wardens")
    assert c.undo("ashen").startswith("Extra Rations")
    assert _state(c, "wardens") == wardens         # the other campaign is untouched
    v, log, roster = _state(c, "ashen")
    assert roster == ashen_after_battle[2] and log[-1][1] == "undo"
    # the next undo takes ashen's battle; wardens keeps its purchase and its report
    assert c.undo("ashen").startswith("battle against wardens")
    assert _state(c, "wardens") == wardens
    assert len(c.load("ashen").derived.history) == 1
    assert c.load("wardens").derived.last_report is not None
    assert c.undo("wardens").startswith("Extra Rations")
    assert not c.load("wardens").derived.roster["muster"].get("extra_rations")
    assert len(c.load("ashen").derived.history) == 1
