"""Items in play: given, dropped, stolen, picked up, left on the table by a Knock Out.

Rule ids: ``arcworlde.equipment.types``, ``arcworlde.equipment.stealing``,
``arcworlde.equipment.knocked_out``, ``arcworlde.equipment.fabled_artefacts``,
``arcworlde.feat.interact_equipment``.

Readings (the rules yaml's defaults): Items (equipment of kind ``item``; Arcanite Tokens are
counted apart, ``rules/arcanite.py``) are given to a friend in base contact, dropped, stolen
from a Prone enemy in base contact (the thief chooses which) and picked up, each with an Easy
Feat. Gear never leaves its bearer. A Knocked Out Character's Fabled Artefacts (and Arcanite)
drop as tokens where it fell; its other equipment leaves the game with it.
"""

from __future__ import annotations

import math
from typing import Any

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.models import Equipment
from warband.rulesets.arcworlde.rules.arcanite import REACH
from warband.rulesets.arcworlde.rules.forest import FABLED, equip
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = ["drop_on_knock_out", "item_options", "perform_item", "unequip"]


def _items(ch: Character) -> list[Equipment]:
    return [e for e in ch.equipment if e.kind == "item" and e.id != "arcanite-token"]


def unequip(ch: Character, item: Equipment) -> None:
    """Take an Item off a Character: its Attacks, Armour, Movement and Traits go with it."""
    gear = list(ch.equipment)
    gear.remove(item)
    ch.equipment = tuple(gear)
    ch.attacks = tuple(a for a in ch.attacks if a.source != item.id)
    best = max((e.armour for e in gear), default=0)
    if item.armour and ch.armour > best:
        ch.armour = best
    ch.movement = max(0, ch.movement - item.movement)
    ch.traits = frozenset(ch.profile.traits).union(*(e.traits for e in gear))
    ch.weapons = tuple(w for w in ch.weapons if w.id != item.id)
    if ch.weapon == item.id:
        ch.weapon = ch.weapons[0].id if ch.weapons else None


def item_options(st: Any, ch: Character, ap: int, engaged: list[Character] | None = None,
                 friends: list[Character] | None = None) -> list[Any]:
    """Item Actions open to ``ch`` now (each an Easy Feat with 1 to 3 dice). Where the caller
    knows them already: ``engaged``, the enemies ``ch`` is Engaged with; ``friends``, the
    friends in base contact."""
    if ap < 1 or ch.prone:
        return []
    dice = range(1, min(ap, 3) + 1)
    out: list[Any] = []
    mine = _items(ch) if ch.equipment else []
    if mine:
        if friends is None:
            friends = st.friends_in_contact(ch)
        for item in mine:
            out.extend(C.DropItem(item.id, n) for n in dice)
            for f in friends:
                if not f.profile.creature:
                    out.extend(C.GiveItem(f.uid, item.id, n) for n in dice)
    if not ch.profile.creature:
        if engaged is None:
            if any(c.side != ch.side and c.prone and _items(c) for c in st.chars):
                engaged = st.engaged_with(ch)
            else:
                engaged = []
        for e in engaged:
            if e.prone:
                for item in _items(e):
                    out.extend(C.StealItem(e.uid, item.id, n) for n in dice)
        if st.items:
            for i, (x, y, _) in enumerate(st.items):
                if math.hypot(x - ch.x, y - ch.y) - ch.r <= REACH + 1e-9:
                    out.extend(C.PickUpItem(i, n) for n in dice)
    return out


def _find(ch: Character, item_id: str) -> Equipment:
    return next(e for e in ch.equipment if e.id == item_id)


def perform_item(st: ArcState, ch: Character, choice: Any) -> None:
    """Resolve an Item Action (the AP are spent by the caller)."""
    from warband.rulesets.arcworlde.catalogue import catalogue
    from warband.rulesets.arcworlde.rules.feats import attempt_feat

    if isinstance(choice, C.DropItem):
        item = _find(ch, choice.item)
        if attempt_feat(st, ch, choice.ap, 1, f"drop {item.name}"):
            unequip(ch, item)
            st.items.append((round(ch.x, 3), round(ch.y, 3), item.id))
            st.log.emit("item", who=ch.name, item=item.name, how="dropped")
    elif isinstance(choice, C.GiveItem):
        friend = st.by_uid(choice.target)
        item = _find(ch, choice.item)
        if attempt_feat(st, ch, choice.ap, 1, f"give {item.name} to {friend.name}"):
            unequip(ch, item)
            equip(friend, item)
            st.log.emit("item", who=friend.name, item=item.name, how="given", frm=ch.name)
    elif isinstance(choice, C.StealItem):
        enemy = st.by_uid(choice.target)
        item = _find(enemy, choice.item)
        if attempt_feat(st, ch, choice.ap, 1, f"steal {item.name} from {enemy.name}"):
            unequip(enemy, item)
            equip(ch, item)
            st.log.emit("item", who=ch.name, item=item.name, how="stolen", frm=enemy.name)
    elif isinstance(choice, C.PickUpItem):
        x, y, item_id = st.items[choice.index]
        if attempt_feat(st, ch, choice.ap, 1, "pick up an Item"):
            st.items.pop(choice.index)
            item = catalogue().equipment[item_id]
            equip(ch, item)
            st.log.emit("item", who=ch.name, item=item.name, how="picked up")


def drop_on_knock_out(st: ArcState, victim: Character) -> None:
    """A Knocked Out Character's Fabled Artefacts stay on the table as tokens
    (arcworlde.equipment.knocked_out, arcworlde.equipment.fabled_artefacts)."""
    for item in [e for e in victim.equipment if e.id.startswith(FABLED)]:
        st.items.append((round(victim.x, 3), round(victim.y, 3), item.id))
        st.log.emit("item", who=victim.name, item=item.name, how="left where it fell")
