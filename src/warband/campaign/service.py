"""Campaign commands: each reads the log, derives the roster, applies the rules through the
ruleset's plug-in and appends its actions in one transaction (retrying from a fresh read when
another process got there first). Used by the CLI (and any other adapter)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from warband.campaign.core import CampaignError, Derived, fold, rules_for
from warband.campaign.store import Action, ConcurrentUpdate, Store, Update
from warband.content.errors import ContentError
from warband.core import registry
from warband.core.controller import Controller, play
from warband.core.dice import derive_seed
from warband.core.game import Game
from warband.core.record import read_record, record_lines, replay

__all__ = ["ROGUE", "Campaigns", "Fought", "Loaded"]

T = TypeVar("T")
RETRIES = 20


#: ``--against rogue``: a generated Rogue Warband
ROGUE = "rogue"


@dataclass
class Fought:
    """A battle fought and its After Action Report(s), not yet applied."""

    name: str
    ruleset: str
    opponent: str
    seed: int
    result: str
    #: campaign name -> its report
    reports: dict[str, dict[str, Any]]
    #: what applying it appends (the versions it was computed on)
    updates: list[Update]
    #: the finished game (not stored: its record is in ``updates``)
    game: Game | None = None


@dataclass
class Loaded:
    name: str
    ruleset: str
    version: int
    description: str
    actions: list[Action]
    derived: Derived


class ExportedAction(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: int = Field(ge=1)
    step: int = Field(ge=1)
    kind: Literal["start", "battle", "report", "purchase", "undo"]
    payload: dict[str, Any]


class ExportedCampaign(BaseModel):
    """A campaign file (``warband campaign export``)."""

    model_config = ConfigDict(extra="forbid")
    format: Literal["warband-campaign"]
    version: Literal[1]
    name: str = Field(min_length=1, max_length=80)
    ruleset: str
    description: str = ""
    actions: list[ExportedAction] = Field(min_length=1)


def _game_from_record_text(text: str) -> Game:
    fd, tmp = tempfile.mkstemp(suffix=".jsonl")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        return replay(read_record(Path(tmp)), "<campaign record>")
    finally:
        os.unlink(tmp)


class Campaigns:
    """The campaign commands on one database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- reading ---------------------------------------------------------------------------
    def load(self, name: str) -> Loaded:
        try:
            row, actions = self.store.load(name)
        except KeyError:
            known = ", ".join(n for n, _, _ in self.store.names()) or "none yet"
            raise CampaignError(f"no campaign named {name!r} (campaigns: {known})") from None
        return Loaded(row.name, row.ruleset, row.version, row.description or "", actions,
                      fold(rules_for(row.ruleset), actions))

    def _retry(self, attempt: Callable[[], T]) -> T:
        for _ in range(RETRIES):
            try:
                return attempt()
            except ConcurrentUpdate:
                continue
        raise CampaignError("the campaign kept changing under us; try again")

    # -- commands --------------------------------------------------------------------------
    def new(self, name: str, ruleset: str, list_path: Path, description: str = "") -> Loaded:
        rs = _ruleset(ruleset)
        rules = rules_for(rs.name)  # a ruleset without campaign rules is refused first
        try:
            warband = rs.load_list(list_path)
        except ContentError as exc:
            raise CampaignError(str(exc)) from None
        except OSError as exc:
            raise CampaignError(f"{list_path}: {exc.strerror or exc}") from None
        data = dict(warband.source)
        try:
            rules.start(data, str(list_path))
        except ContentError as exc:
            raise CampaignError(str(exc)) from None
        try:
            self.store.create(name, rs.name, [(1, 1, "start", {"list": data})], description)
        except ValueError as exc:
            raise CampaignError(str(exc)) from None
        return self.load(name)

    def fight(self, name: str, against: str, ai: str = "heuristic", ai_b: str | None = None,
              seed: int | None = None, me: Controller | None = None,
              on_events: Callable[[list[Any]], None] | None = None,
              hook: Callable[[str], None] | None = None,
              options: Mapping[str, Any] | None = None) -> Fought:
        """Fight the next battle and compute its After Action Report(s), changing nothing.
        ``against`` names another campaign (whose report is computed too), a list file, or
        ``rogue`` (a Rogue Warband generated at the campaign's game value, for rulesets that
        have a generator, played by the ruleset's ``rogue`` AI where it has one). ``me``
        plays the campaign's side instead of the AI (a human at the terminal); ``options``
        are the game's rule options (a scenario, ...), kept in its record."""
        loaded = self.load(name)
        rs = registry.get(loaded.ruleset)
        rules = rules_for(loaded.ruleset)
        ours = _parse(rs, rules.muster(loaded.derived.roster), f"campaign {name}")
        s = seed if seed is not None else derive_seed(0, "campaign", name, "battle",
                                                      loaded.version)
        controllers = rs.controllers()
        other: Loaded | None = None
        theirs_ai = ai_b or ai
        if against in {n for n, _, _ in self.store.names()}:
            if against == name:
                raise CampaignError("a campaign cannot fight itself")
            other = self.load(against)
            if other.ruleset != loaded.ruleset:
                raise CampaignError(f"{against} is a {other.ruleset} campaign, {name} plays"
                                    f" {loaded.ruleset}")
            theirs = _parse(rs, rules.muster(other.derived.roster), f"campaign {against}")
            opponent = against
        elif against == ROGUE:
            theirs = _rogue(rs, ours, s)
            opponent = "a Rogue Warband"
            if ai_b is None and ROGUE in controllers:
                theirs_ai = ROGUE  # the book's Rogue Warband behaviour plays it
            if ROGUE in rs.option_names() and ROGUE not in (options or {}):
                # the rules know which side the Rogue Warband rules play (ArcWorlde -o rogue)
                options = {**(options or {}), ROGUE: "b"}
        else:
            path = Path(against)
            if not path.exists():
                raise CampaignError(f"{against!r} is neither a campaign nor a list file"
                                    f" (nor {ROGUE!r})")
            try:
                theirs = rs.load_list(path)
            except ContentError as exc:
                raise CampaignError(str(exc)) from None
            opponent = path.name
        for a in ({ai, theirs_ai} if me is None else {theirs_ai}):
            if a not in controllers:
                raise CampaignError(f"unknown AI {a!r} (one of {', '.join(controllers)})")
        try:
            game = rs.new_game([ours, theirs], s, dict(options or {}), track_digest=True)
        except (ValueError, ContentError) as exc:  # the warbands cannot meet (sizes, sides)
            raise CampaignError(f"cannot set up the battle: {exc}") from None
        play(game, {0: me if me is not None else controllers[ai](),
                    1: controllers[theirs_ai]()}, s, on_events=on_events)
        if hook is not None:
            hook("played")
        record = "\n".join(record_lines(game)) + "\n"
        outcome = game.outcome()
        assert outcome is not None
        winner = outcome.winner
        result = ("draw" if winner is None else ("won" if winner == 0 else "lost"))
        report = rules.after_action(loaded.derived.roster, game, 0)
        updates: list[Update] = [(name, loaded.version, [
            ("battle", {"record": record, "side": 0, "opponent": opponent, "seed": s,
                        "result": result}),
            ("report", report)])]
        reports = {name: report}
        if other is not None:
            reports[against] = rules.after_action(other.derived.roster, game, 1)
            other_result = {"won": "lost", "lost": "won"}.get(result, result)
            updates.append((against, other.version, [
                ("battle", {"record": record, "side": 1, "opponent": name, "seed": s,
                            "result": other_result}),
                ("report", reports[against])]))
        return Fought(name, loaded.ruleset, opponent, s, result, reports, updates, game)

    def battle(self, name: str, against: str, ai: str = "heuristic", ai_b: str | None = None,
               seed: int | None = None, list_dir: Path | None = None,
               hook: Callable[[str], None] | None = None, me: Controller | None = None,
               on_events: Callable[[list[Any]], None] | None = None,
               options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Fight the next battle and apply its After Action Report in one step (both reports,
        in one transaction, against another campaign). An AI battle that lost a race with
        another process is fought again from a fresh read; a battle a human played is never
        re-played: it is refused if the campaign changed meanwhile."""
        fought: list[Fought] = []

        def attempt() -> dict[str, Any]:
            if me is not None and fought:
                raise CampaignError(f"{name} was changed by another process while the battle"
                                    " was played; the battle is not applied")
            fought.append(self.fight(name, against, ai, ai_b, seed, me, on_events, hook,
                                     options))
            self.store.append_many(fought[-1].updates)
            return fought[-1].reports[name]

        return self._retry(attempt)

    # -- the review step (the web board): fight, show the report, then confirm or discard --
    def stage(self, name: str, against: str, ai: str = "heuristic",
              seed: int | None = None, options: Mapping[str, Any] | None = None,
              keep: Callable[[Game], str] | None = None) -> Fought:
        """Fight the next battle and keep it waiting with its report(s), applying nothing.
        ``keep`` saves the finished game elsewhere (the web board, to watch it) and returns
        its id, kept with the battle as ``game``."""
        fought = self.fight(name, against, ai, None, seed, options=options)
        if keep is not None and fought.game is not None:
            fought.updates[0][2][0][1]["game"] = keep(fought.game)
        self.store.put_pending(name, fought.updates)
        return fought

    def waiting(self, name: str) -> list[Update] | None:
        """The steps of the battle waiting for confirmation, if any."""
        self.load(name)  # a clear message for an unknown campaign
        return self.store.pending(name)

    def confirm(self, name: str) -> list[Update]:
        """Apply the waiting battle's reports (one transaction)."""
        self.load(name)
        try:
            return self.store.confirm_pending(name)
        except KeyError:
            raise CampaignError(f"{name}: no battle is waiting for confirmation") from None
        except ConcurrentUpdate:
            raise CampaignError(f"{name} changed since the battle was fought (a purchase, an"
                                " undo or another battle); discard it and fight again") from None

    def discard(self, name: str) -> None:
        self.load(name)
        if not self.store.discard_pending(name):
            raise CampaignError(f"{name}: no battle is waiting for confirmation")

    def spend(self, name: str, args: Sequence[str]) -> dict[str, Any]:
        def attempt() -> dict[str, Any]:
            me = self.load(name)
            rules = rules_for(me.ruleset)
            payload = rules.purchase(me.derived.roster, list(args),
                                     derive_seed(0, "campaign", name, "purchase", me.version))
            self.store.append(name, me.version, [("purchase", payload)])
            return payload

        return self._retry(attempt)

    def undo(self, name: str) -> str:
        def attempt() -> str:
            me = self.load(name)
            hist = me.derived.history
            if len(hist) <= 1:
                raise CampaignError(f"{name}: nothing to undo (only the start is left)")
            step, _kinds, summary = hist[-1]
            self.store.append(name, me.version, [("undo", {"step": step})])
            return summary

        return self._retry(attempt)

    def verify(self, name: str) -> list[str]:
        """Re-derive every report in force from its battle's record; the differences."""
        me = self.load(name)
        rules = rules_for(me.ruleset)
        from warband.campaign.core import live_actions

        problems: list[str] = []
        roster: dict[str, Any] = {}
        pending: dict[str, Any] | None = None
        for a in live_actions(me.actions):
            if a.kind == "start":
                roster = rules.start(a.payload["list"], "campaign start")
            elif a.kind == "battle":
                pending = a.payload
            elif a.kind == "report":
                if pending is not None:
                    game = _game_from_record_text(pending["record"])
                    again = rules.after_action(roster, game, int(pending["side"]))
                    if again != a.payload:
                        problems.append(f"step {a.step}: the report does not re-derive")
                roster = rules.apply_report(roster, a.payload)
                pending = None
            elif a.kind == "purchase":
                roster = rules.apply_purchase(roster, a.payload)
        return problems

    def export(self, name: str) -> str:
        me = self.load(name)
        data = {"format": "warband-campaign", "version": 1, "name": me.name,
                "ruleset": me.ruleset, "description": me.description,
                "actions": [{"seq": a.seq, "step": a.step, "kind": a.kind, "payload": a.payload}
                            for a in me.actions]}
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)

    def import_text(self, text: str, source: str, name: str | None = None) -> Loaded:
        try:
            raw = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise CampaignError(f"{source}: not YAML ({exc})") from None
        try:
            doc = ExportedCampaign.model_validate(raw)
        except ValidationError as exc:
            lines = [f"{source}: {'.'.join(map(str, e['loc'])) or '(file)'}: {e['msg']}"
                     for e in exc.errors()]
            raise CampaignError("\n".join(lines)) from None
        try:
            rules = rules_for(doc.ruleset)
        except LookupError as exc:
            raise CampaignError(f"{source}: {exc}") from None
        actions = [Action(a.seq, a.step, a.kind, a.payload) for a in doc.actions]
        if [a.seq for a in actions] != list(range(1, len(actions) + 1)):
            raise CampaignError(f"{source}: actions must be numbered 1, 2, 3, ... in order")
        try:
            fold(rules, actions)
        except (ContentError, CampaignError, KeyError, TypeError, ValueError) as exc:
            raise CampaignError(f"{source}: the campaign log does not apply ({exc})") from None
        target = name or doc.name
        try:
            self.store.create(target, doc.ruleset,
                              [(a.seq, a.step, a.kind, a.payload) for a in actions],
                              doc.description)
        except ValueError as exc:
            raise CampaignError(str(exc)) from None
        return self.load(target)


def _ruleset(name: str) -> Any:
    try:
        return registry.get(name)
    except LookupError as exc:
        raise CampaignError(str(exc)) from None


def _rogue(rs: Any, ours: Any, seed: int) -> Any:
    """A Rogue Warband at our warband's game value, from the ruleset's generator."""
    value = int(getattr(ours, "game_value", 0) or getattr(ours, "cost", 0) or 0)
    try:
        # seeded as `warband battle --players` seeds side B's Rogue Warband
        data, _rolls = rs.random_list(value, derive_seed(seed, "rogue warband", 1) % 10**6)
    except NotImplementedError:
        raise CampaignError(f"{rs.name} has no Rogue Warband generator (only ArcWorlde's"
                            " book has one): fight another campaign or a list file") from None
    except ValueError as exc:
        raise CampaignError(f"cannot generate a Rogue Warband of {value}: {exc}") from None
    return _parse(rs, data, "the generated Rogue Warband")


def _parse(rs: Any, data: dict[str, Any], source: str) -> Any:
    try:
        return rs.parse_list(data, source)
    except ContentError as exc:
        raise CampaignError(f"{source} cannot take the field: {exc}") from None
