"""Reading YAML with line numbers, and turning pydantic errors into violations."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from warband.content.errors import ContentError, Violation

__all__ = ["ContentReader", "LineMap", "load_yaml", "parse_model", "validate_model"]

M = TypeVar("M", bound=BaseModel)
LineMap = dict[tuple[str | int, ...], int]

#: files larger than this are refused before parsing (a list or content file is a few KB)
MAX_BYTES = 2_000_000
#: values a file may hold once YAML aliases are expanded (a small file of nested aliases can
#: otherwise stand for billions of values), and how deeply its values may nest
MAX_VALUES = 200_000
MAX_DEPTH = 64


class _Walk:
    """Line numbers of every field path, within the size and depth limits."""

    __slots__ = ("name", "lines", "left", "open")

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: LineMap = {}
        self.left = MAX_VALUES
        self.open: set[int] = set()  # collections being walked (to spot an alias to itself)

    def refuse(self, node: yaml.Node, message: str) -> ContentError:
        return ContentError([Violation(self.name, message, line=node.start_mark.line + 1)])

    def walk(self, node: yaml.Node, path: tuple[str | int, ...]) -> None:
        self.left -= 1
        if self.left < 0:
            raise self.refuse(node, f"the YAML aliases expand to more than {MAX_VALUES} values")
        if len(path) > MAX_DEPTH:
            raise self.refuse(node, f"values nested more than {MAX_DEPTH} levels deep")
        self.lines[path] = node.start_mark.line + 1
        if not isinstance(node, yaml.MappingNode | yaml.SequenceNode):
            return
        if id(node) in self.open:
            raise self.refuse(node, "a YAML alias refers to the value that contains it")
        self.open.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else str(key.value)
                self.lines[(*path, name)] = key.start_mark.line + 1
                self.walk(value, (*path, name))
                # Values on the key's line report the key's line; nested blocks their own.
        else:
            for i, item in enumerate(node.value):
                self.walk(item, (*path, i))
        self.open.discard(id(node))


def load_yaml(path: Path, source: str | None = None) -> tuple[Any, LineMap]:
    """Parse ``path``; returns the data and a map from field paths to line numbers.

    Raises :class:`ContentError` for a missing file, a file that is not UTF-8 text or YAML
    that does not parse (with the line of the error).
    """
    name = source or str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ContentError([Violation(name, "no such file")]) from None
    except IsADirectoryError:
        raise ContentError([Violation(name, "is a directory, not a YAML file")]) from None
    except OSError as exc:
        raise ContentError([Violation(name, f"cannot read file ({exc.strerror})")]) from None
    if len(raw) > MAX_BYTES:
        raise ContentError([Violation(name, f"file is too large ({len(raw)} bytes)")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ContentError([Violation(name, "not a UTF-8 text file")]) from None
    return parse_yaml_text(text, name)


def parse_yaml_text(text: str, name: str) -> tuple[Any, LineMap]:
    walk = _Walk(name)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is not None:
            walk.walk(node, ())  # before building the data: refuses alias bombs and cycles
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or "invalid YAML"
        raise ContentError([Violation(name, f"malformed YAML: {problem}", line=line)]) from None
    except yaml.YAMLError as exc:
        raise ContentError([Violation(name, f"malformed YAML: {exc}")]) from None
    except RecursionError:
        raise ContentError([Violation(name, "malformed YAML: nested too deeply")]) from None
    return data, walk.lines


def line_for(lines: LineMap, loc: tuple[str | int, ...]) -> int | None:
    """The line of the deepest known prefix of ``loc``."""
    for cut in range(len(loc), -1, -1):
        line = lines.get(tuple(loc[:cut]))
        if line is not None:
            return line
    return None


def _field_name(loc: tuple[str | int, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def violations_from(
    exc: ValidationError, source: str, lines: LineMap
) -> list[Violation]:
    found = []
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown field"
        elif err["type"] == "missing":
            msg = "required field is missing"
        found.append(Violation(source, msg, _field_name(loc) or "(top level)", line_for(lines, loc)))
    return found


def validate_model(
    model: type[M], data: Any, source: str, lines: LineMap | None = None
) -> M:
    """Validate ``data`` against ``model``; raise :class:`ContentError` naming every field."""
    if not isinstance(data, Mapping):
        kind = "empty" if data is None else type(data).__name__
        raise ContentError([Violation(source, f"expected a mapping of fields, found {kind}", line=1)])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ContentError(violations_from(exc, source, lines or {})) from None


def parse_model(model: type[M], path: Path, source: str | None = None) -> M:
    data, lines = load_yaml(path, source)
    return validate_model(model, data, source or str(path), lines)


class ContentReader:
    """Reads a content folder file by file, collecting every problem instead of stopping at
    the first, and hashing what it read (the content hash stored in game records)."""

    def __init__(self) -> None:
        self.problems: list[Violation] = []
        self._digest = hashlib.sha256()

    def read(self, path: Path, model: type[M]) -> tuple[M | None, LineMap]:
        """The validated file and its line map, or (None, {}) after noting its problems."""
        rel = str(path)
        try:
            data, lines = load_yaml(path, rel)
            self._digest.update(path.name.encode())
            self._digest.update(path.read_bytes())
            return validate_model(model, data, rel, lines), lines
        except ContentError as exc:
            self.problems.extend(exc.violations)
            return None, {}

    def problem(self, source: str, message: str, field: str = "", line: int | None = None) -> None:
        self.problems.append(Violation(source, message, field, line))

    @property
    def digest(self) -> str:
        return self._digest.hexdigest()[:16]

    def raise_if_problems(self) -> None:
        if self.problems:
            raise ContentError(self.problems)
