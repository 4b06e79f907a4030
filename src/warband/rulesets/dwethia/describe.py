"""What a human player is shown at the terminal (``warband play``): each option in words, the
table, and its own objectives only (dwethia.scenario.secret_objectives); ``warband profiles``
rows and the simulator's per-model figures."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from warband.rulesets.dwethia.choices import (
    Cast,
    Fight,
    Fire,
    GroupRetreat,
    Hold,
    Move,
    Pick,
    Place,
    Retreat,
    Shoot,
)
from warband.rulesets.dwethia.narrate import objective_name

__all__ = ["character_stats", "describe_choice", "describe_view", "profile_rows"]


def _name(view: Any, uid: int) -> str:
    return str(view.heroes[uid].name)


def describe_choice(view: Any, c: Any) -> str:
    if isinstance(c, Move):
        return f"{c.mode} move to ({c.x}, {c.y})"
    if isinstance(c, Shoot):
        return f"shoot {_name(view, c.target)} with {c.weapon}"
    if isinstance(c, Cast):
        return f"cast {c.power} on {_name(view, c.target)}"
    if isinstance(c, Fight):
        return f"fight {_name(view, c.target)}"
    if isinstance(c, Fire):
        return f"fire {c.weapon} at {_name(view, c.target)} (-3 Perception)"
    if isinstance(c, Retreat):
        return f"retreat to ({c.x}, {c.y})"
    if isinstance(c, GroupRetreat):
        return f"retreat the whole group by ({c.dx:+d}, {c.dy:+d})"
    if isinstance(c, Pick):
        return "nobody" if c.uid < 0 else _name(view, c.uid)
    if isinstance(c, Place):
        return f"at ({c.x}, {c.y})"
    if isinstance(c, Hold):
        return "do nothing"
    if isinstance(c, str):
        from warband.rulesets.dwethia.catalogue import catalogue

        piece = catalogue().terrain_box.pieces.get(c)
        if piece is not None:  # a piece of the terrain box (dwethia.setup.terrain)
            return f"{piece.name} ({piece.width} x {piece.depth} spaces)"
        return objective_name(c) if c != "retreat" else "retreat"
    if isinstance(c, bool):
        return "yes" if c else "no"
    if isinstance(c, int):
        return str(c)
    return repr(c)


def describe_view(view: Any, player: int) -> list[str]:
    lines = [f"Round {view.round}; markers at {', '.join(str(m) for m in view.markers)}"]
    for h in view.heroes:
        where = "off table" if not h.entered else f"({h.x}, {h.y})"
        state = "slain" if h.slain else f"W{h.wounds} Des{h.destiny} F{h.faith} Aff{h.affinity}"
        lines.append(f"  {'AB'[h.side]} {escape(h.name)} {where} {state}")
    mine = view.objectives(player) or ()
    lines.append("Your objectives: " + ", ".join(
        objective_name(o) + (" (done)" if o in view.achieved[player] else "") for o in mine))
    return lines


def profile_rows(cat: Any) -> list[dict[str, Any]]:
    """One row per model of the bundled forces (house profiles: race + class + faction)."""
    from warband.rulesets.dwethia import RULESET

    rows: list[dict[str, Any]] = []
    for path in RULESET.sample_lists():
        force = RULESET.load_list(path)
        for p in force.members:
            rows.append({"id": f"{path.stem}/{p.name}", "name": p.name, "race": p.race,
                         "class": p.cls, "type": p.type.value, "base": f"{p.base_mm}mm",
                         **{k[:3]: v for k, v in p.stats.items()},
                         "save": f"{p.save}+" if p.save else "-", "cost": p.cost,
                         "source": "house"})
    return rows


def character_stats(st: Any) -> list[dict[str, Any]]:
    return [{"side": st.side_labels[h.side], "profile": h.profile.cls, "name": h.name,
             "damage_dealt": h.damage_dealt, "knock_outs": len(h.kills),
             "survived": not h.slain} for h in st.heroes]
