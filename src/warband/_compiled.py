"""Which of warband's modules run compiled (the optional mypyc build, docs/performance.md).

The package is pure Python by default. ``WARBAND_COMPILE=1 pip install .`` compiles the modules
in :data:`COMPILED_MODULES` with mypyc (setup.py reads the list from here); they play exactly the
same games, faster. :func:`compiled_modules` says which modules of this installation are
compiled (none in a pure or editable install); ``warband --version`` and the benchmarks print it.

This module is read by setup.py before the package is installed: it imports nothing of warband.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import TYPE_CHECKING

__all__ = ["COMPILED_MODULES", "compiled_modules", "describe_build", "mypyc_attr"]

if TYPE_CHECKING:
    # what mypy and mypyc see: the decorator mypyc reads (``native_class=False`` keeps a class of
    # a compiled module a regular Python class, its methods compiled)
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # a pure-Python install without mypy: the decorator does nothing

        def mypyc_attr(*attrs: str, **kwattrs: object) -> object:
            return lambda cls: cls


#: the hot paths the compiled build compiles: geometry, dice, the game loop, the kit, and each
#: ruleset's state, rules and AI (not its pydantic models, content loaders, CLI, web or campaign)
COMPILED_MODULES: tuple[str, ...] = (
    "warband.core.values",
    "warband.core.geometry",
    "warband.core.formations",
    "warband.core.decisions",
    "warband.core.game",
    "warband.core.controller",
    "warband.kit.flow",
    "warband.kit.table",
    "warband.kit.records",
    "warband.rulesets.arcworlde.ai.heuristic",
    "warband.rulesets.arcworlde.ai.tactics",
    "warband.rulesets.arcworlde.rules.activation",
    "warband.rulesets.arcworlde.rules.combat",
    "warband.rulesets.arcworlde.rules.round",
    "warband.rulesets.arcworlde.rules.movement",
    "warband.rulesets.arcworlde.records",
    "warband.rulesets.arcworlde.state",
    "warband.rulesets.arcworlde.rules.scenario",
    "warband.rulesets.arcworlde.rules.feats",
    "warband.rulesets.arcworlde.rules.bravery",
    "warband.rulesets.arcworlde.rules.setup",
    "warband.rulesets.arcworlde.rules.creatures",
    "warband.rulesets.arcworlde.rules.magic",
    "warband.rulesets.arcworlde.rules.arcanite",
    "warband.rulesets.arcworlde.rules.items",
    "warband.rulesets.arcworlde.ai.creatures_ai",
    "warband.rulesets.arcworlde.ai.narrative_ai",
    "warband.rulesets.arcworlde.ai.magic_ai",
    "warband.rulesets.arcworlde.ai.arcanite_ai",
    "warband.rulesets.arcworlde.ai.confusion",
    "warband.rulesets.armies.mechanics",
    "warband.rulesets.armies.ai.heuristic",
    "warband.rulesets.armies.rules.measure",
    "warband.rulesets.armies.rules.movement",
    "warband.rulesets.armies.rules.missile",
    "warband.rulesets.dwethia.ai",
    "warband.rulesets.dwethia.grid",
    "warband.rulesets.dwethia.rules.measure",
    "warband.rulesets.dwethia.rules.turn",
    "warband.rulesets.dwethia.rules.combat",
    "warband.rulesets.raiders.unit",
    "warband.rulesets.raiders.state",
    "warband.rulesets.raiders.game",
    "warband.rulesets.raiders.mechanics",
    "warband.rulesets.raiders.splits",
    "warband.rulesets.raiders.ai.heuristic",
    "warband.rulesets.raiders.ai.tactics",
    "warband.rulesets.raiders.rules.actions",
    "warband.rulesets.raiders.rules.combat",
    "warband.rulesets.raiders.rules.exchange",
    "warband.rulesets.raiders.rules.magic",
    "warband.rulesets.raiders.rules.measure",
    "warband.rulesets.raiders.rules.morale",
    "warband.rulesets.raiders.rules.movement",
    "warband.rulesets.raiders.rules.offered",
    "warband.rulesets.raiders.rules.shooting",
    "warband.rulesets.raiders.rules.turn",
    "warband.rulesets.sword_marches.mechanics",
    "warband.rulesets.sword_marches.rules.combat",
    "warband.rulesets.sword_marches.rules.turn",
    "warband.rulesets.sword_marches.rules.terrain",
)


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`COMPILED_MODULES` this installation runs as compiled extensions:
    those with an extension file beside their source (the import system loads an extension in
    preference to the ``.py`` of the same name). Nothing is imported to find out."""
    package = Path(__file__).resolve().parent
    compiled = []
    for name in COMPILED_MODULES:
        *folders, leaf = name.split(".")[1:]
        where = package.joinpath(*folders)
        if any((where / (leaf + suffix)).is_file() for suffix in EXTENSION_SUFFIXES):
            compiled.append(name)
    return tuple(compiled)


def describe_build() -> str:
    """One line for ``warband --version`` and the benchmarks: pure Python, or how many of the
    listed modules run compiled."""
    compiled = compiled_modules()
    if not compiled:
        return "pure Python (no compiled modules)"
    return f"compiled with mypyc: {len(compiled)} of {len(COMPILED_MODULES)} listed modules"
