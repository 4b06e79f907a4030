"""The campaigns page in a real browser (issue 15): a campaign's roster and history, and a
battle's After Action Report reviewed, then confirmed or discarded, by clicking. Playwright with
Debian's chromium, as tests/web/test_browser.py (skipped where either is missing)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.core import registry

# the browser fixture, the tab helper and the skip marks of the board's browser tests
from .test_browser import Page, browser, pytestmark, serving  # noqa: F401


@pytest.fixture(scope="module")
def campaign_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A board whose data folder holds two Sword Marches campaigns; (URL, database URL)."""
    mp = pytest.MonkeyPatch()
    mp.delenv("WARBAND_DB", raising=False)
    data = tmp_path_factory.mktemp("campaign-data")
    url = f"sqlite:///{data / 'campaigns.db'}"
    lists = {p.name: p for p in registry.get("sword-marches").sample_lists()}
    store = Store(url)
    Campaigns(store).new("ashen", "sword-marches", lists["ashen-company.yaml"])
    Campaigns(store).new("wardens", "sword-marches", lists["greyrun-wardens.yaml"])
    store.close()
    with serving(data) as board:
        yield board, url
    mp.undo()


def _text(page: Any, selector: str) -> str:
    return str(page.inner_text(selector))


def test_campaign_page_reviews_a_battle_report_and_confirms_it(
        browser: Any, campaign_server: tuple[str, str], tmp_path: Path) -> None:  # noqa: F811
    """sm.campaign.after_action_report on the web board: the report is shown for review,
    nothing changes until Confirm, then both campaigns' reports are applied."""
    server, db = campaign_server
    tab = Page(browser, server, tmp_path)
    page = tab.page
    page.goto(server + "campaigns#ashen")
    page.wait_for_selector("#campaign:not([hidden])")
    roster = _text(page, "#c-roster")
    assert roster.startswith("The Ashen Company - Upstart stage")
    assert "Brand Ashcloak (warlord)" in roster
    assert _text(page, "#c-history").strip() == "1. started with The Ashen Company"
    assert page.locator("#c-pending").is_hidden()

    page.fill("#c-against", "wardens")
    page.fill("#c-seed", "11")
    page.click("#c-fight")
    page.wait_for_selector("#c-pending:not([hidden])")
    assert _text(page, "#c-pending-summary") == (
        "battle against wardens (seed 11): won (also applied to wardens)")
    report = _text(page, "#c-pending-report")
    assert report.startswith("After Action Report: won")
    assert _text(page, "#c-roster") == roster  # nothing applied yet
    assert page.locator("#c-fight").is_disabled()
    camps = Campaigns(Store(db))
    assert camps.load("ashen").version == 1 and camps.load("wardens").version == 1
    tab.shot("campaign-review.png")

    page.click("#c-confirm")
    page.wait_for_selector("#c-pending", state="hidden")
    assert _text(page, "#c-report") == report  # the report reviewed is the report applied
    assert _text(page, "#c-history").splitlines()[-1].startswith(
        "2. battle against wardens (seed 11): won; After Action Report applied")
    assert _text(page, "#c-roster") != roster
    assert camps.load("ashen").version == 2 and camps.load("wardens").version == 2
    assert camps.verify("ashen") == [] and camps.verify("wardens") == []
    camps.store.close()
    tab.close()


def test_campaign_page_discards_a_battle_and_watches_it_first(
        browser: Any, campaign_server: tuple[str, str], tmp_path: Path) -> None:  # noqa: F811
    server, db = campaign_server
    tab = Page(browser, server, tmp_path)
    page = tab.page
    page.goto(server + "campaigns#wardens")
    page.wait_for_selector("#campaign:not([hidden])")
    history = _text(page, "#c-history")
    page.fill("#c-against", "hollow-court.yaml")
    page.fill("#c-seed", "5")
    page.click("#c-fight")
    page.wait_for_selector("#c-pending:not([hidden])")
    watch = page.get_attribute("#c-watch", "href")
    assert watch is not None and watch.startswith("/#game=")
    page.click("#c-discard")
    page.wait_for_selector("#c-pending", state="hidden")
    assert _text(page, "#c-history") == history and not page.locator("#c-fight").is_disabled()
    page.goto(server.rstrip("/") + watch)  # the fought game stays on the board to watch
    page.wait_for_selector("#screen-game:not([hidden])")
    camps = Campaigns(Store(db))
    assert camps.store.pending("wardens") is None
    camps.store.close()
    tab.close()
