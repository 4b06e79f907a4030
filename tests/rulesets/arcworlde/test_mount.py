"""Monstrous Mount: riders bought with their mount, sharing its base and Activation, in Cover,
targeted apart; a mount that falls throws its rider; a rider that falls shakes its mount."""

from __future__ import annotations

from typing import Any

import pytest

from warband.content.errors import ContentError
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.lists import Member, Warband, parse_list
from warband.rulesets.arcworlde.rules.combat import in_cover
from warband.rulesets.arcworlde.rules.setup import build_state

from .arena import Arena


def _list(**entry: Any) -> dict[str, Any]:
    return {"ruleset": "arcworlde", "name": "Riders", "game_value": 1000,
            "characters": [{"profile": "halfling-sheriff", **entry}]}


def test_arcworlde_trait_monstrous_mount_list_rules() -> None:
    """arcworlde.trait.monstrous_mount: a non-Creature rides a Creature with Monstrous Mount,
    bought with it; anything else is refused with the field named."""
    cat = catalogue()
    wb = parse_list(_list(mount="war-boar"), "riders", cat)
    assert wb.members[0].cost == 80 + 90
    with pytest.raises(ContentError, match=r"characters\[0\]\.mount.*not a Creature with Monstrous"):
        parse_list(_list(mount="forest-boar"), "riders", cat)
    ride = {"ruleset": "arcworlde", "name": "x", "game_value": 1000,
            "characters": [{"profile": "ourk-warboss"},
                           {"profile": "forest-boar", "mount": "war-boar"}]}
    with pytest.raises(ContentError, match="only non-Creature Characters ride"):
        parse_list(ride, "riders", cat)


def _mounted(arena: Arena, at: tuple[float, float], side: int = 0) -> tuple[Any, Any]:
    cat = catalogue()
    wb = Warband(name="w", faction="halflings", game_value=10**6, source={},
                 members=(Member(cat.profiles["halfling-sheriff"], (), None, False,
                                 cat.profiles["war-boar"]),))
    built = build_state([wb], arena.st.scenario, 0, arena.st.options).chars
    import dataclasses

    base = len(arena.st.chars)
    mount = dataclasses.replace(built[0], uid=base, side=side, x=at[0], y=at[1], deployed=True,
                                rider_uid=base + 1)
    rider = dataclasses.replace(built[1], uid=base + 1, side=side, x=at[0], y=at[1],
                                deployed=True, mount_uid=base)
    arena.st.chars.extend([mount, rider])
    return mount, rider


def test_arcworlde_trait_monstrous_mount_shares_base_and_is_in_cover(arena: Arena) -> None:
    """The rider shares its mount's base (no base of its own for movement), counts as in Cover,
    has no movement of its own, and is targeted apart from its mount."""
    mount, rider = _mounted(arena, (10, 10))
    archer = arena.add("ourk-slinger", 1, (10, 20))
    assert rider.r == mount.r and rider.aboard
    assert all(b.x != rider.x or b is not None for b in arena.st.blockers(archer))
    assert len(arena.st.blockers(archer)) == 1  # the mount only
    assert in_cover(arena.st, archer, rider) and not in_cover(arena.st, archer, mount)
    run = arena.activate(rider)
    asked = [o for d in run.asked for o in d.options]
    assert not any(isinstance(o, C.Move | C.LegIt) for o in asked)
    run = arena.activate(archer)
    targets = {o.target for o in run.pending.options if isinstance(o, C.Shoot)}
    assert targets == {mount.uid, rider.uid}


def test_arcworlde_trait_monstrous_mount_moves_and_activates_together(arena: Arena) -> None:
    """Rider and mount are Activated at the same time; the rider goes where the mount goes."""
    mount, rider = _mounted(arena, (10, 10))
    arena.add("ourk-grunt", 1, (30, 30))
    arena.seeded(2)
    run = arena.round()
    for _ in range(30):
        d = run.pending
        if d is None:
            break
        if d.kind == "activate":
            run.answer(d.options[0])
        elif d.kind == "action" and d.info["character"] == mount.uid and d.info["free_move"]:
            run.answer(C.Move(10, 14))
        else:
            run.answer(C.EndActivation() if C.EndActivation() in d.options else d.options[-1])
    assert (rider.x, rider.y) == (mount.x, mount.y) and mount.y > 10
    order = [e.data["who"] for e in run.events("activate")]
    assert order.index(rider.name) == order.index(mount.name) + 1
    assert all(d.kind != "activate" or C.Activate(rider.uid) not in d.options for d in run.asked)


def test_arcworlde_trait_monstrous_mount_mount_knocked_out_throws_rider(arena: Arena) -> None:
    """If the mount is Knocked Out, the rider takes D6 Hits and is Prone, on its own base."""
    mount, rider = _mounted(arena, (10, 10))
    mount.hp = 1
    grunt = arena.add("ourk-grunt", 1, arena.touching(mount, "east", 40))
    arena.dice(6, 1, 1, 1,   # Chop: two Hits, the mount's Defence Roll fails
               3, 1,         # D6 Hits = 3, Light Armour stops one; the Defence Roll fails
               2, 2)         # the rider's Bravery Test (a friend fell within 3"): passes
    run = arena.activate(grunt, C.Attack("Chop", mount.uid))
    assert mount.ko and run.events("dismounted")
    assert not rider.aboard and rider.prone and rider.hp == rider.max_hp - 2
    assert rider.r < mount.r


def test_arcworlde_trait_monstrous_mount_rider_knocked_out_mount_tests(arena: Arena) -> None:
    """If the rider is Knocked Out, the mount takes a Bravery Test (once)."""
    mount, rider = _mounted(arena, (10, 10))
    rider.hp = 1
    grunt = arena.add("ourk-grunt", 1, arena.touching(mount, "east", 40))
    rider.armour = 0
    # Chop: three Crits (six Hits); the rider's Defence is at Advantage (Cover): 1/1 fails;
    # then the mount's Bravery Test
    arena.dice(6, 6, 6, 1, 1, 3, 3)
    run = arena.activate(grunt, C.Attack("Chop", rider.uid))
    assert rider.ko and mount.rider_uid is None
    tests = [e for e in run.events("bravery") if e["who"] == mount.name]
    assert len(tests) == 1 and "rider" in tests[0]["cause"]
    assert arena.dice_left == 0


def test_arcworlde_trait_monstrous_mount_sample_list_plays() -> None:
    """The Boar Riders sample list deploys (rider with its mount) and plays to the end."""
    from warband.ai.random_ai import RandomController
    from warband.core.controller import play

    lists = [RULESET.load_list(RULESET.sample_lists()[0].with_name("boar-riders.yaml")),
             RULESET.load_list(RULESET.sample_lists()[1])]
    game = RULESET.new_game(lists, 4)
    play(game, {0: RandomController(), 1: RandomController()}, 4)
    st: Any = game.state
    riders = [c for c in st.chars if c.profile.id != "war-boar" and c.side == 0]
    assert game.outcome() is not None and riders
