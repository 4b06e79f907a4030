"""Tiny Duel lists: known champions, no champion twice, at most 10 points (tiny.list.budget)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warband.content.yamlio import LineMap
from warband.kit.lists import Roster, read_list

from .catalogue import Catalogue
from .models import ChampionModel, TinyListModel

__all__ = ["BUDGET", "Warband", "parse_list"]

BUDGET = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class Warband(Roster[ChampionModel]):
    """A validated Tiny Duel warband (members are champion profiles, which have a cost)."""


def parse_list(data: Any, source: str, cat: Catalogue, lines: LineMap | None = None,
               ruleset: str = "tinygame") -> Warband:
    model, problems = read_list(TinyListModel, data, source, lines, ruleset)
    members: list[ChampionModel] = []
    for i, cid in enumerate(model.champions):
        champion = problems.lookup("champion", cat.champions, cid, "champions", i)
        if champion is not None and champion in members:
            problems.problem(f"{champion.name} is listed twice", "champions", i)
        elif champion is not None:
            members.append(champion)
    cost = sum(c.cost for c in members)
    if cost > BUDGET:
        problems.problem(f"total cost {cost} is over the budget of {BUDGET} (tiny.list.budget)",
                         "champions")
    problems.raise_if_any()
    return Warband(name=model.name, members=tuple(members),
                   source=model.model_dump(mode="json"))
