"""The state of an ArcWorlde game: Characters on a table, the Round, Victory Points.

Kept flat and cheap to read (slotted dataclasses, plain floats for positions) because the AIs
and the simulator read it thousands of times per game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from warband._compiled import mypyc_attr
from warband.core.deck import Deck
from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.geometry import CONTACT, Base, Table
from warband.kit.state import HIDDEN_FROM_VIEWS, KeepingView, TableQueries
from warband.rulesets.arcworlde.models import ScenarioModel
from warband.rulesets.arcworlde.options import Options
from warband.rulesets.arcworlde.records import Character

__all__ = ["ArcState", "ArcView", "Character", "Options"]


# (the compiled build compiles this module: its two classes stay regular Python classes, as
# the kit's Python bases need, and their methods are compiled, reading the compiled
# Characters' fields directly)
@mypyc_attr(native_class=False)
@dataclass
class ArcState(TableQueries[Character]):
    dice: Dice
    log: EventLog
    table: Table
    scenario: ScenarioModel
    chars: list[Character]
    side_names: list[str]
    side_labels: list[str]
    options: Options
    round: int = 0
    vp_knock_outs: list[int] = field(default_factory=lambda: [0, 0])
    #: the sides that are players' warbands (0 .. players - 1, one per list); a side after them
    #: is the Mildaark Forest's Creatures (``forest_side``), played by the Rogue rules
    players: int = 2
    initiative: list[int] = field(default_factory=list)
    #: the player who took the first Activation of Round 1 (for the simulator's statistics)
    first_player: int | None = None
    over: bool = False
    #: the ArcDecks in use (key -1: the shared deck; else the player's own), made when first
    #: drawn from; hidden from players' views (the draw pile's order is a secret)
    decks: dict[int, Deck] = field(default_factory=dict)
    #: the Spells in play (a ``spells.SpellBook``; the packaged one when None)
    spellbook: Any = None
    #: the Narrative Feat menu in play (``rules/narrative.py``; the packaged one when None)
    narrative_menu: Any = None
    #: Activations begun so far (Death Throes: once per Activation)
    activation_count: int = 0
    #: the Pack Hunters Activated together now: {"members", "quarry", "used"} (rules/creatures.py)
    pack: dict[str, Any] | None = None
    #: the Mildaark Forest's state this game (rules/forest.py), None without the environment
    forest: dict[str, Any] | None = None
    #: the side of the Beasts and Monsters the Mildaark Forest sends (cards 5 and K), made when
    #: the first one arrives; the Rogue rules play it (rules/forest.py)
    forest_side: int | None = None
    #: the Rogue interpreter playing the forest's side and its random source (drawn from the
    #: game's dice): hidden from players' views
    forest_ai: Any = None
    #: the side whose delayed Rogue Warband has not arrived yet (rules/solo.py)
    arriving: int | None = None
    #: Items lying on the table: (x, y, equipment id) (rules/items.py)
    items: list[tuple[float, float, str]] = field(default_factory=list)
    #: Arcanite Tokens lying on the table: (x, y, bought)
    tokens: list[tuple[float, float, bool]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.pieces = self.chars  # the same list, for the kit's side queries

    # -- queries ---------------------------------------------------------------------------
    def distance(self, a: Character, b: Character) -> float:
        """Base edge to base edge, as the rules measure; Engaged means in base contact
        (arcworlde.combat.engagement)."""
        return math.hypot(b.x - a.x, b.y - a.y) - a.r - b.r

    def gap(self, a: Character, b: Character) -> float:
        """:meth:`distance`: the measure the kit's ``in_contact`` uses. (A method, not the
        alias ``gap = distance``, which a compiled class body refuses.)"""
        return self.distance(a, b)

    def friends_in_contact(self, ch: Character) -> list[Character]:
        # friends_of(ch) and in_contact(ch, f), written out: asked thousands of times a game
        x, y, r, side, hypot = ch.x, ch.y, ch.r, ch.side, math.hypot
        return [f for f in self.chars if f.side == side and f is not ch and f.on_table
                and hypot(f.x - x, f.y - y) - r - f.r <= CONTACT]

    def enemy_list(self, ch: Character) -> list[Character]:
        """``enemies_of`` as a list (one comprehension, not a generator step per Character:
        the AIs ask it for every Character they weigh); the same Characters in the same
        order."""
        side = ch.side
        return [e for e in self.chars if e.side != side and e.on_table]

    def friend_list(self, ch: Character) -> list[Character]:
        """``friends_of`` as a list, ``ch`` left out (as :meth:`enemy_list`)."""
        side = ch.side
        return [f for f in self.chars if f.side == side and f is not ch and f.on_table]

    def engaged_with(self, piece: Character) -> list[Character]:
        """Enemies in base contact (the kit's query, with :meth:`enemies_of` and
        :meth:`distance` written out: the flow and the AIs ask it thousands of times a game;
        an enemy is a Character of any other side, as ``enemies_of`` says)."""
        x, y, r, side, hypot = piece.x, piece.y, piece.r, piece.side, math.hypot
        return [e for e in self.chars if e.side != side and e.on_table
                and hypot(e.x - x, e.y - y) - r - e.r <= CONTACT]

    # (``not c.aboard`` written out as ``c.mount_uid is None``: a property call per
    # Character, and the AIs ask for the bases round a mover for every move they weigh)
    def blockers(self, ch: Character) -> list[Base]:
        return [c.base for c in self.chars
                if c.on_table and c is not ch and c.mount_uid is None]

    def blocker_chars(self, ch: Character) -> list[Character]:
        return [c for c in self.chars if c.on_table and c is not ch and c.mount_uid is None]

    def player_sides(self) -> range:
        """The players' sides (the forest's Creatures are not a player)."""
        return range(self.players)

    def rogue_sides(self) -> frozenset[int]:
        """The sides the Rogue Warband rules play: those the ``rogue`` option names, and the
        forest's Creatures (arcworlde.solo.overview)."""
        named = self.options.rogue
        sides = {i for i, label in enumerate(self.side_labels[:self.players])
                 if named != "none" and label in named}
        if self.forest_side is not None:
            sides.add(self.forest_side)
        return frozenset(sides)

    def commander_of(self, side: int) -> list[Character]:
        return [c for c in self.living(side) if c.commander]


@mypyc_attr(native_class=False)
class ArcView(KeepingView[ArcState]):
    """What a player sees: ArcWorlde has open information, so everything but the dice (and
    the ArcDecks' draw piles). The state's methods and the attributes a game never
    reassigns are kept on the view after their first read (the kit's ``KeepingView``)."""

    kept = frozenset({"chars", "pieces", "scenario", "options", "side_names", "side_labels",
                      "vp_knock_outs", "items", "tokens"})

    #: the ArcDecks' draw piles are secret (rules/magic.py); so is the random source of the
    #: forest's Rogue interpreter (it would foretell the forest Creatures' choices)
    hidden = HIDDEN_FROM_VIEWS | {"decks", "forest_ai"}

    @property
    def table(self) -> Table:
        """The table, read afresh (the Mildaark Forest may lay a new one: rules/forest.py);
        a property rather than a failed look-up and ``__getattr__``, as the AIs read it some
        600 times a game."""
        return self._state.table

