"""The ruleset kit's pieces, checked on their own and through the example game."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.tinygame import RULESET as TINY
from kit.tinygame.choices import CODEC, Hold, Reroll, SendForward
from kit.tinygame.options import OPTIONS, Options
from warband.content.errors import ContentError
from warband.core.controller import play
from warband.core.events import Event
from warband.kit.content import ContentFolder
from warband.kit.lists import ListProblems, suggest
from warband.kit.narrate import Narrator
from warband.kit.options import Option, option_names, parse_options
from warband.kit.table import spread_out


# -- options -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("given", "message"), [
    ({"target": 4}, "target must be a whole number between 5 and 100, not 4"),
    ({"target": 7.5}, "target must be a whole number between 5 and 100, not 7.5"),
    ({"target": True}, "target must be a whole number between 5 and 100, not True"),
    ({"weather": "rain"}, "unknown game option(s) weather (known: target, turns)"),
])
def test_options_are_refused_with_the_option_named(given: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_options(given, OPTIONS, Options)
    assert str(err.value) == message


def test_options_kinds_and_defaults() -> None:
    specs = (Option.flag("fast"), Option.one_of("mode", ("x", "y")),
             Option.number("depth", 1, 24, unit="inches"))

    class Opts:
        fast = False
        mode = "x"
        depth: float | None = None

    opts, scenario = parse_options({"depth": 3, "mode": "y", "scenario": "hill"}, specs, Opts,
                                   default_scenario="glade")
    assert (opts.fast, opts.mode, opts.depth, scenario) == (False, "y", 3.0, "hill")
    assert isinstance(opts.depth, float)
    assert parse_options(None, specs, Opts, "glade")[1] == "glade"
    for bad, text in (({"fast": "yes"}, "fast must be true or false, not 'yes'"),
                      ({"mode": "z"}, "mode must be 'x' or 'y', not 'z'"),
                      ({"depth": 30}, "depth must be between 1 and 24 inches, not 30")):
        with pytest.raises(ValueError, match=text):
            parse_options(bad, specs, Opts, "glade")
    assert option_names(specs) == ["fast", "mode", "depth", "scenario"]
    assert option_names(specs, scenario=False) == ["fast", "mode", "depth"]


# -- lists ---------------------------------------------------------------------------------------
def test_list_violations_name_file_line_and_field_and_are_all_reported(write_file) -> None:
    path = write_file("duel.yaml", "ruleset: tinygame\nname: Too Many\nchampions:\n"
                      "  - brawlr\n  - veteran\n  - brawler\n  - veteran\n")
    with pytest.raises(ContentError) as err:
        TINY.load_list(path)
    found = {(v.field, v.line, v.message) for v in err.value.violations}
    assert ("champions[0]", 4, "unknown champion 'brawlr'; did you mean 'brawler'?") in found
    assert ("champions[3]", 7, "Veteran is listed twice") in found
    assert all(v.source == str(path) for v in err.value.violations)


def test_a_list_for_another_ruleset_names_the_right_option(write_file) -> None:
    path = write_file("other.yaml", "ruleset: raiders\nname: X\nchampions: [squire]\n")
    with pytest.raises(ContentError, match=r"for ruleset 'raiders', not 'tinygame' \(use --ruleset raiders\)"):
        TINY.load_list(path)


def test_list_problems_helpers() -> None:
    problems = ListProblems("f.yaml", {("units", 2, "profile"): 9})
    assert problems.lookup("profile", {"ogre": 1}, "ogr", "units", 2, "profile") is None
    problems.at_most(5, 4, "units", "units")
    problems.at_most(4, 4, "units", "units")
    assert [(v.field, v.line) for v in problems.found] == [("units[2].profile", 9), ("units", None)]
    assert problems.found[1].message == "5 units is more than the limit of 4"
    with pytest.raises(ContentError):
        problems.raise_if_any()
    assert suggest("zzz", ["ogre"]) == ""


# -- content -----------------------------------------------------------------------------------
def test_content_folder_env_override_and_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kit.tinygame.catalogue import CONTENT, Catalogue

    copy = tmp_path / "content"
    copy.mkdir()
    (copy / "champions.yaml").write_text(
        "source: house\nchampions:\n  - {id: solo, name: Solo, cost: 1}\n", encoding="utf-8")
    monkeypatch.setenv("WARBAND_TINYGAME_CONTENT", str(copy))
    cat = CONTENT.catalogue()
    assert list(cat.champions) == ["solo"] and cat.directory == copy.resolve()
    assert CONTENT.catalogue() is cat  # cached per folder
    assert cat.digest != CONTENT.catalogue(CONTENT.default).digest
    (copy / "champions.yaml").write_text("source: house\nchampions: 3\n", encoding="utf-8")
    with pytest.raises(ContentError, match="champions"):
        ContentFolder(copy, "UNUSED_VARIABLE", Catalogue.load).catalogue()


# -- choices, narration, table --------------------------------------------------------------
def test_choice_declarations_round_trip_through_the_codec() -> None:
    for choice in (SendForward(2), Hold(), Reroll(True)):
        assert CODEC.decode(CODEC.encode(choice)) == choice
    with pytest.raises(AttributeError):
        SendForward(1).uid = 2  # type: ignore[misc]  # frozen


def test_narrator_dispatch_reason_and_fallback() -> None:
    narrate = Narrator({"boom": lambda e: f"boom {e['n']}", "quiet": lambda e: None})
    events = [Event("boom", {"n": 1}), Event("quiet", {}), Event("reason", {"text": "[/]"}),
              Event("odd", {"x": 1})]
    assert narrate.all(events) == ["boom 1", "    [dim](\\[/])[/dim]", "    odd: {'x': 1}"]


def test_spread_out_keeps_the_first_of_close_points() -> None:
    class P:
        def __init__(self, x: float, y: float) -> None:
            self.x, self.y = x, y

    pts = [P(0, 0), P(0.5, 0.5), P(0.5, 2), P(3, 0)]
    assert spread_out(pts) == [pts[0], pts[2], pts[3]]


# -- the example game, through the plug-in interface ---------------------------------------------
def test_the_example_game_plays_to_the_end_through_the_kit() -> None:
    lists = [TINY.load_list(p) for p in TINY.sample_lists()]
    game = TINY.new_game(lists, 3, {"target": 30}, track_digest=True)
    outcome = play(game, {0: TINY.controllers()["heuristic"](), 1: TINY.controllers()["random"]()}, 3)
    assert game.over and max(outcome.vp) >= 30 and outcome.winner == outcome.vp.index(max(outcome.vp))
    assert game.header["options"] == {"target": 30}
    assert game.header["content_hash"] == TINY.content_hash()
    again = TINY.game_from_header(game.header)
    assert again.header == game.header
    lines = [TINY.narrate(e) for e in game.events]
    assert lines[0].startswith("[bold magenta]Red Blades (A) vs Blue Shields (B)")


def test_a_record_of_other_content_is_refused() -> None:
    lists = [TINY.load_list(p) for p in TINY.sample_lists()]
    header = dict(TINY.new_game(lists, 1).header, content_hash="0000000000000000")
    with pytest.raises(ValueError, match="other content"):
        TINY.game_from_header(header)


def test_table_queries_contact_and_engagement_follow_the_states_gap() -> None:
    """``TableQueries``: in base contact within CONTACT of the state's own ``gap``; Engaged
    means an enemy on the table in contact (friends and pieces off the table never count)."""
    from dataclasses import dataclass

    from warband.core.geometry import CONTACT
    from warband.kit.state import TableQueries

    @dataclass
    class Disc:
        side: int
        x: float
        on_table: bool = True

    class Line(TableQueries[Disc]):
        def __init__(self, pieces: list[Disc]) -> None:
            self.pieces = pieces

        def gap(self, a: Disc, b: Disc) -> float:
            return abs(a.x - b.x) - 1.0  # bases of radius 0.5

    me, touching, near, friend, gone = (Disc(0, 0.0), Disc(1, 1.0 + CONTACT / 2), Disc(1, 1.2),
                                        Disc(0, 1.0), Disc(1, 1.0, on_table=False))
    st = Line([me, touching, near, friend, gone])
    assert st.in_contact(me, touching) and not st.in_contact(me, near)
    assert st.in_contact(me, friend)
    assert st.engaged_with(me) == [touching]


def test_enemies_of_is_a_tuple_that_can_be_read_twice() -> None:
    """kit SideQueries.enemies_of: enemy pieces on the table, as a tuple (the old generator was
    empty on a second read and always true in a test)."""
    from dataclasses import dataclass

    from warband.kit.state import SideQueries

    @dataclass
    class Piece:
        uid: int
        side: int
        on_table: bool = True

    class Side(SideQueries[Piece]):
        pass

    st = Side()
    st.pieces = [Piece(0, 0), Piece(1, 1), Piece(2, 1, on_table=False), Piece(3, 1)]
    foes = st.enemies_of(st.pieces[0])
    assert isinstance(foes, tuple)
    assert [p.uid for p in foes] == [1, 3] and [p.uid for p in foes] == [1, 3]
    assert not st.enemies_of(st.pieces[1])[1:]  # only piece 0 is its enemy
    assert [p.uid for p in st.enemies_of(st.pieces[1])] == [0]


def test_kept_menu_builds_once_per_key_and_hands_out_copies() -> None:
    """kit.table.kept_menu: the first ask of a key builds the menu, later asks of that key get
    an equal fresh list (extending it changes nothing kept), another key builds its own."""
    from warband.core.geometry import Table
    from warband.kit.table import kept_menu

    table = Table(24.0, 24.0, [])
    builds: list[int] = []

    def build(n: int) -> list[int]:
        builds.append(n)
        return [n, n + 1]

    first = kept_menu(table, "test.menu", ("a", 1.0), lambda: build(1))
    first.append(99)
    assert kept_menu(table, "test.menu", ("a", 1.0), lambda: build(2)) == [1, 2]
    assert kept_menu(table, "test.menu", ("a", 1.5), lambda: build(3)) == [3, 4]
    assert kept_menu(table, "other.menu", ("a", 1.0), lambda: build(4)) == [4, 5]
    assert builds == [1, 3, 4]


def test_kept_views_hand_out_one_live_view_per_player_and_state() -> None:
    """kit kept_views: the same view for a player at every decision, reading the state as it
    is now (a reassigned attribute, a moved piece), forgetting per-decision answers through
    ``new_decision``; another player, or a copy of the state, gets a view of its own; and the
    state's secrets stay hidden."""
    from dataclasses import dataclass, field

    from warband.kit.state import KeepingView, kept_views

    @dataclass
    class Board:
        turn: int = 1
        marks: list[int] = field(default_factory=list)
        dice: object = None

        def total(self) -> int:
            return sum(self.marks)

    class BoardView(KeepingView[Board]):
        kept = frozenset({"marks"})

        def count(self) -> int:  # remembered for one decision only
            found: int | None = self.__dict__.get("_count")
            if found is None:
                found = self.__dict__["_count"] = len(self._state.marks)
            return found

        def new_decision(self) -> None:
            self.__dict__.pop("_count", None)

    views = kept_views(BoardView)
    st = Board()
    first = views(st, 0)
    assert first.turn == 1 and first.total() == 0 and first.count() == 0
    st.turn = 2
    st.marks.append(5)
    again = views(st, 0)
    assert again is first
    assert again.turn == 2 and again.total() == 5 and again.count() == 1  # nothing stale
    assert views(st, 1) is not first and views(st, 1).player == 1
    copy = Board(turn=7)
    assert views(copy, 0) is not first and views(copy, 0).turn == 7
    with pytest.raises(AttributeError):
        _ = first.dice
