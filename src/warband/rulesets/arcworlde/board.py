"""The ArcWorlde board view: Characters on round bases, the scenario's terrain, deployment
zones and objective markers, and what the latest events did.

ArcWorlde is open information (everything but the dice), so every player sees the same board;
only the event window (``effects``) depends on who asks.
"""

from __future__ import annotations

from typing import Any

from warband.core import board as b
from warband.core.events import Event
from warband.rulesets.arcworlde.rules.scenario import objective_holders
from warband.rulesets.arcworlde.rules.setup import _depth, zone_rect
from warband.rulesets.arcworlde.state import ArcState, Character

__all__ = ["board_view", "decision_focus"]


def _piece(ch: Character) -> b.Piece:
    flags = [name for name, on in (
        ("Commander", ch.commander), ("Prone", ch.prone), ("Broken", ch.broken),
        ("Fled", ch.fled), ("Activated", ch.activated), ("Unruly", ch.unruly),
        ("Mounted", ch.aboard), ("Warded", ch.warded is not None),
    ) if on]
    stats: dict[str, int | float | str | bool] = {
        "AP": ch.ap, "Movement": ch.movement, "Bravery": ch.bravery, "Armour": ch.armour,
    }
    if ch.ap_penalty:
        stats["AP lost next Activation"] = ch.ap_penalty
    if ch.weapon:
        stats["Weapon"] = ch.weapon
    if ch.arcanite or ch.arcanite_bought:
        stats["Arcanite"] = ch.arcanite + ch.arcanite_bought
    items = [e.name for e in ch.equipment if e.kind == "item" and e.id != "arcanite-token"]
    if items:
        stats["Items"] = ", ".join(items)
    return b.Piece(
        id=str(ch.uid), side=ch.side, label=ch.name, kind="model", profile=ch.profile.id,
        x=round(ch.x, 3), y=round(ch.y, 3), base=b.round_base(ch.profile.base),
        hp=ch.hp, hp_max=ch.max_hp, flags=flags, stats=stats,
    )


def _did(e: Event) -> list[b.Did]:
    """What an ArcWorlde event did on the table (arcworlde/narrate.py words the same events)."""
    k = e.kind
    if k == "move":
        return [b.Did.move(e["who"], e["frm"], e["to"], f"{e['kind']} {e['inches']:g}\"")]
    if k == "deploy":
        return [b.Did.place(e["who"], e["at"], "deploys")]
    if k == "attack":
        label = f"{e['attack']}: {e['damage']} Damage"
        return [b.Did.line("shot" if e["ranged"] else "attack", e["who"], e["target"], label)]
    if k == "stray_shot":
        return [b.Did.line("shot", e["who"], e["hit"], "stray shot")]
    if k == "miss":
        return [b.Did.line("shot", e["who"], e["target"], "miss")]
    if k == "charge":
        return [b.Did.line("attack", e["who"], e["target"], "Charge")]
    return []


def board_view(game_or_state: Any, player: int | None, since: int | None = None) -> b.BoardView:
    """What is on the table (arcworlde.setup.sequence: zones of the scenario's depth on the
    two long edges; arcworlde.scenario.victory_points: objectives and who holds them)."""
    st: ArcState = b.state_of(game_or_state)
    reach = st.scenario.objective_range
    markers = [
        b.Marker(id=f"objective-{i}", kind="objective", label=obj.name, x=round(obj.x, 3),
                 y=round(obj.y, 3), radius=reach, side=holder)
        for i, (obj, holder) in enumerate(
            zip(st.scenario.objectives, objective_holders(st), strict=True))
    ]
    # Arcanite Tokens, Items and the forest's finds lying on the table (rules/arcanite.py,
    # rules/items.py, rules/forest.py)
    markers += [b.Marker(id=f"arcanite-{i}", kind="token", label="Arcanite Token", x=x, y=y)
                for i, (x, y, _) in enumerate(st.tokens)]
    if st.items:
        from warband.rulesets.arcworlde.catalogue import catalogue

        armoury = catalogue().equipment
        markers += [b.Marker(id=f"item-{i}", kind="token",
                             label=armoury[item].name if item in armoury else item, x=x, y=y)
                    for i, (x, y, item) in enumerate(st.items)]
    if st.forest is not None:
        finds = [("cache", "the forest's cache", p) for p in st.forest["cache"]]
        finds += [("portal", "Elven portal", p) for p in st.forest["portals"]]
        if st.forest["bush"] is not None:
            finds.append(("bush", "fruit bush", st.forest["bush"]))
        if st.forest["artefact"] is not None:
            finds.append(("artefact", "Fabled Artefact", st.forest["artefact"][:2]))
        markers += [b.Marker(id=f"forest-{kind}-{i}", kind="token", label=label, x=p[0], y=p[1])
                    for i, (kind, label, p) in enumerate(finds)]
    return b.table_board_view(
        "arcworlde", game_or_state, player, since, table=st.table,
        sides=b.side_infos(st.side_labels, st.side_names), number=st.round,
        phase=b.phase_line(st.over, st.round, st.options.rounds, "Round"),
        zones=[b.Zone(side=side, label=f"{st.side_names[side]} deployment zone",
                      polygon=b.rect_polygon(*zone_rect(st.table, side, _depth(st))))
               for side in st.player_sides()],
        markers=markers,
        pieces=[_piece(c) for c in st.chars if c.on_table],
        off_table=[b.OffTable(id=str(c.uid), side=c.side, label=c.name,
                              status=("knocked out" if c.ko else "Gobbled" if c.gobbled_by
                                      is not None else "held back for a summons" if c.held
                                      else "to deploy"))
                   for c in st.chars if not c.on_table],
        names={c.name: str(c.uid) for c in st.chars}, radii={str(c.uid): c.r for c in st.chars},
        translate=_did,
    )


def decision_focus(view: Any, decision: Any) -> b.Focus | None:
    """The Character a decision is about; its reach while it may still move: its Movement for
    the free movement or a Disengage move, the Leg It roll's inches for a dash
    (arcworlde.activation.ap_and_actions, arcworlde.action.leg_it)."""
    uid = (decision.info or {}).get("character")
    if uid is None:
        return None
    ch: Character = view.chars[uid]
    reach: float | None = None
    if decision.kind in ("action", "disengage_move") and decision.accepts is not None:
        reach = float(ch.movement)
    elif decision.kind == "leg_it_move":
        reach = float(decision.info.get("inches", 0))
    return b.Focus(piece=str(uid), reach=reach, label=ch.name)
