"""A human player at the terminal: the same decisions the AIs answer, as numbered menus.

Ruleset-independent: options are described by the ruleset's ``describe_choice`` and the table
by its ``describe_view``. Where a decision accepts free-form answers (a point on the table for
a move), the player may type ``x y`` instead of a number.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from warband.core.decisions import Decision
from warband.core.ruleset import Ruleset

__all__ = ["HumanController"]


class HumanController:
    name = "human"

    def __init__(self, ruleset: Ruleset, console: Console, ask: Callable[[str], str]) -> None:
        self.ruleset = ruleset
        self.console = console
        self.ask = ask

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        console = self.console
        console.print()
        for line in self.ruleset.describe_view(view, decision.player):
            console.print(line)
        console.print(f"[bold yellow]{escape(decision.prompt or decision.kind)}[/]")
        for i, option in enumerate(decision.options, start=1):
            console.print(f"  {i:>2}. {escape(self.ruleset.describe_choice(view, option))}")
        free = decision.accepts is not None
        hint = f"1-{len(decision.options)}" + (" or x y" if free else "")
        while True:
            try:
                answer = self.ask(f"choice ({hint})").strip()
            except EOFError:
                raise KeyboardInterrupt from None
            if answer.isdigit() and 1 <= int(answer) <= len(decision.options):
                return decision.options[int(answer) - 1]
            if free:
                choice = self._free_form(decision, answer)
                if choice is not None:
                    return choice
            console.print(f"[red]please answer {hint}[/red]")

    def _free_form(self, decision: Decision, answer: str) -> Any:
        parts = answer.replace(",", " ").split()
        if len(parts) != 2 or not decision.options:
            return None
        try:
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            return None
        template = decision.options[0]
        make = getattr(self.ruleset, "free_form_choice", None)
        choice = make(decision, template, x, y) if make else None
        if choice is not None and decision.accepts is not None and decision.accepts(choice):
            return choice
        return None
