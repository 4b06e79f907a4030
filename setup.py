"""Packaging: pure Python by default; an optional mypyc-compiled build of the hot modules.

``pip install .`` and ``pip install -e .`` install the pure-Python package, as always.
``WARBAND_COMPILE=1 pip install .`` (a regular, non-editable install) also compiles the modules
in ``warband/_compiled.py``'s ``COMPILED_MODULES`` with mypyc into C extensions that play exactly
the same games faster (docs/performance.md, "Compiled build"). If compiling is impossible (no C
compiler, mypyc missing or failing), the install goes on as pure Python with a warning;
``WARBAND_COMPILE=require`` makes that an error instead (CI uses it).

Extensions are only ever built for a wheel (``bdist_wheel``), never in place: a ``.so`` next to
its ``.py`` in src/ would silently shadow later edits to the source. So an editable install asked
to compile says it is pure Python (a warning, or an error under ``require``). Each kind of build has its
own build directory, so a compiled build's leftovers never slip into a pure wheel.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import warnings
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
MODE = os.environ.get("WARBAND_COMPILE", "").strip().lower()
REQUIRED = MODE == "require"
REQUESTED = REQUIRED or MODE in {"1", "yes", "true"}
#: only a wheel build compiles: never the editable install, metadata or sdist steps
BUILDING_WHEEL = "bdist_wheel" in sys.argv
#: the C compiler's optimisation level (WARBAND_COMPILE_OPT overrides it)
OPT_LEVEL = os.environ.get("WARBAND_COMPILE_OPT", "2")


def compiled_module_list() -> tuple[str, ...]:
    """The modules to compile, read from the package (one list for the build and the runtime)."""
    spec = importlib.util.spec_from_file_location("_warband_compiled", SRC / "warband" / "_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.COMPILED_MODULES)


def give_up(why: str) -> None:
    """A compile that cannot happen: an error under ``require``, else pure Python."""
    if REQUIRED:
        raise SystemExit(f"WARBAND_COMPILE=require: {why}")
    warnings.warn(f"warband: not compiling ({why}); installing pure Python", stacklevel=2)


class OptionalBuildExt(build_ext):
    """Build the extensions, or none of them: a half-built set would not import."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, a compile error: pure Python instead
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            self.extensions = []
            self.distribution.ext_modules = []
            give_up(f"the C build failed: {exc}")


def mypyc_extensions(build_base: str) -> list[Any]:
    """mypycify the listed modules (one shared library), or [] when that is impossible."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        give_up("mypyc is not installed (pip install mypy)")
        return []
    paths = [str(Path("src", *name.split(".")).with_suffix(".py")) for name in compiled_module_list()]
    cwd = os.getcwd()
    os.chdir(HERE)  # mypy reads [tool.mypy] from pyproject.toml here
    try:
        # one C file per module, so that build_ext compiles them in parallel; -O2 runs as fast
        # as -O3 here and compiles quicker
        return list(mypycify(paths, opt_level=OPT_LEVEL, multi_file=True, group_name="warband",
                             target_dir=os.path.join(build_base, "mypyc")))
    except (Exception, SystemExit) as exc:  # mypyc reports type errors by exiting
        give_up(f"mypyc failed: {exc}")
        return []
    finally:
        os.chdir(cwd)


#: an editable install (``pip install -e .``) runs setuptools' ``editable_wheel`` command
BUILDING_EDITABLE = "editable_wheel" in sys.argv
if REQUESTED and BUILDING_EDITABLE:
    # say so instead of quietly installing pure Python: an editable install never compiles
    give_up("an editable install (pip install -e) is always pure Python; "
            "build a wheel instead: WARBAND_COMPILE=1 pip install .")

build_base = os.path.join("build", "compiled" if REQUESTED and BUILDING_WHEEL else "pure")
# a fresh lib dir per build: nothing from an earlier build of either kind slips into the wheel
for old_lib in (HERE / build_base).glob("lib*"):
    shutil.rmtree(old_lib, ignore_errors=True)
ext_modules = mypyc_extensions(build_base) if REQUESTED and BUILDING_WHEEL else []

setup(
    ext_modules=ext_modules,
    cmdclass={"build_ext": OptionalBuildExt},
    options={"build": {"build_base": build_base},
             "build_ext": {"parallel": os.cpu_count() or 1}},
)
