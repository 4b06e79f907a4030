"""The Morale phase (armies.morale.*): regeneration, rallying, the five triggers, the break
test and its modifiers.

Rule ids: ``armies.morale.regenerate``, ``armies.morale.rally``,
``armies.morale.fearless_berserk``, ``armies.morale.trigger_quarter_losses``,
``armies.morale.trigger_half_wounds``, ``armies.morale.trigger_superior_enemy``,
``armies.morale.trigger_fearsome``, ``armies.morale.trigger_character_lost``,
``armies.morale.test_roll``, ``armies.morale.mod_losses``,
``armies.morale.mod_engaged_enemies``, ``armies.morale.mod_own_models``.

House readings: a unit's morale is its troops' (or, with none left, its best character's); a
single model uses the skirmished column of the base-size table; a unit that rallies this phase
is not tested again; broken units always try to rally.
"""

from __future__ import annotations

from warband.core.game import Steps
from warband.rulesets.armies import mechanics as m
from warband.rulesets.armies.models import Trait
from warband.rulesets.armies.state import ArmiesState, Unit

__all__ = ["break_test_target", "morale_phase", "superior_enemy", "triggers"]

#: armies.morale.trigger_superior_enemy: three times the wounds is superior
SUPERIOR_RATIO = 3


def _morale(u: Unit) -> int:
    if u.models:
        return u.profile.morale
    return max(c.profile.morale for c in u.alive_characters)


def superior_enemy(st: ArmiesState, u: Unit) -> Unit | None:
    """armies.morale.trigger_superior_enemy: an engaged enemy with three times the wounds, or a
    rank-and-file enemy of at least equal wounds whose front touches this unit's flank or rear,
    or engaging it while it is skirmished."""
    mine = u.wounds_left
    for uid in sorted(u.engaged):
        e = st.unit(uid)
        if not e.on_table:
            continue
        theirs = e.wounds_left
        if theirs >= SUPERIOR_RATIO * mine:
            return e
        if not e.raf or theirs < mine:
            continue
        if u.skirmish:
            return e
        assert u.formation is not None and e.formation is not None
        for their_face, my_face, _ in e.formation.contacts(u.formation, tolerance=0.1):
            if their_face == "front" and my_face != "front":
                return e
    return None


def triggers(st: ArmiesState, u: Unit) -> list[str]:
    """Which of the five triggers make ``u`` test (empty: no test)."""
    fearless = u.has(Trait.FEARLESS) or u.has(Trait.BERSERK)
    if fearless and not u.engaged:  # armies.morale.fearless_berserk
        return []
    out = []
    start_models = u.start_models + len(u.characters)
    if u.models_lost_turn * 4 >= start_models and u.models_lost_turn:
        out.append("quarter_losses")
    if (u.start_wounds - u.wounds_left) * 2 >= u.start_wounds and (u.engaged or u.wounded_turn):
        out.append("half_wounds")
    if superior_enemy(st, u) is not None:
        out.append("superior_enemy")
    if u.fearsome_casualty and not u.has(Trait.FEARLESS):
        out.append("fearsome")
    if u.character_lost_turn:
        out.append("character_lost")
    return out


def break_test_target(st: ArmiesState, u: Unit) -> tuple[int, dict[str, int]]:
    """The modified morale a break test must roll equal or under, and its modifiers."""
    wounds_on_survivors = u.damage + sum(c.profile.wounds - c.wounds for c in u.alive_characters)
    enemies = []
    for uid in sorted(u.engaged):
        e = st.unit(uid)
        if e.on_table:
            enemies.append((e.model_count, e.profile.base, e.raf))
    own_base = u.profile.base if u.models else u.alive_characters[0].profile.base
    mod = m.morale_modifier(own_models=u.model_count, own_base=own_base, own_raf=u.raf,
                            enemies=enemies, wounds_removed_turn=u.wounds_removed_turn,
                            wounds_on_survivors=wounds_on_survivors)
    spell = u.morale_bonus
    return _morale(u) + mod + spell, {"table": mod, "spell": spell}


def _regenerate(st: ArmiesState) -> None:
    """armies.morale.regenerate: before anything else, regenerating models roll for their
    wounds (house: each wound on the front model heals on a D6 equal or under the value)."""
    for u in st.units:
        if u.on_table and u.models and u.profile.regenerate and u.damage:
            faces, healed = m.Regeneration(u.profile.regenerate, u.damage).sample(st.dice)
            u.damage -= healed
            st.log.emit("regenerate", unit=u.name, rolls=faces, healed=healed)


def _rally(st: ArmiesState, u: Unit) -> None:
    """armies.morale.rally: a roll on the unit's base (unmodified) morale."""
    face, ok = m.BreakTest(_morale(u)).sample(st.dice)
    st.log.emit("rally", unit=u.name, roll=face, morale=_morale(u), success=ok)
    if ok:
        u.broken = False


def morale_phase(st: ArmiesState) -> Steps:
    st.log.emit("phase", name="Morale", turn=st.turn)
    _regenerate(st)
    was_broken = [u for u in st.units if u.on_table and u.broken]
    for u in was_broken:
        _rally(st, u)
    for u in st.units:
        if not u.on_table or u in was_broken:
            continue
        why = triggers(st, u)
        if not why:
            continue
        target, mods = break_test_target(st, u)
        face, ok = m.BreakTest(target).sample(st.dice)
        st.log.emit("break_test", unit=u.name, triggers=why, morale=_morale(u),
                    modifiers=mods, target=target, roll=face, success=ok)
        if not ok:
            u.broken = True
            st.log.emit("broken", unit=u.name)
    return
    yield  # a generator like every phase (no decisions here)
