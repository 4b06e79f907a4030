"""Paths shared by the simulator tests (a uniquely named module: ``conftest`` is not importable
reliably, several folders have one)."""

from __future__ import annotations

from pathlib import Path

ARCWORLDE_LISTS = Path(__file__).resolve().parents[2] / "src/warband/rulesets/arcworlde/content/lists"
DATA = Path(__file__).resolve().parent / "data"
