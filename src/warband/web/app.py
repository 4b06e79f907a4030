"""The web board's HTTP API and page (``warband serve``): a thin FastAPI adapter.

No rule lives here: games are core :class:`~warband.core.game.Game` objects built and drawn by
their ruleset plug-in (:mod:`warband.web.sessions`); the page (``static/``) only sends answers
to the decisions the engine asks. Endpoints are documented in ``docs/web.md`` and in the
OpenAPI schema FastAPI serves at ``/docs``.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, Header, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.trustedhost import TrustedHostMiddleware

from warband.content.errors import ContentError
from warband.core import registry
from warband.core.board import board_schema
from warband.core.record import RecordError, read_record, replay
from warband.core.ruleset import Ruleset
from warband.web.sessions import HUMAN, GameError, Session, Store
from warband.web.simulations import Simulations

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
#: largest list (pasted YAML) or record (uploaded JSON Lines) the server reads
MAX_LIST_BYTES = 256 * 1024
MAX_RECORD_BYTES = 4 * 1024 * 1024


# -- request bodies --------------------------------------------------------------------------
class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PastedList(_Body):
    yaml: str = Field(max_length=MAX_LIST_BYTES, description="A warband list file's text.")


class NewGame(_Body):
    ruleset: str = Field(max_length=80)
    seed: int | None = Field(None, ge=0, le=2**63 - 1)
    lists: list[str | PastedList] = Field(
        default_factory=list, max_length=2,
        description="Two lists: a bundled list's file name (see /api/rulesets) or pasted YAML."
                    " Missing ones are the ruleset's default lists.")
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    seats: dict[str, str] = Field(
        default_factory=lambda: {"a": HUMAN, "b": "heuristic"},
        description='Each side: "human" or the name of an AI.')


#: a table coordinate: NaN and infinities are refused at the edge (JSON from Python can carry them)
FiniteCoord = Annotated[float, Field(allow_inf_nan=False, ge=-10_000, le=10_000)]


class Answer(_Body):
    choice: int = Field(description="Index of the option in pending.options.")
    point: tuple[FiniteCoord, FiniteCoord] | None = Field(
        None, description="A point on the table, read with the chosen option as its template"
                          " (only where pending.free_point is true).")


class NewSimulation(_Body):
    ruleset: str = Field(max_length=80)
    lists: list[str] = Field(min_length=2, max_length=2, description="Two bundled list names.")
    ais: list[str] = Field(default_factory=lambda: ["heuristic", "heuristic"], min_length=1, max_length=2)
    games: int = Field(20, ge=1, le=1000)
    seed: int = Field(1, ge=0, le=2**63 - 1)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)


class NewRecord(_Body):
    record: str = Field(max_length=MAX_RECORD_BYTES, description="A game record (JSON Lines).")


# -- helpers ---------------------------------------------------------------------------------
def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise HTTPException(401, "use Authorization: Bearer TOKEN")
    return token.strip()


def _ruleset(name: str) -> Ruleset:
    try:
        return registry.get(name)
    except LookupError as exc:
        raise HTTPException(422, str(exc)) from None


def _playable(rs: Ruleset) -> bool:
    return rs.has_board_view() and bool(rs.sample_lists())


def _load_lists(rs: Ruleset, wanted: list[str | PastedList], scratch: Path) -> list[Any]:
    samples = {p.name: p for p in rs.sample_lists()}
    defaults = list(rs.sample_lists())
    lists: list[Any] = []
    problems: list[str] = []
    for i in range(2):
        item = wanted[i] if i < len(wanted) else defaults[i % len(defaults)].name
        try:
            if isinstance(item, PastedList):
                # the CLI's loader (size, YAML bombs, every violation) reads it from a file of
                # our own naming inside the data folder: user text never names a path
                with tempfile.TemporaryDirectory(dir=scratch) as tmp:
                    path = Path(tmp) / f"list-{'ab'[i]}.yaml"
                    path.write_text(item.yaml, encoding="utf-8")
                    try:
                        lists.append(rs.load_list(path))
                    except (ContentError, ValueError, OSError) as exc:
                        # name the pasted list, not the server's scratch file
                        problems.extend(f"list {i + 1}: {text.replace(str(path), path.name)}"
                                        for text in _messages(exc))
                        continue
            elif item in samples:
                lists.append(rs.load_list(samples[item]))
            else:
                problems.append(f"list {i + 1}: no bundled list {item!r}"
                                f" (bundled: {', '.join(samples)})")
        except (ContentError, ValueError, OSError) as exc:
            problems.extend(f"list {i + 1}: {text}" for text in _messages(exc))
    if problems:
        raise HTTPException(422, {"message": "the lists are not valid", "violations": problems})
    return lists


def _messages(exc: Exception) -> list[str]:
    if isinstance(exc, ContentError):
        return [str(v) for v in exc.violations]
    return [str(exc)]


class CampaignBattle(BaseModel):
    """``POST /api/campaigns/{name}/battle``."""

    model_config = ConfigDict(extra="forbid")
    against: str = Field(min_length=1, max_length=200)
    ai: str = Field("heuristic", max_length=40)
    seed: int | None = Field(None, ge=0, le=2**63 - 1)


def create_app(data: Path, allowed_hosts: list[str] | None = None) -> FastAPI:
    """The web board app, keeping its games in the folder ``data``. ``allowed_hosts``: the
    only Host headers served (``warband serve`` on 127.0.0.1 allows the loopback names, so a
    web page elsewhere cannot reach the board by rebinding its DNS name to this machine)."""
    from warband.campaign.service import ROGUE, Campaigns
    from warband.campaign.store import Store as CampaignStore
    from warband.campaign.store import database_url

    data.mkdir(parents=True, exist_ok=True)
    # one database for the board's saved games and the campaigns: WARBAND_DB, else
    # campaigns.db in the data folder (the CLI's default when --data is the default folder)
    db = CampaignStore(database_url(os.environ.get("WARBAND_DB") or str(data / "campaigns.db")))
    store = Store(db, legacy=data / "games")
    camps = Campaigns(db)
    scratch = data / "uploads"
    scratch.mkdir(parents=True, exist_ok=True)
    app = FastAPI(title="warband web board", version="1",
                  description="Play, watch and replay warband games. See docs/web.md.")
    app.state.store = store
    if allowed_hosts:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)
    sims = Simulations()

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's own answer echoes the input, which may be NaN (not JSON): say where and what
        problems = [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")),
                     "type": str(e.get("type", ""))} for e in exc.errors()]
        return JSONResponse({"detail": problems}, status_code=422)

    @app.exception_handler(GameError)
    async def game_error(request: Request, exc: GameError) -> JSONResponse:
        return JSONResponse({"detail": exc.message}, status_code=exc.status)

    def session(game_id: str) -> Session:
        return store.get(game_id)

    # -- rulesets ----------------------------------------------------------------------------
    @app.get("/api/rulesets")
    def rulesets() -> list[dict[str, Any]]:
        """Every installed ruleset: name, title, whether it can be played on the board, its
        AIs, bundled lists and option names."""
        out = []
        for name in registry.available():
            rs = registry.get(name)
            out.append({
                "name": name, "title": rs.title, "playable": _playable(rs),
                "sides": list(rs.sides), "ais": list(rs.controllers()),
                "lists": [p.name for p in rs.sample_lists()],
                "options": list(rs.option_names()),
            })
        return out

    @app.get("/api/board-schema")
    def schema() -> dict[str, Any]:
        """The JSON Schema of the board view (``board`` in a game's view)."""
        return board_schema()

    # -- games -------------------------------------------------------------------------------
    @app.post("/api/games", status_code=201)
    def new_game(body: NewGame) -> dict[str, Any]:
        """Start a game. Returns its id and a token for each human seat (keep them: a token is
        the only way to act for a seat, and the server stores only its hash)."""
        rs = _ruleset(body.ruleset)
        if not _playable(rs):
            raise HTTPException(422, f"{rs.name} cannot be played on the board yet")
        sides = list(rs.sides)
        unknown = sorted(set(body.seats) - set(sides))
        if unknown:
            raise HTTPException(422, f"unknown seat(s) {', '.join(unknown)} (sides: {', '.join(sides)})")
        seats = {p: body.seats.get(side, HUMAN) for p, side in enumerate(sides)}
        lists = _load_lists(rs, body.lists, scratch)
        seed = body.seed if body.seed is not None else secrets.randbits(31)
        created, tokens = store.create(rs, lists, seed, body.options, seats)
        return {"id": created.id, "seed": seed,
                "tokens": {sides[p]: t for p, t in tokens.items()}}

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        """Every saved game (newest first)."""
        return sorted(store.summaries(), key=lambda s: -float(s.get("created", 0)))

    @app.get("/api/games/{game_id}/view")
    def view(game_id: str,
             authorization: Annotated[str | None, Header()] = None,
             since: Annotated[int | None, Query(ge=0)] = None) -> dict[str, Any]:
        """What the seat of the bearer token sees (no token: a spectator's public view)."""
        s = session(game_id)
        with s.lock:
            return s.view(s.seat_of(_bearer(authorization)), since)

    @app.post("/api/games/{game_id}/answer")
    def answer(game_id: str, body: Answer,
               authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Answer the pending decision of the token's seat. 403: not a token of this game;
        409: this seat is not being asked; 422: not a legal choice. A refused answer changes
        nothing. The AI seats then play until a human is asked again."""
        s = session(game_id)
        with s.lock:
            player = s.seat_of(_bearer(authorization))
            s.answer(player, body.choice, body.point)
            store.save(s)
            return s.view(player)

    @app.get("/api/games/{game_id}/odds")
    def odds(game_id: str, choice: Annotated[int, Query()],
             authorization: Annotated[str | None, Header()] = None) -> dict[str, Any] | None:
        """The exact odds of option ``choice`` of your pending decision (an Attack, a Shot, a
        Feat), from the mechanics ``warband odds`` uses; null for an option without chance."""
        s = session(game_id)
        with s.lock:
            return s.odds(s.seat_of(_bearer(authorization)), choice)

    @app.post("/api/games/{game_id}/undo")
    def undo(game_id: str,
             authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Take back your last decision (a game against the AI only)."""
        s = session(game_id)
        with s.lock:
            player = s.seat_of(_bearer(authorization))
            removed = s.undo(player)
            store.save(s)
            return {"removed": removed, **s.view(player)}

    @app.get("/api/games/{game_id}/record", response_class=PlainTextResponse)
    def record(game_id: str) -> PlainTextResponse:
        """The game record (JSON Lines, as ``warband replay`` reads), once the game is over."""
        s = session(game_id)
        with s.lock:
            if not s.game.over:
                raise HTTPException(409, "the record is served once the game is over")
            return PlainTextResponse(s.record_text(), media_type="application/x-ndjson")

    @app.get("/api/games/{game_id}/replay")
    def frame(game_id: str, step: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> dict[str, Any]:
        """The table after the first ``step`` decisions of a finished game (replay scrubber)."""
        s = session(game_id)
        with s.lock:
            return s.frame(step)

    @app.post("/api/records", status_code=201)
    def upload_record(body: NewRecord) -> dict[str, Any]:
        """Watch a record file (from ``warband battle --replay``): it is checked by replaying
        it, like ``warband replay``, and kept as a finished game."""
        with tempfile.TemporaryDirectory(dir=scratch) as tmp:
            path = Path(tmp) / "upload.jsonl"
            path.write_text(body.record, encoding="utf-8")
            try:
                game = replay(read_record(path), "record")
            except RecordError as exc:
                raise HTTPException(422, str(exc)) from None
            except (ValueError, TypeError, KeyError, OverflowError, RecursionError) as exc:
                raise HTTPException(422, f"not a record this server can replay ({exc})") from None
        created = store.add_record(registry.get(game.ruleset), game)
        return {"id": created.id}

    # -- odds --------------------------------------------------------------------------------
    @app.get("/api/odds")
    def odds_catalogue() -> list[dict[str, Any]]:
        """Every ``warband odds`` query of every ruleset, with the JSON Schema of its
        parameters and a typical example (the odds page builds its forms from these)."""
        from warband.odds import queries, rulesets_with_odds

        return [
            {"ruleset": r, "queries": [
                {"name": q.name, "summary": q.summary, "rule_ids": list(q.rule_ids),
                 "schema": q.params.model_json_schema(),
                 "example": dict(q.examples[0]) if q.examples else {}}
                for q in queries(r).values()]}
            for r in rulesets_with_odds()
        ]

    @app.post("/api/odds/{ruleset}/{name}")
    def odds_query(ruleset: str, name: str,
                   params: Annotated[dict[str, Any], Body(max_length=64)]) -> dict[str, Any]:
        """Run one odds query (the same as ``warband odds RULESET NAME --json``): its tables,
        charts and notes, and ``json``, what ``--json`` prints. 422 names every bad value."""
        from warband.odds import OddsError, get_query
        from warband.odds.result import jsonable

        try:
            result = get_query(ruleset, name)(params)
        except OddsError as exc:
            raise HTTPException(422, {"message": "bad odds query", "violations": exc.problems}) from None
        return {
            "title": result.title,
            "tables": [{"title": t.title, "columns": list(t.columns),
                        "rows": [[str(c) if not isinstance(c, int | float | str) else c for c in row]
                                 for row in t.rows]} for t in result.tables],
            "charts": [{"title": c.title, "labels": list(c.labels),
                        "values": [float(v) for v in c.values], "percent": c.percent,
                        "xlabel": c.xlabel} for c in result.charts],
            "notes": list(result.notes), "rule_ids": list(result.rule_ids),
            "json": jsonable(result.to_json()),
        }

    # -- simulations -------------------------------------------------------------------------
    @app.post("/api/simulations", status_code=201)
    def new_simulation(body: NewSimulation) -> dict[str, Any]:
        """Start a small ``warband simulate`` in the background (bundled lists, up to 1000
        games, in the server's process); poll it with GET."""
        rs = _ruleset(body.ruleset)
        ais = body.ais if len(body.ais) == 2 else [body.ais[0], body.ais[0]]
        return sims.start(rs, body.lists, ais, body.games, body.seed, body.options).to_json()

    @app.get("/api/simulations/{sim_id}")
    def simulation(sim_id: str) -> dict[str, Any]:
        """Progress (``done`` of ``total``), then the summary (``warband simulate --json``'s)."""
        return sims.get(sim_id).to_json()

    @app.post("/api/simulations/{sim_id}/stop")
    def stop_simulation(sim_id: str) -> dict[str, Any]:
        """Stop after the games under way; the summary covers the games finished."""
        sim = sims.get(sim_id)
        sim.stop.set()
        return sim.to_json()

    # -- campaigns (docs/campaigns.md) ------------------------------------------------------
    def campaigns() -> Campaigns:
        return camps

    def campaign_call(fn: Any, *args: Any) -> Any:
        from warband.campaign.core import CampaignError

        try:
            return fn(*args)
        except CampaignError as exc:
            raise GameError(404 if "no campaign named" in str(exc) else 400, str(exc)) from None

    def campaign_json(name: str) -> dict[str, Any]:
        from warband.campaign.core import rules_for

        loaded = campaign_call(campaigns().load, name)
        rules = rules_for(loaded.ruleset)
        report = loaded.derived.last_report
        waiting = campaigns().store.pending(name)  # the campaign was just loaded
        pending = None
        if waiting:
            _, base, ((_, fought), (_, waiting_report)) = waiting[0]
            pending = {
                "summary": f"battle against {fought['opponent']} (seed {fought['seed']}):"
                           f" {fought['result']}",
                "result": fought["result"], "opponent": fought["opponent"],
                "seed": fought["seed"], "game": fought.get("game"),
                "report": rules.show_report(waiting_report),
                "also": [n for n, _, _ in waiting[1:]],
                # a purchase, an undo or another battle since: confirming is refused
                "stale": base != loaded.version,
            }
        return {"name": loaded.name, "ruleset": loaded.ruleset, "version": loaded.version,
                "roster": rules.show(loaded.derived.roster),
                "history": [{"step": st, "summary": summary}
                            for st, _k, summary in loaded.derived.history],
                "report": rules.show_report(report) if report is not None else None,
                "pending": pending}

    @app.get("/api/campaigns")
    def campaign_list() -> list[dict[str, Any]]:
        """The campaigns in the database (name, ruleset, version)."""
        return [{"name": n, "ruleset": r, "version": v} for n, r, v in campaigns().store.names()]

    @app.get("/api/campaigns/{name}")
    def campaign_show(name: str) -> dict[str, Any]:
        """A campaign: roster, history, last After Action Report (text lines) and the battle
        waiting for confirmation (``pending``), if any."""
        return campaign_json(name)

    @app.post("/api/campaigns/{name}/battle")
    def campaign_battle(name: str, body: CampaignBattle) -> dict[str, Any]:
        """Fight the next battle against another campaign, a bundled list or ``rogue``, and
        keep it WAITING with its After Action Report (``pending``): nothing is applied until
        ``confirm``. The finished game is also saved on the board (``pending.game``) to be
        watched first."""
        loaded = campaign_call(campaigns().load, name)
        against = body.against
        if against not in {n for n, _, _ in campaigns().store.names()} and against != ROGUE:
            rs = _ruleset(loaded.ruleset)
            path = next((p for p in rs.sample_lists() if p.name == against), None)
            if path is None:
                raise GameError(400, f"{against!r} is neither a campaign nor a bundled list"
                                     " (nor 'rogue')")
            against = str(path)
        def keep(game: Any) -> str:  # on the board, to watch it before confirming
            return store.add_record(registry.get(loaded.ruleset), game).id

        campaign_call(campaigns().stage, name, against, body.ai, body.seed, None, keep)
        return campaign_json(name)

    @app.post("/api/campaigns/{name}/confirm")
    def campaign_confirm(name: str) -> dict[str, Any]:
        """Apply the waiting battle's After Action Report(s), in one transaction (409 when
        the campaign changed since the battle: discard it and fight again)."""
        from warband.campaign.core import CampaignError

        try:
            campaigns().confirm(name)
        except CampaignError as exc:
            raise GameError(404 if "no campaign named" in str(exc) else 409, str(exc)) from None
        return campaign_json(name)

    @app.post("/api/campaigns/{name}/discard")
    def campaign_discard(name: str) -> dict[str, Any]:
        """Forget the waiting battle: the campaign is as it was before it."""
        from warband.campaign.core import CampaignError

        try:
            campaigns().discard(name)
        except CampaignError as exc:
            raise GameError(404 if "no campaign named" in str(exc) else 409, str(exc)) from None
        return campaign_json(name)

    @app.get("/campaigns", include_in_schema=False)
    def campaigns_page() -> FileResponse:
        return FileResponse(STATIC / "campaigns.html")

    # -- the page ----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
