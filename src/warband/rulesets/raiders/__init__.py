"""Raiders of Arcana (Battlezone Miniatures playtest rules, December 2015).

Units of several figures around a leader, one action at a time with simultaneous reactions,
combat dice split in secret, fatigue. Rule ids refer to ``../shared/rules/raiders.yaml``.
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
from warband.rulesets.raiders.catalogue import catalogue
from warband.rulesets.raiders.options import OPTIONS, Options

if TYPE_CHECKING:
    from pydantic import BaseModel

    from warband.content.yamlio import LineMap

__all__ = ["RULESET", "Raiders"]


class Raiders(KitRuleset):
    name = "raiders"
    title = "Raiders of Arcana - Playtest Rules (December 2015)"
    content_dir = Path(__file__).with_name("content")
    sample_list_names = ("border-raiders.yaml", "ashen-warband.yaml")
    default_scenario = "meeting-engagement"
    options_type = Options
    option_specs = OPTIONS

    def catalogue(self) -> Any:
        return catalogue()

    def parse_list(self, data: Any, source: str, lines: LineMap | None = None) -> Any:
        from warband.rulesets.raiders.lists import parse_list

        return parse_list(data, source, catalogue(), lines, self.name)

    def setup(self, cat: Any, lists: Sequence[Any], seed: int, options: Any,
              scenario: Any, given: Mapping[str, Any], log_events: bool) -> Setup:
        from warband.rulesets.raiders.game import setup_game

        return setup_game(cat, lists, seed, options, scenario, log_events)

    def profiles(self) -> list[ProfileRow]:
        cat = catalogue()
        rows: list[ProfileRow] = []
        order = [t.value for t in cat.unit_types]
        for p in sorted(cat.profiles.values(),
                        key=lambda p: (p.source != "book", order.index(p.type.value), p.id)):
            abilities = [cat.abilities[a].name.replace("(X)", f"({p.value(a)})")
                         for a in sorted(p.abilities)]
            if p.ranged_name:
                abilities.append(f"{p.ranged_name} {p.ranged_range:g}\"")
            if p.spells:
                abilities.append("Spells: " + ", ".join(cat.spells[s].name for s in p.spells))
            rows.append({
                "id": p.id, "name": p.name, "type": cat.unit_types[p.type].name,
                "HP": p.hp, "Mv": p.mv_text, "CD": p.cd, "AS": p.attack_skill,
                "DB": p.defence_bonus, "Str": p.strength, "Tg": p.target, "Arm": p.armour,
                "MR": p.mr, "F": p.fatigue, "Morale": p.morale, "size": p.figures,
                "cost": p.cost if p.cost_source == p.source else f"{p.cost} (house)",
                "abilities": abilities, "source": p.source,
            })
        return rows

    def schema_models(self) -> Mapping[str, type[BaseModel]]:
        from warband.rulesets.raiders import models as m

        return {"list": m.WarbandListModel, "profiles": m.ProfilesFile, "costs": m.CostsFile,
                "abilities": m.AbilitiesFile, "spells": m.SpellsFile, "sizes": m.SizesFile,
                "unit-types": m.UnitTypesFile, "cultures": m.CulturesFile,
                "scenario": m.ScenarioModel}

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.raiders.ai.heuristic import HeuristicController

        return {"heuristic": HeuristicController, "random": RandomController}

    def narrate(self, event: Event) -> str | None:
        from warband.rulesets.raiders.narrate import narrate

        return narrate(event)

    def describe_choice(self, view: Any, choice: Any) -> str:
        from warband.rulesets.raiders.describe import describe_choice

        return describe_choice(view, choice)

    def describe_view(self, view: Any, player: int) -> list[str]:
        from warband.rulesets.raiders.describe import describe_view

        return describe_view(view, player)

    def free_form_choice(self, decision: Any, template: Any, x: float, y: float) -> Any:
        from warband.rulesets.raiders.describe import free_form_choice

        return free_form_choice(decision, template, x, y)

    def character_stats(self, game: Game) -> list[dict[str, Any]]:
        st: Any = game.state
        return [
            {"side": st.side_labels[u.side], "profile": u.profile.id, "name": u.name,
             "damage_dealt": u.wounds_dealt, "knock_outs": u.figures_killed,
             "survived": u.deployed and not u.destroyed, "figures": u.figures, "size": u.size,
             "broken": u.broken}
            for u in st.units
        ]


RULESET = Raiders()
