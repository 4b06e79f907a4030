"""Facts kept across decisions (issue 16, session 7) give what working them out afresh gives.

One view per player for the whole game, the Attack figures kept per Attacks tuple, the Leg It
plan's early "no enemy within reach" and the Cover-from-shooters test written out: each is
compared here with the plain computation, in seeded games and in crowded scatters of played
positions (the seeded digests in ``tests/kit/test_pinned_games.py`` check whole games too).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from warband.core import registry
from warband.core.controller import play
from warband.rulesets.arcworlde.ai import tactics
from warband.rulesets.arcworlde.ai.heuristic import HeuristicController
from warband.rulesets.arcworlde.state import ArcView

from .test_ai_one_pass import _scatter, _state

RS = registry.get("arcworlde")


def _lists(*names: str) -> list[Any]:
    return [RS.load_list(RS.content_dir / "lists" / f"{n}.yaml") for n in names]


GAMES = [
    # (lists, options, AI, seed)
    (("sheriffs-posse", "ironjaw-mob"), None, "heuristic", 3),
    (("sheriffs-posse", "ironjaw-mob"), None, "random", 4),
    (("sheriffs-posse", "ironjaw-mob", "hedge-coven"), None, "heuristic", 1),
    (("sheriffs-posse", "ironjaw-mob"), {"environment": "mildaark"}, "heuristic", 2),
    (("shaman-mob", "wild-hunt", "boar-riders"), {"environment": "mildaark"}, "heuristic", 0),
]


def _choices(lists: tuple[str, ...], options: Any, ai: str, seed: int, fresh: bool
             ) -> list[tuple[int, str, Any]]:
    game = RS.new_game(_lists(*lists), seed, options, log_events=False)
    if fresh:
        # a new view at every decision, as before the views were kept (the Game's view
        # factory must be the attribute replaced, or the test would compare kept with kept)
        assert game.view(0) is game.view(0)
        game._view = ArcView
        assert game.view(0) is not game.view(0)
    factory = RS.controllers()[ai]
    play(game, {p: factory() for p in range(len(lists))}, seed)
    return [(rec.player, rec.kind, rec.choice) for rec in game.history]


@pytest.mark.parametrize(("lists", "options", "ai", "seed"), GAMES)
def test_a_kept_view_plays_the_games_fresh_views_play(lists: tuple[str, ...], options: Any,
                                                      ai: str, seed: int) -> None:
    """arcworlde.environment.mildaark: a game whose players see it through one view each for
    the whole game (the forest laying new terrain on the way) is the game fresh views give,
    decision for decision."""
    kept = _choices(lists, options, ai, seed, fresh=False)
    assert len(kept) > 50
    assert kept == _choices(lists, options, ai, seed, fresh=True)


def test_a_kept_view_reads_the_table_afresh_and_keeps_secrets() -> None:
    """arcworlde.environment.mildaark, arcworlde.magic.arcdeck: the kept view is handed out at
    every decision, shows the table the state has now (the forest lays a new one) and still
    hides the ArcDecks, the dice and the log."""
    game = RS.new_game(_lists("sheriffs-posse", "ironjaw-mob"), 2, {"environment": "mildaark"},
                       log_events=False)
    view = game.view(0)
    assert game.view(0) is view and game.view(1) is not view
    st = game.state
    first = view.table
    assert first is st.table
    st.table = type(first).shared(first.width, first.height, [])
    assert view.table is st.table and view.table is not first
    for secret in ("decks", "forest_ai", "dice", "log"):
        with pytest.raises(AttributeError):
            getattr(view, secret)


def test_attack_figures_kept_per_attacks_follow_items_and_ap() -> None:
    """arcworlde.equipment.types: a Character's danger and best melee blows, kept per Attacks
    tuple, are the figures worked out afresh when an Item brings Attacks (a new tuple) and
    when its AP changes."""
    st = _state(5)
    checked = 0
    for ch in st.chars:
        for ap in (ch.ap, ch.ap - 1, ch.ap + 2):
            ch.ap = ap
            for attacks in (ch.attacks, (*ch.attacks, *st.chars[0].attacks), ch.attacks[:1]):
                ch.attacks = attacks
                assert tactics.target_danger(ch) == tactics._target_danger(attacks, ap)
                assert tactics.best_melee_blows(ch) == tactics._best_melee_blows(attacks, ap)
                plain = max([a.power * 0.45 / a.ap * ap for a in attacks
                             if a.range is None and a.ap], default=0.0)
                assert tactics.best_melee_blows(ch) == plain
                checked += 1
    assert checked > 30


def _plain_in_cover(view: Any, ch: Any) -> bool:
    """The Cover-from-shooters test as it was at d687145."""
    shooters = [e for e in view.enemies_of(ch) if any(a.ranged for a in e.attacks)]
    if not shooters:
        return True
    near = min(shooters, key=lambda e: view.distance(ch, e))
    return bool(view.table.sight(near.x, near.y, near.r, ch.x, ch.y, ch.r).hidden >= 0.5)


def test_cover_from_shooters_and_charge_plans_are_the_plain_ones() -> None:
    """arcworlde.combat.cover, arcworlde.action.leg_it: the Cover-from-shooters test written
    out, and the Leg It plan that looks for an enemy within 6.5" before listing the bases
    round the mover, answer as the plain code does in crowded and spread scatters."""
    st = _state(8)
    rng = random.Random(5)
    ai = HeuristicController()
    plans = 0
    for i in range(40):
        _scatter(st, rng, size=16.0 if i % 2 else 40.0)
        for ch in st.chars:
            view: Any = ArcView(st, ch.side)
            assert ai._in_cover_from_shooters(view, ch) == _plain_in_cover(view, ch)
            for ap in (1, 2, 3):
                for attempt in (1, 2):
                    fast = ai._best_charge(view, ch, ap, attempt, 0.5)
                    near = any(view.distance(ch, e) <= 6.5 for e in view.enemies_of(ch))
                    with_ctx = ai._best_charge(view, ch, ap, attempt, 0.5, ai._context(view, ch))
                    assert fast == with_ctx
                    if not near:
                        assert fast is None
                    plans += 1
    assert plans > 1000
