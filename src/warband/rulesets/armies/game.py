"""An Armies of Arcana battle: deployment, turns until the turn limit or a rout, the result.

The sheet has no victory conditions (armies.turn.sequence, armies.morale.victory_check): the
house scenarios (content/scenarios) give them, checked after every Morale phase. Rout: a side
with no unbroken unit on the table (and none still waiting to infiltrate) has lost; both at
once is a draw. At the turn limit the side with more victory points wins: the points cost of
every enemy unit destroyed or fled off the table, half the cost of every enemy unit broken at
the end, and, in an objective scenario, the objective's points to the side that alone has an
unbroken unit with troops within its radius.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from warband.core.game import Flow, Outcome
from warband.kit.flow import play_turns, rout_or_points
from warband.kit.ruleset import Setup
from warband.rulesets.armies.catalogue import Catalogue
from warband.rulesets.armies.choices import CODEC
from warband.rulesets.armies.lists import Army
from warband.rulesets.armies.models import ScenarioModel
from warband.rulesets.armies.options import Options
from warband.rulesets.armies.rules.setup import build_state, deployment
from warband.rulesets.armies.rules.turn import play_turn
from warband.rulesets.armies.state import ArmiesState, ArmiesView

__all__ = ["beaten", "game_flow", "points", "setup_game"]


def beaten(st: ArmiesState, side: int) -> bool:
    """No unbroken unit on the table and none waiting to come on."""
    return not any(u.active or (not u.deployed and not u.gone) for u in st.units_of(side))


def holds_objective(st: ArmiesState, side: int) -> bool:
    obj = st.scenario.objective
    if obj is None:
        return False
    return any(u.active and u.models and u.formation is not None
               and u.formation.distance_to_point(*obj) <= st.scenario.objective_radius
               for u in st.units_of(side))


def points(st: ArmiesState, side: int) -> int:
    total = 0
    for u in st.units_of(1 - side):
        if u.gone:
            total += u.cost
        elif u.on_table and u.broken:
            total += u.cost // 2
    return total + st.objective_vp[side]


def _outcome(st: ArmiesState, reason: str) -> Outcome:
    if st.scenario.victory == "objective":
        held = [holds_objective(st, 0), holds_objective(st, 1)]
        if held[0] != held[1]:
            st.objective_vp[0 if held[0] else 1] = st.scenario.objective_vp
    vp = [points(st, 0), points(st, 1)]
    winner = rout_or_points(reason, [beaten(st, 0), beaten(st, 1)], vp)
    survivors = [[f"{u.name} ({u.model_count} models{', broken' if u.broken else ''})"
                  for u in st.units_of(side) if u.on_table] for side in (0, 1)]
    st.log.emit("game_end", reason=reason, vp=vp, turns=st.turn,
                winner=None if winner is None else st.side_labels[winner])
    return Outcome(
        sides=list(st.side_labels), names=list(st.side_names), winner=winner, vp=vp,
        rounds=st.turn, survivors=survivors,
        extra={"ended_by": reason, "scenario": st.scenario.id,
               "first_player": (None if st.first_player is None
                                else st.side_labels[st.first_player]),
               "destroyed": {st.side_labels[s]: [u.name for u in st.units_of(s) if u.gone]
                             for s in (0, 1)}})


def game_flow(st: ArmiesState) -> Flow:
    st.log.emit("game_start", sides=dict(zip(st.side_labels, st.side_names, strict=True)),
                scenario=st.scenario.name, turns=st.turns)
    yield from deployment(st)
    # armies.morale.victory_check: a rout is checked after every turn's Morale phase
    reason = yield from play_turns(st, play_turn, beaten)
    st.over = True
    return _outcome(st, reason)


def setup_game(cat: Catalogue, armies: Sequence[Army], seed: int, opts: Options,
               scenario: ScenarioModel, given: Mapping[str, Any],
               log_events: bool = True) -> Setup:
    """The kit's hook: the starting state and flow of a battle between two armies."""
    st = build_state(armies, scenario, cat.spells, seed, opts, log_events=log_events)
    return Setup(st, game_flow(st), ArmiesView, CODEC)
