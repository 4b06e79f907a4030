"""The Round: initiative, alternating Activations, and the end of the game.

Rule ids: ``arcworlde.round.initiative``, ``arcworlde.round.activation_sequence``,
``arcworlde.round.game_length``.
"""

from __future__ import annotations

from warband.core.decisions import Decision
from warband.core.game import Steps
from warband.rulesets.arcworlde import choices as C
from warband.rulesets.arcworlde.rules.activation import activation
from warband.rulesets.arcworlde.rules.creatures import pack_groups
from warband.rulesets.arcworlde.rules.forest import forest_round_end, forest_round_start
from warband.rulesets.arcworlde.state import ArcState

__all__ = ["decided", "play_round", "roll_off"]


def roll_off(st: ArcState, purpose: str) -> list[int]:
    """Every player rolls a D6; tied highest players re-roll until one is highest.
    Returns the players from highest roll to lowest (arcworlde.round.initiative)."""
    players = list(range(len(st.side_names)))
    rolls = {p: st.dice.d6() for p in players}
    history: list[list[int | None]] = [[rolls[p] for p in players]]
    while True:
        top = max(rolls.values())
        tied = [p for p in players if rolls[p] == top]
        if len(tied) == 1:
            break
        for p in tied:  # only the tied players re-roll (the rules yaml's default reading)
            rolls[p] = st.dice.d6()
        history.append([rolls[p] if p in tied else None for p in players])
    final = {p: rolls[p] for p in players}
    order = sorted(players, key=lambda p: -final[p])
    st.log.emit(purpose, rolls=history, order=[st.side_labels[p] for p in order])
    return order


def decided(st: ArcState) -> bool:
    """The game is over early when a side has no Characters left on the table (a delayed
    Rogue Warband that has yet to arrive is not beaten)."""
    return any(p != st.arriving and not any(True for _ in st.living(p))
               for p in range(len(st.side_names)))


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
    st.initiative = roll_off(st, "initiative")
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
                "activate", player, [*(C.Activate(c.uid) for c in ready), *packs],
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
