"""The Sword Marches board view: models on round bases, the Adventure's terrain (Obstacles with
their heights), the Intruder's and Sentry's zones, the objectives and who holds them, and what
the latest events did (moves, Charges, shots, close combat).

The Sword Marches is open information on the table (a model in Ambush stands on the table; it
only cannot be targeted), so every player sees the same board; only the event window
(``effects``) depends on who asks.
"""

from __future__ import annotations

from typing import Any

from warband.core import board as b
from warband.core.decisions import Decision
from warband.core.events import Event
from warband.rulesets.sword_marches.choices import MOVES, Act
from warband.rulesets.sword_marches.game import holder
from warband.rulesets.sword_marches.state import Model, SMState

__all__ = ["board_view", "decision_focus"]


def _piece(st: SMState, m: Model) -> b.Piece:
    flags = [name for name, on in (
        ("Warlord", m.is_warlord), ("Active", m.active), ("Shocked", m.shocked),
        ("Broken", m.broken), ("Ambush", m.ambush), ("Entangled", m.entangled),
        ("Engaged", st.engaged(m)),
    ) if on]
    f = m.f
    stats: dict[str, int | float | str | bool] = {
        "Type": f.type.value, "Origin": f"{f.origin.value} ({f.subtype})", "CBT": f.cbt,
        "CMD": f.cmd, "CON": f.con, "ARM": f.arm, "Attacks": f.base_attacks,
        "Move": f.move, "Wounds on": f.wound_threshold,
        "Weapons": ", ".join(w.name for w in f.weapons) or "Unarmed",
    }
    if f.traits:
        stats["Traits"] = ", ".join(t for t, _ in f.traits)
    if m.z:
        stats["Standing on"] = f"raised ground {m.z:g}\" up"
    return b.Piece(
        id=str(m.uid), side=m.side, label=m.name, kind="model", profile=f.type.value,
        x=round(m.x, 3), y=round(m.y, 3), base=b.round_base(st.cat.tables.base_mm),
        flags=flags, stats=stats,
    )


def _did(e: Event) -> list[b.Did]:
    """What a Sword Marches event did on the table (narrate.py words the same events)."""
    k = e.kind
    who = str(e.get("uid", ""))
    if k in ("move", "flee", "broken", "steady", "cover_adjustment") and "frm" in e.data:
        return [b.Did.move(who, e["frm"], (e["x"], e["y"]), k.replace("_", " "))]
    if k == "climb" and e["passed"]:
        return [b.Did.move(who, e["frm"], (e["x"], e["y"]), "climb")]
    if k == "jump" and e["passed"]:
        return [b.Did.move(who, e["frm"], (e["x"], e["y"]), "jump")]
    if k == "fall":
        return [b.Did.move(who, e["frm"], (e["x"], e["y"]), "fall")]
    if k == "charge":
        out = [b.Did.move(who, e["frm"], (e["x"], e["y"]), "Charge")]
        if e["engaged"]:
            out.append(b.Did.line("attack", who, str(e["target"]), "Charge"))
        return out
    if k == "shot":
        return [b.Did.line("shot", str(e["attacker"]), str(e["defender"]),
                           str(e["result"]).replace("_", " "))]
    if k == "melee":
        return [b.Did.line("attack", str(e["attacker"]), str(e["defender"]),
                           str(e["result"]).replace("_", " "))]
    if k == "deployed":
        return [b.Did.place(str(d["uid"]), (d["x"], d["y"]), "deploys") for d in e["models"]]
    return []


def board_view(game_or_state: Any, player: int | None, since: int | None = None) -> b.BoardView:
    """What is on the table (sm.scenario.adventures: the Intruder's and Sentry's zones and the
    objectives; sm.terrain.*: the terrain, Obstacles with their heights)."""
    st: SMState = b.state_of(game_or_state)
    adv = st.adventure
    roles = {st.intruder: "Intruder", 1 - st.intruder: "Sentry"}
    zones = [
        b.Zone(side=side, label=f"{st.side_names[side]} ({roles[side]})",
               polygon=b.rect_polygon(z.x0, z.y0, z.x1, z.y1))
        for side, z in ((st.intruder, adv.intruder_zone), (1 - st.intruder, adv.sentry_zone))
    ]
    markers = [
        b.Marker(id=f"objective-{i}", kind="objective", label=f"objective ({adv.objective_vp} VP)",
                 x=float(x), y=float(y), radius=1.0, side=holder(st, x, y))
        for i, (x, y) in enumerate(adv.objectives)
    ]
    view = b.table_board_view(
        "sword-marches", game_or_state, player, since, table=st.table,
        sides=b.side_infos(st.side_labels, st.side_names), number=st.turn,
        phase=b.phase_line(st.over, st.turn, st.turns, "Turn"),
        zones=zones, markers=markers,
        pieces=[_piece(st, m) for m in st.models if m.on_table],
        off_table=[b.OffTable(id=str(m.uid), side=m.side, label=m.name,
                              status="fled" if m.fled else "wounded")
                   for m in st.models if not m.on_table],
        names={str(m.uid): str(m.uid) for m in st.models},
        radii={str(m.uid): m.r for m in st.models}, translate=_did,
    )
    heights = {t.name: ("obstacle" if t.obstacle else "raised", t.height)
               for t in adv.terrain if t.obstacle or t.platform}
    for piece in view.terrain:  # Obstacles and raised ground: their height, as an attribute
        if piece.name in heights:
            what, height = heights[piece.name]
            piece.attributes.append(f"{what} {height:g}\"")
    return view


def decision_focus(view: Any, decision: Decision) -> b.Focus | None:
    """The model an Action decision is about and its Move (Hustle +4") (sm.action.move,
    sm.action.hustle)."""
    if decision.kind != "action" or not decision.options:
        return None
    first = decision.options[0]
    if not isinstance(first, Act):
        return None
    m: Model = view.by_uid(first.uid)
    moves = {o.action for o in decision.options if isinstance(o, Act) and o.action in MOVES}
    if not moves:
        return b.Focus(piece=str(m.uid), reach=None, label=m.name)
    reach = m.f.move + (4.0 if "hustle" in moves else 0.0)
    return b.Focus(piece=str(m.uid), reach=reach, label=m.name)
