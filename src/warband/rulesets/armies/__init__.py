"""Armies of Arcana: mass battles of rank-and-file blocks, skirmishers, characters, monsters,
wizards and war machines, from the two-page reference sheet (the only source) and documented
house rules and data (docs/rulesets/armies.md). Rule ids refer to
``shared/rules/armies.yaml``. The dice mechanics (:mod:`.mechanics`) serve both the game and
``warband odds armies``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from warband.core.controller import Controller
from warband.core.events import Event
from warband.core.game import Game
from warband.core.ruleset import ProfileRow, Ruleset
from warband.rulesets.armies.catalogue import DEFAULT_CONTENT, catalogue

__all__ = ["RULESET", "Armies"]


class Armies(Ruleset):
    name = "armies"
    title = "Armies of Arcana - Reference Sheet (with house rules)"

    def load_list(self, path: Path) -> Any:
        from warband.rulesets.armies.lists import load_list

        return load_list(path, catalogue())

    def list_warnings(self, warband: Any) -> list[str]:
        return list(warband.warnings())

    def sample_lists(self) -> Sequence[Path]:
        folder = DEFAULT_CONTENT / "lists"
        return [folder / "aldmark-host.yaml", folder / "ashen-horde.yaml"]

    def profiles(self) -> list[ProfileRow]:
        rows: list[ProfileRow] = []
        for p in sorted(catalogue().profiles.values(), key=lambda p: (p.army, p.id)):
            rows.append({
                "id": p.id, "name": p.name, "army": p.army, "kind": p.kind.value,
                "Mv": p.move, "Sk": p.skill, "MSk": p.shooting_skill, "A": p.attacks,
                "W": p.wounds, "Arm": p.armour, "Str": p.strength, "Mor": p.morale,
                "base": p.base, "formation": p.formation,
                "traits": sorted(t.value for t in p.traits)
                + ([f"{p.missile.name} {p.missile.range:g}\""] if p.missile else [])
                + ([f"caster {p.caster.level}"] if p.caster else []),
                "cost": p.cost, "source": p.source,
            })
        return rows

    def schemas(self) -> dict[str, dict[str, Any]]:
        from warband.rulesets.armies import models as m

        return {
            "armies-list.schema.json": m.ArmyListModel.model_json_schema(),
            "armies-profiles.schema.json": m.ProfilesFile.model_json_schema(),
            "armies-spells.schema.json": m.SpellsFile.model_json_schema(),
            "armies-scenario.schema.json": m.ScenarioModel.model_json_schema(),
        }

    def content_hash(self) -> str:
        return catalogue().digest

    def new_game(self, lists: Sequence[Any], seed: int, options: Mapping[str, Any] | None = None,
                 track_digest: bool = False, log_events: bool = True) -> Game:
        from warband.rulesets.armies.game import new_game

        return new_game(catalogue(), lists, seed, options, track_digest, log_events)

    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        from warband.rulesets.armies.lists import parse_list

        cat = catalogue()
        self.check_content_hash(header)
        lists = [parse_list(data, f"record list {i + 1}", cat)
                 for i, data in enumerate(header["lists"])]
        return self.new_game(lists, int(header["seed"]), header.get("options"), track_digest)

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.armies.ai.heuristic import HeuristicController

        return {"heuristic": HeuristicController, "random": RandomController}

    def narrate(self, event: Event) -> str | None:
        from warband.rulesets.armies.narrate import narrate

        return narrate(event)

    def describe_choice(self, view: Any, choice: Any) -> str:
        from warband.rulesets.armies.narrate import describe_choice

        return describe_choice(view, choice)

    def describe_view(self, view: Any, player: int) -> list[str]:
        from warband.rulesets.armies.narrate import describe_view

        return describe_view(view, player)

    def character_stats(self, game: Game) -> list[dict[str, Any]]:
        st: Any = game.state
        return [{"side": st.side_labels[u.side], "profile": u.profile.id, "name": u.name,
                 "damage_dealt": u.wounds_dealt, "knock_outs": u.models_killed,
                 "survived": u.on_table, "broken": u.broken} for u in st.units]

    def option_names(self) -> Sequence[str]:
        from warband.rulesets.armies.state import Options

        return Options.names()


RULESET = Armies()
