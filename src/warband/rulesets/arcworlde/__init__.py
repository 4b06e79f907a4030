"""ArcWorlde 2.2 (Warp Miniatures): the first ruleset.

Rule ids refer to ``../shared/rules/arcworlde.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from warband.core.controller import Controller
from warband.core.events import Event
from warband.core.game import Game
from warband.core.ruleset import ProfileRow
from warband.kit.ruleset import KitRuleset, Setup
from warband.rulesets.arcworlde.options import OPTIONS, Options

if TYPE_CHECKING:
    from pydantic import BaseModel

    from warband.content.yamlio import LineMap

__all__ = ["RULESET", "ArcWorlde"]


class ArcWorlde(KitRuleset):
    name = "arcworlde"
    title = "ArcWorlde - The Fantasy Miniatures Game, Edition 2.2"
    content_dir = Path(__file__).with_name("content")
    sample_list_names = ("sheriffs-posse.yaml", "ironjaw-mob.yaml")
    default_scenario = "glade-skirmish"
    options_type = Options
    option_specs = OPTIONS

    def catalogue(self) -> Any:
        from warband.rulesets.arcworlde.catalogue import catalogue

        return catalogue()

    def parse_list(self, data: Any, source: str, lines: LineMap | None = None) -> Any:
        from warband.rulesets.arcworlde.lists import parse_list

        return parse_list(data, source, self.catalogue(), lines, self.name)

    def setup(self, cat: Any, lists: Sequence[Any], seed: int, options: Any,
              scenario: Any, given: Mapping[str, Any], log_events: bool) -> Setup:
        from warband.rulesets.arcworlde.game import setup_game

        return setup_game(lists, seed, options, scenario, given, log_events)

    def profiles(self) -> list[ProfileRow]:
        from warband.rulesets.arcworlde.catalogue import catalogue

        cat = catalogue()
        rows: list[ProfileRow] = []
        for p in sorted(cat.profiles.values(), key=lambda p: (p.faction, -p.commander, p.cost)):
            rows.append({
                "id": p.id, "name": p.name, "faction": p.faction,
                "class": ", ".join(sorted(c.value for c in p.classes)),
                "cost": p.cost, "ap": p.ap, "movement": p.movement, "bravery": p.bravery,
                "hp": p.hp, "base": p.base,
                "attacks": [_attack_text(a) for a in p.attacks],
                "traits": sorted(cat.traits[t].name for t in p.traits),
                "equipment": [e.name for e in p.equipment],
                "source": p.source,
            })
        return rows

    def schema_models(self) -> Mapping[str, type[BaseModel]]:
        from warband.rulesets.arcworlde import models as m

        return {"list": m.WarbandListModel, "profiles": m.ProfilesFile,
                "equipment": m.EquipmentFile, "traits": m.TraitsFile,
                "factions": m.FactionsFile, "scenario": m.ScenarioModel}

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.arcworlde.ai.heuristic import HeuristicController
        from warband.rulesets.arcworlde.ai.rogue import RogueController

        return {"heuristic": HeuristicController, "rogue": RogueController, "random": RandomController}

    def narrate(self, event: Event) -> str | None:
        from warband.rulesets.arcworlde.narrate import narrate

        return narrate(event)

    def character_stats(self, game: Game) -> list[dict[str, Any]]:
        st: Any = game.state
        return [
            {"side": st.side_labels[c.side], "profile": c.profile.id, "name": c.name,
             "damage_dealt": c.damage_dealt, "knock_outs": c.knock_outs,
             "survived": c.deployed and not c.ko}
            for c in st.chars
        ]

    def describe_choice(self, view: Any, choice: Any) -> str:
        from warband.rulesets.arcworlde.describe import describe_choice

        return describe_choice(view, choice)

    def describe_view(self, view: Any, player: int) -> list[str]:
        from warband.rulesets.arcworlde.describe import describe_view

        return describe_view(view, player)

    def free_form_choice(self, decision: Any, template: Any, x: float, y: float) -> Any:
        from warband.rulesets.arcworlde.choices import Move, Place

        if isinstance(template, Place):
            return Place(template.uid, x, y)  # deploy this Character at the typed point
        return Move(x, y, "typed") if isinstance(template, Move) else None

    def choice_group(self, view: Any, choice: Any) -> str | None:
        from warband.rulesets.arcworlde.choices import Place

        return f"place {view.chars[choice.uid].name}" if isinstance(choice, Place) else None


def _attack_text(a: Any) -> str:
    cost = f"({a.ap}AP) " if a.ap is not None else ""
    rng = f", range {a.range:g}\"" if a.range else ""
    specials = []
    if a.crit_ignores_armour:
        specials.append("Crits ignore Armour")
    if a.ignores_armour:
        specials.append("ignores Armour")
    if a.crit_reduce_ap:
        specials.append(f"Crit: -{a.crit_reduce_ap}AP next Activation")
    if a.crit_breaks_armour:
        specials.append("Crit breaks Armour")
    if a.crit_knocks_prone:
        specials.append("Crit knocks Prone")
    if a.charge_power:
        specials.append(f"+{a.charge_power} Power on a Charge")
    if a.ranged and a.shot != "easy":
        specials.append(f"{a.shot} Shot")
    extra = f" [{'; '.join(specials)}]" if specials else ""
    return f"{cost}{a.name}: Power {a.power}{rng}{extra}"


RULESET = ArcWorlde()
