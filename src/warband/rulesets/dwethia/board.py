"""The Dwethia Heroes board view: the arena as a grid of spaces (``table.unit`` ``space``), its
terrain pieces with their heights, the edges models enter from, the objective markers, the
heroes with their pools, and what the latest events did.

A view for one player (dwethia.scenario.secret_objectives): it is built from public facts -
positions, wounds, pools, markers - plus, in a player's own view only, its own sealed
objectives (in the phase line: the web board's one place for a line of text); never the other
player's. tests/rulesets/dwethia/test_dwethia_secrets.py checks the board view with every other
output.
"""

from __future__ import annotations

from typing import Any

from warband.core import board as b
from warband.core.events import Event
from warband.rulesets.dwethia.narrate import objective_name
from warband.rulesets.dwethia.state import DwethiaState, Hero

__all__ = ["board_view", "decision_focus"]

#: the deployment zone drawn along each edge (dwethia.setup.deployment: models enter touching it)
EDGE_DEPTH = 1.0


def _centre(x: int, y: int, size: int) -> tuple[float, float]:
    return (x + size / 2, y + size / 2)


def _piece(st: DwethiaState, h: Hero) -> b.Piece:
    x, y = _centre(h.x, h.y, h.size)
    flags = [name for name, on in (
        ("Leader", h.profile.leader), ("Activated", h.activated),
        ("Defensive Move", h.defensive), ("Stealth Move", h.stealth),
        ("Corrupted", h.defense_lost > 0)) if on]
    stats: dict[str, int | float | str | bool] = {
        "Destiny": h.destiny, "Faith": h.faith, "Affinity": h.affinity,
        "Elevation": st.elevation(h), "Defense": h.defense,
        "Save": f"{h.profile.save}+" if h.profile.save else "-",
    }
    return b.Piece(
        id=str(h.uid), side=h.side, label=h.name, kind="model",
        profile=f"{h.profile.race} {h.profile.cls}", x=x, y=y,
        base=b.round_base(h.profile.base_mm), hp=h.wounds, hp_max=h.stat("wounds"),
        flags=flags, stats=stats)


def _terrain(st: DwethiaState) -> list[b.TerrainPiece]:
    """The arena's pieces as drawn: movement kind from the glossary, height in levels."""
    arena = st.board.arena
    if arena is None:
        return []
    out = []
    for p in arena.pieces:
        k = st.board.kinds[p.kind]
        move = "impassable" if k.impassable else "difficult" if k.difficult else "open"
        height = float(k.elevation if p.elevation is None else p.elevation)
        out.append(b.TerrainPiece(
            name=p.name or k.name, kind=move,
            polygon=b.rect_polygon(p.x, p.y, p.x + p.w, p.y + p.h),
            blocks_sight=k.blocks_sight, cover=k.cover > 0, height=height,
            attributes=[p.kind] + (["not climbable"] if not k.climbable else [])))
    return out


def _did(e: Event) -> list[b.Did]:
    """What an event did on the table (narrate.py words the same events)."""
    k = e.kind
    if k in ("move", "retreat", "reposition"):
        uid = str(e["uid"])
        size = 1.0  # drawn between space centres; the piece's own centre is its anchor's + size
        to = (e["x"] + size / 2, e["y"] + size / 2)
        if e.get("frm") is None:
            return [b.Did.place(uid, to, "enters")]
        frm = (e["frm"][0] + size / 2, e["frm"][1] + size / 2)
        label = f"{e.get('spaces', '')} spaces" if k == "move" else k
        return [b.Did.move(uid, frm, to, label)]
    if k == "summoned":
        return [b.Did.place(str(e["uid"]), (e["x"] + 0.5, e["y"] + 0.5), "summoned")]
    if k == "shot":
        return [b.Did.line("shot", str(e["uid"]), str(e["target_uid"]),
                           f"{e['weapon']}: {e['unsaved']} unsaved")]
    if k == "blast":
        return [b.Did.line("shot", str(e["uid"]), str(e["target_uid"]),
                           f"blast: {e['unsaved']} unsaved")]
    if k == "melee":
        return [b.Did.line("attack", str(e["uid"]), str(e["target_uid"]),
                           f"{e['unsaved']} unsaved")]
    if k == "cast":
        return [b.Did.line("spell", str(e["uid"]), str(e["target_uid"]), e["power"])]
    return []


def board_view(game_or_state: Any, player: int | None, since: int | None = None) -> b.BoardView:
    """What is on the table for ``player`` (None: a spectator): public facts only."""
    st: DwethiaState = b.state_of(game_or_state)
    n = st.board.size
    pieces = [_piece(st, h) for h in st.heroes if h.on_table]
    # moves are drawn between space centres; a larger base's centre is offset by its size
    offsets = {str(h.uid): (h.size - 1) / 2 for h in st.heroes}

    def translate(e: Event) -> list[b.Did]:
        out = _did(e)
        for did in out:
            shift = offsets.get(did.who, 0.0)
            if shift and did.kind in ("move", "place"):
                if did.frm is not None:
                    did.frm = (did.frm[0] + shift, did.frm[1] + shift)
                if did.to is not None:
                    did.to = (did.to[0] + shift, did.to[1] + shift)
        return out

    start, events = b.event_window(game_or_state, player, since)
    ids = {str(h.uid): str(h.uid) for h in st.heroes}
    effects = b.build_effects(start, events, translate, ids,
                              {p.id: (p.x, p.y) for p in pieces}, {}, None)
    markers = [b.Marker(id=f"objective-{i + 1}", kind="objective", label=f"Objective {i + 1}",
                        x=mx + 0.5, y=my + 0.5, radius=6.0)
               for i, (mx, my) in enumerate(st.markers)]
    phase = b.phase_line(st.over, st.round, st.options.rounds, "Round")
    if player is not None and st.secret[player]:
        # the player's own sealed list, in its own view only
        phase += "; your objectives: " + ", ".join(
            objective_name(o) + (" (done)" if o in st.achieved[player] else "")
            for o in st.secret[player])
    return b.BoardView(
        ruleset="dwethia", player=player,
        sides=b.side_infos(st.side_labels, st.side_names), round=st.round,
        phase=phase,
        table=b.TableInfo(width=float(n), height=float(n), unit="space",
                          grid=b.Grid(columns=n, rows=n)),
        terrain=_terrain(st),
        zones=b.edge_zones(float(n), float(n), EDGE_DEPTH, st.side_names,
                           [e == 0 for e in st.edge], "table edge"),
        markers=markers, pieces=pieces,
        off_table=[b.OffTable(id=str(h.uid), side=h.side, label=h.name,
                              status="slain" if h.slain else "to enter")
                   for h in st.heroes if not h.on_table],
        effects=effects, events=len(st.log.events), effects_from=start)


def decision_focus(view: Any, decision: Any) -> b.Focus | None:
    """The hero a decision is about and, for its move, its Movement in spaces
    (dwethia.phase.movement; a model entering measures from its edge, so no reach is drawn)."""
    uid = (decision.info or {}).get("hero")
    if uid is None:
        return None
    h: Hero = view.heroes[uid]
    reach = float(h.stat("movement")) if decision.kind == "move" and h.entered else None
    return b.Focus(piece=str(uid) if h.on_table else None, reach=reach, label=h.name)
