"""Magic: Mages, the ArcDeck in play, casting, card values, Overpowered Spells, the house
Spell effects (damage, healing, movement, summoning, a blast that ignores line of sight).
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from warband.core.deck import Card, Deck
from warband.core.dice import Dice
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde import mechanics as m
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.rules.magic import arcdeck, prepare_magic, spells_of
from warband.rulesets.arcworlde.spells import spell_book
from warband.rulesets.arcworlde.state import Character

from .arena import Arena, box, terrain


def stack(arena: Arena, *ranks: str, key: int = -1) -> Deck:
    """Put an ArcDeck on the table whose next cards are ``ranks`` (in order), the rest of a
    54-card deck under them."""
    deck = Deck([], Dice(0))
    top = [Card(r, "hearts" if r != "Joker" else "") for r in ranks]
    rest: list[Card] = []
    from warband.core.deck import standard_54

    pool = standard_54()
    for c in top:
        pool.remove(next(p for p in pool if p.rank == c.rank))
    rest = pool
    deck.draw_pile = [*rest, *reversed(top)]  # draw() pops from the end
    arena.st.decks[key] = deck
    return deck


def casts(run: Any) -> list[Any]:
    return [o for o in run.pending.options if isinstance(o, C.Cast)]


def conserved(arena: Arena) -> None:
    for deck in arena.st.decks.values():
        assert len(deck.draw_pile) + len(deck.discards) == 54


def witch_and_grunt(arena: Arena, gap: float = 6.0) -> tuple[Character, Character]:
    witch = arena.add("halfling-hedge-witch", 0, (10, 10))
    grunt = arena.add("ourk-grunt", 1, arena.at_distance(witch, gap, "east", 40))
    return witch, grunt


# ------------------------------------------------------------------------------ Mages
def test_arcworlde_magic_mages_only_mages_cast_their_faction_list(arena: Arena) -> None:
    """arcworlde.magic.mages, arcworlde.list.class.mage: only Mages cast, from their own
    faction's Spell list."""
    witch, grunt = witch_and_grunt(arena)
    sheriff = arena.add("halfling-sheriff", 0, (10, 14))
    shaman = arena.add("ourk-bone-shaman", 1, (30, 30))
    assert spells_of(arena.st, sheriff) == ()
    assert {s.id for s in spells_of(arena.st, witch)} == {
        "stinging-nettles", "hearth-balm", "fleetfoot", "summon-sprites", "bramble-burst"}
    assert "gut-punch" in {s.id for s in spells_of(arena.st, shaman)}
    run = arena.activate(witch)
    # damage on the visible enemy in range; no wounded friend, so no healing; Fleetfoot on
    # itself or the Sheriff; no Sprites held back, so no summoning; nobody within 4"
    assert set(casts(run)) == {
        C.Cast("stinging-nettles", grunt.uid), C.Cast("fleetfoot", witch.uid),
        C.Cast("fleetfoot", sheriff.uid)}
    assert not any(isinstance(o, C.Cast) for o in arena.activate(sheriff).pending.options)


def test_arcworlde_magic_casting_two_cards_reach_the_level(arena: Arena) -> None:
    """arcworlde.magic.casting: 2AP, two cards; a total at or over the level casts the Spell
    (Stinging Nettles, level 9: 7 + 2)."""
    witch, grunt = witch_and_grunt(arena)
    stack(arena, "7", "2")
    arena.seeded(3)
    run = arena.activate(witch, C.Cast("stinging-nettles", grunt.uid))
    spell = run.events("spell")[0]
    assert spell["cards"] == ["7 of hearts", "2 of hearts"] and spell["total"] == 9
    assert run.events("spell_cast")[0]["overpowered"] is False
    assert run.events("attack")[0]["attack"] == "Stinging Nettles"
    assert run.events("attack")[0]["power"] == 4
    assert run.pending.info["ap"] == 2  # 4AP - 2
    assert not casts(run)  # one Spell per Activation
    conserved(arena)
    assert len(arena.st.decks[-1].discards) == 2


def test_arcworlde_magic_casting_extra_cards_cost_1ap_each(arena: Arena) -> None:
    """arcworlde.magic.casting: below the level the caster may pay 1AP per further card."""
    witch, grunt = witch_and_grunt(arena)
    stack(arena, "2", "3", "4")
    arena.seeded(3)
    run = arena.activate(witch, C.Cast("stinging-nettles", grunt.uid))
    assert run.pending.kind == "spell_draw"
    assert set(run.pending.options) == {C.SpellDraw("ap"), C.SpellDraw("stop")}
    run.answer(C.SpellDraw("ap"))
    assert run.events("spell_card")[0]["total"] == 9
    assert run.events("spell_cast")
    assert run.pending.info["ap"] == 1


def test_arcworlde_magic_casting_stopping_fails_and_the_ap_is_lost(arena: Arena) -> None:
    """arcworlde.magic.casting: stopping below the level fails the Spell; the 2AP are spent
    (the rules yaml default) and the cards discarded."""
    witch, grunt = witch_and_grunt(arena)
    stack(arena, "2", "3")
    run = arena.activate(witch, C.Cast("stinging-nettles", grunt.uid), C.SpellDraw("stop"))
    assert run.events("spell_failed") and not run.events("attack")
    assert run.pending.info["ap"] == 2
    assert len(arena.st.decks[-1].discards) == 2
    conserved(arena)


def test_arcworlde_magic_casting_no_ap_left_means_no_more_cards(arena: Arena) -> None:
    """arcworlde.magic.casting: a further card needs 1AP (or a Token): with none left the
    only choice is to stop."""
    witch, grunt = witch_and_grunt(arena)
    stack(arena, "2", "3", "4")
    arena.seeded(1)
    run = arena.activate(witch, C.Cast("stinging-nettles", grunt.uid), C.SpellDraw("ap"))
    assert run.events("spell_cast")  # 2 + 3 + 4 = 9
    witch2 = arena.add("halfling-hedge-witch", 0, (20, 30), ap=2)
    stack(arena, "2", "3")
    run = arena.activate(witch2, C.Cast("fleetfoot", witch2.uid))
    assert run.events("spell_failed")  # nothing to pay with: failed without a question
    assert not any(d.kind == "spell_draw" for d in run.asked)


@pytest.mark.parametrize(("ranks", "level", "total"), [
    (("A", "9"), 20, 20),       # Ace as 11
    (("A", "9"), 9, 10),        # Ace as 1 (the lowest total that reaches the level)
    (("Joker", "5"), 16, 16),   # Joker as 11
    (("Joker", "5"), 9, 9),     # Joker as 4
    (("K", "Q"), 20, 20),       # court cards count 10
])
def test_arcworlde_magic_card_values(ranks: tuple[str, str], level: int, total: int) -> None:
    """arcworlde.magic.card_values: court cards 10, Aces 1 or 11, Jokers 1-11, valued at the
    best moment for the caster."""
    cards = [Card(r, "") for r in ranks]
    assert m.spell_verdict(level, cards) == "cast"
    assert m.spell_best_total(level, cards) == total


def test_arcworlde_magic_overpowered_spell_resolves_then_mage_loses_d6(arena: Arena) -> None:
    """arcworlde.magic.overpowered: a total over 21 still casts the Spell; then the Mage
    loses D6 HP directly (Ground Shaker, level 16: K + 5 = 15, then a K: 25)."""
    shaman = arena.add("ourk-bone-shaman", 1, (10, 10))
    victim = arena.add("halfling-militia", 0, arena.at_distance(shaman, 3, "east"))
    stack(arena, "K", "5", "K")
    arena.seeded(11)
    run = arena.activate(shaman, C.Cast("ground-shaker", None), C.SpellDraw("ap"))
    assert run.events("spell_cast")[0]["overpowered"] is True
    kinds = run.kinds()
    assert kinds.index("attack") < kinds.index("hp_loss")  # the Spell first
    loss = run.events("hp_loss")[0]
    assert 1 <= loss["amount"] <= 6 and "Overpowered" in loss["cause"]
    assert shaman.hp == shaman.max_hp - loss["amount"]
    assert run.events("attack")[0]["target"] == victim.name


def test_arcworlde_magic_overpowered_aces_only_caster_chooses(arena: Arena) -> None:
    """arcworlde.magic.overpowered / card_values: Ace + 3 + 8 for level 15 makes 12 or 22;
    the caster may draw on, stop, or cast Overpowered."""
    witch, grunt = witch_and_grunt(arena, 2.0)
    stack(arena, "A", "3", "8", "3")
    arena.seeded(1)
    run = arena.activate(witch, C.Cast("bramble-burst", None), C.SpellDraw("ap"))
    assert set(run.pending.options) == {
        C.SpellDraw("ap"), C.SpellDraw("stop"), C.SpellDraw("overpower")}
    run.answer(C.SpellDraw("ap"))  # 1 + 3 + 8 + 3 = 15: cast cleanly
    assert run.events("spell_cast")[0]["overpowered"] is False
    assert not run.events("hp_loss")


# ------------------------------------------------------------------------- the ArcDeck
def test_arcworlde_arcdeck_deck_reshuffles_discards_when_empty(arena: Arena) -> None:
    """arcworlde.arcdeck.deck: drawn cards are discarded; an empty deck is refilled from the
    discards; 54 cards in all."""
    arena.seeded(1)
    deck = arcdeck(arena.st, 0)
    assert len(deck) == 54
    drawn = [deck.draw() for _ in range(54)]
    deck.discard(*drawn)
    assert deck.draw() in drawn and len(deck) + len(deck.discards) == 53


def test_arcworlde_arcdeck_deck_shared_or_own(arena: Arena) -> None:
    """arcworlde.arcdeck.deck: one shared deck by default; one per player with
    ``arcdeck=own``."""
    arena.seeded(1)
    assert arcdeck(arena.st, 0) is arcdeck(arena.st, 1)
    own = Arena(options={"arcdeck": "own"})
    own.seeded(1)
    assert arcdeck(own.st, 0) is not arcdeck(own.st, 1)


def test_arcworlde_arcdeck_deck_is_hidden_from_views(arena: Arena) -> None:
    """Principle 4: the order of the draw pile is a secret; no player's view holds it."""
    arena.seeded(1)
    arcdeck(arena.st, 0)
    with pytest.raises(AttributeError):
        _ = arena.view(0).decks


# ------------------------------------------------------------------------- Spell effects
def test_arcworlde_magic_heal_restores_up_to_starting_hp(arena: Arena) -> None:
    """House Spell Hearth Balm (arcworlde.magic.mages): +3HP, never above the starting HP."""
    witch = arena.add("halfling-hedge-witch", 0, (10, 10))
    friend = arena.add("halfling-militia", 0, arena.at_distance(witch, 2), hp=4)
    stack(arena, "K", "Q")
    run = arena.activate(witch, C.Cast("hearth-balm", friend.uid))
    assert run.events("heal")[0]["hp"] == [4, 5] and friend.hp == friend.max_hp == 5


def test_arcworlde_magic_move_spell_moves_a_friend(arena: Arena) -> None:
    """House Spell Fleetfoot: a friend within 6" moves up to 5" at once."""
    witch = arena.add("halfling-hedge-witch", 0, (10, 10))
    friend = arena.add("halfling-militia", 0, arena.at_distance(witch, 2))
    stack(arena, "K", "Q")
    run = arena.activate(witch, C.Cast("fleetfoot", friend.uid))
    assert run.pending.kind == "spell_move"
    x0 = friend.x
    run.answer(C.Move(friend.x, 30.0))
    assert friend.x == x0 and abs(friend.y - (10 + 5)) < 1e-6 + 0.01


def test_arcworlde_magic_blast_ignores_line_of_sight(arena: Arena) -> None:
    """House Spell Bramble Burst: every enemy within 4" of the Mage is attacked with no line
    of sight needed and no Cover, while a damage Spell needs sight."""
    wall = terrain("Wall", "impassable", box(11.0, 5.0, 11.6, 15.0), blocks_sight=True)
    arena = Arena([wall])
    witch = arena.add("halfling-hedge-witch", 0, (10, 10))
    hidden = arena.add("ourk-grunt", 1, (13.3, 10))
    run = arena.activate(witch)
    assert C.Cast("stinging-nettles", hidden.uid) not in casts(run)
    assert C.Cast("bramble-burst", None) in casts(run)
    stack(arena, "K", "5")
    arena.seeded(2)
    run = arena.activate(witch, C.Cast("bramble-burst", None))
    hit = run.events("attack")[0]
    assert hit["target"] == hidden.name and hit["cover"] is False


def test_arcworlde_magic_summon_sprites_places_held_back_characters(arena: Arena) -> None:
    """arcworlde.solo.magic names Summon Sprites: the Sprites of a warband whose Mage knows
    the Spell are held back at deployment and placed by the Spell within 6" of the Mage."""
    witch = arena.add("halfling-hedge-witch", 0, (10, 10))
    sprites = [arena.add("garden-sprite", 0, (-100, -100), deployed=False) for _ in range(2)]
    arena.add("ourk-grunt", 1, (30, 30))
    prepare_magic(arena.st, spell_book(catalogue()))
    assert all(s.held for s in sprites)
    stack(arena, "K", "5")
    run = arena.activate(witch, C.Cast("summon-sprites", None))
    for _ in range(2):
        assert run.pending.kind == "summon_place"
        run.answer(run.pending.options[0])
    for s in sprites:
        assert s.on_table and not s.held
        assert arena.st.distance(witch, s) <= 6.0 + 1e-6
    assert len(run.events("summoned")) == 2


# -------------------------------------------------------- one mechanic for play and odds
@pytest.mark.parametrize("level", [9, 12, 15])
def test_arcworlde_magic_casting_play_agrees_with_the_odds_mechanic(level: int) -> None:
    """Principle 5 (arcworlde.magic.casting): a Mage in play that pays for every card it can
    ends exactly as :class:`SpellCasting` sampled with the same seed (same deck, same
    verdict, same cards paid for), so the odds engine's exact distribution is play's."""
    spell = {9: "stinging-nettles", 12: "summon-sprites", 15: "bramble-burst"}[level]
    for seed in range(60):
        arena = Arena()
        witch = arena.add("halfling-hedge-witch", 0, (10, 10))
        grunt = arena.add("ourk-grunt", 1, arena.at_distance(witch, 2, "east", 40))
        sprites = [arena.add("garden-sprite", 0, (-100, -100), deployed=False)]
        for s in sprites:
            s.held = True
        arena.seeded(seed)
        target = grunt.uid if spell == "stinging-nettles" else None
        run = arena.activate(witch, C.Cast(spell, target))
        while run.pending is not None and run.pending.kind == "spell_draw":
            pay = C.SpellDraw("ap") if C.SpellDraw("ap") in run.pending.options else C.SpellDraw("stop")
            run.answer(pay)
        played = ("failed" if run.events("spell_failed") else
                  "overpowered" if run.events("spell_cast")[0]["overpowered"] else "cast",
                  len(run.events("spell_card")))
        sampled = m.SpellCasting(level, 2).sample(Dice(seed))
        assert played == (sampled.verdict, sampled.extra_cards), seed


def test_arcworlde_magic_next_card_odds_exact() -> None:
    """The AIs' look-ahead: with 2 + 3 showing for level 9, a card of 4 or more (not over
    21) casts: every card but Aces (as 1 or 11: 11 casts), 2s and 3s -> all but the two 2s
    and three 3s left... counted exactly."""
    cards = [Card("2", ""), Card("3", "")]
    cast, over = m.next_card_odds(9, cards)
    # 52 cards left: 3 twos and 3 threes fall short; everything else casts (Ace as 11,
    # Joker at will), nothing can go over 21
    assert cast == m.Fraction(46, 52) and over == 0


def test_arcworlde_magic_sample_frequencies_match_exact_distribution() -> None:
    """SpellCasting.sample over many shuffles agrees with its exact distribution."""
    mech = m.SpellCasting(14, 2)
    dist = mech.distribution()
    rng = random.Random(5)
    n = 4000
    counts: dict[tuple[str, int], int] = {}
    for _ in range(n):
        r = mech.sample(Dice(rng.randrange(10**9)))
        key = (r.verdict, r.extra_cards)
        counts[key] = counts.get(key, 0) + 1
    for key, p in dist.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts.get(key, 0) / n - float(p)) <= 5 * sd + 1e-3, key


# ----------------------------------------------------------------------------- the AIs
def _decide(controller: Any, arena: Arena, run: Any) -> Any:
    d = run.pending
    choice = controller.decide(arena.view(d.player), d, random.Random(0))
    return getattr(choice, "choice", choice)


def test_heuristic_casts_when_the_odds_favour_it(arena: Arena) -> None:
    """arcworlde.magic.casting: the heuristic AI casts a likely Spell (Stinging Nettles,
    level 9: 92% on two cards, 100% with the AP to pay for more) on an enemy in range
    rather than walking up with its Power 2 staff."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    witch, grunt = witch_and_grunt(arena, 8.0)
    run = arena.activate(witch)
    choice = _decide(HeuristicController(), arena, run)
    assert choice == C.Cast("stinging-nettles", grunt.uid, "ap")


def test_heuristic_does_not_gamble_a_frail_mage_on_a_long_shot(arena: Arena) -> None:
    """With 2AP only (no card can be paid for) and 2HP, the AI does not cast Ground Shaker
    (level 16: cast on two cards 45% of the time) at a lone Militia: the Overpowered risk
    and the odds are not worth it; with a fresh, full-AP Shaman it does."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController
    from warband.rulesets.arcworlde.ai.magic_ai import cast_odds

    assert cast_odds(16, 0)[0] < 0.5 < cast_odds(16, 2)[0]
    shaman = arena.add("ourk-bone-shaman", 1, (10, 10), hp=2, ap=2)
    militia = arena.add("halfling-militia", 0, arena.at_distance(shaman, 2, "east"))
    run = arena.activate(shaman)
    choice = _decide(HeuristicController(), arena, run)
    assert choice != C.Cast("ground-shaker", None, "ap")
    # a likely Spell instead: Gut Punch at the Militia, or (wounded as it is) healing itself
    assert choice in (C.Cast("gut-punch", militia.uid, "ap"),
                      C.Cast("grisly-stitching", shaman.uid, "ap"))


def test_heuristic_pays_for_a_card_that_will_likely_cast(arena: Arena) -> None:
    """The AI's draw decision uses the exact next-card odds: with 2 + 3 for level 9 (46 of
    52 cards cast) it pays 1AP; a frail Mage offered only an Overpowered cast stops."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    witch, grunt = witch_and_grunt(arena)
    stack(arena, "2", "3")
    run = arena.activate(witch, C.Cast("stinging-nettles", grunt.uid))
    assert _decide(HeuristicController(), arena, run) == C.SpellDraw("ap")
    frail = Arena()
    witch = frail.add("halfling-hedge-witch", 0, (10, 10), ap=2, hp=2)
    frail.add("ourk-grunt", 1, frail.at_distance(witch, 2, "east", 40))
    stack(frail, "A", "3")  # no AP left for a card
    run = frail.activate(witch, C.Cast("bramble-burst", None), )
    assert run.events("spell_failed") or run.pending.kind == "spell_draw"
    if run.pending is not None and run.pending.kind == "spell_draw":
        assert _decide(HeuristicController(), frail, run) == C.SpellDraw("stop")


def test_rogue_magic_summons_first_and_always_draws(arena: Arena) -> None:
    """arcworlde.solo.magic: a Rogue Mage picks a summoning Spell while Characters wait to be
    summoned, and always pays AP for more cards, even into an Overpowered Spell."""
    from warband.rulesets.arcworlde.ai.rogue import RogueController

    witch = arena.add("halfling-hedge-witch", 0, (10, 10), ap=8)
    sprite = arena.add("garden-sprite", 0, (-100, -100), deployed=False)
    sprite.held = True
    arena.add("ourk-grunt", 1, (30, 30))
    rogue = RogueController()
    arena.seeded(1)
    run = arena.activate(witch)
    for _ in range(6):
        choice = _decide(rogue, arena, run)
        if isinstance(choice, C.Cast):
            break
        run.answer(choice)
    assert choice == C.Cast("summon-sprites", None, "ap")
    stack(arena, "2", "3", "K")
    run.answer(choice)
    assert _decide(rogue, arena, run) == C.SpellDraw("ap")


def test_heuristic_casts_a_movement_spell_to_take_an_objective() -> None:
    """arcworlde.magic.casting with the house movement Spell Fleetfoot: in the last Round, a
    friend that has already Activated stands 4" short of an objective nobody holds; the
    heuristic Mage whisks it there (and no Spell is worth casting on a friend already on it)."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    arena = Arena(objectives=[("Cairn", 18.0, 14.0)], round=5)
    witch = arena.add("halfling-hedge-witch", 0, (14, 4))
    friend = arena.add("halfling-militia", 0, (18, 8), activated=True)
    arena.add("ourk-grunt", 1, (18, 33))
    stack(arena, "K", "Q")
    run = arena.activate(witch)
    ai = HeuristicController()
    choice = ai.decide(arena.view(0), run.pending, random.Random(0))
    assert getattr(choice, "choice", choice) == C.Cast("fleetfoot", friend.uid)
    run.answer(getattr(choice, "choice", choice))
    assert run.pending.kind == "spell_move"
    run.answer(ai.decide(arena.view(0), run.pending, random.Random(0)))
    assert math.hypot(friend.x - 18.0, friend.y - 14.0) - friend.r <= arena.st.scenario.objective_range


def test_heuristic_casts_no_movement_spell_for_nothing() -> None:
    """arcworlde.magic.casting: with nothing to gain by moving (the friend already holds the
    objective, the enemy far away), the heuristic casts no movement Spell."""
    from warband.rulesets.arcworlde.ai.heuristic import HeuristicController

    arena = Arena(objectives=[("Cairn", 18.0, 14.0)], round=5)
    witch = arena.add("halfling-hedge-witch", 0, (14, 4))
    arena.add("halfling-militia", 0, (18, 14), activated=True)
    arena.add("ourk-grunt", 1, (18, 33))
    run = arena.activate(witch)
    choice = HeuristicController().decide(arena.view(0), run.pending, random.Random(0))
    assert not (isinstance(getattr(choice, "choice", choice), C.Cast)
                and getattr(choice, "choice", choice).spell == "fleetfoot")
