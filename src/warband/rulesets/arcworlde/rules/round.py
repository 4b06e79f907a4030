"""The Round: initiative, alternating Activations, and the end of the game.

Rule ids: ``arcworlde.round.initiative``, ``arcworlde.round.activation_sequence``,
``arcworlde.round.game_length``.
"""

from __future__ import annotations

from collections.abc import Sequence

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules.activation import activation
from warband.rulesets.arcworlde.rules.creatures import pack_groups
from warband.rulesets.arcworlde.rules.forest import forest_round_end, forest_round_start
from warband.rulesets.arcworlde.state import ArcState

__all__ = ["decided", "play_round", "roll_off", "rolling_sides"]


def rolling_sides(st: ArcState) -> list[int]:
    """The sides that roll for initiative: every player, and the forest's Creatures (a Rogue
    side: arcworlde.solo.initiative) while any of them is on the table."""
    sides = list(st.player_sides())
    forest = st.forest_side
    if forest is not None and any(True for _ in st.living(forest)):
        sides.append(forest)
    return sides


def roll_off(st: ArcState, purpose: str, sides: Sequence[int] | None = None) -> list[int]:
    """Every side rolls a D6 and they go from the highest roll to the lowest; sides that tie
    re-roll among themselves until their tie is broken, which orders just them (so with three
    players a tie for second place is settled too: arcworlde.round.initiative, the yaml's
    multiplayer default). A Rogue Warband rolls its own die like a player
    (arcworlde.solo.initiative). ``sides``: who rolls (default: every player). Returns the
    sides in order; the event lists each round of rolls, None for a side that did not roll
    again."""
    players = list(st.player_sides()) if sides is None else list(sides)
    width = max(players) + 1
    keys: dict[int, list[int]] = {p: [st.dice.d6()] for p in players}
    row: list[int | None] = [None] * width
    for p in players:
        row[p] = keys[p][0]
    history: list[list[int | None]] = [row]
    while True:
        groups: dict[tuple[int, ...], list[int]] = {}
        for p in players:
            groups.setdefault(tuple(keys[p]), []).append(p)
        tied = [p for p in players if len(groups[tuple(keys[p])]) > 1]
        if not tied:
            break
        row = [None] * width
        for p in tied:  # only the tied sides re-roll
            keys[p].append(st.dice.d6())
            row[p] = keys[p][-1]
        history.append(row)
    order = sorted(players, key=lambda p: [-v for v in keys[p]])
    st.log.emit(purpose, rolls=history, order=[st.side_labels[p] for p in order])
    return order


def decided(st: ArcState) -> bool:
    """The game is over early when at most one player's side still has Characters on the
    table (a delayed Rogue Warband that has yet to arrive is still in the game; the forest's
    Creatures are not a player)."""
    fighting = 0
    chars = st.chars
    for p in st.player_sides():
        if p == st.arriving:
            fighting += 1
            continue
        for c in chars:  # (any() over st.living(p), written out: asked after each turn)
            if c.side == p and c.on_table:
                fighting += 1
                break
    return fighting <= 1


#: one Activate choice per Character uid: frozen value choices (compared by value, never by
#: identity), so one serves every menu that offers that Character (about 200 a game)
_ACTIVATES: dict[int, C.Activate] = {}


def _activate(uid: int) -> C.Activate:
    choice = _ACTIVATES.get(uid)
    if choice is None:
        if len(_ACTIVATES) > 4096:
            _ACTIVATES.clear()
        choice = _ACTIVATES[uid] = C.Activate(uid)
    return choice


def play_round(st: ArcState) -> Steps:
    """One Round: roll initiative, then players take turns to Activate one Character each, in
    initiative order; a player with nothing left to Activate is skipped
    (arcworlde.round.activation_sequence)."""
    st.round += 1
    st.log.emit("round", number=st.round)
    if st.options.environment == "mildaark":
        yield from forest_round_start(st)  # before initiative (the yaml default)
    if st.arriving is not None:
        from warband.rulesets.arcworlde.rules.solo import arrival_roll  # (setup imports us)

        yield from arrival_roll(st)  # arcworlde.solo.delayed_arrival
    for c in st.chars:
        c.activated = False
    st.initiative = roll_off(st, "initiative", rolling_sides(st))
    while True:
        acted = False
        for player in st.initiative:
            # a Gobbled Character is off the table but still Activates, to try to escape
            # a rider aboard its Monstrous Mount is Activated with it, not on its own
            ready = [c for c in st.chars if c.side == player and not c.activated and not c.aboard
                     and (c.on_table or (c.gobbled_by is not None and not c.ko))]
            if not ready:
                continue
            if st.first_player is None:
                st.first_player = player  # who Activated first in Round 1 (Outcome.extra)
            packs = [C.ActivatePack(g) for g in pack_groups(st, player)]
            pick = yield Decision(
                "activate", player, [*[_activate(c.uid) for c in ready], *packs],
                prompt=f"Round {st.round}: choose a Character to Activate",
            )
            if isinstance(pick, C.ActivatePack):
                # one turn: the pack members one after another (arcworlde.trait.pack_hunter)
                st.pack = {"members": set(pick.uids), "quarry": None, "used": set()}
                st.log.emit("pack", who=[st.by_uid(u).name for u in pick.uids])
                for uid in pick.uids:
                    member = st.by_uid(uid)
                    if member.on_table and not member.activated:
                        yield from activation(st, member)
                st.pack = None
            else:
                chosen = st.by_uid(pick.uid)
                yield from activation(st, chosen)
                if chosen.rider_uid is not None:
                    # the mount's rider Activates at the same time (arcworlde.trait.monstrous_mount)
                    rider = st.by_uid(chosen.rider_uid)
                    if rider.aboard and rider.on_table and not rider.activated:
                        yield from activation(st, rider)
            acted = True
            if decided(st):
                return
        if not acted:
            break
    forest_round_end(st)
    st.log.emit("round_end", number=st.round)
