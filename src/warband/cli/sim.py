"""``warband simulate`` and ``warband tournament``: many AI-vs-AI games, with statistics.

A thin adapter over :mod:`warband.sim`: it checks the input, builds matchups through the ruleset
interface, runs them on the chosen backend with a progress bar and prints the figures. Heavy
modules are imported inside the commands so that ``warband --help`` stays fast.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from warband.core.ruleset import Ruleset
    from warband.sim.games import Matchup
    from warband.sim.runner import RunResult

__all__ = ["register", "simulate", "tournament"]

#: exit status after Ctrl-C (the shell's convention for SIGINT)
INTERRUPTED = 130

# Options shared by both commands.
RulesetOpt = Annotated[str | None, typer.Option(help="Ruleset (default: the one the lists declare).")]
SeedOpt = Annotated[int | None, typer.Option(
    help="Master seed (random if not given); game i of a matchup is seeded derive_seed(seed, i).")]
WorkersOpt = Annotated[int | None, typer.Option(
    help="Parallel workers (default: all cores, or the Ray cluster's CPUs; 1 plays in this process).")]
BackendOpt = Annotated[str, typer.Option(help="Where games run: local (process pool) or ray.")]
RayAddressOpt = Annotated[str | None, typer.Option(
    "--ray-address", help="Address of a running Ray cluster (with --backend ray).")]
BatchOpt = Annotated[int | None, typer.Option("--batch-size", help="Games per task (default: automatic).")]
OutOpt = Annotated[Path | None, typer.Option(help="Write one row per game to FILE.csv or FILE.parquet.")]
RoundsOpt = Annotated[int | None, typer.Option(help="Number of Rounds (default: the scenario's).")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="Rule option NAME=VALUE.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object (no progress bar).")]


def register(app: typer.Typer) -> None:
    """Add the simulation commands to the ``warband`` app."""
    app.command("simulate")(simulate)
    app.command("tournament")(tournament)


# -- shared checks -----------------------------------------------------------------------------

def _fail(message: str, code: int = 2) -> Any:
    from warband.cli.main import fail

    fail(message, code)


def _declared_ruleset(path: Path) -> str | None:
    """The ``ruleset`` a list file declares (None if it declares none or is not a mapping)."""
    from warband.content.errors import ContentError
    from warband.content.yamlio import load_yaml

    try:
        data, _ = load_yaml(path)
    except ContentError as exc:
        lines = "\n".join(f"  {v}" for v in exc.violations)
        _fail(f"invalid warband list {path}:\n{lines}")
    value = data.get("ruleset") if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def fill_in_sides(samples: list[Path], a: Path | None, b: Path | None) -> tuple[Path, Path]:
    """The lists of sides A and B, a missing one filled in from the ruleset's sample lists:
    the first sample that is not the other side's list (``--a`` naming the second sample meets
    the first, not itself), the same list only when the ruleset has no other."""
    def other_than(given: Path | None) -> Path:
        rest = [s for s in samples if given is None or s.resolve() != given.resolve()]
        return (rest or samples)[0]

    side_a = a or other_than(b)
    return side_a, b or other_than(side_a)


def _resolve_ruleset(option: str | None, paths: Sequence[Path]) -> Ruleset:
    """The ruleset of the run: ``--ruleset``, else the one the lists declare; all lists must
    agree with it."""
    from warband.cli.main import _ruleset

    for path in paths:
        if not path.exists():
            _fail(f"warband list not found: {path}")
        if path.is_dir():
            _fail(f"warband list {path} is a directory, not a YAML file")
    declared = {path: _declared_ruleset(path) for path in paths}
    named = sorted({r for r in declared.values() if r is not None})
    if len(named) > 1:
        detail = ", ".join(f"{p} is for {r!r}" for p, r in declared.items() if r is not None)
        _fail(f"the lists are for different rulesets ({detail}); a simulation plays one ruleset")
    if option is not None and named and named[0] != option:
        wrong = ", ".join(str(p) for p, r in declared.items() if r not in (None, option))
        _fail(f"--ruleset {option} but {wrong} is a list for {named[0]!r}")
    name = option or (named[0] if named else "arcworlde")
    return _ruleset(name)  # type: ignore[no-any-return]


def _options(rounds: int | None, option: list[str] | None) -> dict[str, Any]:
    from warband.cli.main import _parse_options

    options = _parse_options(option or [])
    if rounds is not None:
        if rounds < 1:
            _fail("--rounds must be at least 1")
        options["rounds"] = rounds
    return options


def _prepare(ruleset: str | None, paths: Sequence[Path], games: int, workers: int | None,
             batch_size: int | None, seed: int | None, rounds: int | None,
             option: list[str] | None, plot: Path | None) -> tuple[Ruleset, int, dict[str, Any]]:
    """Check everything a run needs before any game: returns the ruleset, the master seed (a
    random one if not given) and the game options."""
    if games < 1:
        _fail(f"--games must be at least 1 (got {games})")
    if workers is not None and workers < 1:
        _fail(f"--workers must be at least 1 (got {workers})")
    if batch_size is not None and batch_size < 1:
        _fail(f"--batch-size must be at least 1 (got {batch_size})")
    if seed is not None and seed < 0:
        _fail("--seed must be zero or positive")
    master = int.from_bytes(os.urandom(4), "big") if seed is None else seed
    rs = _resolve_ruleset(ruleset, paths)
    options = _options(rounds, option)
    if plot is not None:
        from warband.sim.plot import PlotError, check_plot_path

        try:
            check_plot_path(plot)
        except PlotError as exc:
            _fail(str(exc))
    return rs, master, options


def _matchup(rs: Ruleset, paths: Sequence[Path], ais: Sequence[str], seed: int, games: int,
             options: dict[str, Any]) -> Matchup:
    from warband.content.errors import ContentError
    from warband.sim.games import make_matchup

    try:
        return make_matchup(rs, paths, ais, seed, games, options)
    except ContentError as exc:
        lines = "\n".join(f"  {v}" for v in exc.violations)
        _fail(f"invalid warband list:\n{lines}")
    except ValueError as exc:
        _fail(str(exc))
    raise AssertionError("unreachable")


def replay_command(rs_name: str, a: str, b: str, ais: Sequence[str], options: dict[str, Any],
                   seed: int | str = "SEED") -> str:
    """The ``warband battle`` command that replays one game of a run."""
    parts = ["warband", "battle", "--ruleset", rs_name, "--seed", str(seed), "--a", a, "--b", b,
             "--ai", ais[0]]
    if len(ais) > 1 and ais[1] != ais[0]:
        parts += ["--ai-b", ais[1]]
    for key, value in options.items():
        if key == "rounds":
            parts += ["--rounds", str(value)]
        else:
            parts += ["--option", f"{key}={value}"]
    return " ".join(shlex.quote(p) for p in parts)


class _Bar:
    """The runner's progress, shown as a rich progress bar with rate and ETA (on stderr)."""

    def __init__(self, label: str, enabled: bool) -> None:
        self.label = label
        self.enabled = enabled
        self._progress: Any = None
        self._task: Any = None

    def start(self, total: int) -> None:
        if not self.enabled:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        class Rate(ProgressColumn):
            def render(self, task: Any) -> Text:
                speed = task.finished_speed or task.speed
                return Text("-- games/s" if speed is None else f"{speed:,.1f} games/s")

        self._progress = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(),
            TextColumn("elapsed"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
            console=Console(stderr=True), transient=False,
        )
        self._progress.start()
        from rich.markup import escape

        self._task = self._progress.add_task(escape(self.label), total=total)

    def advance(self, games: int) -> None:
        if self._progress is not None:
            self._progress.advance(self._task, games)

    def stop(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def _execute(matchups: Sequence[Matchup], backend_name: str, workers: int | None,
             ray_address: str | None, batch_size: int | None, out: Path | None,
             label: str, show_progress: bool, resume: bool = False) -> RunResult:
    """Run the matchups, turning every expected failure into a clear message. With
    ``resume``, the games an earlier run of the same matchups wrote to ``out`` are kept."""
    from warband.sim.backends import BackendError, make_backend
    from warband.sim.games import GameFailed
    from warband.sim.output import OutputError, load_resume, open_writer
    from warband.sim.runner import run

    try:
        backend = make_backend(backend_name, workers, ray_address)
    except BackendError as exc:
        _fail(str(exc))
    writer = None
    earlier = None
    if out is not None:
        try:
            earlier = load_resume(out, matchups) if resume else None
            writer = open_writer(out, matchups, earlier)
        except OutputError as exc:
            _fail(str(exc))
    bar = _Bar(label, show_progress)
    result = None
    try:
        result = run(matchups, backend, batch_size=batch_size, progress=bar,
                     on_rows=writer.write if writer is not None else None,
                     done=earlier.done if earlier is not None else None,
                     start_tallies=earlier.tallies if earlier is not None else None,
                     on_written=writer.task_written if writer is not None else None)
        return result
    except GameFailed as exc:
        _fail(f"{exc}\nreplay it alone with `warband battle --seed ...` to see the traceback", 1)
    except BackendError as exc:
        _fail(str(exc), 1)
    finally:
        bar.stop()
        if writer is not None:
            # only a run with every game in takes the name asked for
            written = writer.close(complete=result is not None and not result.interrupted)
            if result is not None:
                result.out = written
    raise AssertionError("unreachable")


def _run_info(result: RunResult, seed: int) -> dict[str, Any]:
    return {
        "seed": seed,
        "requested": result.requested,
        "interrupted": result.interrupted,
        "backend": result.backend,
        "workers": result.workers,
        "batch_size": result.batch_size,
        "startup_s": round(result.startup_s, 3),
        "elapsed_s": round(result.play_s, 3),
        "games_per_second": round(result.games_per_second, 2),
    }


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _interval(ci: list[float] | None) -> str:
    return "" if ci is None else f"[{100 * ci[0]:.1f}-{100 * ci[1]:.1f}]"


# -- simulate ----------------------------------------------------------------------------------

def simulate(
    a: Annotated[Path | None, typer.Option("--a", help="Warband list for side A (default: the ruleset's first sample).")] = None,
    b: Annotated[Path | None, typer.Option("--b", help="Warband list for side B (default: the second sample).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 1000,
    ruleset: RulesetOpt = None,
    ai: Annotated[str, typer.Option("--ai", help="AI for side A (and B unless --ai-b).")] = "heuristic",
    ai_b: Annotated[str | None, typer.Option("--ai-b", help="AI for side B.")] = None,
    seed: SeedOpt = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    ray_address: RayAddressOpt = None,
    batch_size: BatchOpt = None,
    out: OutOpt = None,
    plot: Annotated[Path | None, typer.Option(help="Save a chart of the result to FILE.png.")] = None,
    rounds: RoundsOpt = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Keep the games a stopped or killed run of the same games wrote to"
        " --out FILE.csv and play only the rest.")] = False,
) -> None:
    """Play many AI-vs-AI games between two lists and report who wins, with 95% intervals."""
    if resume:
        if out is None or out.suffix.lower() != ".csv":
            _fail("--resume needs --out FILE.csv (the file of the run to resume)")
        if seed is None:  # the stopped run's seed, so that its games are the same games
            from warband.sim.output import resume_seed

            seed = resume_seed(out)  # type: ignore[arg-type]
    if a is None or b is None:  # the ruleset's sample lists fill in a missing side
        from warband.cli.main import _ruleset

        given = [p for p in (a, b) if p is not None and p.is_file()]
        name = ruleset or next((r for r in map(_declared_ruleset, given) if r), "arcworlde")
        samples = list(_ruleset(name).sample_lists())
        if not samples:
            _fail(f"{name} has no sample lists: give both --a and --b")
        a, b = fill_in_sides(samples, a, b)
    rs, master, options = _prepare(ruleset, [a, b], games, workers, batch_size, seed, rounds,
                                   option, plot)
    ais = (ai, ai_b or ai)
    matchup = _matchup(rs, [a, b], ais, master, games, options)
    result = _execute([matchup], backend, workers, ray_address, batch_size, out,
                      f"{matchup.names[0]} vs {matchup.names[1]}", not as_json, resume)

    from warband.sim.stats import summarise

    summary = summarise(result.tallies[0], matchup.names)
    summary.update(_run_info(result, master))
    summary["ruleset"] = rs.name
    summary["ai"] = dict(zip(matchup.sides, ais, strict=True))
    summary["lists"] = dict(zip(matchup.sides, (str(a), str(b)), strict=True))
    summary["replay"] = replay_command(rs.name, str(a), str(b), ais, options)
    if result.out is not None:
        summary["out"] = str(result.out)
    if resume:
        summary["resumed"] = result.resumed
    if plot is not None and summary["games"]:
        from warband.sim.plot import PlotError, plot_matchup

        try:
            plot_matchup(summary, plot)
        except PlotError as exc:
            _fail(str(exc))
    if as_json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print_simulation(summary, out, plot)
    if result.interrupted:
        raise typer.Exit(INTERRUPTED)


def _print_simulation(s: dict[str, Any], out: Path | None, plot: Path | None) -> None:
    from rich.table import Table

    from warband.cli.main import _console, _e

    console = _console()
    if s["interrupted"]:
        console.print(f"[yellow]interrupted[/yellow]: {s['games']} of {s['requested']} games"
                      " finished; the figures below cover those games")
    table = Table(title=f"{s['games']} games ({_e(s['ruleset'])}, seed {s['seed']})")
    for col in ("Side", "Warband", "AI", "Wins", "Win rate [95% CI]", "Score [95% CI]", "Mean VP"):
        table.add_column(col, justify="left" if col in ("Side", "Warband", "AI") else "right",
                         no_wrap=col.endswith("CI]"))
    for side in s["sides"]:
        vp = s["mean_vp"][side]
        table.add_row(side.upper(), _e(s["warbands"][side]), _e(s["ai"][side]), str(s["wins"][side]),
                      f"{_pct(s['win_rate'][side])} {_interval(s['ci95'][side])}",
                      f"{_pct(s['score'][side])} {_interval(s['score_ci95'][side])}",
                      "-" if vp is None else f"{vp:.2f}")
    console.print(table)
    console.print(f"Draws: {s['draws']} ({_pct(s['draw_rate'])})   Mean rounds: "
                  + ("-" if s["mean_rounds"] is None else f"{s['mean_rounds']:.2f}"))
    fa = s["first_activation"]
    if fa["games"]:
        acted = ", ".join(f"{side.upper()} {n}" for side, n in fa["acted_first"].items())
        console.print(f"First-activation advantage: the side that acted first in Round 1 won"
                      f" {_pct(fa['win_rate'])} {_interval(fa['ci95'])} of {fa['games']} games"
                      f" (score {_pct(fa['score'])}; acted first: {acted})")
    else:
        console.print("First-activation advantage: not reported by this ruleset")
    if s["profiles"]:
        prof = Table(title="Per profile (means per model per game)")
        for col in ("Side", "Profile", "Models", "Damage dealt", "Knock Outs", "Survival"):
            prof.add_column(col, justify="left" if col in ("Side", "Profile") else "right")
        for p in s["profiles"]:
            prof.add_row(p["side"].upper(), _e(p["profile"]), str(p["models"]),
                         f"{p['damage_dealt']:.2f}", f"{p['knock_outs']:.2f}",
                         _pct(p["survival_rate"]))
        console.print(prof)
    console.print(f"[dim]{s['games_per_second']:.1f} games/s on {s['workers']} worker(s)"
                  f" ({s['backend']}); replay any game: {_e(s['replay'])}[/dim]")
    if s.get("out") is not None:
        note = " (incomplete: the run was stopped)" if s["interrupted"] else ""
        console.print(f"[dim]one row per game written to {_e(s['out'])}{note}[/dim]")
    if plot is not None and s["games"]:
        console.print(f"[dim]chart saved to {_e(plot)}[/dim]")


# -- tournament --------------------------------------------------------------------------------

def tournament(
    lists: Annotated[list[Path], typer.Argument(help="Two or more warband list files.")],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per seating (each pairing plays 2N).")] = 100,
    ruleset: RulesetOpt = None,
    ai: Annotated[str, typer.Option("--ai", help="AI for every list.")] = "heuristic",
    seed: SeedOpt = None,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    ray_address: RayAddressOpt = None,
    batch_size: BatchOpt = None,
    out: OutOpt = None,
    plot: Annotated[Path | None, typer.Option(help="Save the win-rate heatmap to FILE.png.")] = None,
    rounds: RoundsOpt = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Round robin between lists (both seatings of every pairing): the win-rate matrix."""
    if len(lists) < 2:
        _fail("a tournament needs at least two lists")
    rs, master, options = _prepare(ruleset, lists, games, workers, batch_size, seed, rounds,
                                   option, plot)
    from warband.sim.tournament import pairings, seating_seed, standings

    seatings = pairings(len(lists))
    matchups = [
        _matchup(rs, [lists[i], lists[j]], (ai, ai), seating_seed(master, i, j), games, options)
        for i, j in seatings
    ]
    names = [matchups[0].names[0]] + [m.names[1] for m in matchups[: len(lists) - 1]]
    labels = _labels(names, lists)
    result = _execute(matchups, backend, workers, ray_address, batch_size, out,
                      f"round robin of {len(lists)} lists", not as_json)
    table = standings(labels, seatings, result.tallies)
    table.update(_run_info(result, master))
    table["games"] = result.games
    table["ruleset"] = rs.name
    table["ai"] = ai
    table["games_per_seating"] = games
    table["paths"] = [str(p) for p in lists]
    if result.out is not None:
        table["out"] = str(result.out)
    if plot is not None and result.games:
        from warband.sim.plot import PlotError, plot_tournament

        try:
            plot_tournament(labels, table["win_rate"], plot,
                            title=f"Win rate of row against column ({result.games} games)")
        except PlotError as exc:
            _fail(str(exc))
    if as_json:
        print(json.dumps(table, sort_keys=True))
    else:
        _print_tournament(table, plot)
    if result.interrupted:
        raise typer.Exit(INTERRUPTED)


def _labels(names: Sequence[str], paths: Sequence[Path]) -> list[str]:
    """Warband names, with the file added where two lists share a name."""
    return [f"{n} ({p})" if names.count(n) > 1 else n for n, p in zip(names, paths, strict=True)]


def _print_tournament(t: dict[str, Any], plot: Path | None) -> None:
    from rich.table import Table

    from warband.cli.main import _console, _e

    console = _console()
    if t["interrupted"]:
        console.print(f"[yellow]interrupted[/yellow]: {t['games']} of {t['requested']} games"
                      " finished; the figures below cover those games")
    labels = t["lists"]
    matrix = Table(title=f"Win rate of row against column ({t['games']} games,"
                         f" {_e(t['ai'])} AI, seed {t['seed']})")
    matrix.add_column("")
    for label in labels:
        matrix.add_column(_e(label), justify="center")
    for i, label in enumerate(labels):
        cells = []
        for j in range(len(labels)):
            c = t["pairings"][i][j]
            cells.append("-" if c is None else
                         f"{c['win_rate']:.0%}\n[dim]{c['ci95'][0]:.0%}-{c['ci95'][1]:.0%}[/dim]")
        matrix.add_row(_e(label), *cells)
    console.print(matrix)
    ranking = Table(title="Standings (score: wins + half the draws)")
    for col in ("List", "Games", "Wins", "Draws", "Win rate", "Score [95% CI]"):
        ranking.add_column(col, justify="left" if col == "List" else "right")
    for row in t["standings"]:
        ranking.add_row(_e(row["list"]), str(row["games"]), str(row["wins"]), str(row["draws"]),
                        _pct(row["win_rate"]),
                        f"{_pct(row['score'])} {_interval(row['score_ci95'])}")
    console.print(ranking)
    console.print(f"[dim]{t['games_per_second']:.1f} games/s on {t['workers']} worker(s)"
                  f" ({t['backend']})[/dim]")
    if plot is not None and t["games"]:
        console.print(f"[dim]heatmap saved to {_e(plot)}[/dim]")
