"""``warband campaign battle NAME --play`` (a human plays the campaign's side at the terminal,
then the After Action Report is applied) and ``--against rogue`` (a generated Rogue Warband,
arcworlde.solo.rogue_warband)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from warband.campaign.service import Campaigns
from warband.campaign.store import Store
from warband.core import registry
from warband.core.dice import derive_seed

from .test_campaign_cli import _list

runner = CliRunner(env={"COLUMNS": "400"})


def run(db: Path, *args: str, input: str | None = None) -> Result:
    from warband.cli.main import app

    return runner.invoke(app, ["campaign", *args, "--db", str(db)], input=input)


def _campaign(db: Path, name: str) -> Campaigns:
    return Campaigns(Store(f"sqlite:///{db}"))


def _new(db: Path, ruleset: str, list_name: str, name: str = "c") -> None:
    r = run(db, "new", name, "--ruleset", ruleset, "--list", _list(ruleset, list_name))
    assert r.exit_code == 0, r.output


def test_play_a_campaign_battle_at_the_terminal_then_the_report_applies(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    _new(db, "arcworlde", "sheriffs-posse.yaml")
    r = run(db, "battle", "c", "--play", "--against", _list("arcworlde", "ironjaw-mob.yaml"),
            "--seed", "4", input="1\n" * 6000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "you play c (side A)" in r.output and "choice (1-" in r.output  # the human was asked
    assert "battle against ironjaw-mob.yaml (seed 4)" in r.output
    camps = _campaign(db, "c")
    loaded = camps.load("c")
    assert [a.kind for a in loaded.actions] == ["start", "battle", "report"]
    assert camps.verify("c") == []  # the report re-derives from the record of the human's game
    # the human's answers are in the record: the AI would not have played side A this way
    ai = camps.fight("c", _list("arcworlde", "ironjaw-mob.yaml"), seed=4)
    played = loaded.actions[1].payload["record"]
    assert ai.updates[0][2][0][1]["record"] != played
    camps.store.close()


def test_an_abandoned_played_battle_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    _new(db, "arcworlde", "sheriffs-posse.yaml")
    r = run(db, "battle", "c", "--play", "--against", _list("arcworlde", "ironjaw-mob.yaml"),
            input="1\n" * 3)  # the player walks away after three answers
    assert r.exit_code != 0 and "battle abandoned: the campaign is unchanged" in r.output
    camps = _campaign(db, "c")
    assert [a.kind for a in camps.load("c").actions] == ["start"]
    camps.store.close()


def test_against_rogue_fights_a_generated_rogue_warband_of_the_same_game_value(
        tmp_path: Path) -> None:
    """arcworlde.solo.rogue_warband: the opponent is generated at the campaign's game value
    (the `warband rogue` generator) and played by the Rogue AI."""
    db = tmp_path / "c.db"
    _new(db, "arcworlde", "sheriffs-posse.yaml")
    r = run(db, "battle", "c", "--against", "rogue", "--seed", "7", "--ai", "random")
    assert r.exit_code == 0, r.output
    assert "battle against a Rogue Warband (seed 7)" in r.output
    camps = _campaign(db, "c")
    header = json.loads(camps.load("c").actions[1].payload["record"].splitlines()[0])
    ours, rogue = header["lists"]
    assert rogue["game_value"] == ours["game_value"] and rogue["name"] != ours["name"]
    # the same generator as `warband rogue`, seeded from the battle's seed
    data, _ = registry.get("arcworlde").random_list(ours["game_value"],
                                                    derive_seed(7, "rogue warband", 1) % 10**6)
    assert [(c["profile"], c.get("count", 1)) for c in data["characters"]] == [
        (c["profile"], c["count"]) for c in rogue["characters"]]
    assert header["options"]["rogue"] == "b"  # the Rogue Warband rules play side B
    assert camps.verify("c") == []
    camps.store.close()


def test_against_rogue_is_refused_clearly_where_no_rogue_warband_exists(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    _new(db, "sword-marches", "ashen-company.yaml")
    r = run(db, "battle", "c", "--against", "rogue")
    assert r.exit_code != 0 and "sword-marches has no Rogue Warband generator" in r.output
    assert "Traceback" not in r.output
    camps = _campaign(db, "c")
    assert camps.load("c").version == 1
    camps.store.close()
