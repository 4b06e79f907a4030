"""Affinity powers, Faith against Affinity bidding and the Destiny bidding after the roll."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from dwethia_helpers import drive, open_state, put, scripted

from warband.core.decisions import Decision
from warband.rulesets.dwethia import mechanics as m
from warband.rulesets.dwethia.choices import NOBODY
from warband.rulesets.dwethia.rules.combat import cast, power_targets, resistance


def _example_state():  # type: ignore[no-untyped-def]
    st = open_state(dice=scripted(5, 4))
    necro = put(st, 4, 5, 5)  # Necromancer Morth
    comm = put(st, 1, 5, 12)  # Commissar Hale
    necro.affinity, necro.destiny = 6, 1
    comm.faith, comm.destiny = 3, 6
    return st, necro, comm


def test_necromancer_and_commissar_example_spell_fails_10_against_12() -> None:
    """dwethia.magic.faith_resistance, dwethia.magic.destiny_bidding - the book's example
    exactly: Lightning for 2 Affinity; the Commissar pays 1 Faith and bids 2 more; the
    Necromancer bids 2 more (+4 in all); the Commissar passes. Rolls 5 and 4: 9 against 6.
    Destiny: Commissar 4 (10), Necromancer 1 (10), Commissar 2 (12), Necromancer passes,
    Commissar passes. Affinity 10 against Faith 12: the spell fails."""
    st, necro, comm = _example_state()
    # the Commissar's Faith and both sides' Destiny run out, so the passes after that need no
    # decision
    script: Iterator[int] = iter([2, 2, 4, 1, 2])
    asked: list[tuple[str, str]] = []

    def answer(d: Decision) -> int:
        asked.append((d.kind, st.heroes[d.player * 4 if d.player else 1].name))
        return next(script)

    resolves = drive(resistance(st, necro, comm, 2), answer)
    assert resolves is False
    assert [k for k, _ in asked] == ["bid_faith", "bid_affinity", "bid_destiny",
                                     "bid_destiny", "bid_destiny"]
    bids = [(e["hero"], e["points"], e["total"]) for e in st.log.events
            if e.kind == "destiny_bid"]
    assert bids == [("Commissar Hale", 4, 10), ("Necromancer Morth", 1, 10),
                    ("Commissar Hale", 2, 12), ("Necromancer Morth", 0, 10),
                    ("Commissar Hale", 0, 12)]
    roll = next(e for e in st.log.events if e.kind == "resistance_roll")
    assert (roll["caster_die"], roll["caster_total"]) == (5, 9)
    assert (roll["resister_die"], roll["resister_total"]) == (4, 6)
    result = next(e for e in st.log.events if e.kind == "resistance_result")
    assert (result["caster_total"], result["resister_total"]) == (10, 12)
    # every point is spent: 1 + 2 Faith, 2 more Affinity, 4 + 2 and 1 Destiny
    assert (comm.faith, comm.destiny, necro.affinity, necro.destiny) == (0, 0, 4, 0)
    # the odds engine agrees the bids end at 10 against 12
    final = m.ResistanceRoll(4, 2, 1, 6)
    assert final.sample(scripted(5, 4)).resolves is False


def test_destiny_bidding_starts_with_the_side_behind_and_ends_after_two_passes() -> None:
    """dwethia.magic.destiny_bidding: the losing side bids first; bidding ends only when both
    pass in succession; the caster wins ties (dwethia.magic.faith_resistance)."""
    st, necro, comm = _example_state()
    st.dice = scripted(5, 4)
    order: list[int] = []

    def answer(d: Decision) -> int:
        order.append(d.player)
        return {"bid_faith": 0}.get(d.kind, 0)

    assert drive(resistance(st, necro, comm, 2), answer) is True  # 7 against 4
    # the Faith bid, then Destiny: the Commissar (behind) first, then the Necromancer; two
    # passes in a row end it
    assert order == [comm.side, comm.side, necro.side]


def test_cast_pays_affinity_and_unresisted_power_resolves() -> None:
    """dwethia.magic.affinity_powers, dwethia.magic.multi_cast: the cost is paid whatever
    happens; an unresisted power resolves; Corrupt lowers Defense and completes Corruption."""
    st, necro, comm = _example_state()
    st.dice = scripted()
    corrupt = next(p for p in necro.profile.powers if p.id == "corrupt")
    before = comm.defense
    drive(cast(st, necro, corrupt, comm), lambda d: NOBODY if d.kind == "resist" else 0)
    assert necro.affinity == 6 - corrupt.cost
    assert comm.defense == before - 1
    assert "corruption" in st.achieved[necro.side]
    assert st.spells_cast[necro.side] == 1


def test_caster_next_to_enemies_may_only_target_them() -> None:
    """dwethia.magic.affinity_powers: a caster in coherency with enemies targets only those."""
    st, necro, comm = _example_state()
    put(st, 0, 5, 6)  # Captain Varro next to the Necromancer
    bolt = next(p for p in necro.profile.powers if p.id == "lightning")
    assert [t.uid for t in power_targets(st, necro, bolt)] == [0]
    mend = next(p for p in necro.profile.powers if p.id == "mend")
    assert power_targets(st, necro, mend) == []


def test_resistance_probability_is_the_odds_engine_query() -> None:
    """dwethia.magic.faith_resistance: the sampled contest agrees with the exact chance the
    AI bids by (Monte Carlo, seeded)."""
    from warband.core.dice import Dice

    roll = m.ResistanceRoll(3, 2)
    dice = Dice(7)
    n = 20000
    hits = sum(roll.sample(dice).resolves for _ in range(n))
    assert abs(hits / n - float(roll.probability())) < 0.015
    assert replace(roll, faith=0).probability() > roll.probability()


def test_defender_may_bid_affinity_as_faith() -> None:
    """dwethia.profile.affinity: a resisting model bids its Affinity as if it were Faith once
    its Faith is spent."""
    st, necro, comm = _example_state()
    comm.faith, comm.affinity = 2, 3
    bids: list[list[int]] = []

    def answer(d: Decision) -> int:
        bids.append(list(d.options))
        return {"bid_faith": 3}.get(d.kind, 0)

    drive(resistance(st, necro, comm, 2), answer)
    assert bids[0] == [0, 1, 2, 3, 4]  # 1 Faith left after resisting + 3 Affinity
    assert (comm.faith, comm.affinity) == (0, 1)


def test_heuristic_bids_destiny_only_when_it_can_stay_ahead() -> None:
    """dwethia.magic.destiny_bidding, the heuristic: behind by 3 with 4 Destiny against an
    opponent holding 6 it passes (it would be outbid); against 0 it bids exactly 3."""
    from warband.core.decisions import Decision
    from warband.rulesets.dwethia.ai import HeuristicController
    from warband.rulesets.dwethia.state import DwethiaView

    st, necro, comm = _example_state()
    comm.destiny, necro.destiny = 4, 6
    view = DwethiaView(st, comm.side)
    d = Decision("bid_destiny", comm.side, [0, 1, 2, 3, 4], info={
        "caster": necro.uid, "resister": comm.uid, "caster_total": 9, "resister_total": 7})
    ai = HeuristicController()
    import random
    assert ai.decide(view, d, random.Random(0)) == 0
    necro.destiny = 0
    assert ai.decide(view, d, random.Random(0)) == 3
