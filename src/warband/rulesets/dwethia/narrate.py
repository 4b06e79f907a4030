"""The narrated log: one formatter per event kind (the kit's :class:`Narrator` dispatches).
Events never name a sealed objective before it is revealed (they carry no secret), so every
line here is safe for both players."""

from __future__ import annotations

from warband.core.events import Event
from warband.kit.narrate import Format, Narrator, escape

__all__ = ["FORMATS", "narrate", "objective_name"]


def _dice(d: list[int]) -> str:
    return "[" + " ".join(str(x) for x in d) + "]" if d else "-"


def objective_name(o: str) -> str:
    from warband.rulesets.dwethia.catalogue import catalogue

    found = catalogue().objectives.get(o)
    return found.name if found else o


def _game_start(e: Event) -> str | None:
    g = e.get
    sides = g("sides")
    return (f"[bold]Dwethia Heroes[/bold] in {escape(g('arena'))} ({g('size')} x {g('size')}"
            f" spaces): A {escape(sides['a'])} against B {escape(sides['b'])}")


def _roll_off(title: str) -> Format:
    """An opposed D6 roll-off line (table edges, priority), ties re-rolled."""
    return lambda e: (f"{title}: A {e['a']}, B {e['b']}"
                      + ("  (tie, roll again)" if e["a"] == e["b"] else ""))


_side_roll = _roll_off("Roll for table edges")
_priority_roll = _roll_off("  priority roll")


def _edges(e: Event) -> str | None:
    g = e.get
    return f"{g('south').upper()} enters from the south edge, {g('north').upper()} from the north"


def _marker(e: Event) -> str | None:
    g = e.get
    return f"{g('player').upper()} places an objective marker at ({g('x')}, {g('y')})"


def _objectives_sealed(e: Event) -> str | None:
    g = e.get
    return f"Both players seal {g('count')} secret objectives"


def _round(e: Event) -> str | None:
    g = e.get
    return f"[bold]Round {g('round')}[/bold]"


def _priority(e: Event) -> str | None:
    g = e.get
    return f"  {g('winner').upper()} has priority; {g('first').upper()} selects the first hero"


def _activate(e: Event) -> str | None:
    g = e.get
    return f"[cyan]{g('side').upper()}[/cyan] activates [bold]{escape(g('hero'))}[/bold]"


def _move(e: Event) -> str | None:
    g = e.get
    how = {"normal": "moves", "defensive": "makes a Defensive Move", "stealth": "makes a Stealth Move"}[g("mode")]
    verb = "enters and " + how if g("entered") else how
    return f"  {escape(g('hero'))} {verb} to ({g('x')}, {g('y')}), {g('spaces')} spaces, elevation {g('elevation')}"


def _reposition(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} spends 1 Destiny: {escape(g('friend'))} repositions to ({g('x')}, {g('y')})"


def _no_room(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} finds no room to enter"


def _shot(e: Event) -> str | None:
    g = e.get
    lob = " lobbed (needs 6)" if g("lobbed") else ""
    re = f" re-rolled {_dice(g('rerolls'))}" if g("rerolls") else ""
    sv = f", saves {_dice(g('saves'))}" if g("saves") else ""
    svr = f" re-rolled {_dice(g('save_rerolls'))}" if g("save_rerolls") else ""
    return (f"  {escape(g('hero'))} shoots {escape(g('target'))} with {escape(g('weapon'))}{lob}:"
            f" needs {g('needed')}+ (Perception -{g('penalty')}), rolls {_dice(g('dice'))}{re}"
            f" - {g('wounds')} wound(s){sv}{svr}, {g('unsaved')} unsaved")


def _blast(e: Event) -> str | None:
    g = e.get
    return (f"  the blast catches {escape(g('target'))}: needs {g('needed')}+, rolls {_dice(g('dice'))},"
            f" saves {_dice(g('saves'))}, {g('unsaved')} unsaved")


def _friendly_fire(e: Event) -> str | None:
    g = e.get
    if g("victim") is None:
        return f"  into the fight: side die {g('die')} - the shot flies true"
    return f"  into the fight: side die {g('die')} - it strikes {escape(g('victim'))}!"


def _saves(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} saves {_dice(g('dice'))}{' re-rolled ' + _dice(g('rerolls')) if g('rerolls') else ''}, {g('unsaved')} unsaved"


def _melee(e: Event) -> str | None:
    g = e.get
    hr = f" re-rolled {_dice(g('hit_rerolls'))}" if g("hit_rerolls") else ""
    wr = f" re-rolled {_dice(g('wound_rerolls'))}" if g("wound_rerolls") else ""
    sv = f"; saves on {g('save_on')}+ {_dice(g('saves'))}" if g("save_on") else ""
    svr = f" re-rolled {_dice(g('save_rerolls'))}" if g("save_rerolls") else ""
    return (f"  {escape(g('hero'))} fights {escape(g('target'))}: ARV {g('arv')} against {g('target_arv')},"
            f" hits on {g('hit_on')}+ {_dice(g('hit_dice'))}{hr} - {g('hits')} hit(s);"
            f" wounds on {g('wound_on')}+ {_dice(g('wound_dice'))}{wr} - {g('wounds')}{sv}{svr};"
            f" {g('unsaved')} unsaved")


def _ignore_wounds(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} tries to ignore wounds {_dice(g('dice'))}: {g('stand')} stand"


def _wounded(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} takes {g('wounds')} wound(s) ({g('left')} left)"


def _slain(e: Event) -> str | None:
    g = e.get
    return f"  [red]{escape(g('hero'))} is slain[/red] by {escape(g('by'))} ({g('how')})"


def _quick_shot(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} fires a Quick Shot at {escape(g('target'))} as it falls"


def _retreat_declared(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} declares a retreat"


def _retreat(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} retreats to ({g('x')}, {g('y')})"


def _retreat_blocked(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} cannot retreat: it stays locked in combat"


def _opportunity(e: Event) -> str | None:
    g = e.get
    return (f"  Opportunity Attack by {escape(', '.join(g('by')))} on {escape(g('hero'))}:"
            f" {_dice(g('dice'))} - {g('wounds')} wound(s) on 6s, saves {_dice(g('saves'))},"
            f" {g('unsaved')} unsaved")


def _cast(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} casts {g('power')} on {escape(g('target'))}, paying {g('cost')} Affinity"


def _resist(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} spends 1 Faith to resist"


def _bid(e: Event) -> str | None:
    g = e.get
    return f"    {escape(g('hero'))} {'bids ' + str(g('points')) + ' more ' + g('pool').title() if g('points') else 'passes'}"


def _resistance_roll(e: Event) -> str | None:
    g = e.get
    return (f"    roll: {escape(g('caster'))} {g('caster_die')} = {g('caster_total')},"
            f" {escape(g('resister'))} {g('resister_die')} = {g('resister_total')}")


def _destiny_bid(e: Event) -> str | None:
    g = e.get
    return f"    {escape(g('hero'))} {'spends ' + str(g('points')) + ' Destiny -> ' + str(g('total')) if g('points') else 'passes'}"


def _resistance_result(e: Event) -> str | None:
    g = e.get
    word = "resolves" if g("resolves") else "fails"
    return f"    Affinity {g('caster_total')} against Faith {g('resister_total')}: the power {word}"


def _power_negated(e: Event) -> str | None:
    g = e.get
    return f"  {g('power')} is negated"


def _power_resolves(e: Event) -> str | None:
    g = e.get
    return f"  {g('power')} takes effect on {escape(g('target'))}"


def _corrupted(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} is corrupted: Defense {g('defense')}"


def _mended(e: Event) -> str | None:
    g = e.get
    return f"  {escape(g('hero'))} is mended to {g('wounds')} wound(s)"


def _objective_achieved(e: Event) -> str | None:
    g = e.get
    by = f" ({escape(g('by'))})" if g("by") else ""
    return f"  [magenta]{g('side').upper()} achieves {escape(objective_name(g('objective')))}[/magenta]{by}"


def _objectives_revealed(e: Event) -> str | None:
    g = e.get
    names = ", ".join(objective_name(o) + (" (done)" if o in g("done") else "")
                      for o in g("objectives"))
    return f"[magenta]{g('side').upper()} opens its sealed objectives: {escape(names)}[/magenta]"


def _end_round(e: Event) -> str | None:
    return None  # the next round's line says enough


def _game_end(e: Event) -> str | None:
    g = e.get
    w = g("winner")
    objs = "; ".join(f"{s.upper()}: " + ", ".join(objective_name(o) for o in v)
                     for s, v in g("objectives").items())
    return (f"[bold]Game over[/bold] after {g('rounds')} round(s) ({g('reason')}):"
            f" {'draw' if w is None else w.upper() + ' wins'}. Sealed objectives: {escape(objs)}")


FORMATS: dict[str, Format] = {
    "game_start": _game_start,
    "side_roll": _side_roll,
    "edges": _edges,
    "marker": _marker,
    "objectives_sealed": _objectives_sealed,
    "terrain_placed": lambda e: (f"Player {e.get('player')} places {e.get('name')} at"
                                 f" ({e.get('x')}, {e.get('y')}), {e.get('w')} x {e.get('h')}"
                                 " spaces"),
    "round": _round,
    "priority_roll": _priority_roll,
    "priority": _priority,
    "activate": _activate,
    "move": _move,
    "reposition": _reposition,
    "no_room": _no_room,
    "shot": _shot,
    "blast": _blast,
    "friendly_fire": _friendly_fire,
    "saves": _saves,
    "melee": _melee,
    "ignore_wounds": _ignore_wounds,
    "wounded": _wounded,
    "slain": _slain,
    "quick_shot": _quick_shot,
    "casualties_removed": lambda e: ("  End of the phase: "
                                     f"{escape(', '.join(e.get('heroes') or []))}"
                                     " removed from the table"),
    "retreat_declared": _retreat_declared,
    "retreat": _retreat,
    "group_retreat": lambda e: (f"  {escape(', '.join(e.get('heroes') or []))} retreat together"
                                f" as one block ({e.get('dx'):+d}, {e.get('dy'):+d})"),
    "retreat_blocked": _retreat_blocked,
    "opportunity": _opportunity,
    "cast": _cast,
    "power_lost": lambda e: (f"    {escape(str(e.get('power')))} on"
                             f" {escape(str(e.get('target')))} is lost: its Affinity stays"
                             " spent"),
    "affinity_action": lambda e: (f"  {escape(str(e.get('hero')))} spends {e.get('cost')}"
                                  f" Affinity: {e.get('action')}, {e.get('spaces')} spaces"
                                  " further"),
    "resist": _resist,
    "bid": _bid,
    "resistance_roll": _resistance_roll,
    "destiny_bid": _destiny_bid,
    "resistance_result": _resistance_result,
    "power_negated": _power_negated,
    "power_resolves": _power_resolves,
    "corrupted": _corrupted,
    "mended": _mended,
    "summoned": lambda e: (f"    {escape(str(e.get('model')))} is summoned next to"
                           f" {escape(str(e.get('hero')))} at ({e.get('x')}, {e.get('y')})"
                           f" ({e.get('count')} summoned by this side)"),
    "objective_achieved": _objective_achieved,
    "objectives_revealed": _objectives_revealed,
    "end_round": _end_round,
    "game_end": _game_end,
}

narrate = Narrator(FORMATS)
