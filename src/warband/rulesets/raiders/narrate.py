"""The narrated battle log: one line of rich markup per event (the text; the dispatch and the
shared pieces are in :mod:`warband.kit.narrate`)."""

from __future__ import annotations

from typing import Any

from warband.core.events import Event
from warband.kit.narrate import Format, Narrator, escape, sides_title
from warband.kit.narrate import dice as _dice
from warband.kit.narrate import name as _n
from warband.rulesets.raiders.choices import ACTIONS

__all__ = ["narrate"]


def _title(action: str) -> str:
    return ACTIONS[action].title if action in ACTIONS else action


def _at(p: Any) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f})"


def _game_start(e: Event) -> str:
    return f"{sides_title(e)} - {escape(e['scenario'])}, up to {e['turns']} turns"


def _declare(e: Event) -> str:
    what = _title(e["action"])
    if e["spell"]:
        power = f", {e['power']} power" if e["power"] else ""
        what = f"casts {escape(e['spell'])} on {escape(e['target'])}{power}"
    elif e["target"]:
        what = f"{what} -> {escape(e['target'])}"
    elif e["to"]:
        what = f"{what} toward {_at(e['to'])}"
    return (f"  [cyan]>[/cyan] {e['side'].upper()}: {_n(e, 'who')} {what}"
            f" [dim](fatigue {e['fatigue']}, {e['tokens']} token{'' if e['tokens'] == 1 else 's'} left)[/dim]")


def _react(e: Event) -> str:
    what = _title(e["action"])
    if e["target"]:
        what = f"{what} -> {escape(e['target'])}"
    elif e["to"]:
        what = f"{what} toward {_at(e['to'])}"
    if e.get("power"):
        what += f" ({e['power']} power)"
    return f"    [yellow]< reaction[/yellow]: {_n(e, 'who')} {what}"


def _move(e: Event) -> str:
    verb = {"move": "moves", "run": "runs", "charge": "charges", "counter_charge": "counter-charges",
            "flee": "flees"}.get(e["kind"], e["kind"])
    gap = " [dim](filing through a gap)[/dim]" if e.get("squeezed") else ""
    short = f" and stops short: {escape(e['stopped'])}" if e.get("stopped") else ""
    return f"    {_n(e, 'who')} {verb} {e['inches']:.1f}\" to {_at(e['to'])}{gap}{short}"


def _shoot(e: Event) -> str:
    mods = f" ({', '.join(e['modifiers'])})" if e["modifiers"] else ""
    colour = "red" if e["wounds"] else "green"
    return (f"    {_n(e, 'who')} shoot {escape(e['target'])} with {escape(str(e['weapon']))}: "
            f"{e['figures']} dice hit on {e['need']}+{mods} {_dice(e['hit_dice'])} = {e['hits']} hit(s),"
            f" wound on {e['armour']}+ {_dice(e['damage_dice'])} -> [{colour}]{e['wounds']} wound(s)[/{colour}]")


def _morale(e: Event) -> str:
    ok = "[green]passes[/green]" if e["passed"] else "[red]fails[/red]"
    lead = f", {escape(e['leader'])}'s Morale" if e["leader"] else ""
    return (f"    {_n(e, 'who')} morale test ({escape(e['cause'])}): {e['face']} + {e['tokens']}"
            f" token(s) = {e['total']} vs {e['morale']}{lead} -> {ok}")


def _wounds(e: Event) -> str:
    removed = f", [red]{e['removed']} figure(s) removed[/red]" if e["removed"] else ""
    return (f"    {_n(e, 'who')} takes {e['wounds']} wound(s) ({escape(e['cause'])}){removed}"
            f" - {e['figures'][1]} left, {e['carried'][1]} carried, {e['tokens']} morale token(s)")


def _casting(e: Event) -> str:
    text = (f"    {_n(e, 'who')} casts {escape(e['spell'])} (needs {e['needed']}+):"
            f" {_dice(e['casting'])}")
    if e["casting_rolled"] != e["casting"]:
        text += f" of {_dice(e['casting_rolled'])}"
    if e["counter_by"]:
        text += f"; {escape(e['counter_by'])} counters {_dice(e['counter'])}"
        if e["cancelled"]:
            text += f" cancelling {_dice(e['cancelled'])}"
    return text + f" -> power {e['power']}" + (f" (level {e['level']})" if e["level"] != e["power"] else "")


def _combat(e: Event) -> str:
    mods = "; ".join(f"{', '.join(m)}" for m in e["modifiers"] if m)
    mods = f" [{escape(mods)}]" if mods else ""
    return (f"    [bold red]Combat[/] {_n(e, 'a')} ({e['pools'][0]} dice) vs {_n(e, 'b')}"
            f" ({e['pools'][1]} dice){mods}")


def _split(e: Event) -> str:
    (a, b), (ka, kb), (da, db) = e["who"], e["attack"], e["defence"]
    rolled = e["rolled"]
    halved = "".join(f" ({escape(n)} rolls only {r} in shield wall)"
                     for n, k, r in zip((a, b), (ka, kb), rolled, strict=True) if r != k)
    return (f"    revealed: {escape(a)} {ka} attack / {da} defence; {escape(b)} {kb} attack / {db} defence"
            f"{halved}")


def _combat_dice(e: Event) -> str:
    rr = f" re-rolling {len(e['rerolled'])}" if e["rerolled"] else ""
    return (f"    {escape(e['target'])} defends on {e['block_on']}+ {_dice(e['defence'])}{rr}:"
            f" {e['cancelled']} of {_n(e, 'who')}'s attack dice cancelled;"
            f" the rest wound on {e['wound_on']}+ {_dice(e['attack'])} -> {e['wounds']} wound(s)")


def _effect(e: Event) -> str:
    text = {"ready": "makes ready", "aimed": "takes aim", "power": "stores power",
            "regroup": "regroups", "palisades": "deploys palisades"}[e["effect"]]
    extra = f" ({e['power']} held)" if e["effect"] == "power" else ""
    extra += f" ({e['tokens']} morale token(s) left)" if e["effect"] == "regroup" else ""
    return f"    {_n(e, 'who')} {text}{extra}"


def _game_end(e: Event) -> str:
    why = "a warband is beaten" if e["reason"] == "rout" else "the turn limit"
    won = f"{e['winner'].upper()} wins" if e["winner"] else "a draw"
    return (f"[bold magenta]Game over after turn {e['turns']} ({why}): points"
            f" {e['vp'][0]}-{e['vp'][1]} - {won}[/]")


FORMATS: dict[str, Format] = {
    "game_start": _game_start,
    "deployment_areas": lambda e: (f"Deployment areas (roll {e['roll']}): {e['near'].upper()} the near"
                                   f" edge, {e['far'].upper()} the far edge"),
    "reveal": lambda e: "[dim]Secret deployment revealed:[/dim]",
    "deploy": lambda e: f"  {_n(e, 'who')} deploys at {_at(e['at'])}",
    "deploy_scout": lambda e: f"  {_n(e, 'who')} (scouts) placed at {_at(e['at'])}",
    "turn": lambda e: f"\n[bold yellow]=== Turn {e['number']} ===[/]",
    "tokens": lambda e: f"Action tokens: {e['tokens'][0]} and {e['tokens'][1]}",
    "initiative": lambda e: (f"Initiative: {'; re-roll '.join(f'{a}-{b}' for a, b in e['rolls'])}"
                             f" -> {e['side'].upper()}"),
    "pass": lambda e: f"  {e['side'].upper()} passes" + (" (nothing left to do)" if e["forced"] else ""),
    "declare": _declare,
    "react": _react,
    "enter": lambda e: f"    {_n(e, 'who')} comes onto the table at {_at(e['at'])}",
    "move": _move,
    "flee": lambda e: f"    [red]{escape(e['who'])} flees[/red]"
                      + (f" from {escape(e['away_from'])}" if e["away_from"] else ""),
    "fled_off": lambda e: f"    [red]{escape(e['who'])} flees off the table![/red]",
    "charge_empty": lambda e: f"    {_n(e, 'who')} finds nobody left to fight",
    "action_effect": _effect,
    "rallied": lambda e: f"    [green]{escape(e['who'])} rallies[/green]",
    "broken": lambda e: f"    [red]{escape(e['who'])} is broken[/red] ({escape(e['cause'])})",
    "palisades_lost": lambda e: f"    {_n(e, 'who')} leaves its palisades behind",
    "morale_test": _morale,
    "wounds": _wounds,
    "destroyed": lambda e: f"    [bold red]{escape(e['who'])} is destroyed![/]",
    "shoot": _shoot,
    "no_shot": lambda e: f"    {_n(e, 'who')} can no longer see or reach {escape(e['target'])}",
    "casting": _casting,
    "spell_fails": lambda e: f"    the {escape(e['spell'])} fizzles",
    "magic_missile": lambda e: (f"    Magic Missile: {_dice(e['hit_dice'])} = {e['hits']} hit(s) on"
                                f" {escape(e['target'])}, wound on {e['armour']}+"
                                f" {_dice(e['wound_dice'])} -> {e['wounds']} wound(s)"),
    "spell_effect": lambda e: f"    {_n(e, 'who')}: {escape(e['spell'])} {e['effect']} {e['amount']:+d}",
    "no_entry": lambda e: f"    {_n(e, 'who')} finds no room to come onto the table at {_at(e['at'])}",
    "healed": lambda e: (f"    {_n(e, 'who')} healed {e['hp']} HP: {e['wounds_healed']} wound(s) cleared,"
                         f" {e['revived']} figure(s) back ({e['figures']} now)"
                         + (f"; no room for {e['no_room']} more" if e.get("no_room") else "")),
    "combat": _combat,
    "split": _split,
    "combat_dice": _combat_dice,
    "recover": lambda e: f"End of turn: every unit removes {e['amount']} fatigue",
    "standard": lambda e: f"  {_n(e, 'who')}'s standard: {escape(e['unit'])} removes one more (fatigue {e['fatigue']})",
    "turn_end": lambda e: None,
    "game_end": _game_end,
}


#: one line of markup per event (kit: unknown kinds print as data, reasons in dim)
narrate = Narrator(FORMATS)
