"""What a human player at the terminal sees (``warband play --ruleset armies``), the
``warband profiles`` rows and the simulator's per-unit figures."""

from __future__ import annotations

from typing import Any

from warband.core.ruleset import ProfileRow
from warband.rulesets.armies import choices as C
from warband.rulesets.armies.catalogue import Catalogue
from warband.rulesets.armies.state import ArmiesState

__all__ = ["character_stats", "choice_group", "describe_choice", "describe_view",
           "profile_rows"]


def describe_choice(view: Any, choice: Any) -> str:
    if isinstance(choice, C.YesNo):
        return "yes" if choice.yes else "no"
    if isinstance(choice, C.Order):
        if choice.kind in ("hold", "fall_back"):
            return choice.kind.replace("_", " ")
        if choice.kind == "objective":
            return "march on the objective"
        return f"{choice.kind} {view.unit(choice.target).name}"
    if isinstance(choice, C.Place):
        if choice.when in ("now", "deploy"):
            return f"place at ({choice.x:.0f}, {choice.y:.0f})"
        return {"late": "at the end of the Movement phase", "wait": "not this turn"}[choice.when]
    if isinstance(choice, C.Pass):
        return "pass (no more spells this turn)"
    if isinstance(choice, C.Cast):
        return (f"{view.spells[choice.spell].name} on {view.unit(choice.target).name},"
                f" {choice.power} power")
    if isinstance(choice, C.Dispel):
        return f"dispel spell #{choice.index} with {choice.power} power"
    if isinstance(choice, C.Counter):
        return "no counterspell" if choice.cid < 0 else f"counter with {choice.power} power"
    if isinstance(choice, C.Shoot):
        return "hold fire" if choice.target < 0 else f"shoot {view.unit(choice.target).name}"
    if isinstance(choice, C.Strike):
        if choice.cid < 0:
            return f"the troops of {view.unit(choice.uid).name}"
        return next((c.name for c in view.units[choice.uid].characters if c.cid == choice.cid),
                    "a character")
    return repr(choice)


def choice_group(view: Any, choice: Any) -> str | None:
    """Headings for long menus: spells by name (dispels together), deployment places by line,
    orders by kind."""
    if isinstance(choice, C.Pass):
        return "pass"
    if isinstance(choice, C.Cast):
        return str(view.spells[choice.spell].name)
    if isinstance(choice, C.Dispel):
        return "dispel"
    if isinstance(choice, C.Place):
        if choice.when != "deploy":
            return "place now" if choice.when == "now" else "later"
        u = view.units[choice.uid]
        front = view.scenario.deploy_depth if u.side == 0 else (
            view.scenario.table[1] - view.scenario.deploy_depth)
        return "front line" if abs(choice.y - front) < 1e-6 else "second line"
    if isinstance(choice, C.Order):
        return choice.kind.replace("_", " ")
    return None


def _unit_line(u: Any, player: int) -> str:
    """One unit as the player sees it: whose, where its front stands, its strength."""
    f = u.formation
    where = ("off the table" if f is None
             else f"front at ({f.x:5.1f}, {f.y:5.1f}) {f.width:.1f}x{f.depth:.1f}\"")
    flags = [n for n, on in (("broken", u.broken), ("engaged", bool(u.engaged))) if on]
    chars = ", ".join(f"{c.name} {c.wounds}W" + (f" {c.power}P" if c.caster else "")
                      for c in u.alive_characters)
    colour, who = ("green", "you") if u.side == player else ("red", "foe")
    return (f"  [{colour}]{who}[/] {u.name}: {where}, {u.models} models, {u.wounds_left} wounds"
            + (f" with {chars}" if chars else "") + (f" [{', '.join(flags)}]" if flags else ""))


def describe_view(view: Any, player: int) -> list[str]:
    return [f"[dim]Turn {view.turn}[/dim]"] + [_unit_line(u, player) for u in view.units
                                                 if not u.gone]


def profile_rows(cat: Catalogue) -> list[ProfileRow]:
    rows: list[ProfileRow] = []
    for p in sorted(cat.profiles.values(), key=lambda p: (p.army, p.id)):
        rows.append({
            "id": p.id, "name": p.name, "army": p.army, "kind": p.kind.value,
            "Mv": p.move, "Sk": p.skill, "MSk": p.shooting_skill, "A": p.attacks,
            "W": p.wounds, "Arm": p.armour, "Str": p.strength, "Mor": p.morale,
            "base": p.base, "formation": p.formation,
            "traits": sorted(t.value for t in p.traits)
            + ([f"{p.missile.name} {p.missile.range:g}\""] if p.missile else [])
            + ([f"caster {p.caster.level}"] if p.caster else []),
            "cost": p.cost, "source": "house",
        })
    return rows


def character_stats(st: ArmiesState) -> list[dict[str, Any]]:
    return [{"side": st.side_labels[u.side], "profile": u.profile.id, "name": u.name,
             "damage_dealt": u.wounds_dealt, "knock_outs": u.models_killed,
             "survived": u.on_table, "broken": u.broken} for u in st.units]
