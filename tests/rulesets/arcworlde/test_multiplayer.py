"""More than two warbands: initiative for every player, Activations across all sides, Knock
Outs, objectives and the result for every side, a Rogue Warband as a third side, the forest's
Creatures as a side of their own, and whole three-sided games (replayed exactly)."""

from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warband.ai.random_ai import RandomController
from warband.core.controller import Controller, play
from warband.kit.flow import answer_inside, points_result
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.ai.heuristic import HeuristicController
from warband.rulesets.arcworlde.ai.rogue import RogueController
from warband.rulesets.arcworlde.rules.combat import knock_out
from warband.rulesets.arcworlde.rules.forest import controller, forest_side
from warband.rulesets.arcworlde.rules.round import decided, play_round, roll_off, rolling_sides
from warband.rulesets.arcworlde.rules.scenario import final_outcome, objective_holders
from warband.rulesets.arcworlde.rules.setup import deployment_points, in_zone, placement_problem
from warband.rulesets.arcworlde.rules.solo import rogue_rules_answer

from .arena import Arena
from .test_properties import SEEDS, assert_replays, play_checked

_SAMPLES = [RULESET.load_list(p) for p in RULESET.sample_lists()]


def three_sides(arena: Arena) -> Arena:
    """Make the arena a game of three players (A, B, C)."""
    st_ = arena.st
    st_.side_names = ["Side A", "Side B", "Side C"]
    st_.side_labels = ["a", "b", "c"]
    st_.vp_knock_outs = [0, 0, 0]
    st_.players = 3
    return arena


def rogue_third() -> Any:
    data, _ = RULESET.random_list(400, 11)
    return RULESET.parse_list(data, "generated Rogue Warband")


# ------------------------------------------------------------------------- initiative
@pytest.mark.parametrize(("faces", "order", "rolls"), [
    # no ties: highest first, then the next highest
    ((2, 6, 4), [1, 2, 0], [[2, 6, 4]]),
    # a tie for second place is broken too, between the tied players only
    ((4, 4, 6, 2, 5), [2, 1, 0], [[4, 4, 6], [2, 5, None]]),
    # all three tie; then two tie again; the last re-roll orders those two
    ((6, 6, 6, 3, 3, 1, 5, 2), [0, 1, 2], [[6, 6, 6], [3, 3, 1], [5, 2, None]]),
    # a tie for first and a separate result below it
    ((5, 5, 1, 2, 3), [1, 0, 2], [[5, 5, 1], [2, 3, None]]),
])
def test_arcworlde_round_initiative_three_players_with_ties(
    faces: tuple[int, ...], order: list[int], rolls: list[list[int | None]],
) -> None:
    """arcworlde.round.initiative (multiplayer): every player rolls, they go from the highest
    roll to the lowest, and tied players re-roll among themselves until their tie is broken
    (the yaml's default: the re-roll orders only the tied players)."""
    arena = three_sides(Arena())
    arena.dice(*faces)
    assert roll_off(arena.st, "initiative") == order
    event = arena.st.log.events[-1]
    assert event["rolls"] == rolls
    assert event["order"] == [["a", "b", "c"][p] for p in order]
    assert arena.dice_left == 0


def test_arcworlde_solo_initiative_rogue_side_rolls_its_own_die() -> None:
    """arcworlde.solo.initiative: a Rogue side (the forest's Creatures) rolls its own extra
    die and takes its place in the order like a player, while it has a Creature on the
    table; with none on the table it does not roll."""
    arena = Arena(options={"environment": "mildaark"})
    arena.add("ourk-grunt", 0, (5, 5))
    arena.add("ourk-grunt", 1, (30, 30))
    arena.dice(1)
    side = forest_side(arena.st)  # the side exists (one die seeds its Rogue interpreter)
    assert rolling_sides(arena.st) == [0, 1]
    arena.dice(3, 4)
    assert roll_off(arena.st, "initiative", rolling_sides(arena.st)) == [1, 0]
    wolf = arena.add("mildaark-wolf", side, (18, 18))
    assert rolling_sides(arena.st) == [0, 1, side]
    arena.dice(3, 4, 6)
    assert roll_off(arena.st, "initiative", rolling_sides(arena.st)) == [side, 1, 0]
    wolf.ko = True
    assert rolling_sides(arena.st) == [0, 1]


def test_arcworlde_round_activation_sequence_cycles_through_three_players() -> None:
    """arcworlde.round.activation_sequence: one Activation per player in initiative order,
    back to the first after the last; a player with nobody left is skipped; the Round ends
    when every side is done."""
    arena = three_sides(Arena())
    a1 = arena.add("ourk-grunt", 0, (5, 5), name="A1")
    a2 = arena.add("ourk-grunt", 0, (9, 5), name="A2")
    b1 = arena.add("ourk-grunt", 1, (5, 30), name="B1")
    c1 = arena.add("ourk-grunt", 2, (30, 15), name="C1")
    c2 = arena.add("ourk-grunt", 2, (30, 20), name="C2")
    c3 = arena.add("ourk-grunt", 2, (30, 25), name="C3")
    arena.st.round = 0
    arena.dice(2, 6, 4)  # B, then C, then A
    end = C.EndActivation()
    run = arena.round(end, C.Activate(c1.uid), end, C.Activate(a1.uid), end,
                      C.Activate(c2.uid), end, end, end)
    assert run.finished
    assert [e["who"] for e in run.events("activate")] == [
        b1.name, c1.name, a1.name, c2.name, a2.name, c3.name]
    assert arena.st.initiative == [1, 2, 0]
    assert all(c.activated for c in (a1, a2, b1, c1, c2, c3))


# ------------------------------------------------------------------- deployment
def test_arcworlde_solo_deployment_third_side_along_the_west_edge() -> None:
    """arcworlde.solo.deployment, arcworlde.setup.sequence: with three sides, A deploys along
    the south edge, B the north, and C (a Rogue Warband facing two players: no edge is
    opposite both, so one is chosen) along the west edge, between the other two zones;
    placements outside it are refused with the zone's bounds."""
    arena = three_sides(Arena())
    ch = arena.add("ourk-grunt", 2, (0, 0), deployed=False)
    spots = deployment_points(arena.st, ch)
    assert spots and all(in_zone(arena.st, 2, x, y, ch.r) for x, y in spots)
    assert all(x <= 6 and 6 <= y <= 30 for x, y in spots)
    assert placement_problem(arena.st, 2, C.Place(ch.uid, 20.0, 18.0)) is not None
    assert "x from" in str(placement_problem(arena.st, 2, C.Place(ch.uid, 20.0, 18.0)))
    assert placement_problem(arena.st, 2, C.Place(ch.uid, 3.0, 18.0)) is None
    assert placement_problem(arena.st, 2, C.Place(ch.uid, 3.0, 3.0)) is not None  # A's zone


def test_arcworlde_setup_sequence_three_sides_deploy_in_turn() -> None:
    """arcworlde.setup.sequence: the roll-off winner chooses to deploy first or not (then the
    next in the roll-off does), then the sides place one Character each in the roll-off
    order from the first, until all are placed."""
    game = RULESET.new_game([*_SAMPLES, rogue_third()], 3)
    deployed: list[int] = []
    while game.pending() is not None and game.pending().kind in ("deploy_order", "deploy"):
        decision = game.pending()
        if decision.kind == "deploy":
            deployed.append(decision.player)
        game.apply(decision.player, decision.options[0])
    order = game.state.log.events[1]["order"]  # the deployment roll-off
    first = ["a", "b", "c"].index(order[0])
    cycle = [["a", "b", "c"].index(o) for o in order]
    assert deployed[:3] == cycle
    assert deployed[0] == first
    st_ = game.state
    for c in st_.chars:
        assert c.deployed and in_zone(st_, c.side, c.x, c.y, c.r), c.name


# -------------------------------------------------------------- Knock Outs, VP, result
def test_arcworlde_scenario_victory_points_three_players() -> None:
    """arcworlde.scenario.victory_points (three players): the side that Knocks Out an enemy
    scores it; a Knock Out by no enemy scores for nobody; each side's VP and result are
    reported, and players tied for the most VP draw while the rest lose."""
    arena = three_sides(Arena())
    a = arena.add("ourk-grunt", 0, (5, 5))
    b = arena.add("ourk-grunt", 1, (5, 30))
    c = arena.add("ourk-grunt", 2, (30, 15))
    c2 = arena.add("ourk-grunt", 2, (30, 25))
    knock_out(arena.st, b, a)
    assert arena.st.vp_knock_outs == [1, 0, 0]
    knock_out(arena.st, c2, None)  # the angry forest, a fall: no player earned it
    assert arena.st.vp_knock_outs == [1, 0, 0]
    assert arena.st.log.events[-1]["side"] is None
    assert not decided(arena.st)  # A and C still fight
    knock_out(arena.st, a, c)
    assert arena.st.vp_knock_outs == [1, 0, 1]
    assert decided(arena.st)  # only C is left
    outcome = final_outcome(arena.st)
    assert outcome.winner is None and outcome.vp == [1, 0, 1]
    assert outcome.extra["result"] == {"a": "drawn", "b": "lost", "c": "drawn"}
    assert arena.st.log.events[-1]["leaders"] == ["a", "c"]
    assert outcome.to_json()["vp"] == {"a": 1, "b": 0, "c": 1}


def test_points_result_names_winner_or_tied_leaders() -> None:
    """arcworlde.scenario.victory_points: the most VP wins; equal leaders draw."""
    assert points_result([3, 5, 1]) == (1, [1], ["lost", "won", "lost"])
    assert points_result([4, 4, 1]) == (None, [0, 1], ["drawn", "drawn", "lost"])
    assert points_result([2, 2]) == (None, [0, 1], ["drawn", "drawn"])


def test_arcworlde_scenario_victory_points_objective_held_by_one_side_of_three() -> None:
    """arcworlde.scenario.victory_points: an objective is held by the only side near it; two
    of three sides near it contest it (nobody holds it)."""
    arena = three_sides(Arena(objectives=[("Stone", 18, 18)]))
    arena.add("ourk-grunt", 2, (18, 19.5))
    assert objective_holders(arena.st) == [2]
    arena.add("ourk-grunt", 0, (18, 16.5))
    assert objective_holders(arena.st) == [None]


# ------------------------------------------------------------------- targeting, Bravery
def test_arcworlde_targeting_every_other_side_is_an_enemy() -> None:
    """arcworlde.combat.engagement, arcworlde.action.attack: with three sides every other
    side's Characters are enemies: an Engaged Character may Attack either, and the AIs pick
    among all of them."""
    arena = three_sides(Arena())
    a = arena.add("ourk-grunt", 0, (18, 18))
    b = arena.add("ourk-grunt", 1, arena.touching(a, "east", 40))
    c = arena.add("ourk-grunt", 2, arena.touching(a, "west", 40))
    assert {e.uid for e in arena.st.engaged_with(a)} == {b.uid, c.uid}
    assert {e.uid for e in arena.st.enemies_of(b)} == {a.uid, c.uid}
    run = arena.activate(a)
    targets = {o.target for o in run.pending.options if isinstance(o, C.Attack)}
    assert targets == {b.uid, c.uid}
    pick = HeuristicController().decide(arena.view(0), run.pending, random.Random(0))
    choice = getattr(pick, "choice", pick)
    assert not isinstance(choice, C.Attack) or choice.target in (b.uid, c.uid)


def test_arcworlde_environment_mildaark_card_joker_three_players() -> None:
    """arcworlde.environment.mildaark.card_joker (multiplayer default): each player takes the
    decisions of the next player's Commander in initiative order."""
    arena = three_sides(Arena(options={"environment": "mildaark"}))
    bosses = [arena.add("ourk-warboss", side, (6 + 10 * side, 10)) for side in range(3)]
    arena.st.initiative = [1, 2, 0]
    arena.st.forest = {"effects": {"confusion"}}
    # B controls C's Commander, C controls A's, A controls B's
    assert [controller(arena.st, boss) for boss in bosses] == [2, 0, 1]


# ----------------------------------------------------------------- whole games, the CLI
def test_three_side_game_plays_to_the_end_with_a_result_for_every_side(tmp_path: Path) -> None:
    """arcworlde.round.game_length, arcworlde.scenario.victory_points, arcworlde.solo.overview:
    two players and a generated Rogue Warband (the Rogue AI) play to the end; every side has
    its VP, survivors and result; the record replays exactly."""
    game = RULESET.new_game([*_SAMPLES, rogue_third()], 5, track_digest=True)
    factories = RULESET.controllers()
    outcome = play(game, {0: factories["heuristic"](), 1: factories["heuristic"](),
                          2: factories["rogue"]()}, 5)
    data = outcome.to_json()
    assert set(data["vp"]) == set(data["result"]) == set(data["survivors"]) == {"a", "b", "c"}
    assert sorted(data["result"].values()) in (["lost", "lost", "won"],
                                                ["drawn", "drawn", "lost"],
                                                ["drawn", "drawn", "drawn"])
    kinds = [e.kind for e in game.events]
    assert kinds[-1] == "game_end"
    assert {e["order"][0] for e in game.events if e.kind == "initiative"} <= {"a", "b", "c"}
    assert len(game.header["lists"]) == 3
    assert_replays(game, tmp_path / "three.jsonl")


def test_hidden_information_views_per_player_with_three_sides() -> None:
    """Principle 4 with three sides: every player's view hides the dice and the ArcDecks, and
    the forest's Rogue interpreter, and says whose view it is."""
    game = RULESET.new_game([*_SAMPLES, rogue_third()], 2, {"environment": "mildaark"})
    for player in range(3):
        view = game.view(player)
        assert view.player == player
        for secret in ("dice", "decks", "forest_ai", "log"):
            with pytest.raises(AttributeError):
                getattr(view, secret)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, ai=st.sampled_from(["random", "heuristic", "rogue"]),
       env=st.sampled_from(["none", "mildaark"]), delayed=st.booleans(),
       sides=st.sampled_from([3, 3, 4]))
def test_three_side_games_keep_invariants_and_replay(
    seed: int, ai: str, env: str, delayed: bool, sides: int, tmp_path_factory: Any
) -> None:
    """Seeded three- and four-sided games (two sample warbands and generated Rogue Warbands,
    any AI, with or without the Mildaark Forest and the Rogue's delayed arrival) keep the
    invariants (HP within 0..max, every game ends, a result for every side) and replay
    exactly (arcworlde.round.initiative, arcworlde.round.activation_sequence,
    arcworlde.solo.delayed_arrival)."""
    rogues = []
    for side in range(2, sides):
        data, _ = RULESET.random_list(300, (seed + side) % 1000)
        rogues.append(RULESET.parse_list(data, "generated Rogue Warband"))
    options = {"environment": env, "delayed_arrival": "c" if delayed else "none"}
    game = RULESET.new_game([*_SAMPLES, *rogues], seed, options, track_digest=True)
    factory = RULESET.controllers()[ai]
    controllers: dict[int, Controller] = {0: factory(), 1: RandomController()}
    controllers.update({side: RogueController() for side in range(2, sides)})
    play_checked(game, controllers, seed)
    assert set(game.outcome().to_json()["result"]) == set("abcd"[:sides])
    assert_replays(game, tmp_path_factory.mktemp("record") / "game.jsonl")


def test_two_sides_still_refuse_a_fifth_list() -> None:
    """The ruleset takes two to four warbands; more is refused clearly."""
    with pytest.raises(ValueError, match="between 2 and 4 warbands"):
        RULESET.new_game([*_SAMPLES, *_SAMPLES, _SAMPLES[0]], 1)
    with pytest.raises(ValueError, match="no side C"):
        RULESET.new_game(_SAMPLES, 1, {"delayed_arrival": "c"})


def test_forest_round_with_rules_played_side_yields_only_players_decisions() -> None:
    """arcworlde.solo.overview: the forest's side is played inside the flow by the Rogue
    rules; only the players' decisions come out of it."""
    arena = Arena(options={"environment": "mildaark"})
    arena.add("ourk-grunt", 0, (5, 5))
    arena.add("ourk-grunt", 1, (30, 30))
    arena.seeded(3)
    side = forest_side(arena.st)
    wolf = arena.add("mildaark-wolf", side, (18, 18))
    arena.st.round = 0
    steps = answer_inside(play_round(arena.st), functools.partial(rogue_rules_answer, arena.st))
    run = arena.run(steps).drive(RandomController(), random.Random(1))
    assert run.finished and wolf.activated
    assert all(d.player in (0, 1) for d in run.asked)
    assert wolf.name in [e["who"] for e in run.events("activate")]


def test_arcworlde_feat_narrative_agreed_by_next_player_in_initiative() -> None:
    """arcworlde.feat.narrative (three players, our reading): the next player after the
    proposer in this Round's initiative order agrees or disagrees; with two, the opponent."""
    from warband.rulesets.arcworlde.rules.narrative import agreeing_player

    arena = three_sides(Arena())
    arena.st.initiative = [2, 0, 1]
    assert [agreeing_player(arena.st, side) for side in range(3)] == [1, 2, 0]
    two = Arena()
    two.st.initiative = [1, 0]
    assert [agreeing_player(two.st, side) for side in range(2)] == [1, 0]


def test_board_view_of_a_three_side_game_has_every_zone_and_side() -> None:
    """The board view of a three-sided game: a deployment zone per player (C's along the west
    edge), every side named, pieces of all three sides on the table."""
    game = RULESET.new_game([*_SAMPLES, rogue_third()], 8)
    factories = RULESET.controllers()
    controllers = {0: factories["random"](), 1: factories["random"](), 2: factories["rogue"]()}
    from warband.core.controller import controller_rng

    rngs = {p: controller_rng(8, p) for p in controllers}
    while game.state.round < 1 and game.pending() is not None:
        player = game.waiting_for()[0]
        decision = game.decision_for(player)
        game.apply(player, controllers[player].decide(game.view(player), decision, rngs[player]))
    board = RULESET.board_view(game, 0)
    assert [z.side for z in board.zones] == [0, 1, 2]
    west = board.zones[2].polygon
    assert max(p[0] for p in west) == pytest.approx(6.0)
    assert [s.label for s in board.sides] == ["a", "b", "c"]
    assert {p.side for p in board.pieces} == {0, 1, 2}


def test_arcworlde_environment_mildaark_card_joker_rogue_commander_stays_rogue() -> None:
    """arcworlde.environment.mildaark.card_joker (the yaml's defaults): a Rogue Warband's
    Commander stays Rogue-controlled, and the players hand their Commanders round among
    themselves only (option ``rogue`` names the Rogue side, arcworlde.solo.overview)."""
    arena = three_sides(Arena(options={"environment": "mildaark", "rogue": "c"}))
    bosses = [arena.add("ourk-warboss", side, (6 + 10 * side, 10)) for side in range(3)]
    arena.st.initiative = [1, 2, 0]
    arena.st.forest = {"effects": {"confusion"}}
    assert arena.st.rogue_sides() == {2}
    # B and A swap Commanders; C's stays with the Rogue
    assert [controller(arena.st, boss) for boss in bosses] == [1, 0, 2]


def test_rogue_option_names_sides_of_the_game() -> None:
    """The ``rogue`` option must name sides the game has."""
    with pytest.raises(ValueError, match="rogue=c"):
        RULESET.new_game(_SAMPLES, 1, {"rogue": "c"})
    game = RULESET.new_game([*_SAMPLES, rogue_third()], 1, {"rogue": "c"})
    assert game.state.rogue_sides() == {2}
