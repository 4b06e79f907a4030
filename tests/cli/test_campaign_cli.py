"""``warband campaign ...``: the commands end to end on a SQLite file, and bad input answered
with a clear message that changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from warband.cli.main import app
from warband.core import registry

runner = CliRunner(env={"COLUMNS": "400"})


def _list(ruleset: str, name: str) -> str:
    return str(next(p for p in registry.get(ruleset).sample_lists() if p.name == name))


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "c.db")


def run(db: str, *args: str) -> Result:
    return runner.invoke(app, ["campaign", *args, "--db", db])


def _export(db: str, name: str) -> str:
    result = run(db, "export", name)
    assert result.exit_code == 0, result.output
    return result.output


def test_campaign_commands_end_to_end(db: str, tmp_path: Path) -> None:
    r = run(db, "new", "ashen", "--ruleset", "sword-marches",
            "--list", _list("sword-marches", "ashen-company.yaml"))
    assert r.exit_code == 0 and "The Ashen Company - Upstart stage" in r.output
    assert "ashen" in run(db, "list").output
    r = run(db, "battle", "ashen", "--against", _list("sword-marches", "hollow-court.yaml"),
            "--ai", "random", "--seed", "4")
    assert r.exit_code == 0, r.output
    assert "After Action Report" in r.output and "EXP" in r.output
    assert run(db, "report", "ashen").output in r.output
    assert r.output.startswith("ashen: battle against hollow-court.yaml (seed 4): ")
    show = run(db, "show", "ashen").output
    assert "1 battles" in show and "2. battle against hollow-court.yaml (seed 4)" in show
    assert run(db, "verify", "ashen").exit_code == 0
    r = run(db, "spend", "ashen", "rations")
    assert r.exit_code == 0 and "Extra Rations" in r.output
    assert "Extra Rations" in run(db, "show", "ashen").output
    assert "undone: Extra Rations" in run(db, "undo", "ashen").output
    out = tmp_path / "ashen.yaml"
    assert run(db, "export", "ashen", "--out", str(out)).exit_code == 0
    other = str(tmp_path / "other.db")
    assert run(other, "import", str(out)).exit_code == 0
    assert _export(other, "ashen") == out.read_text(encoding="utf-8")


def test_bad_input_gets_a_message_and_changes_nothing(db: str, tmp_path: Path) -> None:
    run(db, "new", "ashen", "--ruleset", "sword-marches",
        "--list", _list("sword-marches", "ashen-company.yaml"))
    before = _export(db, "ashen")
    cases = [
        (("new", "arc", "--ruleset", "sword-marches",
          "--list", _list("arcworlde", "sheriffs-posse.yaml")), "ruleset"),
        (("new", "ashen", "--ruleset", "sword-marches",
          "--list", _list("sword-marches", "ashen-company.yaml")), "already exists"),
        (("spend", "ashen", "gear", "Brand Ashcloak", "warblade"), "Scarce"),
        (("spend", "ashen", "trait", "Ashen Spear 1", "sharpshooter"), "EXP"),
        (("spend", "ashen", "trait", "Nobody", "valor"), "no model named"),
        (("spend", "ashen", "hire", "Ashen Spear 1", "Extra"), "SP"),
        (("spend", "ashen", "fly"), "spend what?"),
        (("undo", "ashen"), "nothing to undo"),
        (("battle", "ashen", "--against", "nowhere.yaml"), "neither a campaign nor a list"),
        (("battle", "ashen", "--against", _list("arcworlde", "sheriffs-posse.yaml")), "ruleset"),
        (("show", "nobody"), "no campaign named"),
        (("new", "d", "--ruleset", "armies", "--list", "x.yaml"), "no campaign rules"),
        (("new", "d", "--ruleset", "chess", "--list", "x.yaml"), "chess"),
    ]
    for args, message in cases:
        r = run(db, *args)
        assert r.exit_code == 2, (args, r.output)
        assert message in r.output, (args, r.output)
        assert "Traceback" not in r.output
    assert _export(db, "ashen") == before
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: warband-campaign\nversion: 1\nname: x\nruleset: sword-marches\n"
                   "actions: [{seq: 1, step: 1, kind: start, payload: {list: {}}}]\n")
    r = run(db, "import", str(bad))
    assert r.exit_code == 2 and "does not apply" in r.output
    bad.write_text("format: nope\n")
    r = run(db, "import", str(bad))
    assert r.exit_code == 2 and "format" in r.output
    assert [line.split()[0] for line in run(db, "list").output.splitlines()] == ["ashen"]
