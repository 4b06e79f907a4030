"""The 25 secret objectives' conditions (dwethia.objective.*), tracked for both sides."""

from __future__ import annotations

from dwethia_helpers import drive, open_state, put, scripted

from warband.rulesets.dwethia.rules import objectives as obj
from warband.rulesets.dwethia.rules.combat import wound
from warband.rulesets.dwethia.rules.turn import check_end, claim


def _kill(st, killer, victim, how="melee"):  # type: ignore[no-untyped-def]
    victim.wounds = 1
    st.dice = scripted(1, 1, 1)  # any Ignore Wounds roll fails
    drive(wound(st, killer, victim, 1, how), lambda d: d.options[0])
    assert victim.slain


def test_kill_objectives_crows_nest_hands_off_death_and_glory_king_of_the_hill() -> None:
    """dwethia.objective.crows_nest (killer higher), hands_off and death_and_glory (victim
    within 6 of a marker), king_of_the_hill (killer within 6 of the centre),
    grilled_or_extra_crispy (a spell)."""
    st = open_state(pieces=[{"kind": "scaffolding", "x": 9, "y": 9, "w": 1, "h": 1}])
    st.markers = [(10, 12)]
    killer, victim = put(st, 0, 9, 9), put(st, 6, 10, 10)
    _kill(st, killer, victim, "spell")
    for o in ("crows_nest", "hands_off", "king_of_the_hill", "grilled_or_extra_crispy"):
        assert o in st.achieved[0], o
    assert "death_and_glory" in st.achieved[1]
    assert "crows_nest" not in st.achieved[1]


def test_hunter_revenge_let_them_come_hold_the_line_no_escape() -> None:
    """dwethia.objective.hunter (one model slays two), revenge (slay a slayer),
    let_them_come / hold_the_line (victim near your / its own edge), no_escape (yours dies
    near the enemy edge)."""
    st = open_state(size=30)
    a, b = put(st, 0, 5, 2), put(st, 4, 5, 3)
    _kill(st, b, put(st, 1, 6, 2))  # B's Necromancer slays the Commissar near A's edge
    assert "hold_the_line" in st.achieved[1] and "revenge" not in st.achieved[0]
    _kill(st, a, b)  # ... and A's Captain slays the slayer near A's own edge
    assert {"revenge", "let_them_come"} <= st.achieved[0]
    assert "hunter" not in st.achieved[0]
    c = put(st, 5, 5, 27)
    a.x, a.y = 5, 26
    _kill(st, a, c)  # a second kill, by the same model, near B's edge
    assert {"hunter", "hold_the_line"} <= st.achieved[0]
    assert "no_escape" not in st.achieved[0]
    _kill(st, put(st, 6, 6, 28), put(st, 2, 5, 28))  # A's Legionaire dies near B's edge
    assert "no_escape" in st.achieved[0]


def test_reaper_trenches_bulwark_master_of_affinity() -> None:
    """dwethia.objective.reaper (wounds on three), in_the_trenches (two wounded higher up),
    bulwark (three saves by one model), master_of_affinity (three spells)."""
    st = open_state(pieces=[{"kind": "trench", "x": 0, "y": 0, "w": 3, "h": 3}])
    a = put(st, 0, 1, 1)
    for uid in (4, 6, 7):
        v = put(st, uid, 5 + uid, 5)
        obj.on_wound(st, a, v)
    assert "reaper" in st.achieved[0] and "in_the_trenches" in st.achieved[0]
    obj.on_save(st, a, 2)
    assert "bulwark" not in st.achieved[0]
    obj.on_save(st, a, 1)
    assert "bulwark" in st.achieved[0]
    st.spells_cast[1] = 3
    obj.end_of_round(st)
    assert "master_of_affinity" in st.achieved[1]


def test_movement_objectives_covert_operations_east_to_west_leap_espionage() -> None:
    """dwethia.objective.covert_operations (one model on all four markers), east_to_west
    (two opposite edges), leap_of_faith (highest to lowest in one activation), espionage (two
    rounds near a marker without acting)."""
    st = open_state(pieces=[{"kind": "tower", "x": 10, "y": 10, "w": 1, "h": 1},
                            {"kind": "trench", "x": 12, "y": 10, "w": 1, "h": 1}])
    st.markers = [(1, 1), (18, 1), (1, 18), (18, 18)]
    h = put(st, 3, 0, 0)
    for x, y in st.markers:
        h.x, h.y = x, y
        obj.after_move(st, h)
    assert "covert_operations" in st.achieved[0]
    h.x, h.y = 0, 5
    obj.after_move(st, h)
    assert "east_to_west" not in st.achieved[0]
    h.x = st.board.size - 1
    obj.after_move(st, h)
    assert "east_to_west" in st.achieved[0]
    h.x, h.y = 12, 10
    obj.after_activation(st, h, st.board.highest, acted=True)
    assert "leap_of_faith" in st.achieved[0]
    g = put(st, 7, 18, 17)
    obj.after_activation(st, g, 0, acted=False)
    assert "espionage" not in st.achieved[1]
    obj.after_activation(st, g, 0, acted=False)
    assert "espionage" in st.achieved[1]


def test_wipe_out_and_lambs_to_the_slaughter() -> None:
    """dwethia.scenario.game_end, dwethia.objective.lambs_to_the_slaughter: a side with no
    models left loses - unless that completes all five of its objectives."""
    st = open_state()
    for h in st.units_of(1):
        h.slain = True
    drive(check_end(st), lambda d: d.options[0])
    assert st.over and st.winner == 0
    st2 = open_state()
    st2.secret = [("hunter",), ("lambs_to_the_slaughter",)]
    st2.achieved[1].add("lambs_to_the_slaughter")
    for h in st2.units_of(1):
        h.slain = True
    drive(check_end(st2), lambda d: d.options[0])
    assert st2.winner == 1


def test_claim_with_all_done_wins() -> None:
    """dwethia.scenario.secret_objectives: opening a sealed list whose objectives are all done
    wins the game."""
    st = open_state()
    st.secret = [("hunter", "reaper"), ("ghost",)]
    st.achieved[0] |= {"hunter", "reaper"}
    drive(claim(st, 0), lambda d: True)
    assert st.over and st.winner == 0 and st.ended_by == "objectives"


def test_risky_maneuvers_outnumbered() -> None:
    """dwethia.objective.risky_maneuvers: a kill while the enemy's coherent group outnumbers
    the killer's."""
    st = open_state()
    killer = put(st, 3, 5, 5)
    victim = put(st, 4, 10, 10)
    put(st, 5, 11, 10)
    _kill(st, killer, victim, "shot")
    assert "risky_maneuvers" in st.achieved[0]
    st2 = open_state()
    _kill(st2, put(st2, 3, 5, 5), put(st2, 4, 10, 10), "shot")
    assert "risky_maneuvers" not in st2.achieved[0]


def test_ghost_cover_stacks_to_five() -> None:
    """dwethia.objective.ghost, dwethia.shoot.hit_modifiers (cover stacks): a target in a
    trench (2) behind a barricade (2) after a Stealth Move (1), shot at from more than 12
    spaces (Long Distance +1): its side completes Ghost when the enemy shoots at it."""
    from warband.rulesets.dwethia.rules.combat import shoot
    from warband.rulesets.dwethia.rules.measure import sight

    st = open_state(size=30, pieces=[{"kind": "trench", "x": 3, "y": 20, "w": 5, "h": 3},
                                     {"kind": "barricade", "x": 3, "y": 19, "w": 5, "h": 1}])
    pirate = put(st, 7, 5, 2)  # Black Sun Pirate, Black Sun Blaster range 14
    hunter = put(st, 3, 5, 20)
    hunter.stealth = True
    view = sight(st, pirate, hunter)
    assert view.visible and view.cover == 5 and view.distance > 12
    st.dice = scripted(1)
    blaster = pirate.profile.ranged[0]
    drive(shoot(st, pirate, blaster, hunter, melee=False), lambda d: 0)
    assert "ghost" in st.achieved[0] and "ghost" not in st.achieved[1]
