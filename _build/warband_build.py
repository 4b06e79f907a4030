"""The build backend: setuptools', plus the compiler's build requirements when asked.

``WARBAND_COMPILE=1 pip install .`` builds the optional compiled wheel (see setup.py and
docs/performance.md, "Compiled build"). Only then does the build need mypy (mypyc ships with
it) and, so that mypy sees the same types as ``mypy`` does in development, the package's own
dependencies and the stubs the strict check uses. Every other build (the default install, the
editable dev install, sdists) needs only setuptools, as before.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the backend hooks we do not change)

#: what the compile step needs beyond setuptools: mypyc, and the stubs `mypy` uses on src/
COMPILER_REQUIREMENTS = ["mypy>=1.18", "types-PyYAML"]


def compile_requested() -> bool:
    """Whether this build should try to compile (``WARBAND_COMPILE`` set to 1/yes/require)."""
    return os.environ.get("WARBAND_COMPILE", "").strip().lower() in {"1", "yes", "true", "require"}


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    requires: list[str] = list(_setuptools.get_requires_for_build_wheel(config_settings))
    if compile_requested():
        project = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["project"]
        requires += COMPILER_REQUIREMENTS + list(project["dependencies"])
    return requires
