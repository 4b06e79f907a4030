"""Set-up, the round and a hero's activation.

Rule ids: ``dwethia.setup.objective_markers``, ``dwethia.scenario.secret_objectives``,
``dwethia.phase.priority``, ``dwethia.turn.structure``, ``dwethia.phase.hero_selection``,
``dwethia.phase.end``, ``dwethia.phase.end_round``, ``dwethia.phase.movement``,
``dwethia.phase.shoot``, ``dwethia.phase.close_combat``, ``dwethia.melee.activation_choices``,
``dwethia.shoot.shooters_in_combat``, ``dwethia.weapon.light``,
``dwethia.shoot.movement_penalties``, ``dwethia.move.defensive``, ``dwethia.move.stealth``.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from warband.core.decisions import Decision, Simultaneous
from warband.rulesets.dwethia.choices import (
    NOBODY,
    Cast,
    Fight,
    Fire,
    Hold,
    Move,
    Pick,
    Place,
    Shoot,
)
from warband.rulesets.dwethia.rules import combat
from warband.rulesets.dwethia.rules import objectives as obj
from warband.rulesets.dwethia.rules.measure import (
    engaged_with,
    half_move,
    in_reach,
    reachable,
    shooting_allowance,
    spaces,
)
from warband.rulesets.dwethia.state import DwethiaState, Hero

__all__ = ["choose_objectives", "place_markers", "play_round", "OBJECTIVE_COUNT"]

Steps = Generator[Any, Any, None]
OBJECTIVE_COUNT = 5


def choose_edges(st: DwethiaState) -> Steps:
    """Basic deployment (dwethia.setup.terrain, dwethia.setup.deployment): the arena is set
    (house arenas); both players roll a D6, ties re-rolled, and the winner picks its table edge,
    the other taking the opposite one."""
    while True:
        a, b = st.dice.d6(), st.dice.d6()
        st.log.emit("side_roll", a=a, b=b)
        if a != b:
            break
    winner = 0 if a > b else 1
    edge = yield Decision("table_edge", winner, ["south", "north"], "Choose your table edge")
    st.edge[winner] = 0 if edge == "south" else 1
    st.edge[1 - winner] = 1 - st.edge[winner]
    st.log.emit("edges", south=st.side_labels[st.edge.index(0)],
                north=st.side_labels[st.edge.index(1)])


def place_markers(st: DwethiaState) -> Steps:
    """One marker in each table quarter, each player placing the two in the quarters on the
    far side from its own edge (dwethia.setup.objective_markers)."""
    south = st.edge.index(0)
    for player, quarters in ((south, ("nw", "ne")), (1 - south, ("sw", "se"))):
        for q in quarters:
            spots = [Place(x, y) for x, y in st.board.marker_spots[q]]
            place = yield Decision("place_marker", player, spots,
                                   f"Place the objective marker of the {q.upper()} quarter")
            st.markers.append((place.x, place.y))
            st.log.emit("marker", player=st.side_labels[player], quarter=q, x=place.x, y=place.y)


def choose_objectives(st: DwethiaState, ids: list[str]) -> Steps:
    """Five secret objectives each (dwethia.scenario.secret_objectives): chosen one at a time
    in Simultaneous decisions, so neither player's picks are in the game until both are made,
    then kept in ``st.secret`` - which no event and no view of the other player shows."""
    picks: list[list[str]] = [[], []]
    for n in range(OBJECTIVE_COUNT):
        parts = tuple(
            Decision("objective", p, [o for o in ids if o not in picks[p]],
                     f"Secret objective {n + 1} of {OBJECTIVE_COUNT}", info={"picked": n})
            for p in (0, 1))
        answers = yield Simultaneous("objective", parts, "Choose a secret objective")
        for p in (0, 1):
            picks[p].append(str(answers[p]))
        st.secret = [tuple(picks[0]), tuple(picks[1])]
    st.log.emit("objectives_sealed", count=OBJECTIVE_COUNT)


def _priority(st: DwethiaState) -> Steps:
    """Both roll a D6, ties re-rolled, no Destiny (dwethia.phase.priority,
    dwethia.destiny.limits); the winner chooses who selects the first hero."""
    while True:
        a, b = st.dice.d6(), st.dice.d6()
        st.log.emit("priority_roll", a=a, b=b)
        if a != b:
            break
    st.priority = 0 if a > b else 1
    first = yield Decision("go_first", st.priority, [True, False],
                           "You have priority: select the first hero?")
    st.first = st.priority if first else 1 - st.priority
    if st.first_player is None:
        st.first_player = st.first
    st.log.emit("priority", winner=st.side_labels[st.priority], first=st.side_labels[st.first])


def ready(st: DwethiaState, side: int) -> list[Hero]:
    return [h for h in st.heroes if h.side == side and not h.slain and not h.activated]


def play_round(st: DwethiaState) -> Steps:
    """One round (dwethia.turn.structure): priority, then alternating activations; when a
    player has just activated its last model, the other activates one more and the round ends
    (dwethia.phase.end, the rules yaml's default over Hero Selection's wording)."""
    st.round += 1
    st.log.emit("round", round=st.round)
    for h in st.heroes:
        h.activated = False
    yield from _priority(st)
    turn = st.first
    while ready(st, turn) and not st.over:
        yield from activate(st, turn)
        if st.over:
            return
        if not ready(st, turn):
            if ready(st, 1 - turn):
                yield from activate(st, 1 - turn)
            break
        if ready(st, 1 - turn):
            turn = 1 - turn
    obj.end_of_round(st)
    st.log.emit("end_round", round=st.round)


def activate(st: DwethiaState, side: int) -> Steps:
    """Hero Selection, then the hero's Movement, Shoot and Close Combat phases, then the
    player may open its sealed objectives (dwethia.scenario.secret_objectives)."""
    options = [Pick(h.uid) for h in ready(st, side)]
    pick = yield Decision("activate", side, options, "Select a hero to activate")
    h = st.heroes[pick.uid]
    h.activated = True
    h.defensive = h.stealth = False
    st.log.emit("activate", hero=h.name, side=st.side_labels[side])
    start_elev = st.elevation(h) if h.entered else -99
    cost, difficult, moved = yield from movement_phase(st, h)
    acted = moved
    fired = False
    if h.on_table:
        combat.collect_casualties(st)
        shot = yield from shoot_phase(st, h, cost, difficult)
        combat.remove_casualties(st)
        acted = acted or shot != "hold"
        fired = shot == "fired"
    if h.on_table and not st.over:
        combat.collect_casualties(st)
        fought = yield from close_combat_phase(st, h, fired)
        combat.remove_casualties(st)
        acted = acted or fought
    obj.after_activation(st, h, start_elev, acted)
    yield from check_end(st)
    if not st.over:
        yield from claim(st, side)


_MOVES: dict[tuple[str, int], dict[tuple[int, int], Move]] = {}  # by mode and table size


def _moves(mode: str, n: int) -> dict[tuple[int, int], Move]:
    """Every space's Move of ``mode`` on a table of ``n`` x ``n`` spaces, keyed by (x, y):
    Move is frozen, so one shared instance per space and mode serves every decision."""
    found = _MOVES.get((mode, n))
    if found is None:
        found = _MOVES[(mode, n)] = {(x, y): Move(x, y, mode) for x in range(n)
                                     for y in range(n)}
    return found


def movement_phase(st: DwethiaState, h: Hero) -> Generator[Any, Any, tuple[int, bool, bool]]:
    """Full move, Defensive Move (shield) or Stealth Move (cloak) at half Movement
    (dwethia.phase.movement); an engaged model does not move."""
    if h.entered and h.destiny >= 1 and "reposition" in h.profile.destiny_actions:
        yield from reposition(st, h)
    mv = h.stat("movement")
    if h.profile.affinity_actions and not (h.entered and engaged_with(st, h)):
        mv += yield from affinity_action(st, h)
    modes = [("normal", mv)]
    if h.profile.shield:
        modes.append(("defensive", half_move(mv)))
    if h.profile.cloak:
        modes.append(("stealth", half_move(mv)))
    options: list[Move] = []
    # the search's own answer, keyed by space, is the decision's table of costs (a mode does
    # not change a space's cost): no second table keyed by Move (hashing a Move per option
    # was a few per cent of a game)
    reach = reachable(st, h, mv)
    # a half move reaches a subset of these (sorted by the keys alone: the same order as the
    # (key, value) pairs, as no two keys are equal, for a third of the comparisons' cost)
    spots = sorted(reach)
    for mode, budget in modes:
        shared = _moves(mode, st.board.size)
        if budget >= mv:  # a full move's budget is the search's own: it reaches every space
            options.extend(map(shared.__getitem__, spots))
        else:
            options.extend(shared[xy] for xy in spots if reach[xy].cost <= budget)
    if not options:  # nowhere to enter or stand: it waits off the table
        st.log.emit("no_room", hero=h.name)
        return 0, False, False
    choice = yield Decision("move", h.side, options, f"Move {h.name}",
                            info={"hero": h.uid, "reach": reach})
    chosen = reach[(choice.x, choice.y)]
    cost, difficult = chosen.cost, chosen.difficult
    entering = not h.entered
    moved = entering or (choice.x, choice.y) != (h.x, h.y)
    frm = None if entering else [h.x, h.y]
    h.x, h.y, h.entered = choice.x, choice.y, True
    h.defensive = choice.mode == "defensive"
    h.stealth = choice.mode == "stealth"
    st.log.emit("move", hero=h.name, uid=h.uid, frm=frm, x=h.x, y=h.y, spaces=cost,
                mode=choice.mode, entered=entering, elevation=st.elevation(h))
    obj.after_move(st, h)
    return cost, difficult, moved


REPOSITION_RANGE = 6
REPOSITION_SPACES = 3


def reposition(st: DwethiaState, h: Hero) -> Steps:
    """A faction Destiny action (dwethia.destiny.special_actions, house data after the book's
    example): spend 1 Destiny to move a friend within 6 spaces, not engaged, up to 3 spaces."""
    friends = [f for f in st.heroes if f is not h and f.on_table and f.side == h.side
               and spaces(st, h, f) <= REPOSITION_RANGE and not engaged_with(st, f)]
    if not friends:
        return
    pick = yield Decision("destiny_action", h.side, [NOBODY] + [Pick(f.uid) for f in friends],
                         f"{h.name}: spend 1 Destiny to reposition a friend?",
                         info={"hero": h.uid})
    if pick == NOBODY:
        return
    f = st.heroes[pick.uid]
    h.destiny -= 1
    spots = [Move(x, y) for (x, y) in sorted(reachable(st, f, REPOSITION_SPACES))]
    where = yield Decision("reposition", h.side, spots, f"Reposition {f.name} where?",
                           info={"hero": f.uid})
    frm = [f.x, f.y]
    f.x, f.y = where.x, where.y
    st.log.emit("reposition", hero=h.name, friend=f.name, uid=f.uid, frm=frm, x=f.x, y=f.y)
    obj.after_move(st, f)


def shoot_phase(st: DwethiaState, h: Hero, cost: int,
                difficult: bool) -> Generator[Any, Any, str]:
    """Fire one ranged weapon (dwethia.shoot.multiple_weapons) or activate one Affinity power
    (dwethia.magic.affinity_powers: no weapon fired with it). Engaged models fire only [Light]
    weapons, at -3 Perception (dwethia.shoot.shooters_in_combat); a weapon's movement penalty
    limits how far the model may have moved (dwethia.shoot.movement_penalties)."""
    engaged = bool(engaged_with(st, h))
    options: list[Any] = [Hold()]
    mv = h.stat("movement")
    for w in h.profile.ranged:
        if engaged and "light" not in w.keywords:
            continue
        if cost > shooting_allowance(mv, w.penalty, difficult):
            continue
        options.extend(Shoot(w.id, t.uid) for t in combat.targets_for(st, h, w))
    for p in h.profile.powers:
        if h.affinity >= p.cost:
            options.extend(Cast(p.id, t.uid) for t in combat.power_targets(st, h, p))
    choice = yield Decision("shoot", h.side, options, f"{h.name}: shoot or cast?",
                            info={"hero": h.uid, "engaged": engaged})
    if isinstance(choice, Shoot):
        w = next(w for w in h.profile.ranged if w.id == choice.weapon)
        yield from combat.shoot(st, h, w, st.heroes[choice.target], melee=engaged)
        for n in range(1, w.shots):  # dwethia.shoot.multiple_shots: any target each time
            targets = [Shoot(w.id, t.uid) for t in combat.targets_for(st, h, w)]
            if not targets or not h.on_table:
                break
            again = yield Decision("next_shot", h.side, targets,
                                   f"{h.name}: shot {n + 1} of {w.shots} at whom?",
                                   info={"hero": h.uid})
            yield from combat.shoot(st, h, w, st.heroes[again.target], melee=engaged)
        return "light" if "light" in w.keywords else "fired"
    if isinstance(choice, Cast):
        declared = [choice]
        if h.profile.casts > 1:
            yield from declare_more_powers(st, h, declared)
        # every power declared and paid for before any dice (dwethia.magic.multi_cast)
        powers = [(next(p for p in h.profile.powers if p.id == c.power), st.heroes[c.target])
                  for c in declared]
        for p, target in powers:
            combat.pay_for_power(st, h, p, target)
        for p, target in powers:
            if not h.on_table:
                st.log.emit("power_lost", hero=h.name, power=p.name, target=target.name)
                continue
            yield from combat.resolve_power(st, h, p, target)
        return "cast"
    return "hold"


def declare_more_powers(st: DwethiaState, h: Hero, declared: list[Cast]) -> Steps:
    """A caster allowed several powers per phase (house data ``casts``) declares each further
    power and its target, one at a time, while its Affinity covers every power declared so
    far; a power is declared at most once (dwethia.magic.multi_cast)."""
    powers = {p.id: p for p in h.profile.powers}
    while len(declared) < h.profile.casts:
        left = h.affinity - sum(powers[c.power].cost for c in declared)
        used = {c.power for c in declared}
        options: list[Any] = [Hold()]
        for p in h.profile.powers:
            if p.id not in used and p.cost <= left:
                options.extend(Cast(p.id, t.uid) for t in combat.power_targets(st, h, p))
        if len(options) == 1:
            return
        more = yield Decision("declare_cast", h.side, options,
                              f"{h.name}: declare another power ({left} Affinity left)?",
                              info={"hero": h.uid, "declared": len(declared)})
        if not isinstance(more, Cast):
            return
        declared.append(more)


SURGE_COST = 2
SURGE_SPACES = 3


def affinity_action(st: DwethiaState, h: Hero) -> Generator[Any, Any, int]:
    """A unique Affinity action on a hero's profile (dwethia.magic.affinity_actions; house
    data, the book gives none): Surge - in its Movement phase, before it moves, the hero may
    spend 2 Affinity to move 3 spaces further this activation. Returns the extra Movement."""
    if "surge" not in h.profile.affinity_actions or h.affinity < SURGE_COST:
        return 0
    use = yield Decision("affinity_action", h.side, [False, True],
                         f"{h.name}: spend {SURGE_COST} Affinity to Surge"
                         f" {SURGE_SPACES} spaces further?",
                         info={"hero": h.uid, "action": "surge"})
    if not use:
        return 0
    h.affinity -= SURGE_COST
    st.log.emit("affinity_action", hero=h.name, action="Surge", cost=SURGE_COST,
                spaces=SURGE_SPACES)
    return SURGE_SPACES


def close_combat_phase(st: DwethiaState, h: Hero, fired: bool) -> Generator[Any, Any, bool]:
    """With enemies in reach: Retreat, Fire Ranged Weapons at -3 Perception, or Fight
    (dwethia.melee.activation_choices). A model that fired a weapon other than a [Light] one
    this activation does not fight (dwethia.weapon.light)."""
    foes = in_reach(st, h)
    if not foes:
        return False
    options: list[Any] = []
    if not fired:
        options.extend(Fight(t.uid) for t in foes)
        for w in h.profile.ranged:
            options.extend(Fire(w.id, t.uid) for t in combat.targets_for(st, h, w))
    options.append(Hold())
    if engaged_with(st, h):
        options.append("retreat")
    choice = yield Decision("close_combat", h.side, options, f"{h.name}: fight, fire or retreat?",
                            info={"hero": h.uid})
    if isinstance(choice, Fight):
        yield from combat.fight(st, h, st.heroes[choice.target])
        return True
    if isinstance(choice, Fire):
        w = next(w for w in h.profile.ranged if w.id == choice.weapon)
        yield from combat.shoot(st, h, w, st.heroes[choice.target], melee=True)
        return True
    if choice == "retreat":
        st.log.emit("retreat_declared", hero=h.name)
        yield from combat.retreat_move(st, h, optional=False, opportunity_first=True)
        return True
    return False


def check_end(st: DwethiaState) -> Steps:
    """A side with every model slain loses (dwethia.scenario.game_end); if that completes all
    five of its objectives (Lambs to the Slaughter), it wins (the rules yaml's reading)."""
    dead = [not st.alive(s) for s in (0, 1)]
    if not any(dead):
        return
    st.over = True
    st.ended_by = "wiped_out"
    if all(dead):
        st.winner = None
    else:
        loser = 0 if dead[0] else 1
        st.winner = loser if obj.all_done(st, loser) else 1 - loser
    yield from ()


def claim(st: DwethiaState, side: int) -> Steps:
    """The player may ask for its sealed objectives to be opened: if all are done it wins,
    otherwise play goes on with them public (dwethia.scenario.secret_objectives)."""
    ask = yield Decision("claim", side, [False, True], "Open your sealed objectives?")
    if not ask:
        return
    chosen = st.secret[side]
    done = [o for o in chosen if o in st.achieved[side]]
    st.revealed[side] = True
    st.log.emit("objectives_revealed", side=st.side_labels[side], objectives=list(chosen),
                done=done)
    if len(done) == len(chosen):
        st.over = True
        st.winner = side
        st.ended_by = "objectives"
