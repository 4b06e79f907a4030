"""``warband campaign ...``: a thin adapter over :mod:`warband.campaign.service` (no rule lives
here). Every command takes ``--db`` (or ``WARBAND_DB``): a SQLAlchemy URL, or a plain path
meaning a SQLite file; default: ``campaigns.db`` in the user's data folder."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from warband.campaign.service import Campaigns

DbOption = Annotated[str | None, typer.Option(
    "--db", help="database: a SQLAlchemy URL or a SQLite file path (default: WARBAND_DB, else"
                 " campaigns.db in the user's data folder)")]


@contextmanager
def _campaigns(db: str | None, fail: Callable[[str], Any]) -> Iterator[Campaigns]:
    from sqlalchemy.exc import SQLAlchemyError

    from warband.campaign.core import CampaignError
    from warband.campaign.service import Campaigns
    from warband.campaign.store import Store, database_url

    try:
        store = Store(database_url(db))
    except (SQLAlchemyError, OSError, ValueError) as exc:
        fail(f"cannot open the campaign database: {exc}")
    try:
        yield Campaigns(store)
    except CampaignError as exc:
        fail(str(exc))
    except SQLAlchemyError as exc:
        fail(f"database error: {exc}")
    finally:
        store.close()


def register(app: typer.Typer, fail: Callable[[str], Any]) -> None:
    camp = typer.Typer(help="Campaigns: warbands that live from game to game"
                            " (docs/campaigns.md).", no_args_is_help=True)
    app.add_typer(camp, name="campaign")

    @camp.command("new")
    def new(name: str, ruleset: Annotated[str, typer.Option("--ruleset")],
            list_path: Annotated[Path, typer.Option("--list")],
            description: Annotated[str, typer.Option("--description")] = "",
            db: DbOption = None) -> None:
        """Start a campaign warband from a list."""
        with _campaigns(db, fail) as c:
            loaded = c.new(name, ruleset, list_path, description)
            rules = _rules(loaded.ruleset)
            print(f"Campaign {name} started ({loaded.ruleset}).")
            print("\n".join(rules.show(loaded.derived.roster)))

    @camp.command("list")
    def list_(db: DbOption = None) -> None:
        """The campaigns in the database."""
        with _campaigns(db, fail) as c:
            names = c.store.names()
            if not names:
                print("no campaigns yet (warband campaign new NAME --ruleset R --list FILE)")
            for name, ruleset, version in names:
                print(f"{name}  ({ruleset}, {version} actions)")

    @camp.command("show")
    def show(name: str, db: DbOption = None) -> None:
        """Roster (EXP, injuries, traits, gear, silver, renown, stage) and history."""
        with _campaigns(db, fail) as c:
            loaded = c.load(name)
            print("\n".join(_rules(loaded.ruleset).show(loaded.derived.roster)))
            print("History:")
            for step, _kinds, summary in loaded.derived.history:
                print(f"  {step}. {summary}")

    @camp.command("battle")
    def battle(name: str,
               against: Annotated[str, typer.Option(
                   "--against", help="another campaign, a list file, or 'rogue' (a generated"
                                     " Rogue Warband at the campaign's game value; ArcWorlde)")],
               play: Annotated[bool, typer.Option(
                   "--play", help="play the campaign's side yourself at the terminal (as"
                                  " `warband play`); the report is applied at the end")] = False,
               ai: Annotated[str, typer.Option("--ai", help="the AI of the campaign's side")
                             ] = "heuristic",
               ai_b: Annotated[str | None, typer.Option(
                   "--ai-b", help="the opponent's AI (default: --ai; a Rogue Warband: the"
                                  " ruleset's rogue AI)")] = None,
               seed: Annotated[int | None, typer.Option("--seed")] = None,
               option: Annotated[list[str] | None, typer.Option(
                   "--option", "-o", help="Rule option NAME=VALUE (a scenario, ...).")] = None,
               db: DbOption = None) -> None:
        """Fight the next battle (the AI, or you with --play) and apply its After Action
        Report."""
        from warband.cli.main import _parse_options

        options = _parse_options(option or [])
        me = on_events = None
        with _campaigns(db, fail) as c:
            if play:
                from rich.prompt import Prompt

                from warband.cli.human import HumanController
                from warband.cli.main import _console, _narrator
                from warband.core import registry

                rs = registry.get(c.load(name).ruleset)
                console = _console()
                me = HumanController(rs, console,
                                     lambda prompt: Prompt.ask(prompt, console=console))
                on_events = _narrator(rs, console)
                console.print(f"[dim]{rs.title}: you play {name} (side A)[/dim]")
                if ai_b is None and ai != "heuristic":
                    ai_b = ai  # --ai names the opponent's AI when you play your side
            try:
                report = c.battle(name, against, ai, ai_b, seed, me=me, on_events=on_events,
                                  options=options)
            except (KeyboardInterrupt, EOFError):
                fail("battle abandoned: the campaign is unchanged")
            loaded = c.load(name)
            print(f"{name}: {loaded.derived.history[-1][2].split(';')[0]}")
            print("\n".join(_rules(loaded.ruleset).show_report(report)))

    @camp.command("report")
    def report(name: str, db: DbOption = None) -> None:
        """The last After Action Report."""
        with _campaigns(db, fail) as c:
            loaded = c.load(name)
            if loaded.derived.last_report is None:
                print(f"{name} has fought no battle yet")
                return
            print("\n".join(_rules(loaded.ruleset).show_report(loaded.derived.last_report)))

    @camp.command("spend", context_settings={"ignore_unknown_options": True})
    def spend(name: str, what: Annotated[list[str], typer.Argument(
            help="trait MODEL TRAIT | raise MODEL TRAIT | gear MODEL ITEM | seek MODEL ITEM |"
                 " stow MODEL ITEM | equip MODEL ITEM | rations | hire LIKE NAME |"
                 " hireling LIKE NAME | archetype NEW | dismiss MODEL")],
              db: DbOption = None) -> None:
        """Spend EXP and Silver between battles (every rule checked)."""
        with _campaigns(db, fail) as c:
            payload = c.spend(name, what)
            print(payload.get("summary", "done"))

    @camp.command("undo")
    def undo(name: str, db: DbOption = None) -> None:
        """Undo the last campaign action, exactly."""
        with _campaigns(db, fail) as c:
            print(f"undone: {c.undo(name)}")

    @camp.command("verify")
    def verify(name: str, db: DbOption = None) -> None:
        """Re-derive every After Action Report from its battle's record."""
        with _campaigns(db, fail) as c:
            problems = c.verify(name)
            for p in problems:
                print(p)
            if problems:
                raise typer.Exit(1)
            print("every report re-derives from its record")

    @camp.command("export")
    def export(name: str, out: Annotated[Path | None, typer.Option("--out")] = None,
               db: DbOption = None) -> None:
        """The campaign as YAML (its whole log)."""
        with _campaigns(db, fail) as c:
            text = c.export(name)
            if out is None:
                print(text, end="")
            else:
                out.write_text(text, encoding="utf-8")

    @camp.command("import")
    def import_(file: Path, name: Annotated[str | None, typer.Option("--name")] = None,
                db: DbOption = None) -> None:
        """Import a campaign exported with ``export``."""
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            fail(f"{file}: {exc}")
        with _campaigns(db, fail) as c:
            loaded = c.import_text(text, str(file), name)
            print(f"imported {loaded.name} ({len(loaded.actions)} actions)")


def _rules(ruleset: str) -> Any:
    from warband.campaign.core import rules_for

    return rules_for(ruleset)
