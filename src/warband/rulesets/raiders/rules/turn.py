"""The turn: action tokens, initiative, alternating actions with reactions, fatigue recovery.

Rule ids: ``raiders.turn.overview``, ``raiders.turn.collect_action_tokens``,
``raiders.turn.initiative``, ``raiders.turn.perform_actions``, ``raiders.action.procedure``,
``raiders.turn.recover_fatigue``, ``raiders.turn.end``, ``raiders.ability.standard_bearer``,
``raiders.fatigue.sources``, ``raiders.scenario.meeting_engagement`` (the end condition).

Readings (the rules yaml's defaults):

* Tokens: one per 50 silver of the agreed game size (the size table's actions), the same for
  both players and not reduced by casualties.
* Once one player has passed, the other acts on, one action after another, until it passes or
  runs out of tokens. A player with no tokens, or no unit able to act, passes by itself.
* A unit may act any number of times a turn; only tokens and fatigue limit it.
* Ready, aim, power and morale tokens last from turn to turn; only action tokens are returned.
* Standard Bearer: after every unit removes 2 fatigue counters, its owner picks one unit whose
  leader is within 12" of the Lead Retinue's (itself included) to remove one more.
"""

from __future__ import annotations

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.rules import offered
from warband.rulesets.raiders.rules.actions import (
    actions_for,
    declare,
    declare_reaction,
    reaction_options,
)
from warband.rulesets.raiders.rules.exchange import resolve
from warband.rulesets.raiders.state import RaidersState, Unit

__all__ = ["RECOVERY", "STANDARD_RANGE", "perform_action", "play_turn", "roll_initiative"]

#: fatigue counters every unit removes at the end of a turn
RECOVERY = 2
#: inches from the standard bearer within which a unit may take its extra recovery
STANDARD_RANGE = 12.0


def roll_initiative(st: RaidersState) -> int:
    """Both players roll a d10; highest has the initiative; a tie keeps last turn's holder, or
    is re-rolled on the first turn (raiders.turn.initiative)."""
    history: list[list[int]] = []
    while True:
        rolls = [st.dice.die(10), st.dice.die(10)]
        history.append(rolls)
        if rolls[0] != rolls[1]:
            winner = 0 if rolls[0] > rolls[1] else 1
            break
        if st.initiative is not None:
            winner = st.initiative
            break
    st.initiative = winner
    st.log.emit("initiative", rolls=history, side=st.side_labels[winner])
    return winner


def perform_action(st: RaidersState, unit: Unit,
                   allowed: tuple[str, ...] | list[str] | None = None) -> Steps:
    """Steps 1-5 of an action (raiders.action.procedure): the token becomes a fatigue counter,
    the action is declared, the opponent may react, and both resolve together. ``allowed``:
    the unit's actions if already worked out in this state (:func:`actions_for`)."""
    if allowed is None:
        allowed = actions_for(st, unit)
    st.tokens[unit.side] -= 1
    unit.fatigue += 1
    pick = yield Decision("action", unit.side, [offered.choose_action(a) for a in allowed],
                          prompt=f"{unit.name}: which action", info={"unit": unit.uid})
    act = yield from declare(st, unit, pick.action)
    if st.log.enabled:  # the rounding only for a log someone keeps
        st.log.emit("declare", who=unit.name, side=st.side_labels[unit.side], action=act.action,
                    target=act.target.name if act.target else None,
                    to=[round(act.point[0], 2), round(act.point[1], 2)] if act.point else None,
                    spell=act.spell.name if act.spell else None, power=act.power,
                    fatigue=unit.fatigue, tokens=st.tokens[unit.side])
    options = reaction_options(st, act)
    answer = yield Decision(
        "react", 1 - unit.side, options,
        prompt=f"React to {unit.name}'s {C.ACTIONS[act.action].title}?",
        info={"unit": unit.uid, "action": act.action,
              "target": act.target.uid if act.target else -1,
              "spell": act.spell.id if act.spell else None, "power": act.power},
    )
    react = None
    if isinstance(answer, C.React):
        react = yield from declare_reaction(st, act, answer)
        if st.log.enabled:
            st.log.emit("react", who=react.unit.name, side=st.side_labels[react.unit.side],
                        action=react.action, target=react.target.name if react.target else None,
                        to=[round(react.point[0], 2), round(react.point[1], 2)]
                        if react.point else None, power=react.power)
    yield from resolve(st, act, react)


def _recover(st: RaidersState) -> Steps:
    """raiders.turn.recover_fatigue and raiders.ability.standard_bearer."""
    for u in st.units:
        if u.on_table and u.fatigue:
            u.fatigue = max(0, u.fatigue - RECOVERY)
    st.log.emit("recover", amount=RECOVERY)
    for side in (0, 1):
        bearer = next((u for u in st.living(side) if u.has("standard-bearer")), None)
        if bearer is None:
            continue
        near = [u for u in st.living(side)
                if u.fatigue > 0 and st.leader_distance(bearer, u) <= STANDARD_RANGE]
        if not near:
            continue
        pick = yield Decision("standard_bearer", side, [offered.target(u.uid) for u in near],
                              prompt="Standard Bearer: which unit removes one more fatigue?",
                              info={"bearer": bearer.uid})
        chosen = st.by_uid(pick.uid)
        chosen.fatigue -= 1
        st.log.emit("standard", who=bearer.name, unit=chosen.name, fatigue=chosen.fatigue)


def play_turn(st: RaidersState) -> Steps:
    """One turn (raiders.turn.overview)."""
    st.turn += 1
    st.log.emit("turn", number=st.turn)
    for side in (0, 1):
        st.tokens[side] = st.sizes[side].actions
    st.passed = [False, False]
    st.log.emit("tokens", tokens=list(st.tokens))
    current = roll_initiative(st)
    while not all(st.passed):
        player = current if not st.passed[current] else 1 - current
        # each unit's actions, worked out once: the AI reads them from the state
        # (``activation_menus``) while the decision is pending, and the action step after it;
        # tuples, so a controller reading them cannot change the menu the rules then offer
        menus: dict[int, tuple[str, ...]] = {}
        ready: list[Unit] = []
        if st.tokens[player]:
            for u in st.units_of(player):
                acts = actions_for(st, u)
                if acts:
                    menus[u.uid] = tuple(acts)
                    ready.append(u)
        if not ready:
            st.passed[player] = True
            st.log.emit("pass", side=st.side_labels[player], forced=True)
        else:
            st.activation_menus = menus
            pick = yield Decision(
                "activate", player, [offered.PASS, *(offered.activate(u.uid) for u in ready)],
                prompt=f"Turn {st.turn}: {st.tokens[player]} action tokens - act with which unit?",
                info={"tokens": st.tokens[player]},
            )
            st.activation_menus = {}
            if isinstance(pick, C.Pass):
                st.passed[player] = True
                st.log.emit("pass", side=st.side_labels[player], forced=False)
            else:
                if st.first_player is None:
                    st.first_player = player
                yield from perform_action(st, st.by_uid(pick.uid), menus[pick.uid])
        other = 1 - player
        current = other if not st.passed[other] else player
    yield from _recover(st)
    for u in st.units:
        u.prowess = 0
        u.speed = 0
        u.lost_this_turn = 0
    st.tokens = [0, 0]
    st.log.emit("turn_end", number=st.turn)
