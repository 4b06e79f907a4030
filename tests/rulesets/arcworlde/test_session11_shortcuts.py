"""Issue 16, session 11: the action decision hands on the enemies the acting Character is
Engaged with, and the heuristic reads them there instead of asking the state again.

Each short cut is compared with the plain computation in seeded games (two and three sides,
the Mildaark Forest); ``tests/kit/test_pinned_games.py`` checks whole games too.
"""

from __future__ import annotations

from typing import Any

import pytest

from warband.core import registry
from warband.core.controller import controller_rng
from warband.core.decisions import Decision
from warband.rulesets.arcworlde.ai import heuristic as H

RS = registry.get("arcworlde")

GAMES = [
    # (lists, options, AI, seed)
    (("sheriffs-posse", "ironjaw-mob"), None, "heuristic", 3),
    (("sheriffs-posse", "ironjaw-mob"), None, "random", 4),
    (("sheriffs-posse", "ironjaw-mob", "hedge-coven"), None, "heuristic", 1),
    (("sheriffs-posse", "ironjaw-mob"), {"environment": "mildaark"}, "heuristic", 2),
]


def _lists(*names: str) -> list[Any]:
    return [RS.load_list(RS.content_dir / "lists" / f"{n}.yaml") for n in names]


def _action_decisions(lists: tuple[str, ...], options: Any, ai: str, seed: int
                      ) -> list[tuple[Any, Decision]]:
    """Play the game; at every action decision, (the player's view, the decision) checked
    there and then (the state moves on after the answer)."""
    game = RS.new_game(_lists(*lists), seed, options, log_events=False)
    factory = RS.controllers()[ai]
    players = range(len(lists))
    ctl = {p: factory() for p in players}
    rngs = {p: controller_rng(seed, p) for p in players}
    seen: list[tuple[Any, Decision]] = []
    while (pending := game.pending()) is not None:
        assert type(pending) is Decision
        view = game.view(pending.player)
        if pending.kind == "action":
            seen.append((view, pending))
            _check(view, pending)
        game.apply(pending.player, ctl[pending.player].decide(view, pending, rngs[pending.player]))
    return seen


def _check(view: Any, decision: Decision) -> None:
    ch = view.chars[decision.info["character"]]
    plain = view.engaged_with(ch)
    uids = decision.info["engaged"]
    if ch.prone:
        assert uids is None  # (the menu of a Prone Character does not depend on them)
    else:
        assert uids == tuple(e.uid for e in plain)
    # the heuristic's reading: the very Characters, in the same order, either way
    got = H._engaged(view, ch, decision)
    assert [e.uid for e in got] == [e.uid for e in plain]
    assert all(a is b for a, b in zip(got, plain, strict=True))
    # and without the flow's answer (a Narrative Feat's or a hand-made decision) it asks the
    # view, here and now, and gets the same Characters
    bare = Decision(decision.kind, decision.player, decision.options, decision.prompt,
                    decision.accepts, {k: v for k, v in decision.info.items() if k != "engaged"})
    assert [e.uid for e in H._engaged(view, ch, bare)] == [e.uid for e in plain]


@pytest.mark.parametrize(("lists", "options", "ai", "seed"), GAMES)
def test_action_decision_names_the_enemies_in_contact(lists: tuple[str, ...], options: Any,
                                                      ai: str, seed: int) -> None:
    """arcworlde.combat.engagement: the action decision's ``engaged`` uids are the enemies the
    state finds in base contact with the acting Character, in table order, at every action
    decision of seeded games; and the heuristic's reading of them is ``view.engaged_with``."""
    seen = _action_decisions(lists, options, ai, seed)
    assert seen
    if ai == "heuristic":
        # the games reach both cases, or the comparison would prove little
        assert any(d.info["engaged"] for _, d in seen)
        assert any(d.info["engaged"] == () for _, d in seen)


def test_heuristic_asks_the_view_without_the_flows_answer() -> None:
    """arcworlde.combat.engagement: an action decision without ``engaged`` (a Narrative Feat's
    or a hand-made one) is answered from ``view.engaged_with`` as before: :func:`_check`
    compares the two at every action decision, when the decision is pending; the game must
    reach Characters in base contact, or the comparison would prove little."""
    seen = _action_decisions(("sheriffs-posse", "ironjaw-mob"), None, "heuristic", 3)
    in_contact = [d for _, d in seen if d.info["engaged"]]
    assert len(in_contact) >= 5
