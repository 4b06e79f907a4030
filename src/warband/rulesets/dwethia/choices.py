"""The choices a Dwethia Heroes player makes, as small frozen dataclasses the record stores.

Plain values are used where they say enough: an ``int`` for a number of points to bid or dice to
re-roll, a ``bool`` for a yes/no, a ``str`` for an objective id; a model is a :class:`Pick`.
"""

from __future__ import annotations

from warband.kit.choices import ChoiceSet, choice

__all__ = ["CODEC", "NOBODY", "Cast", "Fight", "Fire", "GroupRetreat", "Hold", "Move", "Pick",
           "Place", "Retreat", "Shoot"]

CODEC = ChoiceSet()


@choice(CODEC)
class Pick:
    """A model chosen by its number (the hero to activate, the model that resists or takes a
    shot, the friend to reposition); ``uid`` -1 chooses nobody."""

    uid: int


NOBODY = Pick(-1)


@choice(CODEC)
class Place:
    """An objective marker's space (dwethia.setup.objective_markers)."""

    x: int
    y: int


@choice(CODEC)
class Move:
    """Where the active hero ends its move and how it moves (dwethia.phase.movement):
    ``normal``, ``defensive`` (shield, half move) or ``stealth`` (cloak, half move)."""

    x: int
    y: int
    mode: str = "normal"


@choice(CODEC)
class Shoot:
    """Fire one ranged weapon at a target (dwethia.phase.shoot)."""

    weapon: str
    target: int


@choice(CODEC)
class Cast:
    """Activate an Affinity power on a target (dwethia.magic.affinity_powers)."""

    power: str
    target: int


@choice(CODEC)
class Hold:
    """Do nothing in this phase."""


@choice(CODEC)
class Fight:
    """Close combat option Fight against a target in reach (dwethia.melee.activation_choices)."""

    target: int


@choice(CODEC)
class Fire:
    """Close combat option Fire Ranged Weapons at -3 Perception (dwethia.melee.fire_in_combat)."""

    weapon: str
    target: int


@choice(CODEC)
class Retreat:
    """Close combat option Retreat, or a retreat after combat, to a space (x, y)
    (dwethia.melee.retreat_option, dwethia.melee.post_combat_retreat)."""

    x: int
    y: int


@choice(CODEC)
class GroupRetreat:
    """A coherent group retreating after combat as one block: every model moves by the same
    ``dx``, ``dy`` spaces (dwethia.melee.post_combat_retreat)."""

    dx: int
    dy: int
