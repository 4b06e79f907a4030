"""A round of combat: the combat dice pools, the secret split, defence and attack dice.

Rule ids: ``raiders.combat.dice_pool``, ``raiders.combat.allocate``, ``raiders.combat.modify``,
``raiders.combat.defence_roll``, ``raiders.combat.attack_roll``,
``raiders.combat.remove_casualties``, ``raiders.combat.fatigue``,
``raiders.ability.combat_master``, ``raiders.ability.impetus``, ``raiders.ability.shields``,
``raiders.ability.shield_wall_combat``, ``raiders.ability.defensive_spears``,
``raiders.ability.palisades``, ``raiders.spell.combat_prowess``.

The split is a :class:`~warband.core.decisions.Simultaneous` decision: each player chooses how
many of its unit's dice attack without seeing the other's choice; the engine keeps the first
answer out of the game state until both are in, then both are revealed together.

Dice are rolled in the book's order: both sides' defence dice, then both sides' attack dice.
Units fight at the strength they had when the action was declared (casualties from the same
action come off afterwards, raiders.action.simultaneous_resolution).

Readings:

* Impetus (+1 Str, +1 AS) is a charge bonus: it needs the charger to have covered more than
  half its standard move (``Options.impetus_needs_bonus``), as the counter-charger's does.
* Defensive Spears (+1 AS, +1 DB) is a defend bonus, with the same distance condition.
* A unit behind deployed palisades fights with +2 DB and +1 AS.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from warband.core.decisions import Decision, Simultaneous
from warband.core.game import Pending
from warband.rulesets.raiders.choices import Split
from warband.rulesets.raiders.splits import SIDE_FIELDS, CombatSide, direction, split_range
from warband.rulesets.raiders.state import RaidersState, Unit

__all__ = ["Fighter", "combat_round", "combat_side"]


class Fighter:
    """A unit in a round of combat and how it came to fight. Written out rather than a
    dataclass, so that the compiled build compiles its ``__init__`` (the AI makes two for
    every fight it weighs)."""

    __slots__ = ("unit", "figures", "role", "bonus")

    def __init__(self, unit: Unit, figures: int, role: str, bonus: bool) -> None:
        self.unit = unit
        self.figures = figures  # strength when the action was declared
        self.role = role  # "charge", "counter_charge", "defend", "shield_wall" or "fight"
        self.bonus = bonus  # the charge / defend distance condition was met

    def __repr__(self) -> str:
        return (f"Fighter(unit={self.unit!r}, figures={self.figures!r}, role={self.role!r},"
                f" bonus={self.bonus!r})")


def combat_side(st: Any, f: Fighter) -> tuple[CombatSide, list[str]]:
    """The unit's combat numbers with every modifier applied, and the modifiers' names."""
    u, p = f.unit, f.unit.profile
    notes: list[str] = []
    pool = p.cd * f.figures
    attack_skill, defence_bonus, strength = p.attack_skill, p.defence_bonus, p.strength
    master = p.value("combat-master")
    if master:
        pool += master
        notes.append(f"Combat Master +{master}")
    if u.prowess:
        pool += u.prowess
        notes.append(f"Combat Prowess +{u.prowess}")
    charging = f.role in ("charge", "counter_charge")
    if charging and u.has("impetus") and (f.bonus or not st.options.impetus_needs_bonus):
        attack_skill += 1
        strength += 1
        notes.append("Impetus +1 AS +1 Str")
    if f.role == "defend" and f.bonus and u.has("defensive-spears"):
        attack_skill += 1
        defence_bonus += 1
        notes.append("Defensive Spears +1 AS +1 DB")
    if u.behind_palisade:
        attack_skill += 1
        defence_bonus += 2
        notes.append("Palisades +1 AS +2 DB")
    shield_wall = f.role == "shield_wall"
    if shield_wall:
        notes.append("Shield Wall")
    min_defence = min(pool, f.figures) if u.has("shields") else 0
    side = CombatSide(
        pool=pool, attack_skill=attack_skill, defence_bonus=defence_bonus, strength=strength,
        armour=p.armour, min_defence=min_defence, shield_wall=shield_wall, figures=f.figures,
        hp=p.hp, carried=u.wounds,
    )
    return side, notes


def _side_dict(side: CombatSide) -> dict[str, Any]:
    """A combat side's fields by name, in order (every field is a plain number or flag)."""
    return {name: getattr(side, name) for name in SIDE_FIELDS}


def _info(me: Fighter, side: CombatSide, them: Fighter, other: CombatSide) -> dict[str, Any]:
    return {"unit": me.unit.uid, "enemy": them.unit.uid, "me": _side_dict(side),
            "them": _side_dict(other)}


def combat_round(st: RaidersState, a: Fighter,
                 b: Fighter) -> Generator[Pending, Any, tuple[int, int]]:
    """Fight one round between ``a`` and ``b``; returns (wounds on a, wounds on b)."""
    sa, notes_a = combat_side(st, a)
    sb, notes_b = combat_side(st, b)
    st.log.emit("combat", a=a.unit.name, b=b.unit.name, pools=[sa.pool, sb.pool],
                min_defence=[sa.min_defence, sb.min_defence], modifiers=[notes_a, notes_b],
                bonus=[a.bonus, b.bonus])
    parts = (
        Decision("split_dice", a.unit.side, [Split(k) for k in split_range(sa)],
                 prompt=f"{a.unit.name}: combat dice to attack (of {sa.pool})",
                 info=_info(a, sa, b, sb)),
        Decision("split_dice", b.unit.side, [Split(k) for k in split_range(sb)],
                 prompt=f"{b.unit.name}: combat dice to attack (of {sb.pool})",
                 info=_info(b, sb, a, sa)),
    )
    answers = yield Simultaneous("split_dice", parts, prompt="Split combat dice in secret")
    ka, kb = int(answers[a.unit.side].attack), int(answers[b.unit.side].attack)
    a_on_b = direction(sa, ka, sb, kb)
    b_on_a = direction(sb, kb, sa, ka)
    st.log.emit("split", who=[a.unit.name, b.unit.name], attack=[ka, kb],
                defence=[sa.pool - ka, sb.pool - kb],
                rolled=[a_on_b.attack, b_on_a.attack])
    # Step 3: both sides' defence dice.
    a_def, a_rerolls, a_saves = b_on_a.roll_defence(st.dice)
    b_def, b_rerolls, b_saves = a_on_b.roll_defence(st.dice)
    # Step 4: both sides' remaining attack dice.
    a_att, a_cancelled, wounds_on_b = a_on_b.roll_attack(st.dice, b_saves)
    b_att, b_cancelled, wounds_on_a = b_on_a.roll_attack(st.dice, a_saves)
    for who, target, ddice, rerolls, saves, block, adice, cancelled, wound_on, wounds in (
        (a, b, b_def, b_rerolls, b_saves, a_on_b.block_on, a_att, a_cancelled,
         a_on_b.wound_on, wounds_on_b),
        (b, a, a_def, a_rerolls, a_saves, b_on_a.block_on, b_att, b_cancelled,
         b_on_a.wound_on, wounds_on_a),
    ):
        st.log.emit("combat_dice", who=who.unit.name, target=target.unit.name,
                    defence=ddice, rerolled=[list(r) for r in rerolls], block_on=block,
                    saves=saves, cancelled=cancelled, attack=adice, wound_on=wound_on,
                    wounds=wounds)
    return wounds_on_a, wounds_on_b
