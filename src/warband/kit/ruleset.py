"""The plug-in base class: everything a ruleset's ``RULESET`` object does that is not its own.

Subclass :class:`KitRuleset`, declare the class attributes and implement the hooks; the kit
then provides the whole :class:`warband.core.ruleset.Ruleset` interface the CLI, the simulator
and the record player use: list loading (with the ruleset check and every violation reported),
sample lists, JSON Schemas, the content hash and its check against a record, option names,
``new_game`` (lists + seed + options -> a :class:`~warband.core.game.Game` with its record
header) and ``game_from_header`` (the same game rebuilt from a record).

What a ruleset declares (class attributes):

``name``, ``title``
    registry name (``"arcworlde"``) and the rulebook's title.
``content_dir``
    the packaged content folder (default: ``content/`` beside the module defining the class);
    sample lists live in its ``lists/`` sub-folder.
``sample_list_names``
    file names of the sample lists; the first two are the default battle.
``default_scenario``
    the scenario id used when no ``scenario`` option is given, or None for a game without
    scenarios (then ``scenario`` is not an option).
``options_type``, ``option_specs``
    the options dataclass the rules read in play (created with no arguments for the defaults)
    and one :class:`~warband.kit.options.Option` per field a player may set. Default: ``Options``
    and ``OPTIONS`` of the package's ``options`` module; a game without that module has no
    options but ``scenario``.

What it provides, by convention in the modules of its package (imported lazily, on first use,
so that the registry, which imports every ruleset package to list them, stays fast; override
the matching method instead to do it differently):

``catalogue.catalogue()`` -> :meth:`catalogue`
    the validated content (usually ``ContentFolder.catalogue``); has ``digest`` and, with
    scenarios, a ``scenarios`` mapping.
``lists.parse_list(data, source, cat, lines, ruleset)`` -> :meth:`parse_list`
    validates parsed list data (use :func:`warband.kit.lists.read_list` and
    :class:`~warband.kit.lists.ListProblems`); the result has ``source`` (the list as validated,
    stored in records) and may have ``warnings()`` (see :class:`warband.kit.lists.Roster`).
``models.SCHEMAS`` -> :meth:`schema_models`
    the pydantic models of the content files and lists by short name (``"list"``,
    ``"profiles"``), exported as ``<name>-<key>.schema.json``.
``game.setup_game(cat, lists, seed, options, scenario, given, log_events)`` -> :meth:`setup`
    the starting state, flow, view and codec of a game (a :class:`Setup`); ``options`` is the
    parsed options dataclass, ``scenario`` the catalogue's scenario (None without scenarios),
    ``given`` the options as the user gave them. Raise ValueError for a game that cannot be
    set up.
``narrate.narrate(event)`` -> :meth:`narrate`
    one line of rich markup per event (a :class:`warband.kit.narrate.Narrator`).
``board.board_view(game_or_state, player, since)`` -> :meth:`board_view`
    what is on the table for a player, as a :class:`warband.core.board.BoardView` (the web
    board draws it; a game without it cannot be played there). Optional; beside it,
    ``board.decision_focus(view, decision)`` names the piece a decision is about and its reach.
``choice_odds.choice_odds(view, decision, choice)`` -> :meth:`choice_odds`
    the exact odds of an option (an Attack, a Feat), shown before it is chosen. Optional.
``describe.describe_choice``, ``describe.describe_view``, ``describe.profile_rows``,
``describe.character_stats``, ``describe.list_details`` (optional) -> the methods of the same
    name (``profiles`` for ``profile_rows``): the human player's menu lines and board,
    ``warband profiles``, the simulator's per-model figures and ``warband validate --show``.
    Without them, the :class:`~warband.core.ruleset.Ruleset` defaults apply.

and one method it must write: :meth:`controllers` (the AIs by name, at least ``heuristic`` and
``random``). ``free_form_choice`` and ``choice_group`` may be overridden for human play.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from warband.core.board import BoardView, ChoiceOdds, Focus
from warband.core.decisions import ChoiceCodec
from warband.core.events import Event
from warband.core.game import Flow, Game, GameState
from warband.core.ruleset import ProfileRow, Ruleset
from warband.kit.options import Option, option_names, parse_options

if TYPE_CHECKING:  # kept out of the import: the registry imports every ruleset package
    from pydantic import BaseModel

    from warband.content.yamlio import LineMap

__all__ = ["KitRuleset", "Setup"]


class _NoOptions:
    """The options of a game that has none."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What :meth:`KitRuleset.setup` returns: the game's starting state, its flow (a generator
    over that state), the view class (``view(state, player)``: what a player may see) and the
    codec of the game's choices."""

    state: GameState
    flow: Flow
    view: Callable[[Any, int], Any]
    codec: ChoiceCodec


class KitRuleset(Ruleset):
    """A ruleset built on the kit (see the module docstring for what to declare)."""

    #: the package holding the ruleset's modules (default: the module defining the class,
    #: which is the package when the class lives in its ``__init__``)
    package: ClassVar[str]
    content_dir: ClassVar[Path]
    sample_list_names: ClassVar[tuple[str, ...]]
    default_scenario: ClassVar[str | None] = None
    options_type: ClassVar[type[Any] | None] = None
    option_specs: ClassVar[tuple[Option, ...] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "package" not in cls.__dict__:
            cls.package = cls.__module__
        if "content_dir" not in cls.__dict__:
            module_file = sys.modules[cls.__module__].__file__
            if module_file is not None:
                cls.content_dir = Path(module_file).with_name("content")

    def game_options(self) -> tuple[tuple[Option, ...], type[Any]]:
        """The option specs and the options dataclass (declared, or from ``options.py``)."""
        specs = self.option_specs
        if specs is None:
            specs = tuple(self.part("options", "OPTIONS", required=False) or ())
        kind = self.options_type or self.part("options", "Options", required=False) or _NoOptions
        return specs, kind

    def part(self, module: str, name: str, required: bool = True) -> Any:
        """``name`` from the module ``<package>.<module>``, imported on first use and then
        remembered. A missing optional part (``required=False``) is None."""
        key = (module, name)
        cache: dict[tuple[str, str], Any] = self.__dict__.setdefault("_parts", {})
        if key not in cache:
            full = f"{self.package}.{module}"
            if not required and importlib.util.find_spec(full) is None:
                cache[key] = None
            else:
                found = getattr(importlib.import_module(full), name, None)
                if found is None and required:
                    raise AttributeError(f"ruleset {self.name!r}: {full} defines no {name}")
                cache[key] = found
        return cache[key]

    # -- hooks (conventions; override to do otherwise) ------------------------------------------
    def catalogue(self) -> Any:
        """The validated content catalogue in use (has ``digest``; ``scenarios`` if any)."""
        return self.part("catalogue", "catalogue")()

    def parse_list(self, data: Any, source: str, lines: LineMap | None = None) -> Any:
        """Validate parsed list data against the catalogue; raise ContentError listing every
        violation."""
        return self.part("lists", "parse_list")(data, source, self.catalogue(), lines, self.name)

    def schema_models(self) -> Mapping[str, type[BaseModel]]:
        """Content and list models by short name (``"list"``, ``"profiles"``...)."""
        models: Mapping[str, type[BaseModel]] = self.part("models", "SCHEMAS")
        return models

    def setup(self, cat: Any, lists: Sequence[Any], seed: int, options: Any,
              scenario: Any, given: Mapping[str, Any], log_events: bool) -> Setup:
        """The starting state and flow of a game between ``lists`` (``game.setup_game``)."""
        setup: Setup = self.part("game", "setup_game")(cat, lists, seed, options, scenario,
                                                       given, log_events)
        return setup

    def narrate(self, event: Event) -> str | None:
        narrate: Callable[[Event], str | None] = self.part("narrate", "narrate")
        return narrate(event)

    def profiles(self) -> list[ProfileRow]:
        rows = self.part("describe", "profile_rows", required=False)
        return list(rows(self.catalogue())) if rows is not None else []

    def describe_choice(self, view: Any, choice: Any) -> str:
        describe = self.part("describe", "describe_choice", required=False)
        return str(describe(view, choice)) if describe is not None else repr(choice)

    def describe_view(self, view: Any, player: int) -> list[str]:
        describe = self.part("describe", "describe_view", required=False)
        return list(describe(view, player)) if describe is not None else []

    def list_details(self, warband: Any) -> list[str]:
        details = self.part("describe", "list_details", required=False)
        return list(details(warband)) if details is not None else []

    def character_stats(self, game: Game) -> list[dict[str, Any]]:
        stats = self.part("describe", "character_stats", required=False)
        return list(stats(game.state)) if stats is not None else []

    def board_view(self, game_or_state: Any, player: int | None,
                   since: int | None = None) -> BoardView:
        """What is on the table for ``player`` (``board.board_view``)."""
        view = self.part("board", "board_view", required=False)
        if view is None:
            return super().board_view(game_or_state, player, since)
        board: BoardView = view(game_or_state, player, since)
        return board

    def has_board_view(self) -> bool:
        return self.part("board", "board_view", required=False) is not None

    def decision_focus(self, view: Any, decision: Any) -> Focus | None:
        """The piece a decision is about and its reach (``board.decision_focus``)."""
        focus = self.part("board", "decision_focus", required=False)
        return None if focus is None else focus(view, decision)

    def choice_odds(self, view: Any, decision: Any, choice: Any) -> ChoiceOdds | None:
        """The exact odds of an option (``choice_odds.choice_odds``; None without it)."""
        odds = self.part("choice_odds", "choice_odds", required=False)
        return None if odds is None else odds(view, decision, choice)

    # -- the Ruleset interface, provided -------------------------------------------------------
    def load_list(self, path: Path) -> Any:
        from warband.kit.lists import load_list_file

        return load_list_file(path, self.parse_list)

    def list_warnings(self, warband: Any) -> list[str]:
        warnings = getattr(warband, "warnings", None)
        return list(warnings()) if warnings is not None else []

    def sample_lists(self) -> Sequence[Path]:
        return [self.content_dir / "lists" / n for n in self.sample_list_names]

    def schemas(self) -> dict[str, dict[str, Any]]:
        return {f"{self.name}-{key}.schema.json": model.model_json_schema()
                for key, model in self.schema_models().items()}

    def content_hash(self) -> str:
        return str(self.catalogue().digest)

    def option_names(self) -> Sequence[str]:
        return option_names(self.game_options()[0], self.default_scenario is not None)

    def parse_options(self, options: Mapping[str, Any] | None) -> tuple[Any, str | None]:
        """The options dataclass for ``options`` (checked) and the scenario id."""
        specs, kind = self.game_options()
        return parse_options(options, specs, kind, self.default_scenario)

    def new_game(
        self, lists: Sequence[Any], seed: int, options: Mapping[str, Any] | None = None,
        track_digest: bool = False, log_events: bool = True,
    ) -> Game:
        least = len(self.sides)
        if not least <= len(lists) <= max(least, self.max_sides):
            if self.max_sides <= least:
                raise ValueError(f"a {self.name} battle here is between exactly"
                                 f" {least} warbands, not {len(lists)}")
            raise ValueError(f"a {self.name} battle is between {least} and {self.max_sides}"
                             f" warbands, not {len(lists)}")
        cat = self.catalogue()
        given = dict(options or {})
        opts, scenario_id = self.parse_options(given)
        scenario = None
        if scenario_id is not None:
            scenario = cat.scenarios.get(scenario_id)
            if scenario is None:
                raise ValueError(f"unknown scenario {scenario_id!r}"
                                 f" (known: {', '.join(sorted(cat.scenarios))})")
            given["scenario"] = scenario_id
        parts = self.setup(cat, lists, seed, opts, scenario, dict(options or {}), log_events)
        header = {
            "ruleset": self.name,
            "content_hash": cat.digest,
            "seed": seed,
            "lists": [dict(w.source) for w in lists],
            "options": given,
        }
        return Game(self.name, parts.state, parts.flow, parts.codec, parts.view, header,
                    track_digest)

    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        self.check_content_hash(header)
        lists = [self.parse_list(data, f"record list {i + 1}")
                 for i, data in enumerate(header["lists"])]
        return self.new_game(lists, int(header["seed"]), header.get("options"), track_digest)
