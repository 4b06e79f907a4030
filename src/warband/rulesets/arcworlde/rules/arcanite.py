"""Arcanite Tokens: bought, placed, found, carried, spent.

Rule ids: ``arcworlde.arcanite.obtaining``, ``arcworlde.arcanite.as_items``,
``arcworlde.arcanite.using``, ``arcworlde.arcanite.commander_stash``,
``arcworlde.equipment.knocked_out`` (Tokens left on the table).

Readings (the rules yaml's defaults unless said otherwise):

* Bought Tokens are the Common Armoury item ``arcanite-token`` (house cost), which a list may
  give a Character more than once. Each Token remembers whether it was bought: bought Tokens
  never score for a scenario (``vp_per_arcanite``), even after changing hands.
* Scenarios place Tokens on the table (``arcanite`` points). A Character whose base edge is
  within :data:`REACH` of a Token may pick it up with an Easy Feat.
* Giving a Token to a friend in base contact, and stealing one from a Prone enemy in base
  contact, are Easy Feats too. A Knocked Out carrier leaves its Tokens where it stood.
* Uses: ``ap`` (+1AP, only while Activated), ``extra_die`` (one more D6 on the Character's next
  Feat or Attack Power roll), ``reroll`` (its next Attack re-rolls its first failed Power die;
  the Token is spent when primed, whatever the dice), casting a Spell and paying for another
  card
  (``rules/magic.py``). "Any roll" is read as the success-counting rolls (Feats, Attack Power),
  as the yaml suggests; when attacked, even outside its Activation, a Character may spend one
  on its Defence: an extra die on its first Defence Roll, or a re-roll of its first failed one.
* A Commander's Tokens can be used by any friendly Character, anywhere; a Character spends its
  own Tokens first, bought ones before found ones (found ones may score).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = [
    "ARCANITE_ID",
    "REACH",
    "USES",
    "arcanite_defence",
    "arcanite_options",
    "available",
    "drop_tokens",
    "prepare_arcanite",
    "spend",
    "spender",
    "tokens_in_reach",
]

#: the Common Armoury item that is a bought Arcanite Token
ARCANITE_ID = "arcanite-token"
#: inches from a base edge to a Token that count as touching it (a Token is a small marker)
REACH = 0.5
#: the uses an Action may choose (the Spell uses are part of casting)
USES = ("ap", "extra_die", "reroll")


def prepare_arcanite(st: ArcState) -> None:
    """Before deployment: Tokens bought in the lists, Tokens the scenario puts on the table."""
    for c in st.chars:
        c.arcanite_bought += sum(1 for e in c.equipment if e.id == ARCANITE_ID)
    for point in st.scenario.arcanite:
        st.tokens.append((float(point.x), float(point.y), False))
    for thing in st.scenario.items:  # scenario items lie on the table (rules/items.py)
        st.items.append((float(thing.x), float(thing.y), thing.item))


def _commander(st: Any, ch: Character) -> Character | None:
    if ch.commander:
        return None
    chars: list[Character] = st.chars
    for c in chars:
        if c.side == ch.side and c.commander and c.on_table and c is not ch:
            return c
    return None


def available(st: Any, ch: Character) -> int:
    """Tokens ``ch`` may use: its own and its Commander's (arcworlde.arcanite.commander_stash)."""
    own = ch.arcanite + ch.arcanite_bought
    boss = _commander(st, ch)
    return own + (boss.arcanite + boss.arcanite_bought if boss is not None else 0)


def spend(st: ArcState, ch: Character, purpose: str) -> bool:
    """Spend one Token ``ch`` may use (own first, bought before found); False if none."""
    boss = _commander(st, ch)
    for holder in (ch, boss):
        if holder is None:
            continue
        if holder.arcanite_bought > 0:
            holder.arcanite_bought -= 1
        elif holder.arcanite > 0:
            holder.arcanite -= 1
        else:
            continue
        st.log.emit("arcanite", who=ch.name, holder=holder.name, use=purpose,
                    left=available(st, ch))
        return True
    return False


def spender(st: ArcState, ch: Character) -> Callable[[str | None], bool]:
    """A callback for ``rules/magic.py``: ``spend(None)`` asks whether a Token is available,
    ``spend(purpose)`` spends one."""
    def pay(purpose: str | None) -> bool:
        if purpose is None:
            return available(st, ch) > 0
        return spend(st, ch, purpose)
    return pay


def arcanite_defence(st: ArcState, target: Character, attacker: Character, attack: str) -> Any:
    """When ``target`` is about to be attacked, its player may spend a Token it can use (even
    outside its Activation: arcworlde.arcanite.using) on its Defence against this Attack:
    an extra die on its first Defence Roll (``defence_die``: the two dice's Successes add up)
    or a re-roll of its first failed Defence Roll (``ward``). Asked only when it has a Token
    to spend."""
    from warband.core.decisions import Decision

    if target.warded is not None or not target.on_table or available(st, target) == 0:
        return
    pick = yield Decision(
        "arcanite_defence", target.side,
        [C.UseArcanite("defence_die"), C.UseArcanite("ward"), C.UseArcanite("decline")],
        prompt=f"{attacker.name} attacks {target.name} with {attack}: spend Arcanite on an"
               " extra Defence die or a Defence re-roll?",
        info={"character": target.uid, "attacker": attacker.uid, "attack": attack},
    )
    purpose = DEFENCE_USES.get(pick.use)
    if purpose is not None and spend(st, target, purpose):
        target.warded = pick.use


#: the Defence uses of a Token and how the log names them
DEFENCE_USES = {"defence_die": "an extra Defence die", "ward": "re-roll a Defence Roll"}


def tokens_in_reach(st: Any, ch: Character) -> list[int]:
    """Indexes of the Tokens on the table that ``ch`` touches."""
    return [i for i, (x, y, _) in enumerate(st.tokens)
            if math.hypot(x - ch.x, y - ch.y) - ch.r <= REACH + 1e-9]


def carried(c: Character) -> int:
    return c.arcanite + c.arcanite_bought


def arcanite_options(st: Any, ch: Character, ap: int, primed: str | None,
                     tokens: int | None = None, engaged: list[Character] | None = None,
                     friends: list[Character] | None = None) -> list[Any]:
    """Arcanite Actions open to ``ch`` now (the Spell uses are offered with the Spell).
    Where the caller knows them already: ``tokens``, the Tokens ``ch`` may use
    (:func:`available`); ``engaged``, the enemies it is Engaged with; ``friends``, the friends
    in base contact."""
    opts: list[Any] = []
    if (available(st, ch) if tokens is None else tokens) > 0:
        opts.append(C.UseArcanite("ap"))
        if primed is None:
            opts.extend(C.UseArcanite(u) for u in ("extra_die", "reroll"))
    if ap >= 1:
        dice = range(1, min(ap, 3) + 1)  # an Easy Feat: more than 3 dice is never needed here
        if st.tokens:
            for i in tokens_in_reach(st, ch):
                opts.extend(C.PickUpArcanite(i, n) for n in dice)
        # (the contact queries cost a pass over the table: only when a Token could move)
        if carried(ch) > 0:
            for f in (st.friends_in_contact(ch) if friends is None else friends):
                opts.extend(C.GiveArcanite(f.uid, n) for n in dice)
        if engaged is None:
            if not any(c.side != ch.side and c.prone and carried(c) > 0 for c in st.chars):
                return opts
            engaged = st.engaged_with(ch)
        for e in engaged:
            if e.prone and carried(e) > 0:
                opts.extend(C.StealArcanite(e.uid, n) for n in dice)
    return opts


def take_token(st: ArcState, ch: Character, index: int) -> None:
    x, y, bought = st.tokens.pop(index)
    if bought:
        ch.arcanite_bought += 1
    else:
        ch.arcanite += 1
    st.log.emit("arcanite_taken", who=ch.name, at=[round(x, 2), round(y, 2)], bought=bought)


def move_token(st: ArcState, giver: Character, taker: Character, how: str) -> None:
    """One Token changes hands (found ones first: they are the ones worth scoring)."""
    if giver.arcanite > 0:
        giver.arcanite -= 1
        taker.arcanite += 1
    else:
        giver.arcanite_bought -= 1
        taker.arcanite_bought += 1
    st.log.emit("arcanite_" + how, who=taker.name, frm=giver.name)


def drop_tokens(st: ArcState, ch: Character) -> None:
    """A Knocked Out carrier leaves its Tokens on the table where it stood
    (arcworlde.arcanite.as_items, arcworlde.equipment.knocked_out)."""
    dropped = ch.arcanite + ch.arcanite_bought
    if not dropped:
        return
    # rounded as move goals are, so that a move toward the Token replays exactly from a record
    x, y = round(ch.x, 3), round(ch.y, 3)
    st.tokens.extend([(x, y, False)] * ch.arcanite + [(x, y, True)] * ch.arcanite_bought)
    ch.arcanite = ch.arcanite_bought = 0
    st.log.emit("arcanite_dropped", who=ch.name, tokens=dropped,
                at=[round(ch.x, 2), round(ch.y, 2)])


def scored_tokens(st: Any, side: int) -> int:
    """Found Tokens a side's Characters on the table carry (bought ones never score)."""
    return sum(c.arcanite for c in st.chars if c.side == side and c.on_table)
