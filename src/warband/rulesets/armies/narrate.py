"""The narrated battle log: one line of rich markup per event (the kit's Narrator
dispatches)."""

from __future__ import annotations

from warband.core.events import Event
from warband.kit.narrate import Format, Narrator, escape, sides_title
from warband.kit.narrate import dice as _dice
from warband.kit.narrate import name as _b

__all__ = ["narrate"]


def _ok(flag: bool) -> str:
    return "[green]success[/green]" if flag else "[red]failure[/red]"


def _attacks(e: Event) -> str:
    save = "" if e["save"] is None else f", saves on {e['save']}- {_dice(e['saves'])}"
    what = {"missile": "shoots", "into_combat": "shoots into the melee",
            "overrun": "rides down"}.get(
        e["what"], e["what"].replace("melee_", "strikes (") + ")")
    return (f"    {escape(e['attacker'])} {what} at {escape(e['target'])}: "
            f"{len(e['rolls'])} dice at {e['skill']}- {_dice(e['rolls'])} = {e['hits']} hit(s)"
            f"{save} -> [bold]{e['wounds']}[/bold] wound(s)")


_LINES: dict[str, Format] = {
    "game_start": lambda e: f"{sides_title(e)} - {escape(e['scenario'])}, {e['turns']} turns",
    "deploy": lambda e: f"  {_b(e, 'unit')} deploys at ({e['x']:.1f}, {e['y']:.1f}),"
                        f" {e['width']:.1f}\" wide, {e['depth']:.1f}\" deep",
    "turn": lambda e: f"[bold]=== Turn {e['turn']} ===[/bold]",
    "phase": lambda e: f"[cyan]-- {e['name']} --[/cyan]",
    "initiative": lambda e: f"  initiative rolls {e['rolls']}: side {e['winner'].upper()} wins",
    "moves_first": lambda e: f"  side {e['side'].upper()} moves first",
    "infiltrate": lambda e: f"  {_b(e, 'unit')} infiltrates at ({e['x']:.1f}, {e['y']:.1f})"
                            + (" (late: no moving, -1 to shoot)" if e["late"] else ""),
    "hold": lambda e: f"  {_b(e, 'unit')} holds",
    "move": lambda e: f"  {_b(e, 'unit')} " + {"advance": "advances", "fall_back": "falls back",
                                               "objective": "marches on the objective"}.get(e["order"], e["order"])
                      + (f" towards {escape(e['target'])}" if e["target"] else "")
                      + f" {e['distance']:.1f}\"",
    "charge": lambda e: f"  [yellow]{escape(e['unit'])} charges {escape(e['target'])}"
                        f" ({e['face']})[/yellow]",
    "overrun": lambda e: f"    [yellow]{escape(e['unit'])} overruns {escape(e['target'])}[/yellow]",
    "engaged": lambda e: f"    {escape(e['unit'])} also engages {escape(e['target'])}",
    "shoot": lambda e: f"  {_b(e, 'unit')} shoots {escape(e['weapon'])} at {escape(e['target'])}"
                       f" ({e['distance']:.1f}\", skill {e['skill']})"
                       + {"charge_response": " standing against the charge",
                          "charging": " as it charges"}.get(e["when"], ""),
    "attacks": _attacks,
    "scatter": lambda e: f"    scatter: to hit {e['to_hit']}, d3s {_dice(e['d3s'])} ->"
                         f" {e['hits']} hit(s)",
    "saves": lambda e: f"    saves on {e['save']}- {_dice(e['rolls'])} -> {e['wounds']} wound(s)",
    "immune": lambda e: f"    {_b(e, 'unit')} is immune to missiles",
    "wounded": lambda e: f"    {_b(e, 'unit')} takes {e['wounds']} wound(s), {e['removed']}"
                         f" model(s) fall ({e['left']} wounds left)",
    "character_slain": lambda e: f"    [red]{escape(e['character'])} of {escape(e['unit'])}"
                                 " is slain[/red]",
    "destroyed": lambda e: f"  [red]{escape(e['unit'])} is destroyed[/red]",
    "power": lambda e: f"  {_b(e, 'character')} has {e['power']} power",
    "cast": lambda e: f"  {_b(e, 'character')} casts {escape(e['spell'])} on"
                      f" {escape(e['target'])} ({e['power']} power): {e['roll']} + {e['power']}"
                      f" = {e['total']} vs {e['difficulty']} {_ok(e['success'])}",
    "counterspell": lambda e: f"    {_b(e, 'character')} counterspells: {e['roll']} +"
                              f" {e['power']} = {e['total']} vs {e['against']} {_ok(e['success'])}",
    "countered": lambda e: f"    {escape(e['spell'])} is countered",
    "dispel": lambda e: f"  {_b(e, 'character')} dispels {escape(e['spell'])} on"
                        f" {escape(e['unit'])}: {e['total']} vs {e['against']} {_ok(e['success'])}",
    "spell_in_play": lambda e: f"    {escape(e['spell'])} takes hold on {escape(e['unit'])}",
    "spell_hits": lambda e: f"    {escape(e['spell'])}: {e['hits']} magical hit(s) on"
                            f" {escape(e['unit'])} -> {e['wounds']} wound(s)",
    "spell_bonus": lambda e: f"    {escape(e['unit'])} gains +{e['amount']} {e['what']}"
                             f" ({escape(e['spell'])})",
    "pass_magic": lambda e: f"  side {e['side'].upper()} passes",
    "regenerate": lambda e: f"  {_b(e, 'unit')} regenerates {_dice(e['rolls'])}:"
                            f" {e['healed']} healed",
    "rally": lambda e: f"  {_b(e, 'unit')} tries to rally: {e['roll']} vs {e['morale']}"
                       f" {_ok(e['success'])}",
    "break_test": lambda e: f"  {_b(e, 'unit')} tests ({', '.join(e['triggers'])}):"
                            f" {e['roll']} vs {e['target']} {_ok(e['success'])}",
    "broken": lambda e: f"  [red]{escape(e['unit'])} breaks![/red]",
    "flee_roll": lambda e: f"  {_b(e, 'unit')} flees {e['distance']:g}\" (rolled {e['roll']})",
    "flee": lambda e: (f"    {escape(e['unit'])} runs off the table" if e["off_table"]
                       else f"    {escape(e['unit'])} runs to ({e['x']:.1f}, {e['y']:.1f})"),
    "close_ranks": lambda e: None,  # the block shrinks to its models: drawn on the board
    "chase": lambda e: None,  # the pursuer's move: drawn on the board, said by "pursue"
    "pursue": lambda e: f"  {_b(e, 'unit')} pursues {escape(e['fleeing'])}: {e['distance']:g}\""
                        + (" and catches it" if e["caught"] else ", too slow"),
    "game_end": lambda e: f"[bold magenta]Game over after {e['turns']} turns ({e['reason']}):"
                          f" VP {e['vp'][0]}-{e['vp'][1]}, "
                          + (f"side {e['winner'].upper()} wins" if e["winner"] else "a draw")
                          + "[/]",
}


narrate = Narrator(_LINES)
