"""Creatures' Common Traits: Death Throes, Dwindling Strength, Fearsome, Flammable, Gobble.

Rule ids: ``arcworlde.trait.death_throes``, ``arcworlde.trait.dwindling_strength``,
``arcworlde.trait.fearsome``, ``arcworlde.trait.flammable``, ``arcworlde.trait.gobble``,
``arcworlde.trait.gobble_escape``, ``arcworlde.creatures.categories``.

Readings (the rules yaml's defaults unless said otherwise):

* **Death Throes**: at or below 20% of its starting HP (no rounding), once in each Activation
  (its own or another's) it re-rolls one D6: its first failed Power die when it attacks, or
  its first failed Defence Roll when attacked.
* **Dwindling Strength**: a Monster that has lost half its starting HP loses D3 AP; a Titan
  loses D3 AP at each quarter lost. Regaining HP above a threshold gives back exactly the AP
  that threshold took. AP never drops below 1.
* **Fearsome**: after each move of the Fearsome Character, every enemy on a smaller base
  within 3" that has not yet passed a test against it takes a Bravery Test (a failure Breaks
  it; a pass makes it immune to this Character).
* **Flammable**: no effect by itself; a house "fire" Spell adds :data:`FIRE_POWER` Power
  against a Flammable target.
* **Gobble**: a Monster may Gobble an enemy on a 30mm base in base contact, a Titan one on a
  30 or 40mm base: a Medium Feat; on a success the victim takes D6 Hits (through Armour and
  Defence) and leaves the table, Gobbled. At its next Activation it must try to escape (a Feat
  with the AP it chooses to commit: Medium, one step harder at each later try). Success: it is
  coughed up in base contact with the Gobbler (or as near as there is room) and goes on with
  its Activation; failure: D6 more Hits and the Activation ends. Knocked Out inside, or failing
  a Legendary escape, it is gone and the Gobbler regains D6 HP (up to its starting HP). If the
  Gobbler is Knocked Out first, the victim is placed where the Gobbler stood, Prone.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.mechanics import D6Hits, difficulty_name
from warband.rulesets.arcworlde.models import CharacterClass
from warband.rulesets.arcworlde.rules.bravery import bravery_test, break_character
from warband.rulesets.arcworlde.rules.feats import attempt_feat
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = [
    "SPLIT",
    "end_split",
    "pack_groups",
    "pack_reroll",
    "resumes_split",
    "FEAR_RADIUS",
    "FIRE_POWER",
    "can_gobble",
    "death_throes",
    "d6_hits_mechanic",
    "dwindle",
    "escape_gobble",
    "release_swallowed",
    "fearsome_after_move",
    "gobble",
    "gobble_options",
    "on_knock_out",
]

SPLIT = "split-activation"
FEAR_RADIUS = 3.0
#: extra Power of a house fire Spell against a Flammable target
FIRE_POWER = 2
#: Successes of a Medium Feat, the first Gobble escape
MEDIUM = 2
LEGENDARY = 4


# -------------------------------------------------------------------- Split Activation
def resumes_split(st: Any, ch: Character) -> bool:
    """Whether this Activation continues a Split Activation begun earlier this Round
    (arcworlde.trait.split_activation)."""
    return SPLIT in ch.traits and ch.split_round == st.round and ch.split_ap > 0


def end_split(st: ArcState, ch: Character, ap_left: int, paused: bool) -> None:
    """After an Activation of a Split Activation Character: paused with AP left, it may be
    Activated again after a later opponent Activation this Round; otherwise it is done."""
    ch.split_ap = ap_left if paused and ch.on_table else 0
    if ch.split_ap > 0:
        ch.activated = False
        st.log.emit("split_pause", who=ch.name, ap=ch.split_ap)


# ------------------------------------------------------------------------- Pack Hunter
def pack_groups(st: Any, player: int) -> list[tuple[int, ...]]:
    """Groups of two or three un-Activated Pack Hunters of the same profile that may be
    Activated together (arcworlde.trait.pack_hunter)."""
    by_profile: dict[str, list[int]] = {}
    for c in st.chars:
        # (the rare Trait tested first: asked at every activation choice, of every Character)
        if ("pack-hunter" in c.traits and c.side == player and c.on_table and not c.activated
                and not resumes_split(st, c)):
            by_profile.setdefault(c.profile.id, []).append(c.uid)
    groups: list[tuple[int, ...]] = []
    for uids in by_profile.values():
        for size in (2, 3):
            groups.extend(combinations(uids, size))
    return groups


def pack_reroll(st: Any, attacker: Character, attack_name: str, target: Character) -> bool:
    """Pack Hunter: while a pack is Activated together, each member's Attacks with the pack's
    Attack on the pack's quarry (set by the first member to attack) re-roll one failed Power
    die, once per member (our reading of "if they use the same Attack against the same
    target")."""
    pack = st.pack
    if pack is None or attacker.uid not in pack["members"] or attacker.uid in pack["used"]:
        return False
    if pack["quarry"] is None:
        pack["quarry"] = (attack_name, target.uid)
    if pack["quarry"] != (attack_name, target.uid):
        return False
    pack["used"].add(attacker.uid)
    return True


# ------------------------------------------------------------------------ Death Throes
def death_throes(st: Any, ch: Character) -> bool:
    """Whether ``ch`` may use its Death Throes re-roll now; using it marks this Activation."""
    if "death-throes" not in ch.traits or ch.hp > 0.2 * ch.max_hp:
        return False
    if ch.throes_mark == st.activation_count:
        return False
    ch.throes_mark = st.activation_count
    return True


# ------------------------------------------------------------------ Dwindling Strength
def _thresholds(ch: Character) -> list[float]:
    if "dwindling-strength" not in ch.traits:
        return []
    if CharacterClass.TITAN in ch.profile.classes:
        return [ch.max_hp * k / 4 for k in (1, 2, 3)]
    if CharacterClass.MONSTER in ch.profile.classes:
        return [ch.max_hp / 2]
    return []


def dwindle(st: ArcState, ch: Character) -> None:
    """Apply or undo Dwindling Strength after ``ch``'s HP changed."""
    thresholds = _thresholds(ch)
    if not thresholds or ch.ko:
        return
    lost = ch.max_hp - ch.hp
    crossed = sum(1 for t in thresholds if lost >= t)
    taken = list(ch.dwindled)
    while len(taken) < crossed:
        d3 = (st.dice.d6() + 1) // 2
        before = ch.ap
        ch.ap = max(1, ch.ap - d3)
        taken.append(before - ch.ap)
        st.log.emit("dwindling", who=ch.name, ap=[before, ch.ap], d3=d3)
    while len(taken) > crossed:
        back = taken.pop()
        before = ch.ap
        ch.ap += back
        st.log.emit("dwindling", who=ch.name, ap=[before, ch.ap], restored=True)
    ch.dwindled = tuple(taken)


# ------------------------------------------------------------------------------ Fearsome
def fearsome_after_move(st: ArcState, ch: Character) -> None:
    """After a Fearsome Character moves: enemies on smaller bases within 3" take a Bravery
    Test, unless they already passed one against it (arcworlde.trait.fearsome)."""
    if "fearsome" not in ch.traits or not ch.on_table:
        return
    for e in list(st.enemies_of(ch)):
        if e.profile.base >= ch.profile.base or ch.uid in e.unafraid_of or e.broken:
            continue
        if st.distance(ch, e) > FEAR_RADIUS + 1e-9:
            continue
        if bravery_test(st, e, f"Fearsome {ch.name}"):
            e.unafraid_of.add(ch.uid)
        else:
            break_character(st, e)


# -------------------------------------------------------------------------------- Gobble
def can_gobble(gobbler: Character, victim: Character) -> bool:
    """Monsters Gobble 30mm bases, Titans 30 or 40mm bases (arcworlde.trait.gobble)."""
    if "gobble" not in gobbler.traits or victim.side == gobbler.side:
        return False
    classes = gobbler.profile.classes
    if CharacterClass.TITAN in classes:
        return victim.profile.base <= 40
    if CharacterClass.MONSTER in classes:
        return victim.profile.base <= 30
    return False


def gobble_options(st: Any, ch: Character, ap: int,
                   engaged: list[Character] | None = None) -> list[Any]:
    """Gobble choices (arcworlde.trait.gobble); ``engaged``: the enemies ``ch`` is Engaged
    with, where the caller knows them already."""
    if "gobble" not in ch.traits or ap < 1:
        return []
    if engaged is None:
        engaged = st.engaged_with(ch)
    return [C.Gobble(e.uid, n) for e in engaged if can_gobble(ch, e) for n in range(1, ap + 1)]


def d6_hits_mechanic(victim: Character) -> D6Hits:
    """D6 Hits on ``victim``: its Armour, its Defence at Disadvantage when Prone or Broken, a
    Shield's re-roll (one definition for play and the AIs' estimates)."""
    return D6Hits(victim.armour, -1 if victim.prone or victim.broken else 0,
                  1 if "shield" in victim.traits else 0)


def take_d6_hits(st: ArcState, victim: Character, cause: str, by: Character | None) -> None:
    """D6 Hits on ``victim`` through Armour and Defence Rolls (Gobble; a Narrative Feat's
    dangerous failure)."""
    _hits(st, victim, cause, by)


def _hits(st: ArcState, victim: Character, cause: str, by: Character | None) -> None:
    from warband.rulesets.arcworlde.rules.combat import knock_out

    mech = d6_hits_mechanic(victim)
    hits, blocked, defence, damage = mech.sample(st.dice)
    before = victim.hp
    victim.hp = max(0, victim.hp - damage)
    st.log.emit("gobble_hits", who=victim.name, cause=cause, hits=hits, blocked=blocked,
                defence=[list(d.rolled) for d in defence], damage=damage, hp=[before, victim.hp])
    if victim.hp <= 0:
        knock_out(st, victim, by)


def gobble(st: ArcState, gobbler: Character, victim: Character, ap: int) -> None:
    """Try to swallow ``victim`` whole (a Medium Feat)."""
    if not attempt_feat(st, gobbler, ap, MEDIUM, f"Gobble {victim.name}"):
        return
    victim.gobbled_by = gobbler.uid
    victim.escape_tries = 0
    victim.x, victim.y = gobbler.x, gobbler.y  # inside it
    victim.prone = False
    st.log.emit("gobbled", who=victim.name, by=gobbler.name)
    _hits(st, victim, "Gobbled", gobbler)


def _gobbler(st: ArcState, ch: Character) -> Character:
    assert ch.gobbled_by is not None
    return st.by_uid(ch.gobbled_by)


def _digested(st: ArcState, victim: Character, gobbler: Character) -> None:
    """The victim is gone for good; the Gobbler regains D6 HP (up to its starting HP)."""
    if gobbler.on_table:
        before = gobbler.hp
        gobbler.hp = min(gobbler.max_hp, gobbler.hp + st.dice.d6())
        st.log.emit("heal", who=gobbler.name, by="a meal", hp=[before, gobbler.hp])
        dwindle(st, gobbler)


def _cough_up(st: ArcState, victim: Character, gobbler: Character, prone: bool) -> None:
    """Put the victim back on the table in base contact with the Gobbler (or as near as
    there is room), or where the Gobbler stood if it is gone."""
    victim.gobbled_by = None
    others = [c.base for c in st.chars if c.on_table and c is not victim and not c.aboard]
    spots = [(gobbler.x, gobbler.y)] if gobbler.ko else []
    for extra in (0.0, 0.5, 1.0, 2.0, 4.0):
        reach = gobbler.r + victim.r + extra
        spots += [(gobbler.x + reach * math.cos(2 * math.pi * k / 16),
                   gobbler.y + reach * math.sin(2 * math.pi * k / 16)) for k in range(16)]
    for x, y in spots:
        if st.table.fits(x, y, victim.r, others):
            victim.x, victim.y = x, y
            break
    else:
        victim.ko = True  # nowhere to stand: lost in the melee
        st.log.emit("no_room", side=st.side_labels[victim.side])
        return
    if prone:
        victim.prone = True
        victim.prone_round = st.round
    st.log.emit("coughed_up", who=victim.name, by=gobbler.name,
                at=[round(victim.x, 2), round(victim.y, 2)], prone=prone)
    announce_contacts(st, victim)


def _mount_falls(st: ArcState, mount: Character) -> None:
    """A Monstrous Mount Knocked Out: its rider is thrown, takes D6 Hits and is Prone, on its
    own base where the mount stood (arcworlde.trait.monstrous_mount)."""
    from warband.core.geometry import base_radius

    assert mount.rider_uid is not None
    rider = st.by_uid(mount.rider_uid)
    mount.rider_uid = None
    if rider.mount_uid != mount.uid or rider.ko:
        return
    rider.mount_uid = None
    rider.r = base_radius(rider.profile.base)
    st.log.emit("dismounted", who=rider.name, mount=mount.name)
    take_d6_hits(st, rider, f"{mount.name} fell", None)
    if rider.on_table:
        rider.prone = True
        rider.prone_round = st.round
        st.log.emit("prone", who=rider.name, cause=f"{mount.name} fell")
        announce_contacts(st, rider)


def announce_contacts(st: ArcState, ch: Character) -> None:
    """A Character put down in base contact with enemies (not by a move) is Engaged with
    them: say so, as a move would (arcworlde.combat.engagement)."""
    enemies = st.engaged_with(ch)
    if enemies:
        st.log.emit("engage", who=ch.name, enemies=[e.name for e in enemies])


def release_swallowed(st: ArcState, gobbler: Character) -> None:
    """A Gobbler leaving the table (the forest's Monster wandering off) lets out what it
    swallowed, Prone beside it."""
    for c in st.chars:
        if c.gobbled_by == gobbler.uid and not c.ko:
            _cough_up(st, c, gobbler, prone=True)


def on_knock_out(st: ArcState, victim: Character) -> None:
    """Gobble and Knock Outs: a victim Knocked Out inside feeds its Gobbler; a Gobbler
    Knocked Out releases what it swallowed, Prone where it stood."""
    if victim.gobbled_by is not None:
        gobbler = _gobbler(st, victim)
        victim.gobbled_by = None
        _digested(st, victim, gobbler)
    if victim.rider_uid is not None:
        _mount_falls(st, victim)
    if victim.mount_uid is not None:
        mount = st.by_uid(victim.mount_uid)
        victim.mount_uid = None
        mount.rider_uid = None
        if mount.on_table:  # its rider is down: the mount takes a Bravery Test
            from warband.rulesets.arcworlde.rules.bravery import test_or_break

            test_or_break(st, mount, f"{victim.name}, its rider, was Knocked Out")
    for c in st.chars:
        if c.gobbled_by == victim.uid and not c.ko:
            _cough_up(st, c, victim, prone=True)


def escape_gobble(st: ArcState, ch: Character, turn: Any) -> Steps:
    """The Gobbled Character's escape attempt at the start of its Activation
    (arcworlde.trait.gobble_escape). Returns with ``ch`` free, or ends the Activation."""
    from warband.rulesets.arcworlde.rules.forest import controller

    gobbler = _gobbler(st, ch)
    needed = MEDIUM + ch.escape_tries
    if turn.ap < 1:
        dice = 0
    else:
        pick = yield Decision(
            "gobble_escape", controller(st, ch), [C.Escape(n) for n in range(1, turn.ap + 1)],
            prompt=f"{ch.name} is inside {gobbler.name}: AP for the {difficulty_name(needed)}"
                   " Feat to escape", info={"character": ch.uid, "ap": turn.ap, "needed": needed},
        )
        dice = pick.ap
    turn.ap -= dice
    free = dice > 0 and attempt_feat(st, ch, dice, needed, f"escape {gobbler.name}")
    if free:
        _cough_up(st, ch, gobbler, prone=False)
        return
    ch.escape_tries += 1
    if needed >= LEGENDARY:
        st.log.emit("digested", who=ch.name, by=gobbler.name)
        from warband.rulesets.arcworlde.rules.combat import knock_out

        knock_out(st, ch, gobbler)  # feeds the Gobbler (on_knock_out)
        return
    _hits(st, ch, "still Gobbled", gobbler)
    turn.ap = 0
