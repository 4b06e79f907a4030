"""Magic and the six spells; measuring, line of sight and movement on the table."""

from __future__ import annotations

from raiders_helpers import (
    RAIDERS_1,
    RAIDERS_2,
    RAIDERS_3,
    SHAMAN,
    THANE,
    WARLORD,
    WARRIORS_1,
    WARRIORS_2,
    WIZARD,
    answers,
    bare_state,
    drive,
    place,
)

from warband.core.dice import ScriptedDice
from warband.rulesets.raiders import choices as C
from warband.rulesets.raiders.rules.magic import cast_spell
from warband.rulesets.raiders.rules.measure import line_of_sight
from warband.rulesets.raiders.rules.movement import move_unit
from warband.rulesets.raiders.rules.turn import perform_action


def test_raiders_magic_book_example_through_a_counter_spell() -> None:
    """raiders.magic.* and raiders.action.counter_spell, the book's numbers played out: a
    caster spends 2 stored power (3 casting dice) on a spell needing 5 (here Energy (Drain),
    difficulty 5, at MR 0 warriors - the book's difficulty 4 + MR 1); an enemy mage counters
    with one die and no power. Casting 5, 6, 8 against a counter 6: the 6 is cancelled, the 5
    and 8 remain - power level 2 (4 fatigue counters added)."""
    st = bare_state()
    shaman = place(st, SHAMAN, 20, 26)
    shaman.power = 2
    warriors = place(st, WARRIORS_1, 20, 14)
    wizard = place(st, WIZARD, 30, 10)
    wizard.figures = 1  # its acolytes are gone: one counter die
    st.tokens = [10, 10]
    st.dice = ScriptedDice([5, 6, 8, 6])
    drive(perform_action(st, shaman), answers(
        ("action", C.ChooseAction("cast_spell")), ("spell", C.ChooseSpell("energy-drain")),
        ("target", C.Target(WARRIORS_1)), ("power", C.Power(2)),
        ("react", C.React(WIZARD, "counter_spell", SHAMAN)), ("power", C.Power(0)),
    ))
    casting = next(e for e in st.log.events if e.kind == "casting")
    assert casting["needed"] == 5 and casting["casting"] == [8, 6, 5]
    assert casting["counter"] == [6] and casting["cancelled"] == [6] and casting["power"] == 2
    assert shaman.power == 0 and wizard.fatigue == 1
    assert warriors.fatigue == 4


def test_raiders_spell_magic_missile_wounds_on_armour() -> None:
    """raiders.spell.magic_missile: power 2 = 2 x D5 hits, each wounding on a d10 at or above
    the target's Armour; the wounds come off like any other."""
    st = bare_state()
    wizard = place(st, WIZARD, 20, 10)
    wizard.figures = 1
    warlord = place(st, WARLORD, 20, 22)
    # two casting dice (1 + 1 power): 9 and 9 -> power 2 (needs 6); D5s from 9 and 4: 5 + 2
    st.dice = ScriptedDice([9, 9, 9, 4, 6, 6, 6, 1, 1, 1, 1])
    wizard.power = 1
    wounds, effect = cast_spell(st, wizard, st.spells["magic-missile"], warlord, 1, None, 0)
    assert effect is None
    missile = next(e for e in st.log.events if e.kind == "magic_missile")
    assert missile["hit_dice"] == [5, 2] and missile["hits"] == 7 and wounds == 3


def test_raiders_spell_healing_brings_back_figures_lost_this_turn() -> None:
    """raiders.spell.healing: HP first clears carried wounds, then revives figures removed
    this turn; no more than the unit started with."""
    st = bare_state()
    wizard = place(st, WIZARD, 20, 10)
    warriors = place(st, WARRIORS_1, 24, 10)
    warriors.figures, warriors.wounds, warriors.lost_this_turn = 4, 1, 2
    st.dice = ScriptedDice([10, 10, 10, 10, 10])  # one casting die (and 2 acolytes): 10; 3 D5
    spell = st.spells["healing"]
    _, effect = cast_spell(st, wizard, spell, warriors, 0, None, 0)
    assert effect is not None
    effect()
    # power 1 (one casting die kept) -> 1 D5 = 5 HP: 1 carried wound, then 2 figures (4 HP)
    assert warriors.figures == 6 and warriors.wounds == 0


def test_raiders_spell_energy_combat_prowess_unnatural_speed() -> None:
    """raiders.spell.energy_restore / energy_drain / combat_prowess / unnatural_speed."""
    st = bare_state()
    wizard = place(st, WIZARD, 20, 10)
    wizard.figures = 1
    friend = place(st, WARRIORS_1, 24, 10)
    foe = place(st, RAIDERS_1, 24, 20)
    friend.fatigue = 3
    for spell_id, target, dice in (
        ("energy-restore", friend, [8]),  # power 1 (needs 5): up to 2 removed
        ("energy-drain", foe, [9]),  # power 1: 2 added
        ("combat-prowess", friend, [9, 7]),  # needs 7: power 1, then D10 = 7 dice
        ("unnatural-speed", friend, [10]),  # power 1: +6
    ):
        st.dice = ScriptedDice(dice)
        _, effect = cast_spell(st, wizard, st.spells[spell_id], target, 0, None, 0)
        assert effect is not None
        effect()
    assert friend.fatigue == 1 and foe.fatigue == 2
    assert friend.prowess == 7 and friend.speed == 6 and friend.move == 12 and friend.run == 15


def test_raiders_magic_effectiveness_power_capped_at_highest_level() -> None:
    """raiders.magic.effectiveness (default reading): power beyond the highest listed level
    counts as the highest."""
    st = bare_state()
    spell = st.spells["combat-prowess"]
    assert spell.max_level == 2 and spell.amount(5) == spell.amount(2) == 2


def test_raiders_core_line_of_sight_through_one_unit_not_two() -> None:
    """raiders.core.line_of_sight: units see through one unit, not two."""
    st = bare_state()
    viewer = place(st, THANE, 10, 4)
    target = place(st, RAIDERS_1, 10, 30)
    assert line_of_sight(st, viewer, target)
    place(st, WARRIORS_1, 10, 12)
    assert line_of_sight(st, viewer, target)
    place(st, RAIDERS_2, 10, 20)
    assert not line_of_sight(st, viewer, target)


def test_raiders_core_line_of_sight_lower_units_do_not_block() -> None:
    """raiders.core.line_of_sight: units standing lower than the viewer never block; units
    as high or higher do."""
    hill = {"name": "Hill", "kind": "open", "elevation": 1, "points": [[5, 0], [15, 0], [15, 8], [5, 8]]}
    st = bare_state(terrain=[hill])
    viewer = place(st, THANE, 10, 4)  # on the hill
    target = place(st, RAIDERS_1, 10, 30)
    place(st, WARRIORS_1, 10, 12)
    place(st, RAIDERS_2, 10, 20)
    assert line_of_sight(st, viewer, target)  # both units in the way stand lower
    ridge = {"name": "Ridge", "kind": "open", "elevation": 1, "points": [[5, 17], [15, 17], [15, 23], [5, 23]]}
    st = bare_state(terrain=[hill, ridge])
    viewer = place(st, THANE, 10, 4)
    target = place(st, RAIDERS_1, 10, 30)
    place(st, WARRIORS_1, 10, 12)
    place(st, RAIDERS_2, 10, 20)  # on the ridge, as high as the viewer: it blocks...
    assert line_of_sight(st, viewer, target)  # ... but one unit can be seen through
    place(st, RAIDERS_3, 10, 6.6)  # a second unit on the viewer's hill, in the way
    assert not line_of_sight(st, viewer, target)


def test_raiders_core_line_of_sight_terrain_blocks() -> None:
    wall = [{"name": "Wall", "kind": "impassable", "blocks_sight": True,
             "points": [[0, 15], [48, 15], [48, 16], [0, 16]]}]
    st = bare_state(terrain=wall)
    assert not line_of_sight(st, place(st, THANE, 10, 4), place(st, RAIDERS_1, 10, 30))


def test_raiders_core_movement_formation_stops_on_contact() -> None:
    """raiders.core.movement_formation: the leader moves, the unit forms up round it, and the
    formation stops on touching another unit."""
    st = bare_state()
    mover = place(st, WARRIORS_1, 10, 4)
    other = place(st, WARRIORS_2, 10, 10)
    move_unit(st, mover, (other.x, other.y), 6, "move")
    assert abs(st.gap(mover, other)) < 0.06
    assert len(mover.figure_positions()) == 6 and mover.figure_positions()[0] == (mover.x, mover.y)


def test_raiders_terrain_narrow_gap_files_through_at_half_rate() -> None:
    """raiders.terrain.narrow_gap: a formed unit too wide for a gap its figures fit through
    files through it, each inch in the gap costing two, and reforms beyond it."""
    wall = [
        {"name": "West wall", "kind": "impassable", "points": [[0, 20], [23.9, 20], [23.9, 20.6], [0, 20.6]]},
        {"name": "East wall", "kind": "impassable", "points": [[26.1, 20], [48, 20], [48, 20.6], [26.1, 20.6]]},
    ]
    st = bare_state(terrain=wall)
    u = place(st, WARRIORS_1, 25, 22.3)
    move_unit(st, u, (25, 12), 9, "run")
    event = [e for e in st.log.events if e.kind == "move"][-1]
    assert event["squeezed"]
    assert u.y < 20 - u.radius + 1e-6  # reformed beyond the wall
    assert event["inches"] < 9  # the gap cost double
    st2 = bare_state(terrain=wall)
    slow = place(st2, WARRIORS_1, 25, 22.3)
    move_unit(st2, slow, (25, 12), 6, "move")  # too short to get through: goes no further
    assert not [e for e in st2.log.events if e.kind == "move"][-1]["squeezed"]
    assert slow.y > 20
