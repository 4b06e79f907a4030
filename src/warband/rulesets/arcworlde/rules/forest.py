"""The Mildaark Forest environment: an ArcDeck card at the start of each Round.

Rule ids: ``arcworlde.environment.optional``, ``arcworlde.environment.mildaark.overview``,
``arcworlde.environment.mildaark.card_*``, ``arcworlde.core.random_placement``.

Played with the option ``environment=mildaark``. Readings (the rules yaml's defaults):

* The card is drawn before initiative, by the previous Round's initiative winner (player A in
  Round 1), from that player's ArcDeck (or the shared one).
* Random placement: 2D6, the first die the column (x), the second the row (y) of a 6 x 6 grid;
  the object goes to the cell's centre, nudged to the nearest spot where it fits (off
  impassable terrain, clear of bases).
* 2 (cache): a token; an Easy Feat in base contact picks it up and the Character equips one
  Common Armoury item of its choice, free (not a Creature); the token stays until claimed.
* 3 (trees): three trees (impassable, blocking sight, 1.5" across) in open ground away from
  every Character, for the rest of the game.
* 4 (portal): two tokens; once per Activation, a Character touching one may step to the other
  at no cost; gone at the end of the Round.
* 6: three Arcanite Tokens, placed at random (found Tokens: they may score).
* 7: every Character has +2AP this Round (at its first Activation).
* 8 (bush): a 40mm token at the centre; each Character that touches it (after a move, or when
  Activated there) regains D6 HP once; gone at the end of the Round.
* 9: extra cards for Spells cost no AP this Round.
* 10: Shot Feats at Disadvantage this Round; J: every Feat at Advantage this Round (both: they
  cancel for Shots).
* Q: a Character that Activates or moves within 6" of a table edge takes D6 Hits (Armour and
  Defence apply), once per Round.
* A: a Fabled Artefact (picked at random from the house ones, ids ``fabled-*``) is placed at
  random; a Medium Feat in base contact pulls it out and the Character carries it (its
  Attacks, Armour, Movement and Traits apply); unclaimed, it is gone at the end of the Round.
* Joker: this Round every decision of a Commander's Activation is taken by another player:
  the one before its own side in this Round's initiative order (each player controls the
  Commander of the next player; with two, the opponent). The Commander's own side still
  chooses when it is Activated.
* 5 (a Beast) and K (a Monster) bring a Creature of that Class from the Bestiary (picked at
  random among the profiles of the class) onto the table as a Character of the forest's own
  side, one more side after the players', played by the Rogue Warband rules: the Rogue
  interpreter of ``ai/rogue.py`` answers that side's decisions inside the flow (no player
  sits behind it), drawing its random choices from the game's dice, so the game replays
  from its seed. The side rolls its own initiative die while it has a Creature on the table
  (arcworlde.solo.initiative), fights every player, holds objectives from them and scores
  nothing. The Beast (5) is placed at random and stays; the Monster (K) is placed in Open
  Terrain on the table edge nearest the player who drew the card (that player's own edge)
  and wanders off at the end of the Round.
"""

from __future__ import annotations

import math
import random
from typing import Any

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.core.geometry import Table, Terrain
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.models import CharacterClass
from warband.rulesets.arcworlde.rules.arcanite import REACH
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = [
    "CREATURE_CARDS",
    "EDGE",
    "creature_arrives",
    "forest_side",
    "apply_forest_feat_modifiers",
    "forest_after_move",
    "forest_on_activation",
    "forest_options",
    "forest_round_end",
    "forest_round_start",
    "free_spell_cards",
    "random_point",
]

#: inches from a table edge where the angry forest strikes (card Queen)
EDGE = 6.0
TREE = 0.75  # half the side of a tree's square
BUSH_R = 40 / 25.4 / 2
#: the cards that bring a Creature, the Class of Creature they bring
CREATURE_CARDS = {"5": CharacterClass.BEAST, "K": CharacterClass.MONSTER}
FOREST_NAME = "the Mildaark Forest"
FOREST_LABEL = "forest"
#: the Fabled Artefacts of the Common Armoury file (house data) start with this
FABLED = "fabled-"


def _grid_centre(st: Any, col: int, row: int) -> tuple[float, float]:
    w, h = st.table.width, st.table.height
    return ((col - 0.5) * w / 6, (row - 0.5) * h / 6)


def random_point(st: ArcState, r: float = 0.3, away_from_bases: float = 0.0
                 ) -> tuple[float, float]:
    """A random spot by the 6 x 6 grid (arcworlde.core.random_placement): 2D6 pick the cell,
    the object goes to its centre, nudged to the nearest place it fits."""
    col, row = st.dice.d6(), st.dice.d6()
    x0, y0 = _grid_centre(st, col, row)
    bases = [c.base for c in st.chars if c.on_table and not c.aboard]
    for ring in range(0, 40):
        step = 0.25 * ring
        for k in range(max(1, 8 * ring)):
            a = 2 * math.pi * k / max(1, 8 * ring)
            x, y = x0 + step * math.cos(a), y0 + step * math.sin(a)
            if not st.table.fits(x, y, r + away_from_bases, bases):
                continue
            return (round(x, 3), round(y, 3))
    return (round(x0, 3), round(y0, 3))


def _forest(st: ArcState) -> dict[str, Any]:
    if st.forest is None:
        st.forest = {"card": None, "effects": set(), "portals": [], "bush": None,
                     "fed": set(), "cache": [], "struck": set(), "ported": set(),
                     "artefact": None, "leaving": []}
    forest: dict[str, Any] = st.forest
    return forest


def forest_round_start(st: ArcState) -> Steps:
    """Draw the Round's card and apply it (arcworlde.environment.mildaark.overview)."""
    from warband.rulesets.arcworlde.rules.magic import arcdeck

    forest = _forest(st)
    # the previous Round's first player (the forest's Creatures are not a player)
    drawer = next((p for p in st.initiative if p in st.player_sides()), 0)
    deck = arcdeck(st, drawer)
    card = deck.draw()
    deck.discard(card)
    rank = card.rank
    forest["card"] = rank
    st.log.emit("forest", card=str(card), rank=rank, drawer=st.side_labels[drawer])
    if rank == "2":
        forest["cache"].append(random_point(st))
    elif rank == "3":
        _grow_trees(st)
    elif rank == "4":
        forest["portals"] = [random_point(st), random_point(st)]
    elif rank == "A":
        from warband.rulesets.arcworlde.catalogue import catalogue

        fabled = sorted(e for e in catalogue().equipment if e.startswith(FABLED))
        if fabled:
            x, y = random_point(st)
            forest["artefact"] = (x, y, st.dice.pick(fabled))
            st.log.emit("forest_artefact", at=[x, y])
    elif rank == "6":
        for _ in range(3):
            x, y = random_point(st)
            st.tokens.append((x, y, False))
    elif rank == "7":
        forest["effects"].add("time")
    elif rank == "8":
        forest["bush"] = (round(st.table.width / 2, 3), round(st.table.height / 2, 3))
        forest["fed"] = set()
    elif rank == "9":
        forest["effects"].add("free_cards")
    elif rank == "10":
        forest["effects"].add("mist")
    elif rank == "J":
        forest["effects"].add("blessed")
    elif rank == "Joker":
        forest["effects"].add("confusion")
    elif rank == "Q":
        forest["effects"].add("angry_edges")
        forest["struck"] = set()
    elif rank in CREATURE_CARDS:
        creature_arrives(st, CREATURE_CARDS[rank], drawer if rank == "K" else None)
    return
    yield  # a generator: later cards will ask players to choose


def _grow_trees(st: ArcState) -> None:
    pieces = list(st.table.terrain)
    for i in range(3):
        x, y = random_point(st, TREE * 1.5, away_from_bases=1.0)
        square = [(x - TREE, y - TREE), (x + TREE, y - TREE), (x + TREE, y + TREE),
                  (x - TREE, y + TREE)]
        pieces.append(Terrain.from_points(f"Moving Tree {st.round}.{i + 1}", "impassable",
                                          square, True, True))
        st.table = Table.shared(st.table.width, st.table.height, pieces)
        st.log.emit("forest_tree", at=[x, y])


def forest_side(st: ArcState) -> int:
    """The forest's own side, made when its first Creature arrives: one side after every
    player's, with its Rogue interpreter and a random source drawn from the game's dice."""
    if st.forest_side is None:
        from warband.rulesets.arcworlde.ai.rogue import RogueController

        st.forest_side = len(st.side_names)
        st.side_names.append(FOREST_NAME)
        st.side_labels.append(FOREST_LABEL)
        st.vp_knock_outs.append(0)
        st.forest_ai = (RogueController(), random.Random(st.dice.die(2 ** 31)))
    return st.forest_side


def creature_arrives(st: ArcState, kind: CharacterClass, edge_of: int | None) -> None:
    """Cards 5 and K: a Creature of ``kind`` from the Bestiary joins the forest's side, placed
    at random (the Beast) or on the table edge of player ``edge_of`` (the Monster, which
    leaves at the end of the Round)."""
    from warband.rulesets.arcworlde.catalogue import catalogue
    from warband.rulesets.arcworlde.rules.setup import make_character

    pool = sorted(p.id for p in catalogue().profiles.values() if kind in p.classes)
    if not pool:
        st.log.emit("forest_creature_missing", what=kind.value)
        return
    profile = catalogue().profiles[st.dice.pick(pool)]
    side = forest_side(st)
    name = f"Wild {profile.name}"
    if any(c.name.startswith(name) for c in st.chars):
        name = f"{name} {1 + sum(1 for c in st.chars if c.name.startswith(name))}"
    ch = make_character(len(st.chars), side, name, profile, profile.equipment)
    if edge_of is None:
        x, y = random_point(st, ch.r)
    else:
        x, y = _edge_point(st, edge_of, ch.r)
        _forest(st)["leaving"].append(ch.uid)
    st.chars.append(ch)
    ch.x, ch.y, ch.deployed = x, y, True
    st.log.emit("forest_creature", who=ch.name, what=profile.name, at=[x, y],
                leaves=edge_of is not None)
    from warband.rulesets.arcworlde.rules.creatures import announce_contacts

    announce_contacts(st, ch)


def _edge_point(st: ArcState, side: int, r: float) -> tuple[float, float]:
    """A spot in Open Terrain on ``side``'s own table edge (card K): a D6 picks the sixth of
    the edge, the Creature goes to its middle, or the nearest open spot along the edge (then
    a little further in) where its base fits; anywhere at random if the edge is full."""
    w, h = float(st.table.width), float(st.table.height)
    along = st.dice.d6()
    bases = [c.base for c in st.chars if c.on_table and not c.aboard]
    length = h if side >= 2 else w
    for inward in (0.05, 1.0, 2.0, 4.0):
        depth = r + inward
        for k in range(int(length * 4)):
            step = 0.25 * ((k + 1) // 2) * (1 if k % 2 else -1)
            u = (along - 0.5) * length / 6 + step
            if not r <= u <= length - r:
                continue
            x, y = {0: (u, depth), 1: (u, h - depth), 2: (depth, u)}.get(side, (w - depth, u))
            if st.table.fits(x, y, r, bases) and all(
                    t.kind == "open" for t in st.table.terrain_at(x, y)):
                return (round(x, 3), round(y, 3))
    return random_point(st, r)


def forest_round_end(st: ArcState) -> None:
    forest = st.forest
    if forest is None:
        return
    for uid in forest["leaving"]:  # the King's Monster wanders off (card K)
        monster = st.by_uid(uid)
        if monster.on_table:
            from warband.rulesets.arcworlde.rules.creatures import release_swallowed

            release_swallowed(st, monster)
            monster.deployed = False
            st.log.emit("forest_leaves", who=monster.name)
    forest["leaving"] = []
    forest["effects"] = set()
    forest["portals"] = []
    forest["bush"] = None
    forest["ported"] = set()
    forest["artefact"] = None  # unclaimed: back into the forest


def _active(st: Any, effect: str) -> bool:
    forest = getattr(st, "forest", None)
    return forest is not None and bool(effect in forest["effects"])


def controller(st: Any, ch: Character) -> int:
    """The player who takes ``ch``'s decisions: its own, but for a Commander in a Round of the
    Joker's confusion the player before its side in this Round's initiative order (each
    player controls the Commander of the next player: with two sides, the opponent). A Rogue
    Warband's Commander stays with the Rogue rules, and a Rogue side takes no other side's
    Commander (the yaml's defaults)."""
    if not ch.commander or not _active(st, "confusion"):
        return ch.side  # (asked at every decision: the common case without the set below)
    rogue = st.rogue_sides()
    if ch.side < st.players and ch.side not in rogue:
        order = [p for p in st.initiative if p < st.players and p not in rogue]
        if ch.side in order and len(order) > 1:
            return int(order[order.index(ch.side) - 1])
        if st.players == 2 and not rogue:
            return 1 - ch.side
    return ch.side


def free_spell_cards(st: Any) -> bool:
    """Card 9: extra cards for Spells cost no AP this Round."""
    return _active(st, "free_cards")


def apply_forest_feat_modifiers(st: Any, advantage: int, shot: bool) -> int:
    """Cards 10 and J: Shots at Disadvantage, every Feat at Advantage (they cancel)."""
    from warband.core.dice import net_advantage

    blessed = _active(st, "blessed")
    mist = shot and _active(st, "mist")
    if not blessed and not mist:
        return advantage
    return net_advantage(advantage > 0 or blessed, advantage < 0 or mist)


def _near_edge(st: Any, ch: Character) -> bool:
    w: float = st.table.width
    h: float = st.table.height
    return min(ch.x - ch.r, ch.y - ch.r, w - ch.x - ch.r, h - ch.y - ch.r) <= EDGE + 1e-9


def _touching(ch: Character, x: float, y: float, r: float) -> bool:
    return math.hypot(ch.x - x, ch.y - y) - ch.r - r <= REACH + 1e-9


def forest_on_activation(st: ArcState, ch: Character) -> int:
    """At the start of an Activation: extra AP (card 7), the angry edges (Q), the bush (8).
    Returns the AP to add."""
    forest = st.forest
    if forest is None:
        return 0
    forest_after_move(st, ch)
    return 2 if "time" in forest["effects"] else 0


def forest_after_move(st: ArcState, ch: Character) -> None:
    """After ``ch`` moved (or on its Activation): the angry edges and the bush."""
    forest = st.forest
    if forest is None or not ch.on_table:
        return
    if "angry_edges" in forest["effects"] and ch.uid not in forest["struck"] and _near_edge(st, ch):
        from warband.rulesets.arcworlde.rules.creatures import take_d6_hits

        forest["struck"].add(ch.uid)
        take_d6_hits(st, ch, "the angry forest", None)
    bush = forest["bush"]
    if bush is not None and ch.on_table and ch.uid not in forest["fed"] and _touching(ch, bush[0], bush[1], BUSH_R):
        forest["fed"].add(ch.uid)
        before = ch.hp
        ch.hp = min(ch.max_hp, ch.hp + st.dice.d6())
        st.log.emit("heal", who=ch.name, by="the fruit bush", hp=[before, ch.hp])
        from warband.rulesets.arcworlde.rules.creatures import dwindle

        dwindle(st, ch)


def forest_options(st: Any, ch: Character, ap: int) -> list[Any]:
    """Actions the forest offers: stepping through a portal (4), opening the cache (2)."""
    forest = getattr(st, "forest", None)
    if forest is None or ch.prone:
        return []
    out: list[Any] = []
    if ch.uid not in forest["ported"] and not st.engaged_with(ch) and not ch.aboard:
        for i, (x, y) in enumerate(forest["portals"]):
            if _touching(ch, x, y, 0.3):
                out.append(C.UsePortal(i))
    if ap >= 1 and not ch.profile.creature:
        for i, (x, y) in enumerate(forest["cache"]):
            if _touching(ch, x, y, 0.3):
                out.extend(C.OpenCache(i, n) for n in range(1, min(ap, 3) + 1))
        artefact = forest["artefact"]
        if artefact is not None and _touching(ch, artefact[0], artefact[1], 0.3):
            out.extend(C.ClaimArtefact(n) for n in range(1, min(ap, 4) + 1))
    return out


def claim_artefact(st: ArcState, ch: Character, ap: int) -> None:
    """Card A: a Medium Feat pulls the Fabled Artefact out of its cairn
    (arcworlde.feat.interact_equipment: a Medium Feat for this one)."""
    from warband.rulesets.arcworlde.catalogue import catalogue
    from warband.rulesets.arcworlde.rules.feats import attempt_feat

    forest = _forest(st)
    if not attempt_feat(st, ch, ap, 2, "pull out the Fabled Artefact"):
        return
    _, _, item_id = forest["artefact"]
    forest["artefact"] = None
    item = catalogue().equipment[item_id]
    equip(ch, item)
    st.log.emit("cache", who=ch.name, item=item.name)


def use_portal(st: ArcState, ch: Character, index: int) -> None:
    """Card 4: step through to the other portal, arriving as near it as there is room."""
    forest = _forest(st)
    forest["ported"].add(ch.uid)
    x0, y0 = forest["portals"][1 - index]
    bases = [c.base for c in st.chars if c.on_table and c is not ch and not c.aboard]
    for ring in range(0, 30):
        for k in range(max(1, 8 * ring)):
            a = 2 * math.pi * k / max(1, 8 * ring)
            x, y = x0 + 0.25 * ring * math.cos(a), y0 + 0.25 * ring * math.sin(a)
            if st.table.fits(x, y, ch.r, bases):
                st.log.emit("portal", who=ch.name, frm=[round(ch.x, 2), round(ch.y, 2)],
                            to=[round(x, 2), round(y, 2)])
                ch.x, ch.y = x, y
                from warband.rulesets.arcworlde.rules.creatures import announce_contacts
                from warband.rulesets.arcworlde.rules.setup import carry_rider

                carry_rider(st, ch)

                announce_contacts(st, ch)
                forest_after_move(st, ch)
                return


def open_cache(st: ArcState, ch: Character, index: int) -> Steps:
    """Card 2: the cache opened, the Character equips one Common Armoury item, free."""
    from warband.rulesets.arcworlde.catalogue import catalogue

    forest = _forest(st)
    forest["cache"].pop(index)
    items = sorted(catalogue().equipment.values(), key=lambda e: e.id)
    items = [e for e in items if e.id != "arcanite-token" and not e.id.startswith(FABLED)
             and e not in ch.equipment]
    if not items:
        return
    pick = yield Decision(
        "cache_item", controller(st, ch), [C.ChooseWeapon(e.id) for e in items],
        prompt=f"{ch.name} opens the cache: take one item", info={"character": ch.uid},
    )
    item = next(e for e in items if e.id == pick.weapon)
    equip(ch, item)
    st.log.emit("cache", who=ch.name, item=item.name)


def equip(ch: Character, item: Any) -> None:
    """Add a piece of equipment to a Character in play (its Attacks, Armour, Movement,
    Traits and weapons follow, as when a list is built)."""
    ch.equipment = (*ch.equipment, item)
    ch.attacks = (*ch.attacks, *item.attacks)
    ch.armour = max(ch.armour, item.armour)
    ch.movement = max(0, ch.movement + item.movement)
    ch.traits = ch.traits | item.traits
    if item.weapon:
        ch.weapons = (*ch.weapons, item)
        if ch.weapon is None:
            ch.weapon = item.id

