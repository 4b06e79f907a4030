"""The game loop shared by every ruleset.

A ruleset writes its turn sequence as a *flow*: a generator over its state that yields each
:class:`~warband.core.decisions.Decision` (or :class:`~warband.core.decisions.Simultaneous`)
it needs, receives the answer, applies the rules (drawing chance from the state's dice and
emitting events) and finally returns the :class:`Outcome`. Sub-steps compose with
``yield from``, so a rulebook's sequence of play reads as nested functions.

:class:`Game` drives the flow: it validates each answer against the pending decision (an illegal
answer raises :class:`IllegalChoice` and changes nothing), holds secret answers out of the state
until every player has answered, answers trivial one-option decisions itself, and keeps the list
of decisions that, with the seed, replays the game exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from warband.core.decisions import ChoiceCodec, Decision, IllegalChoice, Reasoned, Simultaneous
from warband.core.dice import Dice
from warband.core.events import Event, EventDigest, EventLog
from warband.core.values import FieldRecord

__all__ = [
    "DecisionRecord",
    "Flow",
    "Steps",
    "Game",
    "GameState",
    "Outcome",
]

Pending = Decision | Simultaneous
#: a whole game: yields decisions, returns the Outcome
Flow = Generator[Pending, Any, "Outcome"]
#: a part of a game (a Round, an Activation, an Action): yields decisions, returns nothing
Steps = Generator[Pending, Any, None]


class GameState(Protocol):
    """What the core needs of a ruleset's state: its dice and its event log."""

    dice: Dice
    log: EventLog


@dataclass(slots=True)
class Outcome:
    """The result of a finished game."""

    sides: list[str]  # side labels, in player order ("a", "b")
    names: list[str]  # warband names, in player order
    winner: int | None  # player index, or None for a draw
    vp: list[int]
    rounds: int
    survivors: list[list[str]]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def winner_side(self) -> str | None:
        return None if self.winner is None else self.sides[self.winner]

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner_side,
            "vp": dict(zip(self.sides, self.vp, strict=True)),
            "rounds": self.rounds,
            "survivors": dict(zip(self.sides, self.survivors, strict=True)),
            "warbands": dict(zip(self.sides, self.names, strict=True)),
            **self.extra,
        }


class DecisionRecord(FieldRecord):
    """One answered decision, as stored in a game record.

    Written out rather than a dataclass (one per decision): the compiled build compiles a
    written ``__init__`` (docs/performance.md, "Compiled build"); it compares and prints
    field by field, as the dataclass did."""

    __slots__ = ("player", "kind", "choice", "reason", "events", "digest")

    def __init__(self, player: int, kind: str, choice: Any, reason: str | None = None,
                 events: int = 0, digest: str = "") -> None:
        self.player = player
        self.kind = kind
        self.choice = choice
        self.reason = reason
        self.events = events  # number of events after this decision took effect
        self.digest = digest  # running digest of the event stream at that point

    def fields(self) -> tuple[object, ...]:
        return (self.player, self.kind, self.choice, self.reason, self.events, self.digest)

    def __repr__(self) -> str:
        return (f"DecisionRecord(player={self.player!r}, kind={self.kind!r},"
                f" choice={self.choice!r}, reason={self.reason!r}, events={self.events!r},"
                f" digest={self.digest!r})")


class Game:
    """Drives a ruleset flow, one validated decision at a time."""

    def __init__(
        self,
        ruleset: str,
        state: GameState,
        flow: Flow,
        codec: ChoiceCodec,
        view: Callable[[Any, int], Any],
        header: Mapping[str, Any],
        track_digest: bool = False,
    ) -> None:
        self.ruleset = ruleset
        self.state = state
        self.codec = codec
        self.header = dict(header)
        self.history: list[DecisionRecord] = []
        self._flow = flow
        self._view = view
        self._pending: Pending | None = None
        self._secrets: dict[int, tuple[Any, str | None, bool]] = {}  # answer, reason, auto
        self._outcome: Outcome | None = None
        self._digest = EventDigest(self.header) if track_digest else None
        self._advance(None, first=True)

    # -- reading the game ----------------------------------------------------------------
    def pending(self) -> Pending | None:
        """The decision the game waits for, or None once it is over."""
        return self._pending

    def waiting_for(self) -> list[int]:
        """Players whose answer the game is waiting for now."""
        pending = self._pending
        if pending is None:
            return []
        if isinstance(pending, Decision):
            return [pending.player]
        return [p for p in pending.players if p not in self._secrets]

    def decision_for(self, player: int) -> Decision | None:
        pending = self._pending
        if pending is None:
            return None
        if isinstance(pending, Decision):
            return pending if pending.player == player else None
        if player in self._secrets:
            return None
        return pending.part_for(player)

    def view(self, player: int) -> Any:
        """What ``player`` may see. Secret answers still pending are never part of it."""
        return self._view(self.state, player)

    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def over(self) -> bool:
        return self._outcome is not None

    @property
    def events(self) -> list[Event]:
        return self.state.log.events

    @property
    def digest(self) -> str:
        return self._digest.hexdigest() if self._digest else ""

    # -- changing the game ---------------------------------------------------------------
    def apply(self, player: int, choice: Any, reason: str | None = None) -> list[Event]:
        """Answer the pending decision for ``player``; returns the events that followed.

        Raises :class:`IllegalChoice` (and changes nothing) if ``player`` is not being asked
        or the choice is not legal.
        """
        if isinstance(choice, Reasoned):
            choice, reason = choice.choice, choice.reason
        pending = self._pending
        # (the one-player decision, asked of its player: decision_for written out)
        decision = (pending if type(pending) is Decision and pending.player == player
                    else self.decision_for(player))
        if decision is None:
            raise IllegalChoice(f"player {player} has no decision to make now")
        if not decision.is_legal(choice):
            raise IllegalChoice(f"{choice!r} is not a legal choice for {decision.kind}")
        events = self.state.log.events
        start = len(events)
        if isinstance(pending, Simultaneous):
            self._secrets[player] = (choice, reason, False)
            if len(self._secrets) < len(pending.parts):
                return []
            answers = {p: self._secrets[p][0] for p in pending.players}
            for p in pending.players:
                ans, why, auto = self._secrets[p]
                if not auto:
                    self._record(p, pending.kind, ans, why)
            self._secrets = {}
            self._advance(answers)
        else:
            self._record(player, decision.kind, choice, reason)
            self._advance(choice)
        return events[start:]  # (the log's list: appended to, never replaced)

    def _record(self, player: int, kind: str, choice: Any, reason: str | None) -> None:
        if reason and self.state.log.enabled:
            self.state.log.emit("reason", player=player, text=reason)
        self.history.append(DecisionRecord(player, kind, choice, reason))
        if self._digest is not None:
            # events so far first, so that the decision sits where it happened in the stream
            events = self.state.log.events
            if self._digest.count < len(events):
                self._digest.update(events[self._digest.count :])
            self._digest.update_decision(player, self.codec.encode(choice))

    def _advance(self, value: Any, first: bool = False) -> None:
        flow = self._flow
        try:
            pending = next(flow) if first else flow.send(value)
            while True:
                if isinstance(pending, Decision):
                    # (Decision.trivial written out: asked after every answer)
                    if not pending.auto or pending.accepts is not None or len(pending.options) != 1:
                        break
                    pending = flow.send(pending.options[0])
                    continue
                trivial = [part for part in pending.parts if part.trivial]
                if len(trivial) < len(pending.parts):
                    for part in trivial:
                        self._secrets[part.player] = (part.options[0], None, True)
                    break
                pending = flow.send({part.player: part.options[0] for part in pending.parts})
        except StopIteration as stop:
            self._pending = None
            self._outcome = stop.value
        else:
            self._pending = pending
        if self._digest is not None:
            self._checkpoint()

    def _checkpoint(self) -> None:
        if self._digest is None:
            return
        events = self.state.log.events
        if self._digest.count < len(events):
            self._digest.update(events[self._digest.count :])
        if self.history and not self.history[-1].digest:
            # Simultaneous answers are recorded together; they all share this checkpoint.
            for rec in reversed(self.history):
                if rec.digest:
                    break
                rec.events = self._digest.count
                rec.digest = self._digest.hexdigest()
