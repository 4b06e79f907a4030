"""A user's content folder replaces the Spells and the Narrative Feat menu like any other data
(arcworlde.magic.mages, arcworlde.feat.narrative: house data the user can replace), and a
mistake in those files is reported with its file, line and field, not a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warband.cli.main import app
from warband.content.errors import ContentError
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde.catalogue import DEFAULT_CONTENT, catalogue
from warband.rulesets.arcworlde.rules.magic import spells_of
from warband.rulesets.arcworlde.rules.narrative import feats_menu


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_arcworlde_magic_mages_spells_from_a_users_folder(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """arcworlde.magic.mages: the Spells a game's Mages know come from the content folder in
    use (WARBAND_ARCWORLDE_CONTENT), and the Narrative Feat menu too; the content hash
    changes with them."""
    folder = _copy(tmp_path)
    _edit(folder / "spells-house.yaml", "name: Stinging Nettles\n    level: 9",
          "name: Stinging Nettles\n    level: 7")
    _edit(folder / "narrative-feats-house.yaml", "name: Daring Dash", "name: Mad Dash")
    cat = catalogue(folder)
    assert cat.spells.spells["stinging-nettles"].level == 7
    assert any(f.name == "Mad Dash" for f in cat.narrative_feats)
    assert cat.digest != catalogue().digest
    monkeypatch.setenv("WARBAND_ARCWORLDE_CONTENT", str(folder))
    lists = [RULESET.load_list(DEFAULT_CONTENT / "lists" / n)
             for n in ("hedge-coven.yaml", "shaman-mob.yaml")]
    game = RULESET.new_game(lists, 1, {"narrative_feats": True})
    st = game.view(0)
    witch = next(c for c in st.chars if c.profile.id == "halfling-hedge-witch")
    assert next(s for s in spells_of(st, witch) if s.id == "stinging-nettles").level == 7
    assert any(f.name == "Mad Dash" for f in feats_menu(st))


@pytest.mark.parametrize(("file", "old", "new", "where"), [
    ("spells-house.yaml", "summon: garden-sprite", "summon: garden-gnome",
     "spells-house.yaml:{line}: spells[3].summon"),
    ("spells-house.yaml", "  halflings: [stinging-nettles,", "  halflings: [stinging-nettle,",
     "spells-house.yaml:{line}: lists.halflings[0]"),
    ("spells-house.yaml", "    level: 9\n", "    level: 99\n", "spells-house.yaml:{line}: spells[0].level"),
    ("narrative-feats-house.yaml", "difficulty: legendary", "difficulty: impossible",
     "narrative-feats-house.yaml:{line}: feats[0].difficulty"),
    ("narrative-feats-house.yaml", "id: trick-shot", "id: topple-terrain",
     "narrative-feats-house.yaml:{line}: feats[1].id"),
])
def test_bad_spell_or_feat_file_names_file_line_and_field(
        tmp_path: Path, file: str, old: str, new: str, where: str) -> None:
    """A broken Spell or Narrative Feat file in a user's folder: the error names the file, the
    line of the mistake and the field, when the folder loads (before any game)."""
    folder = _copy(tmp_path)
    path = folder / file
    line = path.read_text().split(old)[0].count("\n") + 1  # the line the mistake is on
    _edit(path, old, new)
    with pytest.raises(ContentError) as err:
        catalogue(folder)
    assert where.format(line=line) in str(err.value), str(err.value)


def test_cli_reports_a_broken_spell_file(tmp_path: Path) -> None:
    """``warband battle`` and ``warband profiles`` with a user's broken Spell file: a clear
    message naming file, line and field; no traceback."""
    folder = _copy(tmp_path)
    _edit(folder / "spells-house.yaml", "summon: garden-sprite", "summon: garden-gnome")
    env = {"WARBAND_ARCWORLDE_CONTENT": str(folder), "COLUMNS": "400"}
    for args in (["profiles"], ["battle", "--seed", "1"]):
        result = CliRunner(env=env).invoke(app, args)
        assert result.exit_code != 0 and "Traceback" not in result.output, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "spells[3].summon" in " ".join(result.output.split())
        assert "unknown profile 'garden-gnome'" in " ".join(result.output.split())


def test_schemas_include_spells_and_narrative_feats() -> None:
    """``warband schema`` writes the Spell and Narrative Feat file schemas too."""
    names = RULESET.schemas()
    assert "arcworlde-spells.schema.json" in names
    assert "arcworlde-narrative-feats.schema.json" in names
