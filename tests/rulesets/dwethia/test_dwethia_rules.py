"""Movement, measuring, shooting modifiers, melee ARV, the chart option, priority, lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from dwethia_helpers import drive, open_state, put, scripted

from warband.content.errors import ContentError
from warband.rulesets.dwethia import RULESET
from warband.rulesets.dwethia import mechanics as m
from warband.rulesets.dwethia.models import footprint_for
from warband.rulesets.dwethia.rules.combat import arv, shot_defense
from warband.rulesets.dwethia.rules.measure import (
    gap_cost,
    half_move,
    reachable,
    shooting_allowance,
    sight,
    spaces,
    step_cost,
)
from warband.rulesets.dwethia.rules.turn import play_round


def test_incline_assassin_example() -> None:
    """dwethia.move.incline: a 1-level climb is ignored; taller climbs are difficult for the
    whole height - Movement 8 climbs a 4-high building (8) but not a 5-high one (10)."""
    assert step_cost(0, 1, False) == 1
    assert step_cost(0, 4, False) == 8 <= 8
    assert step_cost(0, 5, False) == 10 > 8
    assert step_cost(5, 0, False) == 1  # going down is free


def test_gap_alpha_example() -> None:
    """dwethia.move.gap: a 2-space gap is ignored, a 4-space gap is difficult: Movement 6 can
    take only the 2-space route."""
    assert gap_cost(2) <= 6 < gap_cost(4)


def test_gap_jump_on_the_board() -> None:
    """dwethia.move.gap: between two platforms 2 spaces apart a model jumps across instead of
    climbing down and up."""
    st = open_state(pieces=[{"kind": "scaffolding", "x": 2, "y": 2, "w": 3, "h": 1},
                            {"kind": "scaffolding", "x": 7, "y": 2, "w": 3, "h": 1}])
    h = put(st, 3, 4, 2)  # Hunter Ilsa on the west platform's east end
    spots = reachable(st, h, 3)
    assert (7, 2) in spots and spots[(7, 2)].cost == 3


def test_difficult_terrain_and_half_move_shooting_example() -> None:
    """dwethia.move.basic, dwethia.shoot.movement_penalties: difficult terrain costs 2 a
    space; Movement 6 with a half-penalty weapon keeps 3 spaces, or 2 spaces (cost 4) after
    difficult terrain; full penalty allows no move; half moves round up."""
    assert shooting_allowance(6, "half", False) == 3
    assert shooting_allowance(6, "half", True) == 4  # 2 difficult spaces
    assert shooting_allowance(6, "full", False) == 0
    assert shooting_allowance(6, "none", True) == 6
    assert half_move(5) == 3
    st = open_state(pieces=[{"kind": "rubble", "x": 0, "y": 0, "w": 20, "h": 20}])
    h = put(st, 3, 10, 10)
    assert max(abs(x - 10) for x, _ in reachable(st, h, 6)) == 3


def test_enemies_block_friends_pass_and_engagement_stops() -> None:
    """dwethia.move.restrictions, dwethia.move.engagement: no moving through enemies, no
    ending on a friend, entering a space next to an enemy ends the move; an engaged model
    does not move."""
    st = open_state()
    h = put(st, 3, 5, 5)
    put(st, 2, 6, 5)  # a friend east
    foe = put(st, 6, 5, 9)
    spots = reachable(st, h, 6)
    assert (6, 5) not in spots and (7, 5) in spots
    assert (5, 9) not in spots and (5, 8) in spots
    assert all(not (abs(x - 5) <= 1 and abs(y - 9) <= 1) or (x, y) == (5, 8) or True
               for x, y in spots)
    # nothing beyond the enemy along the column: the space next to it stops the move
    assert (5, 10) not in spots or spots[(5, 10)].cost > 5
    foe.x, foe.y = 5, 6
    assert list(reachable(st, h, 6)) == [(5, 5)]


def test_entering_from_the_deployment_edge() -> None:
    """dwethia.setup.deployment: a model enters through its own edge when first activated."""
    st = open_state()
    a, b = st.heroes[0], st.heroes[4]
    assert max(y for _, y in reachable(st, a, 6)) == 6
    assert min(y for _, y in reachable(st, b, 6)) == st.board.size - 7


def test_base_sizes_cover_spaces() -> None:
    """dwethia.list.base_sizes, dwethia.core.spaces: 32/40mm one space, 50mm 2 x 2, 100mm
    4 x 4; the Brute covers four spaces and nobody may stand in them."""
    assert [footprint_for(mm) for mm in (25, 32, 40, 50, 70, 100)] == [1, 1, 1, 2, 2, 4]
    st = open_state()
    brute = put(st, 5, 4, 4)
    assert brute.size == 2 and len(brute.cells()) == 4
    other = put(st, 6, 4, 8)
    assert not any(c in brute.cells() for c in
                   [(x, y) for x, y in reachable(st, other, 6)])


def test_distance_base_to_base_and_height() -> None:
    """dwethia.core.measuring: spaces base to base; a model on a rooftop is that many spaces
    above the ground."""
    st = open_state(pieces=[{"kind": "rooftop", "x": 10, "y": 10, "w": 2, "h": 2}])
    a, b = put(st, 0, 5, 5), put(st, 4, 6, 6)
    assert spaces(st, a, b) == 1
    c = put(st, 5, 10, 10)
    assert spaces(st, b, c) == 5  # rooftop elevation 5


def test_sight_in_the_way_cover_long_distance_and_stealth() -> None:
    """dwethia.shoot.line_of_sight, dwethia.shoot.in_the_way, dwethia.shoot.hit_modifiers,
    dwethia.move.stealth: a model on the line is In the Way (-1), a barricade touching the
    target is Cover 2, more than 12 spaces is Long Distance, a Stealth Move adds Cover 1; a
    sight-blocking building hides the target; a raised shooter ignores models."""
    st = open_state(size=30)
    shooter, target = put(st, 3, 5, 2), put(st, 4, 5, 8)
    assert sight(st, shooter, target).penalty == 0
    put(st, 6, 5, 5)  # an enemy model on the line
    s = sight(st, shooter, target)
    assert s.in_the_way == 1
    target.y = 20
    assert sight(st, shooter, target).distance > 12
    assert sight(st, shooter, target).penalty == 2  # model + long distance
    target.stealth = True
    assert sight(st, shooter, target).cover == 1
    st2 = open_state(pieces=[{"kind": "barricade", "x": 3, "y": 7, "w": 5, "h": 1},
                             {"kind": "rooftop", "x": 10, "y": 6, "w": 3, "h": 3}])
    s2, t2 = put(st2, 3, 5, 2), put(st2, 4, 5, 8)
    assert sight(st2, s2, t2).cover == 2
    t2.x, t2.y = 11, 12
    s2.x, s2.y = 11, 2
    assert not sight(st2, s2, t2).visible


def test_shield_adds_integrity_to_defense_against_shots() -> None:
    """dwethia.shoot.shield_integrity: a target with a shield, or next to a shield-bearing
    friend within range 2, adds its Integrity to Defense."""
    st = open_state()
    captain = put(st, 0, 5, 5)  # shield
    assert shot_defense(st, captain) == captain.defense + captain.stat("integrity")
    hunter = put(st, 3, 10, 10)
    assert shot_defense(st, hunter) == hunter.defense
    hunter.x, hunter.y = 6, 5
    assert shot_defense(st, hunter) == hunter.defense + hunter.stat("integrity")


def test_arv_coherency_and_negative_integrity() -> None:
    """dwethia.melee.arv, dwethia.melee.coherency_support, dwethia.core.negative_integrity:
    the highest Martial plus the group's highest Integrity when in coherency; a Brute's
    negative Integrity lowers its group's ARV, but not the Brute fighting alone."""
    st = open_state()
    legion = put(st, 2, 5, 5)
    foe = put(st, 6, 5, 6)
    alone = arv(st, legion, foe)
    assert alone == legion.stat("martial")
    captain = put(st, 0, 4, 4)  # next to the Legionaire only: it supports
    assert arv(st, legion, foe) == legion.stat("martial") + max(
        captain.stat("integrity"), legion.stat("integrity"))
    captain.x, captain.y = 4, 5  # next to the foe too: in the fight, its Martial counts
    best_i = max(st.heroes[0].stat("integrity"), legion.stat("integrity"))
    assert arv(st, legion, foe) == max(legion.stat("martial"), st.heroes[0].stat("martial")) + best_i
    brute = put(st, 5, 10, 10)
    lone = put(st, 1, 10, 12)
    assert arv(st, brute, lone) == brute.stat("martial")
    put(st, 7, 12, 10)  # the Pirate next to the Brute
    group = arv(st, brute, lone)
    ints = [brute.stat("integrity"), st.heroes[7].stat("integrity")]
    assert group == brute.stat("martial") + max(0, max(ints)) + min(ints)


def test_chart_reading_is_a_switchable_option() -> None:
    """dwethia.combat.comparison_chart: the default follows the worked example (5 against 4
    needs 3+, 4 against 5 needs 5+); ``chart=book_text`` reads the printed lines (less than
    - 3+); the game accepts the option and refuses a bad one."""
    assert m.target_number(5, 4) == 3 and m.target_number(4, 5) == 5
    assert m.target_number(4, 5, "book_text") == 3
    assert m.target_number(2, 4, "book_text") == 6
    assert m.target_number(8, 4, "book_text") == 2
    assert m.target_number(4, 4, "book_text") == 4
    assert m.MeleeAttack(2, 4, 5, 3, 3, chart="book_text").hit_needed == 3
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()[:2]]
    game = RULESET.new_game(lists, 1, {"chart": "book_text"})
    assert game.state.options.chart == "book_text"
    with pytest.raises(ValueError, match="chart"):
        RULESET.new_game(lists, 1, {"chart": "both"})


def test_priority_ties_are_rerolled_and_winner_chooses() -> None:
    """dwethia.phase.priority: both roll a D6, ties re-rolled; the winner decides who selects
    first (here it lets the other side go first)."""
    st = open_state(dice=scripted(3, 3, 2, 5))
    for h in st.heroes:
        h.slain = True  # no activations: only the priority phase runs
    asked: list[tuple[str, int]] = []

    def answer(d):  # type: ignore[no-untyped-def]
        asked.append((d.kind, d.player))
        return False

    drive(play_round(st), answer)
    assert asked == [("go_first", 1)]
    assert st.priority == 1 and st.first == 0
    assert [e["a"] for e in st.log.events if e.kind == "priority_roll"] == [3, 2]


def test_bad_force_lists_every_violation(tmp_path: Path) -> None:
    """dwethia.list.point_limits, dwethia.list.building_force, dwethia.list.fluctuating_bases,
    dwethia.list.race_class_faction: one file, every problem, each with its line."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: dwethia\nname: Bad\nfaction: empire_of_sol\npoints: 60\nmodels:\n"
        "  - {name: A, race: orc, class: brute, wargear: [great_weapon]}\n"
        "  - {name: A, race: human, class: champion, wargear: [shield, shield, wand],"
        " base_mm: 60}\n"
        "  - {name: C, race: human, class: marksman, wargear: [heavy_armour]}\n"
        "  - {name: D, race: elf, class: warrior}\n", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        RULESET.load_list(bad)
    text = "\n".join(str(v) for v in err.value.violations)
    for needle in ("field no Orc", "field no Brute", "unknown wargear 'wand'",
                   "2 items of kind shield", "base is 20-40mm", "cannot carry Heavy Armour",
                   "unknown race 'elf'", "named 'A'", "over the agreed limit of 60"):
        assert needle in text, needle
    assert all(v.line is not None for v in err.value.violations)


def test_bundled_forces_are_valid_150_points() -> None:
    """dwethia.list.point_limits: the four bundled forces are 150-point forces."""
    for p in RULESET.sample_lists():
        f = RULESET.load_list(p)
        assert f.points == 150 and f.cost <= 150


def test_different_point_limits_are_refused() -> None:
    """dwethia.list.point_limits: both players agree one limit."""
    a, b = (RULESET.load_list(p) for p in RULESET.sample_lists()[:2])
    from dataclasses import replace
    with pytest.raises(ValueError, match="point limits"):
        RULESET.new_game([a, replace(b, points=300)], 1)


def test_faction_destiny_action_reposition() -> None:
    """dwethia.destiny.special_actions (house action after the book's example): before moving,
    the active Empire of Sol model spends 1 Destiny to move a friend within 6 spaces, not
    engaged, up to 3 spaces."""
    from warband.rulesets.dwethia.choices import NOBODY, Move, Pick
    from warband.rulesets.dwethia.rules.turn import movement_phase

    st = open_state()
    captain = put(st, 0, 5, 5)
    hunter = put(st, 3, 8, 5)
    destiny = captain.destiny
    asked: list[str] = []

    def answer(d):  # type: ignore[no-untyped-def]
        asked.append(d.kind)
        if d.kind == "destiny_action":
            assert NOBODY in d.options and Pick(hunter.uid) in d.options
            return Pick(hunter.uid)
        if d.kind == "reposition":
            assert all(max(abs(o.x - 8), abs(o.y - 5)) <= 3 for o in d.options)
            return Move(11, 5)
        return Move(captain.x, captain.y)

    drive(movement_phase(st, captain), answer)
    assert asked == ["destiny_action", "reposition", "move"]
    assert (hunter.x, hunter.y) == (11, 5) and captain.destiny == destiny - 1
    # the Void has no such action
    necro = put(st, 4, 12, 12)
    put(st, 7, 13, 12)
    asked.clear()
    drive(movement_phase(st, necro), lambda d: (asked.append(d.kind), d.options[0])[1])
    assert "destiny_action" not in asked


def test_destiny_rerolls_are_chosen_after_seeing_the_dice() -> None:
    """dwethia.destiny.rerolls, dwethia.dice.rerolls: after the attack roll the attacker sees
    its dice and re-rolls failed ones (declared together, each once, 1 Destiny each); after the
    save roll the defender may do the same; the second result stands."""
    from warband.rulesets.dwethia.rules.combat import fight

    st = open_state()
    captain = put(st, 0, 5, 5)  # Aggression 2, Destiny 3
    foe = put(st, 6, 5, 6)  # Skarn, no save
    foe.wounds = 5
    # attack dice 1 6 -> the 1 re-rolled: 6; wound dice 6 1 -> kept; ignore-wound dice 1
    st.dice = scripted(1, 6, 6, 6, 1, 1)
    asked: list[tuple[str, list[int], int]] = []

    def answer(d):  # type: ignore[no-untyped-def]
        if d.kind.startswith("reroll"):
            asked.append((d.kind, list(d.options), d.info["policy"]))
            return 1 if d.kind == "reroll_hit" else 0
        return d.options[0]

    destiny = captain.destiny
    drive(fight(st, captain, foe), answer)
    melee = next(e for e in st.log.events if e.kind == "melee")
    assert melee["hit_dice"] == [1, 6] and melee["hit_rerolls"] == [6]
    assert melee["hits"] == 2 and captain.destiny == destiny - 1
    assert melee["wound_dice"] == [6, 1] and melee["wound_rerolls"] == []
    assert asked == [("reroll_hit", [0, 1], 1), ("reroll_wound", [0, 1], 1)]
    assert foe.wounds == 4


def test_table_edges_rolled_for_and_chosen() -> None:
    """dwethia.setup.terrain, dwethia.setup.deployment: a roll-off (ties re-rolled), the
    winner chooses its edge; its models then enter from that edge and the opponent places the
    markers of its side's far quarters (dwethia.setup.objective_markers)."""
    from warband.rulesets.dwethia.rules.turn import choose_edges, place_markers

    st = open_state(dice=scripted(4, 4, 2, 6))
    drive(choose_edges(st), lambda d: "south")
    assert st.edge == [1, 0]  # B won and took the south edge
    a = st.heroes[0]
    assert min(y for _, y in reachable(st, a, 6)) == st.board.size - 7
    placed: list[tuple[int, str]] = []

    def answer(d):  # type: ignore[no-untyped-def]
        placed.append((d.player, d.prompt.split()[-2]))
        return d.options[0]

    drive(place_markers(st), answer)
    assert placed == [(1, "NW"), (1, "NE"), (0, "SW"), (0, "SE")]


def test_multiple_shots_may_change_target() -> None:
    """dwethia.shoot.multiple_shots: a two-shot weapon fires twice in the Shoot phase, the
    second shot at a target chosen after the first."""
    from warband.rulesets.dwethia.choices import Shoot
    from warband.rulesets.dwethia.rules.turn import shoot_phase

    forces = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    marksmen = forces[2]
    rifle = next(p for p in marksmen.members if p.name == "Rifleman Dunn")
    st = open_state(size=30)
    shooter = st.heroes[3]
    shooter.profile = rifle
    put(st, 3, 5, 2)
    put(st, 6, 5, 10)
    put(st, 7, 9, 10)
    kinds: list[str] = []

    def answer(d):  # type: ignore[no-untyped-def]
        kinds.append(d.kind)
        if d.kind == "shoot":
            return next(o for o in d.options if isinstance(o, Shoot) and o.target == 6)
        if d.kind == "next_shot":
            assert {o.target for o in d.options} == {6, 7}
            return Shoot("repeater_crossbow", 7)
        return d.options[0]

    drive(shoot_phase(st, shooter, 0, False), answer)
    shots = [e["target"] for e in st.log.events if e.kind == "shot"]
    assert shots == ["Skarn", "Black Sun Pirate"] and "next_shot" in kinds


def test_retreat_after_combat_attacker_first_with_opportunity_attacks() -> None:
    """dwethia.melee.post_combat_retreat, dwethia.melee.opportunity_attack: after a fight the
    attacker's models in it may retreat up to 3 spaces (ending not next to an enemy), then the
    defender's; a stationary enemy that had the retreating model in reach rolls its Aggression
    in dice, each 6 a wound."""
    from warband.rulesets.dwethia.choices import Retreat
    from warband.rulesets.dwethia.rules.combat import fight

    st = open_state()
    captain = put(st, 0, 5, 5)
    foe = put(st, 6, 5, 6)  # Skarn, Aggression 2
    foe.wounds = 9
    # attack 1 1 (misses, no re-roll), opportunity dice 6 2 (one wound), its save 1 (fails)
    st.dice = scripted(1, 1, 6, 2, 1)
    order: list[tuple[str, int]] = []

    def answer(d):  # type: ignore[no-untyped-def]
        if d.kind == "retreat":
            order.append((d.kind, d.info["hero"]))
            spots = [o for o in d.options if isinstance(o, Retreat)]
            assert False in d.options and spots
            assert all(max(abs(o.x - 5), abs(o.y - 6)) > 1 for o in spots)
            assert all(max(abs(o.x - 5), abs(o.y - 5)) <= 3 for o in spots)
            return Retreat(5, 2) if d.info["hero"] == captain.uid else False
        return 0

    wounds = captain.wounds
    drive(fight(st, captain, foe), answer)
    assert order == [("retreat", captain.uid)]  # the defender has nobody next to it left
    assert (captain.x, captain.y) == (5, 2)
    opp = next(e for e in st.log.events if e.kind == "opportunity")
    assert opp["dice"] == [6, 2] and opp["by"] == ["Skarn"]
    assert opp["unsaved"] == 1 and captain.wounds == wounds - 1


def test_sheer_walls_are_climbed_only_by_stairs() -> None:
    """dwethia.move.incline, dwethia.terrain.keywords: a rooftop (climbable) 5 high is climbed
    for 10; a tower (not climbable) cannot be climbed from the ground, only reached from stairs
    one level below its top."""
    st = open_state(pieces=[{"kind": "rooftop", "x": 6, "y": 5, "w": 2, "h": 2},
                            {"kind": "tower", "x": 12, "y": 5, "w": 2, "h": 2},
                            {"kind": "open", "x": 14, "y": 5, "w": 1, "h": 1, "elevation": 6}])
    h = put(st, 3, 5, 5)
    assert reachable(st, h, 10)[(6, 5)].cost == 10
    h.x = 11
    assert (12, 5) not in reachable(st, h, 14)  # a climbable 7 would cost exactly 14
    h.x, h.y = 14, 5  # on the top step of the stairs
    assert reachable(st, h, 1)[(13, 5)].cost == 1


def test_cli_validate_bad_force_lists_every_problem_without_traceback(tmp_path: Path) -> None:
    """dwethia.list.*: `warband validate` on a bad force prints every violation and exits 1."""
    from typer.testing import CliRunner

    from warband.cli.main import app

    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: dwethia\nname: X\nfaction: empire_of_soll\npoints: 150\nmodels:\n"
                   "  - {name: A, race: humn, class: champion, wargear: [sheild]}\n",
                   encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    for needle in ("unknown faction 'empire_of_soll'", "did you mean 'empire_of_sol'",
                   "unknown race 'humn'", "unknown wargear 'sheild'"):
        assert needle in result.output, needle


@pytest.mark.parametrize("arena", ["foundry", "rooftops"])
def test_arenas_have_height_and_a_leap_of_faith(arena: str) -> None:
    """House arenas (dwethia.setup.terrain, dwethia.objective.leap_of_faith): each has
    trenches below the ground and a tower above it; the top is reachable by stairs, and from
    the top a Movement 6 model reaches the lowest point in one move."""
    from warband.rulesets.dwethia.catalogue import catalogue
    from warband.rulesets.dwethia.grid import build_board

    cat = catalogue()
    board = build_board(cat.arenas[arena], cat.terrain)
    assert board.lowest < 0 < 5 <= board.highest
    st = open_state()
    st.board = board
    n = board.size
    tops = [(i % n, i // n) for i, e in enumerate(board.elevation) if e == board.highest]
    h = st.heroes[3]  # Hunter Ilsa, Movement 6
    leaps = 0
    for x, y in tops:
        h.x, h.y, h.entered = x, y, True
        if any(board.elevation[yy * n + xx] == board.lowest for xx, yy in reachable(st, h, 6)):
            leaps += 1
    assert leaps > 0
    # and the top can be climbed to from the ground within a few moves (stairs)
    h.x, h.y = next((i % n, i // n) for i, e in enumerate(board.elevation)
                    if e == 0 and not board.blocked[i])
    seen = {(h.x, h.y)}
    frontier = [(h.x, h.y)]
    for _ in range(12):
        nxt = []
        for x, y in frontier:
            h.x, h.y = x, y
            for spot in reachable(st, h, 6):
                if spot not in seen:
                    seen.add(spot)
                    nxt.append(spot)
        frontier = nxt
    assert any(spot in seen for spot in tops)


def test_can_see_agrees_with_sight() -> None:
    """dwethia.shoot.line_of_sight: the quick visibility test and the full one agree for every
    pair of models over a hundred random placements on the Foundry Yard."""
    import random

    from warband.rulesets.dwethia.catalogue import catalogue
    from warband.rulesets.dwethia.grid import build_board
    from warband.rulesets.dwethia.rules.measure import can_see

    cat = catalogue()
    st = open_state()
    st.board = build_board(cat.arenas["foundry"], cat.terrain)
    n = st.board.size
    rng = random.Random(4)
    free = [i for i in range(n * n) if not st.board.blocked[i]]
    for _ in range(100):
        cells = rng.sample(free, 3)
        a, b, c = (put(st, uid, i % n, i // n) for uid, i in zip((3, 4, 6), cells, strict=True))
        for x, y in ((a, b), (b, a), (a, c)):
            assert can_see(st, x, y) == sight(st, x, y).visible


def test_ranged_casualties_stand_until_the_end_of_the_shoot_phase() -> None:
    """dwethia.combat.casualties: a model slain by the first shot of a two-shot weapon is no
    longer a target, but it stays where it fell - In the Way of the second shot - until the
    Shoot phase ends, when the phase's casualties are removed together."""
    from warband.rulesets.dwethia.choices import Shoot
    from warband.rulesets.dwethia.rules import combat
    from warband.rulesets.dwethia.rules.measure import sight
    from warband.rulesets.dwethia.rules.turn import shoot_phase

    forces = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    rifle = next(p for p in forces[2].members if p.name == "Rifleman Dunn")
    st = open_state(size=30)
    shooter = st.heroes[3]
    shooter.profile = rifle
    shooter.destiny = 0
    put(st, 3, 5, 2)
    skarn, pirate = put(st, 6, 5, 6), put(st, 7, 5, 10)  # the Pirate stands behind Skarn
    skarn.wounds, skarn.destiny, pirate.destiny = 1, 0, 0
    behind_skarn = sight(st, shooter, pirate).penalty  # Skarn In the Way
    # shot 1 wounds Skarn (6), its Ignore Wounds die fails (1); shot 2 misses (1)
    st.dice = scripted(6, 1, 1, 1, 1, 1)
    seen: list[set[int]] = []

    def answer(d):  # type: ignore[no-untyped-def]
        if d.kind == "shoot":
            return Shoot("repeater_crossbow", skarn.uid)
        if d.kind == "next_shot":
            seen.append({o.target for o in d.options})
            assert skarn.slain and skarn.fallen  # slain, still standing
            return Shoot("repeater_crossbow", pirate.uid)
        return d.options[0]

    combat.collect_casualties(st)
    drive(shoot_phase(st, shooter, 0, False), answer)
    shots = [e for e in st.log.events if e.kind == "shot"]
    assert [e["target"] for e in shots] == ["Skarn", "Black Sun Pirate"]
    assert seen == [{pirate.uid}]  # the fallen Skarn is no target
    assert shots[1]["penalty"] == behind_skarn  # ... but still In the Way
    assert not [e for e in st.log.events if e.kind == "casualties_removed"]
    combat.remove_casualties(st)
    removed = [e for e in st.log.events if e.kind == "casualties_removed"]
    assert [e["heroes"] for e in removed] == [["Skarn"]] and not skarn.fallen
    assert sight(st, shooter, pirate).penalty == behind_skarn - 1


def test_melee_casualties_leave_at_once() -> None:
    """dwethia.combat.casualties (the rules yaml's default for melee): a model slain in a
    fight is removed at once, not kept standing to the end of the phase."""
    from warband.rulesets.dwethia.rules import combat

    st = open_state()
    skarn, foe = put(st, 6, 5, 5), put(st, 1, 5, 6)  # Skarn fights the Commissar (no save)
    foe.wounds, foe.destiny, skarn.destiny = 1, 0, 0
    st.dice = scripted(*([6] * 4 + [1] * 10))
    combat.collect_casualties(st)
    drive(combat.fight(st, skarn, foe), lambda d: d.options[0])
    assert foe.slain and not foe.fallen and st.casualties == []
    combat.remove_casualties(st)


def test_coherent_group_retreats_after_combat_as_one_block() -> None:
    """dwethia.melee.post_combat_retreat: after a fight a player may retreat an entire
    coherent group together - every model moved by the same offset of up to 3 spaces, each
    ending not next to an enemy - or, declining, chosen models one by one; enemies that had
    them in reach make their Opportunity Attacks (dwethia.melee.opportunity_attack)."""
    from warband.rulesets.dwethia.choices import GroupRetreat, Retreat
    from warband.rulesets.dwethia.rules.combat import fight, group_moves
    from warband.rulesets.dwethia.rules.measure import adjacent, engaged_with

    def setup():  # type: ignore[no-untyped-def]
        st = open_state()
        captain, legionaire = put(st, 0, 5, 5), put(st, 2, 6, 5)  # coherent pair
        skarn = put(st, 6, 5, 6)  # next to both
        skarn.wounds = 9
        st.dice = scripted(*([1] * 40))  # every attack and opportunity die misses
        return st, captain, legionaire, skarn

    st, captain, legionaire, skarn = setup()
    offers = group_moves(st, [captain, legionaire])
    assert GroupRetreat(0, -3) in offers and GroupRetreat(0, 1) not in offers
    asked: list[str] = []

    def block(d):  # type: ignore[no-untyped-def]
        asked.append(d.kind)
        if d.kind == "group_retreat":
            assert d.player == 0 and d.info["heroes"] == [0, 2] and d.options[0] is False
            return GroupRetreat(0, -3)
        return d.options[0]

    drive(fight(st, captain, skarn), block)
    assert (captain.x, captain.y, legionaire.x, legionaire.y) == (5, 2, 6, 2)
    assert "retreat" not in asked  # no model retreats on its own after the block
    assert not engaged_with(st, captain) and adjacent(st, captain, legionaire)
    opp = [e for e in st.log.events if e.kind == "opportunity"]
    assert [e["hero"] for e in opp] == [captain.name, legionaire.name]
    # declining the block move: each model is offered its own retreat
    st, captain, legionaire, skarn = setup()
    singles: list[int] = []

    def one_by_one(d):  # type: ignore[no-untyped-def]
        if d.kind == "group_retreat":
            return False
        if d.kind == "retreat":
            singles.append(d.info["hero"])
            return next(o for o in d.options if isinstance(o, Retreat))
        return d.options[0]

    drive(fight(st, captain, skarn), one_by_one)
    assert singles[:1] == [captain.uid] and not engaged_with(st, captain)
