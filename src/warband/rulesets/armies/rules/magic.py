"""The Magic phase (armies.magic.*): persistent spells, power, alternate casting, passing,
counterspells and dispels.

Rule ids: ``armies.magic.persistent_spells``, ``armies.magic.power_gain``,
``armies.magic.casting_order``, ``armies.magic.pass``, ``armies.magic.one_spell``,
``armies.magic.counterspell``, ``armies.magic.dispel``.

House readings (docs/rulesets/armies.md): a caster starts with power equal to its level and
gains one each phase while it is neither broken nor in melee (the sheet's "melded" read as
"in melee"), up to a cap; casting spends at least the spell's cost, rolls a D6 + the power spent
and needs the spell's difficulty; a counterspell spends at least one power and must beat the
casting total (ties to the caster); a dispel takes the caster's spell of the turn and must
match the spell's casting total (ties to the dispeller). Casters cast from their unit; range is
measured from it. Casters in melee or in broken units do not cast.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.choices import Cast, Counter, Dispel, Pass, YesNo
from warband.rulesets.armies.rules.damage import armour_save, wound
from warband.rulesets.armies.state import ActiveSpell, ArmiesState, Character, Unit

__all__ = ["cast_options", "counter_options", "magic_phase"]


def _can_cast(host: Unit, c: Character) -> bool:
    return c.alive and c.caster and host.active and not host.engaged


def _spell_hits(st: ArmiesState, target: Unit, hits: int, strength: int, what: str) -> None:
    """Automatic magical hits (damage spells): saves, then wounds."""
    save = armour_save(st, target, strength, magical=True)
    faces = st.dice.roll(hits) if save is not None else []
    wounds = hits if save is None else sum(1 for f in faces if f > save.target)
    st.log.emit("spell_hits", spell=what, unit=target.name, hits=hits,
                save=None if save is None else save.target, rolls=faces, wounds=wounds)
    wound(st, target, wounds)


def _persistent(st: ArmiesState) -> None:
    """armies.magic.persistent_spells: recurring effects first."""
    for s in list(st.in_play):
        if not any(x is s for x in st.in_play):
            continue  # its target fell to an earlier spell and took it out of play
        target = st.unit(s.target)
        if not target.on_table:
            st.in_play = [x for x in st.in_play if x is not s]
            continue
        if s.spell.effect == "plague":
            _spell_hits(st, target, s.spell.amount, s.spell.strength, s.spell.name)


def _gain_power(st: ArmiesState) -> None:
    """armies.magic.power_gain: one power for every caster neither broken nor in melee."""
    for host, c in st.characters():
        if c.alive and c.caster and host.active and not host.engaged:
            c.power = min(st.options.power_cap, c.power + 1)
            st.log.emit("power", character=c.name, power=c.power)


def cast_options(st: ArmiesState, side: int) -> list[Cast | Dispel]:
    out: list[Cast | Dispel] = []
    for host, c in st.characters(side):
        if not _can_cast(host, c) or c.cast_this_turn or c.power <= 0 or host.formation is None:
            continue
        assert c.profile.caster is not None
        powers = sorted({1, c.power})
        for sid in c.profile.caster.spells:
            spell = st.spells[sid]
            if spell.cost > c.power:
                continue
            pool = st.on_table(1 - side if spell.target == "enemy" else side)
            for t in pool:
                assert t.formation is not None
                if host.formation.distance(t.formation) <= spell.range:
                    out += [Cast(c.cid, sid, t.uid, p) for p in sorted({spell.cost, c.power})]
        for i, s in enumerate(st.in_play):
            if s.side != side:
                out += [Dispel(c.cid, i, p) for p in powers]
    return out


def counter_options(st: ArmiesState, side: int) -> list[Counter]:
    out = [Counter(-1)]
    for host, c in st.characters(side):
        if c.alive and c.caster and host.on_table and c.power > 0:
            out += [Counter(c.cid, p) for p in sorted({1, c.power})]
    return out


def _effect(st: ArmiesState, caster: Character, side: int, cast: Cast, total: int) -> None:
    spell = st.spells[cast.spell]
    target = st.unit(cast.target)
    if spell.persistent:
        st.in_play.append(ActiveSpell(spell, side, caster.cid, target.uid, total))
        st.log.emit("spell_in_play", spell=spell.name, unit=target.name, total=total)
        return
    if spell.effect == "damage":
        _spell_hits(st, target, spell.amount, spell.strength, spell.name)
    elif spell.effect == "skill":
        target.skill_bonus += spell.amount
        st.log.emit("spell_bonus", spell=spell.name, unit=target.name, what="skill",
                    amount=spell.amount)
    elif spell.effect == "morale":
        target.morale_bonus += spell.amount
        st.log.emit("spell_bonus", spell=spell.name, unit=target.name, what="morale",
                    amount=spell.amount)


def _counterspells(st: ArmiesState, side: int, cast: Cast, total: int
                   ) -> Generator[Any, Any, bool]:
    """armies.magic.counterspell: the other side may try (again and again while it has power)
    before the effect; it must beat the total."""
    while True:
        options = counter_options(st, 1 - side)
        if len(options) == 1:
            return False
        choice = yield Decision("counterspell", 1 - side, options,
                                f"counterspell {st.spells[cast.spell].name} (total {total})?",
                                info={"spell": cast.spell, "target": cast.target,
                                      "total": total, "caster": cast.cid})
        if choice.cid < 0:
            return False
        _, c = st.host_of(choice.cid)
        c.power -= choice.power
        face, ctotal, ok = m.PowerRoll(choice.power, total, ties_win=False).sample(st.dice)
        st.log.emit("counterspell", character=c.name, power=choice.power, roll=face,
                    total=ctotal, against=total, success=ok)
        if ok:
            return True


def _cast(st: ArmiesState, side: int, choice: Cast) -> Steps:
    _, c = st.host_of(choice.cid)
    spell = st.spells[choice.spell]
    c.power -= choice.power
    c.cast_this_turn = True
    face, total, ok = m.PowerRoll(choice.power, spell.difficulty, ties_win=True).sample(st.dice)
    host, _ = st.host_of(choice.cid)
    st.log.emit("cast", character=c.name, uid=host.uid, target_uid=choice.target,
                spell=spell.name, target=st.unit(choice.target).name,
                power=choice.power, roll=face, total=total, difficulty=spell.difficulty,
                success=ok)
    if not ok:
        return
    countered = yield from _counterspells(st, side, choice, total)
    if countered:
        st.log.emit("countered", spell=spell.name)
        return
    _effect(st, c, side, choice, total)


def _dispel(st: ArmiesState, choice: Dispel) -> None:
    _, c = st.host_of(choice.cid)
    target = st.in_play[choice.index]
    c.power -= choice.power
    c.cast_this_turn = True
    face, total, ok = m.PowerRoll(choice.power, target.total, ties_win=True).sample(st.dice)
    st.log.emit("dispel", character=c.name, spell=target.spell.name,
                unit=st.unit(target.target).name, power=choice.power, roll=face, total=total,
                against=target.total, success=ok)
    if ok:
        st.in_play.remove(target)


def magic_phase(st: ArmiesState) -> Steps:
    st.log.emit("phase", name="Magic", turn=st.turn)
    _persistent(st)
    _gain_power(st)
    first = st.first_mover if st.first_mover is not None else 0
    if cast_options(st, 0) or cast_options(st, 1):
        choice = yield Decision("cast_first", first, [YesNo(True), YesNo(False)],
                                "You moved first: cast first?")
        side = first if choice.yes else 1 - first
    else:
        return
    passed = [False, False]
    while not all(passed):
        if passed[side]:
            side = 1 - side
            continue
        options: list[object] = [Pass(), *cast_options(st, side)]
        if len(options) == 1:
            passed[side] = True
            side = 1 - side
            continue
        pick = yield Decision("cast", side, options, "cast a spell, dispel, or pass?")
        if isinstance(pick, Pass):
            passed[side] = True
            st.log.emit("pass_magic", side=st.side_labels[side])
        elif isinstance(pick, Cast):
            yield from _cast(st, side, pick)
        elif isinstance(pick, Dispel):
            _dispel(st, pick)
        side = 1 - side
