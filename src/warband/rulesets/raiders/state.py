"""The state of a Raiders of Arcana game: units around their leaders on a table, the turn,
the action tokens, and each unit's fatigue, morale and markers.

Kept flat and cheap to read (slotted dataclasses, plain floats for positions) because the AIs
and the benchmark read it many thousands of times per game.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from math import hypot
from typing import Any, Protocol

from warband._compiled import mypyc_attr
from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.geometry import Table
from warband.kit.state import KeepingView, TableQueries
from warband.rulesets.raiders.models import ScenarioModel, SizeModel
from warband.rulesets.raiders.options import Options
from warband.rulesets.raiders.unit import Spell, Unit, footprint

__all__ = ["Options", "RaidersReader", "RaidersState", "RaidersView", "Unit", "footprint"]


class RaidersReader(Protocol):
    """What the rules and the AIs read of a game: the state itself, or a player's view of it
    (:class:`RaidersView`, which reads the state through ``__getattr__``).

    Typed so that the compiled build (docs/performance.md, "Compiled build") gets typed values
    back from every read: a :class:`Unit` taken from ``enemies_of`` or ``units`` then has its
    fields read from its C struct and the table's methods are called natively, where an
    ``Any`` view made each of them a generic Python attribute look-up. Pure Python it changes
    nothing (a protocol is only a type)."""

    @property
    def units(self) -> list[Unit]: ...
    @property
    def table(self) -> Table: ...
    @property
    def scenario(self) -> ScenarioModel: ...
    @property
    def spells(self) -> dict[str, Spell]: ...
    @property
    def options(self) -> Options: ...
    @property
    def sizes(self) -> list[SizeModel]: ...
    @property
    def edges(self) -> list[int]: ...
    @property
    def landmarks(self) -> list[tuple[str, float, float, bool]]: ...
    @property
    def activation_menus(self) -> dict[int, tuple[str, ...]]: ...

    def living(self, side: int | None = None) -> Iterator[Unit]: ...
    def enemies_of(self, piece: Unit) -> tuple[Unit, ...]: ...
    def friends_of(self, piece: Unit) -> Iterator[Unit]: ...
    def by_uid(self, uid: int) -> Unit: ...
    def in_contact(self, a: Unit, b: Unit) -> bool: ...
    def engaged_with(self, piece: Unit) -> list[Unit]: ...
    def units_of(self, side: int) -> list[Unit]: ...
    def leader_distance(self, a: Unit, b: Unit) -> float: ...
    def gap(self, a: Unit, b: Unit) -> float: ...
    def blockers(self, unit: Unit) -> list[Unit]: ...
    def lead_retinue(self, side: int) -> Unit | None: ...
    def edge_y(self, side: int) -> float: ...


# (the compiled build compiles this module: its state and view classes stay regular Python
# classes, as the kit's Python bases need, and their methods are compiled, reading the compiled
# Units' fields directly)
@mypyc_attr(native_class=False)
@dataclass
class RaidersState(TableQueries[Unit]):
    dice: Dice
    log: EventLog
    table: Table
    scenario: ScenarioModel
    units: list[Unit]
    side_names: list[str]
    side_labels: list[str]
    sizes: list[SizeModel]
    spells: dict[str, Spell]
    options: Options
    turns: int
    turn: int = 0
    tokens: list[int] = field(default_factory=lambda: [0, 0])
    passed: list[bool] = field(default_factory=lambda: [False, False])
    initiative: int | None = None
    #: the side whose action came first in the game (the simulator's first-mover figure)
    first_player: int | None = None
    #: deployment edge of each side: 0 is the y = 0 edge, 1 the far edge
    edges: list[int] = field(default_factory=lambda: [0, 1])
    over: bool = False
    #: terrain worth moving to (cover, high ground): (name, centre x, centre y, raised)
    landmarks: list[tuple[str, float, float, bool]] = field(default_factory=list)
    #: while an ``activate`` decision is pending: the actions of each unit that may act, as
    #: the flow worked them out to offer it (empty at other times), so that an AI weighing
    #: them need not work them out again
    activation_menus: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.pieces = self.units  # the same list, for the kit's side queries
        self.landmarks = [
            (t.name, float(t.polygon.centroid.x), float(t.polygon.centroid.y), t.elevation > 0)
            for t in self.table.terrain
            if (t.cover or t.elevation > 0) and t.kind != "impassable"
        ]

    # -- queries ---------------------------------------------------------------------------
    def units_of(self, side: int) -> list[Unit]:
        return [u for u in self.units if u.side == side]

    def leader_distance(self, a: Unit, b: Unit) -> float:
        """Leader figure to leader figure (raiders.core.measurement)."""
        return hypot(b.x - a.x, b.y - a.y)

    def gap(self, a: Unit, b: Unit) -> float:
        """The distance between the two units' formations (edge to edge)."""
        return hypot(b.x - a.x, b.y - a.y) - a.radius - b.radius

    def blockers(self, unit: Unit) -> list[Unit]:
        return [u for u in self.units if u.on_table and u is not unit]

    def lead_retinue(self, side: int) -> Unit | None:
        for u in self.units:
            # (u.on_table read inline: asked for every unit's plans at every decision)
            if u.side == side and u.deployed and not u.destroyed and u.has("leader"):
                return u
        return None

    def edge_y(self, side: int) -> float:
        """The y of a side's deployment edge."""
        return 0.0 if self.edges[side] == 0 else float(self.table.height)


#: the names under which a view remembers each side's enemies for the current decision
#: (:meth:`RaidersView.enemies_of`; :meth:`RaidersView.new_decision` forgets them)
_ENEMIES_OF_SIDE = ("_enemies_of_side_0", "_enemies_of_side_1")


@mypyc_attr(native_class=False)
class RaidersView(KeepingView[RaidersState]):
    """What a player sees: Raiders of Arcana has open information on the table, so everything
    but the dice and the log. Secret choices (deployment, combat dice splits) never enter the
    state before every player has made theirs, so no view can show them. The state's methods
    and the attributes a game never reassigns are kept on the view after their first read
    (the kit's ``KeepingView``: the AI reads them hundreds of thousands of times a game)."""

    kept = frozenset({"units", "pieces", "table", "scenario", "spells", "options", "sizes",
                      "side_names", "side_labels", "landmarks"})

    def enemies_of(self, piece: Unit) -> tuple[Unit, ...]:
        """The state's :meth:`~warband.kit.state.SideQueries.enemies_of`, worked out once
        per side and decision (the state does not change during a decision, and the AI asks
        this tens of thousands of times a game; :meth:`new_decision` forgets them)."""
        side = piece.side
        # (the two sides' names made once, not a string built and hashed at every call; a
        # miss is a look-up that finds nothing, not a KeyError caught)
        key = _ENEMIES_OF_SIDE[side] if 0 <= side < 2 else "_enemies_of_side_" + str(side)
        remembered = self.__dict__
        enemies: tuple[Unit, ...] | None = remembered.get(key)
        if enemies is None:
            enemies = remembered[key] = self._state.enemies_of(piece)
        return enemies

    @property
    def activation_menus(self) -> dict[int, tuple[str, ...]]:
        """The state's menus of the units that may activate now (read afresh: each round of
        activations sets new ones); a property rather than a failed look-up and
        ``__getattr__``, as the AI reads it at every activation, a few thousand times a game."""
        return self._state.activation_menus

    @property
    def edges(self) -> list[int]:
        """The sides' table edges (read afresh: set when the edges are rolled for), a property
        for the same reason: the AI reads them thousands of times a game."""
        return self._state.edges

    def new_decision(self) -> None:
        """Forget each side's enemies: since the last decision units may have come on,
        fled or fallen."""
        remembered = self.__dict__
        for key in [k for k in remembered if k.startswith("_enemies_of_side_")]:
            del remembered[key]

    def public_json(self) -> dict[str, Any]:
        """Everything the view shows, as plain data (used to check that nothing secret leaks)."""
        st = self._state
        return {
            "player": self.player, "turn": st.turn, "tokens": list(st.tokens),
            "passed": list(st.passed), "initiative": st.initiative, "edges": list(st.edges),
            "units": [
                {f.name: getattr(u, f.name) for f in fields(Unit)
                 if f.name != "profile" and not f.name.startswith("_")}
                for u in st.units
            ],
        }
