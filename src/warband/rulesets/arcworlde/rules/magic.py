"""Magic: Mages cast Spells with the ArcDeck.

Rule ids: ``arcworlde.arcdeck.deck``, ``arcworlde.magic.mages``, ``arcworlde.magic.casting``,
``arcworlde.magic.card_values``, ``arcworlde.magic.overpowered``, ``arcworlde.solo.magic``
(summoned Characters).

Readings (the rules yaml's defaults unless said otherwise):

* One Spell per Activation, paid with 2AP or an Arcanite Token (``rules/arcanite.py``). Casting
  is an Action (it ends a Leg It sequence). The 2AP are spent whether or not the Spell is cast.
* Two cards are drawn face up; while no total reaches the level the caster may pay 1AP or an
  Arcanite Token per further card, or stop (the Spell fails).
* Aces (1 or 11) and Jokers (1 to 11) are valued at the best moment: whenever the cards are
  counted, the caster takes the best total (:func:`mechanics.spell_verdict`, the same function
  the odds engine uses). When the only totals reaching the level are over 21 (Aces only), the
  caster chooses between drawing on with a low total, stopping, and casting Overpowered.
* Overpowered (the lowest total over 21): the Spell takes effect first, then the Mage loses D6
  HP directly (no Armour, no Defence Roll; it may be Knocked Out).
* Cards are discarded once the Spell is resolved; an empty draw pile is refilled from the
  discards (never from the cards still face up).
* Targeted Spells need the target within range and visible (as a Shot); a blast needs neither.
* ArcDeck: one shared deck by default; with the option ``arcdeck=own`` each player draws from
  a deck of their own. A deck is made (and shuffled with the game's dice) when first drawn from.
* Summoned Characters (House Spells such as Summon Sprites): the Characters of the summoned
  profile in a warband whose Mage knows the Spell are held back at deployment and placed by the
  Spell within its distance of the Mage.
"""

from __future__ import annotations

import math
from typing import Any

from warband.core.decisions import Decision
from warband.core.deck import Card, Deck, standard_54
from warband.core.game import Steps
from warband.core.geometry import CONTACT
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.mechanics import spell_best_total, spell_verdict
from warband.rulesets.arcworlde.rules.arcanite import arcanite_defence
from warband.rulesets.arcworlde.rules.combat import lose_hp, resolve_attack
from warband.rulesets.arcworlde.rules.creatures import dwindle
from warband.rulesets.arcworlde.rules.forest import controller, free_spell_cards
from warband.rulesets.arcworlde.rules.movement import do_move, is_move, move_candidates
from warband.rulesets.arcworlde.spells import Spell, SpellBook
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = [
    "CAST_AP",
    "arcdeck",
    "cast_options",
    "cast_spell",
    "prepare_magic",
    "spell_targets",
    "spells_of",
]

#: AP that pays for a Spell (arcworlde.magic.casting)
CAST_AP = 2
SHARED = -1


def book(st: Any) -> SpellBook:
    """The Spells in play: the game's, or the packaged ones (hand-built test states)."""
    result: SpellBook | None = st.spellbook
    if result is None:
        from warband.rulesets.arcworlde.catalogue import catalogue
        from warband.rulesets.arcworlde.spells import spell_book

        result = spell_book(catalogue())  # loaded once per folder: cheap to ask again
    return result


def spells_of(st: Any, ch: Character) -> tuple[Spell, ...]:
    """The Spells ``ch`` may cast (none unless a Mage; arcworlde.magic.mages)."""
    return book(st).known_by(ch.profile)


def prepare_magic(st: ArcState, spellbook: SpellBook) -> None:
    """Before deployment: hold back the Characters a friendly Mage's Spell summons."""
    st.spellbook = spellbook
    for side in range(len(st.side_names)):
        summons = {s.summon for c in st.chars if c.side == side for s in spells_of(st, c)
                   if s.effect == "summon"}
        for c in st.chars:
            if c.side == side and c.profile.id in summons:
                c.held = True


def arcdeck(st: ArcState, player: int) -> Deck:
    """The ArcDeck ``player`` draws from (arcworlde.arcdeck.deck)."""
    key = player if st.options.arcdeck == "own" else SHARED
    deck = st.decks.get(key)
    if deck is None:
        deck = st.decks[key] = Deck(standard_54(), st.dice)
    return deck


def _visible(st: Any, a: Character, b: Character) -> bool:
    return a is b or bool(st.table.sight(a.x, a.y, a.r, b.x, b.y, b.r).visible)


def spell_targets(st: Any, mage: Character, spell: Spell) -> list[Character]:
    """Who a targeted Spell may be cast on: enemies (damage) or friends and the Mage (heal,
    move) within range and in sight; a healing needs a wounded target, a move one free of
    enemies."""
    if spell.effect == "damage":
        pool = list(st.enemies_of(mage))
    elif spell.effect in ("heal", "move"):
        pool = [mage, *st.friends_of(mage)]
    else:
        return []
    out = []
    for t in pool:
        if t is not mage and st.distance(mage, t) > spell.range + 1e-9:
            continue
        if spell.effect == "heal" and t.hp >= t.max_hp:
            continue
        if spell.effect == "move" and (t.prone or st.engaged_with(t)):
            continue
        if _visible(st, mage, t):
            out.append(t)
    return out


def summonable(st: Any, mage: Character, spell: Spell) -> list[Character]:
    """The held-back Characters of ``mage``'s warband that ``spell`` may summon."""
    return [c for c in st.chars if c.side == mage.side and c.held and not c.ko
            and c.profile.id == spell.summon]


def blast_victims(st: Any, mage: Character, spell: Spell) -> list[Character]:
    return [e for e in st.enemies_of(mage) if st.distance(mage, e) <= spell.radius + 1e-9]


def cast_options(st: Any, mage: Character, ap: int, arcanite: bool, cast_already: bool) -> list[Any]:
    """The Cast choices open to ``mage`` now: one per Spell and target, for each way to pay."""
    if cast_already or mage.prone:
        return []
    pays = (["ap"] if ap >= CAST_AP else []) + (["arcanite"] if arcanite else [])
    if not pays:
        return []
    out: list[Any] = []
    for spell in spells_of(st, mage):
        if spell.targeted:
            targets: list[int | None] = [t.uid for t in spell_targets(st, mage, spell)]
        elif spell.effect == "summon":
            targets = [None] if summonable(st, mage, spell) else []
        else:
            targets = [None] if blast_victims(st, mage, spell) else []
        out.extend(C.Cast(spell.id, t, pay) for t in targets for pay in pays)
    return out


def _values(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def cast_spell(st: ArcState, mage: Character, choice: Any, turn: Any, spend: Any) -> Steps:
    """Cast a Spell (arcworlde.magic.casting): ``turn`` is the Activation's book-keeping (its
    ``ap`` pays); ``spend(kind)`` spends an Arcanite Token for ``kind`` and returns whether it
    could (``rules/arcanite.py``), or is None when no Token can be used."""
    spell = book(st).spells[choice.spell]
    if choice.pay == "arcanite" and spend is not None and spend("cast a Spell"):
        paid = "an Arcanite Token"
    else:
        turn.ap -= CAST_AP
        paid = f"{CAST_AP}AP"
    deck = arcdeck(st, mage.side)
    cards = [deck.draw(), deck.draw()]
    target = st.by_uid(choice.target) if choice.target is not None else None
    st.log.emit("spell", who=mage.name, spell=spell.name, level=spell.level, paid=paid,
                target=target.name if target else None, cards=_values(cards),
                total=spell_best_total(spell.level, cards))
    verdict = spell_verdict(spell.level, cards)
    while verdict == "below":
        options: list[Any] = []
        free = free_spell_cards(st)  # the Mildaark Forest's card 9
        if turn.ap >= 1 or free:
            options.append(C.SpellDraw("ap"))
        if spend is not None and spend(None):
            options.append(C.SpellDraw("arcanite"))
        options.append(C.SpellDraw("stop"))
        if spell_verdict(spell.level, cards, avoid_overpower=False) == "overpowered":
            options.append(C.SpellDraw("overpower"))
        pick = yield Decision(
            "spell_draw", controller(st, mage), options,
            prompt=f"{mage.name}: {spell.name} (level {spell.level}) short at "
                   f"{spell_best_total(spell.level, cards)}; draw another card?",
            info={"character": mage.uid, "spell": spell.id, "level": spell.level,
                  "cards": _values(cards), "ap": turn.ap},
        )
        if pick.pay == "stop":
            break
        if pick.pay == "overpower":
            verdict = "overpowered"
            break
        if pick.pay == "arcanite" and spend("draw another card"):
            paid = "an Arcanite Token"
        elif free:
            paid = "nothing (the forest's magic)"
        else:
            turn.ap -= 1
            paid = "1AP"
        card = deck.draw()
        cards.append(card)
        st.log.emit("spell_card", who=mage.name, card=str(card), paid=paid,
                    total=spell_best_total(spell.level, cards))
        verdict = spell_verdict(spell.level, cards)
    if verdict == "below":
        st.log.emit("spell_failed", who=mage.name, spell=spell.name, cards=_values(cards))
        deck.discard(*cards)
        return
    overpowered = verdict == "overpowered"
    st.log.emit("spell_cast", who=mage.name, spell=spell.name, overpowered=overpowered,
                cards=_values(cards))
    yield from _effect(st, mage, spell, target)
    deck.discard(*cards)
    if overpowered and mage.on_table:
        lose_hp(st, mage, st.dice.d6(), f"{spell.name} Overpowered", None)


def _effect(st: ArcState, mage: Character, spell: Spell, target: Character | None) -> Steps:
    """What a cast Spell does (house Spell effects, see ``spells.py``)."""
    if spell.effect == "damage":
        if target is not None and target.on_table:
            yield from arcanite_defence(st, target, mage, spell.name)
            resolve_attack(st, mage, spell.attack("flammable" in target.traits), target,
                           charged=False)
    elif spell.effect == "blast":
        for victim in blast_victims(st, mage, spell):
            if victim.on_table:
                yield from arcanite_defence(st, victim, mage, spell.name)
                resolve_attack(st, mage, spell.attack("flammable" in victim.traits), victim,
                               charged=False, cover=False)
    elif spell.effect == "heal":
        if target is not None and target.on_table:
            before = target.hp
            target.hp = min(target.max_hp, target.hp + spell.amount)
            st.log.emit("heal", who=target.name, by=spell.name, hp=[before, target.hp])
            dwindle(st, target)  # regained HP gives back Dwindling Strength's AP
    elif spell.effect == "move":
        if target is not None and target.on_table:
            goal = yield Decision(
                "spell_move", controller(st, mage),
                [*move_candidates(st, target, spell.amount),
                 C.Move(round(target.x, 3), round(target.y, 3), "stay")],
                prompt=f"{spell.name}: move {target.name} up to {spell.amount} inches",
                accepts=is_move, info={"character": target.uid, "inches": spell.amount},
            )
            do_move(st, target, (goal.x, goal.y), spell.amount, "spell")
    elif spell.effect == "summon":
        yield from _summon(st, mage, spell)


def summon_points(st: Any, mage: Character, who: Character, reach: float) -> list[tuple[float, float]]:
    """Spots where ``who``'s base fits wholly within ``reach`` inches of ``mage``'s base edge
    (base edge to base edge), on a ring of directions at two distances."""
    others = [c.base for c in st.chars if c.on_table and not c.aboard]
    enemies = [c for c in st.chars if c.on_table and c.side != mage.side]
    out = []
    for dist in sorted({min(1.0, reach), reach}):
        centre = mage.r + who.r + dist - 0.05
        for k in range(12):
            a = 2 * math.pi * k / 12
            x, y = mage.x + centre * math.cos(a), mage.y + centre * math.sin(a)
            # not in base contact with an enemy: a summoned Character arrives, it does not
            # Charge (our reading)
            clear = all(math.hypot(e.x - x, e.y - y) - e.r - who.r > 2 * CONTACT for e in enemies)
            if clear and st.table.fits(x, y, who.r, others):
                out.append((round(x, 3), round(y, 3)))
    return out


def _summon(st: ArcState, mage: Character, spell: Spell) -> Steps:
    for _ in range(spell.count):
        waiting = summonable(st, mage, spell)
        if not waiting:
            return
        who = waiting[0]
        spots = summon_points(st, mage, who, float(spell.amount))
        if not spots:
            st.log.emit("no_room", side=st.side_labels[mage.side])
            return
        place = yield Decision(
            "summon_place", controller(st, mage), [C.Place(who.uid, x, y) for x, y in spots],
            prompt=f"{spell.name}: place {who.name} within {spell.amount} inches of {mage.name}",
            info={"character": mage.uid, "summoned": who.uid},
        )
        who.x, who.y, who.deployed, who.held = float(place.x), float(place.y), True, False
        # arrives having acted: it is Activated from the next Round
        who.activated = True
        st.log.emit("summoned", who=who.name, by=mage.name, at=[round(who.x, 2), round(who.y, 2)])
