"""The Sword Marches (Metal Sword & Sorcery skirmish, play-test ashcan), ruleset
``sword-marches``.

Warband Musters (:mod:`.muster`), the Turn of Mettle, Orders and Action Phases
(:mod:`.rules.turn`), combat (:mod:`.rules.combat`) and terrain (:mod:`.rules.terrain`) on the
shared core; every Check is rolled by :mod:`.mechanics`, the module the odds engine
(:mod:`.odds`) computes exactly. The book's TABLES and Adventures are missing: the project's
house data lives in ``content/`` (docs/rulesets/sword-marches.md). Rule ids refer to
``shared/rules/sword_marches.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from warband.core.controller import Controller
from warband.core.events import Event
from warband.core.game import Game
from warband.core.ruleset import ProfileRow, Ruleset
from warband.rulesets.sword_marches.catalogue import DEFAULT_CONTENT, catalogue

__all__ = ["RULESET", "SwordMarches"]


class SwordMarches(Ruleset):
    name = "sword-marches"
    title = "The Sword Marches - Metal Sword & Sorcery Skirmish Wargames (Play Test Ashcan)"

    def load_list(self, path: Path) -> Any:
        from warband.rulesets.sword_marches.muster import load_muster

        return load_muster(path, catalogue())

    def list_warnings(self, warband: Any) -> list[str]:
        return list(warband.warnings())

    def sample_lists(self) -> Sequence[Path]:
        folder = DEFAULT_CONTENT / "musters"
        return [folder / "ashen-company.yaml", folder / "greyrun-wardens.yaml",
                folder / "hollow-court.yaml", folder / "tideport-blades.yaml"]

    def profiles(self) -> list[ProfileRow]:
        """The Gear and Traits a Muster may buy (house weapon profiles, book prices), then the
        bundled Musters' models with their pre-game calculations (sm.muster.base_attacks,
        sm.muster.base_damage, sm.muster.armor_rating)."""
        from warband.rulesets.sword_marches.muster import load_muster

        cat = catalogue()
        rows: list[ProfileRow] = []
        for w in cat.weapons.values():
            rows.append({"id": w.id, "name": w.name, "kind": "weapon",
                         "profile": f"{w.range if w.range else w.reach}/"
                                    f"{w.rof if w.rof else 'C'}/{w.dmg}",
                         "cost": w.cost, "traits": [t.value for t in w.traits],
                         "source": "house profile, book price"})
        for a in cat.armour.values():
            rows.append({"id": a.id, "name": a.name, "kind": a.kind, "ARM": a.arm,
                         "cost": a.cost, "traits": [t.value for t in a.traits],
                         "source": "house ARM, book price"})
        for t in cat.traits.values():
            rows.append({"id": t.id, "name": t.name, "kind": f"{t.category} trait",
                         "cost": t.cost, "stackable": t.stackable, "rule": t.rule,
                         "source": t.cost_source})
        for path in self.sample_lists():
            mu = load_muster(path, cat)
            for f in mu.fighters:
                row = f.profile_row()
                rows.append({"id": f"{path.stem}:{f.name}", **{k: v for k, v in row.items()
                                                               if k != "DMG"},
                             "DMG": [f"{k} {v}" for k, v in row["DMG"].items()]})
        return rows

    def schemas(self) -> dict[str, dict[str, Any]]:
        from warband.rulesets.sword_marches import models as m

        return {
            "sword-marches-muster.schema.json": m.MusterModel.model_json_schema(),
            "sword-marches-gear.schema.json": m.GearFile.model_json_schema(),
            "sword-marches-traits.schema.json": m.TraitsFile.model_json_schema(),
            "sword-marches-tables.schema.json": m.TablesFile.model_json_schema(),
            "sword-marches-adventure.schema.json": m.AdventureModel.model_json_schema(),
        }

    def content_hash(self) -> str:
        return catalogue().digest

    def new_game(
        self, lists: Sequence[Any], seed: int, options: Mapping[str, Any] | None = None,
        track_digest: bool = False, log_events: bool = True,
    ) -> Game:
        from warband.rulesets.sword_marches.game import new_game

        return new_game(catalogue(), lists, seed, options, track_digest, log_events)

    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        from warband.rulesets.sword_marches.muster import parse_muster

        cat = catalogue()
        self.check_content_hash(header)
        lists = [parse_muster(data, f"record list {i + 1}", cat)
                 for i, data in enumerate(header["lists"])]
        return self.new_game(lists, int(header["seed"]), header.get("options"), track_digest)

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.sword_marches.ai import HeuristicController

        return {"heuristic": HeuristicController, "random": RandomController}

    def narrate(self, event: Event) -> str | None:
        from warband.rulesets.sword_marches.narrate import narrate

        return narrate(event)

    def describe_choice(self, view: Any, choice: Any) -> str:
        from warband.rulesets.sword_marches.narrate import describe_choice

        return describe_choice(view, choice)

    def describe_view(self, view: Any, player: int) -> list[str]:
        from warband.rulesets.sword_marches.narrate import describe_view

        return describe_view(view, player)

    def free_form_choice(self, decision: Any, template: Any, x: float, y: float) -> Any:
        from warband.rulesets.sword_marches.choices import MOVES, Act

        if isinstance(template, Act) and template.action in MOVES:
            return Act(template.uid, template.action, -1, round(x, 2), round(y, 2))
        return None

    def character_stats(self, game: Game) -> list[dict[str, Any]]:
        st: Any = game.state
        return [
            {"side": st.side_labels[m.side], "profile": m.f.type.value, "name": m.name,
             "damage_dealt": m.shocks_dealt + m.wounds_dealt, "knock_outs": m.wounds_dealt,
             "survived": m.on_table}
            for m in st.models
        ]

    def option_names(self) -> Sequence[str]:
        from warband.rulesets.sword_marches.state import Options

        return Options.names()


RULESET = SwordMarches()
