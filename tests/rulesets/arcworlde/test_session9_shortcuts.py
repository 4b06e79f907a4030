"""Issue 16, session 9: the pure-Python short cuts give what the plain code gives.

Each short cut was written to play the same games (the seeded digests are compared with the
code before it, and pinned in tests/kit/test_pinned_games.py); each test here keeps the plain
computation as it was at 373ffa6 and compares it with the short cut, float for float, over
played games or crowded scatters of them.
"""

from __future__ import annotations

import copy
import itertools
import math
import random
from typing import Any

import pytest

from warband.core import registry
from warband.core.controller import play
from warband.core.geometry import Base
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai import arcanite_ai
from warband.rulesets.arcworlde.ai.arcanite_ai import arcanite_action, extra_die_swing
from warband.rulesets.arcworlde.ai.heuristic import (
    HeuristicController,
    _Context,
    _grouped,
    _options_by_uid,
    _straight_move,
)
from warband.rulesets.arcworlde.ai.magic_ai import spell_reach
from warband.rulesets.arcworlde.ai.tactics import attack_score
from warband.rulesets.arcworlde.rules.combat import attack_mechanic, defence_mode
from warband.rulesets.arcworlde.state import ArcView, Character

RS = registry.get("arcworlde")


def _lists(*names: str) -> list[Any]:
    shipped = RS.content_dir / "lists"
    return [RS.load_list(shipped / f"{n}.yaml") for n in names]


def _played(names: tuple[str, ...], seed: int, ai: str = "heuristic",
            options: dict[str, Any] | None = None) -> Any:
    game = RS.new_game(_lists(*names), seed, options, log_events=False)
    factory = RS.controllers()[ai]
    play(game, {side: factory() for side in range(len(names))}, seed)
    return game.state


def _scatter(st: Any, rng: random.Random, size: float = 16.0) -> None:
    """Every Character back on the table somewhere in a ``size`` square near the middle."""
    ox, oy = st.table.width / 2 - size / 2, st.table.height / 2 - size / 2
    for c in st.chars:
        c.ko = False
        c.deployed = True
        c.x, c.y = ox + rng.uniform(0, size), oy + rng.uniform(0, size)
        c.broken = rng.random() < 0.15


# -- a Character's Base -------------------------------------------------------------------------
class _BaseWatcher:
    """A heuristic AI that checks, at each of its decisions, that every Character's kept
    ``base`` is the Base made afresh from its place and radius."""

    def __init__(self) -> None:
        self.ai = HeuristicController()
        self.checked = 0

    def decide(self, view: Any, decision: Any, rng: random.Random) -> Any:
        for c in view.chars:
            assert c.base == Base(c.x, c.y, c.r), c.name
            assert type(c.base) is Base
            self.checked += 1
        return self.ai.decide(view, decision, rng)


@pytest.mark.parametrize(("names", "options"), [
    (("sheriffs-posse", "ironjaw-mob"), None),
    (("shaman-mob", "wild-hunt", "boar-riders"), {"environment": "mildaark"}),
])
def test_a_characters_kept_base_follows_its_moves(names: tuple[str, ...],
                                                  options: dict[str, Any] | None) -> None:
    """arcworlde.action.free_move: the bases a move walks round are the other Characters'
    places; each Character keeps its Base, made again when its x, y or radius is written, and
    at every decision of played games (moves, Leg Its, Flees, riders carried by their mounts,
    the forest's Creatures) it is the Base of where the Character stands."""
    game = RS.new_game(_lists(*names), 3, options, log_events=False)
    watchers = {side: _BaseWatcher() for side in range(len(names))}
    play(game, watchers, 3)
    assert sum(w.checked for w in watchers.values()) > 500
    for c in game.state.chars:
        assert c.base == Base(c.x, c.y, c.r)


def test_a_characters_base_is_remade_on_each_write_and_copied() -> None:
    """The kept Base after writing x, y or the radius, and in copies of the Character."""
    st = _played(("sheriffs-posse", "ironjaw-mob"), 1, ai="random")
    ch: Character = st.chars[0]
    ch.x = 12.25
    assert ch.base == Base(12.25, ch.y, ch.r)
    ch.y = 7.5
    assert ch.base == Base(12.25, 7.5, ch.r)
    ch.r = 1.5
    assert ch.base == Base(12.25, 7.5, 1.5)
    for twin in (copy.copy(ch), copy.deepcopy(ch)):
        assert twin.base == Base(12.25, 7.5, 1.5)
        twin.x = 3.0
        assert twin.base == Base(3.0, 7.5, 1.5)
    assert ch.base == Base(12.25, 7.5, 1.5)
    assert st.blockers(st.chars[1]) == [Base(c.x, c.y, c.r) for c in st.chars
                                        if c.on_table and c is not st.chars[1]
                                        and not c.aboard]


# -- the Attack mechanic's Defence mode ----------------------------------------------------------
def test_attack_mechanic_defence_is_the_defence_mode() -> None:
    """arcworlde.combat.cover, arcworlde.core.prone, arcworlde.morale.broken_in_melee: the
    mechanic's Defence mode written out is defence_mode's (Advantage in Cover, Disadvantage
    Prone or Broken, the two cancelling) for every combination."""
    st = _played(("sheriffs-posse", "ironjaw-mob"), 2, ai="random")
    attacker, target = st.chars[0], st.chars[-1]
    attack = next(a for a in attacker.attacks if not a.ranged)
    for cover, prone, broken, charged in itertools.product((False, True), repeat=4):
        target.prone, target.broken = prone, broken
        mech = attack_mechanic(attack, target, cover, charged)
        assert mech.defence == defence_mode(cover, target), (cover, prone, broken)


# -- the decision context's Attack facts -----------------------------------------------------------
@pytest.mark.parametrize("names", [("sheriffs-posse", "ironjaw-mob"),
                                   ("hedge-coven", "shaman-mob"),
                                   ("wild-hunt", "boar-riders")])
def test_context_attack_facts_are_the_plain_ones(names: tuple[str, ...]) -> None:
    """The context's Ranged Attacks, Shot and Spell reaches, melee worth and fighter test
    made in one pass are those of the plain max() calls (Mages' Spells included), for every
    Character, with each weapon in hand."""
    st = _played(names, 5)
    rng = random.Random(9)
    _scatter(st, rng)
    view = ArcView(st, 0)
    for ch in st.chars:
        for weapon in [ch.weapon, *(w.id for w in ch.weapons)]:
            ch.weapon = weapon
            ctx = _Context(view, ch, False, HeuristicController.CARE)
            usable = ch.usable_attacks()
            ranged = [a for a in usable if a.ranged]
            assert ctx.ranged == ranged
            assert ctx.shot_reach == ([(a.range or 0, 1.0 + a.power * 0.2) for a in ranged]
                                      + spell_reach(view, ch))
            assert ctx.melee == max((a.power / max(1, a.ap or 1) for a in ch.attacks
                                     if not a.ranged), default=0)
            assert ctx.fighter == (max((a.power for a in usable if not a.ranged), default=0)
                                   > max((a.power for a in ranged), default=0))
            assert ctx.fighter == HeuristicController._fighter(ch)
            assert ctx.rows == _plain_rows(ctx.enemies)
            assert ctx.shooters == _plain_shooters(ctx.enemies)


def _plain_rows(enemies: list[Character]) -> list[tuple[Any, ...]]:
    """The context's per-enemy rows as worked out at 373ffa6 (a pass over each enemy's
    Attacks)."""
    rows: list[tuple[Any, ...]] = []
    for e in enemies:
        blows = 0.0
        for a in e.attacks:
            if a.range is None and a.ap:
                hit = a.power * 0.45 / a.ap * e.ap
                if hit > blows:
                    blows = hit
        if blows > 0 and not e.broken:
            rows.append((e.x, e.y, e.r, e.movement, e.movement + 3.5, blows, e))
        else:
            rows.append((e.x, e.y, e.r, 0.0, -math.inf, 0.0, e))
    return rows


def _plain_shooters(enemies: list[Character]) -> list[tuple[Character, Any]]:
    """The context's shooters and their reach as worked out at 373ffa6."""
    out = []
    for e in enemies:
        far = 0.0
        shoots = False
        for a in e.attacks:
            if a.range is not None:
                shoots = True
                if a.range > far:
                    far = a.range
        if shoots:
            out.append((e, far + e.movement))
    return out


# -- the straight-line estimate ---------------------------------------------------------------
def _plain_straight_move(ch: Character, m: Any, allowance: float, others: list[Character]
                         ) -> tuple[float, float, list[Character]]:
    """heuristic._straight_move as it was at 373ffa6 (the other Characters' fields read)."""
    cx, cy, mx, my, hypot = ch.x, ch.y, m.x, m.y, math.hypot
    dx, dy = mx - cx, my - cy
    d = hypot(dx, dy)
    if d < 1e-9:
        return cx, cy, []
    target = None
    for o in others:
        if hypot(o.x - mx, o.y - my) <= o.r:
            target = o
            break
    if target is None:
        go = max(0.0, min(allowance, d))
        return cx + dx / d * go, cy + dy / d * go, []
    stop = d - ch.r - target.r
    go = max(0.0, min(allowance, stop))
    touched = [target] if go >= stop - 1e-9 and target.side != ch.side else []
    return cx + dx / d * go, cy + dy / d * go, touched


def test_straight_move_estimates_are_the_plain_ones() -> None:
    """The first pass's straight-line move (toward each suggested goal and each other base's
    centre, in crowded scatters) ends where the plain estimate ends, touching the same base."""
    st = _played(("sheriffs-posse", "ironjaw-mob"), 7)
    rng = random.Random(4)
    view = ArcView(st, 0)
    compared = touched = 0
    for _ in range(25):
        _scatter(st, rng, 14.0)
        for ch in st.chars:
            ctx = _Context(view, ch, False, HeuristicController.CARE)
            goals = [*RS_move_candidates(view, ch), *(C.Move(o.x, o.y, "") for o in ctx.around[0])]
            for m in goals:
                for allowance in (ch.movement, 2.0):
                    fast = _straight_move(ch, m, allowance, ctx.around)
                    assert fast == _plain_straight_move(ch, m, allowance, ctx.around[0])
                    compared += 1
                    touched += bool(fast[2])
    assert compared > 1000 and touched > 50


def RS_move_candidates(view: Any, ch: Character) -> list[Any]:  # noqa: N802
    from warband.rulesets.arcworlde.rules.movement import move_candidates

    return move_candidates(view, ch, ch.movement)


# -- the Arcanite AI's early answer ------------------------------------------------------------
def _plain_arcanite_action(view: Any, ch: Character, ap: int,
                           by_type: dict[type, list[Any]]) -> Any:
    """arcanite_ai.arcanite_action as it was at 373ffa6 (no early answer)."""
    for kind, dice in ((C.ClaimArtefact, 3), (C.OpenCache, 2), (C.PickUpArcanite, 2),
                       (C.StealArcanite, 2), (C.PickUpItem, 2), (C.StealItem, 2)):
        opts = by_type.get(kind)
        if opts:
            want = min(dice, ap)
            best = [o for o in opts if o.ap == want] or opts
            return best[0]
    uses = {o.use for o in by_type.get(C.UseArcanite, [])}
    if not uses:
        return None
    threshold = arcanite_ai._threshold(view, ch)
    attacks = by_type.get(C.Attack, [])
    if attacks and "extra_die" in uses:
        best_swing = 0.0
        for o in attacks:
            attack = next(a for a in ch.usable_attacks() if a.name == o.attack and not a.ranged)
            if attack.ap is not None and attack.ap <= ap:
                best_swing = max(best_swing, extra_die_swing(view, ch, attack,
                                                             view.chars[o.target]))
        if best_swing >= threshold:
            return C.UseArcanite("extra_die")
    if "ap" in uses and view.engaged_with(ch):
        for attack in ch.usable_attacks():
            if attack.ranged or attack.ap is None or attack.ap != ap + 1:
                continue
            for e in view.engaged_with(ch):
                if attack_score(view, ch, attack, e, False) >= 3.0 + threshold * 10:
                    return C.UseArcanite("ap")
    return None


class _ArcaniteWatcher:
    """A heuristic AI that compares the Arcanite answer with the plain one at each action
    decision, and counts the menus that held an Arcanite choice."""

    def __init__(self) -> None:
        self.ai = HeuristicController()
        self.menus = self.with_arcanite = 0

    def decide(self, view: Any, decision: Any, rng: random.Random) -> Any:
        if decision.kind == "action":
            ch = view.chars[decision.info["character"]]
            by_type: dict[type, list[Any]] = {}
            for o in decision.options:
                by_type.setdefault(type(o), []).append(o)
            ap = decision.info["ap"]
            assert arcanite_action(view, ch, ap, by_type) == _plain_arcanite_action(
                view, ch, ap, by_type)
            self.menus += 1
            self.with_arcanite += any(k in arcanite_ai._ARCANITE_KINDS for k in by_type)
        return self.ai.decide(view, decision, rng)


def test_arcanite_answer_is_the_plain_one_in_played_games() -> None:
    """arcworlde.arcanite.using: the Arcanite AI's answer (none at once when the menu offers
    no Arcanite choice) is the plain answer at every action decision of played games, with
    Tokens, Items and the forest's finds about."""
    watchers: list[_ArcaniteWatcher] = []
    for names, options, seed, tokens in [
        (("sheriffs-posse", "ironjaw-mob"), None, 0, 0),
        (("sheriffs-posse", "ironjaw-mob"), None, 1, 1),
        (("hedge-coven", "shaman-mob"), {"environment": "mildaark"}, 2, 0),
        (("wild-hunt", "boar-riders"), {"environment": "mildaark"}, 3, 1),
    ]:
        game = RS.new_game(_lists(*names), seed, options, log_events=False)
        for c in game.state.chars:  # Tokens bought before the game: Arcanite choices on offer
            c.arcanite_bought = tokens
        ctrls = {side: _ArcaniteWatcher() for side in range(len(names))}
        play(game, ctrls, seed)
        watchers += ctrls.values()
    assert sum(w.menus for w in watchers) > 300
    assert sum(w.with_arcanite for w in watchers) > 0


# -- the deployment AI's places per Character ---------------------------------------------------
def test_options_by_uid_is_setdefault_grouping() -> None:
    """arcworlde.setup.sequence: the deployment AI's places per Character, grouped run by run,
    are what grouping each option on its own gives, in runs or interleaved."""
    rng = random.Random(3)
    for _ in range(200):
        options = [C.Place(rng.randint(0, 4), rng.uniform(0, 48), rng.uniform(0, 12))
                   for _ in range(rng.randint(0, 30))]
        if rng.random() < 0.5:
            options.sort(key=lambda o: o.uid)  # in runs, as the flow lists them
        plain: dict[int, list[Any]] = {}
        for o in options:
            plain.setdefault(o.uid, []).append(o)
        fast = _options_by_uid(options)
        assert fast == plain
        assert list(fast) == list(plain)


def test_options_by_type_is_setdefault_grouping() -> None:
    """arcworlde.activation.ap_and_actions: the action menu's options by type, grouped run by
    run for the heuristic, are what grouping each option on its own gives, whether the menu
    lists each type in a run (as the flow does) or mixes them."""
    rng = random.Random(5)
    makers = [lambda: C.Move(rng.uniform(0, 48), rng.uniform(0, 48), "x"),
              lambda: C.Shoot("bow", rng.randint(0, 9), rng.randint(1, 3)),
              lambda: C.EndActivation(), lambda: C.LegIt(),
              lambda: C.Attack("sword", rng.randint(0, 9))]
    for _ in range(200):
        options = [rng.choice(makers)() for _ in range(rng.randint(0, 25))]
        if rng.random() < 0.5:
            options.sort(key=lambda o: type(o).__name__)  # in runs
        plain: dict[type, list[Any]] = {}
        for o in options:
            plain.setdefault(type(o), []).append(o)
        fast = _grouped(options, type)
        assert fast == plain
        assert list(fast) == list(plain)
        assert all(a is b for k in plain for a, b in zip(fast[k], plain[k], strict=True))


# -- Shot targets ---------------------------------------------------------------------------
def _plain_shot_targets(st: Any, shooter: Character, attack: Any) -> list[Character]:
    """combat.shot_targets as it was at 373ffa6 (st.distance and st.table per enemy)."""
    out = []
    for enemy in st.enemies_of(shooter):
        if st.distance(shooter, enemy) > attack.range + 1e-9:
            continue
        if st.table.sight(shooter.x, shooter.y, shooter.r, enemy.x, enemy.y, enemy.r).visible:
            out.append(enemy)
    return out


def test_shot_targets_are_the_plain_ones() -> None:
    """arcworlde.feat.take_shot, arcworlde.combat.line_of_sight: the enemies within range and
    at least partly visible, with the distance written out, are the plain query's, in order,
    through the state and through a player's view, over scatters wide enough for targets
    out of range and behind terrain."""
    from warband.rulesets.arcworlde.rules.combat import shot_targets

    st = _played(("sheriffs-posse", "ironjaw-mob"), 8)
    rng = random.Random(12)
    view = ArcView(st, 1)
    seen = out_of_range = 0
    for _ in range(30):
        _scatter(st, rng, 40.0)
        for ch in st.chars:
            for a in ch.usable_attacks():
                if not a.ranged:
                    continue
                plain = _plain_shot_targets(st, ch, a)
                assert shot_targets(st, ch, a) == plain
                assert shot_targets(view, ch, a) == plain
                seen += len(plain)
                out_of_range += len(st.enemies_of(ch)) - len(plain)
    assert seen > 50 and out_of_range > 50
