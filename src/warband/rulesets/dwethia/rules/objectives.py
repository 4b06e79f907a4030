"""The 25 secret objectives, tracked for both sides from what happens on the table
(dwethia.objective.* - the rules yaml's default readings; ``dwethia.scenario.secret_objectives``:
the engine tracks every condition, so a player's "belief" is never needed).

Progress is public: every objective either side achieves is recorded (and narrated) whether or
not it is among that side's sealed five, so nothing here tells which five were chosen.
"""

from __future__ import annotations

from warband.rulesets.dwethia.state import DwethiaState, Hero

__all__ = ["achieve", "near_marker", "on_kill", "on_wound", "on_save", "after_move",
           "end_of_round", "within_of_edge", "all_done"]

MARKER_RADIUS = 6


def achieve(st: DwethiaState, side: int, objective: str, by: Hero | None = None) -> None:
    if objective in st.achieved[side]:
        return
    st.achieved[side].add(objective)
    st.log.emit("objective_achieved", side=st.side_labels[side], objective=objective,
                by=None if by is None else by.name)


def all_done(st: DwethiaState, side: int) -> bool:
    chosen = st.secret[side]
    return bool(chosen) and all(o in st.achieved[side] for o in chosen)


def _to_cell(h: Hero, x: int, y: int) -> int:
    dx = max(0, x - (h.x + h.size - 1), h.x - x)
    dy = max(0, y - (h.y + h.size - 1), h.y - y)
    return max(dx, dy)


def near_marker(st: DwethiaState, h: Hero, radius: int = MARKER_RADIUS) -> bool:
    return any(_to_cell(h, mx, my) <= radius for mx, my in st.markers)


def within_of_edge(st: DwethiaState, h: Hero, side: int, radius: int) -> bool:
    """``h`` within ``radius`` spaces of ``side``'s table edge (its deployment zone: the strip
    along that edge, dwethia.setup.deployment)."""
    n = st.board.size
    return h.y <= radius if st.edge[side] == 0 else (n - 1) - (h.y + h.size - 1) <= radius


def _group(st: DwethiaState, h: Hero) -> int:
    """Models of ``h``'s side in its fight: itself and the friends within range 2 that are in
    coherency with it or with another of them (``h`` may just have been slain)."""
    from warband.rulesets.dwethia.rules.measure import adjacent, spaces

    near = [f for f in st.heroes if f is not h and f.on_table and f.side == h.side
            and spaces(st, h, f) <= 2]
    return 1 + sum(1 for f in near
                   if adjacent(st, f, h) or any(g is not f and adjacent(st, f, g) for g in near))


def on_kill(st: DwethiaState, killer: Hero, victim: Hero, how: str,
            risky_counts: tuple[int, int] | None = None) -> None:
    """Objectives a slaying completes. ``how``: ``melee``, ``shot``, ``spell``, ``grenade``,
    ``black_sun``, ``opportunity``; ``risky_counts`` (killer's side, victim's side) in the fight."""
    k, v = killer.side, victim.side
    n = st.board.size
    killer.kills.append(victim.uid)
    if how in ("spell", "black_sun"):
        achieve(st, k, "grilled_or_extra_crispy", killer)
    if st.elevation(killer) > st.elevation(victim):
        achieve(st, k, "crows_nest", killer)
    if near_marker(st, victim):
        achieve(st, k, "hands_off", killer)
        achieve(st, v, "death_and_glory", victim)
    leader = _leader(st, k)
    if leader is not None and leader.slain and leader is not killer:
        st.kills_after_leader[k] += 1
        if st.kills_after_leader[k] >= 2:
            achieve(st, k, "victory_or_death", killer)
    if how == "grenade":
        achieve(st, k, "explosives", killer)
    c = (n - 1) / 2
    cx, cy = killer.x + (killer.size - 1) / 2, killer.y + (killer.size - 1) / 2
    if max(abs(cx - c), abs(cy - c)) - (killer.size - 1) / 2 <= MARKER_RADIUS:
        achieve(st, k, "king_of_the_hill", killer)
    if within_of_edge(st, victim, k, MARKER_RADIUS):
        achieve(st, k, "let_them_come", killer)
    if within_of_edge(st, victim, v, MARKER_RADIUS):
        achieve(st, k, "hold_the_line", killer)
    if within_of_edge(st, victim, k, 3):
        achieve(st, v, "no_escape", victim)
    if len(killer.kills) >= 2:
        achieve(st, k, "hunter", killer)
    if any(st.heroes[u].side == k for u in victim.kills):
        achieve(st, k, "revenge", killer)
    if risky_counts is None:  # a shot or a spell: the two coherent groups
        risky_counts = (_group(st, killer), _group(st, victim))
    if risky_counts[1] > risky_counts[0]:
        achieve(st, k, "risky_maneuvers", killer)
    if not st.alive(v):
        achieve(st, v, "lambs_to_the_slaughter")


def _leader(st: DwethiaState, side: int) -> Hero | None:
    """The marked leader, else the most expensive model (dwethia.objective.victory_or_death)."""
    mine = st.units_of(side)
    for h in mine:
        if h.profile.leader:
            return h
    return max(mine, key=lambda h: (h.profile.cost, -h.uid)) if mine else None


def on_wound(st: DwethiaState, attacker: Hero, victim: Hero) -> None:
    """Reaper and In the Trenches (unsaved wounds on distinct enemies)."""
    if attacker.side == victim.side:
        return
    attacker.wounded.add(victim.uid)
    if len(attacker.wounded) >= 3:
        achieve(st, attacker.side, "reaper", attacker)
    if st.elevation(victim) > st.elevation(attacker):
        attacker.wounded_higher.add(victim.uid)
        if len(attacker.wounded_higher) >= 2:
            achieve(st, attacker.side, "in_the_trenches", attacker)


def on_save(st: DwethiaState, h: Hero, saved: int) -> None:
    if saved <= 0:
        return
    h.saves_made += saved
    if h.saves_made >= 3:
        achieve(st, h.side, "bulwark", h)


def after_move(st: DwethiaState, h: Hero) -> None:
    """Covert Operations (been on all 4 markers: in or touching the marker's space) and East to
    West (touched two opposite edges)."""
    for i, (mx, my) in enumerate(st.markers):
        if _to_cell(h, mx, my) <= 1:
            h.markers_visited.add(i)
    if len(st.markers) == 4 and len(h.markers_visited) == 4:
        achieve(st, h.side, "covert_operations", h)
    n = st.board.size
    if h.x == 0:
        h.edges_touched.add("w")
    if h.x + h.size == n:
        h.edges_touched.add("e")
    if h.y == 0:
        h.edges_touched.add("s")
    if h.y + h.size == n:
        h.edges_touched.add("n")
    if {"w", "e"} <= h.edges_touched or {"n", "s"} <= h.edges_touched:
        achieve(st, h.side, "east_to_west", h)


def after_activation(st: DwethiaState, h: Hero, start_elev: int, acted: bool) -> None:
    """Leap of Faith (from the highest point to the lowest in one activation) and Espionage
    (near a marker - within 1 space - for 2 rounds running without acting)."""
    if h.slain or not h.entered:
        return
    b = st.board
    if start_elev == b.highest and st.elevation(h) == b.lowest:
        achieve(st, h.side, "leap_of_faith", h)
    if not acted and near_marker(st, h, 1):
        h.idle_rounds += 1
        if h.idle_rounds >= 2:
            achieve(st, h.side, "espionage", h)
    else:
        h.idle_rounds = 0


def end_of_round(st: DwethiaState) -> None:
    for side in (0, 1):
        if st.spells_cast[side] >= 3:
            achieve(st, side, "master_of_affinity")
