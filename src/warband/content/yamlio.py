"""Reading YAML with line numbers, and turning pydantic errors into violations."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from warband.content.errors import ContentError, Violation

__all__ = [
    "ContentReader", "LineMap", "field_name", "line_for", "load_yaml", "parse_model", "validate_model",
]

M = TypeVar("M", bound=BaseModel)
LineMap = dict[tuple[str | int, ...], int]

#: files larger than this are refused before parsing (a list or content file is a few KB); a
#: file is read up to this size and no further, so ``/dev/zero`` is refused, not read whole
MAX_BYTES = 2_000_000
#: values a file may hold once YAML aliases are expanded (a small file of nested aliases can
#: otherwise stand for billions of values), and how deeply its values may nest
MAX_VALUES = 200_000
MAX_DEPTH = 64

# libyaml's parser where it is installed: the first pass over a hostile file (2 MB of one flow
# sequence) then stops at the value limit in a fraction of a second
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_BINARY = "tag:yaml.org,2002:binary"
_MERGE = "tag:yaml.org,2002:merge"


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
        if node.tag == _BINARY:
            raise ContentError([Violation(
                self.name, "binary data (!!binary) is not accepted; write plain text",
                field_name(path), node.start_mark.line + 1)])
        if not isinstance(node, yaml.MappingNode | yaml.SequenceNode):
            return
        if id(node) in self.open:
            raise self.refuse(node, "a YAML alias refers to the value that contains it")
        self.open.add(id(node))
        if isinstance(node, yaml.MappingNode):
            seen: dict[tuple[str, str], int] = {}
            for key, value in node.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else str(key.value)
                line = key.start_mark.line + 1
                if isinstance(key, yaml.ScalarNode) and key.tag != _MERGE:
                    first = seen.get((key.tag, key.value))
                    if first is not None:
                        raise ContentError([Violation(
                            self.name, f"duplicate key {name!r} (first given on line {first});"
                            " YAML would silently keep only the last", field_name((*path, name)),
                            line)])
                    seen[(key.tag, key.value)] = line
                self.lines[(*path, name)] = line
                self.walk(value, (*path, name))
                # Values on the key's line report the key's line; nested blocks their own.
        else:
            for i, item in enumerate(node.value):
                self.walk(item, (*path, i))
        self.open.discard(id(node))


def load_yaml(path: Path, source: str | None = None) -> tuple[Any, LineMap]:
    """Parse ``path``; returns the data and a map from field paths to line numbers.

    Raises :class:`ContentError` for a missing file, a file larger than :data:`MAX_BYTES`
    (read no further than that), a file that is not UTF-8 text, YAML that does not parse (with
    the line of the error), duplicate keys, binary values and files of too many values.
    """
    name = source or str(path)
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ContentError([Violation(name, "no such file")]) from None
    except IsADirectoryError:
        raise ContentError([Violation(name, "is a directory, not a YAML file")]) from None
    except OSError as exc:
        raise ContentError([Violation(name, f"cannot read file ({exc.strerror})")]) from None
    if len(raw) > MAX_BYTES:
        raise ContentError([Violation(
            name, f"file is too large (more than {MAX_BYTES:,} bytes; a warband list or content"
            " file is a few KB)")])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ContentError([Violation(name, "not a UTF-8 text file")]) from None
    return parse_yaml_text(text, name)


def _count_values(text: str, name: str) -> None:
    """A first, cheap pass over the parser's events: refuse a file of too many values or too
    deep a nesting before any of it is built (a long flow sequence was parsed whole before)."""
    count = depth = 0

    def line(event: yaml.Event) -> int | None:
        return event.start_mark.line + 1 if event.start_mark is not None else None

    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.NodeEvent):
            count += 1
            if count > MAX_VALUES:
                raise ContentError([Violation(
                    name, f"the file holds more than {MAX_VALUES:,} values (a warband list holds"
                    " a few hundred); is it the right file?", line=line(event))])
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise ContentError([Violation(
                    name, f"values nested more than {MAX_DEPTH} levels deep", line=line(event))])
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def parse_yaml_text(text: str, name: str) -> tuple[Any, LineMap]:
    walk = _Walk(name)
    try:
        _count_values(text, name)
        node = yaml.compose(text, Loader=_Loader)
        data = None
        if node is not None:
            walk.walk(node, ())  # before building the data: refuses alias bombs and cycles
            data = yaml.constructor.SafeConstructor().construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or "invalid YAML"
        if "nesting depth" in problem:  # libyaml's own limit
            problem = "nested too deeply"
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


def field_name(loc: tuple[str | int, ...]) -> str:
    """A field path as content messages write it: ``spells[3].summon``."""
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
        found.append(Violation(source, msg, field_name(loc) or "(top level)", line_for(lines, loc)))
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
