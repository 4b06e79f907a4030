"""Tiny Duel's battle log: the text of each event (the dispatch is the kit's Narrator)."""

from __future__ import annotations

from warband.core.events import Event
from warband.kit.narrate import Format, Narrator, name, sides_title


def _end(e: Event) -> str:
    result = "a draw" if e["winner"] is None else f"{e['winner'].upper()} wins"
    return f"[bold]{result}[/bold] ({e['score'][0]}-{e['score'][1]})"


FORMATS: dict[str, Format] = {
    "game_start": lambda e: f"{sides_title(e)} - first to {e['target']}",
    "forward": lambda e: f"{'AB'[e['side']]}: {name(e, 'who')} steps forward",
    "roll": lambda e: f"    rolls {e['face']} (turn total {e['total']})",
    "luck": lambda e: f"    {name(e, 'who')} spends Luck ({e['left']} left) and rolls again",
    "bust": lambda e: f"    [red]a 1! {e['lost']} points lost[/red]",
    "hold": lambda e: f"    {name(e, 'who')} banks {e['banked']} (score {e['score']})",
    "game_end": _end,
}

narrate = Narrator(FORMATS)
