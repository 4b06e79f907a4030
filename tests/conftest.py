"""Shared test configuration and fixtures (ruleset-independent).

* Hypothesis runs derandomised (the same examples every run, so CI is reproducible) and without
  per-example deadlines (whole games take tens of milliseconds and vary with machine load).
  ``HYPOTHESIS_PROFILE=explore`` searches freshly instead.
* ``write_file`` writes a text file under the test's temporary folder (lists, records, YAML).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def write_file(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """``write_file("list.yaml", text)`` -> the path of a new file holding ``text``."""

    def write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return write
