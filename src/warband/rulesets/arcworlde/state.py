"""The state of an ArcWorlde game: Characters on a table, the Round, Victory Points.

Kept flat and cheap to read (slotted dataclasses, plain floats for positions) because the AIs
and the simulator read it thousands of times per game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from warband.core.deck import Deck
from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.geometry import CONTACT, Base, Table
from warband.kit.state import HIDDEN_FROM_VIEWS, KeepingView, TableQueries
from warband.rulesets.arcworlde.models import Attack, Equipment, Profile, ScenarioModel
from warband.rulesets.arcworlde.options import Options

__all__ = ["ArcState", "ArcView", "Character", "Options"]


#: the Character's facts ``on_table`` is made of
_ON_TABLE_FACTS = frozenset({"deployed", "ko", "gobbled_by"})


@dataclass(slots=True)
class Character:
    uid: int
    side: int
    name: str
    profile: Profile
    equipment: tuple[Equipment, ...]
    attacks: tuple[Attack, ...]
    weapons: tuple[Equipment, ...]  # equipment weapons (two or more: one is chosen)
    r: float
    max_hp: int
    hp: int
    ap: int  # AP stat
    movement: int
    bravery: int
    armour: int
    traits: frozenset[str]
    unruly: bool
    cost: int = 0  # GP paid for it, equipment included
    x: float = -100.0
    y: float = -100.0
    deployed: bool = False
    ko: bool = False
    prone: bool = False
    prone_round: int = 0
    broken: bool = False
    fled: bool = False  # has Fled since becoming Broken
    activated: bool = False
    ap_penalty: int = 0  # AP lost at the next Activation (Crit effects; does not stack)
    weapon: str | None = None  # equipment id of the weapon in hand
    agile_round: int = 0  # Round in which the Agile re-roll was last used
    held: bool = False  # held back off the table until a Spell summons it (rules/magic.py)
    arcanite: int = 0  # Arcanite Tokens found in play (they may score; rules/arcanite.py)
    arcanite_bought: int = 0  # Arcanite Tokens bought before the game (never score)
    primed: str | None = None  # a Token spent on its next roll: "extra_die" or "reroll"
    # a Token spent against the Attack coming: "ward" (re-roll its first failed Defence Roll)
    # or "defence_die" (one more die on its first Defence Roll); None: none
    warded: str | None = None
    # Creatures' Traits (rules/creatures.py)
    gobbled_by: int | None = None  # uid of the Creature that swallowed it: off the table
    escape_tries: int = 0
    dwindled: tuple[int, ...] = ()  # AP taken by each Dwindling Strength threshold crossed
    unafraid_of: set[int] = field(default_factory=set)  # Fearsome Characters it stood up to
    throes_mark: int = -1  # the Activation in which Death Throes was last used
    mount_uid: int | None = None  # the Monstrous Mount it rides (rules/creatures.py)
    rider_uid: int | None = None  # the rider on this Monstrous Mount
    split_round: int = 0  # Split Activation: the Round of its first Activation ...
    split_ap: int = 0  # ... and the AP it has left for later Activations in that Round
    # statistics for the simulator
    damage_dealt: int = 0
    knock_outs: int = 0

    #: the profile's Commander flag, copied once: the AIs read it for every spot they weigh
    commander: bool = field(init=False, default=False)

    #: on the table: deployed, not Knocked Out, not swallowed. Kept up to date by
    #: ``__setattr__`` when one of those three facts is written, not worked out per read:
    #: the flow and the AIs read it some 16,000 times a game, the facts change a few times
    on_table: bool = field(init=False, default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.commander = self.profile.commander
        self.on_table = self.deployed and not self.ko and self.gobbled_by is None

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if name in _ON_TABLE_FACTS:
            try:
                on = self.deployed and not self.ko and self.gobbled_by is None
            except AttributeError:  # still being built: __post_init__ works it out
                return
            object.__setattr__(self, "on_table", on)

    @property
    def aboard(self) -> bool:
        """A rider on its Monstrous Mount: it shares the mount's base, so it is no base of
        its own for movement and placement (arcworlde.trait.monstrous_mount)."""
        return self.mount_uid is not None

    @property
    def base(self) -> Base:
        return Base(self.x, self.y, self.r)

    def usable_attacks(self) -> list[Attack]:
        """Profile Attacks plus the Attacks of the weapon in hand
        (arcworlde.equipment.weapon_choice)."""
        if len(self.weapons) <= 1:
            return list(self.attacks)
        return [a for a in self.attacks
                if a.source == self.profile.id or a.source == self.weapon
                or a.source not in {w.id for w in self.weapons}]


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

    gap = distance  # the measure the kit's in_contact and engaged_with use

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
        return [Base(c.x, c.y, c.r) for c in self.chars
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

