"""The Dwethia heuristic's shortcuts leave its choices unchanged (issue 16: no game changes).

The move choice skips the lines of sight that cannot change it, using an upper bound on what a
shot at each enemy could be worth (``HeuristicController._shot_bound``): every shot value the
heuristic computes in seeded games must be at most that bound (dwethia.shoot.attack_roll,
dwethia.shoot.hit_modifiers, dwethia.weapon.arc: any penalty, lobbed or not, either chart).
"""

from __future__ import annotations

from typing import Any

import pytest

from warband.ai.random_ai import RandomController
from warband.core import registry
from warband.core.controller import play
from warband.rulesets.dwethia.ai import HeuristicController


class _Checked(HeuristicController):
    """The heuristic, checking each shot value it computes against the bound."""

    checked = 0

    def _shot_value(self, view: Any, h: Any, w: Any, e: Any, melee: bool = False,
                    quick: bool = False, occupied: dict[int, Any] | None = None) -> float:
        value = super()._shot_value(view, h, w, e, melee, quick, occupied)
        bound = self._shot_bound(view, h, w, e)
        assert value <= bound, (h.name, w.id, e.name, value, bound)
        type(self).checked += 1
        return value


@pytest.mark.parametrize("chart", ["example", "book_text"])
def test_shot_bound_is_never_below_a_shot_value_in_seeded_games(chart: str) -> None:
    """dwethia.shoot.hit_modifiers: the bound covers every penalty a line of sight can give,
    the -3 of shooting from combat, and an [Arc] shot lobbed (dwethia.weapon.arc), under the
    example chart and the book-text chart (not monotonic)."""
    rs = registry.get("dwethia")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    _Checked.checked = 0
    for seed in range(4):
        game = rs.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed, log_events=False,
                           options={"chart": chart})
        play(game, {0: _Checked(), 1: _Checked() if seed % 2 else RandomController()}, seed)
    assert _Checked.checked > 50


@pytest.mark.parametrize("chart", ["example", "book_text"])
def test_shot_bound_covers_every_sight_of_every_bundled_shooter(
        chart: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """dwethia.shoot.hit_modifiers, dwethia.weapon.arc: whatever line of sight says (any In the
    Way, Cover, distance, seen or not), from combat or not, a shot's value by every ranged
    weapon of the bundled forces at every model of them is at most the bound."""
    from warband.rulesets.dwethia import ai
    from warband.rulesets.dwethia.rules.measure import Sight

    rs = registry.get("dwethia")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    game = rs.new_game(lists[:2], 0, log_events=False, options={"chart": chart})
    view = game.view(0)
    heroes = [h for f in range(2) for h in game.state.heroes if h.side == f]
    others = [rs.new_game(lists[2:4], 0, log_events=False).state.heroes]
    heroes += [h for hs in others for h in hs]
    ctl = HeuristicController()
    sights = [Sight(visible, way, cover, dist) for visible in (True, False)
              for way in range(4) for cover in range(4) for dist in (3, 13, 40)]
    checked = 0
    for s in sights:
        monkeypatch.setattr(ai, "sight", lambda *args, _s=s, **kw: _s)
        for h in heroes:
            for w in h.profile.ranged:
                for e in heroes:
                    bound = ctl._shot_bound(view, h, w, e)
                    for melee in (False, True):
                        assert ctl._shot_value(view, h, w, e, melee) <= bound
                        checked += 1
    assert checked > 1000


class _SameSight(HeuristicController):
    """The heuristic, checking at each move decision that a line of sight read with the table
    of standing models it builds once per decision is the line read without it."""

    checked = 0

    def _move(self, view: Any, d: Any) -> Any:
        from warband.rulesets.dwethia.rules.measure import sight, standing_models

        occupied = standing_models(view)
        standing = [o for o in view.heroes if o.on_table]
        for a in standing:
            for b in standing:
                if a is not b:
                    # the models read for this line alone: all but the shooter and the target
                    n = view.board.size
                    own = {y * n + x: o for o in view.heroes
                           if ((o.entered and not o.slain) or o.fallen) and o is not a
                           and o is not b for x, y in o.cells()}
                    for quick in (True, False):
                        assert (sight(view, a, b, quick, occupied)
                                == sight(view, a, b, quick, own)), (a.name, b.name, quick)
                        type(self).checked += 1
        return super()._move(view, d)


def test_standing_models_table_reads_the_same_lines_of_sight() -> None:
    """dwethia.shoot.line_of_sight, dwethia.shoot.behind_friends, dwethia.combat.casualties:
    one table of the models standing, shared by every line of a decision, gives each line the
    same models In the Way as reading the models for that line alone (seeded games, every pair
    of models on the table, the quick line and all lines)."""
    rs = registry.get("dwethia")
    lists = [rs.load_list(p) for p in rs.sample_lists()]
    _SameSight.checked = 0
    for seed in range(2):
        game = rs.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed, log_events=False)
        play(game, {0: _SameSight(), 1: _SameSight()}, seed)
    assert _SameSight.checked > 1000
