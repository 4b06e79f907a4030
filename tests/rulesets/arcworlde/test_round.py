"""The Round and the game: initiative roll-off, alternating Activations, skipping, the number
of Rounds, the early end, and deployment.
"""

from __future__ import annotations

import pytest

from warband.ai.random_ai import RandomController
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.game import make_options
from warband.rulesets.arcworlde.rules.round import decided, roll_off

from .arena import Arena, Picks


# --------------------------------------------------------------------------- initiative
@pytest.mark.parametrize(
    ("faces", "order", "rolls"),
    [
        ((5, 2), [0, 1], [[5, 2]]),
        ((2, 5), [1, 0], [[2, 5]]),
        ((3, 3, 5, 2), [0, 1], [[3, 3], [5, 2]]),
        ((4, 4, 6, 6, 1, 2), [1, 0], [[4, 4], [6, 6], [1, 2]]),
    ],
)
def test_arcworlde_round_initiative_roll_off_reroll_ties(
    arena: Arena, faces: tuple[int, ...], order: list[int], rolls: list[list[int]]
) -> None:
    """arcworlde.round.initiative: each player rolls a D6, highest goes first; ties re-roll
    until there is a winner."""
    arena.dice(*faces)
    assert roll_off(arena.st, "initiative") == order
    event = arena.st.log.events[-1]
    assert event["rolls"] == rolls and event["order"] == [["a", "b"][p] for p in order]
    assert arena.dice_left == 0


def test_arcworlde_round_initiative_rolled_every_round(arena: Arena) -> None:
    """arcworlde.round.initiative: the roll is made at the start of every Round."""
    a = arena.add("ourk-grunt", 0, (5, 5))
    b = arena.add("ourk-grunt", 1, (30, 30))
    arena.st.round = 0
    arena.dice(2, 5)
    run = arena.round(C.EndActivation(), C.EndActivation())
    assert [e["who"] for e in run.events("activate")] == [b.name, a.name]
    assert arena.st.round == 1 and arena.st.initiative == [1, 0]
    arena.dice(6, 1)
    run = arena.round(C.EndActivation(), C.EndActivation())
    assert [e["who"] for e in run.events("activate")] == [a.name, b.name]
    assert arena.st.round == 2


# --------------------------------------------------------------- alternating Activations
def test_arcworlde_round_activation_sequence_alternates_and_skips(arena: Arena) -> None:
    """arcworlde.round.activation_sequence: players alternate one Activation each in
    initiative order; a player with nobody left to Activate is skipped; the Round ends when
    every Character has been Activated."""
    a1 = arena.add("ourk-grunt", 0, (5, 5), name="A1")
    a2 = arena.add("ourk-grunt", 0, (8, 5), name="A2")
    a3 = arena.add("ourk-grunt", 0, (11, 5), name="A3")
    b1 = arena.add("halfling-militia", 1, (5, 30), name="B1")
    arena.add("halfling-militia", 1, (8, 30), name="B2")
    arena.st.round = 0
    arena.dice(4, 3)
    end = C.EndActivation()
    run = arena.round(C.Activate(a2.uid), end, C.Activate(b1.uid), end, C.Activate(a1.uid), end,
                      end, end)  # B2 and then A3 are the only choices left: auto
    assert [e["who"] for e in run.events("activate")] == ["A2", "B1", "A1", "B2", "A3"]
    assert run.finished and run.events("round_end")
    asked = [(d.kind, d.player) for d in run.asked if d.kind == "activate"]
    assert asked == [("activate", 0), ("activate", 1), ("activate", 0)]
    assert all(c.activated for c in arena.st.chars)
    assert a3.activated


def test_arcworlde_round_activation_sequence_choice_of_character(arena: Arena) -> None:
    """arcworlde.round.activation_sequence: the player picks which un-Activated Character."""
    a1 = arena.add("ourk-grunt", 0, (5, 5))
    a2 = arena.add("ourk-grunt", 0, (8, 5))
    arena.add("halfling-militia", 1, (5, 30))
    arena.st.round = 0
    arena.dice(6, 1)
    run = arena.round()
    assert run.pending.kind == "activate" and run.pending.player == 0
    assert set(run.pending.options) == {C.Activate(a1.uid), C.Activate(a2.uid)}


def test_arcworlde_round_activation_sequence_new_round_resets(arena: Arena) -> None:
    """arcworlde.round.activation_sequence: every Character may act again next Round."""
    grunt = arena.add("ourk-grunt", 0, (5, 5), activated=True)
    arena.add("ourk-grunt", 1, (30, 30), activated=True)
    arena.dice(6, 1)
    run = arena.round(C.EndActivation(), C.EndActivation())
    assert run.events("activate")[0]["who"] == grunt.name


def test_arcworlde_round_activation_sequence_knocked_out_are_skipped(arena: Arena) -> None:
    """arcworlde.round.activation_sequence: Characters Knocked Out earlier in the Round are
    not Activated."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    victim = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=1)
    other = arena.add("halfling-militia", 1, (30, 30))
    arena.st.round = 0
    arena.dice(6, 1, 4, 1, 1, 1)
    run = arena.round(C.Attack("Chop", victim.uid), C.EndActivation(), C.EndActivation())
    assert victim.ko
    assert [e["who"] for e in run.events("activate")] == [grunt.name, other.name]


# ------------------------------------------------------------------ end of the game
def test_arcworlde_round_game_length_early_end_when_a_side_is_wiped_out(arena: Arena) -> None:
    """arcworlde.round.game_length / arcworlde.scenario.victory_points: when a side has no
    Characters left the game ends at once and is scored."""
    grunt = arena.add("ourk-grunt", 0, (10, 10))
    victim = arena.add("halfling-militia", 1, arena.touching(grunt, "east"), hp=1)
    arena.st.round = 0
    # Deployment roll-off (all already placed), initiative, the Chop and the Defence Roll.
    arena.dice(6, 1, 6, 1, 4, 1, 1, 1)
    run = arena.game(C.DeployOrder(True), C.Attack("Chop", victim.uid), C.EndActivation())
    assert decided(arena.st)
    outcome = run.game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.vp, outcome.rounds) == (0, [1, 0], 1)
    assert outcome.survivors == [[grunt.name], []]
    assert run.events("round_end") == []  # the Round stopped there
    assert run.events("game_end")[0]["winner"] == "a"


def test_arcworlde_round_game_length_five_rounds_by_default(arena: Arena) -> None:
    """arcworlde.round.game_length: a standard game lasts five Rounds."""
    arena.add("ourk-grunt", 0, (5, 5))
    arena.add("ourk-grunt", 1, (30, 30))
    arena.st.round = 0
    arena.dice(6, 1, *([6, 1] * 5))
    run = arena.game(C.DeployOrder(True), *[C.EndActivation()] * 10)
    outcome = run.game.outcome()
    assert outcome is not None and outcome.rounds == 5 and outcome.winner is None
    assert [e["number"] for e in run.events("round")] == [1, 2, 3, 4, 5]


def test_arcworlde_round_game_length_option(arena: Arena) -> None:
    """arcworlde.round.game_length: players may agree another length (option ``rounds``)."""
    arena.st.options.rounds = 2
    arena.add("ourk-grunt", 0, (5, 5))
    arena.add("ourk-grunt", 1, (30, 30))
    arena.st.round = 0
    arena.dice(6, 1, 6, 1, 6, 1)
    run = arena.game(C.DeployOrder(True), *[C.EndActivation()] * 4)
    outcome = run.game.outcome()
    assert outcome is not None and outcome.rounds == 2


# --------------------------------------------------------------------------- deployment
def test_arcworlde_setup_sequence_roll_off_then_alternate(arena: Arena) -> None:
    """arcworlde.setup.sequence: roll off (ties re-rolled); the winner chooses who deploys
    first; players then alternate placing one Character at a time in their zone (6 inches
    deep, house default)."""
    a1 = arena.add("ourk-grunt", 0, (0, 0), deployed=False)
    a2 = arena.add("ourk-grunt", 0, (0, 0), deployed=False)
    b1 = arena.add("halfling-militia", 1, (0, 0), deployed=False)
    arena.st.round = 0
    arena.dice(3, 3, 1, 4, 6, 1)  # roll-off (a tie, then B wins); Round 1 initiative
    run = arena.game(C.DeployOrder(False))
    assert run.asked[0].player == 1  # B won the roll-off and chose
    assert run.events("deploy_order")[0]["first"] == "a"
    assert run.pending.kind == "deploy" and run.pending.player == 0
    assert not run.pending.is_legal(C.Place(a1.uid, 10, 10))  # outside the zone
    assert not run.pending.is_legal(C.Place(b1.uid, 10, 3))  # not A's Character
    for uid in (0.5, "0", True, 99, -1):  # not a Character at all (a hand-edited record)
        assert not run.pending.is_legal(C.Place(uid, 10, 3))  # type: ignore[arg-type]
    run.answer(C.Place(a1.uid, 10, 3))
    assert run.pending.player == 1 and {o.uid for o in run.pending.options} == {b1.uid}
    assert not run.pending.is_legal(C.Place(b1.uid, 10, 3))  # B deploys at the far edge
    run.answer(C.Place(b1.uid, 10, 33))
    assert run.pending.player == 0
    assert not run.pending.is_legal(C.Place(a2.uid, 10.5, 3))  # would overlap A1
    run.answer(C.Place(a2.uid, 14, 3))
    assert (a2.x, a2.y, a2.deployed) == (14, 3, True)
    assert run.pending.kind == "activate"


def test_arcworlde_setup_sequence_no_room_left_in_the_zone() -> None:
    """arcworlde.setup.sequence: Characters that do not fit in the deployment zone (a huge
    list on a narrow table, which game set-up refuses but a hand-built state can hold) are left
    out, once, named, and the game goes on (it used to ask for them forever). Once the spread
    grid is full the zone is close-packed, so far more than that grid's spots are used."""
    arena = Arena(width=12)
    for _ in range(60):
        arena.add("halfling-militia", 0, (0, 0), deployed=False)
    arena.add("ourk-grunt", 1, (0, 0), deployed=False)
    arena.st.round = 0
    arena.seeded(4)
    run = arena.game().drive(RandomController(), Picks(), limit=5000)
    assert run.finished
    (no_room,) = run.events("no_room")
    placed = [c for c in arena.st.chars if c.side == 0 and c.deployed]
    left = [c for c in arena.st.chars if c.ko and not c.deployed]
    assert no_room["side"] == "a" and no_room["who"] == [c.name for c in left]
    assert len(placed) + len(left) == 60 and 30 < len(placed) < 60


def test_arcworlde_setup_sequence_nobody_fits() -> None:
    """arcworlde.setup.sequence: a zone too shallow for any base leaves both sides empty: the
    game ends at once, a draw."""
    arena = Arena(deployment_depth=1.0)
    arena.add("ourk-grunt", 0, (0, 0), deployed=False)
    arena.add("ourk-grunt", 1, (0, 0), deployed=False)
    arena.st.round = 0
    arena.dice(6, 1)
    run = arena.game(C.DeployOrder(True))
    outcome = run.game.outcome()
    assert run.finished and outcome is not None
    assert len(run.events("no_room")) == 2 and (outcome.rounds, outcome.winner) == (0, None)


@pytest.mark.parametrize(
    ("options", "message"),
    [({"rounds": 0}, "rounds must be"), ({"rounds": 2.5}, "rounds must be"),
     ({"rounds": True}, "rounds must be"), ({"disengage_extra_move": "no"}, "disengage_extra_move must be"),
     ({"deployment_depth": 30}, "deployment_depth must be"), ({"speed": 3}, "unknown game option")],
)
def test_arcworlde_round_game_length_options_are_checked(
    options: dict[str, object], message: str
) -> None:
    """arcworlde.round.game_length and the other rule options: wrong values are refused
    with the option's name (never silently read as something else)."""
    with pytest.raises(ValueError, match=message):
        make_options(options)
    assert make_options({"rounds": 3, "disengage_extra_move": False})[0].rounds == 3
