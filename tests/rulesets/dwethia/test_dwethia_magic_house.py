"""The house heroes that make two magic rules happen: the Archmage casts several powers in one
Shoot phase (dwethia.magic.multi_cast), the Windrunner has a unique Affinity action, Surge
(dwethia.magic.affinity_actions). Both are house data (content/house/classes.yaml)."""

from __future__ import annotations

from typing import Any

from dwethia_helpers import drive, open_state, put

from warband.core.controller import play
from warband.core.decisions import Decision
from warband.rulesets.dwethia import RULESET
from warband.rulesets.dwethia.choices import Cast, Hold, Move
from warband.rulesets.dwethia.rules import combat
from warband.rulesets.dwethia.rules.turn import movement_phase, shoot_phase
from warband.rulesets.dwethia.state import DwethiaState, Hero


def _arcanum() -> dict[str, Any]:
    force = RULESET.load_list(RULESET.content_dir / "lists" / "sol-arcanum.yaml")
    return {p.cls: p for p in force.members}


def _with(st: DwethiaState, uid: int, cls: str) -> Hero:
    """Give hero ``uid`` (side 0) the Sol Arcanum profile of class ``cls``."""
    p = _arcanum()[cls]
    h = Hero(uid, 0, p, wounds=p.stats["wounds"], destiny=p.stats["destiny"],
             faith=p.stats["faith"], affinity=p.stats["affinity"], size=p.size)
    st.heroes[uid] = h
    return h


def test_multi_cast_declares_and_pays_every_power_before_any_dice() -> None:
    """dwethia.magic.multi_cast: the Archmage declares two powers and their targets and pays
    all of the Affinity before the first power resolves."""
    st = open_state(size=30)
    mage = _with(st, 0, "archmage")
    mage.x, mage.y, mage.entered = 5, 5, True
    assert mage.profile.casts == 2
    foes = [h for h in st.heroes if h.side == 1]
    put(st, foes[0].uid, 10, 5)
    put(st, foes[1].uid, 5, 11)
    for f in foes:
        f.faith = 0  # nobody resists: the powers resolve
    start = mage.affinity
    asked: list[str] = []

    def answer(d: Decision) -> Any:
        asked.append(d.kind)
        casts = [o for o in d.options if isinstance(o, Cast)]
        if d.kind == "shoot":
            return next(o for o in casts if o.power == "lightning" and o.target == foes[0].uid)
        if d.kind == "declare_cast":
            return next(o for o in casts if o.power == "corrupt" and o.target == foes[1].uid)
        return d.options[0]

    assert drive(shoot_phase(st, mage, 0, False), answer) == "cast"
    assert asked[:2] == ["shoot", "declare_cast"]
    kinds = [e.kind for e in st.log.events]
    paid = [i for i, k in enumerate(kinds) if k == "cast"]
    assert len(paid) == 2
    first_roll = min(i for i, k in enumerate(kinds) if k in ("power_resolves", "power_lost"))
    assert max(paid) < first_roll  # both paid before anything resolved
    assert mage.affinity == start - 4
    assert foes[1].defense_lost == 1  # Corrupt resolved too


def test_multi_cast_only_declares_what_the_affinity_covers() -> None:
    """dwethia.magic.multi_cast: further declarations are limited by the Affinity left after
    the powers already declared; a power is declared once."""
    st = open_state(size=30)
    mage = _with(st, 0, "archmage")
    mage.x, mage.y, mage.entered = 5, 5, True
    mage.affinity = 3  # Lightning (2) leaves 1: only Mend (1) may follow
    mage.wounds = mage.stat("wounds") - 1  # wounded: Mend may target the Archmage itself
    foe = next(h for h in st.heroes if h.side == 1)
    put(st, foe.uid, 10, 5)
    foe.faith = 0
    seen: list[set[str]] = []

    def answer(d: Decision) -> Any:
        if d.kind == "shoot":
            return next(o for o in d.options if isinstance(o, Cast) and o.power == "lightning")
        if d.kind == "declare_cast":
            seen.append({o.power for o in d.options if isinstance(o, Cast)})
            return Hold()
        return d.options[0]

    drive(shoot_phase(st, mage, 0, False), answer)
    assert seen == [{"mend"}]
    assert mage.affinity == 1


def test_multi_cast_power_on_a_removed_target_is_lost_but_paid() -> None:
    """dwethia.magic.multi_cast: Affinity stays spent when the target is destroyed before its
    power resolves; the power does nothing and rolls no dice."""
    st = open_state(size=30)
    mage = _with(st, 0, "archmage")
    mage.x, mage.y, mage.entered = 5, 5, True
    foe = next(h for h in st.heroes if h.side == 1)
    put(st, foe.uid, 10, 5)
    p = next(p for p in mage.profile.powers if p.id == "corrupt")
    combat.pay_for_power(st, mage, p, foe)
    foe.slain = True  # slain by the power declared before this one
    drive(combat.resolve_power(st, mage, p, foe), lambda d: d.options[0])
    assert mage.affinity == mage.profile.stats["affinity"] - p.cost
    assert foe.defense_lost == 0
    assert [e.kind for e in st.log.events][-2:] == ["cast", "power_lost"]


def _farthest(st: DwethiaState, h: Hero, use: bool) -> int:
    def answer(d: Decision) -> Any:
        if d.kind == "affinity_action":
            return use
        if d.kind == "move":
            answer.options = d.options  # type: ignore[attr-defined]
            return next(o for o in d.options if isinstance(o, Move))
        return d.options[0]

    drive(movement_phase(st, h), answer)
    opts = answer.options  # type: ignore[attr-defined]
    return max(max(abs(o.x - 10), abs(o.y - 10)) for o in opts)


def test_affinity_action_surge_moves_three_spaces_further_for_two_affinity() -> None:
    """dwethia.magic.affinity_actions: the Windrunner's Surge (house) - 2 Affinity in its
    Movement phase for 3 more spaces; declined, it moves its normal Movement and pays
    nothing."""
    st = open_state(size=30)
    w = _with(st, 0, "windrunner")
    assert w.profile.affinity_actions == ("surge",)
    mv = w.stat("movement")
    w.x, w.y, w.entered = 10, 10, True
    start = w.affinity
    assert _farthest(st, w, False) == mv
    assert w.affinity == start
    w.x, w.y = 10, 10
    assert _farthest(st, w, True) == mv + 3
    assert w.affinity == start - 2
    assert any(e.kind == "affinity_action" for e in st.log.events)


def test_surge_is_not_offered_without_the_affinity() -> None:
    """dwethia.magic.affinity_actions: the action's cost must be paid."""
    st = open_state(size=30)
    w = _with(st, 0, "windrunner")
    w.x, w.y, w.entered = 10, 10, True
    w.affinity = 1
    kinds: list[str] = []

    def answer(d: Decision) -> Any:
        kinds.append(d.kind)
        return d.options[0]

    drive(movement_phase(st, w), answer)
    assert "affinity_action" not in kinds


def test_house_magic_happens_in_heuristic_play() -> None:
    """dwethia.magic.multi_cast and dwethia.magic.affinity_actions occur in seeded AI games
    with the bundled Sol Arcanum force."""
    arcanum = RULESET.load_list(RULESET.content_dir / "lists" / "sol-arcanum.yaml")
    other = RULESET.load_list(RULESET.sample_lists()[1])
    two_casts = surges = 0
    for seed in range(4):
        game = RULESET.new_game([arcanum, other], seed)
        ctl = RULESET.controllers()["heuristic"]
        play(game, {0: ctl(), 1: ctl()}, seed)
        kinds = [(e.kind, e.get("hero")) for e in game.events]
        surges += sum(1 for k, _ in kinds if k == "affinity_action")
        for a, b in zip(kinds, kinds[1:], strict=False):
            two_casts += a[0] == b[0] == "cast" and a[1] == b[1]
    assert surges > 0
    assert two_casts > 0


def test_summoners_war_three_models_raised_with_the_house_summoning() -> None:
    """dwethia.objective.summoners_war (house power Raise Dead, content/house/powers.yaml):
    the Necromancer summons a model into a free space next to it, of its side, built as race +
    class + its faction (Void: +1 Martial), worth no points, not activating this round; the
    third summoned model completes Summoner's War. With no free space next to it the power is
    not offered."""
    from warband.rulesets.dwethia.choices import Place
    from warband.rulesets.dwethia.rules.measure import adjacent
    from warband.rulesets.dwethia.rules.turn import ready

    st = open_state(size=20)
    morth = next(h for h in st.heroes if h.name == "Necromancer Morth")
    put(st, morth.uid, 10, 10)
    for h in st.heroes:
        if h.side == 0:
            h.faith = 0  # nobody resists
    start = len(st.heroes)
    placed: list[tuple[int, int]] = []

    def answer(d: Decision) -> Any:
        if d.kind == "shoot":
            return next(o for o in d.options if isinstance(o, Cast) and o.power == "raise_dead")
        if d.kind == "summon_place":
            assert all(isinstance(o, Place) for o in d.options)
            placed.append((d.options[0].x, d.options[0].y))
            return d.options[0]
        return d.options[0]

    for n in range(1, 4):
        morth.affinity = 5
        assert drive(shoot_phase(st, morth, 0, False), answer) == "cast"
        assert st.summoned[1] == n and len(st.heroes) == start + n
        assert ("summoners_war" in st.achieved[1]) == (n == 3)
    thralls = st.heroes[start:]
    assert [(t.x, t.y) for t in thralls] == placed
    for t in thralls:
        assert t.side == 1 and t.on_table and adjacent(st, t, morth)
        assert t.profile.cost == 0 and t.profile.cls == "warrior"
        assert t.stat("martial") == 3 + 1 + 1  # human 3, warrior +1, Void +1
        assert t.activated and t not in ready(st, 1)  # acts from the next round
    assert len({(t.x, t.y) for t in thralls}) == 3
    # no free space next to the caster: Raise Dead is not offered
    tiny = open_state(size=20)
    caster = next(h for h in tiny.heroes if h.name == "Necromancer Morth")
    put(tiny, caster.uid, 0, 0)
    blockers = [h for h in tiny.heroes if h.side == 1 and h is not caster]
    assert len(blockers) == 3
    for h, (x, y) in zip(blockers, [(1, 0), (0, 1), (1, 1)], strict=True):
        put(tiny, h.uid, x, y)  # the 50mm Brute at (1, 1) covers a 2 x 2 block
    raise_dead = next(p for p in caster.profile.powers if p.id == "raise_dead")
    assert combat.summon_spaces(tiny, caster) == []
    assert combat.power_targets(tiny, caster, raise_dead) == []
    tiny.heroes[blockers[0].uid].x = 5  # a space comes free
    assert combat.power_targets(tiny, caster, raise_dead) == [caster]


def test_summoned_models_appear_in_seeded_heuristic_play() -> None:
    """dwethia.objective.summoners_war in play: the heuristic with a Necromancer raises
    models, and some seeded game completes the objective."""
    forces = [RULESET.load_list(p) for p in RULESET.sample_lists()]
    ctl = RULESET.controllers()["heuristic"]
    summoned = done = 0
    for seed in range(6):
        game = RULESET.new_game([forces[seed % 4], forces[(seed + 1) % 4]], seed)
        play(game, {0: ctl(), 1: ctl()}, seed)
        summoned += sum(1 for e in game.state.log.events if e.kind == "summoned")
        done += sum(1 for e in game.state.log.events if e.kind == "objective_achieved"
                    and e["objective"] == "summoners_war")
    assert summoned >= 3 and done >= 1
