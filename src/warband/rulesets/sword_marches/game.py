"""A Sword Marches game: set-up of a house Adventure, Turns until a Warband Routs, Forfeits or
is gone, or the Adventure's last Turn; the result.

Set-up (house, the Adventures being missing: sm.scenario.adventures): a pre-game Strategy
Check (Municipal rolls 2d10, sm.stronghold.municipal) makes its winner the Intruder, the other
the Sentry; each side is placed in its Adventure zone in two ranks, Warlord at the centre,
shooters in the rear rank. Monastic and Extra Rations each give a once-per-game Break Token
(sm.stronghold.monastic, sm.item.extra_rations); Mystical a once-per-game Unbreakable Action
(sm.stronghold.mystical).

End: a failed Rout Check (sm.mettle.rout_check; both failing is a draw), a Warband forfeiting
all its Actions in a Turn (sm.actionphase.forfeit), a Warband with no model left, or the last
Turn of the Adventure: then house Victory Points - each enemy model Wounded or fled (Warrior 1,
Champion 2, Warlord 3) and each objective held (a side's Ready model within 1", no Ready enemy
within 1") at the Adventure's value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from warband.core.dice import Dice
from warband.core.events import EventLog
from warband.core.game import Flow, Outcome
from warband.kit.ruleset import Setup
from warband.kit.state import kept_views
from warband.rulesets.sword_marches import mechanics as mech
from warband.rulesets.sword_marches.catalogue import Catalogue
from warband.rulesets.sword_marches.choices import CODEC
from warband.rulesets.sword_marches.lists import Warband
from warband.rulesets.sword_marches.models import AdventureModel, ModelType, ZoneModel
from warband.rulesets.sword_marches.options import Options
from warband.rulesets.sword_marches.rules.terrain import build_table, settle
from warband.rulesets.sword_marches.rules.turn import decided, play_turn
from warband.rulesets.sword_marches.state import Model, SMState, SMView

__all__ = ["build_state", "game_flow", "setup_game", "victory_points"]
VALUE = {ModelType.WARRIOR: 1, ModelType.CHAMPION: 2, ModelType.WARLORD: 3}


def _deploy(st: SMState, side: int, zone: ZoneModel) -> None:
    models = [m for m in st.models if m.side == side]
    models.sort(key=lambda m: (m.f.ranged_weapons != (), -int(m.is_warlord), m.uid))
    front = models[: (len(models) + 1) // 2]
    rear = models[len(front):]
    cy = (zone.y0 + zone.y1) / 2
    toward = 1.0 if cy < st.table.height / 2 else -1.0
    rows = [(front, cy + toward * 1.2), (rear, cy - toward * 1.2)]
    placed: list[Model] = []
    for row, y in rows:
        n = len(row)
        if not n:
            continue
        cx = (zone.x0 + zone.x1) / 2
        span = min(zone.x1 - zone.x0 - 2, 2.2 * (n - 1))
        # the Warlord (sorted first) stands in the middle of the front rank
        order = sorted(range(n), key=lambda i: abs(i - (n - 1) / 2))
        for slot, m in zip(order, row, strict=True):
            x = cx - span / 2 + (span * slot / (n - 1) if n > 1 else span / 2)
            px, py = _free_spot(st, m, x, y, placed)
            m.x, m.y = px, py
            settle(st, m)
            placed.append(m)


def _free_spot(st: SMState, m: Model, x: float, y: float, placed: list[Model]
               ) -> tuple[float, float]:
    bases = [o.base for o in placed]
    for ring in range(0, 12):
        for k in range(max(1, ring * 6)):
            a = 2 * math.pi * k / max(1, ring * 6)
            px, py = x + 0.8 * ring * math.cos(a), y + 0.8 * ring * math.sin(a)
            if st.table.fits(px, py, m.r, bases) and all(
                    math.hypot(px - o.x, py - o.y) >= o.r + m.r + 0.1 for o in placed):
                return px, py
    return st.table.clamp(x, y, m.r)


def build_state(cat: Catalogue, musters: Sequence[Warband], adventure: AdventureModel, seed: int,
                options: Options, log_events: bool = True) -> SMState:
    r = cat.tables.base_mm / 25.4 / 2
    models: list[Model] = []
    for side, mu in enumerate(musters):
        for f in mu.fighters:
            models.append(Model(len(models), side, f, r))
    st = SMState(
        dice=Dice(seed), log=EventLog(log_events), cat=cat, table=build_table(adventure),
        adventure=adventure, models=models, musters=list(musters),
        side_names=[m.name for m in musters], side_labels=["a", "b"], options=options,
        turns=options.rounds or adventure.turns, intruder=0,
        rivals=musters[0].rival_of(musters[1]))
    st.starting = [len(mu.fighters) for mu in musters]
    st.spare_breaks = [int(mu.stronghold == "monastic") + int(mu.extra_rations) for mu in musters]
    st.mystical = [mu.stronghold == "mystical" for mu in musters]
    return st


def game_flow(st: SMState) -> Flow:
    st.log.emit("game_start", sides=dict(zip(st.side_labels, st.side_names, strict=True)),
                adventure=st.adventure.name, turns=st.turns, rivals=st.rivals)
    # Pre-game Strategy Check for the roles (house; sm.stronghold.municipal rolls 2d10).
    pools = [mech.DicePool(2 if mu.stronghold == "municipal" else 1) for mu in st.musters]
    cmds = [mu.warlord.cmd for mu in st.musters]
    margin = 0
    while margin == 0:
        roll = mech.OpposedCheck(pools[0], cmds[0], pools[1], cmds[1]).sample(st.dice)
        margin = roll.margin
        st.log.emit("adventure_check", rolls=[roll.primary.rolled, roll.secondary.rolled],
                    totals=[roll.primary_total, roll.secondary_total])
    st.intruder = 0 if margin > 0 else 1
    st.edge = st.intruder
    st.log.emit("roles", intruder=st.intruder, sentry=1 - st.intruder)
    _deploy(st, st.intruder, st.adventure.intruder_zone)
    _deploy(st, 1 - st.intruder, st.adventure.sentry_zone)
    st.log.emit("deployed", models=[{"uid": m.uid, "name": m.name, "side": m.side,
                                     "x": round(m.x, 2), "y": round(m.y, 2)} for m in st.models])
    while st.turn < st.turns and not decided(st):
        yield from play_turn(st)
    st.over = True
    return _outcome(st)


def victory_points(st: SMState, side: int) -> int:
    vp = sum(VALUE[m.f.type] for m in st.side_models(1 - side) if not m.on_table)
    for ox, oy in st.adventure.objectives:
        if holder(st, ox, oy) == side:
            vp += st.adventure.objective_vp
    return vp


def holder(st: SMState, x: float, y: float) -> int | None:
    near = {m.side for m in st.living() if m.ready
            and math.hypot(m.x - x, m.y - y) - m.r <= 1.0}
    return near.pop() if len(near) == 1 else None


def _outcome(st: SMState) -> Outcome:
    vp = [victory_points(st, 0), victory_points(st, 1)]
    end = st.extra.get("end")
    alive = [any(st.living(0)), any(st.living(1))]
    if end is not None:
        reason, winner = end
    elif not all(alive):
        reason = "wiped_out"
        winner = None if not any(alive) else (0 if alive[0] else 1)
    else:
        reason = "turn_limit"
        winner = None if vp[0] == vp[1] else (0 if vp[0] > vp[1] else 1)
    survivors = [[f"{m.name} ({m.condition})" for m in st.side_models(s) if m.on_table]
                 for s in (0, 1)]
    st.log.emit("game_end", reason=reason, vp=vp, turns=st.turn,
                winner=None if winner is None else st.side_labels[winner])
    return Outcome(
        sides=list(st.side_labels), names=list(st.side_names), winner=winner, vp=vp,
        rounds=st.turn, survivors=survivors,
        extra={"ended_by": reason, "intruder": st.side_labels[st.intruder],
               "first_player": (None if st.first_player is None
                                else st.side_labels[st.first_player]),
               "wounded": {st.side_labels[s]: [m.name for m in st.side_models(s) if m.wounded]
                           for s in (0, 1)},
               "fled": {st.side_labels[s]: [m.name for m in st.side_models(s) if m.fled]
                        for s in (0, 1)}},
    )


def setup_game(cat: Catalogue, musters: Sequence[Warband], seed: int, opts: Options,
               adventure: AdventureModel | None, given: Mapping[str, Any],
               log_events: bool = True) -> Setup:
    """The kit's hook: the starting state and flow of an Adventure between two Warbands."""
    assert adventure is not None  # the kit always resolves the ``scenario`` option
    st = build_state(cat, musters, adventure, seed, opts, log_events)
    return Setup(st, game_flow(st), kept_views(SMView), CODEC)
