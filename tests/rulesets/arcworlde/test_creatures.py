"""Creatures and their Common Traits: categories by base, Death Throes, Dwindling Strength,
Fearsome, Flammable, Gobble (swallowing, escaping, digestion), the house Bestiary."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from warband.core.dice import Dice
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.mechanics import D6Hits
from warband.rulesets.arcworlde.models import CharacterClass
from warband.rulesets.arcworlde.rules.creatures import can_gobble, dwindle

from .arena import Arena
from .test_magic import stack


def _kinds(run: Any, kind: type) -> list[Any]:
    return [o for o in run.pending.options if isinstance(o, kind)]


# ------------------------------------------------------------------------------ Bestiary
def test_arcworlde_creatures_categories_house_bestiary_by_base_size() -> None:
    """arcworlde.creatures.categories, arcworlde.list.class.beast, arcworlde.list.class.monster,
    arcworlde.list.class.titan: Beasts on 30/40mm bases, Monsters on 50/60mm, Titans on 120mm;
    the house Bestiary has at least three Beasts, two Monsters and a Titan."""
    sizes = {CharacterClass.BEAST: {30, 40}, CharacterClass.MONSTER: {50, 60},
             CharacterClass.TITAN: {120}}
    found: dict[CharacterClass, int] = {k: 0 for k in sizes}
    for p in catalogue().profiles.values():
        for cls, bases in sizes.items():
            if cls in p.classes:
                assert p.base in bases, p.id
                found[cls] += 1
    assert found[CharacterClass.BEAST] >= 3
    assert found[CharacterClass.MONSTER] >= 2 and found[CharacterClass.TITAN] >= 1


# --------------------------------------------------------------------------- Death Throes
def test_arcworlde_trait_death_throes_rerolls_one_die_per_activation(arena: Arena) -> None:
    """arcworlde.trait.death_throes: at 20% of its HP or less it re-rolls one D6 per
    Activation (its first failed Power die)."""
    gulper = arena.add("marsh-gulper", 0, (10, 10), hp=2)  # 14HP: 2 <= 2.8
    militia = arena.add("halfling-militia", 1, arena.touching(gulper, "east", 30), hp=30)
    # Tongue Lash (4 dice): the first 1 re-rolled into a 5; one Defence Roll (1); then the
    # second Tongue Lash with no re-roll
    arena.dice(1, 1, 1, 1, 5, 1, 1, 1, 1, 1)
    run = arena.activate(gulper, C.Attack("Tongue Lash", militia.uid),
                         C.Attack("Tongue Lash", militia.uid))
    first, second = run.events("attack")
    assert first["dice"] == [5, 1, 1, 1] and first["hits"] == 1
    assert second["dice"] == [1, 1, 1, 1]  # once per Activation only
    assert arena.dice_left == 0


# --------------------------------------------------------------------- Dwindling Strength
def test_arcworlde_trait_dwindling_strength_monster_half_hp(arena: Arena) -> None:
    """arcworlde.trait.dwindling_strength: a Monster that has lost half its HP loses D3 AP;
    regaining the HP gives it back."""
    troll = arena.add("forest-troll", 0, (10, 10))  # 20HP, 4AP
    troll.hp = 11
    arena.dice(5)  # D3 = 3
    dwindle(arena.st, troll)
    assert troll.ap == 4
    troll.hp = 10  # lost 10 of 20: half
    dwindle(arena.st, troll)
    assert troll.ap == 1 and troll.dwindled == (3,)
    troll.hp = 15
    dwindle(arena.st, troll)
    assert troll.ap == 4 and troll.dwindled == ()


def test_arcworlde_trait_dwindling_strength_titan_each_quarter(arena: Arena) -> None:
    """arcworlde.trait.dwindling_strength: a Titan loses D3 AP at each quarter lost, never
    below 1AP."""
    titan = arena.add("mildaark-behemoth", 0, (18, 18))  # 36HP, 5AP
    arena.dice(1, 3, 6)  # D3s of 1, 2, 3
    titan.hp = 27
    dwindle(arena.st, titan)
    assert titan.ap == 4
    titan.hp = 9  # three quarters lost
    dwindle(arena.st, titan)
    assert titan.ap == 1 and titan.dwindled == (1, 2, 1)


def test_arcworlde_trait_dwindling_strength_after_an_attack(arena: Arena) -> None:
    """Dwindling Strength applies when Damage crosses the threshold in play."""
    militia = arena.add("halfling-militia", 0, (10, 10))
    gulper = arena.add("marsh-gulper", 1, arena.touching(militia, "east", 50), hp=8)
    arena.dice(6, 6, 6, 1, 3)  # three Crits: six Hits; a failed Defence Roll; D3 = 2
    arena.activate(militia, C.Attack("Pitchfork Jab", gulper.uid))
    assert gulper.hp == 2 and gulper.ap == 1


# ------------------------------------------------------------------------------- Fearsome
def test_arcworlde_trait_fearsome_smaller_enemies_test_once(arena: Arena) -> None:
    """arcworlde.trait.fearsome: moving within 3" of an enemy on a smaller base makes it take
    a Bravery Test; once passed, this Trait no longer affects it. Same-size enemies ignore it."""
    troll = arena.add("forest-troll", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, (16, 10))
    big = arena.add("forest-troll", 1, (10, 25), name="Other Troll")
    arena.dice(2, 2)  # passes (4 <= 6)
    run = arena.activate(troll, C.Move(11.5, 10))
    tests = run.events("bravery")
    assert [t["who"] for t in tests] == [militia.name] and tests[0]["passed"]
    assert troll.uid in militia.unafraid_of
    run = arena.activate(troll, C.Move(11.0, 10))
    assert not run.events("bravery") and big.uid not in militia.unafraid_of


def test_arcworlde_trait_fearsome_failure_breaks(arena: Arena) -> None:
    troll = arena.add("forest-troll", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, (16, 10))
    arena.dice(6, 6)
    arena.activate(troll, C.Move(11.5, 10))
    assert militia.broken


# ------------------------------------------------------------------------------ Flammable
def test_arcworlde_trait_flammable_fire_spell_hits_harder(arena: Arena) -> None:
    """arcworlde.trait.flammable: no effect by itself; the house fire Spell Firebelch gains
    +2 Power against a Flammable target."""
    shaman = arena.add("ourk-bone-shaman", 0, (10, 10))
    troll = arena.add("forest-troll", 1, arena.at_distance(shaman, 3, "east", 60))
    wolf = arena.add("mildaark-wolf", 1, arena.at_distance(shaman, 3, "north", 40))
    for target, power in ((troll, 6), (wolf, 4)):
        stack(arena, "K", "Q")
        arena.seeded(2)
        run = arena.activate(shaman, C.Cast("firebelch", target.uid))
        assert run.events("attack")[0]["power"] == power


# --------------------------------------------------------------------------------- Gobble
def test_arcworlde_trait_gobble_base_sizes(arena: Arena) -> None:
    """arcworlde.trait.gobble: Monsters Gobble 30mm bases, Titans 30 or 40mm; never friends;
    Beasts not at all."""
    troll = arena.add("forest-troll", 0, (5, 5))
    titan = arena.add("mildaark-behemoth", 0, (20, 20))
    small = arena.add("halfling-militia", 1, (30, 5))
    mid = arena.add("ourk-grunt", 1, (30, 15))
    friend = arena.add("halfling-militia", 0, (30, 30))
    assert can_gobble(troll, small) and not can_gobble(troll, mid)
    assert can_gobble(titan, small) and can_gobble(titan, mid)
    assert not can_gobble(troll, friend)


def test_arcworlde_trait_gobble_swallow_and_escape(arena: Arena) -> None:
    """arcworlde.trait.gobble / gobble_escape: a Medium Feat; the victim takes D6 Hits and
    leaves the table; at its next Activation it must try to escape (Medium); a success puts it
    back in base contact and it goes on with its Activation."""
    troll = arena.add("forest-troll", 0, (10, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(troll, "east"), hp=10)
    arena.dice(4, 5, 2, 4, 1)  # Feat: 2 Successes; D6 Hits = 2; Defence 4 saves one, 1 fails
    run = arena.activate(troll, C.Gobble(militia.uid, 2))
    assert run.events("gobbled") and militia.gobbled_by == troll.uid
    assert not militia.on_table and militia.hp == 9
    arena.dice(6)  # escape: a Crit is two Successes
    run = arena.activate(militia, C.Escape(1))
    assert run.events("coughed_up") and militia.on_table and militia.gobbled_by is None
    assert arena.st.in_contact(militia, troll)
    assert run.pending is not None and run.pending.info["ap"] == 2  # goes on


def test_arcworlde_trait_gobble_escape_fails_harder_each_time(arena: Arena) -> None:
    """gobble_escape: a failure deals D6 more Hits and ends the Activation; the next try is a
    step harder; failing Legendary the victim is gone and the Gobbler regains D6 HP."""
    troll = arena.add("forest-troll", 0, (10, 10), hp=10)
    militia = arena.add("halfling-militia", 1, arena.touching(troll, "east"), hp=30,
                        gobbled_by=0)
    needed = []
    for _ in range(2):
        arena.dice(1, 1, 1, 1, 1)  # the escape fails; D6 Hits = 1; Defence fails
        run = arena.activate(militia)
        needed.append(run.pending.info["needed"])
        run.answer(C.Escape(1))
        assert run.finished and militia.gobbled_by == 0
    assert needed == [2, 3]
    assert militia.hp == 28 and militia.escape_tries == 2


def test_arcworlde_trait_gobble_legendary_failure_digests(arena: Arena) -> None:
    troll = arena.add("forest-troll", 0, (10, 10), hp=10)
    militia = arena.add("halfling-militia", 1, (30, 30), gobbled_by=0, escape_tries=2)
    arena.dice(1, 4)  # the Legendary escape fails; the Troll regains 4HP
    run = arena.activate(militia, C.Escape(1))
    assert militia.ko and run.events("digested")
    assert troll.hp == 14


def test_arcworlde_trait_gobble_gobbler_knocked_out_releases_prone(arena: Arena) -> None:
    """gobble (yaml default): a Gobbler Knocked Out releases its victim where it stood,
    Prone."""
    troll = arena.add("forest-troll", 0, (10, 10), hp=1)
    victim = arena.add("halfling-militia", 1, (30, 30), gobbled_by=0)
    archer = arena.add("halfling-archer", 1, arena.at_distance(troll, 5, "north", 30))
    arena.dice(1, 6, 6, 1, 1, 1)  # Shot Feat: a Crit; Power 3: one 6; Defence fails
    arena.activate(archer, C.Shoot("Shortbow", troll.uid, 2))
    assert troll.ko and victim.on_table and victim.prone


def test_d6_hits_sample_matches_distribution() -> None:
    """The Gobble Hits mechanic: sampling agrees with the exact distribution."""
    mech = D6Hits(armour=1, defence=0)
    dist = mech.distribution()
    assert sum(dist.values()) == Fraction(1)
    n = 6000
    counts: dict[int, int] = {}
    dice = Dice(3)
    for _ in range(n):
        dmg = mech.sample(dice)[3]
        counts[dmg] = counts.get(dmg, 0) + 1
    for dmg, p in dist.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts.get(dmg, 0) / n - float(p)) <= 5 * sd + 1e-3


# ---------------------------------------------------------------------- Split Activation
def test_arcworlde_trait_split_activation_pause_and_resume(arena: Arena) -> None:
    """arcworlde.trait.split_activation: after spending some AP the Character may pause and
    be Activated again later this Round with the AP left; the later Activation has no free
    movement (Leg It only, trips from 6 again)."""
    titan = arena.add("mildaark-behemoth", 0, (18, 10))  # 5AP
    militia = arena.add("halfling-militia", 1, arena.touching(titan, "east"), hp=40)
    arena.dice(1, 1, 1, 1, 1)  # Sweeping Tail: Power 5, no Hits
    run = arena.activate(titan)
    assert C.PauseActivation() not in run.pending.options  # nothing spent yet
    run.answer(C.Attack("Sweeping Tail", militia.uid), C.PauseActivation())
    assert run.finished and not titan.activated and titan.split_ap == 4
    militia.x += 5  # no longer in contact
    arena.dice(2)
    run = arena.activate(titan)
    assert run.all_events[0].data.get("resumed") and run.pending.info["ap"] == 4
    assert not [o for o in run.pending.options if isinstance(o, C.Move)]  # no free move
    run.answer(C.LegIt())
    assert run.events("leg_it")[0]["trips_on"] == 6  # the progression starts afresh
    run.answer(run.pending.options[-1], C.EndActivation())
    assert titan.activated and titan.split_ap == 0


def test_arcworlde_trait_split_activation_in_a_round(arena: Arena) -> None:
    """The Round lets a paused Split Activation Character act again after the opponent."""
    titan = arena.add("mildaark-behemoth", 0, (18, 10))
    grunt = arena.add("ourk-grunt", 1, (18, 30))
    arena.seeded(1)
    run = arena.round()
    resumed = False
    for _ in range(40):
        d = run.pending
        if d is None:
            break
        if d.kind == "activate":
            if d.player == 0 and titan.split_ap > 0:
                resumed = True
            run.answer(d.options[0])
        elif d.kind == "action" and d.player == 0:
            if C.PauseActivation() in d.options:
                run.answer(C.PauseActivation())
            elif C.LegIt() in d.options:
                run.answer(C.LegIt())
            elif any(isinstance(o, C.Move) for o in d.options) and d.kind == "action":
                run.answer(next(o for o in d.options if isinstance(o, C.Move)))
            else:
                run.answer(C.EndActivation())
        elif d.kind == "action":
            run.answer(C.EndActivation())
        else:
            run.answer(d.options[-1])
    resumed = any(e.data.get("resumed") for e in run.events("activate"))
    assert resumed and run.finished
    kinds = [e.kind for e in run.all_events if e.kind in ("activate", "split_pause")]
    # the grunt's Activation comes between the Titan's first and its resumed one
    assert kinds.index("split_pause") < len(kinds) - 1
    assert len(run.events("split_pause")) >= 1 and grunt.activated


# --------------------------------------------------------------------------- Pack Hunter
def test_arcworlde_trait_pack_hunter_activated_together_with_rerolls(arena: Arena) -> None:
    """arcworlde.trait.pack_hunter: up to three of the same Pack Hunter are Activated in one
    turn; each re-rolls one failed Power die when it uses the pack's Attack on the pack's
    quarry."""
    from warband.rulesets.arcworlde.rules.creatures import pack_groups

    wolves = [arena.add("mildaark-wolf", 0, (10, 10 + 3 * i)) for i in range(3)]
    kiwi = arena.add("death-kiwi", 0, (30, 30))
    groups = pack_groups(arena.st, 0)
    assert (wolves[0].uid, wolves[1].uid) in groups and len(groups) == 4  # 3 pairs + 1 trio
    assert all(kiwi.uid not in g for g in groups)
    target = arena.add("halfling-militia", 1, arena.touching(wolves[0], "east"), hp=40)
    arena.st.pack = {"members": {wolves[0].uid, wolves[1].uid}, "quarry": None, "used": set()}
    arena.dice(1, 1, 1, 4, 1, 1, 1)  # Savage Bite (3): a 1 re-rolled into a 4; Defence 1
    run = arena.activate(wolves[0], C.Attack("Savage Bite", target.uid))
    attack = run.events("attack")[0]
    assert attack["dice"] == [4, 1, 1]
    arena.dice(1, 1, 1)  # a second Bite: the member's re-roll is used up
    run.answer(C.Attack("Savage Bite", target.uid))
    assert run.events("attack")[-1]["dice"] == [1, 1, 1]


def test_rogue_split_activation_capped_by_a_d6(arena: Arena) -> None:
    """arcworlde.solo.split_activation: a Rogue Split Activation Character rolls a D6 before
    each Activation: the most AP it spends before pausing."""
    import random as _random

    from warband.rulesets.arcworlde.ai.rogue import RogueController

    from .arena import Picks

    titan = arena.add("mildaark-behemoth", 0, (18, 10))
    militia = arena.add("halfling-militia", 1, arena.touching(titan, "east"), hp=40)
    rogue = RogueController()
    arena.dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
    run = arena.activate(titan)
    picks = Picks(Picks.d6(2), Picks.d6(1))  # cap 2AP; then the Attack pick
    for _ in range(5):
        if run.pending is None:
            break
        choice = rogue.decide(arena.view(0), run.pending, picks)
        choice = getattr(choice, "choice", choice)
        run.answer(choice)
        if isinstance(choice, C.PauseActivation):
            break
    assert isinstance(choice, C.PauseActivation) and titan.split_ap == 3
    _ = (militia, _random)
