"""The narrated log of a Sword Marches game: one line of rich markup per event."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from warband.core.events import Event
from warband.kit.narrate import Format, Narrator

__all__ = ["ACTION_NAMES", "FORMATS", "narrate"]

SIDES = ("a", "b")
ACTION_NAMES = {
    "move": "Move", "hustle": "Hustle", "ambush": "Ambush", "steady": "Steady",
    "mobile_fire": "Mobile Fire", "standing_fire": "Standing Fire", "take_aim": "Take Aim",
    "charge": "Charge", "stand_and_fight": "Stand & Fight", "disengage": "Disengage",
    "kingmaker": "Kingmaker", "belay_order": "Belay Order", "climb": "Climb",
    "jump": "Jump", "forfeit": "Forfeit",
}


def _n(name: Any) -> str:
    return f"[bold]{escape(str(name))}[/bold]"


def _dice(values: Any) -> str:
    return ",".join(str(v) for v in values) if isinstance(values, list) else str(values)


def _game_start(e: Event) -> str | None:
    d = e.data
    sides = " vs ".join(escape(v) for v in d["sides"].values())
    rival = " (Rival Warbands)" if d["rivals"] else ""
    return f"[bold]{escape(d['adventure'])}[/bold]: {sides}{rival}, {d['turns']} Turns"


def _adventure_check(e: Event) -> str | None:
    d = e.data
    return f"Strategy Check for the Adventure: {d['totals'][0]} vs {d['totals'][1]}"


def _roles(e: Event) -> str | None:
    d = e.data
    return f"side {SIDES[d['intruder']]} is the Intruder, side {SIDES[d['sentry']]} the Sentry"


def _turn(e: Event) -> str | None:
    d = e.data
    return f"\n[bold underline]Turn {d['turn']}[/bold underline]"


def _rout_check(e: Event) -> str | None:
    d = e.data
    who = escape(d["commander"]) if d["commander"] else "no Warlord"
    res = "[green]holds[/green]" if d["passed"] else "[red]ROUTS[/red]"
    return (f"Rout Check side {SIDES[d['player']]} ({who}, CMD {d['rating']}):"
            f" d10 {_dice(d['roll'])} vs d10 {_dice(d['opposed'])} + {d['against']} Wounded:"
            f" {res}")


def _panic(e: Event) -> str | None:
    d = e.data
    if d.get("auto"):
        return f"  {_n(d['name'])} ignores Panic from {d['cause']} ({d['auto']})"
    res = "passes" if d["passed"] else "[red]fails - Broken[/red]"
    return (f"  Panic from {d['cause']}: {_n(d['name'])} CMD {d['rating']}"
            f" ({_dice(d['roll'])}) vs Difficulty ({d['difficulty']}) ({_dice(d['against'])}):"
            f" {res}")


def _recover(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} Recovers ({d['why']})"


def _flee(e: Event) -> str | None:
    d = e.data
    if d.get("frozen"):
        return f"  {_n(d['name'])} is Broken and freezes"
    return f"  {_n(d['name'])} flees {d['moved']}\" toward the table edge"


def _escalate(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} is Wounded ({d['why']})"


def _disengage(e: Event) -> str | None:
    d = e.data
    forced = " (forced)" if d["forced"] else ""
    return f"  {_n(d['name'])} Disengages{forced}: {'passes' if d['passed'] else 'fails'}"


def _strategy_check(e: Event) -> str | None:
    d = e.data
    return (f"Strategy Check: side a {d['totals'][0]} vs side b {d['totals'][1]}"
            f" (CMD {d['ratings'][0]}/{d['ratings'][1]})")


def _edge(e: Event) -> str | None:
    d = e.data
    bonus = f", +{d['bonus']} Action Tokens" if d.get("bonus") else ""
    return f"side {SIDES[d['player']]} has the Edge ({d['why']}{bonus})"


def _pools(e: Event) -> str | None:
    d = e.data
    return f"Tactical Pools: a {d['pools'][0]}, b {d['pools'][1]} Action Tokens"


def _ordered(e: Event) -> str | None:
    return None


def _tactical_dice(e: Event) -> str | None:
    d = e.data
    return f"Tactical Dice: a {d['dice'][0]}, b {d['dice'][1]}"


def _declare(e: Event) -> str | None:
    d = e.data
    tgt = f" on {_n(d['target_name'])}" if d.get("target_name") else ""
    tags = [t for t, on in (("Unbreakable", d["unbreakable"]), ("Break", d["is_break"])) if on]
    tag = f" ({', '.join(tags)})" if tags else ""
    return f"{_n(d['name'])} declares {ACTION_NAMES.get(d['action'], d['action'])}{tgt}{tag}"


def _unbreakable(e: Event) -> str | None:
    d = e.data
    return f"  Signs & Portents: {_n(d['name'])}'s Action is Unbreakable"


def _break(e: Event) -> str | None:
    d = e.data
    return f"  [yellow]BREAK[/yellow]: {_n(d['name'])} interrupts {_n(d['interrupts'])}"


def _forfeit(e: Event) -> str | None:
    d = e.data
    return f"{_n(d['name'])} Forfeits its Action"


def _forfeit_check(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} tries to Forfeit while Engaged: {'passes' if d['passed'] else 'fails'}"


def _forfeit_game(e: Event) -> str | None:
    d = e.data
    return f"[red]side(s) {', '.join(SIDES[p] for p in d['players'])} forfeited every Action[/red]"


def _move(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} moves {d['moved']}\" to ({d['x']}, {d['y']})"


def _ambush(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} {'lies in Ambush' if d['hidden'] else 'finds no hiding place'}"


def _detected(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} is detected"


def _steady(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} steadies"


def _charge(e: Event) -> str | None:
    d = e.data
    how = "and Engages" if d["engaged"] else "but falls short"
    return f"  {_n(d['name'])} charges {d['moved']}\" {how} {_n(d['target_name'])}"


def _cover_adjustment(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} makes a Cover Adjustment"


def _tactical_die(e: Event) -> str | None:
    d = e.data
    return f"  Tactical Die for {_n(d['name'])}'s {d['check']} Check"


def _shot(e: Event) -> str | None:
    d = e.data
    if d.get("beyond"):
        return f"  {_n(d['a_name'])}'s {escape(d['weapon'])} shot is beyond range: miss"
    tags = [t for t, on in (("Long Range", d["long"]), ("Point Blank", d["point_blank"]),
                            ("Concealed", d["concealed"]), ("Cover", d["cover"]),
                                ("Immune: no damage", d.get("immune"))) if on]
    return (f"  {_n(d['a_name'])} shoots {_n(d['d_name'])} with {escape(d['weapon'])}"
            f" at {d['range']}\"{' (' + ', '.join(tags) + ')' if tags else ''}:"
            f" Attack {_dice(d['attack_dice'])}+{d['attack_cbt']}={d['attack_total']}"
            f" vs Defense {_dice(d['defense_dice'])}+{d['defense_cbt']}={d['defense_total']}"
            f" - {d['result'].replace('_', ' ')}")


def _melee(e: Event) -> str | None:
    d = e.data
    tags = []
    if d["charge"]:
        tags.append(f"Reach {d.get('reach')} vs {d.get('defender_reach')}")
    if not d["at_risk"]:
        tags.append("not At Risk")
    if d.get("fighting_man"):
        tags.append("Fighting Man")
    if d.get("immune"):
        tags.append("Immune: no damage")
    return (f"  {_n(d['a_name'])} ({escape(d['weapon'])}) attacks {_n(d['d_name'])}"
            f"{' (' + ', '.join(tags) + ')' if tags else ''}:"
            f" Attack {_dice(d['attack_dice'])}+{d['attack_cbt']}={d['attack_total']}"
            f" vs Defense {_dice(d['defense_dice'])}+{d['defense_cbt']}={d['defense_total']}"
            f" - {d['result'].replace('_', ' ')}")


def _counter_attack(e: Event) -> str | None:
    d = e.data
    return f"  [yellow]Counter-Attack[/yellow]: {_n(d['a_name'])} strikes back at {_n(d['d_name'])}"


def _damage(e: Event) -> str | None:
    d = e.data
    return (f"    Damage {_dice(d['damage_dice'])} = {d['damage_total']} vs Resistance"
            f" {_dice(d['resistance_dice'])} = {d['resistance_total']}:"
            f" {d['result'].replace('_', ' ')}")


def _saved(e: Event) -> str | None:
    d = e.data
    return f"    {_n(d['name'])} is only Shocked ({escape(d['by'])})"


def _shocked(e: Event) -> str | None:
    d = e.data
    return f"    {_n(d['name'])} is [yellow]Shocked[/yellow]"


def _wounded(e: Event) -> str | None:
    d = e.data
    return f"    {_n(d['name'])} is [red]Wounded[/red] and removed"


def _fled(e: Event) -> str | None:
    d = e.data
    return f"    {_n(d['name'])} flees the field"


def _credit(e: Event) -> str | None:
    return (f"    {_n(e['name'])} is credited with {_n(e['cut_down_name'])}, cut down while"
            " fleeing (campaign Experience)")


def _broken(e: Event) -> str | None:
    d = e.data
    return f"    {_n(d['name'])} is [red]Broken[/red] and runs {d['moved']}\""


def _token_passed(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} passes an Action Token to {_n(d['to_name'])} ({d['how']})"


def _no_target(e: Event) -> str | None:
    d = e.data
    return f"  {_n(d['name'])} has no legal target"


def _game_end(e: Event) -> str | None:
    d = e.data
    who = f"side {d['winner']} wins" if d["winner"] else "a draw"
    return (f"\n[bold]Game over[/bold] after {d['turns']} Turns ({d['reason']}):"
            f" {who}; VP a {d['vp'][0]}, b {d['vp'][1]}")


def _climb(e: Event) -> str | None:
    res = "and gets over" if e["passed"] else "but cannot get up"
    return (f"  {_n(e['name'])} climbs {e['height']:g}\": CBT"
            f" ({_dice(e['roll'])}) vs ({_dice(e['against'])}) {res}")


def _jump(e: Event) -> str | None:
    what = f"down {e['size']:g}\"" if e["kind"] == "down" else f"a {e['size']:g}\" gap"
    if not e["roll"]:
        return f"  {_n(e['name'])} jumps {what}: too far, it falls"
    res = "and lands" if e["passed"] else "and falls"
    return (f"  {_n(e['name'])} jumps {what}: CBT ({_dice(e['roll'])}) vs"
            f" ({_dice(e['against'])}) {res}")


def _fall(e: Event) -> str | None:
    d = e.data
    return (f"    {_n(d['name'])} falls {d['drop']:g}\": Falling {_dice(d['damage_dice'])} ="
            f" {d['damage_total']} vs CON {_dice(d['resistance_dice'])} ="
            f" {d['resistance_total']}: {d['result'].replace('_', ' ')}")


def _diving_charge(e: Event) -> str | None:
    res = "and dives in" if e["passed"] else "and misses its footing"
    return f"    {_n(e['name'])} makes a Diving Charge down {e['drop']:g}\" {res}"


def _edge_check(e: Event) -> str | None:
    res = "keeps its footing" if e["passed"] else "goes over the edge"
    return (f"    {_n(e['name'])}, Shocked near the edge, ({_dice(e['roll'])}) vs"
            f" ({_dice(e['against'])}): {res}")


def _more_than_human(e: Event) -> str | None:
    return f"  {_n(e['name'])} is More Than Human (+3, {e['bloodline']})"


def _deployed(e: Event) -> str | None:
    return f"both Warbands deployed ({len(e['models'])} models)"


FORMATS: dict[str, Format] = {
    "credit": _credit,
    "deployed": _deployed,
    "more_than_human": _more_than_human,
    "climb": _climb,
    "jump": _jump,
    "fall": _fall,
    "diving_charge": _diving_charge,
    "edge_check": _edge_check,
    "game_start": _game_start,
    "adventure_check": _adventure_check,
    "roles": _roles,
    "turn": _turn,
    "rout_check": _rout_check,
    "panic": _panic,
    "recover": _recover,
    "flee": _flee,
    "escalate": _escalate,
    "disengage": _disengage,
    "strategy_check": _strategy_check,
    "edge": _edge,
    "pools": _pools,
    "ordered": _ordered,
    "tactical_dice": _tactical_dice,
    "declare": _declare,
    "unbreakable": _unbreakable,
    "break": _break,
    "forfeit": _forfeit,
    "forfeit_check": _forfeit_check,
    "forfeit_game": _forfeit_game,
    "move": _move,
    "ambush": _ambush,
    "detected": _detected,
    "steady": _steady,
    "charge": _charge,
    "cover_adjustment": _cover_adjustment,
    "tactical_die": _tactical_die,
    "shot": _shot,
    "melee": _melee,
    "counter_attack": _counter_attack,
    "damage": _damage,
    "saved": _saved,
    "shocked": _shocked,
    "wounded": _wounded,
    "fled": _fled,
    "broken": _broken,
    "token_passed": _token_passed,
    "no_target": _no_target,
    "game_end": _game_end,
}

#: the battle log, through the kit's dispatch (unknown kinds print as data)
narrate = Narrator(FORMATS)
