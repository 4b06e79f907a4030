"""Showing a :class:`~warband.odds.result.Result` to people: rich tables, a terminal bar chart,
and a matplotlib chart file. Imported only when needed (the CLI's ``--json`` path never loads
rich tables or matplotlib)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from warband.odds.result import Chart, Result

__all__ = ["bar_lines", "print_result", "save_plot"]

_BLOCKS = " ▏▎▍▌▋▊▉█"


def _bar(fraction: float, width: int) -> str:
    """A horizontal bar of ``fraction`` (0..1) of ``width`` cells, with eighth-cell precision."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + (_BLOCKS[part] if part else "")


def bar_lines(chart: Chart, width: int = 40, exact: bool = False) -> list[str]:
    """The chart as text lines: label, bar scaled to the largest value, value."""
    values = [float(v) for v in chart.values]
    top = max(values, default=0.0) or 1.0
    label_width = max((len(label) for label in chart.labels), default=0)
    lines = []
    for label, raw, value in zip(chart.labels, chart.values, values, strict=True):
        if chart.percent:
            shown = f"{value * 100:6.2f}%"
            if exact and isinstance(raw, Fraction):
                shown += f"  {raw}"
        else:
            shown = f"{value:.3f}"
        lines.append(f"{label.rjust(label_width)} │{_bar(value / top, width).ljust(width)}│ {shown}")
    return lines


def print_result(result: Result, exact: bool = False, console: Any = None) -> None:
    """Print tables, bar charts and notes with rich."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table as RichTable

    console = console or Console(highlight=False, soft_wrap=True)
    for table in result.tables:
        rich_table = RichTable(title=escape(table.title))
        for i, column in enumerate(table.columns):
            rich_table.add_column(escape(column), justify="left" if i == 0 else "right")
        for row in table.rows:
            rich_table.add_row(*(escape(_cell(c, exact)) for c in row))
        console.print(rich_table)
    for chart in result.charts:
        console.print(f"[bold]{escape(chart.title)}[/bold]")
        for line in bar_lines(chart, exact=exact):
            console.print(escape(line))
    for note in result.notes:
        console.print(f"[dim]note: {escape(note)}[/dim]")
    if result.rule_ids:
        console.print(f"[dim]rules: {', '.join(result.rule_ids)}[/dim]")


def _cell(value: Any, exact: bool) -> str:
    if isinstance(value, Fraction):
        return str(value) if exact else f"{float(value) * 100:.2f}%"
    return str(value)


def save_plot(result: Result, path: Path) -> None:
    """Save the result's charts as one image (matplotlib, Agg backend)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    charts = result.charts
    if not charts:
        raise ValueError("this result has no chart to plot")
    fig, axes = plt.subplots(len(charts), 1, figsize=(8, 3.5 * len(charts)), squeeze=False)
    try:
        for ax, chart in zip(axes[:, 0], charts, strict=True):
            values = [float(v) * (100 if chart.percent else 1) for v in chart.values]
            bars = ax.bar(list(chart.labels), values, color="#4a7ab5")
            ax.set_title(chart.title)
            ax.set_ylabel("probability (%)" if chart.percent else "value")
            if chart.xlabel:
                ax.set_xlabel(chart.xlabel)
            if len(values) <= 24:
                ax.bar_label(bars, fmt="%.1f" if chart.percent else "%.2f", fontsize=8)
        fig.tight_layout()
        fig.savefig(path, dpi=110)
    finally:
        plt.close(fig)
