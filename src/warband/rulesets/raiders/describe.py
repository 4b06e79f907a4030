"""What a human player at the terminal sees (``warband play --ruleset raiders``): the table as
the player's view shows it, and one line per option."""

from __future__ import annotations

from typing import Any

from warband.rulesets.raiders import choices as C

__all__ = ["character_stats", "describe_choice", "describe_view", "free_form_choice",
           "profile_rows"]


def _name(view: Any, uid: int) -> str:
    return str(view.units[uid].name) if 0 <= uid < len(view.units) else f"unit {uid}"


def describe_choice(view: Any, choice: Any) -> str:
    if isinstance(choice, C.Pass):
        return "pass (no more actions this turn)"
    if isinstance(choice, C.Activate):
        u = view.units[choice.uid]
        where = f"at ({u.x:.1f}, {u.y:.1f})" if u.deployed else "off the table"
        return f"{u.name} {where}, fatigue {u.fatigue}/{u.profile.fatigue}"
    if isinstance(choice, C.ChooseAction):
        return C.ACTIONS[choice.action].title
    if isinstance(choice, C.Target):
        return _name(view, choice.uid)
    if isinstance(choice, C.Point):
        return f"to ({choice.x:.1f}, {choice.y:.1f}) {choice.label}".rstrip()
    if isinstance(choice, C.ChooseSpell):
        spell = view.spells.get(choice.spell)
        return f"{spell.name} (difficulty {spell.difficulty})" if spell else choice.spell
    if isinstance(choice, C.Power):
        return f"spend {choice.tokens} stored power"
    if isinstance(choice, C.NoReaction):
        return "no reaction"
    if isinstance(choice, C.React):
        what = f"{_name(view, choice.uid)}: {C.ACTIONS[choice.action].title}"
        return what + (f" -> {_name(view, choice.target)}" if choice.target >= 0 else "")
    if isinstance(choice, C.Split):
        return f"{choice.attack} dice to attack, the rest to defence"
    if isinstance(choice, C.Deployment):
        if not choice.placements:
            return "nothing to place"
        spots = ", ".join(f"{_name(view, uid)} ({x:.0f}, {y:.0f})" for uid, x, y in choice.placements)
        return f"{choice.label}: {spots}" if choice.label else spots
    return repr(choice)


def describe_view(view: Any, player: int) -> list[str]:
    lines = [f"[dim]Turn {view.turn} - action tokens {view.tokens[0]} / {view.tokens[1]}[/dim]"]
    for u in view.units:
        if u.destroyed:
            continue
        mine = "you" if u.side == player else "foe"
        where = f"({u.x:5.1f}, {u.y:5.1f})" if u.deployed else "off table   "
        flags = [f for f, on in (("broken", u.broken), ("ready", u.ready), ("aimed", u.aimed),
                                 ("palisades", u.behind_palisade)) if on]
        if u.power:
            flags.append(f"power {u.power}")
        lines.append(
            f"  [{'green' if mine == 'you' else 'red'}]{mine}[/] {u.name}: {where} "
            f"{u.figures}/{u.size} figs, {u.wounds} wnd, fatigue {u.fatigue}/{u.profile.fatigue}, "
            f"morale tokens {u.morale_tokens}" + (f" [{', '.join(flags)}]" if flags else ""))
    return lines


def free_form_choice(decision: Any, template: Any, x: float, y: float) -> Any:
    """A typed point is a destination."""
    if isinstance(template, C.Point):
        return C.Point(x, y, "chosen")
    return None


def profile_rows(cat: Any) -> list[dict[str, Any]]:
    """One row per profile, for ``warband profiles``."""
    rows: list[dict[str, Any]] = []
    order = [t.value for t in cat.unit_types]
    for p in sorted(cat.profiles.values(),
                    key=lambda p: (p.source != "book", order.index(p.type.value), p.id)):
        abilities = [cat.abilities[a].name.replace("(X)", f"({p.value(a)})")
                     for a in sorted(p.abilities)]
        if p.ranged_name:
            abilities.append(f"{p.ranged_name} {p.ranged_range:g}\"")
        if p.spells:
            abilities.append("Spells: " + ", ".join(cat.spells[s].name for s in p.spells))
        rows.append({
            "id": p.id, "name": p.name, "type": cat.unit_types[p.type].name,
            "HP": p.hp, "Mv": p.mv_text, "CD": p.cd, "AS": p.attack_skill,
            "DB": p.defence_bonus, "Str": p.strength, "Tg": p.target, "Arm": p.armour,
            "MR": p.mr, "F": p.fatigue, "Morale": p.morale, "size": p.figures,
            "cost": p.cost if p.cost_source == p.source else f"{p.cost} (house)",
            "abilities": abilities, "source": p.source,
        })
    return rows


def character_stats(st: Any) -> list[dict[str, Any]]:
    """Per-unit figures of a finished game, for the simulator."""
    return [
        {"side": st.side_labels[u.side], "profile": u.profile.id, "name": u.name,
         "damage_dealt": u.wounds_dealt, "knock_outs": u.figures_killed,
         "survived": u.deployed and not u.destroyed, "figures": u.figures, "size": u.size,
         "broken": u.broken}
        for u in st.units
    ]
