"""Describing ArcWorlde options and the table to a human player (the terminal `play` command)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.mechanics import DIFFICULTY, FeatCheck

__all__ = ["character_stats", "describe_choice", "describe_view", "profile_rows"]


def _name(view: Any, uid: int) -> str:
    ch = view.chars[uid]
    return f"{ch.name} (HP {ch.hp}/{ch.max_hp})"


def describe_choice(view: Any, choice: Any) -> str:
    if isinstance(choice, C.DeployOrder):
        return "deploy first" if choice.first else "deploy second"
    if isinstance(choice, C.Place):
        return f"place {view.chars[choice.uid].name} at ({choice.x:.1f}, {choice.y:.1f})"
    if isinstance(choice, C.Activate):
        ch = view.chars[choice.uid]
        state = " Prone" if ch.prone else ""
        state += " Broken" if ch.broken else ""
        return f"activate {_name(view, choice.uid)} at ({ch.x:.1f}, {ch.y:.1f}){state}"
    if isinstance(choice, C.Move):
        what = choice.label or "move"
        return f"{what} -> toward ({choice.x:.1f}, {choice.y:.1f})"
    if isinstance(choice, C.LegIt):
        return "Leg It (roll a D6 for extra inches; may trip)"
    if isinstance(choice, C.Attack):
        return f"{choice.attack} on {_name(view, choice.target)}"
    if isinstance(choice, C.Shoot):
        attacker_hint = ""
        for c in view.chars:
            for a in c.attacks:
                if a.name == choice.attack and a.ranged:
                    p = float(FeatCheck(choice.ap, DIFFICULTY[a.shot]).probability())
                    attacker_hint = f", {p:.0%} to hit"
                    break
            if attacker_hint:
                break
        return f"shoot {_name(view, choice.target)} with {choice.attack} using {choice.ap} AP{attacker_hint}"
    if isinstance(choice, C.StandUp):
        p = float(FeatCheck(choice.ap, 1).probability())
        return f"try to stand up with {choice.ap} AP ({p:.0%})"
    if isinstance(choice, C.HelpUp):
        return f"help {view.chars[choice.target].name} up with {choice.ap} AP"
    if isinstance(choice, C.Disengage):
        return f"try to Disengage with {choice.ap} AP"
    if isinstance(choice, C.SwitchWeapon):
        return f"switch to {choice.weapon} ({choice.ap} AP Feat)"
    if isinstance(choice, C.ChooseWeapon):
        return f"fight with {choice.weapon}"
    if isinstance(choice, C.AgileReroll):
        return "use Agile to re-roll the trip" if choice.use else "stay down"
    if isinstance(choice, C.RousingCheer):
        return "Rousing Cheer (1AP): Broken friends within 8\" test to Rally"
    if isinstance(choice, C.EndActivation):
        return "end the Activation"
    if isinstance(choice, C.PauseActivation):
        return "pause (Split Activation: Activate again later this Round with the AP left)"
    if isinstance(choice, C.ActivatePack):
        return "activate the pack together: " + ", ".join(view.chars[u].name for u in choice.uids)
    if isinstance(choice, C.Cast):
        on = f" on {_name(view, choice.target)}" if choice.target is not None else ""
        return f"cast {choice.spell}{on}, paying {'2AP' if choice.pay == 'ap' else 'an Arcanite Token'}"
    if isinstance(choice, C.SpellDraw):
        return {"ap": "pay 1AP for another card", "arcanite": "spend an Arcanite Token for another card",
                "stop": "stop: the Spell fails", "overpower": "cast Overpowered (lose D6 HP)"}[choice.pay]
    if isinstance(choice, C.UseArcanite):
        return {"ap": "spend Arcanite: +1AP", "extra_die": "spend Arcanite: an extra die on the next roll",
                "reroll": "spend Arcanite: re-roll a failed die of the next Attack",
                "ward": "spend Arcanite: re-roll a failed Defence Roll against this Attack",
                "defence_die": "spend Arcanite: an extra die on the first Defence Roll against this Attack",
                "decline": "keep the Arcanite"}[choice.use]
    if isinstance(choice, C.PickUpArcanite):
        return f"pick up an Arcanite Token ({choice.ap} AP Easy Feat)"
    if isinstance(choice, C.GiveArcanite):
        return f"give an Arcanite Token to {view.chars[choice.target].name} ({choice.ap} AP)"
    if isinstance(choice, C.StealArcanite):
        return f"steal an Arcanite Token from {view.chars[choice.target].name} ({choice.ap} AP)"
    if isinstance(choice, C.Gobble):
        return f"Gobble {_name(view, choice.target)} ({choice.ap} AP Medium Feat)"
    if isinstance(choice, C.Narrative):
        on = (" on " + ", ".join(view.chars[u].name for u in choice.targets)) if choice.targets else ""
        return f"Narrative Feat {choice.feat}{on}: {choice.difficulty}, {choice.ap} AP"
    if isinstance(choice, C.AgreeFeat):
        return "agree" if choice.agree else "disagree (compromise: easier Feat, worse failure)"
    if isinstance(choice, C.Escape):
        return f"try to escape with {choice.ap} AP"
    return repr(choice)


def describe_view(view: Any, player: int) -> list[str]:
    lines = [f"[dim]Round {view.round} - VP from Knock Outs: "
             + ", ".join(f"{lab.upper()} {vp}" for lab, vp in zip(view.side_labels, view.vp_knock_outs, strict=True))
             + "[/dim]"]
    for ch in view.chars:
        if not ch.deployed or ch.ko:
            continue
        mine = "[green]" if ch.side == player else "[red]"
        flags = []
        if ch.prone:
            flags.append("Prone")
        if ch.broken:
            flags.append("Broken")
        if ch.activated:
            flags.append("done")
        tag = f" [{', '.join(flags)}]" if flags else ""
        lines.append(
            f"  {mine}{escape(view.side_labels[ch.side].upper())}[/] {escape(ch.name):<24}"
            f" HP {ch.hp:>2}/{ch.max_hp:<2} at ({ch.x:4.1f}, {ch.y:4.1f}){escape(tag)}"
        )
    return lines


def profile_rows(cat: Any) -> list[dict[str, Any]]:
    """One row per profile, for ``warband profiles``."""
    rows: list[dict[str, Any]] = []
    for p in sorted(cat.profiles.values(), key=lambda p: (p.faction, -p.commander, p.cost)):
        rows.append({
            "id": p.id, "name": p.name, "faction": p.faction,
            "class": ", ".join(sorted(c.value for c in p.classes)),
            "cost": p.cost, "ap": p.ap, "movement": p.movement, "bravery": p.bravery,
            "hp": p.hp, "base": p.base,
            "attacks": [_attack_text(a) for a in p.attacks],
            "traits": sorted(cat.traits[t].name for t in p.traits),
            "equipment": [e.name for e in p.equipment],
            "source": p.source,
        })
    return rows


def _attack_text(a: Any) -> str:
    cost = f"({a.ap}AP) " if a.ap is not None else ""
    rng = f", range {a.range:g}\"" if a.range else ""
    specials = []
    if a.crit_ignores_armour:
        specials.append("Crits ignore Armour")
    if a.ignores_armour:
        specials.append("ignores Armour")
    if a.crit_reduce_ap:
        specials.append(f"Crit: -{a.crit_reduce_ap}AP next Activation")
    if a.crit_breaks_armour:
        specials.append("Crit breaks Armour")
    if a.crit_knocks_prone:
        specials.append("Crit knocks Prone")
    if a.charge_power:
        specials.append(f"+{a.charge_power} Power on a Charge")
    if a.ranged and a.shot != "easy":
        specials.append(f"{a.shot} Shot")
    extra = f" [{'; '.join(specials)}]" if specials else ""
    return f"{cost}{a.name}: Power {a.power}{rng}{extra}"


def character_stats(st: Any) -> list[dict[str, Any]]:
    """Per-Character figures of a finished game, for the simulator."""
    return [
        {"side": st.side_labels[c.side], "profile": c.profile.id, "name": c.name,
         "damage_dealt": c.damage_dealt, "knock_outs": c.knock_outs,
         "survived": c.deployed and not c.ko}
        for c in st.chars
    ]
