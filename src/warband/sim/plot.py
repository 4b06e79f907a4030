"""Pictures of simulation results (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["PlotError", "plot_matchup", "plot_tournament"]


class PlotError(ValueError):
    """The plot cannot be made (reported to the user as a message)."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise PlotError("--plot needs matplotlib (a dependency of warband): pip install matplotlib") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def check_plot_path(path: Path) -> None:
    """Refuse a bad ``--plot`` before any game is played."""
    if path.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise PlotError(f"--plot must name a .png, .svg or .pdf file, not {path.name!r}")
    if not path.parent.exists():
        raise PlotError(f"--plot: folder {path.parent} does not exist")
    _pyplot()


def _save(fig: Any, path: Path) -> None:
    plt = _pyplot()
    try:
        fig.savefig(path, dpi=120)
    except OSError as exc:
        raise PlotError(f"cannot write {path}: {exc.strerror}") from None
    finally:
        plt.close(fig)


def plot_matchup(summary: Mapping[str, Any], path: Path) -> None:
    """Win and draw rates with their 95% intervals, and the distribution of the VP margin."""
    plt = _pyplot()
    sides: list[str] = summary["sides"]
    names = summary.get("warbands", {s: s.upper() for s in sides})
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    labels = [f"{names[s]}\n({s.upper()}) wins" for s in sides] + ["draws"]
    rates = [summary["win_rate"][s] or 0.0 for s in sides] + [summary["draw_rate"] or 0.0]
    lows = [rates[i] - (summary["ci95"][s] or [0, 0])[0] for i, s in enumerate(sides)] + [0.0]
    highs = [(summary["ci95"][s] or [0, 0])[1] - rates[i] for i, s in enumerate(sides)] + [0.0]
    left.bar(labels, rates, yerr=[lows, highs], capsize=6, color=["tab:blue", "tab:red", "tab:gray"])
    left.axhline(0.5, color="black", linewidth=0.8, linestyle=":")
    left.set_ylim(0, 1)
    left.set_ylabel("share of games (95% Wilson interval)")
    left.set_title(f"{summary['games']} games")
    margins = {int(k): v for k, v in summary["vp_margin_histogram"].items()}
    if margins:
        xs = sorted(margins)
        right.bar(xs, [margins[x] for x in xs], color="tab:purple")
    right.axvline(0, color="black", linewidth=0.8)
    right.set_xlabel(f"VP margin ({sides[0].upper()} minus {sides[1].upper()})")
    right.set_ylabel("games")
    right.set_title("Victory Point margin")
    fig.tight_layout()
    _save(fig, path)


def plot_tournament(labels: Sequence[str], matrix: Sequence[Sequence[float | None]], path: Path,
                    title: str = "Win rate of row against column") -> None:
    """A heatmap of the win-rate matrix (row list against column list, both seatings)."""
    plt = _pyplot()
    import numpy as np

    size = len(labels)
    data = np.array([[np.nan if v is None else v for v in row] for row in matrix], dtype=float)
    fig, ax = plt.subplots(figsize=(2 + 1.2 * size, 1.5 + 1.0 * size))
    image = ax.imshow(data, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(size), labels=list(labels), rotation=30, ha="right")
    ax.set_yticks(range(size), labels=list(labels))
    for i in range(size):
        for j in range(size):
            text = "-" if np.isnan(data[i, j]) else f"{data[i, j]:.0%}"
            ax.text(j, i, text, ha="center", va="center", color="black")
    fig.colorbar(image, ax=ax, label="win rate")
    ax.set_title(title)
    fig.tight_layout()
    _save(fig, path)
