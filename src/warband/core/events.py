"""Events: what happened in a game, in order (dice rolled, moved, hit, knocked out...).

Rules emit events into the state's :class:`EventLog`; the narrated log, the replay check and the
statistics all read them. Event payloads are plain JSON values so the stream can be hashed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

__all__ = ["Event", "EventLog", "EventDigest", "canonical_json"]


@dataclass(slots=True)
class Event:
    kind: str
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class EventLog:
    """An append-only list of events."""

    __slots__ = ("events", "enabled")

    def __init__(self, enabled: bool = True) -> None:
        self.events: list[Event] = []
        # A simulation that only needs the outcome may switch the log off; rules must never
        # read the log to decide anything.
        self.enabled = enabled

    def emit(self, kind: str, /, **data: Any) -> None:
        if self.enabled:
            self.events.append(Event(kind, data))

    def __len__(self) -> int:
        return len(self.events)

    def since(self, index: int) -> list[Event]:
        return self.events[index:]


class EventDigest:
    """A running SHA-256 over the canonical JSON of the game's header, then of each event and
    each decision in the order they happened: a record verifies only if it is the game that was
    played, header (seed, lists, options, content) and exact choices included."""

    __slots__ = ("_hash", "count")

    def __init__(self, header: Any = None) -> None:
        self._hash = hashlib.sha256()
        self.count = 0
        if header is not None:
            self._hash.update(b"header ")
            self._hash.update(canonical_json(header).encode())
            self._hash.update(b"\n")

    def update_decision(self, player: int, choice: Any) -> None:
        """Fold in one decision (``choice`` as the record stores it, JSON)."""
        self._hash.update(f"decision {player} ".encode())
        self._hash.update(canonical_json(choice).encode())
        self._hash.update(b"\n")

    def update(self, events: list[Event]) -> None:
        for event in events:
            self._hash.update(canonical_json(event.to_json()).encode())
            self._hash.update(b"\n")
        self.count += len(events)

    def hexdigest(self) -> str:
        return self._hash.hexdigest()[:16]
