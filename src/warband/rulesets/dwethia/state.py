"""The state of a Dwethia Heroes game: heroes on a grid of spaces, their resource pools, the
round, the objective markers, the secret objectives and the public progress of all 25.

Hidden information (dwethia.scenario.secret_objectives): ``secret[p]`` holds player p's five
sealed objectives. Only :class:`DwethiaView` reads the state for a player, and it shows the
other player's objectives only once they are revealed (a claim or the end of the game). No
event ever names a sealed objective. Progress towards all 25 objectives is public (it follows
from what happened on the table); what is secret is which five a player chose.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.kit.state import HIDDEN_FROM_VIEWS, KeepingView
from warband.rulesets.dwethia.grid import Board
from warband.rulesets.dwethia.models import Profile
from warband.rulesets.dwethia.options import Options

__all__ = ["Hero", "DwethiaState", "DwethiaView"]


@dataclass(eq=False)
class Hero:
    uid: int
    side: int
    profile: Profile
    x: int = -1
    y: int = -1
    entered: bool = False
    slain: bool = False
    wounds: int = 0
    destiny: int = 0
    faith: int = 0
    affinity: int = 0
    defense_lost: int = 0  # Corrupt
    activated: bool = False
    defensive: bool = False  # Defensive Move until its next activation
    stealth: bool = False  # Stealth Move until its next activation
    #: slain by a ranged attack this Shoot phase, still standing until the phase ends
    #: (dwethia.combat.casualties): In the Way of later shots, never a target
    fallen: bool = False
    # objective tracking (public facts)
    kills: list[int] = field(default_factory=list)
    wounded: set[int] = field(default_factory=set)
    wounded_higher: set[int] = field(default_factory=set)
    saves_made: int = 0
    markers_visited: set[int] = field(default_factory=set)
    edges_touched: set[str] = field(default_factory=set)
    idle_rounds: int = 0
    # statistics
    damage_dealt: int = 0
    #: spaces its base covers along each side (dwethia.list.base_sizes)
    size: int = 1

    def __post_init__(self) -> None:
        self.size = self.profile.size

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def on_table(self) -> bool:
        return self.entered and not self.slain

    def stat(self, name: str) -> int:
        return self.profile.stats[name]

    @property
    def defense(self) -> int:
        return max(1, self.stat("defense") - self.defense_lost)

    def cells(self) -> list[tuple[int, int]]:
        s = self.size
        return [(self.x + dx, self.y + dy) for dy in range(s) for dx in range(s)]

    def public_json(self) -> dict[str, Any]:
        return {"uid": self.uid, "side": self.side, "name": self.name, "x": self.x, "y": self.y,
                "entered": self.entered, "slain": self.slain, "wounds": self.wounds,
                "destiny": self.destiny, "faith": self.faith, "affinity": self.affinity,
                "defense_lost": self.defense_lost, "activated": self.activated,
                "defensive": self.defensive, "stealth": self.stealth, "kills": self.kills,
                "saves_made": self.saves_made}


@dataclass(eq=False)
class DwethiaState:
    board: Board
    heroes: list[Hero]
    dice: Dice
    log: EventLog
    options: Options
    side_labels: tuple[str, str] = ("a", "b")
    side_names: tuple[str, str] = ("", "")
    factions: tuple[str, str] = ("", "")
    round: int = 0
    priority: int = 0  # the player holding priority this round
    first: int = 0  # the player selecting the first hero this round
    #: each player's table edge: 0 the south edge (y = 0), 1 the north edge
    edge: list[int] = field(default_factory=lambda: [0, 1])
    first_player: int | None = None
    markers: list[tuple[int, int]] = field(default_factory=list)
    #: the sealed objectives of each player (never in an event before revealed)
    secret: list[tuple[str, ...]] = field(default_factory=lambda: [(), ()])
    revealed: list[bool] = field(default_factory=lambda: [False, False])
    #: public: the objectives each side has achieved so far (all 25 tracked)
    achieved: list[set[str]] = field(default_factory=lambda: [set(), set()])
    #: public counters behind some objectives
    spells_cast: list[int] = field(default_factory=lambda: [0, 0])
    #: models each side has summoned into the game (dwethia.objective.summoners_war)
    summoned: list[int] = field(default_factory=lambda: [0, 0])
    kills_after_leader: list[int] = field(default_factory=lambda: [0, 0])
    #: the ranged casualties of the phase under way, removed together when it ends
    #: (dwethia.combat.casualties); None outside a phase that collects them
    casualties: list[Hero] | None = None
    over: bool = False
    winner: int | None = None
    ended_by: str = ""

    def units_of(self, side: int) -> list[Hero]:
        return [h for h in self.heroes if h.side == side]

    def alive(self, side: int) -> list[Hero]:
        return [h for h in self.heroes if h.side == side and not h.slain]

    def on_table(self) -> list[Hero]:
        return [h for h in self.heroes if h.on_table]

    def elevation(self, h: Hero) -> int:
        return self.board.elev_at(h.x, h.y, h.size)


class DwethiaView(KeepingView[DwethiaState]):
    """What one player may see: everything public, its own sealed objectives, the other's
    only once revealed. No dice, no log, no sealed lists (dwethia.scenario.secret_objectives).

    The AI reads the view thousands of times a decision: the state's methods and the
    attributes a game never reassigns are kept on the view after their first read (the kit's
    ``KeepingView``); the board (reassigned while the players place terrain) is read through
    a property, the rest afresh."""

    __slots__ = ()

    kept = frozenset({"heroes", "options", "edge", "markers", "achieved", "revealed",
                      "spells_cast", "summoned", "kills_after_leader", "side_labels",
                      "side_names", "factions"})
    hidden = HIDDEN_FROM_VIEWS | {"secret"}

    @property
    def board(self) -> Board:
        return self._state.board

    def objectives(self, side: int) -> tuple[str, ...] | None:
        """``side``'s sealed objectives if this player may see them, else None."""
        st = self._state
        if side == self.player or st.revealed[side] or st.over:
            return st.secret[side]
        return None

    def public_json(self) -> dict[str, Any]:
        st = self._state
        return {
            "player": self.player, "round": st.round, "priority": st.priority,
            "edge": list(st.edge),
            "markers": [list(m) for m in st.markers],
            "heroes": [h.public_json() for h in st.heroes],
            "achieved": [sorted(a) for a in st.achieved],
            "objectives": [None if self.objectives(s) is None else list(self.objectives(s) or ())
                           for s in (0, 1)],
            "revealed": list(st.revealed), "spells_cast": list(st.spells_cast),
            "summoned": list(st.summoned),
            "over": st.over,
        }
