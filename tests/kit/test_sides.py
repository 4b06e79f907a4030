"""The kit's pieces for games of more than two sides: side labels, the side-count check,
the result by victory points, and a side played inside the flow (``answer_inside``)."""

from __future__ import annotations

from typing import Any

import pytest

from warband.core import registry
from warband.core.decisions import Decision
from warband.core.ruleset import side_labels
from warband.kit.flow import answer_inside, points_result


def test_side_labels_count_from_a() -> None:
    assert side_labels(2) == ("a", "b")
    assert side_labels(4) == ("a", "b", "c", "d")
    with pytest.raises(ValueError):
        side_labels(0)


def test_points_result_for_any_number_of_sides() -> None:
    assert points_result([1, 0]) == (0, [0], ["won", "lost"])
    assert points_result([0, 3, 3, 1]) == (None, [1, 2], ["lost", "drawn", "drawn", "lost"])


def test_a_two_sided_ruleset_still_refuses_a_third_list() -> None:
    """Rulesets without multiplayer rules keep exactly two sides."""
    rs = registry.get("raiders")
    lists = [rs.load_list(p) for p in rs.sample_lists()[:2]]
    assert rs.max_sides == 2
    with pytest.raises(ValueError, match="exactly 2 warbands, not 3"):
        rs.new_game([*lists, lists[0]], 1)


def _flow() -> Any:
    first = yield Decision("pick", 0, ["x", "y"])
    second = yield Decision("pick", 2, ["p", "q", "r"])
    third = yield Decision("pick", 1, ["m", "n"])
    return (first, second, third)


def test_answer_inside_answers_one_side_and_yields_the_others() -> None:
    """A side the rules play is answered inside the flow; the others' decisions come out
    unchanged, their answers go back in, and the flow's result is returned."""
    def rules_side(decision: Decision) -> tuple[bool, Any]:
        return (True, decision.options[-1]) if decision.player == 2 else (False, None)

    flow = answer_inside(_flow(), rules_side)
    asked = next(flow)
    assert (asked.player, asked.options) == (0, ["x", "y"])
    asked = flow.send("y")
    assert (asked.player, asked.options) == (1, ["m", "n"])
    with pytest.raises(StopIteration) as done:
        flow.send("m")
    assert done.value.value == ("y", "r", "m")
