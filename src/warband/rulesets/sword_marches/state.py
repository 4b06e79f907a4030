"""The state of a Sword Marches game: the models and their conditions (sm.condition.*), the
Turn, the Edge and the Break, the Tactical Pools, Tactical Dice and Break Tokens.

Kept flat (slotted dataclasses, plain floats for positions) because the AIs read it often.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.geometry import Base, Table
from warband.kit.state import KeepingView, SideQueries
from warband.rulesets.sword_marches.catalogue import Catalogue
from warband.rulesets.sword_marches.lists import Fighter, Warband
from warband.rulesets.sword_marches.models import AdventureModel, ModelType
from warband.rulesets.sword_marches.options import Options

__all__ = ["ENGAGED", "Model", "Options", "SMState", "SMView"]

#: models within 1" of each other are Engaged (sm.cc.engaged); no other move may come closer
#: to an enemy (sm.core.enemy_exclusion)
ENGAGED = 1.0


@dataclass(slots=True, eq=False)
class Model:
    uid: int
    side: int
    f: Fighter
    r: float
    x: float = -100.0
    y: float = -100.0
    #: height of the ground under the model's centre: 0 or a platform's top (sm.action.jump)
    z: float = 0.0
    on_table: bool = True
    wounded: bool = False  # Wounded and removed (sm.condition.wounded)
    fled: bool = False  # a Broken model that left the table (sm.condition.broken_flight)
    active: bool = False  # holds an Action Token (sm.condition.active)
    shocked: bool = False  # sm.condition.shocked
    broken: bool = False  # sm.condition.broken
    shocks_this_turn: int = 0  # sm.condition.shocked_escalation
    broke_this_turn: bool = False  # executed a Break Action this Turn (sm.actionphase.break)
    ambush: bool = False  # sm.action.ambush
    tactical_used: bool = False  # a Tactical Die used this Turn (sm.orders.tactical_dice)
    dived_on: bool = False  # Engaged by a Diving Charge, this Action (sm.cc.diving_charge)
    entangled: bool = False  # until the end of the Turn (sm.geartrait.entangle)
    engaged_turn: int = 0  # Turn its current Engagement began (sm.geartrait.unwieldy)
    token_from_effect: bool = False  # got its Token from Belay Order/Kingmaker this Turn
    ancestors_used: bool = False  # By the Ancestors, once per game
    more_than_human_used: bool = False  # More Than Human, once per game
    fighting_man_used: bool = False  # Fighting Man, once per Turn
    # statistics
    wounds_dealt: int = 0
    shocks_dealt: int = 0

    @property
    def name(self) -> str:
        return self.f.name

    @property
    def ready(self) -> bool:
        """In play and neither Shocked nor Broken (sm.condition.ready; Active implies Ready)."""
        return self.on_table and not self.shocked and not self.broken

    @property
    def base(self) -> Base:
        return Base(self.x, self.y, self.r)

    @property
    def is_warlord(self) -> bool:
        return self.f.type is ModelType.WARLORD

    def has(self, trait: str) -> bool:
        return self.f.has(trait)

    @property
    def condition(self) -> str:
        if self.wounded:
            return "wounded"
        if self.fled:
            return "fled"
        if self.shocked:
            return "shocked"
        if self.broken:
            return "broken"
        return "active" if self.active else "ready"


@dataclass
class SMState(SideQueries[Model]):
    dice: Dice
    log: EventLog
    cat: Catalogue
    table: Table
    adventure: AdventureModel
    models: list[Model]
    musters: list[Warband]
    side_names: list[str]
    side_labels: list[str]
    options: Options
    turns: int
    intruder: int
    rivals: bool
    turn: int = 0
    edge: int = 0
    edge_streak: int = 0  # Turns in a row the current Edge player has had it
    last_edge: int | None = None
    pool: list[int] = field(default_factory=lambda: [0, 0])
    tactical_dice: list[int] = field(default_factory=lambda: [0, 0])
    break_tokens: list[int] = field(default_factory=lambda: [0, 0])
    #: once-per-game Break Tokens still unused: Monastic, Extra Rations
    spare_breaks: list[int] = field(default_factory=lambda: [0, 0])
    #: Mystical: one Unbreakable Action per game still unused (sm.stronghold.mystical)
    mystical: list[bool] = field(default_factory=lambda: [False, False])
    belay_used: list[bool] = field(default_factory=lambda: [False, False])
    acted: list[int] = field(default_factory=lambda: [0, 0])  # Actions executed this phase
    forfeited: list[int] = field(default_factory=lambda: [0, 0])
    starting: list[int] = field(default_factory=lambda: [0, 0])
    first_player: int | None = None
    over: bool = False
    #: terrain polygons by role, as plain coordinates (built by rules.terrain)
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.pieces = self.models  # living, enemies_of, friends_of, by_uid (SideQueries)

    # -- queries ---------------------------------------------------------------------------
    def side_models(self, side: int) -> list[Model]:
        return [m for m in self.models if m.side == side]

    def gap(self, a: Model, b: Model) -> float:
        """Base edge to base edge (sm.combat.range); between models at different heights the
        drop counts too, so a model on a rooftop is not Engaged with one below it."""
        flat = math.hypot(b.x - a.x, b.y - a.y) - a.r - b.r
        if a.z == b.z:
            return flat
        return math.hypot(max(flat, 0.0), b.z - a.z)

    def engaged_with(self, m: Model, counting_all: bool = True) -> list[Model]:
        """Enemies within 1" (sm.cc.engaged); with ``counting_all`` False only Ready ones
        (Shocked and Broken models do not count for Multiple Opponents, sm.cc.multiple_opponents)."""
        # ``enemies_of`` and ``gap`` written out as in ``engaged`` (the same models in the same
        # order, the same arithmetic): asked for every option list and every Attack
        side, x, y, r, z = m.side, m.x, m.y, m.r, m.z
        hypot = math.hypot
        out = []
        for e in self.models:
            if e.side != side and e.on_table:
                flat = hypot(e.x - x, e.y - y) - r - e.r
                if (flat if z == e.z else hypot(max(flat, 0.0), e.z - z)) <= ENGAGED + 1e-6 \
                        and (counting_all or e.ready):
                    out.append(e)
        return out

    def engaged(self, m: Model) -> bool:
        # ``gap`` written out (the same arithmetic, in the same order): asked very often
        side, x, y, r, z = m.side, m.x, m.y, m.r, m.z
        hypot = math.hypot
        for e in self.models:
            if e.on_table and e.side != side:
                flat = hypot(e.x - x, e.y - y) - r - e.r
                if (flat if z == e.z else hypot(max(flat, 0.0), e.z - z)) <= ENGAGED + 1e-6:
                    return True
        return False

    def warlord(self, side: int) -> Model:
        return next(m for m in self.models if m.side == side and m.is_warlord)

    def lost(self, side: int) -> int:
        """Models Wounded or removed from play (sm.mettle.rout_check)."""
        return sum(1 for m in self.side_models(side) if not m.on_table)

    def blockers(self, m: Model) -> list[Model]:
        return [o for o in self.models if o.on_table and o is not m]


class SMView(KeepingView[SMState]):
    """What a player sees: The Sword Marches has open information on the table, so everything
    but the dice and the log (the kit's open view).

    The AI reads the state through its view hundreds of thousands of times a game, so the
    first read of a method or of an attribute in ``kept`` is kept on the view (the kit's
    ``KeepingView``); other attributes (the Turn, the pools...) are read afresh."""

    #: state attributes never reassigned during a game (their contents may change, the
    #: objects stay)
    kept = frozenset({"models", "pieces", "table", "adventure", "cat", "extra", "options",
                      "turns", "musters", "side_names", "side_labels", "intruder", "rivals"})

    @property
    def turn(self) -> int:
        """The Turn now (read afresh: it moves on); a property rather than a failed look-up and
        ``__getattr__``, as the AI reads it a few hundred times a game."""
        return self._state.turn
