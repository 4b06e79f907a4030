"""The Raiders of Arcana game: set-up, turns until a warband is beaten, the result.

Rule ids: ``raiders.turn.overview``, ``raiders.scenario.meeting_engagement`` (the end
condition, also used by Battle Lines: ``raiders.scenario.battle_lines``).

End of the game (the book's condition, with the rules yaml's readings): at the end of a turn, a
player all of whose deployed units (those that have been on the table) are destroyed or broken
has lost; if both, it is a draw; a player with no unit on the table yet does not lose. The book
sets no turn limit: the house limit (``rounds`` option, scenario default 8 turns) ends the game
on points - each side scores the silver of the enemy units it destroyed, and half the silver
(rounded down) of those broken at the end; more points wins, equal points is a draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from warband.core.game import Flow, Outcome
from warband.kit.ruleset import Setup
from warband.kit.state import kept_views
from warband.rulesets.raiders.catalogue import Catalogue
from warband.rulesets.raiders.choices import CODEC
from warband.rulesets.raiders.lists import Warband
from warband.rulesets.raiders.models import ScenarioModel
from warband.rulesets.raiders.options import Options
from warband.rulesets.raiders.rules.setup import (
    build_state,
    build_table,
    deployment_problem,
    setup,
)
from warband.rulesets.raiders.rules.turn import play_turn
from warband.rulesets.raiders.state import RaidersState, RaidersView

__all__ = ["DEFAULT_SCENARIO", "beaten", "game_flow", "points", "setup_game"]

DEFAULT_SCENARIO = "meeting-engagement"


def beaten(st: RaidersState, side: int) -> bool:
    """All of ``side``'s deployed units are destroyed or broken (and it has deployed some)."""
    deployed = [u for u in st.units_of(side) if u.deployed]
    return bool(deployed) and all(u.destroyed or u.broken for u in deployed)


def points(st: RaidersState, side: int) -> int:
    """House points at the turn limit: enemy units destroyed (full silver) or broken (half)."""
    total = 0
    for u in st.units_of(1 - side):
        if u.destroyed:
            total += u.profile.cost
        elif u.deployed and u.broken:
            total += u.profile.cost // 2
    return total


def _outcome(st: RaidersState, reason: str) -> Outcome:
    vp = [points(st, 0), points(st, 1)]
    lost = [beaten(st, 0), beaten(st, 1)]
    if reason == "rout":
        winner = None if all(lost) else (1 if lost[0] else 0)
    else:
        winner = None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
    survivors = [
        [f"{u.name} ({u.figures}/{u.size}{', broken' if u.broken else ''})"
         for u in st.units_of(side) if not u.destroyed]
        for side in (0, 1)
    ]
    st.log.emit("game_end", reason=reason, vp=vp, turns=st.turn,
                winner=None if winner is None else st.side_labels[winner])
    return Outcome(
        sides=list(st.side_labels), names=list(st.side_names), winner=winner, vp=vp,
        rounds=st.turn, survivors=survivors,
        extra={"ended_by": reason,
               "first_player": (None if st.first_player is None
                                else st.side_labels[st.first_player]),
               "destroyed": {st.side_labels[s]: [u.name for u in st.units_of(s) if u.destroyed]
                             for s in (0, 1)},
               "broken": {st.side_labels[s]: [u.name for u in st.units_of(s)
                                              if u.broken and not u.destroyed]
                          for s in (0, 1)}},
    )


def game_flow(st: RaidersState) -> Flow:
    st.log.emit(
        "game_start", sides=dict(zip(st.side_labels, st.side_names, strict=True)),
        scenario=st.scenario.name, turns=st.turns,
    )
    yield from setup(st)
    reason = "turn_limit"
    while st.turn < st.turns:
        yield from play_turn(st)
        if beaten(st, 0) or beaten(st, 1):
            reason = "rout"
            break
    st.over = True
    return _outcome(st, reason)


def check_one_size(warbands: Sequence[Warband], opts: Options) -> None:
    """Both lists must be of the one game size the players agreed
    (raiders.listbuilding.warband_size), unless the ``mixed_sizes`` option allows otherwise."""
    sizes = [w.size for w in warbands]
    if not opts.mixed_sizes and len({s.id for s in sizes}) > 1:
        detail = ", ".join(f"{w.name!r} is a {s.name} ({s.silver} silver, {s.actions} actions)"
                           for w, s in zip(warbands, sizes, strict=True))
        raise ValueError(
            f"the two lists are of different game sizes: {detail}; the players agree one size"
            " and both collect its action tokens (raiders.listbuilding.warband_size). Use lists"
            " of one size, or the option mixed_sizes=true for an unequal game"
        )


def setup_game(cat: Catalogue, warbands: Sequence[Warband], seed: int, opts: Options,
               scenario: ScenarioModel, given: Mapping[str, Any], log_events: bool = True,
               ) -> Setup:
    """The starting state and flow of a battle (raiders.turn.overview), once the lists are
    known to be of one game size and to fit the scenario's deployment."""
    check_one_size(warbands, opts)
    problem = deployment_problem(warbands, scenario, build_table(scenario))
    if problem is not None:
        raise ValueError(problem)
    st = build_state(warbands, scenario, cat.spells, seed, opts, log_events=log_events)
    return Setup(st, game_flow(st), kept_views(RaidersView), CODEC)
