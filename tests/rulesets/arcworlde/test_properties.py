"""Property tests over whole seeded games (hypothesis): invariants hold after every decision.

* HP stays within 0..max (and 0HP means Knocked Out);
* AP is never negative (every action decision's ``info["ap"]``);
* no two bases on the table overlap, no model is off the table or inside impassable terrain;
* every game ends within the Rounds it was given;
* the record replays to the same events;
* every new base contact between enemies is announced by an ``engage`` event (so a move that
  ends in contact is never silently not a Charge, arcworlde.action.charge), when the game logs
  its events.

Games: random against random with the sample warbands and with generated warbands (any
profile, equipment, other factions), and heuristic against random on both sides. Hypothesis
runs derandomised (tests/conftest.py), so the same games are checked every run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warband.ai.random_ai import RandomController
from warband.core.controller import Controller, controller_rng
from warband.core.game import Game
from warband.core.geometry import edge_distance
from warband.core.record import read_record, replay, write_record
from warband.rulesets.arcworlde import RULESET
from warband.rulesets.arcworlde.catalogue import catalogue
from warband.rulesets.arcworlde.lists import Warband, parse_list
from warband.rulesets.arcworlde.state import ArcState

from .arena import Arena, box, terrain

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
MAX_DECISIONS = 20_000
_SAMPLES = [RULESET.load_list(p) for p in RULESET.sample_lists()]


def check_state(state: ArcState) -> None:
    table = state.table
    on_table = []
    for c in state.chars:
        assert 0 <= c.hp <= c.max_hp, f"{c.name} has {c.hp}HP of {c.max_hp}"
        assert c.ko == (c.hp == 0) or not c.deployed, f"{c.name}: HP {c.hp} but ko={c.ko}"
        assert c.armour >= 0 and c.ap_penalty >= 0
        assert c.arcanite >= 0 and c.arcanite_bought >= 0, f"{c.name} has negative Arcanite"
        if c.aboard:  # a rider shares its Monstrous Mount's base
            mount = state.chars[c.mount_uid]
            assert (c.x, c.y, c.r) == (mount.x, mount.y, mount.r) or not c.on_table
            continue
        if c.on_table:
            assert table.on_table(c.x, c.y, c.r), f"{c.name} is off the table at {c.x, c.y}"
            assert not table.in_impassable(c.x, c.y, c.r), f"{c.name} stands in impassable terrain"
            on_table.append(c)
    for i, a in enumerate(on_table):
        for b in on_table[i + 1:]:
            gap = edge_distance(a.x, a.y, a.r, b.x, b.y, b.r)
            assert gap >= -1e-6, f"{a.name} and {b.name} overlap by {-gap:.4f} inches"


#: decisions that may be taken while a Spell's cards are face up (neither in the deck nor
#: discarded): its own, and a target's Arcanite re-roll against a damaging Spell
SPELL_DECISIONS = frozenset({"spell_draw", "spell_move", "summon_place", "arcanite_defence"})


def check_decks(game: Game) -> None:
    """Every ArcDeck keeps its 54 cards: draw pile + discards, plus the cards face up while a
    Spell is being resolved (arcworlde.arcdeck.deck)."""
    pending = game.pending()
    kind = getattr(pending, "kind", None)
    for deck in game.state.decks.values():  # type: ignore[attr-defined]
        held = len(deck.draw_pile) + len(deck.discards)
        if kind in SPELL_DECISIONS:
            assert 54 - 12 <= held <= 54
        else:
            assert held == 54, f"an ArcDeck holds {held} cards"


def enemy_contacts(state: ArcState) -> set[tuple[str, str]]:
    """Pairs of enemy Characters (by name, sorted) in base contact."""
    return {
        tuple(sorted((c.name, e.name)))  # type: ignore[misc]
        for c in state.chars if c.on_table for e in state.engaged_with(c)
    }


def check_contacts_announced(before: set[tuple[str, str]], state: ArcState, events: list[Any]) -> None:
    announced = {
        tuple(sorted((e.data["who"], other)))
        for e in events if e.kind == "engage" for other in e.data["enemies"]
    }
    silent = enemy_contacts(state) - before - announced
    assert not silent, f"base contact without an engage event: {sorted(silent)}"


def play_checked(game: Game, controllers: dict[int, Controller], seed: int) -> None:
    """Play to the end like :func:`warband.core.controller.play`, checking the invariants
    after every decision."""
    rngs = {p: controller_rng(seed, p) for p in controllers}
    state: Any = game.state
    check_state(state)
    logged = game.state.log.enabled  # type: ignore[attr-defined]
    for _ in range(MAX_DECISIONS):
        if game.pending() is None:
            break
        for player in game.waiting_for():
            decision = game.decision_for(player)
            assert decision is not None
            assert decision.options or decision.accepts is not None, f"{decision.kind}: no way out"
            if "ap" in decision.info:
                assert decision.info["ap"] >= 0, f"{decision.kind} with {decision.info['ap']} AP"
            choice = controllers[player].decide(game.view(player), decision, rngs[player])
            contacts, seen = (enemy_contacts(state), len(game.events)) if logged else (set(), 0)
            game.apply(player, choice)
            check_state(state)
            check_decks(game)
            if logged:
                check_contacts_announced(contacts, state, game.events[seen:])
    else:
        raise AssertionError(f"the game did not end within {MAX_DECISIONS} decisions")
    outcome = game.outcome()
    assert outcome is not None and game.over
    assert 1 <= outcome.rounds <= state.options.rounds
    assert outcome.winner is None or 0 <= outcome.winner < len(outcome.sides)
    assert len(outcome.vp) == len(outcome.sides) == len(controllers)
    if outcome.winner is not None:
        assert all(outcome.vp[outcome.winner] > v for p, v in enumerate(outcome.vp)
                   if p != outcome.winner)
    else:
        assert outcome.vp.count(max(outcome.vp)) >= 2


def assert_replays(game: Game, path: Path) -> None:
    write_record(game, path)
    again = replay(read_record(path), path)
    assert again.digest == game.digest
    assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]


# ---------------------------------------------------------------- generated warbands
@st.composite
def warbands(draw: st.DrawFn) -> Warband:
    """A valid warband: a Commander, then any profiles (other factions included: unruly) with
    any Equipment (at most one armour; weapons, shields) while the budget lasts."""
    cat = catalogue()
    profiles = sorted(cat.profiles.values(), key=lambda p: p.id)
    commanders = [p for p in profiles if p.commander]
    others = [p for p in profiles if not p.commander]
    armour = sorted(e.id for e in cat.equipment.values() if e.armour)
    extras = sorted(e.id for e in cat.equipment.values() if not e.armour)
    game_value = draw(st.sampled_from([200, 400, 600]))
    boss = draw(st.sampled_from(commanders))
    entries: list[dict[str, Any]] = [{"profile": boss.id}]
    budget = game_value - boss.cost
    for p in draw(st.lists(st.sampled_from(others), min_size=1, max_size=10)):
        gear = list(draw(st.sets(st.sampled_from(extras), max_size=2)))
        if not any(e.armour for e in p.equipment):
            gear += draw(st.lists(st.sampled_from(armour), max_size=1))
        if p.creature:
            gear = []
        cost = p.cost + sum(cat.equipment[e].cost for e in gear)
        if cost <= budget:
            budget -= cost
            entries.append({"profile": p.id, "equipment": sorted(gear)})
    data = {"ruleset": "arcworlde", "name": f"{boss.name}'s band", "game_value": game_value,
            "characters": entries}
    return parse_list(data, "generated", cat)


@settings(max_examples=100)
@given(seed=SEEDS, a=warbands(), b=warbands())
def test_random_games_with_generated_warbands_keep_invariants(
    seed: int, a: Warband, b: Warband
) -> None:
    """Invariants hold in random games between generated warbands (rule ids:
    arcworlde.combat.health_knock_out, arcworlde.activation.ap_and_actions,
    arcworlde.action.free_move, arcworlde.round.game_length)."""
    game = RULESET.new_game([a, b], seed, log_events=False)
    play_checked(game, {0: RandomController(), 1: RandomController()}, seed)


@settings(max_examples=120)
@given(seed=SEEDS, rounds=st.integers(min_value=1, max_value=6))
def test_random_games_with_sample_warbands_keep_invariants(seed: int, rounds: int) -> None:
    """Invariants hold in random games between the two sample warbands, any game length."""
    game = RULESET.new_game(_SAMPLES, seed, {"rounds": rounds}, log_events=False)
    play_checked(game, {0: RandomController(), 1: RandomController()}, seed)


@settings(max_examples=60)
@given(seed=SEEDS, heuristic_side=st.sampled_from([0, 1]))
def test_heuristic_against_random_keeps_invariants(seed: int, heuristic_side: int) -> None:
    """Invariants hold when the heuristic AI plays random on either side."""
    heuristic = RULESET.controllers()["heuristic"]
    controllers: dict[int, Controller] = {heuristic_side: heuristic(),
                                          1 - heuristic_side: RandomController()}
    game = RULESET.new_game(_SAMPLES, seed, log_events=False)
    play_checked(game, controllers, seed)


@settings(max_examples=25)
@given(seed=SEEDS)
def test_heuristic_games_announce_every_base_contact(seed: int) -> None:
    """In heuristic mirror games (which Leg It to Charge often) every move that ends in base
    contact with an enemy says so, and so counts as a Charge when it was a Leg It
    (arcworlde.action.charge, arcworlde.combat.engagement)."""
    heuristic = RULESET.controllers()["heuristic"]
    game = RULESET.new_game(_SAMPLES, seed)
    play_checked(game, {0: heuristic(), 1: heuristic()}, seed)


@settings(max_examples=30)
@given(seed=SEEDS, a=warbands(), b=warbands(), ai=st.sampled_from(["random", "heuristic", "rogue"]))
def test_games_replay_exactly(seed: int, a: Warband, b: Warband, ai: str, tmp_path_factory: Any) -> None:
    """A recorded game replays to the same event stream (same seed + same decisions)."""
    factory = RULESET.controllers()[ai]
    game = RULESET.new_game([a, b], seed, track_digest=True)
    play_checked(game, {0: factory(), 1: RandomController()}, seed)
    assert_replays(game, tmp_path_factory.mktemp("record") / "game.jsonl")


_MAGIC = [RULESET.load_list(Path(RULESET.sample_lists()[0]).with_name(n))
          for n in ("hedge-coven.yaml", "shaman-mob.yaml")]


@settings(max_examples=40)
@given(seed=SEEDS, ai=st.sampled_from(["random", "heuristic", "rogue"]),
       deck=st.sampled_from(["shared", "own"]), side=st.sampled_from([0, 1]),
       scenario=st.sampled_from(["glade-skirmish", "arcanite-hunt"]),
       env=st.sampled_from(["none", "mildaark"]), narrative=st.booleans())
def test_games_with_mages_keep_invariants_and_replay(
    seed: int, ai: str, deck: str, side: int, scenario: str, env: str, narrative: bool,
    tmp_path_factory: Any,
) -> None:
    """Games between the two Mage warbands (Spells, summoning, Overpowered HP loss, shared or
    own ArcDecks) keep the invariants (HP within 0..max, 54 cards per ArcDeck, the game
    ends, Arcanite never negative) and replay exactly, with or without the Mildaark Forest
    and the Narrative Feat menu (arcworlde.magic.casting, arcworlde.arcdeck.deck,
    arcworlde.arcanite.using, arcworlde.environment.mildaark.overview)."""
    factory = RULESET.controllers()[ai]
    game = RULESET.new_game(_MAGIC, seed, {"arcdeck": deck, "scenario": scenario,
                                           "environment": env, "narrative_feats": narrative},
                            track_digest=True)
    play_checked(game, {side: factory(), 1 - side: RandomController()}, seed)
    assert_replays(game, tmp_path_factory.mktemp("record") / "game.jsonl")


_CREATURES = [RULESET.load_list(Path(RULESET.sample_lists()[0]).with_name(n))
              for n in ("wild-hunt.yaml", "behemoth.yaml")]
_RIDERS = RULESET.load_list(Path(RULESET.sample_lists()[0]).with_name("boar-riders.yaml"))


@settings(max_examples=30)
@given(seed=SEEDS, ai=st.sampled_from(["random", "heuristic", "rogue"]),
       side=st.sampled_from([0, 1]), env=st.sampled_from(["none", "mildaark"]))
def test_games_with_creatures_keep_invariants_and_replay(
    seed: int, ai: str, side: int, env: str, tmp_path_factory: Any
) -> None:
    """Creature warbands (Gobble, Dwindling Strength, Fearsome, Pack Hunter, Split Activation,
    Death Throes; a Titan; bought Arcanite; Monstrous Mounts with riders) keep the invariants
    and replay exactly
    (arcworlde.trait.gobble, arcworlde.trait.pack_hunter, arcworlde.trait.split_activation)."""
    factory = RULESET.controllers()[ai]
    lists = [_RIDERS, _CREATURES[1]] if seed % 3 == 0 else _CREATURES
    game = RULESET.new_game(lists, seed, {"environment": env, "scenario": "relic-run"},
                            track_digest=True)
    play_checked(game, {side: factory(), 1 - side: RandomController()}, seed)
    assert_replays(game, tmp_path_factory.mktemp("record") / "game.jsonl")


@settings(max_examples=150)
@given(seed=SEEDS, mages=st.sampled_from([0, 1]), creatures=st.sampled_from([0, 1, 2]),
       mages_side=st.sampled_from([0, 1]), env=st.sampled_from(["none", "mildaark"]),
       scenario=st.sampled_from(["arcanite-hunt", "relic-run"]))
def test_mages_against_creatures_keep_invariants(
    seed: int, mages: int, creatures: int, mages_side: int, env: str, scenario: str
) -> None:
    """Mages against Creatures (Spells on Gobblers and Titans, summons, Monstrous Mounts,
    Arcanite on the table and bought, the Mildaark Forest's cards, the Narrative Feat menu),
    random against random on short games so that hundreds stay cheap: HP within 0..max,
    Arcanite never negative, every ArcDeck holds its 54 cards, every game ends
    (arcworlde.magic.casting, arcworlde.arcanite.using, arcworlde.trait.gobble,
    arcworlde.environment.mildaark.overview)."""
    lists = [_MAGIC[mages], [*_CREATURES, _RIDERS][creatures]]
    if mages_side:
        lists.reverse()
    game = RULESET.new_game(lists, seed, {"environment": env, "scenario": scenario,
                                          "narrative_feats": True, "rounds": 3},
                            log_events=False)
    play_checked(game, {0: RandomController(), 1: RandomController()}, seed)


# ------------------------------------------------------------ the checker has teeth
def test_invariant_checker_catches_broken_states() -> None:
    """The invariant checks fail on overlapping bases, models off the table or in impassable
    terrain, and HP out of range."""

    def broken(**where: Any) -> None:
        arena = Arena([terrain("Rock", "impassable", box(20, 20, 24, 24))])
        arena.add("ourk-grunt", 0, (5, 5))
        arena.add("ourk-grunt", 1, where.pop("at", (15, 15)), **where)
        with pytest.raises(AssertionError):
            check_state(arena.st)

    broken(at=(5.5, 5))  # overlapping
    broken(at=(0.2, 15))  # off the table
    broken(at=(22, 22))  # inside the rock
    broken(hp=7)  # more than its 6HP
    broken(hp=0)  # 0HP but not Knocked Out
    silent = Arena()
    silent.add("ourk-grunt", 0, (5, 5))
    silent.add("ourk-grunt", 1, (5 + 2 * silent.st.chars[0].r, 5))
    with pytest.raises(AssertionError, match="without an engage event"):
        check_contacts_announced(set(), silent.st, [])
    fine = Arena()
    fine.add("ourk-grunt", 0, (5, 5))
    fine.add("ourk-grunt", 1, (5 + 2 * fine.st.chars[0].r, 5))  # touching is fine
    check_state(fine.st)
