"""The choices the rules offer again and again, each made once and handed out again.

A Raiders decision lists its options as choices (:mod:`~warband.rulesets.raiders.choices`):
every activation offers :class:`~.choices.Pass` and an :class:`~.choices.Activate` per ready
unit (raiders.action.procedure), every action a :class:`~.choices.ChooseAction` per action on
the unit's menu, every declaration a :class:`~.choices.NoReaction` and the
:class:`~.choices.React` answers (raiders.reaction.*), every targeted action a
:class:`~.choices.Target` per unit. A choice is a frozen dataclass, equal to any other with the
same fields and never changed once made, so an option made once per distinct value serves every
later decision and game that offers the same value: the decision, its record and the codec read
the same fields. Each choice is made by a dataclass ``__init__`` that runs as Python code even
in the compiled build (``kit.choices`` cannot compile), some 4,500 instructions each, against a
dict look-up here (docs/performance.md, Raiders, issue 16 session 10).
"""

from __future__ import annotations

from typing import TypeVar

from warband.rulesets.raiders import choices as C

__all__ = ["NO_REACTION", "PASS", "activate", "choose_action", "react", "target"]

#: the choices without fields: one of each serves every decision (not ``Final``: other
#: compiled modules read them, see "Compiled build" on a ``Final`` read across modules)
PASS = C.Pass()
NO_REACTION = C.NoReaction()

_ACTIVATE: dict[int, C.Activate] = {}
_TARGET: dict[int, C.Target] = {}
_ACTION: dict[str, C.ChooseAction] = {}
_REACT: dict[tuple[int, str, int], C.React] = {}
#: the most choices each table keeps before it is emptied (a game has a few dozen units and
#: actions; emptying only means making them again)
_LIMIT = 4096

K = TypeVar("K")
V = TypeVar("V")


def _keep(table: dict[K, V], key: K, made: V) -> V:
    """Keep ``made`` in ``table`` under ``key`` (emptying a full table first) and return it:
    what each function below does when its choice is not kept yet (the look-up stays in each,
    so a choice already made costs no call)."""
    if len(table) >= _LIMIT:
        table.clear()
    table[key] = made
    return made


def activate(uid: int) -> C.Activate:
    """``Activate(uid)``, made once."""
    kept = _ACTIVATE.get(uid)
    return kept if kept is not None else _keep(_ACTIVATE, uid, C.Activate(uid))


def target(uid: int) -> C.Target:
    """``Target(uid)``, made once."""
    kept = _TARGET.get(uid)
    return kept if kept is not None else _keep(_TARGET, uid, C.Target(uid))


def choose_action(action: str) -> C.ChooseAction:
    """``ChooseAction(action)``, made once."""
    kept = _ACTION.get(action)
    return kept if kept is not None else _keep(_ACTION, action, C.ChooseAction(action))


def react(uid: int, action: str, target: int = -1) -> C.React:
    """``React(uid, action, target)``, made once."""
    key = (uid, action, target)
    kept = _REACT.get(key)
    return kept if kept is not None else _keep(_REACT, key, C.React(uid, action, target))
