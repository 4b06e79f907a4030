"""Raiders of Arcana (Battlezone Miniatures playtest rules, December 2015).

Units of several figures around a leader, one action at a time with simultaneous reactions,
combat dice split in secret, fatigue. Rule ids refer to ``../shared/rules/raiders.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from warband.core.board import BoardView
from warband.core.controller import Controller
from warband.core.events import Event
from warband.core.game import Game
from warband.core.ruleset import ProfileRow, Ruleset
from warband.rulesets.raiders.catalogue import DEFAULT_CONTENT, catalogue

__all__ = ["RULESET", "Raiders"]


class Raiders(Ruleset):
    name = "raiders"
    title = "Raiders of Arcana - Playtest Rules (December 2015)"

    def load_list(self, path: Path) -> Any:
        from warband.rulesets.raiders.lists import load_list

        return load_list(path, catalogue(), self.name)

    def list_warnings(self, warband: Any) -> list[str]:
        return list(warband.warnings())

    def sample_lists(self) -> Sequence[Path]:
        folder = DEFAULT_CONTENT / "lists"
        return [folder / "border-raiders.yaml", folder / "ashen-warband.yaml"]

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

    def schemas(self) -> dict[str, dict[str, Any]]:
        from warband.rulesets.raiders import models as m

        return {
            "raiders-list.schema.json": m.WarbandListModel.model_json_schema(),
            "raiders-profiles.schema.json": m.ProfilesFile.model_json_schema(),
            "raiders-costs.schema.json": m.CostsFile.model_json_schema(),
            "raiders-abilities.schema.json": m.AbilitiesFile.model_json_schema(),
            "raiders-spells.schema.json": m.SpellsFile.model_json_schema(),
            "raiders-sizes.schema.json": m.SizesFile.model_json_schema(),
            "raiders-unit-types.schema.json": m.UnitTypesFile.model_json_schema(),
            "raiders-cultures.schema.json": m.CulturesFile.model_json_schema(),
            "raiders-scenario.schema.json": m.ScenarioModel.model_json_schema(),
        }

    def content_hash(self) -> str:
        return catalogue().digest

    def new_game(
        self, lists: Sequence[Any], seed: int, options: Mapping[str, Any] | None = None,
        track_digest: bool = False, log_events: bool = True,
    ) -> Game:
        from warband.rulesets.raiders.game import new_game

        return new_game(catalogue(), lists, seed, options, track_digest, log_events)

    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        from warband.rulesets.raiders.lists import parse_list

        cat = catalogue()
        self.check_content_hash(header)
        lists = [parse_list(data, f"record list {i + 1}", cat)
                 for i, data in enumerate(header["lists"])]
        return self.new_game(lists, int(header["seed"]), header.get("options"), track_digest)

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.raiders.ai.heuristic import HeuristicController

        return {"heuristic": HeuristicController, "random": RandomController}

    def board_view(self, game_or_state: Any, player: int | None,
                   since: int | None = None) -> BoardView:
        from warband.rulesets.raiders.board import board_view

        return board_view(game_or_state, player, since)

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

    def option_names(self) -> Sequence[str]:
        from warband.rulesets.raiders.state import Options

        return Options.names()


RULESET = Raiders()
