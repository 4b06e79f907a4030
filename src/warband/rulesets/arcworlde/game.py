"""The ArcWorlde game: setup, deployment, five Rounds, scoring.

Rule ids: ``arcworlde.setup.sequence``, ``arcworlde.round.game_length``,
``arcworlde.scenario.victory_points``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from warband.core.game import Flow, Game
from warband.rulesets.arcworlde.catalogue import Catalogue
from warband.rulesets.arcworlde.choices import CODEC
from warband.rulesets.arcworlde.lists import Warband
from warband.rulesets.arcworlde.rules.arcanite import prepare_arcanite
from warband.rulesets.arcworlde.rules.magic import prepare_magic
from warband.rulesets.arcworlde.rules.round import decided, play_round
from warband.rulesets.arcworlde.rules.scenario import final_outcome
from warband.rulesets.arcworlde.rules.setup import build_state, deployment
from warband.rulesets.arcworlde.spells import spell_book
from warband.rulesets.arcworlde.state import ArcState, ArcView, Options

__all__ = ["DEFAULT_SCENARIO", "game_flow", "make_options", "new_game"]

DEFAULT_SCENARIO = "glade-skirmish"


def game_flow(st: ArcState) -> Flow:
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
    """Game options from a mapping; unknown names are refused with a clear message."""
    opts = dict(options or {})
    scenario = str(opts.pop("scenario", DEFAULT_SCENARIO))
    known = set(Options.names())
    unknown = sorted(set(opts) - known)
    if unknown:
        raise ValueError(f"unknown game option(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    result = Options()
    if "rounds" in opts:
        rounds = opts["rounds"]
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 50:
            raise ValueError(f"rounds must be a whole number between 1 and 50, not {rounds!r}")
        result.rounds = rounds
    if "disengage_extra_move" in opts:
        moves = opts["disengage_extra_move"]
        if not isinstance(moves, bool):
            raise ValueError(f"disengage_extra_move must be true or false, not {moves!r}")
        result.disengage_extra_move = moves
    if "deployment_depth" in opts and opts["deployment_depth"] is not None:
        depth = opts["deployment_depth"]
        if isinstance(depth, bool) or not isinstance(depth, int | float) or not 1 <= depth <= 24:
            raise ValueError(f"deployment_depth must be between 1 and 24 inches, not {depth!r}")
        result.deployment_depth = float(depth)
    if "narrative_feats" in opts:
        feats = opts["narrative_feats"]
        if not isinstance(feats, bool):
            raise ValueError(f"narrative_feats must be true or false, not {feats!r}")
        result.narrative_feats = feats
    if "narrative_leg_it_always" in opts:
        always = opts["narrative_leg_it_always"]
        if not isinstance(always, bool):
            raise ValueError(f"narrative_leg_it_always must be true or false, not {always!r}")
        result.narrative_leg_it_always = always
    if "environment" in opts:
        env = opts["environment"]
        if env not in ("none", "mildaark"):
            raise ValueError(f"environment must be 'none' or 'mildaark', not {env!r}")
        result.environment = env
    if "arcdeck" in opts:
        deck = opts["arcdeck"]
        if deck not in ("shared", "own"):
            raise ValueError(f"arcdeck must be 'shared' or 'own', not {deck!r}")
        result.arcdeck = deck
    return result, scenario


def new_game(
    cat: Catalogue, warbands: Sequence[Warband], seed: int,
    options: Mapping[str, Any] | None = None, track_digest: bool = False,
    log_events: bool = True,
) -> Game:
    if len(warbands) != 2:
        raise ValueError("an ArcWorlde battle here is between exactly two warbands")
    opts, scenario_id = make_options(options)
    scenario = cat.scenarios.get(scenario_id)
    if scenario is None:
        raise ValueError(f"unknown scenario {scenario_id!r} (known: {', '.join(sorted(cat.scenarios))})")
    if "rounds" not in (options or {}):
        opts.rounds = scenario.rounds
    depth = opts.deployment_depth if opts.deployment_depth is not None else scenario.deployment_depth
    widest = max((m.profile.base for w in warbands for m in w.members), default=0)
    if depth < widest / 25.4:
        raise ValueError(
            f"the deployment zones ({depth:g}\" deep) cannot hold a {widest}mm base;"
            f" use a deployment_depth of at least {widest / 25.4:.1f} inches"
        )
    st = build_state(warbands, scenario, seed, opts, log_events=log_events)
    prepare_magic(st, spell_book(cat))
    prepare_arcanite(st)
    header = {
        "ruleset": "arcworlde",
        "content_hash": cat.digest,
        "seed": seed,
        "lists": [dict(w.source) for w in warbands],
        "options": {**dict(options or {}), "scenario": scenario_id},
    }
    return Game("arcworlde", st, game_flow(st), CODEC, ArcView, header, track_digest)
