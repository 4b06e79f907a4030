"""Scenario scoring: Victory Points for Knock Outs and for objectives held at the end.

Rule ids: ``arcworlde.scenario.victory_points``, ``arcworlde.round.game_length``,
``arcworlde.arcanite.obtaining`` (found Tokens score, bought ones never).
The scenario itself is house data (the book's scenarios are published separately); equal VP is
a draw (the rules yaml's default reading).
"""

from __future__ import annotations

import math
from typing import Any

from warband.core.game import Outcome
from warband.kit.flow import points_result
from warband.rulesets.arcworlde.rules.arcanite import scored_tokens
from warband.rulesets.arcworlde.state import ArcState

__all__ = ["final_outcome", "objective_holders"]


def objective_holders(st: Any) -> list[int | None]:
    """For each objective marker, the side holding it: it has a Character within range of the
    marker (base edge to marker) and the other side has none; None if nobody or both."""
    out: list[int | None] = []
    reach = st.scenario.objective_range
    for obj in st.scenario.objectives:
        near = {
            c.side for c in st.chars
            if c.on_table and math.hypot(c.x - obj.x, c.y - obj.y) - c.r <= reach
        }
        out.append(next(iter(near)) if len(near) == 1 else None)
    return out


def final_outcome(st: ArcState) -> Outcome:
    """Score the objectives, items and found Arcanite; the player with the most VP wins, and
    players tied for the most draw (arcworlde.scenario.victory_points; with three or more
    players the others lose). The forest's Creatures hold objectives from the players (they
    stand there) but score nothing: they are not a player."""
    holders = objective_holders(st)
    players = st.players
    vp = list(st.vp_knock_outs[:players])
    for obj, holder in zip(st.scenario.objectives, holders, strict=True):
        if holder is not None and holder < players:
            vp[holder] += st.scenario.vp_per_objective
            st.log.emit("objective", name=obj.name, side=st.side_labels[holder],
                        vp=st.scenario.vp_per_objective)
    item_vp = st.scenario.vp_per_item
    if item_vp:
        wanted = {i.item for i in st.scenario.items}
        for side in range(len(vp)):
            held = sum(1 for c in st.chars if c.side == side and c.on_table
                       for e in c.equipment if e.id in wanted)
            if held:
                vp[side] += held * item_vp
                st.log.emit("items_scored", side=st.side_labels[side], items=held,
                            vp=held * item_vp)
    arcanite_vp = st.scenario.vp_per_arcanite
    if arcanite_vp:
        for side in range(len(vp)):
            found = scored_tokens(st, side)
            if found:
                vp[side] += found * arcanite_vp
                st.log.emit("arcanite_scored", side=st.side_labels[side], tokens=found,
                            vp=found * arcanite_vp)
    winner, leaders, results = points_result(vp)
    labels = st.side_labels[:players]
    survivors = [[c.name for c in st.living(p)] for p in range(players)]
    more: dict[str, Any] = {}
    if players > 2:  # who drew, and each player's result (two players: the winner says it)
        more["leaders"] = [labels[p] for p in leaders]
    st.log.emit("game_end", vp=vp, winner=None if winner is None else st.side_labels[winner],
                rounds=st.round, **more)
    extra: dict[str, Any] = {"result": dict(zip(labels, results, strict=True))}
    return Outcome(
        sides=list(labels), names=list(st.side_names[:players]), winner=winner, vp=vp,
        rounds=st.round, survivors=survivors,
        extra={**extra,
               "knock_out_vp": dict(zip(labels, st.vp_knock_outs[:players], strict=True)),
               "objectives": {o.name: (None if h is None else st.side_labels[h])
                              for o, h in zip(st.scenario.objectives, holders, strict=True)},
               "first_player": (None if st.first_player is None
                                else st.side_labels[st.first_player])},
    )
