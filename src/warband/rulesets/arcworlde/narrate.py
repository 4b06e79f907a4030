"""The narrated battle log: one line of rich markup per event (the text; the dispatch and the
shared pieces are in :mod:`warband.kit.narrate`)."""

from __future__ import annotations

from collections.abc import Callable

from warband.core.events import Event
from warband.kit.narrate import Format, Narrator, escape, sides_title
from warband.kit.narrate import dice as _dice
from warband.kit.narrate import name as _n

__all__ = ["narrate"]


def _mode(value: int) -> str:
    return {1: " at Advantage", -1: " at Disadvantage"}.get(value, "")


def _game_start(e: Event) -> str:
    return f"{sides_title(e)} - {escape(e['scenario'])}, {e['rounds']} Round{'' if e['rounds'] == 1 else 's'}"


def _rolloff(title: str) -> Callable[[Event], str]:
    def fmt(e: Event) -> str:
        rolls = "; then ".join(
            ", ".join("-" if r is None else str(r) for r in rr) for rr in e["rolls"]
        )
        if len(e["order"]) > 2:
            return f"{title}: rolls {rolls} -> order {', '.join(o.upper() for o in e['order'])}"
        return f"{title}: rolls {rolls} -> {e['order'][0].upper()} first"
    return fmt


def _attack(e: Event) -> str:
    kind = "shoots" if e["ranged"] else "attacks"
    stray = " [red](stray shot)[/red]" if e["stray"] else ""
    charge = " (Charge bonus)" if e.get("charged") else ""
    text = (f"    {_n(e, 'who')} {kind} {_n(e, 'target')} with {escape(e['attack'])}{stray}"
            f" - Power {e['power']}{charge} {_dice(e['dice'])}: {e['hits']} Hit(s)")
    if e["blocked"]:
        text += f", Armour {e['armour']} stops {e['blocked']}"
    if e["defence"]:
        cover = " (Cover)" if e["cover"] else ""
        extra = e.get("defence_extra") or [[] for _ in e["defence"]]
        # "5/2" a roll at Advantage or Disadvantage; "+3" an Arcanite extra die added to it
        rolls = " ".join("/".join(map(str, d)) + ("+" + "/".join(map(str, x)) if x else "")
                         for d, x in zip(e["defence"], extra, strict=True))
        text += f"; Defence{_mode(e['defence_mode'])}{cover} [{rolls}] saves {e['defended']}"
    hp = e["hp"]
    colour = "red" if e["damage"] else "green"
    text += f" -> [{colour}]{e['damage']} Damage[/{colour}] (HP {hp[0]}->{hp[1]})"
    return text


def _feat(e: Event) -> str:
    ok = "[green]success[/green]" if e["success"] else "[red]failure[/red]"
    return (f"    {_n(e, 'who')} Feat to {escape(e['purpose'])}: {e['ap']}AP{_mode(e['advantage'])},"
            f" {e['difficulty']} ({e['needed']}) {_dice(e['kept'])} = {e['successes']} -> {ok}")


def _bravery(e: Event) -> str:
    adv = f" at Advantage ({escape(e['advantage'])} near)" if e["advantage"] else ""
    ok = "[green]passes[/green]" if e["passed"] else "[red]fails[/red]"
    return (f"    {_n(e, 'who')} Bravery Test ({escape(e['cause'])}){adv}: {_dice(e['rolled'])}"
            f" = {e['total']} vs {e['bravery']} -> {ok}")


def _leg_it(e: Event) -> str:
    again = " (Agile re-roll)" if e.get("reroll") else ""
    result = "[red]trips![/red]" if e["trips"] else f"+{e['face']}\""
    return f"    {_n(e, 'who')} Legs It{again}: roll {e['attempt']} (trips on {e['trips_on']}+) = {e['face']} -> {result}"


def _move(e: Event) -> str:
    verb = {"move": "moves", "leg_it": "dashes", "flee": "flees", "disengage": "backs off",
            "spell": "is whisked"}.get(e["kind"], "moves")
    return f"    {_n(e, 'who')} {verb} {e['inches']:.1f}\" to ({e['to'][0]:.1f}, {e['to'][1]:.1f})"


def _activate(e: Event) -> str:
    pen = f" (-{e['penalty']} from a Crit)" if e["penalty"] else ""
    return f"  [cyan]>[/cyan] {_n(e, 'who')} activates with {e['ap']} AP{pen}"


def _cards(cards: list[str]) -> str:
    return "[" + ", ".join(escape(c) for c in cards) + "]"


def _spell(e: Event) -> str:
    on = f" on {escape(e['target'])}" if e["target"] else ""
    return (f"    {_n(e, 'who')} casts [magenta]{escape(e['spell'])}[/magenta]{on} (level"
            f" {e['level']}, paid {escape(e['paid'])}): draws {_cards(e['cards'])} = {e['total']}")


def _spell_cast(e: Event) -> str:
    if e["overpowered"]:
        return f"    [bold red]{escape(e['spell'])} is Overpowered![/] It takes effect, at a cost"
    return f"    [green]{escape(e['spell'])} is cast[/green]"


def _game_end(e: Event) -> str:
    vp = ", ".join(str(v) for v in e["vp"])
    won = f"{e['winner'].upper()} wins" if e["winner"] else "a draw"
    if not e["winner"] and len(e.get("leaders", ())) > 1:
        won = f"a draw between {' and '.join(s.upper() for s in e['leaders'])}"
    return f"[bold magenta]Game over after Round {e['rounds']}: VP {vp} - {won}[/]"


FORMATS: dict[str, Format] = {
    "game_start": _game_start,
    "deployment_roll": _rolloff("Deployment roll-off"),
    "deploy_order": lambda e: f"{e['first'].upper()} deploys first",
    "deploy": lambda e: f"  {_n(e, 'who')} deploys at ({e['at'][0]:.1f}, {e['at'][1]:.1f})",
    "no_room": lambda e: f"[red]{e['side'].upper()} has no room left to deploy[/red]"
               + (f": {escape(', '.join(e['who']))} stay off the table" if e.get("who") else ""),
    "round": lambda e: f"\n[bold yellow]=== Round {e['number']} ===[/]",
    "initiative": _rolloff("Initiative"),
    "activate": _activate,
    "stand_up": lambda e: (f"    {_n(e, 'who')} gets up" + (" (free, new Round)" if e["free"] else "")
                           + (f" helped by {escape(e['helper'])}" if e.get("helper") else "")),
    "unruly": lambda e: f"    {_n(e, 'who')} is unruly: AP halved to {e['ap']}",
    "weapon": lambda e: f"    {_n(e, 'who')} takes up {escape(e['weapon'])}",
    "move": _move,
    "engage": lambda e: f"    {_n(e, 'who')} is Engaged with {escape(', '.join(e['enemies']))}",
    "leg_it": _leg_it,
    "charge": lambda e: f"    [bold red]{escape(e['who'])} Charges {escape(e['target'])}![/] (+1AP, {e['ap']} AP left)",
    "prone": lambda e: f"    {_n(e, 'who')} is knocked Prone ({escape(e['cause'])})",
    "feat": _feat,
    "attack": _attack,
    "stray_shot": lambda e: f"    the Shot goes astray and hits {escape(e['hit'])}!",
    "miss": lambda e: f"    {_n(e, 'who')} misses {escape(e['target'])}",
    "ap_reduced": lambda e: f"    {_n(e, 'who')} will have {e['by']} AP less next Activation",
    "armour_broken": lambda e: f"    {_n(e, 'who')}'s Armour is broken (now {e['armour']})",
    "hp_loss": lambda e: f"    {_n(e, 'who')} loses {e['amount']} HP ({escape(e['cause'])}) (HP {e['hp'][0]}->{e['hp'][1]})",
    "knock_out": lambda e: f"    [bold red]{escape(e['who'])} is Knocked Out![/]" + (
        f" (+{e['vp']} VP to {e['side'].upper()})" if e["side"] else " (no player scores it)"),
    "bravery": _bravery,
    "broken": lambda e: f"    [red]{escape(e['who'])} is Broken![/red]",
    "flee": lambda e: f"    {_n(e, 'who')} Flees toward the {e['toward']}",
    "rally": lambda e: f"    [green]{escape(e['who'])} Rallies[/green]",
    "disengaged": lambda e: f"    {_n(e, 'who')} Disengages",
    "rousing_cheer": lambda e: f"    {_n(e, 'who')} gives a Rousing Cheer!",
    "activation_end": lambda e: None,
    "round_end": lambda e: None,
    "objective": lambda e: f"  {e['side'].upper()} holds {escape(e['name'])} (+{e['vp']} VP)",
    "game_end": _game_end,
    "spell": _spell,
    "spell_card": lambda e: (f"    {_n(e, 'who')} pays {escape(e['paid'])} for another card:"
                             f" {escape(e['card'])} (total {e['total']})"),
    "spell_cast": _spell_cast,
    "spell_failed": lambda e: f"    [red]{escape(e['spell'])} fails[/red] {_cards(e['cards'])}",
    "arcanite": lambda e: (f"    {_n(e, 'who')} spends an Arcanite Token"
                           + (f" of {escape(e['holder'])}" if e["holder"] != e["who"] else "")
                           + f" ({escape(e['use'])}; {e['left']} left)"),
    "arcanite_taken": lambda e: f"    {_n(e, 'who')} picks up an Arcanite Token",
    "arcanite_given": lambda e: f"    {_n(e, 'frm')} gives an Arcanite Token to {_n(e, 'who')}",
    "arcanite_stolen": lambda e: f"    {_n(e, 'who')} steals an Arcanite Token from {_n(e, 'frm')}",
    "arcanite_dropped": lambda e: f"    {_n(e, 'who')} drops {e['tokens']} Arcanite Token(s)",
    "arcanite_scored": lambda e: (f"  {e['side'].upper()} holds {e['tokens']} found Arcanite"
                                  f" Token(s) (+{e['vp']} VP)"),
    "gobbled": lambda e: f"    [bold red]{escape(e['who'])} is Gobbled by {escape(e['by'])}![/]",
    "gobble_hits": lambda e: (f"    {_n(e, 'who')} takes {e['hits']} Hits ({escape(e['cause'])}):"
                              f" {e['damage']} Damage (HP {e['hp'][0]}->{e['hp'][1]})"),
    "coughed_up": lambda e: f"    {_n(e, 'who')} is coughed up by {escape(e['by'])}",
    "digested": lambda e: f"    [red]{escape(e['who'])} is digested by {escape(e['by'])}[/red]",
    "dwindling": lambda e: (f"    {_n(e, 'who')} " + ("recovers" if e.get("restored") else "weakens")
                            + f": AP {e['ap'][0]}->{e['ap'][1]} (Dwindling Strength)"),
    "imposter": lambda e: (f"    [bold]{escape(e['who'])} unmasks the Imposter {escape(e['victim'])}![/]"
                           f" (+1AP for the rest of the game: {e['ap']}AP)"),
    "split_pause": lambda e: f"    {_n(e, 'who')} pauses with {e['ap']} AP left (Split Activation)",
    "pack": lambda e: f"  [cyan]>[/cyan] the pack hunts together: {escape(', '.join(e['who']))}",
    "narrative": lambda e: (f"    {_n(e, 'who')} attempts a Narrative Feat: {escape(e['feat'])}"
                            f" ({e['difficulty']}" + ("" if e["agreed"] else ", a compromise")
                            + f"; on failure: {e['failure']})"),
    "narrative_hits": lambda e: (f"    {_n(e, 'who')} takes {e['hits']} Hits from {escape(e['by'])}'s Feat:"
                                 f" {e['damage']} Damage (HP {e['hp'][0]}->{e['hp'][1]})"),
    "forest": lambda e: f"  [green]The Mildaark Forest stirs: {escape(e['card'])}[/green]",
    "forest_creature": lambda e: (f"    [green]{escape(e['who'])} ({escape(e['what'])}) comes out of"
                                  f" the trees at ({e['at'][0]:.1f}, {e['at'][1]:.1f}),"
                                  " played by the Rogue rules[/green]"),
    "forest_creature_missing": lambda e: (f"    (the forest would bring a {escape(e['what'])},"
                                          " but the Bestiary has none)"),
    "forest_leaves": lambda e: f"    [green]{escape(e['who'])} wanders back into the forest[/green]",
    "forest_artefact": lambda e: f"    a Fabled Artefact glints at ({e['at'][0]:.1f}, {e['at'][1]:.1f})",
    "arrival_roll": lambda e: (f"  The Rogue Warband ({e['side'].upper()}) rolls {e['roll']} to arrive: "
                               + ("[bold]it arrives![/bold]" if e["arrives"] else "not yet")),
    "item": lambda e: (f"    {_n(e, 'who')}: {escape(e['item'])} {escape(e['how'])}"
                       + (f" ({escape(e['frm'])})" if e.get("frm") else "")),
    "items_scored": lambda e: f"  {e['side'].upper()} holds {e['items']} scenario item(s) (+{e['vp']} VP)",
    "dismounted": lambda e: f"    {_n(e, 'who')} is thrown from {escape(e['mount'])}",
    "forest_tree": lambda e: f"    a tree walks to ({e['at'][0]:.1f}, {e['at'][1]:.1f})",
    "portal": lambda e: f"    {_n(e, 'who')} steps through the portal to ({e['to'][0]:.1f}, {e['to'][1]:.1f})",
    "cache": lambda e: f"    {_n(e, 'who')} takes {escape(e['item'])} from the cache",
    "heal": lambda e: f"    {_n(e, 'who')} is healed by {escape(e['by'])} (HP {e['hp'][0]}->{e['hp'][1]})",
    "summoned": lambda e: (f"    {_n(e, 'who')} is summoned by {escape(e['by'])} at"
                           f" ({e['at'][0]:.1f}, {e['at'][1]:.1f})"),
}


#: one line of markup per event (kit: unknown kinds print as data, reasons in dim)
narrate = Narrator(FORMATS)
