"""The Raiders of Arcana board view: units formed up round their leader figures, the
scenario's terrain, the deployment areas, deployed palisades, and what the latest events did.

Secret choices (Battle Lines deployment, the combat dice split) are held by the engine until
both players have answered and never enter the state before that (raiders/state.py), so the
board view, built from the state, cannot show them; tests/conformance/test_board_view.py checks
it.
"""

from __future__ import annotations

from typing import Any

from warband.core import board as b
from warband.core.events import Event
from warband.rulesets.raiders.state import RaidersState, Unit

__all__ = ["board_view", "decision_focus"]


def _piece(u: Unit) -> b.Piece:
    flags = [name for name, on in (
        ("Leader", u.has("leader")), ("Broken", u.broken), ("Ready", u.ready),
        ("Aimed", u.aimed), ("Fatigued", u.fatigued), ("Behind palisades", u.behind_palisade),
    ) if on]
    stats: dict[str, int | float | str | bool] = {
        "Figures": f"{u.figures}/{u.size}", "Fatigue": f"{u.fatigue}/{u.profile.fatigue}",
        "Morale tokens": u.morale_tokens,
    }
    if u.wounds:
        stats["Wounds on current figure"] = u.wounds
    if u.power:
        stats["Power"] = u.power
    return b.Piece(
        id=str(u.uid), side=u.side, label=u.name, kind="unit" if u.size > 1 else "model",
        profile=u.profile.id, x=round(u.x, 3), y=round(u.y, 3),
        base=b.round_base(u.profile.base), footprint=round(u.radius, 3),
        figures=[b.pt(x, y) for x, y in u.figure_positions()],
        hp=u.hp_left, hp_max=u.size * u.profile.hp, flags=flags, stats=stats,
    )


def _did(e: Event) -> list[b.Did]:
    """What a Raiders event did on the table (raiders/narrate.py words the same events)."""
    k = e.kind
    if k == "move":
        return [b.Did.move(e["who"], e["frm"], e["to"], f"{e['kind']} {e['inches']:g}\"")]
    if k in ("enter", "deploy", "deploy_scout"):
        return [b.Did.place(e["who"], e["at"], "enters" if k == "enter" else "deploys")]
    if k == "shoot":
        return [b.Did.line("shot", e["who"], e["target"], f"{e['weapon']}: {e['wounds']} wounds")]
    if k == "combat_dice":
        return [b.Did.line("attack", e["who"], e["target"], f"{e['wounds']} wounds")]
    if k == "casting":
        return [b.Did.line("spell", e["who"], e["target"], e["spell"])]
    if k == "magic_missile":
        return [b.Did.line("spell", e["who"], e["target"], f"magic missile: {e['wounds']} wounds")]
    return []


def board_view(game_or_state: Any, player: int | None, since: int | None = None) -> b.BoardView:
    """What is on the table (raiders.scenario.deployment_zones: the areas on the edges the
    roll gave; raiders.ability.palisades: deployed palisades as markers)."""
    st: RaidersState = b.state_of(game_or_state)
    markers = [
        b.Marker(id=f"palisade-{u.uid}", kind="palisade", label=f"{u.name}'s palisades",
                 x=round(u.palisade[0], 3), y=round(u.palisade[1], 3),
                 radius=round(u.radius, 3), side=u.side)
        for u in st.units if u.palisade is not None and not u.palisade_lost
    ]
    return b.table_board_view(
        "raiders", game_or_state, player, since, table=st.table,
        sides=b.side_infos(st.side_labels, st.side_names), number=st.turn,
        phase=b.phase_line(st.over, st.turn, st.turns, "Turn"),
        zones=b.edge_zones(float(st.table.width), float(st.table.height),
                           float(st.scenario.deployment_depth), st.side_names,
                           [e == 0 for e in st.edges], "deployment area"),
        markers=markers,
        pieces=[_piece(u) for u in st.units if u.on_table],
        off_table=[b.OffTable(id=str(u.uid), side=u.side, label=u.name,
                              status="destroyed" if u.destroyed else "to deploy")
                   for u in st.units if not u.on_table],
        names={u.name: str(u.uid) for u in st.units},
        radii={str(u.uid): u.radius for u in st.units}, translate=_did,
    )


def decision_focus(view: Any, decision: Any) -> b.Focus | None:
    """The unit a decision is about; where it moves on the table, its allowance
    (raiders.action.move, raiders.action.run; entering units measure from the table edge, so
    no reach is drawn for them)."""
    info = decision.info or {}
    uid = info.get("unit")
    if uid is None:
        return None
    u: Unit = view.units[uid]
    reach = None
    if decision.kind == "destination" and not info.get("entering") and u.on_table:
        reach = float(info.get("allowance", 0))
    return b.Focus(piece=str(uid) if u.on_table else None, reach=reach, label=u.name)
