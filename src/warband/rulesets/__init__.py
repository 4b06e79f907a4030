"""Built-in rulesets, one sub-package each (found by :mod:`warband.core.registry`)."""
