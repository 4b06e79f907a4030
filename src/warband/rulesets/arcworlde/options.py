"""ArcWorlde game options: switchable readings of ambiguous rules (each documented next to its
rule in ``docs/rulesets/arcworlde.md``), checked at the edge by :mod:`warband.kit.options`.

Kept free of heavy imports: the plug-in class reads it when the registry lists the rulesets.
"""

from __future__ import annotations

from dataclasses import dataclass

from warband.kit.options import Option

__all__ = ["OPTIONS", "Options"]


@dataclass(slots=True)
class Options:
    """Switchable readings of ambiguous rules (documented next to each rule)."""

    rounds: int = 5
    #: arcworlde.combat.disengage ("moves as normal"): False (default) - a successful Disengage
    #: is followed at once by the Character's free movement, so it can only Disengage while
    #: that is unused; True - it always earns a move of up to its Movement, even after the
    #: free movement was used
    disengage_extra_move: bool = False
    #: arcworlde.setup.sequence: deployment zone depth in inches (scenario default if None)
    deployment_depth: float | None = None
    #: arcworlde.arcdeck.deck: "shared" (default) - one ArcDeck for the table; "own" - each
    #: player draws from an ArcDeck of their own
    arcdeck: str = "shared"
    #: arcworlde.feat.narrative_leg_it: False (default, the yaml) - a Narrative dash's Leg It
    #: is rolled only when the Feat succeeds; True - it is rolled whatever the Feat's result
    narrative_leg_it_always: bool = False
    #: arcworlde.environment.optional: "none" (default) or "mildaark" (rules/forest.py)
    environment: str = "none"
    #: arcworlde.feat.narrative: offer the house menu of Narrative Feats in every Activation
    #: (off by default: they are agreed between players, and an AI that tries every option
    #: would otherwise propose them all the time)
    narrative_feats: bool = False
    #: arcworlde.solo.delayed_arrival: "none" (default), or the side ("a".."d") of a Rogue
    #: Warband that arrives on a 4+ rolled at the start of each Round
    delayed_arrival: str = "none"
    #: arcworlde.solo.overview: the side(s) played as Rogue Warbands by the dice ("none", or
    #: "a".."d", "cd"); `warband battle --players 3` sets it for the Rogue Warband it
    #: generates. A Rogue side keeps its Commander in the Joker's Round and takes no other
    #: side's (arcworlde.environment.mildaark.card_joker), and agrees no Narrative Feat
    rogue: str = "none"


#: the options a player may set (``--option``), checked by the kit (arcworlde.setup.sequence,
#: arcworlde.round.game_length, arcworlde.combat.disengage)
OPTIONS = (
    Option.whole("rounds", 1, 50, "Rounds to play (default: the scenario's)"),
    Option.flag("disengage_extra_move",
                "a successful Disengage always earns a move (arcworlde.combat.disengage)"),
    Option.number("deployment_depth", 1, 24, "deployment zone depth (default: the scenario's)",
                  unit="inches"),
    Option.one_of("arcdeck", ("shared", "own"),
                  "one ArcDeck for the table, or one per player (arcworlde.arcdeck.deck)"),
    Option.flag("narrative_feats",
                "offer the house menu of Narrative Feats (arcworlde.feat.narrative)"),
    Option.flag("narrative_leg_it_always",
                "a Narrative dash's Leg It is rolled even when the Feat fails"
                " (arcworlde.feat.narrative_leg_it)"),
    Option.one_of("delayed_arrival", ("none", "a", "b", "c", "d"),
                  "the Rogue side that arrives later, on a 4+ each Round"
                  " (arcworlde.solo.delayed_arrival)"),
    Option.one_of("rogue", ("none", "a", "b", "c", "d", "cd"),
                  "the side(s) played as Rogue Warbands (arcworlde.solo.overview)"),
    Option.one_of("environment", ("none", "mildaark"),
                  "play in the Mildaark Forest (arcworlde.environment.optional)"),
)
