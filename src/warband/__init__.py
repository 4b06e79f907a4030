"""warband: an engine and toolkit for fantasy miniature wargames."""

__version__ = "0.1.0"
