"""The ArcWorlde game: setup, deployment, five Rounds, scoring.

Rule ids: ``arcworlde.setup.sequence``, ``arcworlde.round.game_length``,
``arcworlde.scenario.victory_points``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from warband.core.game import Flow
from warband.kit.flow import answer_inside
from warband.kit.options import parse_options
from warband.kit.ruleset import Setup
from warband.kit.state import kept_views
from warband.rulesets.arcworlde.catalogue import Catalogue
from warband.rulesets.arcworlde.choices import CODEC
from warband.rulesets.arcworlde.lists import Warband
from warband.rulesets.arcworlde.models import ScenarioModel
from warband.rulesets.arcworlde.options import OPTIONS, Options
from warband.rulesets.arcworlde.rules.arcanite import prepare_arcanite
from warband.rulesets.arcworlde.rules.magic import prepare_magic
from warband.rulesets.arcworlde.rules.round import decided, play_round
from warband.rulesets.arcworlde.rules.scenario import final_outcome
from warband.rulesets.arcworlde.rules.setup import (
    build_state,
    build_table,
    deployment,
    deployment_problem,
)
from warband.rulesets.arcworlde.rules.solo import rogue_rules_answer
from warband.rulesets.arcworlde.spells import spell_book
from warband.rulesets.arcworlde.state import ArcState, ArcView

__all__ = ["DEFAULT_SCENARIO", "game_flow", "make_options", "setup_game"]

DEFAULT_SCENARIO = "glade-skirmish"


def game_flow(st: ArcState) -> Flow:
    """The battle; in the Mildaark Forest, the forest's own side (cards 5 and K) is played by
    the Rogue rules inside the flow (rules/solo.py), so only players' decisions come out."""
    if st.options.environment == "mildaark":
        return (yield from answer_inside(_battle(st), functools.partial(rogue_rules_answer, st)))
    return (yield from _battle(st))


def _battle(st: ArcState) -> Flow:
    st.log.emit(
        "game_start", sides=dict(zip(st.side_labels, st.side_names, strict=True)),
        scenario=st.scenario.name, rounds=st.options.rounds,
    )
    yield from deployment(st)
    while st.round < st.options.rounds and not decided(st):
        yield from play_round(st)
    st.over = True
    return final_outcome(st)


def make_options(options: Mapping[str, Any] | None) -> tuple[Options, str]:
    """Game options from a mapping; unknown names and bad values are refused clearly."""
    opts, scenario = parse_options(options, OPTIONS, Options, DEFAULT_SCENARIO)
    return opts, str(scenario)


def setup_game(cat: Catalogue, warbands: Sequence[Warband], seed: int, opts: Options,
               scenario: ScenarioModel, given: Mapping[str, Any], log_events: bool = True,
               ) -> Setup:
    """The starting state and flow of a battle (arcworlde.setup.sequence): the scenario's
    Rounds unless the ``rounds`` option says otherwise, deployment zones deep enough for the
    widest base."""
    if "rounds" not in given:
        opts.rounds = scenario.rounds
    depth = opts.deployment_depth if opts.deployment_depth is not None else scenario.deployment_depth
    widest = max((m.profile.base for w in warbands for m in w.members), default=0)
    if depth < widest / 25.4:
        raise ValueError(
            f"the deployment zones ({depth:g}\" deep) cannot hold a {widest}mm base;"
            f" use a deployment_depth of at least {widest / 25.4:.1f} inches"
        )
    problem = deployment_problem(warbands, build_table(scenario), depth)
    if problem is not None:
        raise ValueError(problem)
    st = build_state(warbands, scenario, seed, opts, log_events=log_events)
    prepare_magic(st, spell_book(cat))
    st.narrative_menu = cat.narrative_feats
    prepare_arcanite(st)
    if opts.delayed_arrival != "none":
        if opts.delayed_arrival not in st.side_labels[:st.players]:
            raise ValueError(f"delayed_arrival={opts.delayed_arrival}: this game has no side"
                             f" {opts.delayed_arrival.upper()} ({len(warbands)} warbands)")
        st.arriving = st.side_labels.index(opts.delayed_arrival)
    if opts.rogue != "none" and any(s not in st.side_labels[:st.players] for s in opts.rogue):
        raise ValueError(f"rogue={opts.rogue}: this game has sides"
                         f" {', '.join(s.upper() for s in st.side_labels[:st.players])} only")
    return Setup(st, game_flow(st), kept_views(ArcView), CODEC)
