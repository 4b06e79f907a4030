"""Shooting, combat, morale and simultaneous resolution, one rule at a time (scripted dice)."""

from __future__ import annotations

from raiders_helpers import (
    HOUNDS,
    RAIDERS_1,
    RANGERS,
    SCOUTS,
    SPEARMEN,
    THANE,
    WARLORD,
    WARRIORS_1,
    WARRIORS_2,
    answers,
    bare_state,
    drive,
    place,
)

from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.rules.actions import actions_for
from warband.rulesets.raiders.rules.turn import perform_action
from warband.rulesets.raiders.state import Options


def _events(st: object, kind: str) -> list[object]:
    return [e for e in st.log.events if e.kind == kind]  # type: ignore[attr-defined]


def test_raiders_action_shoot_needs_ready_marker() -> None:
    """raiders.action.make_ready / raiders.action.shoot: no shooting before making ready."""
    st = bare_state()
    rangers = place(st, RANGERS, 20, 4)
    place(st, RAIDERS_1, 20, 20)
    assert "shoot" not in actions_for(st, rangers) and "make_ready" in actions_for(st, rangers)
    rangers.ready = True
    assert "shoot" in actions_for(st, rangers) and "aim" in actions_for(st, rangers)


def test_raiders_shooting_hit_and_damage_dice_and_go_to_ground() -> None:
    """raiders.shooting.hit_roll / damage_roll / remove_casualties_and_aim and
    raiders.action.go_to_ground: 5 rangers at Tg 6 + 2 (gone to ground) = 8; hits on 8+,
    wounds on Arm 5+; casualties come off after; the shooter keeps its ready marker."""
    st = bare_state(dice=[8, 9, 7, 2, 10, 5, 4, 6])
    rangers = place(st, RANGERS, 20, 4)
    raiders = place(st, RAIDERS_1, 20, 20)
    rangers.ready = True
    st.tokens = [10, 10]
    drive(perform_action(st, rangers), answers(
        ("action", C.ChooseAction("shoot")), ("target", C.Target(RAIDERS_1)),
        ("react", C.React(RAIDERS_1, "go_to_ground")),
    ))
    shot = _events(st, "shoot")[0]
    assert shot["need"] == 8 and shot["hits"] == 3 and shot["wounds"] == 2  # type: ignore[index]
    assert raiders.figures == 5 and raiders.wounds == 0 and raiders.morale_tokens == 1
    assert rangers.ready


def test_raiders_ability_shield_wall_shooting_and_palisades() -> None:
    """raiders.ability.shield_wall_shooting (+3 Tg) and raiders.ability.palisades (+2 Tg)."""
    st = bare_state(dice=[1] * 5)
    scouts = place(st, SCOUTS, 20, 28)
    place(st, WARRIORS_1, 20, 20)
    scouts.ready = True
    st.tokens = [10, 10]
    drive(perform_action(st, scouts), answers(
        ("action", C.ChooseAction("shoot")), ("target", C.Target(WARRIORS_1)),
        ("react", C.React(WARRIORS_1, "shield_wall_shooting")),
    ))
    assert _events(st, "shoot")[0]["need"] == 6 + 3  # type: ignore[index]
    st = bare_state(dice=[1] * 5)
    scouts = place(st, SCOUTS, 20, 28)
    spears = place(st, SPEARMEN, 20, 20)
    spears.palisade = (spears.x, spears.y)
    scouts.ready = True
    st.tokens = [10, 10]
    drive(perform_action(st, scouts), answers(
        ("action", C.ChooseAction("shoot")), ("target", C.Target(SPEARMEN)), ("react", C.NoReaction()),
    ))
    assert _events(st, "shoot")[0]["need"] == 6 + 2  # type: ignore[index]


def test_raiders_action_run_target_minus_two_and_rangers_aim() -> None:
    """raiders.action.run: shot while running, Tg -2 and no cover; raiders.action.aim and
    raiders.ability.rangers: aimed rangers get +3 (replacing Aim's +2) or +5 with the
    ``rangers_aim=stack`` option; the aim marker goes after the shot."""
    for option, bonus in (("replace", 3), ("stack", 5)):
        st = bare_state(Options(rangers_aim=option), dice=[1] * 10)
        raiders = place(st, RAIDERS_1, 20, 24)
        rangers = place(st, RANGERS, 20, 4)
        rangers.ready = rangers.aimed = True
        st.tokens = [10, 10]
        drive(perform_action(st, raiders), answers(
            ("action", C.ChooseAction("run")), ("destination", C.Point(30, 24)),
            ("react", C.React(RANGERS, "shoot", RAIDERS_1)),
        ))
        shot = _events(st, "shoot")[0]
        assert shot["need"] == 6 - 2 - bonus  # type: ignore[index]
        assert not rangers.aimed and rangers.ready


def test_raiders_action_simultaneous_resolution_both_fire_at_full_strength() -> None:
    """raiders.action.simultaneous_resolution: two units shooting each other both roll with
    every figure they had when the action was declared; casualties come off afterwards."""
    # Rangers (5) shoot the scouts (Tg 7, Arm 4); the scouts (5) shoot back (Tg 7, Arm 4).
    st = bare_state(dice=[10] * 5 + [10] * 5 + [10] * 5 + [10] * 5)
    rangers = place(st, RANGERS, 20, 14)
    scouts = place(st, SCOUTS, 20, 24)
    rangers.ready = scouts.ready = True
    st.tokens = [10, 10]
    drive(perform_action(st, rangers), answers(
        ("action", C.ChooseAction("shoot")), ("target", C.Target(SCOUTS)),
        ("react", C.React(SCOUTS, "shoot", RANGERS)),
    ))
    shots = _events(st, "shoot")
    assert [s["figures"] for s in shots] == [5, 5]  # type: ignore[index]
    assert [s["wounds"] for s in shots] == [5, 5]  # type: ignore[index]
    assert (rangers.figures, rangers.wounds) == (3, 1) and (scouts.figures, scouts.wounds) == (3, 1)


def test_raiders_combat_round_with_secret_split() -> None:
    """raiders.combat.*: a charge on warriors that defend. Pools: 6 x 2 CD = 12 each. Shields
    force 6 of the warriors' dice into defence (raiders.ability.shields). Defence dice first
    (both sides), then attack dice; wounds together; each side one more fatigue
    (raiders.combat.fatigue)."""
    st = bare_state()
    warriors = place(st, WARRIORS_1, 20, 10)
    raiders = place(st, RAIDERS_1, 20, 15)  # 1.95" gap: no charge bonus (Mv 6, half is 3)
    st.tokens = [10, 10]
    seen: dict[int, list[int]] = {}

    def split(d: object) -> object:
        seen[d.player] = [o.attack for o in d.options]  # type: ignore[attr-defined]
        return C.Split(6) if d.player == 0 else C.Split(8)  # type: ignore[attr-defined]

    # defence, the charger's first: raiders' 4 dice vs warriors' attack (block on 5-1=4):
    # 1 save; warriors' 6 dice vs raiders' attack (block on 5-2=3): 3 saves.
    # attack, the charger's first: raiders' 8-3=5 dice wound warriors on 5-1=4: 4 wounds;
    # warriors' 6-1=5 dice wound raiders on 5-0=5: 2 wounds.
    from warband.core.dice import ScriptedDice

    st.dice = ScriptedDice([4, 1, 1, 1] + [3, 1, 3, 9, 1, 2] + [4, 5, 6, 7, 2] + [5, 9, 1, 2, 3])
    drive(perform_action(st, raiders), answers(
        ("action", C.ChooseAction("charge")), ("target", C.Target(WARRIORS_1)),
        ("react", C.React(WARRIORS_1, "defend", RAIDERS_1)), ("split_dice", split),
        ("split_dice", split),
    ))
    assert seen[0] == list(range(0, 7)) and seen[1] == list(range(0, 13))
    dice = _events(st, "combat_dice")
    assert [d["saves"] for d in dice] == [3, 1]  # type: ignore[index]
    assert [d["wounds"] for d in dice] == [4, 2]  # raiders on warriors, warriors on raiders
    assert (warriors.figures, warriors.wounds) == (4, 0)
    assert (raiders.figures, raiders.wounds) == (5, 0)
    assert warriors.fatigue == 2 and raiders.fatigue == 2  # reaction/token + combat


def test_raiders_ability_impetus_needs_over_half_move() -> None:
    """raiders.ability.impetus / raiders.action.charge: +1 AS +1 Str only when the charger
    covered more than half its standard move (default), or always with the option off."""
    from warband.rulesets.raiders.rules.combat import Fighter, combat_side

    st = bare_state()
    raiders = place(st, RAIDERS_1, 20, 20)
    near, _ = combat_side(st, Fighter(raiders, 6, "charge", False))
    far, notes = combat_side(st, Fighter(raiders, 6, "charge", True))
    assert (near.attack_skill, near.strength) == (5, 1)
    assert (far.attack_skill, far.strength) == (6, 2) and "Impetus" in notes[0]
    st2 = bare_state(Options(impetus_needs_bonus=False))
    always, _ = combat_side(st2, Fighter(place(st2, RAIDERS_1, 20, 20), 6, "charge", False))
    assert always.attack_skill == 6


def test_raiders_ability_defensive_spears_combat_master_shield_wall() -> None:
    """raiders.ability.defensive_spears (+1 AS +1 DB defending with the bonus),
    raiders.ability.combat_master (+X dice), raiders.ability.shield_wall_combat."""
    from warband.rulesets.raiders.rules.combat import Fighter, combat_side

    st = bare_state()
    spears = place(st, SPEARMEN, 10, 10)
    side, _ = combat_side(st, Fighter(spears, 6, "defend", True))
    assert (side.attack_skill, side.defence_bonus) == (6, 3)
    side, _ = combat_side(st, Fighter(spears, 6, "defend", False))
    assert (side.attack_skill, side.defence_bonus) == (5, 2)
    thane = place(st, THANE, 30, 10)
    side, _ = combat_side(st, Fighter(thane, 5, "shield_wall", False))
    assert side.pool == 5 * 2 + 1 and side.shield_wall and side.min_defence == 5


def test_raiders_morale_tokens_and_test_at_half_strength() -> None:
    """raiders.morale.tokens: a token per figure lost. raiders.morale.test_trigger: a unit at
    or below half strength tests when targeted; raiders.morale.failure: it breaks and its
    reaction fails."""
    st = bare_state()
    warriors = place(st, WARRIORS_2, 20, 20)
    warriors.figures = 3  # 3 of 6: at half strength
    warriors.morale_tokens = 3
    scouts = place(st, SCOUTS, 20, 28)
    scouts.ready = True
    st.tokens = [10, 10]
    from warband.core.dice import ScriptedDice

    # morale: d10 7 + 3 tokens = 10 >= Morale 10: fails. Then 5 hit dice (all miss).
    st.dice = ScriptedDice([7, 1, 1, 1, 1, 1])
    drive(perform_action(st, scouts), answers(
        ("action", C.ChooseAction("shoot")), ("target", C.Target(WARRIORS_2)),
        ("react", C.React(WARRIORS_2, "shield_wall_shooting")),
    ))
    test = _events(st, "morale_test")[0]
    assert test["total"] == 10 and not test["passed"]  # type: ignore[index]
    assert warriors.broken
    assert _events(st, "shoot")[0]["need"] == 6  # type: ignore[index]  # the shield wall failed
    assert warriors.fatigue == 1  # fatigue for the failed reaction all the same


def test_raiders_ability_leader_lends_its_morale_within_12() -> None:
    """raiders.ability.leader: within 12" of the Lead Retinue a unit tests on the better
    Morale, unless the Lead Retinue is broken."""
    from warband.rulesets.raiders.rules.morale import morale_value

    st = bare_state()
    thane = place(st, THANE, 10, 10)  # Morale 11
    near = place(st, WARRIORS_1, 20, 10)  # Morale 10, 10" away
    far = place(st, WARRIORS_2, 30, 10)
    assert morale_value(st, near) == (11, thane.name)
    assert morale_value(st, far) == (10, None)
    thane.broken = True
    assert morale_value(st, near) == (10, None)


def test_raiders_action_rally_and_regroup() -> None:
    """raiders.action.rally: a broken unit passes a morale test and is no longer broken;
    raiders.action.regroup: removes one morale token (allowed while broken by default)."""
    st = bare_state(dice=[3])
    raiders = place(st, RAIDERS_1, 20, 30)
    raiders.broken = True
    raiders.morale_tokens = 2
    assert actions_for(st, raiders) == ["rally", "regroup"]
    st.tokens = [10, 10]
    drive(perform_action(st, raiders), answers(("action", C.ChooseAction("rally"))))
    assert not raiders.broken  # 3 + 2 = 5 < 9
    drive(perform_action(st, raiders), answers(("action", C.ChooseAction("regroup"))))
    assert raiders.morale_tokens == 1
    st = bare_state(Options(broken_may_regroup=False))
    raiders = place(st, RAIDERS_1, 20, 30)
    raiders.broken, raiders.morale_tokens = True, 2
    assert actions_for(st, raiders) == ["rally"]


def test_raiders_action_counter_charge_meets_and_fights() -> None:
    """raiders.action.counter_charge: both units move toward each other, each up to its own
    move, and fight; each one's charge bonus depends on the distance at declaration."""
    st = bare_state()
    hounds = place(st, HOUNDS, 20, 5)
    warlord = place(st, WARLORD, 20, 15.94)  # gap 10.94 - 2.41 - 1.53 = 7: over half of 8 and 5
    st.tokens = [10, 10]
    from warband.core.dice import ScriptedDice

    st.dice = ScriptedDice([], fallback_seed=1)
    drive(perform_action(st, hounds), answers(
        ("action", C.ChooseAction("charge")), ("target", C.Target(WARLORD)),
        ("react", C.React(WARLORD, "counter_charge", HOUNDS)),
        ("split_dice", C.Split(0)), ("split_dice", C.Split(0)),
    ))
    combat = _events(st, "combat")[0]
    assert combat["bonus"] == [True, True]  # type: ignore[index]
    assert any("Impetus" in m for m in combat["modifiers"][0])  # type: ignore[index]
    moves = [e for e in _events(st, "move")]
    assert [m["kind"] for m in moves] == ["charge", "counter_charge"]  # type: ignore[index]
    assert abs(moves[0]["inches"] - 7 * 8 / 13) < 0.01  # type: ignore[index]  # its share
    assert st.in_contact(hounds, warlord)
