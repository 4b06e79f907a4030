"""Games played through the web board: seats, tokens, AI turns, undo, saving and resuming.

Nothing here knows a rule: a session holds a core :class:`~warband.core.game.Game` built by the
ruleset plug-in, asks the ruleset's AI controllers for the AI seats, and shows each seat only
what :meth:`Game.decision_for`, :meth:`Ruleset.board_view` and the narrated log give it.

Saving: every game is a row of the campaign database's ``saved_games`` table: its record (the
same JSON Lines as ``warband battle --replay``, written after every decision) and a small JSON
with the seats and the SHA-256 of each seat's token (never the token itself). After a restart a game is rebuilt from
its header and re-played decision by decision, checking the digest of each step.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text

from warband.campaign.store import Store as CampaignStore
from warband.core import registry
from warband.core.controller import Controller, controller_rng
from warband.core.decisions import Decision, IllegalChoice
from warband.core.game import Game
from warband.core.record import FORMAT, record_lines
from warband.core.ruleset import Ruleset

__all__ = ["GameError", "Session", "Store", "plain"]

HUMAN = "human"
ID_PATTERN = re.compile(r"^[a-z0-9]{8,32}$")
#: largest record a saved game may have on disk before we refuse to load it
MAX_RECORD_BYTES = 8 * 1024 * 1024


class GameError(Exception):
    """A request the game refuses; ``status`` is the HTTP status the API answers with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def plain(markup: str) -> str:
    """Rich markup (the narrated log) as plain text."""
    try:
        return Text.from_markup(markup).plain
    except Exception:  # noqa: BLE001 - a log line that is not valid markup is shown as is
        return markup


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Session:
    """One game on the server."""

    id: str
    ruleset: Ruleset
    game: Game
    seats: dict[int, str]  # player -> "human" or an AI name
    token_hashes: dict[int, str]  # player -> sha256 of its token (human seats only)
    created: float = field(default_factory=time.time)
    source: str = "play"  # play, or record (an uploaded record to watch)
    lock: threading.RLock = field(default_factory=threading.RLock)
    _ais: dict[int, Controller] = field(default_factory=dict)
    _rngs: dict[int, Any] = field(default_factory=dict)
    _frame: tuple[int, Game] | None = None  # the replay scrubber's last step and its game

    # -- seats -----------------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The player a token acts for; None for no token. A wrong token is a 403."""
        if token is None:
            return None
        digest = token_hash(token)
        for player, h in self.token_hashes.items():
            if secrets.compare_digest(h, digest):
                return player
        raise GameError(403, "this token does not belong to a seat of this game")

    @property
    def humans(self) -> list[int]:
        return [p for p, who in self.seats.items() if who == HUMAN]

    # -- playing ---------------------------------------------------------------------------
    def run_ais(self) -> None:
        """Let the AI seats answer until a human seat is asked or the game ends."""
        game = self.game
        factories = self.ruleset.controllers()
        while not game.over:
            ai_turns = [p for p in game.waiting_for() if self.seats.get(p, HUMAN) != HUMAN]
            if not ai_turns:
                return
            for player in ai_turns:
                decision = game.decision_for(player)
                if decision is None:
                    continue
                ai = self._ais.get(player)
                if ai is None:
                    ai = self._ais[player] = factories[self.seats[player]]()
                    self._rngs[player] = controller_rng(int(game.header["seed"]), player)
                game.apply(player, ai.decide(game.view(player), decision, self._rngs[player]))

    def answer(self, player: int | None, choice_index: int | None,
               point: tuple[float, float] | None = None) -> None:
        """A human seat's answer: an option by index, or a point on the table read with that
        option as the template (a move or a placement anywhere legal)."""
        if player is None:
            raise GameError(403, "answering needs a seat's token (Authorization: Bearer ...)")
        decision = self.game.decision_for(player)
        if decision is None:
            raise GameError(409, "this seat is not being asked anything now")
        options = list(decision.options)
        if choice_index is None or not 0 <= choice_index < len(options):
            raise GameError(422, f"choice must be an option index from 0 to {len(options) - 1}")
        choice = options[choice_index]
        if point is not None:
            x, y = point
            free = self.ruleset.free_form_choice(decision, choice, float(x), float(y))
            if free is None:
                raise GameError(422, "this option does not take a point on the table")
            if not decision.is_legal(free):
                why = self.ruleset.explain_refusal(decision, free)  # the rules' own reason
                raise GameError(422, f"({x:.1f}, {y:.1f}) is not a legal place for this: "
                                + (why or "out of reach, outside the zone, in impassable"
                                   " terrain or overlapping a base"))
            choice = free
        try:
            self.game.apply(player, choice)
        except IllegalChoice as exc:
            raise GameError(422, str(exc)) from None
        self.run_ais()

    def undo(self, player: int | None) -> int:
        """Take back ``player``'s last decision and everything after it (replaying the game to
        the decision before it). Only in a game against the AI. Returns decisions removed."""
        if player is None:
            raise GameError(403, "undo needs a seat's token")
        if len(self.humans) != 1:
            raise GameError(409, "undo is only for a game against the AI")
        history = self.game.history
        mine = [i for i, rec in enumerate(history) if rec.player == player]
        if not mine:
            raise GameError(409, "there is no decision of yours to undo")
        cut = mine[-1]
        # answers to one simultaneous decision share their checkpoint: take them back together
        while cut > 0 and history[cut - 1].digest == history[cut].digest:
            cut -= 1
        kept = [(rec.player, rec.choice, rec.reason) for rec in history[:cut]]
        removed = len(history) - cut
        game = self.ruleset.game_from_header(self.game.header, track_digest=True)
        for p, choice, reason in kept:
            game.apply(p, choice, reason)
        self.game = game
        self._ais.clear()
        self.run_ais()
        return removed

    # -- what a seat sees ------------------------------------------------------------------
    def pending_for(self, player: int | None) -> dict[str, Any] | None:
        if player is None:
            return None
        decision = self.game.decision_for(player)
        if decision is None:
            return None
        return describe_decision(self.ruleset, self.game, player, decision)

    def odds(self, player: int | None, choice_index: int) -> dict[str, Any] | None:
        """The exact odds of an option of the seat's pending decision (None: no chance in it)."""
        if player is None:
            raise GameError(403, "odds are for the seat being asked (Authorization: Bearer ...)")
        decision = self.game.decision_for(player)
        if decision is None:
            raise GameError(409, "this seat is not being asked anything now")
        if not 0 <= choice_index < len(decision.options):
            raise GameError(422, f"choice must be an option index from 0 to {len(decision.options) - 1}")
        odds = self.ruleset.choice_odds(self.game.view(player), decision,
                                        decision.options[choice_index])
        return None if odds is None else odds.model_dump(mode="json")

    def log(self, start: int = 0) -> list[dict[str, Any]]:
        lines = []
        for index, event in enumerate(self.game.events[start:], start=start):
            text = self.ruleset.narrate(event)
            if text is not None:
                lines.append({"event": index, "kind": event.kind, "text": plain(text)})
        return lines

    def view(self, player: int | None, since: int | None = None) -> dict[str, Any]:
        game = self.game
        outcome = game.outcome()
        sides = list(self.ruleset.sides)
        return {
            "id": self.id,
            "ruleset": self.ruleset.name,
            "title": self.ruleset.title,
            "seat": None if player is None else sides[player],
            "seats": {sides[p]: who for p, who in self.seats.items()},
            "board": self.ruleset.board_view(game, player, since).to_json(),
            "log": self.log(),
            "pending": self.pending_for(player),
            "waiting_for": [sides[p] for p in game.waiting_for()],
            "decisions": len(game.history),
            "over": game.over,
            "outcome": outcome.to_json() if outcome else None,
            "can_undo": player is not None and len(self.humans) == 1
            and any(rec.player == player for rec in game.history),
        }

    def summary(self) -> dict[str, Any]:
        sides = list(self.ruleset.sides)
        outcome = self.game.outcome()
        return {
            "id": self.id, "ruleset": self.ruleset.name, "created": self.created,
            "seats": {sides[p]: who for p, who in self.seats.items()},
            "warbands": [str(w.get("name", "?")) for w in self.game.header.get("lists", [])
                         if isinstance(w, Mapping)],
            "decisions": len(self.game.history), "over": self.game.over,
            "winner": outcome.winner_side if outcome else None, "source": self.source,
        }

    def record_text(self) -> str:
        return "\n".join(record_lines(self.game)) + "\n"

    def round_steps(self) -> list[dict[str, Any]]:
        """Where each Round (or turn) starts, as a replay step: the first decision taken after
        the event that opens it. Rulesets mark a new Round with a ``round`` or ``turn`` event
        carrying its ``number`` (both playable rulesets do)."""
        marks = []
        history = self.game.history
        s = 0
        for index, event in enumerate(self.game.events):
            if event.kind in ("round", "turn") and isinstance(event.get("number"), int):
                while s < len(history) and history[s].events <= index:
                    s += 1
                marks.append({"label": f"{event.kind.title()} {event['number']}",
                              "step": min(s + 1, len(history))})
        return marks

    def frame(self, step: int) -> dict[str, Any]:
        """The table after the first ``step`` decisions of a finished game (the replay
        scrubber): the spectator's board view with what that decision did, and the log so
        far. The game is re-played from its header, which is exact."""
        history = self.game.history
        if not self.game.over:
            raise GameError(409, "the replay opens once the game is over")
        step = max(0, min(step, len(history)))
        # a replay mostly goes forward: keep the replayed game and play on from where it is
        cached = self._frame
        if cached is not None and cached[0] <= step:
            at, game = cached
        else:
            at, game = 0, self.ruleset.game_from_header(self.game.header, track_digest=True)
        for rec in history[at:step]:
            if game.over:
                break
            game.apply(rec.player, rec.choice, rec.reason)
        self._frame = (step, game)
        before = history[step - 2].events if step >= 2 else 0
        shown = Session(id=self.id, ruleset=self.ruleset, game=game, seats=self.seats,
                        token_hashes={})
        return {
            "step": step, "steps": len(history), "rounds": self.round_steps(),
            "board": self.ruleset.board_view(game, None, since=before).to_json(),
            "log": shown.log(),
            "decision": None if step == 0 else {
                "player": list(self.ruleset.sides)[history[step - 1].player],
                "kind": history[step - 1].kind, "reason": history[step - 1].reason},
        }


def describe_decision(ruleset: Ruleset, game: Game, player: int,
                      decision: Decision) -> dict[str, Any]:
    """A decision as the page shows it: its options with labels, and for each option what on
    the table it refers to (a point to click, pieces to click), read from the option's encoded
    fields (``x``/``y``: a point; ``uid``/``target``: a piece) so no ruleset code is needed."""
    view = game.view(player)
    options = []
    for index, option in enumerate(decision.options):
        encoded = game.codec.encode(option)
        item: dict[str, Any] = {"index": index, "label": ruleset.describe_choice(view, option),
                                "type": encoded.get("type") if isinstance(encoded, dict) else None}
        if isinstance(encoded, dict):
            x, y = encoded.get("x"), encoded.get("y")
            if _number(x) and _number(y):
                item["point"] = [x, y]
            pieces = [str(encoded[k]) for k in ("uid", "target")
                      if isinstance(encoded.get(k), int) and not isinstance(encoded.get(k), bool)
                      and encoded[k] >= 0]
            if pieces:
                item["pieces"] = pieces
            placements = encoded.get("placements")
            if isinstance(placements, list) and placements:
                item["placements"] = [
                    {"piece": str(p[0]), "point": [p[1], p[2]]} for p in placements
                    if isinstance(p, list) and len(p) == 3]
        group = ruleset.choice_group(view, option)
        if group is not None:
            item["group"] = group
        options.append(item)
    free = decision.accepts is not None and bool(decision.options) and (
        ruleset.free_form_choice(decision, decision.options[0], 0.0, 0.0) is not None)
    focus = ruleset.decision_focus(view, decision)
    return {"kind": decision.kind, "prompt": decision.prompt or decision.kind,
            "options": options, "free_point": free,
            "focus": None if focus is None else focus.model_dump(mode="json")}


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


class Store:
    """Every game of the server, kept in memory and saved in the campaign database
    (:class:`warband.campaign.store.Store`, table ``saved_games``) after every decision.
    Games saved as files by earlier versions (``<id>.jsonl`` and ``<id>.json`` in
    ``legacy``) are still listed and resumed, and move into the database when next saved."""

    def __init__(self, db: CampaignStore, legacy: Path | None = None) -> None:
        self.db = db
        self.legacy = legacy
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    # -- making games ----------------------------------------------------------------------
    def create(self, ruleset: Ruleset, lists: list[Any], seed: int, options: Mapping[str, Any],
               seats: Mapping[int, str]) -> tuple[Session, dict[int, str]]:
        factories = ruleset.controllers()
        for who in seats.values():
            if who != HUMAN and who not in factories:
                raise GameError(422, f"unknown seat {who!r} for {ruleset.name}: 'human' or an AI"
                                     f" ({', '.join(factories)})")
        try:
            game = ruleset.new_game(lists, seed, dict(options), track_digest=True)
        except ValueError as exc:
            raise GameError(422, str(exc)) from None
        tokens = {p: secrets.token_urlsafe(24) for p, who in seats.items() if who == HUMAN}
        session = Session(
            id=secrets.token_hex(8), ruleset=ruleset, game=game, seats=dict(seats),
            token_hashes={p: token_hash(t) for p, t in tokens.items()},
        )
        session.run_ais()
        with self._lock:
            self._sessions[session.id] = session
        self.save(session)
        return session, tokens

    def add_record(self, ruleset: Ruleset, game: Game) -> Session:
        """A finished game from an uploaded record, to watch."""
        session = Session(id=secrets.token_hex(8), ruleset=ruleset, game=game,
                          seats={0: "record", 1: "record"}, token_hashes={}, source="record")
        with self._lock:
            self._sessions[session.id] = session
        self.save(session)
        return session

    # -- finding games ---------------------------------------------------------------------
    def get(self, game_id: str) -> Session:
        if not ID_PATTERN.match(game_id):
            raise GameError(404, "no such game")
        with self._lock:
            session = self._sessions.get(game_id)
            if session is None:
                session = self._load(game_id)
                self._sessions[game_id] = session
            return session

    def _legacy_ids(self) -> set[str]:
        if self.legacy is None or not self.legacy.is_dir():
            return set()
        return {p.stem for p in self.legacy.glob("*.json") if ID_PATTERN.match(p.stem)}

    def ids(self) -> list[str]:
        saved = {game_id for game_id, _ in self.db.saved_games()}
        return sorted(saved | self._legacy_ids() | set(self._sessions))

    def summaries(self) -> Iterator[dict[str, Any]]:
        """Every saved game's summary, read from its saved seats (no replay), or from the game
        itself when it is in memory. A damaged save is left out of the list (and reported
        when opened)."""
        metas = dict(self.db.saved_games())
        for game_id in self._legacy_ids() - set(metas):
            try:
                metas[game_id] = (self.legacy / f"{game_id}.json"  # type: ignore[operator]
                                  ).read_text(encoding="utf-8")
            except OSError:
                continue
        for game_id in sorted(set(metas) | set(self._sessions)):
            session = self._sessions.get(game_id)
            if session is not None:
                yield session.summary()
                continue
            try:
                summary = json.loads(metas[game_id])["summary"]
            except (ValueError, KeyError, TypeError):
                continue
            if isinstance(summary, dict):
                yield summary

    # -- saving ----------------------------------------------------------------------------
    def save(self, session: Session) -> None:
        """One transaction: a crash mid-save never leaves half a save."""
        meta = {
            "id": session.id, "ruleset": session.ruleset.name, "created": session.created,
            "source": session.source,
            "seats": {str(p): who for p, who in session.seats.items()},
            "token_sha256": {str(p): h for p, h in session.token_hashes.items()},
            "summary": session.summary(),
        }
        self.db.save_game(session.id, session.ruleset.name, json.dumps(meta, indent=1),
                          session.record_text(), session.created)

    def _saved(self, game_id: str) -> tuple[str, str]:
        saved = self.db.saved_game(game_id)
        if saved is not None:
            return saved
        if self.legacy is not None:
            meta_path = self.legacy / f"{game_id}.json"
            record_path = self.legacy / f"{game_id}.jsonl"
            if meta_path.is_file() and record_path.is_file():
                if record_path.stat().st_size > MAX_RECORD_BYTES:
                    raise GameError(500, f"saved game {game_id} is too large to load")
                return (meta_path.read_text(encoding="utf-8"),
                        record_path.read_text(encoding="utf-8"))
        raise GameError(404, "no such game")

    def _load(self, game_id: str) -> Session:
        try:
            meta_text, record_text = self._saved(game_id)
            if len(record_text) > MAX_RECORD_BYTES:
                raise GameError(500, f"saved game {game_id} is too large to load")
            meta = json.loads(meta_text)
            lines = [json.loads(line) for line in record_text.splitlines() if line.strip()]
            ruleset = registry.get(str(meta["ruleset"]))
            header = lines[0]
            if header.get("format") != FORMAT:
                raise ValueError("not a warband record")
            game = ruleset.game_from_header(header, track_digest=True)
            decisions = [line for line in lines[1:] if not line.get("end")]
            verified = 0
            for line in decisions:
                game.apply(int(line["player"]), game.codec.decode(line["choice"]),
                           line.get("reason"))
                while verified < len(game.history):  # simultaneous answers enter together
                    if game.history[verified].digest != decisions[verified]["digest"]:
                        raise ValueError(f"line {verified + 2}: the game diverges from its save")
                    verified += 1
            seats = {int(p): str(who) for p, who in meta["seats"].items()}
            hashes = {int(p): str(h) for p, h in meta.get("token_sha256", {}).items()}
        except GameError:
            raise
        except (OSError, ValueError, KeyError, TypeError, IndexError, LookupError,
                IllegalChoice) as exc:
            raise GameError(500, f"saved game {game_id} cannot be resumed: {exc}") from None
        session = Session(id=game_id, ruleset=ruleset, game=game, seats=seats,
                          token_hashes=hashes, created=float(meta.get("created", 0.0)),
                          source=str(meta.get("source", "play")))
        session.run_ais()
        return session
