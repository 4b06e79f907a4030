"""Shooting keywords and situations, with scripted dice (uids: 0 Captain Varro, 1 Commissar
Hale, 2 Legionaire Brask, 3 Hunter Ilsa; 4 Necromancer Morth, 5 Gorrak the Brute, 6 Skarn,
7 Black Sun Pirate)."""

from __future__ import annotations

from dataclasses import replace

from dwethia_helpers import drive, open_state, put, scripted

from warband.core.decisions import Decision
from warband.rulesets.dwethia.choices import Pick, Shoot
from warband.rulesets.dwethia.models import Weapon
from warband.rulesets.dwethia.rules.combat import fight, shoot, targets_for
from warband.rulesets.dwethia.rules.turn import shoot_phase


def _no_destiny(d: Decision) -> object:
    return 0 if d.kind.startswith("reroll") else d.options[0]


def _weapon(st, uid):  # type: ignore[no-untyped-def]
    return st.heroes[uid].profile.ranged[0]


def test_friendly_fire_into_a_combat() -> None:
    """dwethia.shoot.targets_in_combat: a hit on an enemy engaged with the shooter's friend
    rolls a D6 - 1-3 strikes the friend, who is rolled against; a faction without permission
    (the Void, house data) may not shoot at such an enemy at all."""
    st = open_state(dice=scripted(6, 2, 5, 1))
    hunter, skarn, captain = put(st, 3, 5, 2), put(st, 6, 5, 10), put(st, 0, 5, 11)
    wounds = captain.wounds
    drive(shoot(st, hunter, _weapon(st, 3), skarn, melee=False), _no_destiny)
    ff = next(e for e in st.log.events if e.kind == "friendly_fire")
    assert ff["die"] == 2 and ff["victim"] == "Captain Varro"
    assert captain.wounds == wounds - 1 and skarn.wounds == 1
    pirate = put(st, 7, 9, 12)
    assert captain not in targets_for(st, pirate, _weapon(st, 7))  # engaged with Skarn


def test_quick_shot_fires_before_removal() -> None:
    """dwethia.weapon.quick_shot, dwethia.combat.casualties: a model slain with a [Quick Shot]
    weapon shoots once before it is removed - here it slays its slayer (Revenge)."""
    st = open_state(dice=scripted(6, 6, 6, 6, 6, 1))
    commissar, skarn = put(st, 1, 5, 5), put(st, 6, 5, 6)
    commissar.wounds = 1
    drive(fight(st, skarn, commissar), _no_destiny)
    kinds = [e.kind for e in st.log.events]
    assert kinds.index("quick_shot") < kinds.index("slain", kinds.index("quick_shot"))
    assert commissar.slain and skarn.slain
    assert "revenge" in st.achieved[0]


def test_blast_rolls_against_every_model_touching_and_shields_huddle() -> None:
    """dwethia.weapon.blast: after the hit on the target, each model within one ring rolls to
    wound too; a shield among them lets every affected model save."""
    st = open_state(dice=scripted(6, 1, 6, 1, 6, 6))
    skarn = put(st, 6, 5, 2)
    captain, _legion, hunter = put(st, 0, 5, 7), put(st, 2, 6, 7), put(st, 3, 4, 8)
    drive(shoot(st, skarn, _weapon(st, 6), captain, melee=False),
          lambda d: Pick(captain.uid) if d.kind == "redirect" else _no_destiny(d))
    blasts = [e for e in st.log.events if e.kind == "blast"]
    assert {e["target"] for e in blasts} == {"Legionaire Brask", "Hunter Ilsa"}
    by_name = {e["target"]: e for e in blasts}
    assert by_name["Legionaire Brask"]["unsaved"] == 1 and _legion.slain
    # the Hunter has no save of its own: it saves on the shields' 5+ (rolled 6)
    assert by_name["Hunter Ilsa"]["saves"] == [6] and not hunter.slain
    assert "explosives" in st.achieved[1]


def test_arc_lobs_beyond_range_needing_a_six() -> None:
    """dwethia.weapon.arc, dwethia.shoot.range: an [Arc] weapon reaches three times its range
    without sight, such a shot needing a 6."""
    st = open_state(size=40, dice=scripted(5))
    hunter, necro = put(st, 3, 5, 0), put(st, 4, 5, 30)
    assert necro in targets_for(st, hunter, _weapon(st, 3))
    drive(shoot(st, hunter, _weapon(st, 3), necro, melee=False), _no_destiny)
    shot = next(e for e in st.log.events if e.kind == "shot")
    assert shot["lobbed"] and shot["needed"] == 6 and shot["wounds"] == 0


def test_light_weapons_fire_while_engaged_and_still_fight() -> None:
    """dwethia.weapon.light, dwethia.shoot.shooters_in_combat: an engaged model may fire only
    [Light] weapons (at -3), and after a Light shot it may still fight."""
    st = open_state()
    pistol = Weapon("pistol", "Pistol", "ranged", 2, 1, 10, "none", frozenset({"light"}))
    hunter = put(st, 3, 5, 5)
    hunter.profile = replace(hunter.profile, ranged=(hunter.profile.ranged[0], pistol))
    put(st, 6, 5, 6)
    seen: list[list[object]] = []

    def answer(d: Decision) -> object:
        seen.append(list(d.options))
        return next((o for o in d.options if isinstance(o, Shoot)), _no_destiny(d))

    st.dice = scripted(1, 1, 1, 1)
    result = drive(shoot_phase(st, hunter, 0, False), answer)
    assert {o.weapon for o in seen[0] if isinstance(o, Shoot)} == {"pistol"}
    assert result == "light"
    shot = next(e for e in st.log.events if e.kind == "shot")
    assert shot["penalty"] >= 3


def test_defender_redirects_a_shot_within_its_coherent_group() -> None:
    """dwethia.shoot.target_selection_coherency: the defending player picks which model of a
    coherent group takes the shot."""
    st = open_state(dice=scripted(1, 1))
    hunter, skarn, pirate = put(st, 3, 5, 2), put(st, 6, 5, 10), put(st, 7, 6, 10)
    asked: list[Decision] = []

    def answer(d: Decision) -> object:
        if d.kind == "redirect":
            asked.append(d)
            return Pick(pirate.uid)
        return _no_destiny(d)

    drive(shoot(st, hunter, _weapon(st, 3), skarn, melee=False), answer)
    assert asked and asked[0].player == 1
    assert set(asked[0].options) == {Pick(skarn.uid), Pick(pirate.uid)}
    assert next(e for e in st.log.events if e.kind == "shot")["target"] == "Black Sun Pirate"
