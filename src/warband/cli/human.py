"""A human player at the terminal: the same decisions the AIs answer, as numbered menus.

Ruleset-independent: options are described by the ruleset's ``describe_choice`` and the table
by its ``describe_view``. Where a decision accepts free-form answers (a point on the table for
a move or a deployment), the player may type ``x y`` instead of a number. A long menu whose
options the ruleset gathers under headings (``choice_group``: each model's deployment places)
is asked in two steps, heading first, with ``0`` to go back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
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

    #: menus longer than this are shown as a menu of headings first, where the ruleset
    #: gives every option a heading (``Ruleset.choice_group``)
    GROUP_OVER = 16

    def decide(self, view: Any, decision: Decision, rng: random.Random) -> Any:
        console = self.console
        console.print()
        for line in self.ruleset.describe_view(view, decision.player):
            console.print(line)
        console.print(f"[bold yellow]{escape(decision.prompt or decision.kind)}[/]")
        groups = self._groups(view, decision.options)
        if not groups:
            return self._menu(view, decision, decision.options, back=False)
        headings = list(groups)
        while True:
            for i, heading in enumerate(headings, start=1):
                count = len(groups[heading])
                console.print(f"  {i:>2}. {escape(heading)} [dim]({count} option{'s' * (count != 1)})[/dim]")
            answer = self._ask(f"choice (1-{len(headings)})")
            if answer.isdigit() and 1 <= int(answer) <= len(headings):
                heading = headings[int(answer) - 1]
                console.print(f"[bold yellow]{escape(heading)}[/]")
                choice = self._menu(view, decision, groups[heading], back=True)
                if choice is not _BACK:
                    return choice
                console.print(f"[bold yellow]{escape(decision.prompt or decision.kind)}[/]")
                continue
            console.print(f"[red]please answer 1-{len(headings)}[/red]")

    def _groups(self, view: Any, options: Sequence[Any]) -> dict[str, list[Any]]:
        """Options by heading, when the menu is long and every option has one."""
        if len(options) <= self.GROUP_OVER:
            return {}
        groups: dict[str, list[Any]] = {}
        for option in options:
            heading = self.ruleset.choice_group(view, option)
            if heading is None:
                return {}
            groups.setdefault(heading, []).append(option)
        return groups if 1 < len(groups) < len(options) else {}

    def _menu(self, view: Any, decision: Decision, options: Sequence[Any], back: bool) -> Any:
        """A numbered menu of ``options`` (and ``0`` to go back); a point ``x y`` where the
        decision accepts free-form answers, read with the menu's first option as template."""
        console = self.console
        for i, option in enumerate(options, start=1):
            console.print(f"  {i:>2}. {escape(self.ruleset.describe_choice(view, option))}")
        if back:
            console.print("   0. back")
        # Offer "x y" only where the ruleset makes a choice of a typed point here.
        free = decision.accepts is not None and bool(options) and (
            self.ruleset.free_form_choice(decision, options[0], 0.0, 0.0) is not None)
        hint = ("0-" if back else "1-") + str(len(options)) + (" or x y" if free else "")
        while True:
            answer = self._ask(f"choice ({hint})")
            if back and answer == "0":
                return _BACK
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return options[int(answer) - 1]
            if free:
                choice, refused = self._free_form(decision, options[0], answer)
                if choice is not None:
                    return choice
                if refused is not None:  # a point the rules refuse: say why
                    console.print(f"[red]not there: {escape(refused)}[/red]")
                    continue
            console.print(f"[red]please answer {hint}[/red]")

    def _ask(self, prompt: str) -> str:
        try:
            return self.ask(prompt).strip()
        except EOFError:
            raise KeyboardInterrupt from None

    def _free_form(self, decision: Decision, template: Any, answer: str) -> tuple[Any, str | None]:
        """(the choice a typed point ``x y`` stands for, None) if the rules accept it; else
        (None, why the rules refuse it) or (None, None) if the answer is not a point at all."""
        parts = answer.replace(",", " ").split()
        if len(parts) != 2:
            return None, None
        try:
            x, y = float(parts[0]), float(parts[1])
        except ValueError:
            return None, None
        choice = self.ruleset.free_form_choice(decision, template, x, y)
        if choice is None or decision.accepts is None:
            return None, None
        if decision.accepts(choice):
            return choice, None
        reason = self.ruleset.explain_refusal(decision, choice)
        return None, reason or "the rules do not allow that point here"


_BACK = object()
