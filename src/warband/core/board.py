"""The board view: what is on the table, for one player, in a form any front end can draw.

Every ruleset describes its table with these models (through
:meth:`warband.core.ruleset.Ruleset.board_view`), so the web board draws a game it has never
heard of. Like :meth:`Game.view`, it is a *view*: a function of (state, player) that leaves out
what that player may not see. Secret answers to a
:class:`~warband.core.decisions.Simultaneous` are held by :class:`~warband.core.game.Game`
outside the state until every player has answered, so a board view built from the state alone
cannot show them; a ruleset with secrets *inside* its state (hidden objectives) must drop them
here.

Units and coordinates:

- ``table.unit`` is ``"inch"`` (positions in inches, (0, 0) a corner of the table, x along the
  width, y along the depth) or ``"space"`` for a square grid (positions are in spaces; a
  model in space (c, r) stands at its centre (c + 0.5, r + 0.5)).
- Round bases carry their size in millimetres (as the books give it) and their radius in table
  units; rectangular bases (ranks x files of bases, a unit's frontage) their width and depth.
- ``facing`` is in degrees, counter-clockwise from the +x axis; None where facing does not
  matter in the rules.

What the last events did (``effects``) is drawn from the event log: each effect names the index
of the event it comes from, so a replay viewer can highlight it when its scrubber reaches that
event. The window of events used is chosen by :func:`event_window`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from warband.core.events import Event
from warband.core.geometry import MM_PER_INCH, Table

__all__ = [
    "BOARD_SCHEMA_VERSION",
    "AreaEffect",
    "BoardView",
    "ChoiceOdds",
    "Effect",
    "Focus",
    "Formation",
    "Grid",
    "LineEffect",
    "Marker",
    "MoveEffect",
    "OddsRow",
    "OffTable",
    "Piece",
    "PlaceEffect",
    "RectBase",
    "RoundBase",
    "SightLine",
    "SideInfo",
    "TableInfo",
    "TerrainPiece",
    "Zone",
    "Did",
    "board_schema",
    "build_effects",
    "edge_zones",
    "event_window",
    "move_path",
    "phase_line",
    "pt",
    "side_infos",
    "table_board_view",
    "rect_polygon",
    "round_base",
    "state_of",
    "terrain_pieces",
]

BOARD_SCHEMA_VERSION = 1

#: a point on the table, (x, y) in table units
Point = tuple[float, float]
#: a stat value shown next to a piece
StatValue = int | float | str | bool


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- the table ------------------------------------------------------------------------------
class Grid(_Model):
    """A square grid of spaces (Dwethia); ``columns`` x ``rows`` spaces of ``space_inches``."""

    columns: int = Field(ge=1)
    rows: int = Field(ge=1)
    space_inches: float = Field(1.0, gt=0, description="Size of one space on the tabletop.")


class TableInfo(_Model):
    width: float = Field(gt=0, description="Along x, in table units.")
    height: float = Field(gt=0, description="Along y, in table units.")
    unit: Literal["inch", "space"] = "inch"
    grid: Grid | None = None


class TerrainPiece(_Model):
    """A terrain piece: its outline and what it does to movement and sight."""

    name: str
    kind: str = Field(description="Movement kind: open, difficult, impassable (or a ruleset's own).")
    polygon: list[Point] = Field(min_length=3)
    blocks_sight: bool = False
    cover: bool = False
    height: float = Field(0.0, description="Height of the ground on it in levels (a hill is 1).")
    attributes: list[str] = Field(default_factory=list, description="Other keywords (e.g. water).")


class Zone(_Model):
    """A deployment zone (or any area a side owns)."""

    side: int | None = Field(description="Player index, or None for a neutral area.")
    label: str
    kind: str = "deployment"
    polygon: list[Point] = Field(min_length=3)


class Marker(_Model):
    """An objective, a token or any marker on the table."""

    id: str
    kind: str = Field(description="objective, palisade, token...")
    label: str
    x: float
    y: float
    radius: float = Field(0.0, ge=0, description="Range that matters for it (e.g. to contest).")
    side: int | None = Field(None, description="The side that holds or owns it, if any.")


# -- what stands on it ----------------------------------------------------------------------
class RoundBase(_Model):
    shape: Literal["round"] = "round"
    diameter_mm: float = Field(gt=0)
    radius: float = Field(gt=0, description="In table units.")


class RectBase(_Model):
    shape: Literal["rect"] = "rect"
    width: float = Field(gt=0, description="Frontage, in table units.")
    depth: float = Field(gt=0, description="In table units.")


BaseShape = Annotated[RoundBase | RectBase, Field(discriminator="shape")]


class Formation(_Model):
    """A unit's formation: ranks x files of bases."""

    ranks: int = Field(ge=1)
    files: int = Field(ge=1)


class Piece(_Model):
    """A model or a unit on the table."""

    id: str = Field(description="Stable for the whole game; effects refer to it.")
    side: int
    label: str
    kind: Literal["model", "unit"] = "model"
    profile: str = ""
    x: float = Field(description="Centre of the model (a unit: its leader or its centre).")
    y: float
    base: BaseShape = Field(description="One model's base (a rectangular unit: the whole unit).")
    facing: float | None = Field(None, description="Degrees counter-clockwise from +x.")
    footprint: float | None = Field(None, ge=0, description="Radius of the ground a round unit covers.")
    figures: list[Point] = Field(default_factory=list, description="Where each figure of a unit stands.")
    formation: Formation | None = None
    hp: int | None = None
    hp_max: int | None = None
    flags: list[str] = Field(default_factory=list, description="Prone, Broken, Shocked, Activated...")
    stats: dict[str, StatValue] = Field(default_factory=dict, description="Other figures to show.")


class OffTable(_Model):
    """A model or unit not on the table: waiting to enter, or gone."""

    id: str
    side: int
    label: str
    status: str = Field(description="reserve, knocked out, destroyed, fled...")


# -- what the last events did ---------------------------------------------------------------
class _Effect(_Model):
    event: int = Field(ge=0, description="Index of the event in the game's event log.")
    label: str = ""


class MoveEffect(_Effect):
    kind: Literal["move"] = "move"
    piece: str
    path: list[Point] = Field(min_length=2)


class PlaceEffect(_Effect):
    kind: Literal["place"] = "place"
    piece: str
    at: Point


class LineEffect(_Effect):
    """An attack, a shot or a spell from one piece to another."""

    kind: Literal["attack", "shot", "spell"]
    source: str | None
    target: str | None
    start: Point
    end: Point


class AreaEffect(_Effect):
    kind: Literal["area"] = "area"
    centre: Point | None = None
    radius: float | None = Field(None, ge=0)
    polygon: list[Point] | None = None


Effect = Annotated[
    MoveEffect | PlaceEffect | LineEffect | AreaEffect, Field(discriminator="kind")
]


# -- the whole view -------------------------------------------------------------------------
class SideInfo(_Model):
    index: int
    label: str
    name: str


class BoardView(_Model):
    """What is on the table for one player (``player`` None: a spectator, public facts only)."""

    version: int = BOARD_SCHEMA_VERSION
    ruleset: str
    player: int | None
    sides: list[SideInfo]
    round: int = Field(0, ge=0, description="Round or turn number (0 before the first).")
    phase: str = Field("", description="A short line: 'Round 2 of 5', 'Deployment'...")
    table: TableInfo
    terrain: list[TerrainPiece] = Field(default_factory=list)
    zones: list[Zone] = Field(default_factory=list)
    markers: list[Marker] = Field(default_factory=list)
    pieces: list[Piece] = Field(default_factory=list)
    off_table: list[OffTable] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    events: int = Field(0, ge=0, description="Number of events in the log when the view was made.")
    effects_from: int = Field(0, ge=0, description="Index of the first event the effects cover.")

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def json_text(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)


def board_schema() -> dict[str, Any]:
    """The JSON Schema of a board view (``warband schema`` writes it as board-view.schema.json)."""
    return BoardView.model_json_schema()


# -- helpers rulesets use to build one -------------------------------------------------------
def state_of(game_or_state: Any) -> Any:
    """The ruleset state of a :class:`~warband.core.game.Game`, or the state itself."""
    from warband.core.game import Game

    return game_or_state.state if isinstance(game_or_state, Game) else game_or_state


#: effects come from at most this many of the latest events when no better window is known
RECENT_EVENTS = 40


def event_window(
    game_or_state: Any, player: int | None, since: int | None = None
) -> tuple[int, list[Event]]:
    """The events a board view turns into effects, with the index of the first one.

    ``since`` given: the events from that index on. Otherwise, for a
    :class:`~warband.core.game.Game` that tracks its digest (so each decision knows how many
    events followed it): what ``player``'s last decision did and everything that happened
    since (a spectator: what the last decision did). Otherwise the latest
    :data:`RECENT_EVENTS`. Never more than :data:`RECENT_EVENTS` * 5 events, so a view stays
    small.
    """
    from warband.core.game import Game

    events: list[Event] = state_of(game_or_state).log.events
    end = len(events)
    if since is None:
        start = max(0, end - RECENT_EVENTS)
        if isinstance(game_or_state, Game) and game_or_state.history:
            history = game_or_state.history
            if history[-1].digest:
                mine = [i for i, r in enumerate(history) if player is None or r.player == player]
                start = _events_before(history, mine[-1]) if mine else 0
    else:
        start = since
    start = min(max(start, end - RECENT_EVENTS * 5, 0), end)
    return start, events[start:end]


def _events_before(history: Sequence[Any], index: int) -> int:
    """The number of events before decision ``index`` took effect (answers to one
    simultaneous decision share their count, so look past them)."""
    after = history[index].events
    for rec in reversed(history[:index]):
        if rec.events < after:
            return int(rec.events)
    return 0


def terrain_pieces(table: Table) -> list[TerrainPiece]:
    """A core :class:`~warband.core.geometry.Table`'s terrain as board-view pieces."""
    pieces = []
    for t in table.terrain:
        coords = list(t.polygon.exterior.coords)[:-1]  # shapely repeats the first point
        pieces.append(TerrainPiece(
            name=t.name, kind=t.kind.value, polygon=[_pt(x, y) for x, y in coords],
            blocks_sight=t.blocks_sight, cover=t.cover, height=t.elevation,
        ))
    return pieces


def rect_polygon(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    """The outline of an axis-aligned rectangle."""
    return [_pt(x0, y0), _pt(x1, y0), _pt(x1, y1), _pt(x0, y1)]


def round_base(diameter_mm: float) -> RoundBase:
    return RoundBase(diameter_mm=diameter_mm, radius=round(diameter_mm / MM_PER_INCH / 2, 4))


def move_path(table: Table, start: Sequence[float], end: Sequence[float], r: float) -> list[Point]:
    """The way a move most likely took: the shortest path round impassable terrain (other
    bases, which the event does not record, may have made the real route longer). A straight
    line where the terrain route does not arrive at the end point."""
    a = (float(start[0]), float(start[1]))
    b = (float(end[0]), float(end[1]))
    if a == b:
        return [_pt(*a), _pt(*b)]
    route = table.path(a, b, r)
    if len(route) < 2 or math.dist(route[-1], b) > 0.05 or math.dist(route[0], a) > 0.05:
        route = [a, b]
    return [_pt(*p) for p in [a, *route[1:-1], b]]


def _pt(x: float, y: float) -> Point:
    return (round(float(x), 3), round(float(y), 3))


def pt(x: float, y: float) -> Point:
    """A point rounded for the view (millimetre precision is plenty for drawing)."""
    return _pt(x, y)


# -- effects from events ---------------------------------------------------------------------
class Did:
    """What one event did, in the names events use (a ruleset's translator returns these; the
    core turns them into effects with positions and piece ids)."""

    __slots__ = ("kind", "who", "other", "frm", "to", "label")

    def __init__(self, kind: str, who: str, other: str | None = None,
                 frm: Sequence[float] | None = None, to: Sequence[float] | None = None,
                 label: str = "") -> None:
        self.kind = kind  # move, place, attack, shot, spell
        self.who = who
        self.other = other
        self.frm = frm
        self.to = to
        self.label = label

    @staticmethod
    def move(who: str, frm: Sequence[float], to: Sequence[float], label: str = "") -> Did:
        return Did("move", who, frm=frm, to=to, label=label)

    @staticmethod
    def place(who: str, at: Sequence[float], label: str = "") -> Did:
        return Did("place", who, to=at, label=label)

    @staticmethod
    def line(kind: str, who: str, target: str, label: str = "") -> Did:
        return Did(kind, who, other=target, label=label)


def build_effects(
    start: int,
    events: Sequence[Event],
    translate: Any,
    ids: dict[str, str],
    positions: dict[str, Point],
    radii: dict[str, float],
    table: Table | None = None,
) -> list[Effect]:
    """Effects of ``events`` (the first at index ``start``), newest positions known.

    ``translate(event)`` returns the :class:`Did` list of one event. Lines are drawn between
    where the two pieces stood *when the event happened*: a backward pass from the current
    ``positions`` undoes each move and placement. Moves are drawn along the terrain route
    (:func:`move_path`) when a ``table`` is given.
    """
    pos: dict[str, Point | None] = dict(positions)
    out: list[Effect] = []
    for offset in range(len(events) - 1, -1, -1):
        index = start + offset
        for did in reversed(translate(events[offset])):
            pid = ids.get(did.who)
            if pid is None:
                continue
            if did.kind == "move" and did.frm is not None and did.to is not None:
                path = (move_path(table, did.frm, did.to, radii.get(pid, 0.0)) if table
                        else [_pt(*did.frm), _pt(*did.to)])
                out.append(MoveEffect(event=index, piece=pid, path=path, label=did.label))
                pos[pid] = _pt(*did.frm)
            elif did.kind == "place" and did.to is not None:
                out.append(PlaceEffect(event=index, piece=pid, at=_pt(*did.to), label=did.label))
                pos[pid] = None
            elif did.kind in ("attack", "shot", "spell"):
                tid = ids.get(did.other or "")
                a, b = pos.get(pid), pos.get(tid) if tid else None
                if a is None or b is None:
                    continue
                out.append(LineEffect(event=index, kind=did.kind,  # type: ignore[arg-type]
                                      source=pid, target=tid, start=a, end=b, label=did.label))
    out.reverse()
    return out


def side_infos(labels: Sequence[str], names: Sequence[str]) -> list[SideInfo]:
    return [SideInfo(index=i, label=lab, name=name)
            for i, (lab, name) in enumerate(zip(labels, names, strict=True))]


def edge_zones(width: float, height: float, depth: float, names: Sequence[str],
               near: Sequence[bool], word: str = "deployment zone") -> list[Zone]:
    """Deployment zones ``depth`` deep along the near (y = 0) or far table edge, per side."""
    return [
        Zone(side=side, label=f"{names[side]} {word}",
             polygon=rect_polygon(0, 0, width, depth) if near[side]
             else rect_polygon(0, height - depth, width, height))
        for side in range(len(names))
    ]


def phase_line(over: bool, number: int, limit: int | None, word: str) -> str:
    """'Deployment', 'Round 2 of 5' or 'Game over'."""
    if over:
        return "Game over"
    if number == 0:
        return "Deployment"
    return f"{word} {number}" + (f" of {limit}" if limit else "")


def table_board_view(
    ruleset: str,
    game_or_state: Any,
    player: int | None,
    since: int | None,
    *,
    table: Table,
    sides: list[SideInfo],
    number: int,
    phase: str,
    zones: list[Zone],
    markers: list[Marker],
    pieces: list[Piece],
    off_table: list[OffTable],
    names: dict[str, str],
    radii: dict[str, float],
    translate: Any,
) -> BoardView:
    """A board view of a table measured in inches (the core :class:`Table`): its terrain, the
    given zones, markers and pieces, and the effects of the event window
    (:func:`event_window`, :func:`build_effects` with ``names``/``radii`` by piece)."""
    start, events = event_window(game_or_state, player, since)
    effects = build_effects(start, events, translate, names,
                            {p.id: (p.x, p.y) for p in pieces}, radii, table)
    return BoardView(
        ruleset=ruleset, player=player, sides=sides, round=number, phase=phase,
        table=TableInfo(width=float(table.width), height=float(table.height), unit="inch"),
        terrain=terrain_pieces(table), zones=zones, markers=markers, pieces=pieces,
        off_table=off_table, effects=effects,
        events=len(state_of(game_or_state).log.events), effects_from=start,
    )


# -- what a pending decision is about ----------------------------------------------------------
class Focus(_Model):
    """The piece a decision is about and how far it may move now, so a board can draw its
    reach and measure from it (the engine still decides what is legal)."""

    piece: str | None = Field(None, description="The acting model or unit (a Piece id).")
    reach: float | None = Field(None, ge=0, description=(
        "How far its centre may move, in table units, as the crow flies (terrain and other "
        "bases may shorten the way)."))
    label: str = ""


# -- odds of an option, shown before it is chosen ---------------------------------------------
class OddsRow(_Model):
    label: str
    p: float = Field(ge=0, le=1)


class SightLine(_Model):
    """What the attacker sees of its target, as the rules measure it: drawn on the table
    before an Attack or a Shot is chosen."""

    source: str
    target: str
    visible: bool = True
    hidden: float | None = Field(None, ge=0, le=1, description="Share of the target obscured.")
    cover: bool = Field(False, description="The target counts as in Cover.")
    distance: float | None = Field(None, ge=0, description="As the rules measure it for range.")


class ChoiceOdds(_Model):
    """The exact odds of one option (an Attack, a Shot, a Feat), from the same dice mechanics
    the game rolls with and ``warband odds`` answers from."""

    title: str
    rows: list[OddsRow] = Field(default_factory=list, description="Outcomes and their chances.")
    summary: list[OddsRow] = Field(default_factory=list, description="Headline chances.")
    notes: list[str] = Field(default_factory=list)
    query: str = Field("", description="The warband odds command that gives the same figures.")
    rule_ids: list[str] = Field(default_factory=list)
    sight: SightLine | None = None
