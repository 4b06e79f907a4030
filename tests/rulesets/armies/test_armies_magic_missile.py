"""Armies of Arcana: the Magic and Missile Fire phases (armies.magic.*, armies.missile.*)."""

from __future__ import annotations

from armies_helpers import (
    ARCHERS,
    BOMBARD,
    GUARD,
    NORTH,
    SLINGERS,
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
from warband.rulesets.armies.choices import Cast, Counter, Dispel, Pass, Shoot, YesNo
from warband.rulesets.armies.models import Trait
from warband.rulesets.armies.rules.damage import armour_save
from warband.rulesets.armies.rules.magic import cast_options, magic_phase
from warband.rulesets.armies.rules.missile import missile_phase, shoot, to_hit_skill
from warband.rulesets.armies.state import ActiveSpell


def _casters(st):  # type: ignore[no-untyped-def]
    magus = st.unit(GUARD).characters[0]
    shaman = st.unit(6).characters[0]
    return magus, shaman


def _magic_table():  # type: ignore[no-untyped-def]
    st = bare_state()
    place(st, GUARD, 20, 10, NORTH)
    place(st, SPEARMEN, 28, 10, NORTH)
    place(st, 6, 20, 22, SOUTH)  # Ash Warriors with the Shaman
    place(st, WARRIORS, 28, 22, SOUTH)
    return st


def test_persistent_spells_resolve_before_power_and_casting() -> None:
    """armies.magic.persistent_spells: recurring effects come first in the phase."""
    st = _magic_table()
    st.dice = ScriptedDice([6, 6, 6], fallback_seed=1)
    st.in_play.append(ActiveSpell(st.spells["plague-swarm"], 1, 1, SPEARMEN, 5))
    drive(magic_phase(st), lambda d: Pass() if d.kind == "cast" else d.options[0])
    order = [e.kind for e in st.log.events]
    assert order.index("spell_hits") < order.index("power")
    assert st.unit(SPEARMEN).models == 24 - 3  # three hits, every save failed (6s)


def test_power_only_for_casters_neither_broken_nor_in_melee() -> None:
    """armies.magic.power_gain."""
    st = _magic_table()
    magus, shaman = _casters(st)
    magus.power = shaman.power = 0
    st.unit(6).broken = True
    drive(magic_phase(st), lambda d: Pass() if d.kind == "cast" else d.options[0])
    assert (magus.power, shaman.power) == (1, 0)
    st.unit(6).broken = False
    st.engage(st.unit(6), st.unit(SPEARMEN))
    drive(magic_phase(st), lambda d: Pass() if d.kind == "cast" else d.options[0])
    assert (magus.power, shaman.power) == (2, 0)


def test_first_mover_chooses_casting_order_and_passing_ends_a_side() -> None:
    """armies.magic.casting_order, armies.magic.pass, armies.magic.one_spell: the side that
    moved first chooses; sides alternate; a side that passes casts no more; each caster
    casts once."""
    st = _magic_table()
    st.dice = ScriptedDice([], fallback_seed=4)
    st.first_mover = 1
    asked: list[tuple[str, int]] = []

    def answer(d):  # type: ignore[no-untyped-def]
        asked.append((d.kind, d.player))
        if d.kind == "cast_first":
            return YesNo(False)  # B moved first and lets A cast first
        if d.kind == "cast":
            return Pass() if d.player == 0 else next(o for o in d.options if isinstance(o, Cast))
        return d.options[0]
    drive(magic_phase(st), answer)
    casts = [p for k, p in asked if k == "cast"]
    assert asked[0] == ("cast_first", 1)
    assert casts == [0, 1]  # A passes, B casts once; the Shaman has cast: B is done
    assert not cast_options(st, 1)


def test_counterspell_ties_go_to_the_caster() -> None:
    """armies.magic.counterspell: the counter must beat the casting total."""
    st = _magic_table()
    magus, shaman = _casters(st)
    magus.power, shaman.power = 1, 0  # 2 and 1 after the phase's power
    st.dice = ScriptedDice([3, 4], fallback_seed=2)  # cast 3 + 2 = 5; counter 4 + 1 = 5

    def answer(d):  # type: ignore[no-untyped-def]
        if d.kind == "cast" and d.player == 0:
            return Cast(magus.cid, "fireball", 6, 2)
        if d.kind == "counterspell":
            return Counter(shaman.cid, 1)
        return Pass() if d.kind == "cast" else d.options[0]
    st.first_mover = 0
    drive(magic_phase(st), lambda d: YesNo(True) if d.kind == "cast_first" else answer(d))
    [counter] = events(st, "counterspell")
    assert (counter["total"], counter["against"], counter["success"]) == (5, 5, False)
    assert events(st, "spell_hits")  # the Fireball went off


def test_counterspell_that_beats_the_total_stops_the_spell() -> None:
    """armies.magic.counterspell: declared before the effect; a higher total stops it."""
    st = _magic_table()
    magus, shaman = _casters(st)
    magus.power, shaman.power = 0, 2  # 1 and 3 after the phase's power
    st.dice = ScriptedDice([3, 2], fallback_seed=2)  # cast 3 + 1 = 4; counter 2 + 3 = 5

    def answer(d):  # type: ignore[no-untyped-def]
        if d.kind == "cast_first":
            return YesNo(True)
        if d.kind == "cast" and d.player == 0:
            return Cast(magus.cid, "fireball", 6, 1)
        if d.kind == "counterspell":
            return max(d.options, key=lambda o: o.power)
        return Pass() if d.kind == "cast" else d.options[0]
    drive(magic_phase(st), answer)
    assert events(st, "countered") and not events(st, "spell_hits")


def test_dispel_ties_go_to_the_dispeller() -> None:
    """armies.magic.dispel: matching the spell's casting total removes it."""
    st = _magic_table()
    magus, shaman = _casters(st)
    shaman.power = 1
    magus.power = 0
    st.in_play.append(ActiveSpell(st.spells["shield-of-faith"], 0, magus.cid, SPEARMEN, 5))
    st.dice = ScriptedDice([3], fallback_seed=2)  # power gain makes it 2: 3 + 2 = 5

    def answer(d):  # type: ignore[no-untyped-def]
        if d.kind == "cast_first":
            return YesNo(False)
        if d.kind == "cast" and d.player == 1:
            return next(o for o in d.options if isinstance(o, Dispel) and o.power == 2)
        return Pass() if d.kind == "cast" else d.options[0]
    drive(magic_phase(st), answer)
    [dispel] = events(st, "dispel")
    assert (dispel["total"], dispel["against"], dispel["success"]) == (5, 5, True)
    assert not st.in_play


def test_shield_of_faith_adds_armour_while_in_play() -> None:
    """House spell (armies.magic.persistent_spells): +1 armour until dispelled."""
    st = _magic_table()
    sp = st.unit(SPEARMEN)
    before = armour_save(st, sp, 0)
    st.in_play.append(ActiveSpell(st.spells["shield-of-faith"], 0, 0, SPEARMEN, 5))
    assert armour_save(st, sp, 0).target == before.target + 1


def test_to_hit_modifiers_in_play() -> None:
    """armies.missile.range_bands and mod_*: short +1, long -1, cover -1, heavy cover -2,
    evasion -1, flying -1, Slow +1, 30 or more RaF bases +1."""
    st = bare_state(terrain=[{"kind": "woods", "x": 10, "y": 20, "w": 10, "h": 15},
                             {"kind": "ruins", "x": 30, "y": 20, "w": 10, "h": 15}])
    arch = place(st, ARCHERS, 24, 10, NORTH)
    base = arch.profile.shooting_skill
    wa = place(st, WARRIORS, 24, 30, SOUTH)  # 40 models in rank and file: +1
    assert to_hit_skill(st, arch, wa, 10) == base + 1
    assert to_hit_skill(st, arch, wa, 5) == base + 2  # short range (within 20/3)
    assert to_hit_skill(st, arch, wa, 25) == base  # long range
    place(st, WARRIORS, 15, 28, SOUTH)  # centre inside the woods
    assert to_hit_skill(st, arch, wa, 10) == base
    place(st, WARRIORS, 35, 28, SOUTH)  # centre inside the ruins
    assert to_hit_skill(st, arch, wa, 10) == base - 1
    wolves = place(st, WOLVES, 24, 24, SOUTH)  # evasion 1
    assert to_hit_skill(st, arch, wolves, 10) == base - 1
    wolves.profile = wolves.profile.model_copy(
        update={"traits": frozenset({Trait.FLYING}), "evasion": 0})
    assert to_hit_skill(st, arch, wolves, 10) == base - 1  # flying (armies.trait.flying)
    bomb = place(st, BOMBARD, 45, 16, SOUTH)  # Slow: +1 (armies.missile.mod_slow_immobile)
    assert to_hit_skill(st, arch, bomb, 10) == base + 1


def test_missile_fire_is_simultaneous() -> None:
    """armies.missile.simultaneous: a unit shot to pieces still shoots in the same phase."""
    st = bare_state()
    st.dice = ScriptedDice([], fallback_seed=3)
    arch = place(st, ARCHERS, 24, 10, NORTH)
    sl = st.unit(SLINGERS)
    sl.models = 1
    place(st, SLINGERS, 24, 24, SOUTH)
    st.unit(SLINGERS).profile = sl.profile.model_copy(update={"evasion": 0})
    arch.profile = arch.profile.model_copy(update={"missile_skill": 9})  # every arrow hits
    drive(missile_phase(st), lambda d: next(o for o in d.options if o.target >= 0))
    shooters = [e["unit"] for e in events(st, "shoot")]
    assert set(shooters) == {arch.name, sl.name}
    assert events(st, "destroyed")[0]["unit"] == sl.name
    assert st.log.events[-1].kind in ("destroyed", "wounded")


def test_scatter_partial_hits_and_half_against_skirmishers() -> None:
    """armies.missile.scatter_partial, armies.missile.scatter_vs_skirmish: a miss by one
    halves the hits, skirmishers halve them again, rounding up once."""
    st = bare_state()
    bomb = place(st, BOMBARD, 24, 10, NORTH)
    wolves = place(st, WOLVES, 24, 22, SOUTH)
    skill = to_hit_skill(st, bomb, wolves, bomb.formation.distance(wolves.formation))
    st.dice = ScriptedDice([skill + 1, 6, 6] + [6] * 6)  # partial hit: 6 / 2 / 2 = 2 (up)
    shoot(st, bomb, wolves)
    assert events(st, "scatter")[0]["hits"] == 2


def test_firing_into_combat_rerolls_misses_against_the_engaged_unit() -> None:
    """armies.missile.firing_into_combat: misses are re-rolled against a unit engaged with the
    target, friend or foe."""
    st = bare_state()
    arch = place(st, ARCHERS, 24, 8, NORTH)
    wa = place(st, WARRIORS, 24, 26, SOUTH)
    sp = place(st, SPEARMEN, 24, 20, NORTH)
    sp.formation = sp.formation.flush_against(wa.formation, "front")
    st.engage(sp, wa)
    shots = arch.current_files * 2
    st.dice = ScriptedDice([6] * shots + [1] + [1] * shots, fallback_seed=1)
    shoot(st, arch, wa)
    volleys = events(st, "attacks")
    assert volleys[1]["what"] == "into_combat" and volleys[1]["target"] == sp.name
    assert len(volleys[1]["rolls"]) == shots


def test_artillery_against_fixed_armour_and_missile_immune() -> None:
    """armies.combat.fixed_armour, armies.missile.artillery_vs_fixed_armour,
    armies.missile.artillery_vs_missile_immune."""
    st = bare_state()
    troll = st.unit(TROLL)
    assert armour_save(st, troll, 1).target == troll.profile.armour  # fixed: strength ignored
    assert armour_save(st, troll, 1, magical=True).target == troll.profile.armour - 1
    assert armour_save(st, troll, 3, artillery=True).target == troll.profile.armour - 2
    troll.profile = troll.profile.model_copy(
        update={"traits": frozenset({*troll.profile.traits, Trait.MISSILE_IMMUNE})})
    assert armour_save(st, troll, 3, artillery=True, missile=True).target == 5 - 3
    arch = place(st, ARCHERS, 24, 10, NORTH)
    place(st, TROLL, 24, 20, SOUTH)
    assert shoot(st, arch, troll) == [] and events(st, "immune")


def test_units_choose_targets_in_range_and_arc_only() -> None:
    """armies.missile.range_bands: nothing beyond a third past the normal range; house:
    targets in the front arc."""
    st = bare_state()
    arch = place(st, ARCHERS, 24, 4, NORTH)
    place(st, WARRIORS, 24, 4 + 20 * 4 / 3 + 0.5, SOUTH)  # just out of long range
    place(st, SLINGERS, 24, 2, NORTH)  # behind the archers
    asked = []
    drive(missile_phase(st), lambda d: asked.append(d) or d.options[-1])
    assert all(d.info["uid"] != arch.uid for d in asked)
    assert all(Shoot(d.info["uid"], -1) in d.options for d in asked)  # holding fire


def test_two_plagues_on_a_unit_the_first_destroys() -> None:
    """armies.magic.persistent_spells: a spell whose target is gone leaves play (regression:
    the second plague on a unit the first destroyed)."""
    st = _magic_table()
    st.dice = ScriptedDice([6] * 6, fallback_seed=1)
    sp = st.unit(SPEARMEN)
    sp.models, sp.characters = 2, []
    for total in (5, 6):
        st.in_play.append(ActiveSpell(st.spells["plague-swarm"], 1, 1, SPEARMEN, total))
    drive(magic_phase(st), lambda d: Pass() if d.kind == "cast" else d.options[0])
    assert sp.gone and not st.in_play
