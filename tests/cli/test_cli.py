"""The ``warband`` command line through typer's CliRunner: the happy paths, and every kind of
bad input giving a clear message and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from warband.cli.main import app
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde.catalogue import DEFAULT_CONTENT

Write = Callable[[str, str | bytes], Path]
#: a wide terminal, so that messages (long temporary paths included) are not wrapped
runner = CliRunner(env={"COLUMNS": "400"})
_BOX = str.maketrans({c: " " for c in "│╭╮╰╯─┃━┏┓┗┛"})


def flat(text: str) -> str:
    """The text without panel borders, whitespace runs collapsed: what the user reads."""
    return " ".join(text.translate(_BOX).split())
SHERIFF, IRONJAW = (str(p) for p in RULESET.sample_lists())

GOOD_LIST = """\
ruleset: arcworlde
name: Small Posse
game_value: 200
characters:
  - profile: halfling-sheriff
  - profile: halfling-militia
    count: 2
"""


def run(*args: str) -> Result:
    """Invoke the CLI; whatever happens, no exception escapes and no traceback is shown."""
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args}: {result.exception!r}\n{result.output}")
    assert "Traceback" not in result.output
    return result


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result


def bad(*args: str, says: str | list[str], code: int | None = None) -> Result:
    result = run(*args)
    assert result.exit_code != 0, result.output
    if code is not None:
        assert result.exit_code == code, (result.exit_code, result.output)
    for needle in [says] if isinstance(says, str) else says:
        assert flat(needle) in flat(result.output), result.output
    return result


# ------------------------------------------------------------------------ happy paths
def test_rulesets_lists_arcworlde() -> None:
    assert "arcworlde: ArcWorlde" in ok("rulesets").output


def test_battle_json_result() -> None:
    result = json.loads(ok("battle", "--seed", "7", "--json").output)
    assert set(result) >= {"winner", "vp", "rounds", "survivors", "seed"}
    assert result["seed"] == 7 and result["winner"] in (None, "a", "b")
    assert set(result["vp"]) == {"a", "b"} and 1 <= result["rounds"] <= 5


def test_battle_same_seed_same_output_byte_for_byte() -> None:
    first = ok("battle", "--seed", "11", "--ai", "random", "--rounds", "2").output
    again = ok("battle", "--seed", "11", "--ai", "random", "--rounds", "2").output
    assert first == again
    other = ok("battle", "--seed", "12", "--ai", "random", "--rounds", "2").output
    assert first != other


def test_battle_narrates_the_game() -> None:
    out = ok("battle", "--seed", "3", "--ai", "heuristic", "--ai-b", "rogue").output
    for needle in ("heuristic vs rogue", "Deployment roll-off", "Round 1", "Initiative",
                   "activates with", "Game over after Round", "Result"):
        assert needle in out, needle


def test_battle_with_lists_rounds_and_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    out = ok("battle", "--a", IRONJAW, "--b", SHERIFF, "--seed", "5", "--rounds", "1",
             "--ai", "random", "--replay", str(record)).output
    assert "record written to" in out and record.exists()
    replayed = ok("replay", str(record)).output
    assert "verified" in replayed and "Round 1" in replayed
    quiet = ok("replay", "--quiet", str(record)).output
    assert quiet.strip().startswith("verified") and "Round 1" not in quiet


def test_battle_options(tmp_path: Path) -> None:
    result = json.loads(ok("battle", "--seed", "2", "--json", "--ai", "random",
                           "-o", "rounds=1", "-o", "disengage_extra_move=false").output)
    assert result["rounds"] == 1


def test_validate_good_lists(write_file: Write) -> None:
    path = write_file("small.yaml", GOOD_LIST)
    out = ok("validate", str(path), SHERIFF, IRONJAW).output
    assert out.count("ok ") == 3 and "Small Posse (arcworlde, 130/200)" in out


def test_validate_warns_about_unruly(write_file: Write) -> None:
    path = write_file("mixed.yaml", GOOD_LIST + "  - profile: ourk-grunt\n")
    out = ok("validate", str(path)).output
    assert "warning" in out and "Ourk Grunt is from another faction: unruly" in out


def test_profiles_table_and_json() -> None:
    narrow = CliRunner(env={"COLUMNS": "80"}).invoke(app, ["profiles"])
    assert narrow.exit_code == 0 and "Halfling Sheriff" in narrow.output
    rows = json.loads(ok("profiles", "--json").output)
    sheriff = next(r for r in rows if r["id"] == "halfling-sheriff")
    assert (sheriff["cost"], sheriff["ap"], sheriff["hp"], sheriff["source"]) == (80, 4, 10, "book")
    assert "(2AP) Furious Wallop: Power 8 [Crit: -1AP next Activation]" in sheriff["attacks"]


def test_schema_writes_json_schemas(tmp_path: Path) -> None:
    out = ok("schema", "--out", str(tmp_path / "schemas")).output
    files = sorted(p.name for p in (tmp_path / "schemas").iterdir())
    assert "arcworlde-list.schema.json" in files and out.count("wrote") == len(files)
    json.loads((tmp_path / "schemas" / "arcworlde-list.schema.json").read_text())
    board = json.loads((tmp_path / "schemas" / "board-view.schema.json").read_text())
    assert {"pieces", "terrain", "effects", "zones", "markers"} <= set(board["properties"])


# ----------------------------------------------------------------- bad lists: battle
@pytest.mark.parametrize(
    ("content", "says"),
    [("ruleset: arcworlde\nname: x\ngame_value: 400\ncharacters:\n  - profile: [oops\n",
      ["malformed YAML", "bad.yaml:6"]),
     (GOOD_LIST.replace("halfling-sheriff", "halfling-sherif"),
      "unknown profile 'halfling-sherif'; did you mean 'halfling-sheriff'?"),
     (GOOD_LIST.replace("count: 2", "count: two"),
      ["bad.yaml:7: characters[1].count: Input should be a valid integer"]),
     (GOOD_LIST.replace("count: 2", "count: -2"),
      "bad.yaml:7: characters[1].count: Input should be greater than or equal to 1"),
     (GOOD_LIST.replace("count: 2", "count: 1000000"),
      "bad.yaml:7: characters[1].count: Input should be less than or equal to 50"),
     (GOOD_LIST.replace("game_value: 200", "game_value: 99999999999"),
      "bad.yaml:3: game_value: Input should be less than or equal to 100000"),
     (GOOD_LIST.replace("game_value: 200", "game_value: 100"),
      "total cost 130 GP is over the game value of 100 GP"),
     ("- just\n- a list\n", "expected a mapping of fields, found list"),
     ("", "expected a mapping of fields, found empty"),
     (b"name: \xff\xfe\n", "not a UTF-8 text file")],
    ids=["malformed", "unknown-name", "wrong-type", "negative", "huge", "huge-value",
         "over-budget", "not-a-mapping", "empty", "binary"],
)
def test_battle_bad_list(write_file: Write, content: str | bytes, says: str | list[str]) -> None:
    path = write_file("bad.yaml", content)
    bad("battle", "--a", str(path), "--seed", "1", says=[f"invalid warband list {path}",
                                                         *([says] if isinstance(says, str) else says)],
        code=2)


def test_battle_missing_list(tmp_path: Path) -> None:
    bad("battle", "--b", str(tmp_path / "nope.yaml"), says="warband list not found", code=2)


@pytest.mark.parametrize(
    ("args", "says"),
    [(["--ruleset", "arcworld"], "unknown ruleset 'arcworld'"),
     (["--ai", "genius"], "unknown AI 'genius' for arcworlde (choose from: heuristic, heuristic-s9, heuristic-full, rogue, random)"),
     (["--ai-b", "genius"], "unknown AI 'genius'"),
     (["--seed", "-1"], "--seed must be zero or positive"),
     (["--rounds", "0"], "--rounds must be at least 1"),
     (["--rounds", "99"], "rounds must be a whole number between 1 and 50, not 99"),
     (["-o", "rounds"], "--option expects NAME=VALUE, got 'rounds'"),
     (["-o", "speed=11"], "unknown game option(s) speed"),
     (["-o", "scenario=moon-base"], "unknown scenario 'moon-base'"),
     (["-o", "deployment_depth=100"], "deployment_depth must be between 1 and 24 inches"),
     (["-o", "deployment_depth=yes"], "deployment_depth must be between 1 and 24 inches, not True"),
     (["-o", "deployment_depth=1"], "cannot hold a 50mm base"),
     (["-o", "rounds=abc"], "rounds must be a whole number between 1 and 50, not 'abc'"),
     (["-o", "rounds=2.5"], "rounds must be a whole number between 1 and 50, not 2.5"),
     (["-o", "rounds=yes"], "rounds must be a whole number between 1 and 50, not True"),
     (["-o", "disengage_extra_move=maybe"], "disengage_extra_move must be true or false, not 'maybe'"),
     (["-o", "disengage_extra_move=3"], "disengage_extra_move must be true or false, not 3")],
)
def test_battle_bad_options(args: list[str], says: str) -> None:
    bad("battle", "--seed", "1", *args, says=says, code=2)


def test_battle_ruleset_suggestion() -> None:
    bad("battle", "--ruleset", "arcworld", says="did you mean 'arcworlde'?")


@pytest.mark.parametrize(
    "args", [["--seed", "abc"], ["--rounds", "many"], ["--nonsense"], ["--json", "extra-arg"]]
)
def test_battle_usage_errors(args: list[str]) -> None:
    """Option types are checked by the command line parser (exit 2, a usage message)."""
    result = bad("battle", *args, says="Usage", code=2)
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_battle_huge_list_still_plays(write_file: Write) -> None:
    """A legal but enormous list (51 Characters, most on 50mm bases) fills its deployment
    zone; the rest stay off the table and the battle is played (it used to hang)."""
    path = write_file("horde.yaml", (
        "ruleset: arcworlde\nname: Horde\ngame_value: 100000\ncharacters:\n"
        "  - profile: halfling-sheriff\n  - profile: halfling-warhog-rider\n    count: 50\n"))
    result = json.loads(ok("battle", "--a", str(path), "--seed", "1", "--rounds", "1",
                           "--ai", "random", "--json").output)
    assert 0 < len(result["survivors"]["a"]) < 51


def test_battle_replay_into_a_missing_folder(tmp_path: Path) -> None:
    bad("battle", "--seed", "1", "--rounds", "1", "--ai", "random",
        "--replay", str(tmp_path / "no" / "such" / "game.jsonl"), says="does not exist")


# ------------------------------------------------------------------------- replay
@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("rec") / "game.jsonl"
    ok("battle", "--seed", "9", "--rounds", "1", "--ai", "random", "--replay", str(path), "--json")
    return path.read_text()


def test_replay_missing_file(tmp_path: Path) -> None:
    bad("replay", str(tmp_path / "nope.jsonl"), says=["record check failed", "no such file"], code=1)


def test_replay_truncated(write_file: Write, record: str) -> None:
    lines = record.splitlines()
    path = write_file("cut.jsonl", "\n".join(lines[:5]) + "\n")
    bad("replay", str(path), says=["record check failed", "record is truncated"], code=1)
    half = write_file("half.jsonl", record[: len(record) // 2])
    bad("replay", str(half), says=["record check failed", "not valid JSON"], code=1)


def test_replay_tampered(write_file: Write, record: str) -> None:
    lines = [json.loads(x) for x in record.splitlines()]
    n = next(i for i, x in enumerate(lines) if x.get("kind") == "deploy")
    lines[n]["choice"]["x"] = round(lines[n]["choice"]["x"] + 1, 3)
    path = write_file("tampered.jsonl", "".join(json.dumps(x) + "\n" for x in lines))
    bad("replay", str(path), says=["record check failed", f"tampered.jsonl:{n + 1}:", "diverge"], code=1)


def test_replay_not_a_record(write_file: Write) -> None:
    bad("replay", str(write_file("list.yaml", GOOD_LIST)),
        says=["record check failed", "list.yaml:1: not valid JSON"], code=1)


def test_replay_deeply_nested_line(write_file: Write) -> None:
    path = write_file("deep.jsonl", "[" * 100_000 + "]" * 100_000 + "\n")
    bad("replay", str(path), says=["record check failed", "deep.jsonl:1: not a record line"], code=1)


def test_validate_alias_bomb(write_file: Write) -> None:
    """A 600-byte list whose YAML aliases stand for a billion values is refused at once."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    lines += ["ruleset: arcworlde", "name: x", "game_value: 400", "characters: *a8"]
    path = write_file("bomb.yaml", "\n".join(lines) + "\n")
    bad("validate", str(path), says="the YAML aliases expand to more than", code=1)
    bad("battle", "--a", str(path), says="the YAML aliases expand to more than", code=2)


def test_replay_usage_error() -> None:
    bad("replay", says="Usage", code=2)


# ------------------------------------------------------------------------ validate
def test_validate_reports_every_problem_and_every_file(write_file: Write) -> None:
    good = write_file("good.yaml", GOOD_LIST)
    many = write_file("many.yaml", GOOD_LIST.replace("halfling-sheriff", "halfling-sherif")
                      .replace("count: 2", "count: 2\n    equipment: [light-armor]"))
    broken = write_file("broken.yaml", "name: [x\n")
    out = bad("validate", str(good), str(many), str(broken), code=1,
              says=[f"ok {good}", f"{many}: 3 problem(s)", "did you mean 'halfling-sheriff'?",
                    "did you mean 'light-armour'?", "needs a Commander",
                    f"{broken}: 1 problem(s)", f"{broken}:2: malformed YAML"]).output
    assert out.index(str(good)) < out.index(str(many)) < out.index(str(broken))


@pytest.mark.parametrize(
    ("content", "args", "says"),
    [("name: x\n", [], "no `ruleset` field; pass --ruleset"),
     (GOOD_LIST.replace("ruleset: arcworlde", "ruleset: arcworld"), [], "unknown ruleset 'arcworld'"),
     (GOOD_LIST.replace("ruleset: arcworlde", "ruleset: raiders"), ["--ruleset", "arcworlde"],
      "this list is for ruleset 'raiders'"),
     (GOOD_LIST.replace("count: 2", "count: -5"), [], "characters[1].count"),
     ("ruleset: arcworlde\nname: x\ngame_value: 100\ncharacters: []\n", [],
      "characters: List should have at least 1 item")],
)
def test_validate_bad_lists(write_file: Write, content: str, args: list[str], says: str) -> None:
    bad("validate", *args, str(write_file("x.yaml", content)), says=says, code=1)


def test_validate_missing_file(tmp_path: Path) -> None:
    bad("validate", str(tmp_path / "nope.yaml"), says="no such file", code=1)


def test_validate_needs_a_file() -> None:
    bad("validate", says="Usage", code=2)


# ------------------------------------------------------------------ profiles, schema
def test_profiles_unknown_ruleset() -> None:
    bad("profiles", "--ruleset", "nope", says="unknown ruleset 'nope'", code=2)


def test_broken_content_folder(tmp_path: Path) -> None:
    """A user's content folder (WARBAND_ARCWORLDE_CONTENT) with a mistake: a clear error."""
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    equipment = folder / "equipment.yaml"
    equipment.write_text(equipment.read_text().replace("armour: 1", "armour: lots", 1))
    env = {"WARBAND_ARCWORLDE_CONTENT": str(folder), "COLUMNS": "400"}
    for args in (["profiles"], ["battle", "--seed", "1"], ["validate", SHERIFF]):
        result = CliRunner(env=env).invoke(app, args)
        assert result.exit_code != 0 and "Traceback" not in result.output, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "equipment.yaml:12: equipment[0].armour" in flat(result.output)


def test_schema_cannot_create_folder(write_file: Write) -> None:
    blocker = write_file("taken", "a file, not a folder")
    bad("schema", "--out", str(blocker / "sub"), says="cannot create", code=2)


def test_a_missing_side_gets_the_other_sample_list_not_a_mirror() -> None:
    """``battle --a ironjaw-mob.yaml`` (the second sample) meets the first sample, not itself;
    likewise ``--b`` alone, and ``simulate``."""
    assert "Ironjaw Mob (A) vs Sheriff's Posse (B)" in ok(
        "battle", "--a", IRONJAW, "--seed", "1", "--rounds", "1").output
    assert "Ironjaw Mob (A) vs Sheriff's Posse (B)" in ok(
        "battle", "--b", SHERIFF, "--seed", "1", "--rounds", "1").output
    out = ok("simulate", "--a", IRONJAW, "--games", "1", "--rounds", "1", "--json").output
    assert json.loads(out)["lists"]["b"].endswith("sheriffs-posse.yaml")
