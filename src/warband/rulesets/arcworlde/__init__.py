"""ArcWorlde 2.2 (Warp Miniatures): the first ruleset.

Rule ids refer to ``../shared/rules/arcworlde.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from warband.core.controller import Controller
from warband.core.events import Event
from warband.core.game import Game
from warband.core.ruleset import ProfileRow, Ruleset

__all__ = ["RULESET", "ArcWorlde"]


class ArcWorlde(Ruleset):
    name = "arcworlde"
    title = "ArcWorlde - The Fantasy Miniatures Game, Edition 2.2"

    def load_list(self, path: Path) -> Any:
        from warband.rulesets.arcworlde.catalogue import catalogue
        from warband.rulesets.arcworlde.lists import load_list

        return load_list(path, catalogue(), self.name)

    def list_warnings(self, warband: Any) -> list[str]:
        return list(warband.warnings())

    def sample_lists(self) -> Sequence[Path]:
        from warband.rulesets.arcworlde.catalogue import DEFAULT_CONTENT

        folder = DEFAULT_CONTENT / "lists"
        return [folder / "sheriffs-posse.yaml", folder / "ironjaw-mob.yaml"]

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

    def schemas(self) -> dict[str, dict[str, Any]]:
        from warband.rulesets.arcworlde import models as m

        return {
            "arcworlde-list.schema.json": m.WarbandListModel.model_json_schema(),
            "arcworlde-profiles.schema.json": m.ProfilesFile.model_json_schema(),
            "arcworlde-equipment.schema.json": m.EquipmentFile.model_json_schema(),
            "arcworlde-traits.schema.json": m.TraitsFile.model_json_schema(),
            "arcworlde-factions.schema.json": m.FactionsFile.model_json_schema(),
            "arcworlde-scenario.schema.json": m.ScenarioModel.model_json_schema(),
        }

    def content_hash(self) -> str:
        from warband.rulesets.arcworlde.catalogue import catalogue

        return catalogue().digest

    def new_game(
        self, lists: Sequence[Any], seed: int, options: Mapping[str, Any] | None = None,
        track_digest: bool = False, log_events: bool = True,
    ) -> Game:
        from warband.rulesets.arcworlde.catalogue import catalogue
        from warband.rulesets.arcworlde.game import new_game

        return new_game(catalogue(), lists, seed, options, track_digest, log_events)

    def game_from_header(self, header: Mapping[str, Any], track_digest: bool = True) -> Game:
        from warband.rulesets.arcworlde.catalogue import catalogue
        from warband.rulesets.arcworlde.lists import parse_list

        cat = catalogue()
        self.check_content_hash(header)
        lists = [parse_list(data, f"record list {i + 1}", cat) for i, data in enumerate(header["lists"])]
        return self.new_game(lists, int(header["seed"]), header.get("options"), track_digest)

    def random_list(self, game_value: int, seed: int, faction: str | None = None
                    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        from warband.rulesets.arcworlde.catalogue import catalogue
        from warband.rulesets.arcworlde.lists import parse_list
        from warband.rulesets.arcworlde.rogue_list import rogue_list

        cat = catalogue()
        data, rolls = rogue_list(cat, game_value, seed, faction)
        parse_list(data, "generated Rogue Warband", cat)  # a generated list is a valid list
        return data, rolls

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

    def option_names(self) -> Sequence[str]:
        from warband.rulesets.arcworlde.state import Options

        return Options.names()


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
