"""docs/rulesets/sword-marches.md's coverage table is honest: every rule id marked
"done + test" is named by a test, and every id the code cites is in the table."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rulesets" / "sword-marches.md"
ROW = re.compile(r"^\| `(sm\.[a-z_]+\.[a-z_0-9]+)` \| [^|]* \| ([a-z +/]+) \|")
ID = re.compile(r"sm\.[a-z_]+\.[a-z_0-9]+")


def _table() -> dict[str, str]:
    out = {}
    for line in DOC.read_text().splitlines():
        m = ROW.match(line)
        if m:
            assert m.group(1) not in out, f"{m.group(1)} listed twice"
            out[m.group(1)] = m.group(2).strip()
    return out


def _cited(folder: Path) -> set[str]:
    return {i for p in folder.rglob("*.py") for i in ID.findall(p.read_text())}


def test_every_done_and_tested_id_is_named_by_a_test() -> None:
    table = _table()
    assert len(table) > 250
    tested = _cited(ROOT / "tests" / "rulesets" / "sword_marches") | _cited(ROOT / "tests" / "odds")
    missing = sorted(i for i, status in table.items() if status == "done + test" and i not in tested)
    assert not missing


def test_every_id_the_code_cites_is_in_the_table() -> None:
    table = _table()
    code = _cited(ROOT / "src" / "warband" / "rulesets" / "sword_marches")
    assert not sorted(code - set(table))
