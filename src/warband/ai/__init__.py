"""Ruleset-independent controllers."""
