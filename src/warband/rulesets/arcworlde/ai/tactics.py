"""Tactical estimates shared by the ArcWorlde AIs.

Everything here reads a player's view and the exact dice mechanics (expected Damage and kill
chances come from :mod:`..mechanics`, the same definitions the game rolls), and changes nothing.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

from warband.rulesets.arcworlde.mechanics import (
    DIFFICULTY,
    AttackMechanic,
    D6Hits,
    FeatCheck,
    FixedHits,
)
from warband.rulesets.arcworlde.models import Attack
from warband.rulesets.arcworlde.rules.combat import attack_mechanic, in_cover, stray_victim
from warband.rulesets.arcworlde.state import Character

__all__ = [
    "best_melee",
    "melee_value",
    "charge_chance",
    "best_shot_ap",
    "damage_stats",
    "melee_threat",
    "shot_chance",
    "shot_value",
]


#: the mechanics that deal Damage: an Attack, a set number of Hits, D6 Hits
DamageMechanic = AttackMechanic | FixedHits | D6Hits


@lru_cache(maxsize=16384)
def _stats(mech: DamageMechanic) -> tuple[float, tuple[float, ...]]:
    """(mean Damage, P(Damage >= k) for k = 0..max) of an Attack, exactly computed."""
    dist = mech.distribution()
    top = max(dist)
    tail = []
    acc = Fraction(0)
    for k in range(top, -1, -1):
        acc += dist.get(k, Fraction(0))
        tail.append(float(acc))
    tail.reverse()
    mean = sum(float(d * p) for d, p in dist.items())
    return mean, tuple(tail)


#: _stats of each mechanic met, by identity, the mechanic kept beside its figures (so its id
#: cannot be reused while the entry lives): the lru_cache above hashes every field of a frozen
#: mechanic on each look-up, and the rules hand out one shared object per set of numbers
_STATS_BY_ID: dict[int, tuple[DamageMechanic, float, tuple[float, ...]]] = {}


def damage_stats(mech: DamageMechanic, hp: int) -> tuple[float, float]:
    """(expected Damage, chance to deal at least ``hp``)."""
    known = _STATS_BY_ID.get(id(mech))
    if known is not None and known[0] is mech:
        mean, tail = known[1], known[2]
    else:
        mean, tail = _stats(mech)
        if len(_STATS_BY_ID) > 8192:
            _STATS_BY_ID.clear()
        _STATS_BY_ID[id(mech)] = (mech, mean, tail)
    kill = tail[hp] if hp < len(tail) else 0.0
    return mean, kill


def attack_score(view: Any, ch: Character, attack: Attack, target: Character,
                 charged: bool, cover: bool | None = None) -> float:
    """Value of one Attack on ``target``: expected Damage, plus a bonus for the chance to
    Knock it Out (worth more for Commanders and dangerous Characters)."""
    if cover is None:
        cover = in_cover(view, ch, target)
    mech = attack_mechanic(attack, target, cover, charged)
    mean, kill = damage_stats(mech, target.hp)
    worth = 4.0 + (4.0 if target.commander else 0.0) + target_danger(target) * 0.5
    return mean + kill * worth


#: :func:`target_danger` and :func:`best_melee_blows` of each Attacks tuple met, by identity,
#: the tuple kept beside its figures (so its id cannot be reused while the entry lives) with
#: the AP they were worked out for: both read only a Character's Attacks (a tuple of frozen
#: Attacks, replaced, never changed, when an Item comes or goes) and its AP, and the AIs ask
#: them some 700 times a game for the same few Characters
_FIGURES_BY_ATTACKS: dict[int, AttackFigures] = {}

#: (Attacks, AP, :func:`target_danger`, :func:`best_melee_blows`, the longest Shot range (0
#: when none), whether any Attack shoots) of a Character
AttackFigures = tuple[tuple[Attack, ...], int, float, float, float, bool]


def _attack_figures(ch: Character) -> AttackFigures:
    """:data:`AttackFigures` of ``ch``."""
    attacks, ap = ch.attacks, ch.ap
    known = _FIGURES_BY_ATTACKS.get(id(attacks))
    if known is None or known[0] is not attacks or known[1] != ap:
        if len(_FIGURES_BY_ATTACKS) > 4096:
            _FIGURES_BY_ATTACKS.clear()
        far, shoots = _shot_range(attacks)
        known = _FIGURES_BY_ATTACKS[id(attacks)] = (
            attacks, ap, _target_danger(attacks, ap), _best_melee_blows(attacks, ap), far,
            shoots)
    return known


def attack_figures(ch: Character) -> AttackFigures:
    """:data:`AttackFigures` of ``ch``, kept per Attacks tuple and AP (above): what the
    heuristic's decision context reads of every enemy."""
    return _attack_figures(ch)


def _shot_range(attacks: tuple[Attack, ...]) -> tuple[float, bool]:
    """(the longest range of the Ranged Attacks, 0.0 when none; whether there is one): one
    pass, as max() over them gives (ranges are above 0)."""
    far: float = 0.0
    shoots = False
    for a in attacks:
        if a.range is not None:
            shoots = True
            if a.range > far:
                far = a.range
    return far, shoots


def target_danger(target: Character) -> float:
    """How much harm a Character can do in one Activation (rough: best Power per AP)."""
    return _attack_figures(target)[2]


def _target_danger(attacks: tuple[Attack, ...], ap: int) -> float:
    """:func:`target_danger` worked out."""
    best = 0.0
    for a in attacks:
        # (``if v > best`` keeps what max(best, v) keeps)
        if a.ranged:
            v = a.power * 0.5 * ap / 2
        elif a.ap:
            v = a.power / max(1, a.ap) * ap / 3
        else:
            continue
        if v > best:
            best = v
    return best


def best_melee(view: Any, ch: Character, ap: int, targets: list[Character],
               charged: bool) -> tuple[float, Attack | None, Character | None]:
    """The melee Attack and target with the best value per AP that ``ap`` can pay for."""
    best: tuple[float, Attack | None, Character | None] = (0.0, None, None)
    for attack in ch.usable_attacks():
        if attack.ranged or attack.ap is None or attack.ap > ap:
            continue
        for t in targets:
            score = attack_score(view, ch, attack, t, charged) / max(1, attack.ap)
            if score > best[0]:
                best = (score, attack, t)
    return best


def melee_value(view: Any, ch: Character, ap: int, targets: list[Character],
                charged: bool, cover_test: bool = True) -> float:
    """What ``ap`` AP of melee Attacks on the best of ``targets`` are worth in all: expected
    Damage of every Attack the AP pays for, plus the worth of a Knock Out counted once (the
    chance that one of those Attacks knocks the target out). ``cover_test`` False: an
    estimate for a Character still to come into contact, whose Cover will be judged from a
    spot not yet known; only a rider aboard its mount (always in Cover) counts as covered."""
    best = 0.0
    # (per target: its Cover and what Knocking it Out is worth, the same for every Attack;
    # worked out on the first Attack that can strike, as before)
    known: list[tuple[Character, bool, float]] | None = None
    for attack in ch.usable_attacks():
        if attack.ranged or not attack.ap or attack.ap > ap:
            continue
        if known is None:
            known = [(t, in_cover(view, ch, t) if cover_test else t.aboard,
                      4.0 + (4.0 if t.commander else 0.0) + target_danger(t) * 0.5)
                     for t in targets]
        n = ap // attack.ap
        for t, cover, worth in known:
            mean, kill = damage_stats(attack_mechanic(attack, t, cover, charged), t.hp)
            # Damage builds up over the Attacks: judge the kill on the whole flurry.
            mech_total = mean * n
            p_kill = 1.0 - (1.0 - kill) ** n
            if mech_total >= t.hp and p_kill < 0.5:
                p_kill = 0.5
            value = mech_total + p_kill * worth
            if value > best:  # (keeps what max(best, value) keeps)
                best = value
    return best


@lru_cache(maxsize=256)
def _feat_p(dice: int, needed: int) -> float:
    return float(FeatCheck(dice, needed).probability())


def best_shot_ap(attack: Attack, ap: int) -> int:
    """AP to commit to one Shot: the fewest dice with the best success chance per AP."""
    needed = DIFFICULTY[attack.shot]
    best_k, best_v = 1, -1.0
    for k in range(1, ap + 1):
        v = _feat_p(k, needed) / k
        if v > best_v + 1e-9:
            best_k, best_v = k, v
    return best_k


def shot_chance(ap: int, attack: Attack) -> float:
    """The chance that a Shot with ``attack`` and ``ap`` dice succeeds (its Feat)."""
    return _feat_p(ap, DIFFICULTY[attack.shot])


def shot_value(view: Any, ch: Character, attack: Attack, target: Character, ap: int,
               cover: bool | None = None) -> float:
    """Expected value of a Shot with ``ap`` dice on ``target``: the Attack's worth if the Feat
    succeeds, less, when a friend is in base contact with the target, the worth of the Attack
    that friend then takes if it fails (arcworlde.feat.shot_friendly_fire). ``cover``: whether
    ``target`` is in Cover from ``ch``, where the caller knows it (else it is tested)."""
    p_hit = shot_chance(ap, attack)
    value = p_hit * attack_score(view, ch, attack, target, False, cover)
    victim = stray_victim(view, ch, target)
    if victim is not None:
        value -= (1.0 - p_hit) * attack_score(view, ch, attack, victim, charged=False)
    return value


def best_melee_blows(e: Character) -> float:
    """The expected Damage of ``e``'s best melee Attack over a whole Activation (its AP spent on
    that Attack), as :func:`melee_threat` weighs an enemy."""
    return _attack_figures(e)[3]


def _best_melee_blows(attacks: tuple[Attack, ...], ap: int) -> float:
    """:func:`best_melee_blows` worked out."""
    best = 0.0
    for a in attacks:
        if a.ranged or not a.ap:
            continue
        best = max(best, a.power * 0.45 / a.ap * ap)
    return best


def melee_threat(view: Any, x: float, y: float, r: float, side: int,
                 ignore: Character | None = None) -> float:
    """Expected Damage enemies could deal to a model at (x, y) next Activation, counting
    those within a free move plus an average Leg It of it."""
    total = 0.0
    for e in view.chars:
        if not e.on_table or e.side == side or e is ignore or e.broken:
            continue
        d = math.hypot(e.x - x, e.y - y) - e.r - r
        reach = e.movement + 3.5
        if d > reach:
            continue
        total += best_melee_blows(e) * (1.0 if d <= e.movement else 0.5)
    return total


@lru_cache(maxsize=4096)
def _charge_chance(gap_tenths: int, attempt: int, last: int) -> tuple[float, float]:
    if gap_tenths <= 0:
        return (1.0, 0.0)
    if attempt > last:
        return (0.0, 0.0)
    trip_on = max(1, 7 - attempt)
    reach = trip = 0.0
    for face in range(1, 7):
        if face >= trip_on:
            trip += 1 / 6
        elif face * 10 >= gap_tenths:
            reach += 1 / 6
        else:
            r, t = _charge_chance(gap_tenths - face * 10, attempt + 1, last)
            reach += r / 6
            trip += t / 6
    return reach, trip


#: :func:`charge_chance` of a first roll (attempt 1 of 3) by the gap in tenths of an inch
#: rounded up, 0 to 60: the position score's Charge estimate looks it up for every enemy
#: within 6" of every spot it weighs
FIRST_ROLL_WITHIN_SIX: tuple[tuple[float, float], ...] = tuple(
    _charge_chance(tenths, 1, 3) for tenths in range(61))


def charge_chance(gap: float, attempt: int = 1, last: int = 3) -> tuple[float, float]:
    """(chance to cover ``gap`` inches, chance to trip) when Legging It from roll ``attempt``
    and rolling again while short, up to roll ``last`` (arcworlde.action.leg_it)."""
    return _charge_chance(max(0, math.ceil(gap * 10 - 1e-6)), attempt, last)
