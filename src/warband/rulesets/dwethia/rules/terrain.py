"""Setting up the battlefield piece by piece (dwethia.setup.terrain, ``-o arena=placed``).

The book lets players either alternate placing terrain pieces (then roll off for sides) or
set up a narrative battle; the bundled arenas stand for the second way. Here the first: the
players take turns, player a first (house reading: the book does not say who starts; the
roll-off for table edges that follows gives the other player the better chance of choosing
its side), each choosing a piece still in the house terrain box
(``content/house/terrain_box.yaml``) and then where it stands. The corners snap to a grid,
pieces keep a space apart (so stairs and trenches stay reachable) and stay out of the strips
along the two entry edges (dwethia.setup.deployment). The objective markers' candidate spaces
(dwethia.setup.objective_markers) are then the open ground spaces of each quarter.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from warband.core.decisions import Decision
from warband.rulesets.dwethia.choices import Place
from warband.rulesets.dwethia.grid import Board, build_board
from warband.rulesets.dwethia.models import ArenaModel, PieceModel, TerrainBoxFile, TerrainKind
from warband.rulesets.dwethia.state import DwethiaState

__all__ = ["PLACED", "empty_board", "free_spots", "marker_spots", "place_terrain"]

#: the ``arena`` option's value for a table set up piece by piece
PLACED = "placed"
#: spacing of the candidate objective marker spaces in each quarter
MARKER_GRID = 3


def _arena(box: TerrainBoxFile, pieces: list[PieceModel],
           spots: dict[str, list[tuple[int, int]]]) -> ArenaModel:
    return ArenaModel.model_validate({
        "source": "house", "name": "Placed terrain", "size": box.size,
        "pieces": [p.model_dump() for p in pieces],
        "marker_spots": {q: [list(s) for s in found] for q, found in spots.items()}})


def empty_board(box: TerrainBoxFile, kinds: dict[str, TerrainKind]) -> Board:
    """The bare table before any piece is placed."""
    return build_board(_arena(box, [], {q: [] for q in ("sw", "se", "nw", "ne")}), kinds)


def _footprints(pieces: list[tuple[int, int, int, int]], spacing: int) -> set[tuple[int, int]]:
    """Spaces covered by placed pieces, grown by ``spacing`` on every side."""
    out: set[tuple[int, int]] = set()
    for x0, y0, w, h in pieces:
        for y in range(y0 - spacing, y0 + h + spacing):
            for x in range(x0 - spacing, x0 + w + spacing):
                out.add((x, y))
    return out


def free_spots(box: TerrainBoxFile, piece: str,
               placed: list[tuple[int, int, int, int]]) -> list[Place]:
    """Where ``piece`` may stand: its south-west corner on the snap grid, inside the table
    between the two edge strips, clear of every placed piece by ``spacing`` spaces."""
    bp = box.pieces[piece]
    w, h = bp.width, bp.depth
    taken = _footprints(placed, box.spacing)
    out = []
    for y in range(box.margin, box.size - box.margin - h + 1, box.snap):
        for x in range(0, box.size - w + 1, box.snap):
            if not any((cx, cy) in taken for cy in range(y, y + h) for cx in range(x, x + w)):
                out.append(Place(x, y))
    return out


def marker_spots(board: Board) -> dict[str, list[tuple[int, int]]]:
    """Candidate objective marker spaces per quarter: open ground (no piece, level 0) on a
    grid of 3 spaces, two or more spaces inside the table edges."""
    n = board.size
    half = n // 2
    spots: dict[str, list[tuple[int, int]]] = {"sw": [], "se": [], "nw": [], "ne": []}
    for y in range(2, n - 2, MARKER_GRID):
        for x in range(2, n - 2, MARKER_GRID):
            i = board.idx(x, y)
            if board.piece[i] >= 0 or board.elevation[i] != 0 or board.blocked[i]:
                continue
            q = ("s" if y < half else "n") + ("w" if x < half else "e")
            spots[q].append((x, y))
    for q, found in spots.items():  # a quarter all built over: any space a model can stand on
        if not found:
            xs = range(0, half) if q[1] == "w" else range(half, n)
            ys = range(0, half) if q[0] == "s" else range(half, n)
            found.extend((x, y) for y in ys for x in xs if not board.blocked[board.idx(x, y)])
    return spots


def place_terrain(st: DwethiaState, box: TerrainBoxFile,
                  kinds: dict[str, TerrainKind]) -> Generator[Any, Any, None]:
    """Players alternate placing the box's pieces, player a first, until the box is empty or
    no piece left fits (dwethia.setup.terrain); then the table is built."""
    left = [pid for pid, bp in sorted(box.pieces.items()) for _ in range(bp.count)]
    placed: list[tuple[int, int, int, int]] = []
    parts: list[PieceModel] = []
    player = 0
    while left:
        fits = {pid: free_spots(box, pid, placed) for pid in sorted(set(left))}
        choices = [pid for pid, spots in fits.items() if spots]
        if not choices:
            break
        pid = yield Decision("terrain_piece", player, choices,
                             "Choose a terrain piece to place",
                             info={"left": {p: left.count(p) for p in sorted(set(left))}})
        bp = box.pieces[pid]
        where = yield Decision("terrain_place", player, fits[pid],
                               f"Place the {bp.name} ({bp.width} x {bp.depth} spaces)",
                               info={"piece": pid, "width": bp.width, "depth": bp.depth,
                                     "placed": [list(p) for p in placed], "size": box.size})
        left.remove(pid)
        placed.append((where.x, where.y, bp.width, bp.depth))
        parts.extend(p.model_copy(update={"x": p.x + where.x, "y": p.y + where.y})
                     for p in bp.parts)
        # the table as it stands, so that every view and board view shows the pieces so far
        st.board = build_board(_arena(box, parts, {q: [] for q in ("sw", "se", "nw", "ne")}),
                               kinds)
        st.log.emit("terrain_placed", player=st.side_labels[player], piece=pid, name=bp.name,
                    x=where.x, y=where.y, w=bp.width, h=bp.depth)
        player = 1 - player
    st.board = build_board(_arena(box, parts, marker_spots(st.board)), kinds)
