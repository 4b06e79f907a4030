"""Setting the table up piece by piece (dwethia.setup.terrain, ``-o arena=placed``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from dwethia_helpers import forces

from warband.core.controller import play
from warband.core.decisions import Decision
from warband.core.record import read_record, replay, write_record
from warband.rulesets.dwethia import RULESET
from warband.rulesets.dwethia.catalogue import catalogue
from warband.rulesets.dwethia.choices import Place
from warband.rulesets.dwethia.describe import describe_choice
from warband.rulesets.dwethia.rules.terrain import free_spots


def _placing(seed: int, before: Any = None) -> tuple[Any, list[Decision]]:
    """A placed-terrain game driven by the heuristic through its set-up: the decisions asked
    until the table edges are rolled for (``before(game, decision)`` sees each first)."""
    game = RULESET.new_game(forces()[:2], seed, {"arena": "placed"})
    ai = RULESET.controllers()["heuristic"]()
    asked: list[Decision] = []
    while True:
        d = game.pending()
        assert isinstance(d, Decision)
        if d.kind == "table_edge":
            return game, asked
        if before is not None:
            before(game, d)
        asked.append(d)
        game.apply(d.player, ai.decide(game.view(d.player), d, random.Random(0)))


def test_players_alternate_placing_the_terrain_box() -> None:
    """dwethia.setup.terrain: the players take turns, a first, each choosing a piece left in
    the box, then its place among the legal ones; every piece is placed; no two pieces
    overlap or touch, none stands in the entry strips; the table then has the pieces' heights
    and objective marker spaces on open ground in every quarter; the edges are rolled for
    after (dwethia.setup.objective_markers follows)."""
    game, asked = _placing(2)
    box = catalogue().terrain_box
    total = sum(p.count for p in box.pieces.values())
    pieces = [d for d in asked if d.kind == "terrain_piece"]  # one kind left: not asked
    places = [d for d in asked if d.kind == "terrain_place"]
    assert len(places) == total and 0 < len(pieces) <= total
    assert [d.player for d in places] == [n % 2 for n in range(total)]
    st = game.state
    placed = [e for e in st.log.events if e.kind == "terrain_placed"]
    assert len(placed) == total
    assert [e["player"] for e in placed] == ["ab"[n % 2] for n in range(total)]
    covered: set[tuple[int, int]] = set()
    for e in placed:
        assert box.margin <= e["y"] and e["y"] + e["h"] <= box.size - box.margin
        cells = {(x, y) for y in range(e["y"], e["y"] + e["h"])
                 for x in range(e["x"], e["x"] + e["w"])}
        grown = {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        assert not grown & covered  # a space apart from every earlier piece
        covered |= cells
    tower = next(e for e in placed if e["piece"] == "tower")
    b = st.board
    assert b.elevation[b.idx(tower["x"], tower["y"])] == 7
    assert b.name == "Placed terrain" and b.arena is not None
    for q in ("sw", "se", "nw", "ne"):
        assert b.marker_spots[q]
        for x, y in b.marker_spots[q]:
            assert b.piece[b.idx(x, y)] < 0 and b.elevation[b.idx(x, y)] == 0
    # the options offered for a piece are exactly the free spots for it at that moment
    first = places[0]
    assert first.options == free_spots(box, first.info["piece"], [])
    assert describe_choice(game.view(0), pieces[0].options[0]).endswith("spaces)")


def test_a_piece_is_never_offered_where_it_would_overlap() -> None:
    """dwethia.setup.terrain: a spot overlapping a placed piece (or within a space of it)
    is not among the options."""
    box = catalogue().terrain_box
    placed = [(10, 10, 6, 3)]
    for spot in free_spots(box, "rubble", placed):
        assert isinstance(spot, Place)
        assert (spot.x + 3 < 10 or spot.x > 16 or spot.y + 3 < 10 or spot.y > 13)


def test_placed_terrain_games_play_through_and_replay(tmp_path: Path) -> None:
    """dwethia.setup.terrain in whole games: heuristic and random controllers place the
    terrain and play on it; the record replays exactly; the bundled arenas remain options."""
    lists = forces()
    ctl = RULESET.controllers()
    for seed in range(2):
        game = RULESET.new_game([lists[seed % 4], lists[(seed + 1) % 4]], seed,
                                {"arena": "placed"}, track_digest=True)
        play(game, {0: ctl["heuristic"](), 1: ctl["random"]()}, seed)
        assert game.over
        path = tmp_path / f"{seed}.jsonl"
        write_record(game, path)
        assert replay(read_record(path), path).digest == game.digest
    for arena in ("foundry", "rooftops"):
        g = RULESET.new_game(lists[:2], 1, {"arena": arena})
        first = g.pending()
        assert isinstance(first, Decision) and first.kind == "table_edge"


def test_bad_terrain_box_and_summon_data_are_reported_not_raised(tmp_path: Path) -> None:
    """dwethia.setup.terrain, dwethia.objective.summoners_war (house data checked at the
    edge): a terrain box piece of an unknown kind and a summoning power naming an unknown
    class are each reported with file and field, all at once - no traceback."""
    import shutil

    import pytest

    from warband.content.yamlio import ContentError
    from warband.rulesets.dwethia.catalogue import DEFAULT_CONTENT, Catalogue

    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_CONTENT, folder)
    box = folder / "house" / "terrain_box.yaml"
    box.write_text(box.read_text().replace("{kind: rubble,", "{kind: lava,"))
    powers = folder / "house" / "powers.yaml"
    powers.write_text(powers.read_text().replace("class: warrior", "class: lich"))
    with pytest.raises(ContentError) as err:
        Catalogue.load(folder)
    text = str(err.value)
    assert "terrain_box.yaml" in text and "lava" in text and "pieces.rubble.parts[0].kind" in text
    assert "powers.yaml" in text and "lich" in text and "powers.raise_dead.summons.class" in text


def test_board_view_shows_each_piece_as_it_is_placed() -> None:
    """dwethia.setup.terrain on the web board: after each placement the board view draws the
    pieces placed so far (a person placing the next one sees the table as it stands)."""
    from warband.rulesets.dwethia.board import board_view

    drawn: list[int] = []

    def look(game: Any, d: Decision) -> None:
        if d.kind == "terrain_place":
            drawn.append(len(board_view(game, d.player).terrain))

    _placing(4, look)
    assert drawn[0] == 0 and drawn == sorted(drawn) and drawn[-1] > drawn[1] > 0
