"""Same seed, same game: the event digests of a few hundred seeded AI games per ruleset, pinned.

Every registered ruleset plays its two first sample lists against each other, both sides the
same AI, seeds ``0..n-1``, with the event log on (as the board and records play). The digest of
each game's event stream (every die rolled, every rule applied: :class:`EventDigest` over the
events alone) must equal the one stored in ``pinned_digests.json`` beside this file.

Speed work (caches, lazier option lists, faster geometry) must never change a game: these pins
are how we know it did not. A change of the rules themselves, or an AI change that is meant
(and measured), changes them on purpose. Re-pin with one command and say so in the commit:

    python tests/kit/test_pinned_games.py --repin            # every ruleset in PLAN
    python tests/kit/test_pinned_games.py --repin raiders    # one ruleset

``--check`` (the default without arguments) prints which seeds differ, per ruleset and AI.

The plan keeps the whole test to about a minute on one core: random games are cheap, so most
pins are random games, which reach every rule the menus offer; a smaller number of heuristic
games per ruleset covers what the AIs choose (Charges, spells, Breaks...) and their own code.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from warband.core import registry
from warband.core.controller import play
from warband.core.events import EventDigest

PINS = Path(__file__).with_name("pinned_digests.json")

#: games per (ruleset, AI): seeds 0..n-1. Sized by the cost of a game with the log on
#: (docs/performance.md, "Pinned games"); every built-in ruleset must be here.
PLAN: dict[str, dict[str, int]] = {
    # heuristic-full: the AIs that were ``heuristic`` before issue 16's meant AI changes; their
    # pins are the games those AIs played, so the old AI stays selectable and plays them still;
    # heuristic-s9: ArcWorlde's ``heuristic`` before session 10 re-weighed it (its pins are
    # that AI's, as ebe8d22 pinned them)
    "arcworlde": {"random": 150, "heuristic": 40, "heuristic-full": 40, "heuristic-s9": 40},
    "armies": {"random": 150, "heuristic": 60},
    "dwethia": {"random": 150, "heuristic": 30},
    "raiders": {"random": 150, "heuristic": 40, "heuristic-full": 10},
    "sword-marches": {"random": 150, "heuristic": 30, "heuristic-full": 30},
}


def digests(ruleset: str, ai: str, games: int) -> list[str]:
    """The event digests of games ``0..games-1`` between the ruleset's two first sample lists,
    both sides played by ``ai``."""
    rs = registry.get(ruleset)
    paths = list(rs.sample_lists())
    lists = [rs.load_list(paths[0]), rs.load_list(paths[1 % len(paths)])]
    factory = rs.controllers()[ai]
    out = []
    for seed in range(games):
        game = rs.new_game(lists, seed)
        play(game, {0: factory(), 1: factory()}, seed)
        events = EventDigest()
        events.update(game.events)
        out.append(events.hexdigest())
    return out


def load_pins() -> dict[str, dict[str, list[str]]]:
    pins: dict[str, dict[str, list[str]]] = json.loads(PINS.read_text())
    return pins


def changed_seeds(ruleset: str, ai: str) -> list[int]:
    """The seeds whose game no longer has its pinned digest."""
    pinned = load_pins().get(ruleset, {}).get(ai, [])
    now = digests(ruleset, ai, PLAN[ruleset][ai])
    return [seed for seed, d in enumerate(now) if seed >= len(pinned) or pinned[seed] != d]


CASES = [(ruleset, ai) for ruleset in sorted(PLAN) for ai in sorted(PLAN[ruleset])]


@pytest.mark.parametrize(("ruleset", "ai"), CASES)
def test_seeded_games_are_unchanged(ruleset: str, ai: str) -> None:
    """Replay determinism (architecture: "same seed and decisions replay a game bit for bit"):
    the seeded games of the plan give exactly their pinned event digests."""
    changed = changed_seeds(ruleset, ai)
    assert not changed, (
        f"{ruleset} / {ai}: {len(changed)} of {PLAN[ruleset][ai]} seeded games changed "
        f"(seeds {changed[:20]}...). If the rules changed on purpose, re-pin: "
        f"python tests/kit/test_pinned_games.py --repin {ruleset}")


def test_every_builtin_ruleset_is_pinned() -> None:
    """Every registered ruleset has seeded games in the plan, and their pins are stored."""
    pins = load_pins()
    for name in registry.available():
        assert name in PLAN, f"add {name} to PLAN in {__file__} and re-pin"
        assert set(pins.get(name, {})) == set(PLAN[name]), f"re-pin {name}"
        for ai, games in PLAN[name].items():
            assert len(pins[name][ai]) == games, f"re-pin {name} / {ai}"


def repin(rulesets: list[str]) -> None:
    pins = load_pins() if PINS.exists() else {}
    for name in rulesets or sorted(PLAN):
        pins[name] = {ai: digests(name, ai, games) for ai, games in sorted(PLAN[name].items())}
        print(f"pinned {name}: " + ", ".join(f"{games} {ai}" for ai, games in
                                             sorted(PLAN[name].items())))
    PINS.write_text(json.dumps(dict(sorted(pins.items())), indent=1) + "\n")


def check() -> int:
    bad = 0
    for ruleset, ai in CASES:
        changed = changed_seeds(ruleset, ai)
        bad += len(changed)
        print(f"{ruleset:>14} {ai:>10}: {PLAN[ruleset][ai] - len(changed)} of "
              f"{PLAN[ruleset][ai]} unchanged" + (f"; changed seeds {changed}" if changed else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--repin"]:
        repin(sys.argv[2:])
    else:
        sys.exit(check())
