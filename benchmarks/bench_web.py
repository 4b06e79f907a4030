"""The web board: how long a player waits for the AI, and how long the page takes to draw a
crowded table.

    python benchmarks/bench_web.py ai --games 4          # AI answer latency through the API
    python benchmarks/bench_web.py draw --bases 150      # page draw time (needs chromium)

``ai``: games of a human seat (answering at random through ``POST /api/games/{id}/answer``)
against the heuristic AI, for each playable ruleset, in-process (FastAPI TestClient). Each
answer's wall time includes the AI's replies until the human is asked again and saving the
record; reported per answer and per AI decision (p50, p95, max).
``draw``: Playwright drives Debian's chromium; the page's own ``drawBoard`` redraws a Raiders
board view padded to ``--bases`` bases, 50 times; median and p95 milliseconds per draw.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ai(games: int) -> None:
    from fastapi.testclient import TestClient

    from warband.web.app import create_app

    client = TestClient(create_app(Path(tempfile.mkdtemp())))
    for ruleset in ("arcworlde", "raiders"):
        per_answer: list[float] = []
        per_ai: list[float] = []
        for seed in range(games):
            made = client.post("/api/games", json={"ruleset": ruleset, "seed": seed}).json()
            gid, headers = made["id"], {"Authorization": f"Bearer {made['tokens']['a']}"}
            rng = random.Random(seed)
            view = client.get(f"/api/games/{gid}/view", headers=headers).json()
            while not view["over"]:
                before = view["decisions"]
                choice = rng.randrange(len(view["pending"]["options"]))
                t = time.perf_counter()
                view = client.post(f"/api/games/{gid}/answer", json={"choice": choice},
                                   headers=headers).json()
                took = time.perf_counter() - t
                per_answer.append(took)
                ai_moves = max(0, view["decisions"] - before - 1)
                if ai_moves:
                    per_ai.append(took / ai_moves)
        print(f"{ruleset}: {len(per_answer)} answers in {games} games;"
              f" answer + AI replies: p50 {_pct(per_answer, .5) * 1000:.0f} ms,"
              f" p95 {_pct(per_answer, .95) * 1000:.0f} ms, max {max(per_answer) * 1000:.0f} ms;"
              f" per AI decision: p50 {_pct(per_ai, .5) * 1000:.0f} ms,"
              f" p95 {_pct(per_ai, .95) * 1000:.0f} ms")


def draw(bases: int) -> None:
    import threading

    import uvicorn
    from playwright.sync_api import sync_playwright

    from warband.web.app import create_app

    srv = uvicorn.Server(uvicorn.Config(create_app(Path(tempfile.mkdtemp())), port=8799,
                                        log_level="warning"))
    threading.Thread(target=srv.run, daemon=True).start()
    while not srv.started:
        time.sleep(0.05)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                    args=["--no-sandbox", "--headless", "--disable-background-networking"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto("http://127.0.0.1:8799/")
        page.wait_for_selector("#f-ruleset option", state="attached")
        page.select_option("#f-ruleset", "raiders")
        page.select_option("#f-seat-a", "heuristic")
        page.select_option("#f-seat-b", "heuristic")
        page.click("#f-start")
        page.wait_for_selector("#replay:not([hidden])")
        times: list[Any] = page.evaluate(
            """(n) => {
              const board = JSON.parse(JSON.stringify(app.view.board));
              const base = board.pieces;
              let count = base.reduce((s, p) => s + Math.max(1, p.figures.length), 0);
              let i = 0;
              while (count < n) {
                const p = JSON.parse(JSON.stringify(base[i % base.length]));
                p.id = "copy" + i; p.x = (p.x + 3 * i) % board.table.width;
                p.figures = p.figures.map(([x, y]) => [(x + 3 * i) % board.table.width, y]);
                board.pieces.push(p); count += Math.max(1, p.figures.length); i++;
              }
              const out = [];
              for (let k = 0; k < 50; k++) {
                const t = performance.now();
                drawBoard(board, null);
                document.querySelector('#board').getBBox();  // force layout
                out.push(performance.now() - t);
              }
              return [count, out];
            }""", bases)
        count, ms = times
        print(f"{count} bases on the table: draw median {statistics.median(ms):.1f} ms,"
              f" p95 {_pct(ms, .95):.1f} ms (50 redraws)")
        browser.close()
    srv.should_exit = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    a = sub.add_parser("ai")
    a.add_argument("--games", type=int, default=4)
    d = sub.add_parser("draw")
    d.add_argument("--bases", type=int, default=150)
    args = parser.parse_args()
    if args.what == "ai":
        ai(args.games)
    else:
        draw(args.bases)


if __name__ == "__main__":
    main()
