"""The choices a Raiders of Arcana player makes, as small frozen dataclasses, and the actions.

Every decision's legal options are instances of these; the codec stores them in game records.
``label`` fields are for display only and do not take part in comparisons.

An action is declared in the book's steps (raiders.action.procedure): choose the unit
(:class:`Activate`, or :class:`Pass`), the action (:class:`ChooseAction`), then its target
(:class:`Target`), destination (:class:`Point`), spell (:class:`ChooseSpell`) or power tokens
(:class:`Power`). The opponent then answers with :class:`NoReaction` or a :class:`React`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from warband.kit.choices import ChoiceSet, choice

__all__ = [
    "ACTIONS",
    "CODEC",
    "Activate",
    "ActionDef",
    "ChooseAction",
    "ChooseSpell",
    "Deployment",
    "NoReaction",
    "Pass",
    "Point",
    "Power",
    "React",
    "Split",
    "Target",
]

CODEC = ChoiceSet()


@choice(CODEC)
class Pass:
    """Take no more actions this turn (reactions are still allowed)."""


@choice(CODEC)
class Activate:
    """Spend an action token on unit ``uid`` (it becomes a fatigue counter on the unit)."""

    uid: int


@choice(CODEC)
class ChooseAction:
    action: str


@choice(CODEC)
class Target:
    uid: int


@choice(CODEC)
class Point:
    """A destination for the unit's leader; the unit forms up round it."""

    x: float
    y: float
    label: str = field(default="", compare=False)


@choice(CODEC)
class ChooseSpell:
    spell: str


@choice(CODEC)
class Power:
    """Stored power tokens to spend on extra casting or counter dice."""

    tokens: int


@choice(CODEC)
class NoReaction:
    pass


@choice(CODEC)
class React:
    """Unit ``uid`` reacts with ``action``; ``target`` is the unit it targets (-1: none)."""

    uid: int
    action: str
    target: int = -1


@choice(CODEC)
class Split:
    """Combat dice allocated to attack; the rest go to defence (raiders.combat.allocate)."""

    attack: int


@choice(CODEC)
class Deployment:
    """A whole secret deployment: ``(uid, x, y)`` for the leader of each unit placed."""

    placements: tuple[tuple[int, float, float], ...]
    label: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class ActionDef:
    """An action of the book (raiders.action.*): whether it needs a target, whether it is only
    ever a reaction, and its rule id."""

    name: str
    title: str
    targeted: bool
    reaction_only: bool
    rule: str
    moves: bool = False  # the unit moves (and so loses its markers)


ACTIONS: dict[str, ActionDef] = {a.name: a for a in (
    ActionDef("move", "Move", False, False, "raiders.action.move", moves=True),
    ActionDef("run", "Run", False, False, "raiders.action.run", moves=True),
    ActionDef("go_to_ground", "Go to Ground", False, True, "raiders.action.go_to_ground"),
    ActionDef("make_ready", "Make Ready", False, False, "raiders.action.make_ready"),
    ActionDef("aim", "Aim", False, False, "raiders.action.aim"),
    ActionDef("shoot", "Shoot", True, False, "raiders.action.shoot"),
    ActionDef("charge", "Charge", True, False, "raiders.action.charge", moves=True),
    ActionDef("counter_charge", "Counter-charge", True, True, "raiders.action.counter_charge",
              moves=True),
    ActionDef("defend", "Defend", True, True, "raiders.action.defend"),
    ActionDef("shield_wall", "Shield Wall", True, True, "raiders.action.shield_wall"),
    ActionDef("shield_wall_shooting", "Shield Wall (shooting)", False, True,
              "raiders.ability.shield_wall_shooting"),
    ActionDef("store_power", "Store Power", False, False, "raiders.action.store_power"),
    ActionDef("cast_spell", "Cast Spell", True, False, "raiders.action.cast_spell"),
    ActionDef("counter_spell", "Counter Spell", True, True, "raiders.action.counter_spell"),
    ActionDef("regroup", "Regroup", False, False, "raiders.action.regroup"),
    ActionDef("rally", "Rally", False, False, "raiders.action.rally"),
    ActionDef("flee", "Flee", False, False, "raiders.action.flee", moves=True),
    ActionDef("deploy_palisades", "Deploy Palisades", False, False,
              "raiders.action.deploy_palisades"),
)}
