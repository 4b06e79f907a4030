"""Helpers for Raiders of Arcana rule tests: a bare table, units placed by hand, scripted dice,
and a driver that answers a flow's decisions."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from hypothesis import strategies as hs

from warband.core.controller import controller_rng
from warband.core.decisions import Decision, Simultaneous
from warband.core.dice import ScriptedDice
from warband.rulesets.raiders import RULESET
from warband.rulesets.raiders.ai.heuristic import HeuristicController
from warband.rulesets.raiders.catalogue import catalogue
from warband.rulesets.raiders.choices import Point
from warband.rulesets.raiders.models import ScenarioModel
from warband.rulesets.raiders.rules.movement import _entry_points, entry_problem
from warband.rulesets.raiders.rules.setup import build_state
from warband.rulesets.raiders.splits import CombatSide
from warband.rulesets.raiders.state import Options, RaidersState, Unit

# Unit ids in the two sample lists (side A, then side B).
THANE, WARRIORS_1, WARRIORS_2, SPEARMEN, WIZARD, RANGERS, HOUNDS = range(7)
WARLORD, RAIDERS_1, RAIDERS_2, RAIDERS_3, SHAMAN, SCOUTS, TROLL = range(7, 14)


#: a table with one impassable crag and one difficult bog, for move and menu tests
TERRAIN = [
    {"name": "Crag", "kind": "impassable", "points": [[14, 10], [26, 10], [26, 20], [14, 20]]},
    {"name": "Bog", "kind": "difficult", "points": [[30, 14], [40, 14], [40, 24], [30, 24]]},
]


#: any side of a round of combat (the split game's inputs), for property tests
combat_sides = hs.builds(
    CombatSide, pool=hs.integers(0, 14), attack_skill=hs.integers(2, 7),
    defence_bonus=hs.integers(0, 2), strength=hs.integers(0, 3), armour=hs.integers(3, 8),
    min_defence=hs.integers(0, 4), shield_wall=hs.booleans(), figures=hs.integers(1, 10),
    hp=hs.integers(1, 3), carried=hs.integers(0, 2), weight=hs.floats(1, 40))


def sample_lists() -> list[Any]:
    return [RULESET.load_list(p) for p in RULESET.sample_lists()]


def bare_state(options: Options | None = None, setup: str = "battle-lines",
               terrain: list[dict[str, Any]] | None = None, dice: list[int] | None = None) -> RaidersState:
    """Both sample warbands, every unit off the table, on an open 48" x 36" table."""
    scenario = ScenarioModel.model_validate({
        "id": "test-table", "name": "Test table", "rule": "raiders.scenario.battle_lines",
        "setup": setup, "width": 48, "height": 36, "terrain": terrain or [],
    })
    st = build_state(sample_lists(), scenario, catalogue().spells, 0, options or Options())
    if dice is not None:
        st.dice = ScriptedDice(dice)
    return st


def place(st: RaidersState, uid: int, x: float, y: float) -> Unit:
    u = st.units[uid]
    u.x, u.y, u.deployed = float(x), float(y), True
    return u


Answer = Callable[[Any], Any]


def drive(gen: Generator[Any, Any, Any], answer: Answer) -> Any:
    """Run a flow (or a part of one), answering each decision with ``answer(pending)``; for a
    Simultaneous, ``answer`` gets each part and the driver builds the {player: choice} map.
    Returns the flow's return value."""
    try:
        pending = next(gen)
        while True:
            if isinstance(pending, Simultaneous):
                reply: Any = {part.player: answer(part) for part in pending.parts}
            else:
                reply = answer(pending)
            pending = gen.send(reply)
    except StopIteration as stop:
        return stop.value


def answers(*by_kind: tuple[str, Any]) -> Answer:
    """Answer decisions in order: each (kind, choice) pair is used once, for a decision of
    that kind; a choice may be a callable taking the decision. A decision with a single
    option that the queue does not name is answered with it, as the engine does. Anything
    else -> error."""
    queue = list(by_kind)

    def answer(decision: Decision) -> Any:
        if decision.trivial and (not queue or queue[0][0] != decision.kind):
            return decision.options[0]
        assert queue, f"unexpected decision {decision.kind}: {decision.prompt}"
        kind, choice = queue.pop(0)
        assert decision.kind == kind, f"expected a {kind} decision, got {decision.kind}"
        value = choice(decision) if callable(choice) else choice
        assert decision.is_legal(value), f"{value!r} is not legal for {decision.kind}: {decision.options}"
        return value

    answer.remaining = queue  # type: ignore[attr-defined]
    return answer



def entry_menu_plain(st: RaidersState, u: Unit, allowance: float) -> list[Point]:
    """The entry menu as the rules define it, the reference for the remembered one: each
    point tested in full by ``entry_problem`` (terrain and every unit on the table), nothing
    remembered."""
    return [p for p in _entry_points(st, u, allowance) if entry_problem(st, u, allowance, p) is None]


def play_checking(seed: int, check: object, options: dict[str, object] | None = None,
                  controller: Callable[[], HeuristicController] = HeuristicController) -> int:
    """Play a seeded heuristic game (Meeting Engagement unless ``options`` say otherwise),
    calling ``check(game, player, decision, controller)`` before each answer; returns how many
    decisions were checked. ``controller``: makes each side's heuristic."""
    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, seed, {"scenario": "meeting-engagement", **(options or {})},
                            log_events=False)
    controllers = {0: controller(), 1: controller()}
    rngs = {p: controller_rng(seed, p) for p in controllers}
    checked = 0
    while game.pending() is not None:
        for player in game.waiting_for():
            decision = game.decision_for(player)
            assert decision is not None
            if check(game, player, decision, controllers[player]):  # type: ignore[operator]
                checked += 1
            game.apply(player, controllers[player].decide(game.view(player), decision,
                                                          rngs[player]))
    return checked
