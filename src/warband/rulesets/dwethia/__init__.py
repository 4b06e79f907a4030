"""Dwethia Heroes: arena battles of a few heroes a side on a tall, cluttered grid of spaces,
Move / Shoot / Close Combat activations, Destiny re-rolls, Faith against Affinity bidding and
five sealed secret objectives. Rule ids refer to ``shared/rules/dwethia.yaml``; the dice
mechanics (:mod:`.mechanics`) are shared with the odds engine (:mod:`.odds`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from warband.core.controller import Controller
from warband.core.events import Event
from warband.core.game import Game
from warband.core.ruleset import ProfileRow, Ruleset
from warband.rulesets.dwethia.catalogue import DEFAULT_CONTENT, catalogue

__all__ = ["RULESET", "Dwethia"]


class Dwethia(Ruleset):
    name = "dwethia"
    title = "Dwethia Heroes - arena combat"

    def load_list(self, path: Path) -> Any:
        from warband.rulesets.dwethia.lists import load_force

        return load_force(path, catalogue())

    def list_warnings(self, warband: Any) -> list[str]:
        return list(warband.warnings())

    def sample_lists(self) -> Sequence[Path]:
        folder = DEFAULT_CONTENT / "lists"
        return [folder / n for n in ("sol-vanguard.yaml", "void-reavers.yaml",
                                     "sol-marksmen.yaml", "void-pack.yaml")]

    def profiles(self) -> list[ProfileRow]:
        from warband.rulesets.dwethia.lists import load_force

        cat = catalogue()
        rows: list[ProfileRow] = []
        for path in self.sample_lists():
            force = load_force(path, cat)
            for p in force.models:
                rows.append({"id": f"{path.stem}/{p.name}", "name": p.name, "race": p.race,
                             "class": p.cls, "type": p.type.value, "base": f"{p.base_mm}mm",
                             **{k[:3]: v for k, v in p.stats.items()},
                             "save": f"{p.save}+" if p.save else "-", "cost": p.cost,
                             "source": "house"})
        return rows

    def schemas(self) -> dict[str, dict[str, Any]]:
        from warband.rulesets.dwethia import models as m

        return {"dwethia-force.schema.json": m.ForceModel.model_json_schema(),
                "dwethia-races.schema.json": m.RacesFile.model_json_schema(),
                "dwethia-classes.schema.json": m.ClassesFile.model_json_schema(),
                "dwethia-factions.schema.json": m.FactionsFile.model_json_schema(),
                "dwethia-wargear.schema.json": m.WargearFile.model_json_schema(),
                "dwethia-powers.schema.json": m.PowersFile.model_json_schema(),
                "dwethia-terrain.schema.json": m.TerrainFile.model_json_schema(),
                "dwethia-arena.schema.json": m.ArenaModel.model_json_schema()}

    def content_hash(self) -> str:
        return catalogue().digest

    def new_game(self, lists: Sequence[Any], seed: int, options: Mapping[str, Any] | None = None,
                 track_digest: bool = False, log_events: bool = True) -> Game:
        from warband.rulesets.dwethia.game import new_game

        return new_game(catalogue(), lists, seed, options, track_digest, log_events)

    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        from warband.rulesets.dwethia.lists import parse_force

        cat = catalogue()
        self.check_content_hash(header)
        lists = [parse_force(data, f"record list {i + 1}", cat)
                 for i, data in enumerate(header["lists"])]
        return self.new_game(lists, int(header["seed"]), header.get("options"), track_digest)

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.dwethia.ai import HeuristicController

        return {"heuristic": HeuristicController, "random": RandomController}

    def narrate(self, event: Event) -> str | None:
        from warband.rulesets.dwethia.narrate import narrate

        return narrate(event)

    def describe_choice(self, view: Any, choice: Any) -> str:
        from warband.rulesets.dwethia.narrate import describe_choice

        return describe_choice(view, choice)

    def describe_view(self, view: Any, player: int) -> list[str]:
        from warband.rulesets.dwethia.narrate import describe_view

        return describe_view(view, player)

    def character_stats(self, game: Game) -> list[dict[str, Any]]:
        st: Any = game.state
        return [{"side": st.side_labels[h.side], "profile": h.profile.cls, "name": h.name,
                 "damage_dealt": h.damage_dealt, "knock_outs": len(h.kills),
                 "survived": not h.slain} for h in st.heroes]

    def option_names(self) -> Sequence[str]:
        from warband.rulesets.dwethia.state import Options

        return Options.names()


RULESET = Dwethia()
