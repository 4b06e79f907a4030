"""Same seed, same game: the event digests of a few seeded AI games, pinned.

The digests were recorded before the ruleset kit was introduced and are unchanged by it: moving
plumbing must never change a game. A change of the rules themselves (a rules fix) changes them
on purpose: re-pin with ``python tests/kit/test_pinned_games.py`` and say so in the commit.
Re-pinned after the review's rules fixes (issue 9, section 2: ArcWorlde Activations end when
the AP are spent, Cover inside a wood, the heuristic moving before a Shot that spends its
last AP; Raiders reachable Move/Run menus, no overlapping formations).
Dwethia Heroes pinned on its finished rules (issue 11), before its heuristic's speed work.

The pins are digests of the event stream alone (a record's digest also covers the header and
the decisions since record format 2; the events are what the rules decide).
"""

from __future__ import annotations

import pytest

from warband.core import registry
from warband.core.controller import play
from warband.core.events import EventDigest

PINNED = {
    ('arcworlde', 'heuristic', 0): '09041eca45f0f9ce',
    ('arcworlde', 'heuristic', 1): '3dcb03fff776caee',
    ('arcworlde', 'random', 0): 'a2865340709b93f5',
    ('arcworlde', 'random', 1): '0bf3dd63ea2b5078',
    ('dwethia', 'heuristic', 0): '62507224ff39082a',
    ('dwethia', 'heuristic', 1): '051ca87a42e50157',
    ('raiders', 'heuristic', 0): '4a79d69182f008e4',
    ('raiders', 'random', 0): '07164381e72a0a35',
    ('raiders', 'random', 1): '696e7d1e196843aa',
}


def digest_of(ruleset: str, ai: str, seed: int) -> str:
    """The event digest of a game between the ruleset's two sample lists, both sides ``ai``."""
    rs = registry.get(ruleset)
    paths = list(rs.sample_lists())
    game = rs.new_game([rs.load_list(paths[0]), rs.load_list(paths[1])], seed,
                       track_digest=True)
    factory = rs.controllers()[ai]
    play(game, {0: factory(), 1: factory()}, seed)
    events = EventDigest()
    events.update(game.events)
    return events.hexdigest()


@pytest.mark.parametrize(("ruleset", "ai", "seed"), sorted(PINNED))
def test_seeded_games_are_unchanged(ruleset: str, ai: str, seed: int) -> None:
    assert digest_of(ruleset, ai, seed) == PINNED[(ruleset, ai, seed)]


if __name__ == "__main__":
    for key in sorted(PINNED):
        print(f"    {key!r}: {digest_of(*key)!r},")
