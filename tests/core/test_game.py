"""The game driver with a tiny toy flow: decisions, trivial answers, secret simultaneous
choices no view can read, illegal choices, chance, outcome; controllers and the codec."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from warband.ai.random_ai import RandomController
from warband.core.controller import controller_rng, play
from warband.core.decisions import ChoiceCodec, Decision, IllegalChoice, Reasoned, Simultaneous
from warband.core.dice import ScriptedDice
from warband.core.events import EventDigest, EventLog, canonical_json
from warband.core.game import Game

from .toy import CODEC, Bid, ToyRuleset, ToyState


def new(seed: int = 1, dice: list[int] | None = None) -> Game:
    game = ToyRuleset().new_game([], seed, track_digest=True)
    if dice is not None:
        state: ToyState = game.state  # type: ignore[assignment]
        state.dice = ScriptedDice(dice)
    return game


def test_game_asks_then_applies() -> None:
    game = new()
    pending = game.pending()
    assert isinstance(pending, Decision) and pending.kind == "pick" and pending.player == 0
    assert game.waiting_for() == [0] and game.decision_for(1) is None
    events = game.apply(0, "left")
    assert [e.kind for e in events] == ["picked", "forced"]  # the forced move was automatic
    assert events[1]["answer"] == "only"
    assert [r.kind for r in game.history] == ["pick"]  # trivial answers are not recorded


def test_illegal_choices_are_refused_and_change_nothing() -> None:
    game = new()
    before = (len(game.events), len(game.history), game.digest)
    with pytest.raises(IllegalChoice, match="not a legal choice for pick"):
        game.apply(0, "up")
    with pytest.raises(IllegalChoice, match="player 1 has no decision"):
        game.apply(1, "left")
    assert (len(game.events), len(game.history), game.digest) == before


def test_simultaneous_answers_are_secret_until_all_are_in() -> None:
    game = new(dice=[4])
    game.apply(0, "left")
    pending = game.pending()
    assert isinstance(pending, Simultaneous) and pending.players == (0, 1)
    assert sorted(game.waiting_for()) == [0, 1]
    views = (game.view(0), game.view(1))
    events = game.apply(1, Reasoned(Bid(3), "all in"))
    assert events == []
    # Player 1's bid is nowhere a player can look: not in any view, the log or the history.
    assert (game.view(0), game.view(1)) == views
    assert game.view(0)["bids"] == {} and "reason" not in [e.kind for e in game.events]
    assert [r.kind for r in game.history] == ["pick"]
    assert game.waiting_for() == [0] and game.decision_for(1) is None
    with pytest.raises(IllegalChoice):
        game.apply(1, Bid(1))  # no changing one's mind
    events = game.apply(0, Bid(2))
    assert [e.kind for e in events] == ["reason", "bids", "roll"]
    assert game.view(0)["bids"] == {0: 2, 1: 3}
    assert [(r.player, r.kind, r.choice) for r in game.history[1:]] == [(0, "bid", Bid(2)), (1, "bid", Bid(3))]
    outcome = game.outcome()
    assert outcome is not None and game.over and game.pending() is None
    assert (outcome.vp, outcome.winner, outcome.winner_side) == ([6, 3], 0, "a")
    assert outcome.to_json()["vp"] == {"a": 6, "b": 3}


def test_simultaneous_with_one_forced_part() -> None:
    @dataclass
    class St:
        dice: ScriptedDice
        log: EventLog

    def flow(st: St):  # type: ignore[no-untyped-def]
        got = yield Simultaneous("s", (Decision("s", 0, [1, 2]), Decision("s", 1, [9])))
        st.log.emit("got", value=[got[0], got[1]])
        from warband.core.game import Outcome

        return Outcome(["a", "b"], ["A", "B"], None, [0, 0], 0, [[], []])

    st = St(ScriptedDice([]), EventLog())
    game = Game("t", st, flow(st), ChoiceCodec(), lambda s, p: None, {})
    assert game.waiting_for() == [0]
    game.apply(0, 2)
    assert st.log.events[-1]["value"] == [2, 9]
    assert [(r.player, r.choice) for r in game.history] == [(0, 2)]


def test_same_seed_same_game_digest() -> None:
    digests = []
    for _ in range(2):
        game = new(seed=5)
        play(game, {0: RandomController(), 1: RandomController()}, seed=5)
        digests.append((game.digest, [e.to_json() for e in game.events]))
    assert digests[0] == digests[1] and digests[0][0]


def test_play_asks_each_controller_with_its_own_view() -> None:
    seen: list[tuple[int, int]] = []

    class Spy:
        name = "spy"

        def decide(self, view, decision, rng):  # type: ignore[no-untyped-def]
            seen.append((view["player"], decision.player))
            return decision.options[0]

    game = new()
    outcome = play(game, {0: Spy(), 1: Spy()}, seed=1)
    assert outcome is game.outcome()
    assert seen and all(v == p for v, p in seen)


def test_controller_rngs_are_private_and_seeded() -> None:
    assert controller_rng(3, 0).random() == controller_rng(3, 0).random()
    assert controller_rng(3, 0).random() != controller_rng(3, 1).random()


# ---------------------------------------------------------------------- decisions
def test_decision_legality_and_triviality() -> None:
    d = Decision("k", 0, [1, 2])
    assert d.is_legal(1) and not d.is_legal(3) and not d.trivial
    free = Decision("k", 0, [1], accepts=lambda c: isinstance(c, float))
    assert free.is_legal(2.5) and not free.trivial
    assert Decision("k", 0, [1]).trivial and not Decision("k", 0, [1], auto=False).trivial
    s = Simultaneous("s", (Decision("s", 0, [1]), Decision("s", 2, [1])))
    assert s.part_for(2) is s.parts[1] and s.part_for(1) is None


def test_codec_round_trip() -> None:
    assert CODEC.encode(Bid(2)) == {"type": "Bid", "amount": 2}
    assert CODEC.decode({"type": "Bid", "amount": 2}) == Bid(2)
    assert CODEC.decode(CODEC.encode({0: Bid(1), 1: Bid(3)})) == {0: Bid(1), 1: Bid(3)}
    # floats exactly as played: a rounded free-form point could replay differently
    assert CODEC.encode((1.23456789012345, "x")) == [1.23456789012345, "x"]
    assert CODEC.decode(json.loads(json.dumps(CODEC.encode(0.1 + 0.2)))) == 0.1 + 0.2
    assert CODEC.decode([1, [2, 3]]) == (1, (2, 3))
    assert CODEC.encode(None) is None and CODEC.decode("left") == "left"


def test_codec_errors() -> None:
    with pytest.raises(ValueError, match="unknown choice type 'Nope'"):
        CODEC.decode({"type": "Nope"})
    with pytest.raises(ValueError, match="bad fields for choice Bid"):
        CODEC.decode({"type": "Bid", "amount": 1, "extra": 2})
    for bad in ({"type": "@map"}, {"type": "@map", "items": 3}, {"type": "@map", "items": [[0]]}):
        with pytest.raises(ValueError, match="bad @map choice"):
            CODEC.decode(bad)
    with pytest.raises(ValueError, match="registered twice"):
        CODEC.register(Bid)
    with pytest.raises(TypeError, match="must be a dataclass"):
        ChoiceCodec().register(int)

    @dataclass(frozen=True)
    class Stranger:
        x: int

    with pytest.raises(TypeError, match="not registered"):
        CODEC.encode(Stranger(1))


# ------------------------------------------------------------------------- events
def test_event_log_and_digest() -> None:
    log = EventLog()
    log.emit("hit", who="A", damage=2)
    assert log.events[0]["damage"] == 2 and log.events[0].get("nope", 7) == 7
    assert log.events[0].to_json() == {"kind": "hit", "who": "A", "damage": 2}
    off = EventLog(enabled=False)
    off.emit("hit")
    assert len(off) == 0
    a, b = EventDigest(), EventDigest()
    a.update(log.events)
    b.update(log.events)
    assert a.hexdigest() == b.hexdigest() and a.count == 1
    log.emit("hit", who="B", damage=1)
    b.update(log.since(1))
    assert a.hexdigest() != b.hexdigest()
    assert canonical_json({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'


def test_is_legal_identity_first_answers_as_membership() -> None:
    """A choice is legal iff it is one of the options (by identity or equality) or the
    decision accepts it: the identity scan that comes first only finds some answers sooner.
    Checked for the options themselves, equal copies, values equal across types (1 and 1.0,
    True), look-alikes of another type and strangers, with and without ``accepts``."""

    @dataclass(frozen=True)
    class Go:
        x: int

    @dataclass(frozen=True)
    class Stay:
        x: int

    options: list[object] = [Go(1), Stay(1), 2, "two", (3, 4), Go(5), True]
    probes: list[object] = [*options, Go(1), Go(5), Stay(1), Stay(5), 1, 1.0, 2.0, (3, 4),
                            [3, 4], "Go", None, Go(9), float("nan")]
    for accepts in (None, lambda c: c == 9):
        decision = Decision("d", 0, options, accepts=accepts)
        for probe in probes:
            expected = probe in options or (accepts is not None and bool(accepts(probe)))
            assert decision.is_legal(probe) is expected, probe
        assert decision.is_legal(9) is (accepts is not None)
    nan = float("nan")
    assert Decision("d", 0, [nan]).is_legal(nan)  # the very object: legal, as ``in`` says


def test_play_and_apply_short_cuts_play_the_plain_loop() -> None:
    """``play`` asks a one-player decision's player directly and ``apply`` reads the pending
    decision and the new events directly: the same game, the same events handed out after
    each answer and the same records as the plain loop over ``waiting_for``,
    ``decision_for`` and the log's ``since`` (one-player and simultaneous decisions, with a
    digest and without)."""
    for seed in range(6):
        for digest in (False, True):
            fast = ToyRuleset().new_game([], seed, track_digest=digest)
            handed: list[list[str]] = []
            play(fast, {0: RandomController(), 1: RandomController()}, seed,
                 on_events=lambda events, out=handed: out.append([e.kind for e in events]))
            plain = ToyRuleset().new_game([], seed, track_digest=digest)
            rngs = {p: controller_rng(seed, p) for p in (0, 1)}
            plain_handed: list[list[str]] = [[e.kind for e in plain.events]] if plain.events else []
            while plain.pending() is not None:
                for player in plain.waiting_for():
                    decision = plain.decision_for(player)
                    assert decision is not None
                    choice = RandomController().decide(plain.view(player), decision, rngs[player])
                    start = len(plain.state.log)
                    returned = plain.apply(player, choice)
                    assert returned == plain.state.log.since(start)
                    if returned:
                        plain_handed.append([e.kind for e in returned])
            assert handed == plain_handed
            assert [(r.player, r.kind, r.choice, r.digest) for r in fast.history] == [
                (r.player, r.kind, r.choice, r.digest) for r in plain.history]
            assert fast.digest == plain.digest and fast.outcome() == plain.outcome()


def test_apply_asks_only_the_player_being_asked() -> None:
    """``apply``'s direct read of a one-player decision answers exactly what ``decision_for``
    does: a player who is not being asked (the other player of a one-player decision, a player
    outside the game, a player who already answered a simultaneous one) gets
    :class:`IllegalChoice` and changes nothing, while the player asked may answer."""
    refused: set[str] = set()
    for seed in range(4):
        game = ToyRuleset().new_game([], seed, track_digest=True)
        rngs = {p: controller_rng(seed, p) for p in (0, 1)}
        while game.pending() is not None:
            for player in game.waiting_for():
                decision = game.decision_for(player)
                assert decision is not None
                choice = RandomController().decide(game.view(player), decision, rngs[player])
                for other in (0, 1, 2):
                    if game.decision_for(other) is None:
                        before = (len(game.history), len(game.state.log), game.digest, game.pending())
                        with pytest.raises(IllegalChoice, match="no decision"):
                            game.apply(other, choice)
                        assert (len(game.history), len(game.state.log), game.digest,
                                game.pending()) == before
                        refused.add(type(game.pending()).__name__)
                game.apply(player, choice)
    assert refused == {"Decision", "Simultaneous"}  # both kinds of decision were tried
