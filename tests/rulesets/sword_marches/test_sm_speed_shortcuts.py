"""The speed shortcuts change nothing a player can see (issue 10): the option list the flow
reuses from the AI is the one it would build itself (sm.actionphase.declaring), and the
view that keeps the state's methods still hides the dice and the log."""

from __future__ import annotations

import pytest

from warband.core.controller import controller_rng
from warband.rulesets.sword_marches import RULESET
from warband.rulesets.sword_marches.rules.turn import options_for
from warband.rulesets.sword_marches.state import SMState

LISTS = [RULESET.load_list(p) for p in RULESET.sample_lists()]


@pytest.mark.parametrize("adventure", ["the-waystation", "cairn-ford"])
def test_every_action_decision_offers_what_options_for_builds(adventure: str) -> None:
    """sm.actionphase.declaring: after the heuristic answered "activate" (filling the shared
    lists), each "action" decision offers exactly options_for(state, chosen model)."""
    game = RULESET.new_game([LISTS[0], LISTS[1]], 3, {"scenario": adventure})
    ai = RULESET.controllers()["heuristic"]()
    rngs = {p: controller_rng(3, p) for p in (0, 1)}
    checked = 0
    for _ in range(5000):
        if game.pending() is None:
            break
        p = game.waiting_for()[0]
        d = game.decision_for(p)
        assert d is not None
        if d.kind == "action" and d.prompt.startswith("Declare"):
            st: SMState = game.state  # type: ignore[assignment]
            assert list(d.options) == options_for(st, st.by_uid(d.options[0].uid))
            checked += 1
        game.apply(p, ai.decide(game.view(p), d, rngs[p]))
    assert game.over and checked > 10


def test_the_view_keeps_methods_but_hides_dice_and_log() -> None:
    game = RULESET.new_game([LISTS[0], LISTS[1]], 1)
    view = game.view(0)
    st: SMState = game.state  # type: ignore[assignment]
    assert view.by_uid(0) is st.by_uid(0) and view.models is st.models
    for _ in range(2):  # a second read is refused too
        for hidden in ("dice", "log"):
            with pytest.raises(AttributeError):
                getattr(view, hidden)
    turn = st.turn
    st.turn = turn + 1  # a changing value is read afresh
    assert view.turn == turn + 1
