"""The web board in a real browser (issue 14): Playwright drives Debian's chromium
(``apt-get install chromium``; ``playwright install`` is not used). Skipped where either is
missing. Each test starts ``warband serve``'s app on a free port with its own data folder.

Screenshots go to the test's temporary folder, and also to ``$WARBAND_SCREENSHOTS`` when set
(that is how docs/images/ is made).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# In CI (CI=true, as .ci/run is run) the browser tests must run: a missing Playwright or
# chromium is a failure there, not a skip.
IN_CI = os.environ.get("CI", "").lower() == "true"
if IN_CI:
    import playwright.sync_api as sync_api
    import uvicorn
else:
    sync_api = pytest.importorskip("playwright.sync_api")
    uvicorn = pytest.importorskip("uvicorn")

from warband.web.app import create_app  # noqa: E402

CHROMIUM = os.environ.get("WARBAND_CHROMIUM", "/usr/bin/chromium")
pytestmark = [
    pytest.mark.skipif(not IN_CI and not Path(CHROMIUM).exists() and not shutil.which("chromium"),
                       reason="chromium is not installed (apt-get install -y chromium)"),
    pytest.mark.slow,
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serving(data: Path) -> Iterator[str]:
    """The board on data folder ``data``, served by uvicorn in a thread; its URL."""
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(data), host="127.0.0.1", port=port,
                                        log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("data")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists()
                              else shutil.which("chromium"),
                              args=["--no-sandbox", "--headless", "--disable-background-networking"])
        yield b
        b.close()


class Page:
    """A browser tab on the board that fails the test on any console error."""

    def __init__(self, browser: Any, url: str, shots: Path, width: int = 1400) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.refused: list[str] = []  # the reasons the page showed for refused answers
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = url
        self.shots = shots

    def start(self, ruleset: str, seat_b: str = "heuristic", options: str = "",
              seed: int = 1) -> None:
        page = self.page
        page.goto(self.url)
        page.wait_for_selector("#f-ruleset option", state="attached")
        page.select_option("#f-ruleset", ruleset)
        page.select_option("#f-seat-b", seat_b)
        page.fill("#f-options", options)
        page.fill("#f-seed", str(seed))
        page.click("#f-start")
        page.wait_for_selector("#screen-game:not([hidden])")
        page.wait_for_function("document.querySelector('#prompt').textContent.length > 0")

    def _console(self, message: Any) -> None:
        if message.type != "error":
            return
        url = str((message.location or {}).get("url", ""))
        if "/odds?" in url and "409" in message.text:
            return  # odds asked for a decision just answered: the page drops the reply
        self.errors.append(message.text)

    def renders(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.renders || 0)"))

    def click_and_wait(self, selector: str, nth: int = 0, event: bool = False,
                       position: tuple[float, float] | None = None) -> None:
        """Click and wait until the page has drawn the answer (or shown a refusal)."""
        page = self.page
        before = self.renders()
        refusals = page.evaluate("Number(document.body.dataset.refusals || 0)")
        target = page.locator(selector).nth(nth)
        if event:
            target.dispatch_event("click")
        elif position is not None:
            target.click(position={"x": position[0], "y": position[1]})
        else:
            target.click()
        page.wait_for_function(
            "([r, f]) => Number(document.body.dataset.renders || 0) > r"
            " || Number(document.body.dataset.refusals || 0) > f", arg=[before, refusals])
        if page.evaluate("Number(document.body.dataset.refusals || 0)") > refusals:
            self.refused.append(page.inner_text("#refusal"))

    def step(self) -> bool:
        """Answer the pending decision with its first option (False once nothing is asked)."""
        if self.page.locator("#options button").count() == 0:
            return False
        self.click_and_wait("#options button")
        return True

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(self.shots / name))
        extra = os.environ.get("WARBAND_SCREENSHOTS")
        if extra:
            Path(extra).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(extra) / name))

    def close(self, refusals: int = 0) -> None:
        """Close the tab; the console must hold no error but the browser's note of each
        answer the test made the server refuse on purpose."""
        self.context.close()
        refused = [e for e in self.errors if "status of 422" in e]
        others = [e for e in self.errors if "status of 422" not in e]
        assert not others, others
        assert len(refused) == refusals, self.refused


def test_play_a_game_against_the_ai_to_the_end_by_clicking(browser: Any, server: str,
                                                          tmp_path: Path) -> None:
    tab = Page(browser, server, tmp_path)
    tab.start("arcworlde", options="rounds=1", seed=5)
    page = tab.page
    # deployment: choose whom to place, then click a spot on the table
    for _ in range(6):
        if page.query_selector("button.group"):
            break
        tab.step()
    tab.click_and_wait("button.group")
    assert page.locator(".candidate").count() > 3
    tab.shot("board-deploy.png")
    pieces = page.locator(".piece").count()
    tab.click_and_wait(".candidate")
    assert page.locator(".piece").count() > pieces
    # a free point on the table: the next model goes where we click inside the zone
    if page.locator("button.group").count():
        tab.click_and_wait("button.group")
        box = page.locator("#board").bounding_box()
        pieces = page.locator(".piece").count()
        # refused spots are explained; a spot in the zone is taken
        assert box is not None
        # the middle of the table is outside every deployment zone: refused, with the reason
        tab.click_and_wait("#board", position=(box["width"] / 2, box["height"] / 2))
        assert "Refused" in page.inner_text("#refusal")
        assert "not a legal place" in page.inner_text("#refusal")
        assert "zone" in page.inner_text("#refusal")  # the rules' reason
        assert page.locator(".piece").count() == pieces
    clicked_piece = False
    seen_reach = False
    for _ in range(400):
        seen_reach = seen_reach or page.locator(".reach").count() > 0
        if page.locator(".piece.pickable").count() and not clicked_piece:
            # activate (or target) by clicking the model on the table
            tab.click_and_wait(".piece.pickable", event=True)
            clicked_piece = True
            continue
        if page.locator("button.group").count():
            tab.click_and_wait("button.group")
            continue
        if not tab.step():
            break
        if page.locator(".effect-move").count() and not (tmp_path / "board-play.png").exists():
            tab.shot("board-play.png")
    page.wait_for_selector("#result:not([hidden])")
    assert "wins" in page.inner_text("#result") or "draw" in page.inner_text("#result")
    assert clicked_piece
    assert seen_reach, "a moving Character's reach was drawn"
    assert page.locator("#log li.reason").count() > 0, "the AI's reasons are in the log"
    tab.shot("board-over.png")
    tab.close(refusals=1)


def test_undo_reload_and_resume(browser: Any, server: str, tmp_path: Path) -> None:
    tab = Page(browser, server, tmp_path)
    tab.start("raiders", seed=3)
    page = tab.page
    for _ in range(3):
        tab.step()
    prompt = page.inner_text("#prompt")
    options = page.locator("#options button").all_inner_texts()
    log = page.locator("#log li").count()
    page.reload()
    page.wait_for_function("document.querySelector('#prompt').textContent.length > 0")
    assert page.inner_text("#prompt") == prompt
    assert page.locator("#options button").all_inner_texts() == options
    assert page.locator("#log li").count() == log
    tab.step()
    assert page.is_visible("#undo")
    tab.click_and_wait("#undo")
    assert page.locator("#log li").count() == log
    assert page.inner_text("#prompt") == prompt
    tab.shot("board-raiders.png")
    tab.close()


def test_a_friend_plays_the_other_seat_from_a_link(browser: Any, server: str,
                                                   tmp_path: Path) -> None:
    me = Page(browser, server, tmp_path)
    me.start("arcworlde", seat_b="friend", options="rounds=1", seed=2)
    link = me.page.get_attribute(".friend", "data-link")
    assert link and "token=" in link
    friend = Page(browser, server, tmp_path, width=390)  # a phone
    friend.page.goto(link)
    friend.page.wait_for_function("document.querySelector('#seat-info').textContent.includes('side B')")
    assert "token" not in friend.page.url  # the token left the address bar
    for _ in range(30):
        mine = me.page.query_selector("#options button")
        theirs = friend.page.query_selector("#options button")
        if mine is None and theirs is None:
            me.page.wait_for_timeout(300)
            friend.page.wait_for_timeout(300)
            continue
        (me if mine else friend).step()
    assert friend.page.locator("#log li").count() > 5
    friend.shot("board-phone.png")
    me.close()
    friend.close()


def test_scrub_a_replay(browser: Any, server: str, tmp_path: Path) -> None:
    tab = Page(browser, server, tmp_path)
    page = tab.page
    # an AI-vs-AI game is over as soon as it starts: watch it
    page.goto(server)
    page.wait_for_selector("#f-ruleset option", state="attached")
    page.select_option("#f-ruleset", "raiders")
    page.select_option("#f-seat-a", "heuristic")
    page.select_option("#f-seat-b", "heuristic")
    page.click("#f-start")
    page.wait_for_selector("#replay:not([hidden])")
    end_pieces = page.locator(".piece").count()
    page.click("#r-start")
    page.wait_for_function("document.querySelector('#r-label').textContent.startsWith('decision 0 ')")
    assert page.locator(".piece").count() < end_pieces or end_pieces == 0
    page.click("#r-next")
    page.wait_for_function("document.querySelector('#r-label').textContent.startsWith('decision 1 ')")
    steps = int(page.get_attribute("#r-step", "max") or 0)
    page.eval_on_selector("#r-step", f"(r) => {{ r.value = {steps // 2}; r.dispatchEvent(new Event('input')); }}")
    page.wait_for_function(f"document.querySelector('#r-label').textContent.startsWith('decision {steps // 2} ')")
    assert page.locator("#log li").count() > 0
    assert page.locator("#r-round option").count() > 2
    # a log line lights up what its event did on the table
    event = page.evaluate("(() => { const n = document.querySelector('#board [data-event]');"
                          " return n ? n.dataset.event : null; })()")
    if event is not None and page.locator(f'#log li[data-event="{event}"]').count():
        page.hover(f'#log li[data-event="{event}"]')
        assert page.locator("#board .lit").count() > 0
    assert page.get_attribute(".piece", "aria-label")  # a screen reader hears each model
    tab.shot("replay.png")
    page.click("#r-play")
    page.wait_for_timeout(1200)
    page.click("#r-play")
    tab.close()


def test_odds_shown_before_a_shot_match_the_api(browser: Any, server: str, tmp_path: Path) -> None:
    import httpx

    from .test_odds import odds_options

    with httpx.Client(base_url=server) as client:
        made = client.post("/api/games", json={"ruleset": "arcworlde", "seed": 3}).json()
        _, shots = odds_options(client, made, {"Shoot"})  # type: ignore[arg-type]
        token = made["tokens"]["a"]
        odds = client.get(f"/api/games/{made['id']}/odds", params={"choice": shots[0]["index"]},
                          headers={"Authorization": f"Bearer {token}"}).json()
    tab = Page(browser, server, tmp_path)
    page = tab.page
    page.goto(f"{server}#game={made['id']}&seat=a&token={token}")
    page.wait_for_selector("#options button.option")
    page.hover(f'#options button.option[data-index="{shots[0]["index"]}"]')
    page.wait_for_selector("#odds:not([hidden])")
    text = page.inner_text("#odds")
    for row in odds["summary"]:
        assert f"{row['p'] * 100:.1f}% {row['label']}" in text
    assert "warband odds arcworlde attack" in text
    # the line of sight is drawn, coloured by what the rules say of it
    sight = odds["sight"]
    assert page.locator("#sight .sight-line").count() == 1
    expected = "cover" if sight["cover"] else "clear"
    assert expected in (page.get_attribute("#sight .sight-line", "class") or "")
    tab.shot("odds.png")
    tab.close()


def test_odds_page_matches_warband_odds(browser: Any, server: str, tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from warband.cli.main import app as cli

    tab = Page(browser, server, tmp_path)
    page = tab.page
    page.goto(server + "#odds")
    page.wait_for_selector("#o-ruleset option", state="attached")
    page.select_option("#o-ruleset", "arcworlde")
    page.select_option("#o-query", "attack")
    page.fill('#o-fields input[name="power"]', "6")
    page.fill('#o-fields input[name="armour"]', "1")
    page.select_option('#o-fields select[name="defence"]', "advantage")
    page.click("#o-run")
    page.wait_for_selector("#o-result table")
    assert page.locator("#o-result svg.chart rect.bar").count() > 3
    shown = json.loads(page.text_content("#o-json") or "{}")
    cli_says = CliRunner().invoke(cli, ["odds", "arcworlde", "attack", "--power", "6", "--armour", "1",
                                        "--defence", "advantage", "--json"])
    assert shown == json.loads(cli_says.output)
    tab.shot("odds-page.png")
    page.fill('#o-fields input[name="power"]', "")
    page.click("#o-run")
    page.wait_for_selector("#o-errors li")
    assert "--power" in page.inner_text("#o-errors")
    tab.close(refusals=1)


def test_simulate_page_runs_and_shows_the_result(browser: Any, server: str, tmp_path: Path) -> None:
    tab = Page(browser, server, tmp_path)
    page = tab.page
    page.goto(server + "#simulate")
    page.wait_for_selector("#s-ruleset option", state="attached")
    page.select_option("#s-ruleset", "arcworlde")
    page.select_option("#s-ai-a", "random")
    page.select_option("#s-ai-b", "random")
    page.fill("#s-games", "8")
    page.click("#s-run")
    page.wait_for_selector("#s-table", timeout=60_000)
    assert page.get_attribute("#s-progress", "value") == "8"
    rows = page.locator("#s-table tr").all_inner_texts()
    assert len(rows) == 3 and "Sheriff" in rows[1]
    wins = sum(int(r.split("\t")[3]) for r in rows[1:])
    assert wins <= 8
    tab.shot("simulate.png")
    tab.close()


def test_a_bad_uploaded_list_is_refused_with_every_violation(browser: Any, server: str,
                                                            tmp_path: Path) -> None:
    tab = Page(browser, server, tmp_path)
    page = tab.page
    page.goto(server)
    page.wait_for_selector("#f-ruleset option", state="attached")
    bad = tmp_path / "nobody.yaml"
    bad.write_text("ruleset: arcworlde\nname: Nobody\ngame_value: 400\ncharacters:\n"
                   "  - profile: nobody\n    count: true\n")
    page.set_input_files('.list-file[data-side="a"]', str(bad))  # uploaded, then sent as text
    page.wait_for_function("document.querySelector('#f-yaml-a').value.includes('Nobody')")
    page.click("#f-start")
    page.wait_for_selector("#new-errors li")
    text = page.inner_text("#new-errors")
    assert "list-a.yaml:6" in text and "count" in text
    assert page.is_visible("#screen-new")
    tab.close(refusals=1)


def test_the_page_draws_grids_and_ranked_units(browser: Any, server: str, tmp_path: Path) -> None:
    """Boards of games to come: a square grid of spaces (Dwethia) and rectangular units with
    facing (Armies), drawn from a board view the schema accepts."""
    import json

    from warband.core.board import (
        BoardView,
        Formation,
        Grid,
        Piece,
        RectBase,
        SideInfo,
        TableInfo,
        round_base,
    )

    board = BoardView(
        ruleset="example", player=None, phase="Turn 1",
        sides=[SideInfo(index=0, label="a", name="North"), SideInfo(index=1, label="b", name="South")],
        table=TableInfo(width=12, height=10, unit="space", grid=Grid(columns=12, rows=10)),
        pieces=[
            Piece(id="hero", side=0, label="Hero", x=2.5, y=3.5, base=round_base(25), hp=3, hp_max=4,
                  flags=["Shocked"]),
            Piece(id="pikes", side=1, label="Pikes", kind="unit", x=8.0, y=6.0,
                  base=RectBase(width=4.0, depth=2.0), facing=90.0, formation=Formation(ranks=2, files=4),
                  flags=["Broken"], stats={"fatigue": 2}),
        ],
    )
    tab = Page(browser, server, tmp_path)
    page = tab.page
    page.goto(server)
    page.wait_for_selector("#f-ruleset option", state="attached")
    page.evaluate("(b) => { document.querySelector('#screen-game').hidden = false;"
                  " app.view = {board: b, pending: null}; drawBoard(b, null); }",
                  json.loads(board.json_text()))
    assert page.locator("#board .grid line").count() == 13 + 11
    assert page.locator('.piece[data-id="pikes"] rect.base').count() == 1
    assert "broken" in (page.get_attribute('.piece[data-id="pikes"]', "class") or "").split()
    assert page.locator('.piece[data-id="hero"] circle.base').count() == 1
    tab.close()
