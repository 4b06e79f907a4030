"""``warband odds <ruleset> <query> [--option value ...]``: exact odds from the command line.

A thin adapter: options are mapped onto the query's parameter model (``--crit-ignores-armour``
sets ``crit_ignores_armour``), the query computes, and this module prints a rich table and a
terminal bar chart, one JSON object (``--json``) or a matplotlib chart (``--plot FILE.png``).

This module does not import typer: the ``warband`` executable (:mod:`warband.cli.entry`) runs
``warband odds`` through :func:`main` directly, so a question is answered without loading the
rest of the command line (start-up time is measured in ``docs/performance.md``). The typer app
registers the same :func:`run` as its ``odds`` command, for ``--help`` listings and tests.
Everything heavy is imported inside the functions.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, get_args, get_origin

__all__ = ["USAGE", "OddsUsageError", "main", "parse_arguments", "run"]

_OWN_FLAGS = {"json", "exact", "help", "plot"}

USAGE = """\
usage: warband odds RULESET QUERY [--option VALUE | --flag ...] [--json] [--exact] [--plot FILE.png]
       warband odds [RULESET] [QUERY] --help

Exact odds of a ruleset's dice mechanics. --json prints one JSON object (probabilities as
floats; with --exact as "n/d" fractions); --plot saves a bar chart."""


class OddsUsageError(Exception):
    """A bad command line or bad query input: a message for the user and exit status 2."""


def run(args: list[str]) -> int:
    """Answer ``warband odds ARGS``; returns the exit status. Raises :class:`OddsUsageError`
    with every problem found in the input."""
    from warband.odds import OddsError

    try:
        positional, values, own = parse_arguments(args)
    except ValueError as exc:
        raise OddsUsageError(str(exc)) from None
    try:
        return _run(positional, values, own)
    except OddsError as exc:
        raise OddsUsageError("\n".join(exc.problems) if len(exc.problems) > 1 else str(exc)) from None


def main(args: list[str]) -> int:
    """``warband odds`` as a program: errors in the same box the rest of the CLI draws. A
    reader that stops early (``warband odds ... --json | head``) ends the program quietly."""
    try:
        code = run(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # Python would report the pipe again while flushing at exit: point stdout elsewhere.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # the shell's status for a write to a closed pipe (128 + SIGPIPE)
    except OddsUsageError as exc:
        from rich.console import Console
        from rich.markup import escape
        from rich.panel import Panel

        Console(stderr=True, highlight=False).print(
            Panel(escape(str(exc)), title="Error", title_align="left", border_style="red"))
        return 2


def _run(positional: list[str], values: dict[str, Any], own: dict[str, Any]) -> int:
    from warband.odds import get_query

    if len(positional) > 2:
        raise OddsUsageError(f"unexpected argument {positional[2]!r} (options start with --)")
    if own.get("help") or len(positional) < 2:
        _print_help(positional)
        return 0 if own.get("help") else 2
    ruleset, name = positional
    query = get_query(ruleset, name)
    plot = own.get("plot")
    if plot:
        _check_plot(Path(plot))
    params = query.validate(_coerce(query.params, values))
    result = query.compute(params)
    if plot and not result.charts:
        raise OddsUsageError(f"{ruleset} {name} gives no chart to plot (its answer is a table);"
                             " leave out --plot")
    if own.get("json"):
        print(json.dumps(result.to_json(exact=bool(own.get("exact"))), sort_keys=False))
    else:
        from warband.odds.render import print_result

        print_result(result, exact=bool(own.get("exact")))
    if plot:
        from warband.odds.render import save_plot

        try:
            save_plot(result, Path(plot))
        except OSError as exc:
            raise OddsUsageError(f"cannot write {plot}: {exc.strerror or exc}") from None
        if not own.get("json"):
            print(f"chart written to {plot}")
    return 0


def parse_arguments(args: list[str]) -> tuple[list[str], dict[str, Any], dict[str, Any]]:
    """Split the command line into positional words, query options and this command's own
    options (``--json``, ``--exact``, ``--plot FILE``, ``--help``).

    ``--name value`` and ``--name=value`` give a value; a ``--name`` not followed by a value is
    a flag (True) and ``--no-name`` clears it; a repeated option collects a list. Types are left
    to the query's model (it reports every bad value)."""
    positional: list[str] = []
    values: dict[str, Any] = {}
    own: dict[str, Any] = {}
    i = 0
    while i < len(args):
        token = args[i]
        i += 1
        if token in ("-h",):
            own["help"] = True
            continue
        if not token.startswith("--") or token == "--":
            positional.append(token)
            continue
        name, eq, value = token[2:].partition("=")
        if not name:
            raise ValueError(f"bad option {token!r}")
        if name in _OWN_FLAGS and name != "plot":  # --json, --exact, --help take no value
            own[name] = True
            continue
        value_given: Any
        if eq:
            value_given = value
        elif i < len(args) and not _is_option(args[i]):
            value_given = args[i]
            i += 1
        else:
            value_given = None
        if name == "plot":
            if value_given is None:
                raise ValueError("--plot needs a file name, e.g. --plot odds.png")
            own["plot"] = value_given
            continue
        key = name.replace("-", "_")
        if value_given is None:
            if key.startswith("no_"):
                values[key[3:]] = False
            else:
                values[key] = True
            continue
        if key in values:
            old = values[key]
            values[key] = [*old, value_given] if isinstance(old, list) else [old, value_given]
        else:
            values[key] = value_given
    return positional, values, own


def _is_option(token: str) -> bool:
    if not token.startswith("-") or token in ("-", "--"):
        return False
    try:  # a negative number is a value, not an option
        float(token)
    except ValueError:
        return True
    return False


#: image formats ``--plot`` writes (matplotlib's Agg backend)
PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def _check_plot(path: Path) -> None:
    """Refuse a ``--plot`` file that cannot be written, before computing anything."""
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise OddsUsageError(f"--plot must name a .png, .svg or .pdf file, not {path.name!r}")
    if path.is_dir():
        raise OddsUsageError(f"--plot {path} is a directory")
    if not path.parent.is_dir():
        raise OddsUsageError(f"--plot: folder {path.parent} does not exist")


def _coerce(model: Any, values: dict[str, Any]) -> dict[str, Any]:
    """Adjust raw command-line values to the model's field shapes: a flag given as a word
    (``--helmet yes``) is read as a boolean; a list field accepts comma-separated values.
    An option that needs a value but was given none (``--power`` alone) is refused."""
    from warband.odds.query import option_name

    out = dict(values)
    missing = []
    for key, value in values.items():
        info = model.model_fields.get(key)
        if info is None:
            continue
        kind = info.annotation
        args = get_args(kind)
        if isinstance(value, bool) and not (kind is bool or bool in args):
            missing.append(f"{option_name(key)} needs a value")
            continue
        if get_origin(kind) in (list, tuple) and isinstance(value, str):
            out[key] = [v.strip() for v in value.split(",") if v.strip()]
        elif (kind is bool or bool in args) and isinstance(value, str):
            lowered = value.lower()
            if lowered in ("true", "yes", "on", "1"):
                out[key] = True
            elif lowered in ("false", "no", "off", "0"):
                out[key] = False
    if missing:
        raise OddsUsageError("\n".join(missing))
    return out


def _print_help(positional: list[str]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from warband.odds import get_query, queries, rulesets_with_odds

    console = Console(highlight=False, soft_wrap=True)
    if len(positional) < 2:
        console.print(escape(USAGE), end="\n\n")
        names = [positional[0]] if positional else rulesets_with_odds()
        table = Table(title="odds queries", show_lines=False)
        table.add_column("ruleset")
        table.add_column("query")
        table.add_column("what it answers")
        for rs in names:
            for q in queries(rs).values():
                table.add_row(rs, q.name, q.summary)
        console.print(table)
        return
    query = get_query(*positional)
    console.print(escape(f"usage: warband odds {positional[0]} {query.name} [options] "
                         "[--json] [--exact] [--plot FILE.png]") + "\n")
    console.print(escape(query.summary))
    if query.rule_ids:
        console.print(f"[dim]rules: {', '.join(query.rule_ids)}[/dim]")
    table = Table(show_lines=False)
    table.add_column("option", no_wrap=True)
    table.add_column("value", overflow="fold")
    table.add_column("default")
    table.add_column("meaning")
    from warband.odds.query import option_name

    for name, info in query.params.model_fields.items():
        kind = info.annotation
        if info.is_required():
            default = "required"
        elif info.default is None:
            default = "-"
        elif isinstance(info.default, bool):
            default = "on" if info.default else "off"
        else:
            default = str(info.default)
        flag = kind is bool
        shown = "flag" if flag else _type_text(kind, info)
        table.add_row(option_name(name), shown, default, escape(info.description or ""))
    console.print(table)
    if query.examples:
        from warband.odds.query import option_name as opt

        example = " ".join(
            opt(k) if v is True else f"{opt(k)} {v}" for k, v in query.examples[0].items())
        console.print(escape(f"example: warband odds {positional[0]} {query.name} {example}"))


def _type_text(kind: Any, info: Any) -> str:
    args = [a for a in get_args(kind) if a is not type(None)]
    if get_origin(kind) is not None and args and all(isinstance(a, str) for a in args):
        return "|".join(args)
    literal_args = [a for arg in args for a in get_args(arg) if isinstance(a, str)]
    if literal_args:
        return "|".join(literal_args)
    low = high = None
    for meta in info.metadata:
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    base = kind.__name__ if isinstance(kind, type) else (
        args[0].__name__ if args and isinstance(args[0], type) else str(kind))
    if low is not None or high is not None:
        return f"{base} {low if low is not None else ''}..{high if high is not None else ''}"
    return base
