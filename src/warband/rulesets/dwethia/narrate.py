"""The narrated log and what a human player is shown. Events never name a sealed objective
before it is revealed (they carry no secret), so every line here is safe for both players."""

from __future__ import annotations

from typing import Any

from rich.markup import escape

from warband.core.events import Event
from warband.rulesets.dwethia.choices import (
    Cast,
    Fight,
    Fire,
    Hold,
    Move,
    Pick,
    Place,
    Retreat,
    Shoot,
)

__all__ = ["narrate", "describe_choice", "describe_view"]


def _dice(d: list[int]) -> str:
    return "[" + " ".join(str(x) for x in d) + "]" if d else "-"


def _objective_name(o: str) -> str:
    from warband.rulesets.dwethia.catalogue import catalogue

    found = catalogue().objectives.get(o)
    return found.name if found else o


def narrate(e: Event) -> str | None:
    k = e.kind
    g = e.get
    if k == "game_start":
        sides = g("sides")
        return (f"[bold]Dwethia Heroes[/bold] in {escape(g('arena'))} ({g('size')} x {g('size')}"
                f" spaces): A {escape(sides['a'])} against B {escape(sides['b'])}")
    if k == "side_roll":
        return f"Roll for table edges: A {g('a')}, B {g('b')}" + ("  (tie, roll again)" if g("a") == g("b") else "")
    if k == "edges":
        return f"{g('south').upper()} enters from the south edge, {g('north').upper()} from the north"
    if k == "marker":
        return f"{g('player').upper()} places an objective marker at ({g('x')}, {g('y')})"
    if k == "objectives_sealed":
        return f"Both players seal {g('count')} secret objectives"
    if k == "round":
        return f"[bold]Round {g('round')}[/bold]"
    if k == "priority_roll":
        return f"  priority roll: A {g('a')}, B {g('b')}" + ("  (tie, roll again)" if g("a") == g("b") else "")
    if k == "priority":
        return f"  {g('winner').upper()} has priority; {g('first').upper()} selects the first hero"
    if k == "activate":
        return f"[cyan]{g('side').upper()}[/cyan] activates [bold]{escape(g('hero'))}[/bold]"
    if k == "move":
        how = {"normal": "moves", "defensive": "makes a Defensive Move", "stealth": "makes a Stealth Move"}[g("mode")]
        verb = "enters and " + how if g("entered") else how
        return f"  {escape(g('hero'))} {verb} to ({g('x')}, {g('y')}), {g('spaces')} spaces, elevation {g('elevation')}"
    if k == "reposition":
        return f"  {escape(g('hero'))} spends 1 Destiny: {escape(g('friend'))} repositions to ({g('x')}, {g('y')})"
    if k == "no_room":
        return f"  {escape(g('hero'))} finds no room to enter"
    if k == "shot":
        lob = " lobbed (needs 6)" if g("lobbed") else ""
        re = f" re-rolled {_dice(g('rerolls'))}" if g("rerolls") else ""
        sv = f", saves {_dice(g('saves'))}" if g("saves") else ""
        svr = f" re-rolled {_dice(g('save_rerolls'))}" if g("save_rerolls") else ""
        return (f"  {escape(g('hero'))} shoots {escape(g('target'))} with {escape(g('weapon'))}{lob}:"
                f" needs {g('needed')}+ (Perception -{g('penalty')}), rolls {_dice(g('dice'))}{re}"
                f" - {g('wounds')} wound(s){sv}{svr}, {g('unsaved')} unsaved")
    if k == "blast":
        return (f"  the blast catches {escape(g('target'))}: needs {g('needed')}+, rolls {_dice(g('dice'))},"
                f" saves {_dice(g('saves'))}, {g('unsaved')} unsaved")
    if k == "friendly_fire":
        if g("victim") is None:
            return f"  into the fight: side die {g('die')} - the shot flies true"
        return f"  into the fight: side die {g('die')} - it strikes {escape(g('victim'))}!"
    if k == "saves":
        return f"  {escape(g('hero'))} saves {_dice(g('dice'))}{' re-rolled ' + _dice(g('rerolls')) if g('rerolls') else ''}, {g('unsaved')} unsaved"
    if k == "melee":
        hr = f" re-rolled {_dice(g('hit_rerolls'))}" if g("hit_rerolls") else ""
        wr = f" re-rolled {_dice(g('wound_rerolls'))}" if g("wound_rerolls") else ""
        sv = f"; saves on {g('save_on')}+ {_dice(g('saves'))}" if g("save_on") else ""
        svr = f" re-rolled {_dice(g('save_rerolls'))}" if g("save_rerolls") else ""
        return (f"  {escape(g('hero'))} fights {escape(g('target'))}: ARV {g('arv')} against {g('target_arv')},"
                f" hits on {g('hit_on')}+ {_dice(g('hit_dice'))}{hr} - {g('hits')} hit(s);"
                f" wounds on {g('wound_on')}+ {_dice(g('wound_dice'))}{wr} - {g('wounds')}{sv}{svr};"
                f" {g('unsaved')} unsaved")
    if k == "ignore_wounds":
        return f"  {escape(g('hero'))} tries to ignore wounds {_dice(g('dice'))}: {g('stand')} stand"
    if k == "wounded":
        return f"  {escape(g('hero'))} takes {g('wounds')} wound(s) ({g('left')} left)"
    if k == "slain":
        return f"  [red]{escape(g('hero'))} is slain[/red] by {escape(g('by'))} ({g('how')})"
    if k == "quick_shot":
        return f"  {escape(g('hero'))} fires a Quick Shot at {escape(g('target'))} as it falls"
    if k == "retreat_declared":
        return f"  {escape(g('hero'))} declares a retreat"
    if k == "retreat":
        return f"  {escape(g('hero'))} retreats to ({g('x')}, {g('y')})"
    if k == "retreat_blocked":
        return f"  {escape(g('hero'))} cannot retreat: it stays locked in combat"
    if k == "opportunity":
        return (f"  Opportunity Attack by {escape(', '.join(g('by')))} on {escape(g('hero'))}:"
                f" {_dice(g('dice'))} - {g('wounds')} wound(s) on 6s, saves {_dice(g('saves'))},"
                f" {g('unsaved')} unsaved")
    if k == "cast":
        return f"  {escape(g('hero'))} casts {g('power')} on {escape(g('target'))}, paying {g('cost')} Affinity"
    if k == "resist":
        return f"  {escape(g('hero'))} spends 1 Faith to resist"
    if k == "bid":
        return f"    {escape(g('hero'))} {'bids ' + str(g('points')) + ' more ' + g('pool').title() if g('points') else 'passes'}"
    if k == "resistance_roll":
        return (f"    roll: {escape(g('caster'))} {g('caster_die')} = {g('caster_total')},"
                f" {escape(g('resister'))} {g('resister_die')} = {g('resister_total')}")
    if k == "destiny_bid":
        return f"    {escape(g('hero'))} {'spends ' + str(g('points')) + ' Destiny -> ' + str(g('total')) if g('points') else 'passes'}"
    if k == "resistance_result":
        word = "resolves" if g("resolves") else "fails"
        return f"    Affinity {g('caster_total')} against Faith {g('resister_total')}: the power {word}"
    if k == "power_negated":
        return f"  {g('power')} is negated"
    if k == "power_resolves":
        return f"  {g('power')} takes effect on {escape(g('target'))}"
    if k == "corrupted":
        return f"  {escape(g('hero'))} is corrupted: Defense {g('defense')}"
    if k == "mended":
        return f"  {escape(g('hero'))} is mended to {g('wounds')} wound(s)"
    if k == "objective_achieved":
        by = f" ({escape(g('by'))})" if g("by") else ""
        return f"  [magenta]{g('side').upper()} achieves {escape(_objective_name(g('objective')))}[/magenta]{by}"
    if k == "objectives_revealed":
        names = ", ".join(_objective_name(o) + (" (done)" if o in g("done") else "")
                          for o in g("objectives"))
        return f"[magenta]{g('side').upper()} opens its sealed objectives: {escape(names)}[/magenta]"
    if k == "end_round":
        return None
    if k == "game_end":
        w = g("winner")
        objs = "; ".join(f"{s.upper()}: " + ", ".join(_objective_name(o) for o in v)
                         for s, v in g("objectives").items())
        return (f"[bold]Game over[/bold] after {g('rounds')} round(s) ({g('reason')}):"
                f" {'draw' if w is None else w.upper() + ' wins'}. Sealed objectives: {escape(objs)}")
    if k == "reason":
        return f"  [dim]({escape(str(g('text')))})[/dim]"
    return None


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
    if isinstance(c, Pick):
        return "nobody" if c.uid < 0 else _name(view, c.uid)
    if isinstance(c, Place):
        return f"marker at ({c.x}, {c.y})"
    if isinstance(c, Hold):
        return "do nothing"
    if isinstance(c, str):
        return _objective_name(c) if c != "retreat" else "retreat"
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
        _objective_name(o) + (" (done)" if o in view.achieved[player] else "") for o in mine))
    return lines
