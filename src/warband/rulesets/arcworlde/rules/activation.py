"""An Activation: spending AP on Actions, one decision at a time.

Rule ids: ``arcworlde.activation.ap_and_actions``, ``arcworlde.action.free_move``,
``arcworlde.action.leg_it``, ``arcworlde.action.charge``, ``arcworlde.core.prone``,
``arcworlde.action.stand_up``, ``arcworlde.combat.melee_attack``, ``arcworlde.feat.take_shot``,
``arcworlde.combat.disengage``, ``arcworlde.morale.broken_flee``,
``arcworlde.morale.broken_in_melee``, ``arcworlde.morale.rally``,
``arcworlde.hire.other_factions``, ``arcworlde.equipment.weapon_choice``,
``arcworlde.trait.agile``, ``arcworlde.magic.casting`` (``rules/magic.py``),
``arcworlde.arcanite.using``, ``arcworlde.arcanite.as_items`` (``rules/arcanite.py``),
``arcworlde.trait.gobble``, ``arcworlde.trait.gobble_escape`` (``rules/creatures.py``).

Readings of ambiguous points (switchable ones live in :class:`Options`):

* The free movement is one move, made at any point of the Activation, not split
  (arcworlde.activation.ap_and_actions). Once all AP are spent the Activation ends, so the
  free movement is lost if it was not made before the last AP went (a Leg It sequence in
  progress still rolls on). A Character that starts its Activation with no AP (a Crit's AP
  penalty) has spent nothing: it may still make its free movement.
* Leg It needs the free movement used and no Action yet; after each safe roll the Character
  may roll again for free until it does something else (arcworlde.action.leg_it).
* A Prone Character may only try to stand up (Easy Feat) or end its Activation
  (arcworlde.core.prone).
* After a successful Disengage the Character makes its free movement at once if it has not
  used it, so it may only Disengage while the free movement is unused; with the option
  ``disengage_extra_move`` a successful Disengage always earns a move of up to its Movement.
* A Broken Character Flees at the start of its next Activation; at the Activations after that
  it first tries to Rally (arcworlde.morale.rally). A Broken Character in base contact spends
  each AP on a Disengage attempt until one succeeds, then Flees. After Fleeing its Activation
  ends. A Broken Character that is Prone does neither (no Actions, no moving while Prone).
* Unruly Characters (other factions) halve their AP, rounding down, minimum 1, when they fail
  their Bravery Test on Activation; the failure does not Break them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.mechanics import LegItRoll, leg_it_trips_on
from warband.rulesets.arcworlde.rules.arcanite import (
    arcanite_defence,
    arcanite_options,
    available,
    move_token,
    spend,
    spender,
    take_token,
)
from warband.rulesets.arcworlde.rules.bravery import COMMANDER_AURA, bravery_test
from warband.rulesets.arcworlde.rules.combat import (
    disengage,
    resolve_attack,
    shoot,
    shot_targets,
)
from warband.rulesets.arcworlde.rules.creatures import (
    SPLIT,
    end_split,
    escape_gobble,
    gobble,
    gobble_options,
    resumes_split,
)
from warband.rulesets.arcworlde.rules.feats import attempt_feat, help_up_difficulty
from warband.rulesets.arcworlde.rules.forest import (
    claim_artefact,
    controller,
    forest_on_activation,
    forest_options,
    open_cache,
    use_portal,
)
from warband.rulesets.arcworlde.rules.items import item_options, perform_item
from warband.rulesets.arcworlde.rules.magic import cast_options, cast_spell
from warband.rulesets.arcworlde.rules.movement import do_move, flee, is_move, move_candidates
from warband.rulesets.arcworlde.rules.narrative import narrative_options, perform_narrative
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = ["Turn", "action_options", "activation"]


@dataclass(slots=True)
class Turn:
    """Book-keeping of the Activation in progress."""

    ch: Character
    ap: int
    free_move_used: bool = False
    action_taken: bool = False
    legit_rolls: int = 0
    legging: bool = False  # a Leg It sequence is open: the next roll is free
    charged: bool = False
    cheered: bool = False
    cast: bool = False  # a Spell was attempted (one per Activation: arcworlde.magic.casting)
    paused: bool = False  # Split Activation: to be resumed later this Round
    start_ap: int = -1

    def __post_init__(self) -> None:
        if self.start_ap < 0:
            self.start_ap = self.ap

    @property
    def spent(self) -> bool:
        """All AP spent (and no free Leg It roll pending): the Activation is over, free
        movement or not (arcworlde.activation.ap_and_actions)."""
        return self.ap <= 0 and not self.legging and (self.action_taken or self.free_move_used)

    @property
    def can_start_leg_it(self) -> bool:
        return self.free_move_used and not self.action_taken and self.legit_rolls == 0 and self.ap >= 1


#: the choices without fields, made once: frozen and equal to any other instance, so one
#: instance serves every menu (as options they are compared by value, never by identity)
_END = C.EndActivation()
_LEG_IT = C.LegIt()
_CHEER = C.RousingCheer()
_PAUSE = C.PauseActivation()


#: the Shots at one target with one Attack, one per number of dice from 1 to the AP at hand:
#: frozen value choices (compared by value, never by identity), so one list serves every menu
#: that offers them (a heuristic game offers some 170 Shots); bounded, and keyed on all three
_SHOTS: dict[tuple[str, int, int], tuple[C.Shoot, ...]] = {}


def _shots(attack: str, target: int, ap: int) -> tuple[C.Shoot, ...]:
    key = (attack, target, ap)
    shots = _SHOTS.get(key)
    if shots is None:
        if len(_SHOTS) > 4096:
            _SHOTS.clear()
        shots = _SHOTS[key] = tuple([C.Shoot(attack, target, n) for n in range(1, ap + 1)])
    return shots


def action_options(st: Any, turn: Turn, engaged: list[Character] | None = None) -> list[Any]:
    """Every legal choice for the acting Character now (``st`` may be a view); ``engaged``:
    the enemies it is Engaged with, where the caller knows them already.

    Each query of the position (engagement, friends in contact, Tokens at hand, the Attacks
    in hand) is made once here and handed to the option lists that need it."""
    ch = turn.ch
    ap = turn.ap
    if ch.prone:
        opts: list[Any] = [C.StandUp(n) for n in range(1, ap + 1)]
        opts.append(_END)
        return opts
    if engaged is None:
        engaged = st.engaged_with(ch)
    attacks = ch.usable_attacks()
    dice = range(1, ap + 1)
    opts = []
    if engaged:
        if "gobble" in ch.traits:
            opts.extend(gobble_options(st, ch, ap, engaged))
        for attack in attacks:
            if attack.range is not None or attack.ap is None or attack.ap > ap:
                continue
            name = attack.name
            for enemy in engaged:
                opts.append(C.Attack(name, enemy.uid))
        if ap >= 1 and ch.mount_uid is None and (st.options.disengage_extra_move
                                                 or not turn.free_move_used):
            opts.extend([C.Disengage(n) for n in dice])
    else:
        # a rider aboard its Monstrous Mount shares the mount's movement: none of its own
        if not turn.free_move_used and ch.mount_uid is None:
            opts.extend(move_candidates(st, ch, ch.movement))
        if (turn.legging or turn.can_start_leg_it) and ch.mount_uid is None:
            opts.append(_LEG_IT)
        if ap >= 1:
            for attack in attacks:
                if attack.range is None:
                    continue
                name = attack.name
                for enemy in shot_targets(st, ch, attack):
                    opts.extend(_shots(name, enemy.uid, ap))
    friends: list[Character] | None = None
    if ap >= 1:
        friends = st.friends_in_contact(ch)
        for friend in friends:
            if friend.prone:
                uid = friend.uid
                opts.extend([C.HelpUp(uid, n) for n in dice])
        if len(ch.weapons) > 1:
            for w in ch.weapons:
                if w.id != ch.weapon:
                    opts.extend([C.SwitchWeapon(w.id, n) for n in dice])
        if "rousing-cheer" in ch.traits and not turn.cheered and any(
            f.broken and st.distance(ch, f) <= COMMANDER_AURA for f in st.friends_of(ch)
        ):
            opts.append(_CHEER)
    tokens = available(st, ch)
    opts.extend(cast_options(st, ch, ap, tokens > 0, turn.cast))
    opts.extend(arcanite_options(st, ch, ap, ch.primed, tokens, engaged, friends))
    if st.options.narrative_feats:
        opts.extend(narrative_options(st, ch, ap))
    if st.forest is not None:
        opts.extend(forest_options(st, ch, ap))
    if ap >= 1:
        opts.extend(item_options(st, ch, ap, engaged, friends))
    if 0 < ap < turn.start_ap and SPLIT in ch.traits:
        opts.append(_PAUSE)  # only after spending some AP: always progress
    opts.append(_END)
    return opts


def _action_decision(st: ArcState, turn: Turn) -> Decision:
    ch = turn.ch
    engaged = None if ch.prone else st.engaged_with(ch)  # (asked once for both uses)
    free_form = is_move if (not turn.free_move_used and not ch.prone and not ch.aboard
                            and not engaged) else None
    return Decision(
        "action", controller(st, ch), action_options(st, turn, engaged),
        prompt=f"{ch.name}: {turn.ap} AP left", accepts=free_form,
        info={"character": ch.uid, "ap": turn.ap, "free_move": not turn.free_move_used,
              "legging": turn.legging, "leg_it_rolls": turn.legit_rolls,
              "charged": turn.charged,
              # the enemies in base contact (uids, in table order; None while Prone, when
              # the menu does not depend on them): what anyone sees on the table, handed on
              # so that an AI need not ask the state again for the same position
              "engaged": None if engaged is None else tuple([e.uid for e in engaged])},
    )


def activation(st: ArcState, ch: Character) -> Steps:
    """Activate ``ch`` and play out its Activation."""
    ch.activated = True
    st.activation_count += 1
    if resumes_split(st, ch):
        # a later Activation of a Split Activation this Round: the AP left, no free movement
        turn = Turn(ch, ch.split_ap, free_move_used=True)
        st.log.emit("activate", who=ch.name, ap=turn.ap, penalty=0, resumed=True)
        yield from _activation_body(st, turn)
        return
    ap = max(0, ch.ap - ch.ap_penalty)
    st.log.emit("activate", who=ch.name, ap=ap, penalty=ch.ap_penalty)
    ch.ap_penalty = 0
    if ch.prone and ch.prone_round < st.round:
        ch.prone = False
        st.log.emit("stand_up", who=ch.name, free=True)
    if ch.unruly and not bravery_test(st, ch, "unruly hired Character"):
        ap = min(ap, max(1, ap // 2))  # halving never raises AP (0 stays 0)
        st.log.emit("unruly", who=ch.name, ap=ap)
    ch.split_round = st.round
    if st.forest is not None:
        ap += forest_on_activation(st, ch)  # card 7: +2AP; Q and 8 on the spot
    turn = Turn(ch, ap)
    yield from _activation_body(st, turn)


def _activation_body(st: ArcState, turn: Turn) -> Steps:
    ch = turn.ch
    if ch.aboard:
        turn.free_move_used = True  # its Monstrous Mount moves for both
    if ch.gobbled_by is not None:
        yield from escape_gobble(st, ch, turn)
        if not ch.on_table:
            _end(st, turn)
            return
    if ch.broken:
        rallied = ch.fled and bravery_test(st, ch, "rally")
        if rallied:
            ch.broken = False
            ch.fled = False
            st.log.emit("rally", who=ch.name)
        else:
            _broken_flight(st, turn)
            _end(st, turn)
            return
    if len(ch.weapons) > 1:
        pick = yield Decision(
            "choose_weapon", controller(st, ch), [C.ChooseWeapon(w.id) for w in ch.weapons],
            prompt=f"{ch.name}: weapon for this Activation", info={"character": ch.uid},
        )
        ch.weapon = pick.weapon
        st.log.emit("weapon", who=ch.name, weapon=pick.weapon)
    while ch.on_table:
        choice = yield _action_decision(st, turn)
        if isinstance(choice, C.EndActivation):
            break
        if isinstance(choice, C.PauseActivation):
            turn.paused = True
            break
        yield from _perform(st, turn, choice)
        if ch.on_table and ch.broken and not ch.fled:
            # Broken during its own Activation: it Flees at once (arcworlde.morale.broken_flee).
            _broken_flight(st, turn)
            break
        if not ch.on_table or turn.spent:
            break
        if ch.prone and SPLIT in ch.traits:
            turn.paused = True  # Prone ends a Split Activation's current Activation
            break
    _end(st, turn)


def _use_arcanite(st: ArcState, turn: Turn, use: str) -> None:
    """Spend a Token now: +1AP, or primed for the Character's next roll
    (arcworlde.arcanite.using)."""
    ch = turn.ch
    if not spend(st, ch, use):  # pragma: no cover - only offered when a Token is available
        return
    if use == "ap":
        turn.ap += 1
    else:
        ch.primed = use


def _end(st: ArcState, turn: Turn) -> None:
    turn.ch.primed = None  # a Token primed for a roll that never came is spent all the same
    if SPLIT in turn.ch.traits:
        end_split(st, turn.ch, turn.ap, turn.paused)
    st.log.emit("activation_end", who=turn.ch.name, unspent=max(0, turn.ap))


def _broken_flight(st: ArcState, turn: Turn) -> None:
    """A Broken Character struggles out of melee (1AP per Disengage attempt) and Flees.
    While Prone it can do neither: Disengaging is an Action and Fleeing a move
    (arcworlde.core.prone); it Flees once it is back on its feet."""
    ch = turn.ch
    if ch.prone:
        return
    free = not st.engaged_with(ch)
    while ch.on_table and not free and turn.ap >= 1:
        turn.ap -= 1
        free = disengage(st, ch, 1)  # a success leaves it in contact, free to Flee
    if ch.on_table and free:
        flee(st, ch)
        turn.free_move_used = True


def _perform(st: ArcState, turn: Turn, choice: Any) -> Steps:
    ch = turn.ch
    if isinstance(choice, C.Move):
        turn.free_move_used = True
        do_move(st, ch, (choice.x, choice.y), ch.movement, "move")
        return
    if isinstance(choice, C.LegIt):
        yield from _leg_it(st, turn)
        return
    # Anything else is an Action: it closes a Leg It sequence for good.
    turn.action_taken = True
    turn.legging = False
    if isinstance(choice, C.Attack):
        attack = next(a for a in ch.usable_attacks() if a.name == choice.attack and not a.ranged)
        assert attack.ap is not None
        turn.ap -= attack.ap
        target = st.by_uid(choice.target)
        yield from arcanite_defence(st, target, ch, attack.name)
        resolve_attack(st, ch, attack, target, charged=turn.charged)
    elif isinstance(choice, C.Shoot):
        attack = next(a for a in ch.usable_attacks() if a.name == choice.attack and a.ranged)
        turn.ap -= choice.ap
        target = st.by_uid(choice.target)
        yield from arcanite_defence(st, target, ch, attack.name)
        shoot(st, ch, attack, target, choice.ap)
    elif isinstance(choice, C.StandUp):
        turn.ap -= choice.ap
        if attempt_feat(st, ch, choice.ap, 1, "stand up"):
            ch.prone = False
            st.log.emit("stand_up", who=ch.name, free=False)
    elif isinstance(choice, C.HelpUp):
        friend = st.by_uid(choice.target)
        turn.ap -= choice.ap
        needed = help_up_difficulty(ch, friend)
        if attempt_feat(st, ch, choice.ap, needed, f"help {friend.name} up"):
            friend.prone = False
            st.log.emit("stand_up", who=friend.name, free=False, helper=ch.name)
    elif isinstance(choice, C.Disengage):
        turn.ap -= choice.ap
        free = st.options.disengage_extra_move or not turn.free_move_used
        if disengage(st, ch, choice.ap) and free:
            turn.free_move_used = True
            goal = yield Decision(
                "disengage_move", controller(st, ch), move_candidates(st, ch, ch.movement),
                prompt=f"{ch.name}: move away", accepts=is_move, info={"character": ch.uid},
            )
            do_move(st, ch, (goal.x, goal.y), ch.movement, "disengage")
    elif isinstance(choice, C.SwitchWeapon):
        turn.ap -= choice.ap
        if attempt_feat(st, ch, choice.ap, 1, "switch weapons"):
            ch.weapon = choice.weapon
            st.log.emit("weapon", who=ch.name, weapon=choice.weapon)
    elif isinstance(choice, C.RousingCheer):
        turn.ap -= 1
        turn.cheered = True
        st.log.emit("rousing_cheer", who=ch.name)
        for friend in list(st.friends_of(ch)):
            in_reach = friend.broken and st.distance(ch, friend) <= COMMANDER_AURA
            if in_reach and bravery_test(st, friend, "Rousing Cheer"):
                friend.broken = False
                friend.fled = False
                st.log.emit("rally", who=friend.name)
    elif isinstance(choice, C.Cast):
        turn.cast = True
        yield from cast_spell(st, ch, choice, turn, spender(st, ch))
    elif isinstance(choice, C.UsePortal):
        use_portal(st, ch, choice.index)
    elif isinstance(choice, C.GiveItem | C.DropItem | C.StealItem | C.PickUpItem):
        turn.ap -= choice.ap
        perform_item(st, ch, choice)
    elif isinstance(choice, C.ClaimArtefact):
        turn.ap -= choice.ap
        claim_artefact(st, ch, choice.ap)
    elif isinstance(choice, C.OpenCache):
        turn.ap -= choice.ap
        if attempt_feat(st, ch, choice.ap, 1, "open the cache"):
            yield from open_cache(st, ch, choice.index)
    elif isinstance(choice, C.Narrative):
        turn.ap -= choice.ap
        yield from perform_narrative(st, ch, choice)
    elif isinstance(choice, C.Gobble):
        turn.ap -= choice.ap
        gobble(st, ch, st.by_uid(choice.target), choice.ap)
    elif isinstance(choice, C.UseArcanite):
        _use_arcanite(st, turn, choice.use)
    elif isinstance(choice, C.PickUpArcanite):
        turn.ap -= choice.ap
        if attempt_feat(st, ch, choice.ap, 1, "pick up Arcanite"):
            take_token(st, ch, choice.token)
    elif isinstance(choice, C.GiveArcanite):
        turn.ap -= choice.ap
        friend = st.by_uid(choice.target)
        if attempt_feat(st, ch, choice.ap, 1, f"give Arcanite to {friend.name}"):
            move_token(st, ch, friend, "given")
    elif isinstance(choice, C.StealArcanite):
        turn.ap -= choice.ap
        enemy = st.by_uid(choice.target)
        if attempt_feat(st, ch, choice.ap, 1, f"steal Arcanite from {enemy.name}"):
            move_token(st, enemy, ch, "stolen")
    else:  # pragma: no cover - the options above are exhaustive
        raise AssertionError(f"unhandled choice {choice!r}")


def _leg_it(st: ArcState, turn: Turn) -> Steps:
    """One Leg It roll (arcworlde.action.leg_it, arcworlde.trait.agile, arcworlde.action.charge)."""
    ch = turn.ch
    if not turn.legging:
        turn.ap -= 1
        turn.legging = True
    turn.legit_rolls += 1
    attempt = turn.legit_rolls
    roll = LegItRoll.sample(st.dice, attempt)
    st.log.emit("leg_it", who=ch.name, attempt=attempt, face=roll.face,
                trips_on=leg_it_trips_on(attempt), trips=roll.trips)
    if roll.trips and "agile" in ch.traits and ch.agile_round != st.round:
        use = yield Decision(
            "agile_reroll", controller(st, ch), [C.AgileReroll(True), C.AgileReroll(False)],
            prompt=f"{ch.name} tripped: use Agile to re-roll?", info={"character": ch.uid},
        )
        if use.use:
            ch.agile_round = st.round
            roll = LegItRoll.sample(st.dice, attempt)
            st.log.emit("leg_it", who=ch.name, attempt=attempt, face=roll.face,
                        trips_on=leg_it_trips_on(attempt), trips=roll.trips, reroll=True)
    if roll.trips:
        ch.prone = True
        ch.prone_round = st.round
        turn.legging = False
        st.log.emit("prone", who=ch.name, cause="tripped while Legging It")
        return
    goal = yield Decision(
        "leg_it_move", controller(st, ch),
        [*move_candidates(st, ch, roll.inches), C.Move(round(ch.x, 3), round(ch.y, 3), "stay")],
        prompt=f"{ch.name} may move up to {roll.inches} more inches", accepts=is_move,
        info={"character": ch.uid, "inches": roll.inches, "ap": turn.ap, "leg_it_rolls": attempt},
    )
    _, enemies = do_move(st, ch, (goal.x, goal.y), roll.inches, "leg_it")
    if enemies:
        turn.legging = False  # Engaged: it can move no further
        if not turn.charged:
            turn.charged = True
            turn.ap += 1
            st.log.emit("charge", who=ch.name, target=enemies[0].name, ap=turn.ap)
