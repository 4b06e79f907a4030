"""The turn sequence, the action procedure, reactions and fatigue (scripted dice)."""

from __future__ import annotations

import pytest
from raiders_helpers import (
    HOUNDS,
    RAIDERS_1,
    RANGERS,
    SCOUTS,
    THANE,
    WARLORD,
    WARRIORS_1,
    answers,
    bare_state,
    drive,
    place,
)

from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.rules.actions import actions_for, reaction_options
from warband.rulesets.raiders.rules.turn import perform_action, play_turn, roll_initiative


def test_raiders_turn_initiative_first_turn_tie_is_rerolled() -> None:
    """raiders.turn.initiative: a tie on the first turn is rolled again."""
    st = bare_state(dice=[4, 4, 2, 9])
    assert roll_initiative(st) == 1
    assert st.log.events[-1]["rolls"] == [[4, 4], [2, 9]]


def test_raiders_turn_initiative_later_tie_keeps_last_holder() -> None:
    """raiders.turn.initiative: later ties leave the initiative where it was."""
    st = bare_state(dice=[6, 6])
    st.initiative = 1
    assert roll_initiative(st) == 1
    st = bare_state(dice=[8, 3])
    st.initiative = 1
    assert roll_initiative(st) == 0


def test_raiders_turn_collect_action_tokens_and_alternating_actions() -> None:
    """raiders.turn.collect_action_tokens: 10 tokens each for a 500-silver game.
    raiders.turn.perform_actions: players alternate from the initiative holder; once one has
    passed the other acts on until it passes too."""
    st = bare_state(dice=[9, 1])
    place(st, WARRIORS_1, 10, 3)
    place(st, RAIDERS_1, 30, 33)
    seen: list[tuple[str, int, int]] = []

    def answer(d: object) -> object:
        assert hasattr(d, "kind")
        seen.append((d.kind, d.player, st.tokens[d.player]))  # type: ignore[attr-defined]
        if d.kind == "activate":  # type: ignore[attr-defined]
            acted = sum(1 for k, p, _ in seen if k == "action" and p == d.player)  # type: ignore[attr-defined]
            if d.player == 1 or acted >= 2:  # type: ignore[attr-defined]
                return C.Pass()
            return C.Activate(WARRIORS_1)
        if d.kind == "action":  # type: ignore[attr-defined]
            return C.ChooseAction("move")
        if d.kind == "destination":  # type: ignore[attr-defined]
            return C.Point(10, 6)
        return d.options[0]  # type: ignore[attr-defined]

    drive(play_turn(st), answer)
    kinds = [(k, p) for k, p, _ in seen if k != "react"]  # B's units are too far to react
    assert kinds[:4] == [("activate", 0), ("action", 0), ("destination", 0), ("activate", 1)]
    after_pass = kinds[4:]
    assert after_pass[:3] == [("activate", 0), ("action", 0), ("destination", 0)]  # A goes on
    assert seen[0][2] == 10
    assert [e["side"] for e in st.log.events if e.kind == "pass"] == ["b", "a"]
    assert st.tokens == [0, 0]  # returned at the end of the turn (raiders.turn.end)


def test_raiders_action_procedure_token_becomes_fatigue() -> None:
    """raiders.action.procedure: the action token is placed on the unit as a fatigue counter;
    a reacting unit takes one too (raiders.action.reaction_rules)."""
    st = bare_state(dice=[])
    w = place(st, WARRIORS_1, 10, 10)
    r = place(st, RAIDERS_1, 10, 18)
    st.tokens = [10, 10]
    drive(perform_action(st, w), answers(
        ("action", C.ChooseAction("move")), ("destination", C.Point(10, 8)),
        ("react", C.React(RAIDERS_1, "move")), ("destination", C.Point(10, 20)),
    ))
    assert st.tokens == [9, 10]
    assert w.fatigue == 1 and r.fatigue == 1


def test_raiders_fatigue_limit_fatigued_units_cannot_act_or_react() -> None:
    """raiders.fatigue.limit: at its Fatigue value a unit takes no actions or reactions."""
    st = bare_state()
    w = place(st, WARRIORS_1, 10, 10)
    r = place(st, RAIDERS_1, 10, 14)
    w.fatigue = w.profile.fatigue - 1
    assert actions_for(st, w)  # one below the limit: it may still act
    w.fatigue = w.profile.fatigue
    assert actions_for(st, w) == []
    r.fatigue = r.profile.fatigue
    st.tokens = [10, 10]
    from warband.rulesets.raiders.rules.actions import Declared

    shot_at = Declared(w, "charge", target=r, start=(w.x, w.y))
    assert reaction_options(st, shot_at) == [C.NoReaction()]


def test_raiders_fatigue_limit_charged_while_fatigued_breaks_and_flees() -> None:
    """raiders.fatigue.limit / raiders.action.flee: a fatigued unit that is charged is broken
    at once and flees a standard move directly away from the charger; no combat."""
    st = bare_state(dice=[])
    w = place(st, WARRIORS_1, 20, 10)
    r = place(st, RAIDERS_1, 20, 16)
    w.fatigue = w.profile.fatigue
    st.tokens = [10, 10]
    drive(perform_action(st, r), answers(
        ("action", C.ChooseAction("charge")), ("target", C.Target(WARRIORS_1)),
    ))
    assert w.broken
    assert abs(w.x - 20) < 1e-6 and abs(w.y - (10 - w.profile.move)) < 1e-6
    assert not any(e.kind == "combat" for e in st.log.events)


def test_raiders_action_charge_target_that_does_not_react_breaks_and_flees() -> None:
    """raiders.action.charge: the target must react or be broken and flee."""
    st = bare_state(dice=[])
    w = place(st, WARRIORS_1, 20, 10)
    r = place(st, RAIDERS_1, 20, 16)
    st.tokens = [10, 10]
    drive(perform_action(st, r), answers(
        ("action", C.ChooseAction("charge")), ("target", C.Target(WARRIORS_1)),
        ("react", C.NoReaction()),
    ))
    assert w.broken and w.y < 10
    assert r.fatigue == 1  # no combat: only the token


def test_raiders_turn_recover_fatigue_and_standard_bearer() -> None:
    """raiders.turn.recover_fatigue: every unit removes 2 fatigue counters at the end of the
    turn; raiders.ability.standard_bearer: one unit within 12" of the standard removes one
    more, chosen by its owner."""
    st = bare_state(dice=[5, 2])
    thane = place(st, THANE, 10, 3)
    near = place(st, WARRIORS_1, 18, 3)
    far = place(st, RANGERS, 40, 3)
    place(st, WARLORD, 30, 33)
    thane.fatigue, near.fatigue, far.fatigue = 3, 3, 3
    st.units[WARLORD].fatigue = 1

    def answer(d: object) -> object:
        if d.kind == "activate":  # type: ignore[attr-defined]
            return C.Pass()
        if d.kind == "standard_bearer":  # type: ignore[attr-defined]
            assert {o.uid for o in d.options} == {THANE, WARRIORS_1}  # type: ignore[attr-defined]
            return C.Target(WARRIORS_1)
        raise AssertionError(d)

    drive(play_turn(st), answer)
    assert (thane.fatigue, near.fatigue, far.fatigue) == (1, 0, 1)
    assert st.units[WARLORD].fatigue == 0


def test_raiders_action_reaction_rules_who_may_react() -> None:
    """raiders.action.reaction_rules: a targeted action is answered only by its target; an
    independent one by a targeted action against the actor, or an independent action from a
    unit within its run distance of where the actor started."""
    from warband.rulesets.raiders.rules.actions import Declared

    st = bare_state()
    w = place(st, WARRIORS_1, 20, 10)
    target = place(st, RAIDERS_1, 20, 16)
    far = place(st, WARLORD, 40, 30)
    scouts = place(st, SCOUTS, 26, 14)
    scouts.ready = True
    shoot = Declared(w, "charge", target=target, start=(w.x, w.y))
    options = reaction_options(st, shoot)
    assert {o.uid for o in options if isinstance(o, C.React)} == {RAIDERS_1}
    assert {o.action for o in options if isinstance(o, C.React)} >= {"counter_charge", "defend"}
    move = Declared(w, "move", point=(20, 12), start=(w.x, w.y))
    options = reaction_options(st, move)
    reacting = {(o.uid, o.action) for o in options if isinstance(o, C.React)}
    assert (SCOUTS, "shoot") in reacting  # javelins reach 12"
    assert (RAIDERS_1, "charge") in reacting
    assert (RAIDERS_1, "move") in reacting  # within 9" run of the start
    assert all(uid != far.uid for uid, _ in reacting)  # too far for anything


def test_raiders_action_reaction_after_passing() -> None:
    """raiders.turn.perform_actions: a player who has passed may still react."""
    st = bare_state(dice=[2, 9])  # B wins the initiative and passes at once
    place(st, HOUNDS, 20, 4)
    place(st, RAIDERS_1, 20, 12)
    reacted: list[int] = []

    def answer(d: object) -> object:
        kind = d.kind  # type: ignore[attr-defined]
        if kind == "activate":
            if d.player == 1 or any(e.kind == "declare" for e in st.log.events):  # type: ignore[attr-defined]
                return C.Pass()
            return C.Activate(HOUNDS)
        if kind == "action":
            return C.ChooseAction("run")
        if kind == "destination":
            return C.Point(20, 16)
        if kind == "react":
            reacted.append(d.player)  # type: ignore[attr-defined]
            return C.NoReaction()
        raise AssertionError(kind)

    drive(play_turn(st), answer)
    passes = [e["side"] for e in st.log.events if e.kind == "pass"]
    assert passes[0] == "b"
    assert reacted == [1]


@pytest.mark.parametrize("seed", [3, 4, 11])
def test_raiders_turn_first_action_is_reported_for_the_simulator(seed: int) -> None:
    """raiders.turn.perform_actions: the side whose action came first in the game is in the
    outcome (``first_player``), as the simulator's first-mover figure needs; it is the side
    of the first declared action."""
    from warband.core.controller import play
    from warband.rulesets.raiders import RULESET

    lists = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    game = RULESET.new_game(lists, seed)
    random_ai = RULESET.controllers()["random"]
    outcome = play(game, {0: random_ai(), 1: random_ai()}, seed)
    first = next(e for e in game.events if e.kind == "declare")
    assert outcome.extra["first_player"] == first.data["side"]
