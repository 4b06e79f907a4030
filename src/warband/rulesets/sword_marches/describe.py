"""How a human player sees The Sword Marches (menus and the table), ``warband profiles`` and
the simulator's per-model figures (the kit's ``describe`` hooks)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from warband.core.ruleset import ProfileRow
from warband.rulesets.sword_marches.choices import MOVES, Act
from warband.rulesets.sword_marches.narrate import ACTION_NAMES, SIDES

__all__ = ["character_stats", "describe_choice", "describe_view", "free_form_choice",
           "list_details", "profile_rows"]


def describe_choice(view: Any, choice: Any) -> str:
    if isinstance(choice, Act):
        m = view.by_uid(choice.uid)
        text = f"{m.name}: {ACTION_NAMES.get(choice.action, choice.action)}"
        if choice.target >= 0:
            text += f" -> {view.by_uid(choice.target).name}"
        elif choice.action in MOVES:
            text += f" toward ({choice.x:g}, {choice.y:g})"
        return text
    if isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < len(view.models):
        return str(view.by_uid(choice).name)
    if choice == -1:
        return "no"
    return str(choice)


def describe_view(view: Any, player: int) -> list[str]:
    lines = [f"Turn {view.turn}: you are side {SIDES[player]}; Edge: side {SIDES[view.edge]};"
             f" Tactical Dice {view.tactical_dice[player]}; Break Tokens"
             f" {view.break_tokens[player] + view.spare_breaks[player]}"]
    if view.adventure.objectives:
        spots = ", ".join(f"({x:g}, {y:g})" for x, y in view.adventure.objectives)
        lines.append(f" Objectives ({view.adventure.objective_vp} VP each): {spots}")
    for m in view.models:
        if not m.on_table:
            continue
        mine = "*" if m.side == player else " "
        lines.append(f" {mine}{escape(m.name)} ({m.condition}) at ({m.x:.1f}, {m.y:.1f})"
                     f" CBT {m.f.cbt} CMD {m.f.cmd} CON {m.f.con} ARM {m.f.arm}")
    return lines


def free_form_choice(decision: Any, template: Any, x: float, y: float) -> Any:
    """A typed point for an Action with a Move (the option it was typed in gives the model and
    the Action)."""
    if isinstance(template, Act) and template.action in MOVES:
        return Act(template.uid, template.action, -1, round(x, 2), round(y, 2))
    return None


def profile_rows(cat: Any) -> list[ProfileRow]:
    """The Gear and Traits a Muster may buy (house weapon profiles, book prices), then the
    bundled Musters' models with their pre-game calculations (sm.muster.base_attacks,
    sm.muster.base_damage, sm.muster.armor_rating)."""
    from warband.rulesets.sword_marches import RULESET

    rows: list[ProfileRow] = []
    for w in cat.weapons.values():
        rows.append({"id": w.id, "name": w.name, "kind": "weapon",
                     "profile": f"{w.range if w.range else w.reach}/"
                                f"{w.rof if w.rof else 'C'}/{w.dmg}",
                     "cost": w.cost, "traits": [t.value for t in w.traits],
                     "source": "house profile, book price"})
    for a in cat.armour.values():
        rows.append({"id": a.id, "name": a.name, "kind": a.kind, "ARM": a.arm,
                     "cost": a.cost, "traits": [t.value for t in a.traits],
                     "source": "house ARM, book price"})
    for t in cat.traits.values():
        rows.append({"id": t.id, "name": t.name, "kind": f"{t.category} trait",
                     "cost": t.cost, "stackable": t.stackable, "rule": t.rule,
                     "source": t.cost_source})
    for path in RULESET.sample_lists():
        wb = RULESET.load_list(path)
        for f in wb.fighters:
            row = f.profile_row()
            rows.append({"id": f"{path.stem}:{f.name}",
                         **{k: v for k, v in row.items() if k != "DMG"},
                         "DMG": [f"{k} {v}" for k, v in row["DMG"].items()]})
    return rows


def list_details(wb: Any) -> list[str]:
    """``warband validate --show``: each model with its pre-game calculations - Base Attacks,
    DMG per Weapon, ARM (sm.muster.base_attacks, sm.muster.base_damage,
    sm.muster.armor_rating) - and its Move, Wound Threshold, Traits and cost."""
    lines = [f"{escape(wb.stage.title())} Chronicle, {escape(wb.archetype)}, {escape(wb.faction)},"
             f" {escape(wb.stronghold)}{', Extra Rations' if wb.extra_rations else ''}:"
             f" {wb.cost}/{wb.silver} SP"]
    for f in wb.fighters:
        row = f.profile_row()
        dmg = ", ".join(f"{escape(k)} {v}" for k, v in row["DMG"].items())
        traits = ", ".join(escape(t) for t in row["traits"]) or "-"
        lines.append(f"[bold]{escape(f.name)}[/bold] ({row['type']}, {escape(row['origin'])}):"
                     f" CBT {f.cbt} CMD {f.cmd} CON {f.con} | Attacks {row['attacks']}"
                     f" | DMG {dmg} | ARM {f.arm} | Move {row['move']:g}\""
                     f" | wounds on {row['wounds on']}+ | Traits {traits} | {f.cost} SP")
    return lines


def character_stats(st: Any) -> list[dict[str, Any]]:
    """Per model: Shocks and Wounds dealt, Wounds dealt as knock-outs, still in play."""
    return [
        {"side": st.side_labels[m.side], "profile": m.f.type.value, "name": m.name,
         "damage_dealt": m.shocks_dealt + m.wounds_dealt, "knock_outs": m.wounds_dealt,
         "survived": m.on_table}
        for m in st.models
    ]
