"""The Armies of Arcana board view: every unit as the rectangle its formation covers (its
frontage and depth, facing, ranks x files), the scenario's woods, ruins and hill, the deployment
zones, the objective, and what the latest events did. The game is open: every player sees the
same board (nothing in the state is secret).
"""

from __future__ import annotations

import math
from typing import Any

from warband.core import board as b
from warband.core.events import Event
from warband.core.geometry import Table, Terrain
from warband.rulesets.armies.rules.movement import move_allowance
from warband.rulesets.armies.state import ArmiesState, Unit

__all__ = ["board_view", "decision_focus"]


def _table(st: ArmiesState) -> Table:
    w, h = st.scenario.table
    pieces = [Terrain.from_points(f"{t.kind} {i + 1}", "open",
                                  [(t.x, t.y), (t.x + t.w, t.y), (t.x + t.w, t.y + t.h),
                                   (t.x, t.y + t.h)], cover=t.kind != "hill",
                                  elevation=1.0 if t.kind == "hill" else 0.0)
              for i, t in enumerate(st.scenario.terrain)]
    return Table.shared(float(w), float(h), pieces)


def _piece(u: Unit) -> b.Piece:
    f = u.formation
    assert f is not None
    cx, cy = f.centre
    flags = [name for name, on in (
        ("Broken", u.broken), ("Engaged", bool(u.engaged)), ("Charged", u.charged),
        ("Fled this turn", u.moved_in_flee), ("Late infiltrator", u.late),
        ("Skirmishers", u.skirmish)) if on]
    stats: dict[str, int | float | str | bool] = {"Models": f"{u.models}/{u.start_models}"}
    for c in u.alive_characters:
        stats[c.name] = f"{c.wounds}W" + (f", {c.power} power" if c.caster else "") + (
            ", general" if c.general else "")
    if u.damage:
        stats["Wounds on the front model"] = u.damage
    return b.Piece(
        id=str(u.uid), side=u.side, label=u.name, kind="unit" if u.model_count > 1 else "model",
        profile=u.profile.id, x=round(cx, 3), y=round(cy, 3),
        base=b.RectBase(width=round(f.width, 3), depth=round(f.depth, 3)),
        facing=round(math.degrees(f.heading) % 360, 2),
        formation=b.Formation(ranks=u.ranks, files=u.current_files) if u.models else None,
        hp=u.wounds_left, hp_max=u.start_wounds, flags=flags, stats=stats)


def _did(e: Event) -> list[b.Did]:
    """What an event did on the table (narrate.py words the same events)."""
    k = e.kind
    who = str(e.get("uid", ""))
    if k in ("deploy", "infiltrate") and e.get("at"):
        return [b.Did.place(who, e["at"], k + "s")]
    if k in ("move", "charge", "chase", "flee", "close_ranks") and e.get("frm") and e.get("to"):
        label = {"move": str(e.get("order", "")).replace("_", " "), "charge": "charge",
                 "chase": "pursuit", "flee": "flight", "close_ranks": "closes ranks"}[k]
        return [b.Did.move(who, e["frm"], e["to"], label)]
    if k == "shoot":
        return [b.Did.line("shot", who, str(e["target_uid"]), e["weapon"])]
    if k == "cast":
        return [b.Did.line("spell", who, str(e["target_uid"]), e["spell"])]
    if k == "attacks" and str(e["what"]).startswith(("melee", "overrun")) and e["uid"] >= 0:
        return [b.Did.line("attack", who, str(e["target_uid"]), f"{e['wounds']} wounds")]
    return []


def board_view(game_or_state: Any, player: int | None, since: int | None = None) -> b.BoardView:
    st: ArmiesState = b.state_of(game_or_state)
    w, h = st.scenario.table
    markers = []
    if st.scenario.objective is not None:
        ox, oy = st.scenario.objective
        markers.append(b.Marker(id="objective", kind="objective", label="the hill", x=ox, y=oy,
                                radius=st.scenario.objective_radius))
    status = {True: "destroyed", False: "waiting to infiltrate"}
    return b.table_board_view(
        "armies", game_or_state, player, since, table=_table(st),
        sides=b.side_infos(st.side_labels, st.side_names), number=st.turn,
        phase=b.phase_line(st.over, st.turn, st.turns, "Turn"),
        zones=b.edge_zones(float(w), float(h), float(st.scenario.deploy_depth), st.side_names,
                           [True, False]),
        markers=markers, pieces=[_piece(u) for u in st.units if u.on_table],
        off_table=[b.OffTable(id=str(u.uid), side=u.side, label=u.name,
                              status="fled" if u.fled_off else status[u.gone])
                   for u in st.units if not u.on_table],
        names={str(u.uid): str(u.uid) for u in st.units},
        radii={str(u.uid): 0.0 for u in st.units}, translate=_did)


def decision_focus(view: Any, decision: Any) -> b.Focus | None:
    """The unit a decision is about and, for its orders, how far it may move."""
    uid = (decision.info or {}).get("uid")
    if uid is None:
        return None
    u: Unit = view.units[uid]
    reach = move_allowance(u) if decision.kind == "order" and u.on_table else None
    return b.Focus(piece=str(uid) if u.on_table else None, reach=reach, label=u.name)
