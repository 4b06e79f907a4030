"""ArcWorlde 2.2 (Warp Miniatures): the first ruleset.

Rule ids refer to ``../shared/rules/arcworlde.yaml``. The plug-in is built on
:class:`warband.kit.ruleset.KitRuleset`: it finds this package's ``catalogue``, ``lists``,
``models``, ``game``, ``narrate`` and ``describe`` modules by convention.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from warband.core.controller import Controller
from warband.kit.ruleset import KitRuleset

__all__ = ["RULESET", "ArcWorlde"]


class ArcWorlde(KitRuleset):
    """Skirmishes of a few Characters each: open information, alternating Activations spending
    AP, objectives and Knock Outs for Victory Points over five Rounds."""

    name = "arcworlde"
    title = "ArcWorlde - The Fantasy Miniatures Game, Edition 2.2"
    sample_list_names = ("sheriffs-posse.yaml", "ironjaw-mob.yaml")
    default_scenario = "glade-skirmish"
    #: two players, or three or four (arcworlde.round.initiative: every player rolls; sides
    #: C and D deploy along the west and east edges)
    max_sides = 4

    def random_list(self, game_value: int, seed: int, faction: str | None = None
                    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        from warband.rulesets.arcworlde.catalogue import catalogue
        from warband.rulesets.arcworlde.lists import parse_list
        from warband.rulesets.arcworlde.rogue_list import rogue_list

        cat = catalogue()
        data, rolls = rogue_list(cat, game_value, seed, faction)
        parse_list(data, "generated Rogue Warband", cat)  # a generated list is a valid list
        return data, rolls

    def schema_models(self) -> Mapping[str, Any]:
        """The content and list models, with the Spell and Narrative Feat files (their models
        live beside the rules that play them)."""
        from warband.rulesets.arcworlde.rules.narrative import NarrativeFeatsFile
        from warband.rulesets.arcworlde.spells import SpellsFile

        return {**super().schema_models(), "spells": SpellsFile, "narrative-feats": NarrativeFeatsFile}

    def controllers(self) -> Mapping[str, Callable[[], Controller]]:
        from warband.ai.random_ai import RandomController
        from warband.rulesets.arcworlde.ai.heuristic import (
            FullHeuristicController,
            HeuristicController,
            S9HeuristicController,
        )
        from warband.rulesets.arcworlde.ai.rogue import RogueController

        return {"heuristic": HeuristicController, "heuristic-s9": S9HeuristicController,
                "heuristic-full": FullHeuristicController,
                "rogue": RogueController, "random": RandomController}

    def free_form_choice(self, decision: Any, template: Any, x: float, y: float) -> Any:
        from warband.rulesets.arcworlde.choices import Move, Place

        if isinstance(template, Place):
            return Place(template.uid, x, y)  # deploy this Character at the typed point
        return Move(x, y, "typed") if isinstance(template, Move) else None

    def choice_group(self, view: Any, choice: Any) -> str | None:
        from warband.rulesets.arcworlde.choices import Place

        return f"place {view.chars[choice.uid].name}" if isinstance(choice, Place) else None


RULESET = ArcWorlde()
