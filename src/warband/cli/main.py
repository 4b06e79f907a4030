"""The ``warband`` command line (typer + rich).

Each command is a thin adapter: it parses options, asks the engine through the ruleset registry
and prints the result. No rule lives here. Imports are lazy so that start-up stays fast.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

try:  # typer >= 0.20 carries its own copy of click
    from typer._click.exceptions import ClickException
except ImportError:  # pragma: no cover - older typer depends on click itself
    from click import ClickException  # type: ignore[no-redef,import-not-found,assignment]

from typer.core import TyperCommand, TyperOption

_display_type_rich = TyperOption.display_type_rich


def _flag_without_type(self: TyperOption, ctx: Any) -> str | None:
    """A flag (``--json``, ``--help``) takes no value, so its help shows no ``<bool>``."""
    if self.is_flag:
        return None
    return _display_type_rich(self, ctx)


TyperOption.display_type_rich = _flag_without_type  # type: ignore[method-assign]

app = typer.Typer(
    name="warband",
    help="Play, analyse and simulate fantasy miniature wargames.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from warband import __version__
        from warband._compiled import describe_build

        print(f"warband {__version__}")
        print(describe_build())
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", help="Print the version and exit.", callback=_version, is_eager=True)] = False,
) -> None:
    """Play, analyse and simulate fantasy miniature wargames."""


class _GameCommand(TyperCommand):
    """``battle`` and ``play``: their help ends with each ruleset's AIs and ``-o`` options,
    read from the registry when the help is shown (not when the program starts)."""

    @property  # type: ignore[override]
    def epilog(self) -> str | None:
        from warband.core import registry

        lines = []
        for name in registry.available():
            rs = registry.get(name)
            options = ", ".join(rs.option_names()) or "none"
            lines.append(f"{name}: AIs {', '.join(rs.controllers())}; -o options: {options}")
        return "\n\n".join(lines)

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        pass


class UserError(ClickException):
    """Bad input from the user: reported as a message and exit status, never a traceback.

    A ``ClickException``, so typer reports it (in the real program and in CliRunner tests).
    """

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code
        self.exit_code = code


def fail(message: str, code: int = 2) -> NoReturn:
    raise UserError(message, code)


def _console(stderr: bool = False) -> Any:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def _e(value: Any) -> str:
    """User text (a list's name, a path, a ruleset name) made safe for rich markup: a name
    such as ``[/]`` is printed as written, never read as a markup tag."""
    from rich.markup import escape

    return escape(str(value))


def _ruleset(name: str) -> Any:
    from warband.core import registry

    try:
        return registry.get(name)
    except registry.UnknownRuleset as exc:
        fail(str(exc))


def _load_list(ruleset: Any, path: Path) -> Any:
    from warband.content.errors import ContentError

    try:
        return ruleset.load_list(path)
    except ContentError as exc:
        lines = "\n".join(f"  {v}" for v in exc.violations)
        fail(f"invalid warband list {path}:\n{lines}")


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            fail(f"--option expects NAME=VALUE, got {pair!r}")
        lowered = value.lower()
        parsed: Any
        if lowered in ("true", "yes", "on"):
            parsed = True
        elif lowered in ("false", "no", "off"):
            parsed = False
        else:
            try:
                parsed = int(value)
            except ValueError:
                try:
                    parsed = float(value)
                except ValueError:
                    parsed = value
        options[key.strip()] = parsed
    return options


def _check_record_path(path: Path) -> None:
    """Refuse a record path that cannot be written, before a game is played into it."""
    if path.is_dir():
        fail(f"--replay {path} is a directory; give a file name")
    if not path.parent.is_dir():
        fail(f"--replay: folder {path.parent} does not exist")


def _setup(
    ruleset: str | None, a: Path | None, b: Path | None, ais: list[str], seed: int | None,
    rounds: int | None, option: list[str] | None, replay: Path | None,
    c: Path | None = None, players: int | None = None,
) -> tuple[Any, Any, int, set[int]]:
    """The shared start of `battle` and `play`: (ruleset, new game, seed, the sides whose
    list was generated as a Rogue Warband), or a UserError.

    The ruleset is ``--ruleset``, else the one the lists declare (as for ``simulate``). A game
    of more than two sides (``--players N``, or a list given with ``--c``) takes side C's list
    from ``--c``; a side without a list is a Rogue Warband generated with the ruleset's random
    procedure (``warband rogue``) to the players' Game Value."""
    from warband.cli.sim import _resolve_ruleset, fill_in_sides
    from warband.core.dice import derive_seed

    if replay is not None:
        _check_record_path(replay)
    rs = _resolve_ruleset(ruleset, [p for p in (a, b, c) if p is not None])
    count = players if players is not None else (3 if c is not None else 2)
    if count < 2 or count > rs.max_sides:
        most = "exactly 2" if rs.max_sides <= 2 else f"2 to {rs.max_sides}"
        fail(f"--players: a {rs.name} battle has {most} sides, not {count}")
    if c is not None and count < 3:
        fail("--c gives side C's list: it needs --players 3 or more")
    samples = list(rs.sample_lists())
    if not samples and (a is None or b is None):
        fail(f"{rs.name} has no sample lists: give both --a and --b")
    a, b = fill_in_sides(samples, a, b)
    lists = [_load_list(rs, a), _load_list(rs, b)]
    factories = rs.controllers()
    for name in ais:
        if name not in factories:
            fail(f"unknown AI {name!r} for {rs.name} (choose from: {', '.join(factories)})")
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    if seed < 0:
        fail("--seed must be zero or positive")
    generated: set[int] = set()
    for side in range(2, count):
        if side == 2 and c is not None:
            lists.append(_load_list(rs, c))
            continue
        value = max((int(getattr(w, "game_value", 0) or 0) for w in lists), default=0) or 400
        try:
            data, _ = rs.random_list(value, derive_seed(seed, "rogue warband", side) % 10**6)
        except (NotImplementedError, ValueError) as exc:
            fail(f"side {chr(ord('A') + side)} has no list and cannot be generated ({exc});"
                 " give it with --c")
        lists.append(rs.parse_list(data, f"generated Rogue Warband {chr(ord('A') + side)}"))
        generated.add(side)
    options = _parse_options(option or [])
    if generated and "rogue" in rs.option_names() and "rogue" not in options:
        # the rules know which sides the Rogue Warband rules play (ArcWorlde's -o rogue)
        options["rogue"] = "".join(chr(ord("a") + side) for side in sorted(generated))
    if rounds is not None:
        if rounds < 1:
            fail("--rounds must be at least 1")
        options["rounds"] = rounds
    try:
        game = rs.new_game(lists, seed, options, track_digest=replay is not None)
    except ValueError as exc:
        fail(str(exc))
    return rs, game, seed, generated


def _side_ais(rs: Any, count: int, given: dict[int, str | None], default: str,
              generated: set[int]) -> dict[int, str]:
    """The AI of each side: as given, else ``rogue`` for a generated Rogue Warband (when the
    ruleset has it), else the default."""
    factories = rs.controllers()
    out: dict[int, str] = {}
    for side in range(count):
        name = given.get(side)
        if name is None:
            name = "rogue" if side in generated and "rogue" in factories else default
        if name not in factories:
            fail(f"unknown AI {name!r} for {rs.name} (choose from: {', '.join(factories)})")
        out[side] = name
    return out


def _narrator(rs: Any, console: Any) -> Any:
    def on_events(events: list[Any]) -> None:
        for event in events:
            line = rs.narrate(event)
            if line is not None:
                console.print(line)

    return on_events


@app.command(cls=_GameCommand)
def battle(
    ruleset: Annotated[str | None, typer.Option(
        help="Ruleset to play (default: the one the lists declare, else arcworlde).")] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed (random if not given).")] = None,
    a: Annotated[Path | None, typer.Option("--a", help="Warband list for side A.")] = None,
    b: Annotated[Path | None, typer.Option("--b", help="Warband list for side B.")] = None,
    c: Annotated[Path | None, typer.Option(
        "--c", help="Warband list for side C (a third side; implies --players 3).")] = None,
    players: Annotated[int | None, typer.Option(
        "--players", help="Number of sides (default 2); a side beyond the lists given is a"
        " generated Rogue Warband.")] = None,
    ai: Annotated[str, typer.Option("--ai", help="AI for side A (and B unless --ai-b).")] = "heuristic",
    ai_b: Annotated[str | None, typer.Option("--ai-b", help="AI for side B.")] = None,
    ai_c: Annotated[str | None, typer.Option(
        "--ai-c", help="AI for side C (default: rogue for a generated Rogue Warband, else --ai).")] = None,
    rounds: Annotated[int | None, typer.Option(help="Number of Rounds (default: the scenario's).")] = None,
    replay: Annotated[Path | None, typer.Option("--replay", help="Write the game record to FILE.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object with the result.")] = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Rule option NAME=VALUE.")] = None,
) -> None:
    """Play an AI-vs-AI battle and narrate it."""
    from warband.core.controller import play
    from warband.core.record import write_record

    named = [n for n in (ai, ai_b, ai_c) if n is not None]
    rs, game, seed, generated = _setup(ruleset, a, b, named, seed, rounds, option, replay,
                                       c, players)
    count = len(game.header["lists"])
    names = _side_ais(rs, count, {1: ai_b, 2: ai_c}, ai, generated)
    factories = rs.controllers()
    controllers = {side: factories[name]() for side, name in names.items()}
    console = _console()
    on_events = None
    if not as_json:
        console.print(f"[dim]{_e(rs.title)} - seed {seed} -"
                      f" {' vs '.join(_e(names[s]) for s in range(count))}[/dim]")
        on_events = _narrator(rs, console)

    outcome = play(game, controllers, seed, on_events=on_events)
    if replay is not None:
        try:
            write_record(game, replay)
        except OSError as exc:
            fail(f"cannot write record {replay}: {exc.strerror}")
    result = outcome.to_json()
    result["seed"] = seed
    if as_json:
        print(json.dumps(result, sort_keys=True))
        return
    _print_summary(console, result)
    if replay is not None:
        console.print(f"[dim]record written to {_e(replay)}[/dim]")


def _print_summary(console: Any, result: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table(title="Result", show_lines=False)
    table.add_column("Side")
    table.add_column("Warband")
    table.add_column("VP", justify="right")
    table.add_column("Survivors")
    for side, name in result["warbands"].items():
        survivors = result["survivors"][side]
        table.add_row(side.upper(), _e(name), str(result["vp"][side]),
                      _e(", ".join(survivors)) if survivors else "-")
    console.print(table)
    winner = result["winner"]
    drawn = [side for side, r in (result.get("result") or {}).items() if r == "drawn"]
    if winner is None and len(drawn) < len(result["warbands"]) and drawn:
        console.print(f"[bold]Draw between {', '.join(s.upper() for s in drawn)}[/bold]")
    elif winner is None:
        console.print("[bold]Draw[/bold]")
    else:
        console.print(f"[bold green]Winner: {_e(result['warbands'][winner])} ({winner.upper()})[/]")


@app.command(cls=_GameCommand)
def play(
    ruleset: Annotated[str | None, typer.Option(
        help="Ruleset to play (default: the one the lists declare, else arcworlde).")] = None,
    side: Annotated[str, typer.Option(
        "--as", help="Your side: a, b, c..., several as a,c (hot-seat), 'both' (A and B) or"
        " 'all'.")] = "a",
    ai: Annotated[str, typer.Option("--ai", help="The AI you play against.")] = "heuristic",
    seed: Annotated[int | None, typer.Option(help="Game seed (random if not given).")] = None,
    a: Annotated[Path | None, typer.Option("--a", help="Warband list for side A.")] = None,
    b: Annotated[Path | None, typer.Option("--b", help="Warband list for side B.")] = None,
    c: Annotated[Path | None, typer.Option(
        "--c", help="Warband list for side C (a third side; implies --players 3).")] = None,
    players: Annotated[int | None, typer.Option(
        "--players", help="Number of sides (default 2); a side beyond the lists given is a"
        " generated Rogue Warband, played by the rogue AI.")] = None,
    rounds: Annotated[int | None, typer.Option(help="Number of Rounds (default: the scenario's).")] = None,
    replay: Annotated[Path | None, typer.Option("--replay", help="Write the game record to FILE.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Rule option NAME=VALUE.")] = None,
) -> None:
    """Play a battle yourself at the terminal, against AIs (solo) or hot-seat."""
    from rich.prompt import Prompt

    from warband.cli.human import HumanController
    from warband.core.controller import play as play_game
    from warband.core.record import write_record

    wanted = {"both": "a,b"}.get(side, side)
    labels = [s.strip() for s in wanted.split(",")] if wanted != "all" else []
    if any(len(s) != 1 or not "a" <= s <= "z" for s in labels):
        fail("--as must be a side (a, b, c...), several as a,c, 'both' or 'all'")
    rs, game, seed, generated = _setup(ruleset, a, b, [ai], seed, rounds, option, replay,
                                       c, players)
    count = len(game.header["lists"])
    humans = set(range(count)) if wanted == "all" else {ord(s) - ord("a") for s in labels}
    if any(h >= count for h in humans):
        fail(f"--as {side}: this game has sides A to {chr(ord('A') + count - 1)}")
    factories = rs.controllers()
    names = _side_ais(rs, count, {}, ai, generated)
    console = _console()
    human = HumanController(rs, console, lambda prompt: Prompt.ask(prompt, console=console))
    controllers = {s: human if s in humans else factories[names[s]]() for s in range(count)}

    you = ", ".join(chr(ord("A") + h) for h in sorted(humans))
    console.print(f"[dim]{_e(rs.title)} - seed {seed} - you play {you}[/dim]")
    try:
        outcome = play_game(game, controllers, seed, on_events=_narrator(rs, console))
    except KeyboardInterrupt:
        console.print("\n[yellow]game abandoned[/yellow]")
        raise typer.Exit(130) from None
    if replay is not None:
        try:
            write_record(game, replay)
        except OSError as exc:
            fail(f"cannot write record {replay}: {exc.strerror}")
        console.print(f"[dim]record written to {_e(replay)}[/dim]")
    result = outcome.to_json()
    result["seed"] = seed
    _print_summary(console, result)


@app.command()
def rogue(
    game_value: Annotated[int, typer.Option("--game-value", help="GP to spend.")] = 400,
    seed: Annotated[int | None, typer.Option(help="Seed of the rolls (random if not given).")] = None,
    faction: Annotated[str | None, typer.Option(help="The Commander's faction (any if not given).")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write the list to FILE (else print it).")] = None,
    ruleset: Annotated[str, typer.Option(help="Ruleset.")] = "arcworlde",
) -> None:
    """Generate a random Rogue Warband list for solo play."""
    import yaml

    rs = _ruleset(ruleset)
    if game_value < 1:
        fail("--game-value must be at least 1")
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    try:
        data, rolls = rs.random_list(game_value, seed, faction)
    except NotImplementedError as exc:
        fail(str(exc))
    except ValueError as exc:
        fail(str(exc))
    lines = [f"# Rogue Warband generated with seed {seed}: composition rolls (2D6)"]
    lines += [f"#   {r['roll']:>2} {r['class']:<10} -> {r['result']}" for r in rolls]
    text = "\n".join(lines) + "\n" + yaml.safe_dump(data, sort_keys=False)
    if out is None:
        print(text, end="")
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror}")
    _console().print(f"[dim]Rogue Warband written to {out}[/dim]")


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="Game record written by `warband battle --replay`.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only verify; do not print the log.")] = False,
) -> None:
    """Re-play a recorded game, verify every event, and print its log."""
    from warband.core import registry
    from warband.core.record import RecordError, read_record, replay

    try:
        record = read_record(file)
        game = replay(record, file)
    except RecordError as exc:
        fail(f"record check failed: {exc}", 1)
    rs = registry.get(game.ruleset)
    console = _console()
    if not quiet:
        _narrator(rs, console)(game.events)
    console.print(
        f"[green]verified[/green]: {len(record.decisions)} decisions, {len(game.events)} events"
        f" replay exactly (seed {record.header['seed']})"
    )


@app.command()
def validate(
    lists: Annotated[list[Path], typer.Argument(help="Warband list files.")],
    ruleset: Annotated[str | None, typer.Option(help="Ruleset (default: each list's own `ruleset`).")] = None,
    show: Annotated[bool, typer.Option("--show", help="Also print each valid list model by model, with its pre-game figures.")] = False,
) -> None:
    """Check warband lists and print every violation (exit 1 if any list is invalid)."""
    from warband.content.errors import ContentError
    from warband.content.yamlio import load_yaml

    console = _console()
    bad = 0
    for path in lists:
        name = ruleset
        if name is None:
            try:
                data, _ = load_yaml(path)
            except ContentError as exc:
                _report(console, path, exc.violations)
                bad += 1
                continue
            name = data.get("ruleset") if isinstance(data, dict) else None
            if not isinstance(name, str):
                console.print(f"[red]x[/red] {_e(path)}: no `ruleset` field; pass --ruleset")
                bad += 1
                continue
        try:
            rs = _ruleset(name)
            warband = rs.load_list(path)
        except ContentError as exc:
            _report(console, path, exc.violations)
            bad += 1
            continue
        except UserError as exc:
            console.print(f"[red]x[/red] {_e(path)}: {_e(exc)}")
            bad += 1
            continue
        console.print(f"[green]ok[/green] {_e(path)}: {_e(warband.name)} ({_e(rs.name)},"
                      f" {warband.cost}/{warband.game_value})")
        for warning in rs.list_warnings(warband):
            console.print(f"   [yellow]warning[/yellow]: {_e(warning)}")
        if show:
            for line in rs.list_details(warband):
                console.print(f"   {line}")
    if bad:
        raise typer.Exit(1)


def _report(console: Any, path: Path, violations: list[Any]) -> None:
    console.print(f"[red]x[/red] {_e(path)}: {len(violations)} problem(s)")
    for v in violations:
        console.print(f"   {_e(v)}")


@app.command()
def profiles(
    ruleset: Annotated[str, typer.Option(help="Ruleset whose profiles to list.")] = "arcworlde",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the available profiles with their stats, attacks and traits."""
    from rich.markup import escape

    from warband.content.errors import ContentError

    rs = _ruleset(ruleset)
    try:
        rows = rs.profiles()
    except ContentError as exc:
        fail("invalid content files:\n" + "\n".join(f"  {v}" for v in exc.violations))
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    console = _console()
    console.print(f"[bold]{escape(rs.title)}[/bold]: {len(rows)} profiles\n")
    for row in rows:
        title = row.get("name", row.get("id", "?"))
        console.print(f"[bold cyan]{escape(str(title))}[/] [dim]({escape(str(row.get('id', '')))})[/dim]")
        scalars = [f"{k} {v}" for k, v in row.items()
                   if k not in ("id", "name") and not isinstance(v, list | dict)]
        console.print("  " + escape(" | ".join(scalars)))
        for key, value in row.items():
            if isinstance(value, list) and value:
                console.print(f"  {escape(key)}: " + escape("; ".join(map(str, value))))
        console.print()


@app.command()
def schema(
    out: Annotated[Path, typer.Option(help="Folder to write the JSON Schemas into.")] = Path("schemas"),
) -> None:
    """Write the JSON Schemas of the content files, warband lists and board view.

    One per content file and list of every ruleset, and board-view.schema.json."""
    from warband.core import registry
    from warband.core.board import board_schema

    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create {out}: {exc.strerror}")
    console = _console()
    bodies: list[tuple[str, dict[str, Any]]] = [("board-view.schema.json", board_schema())]
    for name in registry.available():
        bodies.extend(registry.get(name).schemas().items())
    for filename, body in bodies:
        path = out / filename
        path.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")
        console.print(f"wrote {_e(path)}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8765,
    data: Annotated[Path | None, typer.Option(help="Folder for saved games (default: ~/.local/share/warband).")] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the board in a browser.")] = False,
) -> None:
    """Serve the web board: play against the AI or a friend, watch and replay games."""
    import uvicorn

    from warband.web.app import create_app

    if not 0 < port < 65536:
        fail("--port must be between 1 and 65535")
    folder = data if data is not None else Path(
        os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "warband"
    loopback = host in ("127.0.0.1", "localhost", "::1")
    try:
        web = create_app(folder, ["127.0.0.1", "localhost", "[::1]", "::1"] if loopback else None)
    except OSError as exc:
        fail(f"cannot use {folder} for saved games: {exc.strerror}")
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    print(f"warband board on {url} (games saved in {folder}; Ctrl+C to stop)", flush=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    uvicorn.run(web, host=host, port=port, log_level="warning")


@app.command()
def rulesets() -> None:
    """List the installed rulesets."""
    from warband.core import registry

    for name in registry.available():
        print(f"{name}: {registry.get(name).title}")


@app.command(
    "odds",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True,
                      "help_option_names": []},
    help="Exact odds of a ruleset's dice mechanics (warband odds RULESET QUERY --help).",
)
def odds(ctx: typer.Context) -> None:
    """Exact odds of a ruleset's dice mechanics (``warband odds RULESET QUERY --help``).
    The ``warband`` executable answers this command without typer (:mod:`warband.cli.entry`);
    both run :func:`warband.cli.odds.run`."""
    from warband.cli import odds as odds_cli

    try:
        code = odds_cli.run(list(ctx.args))
    except odds_cli.OddsUsageError as exc:
        fail(str(exc))
    if code:
        raise typer.Exit(code)


from warband.cli.sim import register as _register_sim  # noqa: E402

_register_sim(app)

from warband.cli.campaign import register as _register_campaign  # noqa: E402

_register_campaign(app, fail)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
