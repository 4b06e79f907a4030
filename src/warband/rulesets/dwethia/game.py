"""The Dwethia Heroes game: markers, sealed objectives, rounds until a side is wiped out or a
player opens five completed objectives, the result.

Rule ids: ``dwethia.scenario.game_end`` (with the rules yaml's house round limit, default 8:
then the side with more of its own objectives done wins, then the side with more points of
models left), ``dwethia.setup.start_game``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.game import Flow, Outcome
from warband.kit.ruleset import Setup
from warband.kit.state import kept_views
from warband.rulesets.dwethia.catalogue import Catalogue
from warband.rulesets.dwethia.choices import CODEC
from warband.rulesets.dwethia.grid import build_board
from warband.rulesets.dwethia.lists import Force
from warband.rulesets.dwethia.models import TerrainBoxFile, TerrainKind
from warband.rulesets.dwethia.options import Options
from warband.rulesets.dwethia.rules.terrain import PLACED, empty_board, place_terrain
from warband.rulesets.dwethia.rules.turn import (
    choose_edges,
    choose_objectives,
    place_markers,
    play_round,
)
from warband.rulesets.dwethia.state import DwethiaState, DwethiaView, Hero

__all__ = ["build_state", "game_flow", "setup_game"]

_BOARDS: dict[tuple[str, str], Any] = {}


def _score(st: DwethiaState, side: int) -> tuple[int, int]:
    done = sum(1 for o in st.secret[side] if o in st.achieved[side])
    left = sum(h.profile.cost for h in st.alive(side))
    return done, left


def _outcome(st: DwethiaState) -> Outcome:
    if not st.ended_by:
        st.ended_by = "round_limit"
        a, b = _score(st, 0), _score(st, 1)
        st.winner = None if a == b else (0 if a > b else 1)
    st.over = True
    # the game is over: both sealed lists are opened
    st.log.emit("game_end", reason=st.ended_by, rounds=st.round,
                winner=None if st.winner is None else st.side_labels[st.winner],
                objectives={st.side_labels[s]: list(st.secret[s]) for s in (0, 1)},
                done={st.side_labels[s]: sorted(o for o in st.secret[s] if o in st.achieved[s])
                      for s in (0, 1)})
    vp = [_score(st, s)[0] for s in (0, 1)]
    return Outcome(
        sides=list(st.side_labels), names=list(st.side_names), winner=st.winner, vp=vp,
        rounds=st.round,
        survivors=[[f"{h.name} ({h.wounds}/{h.stat('wounds')})" for h in st.alive(s)]
                   for s in (0, 1)],
        extra={"ended_by": st.ended_by,
               "first_player": None if st.first_player is None
               else st.side_labels[st.first_player],
               "objectives": {st.side_labels[s]: list(st.secret[s]) for s in (0, 1)}},
    )


def game_flow(st: DwethiaState, objective_ids: list[str],
              box: tuple[TerrainBoxFile, dict[str, TerrainKind]] | None = None) -> Flow:
    """Set-up (terrain placed in turn when ``box`` is given, dwethia.setup.terrain; edges,
    markers, objectives), then rounds until the game ends."""
    st.log.emit("game_start", sides=dict(zip(st.side_labels, st.side_names, strict=True)),
                arena=st.board.name, size=st.board.size)
    if box is not None:
        yield from place_terrain(st, *box)
    yield from choose_edges(st)
    yield from place_markers(st)
    yield from choose_objectives(st, objective_ids)
    while not st.over and st.round < st.options.rounds:
        yield from play_round(st)
    return _outcome(st)


def build_state(cat: Catalogue, forces: Sequence[Force], seed: int, opts: Options,
                log_events: bool = True) -> DwethiaState:
    key = (str(cat.directory), opts.arena)
    board = _BOARDS.get(key)
    if opts.arena == PLACED:  # the players build this table: a bare one of its own
        board = empty_board(cat.terrain_box, cat.terrain)
    elif board is None:
        board = _BOARDS[key] = build_board(cat.arenas[opts.arena], cat.terrain)
    heroes: list[Hero] = []
    for side, force in enumerate(forces):
        for p in force.members:
            heroes.append(Hero(len(heroes), side, p, wounds=p.stats["wounds"],
                               destiny=p.stats["destiny"], faith=p.stats["faith"],
                               affinity=p.stats["affinity"]))
    return DwethiaState(board, heroes, Dice(seed), EventLog(log_events), opts,
                        side_names=(forces[0].name, forces[1].name),
                        factions=(forces[0].faction, forces[1].faction))


def setup_game(cat: Catalogue, forces: Sequence[Force], seed: int, opts: Options,
               scenario: Any, given: Mapping[str, Any], log_events: bool = True) -> Setup:
    """The kit's hook: the starting state and flow of a game between two forces built to the
    same agreed point limit (dwethia.list.point_limits)."""
    if forces[0].points != forces[1].points:
        raise ValueError(f"the forces were built to different point limits ({forces[0].points}"
                         f" and {forces[1].points}); players agree one limit"
                         " (dwethia.list.point_limits)")
    if opts.arena not in cat.arenas and opts.arena != PLACED:
        raise ValueError(f"unknown arena {opts.arena!r} (known: {', '.join(sorted(cat.arenas))},"
                         f" or {PLACED})")
    st = build_state(cat, forces, seed, opts, log_events)
    box = (cat.terrain_box, cat.terrain) if opts.arena == PLACED else None
    return Setup(st, game_flow(st, sorted(cat.objectives), box), kept_views(DwethiaView), CODEC)
