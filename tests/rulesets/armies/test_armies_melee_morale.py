"""Armies of Arcana: the Melee and Morale phases (armies.melee.*, armies.morale.*)."""

from __future__ import annotations

import math

from armies_helpers import (
    GUARD,
    KNIGHTS,
    NORTH,
    SOUTH,
    SPEARMEN,
    TROLL,
    WARRIORS,
    WOLVES,
    bare_state,
    drive,
    events,
    place,
)

from warband.core.dice import ScriptedDice
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.choices import Strike
from warband.rulesets.armies.models import Trait
from warband.rulesets.armies.rules.measure import fighters
from warband.rulesets.armies.rules.melee import melee_phase, plan_blows
from warband.rulesets.armies.rules.morale import (
    break_test_target,
    morale_phase,
    superior_enemy,
    triggers,
)


def _fight(attacker: int, defender: int, face: str = "front", dice=None):  # type: ignore[no-untyped-def]
    st = bare_state(dice=dice)
    d = place(st, defender, 24, 20, SOUTH)
    a = place(st, attacker, 24, 10, NORTH)
    a.formation = a.formation.flush_against(d.formation, face)
    st.engage(a, d)
    return st, a, d


def test_long_weapons_fight_from_the_second_rank() -> None:
    """armies.melee.long_weapons: spearmen fight two ranks deep; warriors one."""
    st, sp, wa = _fight(SPEARMEN, WARRIORS)
    assert fighters(st, sp, wa) == 2 * sp.current_files
    assert fighters(st, wa, sp) == wa.current_files


def test_flank_contact_fights_with_the_ranks_on_that_flank() -> None:
    """House reading of contact by edge: a unit hit in the flank fights with the models along
    that flank (one per rank)."""
    st, kn, wa = _fight(KNIGHTS, WARRIORS, face="left")
    assert fighters(st, wa, kn) == min(wa.ranks, math.ceil(kn.formation.width / wa.base_d - 0.05))


def test_melee_is_simultaneous() -> None:
    """armies.melee.simultaneous: every normal blow is rolled before any wound is taken."""
    st, sp, wa = _fight(SPEARMEN, WARRIORS, dice=[])
    st.dice = ScriptedDice([], fallback_seed=5)
    drive(melee_phase(st), lambda d: d.options[0])
    kinds = [e.kind for e in st.log.events]
    last_attack = max(i for i, k in enumerate(kinds) if k == "attacks")
    first_wound = min((i for i, k in enumerate(kinds) if k == "wounded"), default=len(kinds))
    assert last_attack < first_wound


def test_first_strikes_kill_before_normal_blows() -> None:
    """armies.melee.simultaneous: first strikes land before normal attacks; models they kill
    do not strike back."""
    st, kn, wa = _fight(KNIGHTS, WARRIORS)
    wa.models, wa.characters = 1, []
    wa.reshape()
    n = fighters(st, kn, wa)
    st.dice = ScriptedDice([1] * n + [6] * n)  # every knight hits, no save
    drive(melee_phase(st), lambda d: d.options[0])
    assert wa.gone
    assert [e["what"] for e in events(st, "attacks")] == ["melee_first"]


def test_ramming_strikes_even_if_the_rammer_dies_first() -> None:
    """armies.melee.ramming: a charger's ramming attacks are counted before the first
    strikes and always strike."""
    st, kn, wa = _fight(KNIGHTS, WARRIORS)
    kn.models = 1
    kn.reshape()
    kn.charged = True
    kn.profile = kn.profile.model_copy(update={"traits": frozenset()})
    wa.profile = wa.profile.model_copy(update={"traits": frozenset({Trait.FIRST_STRIKE})})
    st.dice = ScriptedDice([], fallback_seed=0)
    wa.characters = []
    # make the warriors' first strike certain to kill the lone knight
    wa.profile = wa.profile.model_copy(update={"skill": 9, "strength": 9})
    drive(melee_phase(st), lambda d: d.options[0])
    assert kn.gone
    rams = [e for e in events(st, "attacks") if e["attacker"] == kn.name]
    assert [e["what"] for e in rams] == ["melee_normal"]
    assert len(rams[0]["rolls"]) == kn.profile.ramming


def test_characters_seek_out_enemy_characters() -> None:
    """armies.melee.character_targeting: the Captain fights the Warboss, not the troops."""
    st, sp, wa = _fight(SPEARMEN, WARRIORS)
    blows = drive(plan_blows(st))
    captain = next(b for b in blows if b.character is not None and b.attacker is sp)
    warboss = next(b for b in blows if b.character is not None and b.attacker is wa)
    assert captain.victim is wa.characters[0]
    assert warboss.victim is sp.characters[0]


def test_characters_double_up_only_when_every_enemy_character_is_taken() -> None:
    """armies.melee.character_targeting: when every enemy character is taken, a second
    character may double up on one or fight the troops (its player chooses)."""
    st, sp, wa = _fight(SPEARMEN, WARRIORS)
    sp.characters.append(st.unit(GUARD).characters[0])  # the Magus joins the Captain
    asked = []

    def answer(d):  # type: ignore[no-untyped-def]
        asked.append(d)
        return d.options[0]
    blows = [b for b in drive(plan_blows(st), answer)
             if b.character is not None and b.attacker is sp]
    assert [b.victim for b in blows] == [wa.characters[0], wa.characters[0]]
    [ask] = [d for d in asked if d.kind == "character_target"]
    assert set(ask.options) == {Strike(WARRIORS, wa.characters[0].cid), Strike(WARRIORS, -1)}


def test_monsters_choose_their_victims() -> None:
    """armies.melee.monster_targeting: the troll's owner is asked: the troops or a character
    in contact."""
    st, troll, sp = _fight(TROLL, SPEARMEN)
    seen = []

    def answer(d):  # type: ignore[no-untyped-def]
        seen.append(d)
        return next(o for o in d.options if o.cid >= 0) if d.kind == "monster_target" else \
            d.options[0]
    blows = drive(plan_blows(st), answer)
    [ask] = [d for d in seen if d.kind == "monster_target"]
    assert set(ask.options) == {Strike(SPEARMEN, -1), Strike(SPEARMEN, sp.characters[0].cid)}
    assert next(b for b in blows if b.attacker is troll).victim is sp.characters[0]


def test_regeneration_comes_before_break_tests() -> None:
    """armies.morale.regenerate: wounds regenerated before the triggers are read."""
    st = bare_state(dice=[1, 1, 1])
    troll = place(st, TROLL, 24, 20, SOUTH)
    troll.damage, troll.wounded_turn = 3, True
    drive(morale_phase(st))
    assert troll.damage == 0
    assert not events(st, "break_test")  # at full wounds again: no half-wounds trigger


def test_broken_units_rally_on_base_morale_before_others_test() -> None:
    """armies.morale.rally: a roll on base morale, before any unbroken unit tests; it is not
    tested again."""
    st = bare_state(dice=[3, 6])
    sp = place(st, SPEARMEN, 24, 10, NORTH)
    kn = place(st, KNIGHTS, 34, 10, NORTH)
    sp.broken = True
    sp.models_lost_turn = 10
    kn.character_lost_turn = True
    drive(morale_phase(st))
    assert not sp.broken
    assert [e.kind for e in st.log.events if e.kind in ("rally", "break_test")] == \
        ["rally", "break_test"]


def test_fearless_units_test_only_in_melee() -> None:
    """armies.morale.fearless_berserk."""
    st = bare_state()
    sp = place(st, SPEARMEN, 24, 10, NORTH)
    sp.profile = sp.profile.model_copy(update={"traits": frozenset({Trait.FEARLESS})})
    sp.models_lost_turn = 10
    assert triggers(st, sp) == []
    wa = place(st, WARRIORS, 24, 20, SOUTH)
    wa.formation = wa.formation.flush_against(sp.formation, "front")
    st.engage(sp, wa)
    assert "quarter_losses" in triggers(st, sp)


def test_the_five_triggers() -> None:
    """armies.morale.trigger_quarter_losses, trigger_half_wounds, trigger_superior_enemy,
    trigger_fearsome, trigger_character_lost."""
    st = bare_state()
    sp = place(st, SPEARMEN, 24, 10, NORTH)
    assert triggers(st, sp) == []
    sp.models_lost_turn = 7  # 7 of 24 + 1 character: a quarter
    assert triggers(st, sp) == ["quarter_losses"]
    sp.models_lost_turn = 6
    assert triggers(st, sp) == []
    sp.models = 10  # 14 of its 27 wounds (24 and the Captain's 3) gone
    assert triggers(st, sp) == []  # half its wounds gone, but not engaged nor wounded
    sp.wounded_turn = True
    assert triggers(st, sp) == ["half_wounds"]
    sp.models, sp.wounded_turn = 24, False
    sp.fearsome_casualty = True
    assert triggers(st, sp) == ["fearsome"]
    sp.fearsome_casualty, sp.character_lost_turn = False, True
    assert triggers(st, sp) == ["character_lost"]


def test_superior_enemy_by_wounds_flank_or_skirmish() -> None:
    """armies.morale.trigger_superior_enemy: three times the wounds; a RaF unit of equal
    wounds on the flank; a RaF unit of equal wounds against skirmishers."""
    st, kn, wa = _fight(KNIGHTS, WARRIORS)
    assert superior_enemy(st, kn) is wa  # 43 wounds (40 and the Warboss) against 12
    assert superior_enemy(st, wa) is None
    st2, wa2, sp2 = _fight(WARRIORS, SPEARMEN, face="left")
    assert superior_enemy(st2, sp2) is wa2  # front of 43 wounds on its flank
    st3, sp3, wolves = _fight(SPEARMEN, WOLVES)
    assert superior_enemy(st3, wolves) is sp3


def test_morale_modifiers_from_the_base_size_table() -> None:
    """armies.morale.mod_own_models: 24 base-1 models in rank and file +4 (the yaml
    illustration); mod_engaged_enemies: -1 per 6 base-1 RaF enemies; mod_losses: the larger
    of wounds lost / 2 and wounds on survivors."""
    assert m.morale_modifier(own_models=24, own_base="1", own_raf=True, enemies=[],
                             wounds_removed_turn=0, wounds_on_survivors=0) == 4
    assert m.morale_modifier(own_models=24, own_base="1", own_raf=True,
                             enemies=[(36, "1", True)], wounds_removed_turn=5,
                             wounds_on_survivors=1) == 4 - 6 - 2
    assert m.models_per_point("9", raf=True) == 1 and m.models_per_point("1/2", False) == 20
    st, sp, wa = _fight(SPEARMEN, WARRIORS)
    target, mods = break_test_target(st, sp)
    own = sp.model_count // 6
    assert target == sp.profile.morale + own - wa.model_count // 6 and mods["table"] == target - 3


def test_break_test_failure_breaks() -> None:
    """armies.morale.test_roll: a D6 over the modified morale breaks the unit."""
    st = bare_state(dice=[6])
    kn = place(st, KNIGHTS, 24, 10, NORTH)
    kn.character_lost_turn = True
    drive(morale_phase(st))
    assert kn.broken and events(st, "break_test")[0]["target"] < 6


def test_overrun_is_resolved_during_movement() -> None:
    """armies.move.overrun (house reading): a charge on a unit with a third of the charger's
    wounds or fewer is fought out at once, the target not striking back."""
    from warband.core.dice import Dice
    from warband.rulesets.armies.rules.melee import is_overrun
    from warband.rulesets.armies.rules.movement import _charge

    st = bare_state()
    st.dice = Dice(1)
    kn = place(st, KNIGHTS, 24, 10, NORTH)
    wolves = place(st, WOLVES, 24, 14, SOUTH)
    wolves.models = 3
    wolves.reshape()
    assert is_overrun(kn, wolves) and not is_overrun(wolves, kn)
    drive(_charge(st, kn, wolves))
    assert events(st, "overrun")
    assert {e["attacker"] for e in events(st, "attacks")} == {kn.name}
    assert kn.charged


def test_attacking_up_the_hill() -> None:
    """armies.melee.mod_slope (house terrain): -1 attacking a unit on a hill from below."""
    from warband.rulesets.armies.rules.melee import melee_skill

    st = bare_state(terrain=[{"kind": "hill", "x": 14, "y": 20, "w": 20, "h": 10}])
    st2, sp, wa = _fight(SPEARMEN, WARRIORS)
    st.units = st2.units
    # the warriors stand on the hill (their centre y 22.8), the spearmen below it (18.4)
    assert melee_skill(st, sp, sp.profile, wa, None) == melee_skill(st2, sp, sp.profile, wa,
                                                                    None) - 1
    assert melee_skill(st, wa, wa.profile, sp, None) == melee_skill(st2, wa, wa.profile, sp,
                                                                    None)


def test_last_strikes_come_after_normal_blows() -> None:
    """armies.melee.simultaneous: last-strike attacks are resolved after the normal ones, by
    the models still alive."""
    st, sp, wa = _fight(SPEARMEN, WARRIORS)
    wa.characters, sp.characters = [], []
    wa.profile = wa.profile.model_copy(update={"traits": frozenset({Trait.LAST_STRIKE})})
    st.dice = ScriptedDice([], fallback_seed=3)
    drive(melee_phase(st), lambda d: d.options[0])
    order = [(e["attacker"], e["what"]) for e in events(st, "attacks")]
    assert order == [(sp.name, "melee_normal"), (wa.name, "melee_last")]
    [last] = [e for e in events(st, "attacks") if e["what"] == "melee_last"]
    assert len(last["rolls"]) == fighters(st, wa, sp)  # only the survivors strike
