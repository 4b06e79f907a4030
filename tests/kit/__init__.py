"""Tests of the ruleset kit (:mod:`warband.kit`) and the tiny example ruleset built on it."""
