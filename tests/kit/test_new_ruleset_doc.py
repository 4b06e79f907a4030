"""docs/new-ruleset.md stays true: its example runs, and the files it walks through exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kit.tinygame import RULESET as TINY
from warband.core import registry

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "new-ruleset.md"


def test_the_docs_example_runs(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(registry._extra, TINY.name, TINY)
    text = DOC.read_text(encoding="utf-8")
    example = text.split("## Running it", 1)[1]
    code = re.search(r"```python\n(.*?)```", example, re.S)
    assert code is not None
    exec(compile(code.group(1), str(DOC), "exec"), {})
    out = capsys.readouterr().out
    assert "Red Blades (A) vs Blue Shields (B)" in out and "winner:" in out


def test_the_files_the_doc_names_exist() -> None:
    text = DOC.read_text(encoding="utf-8")
    layout = text.split("```", 2)[1]
    names = re.findall(r"^  (\S+\.py)", layout, re.M)
    assert len(names) >= 9
    for name in names:
        assert (ROOT / "tests" / "kit" / "tinygame" / name).is_file(), name
