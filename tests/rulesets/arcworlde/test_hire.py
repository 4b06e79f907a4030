"""Swords for Hire, the Imposter rule, allied and other Factions."""

from __future__ import annotations

import dataclasses

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.lists import parse_list
from warband.rulesets.arcworlde.rules.magic import spells_of

from .arena import Arena


def _list(*profiles: str) -> dict:  # type: ignore[type-arg]
    return {"ruleset": "arcworlde", "name": "Band", "game_value": 1000,
            "characters": [{"profile": "halfling-sheriff"}, *({"profile": p} for p in profiles)]}


def test_arcworlde_hire_swords_for_hire_any_faction_may_hire() -> None:
    """arcworlde.hire.swords_for_hire, arcworlde.list.class.sword_for_hire: any Faction may
    hire a Sword for Hire by paying its GP (the house list)."""
    cat = catalogue()
    wb = parse_list(_list("sir-wendel-hedge-knight", "grumbold-the-grey"), "band", cat)
    assert wb.cost == 80 + 85 + 95  # Sir Wendel's Light Armour is included in his cost
    ourk = {"ruleset": "arcworlde", "name": "Mob", "game_value": 1000,
            "characters": [{"profile": "ourk-warboss"}, {"profile": "quill-the-cutpurse"}]}
    assert parse_list(ourk, "mob", cat).members[1].profile.id == "quill-the-cutpurse"


def test_arcworlde_magic_mages_sword_for_hire_casts_its_own_spells(arena: Arena) -> None:
    """arcworlde.magic.mages: some Swords for Hire have Spells of their own on their profile;
    a Character from another Faction never uses its employer's list."""
    grumbold = arena.add("grumbold-the-grey", 0, (10, 10))
    assert [s.id for s in spells_of(arena.st, grumbold)] == ["wizards-bolt", "wizards-sprites"]


def test_arcworlde_hire_imposter_plus_one_ap(arena: Arena) -> None:
    """arcworlde.hire.imposter: when one copy of a Sword for Hire Knocks Out another copy,
    the victor gains +1AP for the rest of the game."""
    ours = arena.add("sir-wendel-hedge-knight", 0, (10, 10))
    theirs = arena.add("sir-wendel-hedge-knight", 1, arena.touching(ours, "east"), hp=1)
    theirs.armour = 0
    arena.dice(6, 6, 1, 1, 1, 1, 1)  # Notched Longsword: two Crits; the Defence Roll fails
    run = arena.activate(ours, C.Attack("Notched Longsword", theirs.uid))
    assert theirs.ko and run.events("imposter")
    assert ours.ap == 5
    other = arena.add("halfling-militia", 1, (30, 30), hp=1)
    assert other.profile.id != ours.profile.id


def test_arcworlde_hire_allied_factions_are_not_unruly() -> None:
    """arcworlde.hire.allied_factions / other_factions: Characters of a Faction listed as an
    ally are hired with no ill effect; other Factions' Characters are unruly."""
    cat = catalogue()
    halflings = cat.factions["halflings"].model_copy(update={"allies": ["ourks"]})
    allied = dataclasses.replace(cat, factions={**cat.factions, "halflings": halflings})
    wb = parse_list(_list("ourk-grunt"), "band", allied)
    assert not wb.members[1].unruly
    wb = parse_list(_list("ourk-grunt"), "band", cat)
    assert wb.members[1].unruly
