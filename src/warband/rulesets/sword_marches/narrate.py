"""The narrated log of a Sword Marches game: one line of rich markup per event."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from warband.core.events import Event

__all__ = ["ACTION_NAMES", "narrate"]

SIDES = ("a", "b")
ACTION_NAMES = {
    "move": "Move", "hustle": "Hustle", "ambush": "Ambush", "steady": "Steady",
    "mobile_fire": "Mobile Fire", "standing_fire": "Standing Fire", "take_aim": "Take Aim",
    "charge": "Charge", "stand_and_fight": "Stand & Fight", "disengage": "Disengage",
    "kingmaker": "Kingmaker", "belay_order": "Belay Order", "forfeit": "Forfeit",
}


def _n(name: Any) -> str:
    return f"[bold]{escape(str(name))}[/bold]"


def _dice(values: Any) -> str:
    return ",".join(str(v) for v in values) if isinstance(values, list) else str(values)


def narrate(e: Event) -> str | None:  # noqa: C901 - one branch per event kind
    k, d = e.kind, e.data
    if k == "game_start":
        sides = " vs ".join(escape(v) for v in d["sides"].values())
        rival = " (Rival Warbands)" if d["rivals"] else ""
        return f"[bold]{escape(d['adventure'])}[/bold]: {sides}{rival}, {d['turns']} Turns"
    if k == "adventure_check":
        return f"Strategy Check for the Adventure: {d['totals'][0]} vs {d['totals'][1]}"
    if k == "roles":
        return f"side {SIDES[d['intruder']]} is the Intruder, side {SIDES[d['sentry']]} the Sentry"
    if k == "turn":
        return f"\n[bold underline]Turn {d['turn']}[/bold underline]"
    if k == "rout_check":
        who = escape(d["commander"]) if d["commander"] else "no Warlord"
        res = "[green]holds[/green]" if d["passed"] else "[red]ROUTS[/red]"
        return (f"Rout Check side {SIDES[d['player']]} ({who}, CMD {d['rating']}):"
                f" d10 {_dice(d['roll'])} vs d10 {_dice(d['opposed'])} + {d['against']} Wounded:"
                f" {res}")
    if k == "panic":
        if d.get("auto"):
            return f"  {_n(d['name'])} ignores Panic from {d['cause']} ({d['auto']})"
        res = "passes" if d["passed"] else "[red]fails - Broken[/red]"
        return (f"  Panic from {d['cause']}: {_n(d['name'])} CMD {d['rating']}"
                f" ({_dice(d['roll'])}) vs Difficulty ({d['difficulty']}) ({_dice(d['against'])}):"
                f" {res}")
    if k == "recover":
        return f"  {_n(d['name'])} Recovers ({d['why']})"
    if k == "flee":
        if d.get("frozen"):
            return f"  {_n(d['name'])} is Broken and freezes"
        return f"  {_n(d['name'])} flees {d['moved']}\" toward the table edge"
    if k == "escalate":
        return f"  {_n(d['name'])} is Wounded ({d['why']})"
    if k == "disengage":
        forced = " (forced)" if d["forced"] else ""
        return f"  {_n(d['name'])} Disengages{forced}: {'passes' if d['passed'] else 'fails'}"
    if k == "strategy_check":
        return (f"Strategy Check: side a {d['totals'][0]} vs side b {d['totals'][1]}"
                f" (CMD {d['ratings'][0]}/{d['ratings'][1]})")
    if k == "edge":
        bonus = f", +{d['bonus']} Action Tokens" if d.get("bonus") else ""
        return f"side {SIDES[d['player']]} has the Edge ({d['why']}{bonus})"
    if k == "pools":
        return f"Tactical Pools: a {d['pools'][0]}, b {d['pools'][1]} Action Tokens"
    if k == "ordered":
        return None
    if k == "tactical_dice":
        return f"Tactical Dice: a {d['dice'][0]}, b {d['dice'][1]}"
    if k == "declare":
        tgt = f" on {_n(d['target_name'])}" if d.get("target_name") else ""
        tags = [t for t, on in (("Unbreakable", d["unbreakable"]), ("Break", d["is_break"])) if on]
        tag = f" ({', '.join(tags)})" if tags else ""
        return f"{_n(d['name'])} declares {ACTION_NAMES.get(d['action'], d['action'])}{tgt}{tag}"
    if k == "unbreakable":
        return f"  Signs & Portents: {_n(d['name'])}'s Action is Unbreakable"
    if k == "break":
        return f"  [yellow]BREAK[/yellow]: {_n(d['name'])} interrupts {_n(d['interrupts'])}"
    if k == "forfeit":
        return f"{_n(d['name'])} Forfeits its Action"
    if k == "forfeit_check":
        return f"  {_n(d['name'])} tries to Forfeit while Engaged: {'passes' if d['passed'] else 'fails'}"
    if k == "forfeit_game":
        return f"[red]side(s) {', '.join(SIDES[p] for p in d['players'])} forfeited every Action[/red]"
    if k == "move":
        return f"  {_n(d['name'])} moves {d['moved']}\" to ({d['x']}, {d['y']})"
    if k == "ambush":
        return f"  {_n(d['name'])} {'lies in Ambush' if d['hidden'] else 'finds no hiding place'}"
    if k == "detected":
        return f"  {_n(d['name'])} is detected"
    if k == "steady":
        return f"  {_n(d['name'])} steadies"
    if k == "charge":
        how = "and Engages" if d["engaged"] else "but falls short"
        return f"  {_n(d['name'])} charges {d['moved']}\" {how} {_n(d['target_name'])}"
    if k == "cover_adjustment":
        return f"  {_n(d['name'])} makes a Cover Adjustment"
    if k == "tactical_die":
        return f"  Tactical Die for {_n(d['name'])}'s {d['check']} Check"
    if k == "shot":
        if d.get("beyond"):
            return f"  {_n(d['a_name'])}'s {escape(d['weapon'])} shot is beyond range: miss"
        tags = [t for t, on in (("Long Range", d["long"]), ("Point Blank", d["point_blank"]),
                                ("Concealed", d["concealed"]), ("Cover", d["cover"])) if on]
        return (f"  {_n(d['a_name'])} shoots {_n(d['d_name'])} with {escape(d['weapon'])}"
                f" at {d['range']}\"{' (' + ', '.join(tags) + ')' if tags else ''}:"
                f" Attack {_dice(d['attack_dice'])}+{d['attack_cbt']}={d['attack_total']}"
                f" vs Defense {_dice(d['defense_dice'])}+{d['defense_cbt']}={d['defense_total']}"
                f" - {d['result'].replace('_', ' ')}")
    if k == "melee":
        tags = []
        if d["charge"]:
            tags.append(f"Reach {d.get('reach')} vs {d.get('defender_reach')}")
        if not d["at_risk"]:
            tags.append("not At Risk")
        if d.get("fighting_man"):
            tags.append("Fighting Man")
        return (f"  {_n(d['a_name'])} ({escape(d['weapon'])}) attacks {_n(d['d_name'])}"
                f"{' (' + ', '.join(tags) + ')' if tags else ''}:"
                f" Attack {_dice(d['attack_dice'])}+{d['attack_cbt']}={d['attack_total']}"
                f" vs Defense {_dice(d['defense_dice'])}+{d['defense_cbt']}={d['defense_total']}"
                f" - {d['result'].replace('_', ' ')}")
    if k == "counter_attack":
        return f"  [yellow]Counter-Attack[/yellow]: {_n(d['a_name'])} strikes back at {_n(d['d_name'])}"
    if k == "damage":
        return (f"    Damage {_dice(d['damage_dice'])} = {d['damage_total']} vs Resistance"
                f" {_dice(d['resistance_dice'])} = {d['resistance_total']}:"
                f" {d['result'].replace('_', ' ')}")
    if k == "saved":
        return f"    {_n(d['name'])} is only Shocked ({escape(d['by'])})"
    if k == "shocked":
        return f"    {_n(d['name'])} is [yellow]Shocked[/yellow]"
    if k == "wounded":
        return f"    {_n(d['name'])} is [red]Wounded[/red] and removed"
    if k == "fled":
        return f"    {_n(d['name'])} flees the field"
    if k == "broken":
        return f"    {_n(d['name'])} is [red]Broken[/red] and runs {d['moved']}\""
    if k == "token_passed":
        return f"  {_n(d['name'])} passes an Action Token to {_n(d['to_name'])} ({d['how']})"
    if k == "no_target":
        return f"  {_n(d['name'])} has no legal target"
    if k == "reason":
        return f"  [dim]({escape(d['text'])})[/dim]"
    if k == "game_end":
        who = f"side {d['winner']} wins" if d["winner"] else "a draw"
        return (f"\n[bold]Game over[/bold] after {d['turns']} Turns ({d['reason']}):"
                f" {who}; VP a {d['vp'][0]}, b {d['vp'][1]}")
    return None
