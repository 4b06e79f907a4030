"""A small hand-built ArcWorlde situation for rule tests.

An :class:`Arena` is a table (any size, any terrain, any objectives) with the Characters a test
puts on it, at the positions it gives, and scripted dice. It drives the engine's own flows
(an Activation, a Round, a whole game) through the core :class:`~warband.core.game.Game`, so
every answer is checked against the pending decision exactly as in real play::

    arena = Arena()                                      # 36" x 36", no terrain, Round 1
    sheriff = arena.add("halfling-sheriff", side=0, at=(10, 10))
    grunt = arena.add("ourk-grunt", side=1, at=arena.touching(sheriff, "east", base_mm=40))
    arena.dice(6, 5, 2, 1, 1, 1)     # Hearty Stab's five Power dice, then one Defence Roll
    run = arena.activate(sheriff, Attack("Hearty Stab", grunt.uid), EndActivation())
    assert run.events("attack")[0]["damage"] == 3 and grunt.hp == 3   # 6 (two Hits) + 5
    assert arena.dice_left == 0

``run.pending`` is the decision still open when the answers run out (its options are what
the rules allow now); ``run.drive(controller, rng)`` lets an AI answer the rest. A Round
(``arena.round()``), a whole game (``arena.game()``) or any sub-flow (``arena.run(steps)``)
is driven the same way.

Characters are built by the ruleset's own ``build_state`` from catalogue profiles (or from
:func:`profile`), so Armour, Movement, Traits and weapons are derived as in a real game.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from warband.core.decisions import Decision, Simultaneous
from warband.core.dice import Dice, ScriptedDice
from warband.core.events import Event, EventLog
from warband.core.game import Game, Outcome, Steps
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.choices import CODEC
from warband.rulesets.arcworlde.game import game_flow
from warband.rulesets.arcworlde.lists import Member, Warband
from warband.rulesets.arcworlde.models import (
    Attack,
    CharacterClass,
    ObjectiveModel,
    Profile,
    ScenarioModel,
    TerrainModel,
)
from warband.rulesets.arcworlde.rules.activation import activation
from warband.rulesets.arcworlde.rules.round import play_round
from warband.rulesets.arcworlde.rules.setup import build_state, build_table
from warband.rulesets.arcworlde.state import ArcState, ArcView, Character, Options

__all__ = ["Arena", "Picks", "Run", "attack", "box", "profile", "terrain"]

MM = 25.4

_DIRECTIONS = {
    "east": (1.0, 0.0), "west": (-1.0, 0.0), "north": (0.0, 1.0), "south": (0.0, -1.0),
}


def attack(
    name: str, power: int, ap: int | None = 1, range: float | None = None, shot: str = "easy",
    **special: Any,
) -> Attack:
    """An Attack profile; ``special`` takes the engine's Special Rule fields
    (``crit_ignores_armour``, ``crit_reduce_ap``, ``charge_power``...)."""
    fields = {
        "crit_ignores_armour": False, "ignores_armour": False, "crit_reduce_ap": 0,
        "crit_breaks_armour": False, "crit_knocks_prone": False, "charge_power": 0,
    }
    unknown = set(special) - set(fields)
    if unknown:
        raise TypeError(f"unknown Special Rules {sorted(unknown)}")
    fields.update(special)
    return Attack(name=name, ap=ap if range is None else None, power=power, range=range,
                  shot=shot, source="test", **fields)


def profile(
    id: str = "tester", *, name: str | None = None, faction: str = "halflings", cost: int = 10,
    classes: Iterable[str] = ("unit",), ap: int = 3, movement: int = 5, bravery: int = 7,
    hp: int = 6, base: int = 30, attacks: Sequence[Attack] = (), traits: Iterable[str] = (),
    equipment: Iterable[str] = (),
) -> Profile:
    """A made-up Stat Profile (test data, not a book profile)."""
    cat = catalogue()
    return Profile(
        id=id, name=name or id.replace("-", " ").title(), faction=faction, cost=cost,
        classes=frozenset(CharacterClass(c) for c in classes), ap=ap, movement=movement,
        bravery=bravery, hp=hp, base=base,
        attacks=tuple(attacks) or (attack("Jab", 2),),
        traits=frozenset(traits), equipment=tuple(cat.equipment[e] for e in equipment),
        source="test",
    )


def terrain(
    name: str, kind: str, points: Sequence[tuple[float, float]], *, blocks_sight: bool = False,
    cover: bool = False,
) -> TerrainModel:
    return TerrainModel(name=name, kind=kind, points=list(points),  # type: ignore[arg-type]
                        blocks_sight=blocks_sight, cover=cover)


class CappedLog(EventLog):
    """An event log that fails a test instead of growing without end (a flow stuck in a loop
    that emits events would otherwise hang the suite)."""

    __slots__ = ("cap",)

    def __init__(self, cap: int = 100_000) -> None:
        super().__init__()
        self.cap = cap

    def emit(self, kind: str, /, **data: Any) -> None:
        if len(self.events) >= self.cap:
            raise AssertionError(f"more than {self.cap} events: the flow is stuck ({kind!r})")
        super().emit(kind, **data)


class Picks(random.Random):
    """A controller RNG whose ``random()`` returns the given values, then 0.0: for the
    Rogue AI's own rolls (behaviour roll ``k`` is ``(k - 1) / 6 + 0.01``)."""

    def __init__(self, *values: float) -> None:
        super().__init__(0)
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0) if self.values else 0.0

    @staticmethod
    def d6(face: int) -> float:
        """The value that makes ``1 + int(random() * 6)`` come out as ``face``."""
        return (face - 1) / 6 + 0.01


def box(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    """The corners of an axis-aligned rectangle."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


@dataclass
class Run:
    """What happened while a flow was driven: the decisions asked, the answers given, the
    events emitted, and the decision still pending when the answers ran out (if any)."""

    game: Game
    asked: list[Decision] = field(default_factory=list)
    start: int = 0

    @property
    def pending(self) -> Decision | Simultaneous | None:
        return self.game.pending()

    @property
    def finished(self) -> bool:
        return self.game.pending() is None

    @property
    def all_events(self) -> list[Event]:
        return self.game.state.log.events[self.start:]

    def events(self, kind: str) -> list[Event]:
        return [e for e in self.all_events if e.kind == kind]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.all_events]

    def drive(self, controller: Any, rng: random.Random, limit: int = 500) -> Run:
        """Let ``controller`` answer every decision (with its own view) until the flow ends."""
        for _ in range(limit):
            if self.game.pending() is None:
                return self
            player = self.game.waiting_for()[0]
            decision = self.game.decision_for(player)
            assert decision is not None
            self.asked.append(decision)
            self.game.apply(player, controller.decide(self.game.view(player), decision, rng))
        raise AssertionError(f"the flow did not end within {limit} decisions")

    def answer(self, *answers: Any) -> Run:
        """Give more answers to the same flow."""
        for choice in answers:
            pending = self.game.pending()
            if pending is None:
                raise AssertionError(f"the flow ended before the answer {choice!r}")
            player = self.game.waiting_for()[0]
            decision = self.game.decision_for(player)
            assert decision is not None
            self.asked.append(decision)
            self.game.apply(player, choice)
        return self


class Arena:
    """A table with hand-placed Characters, scripted dice and the ruleset's flows."""

    def __init__(
        self,
        terrain: Sequence[TerrainModel] = (),
        *,
        width: float = 36.0,
        height: float = 36.0,
        objectives: Sequence[tuple[str, float, float]] = (),
        options: Mapping[str, Any] | None = None,
        round: int = 1,
        **scenario: Any,
    ) -> None:
        model = ScenarioModel(
            id="test-arena", name="Test Arena", source="house", width=width, height=height,
            terrain=list(terrain),
            objectives=[ObjectiveModel(name=n, x=x, y=y) for n, x, y in objectives],
            **scenario,
        )
        opts = Options(**dict(options or {}))
        self.catalogue = catalogue()
        self.state = ArcState(
            dice=ScriptedDice([]), log=CappedLog(), table=build_table(model), scenario=model,
            chars=[], side_names=["Side A", "Side B"], side_labels=["a", "b"], options=opts,
            round=round,
        )

    # -- the table ---------------------------------------------------------------------------
    @property
    def st(self) -> ArcState:
        return self.state

    def add(
        self,
        who: str | Profile,
        side: int,
        at: tuple[float, float],
        *,
        name: str | None = None,
        equipment: Iterable[str] = (),
        unruly: bool = False,
        **changes: Any,
    ) -> Character:
        """Put a Character on the table. ``who`` is a catalogue profile id or a
        :func:`profile`; ``changes`` overrides run-time fields (``hp``, ``ap``, ``prone``...)."""
        prof = self.catalogue.profiles[who] if isinstance(who, str) else who
        gear = tuple(self.catalogue.equipment[e] for e in equipment)
        wb = Warband(name="arena", faction=prof.faction, game_value=10**6,
                     members=(Member(prof, gear, name, unruly),), source={})
        built = build_state([wb], self.state.scenario, 0, Options()).chars[0]
        label = name or prof.name
        taken = {c.name for c in self.state.chars}
        n = 1
        while label in taken:
            n += 1
            label = f"{name or prof.name} {n}"
        fields: dict[str, Any] = {"deployed": True, **changes}
        ch = dataclasses.replace(
            built, uid=len(self.state.chars), side=side, name=label, x=float(at[0]),
            y=float(at[1]), **fields,
        )
        self.state.chars.append(ch)
        return ch

    def touching(
        self, other: Character, direction: str | tuple[float, float], base_mm: float = 30,
        gap: float = 0.0,
    ) -> tuple[float, float]:
        """The centre of a ``base_mm`` base touching ``other`` on the given side
        (``gap`` inches between the base edges)."""
        dx, dy = _DIRECTIONS[direction] if isinstance(direction, str) else direction
        norm = math.hypot(dx, dy)
        reach = other.r + base_mm / MM / 2 + gap
        return (other.x + dx / norm * reach, other.y + dy / norm * reach)

    def at_distance(
        self, other: Character, inches: float, direction: str = "east", base_mm: float = 30
    ) -> tuple[float, float]:
        """The centre of a ``base_mm`` base whose edge is ``inches`` from ``other``'s edge."""
        return self.touching(other, direction, base_mm, gap=inches)

    # -- the dice ----------------------------------------------------------------------------
    def dice(self, *faces: int, then_seed: int | None = None) -> ScriptedDice:
        """Script the next dice (a fresh script; any left over from before is discarded);
        with ``then_seed``, seeded dice follow the script instead of an error."""
        scripted = ScriptedDice(faces, fallback_seed=then_seed)
        self.state.dice = scripted
        return scripted

    def seeded(self, seed: int) -> Dice:
        self.state.dice = Dice(seed)
        return self.state.dice

    @property
    def dice_left(self) -> int:
        dice = self.state.dice
        return dice.remaining if isinstance(dice, ScriptedDice) else 0

    # -- driving the flows ---------------------------------------------------------------------
    def run(self, steps: Steps, *answers: Any) -> Run:
        """Drive ``steps`` (any sub-flow of the ruleset) with ``answers``, in order, checking
        each against the pending decision as the game does. Trivial one-option decisions are
        answered by the engine itself, as in play."""
        start = len(self.state.log)

        def flow() -> Any:
            result = yield from steps
            if isinstance(result, Outcome):  # a whole game
                return result
            return Outcome(sides=["a", "b"], names=["A", "B"], winner=None, vp=[0, 0],
                           rounds=self.state.round, survivors=[[], []])

        game = Game("arcworlde", self.state, flow(), CODEC, ArcView, {})
        return Run(game, start=start).answer(*answers)

    def activate(self, ch: Character, *answers: Any) -> Run:
        """Activate ``ch`` and answer its decisions with ``answers``."""
        return self.run(activation(self.state, ch), *answers)

    def round(self, *answers: Any) -> Run:
        """Play one Round (initiative, alternating Activations) with ``answers``."""
        return self.run(play_round(self.state), *answers)

    def game(self, *answers: Any) -> Run:
        """Play the whole game from here (deployment of anyone not yet on the table, the
        Rounds, scoring); ``run.game.outcome()`` is the result."""
        return self.run(game_flow(self.state), *answers)

    def view(self, player: int) -> ArcView:
        return ArcView(self.state, player)
