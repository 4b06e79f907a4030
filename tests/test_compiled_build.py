"""The optional compiled build (setup.py, docs/performance.md "Compiled build"): the list of
modules it compiles, and what an installation says about itself."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
from pathlib import Path

import pytest

import warband
from warband._compiled import COMPILED_MODULES, compiled_modules, describe_build


def test_every_listed_module_exists_and_is_no_package_model_or_adapter() -> None:
    """Each listed module is a plain module of the package (mypyc compiles files, not packages),
    and none is a pydantic model module, a content loader or an adapter (they stay Python)."""
    assert len(set(COMPILED_MODULES)) == len(COMPILED_MODULES)
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.submodule_search_locations is None, name
        leaf = name.rsplit(".", 1)[1]
        assert leaf not in {"models", "catalogue", "lists", "content", "campaign"}, name
        assert not name.startswith(("warband.cli", "warband.web", "warband.campaign")), name


def test_compiled_modules_are_the_listed_ones_running_as_extensions() -> None:
    """``compiled_modules()`` names exactly the listed modules loaded from an extension file."""
    import importlib.machinery

    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name in COMPILED_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None
        if spec.origin.endswith(suffixes):
            found.append(name)
    assert compiled_modules() == tuple(found)
    assert warband.compiled_modules is compiled_modules
    assert ("pure Python" in describe_build()) == (not found)


def test_no_extension_module_in_the_source_tree() -> None:
    """An extension beside its .py in src/ would shadow every edit of the source: the editable
    install never builds one (setup.py compiles for wheels only, into build/)."""
    src = Path(__file__).resolve().parents[1] / "src"
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    assert not [p for p in src.rglob("*") if p.name.endswith(suffixes)]


def test_an_editable_install_asked_to_compile_says_it_stays_pure(tmp_path: Path) -> None:
    """``WARBAND_COMPILE=require pip install -e .`` fails with a reason instead of installing
    pure Python without a word (setup.py: editable installs never compile). setup.py stops
    before setuptools runs anything, so nothing is built or installed here."""
    import os
    import subprocess
    import sys

    # setup.py runs with this interpreter: a venv without setuptools (Python 3.12+ venvs have
    # none; a release installed for use needs none) cannot run it at all
    pytest.importorskip("setuptools", reason="setup.py needs setuptools in this environment")
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, WARBAND_COMPILE="require")
    done = subprocess.run([sys.executable, "setup.py", "editable_wheel", "--dist-info-dir", str(tmp_path)],
                          cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "editable install" in done.stderr and "pip install ." in done.stderr
    assert not list(tmp_path.iterdir())


def test_mypyc_attr_is_a_no_op_without_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pure-Python install without mypy (no ``mypy_extensions``) still imports the modules
    that mark classes for the compiler: the decorator then returns the class unchanged."""
    monkeypatch.setitem(sys.modules, "mypy_extensions", None)  # the import fails
    spec = importlib.util.spec_from_file_location(
        "_warband_compiled_alone", Path(warband.__file__).parent / "_compiled.py")
    assert spec is not None and spec.loader is not None
    alone = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(alone)

    class Plain:
        pass

    assert alone.mypyc_attr(native_class=False)(Plain) is Plain


def test_arcworlde_records_are_re_exported_where_they_were() -> None:
    """The run-time records moved to ``arcworlde.records`` (compiled in the compiled build)
    are the same classes under their old names (``models``, ``state``)."""
    from warband.rulesets.arcworlde import models, records, state

    for name in ("Attack", "Equipment", "Profile", "CharacterClass", "CREATURE_CLASSES"):
        assert getattr(models, name) is getattr(records, name)
    assert state.Character is records.Character


@pytest.mark.parametrize("x, y, legal", [(3.5, 4, True), (3, 4, True), ("3", 4.0, False),
                                         (None, 4.0, False), (True, 4.0, False),
                                         (float("inf"), 4.0, False), (2.0, float("nan"), False)])
def test_free_form_destinations_are_refused_not_raised_on_in_both_builds(x: object, y: object,
                                                                         legal: bool) -> None:
    """raiders.movement.move (a free-form destination) and arcworlde.movement.move: a
    hand-made Point or Move whose coordinates are not finite numbers is refused (False), never
    an error, in the pure and the compiled build alike (compiled, a read of a field declared
    ``float`` raises on a string; CI runs this file against the compiled build too)."""
    from warband.rulesets.arcworlde.choices import Move
    from warband.rulesets.arcworlde.rules.movement import is_move
    from warband.rulesets.raiders.choices import Point
    from warband.rulesets.raiders.rules.movement import is_point

    assert is_point(Point(x, y)) is legal  # type: ignore[arg-type]
    if not isinstance(x, bool):  # (ArcWorlde's test does not single out booleans)
        assert is_move(Move(x, y)) is legal  # type: ignore[arg-type]


@pytest.mark.parametrize("ruleset", ["raiders", "arcworlde"])
def test_game_records_deep_copy_and_pickle_alike_in_both_builds(ruleset: str) -> None:
    """Raiders' Unit and ArcWorlde's Character (with their frozen Profile, Spell, Attack and
    Equipment records, compiled native classes in the compiled build) deep-copy and pickle to
    equal records in both builds (compiled, the frozen records refused the field-by-field
    rebuild until they were given a ``__reduce__``)."""
    import copy
    import dataclasses
    import pickle

    from warband.core import registry

    rs = registry.get(ruleset)
    game = rs.new_game([rs.load_list(p) for p in list(rs.sample_lists())[:2]], 1)
    pieces = game.state.units if ruleset == "raiders" else game.state.chars
    for piece in pieces:
        for twin in (copy.deepcopy(piece), pickle.loads(pickle.dumps(piece))):
            assert twin is not piece and type(twin) is type(piece)
            for f in dataclasses.fields(piece):
                assert getattr(twin, f.name) == getattr(piece, f.name), f.name
            assert twin.profile == piece.profile and twin.profile is not piece.profile


def test_written_out_value_classes_compare_hash_copy_and_refuse_writes_alike() -> None:
    """``core.geometry.MoveResult`` and Raiders' ``CombatDirection`` and ``CombatSide`` are
    written out (not made by ``dataclass``) so that their ``__init__`` compiles, and take the
    rest from ``core.values.ValueRecord``: they still
    compare and hash by their fields, keep an int allowance or die count as given, copy and pickle to equal values in both
    builds, and refuse a write in the compiled build (mypy refuses it in both)."""
    import copy
    import pickle

    from warband.core.geometry import MoveResult
    from warband.rulesets.raiders.mechanics import CombatDirection
    from warband.rulesets.raiders.splits import SIDE_FIELDS, CombatSide

    move = MoveResult(1.5, 2.0, 3.25, 4.5, (0, 2), True)
    same = MoveResult(1.5, 2.0, 3.25, 4.5, (0, 2), True)
    assert move == same and hash(move) == hash(same)
    assert move != MoveResult(1.5, 2.0, 3.25, 4.5, (), True)
    assert repr(move) == ("MoveResult(x=1.5, y=2.0, travelled=3.25, cost=4.5, contact=(0, 2), "
                          "blocked=True)")
    side = CombatSide(12, 5, 2, 0, 5, shield_wall=True, figures=6, hp=2)
    assert side == CombatSide(pool=12, attack_skill=5, defence_bonus=2, strength=0, armour=5,
                              min_defence=0, shield_wall=True, figures=6, hp=2, carried=0,
                              weight=1.0)
    assert side != CombatSide(12, 5, 2, 0, 5, figures=6, hp=2)
    assert [getattr(side, name) for name in SIDE_FIELDS] == [12, 5, 2, 0, 5, 0, True, 6, 2, 0, 1.0]
    mech = CombatDirection(attack=4, defence=3, block_on=3, wound_on=5)
    assert mech == CombatDirection(4, 3, 3, 5, False) != CombatDirection(4, 3, 3, 5, True)
    assert mech.reroll_defence is False and mech.attack == 4 and type(mech.attack) is int
    assert len({mech, CombatDirection(4, 3, 3, 5)}) == 1
    # the shared base (core.values.ValueRecord): hashed as a frozen dataclass is (the tuple of
    # the fields, so sets and dicts of them keep their order), never equal across classes
    assert hash(move) == hash((1.5, 2.0, 3.25, 4.5, (0, 2), True))
    assert hash(mech) == hash((4, 3, 3, 5, False))
    assert mech != (4, 3, 3, 5, False) and move != mech and side != move
    for value in (move, mech, side):
        for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
            assert twin == value and type(twin) is type(value)
    if "warband.core.geometry" in compiled_modules():
        with pytest.raises(AttributeError):
            move.x = 0.0  # type: ignore[misc]
    if "warband.rulesets.raiders.mechanics" in compiled_modules():
        with pytest.raises(AttributeError):
            mech.attack = 1  # type: ignore[misc]
    if "warband.rulesets.raiders.splits" in compiled_modules():
        with pytest.raises(AttributeError):
            side.pool = 1  # type: ignore[misc]


def test_decisions_and_their_records_compare_print_copy_and_pickle_alike_in_both_builds() -> None:
    """``core.decisions.Decision`` and ``core.game.DecisionRecord`` are written out (not made by
    ``dataclass``) so that their ``__init__`` compiles: they still compare field by field,
    print their fields, take ``info`` as a fresh dict each when none is given, and copy and
    pickle to equal values in both builds (compiled, the field-by-field rebuild is refused
    without their ``__reduce__``)."""
    import copy
    import pickle

    from warband.core.decisions import Decision
    from warband.core.game import DecisionRecord

    decision = Decision("split_dice", 1, (0, 1, 2), prompt="How many?", info={"unit": 3},
                        auto=False)
    assert decision == Decision("split_dice", 1, (0, 1, 2), "How many?", None, {"unit": 3},
                                False)
    assert decision != Decision("split_dice", 1, (0, 1, 2), prompt="How many?",
                                info={"unit": 3})
    assert repr(decision) == ("Decision(kind='split_dice', player=1, options=(0, 1, 2), "
                              "prompt='How many?', accepts=None, info={'unit': 3}, auto=False, "
                              "why_not=None)")
    a, b = Decision("pass", 0, (1,)), Decision("pass", 0, (1,))
    assert a.info == {} and a.info is not b.info and a.trivial and not decision.trivial
    record = DecisionRecord(0, "activate", 4, "closest enemy")
    assert record == DecisionRecord(0, "activate", 4, "closest enemy", 0, "")
    assert record != DecisionRecord(0, "activate", 4)
    assert repr(record) == ("DecisionRecord(player=0, kind='activate', choice=4, "
                            "reason='closest enemy', events=0, digest='')")
    record.events, record.digest = 12, "ab12"  # (the game fills these in at its checkpoint)
    for value in (decision, record):
        for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
            assert twin == value and type(twin) is type(value) and twin is not value
