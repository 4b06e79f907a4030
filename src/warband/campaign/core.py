"""The ruleset-independent campaign core.

A campaign is an append-only log of actions (:mod:`warband.campaign.store`):

* ``start``  - the warband list it began with (``{"list": ...}``);
* ``battle`` - a finished game's record (JSON Lines text), the side played and the opponent;
* ``report`` - the After Action Report computed from that record in one step, then applied;
* ``purchase`` - spending between games (with any dice it rolled);
* ``undo``   - cancels the latest step still in force (``{"step": n}``).

The roster is *derived*: :func:`fold` replays the log through the ruleset's campaign plug-in.
The plug-in (module ``campaign`` of the ruleset package, attribute ``CAMPAIGN``, found like the
kit's other modules) holds every rule; this module holds none.
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from warband.campaign.store import Action
from warband.content.errors import ContentError
from warband.content.yamlio import parse_model
from warband.core import registry
from warband.core.dice import Dice, derive_seed
from warband.core.game import Game, Outcome

__all__ = ["CampaignBase", "CampaignError", "CampaignRules", "Derived", "TableRow", "covers",
           "fold", "load_tables", "pick", "rules_for"]

M = TypeVar("M", bound=BaseModel)
#: the file of a ruleset's content folder holding its campaign tables
TABLES_FILE = "campaign.yaml"


class CampaignError(ValueError):
    """A campaign command that the rules refuse (nothing is changed)."""


@lru_cache(maxsize=16)
def _load_tables(model: type[BaseModel], folder: str) -> BaseModel:
    return parse_model(model, Path(folder) / TABLES_FILE)


def load_tables(model: type[M], folder: str | Path) -> M:
    """A ruleset's campaign tables (``campaign.yaml`` in its content folder), validated by
    ``model`` (errors name the file, line and field) and cached per folder, so a group's own
    tables (a copied content folder) are read once and the packaged ones are never mixed in.
    A model may check more in a pydantic ``model_validator`` (a table covering every roll)."""
    tables = _load_tables(model, str(folder))
    assert isinstance(tables, model)
    return tables


class TableRow(BaseModel):
    """A row of a house dice table: the rolls ``low`` to ``high``."""

    model_config = ConfigDict(extra="forbid")
    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)


R = TypeVar("R", bound=TableRow)


def covers(rows: Sequence[TableRow], low: int, high: int) -> bool:
    """Whether the ``low``-``high`` rows of a dice table cover every roll from ``low`` to
    ``high`` exactly once (a house table a group replaced may not)."""
    rolled = sorted(r for row in rows for r in range(row.low, row.high + 1))
    return rolled == list(range(low, high + 1))


def pick(rows: Sequence[R], roll: int) -> R:
    """The row of a ``low``-``high`` dice table holding ``roll``."""
    return next(row for row in rows if row.low <= roll <= row.high)


class CampaignRules(Protocol):
    """A ruleset's campaign rules (its ``campaign`` module's ``CAMPAIGN``)."""

    ruleset: str

    def start(self, list_data: dict[str, Any], source: str) -> dict[str, Any]:
        """The starting roster from a (validated) list; raises ContentError or
        CampaignError."""

    def muster(self, roster: dict[str, Any]) -> dict[str, Any]:
        """The list the warband takes to its next battle (raises CampaignError if it cannot
        field one)."""

    def after_action(self, roster: dict[str, Any], game: Game, side: int) -> dict[str, Any]:
        """The After Action Report of a finished game for ``side``, computed in one step; its
        dice come from the game's seed, so it re-derives exactly from the record."""

    def apply_report(self, roster: dict[str, Any], report: dict[str, Any]) -> dict[str, Any]:
        """The roster after the report (a new dict)."""

    def purchase(self, roster: dict[str, Any], args: Sequence[str], seed: int) -> dict[str, Any]:
        """A checked purchase (payload with any dice rolled) or CampaignError."""

    def apply_purchase(self, roster: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
        """The roster after a purchase (a new dict)."""

    def show(self, roster: dict[str, Any]) -> list[str]:
        """Lines describing the roster."""

    def show_report(self, report: dict[str, Any]) -> list[str]:
        """Lines describing a report."""

    def check(self, roster: dict[str, Any]) -> list[str]:
        """Invariant violations of a roster (empty when consistent)."""


class CampaignBase:
    """What every campaign plug-in does alike: check a campaign warband with its ruleset's own
    list rules, hand it to the next battle, and roll an After Action Report's dice from the
    game's seed (so a report re-derives exactly from the game's record)."""

    #: the registered ruleset whose campaign this is
    ruleset: str
    #: the roster key holding the campaign warband's list
    list_key = "list"

    def parse(self, data: dict[str, Any], source: str) -> Any:
        """The validated warband of list ``data``; CampaignError listing every violation."""
        plugin: Any = registry.get(self.ruleset)  # a KitRuleset: parses list data
        try:
            return plugin.parse_list(data, source)
        except ContentError as exc:
            raise CampaignError(str(exc)) from None

    def muster(self, roster: dict[str, Any]) -> dict[str, Any]:
        """The list the warband takes into its next battle (checked first)."""
        data = roster[self.list_key]
        self.parse(data, f"the {data['name']} campaign warband")
        return copy.deepcopy(data)

    @staticmethod
    def fallen_lines(roster: dict[str, Any]) -> list[str]:
        """The roster's line naming the models it lost for good (``roster["fallen"]``)."""
        return [f"  Fallen: {', '.join(roster['fallen'])}"] if roster.get("fallen") else []

    @staticmethod
    def report_dice(game: Game, side: int) -> tuple[Outcome, Dice]:
        """The finished game's outcome and the dice of ``side``'s After Action Report."""
        outcome = game.outcome()
        if outcome is None:
            raise CampaignError("the game is not finished")
        return outcome, Dice(derive_seed(int(game.header["seed"]), "after-action", side))


def rules_for(ruleset: str) -> CampaignRules:
    """The campaign plug-in of a registered ruleset (its package's ``campaign`` module)."""
    try:
        plugin = registry.get(ruleset)
    except LookupError as exc:
        raise CampaignError(str(exc)) from None
    package = type(plugin).__module__
    try:
        module = importlib.import_module(f"{package}.campaign")
    except ModuleNotFoundError:
        raise CampaignError(f"the {ruleset} ruleset has no campaign rules yet") from None
    rules: CampaignRules = module.CAMPAIGN
    return rules


@dataclass
class Derived:
    """A campaign's state after folding its log."""

    roster: dict[str, Any]
    #: steps in force, oldest first: (step, kinds, summary)
    history: list[tuple[int, list[str], str]] = field(default_factory=list)
    last_report: dict[str, Any] | None = None
    last_step: int | None = None


def live_actions(actions: Sequence[Action]) -> list[Action]:
    """The actions still in force: an ``undo`` cancels the latest step in force before it
    (never the ``start``)."""
    steps: list[list[Action]] = []
    for a in actions:
        if a.kind == "undo":
            if len(steps) <= 1 or steps[-1][0].step != a.payload.get("step"):
                raise CampaignError(f"action {a.seq}: undo of step {a.payload.get('step')},"
                                    " which is not the latest step in force")
            steps.pop()
        elif steps and steps[-1][0].step == a.step:
            steps[-1].append(a)
        else:
            steps.append([a])
    return [a for s in steps for a in s]


def fold(rules: CampaignRules, actions: Sequence[Action]) -> Derived:
    """Derive the roster from the log."""
    live = live_actions(actions)
    if not live or live[0].kind != "start":
        raise CampaignError("a campaign log begins with its start")
    der = Derived(roster={})
    for a in live:
        if a.kind == "start":
            der.roster = rules.start(copy.deepcopy(a.payload["list"]), "campaign start")
            summary = f"started with {a.payload['list'].get('name', '?')}"
        elif a.kind == "battle":
            summary = (f"battle against {a.payload['opponent']} (seed {a.payload['seed']}):"
                       f" {a.payload['result']}")
        elif a.kind == "report":
            der.roster = rules.apply_report(der.roster, a.payload)
            der.last_report = a.payload
            summary = "After Action Report applied"
        elif a.kind == "purchase":
            der.roster = rules.apply_purchase(der.roster, a.payload)
            summary = str(a.payload.get("summary", "purchase"))
        else:
            raise CampaignError(f"action {a.seq}: unknown kind {a.kind!r}")
        if der.history and der.history[-1][0] == a.step:
            der.history[-1][1].append(a.kind)
            der.history[-1] = (a.step, der.history[-1][1], der.history[-1][2] + "; " + summary)
        else:
            der.history.append((a.step, [a.kind], summary))
        der.last_step = a.step
    return der
