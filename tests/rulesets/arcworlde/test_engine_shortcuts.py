"""The engine's short cuts (issue 16, session 6) give what the plain computation gives.

Each short cut of the flow's option lists is compared here with the plain computation it
replaces, in every position of seeded games (two- and three-sided, in the forest, with the
Narrative Feats on) and in hand-made positions that change one input at a time, so a short
cut that forgot an input fails here (the seeded digests in ``test_speed_same_games.py`` and
``tests/kit/test_pinned_games.py`` check whole games besides).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from warband.core import registry
from warband.core.controller import play
from warband.kit.table import spread_out
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules import activation as A
from warband.rulesets.arcworlde.rules import movement as M
from warband.rulesets.arcworlde.rules import setup as S
from warband.rulesets.arcworlde.rules.arcanite import REACH, available, carried
from warband.rulesets.arcworlde.rules.bravery import COMMANDER_AURA
from warband.rulesets.arcworlde.rules.combat import shot_targets
from warband.rulesets.arcworlde.rules.creatures import SPLIT, can_gobble
from warband.rulesets.arcworlde.rules.forest import controller, forest_options
from warband.rulesets.arcworlde.rules.items import _items
from warband.rulesets.arcworlde.rules.magic import cast_options
from warband.rulesets.arcworlde.rules.narrative import narrative_options
from warband.rulesets.arcworlde.state import ArcState, Character

RS = registry.get("arcworlde")
_LISTS = {name: RS.load_list(RS.content_dir / "lists" / f"{name}.yaml")
          for name in ("sheriffs-posse", "ironjaw-mob", "hedge-coven", "shaman-mob", "wild-hunt",
                       "boar-riders")}


def _exact(options: list[Any]) -> list[tuple[Any, ...]]:
    """Options with every field, labels included (``==`` leaves a Move's label out)."""
    return [(type(o).__name__, *dataclasses.astuple(o)) for o in options]


# -- the plain computations -------------------------------------------------------------------
def plain_move_candidates(st: Any, ch: Character, allowance: float) -> list[C.Move]:
    """The move menu worked out afresh, as before the short cuts: no menu kept on the table,
    fresh Moves, the nearest cover point always sought."""
    moves: list[C.Move] = []
    side = ch.side
    enemies = [e for e in st.chars if e.side != side and e.on_table]
    for e in enemies:
        moves.append(C.Move(round(e.x, 3), round(e.y, 3), f"toward {e.name}"))
    for obj in st.scenario.objectives:
        moves.append(C.Move(obj.x, obj.y, f"to {obj.name}"))
    for x, y, _ in st.tokens:
        moves.append(C.Move(round(x, 3), round(y, 3), "to an Arcanite Token"))
    for x, y, _ in st.items:
        moves.append(C.Move(round(x, 3), round(y, 3), "to an Item"))
    forest = st.forest
    if forest is not None:
        finds = [*forest["cache"], *forest["portals"]]
        if forest["artefact"] is not None:
            finds.append(forest["artefact"][:2])
        if forest["bush"] is not None:
            finds.append(forest["bush"])
        moves.extend(C.Move(round(x, 3), round(y, 3), "to the forest's find") for x, y in finds)
    cover = st.table.nearest_cover_point(ch.x, ch.y)
    if cover is not None and cover[0] <= allowance + ch.r:
        moves.append(C.Move(round(cover[1][0], 3), round(cover[1][1], 3), "into cover"))
    if enemies:
        near = min(enemies, key=lambda e: math.hypot(e.x - ch.x, e.y - ch.y))
        dx, dy = ch.x - near.x, ch.y - near.y
        d = math.hypot(dx, dy) or 1.0
        ax, ay = st.table.clamp(ch.x + dx / d * allowance, ch.y + dy / d * allowance, ch.r)
        moves.append(C.Move(round(ax, 3), round(ay, 3), f"away from {near.name}"))
    for f in st.chars:
        if f.on_table and f.side == ch.side and f.commander and f is not ch:
            moves.append(C.Move(round(f.x, 3), round(f.y, 3), f"toward {f.name}"))
    return spread_out(moves)


def plain_action_options(st: Any, turn: A.Turn) -> list[Any]:
    """The action menu as the flow built it before the short cuts: every query asked where
    it is used (engagement, friends in contact and the Tokens at hand asked again by each
    option list), the move menu worked out afresh, fresh choices."""
    ch = turn.ch
    opts: list[Any] = []
    if ch.prone:
        opts.extend(C.StandUp(ap) for ap in range(1, turn.ap + 1))
        opts.append(C.EndActivation())
        return opts
    engaged = st.engaged_with(ch)
    if engaged:
        if "gobble" in ch.traits and turn.ap >= 1:
            opts.extend(C.Gobble(e.uid, n) for e in st.engaged_with(ch) if can_gobble(ch, e)
                        for n in range(1, turn.ap + 1))
        for attack in ch.usable_attacks():
            if attack.ranged or attack.ap is None or attack.ap > turn.ap:
                continue
            for enemy in engaged:
                opts.append(C.Attack(attack.name, enemy.uid))
        if turn.ap >= 1 and not ch.aboard and (st.options.disengage_extra_move
                                               or not turn.free_move_used):
            opts.extend(C.Disengage(ap) for ap in range(1, turn.ap + 1))
    else:
        if not turn.free_move_used and not ch.aboard:
            opts.extend(plain_move_candidates(st, ch, ch.movement))
        if (turn.legging or turn.can_start_leg_it) and not ch.aboard:
            opts.append(C.LegIt())
        if turn.ap >= 1:
            for attack in ch.usable_attacks():
                if not attack.ranged:
                    continue
                for enemy in shot_targets(st, ch, attack):
                    opts.extend(C.Shoot(attack.name, enemy.uid, ap) for ap in range(1, turn.ap + 1))
    if turn.ap >= 1:
        for friend in st.friends_in_contact(ch):
            if friend.prone:
                opts.extend(C.HelpUp(friend.uid, ap) for ap in range(1, turn.ap + 1))
        if len(ch.weapons) > 1:
            for w in ch.weapons:
                if w.id != ch.weapon:
                    opts.extend(C.SwitchWeapon(w.id, ap) for ap in range(1, turn.ap + 1))
        if "rousing-cheer" in ch.traits and not turn.cheered and any(
            f.broken and st.distance(ch, f) <= COMMANDER_AURA for f in st.friends_of(ch)
        ):
            opts.append(C.RousingCheer())
    opts.extend(cast_options(st, ch, turn.ap, available(st, ch) > 0, turn.cast))
    opts.extend(plain_arcanite_options(st, ch, turn.ap, ch.primed))
    opts.extend(narrative_options(st, ch, turn.ap))
    opts.extend(forest_options(st, ch, turn.ap))
    opts.extend(plain_item_options(st, ch, turn.ap))
    if SPLIT in ch.traits and 0 < turn.ap < turn.start_ap:
        opts.append(C.PauseActivation())
    opts.append(C.EndActivation())
    return opts


def plain_arcanite_options(st: Any, ch: Character, ap: int, primed: str | None) -> list[Any]:
    opts: list[Any] = []
    if available(st, ch) > 0:
        opts.append(C.UseArcanite("ap"))
        if primed is None:
            opts.extend(C.UseArcanite(u) for u in ("extra_die", "reroll"))
    if ap >= 1:
        dice = range(1, min(ap, 3) + 1)
        for i, (x, y, _) in enumerate(st.tokens):
            if math.hypot(x - ch.x, y - ch.y) - ch.r <= REACH + 1e-9:
                opts.extend(C.PickUpArcanite(i, n) for n in dice)
        if carried(ch) > 0:
            for f in st.friends_in_contact(ch):
                opts.extend(C.GiveArcanite(f.uid, n) for n in dice)
        for e in st.engaged_with(ch):
            if e.prone and carried(e) > 0:
                opts.extend(C.StealArcanite(e.uid, n) for n in dice)
    return opts


def plain_item_options(st: Any, ch: Character, ap: int) -> list[Any]:
    if ap < 1 or ch.prone:
        return []
    dice = range(1, min(ap, 3) + 1)
    out: list[Any] = []
    for item in _items(ch):
        out.extend(C.DropItem(item.id, n) for n in dice)
        for f in st.friends_in_contact(ch):
            if not f.profile.creature:
                out.extend(C.GiveItem(f.uid, item.id, n) for n in dice)
    if not ch.profile.creature:
        for e in st.engaged_with(ch):
            if e.prone:
                for item in _items(e):
                    out.extend(C.StealItem(e.uid, item.id, n) for n in dice)
        for i, (x, y, _) in enumerate(st.items):
            if math.hypot(x - ch.x, y - ch.y) - ch.r <= REACH + 1e-9:
                out.extend(C.PickUpItem(i, n) for n in dice)
    return out


def plain_controller(st: Any, ch: Character) -> int:
    """Who decides for ``ch``, the set of Rogue sides worked out first (as before)."""
    rogue = st.rogue_sides()
    forest = st.forest
    confused = forest is not None and "confusion" in forest["effects"]
    if ch.commander and confused and ch.side < st.players and ch.side not in rogue:
        order = [p for p in st.initiative if p < st.players and p not in rogue]
        if ch.side in order and len(order) > 1:
            return int(order[order.index(ch.side) - 1])
        if st.players == 2 and not rogue:
            return 1 - ch.side
    return ch.side


# -- whole games, every decision checked ------------------------------------------------------
GAMES = [
    # (lists, options, AI, seeds)
    (("sheriffs-posse", "ironjaw-mob"), None, "random", range(0, 6)),
    (("sheriffs-posse", "ironjaw-mob"), None, "heuristic", range(0, 4)),
    (("sheriffs-posse", "ironjaw-mob", "hedge-coven"), None, "random", range(0, 3)),
    (("shaman-mob", "wild-hunt", "boar-riders"), {"environment": "mildaark"}, "random",
     range(0, 3)),
    (("sheriffs-posse", "ironjaw-mob"), {"environment": "mildaark"}, "heuristic", range(0, 2)),
    (("hedge-coven", "shaman-mob"), {"narrative_feats": True}, "random", range(0, 3)),
]


def _games() -> Iterator[tuple[tuple[str, ...], Any, str, int]]:
    for lists, options, ai, seeds in GAMES:
        for seed in seeds:
            yield lists, options, ai, seed


@pytest.mark.parametrize(("lists", "options", "ai", "seed"), list(_games()))
def test_action_menus_are_the_plain_menus_in_played_games(
    monkeypatch: pytest.MonkeyPatch, lists: tuple[str, ...], options: Any, ai: str, seed: int
) -> None:
    """arcworlde.activation.ap_and_actions: at every action decision of seeded games (the
    move menus kept on the table, each query asked once and handed on, the field-less
    choices made once) the menu is the plain one, option for option, labels included; so is
    the player who decides (the Joker's confusion reckoned only for a confused Commander)."""
    checked = {"menus": 0, "moves": 0}
    built = A.action_options

    def checked_options(st: Any, turn: A.Turn, engaged: Any = None) -> list[Any]:
        menu = built(st, turn, engaged)
        assert _exact(menu) == _exact(plain_action_options(st, turn))
        assert controller(st, turn.ch) == plain_controller(st, turn.ch)
        checked["menus"] += 1
        checked["moves"] += any(isinstance(o, C.Move) for o in menu)
        return menu

    def checked_moves(st: Any, ch: Character, allowance: float) -> list[C.Move]:
        menu = M.move_candidates(st, ch, allowance)
        assert _exact(menu) == _exact(plain_move_candidates(st, ch, allowance))
        return menu

    monkeypatch.setattr(A, "action_options", checked_options)
    monkeypatch.setattr(A, "move_candidates", checked_moves)
    game = RS.new_game([_LISTS[n] for n in lists], seed, options, log_events=False)
    factory = RS.controllers()[ai]
    play(game, {p: factory() for p in range(len(lists))}, seed)
    assert checked["menus"] > 20 and checked["moves"] > 5


def test_action_menus_with_things_to_take_are_the_plain_menus() -> None:
    """arcworlde.arcanite.using, arcworlde.equipment.fabled_artefacts (Items and Tokens given,
    stolen, picked up): with a Prone enemy in base contact carrying an Item and a Token, a
    friend in contact, and Tokens and Items at the mover's feet, the menu (engagement and
    friends asked once and handed to the Item and Arcanite lists) is the plain one, for each
    AP left and stage of the Activation, whether or not the caller knew the engagement."""
    from warband.rulesets.arcworlde.catalogue import catalogue

    st = _position(6)
    blade = catalogue().equipment["fabled-oakheart-blade"]
    ch = next(c for c in st.chars if c.side == 0 and c.on_table and not c.profile.creature)
    enemy = next(e for e in st.chars if e.side == 1 and e.on_table)
    friend = next(f for f in st.chars if f.side == 0 and f.on_table and f is not ch
                  and not f.profile.creature)
    enemy.x, enemy.y = ch.x + ch.r + enemy.r, ch.y
    friend.x, friend.y = ch.x - ch.r - friend.r, ch.y
    st.tokens.append((ch.x, ch.y + ch.r, False))
    st.items.append((ch.x, ch.y - ch.r, blade.id))
    seen: set[type] = set()
    for prone, loot, carrying in ((True, True, True), (False, True, True), (True, False, True),
                                  (True, True, False)):
        enemy.prone = prone
        enemy.equipment = (*enemy.equipment, blade) if loot else tuple(
            e for e in enemy.equipment if e.id != blade.id)
        enemy.arcanite = 1 if loot else 0
        ch.arcanite = 1 if carrying else 0
        ch.equipment = (*ch.equipment, blade) if carrying else tuple(
            e for e in ch.equipment if e.id != blade.id)
        for ap in range(4):
            for free_move_used in (False, True):
                turn = A.Turn(ch, ap, free_move_used=free_move_used)
                plain = _exact(plain_action_options(st, turn))
                assert _exact(A.action_options(st, turn)) == plain
                assert _exact(A.action_options(st, turn, st.engaged_with(ch))) == plain
                seen.update(type(o) for o in A.action_options(st, turn))
    assert {C.StealItem, C.StealArcanite, C.GiveItem, C.GiveArcanite, C.PickUpItem,
            C.PickUpArcanite, C.DropItem, C.Attack} <= seen


# -- the move menu's memo: every input in its key ---------------------------------------------
def _position(seed: int = 4) -> ArcState:
    """A game in play: Characters deployed and moved, some Tokens and Items about."""
    game = RS.new_game([_LISTS["sheriffs-posse"], _LISTS["ironjaw-mob"]], seed,
                       log_events=False)
    factory = RS.controllers()["random"]
    ctrls = {0: factory(), 1: factory()}
    rngs = {p: random.Random(p) for p in ctrls}
    while game.pending() is not None and (game.state.round < 2):
        for p in game.waiting_for():
            d = game.decision_for(p)
            assert d is not None
            game.apply(p, ctrls[p].decide(game.view(p), d, rngs[p]))
    st: ArcState = game.state  # type: ignore[assignment]
    return st


def _changes(st: ArcState, ch: Character) -> Iterator[str]:
    """Change one input of ``ch``'s move menu at a time (each undone before the next)."""
    rng = random.Random(11)
    enemy = next(e for e in st.chars if e.side != ch.side and e.on_table)
    x, y = enemy.x, enemy.y
    enemy.x, enemy.y = rng.uniform(2, 40), rng.uniform(2, 40)
    yield "an enemy moved"
    enemy.x, enemy.y = x, y
    enemy.ko = True
    yield "an enemy Knocked Out"
    enemy.ko = False
    name = enemy.name
    enemy.name = "Somebody Else"
    yield "another enemy there"
    enemy.name = name
    st.tokens.append((12.5, 13.25, False))
    yield "a Token dropped"
    st.tokens.pop()
    st.items.append((30.0, 7.5, "fabled-oakheart-blade"))
    yield "an Item dropped"
    st.items.pop()
    chief = next(c for c in st.chars if c.side == ch.side and c.commander and c is not ch)
    cx, cy = chief.x, chief.y
    chief.x, chief.y = rng.uniform(2, 40), rng.uniform(2, 40)
    yield "the Commander moved"
    chief.x, chief.y = cx, cy
    mx, my = ch.x, ch.y
    ch.x += 0.5
    yield "the mover stands elsewhere"
    ch.x, ch.y = mx, my
    objectives = st.scenario.objectives
    st.scenario = st.scenario.model_copy(update={"objectives": objectives[:1]})
    yield "another scenario on the same table"
    st.scenario = st.scenario.model_copy(update={"objectives": objectives})
    st.forest = {"cache": [(5.0, 5.0)], "portals": [(9.0, 30.0), (30.0, 9.0)], "bush": None,
                 "artefact": (20.0, 20.0, "fabled-oakheart-blade"), "effects": set()}
    yield "in the forest"
    st.forest["bush"] = (3.25, 33.5)
    yield "the forest's bush"
    st.forest = None


def test_the_move_menu_memo_follows_every_input() -> None:
    """arcworlde.action.free_move: the suggested moves kept on the table are the menu worked
    out afresh after any one of its inputs changes (an enemy's place, name or Knock Out, a
    Token, an Item, the Commander, the mover's place, the allowance, the objectives, the
    forest's finds), and again once the change is undone."""
    st = _position()
    ch = next(c for c in st.chars if c.side == 0 and c.on_table and not c.commander)
    for allowance in (ch.movement, 3, ch.movement):
        assert _exact(M.move_candidates(st, ch, allowance)) == _exact(
            plain_move_candidates(st, ch, allowance))
    before = _exact(M.move_candidates(st, ch, ch.movement))
    seen = {tuple(before)}
    for what in _changes(st, ch):
        menu = _exact(M.move_candidates(st, ch, ch.movement))
        assert menu == _exact(plain_move_candidates(st, ch, ch.movement)), what
        seen.add(tuple(menu))
        # asked again: the kept menu
        assert _exact(M.move_candidates(st, ch, ch.movement)) == menu, what
    assert _exact(M.move_candidates(st, ch, ch.movement)) == before
    assert len(seen) >= 9  # (each change did change the menu, bar one that may coincide)


def test_the_move_menu_memo_hands_out_copies() -> None:
    """A caller that extends its menu (the Leg It decision adds "stay") leaves the kept menu
    as it was."""
    st = _position(5)
    ch = next(c for c in st.chars if c.on_table)
    menu = M.move_candidates(st, ch, 4)
    menu.append(C.Move(0.0, 0.0, "stay"))
    assert _exact(M.move_candidates(st, ch, 4)) == _exact(plain_move_candidates(st, ch, 4))


def test_field_less_choices_are_equal_to_fresh_ones() -> None:
    """The one EndActivation, LegIt, RousingCheer and PauseActivation the menus share are
    equal to fresh ones (a controller may answer with either)."""
    for shared, fresh in ((A._END, C.EndActivation()), (A._LEG_IT, C.LegIt()),
                          (A._CHEER, C.RousingCheer()), (A._PAUSE, C.PauseActivation())):
        assert shared == fresh and hash(shared) == hash(fresh)


# -- deployment --------------------------------------------------------------------------------
def plain_deployment_points(st: Any, ch: Character) -> list[tuple[float, float]]:
    """The deployment spots as worked out before: the zone's grid, where the base fits among
    the bases placed (:meth:`Table.free_spots`), rounded; else the packed spots."""
    depth = S._depth(st)
    r = ch.r
    if depth < 2 * r:
        return []
    others = [c.base for c in st.chars if c.deployed and not c.ko and not c.aboard]
    grid = S._grid_points(st, ch.side, r, depth)
    out = [(round(x, 3), round(y, 3)) for x, y in st.table.free_spots(grid, r, others)]
    return out or st.table.packed_points(S.zone_area(st.table, ch.side, depth), r, others)


@pytest.mark.parametrize("lists", [("sheriffs-posse", "ironjaw-mob"),
                                   ("sheriffs-posse", "ironjaw-mob", "hedge-coven", "wild-hunt"),
                                   ("boar-riders", "shaman-mob")])
def test_deployment_spots_are_the_plain_spots(lists: tuple[str, ...]) -> None:
    """arcworlde.setup.deployment: with the zone's grid kept on the table and the placed bases
    tested afresh, every side's spots (and the Places on offer) are those the table's own
    fit test gives, as the zones fill up with bases placed at random (the grid running full
    and the packed spots taking over included)."""
    rng = random.Random(len(lists))
    for seed in range(3):
        game = RS.new_game([_LISTS[n] for n in lists], seed, log_events=False)
        st: ArcState = game.state  # type: ignore[assignment]
        for _ in range(40):
            waiting = [c for c in st.chars if not c.deployed and not c.ko and not c.aboard
                       and not c.held]
            if not waiting:
                break
            for side in range(len(lists)):
                clear: dict[float, Sequence[bool]] = {}  # shared by a side's Characters
                for c in st.chars:
                    if c.side != side:
                        continue
                    plain = plain_deployment_points(st, c)
                    assert S.deployment_points(st, c) == plain
                    assert _exact(S.deployment_places(st, c, clear)) == _exact(
                        [C.Place(c.uid, x, y) for x, y in plain])
                    assert _exact(S.deployment_places(st, c)) == _exact(
                        [C.Place(c.uid, x, y) for x, y in plain])
            ch = rng.choice(waiting)
            spots = plain_deployment_points(st, ch)
            if not spots:
                ch.ko = True
                continue
            x, y = rng.choice(spots)
            # on a spot; base to base with the next spot of its grid (the fit test's
            # tolerance decides); or clear of a small base there but over a big one; or
            # anywhere on the table (next to another side's zone, say)
            x += rng.choice((0.0, 2 * ch.r, ch.r + 0.7))
            if rng.random() < 0.3:
                x, y = rng.uniform(0, st.table.width), rng.uniform(0, st.table.height)
            ch.x, ch.y = x, y
            ch.deployed = True


def test_cover_box_test_never_hides_cover_within_reach() -> None:
    """arcworlde.terrain.cover (the "into cover" move): wherever the bounding boxes say no
    cover lies within reach, the nearest cover point is indeed out of reach, so the menu can
    skip looking for the "into cover" move there (the whole menus, that move included, are
    compared with the plain ones at every decision of seeded games above)."""
    st = _position(7)
    table = st.table
    rng = random.Random(3)
    skipped = 0
    for _ in range(3000):
        x, y = rng.uniform(-2, table.width + 2), rng.uniform(-2, table.height + 2)
        reach = rng.choice((0.5, 1.0, 3.0, 5.5, 8.0))
        cover = table.nearest_cover_point(x, y)
        within = cover is not None and cover[0] <= reach
        if not table.cover_may_lie_within(x, y, reach):
            skipped += 1
            assert not within
    assert skipped > 300


def test_a_layout_is_found_by_its_data() -> None:
    """arcworlde.setup.sequence: the table of a scenario is the shared table of its layout,
    and a scenario whose terrain differs in any way gets its own."""
    scenario = RS.catalogue().scenarios["glade-skirmish"]
    table = S.build_table(scenario)
    assert S.build_table(scenario.model_copy()) is table
    piece = scenario.terrain[0]
    for change in ({"name": piece.name + " II"}, {"cover": not piece.cover},
                   {"blocks_sight": not piece.blocks_sight},
                   {"points": [(x + 0.5, y) for x, y in piece.points]}):
        other = scenario.model_copy(update={
            "terrain": [piece.model_copy(update=change), *scenario.terrain[1:]]})
        assert S.build_table(other) is not table
        assert S.build_table(other) is S.build_table(other)
    wider = scenario.model_copy(update={"width": scenario.width + 6})
    assert S.build_table(wider) is not table and S.build_table(wider).width == wider.width


def test_deployment_spots_shared_per_base_size() -> None:
    """arcworlde.setup.deployment, arcworlde.core.bases: a side's Characters share the test of
    the placed bases per base size only: a base placed clear of the first spot of the 30mm
    grid but over the first spot of the 50mm grid takes that spot from the 50mm Characters
    alone."""
    game = RS.new_game([_LISTS["sheriffs-posse"], _LISTS["ironjaw-mob"]], 1, log_events=False)
    st: ArcState = game.state  # type: ignore[assignment]
    small = [c for c in st.chars if c.side == 0 and c.profile.base == 30]
    big = [c for c in st.chars if c.side == 0 and c.profile.base == 50]
    assert small and big
    first = S.deployment_points(st, small[0])[0]
    placed = small[-1]
    placed.x, placed.y, placed.deployed = first[0] + 2 * placed.r + 0.05, first[1], True
    assert S.deployment_points(st, small[0])[0] == first
    assert S.deployment_points(st, big[0])[0] != plain_deployment_points(st, small[0])[0]
    for order in (small[:-1] + big, big + small[:-1]):
        clear: dict[float, Sequence[bool]] = {}
        for c in order:
            assert _exact(S.deployment_places(st, c, clear)) == _exact(
                [C.Place(c.uid, x, y) for x, y in plain_deployment_points(st, c)])


def test_blockers_leave_out_riders_aboard() -> None:
    """arcworlde.trait.monstrous_mount (a rider aboard is no base of its own): the bases round
    a mover, with the rider test written out, are the Characters on the table but the mover
    and riders aboard, in the state's order, with or without riders and Knock Outs about."""
    st = _position(8)
    rng = random.Random(5)
    for _ in range(60):
        for c in st.chars:
            c.mount_uid = rng.choice((None, None, 0))
            c.ko = rng.random() < 0.2
        for ch in st.chars:
            plain = [c for c in st.chars if c.on_table and c is not ch and not c.aboard]
            assert st.blocker_chars(ch) == plain
            assert st.blockers(ch) == [c.base for c in plain]
