"""Narrative Feats: proposed, agreed, rolled, with their damage, dash and consequences.

Rule ids: ``arcworlde.feat.narrative``, ``arcworlde.feat.narrative_damage``,
``arcworlde.feat.narrative_leg_it``, ``arcworlde.terrain.interacting``.

An engine needs a closed menu: the house templates in ``content/narrative-feats-house.yaml``.
The flow follows the book:

1. The acting player proposes a Feat from the menu, its targets, a difficulty (the template's,
   or one step easier) and the AP committed.
2. The opponent agrees, or disagrees; on a disagreement the book's compromise applies: the
   lowest difficulty proposed (the proposer's) and a more dangerous failure (none becomes
   Prone; Prone becomes D6 Hits on the Character and Prone).
3. The Feat is rolled. Damage: 3 Hits per Success the difficulty needs, shared equally among
   the targets, each share rounded up, then Armour and Defence Rolls as any Hits (the yaml
   defaults). A dash rolls an extra Leg It (fresh: trips on a 6) when the Feat succeeds; with
   the option ``narrative_leg_it_always`` it is rolled whatever the Feat's result (the issue's
   reading of "roll for it separately even if the Feat succeeds").
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from warband.content.yamlio import ContentReader, field_name, line_for
from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.kit.models import SLUG_PATTERN, Strict
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.mechanics import (
    DIFFICULTY,
    DIFFICULTY_NAMES,
    FixedHits,
    LegItRoll,
    leg_it_trips_on,
)
from warband.rulesets.arcworlde.rules.feats import attempt_feat
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = [
    "FAILURES",
    "HITS_PER_SUCCESS",
    "NarrativeFeat",
    "compromise",
    "feats_menu",
    "narrative_hits",
    "narrative_mechanic",
    "narrative_options",
    "perform_narrative",
    "read_feats_menu",
]

#: Hits a damaging Narrative Feat deals per Success its difficulty needs
HITS_PER_SUCCESS = 3
FAILURES = ("none", "prone", "hits")


class NarrativeFeatModel(Strict):
    id: str = Field(pattern=SLUG_PATTERN)
    name: str
    difficulty: Literal["easy", "medium", "hard", "legendary"]
    effect: Literal["damage", "dash", "distract", "vault"]
    reach: float = Field(0.0, ge=0, le=24)
    max_targets: int = Field(1, ge=1, le=6)
    needs_terrain: bool = False
    ranged: bool = False
    failure: Literal["none", "prone", "hits"] = "none"
    text: str = ""


class NarrativeFeatsFile(Strict):
    source: Literal["book", "house"]
    note: str = ""
    feats: list[NarrativeFeatModel]


@dataclass(frozen=True, slots=True)
class NarrativeFeat:
    id: str
    name: str
    needed: int
    effect: str
    reach: float
    max_targets: int
    needs_terrain: bool
    ranged: bool
    failure: str


def read_feats_menu(reader: ContentReader, directory: Path) -> tuple[NarrativeFeat, ...]:
    """Read every ``narrative-feats*.yaml`` of a content folder through ``reader`` (validation
    and the content digest, with the rest of the folder: a user's copy replaces them like any
    other data); a repeated template id is reported with its file, line and field."""
    out: dict[str, NarrativeFeat] = {}
    for path in sorted(directory.glob("narrative-feats*.yaml")):
        data, lines = reader.read(path, NarrativeFeatsFile)
        if not isinstance(data, NarrativeFeatsFile):
            continue
        for i, f in enumerate(data.feats):
            if f.id in out:
                loc = ("feats", i, "id")
                reader.problem(str(path), f"duplicate Narrative Feat id {f.id!r}",
                               field_name(loc), line_for(lines, loc))
            out[f.id] = NarrativeFeat(f.id, f.name, DIFFICULTY[f.difficulty], f.effect, f.reach,
                                      f.max_targets, f.needs_terrain, f.ranged, f.failure)
    return tuple(out.values())


def feats_menu(st: Any) -> tuple[NarrativeFeat, ...]:
    """The Narrative Feat templates of the game's content folder (read with its catalogue;
    the folder in use for a hand-built state)."""
    menu: tuple[NarrativeFeat, ...] | None = st.narrative_menu
    if menu is None:
        from warband.rulesets.arcworlde.catalogue import catalogue

        menu = catalogue().narrative_feats
    return menu


def narrative_hits(needed: int, targets: int) -> list[int]:
    """Hits on each target: 3 per Success needed, shared equally, rounded up
    (arcworlde.feat.narrative_damage)."""
    total = HITS_PER_SUCCESS * needed
    share = math.ceil(total / max(1, targets))
    return [share] * targets


def narrative_mechanic(target: Character, hits: int) -> FixedHits:
    """A damaging Narrative Feat's Hits on ``target``: through its Armour and Defence Rolls, at
    Disadvantage when it is Prone or Broken, a Shield's re-roll (arcworlde.feat.narrative_damage;
    the AI judges a Feat with this same mechanic)."""
    return FixedHits(hits, target.armour, -1 if target.prone or target.broken else 0,
                     1 if "shield" in target.traits else 0)


def compromise(failure: str) -> str:
    """The book's compromise when players disagree: the lower difficulty stands, the failure
    grows more dangerous."""
    return FAILURES[min(len(FAILURES) - 1, FAILURES.index(failure) + 1)]


def _targets(st: Any, ch: Character, feat: NarrativeFeat) -> list[Character]:
    enemies = sorted(st.enemies_of(ch), key=lambda e: (st.distance(ch, e), e.uid))
    if feat.ranged:
        reach = max((a.range or 0.0 for a in ch.usable_attacks() if a.ranged), default=0.0)
        return [e for e in enemies if st.distance(ch, e) <= reach][: feat.max_targets]
    return [e for e in enemies if st.distance(ch, e) <= feat.reach + 1e-9][: feat.max_targets]


def _by_terrain(st: Any, ch: Character) -> bool:
    """Within 1" of a terrain piece that is not open ground (something to topple)."""
    from shapely.geometry import Point

    here = Point(ch.x, ch.y)
    return any(piece.kind.value != "open" and piece.polygon.distance(here) - ch.r <= 1.0
               for piece in st.table.terrain)


def narrative_options(st: Any, ch: Character, ap: int) -> list[Any]:
    """The Narrative Feats ``ch`` may propose now: each template whose targets exist, at its
    difficulty or one step easier, with 1 to ``ap`` dice."""
    if ap < 1 or ch.prone or not st.options.narrative_feats:
        return []
    out: list[Any] = []
    for feat in feats_menu(st):
        targets: tuple[int, ...] = ()
        if feat.effect in ("damage", "distract"):
            found = _targets(st, ch, feat)
            if not found or (feat.needs_terrain and not _by_terrain(st, ch)):
                continue
            targets = tuple(t.uid for t in found)
        elif ch.aboard or st.engaged_with(ch):
            # a dash or a vault is a move: not out of base contact, and not for a rider on its
            # Monstrous Mount, which goes only where its mount goes (arcworlde.trait.monstrous_mount)
            continue
        for needed in sorted({feat.needed, max(1, feat.needed - 1)}):
            out.extend(C.Narrative(feat.id, targets, DIFFICULTY_NAMES[needed - 1], n)
                       for n in range(1, ap + 1))
    return out


def agreeing_player(st: ArcState, side: int) -> int:
    """Who agrees to ``side``'s Narrative Feat: the opponent; with three or more players, the
    next player after ``side`` in this Round's initiative order (our reading); a side the
    Rogue rules play agrees only when no one else could."""
    rogue = st.rogue_sides()
    order = [p for p in st.initiative if p in st.player_sides() and (p == side or p not in rogue)]
    if len(order) <= 1:
        order = [p for p in st.initiative if p in st.player_sides()]
    if side in order and len(order) > 1:
        return order[(order.index(side) + 1) % len(order)]
    return next((p for p in st.player_sides() if p != side), side)


def perform_narrative(st: ArcState, ch: Character, choice: Any) -> Steps:
    """Propose, agree, roll and resolve a Narrative Feat (``choice`` is a ``C.Narrative``)."""
    feat = next(f for f in feats_menu(st) if f.id == choice.feat)
    needed = DIFFICULTY[choice.difficulty]
    failure = feat.failure
    opponent = agreeing_player(st, ch.side)
    answer = yield Decision(
        "narrative_agree", opponent, [C.AgreeFeat(True), C.AgreeFeat(False)],
        prompt=f"{ch.name} proposes {feat.name} as a {choice.difficulty} Narrative Feat"
               f" (failure: {failure}): agree?",
        info={"character": ch.uid, "feat": feat.id, "difficulty": choice.difficulty,
              "usual": DIFFICULTY_NAMES[feat.needed - 1], "failure": failure},
    )
    if not answer.agree:
        failure = compromise(failure)
    st.log.emit("narrative", who=ch.name, feat=feat.name, difficulty=choice.difficulty,
                agreed=answer.agree, failure=failure)
    success = attempt_feat(st, ch, choice.ap, needed, f"{feat.name} (Narrative Feat)")
    if success:
        yield from _effect(st, ch, feat, needed, [st.by_uid(u) for u in choice.targets])
    if feat.effect == "dash" and ch.on_table and not ch.prone and (
            success or st.options.narrative_leg_it_always):
        yield from _dash(st, ch)  # the dash first, then any consequence of failure
    if not success:
        _fail(st, ch, failure, feat.name)


def _effect(st: ArcState, ch: Character, feat: NarrativeFeat, needed: int,
            targets: list[Character]) -> Steps:
    from warband.rulesets.arcworlde.rules.combat import knock_out
    from warband.rulesets.arcworlde.rules.creatures import dwindle
    from warband.rulesets.arcworlde.rules.forest import controller
    from warband.rulesets.arcworlde.rules.movement import is_move, move_candidates

    if feat.effect == "damage":
        living = [t for t in targets if t.on_table]
        for target, hits in zip(living, narrative_hits(needed, len(living)), strict=True):
            mech = narrative_mechanic(target, hits)
            blocked, defence, damage = mech.sample(st.dice)
            before = target.hp
            target.hp = max(0, target.hp - damage)
            ch.damage_dealt += damage
            st.log.emit("narrative_hits", who=target.name, by=ch.name, hits=hits,
                        blocked=blocked, defence=[list(d.rolled) for d in defence],
                        damage=damage, hp=[before, target.hp])
            if target.hp <= 0:
                knock_out(st, target, ch)
            elif damage:
                dwindle(st, target)
    elif feat.effect == "distract":
        for target in targets:
            target.ap_penalty = max(target.ap_penalty, 1)
            st.log.emit("ap_reduced", who=target.name, by=1)
    elif feat.effect == "vault":
        goal = yield Decision(
            "narrative_move", controller(st, ch),
            [*move_candidates(st, ch, ch.movement), C.Move(round(ch.x, 3), round(ch.y, 3), "stay")],
            prompt=f"{ch.name}: climb or vault up to {ch.movement} inches, over any terrain",
            accepts=is_move, info={"character": ch.uid, "inches": ch.movement},
        )
        others = st.blocker_chars(ch)
        res = st.table.move((ch.x, ch.y), (goal.x, goal.y), ch.r, float(ch.movement),
                            st.blockers(ch), fly=True, stop_at=[c.side != ch.side for c in others])
        if st.table.fits(res.x, res.y, ch.r, st.blockers(ch)):
            st.log.emit("move", who=ch.name, kind="vault", frm=[round(ch.x, 2), round(ch.y, 2)],
                        to=[round(res.x, 2), round(res.y, 2)], inches=round(res.travelled, 2),
                        allowance=ch.movement)
            ch.x, ch.y = res.x, res.y
            from warband.rulesets.arcworlde.rules.setup import carry_rider

            carry_rider(st, ch)
            touched = [others[i] for i in res.contact]
            touched += [st.chars[c.rider_uid] for c in touched
                        if c.rider_uid is not None and st.chars[c.rider_uid].aboard]
            enemies = [c for c in touched if c.side != ch.side]
            if enemies:
                st.log.emit("engage", who=ch.name, enemies=[e.name for e in enemies])


def _fail(st: ArcState, ch: Character, failure: str, name: str) -> None:
    if failure == "none":
        return
    if failure == "hits" and ch.on_table:
        from warband.rulesets.arcworlde.rules.creatures import take_d6_hits

        take_d6_hits(st, ch, f"{name} went wrong", None)
    if ch.on_table and not ch.prone:
        ch.prone = True
        ch.prone_round = st.round
        st.log.emit("prone", who=ch.name, cause=f"{name} went wrong")


def _dash(st: ArcState, ch: Character) -> Steps:
    """The Narrative Feat's own Leg It roll: a fresh roll (trips on a 6)
    (arcworlde.feat.narrative_leg_it)."""
    from warband.rulesets.arcworlde.rules.forest import controller
    from warband.rulesets.arcworlde.rules.movement import do_move, is_move, move_candidates

    roll = LegItRoll.sample(st.dice, 1)
    st.log.emit("leg_it", who=ch.name, attempt=1, face=roll.face, trips_on=leg_it_trips_on(1),
                trips=roll.trips, narrative=True)
    if roll.trips:
        ch.prone = True
        ch.prone_round = st.round
        st.log.emit("prone", who=ch.name, cause="tripped while Legging It")
        return
    goal = yield Decision(
        "leg_it_move", controller(st, ch),
        [*move_candidates(st, ch, roll.inches), C.Move(round(ch.x, 3), round(ch.y, 3), "stay")],
        prompt=f"{ch.name} may dash up to {roll.inches} more inches", accepts=is_move,
        info={"character": ch.uid, "inches": roll.inches, "ap": 0, "leg_it_rolls": 3},
    )
    do_move(st, ch, (goal.x, goal.y), roll.inches, "leg_it")
