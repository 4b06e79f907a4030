"""Hidden information: the five sealed objectives never reach the other player - not its view,
the board, any narration line, event, JSON result or its own decisions - until revealed
(dwethia.scenario.secret_objectives)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from warband.ai.random_ai import RandomController
from warband.core.controller import controller_rng
from warband.core.decisions import Decision
from warband.core.game import Game
from warband.core.record import read_record, replay, write_record
from warband.rulesets.dwethia import RULESET
from warband.rulesets.dwethia.describe import describe_view

PICKS_A = ("hunter", "reaper", "ghost", "bulwark", "espionage")
PICKS_B = ("crows_nest", "hands_off", "explosives", "revenge", "east_to_west")


class Picker:
    """Picks given objectives for player 0, otherwise plays at random (a policy that does not
    read its objectives, so both games see the same play); never claims."""

    def __init__(self, picks: tuple[str, ...]) -> None:
        self.picks = list(picks)
        self.inner = RandomController()

    def decide(self, view: Any, d: Decision, rng: random.Random) -> Any:
        if d.kind == "objective":
            return next(p for p in self.picks if p in d.options)
        if d.kind == "claim":
            return False
        return self.inner.decide(view, d, rng)


def _run(picks: tuple[str, ...], seed: int) -> tuple[Game, list[str]]:
    """Play until the game ends, recording what player 1 may read after every decision."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()[:2]]
    game = RULESET.new_game(lists, seed, track_digest=True)
    ctl = {0: Picker(picks), 1: RULESET.controllers()["heuristic"]()}
    rngs = {p: controller_rng(seed, p) for p in (0, 1)}
    seen: list[str] = []
    while game.pending() is not None:
        for p in game.waiting_for():
            d = game.decision_for(p)
            assert d is not None
            game.apply(p, ctl[p].decide(game.view(p), d, rngs[p]))
            if game.over:
                break
            view = game.view(1)
            d1 = game.decision_for(1)
            seen.append(json.dumps(view.public_json(), sort_keys=True, default=str)
                        + "|" + RULESET.board_view(game, 1).json_text()
                        + "|" + RULESET.board_view(game, None).json_text()
                        + "|" + "\n".join(describe_view(view, 1))
                        + "|" + (repr((d1.kind, list(d1.options), dict(d1.info)))
                                 if d1 is not None else ""))
    return game, seen


def test_secret_objectives_never_reach_the_other_player() -> None:
    """dwethia.scenario.secret_objectives: two games alike but for player A's sealed five
    give player B the same view, board, decisions, events and narration at every step; the
    objectives show only in the game-end event (the lists are opened when the game ends).
    The board views (player B's and a spectator's) are compared too."""
    g1, seen1 = _run(PICKS_A, 11)
    g2, seen2 = _run(PICKS_B, 11)
    assert g1.state.secret[0] == PICKS_A and g2.state.secret[0] == PICKS_B
    # up to the end, player B could not tell the two games apart
    assert seen1 == seen2
    body1 = [e.to_json() for e in g1.events if e.kind != "game_end"]
    body2 = [e.to_json() for e in g2.events if e.kind != "game_end"]

    def public(events: list[dict[str, Any]], picks: tuple[str, ...]) -> list[str]:
        return [json.dumps(e, sort_keys=True) for e in events]
    # events differ only where achievements differ (public facts of play), never by the picks:
    # no event before the end names A's list as a list
    for e in body1:
        assert e.get("objectives") is None
    narr1 = [RULESET.narrate(e) or "" for e in g1.events if e.kind != "game_end"]
    narr2 = [RULESET.narrate(e) or "" for e in g2.events if e.kind != "game_end"]
    assert narr1 == narr2 and public(body1, PICKS_A) == public(body2, PICKS_B)
    end = next(e for e in g1.events if e.kind == "game_end")
    assert end["objectives"]["a"] == list(PICKS_A)


def test_claim_reveals_and_play_goes_on_when_not_all_done(tmp_path: Path) -> None:
    """dwethia.scenario.secret_objectives: opening the sealed list early makes it public (the
    other player's view shows it from then on) and the game goes on; the record holds the
    picks and replays exactly."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()[:2]]
    game = RULESET.new_game(lists, 3, track_digest=True)
    rnd = RandomController()
    rngs = {p: controller_rng(3, p) for p in (0, 1)}
    claimed = False
    while game.pending() is not None:
        for p in game.waiting_for():
            d = game.decision_for(p)
            assert d is not None
            if d.kind == "claim" and p == 0 and not claimed:
                assert game.view(1).objectives(0) is None
                game.apply(p, True)
                claimed = True
                assert game.view(1).objectives(0) == game.state.secret[0]
                if not game.over:
                    assert any(e.kind == "objectives_revealed" for e in game.events)
                continue
            game.apply(p, rnd.decide(game.view(p), d, rngs[p]))
    assert claimed
    path = tmp_path / "g.jsonl"
    write_record(game, path)
    assert replay(read_record(path), path).digest == game.digest


def test_outcome_json_before_end_has_no_secret() -> None:
    """dwethia.scenario.secret_objectives: the view's JSON for B during the game holds no list
    of A's objectives (None), while A sees its own."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()[:2]]
    game = RULESET.new_game(lists, 5)
    ctl = RandomController()
    rngs = {p: controller_rng(5, p) for p in (0, 1)}
    for _ in range(60):
        for p in game.waiting_for():
            d = game.decision_for(p)
            assert d is not None
            game.apply(p, ctl.decide(game.view(p), d, rngs[p]) if d.kind != "claim" else False)
    assert game.view(1).public_json()["objectives"][0] is None
    assert game.view(0).public_json()["objectives"][0] == list(game.state.secret[0])
