"""Armies of Arcana game options: house rules players may switch (``--option name=value``),
each documented beside its rule in docs/rulesets/armies.md."""

from __future__ import annotations

from dataclasses import dataclass

from warband.kit.options import Option

__all__ = ["OPTIONS", "Options"]


@dataclass(slots=True)
class Options:
    turns: int | None = None  # None: the scenario's turn limit
    pursuit_saves: bool = False  # armies.flee.pursuit: saves against the automatic wounds
    stand_and_shoot: bool = True  # armies.move.charge_response_fire
    charge_window: float = 0.25  # armies.move.charge_declaration: share of the move to wheel
    power_cap: int = 6  # armies.magic.power_gain: most power a caster may hold (house)
    deployment: str = "line"  # house: "line" (automatic battle lines) or "choose"


OPTIONS = (
    Option.whole("turns", 1, 30, "the turn limit (default: the scenario's)"),
    Option.flag("pursuit_saves", "armour saves against pursuers' automatic wounds"
                " (armies.flee.pursuit)"),
    Option.flag("stand_and_shoot", "charged units may shoot at the charger"
                " (armies.move.charge_response_fire)"),
    Option.number("charge_window", 0, 1, "share of its move a charger may spend wheeling"
                  " (armies.move.charge_declaration)"),
    Option.whole("power_cap", 1, 20, "most power a caster may hold (armies.magic.power_gain)"),
    Option.one_of("deployment", ("line", "choose"), "automatic battle lines, or the players"
                  " place their units in turn (house; the sheet has no deployment)"),
)
