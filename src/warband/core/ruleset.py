"""The plug-in interface every ruleset implements.

The CLI, the simulator and the record player only talk to rulesets through this interface and
find them by name in :mod:`warband.core.registry`; they never import a ruleset module directly.

What the simulator (:mod:`warband.sim`) reads from a finished game: the :class:`Outcome`'s
``winner``, ``vp``, ``rounds`` and ``survivors``, :meth:`Ruleset.character_stats`, and these
optional keys of ``Outcome.extra`` (a ruleset that does not set them simply gets no figure for
them):

- ``first_player``: the side label (``"a"``/``"b"``) of the side that acted first in the game
  (Round or turn 1), or None; gives the first-activation advantage.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from warband.core.board import BoardView, ChoiceOdds, Focus
from warband.core.controller import Controller
from warband.core.events import Event
from warband.core.game import Game

__all__ = ["Ruleset", "ProfileRow", "side_labels"]

ProfileRow = dict[str, Any]


def side_labels(count: int) -> tuple[str, ...]:
    """The labels of ``count`` sides in player order: ``a``, ``b``, ``c``..."""
    if not 1 <= count <= 26:
        raise ValueError(f"a game has from 1 to 26 sides, not {count}")
    return tuple(chr(ord("a") + i) for i in range(count))


class Ruleset(ABC):
    """A game system: its content, list rules, game flow, AIs and narration."""

    #: registry name, e.g. ``"arcworlde"``
    name: str
    #: full title of the rulebook
    title: str
    #: side labels in player order (of the usual two-sided game)
    sides: tuple[str, ...] = ("a", "b")
    #: the most warbands one game may have (a ruleset with multiplayer rules raises it); a
    #: game of N sides labels them :func:`side_labels` (``a``, ``b``, ``c``...)
    max_sides: int = 2

    # -- content and lists -----------------------------------------------------------------
    @abstractmethod
    def load_list(self, path: Path) -> Any:
        """Load and validate a warband list file.

        Raises :class:`warband.content.errors.ContentError` listing every violation.
        """

    @abstractmethod
    def list_warnings(self, warband: Any) -> list[str]:
        """Legal but noteworthy facts about a valid list (e.g. unruly hired Characters)."""

    def list_details(self, warband: Any) -> list[str]:
        """Lines of rich markup describing a valid list model by model, with what a player
        works out before the game (``warband validate --show``); none by default."""
        return []

    @abstractmethod
    def sample_lists(self) -> Sequence[Path]:
        """The bundled sample lists; the first two are the default battle."""

    @abstractmethod
    def profiles(self) -> list[ProfileRow]:
        """One row per available profile, for ``warband profiles``."""

    @abstractmethod
    def schemas(self) -> dict[str, dict[str, Any]]:
        """JSON Schemas of this ruleset's content files and lists, by file name."""

    @abstractmethod
    def content_hash(self) -> str:
        """A short hash of the content files, stored in game records."""

    def check_content_hash(self, header: Mapping[str, Any]) -> None:
        """Refuse a record made with other content than this installation's."""
        recorded = header.get("content_hash")
        ours = self.content_hash()
        if recorded not in (None, ours):
            raise ValueError(
                f"the record was made with other content (hash {recorded},"
                f" this installation has {ours})"
            )

    def parse_list(self, data: Any, source: str) -> Any:
        """Validate list data already read (a generated list, a record's list), as
        :meth:`load_list` does a file; raises ContentError listing every violation."""
        raise NotImplementedError(f"{self.name} cannot read list data")

    def random_list(self, game_value: int, seed: int, faction: str | None = None
                    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """A randomly generated list (list-file data) and the rolls that made it, for
        rulesets with a random warband procedure (ArcWorlde's Rogue Warbands)."""
        raise NotImplementedError(f"{self.name} has no random warband generator")

    # -- playing ---------------------------------------------------------------------------
    @abstractmethod
    def new_game(
        self,
        lists: Sequence[Any],
        seed: int,
        options: Mapping[str, Any] | None = None,
        track_digest: bool = False,
        log_events: bool = True,
    ) -> Game:
        """A new game between the given (validated) lists."""

    @abstractmethod
    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        """Rebuild the starting game stored in a record header."""

    @abstractmethod
    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        """AI controller factories by name (at least ``heuristic`` and ``random``)."""

    @abstractmethod
    def narrate(self, event: Event) -> str | None:
        """One line of rich markup describing ``event`` (None to leave it out of the log)."""

    def board_view(self, game_or_state: Any, player: int | None,
                   since: int | None = None) -> BoardView:
        """What is on the table for ``player`` (None: a spectator), as the ruleset-independent
        :class:`~warband.core.board.BoardView` the web board draws. A view: it must leave out
        whatever that player may not see. ``since``: the first event index whose effects
        (moves, attacks) to include (default: :func:`warband.core.board.event_window`)."""
        raise NotImplementedError(f"the {self.name} ruleset has no board view yet")

    def decision_focus(self, view: Any, decision: Any) -> Focus | None:
        """The piece ``decision`` is about and how far it may move (for drawing its reach)."""
        return None

    def has_board_view(self) -> bool:
        """Whether :meth:`board_view` is provided (the web board plays only such rulesets)."""
        return type(self).board_view is not Ruleset.board_view

    def choice_odds(self, view: Any, decision: Any, choice: Any) -> ChoiceOdds | None:
        """The exact odds of ``choice`` (an Attack, a Shot, a Feat...) as ``view``'s player
        would see them before choosing it, or None for an option without chance."""
        return None

    def option_names(self) -> Sequence[str]:
        """Names of the options ``new_game`` accepts (for ``--option``)."""
        return ()

    # -- talking to a human player ------------------------------------------------------------
    def describe_choice(self, view: Any, choice: Any) -> str:
        """One line describing an option to a human player."""
        return repr(choice)

    def describe_view(self, view: Any, player: int) -> list[str]:
        """Lines of rich markup showing a player what it sees before it decides."""
        return []

    def free_form_choice(self, decision: Any, template: Any, x: float, y: float) -> Any:
        """The choice a human means by typing a point (x, y), or None if points make no sense
        for this decision. ``template`` is an option of the menu the point was typed in (in a
        grouped menu, one of that group's options: which model to place, say)."""
        return None

    def explain_refusal(self, decision: Any, choice: Any) -> str | None:
        """Why ``choice`` (a free-form answer, such as a typed point) is not legal for
        ``decision``, in words a player understands; None if there is nothing more to say.
        The reasons come from the rules, which attach them to their decisions (``why_not``)."""
        why_not = getattr(decision, "why_not", None)
        if why_not is None:
            return None
        reason = why_not(choice)
        return reason if isinstance(reason, str) and reason else None

    def choice_group(self, view: Any, choice: Any) -> str | None:
        """A heading under which a human's menu gathers this option with similar ones (the
        places one model may deploy to under "place Halfling Sheriff"), or None. Long menus
        whose options all have headings are shown as a menu of headings first."""
        return None

    def character_stats(self, game: Game) -> list[dict[str, Any]]:
        """Per-model (or per-unit) statistics of a finished game, for the simulator: at least
        ``side``, ``profile``, ``name``, ``damage_dealt``, ``knock_outs``, ``survived``."""
        return []
