"""warband: an engine and toolkit for fantasy miniature wargames."""

__version__ = "0.1.0"

from warband._compiled import compiled_modules  # noqa: E402  (which modules run compiled)

__all__ = ["__version__", "compiled_modules"]
