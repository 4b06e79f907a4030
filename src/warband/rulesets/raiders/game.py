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

from warband.core.game import Flow, Game, Outcome
from warband.rulesets.raiders.catalogue import Catalogue
from warband.rulesets.raiders.choices import CODEC
from warband.rulesets.raiders.lists import Warband
from warband.rulesets.raiders.rules.setup import (
    build_state,
    build_table,
    deployment_problem,
    setup,
)
from warband.rulesets.raiders.rules.turn import play_turn
from warband.rulesets.raiders.state import Options, RaidersState, RaidersView

__all__ = ["DEFAULT_SCENARIO", "beaten", "game_flow", "make_options", "new_game", "points"]

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


def make_options(options: Mapping[str, Any] | None) -> tuple[Options, str]:
    """Game options from a mapping; unknown names and bad values are refused clearly."""
    opts = dict(options or {})
    scenario = str(opts.pop("scenario", DEFAULT_SCENARIO))
    known = set(Options.names())
    unknown = sorted(set(opts) - known)
    if unknown:
        raise ValueError(f"unknown game option(s) {', '.join(unknown)}"
                         f" (known: {', '.join(sorted(known))})")
    result = Options()
    if opts.get("rounds") is not None:
        rounds = opts["rounds"]
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 50:
            raise ValueError("rounds (the turn limit) must be a whole number from 1 to 50")
        result.rounds = rounds
    if "rangers_aim" in opts:
        if opts["rangers_aim"] not in ("replace", "stack"):
            raise ValueError("rangers_aim must be 'replace' or 'stack'")
        result.rangers_aim = str(opts["rangers_aim"])
    if "morale_trigger" in opts:
        if opts["morale_trigger"] not in ("targeted", "reaction"):
            raise ValueError("morale_trigger must be 'targeted' or 'reaction'")
        result.morale_trigger = str(opts["morale_trigger"])
    for flag in ("broken_may_regroup", "impetus_needs_bonus", "mixed_sizes"):
        if flag in opts:
            if not isinstance(opts[flag], bool):
                raise ValueError(f"{flag} must be true or false")
            setattr(result, flag, opts[flag])
    if "cover_bonus" in opts:
        bonus = opts["cover_bonus"]
        if not isinstance(bonus, int) or isinstance(bonus, bool) or not 0 <= bonus <= 5:
            raise ValueError("cover_bonus must be a whole number from 0 to 5")
        result.cover_bonus = bonus
    return result, scenario


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


def new_game(
    cat: Catalogue, warbands: Sequence[Warband], seed: int,
    options: Mapping[str, Any] | None = None, track_digest: bool = False,
    log_events: bool = True,
) -> Game:
    if len(warbands) != 2:
        raise ValueError("a Raiders of Arcana battle here is between exactly two warbands")
    opts, scenario_id = make_options(options)
    scenario = cat.scenarios.get(scenario_id)
    if scenario is None:
        raise ValueError(f"unknown scenario {scenario_id!r} (known: {', '.join(sorted(cat.scenarios))})")
    check_one_size(warbands, opts)
    problem = deployment_problem(warbands, scenario, build_table(scenario))
    if problem is not None:
        raise ValueError(problem)
    st = build_state(warbands, scenario, cat.spells, seed, opts, log_events=log_events)
    header = {
        "ruleset": "raiders",
        "content_hash": cat.digest,
        "seed": seed,
        "lists": [dict(w.source) for w in warbands],
        "options": {**dict(options or {}), "scenario": scenario_id},
    }
    return Game("raiders", st, game_flow(st), CODEC, RaidersView, header, track_digest)
