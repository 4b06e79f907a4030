"""``warband odds`` with bad or hostile command lines (issue 9, sections 3 and 4): every one
gets a message and exit status 2, never a traceback or a silently wrong answer."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from warband.cli.odds import main


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(args)
    out = capsys.readouterr()
    return code, " ".join((out.out + out.err).replace("│", " ").split())


@pytest.mark.parametrize("name", ["out.txt", "out", "chart.PNG.exe"])
def test_plot_to_an_unknown_format_is_refused(tmp_path: Path, name: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["arcworlde", "attack", "--power", "3", "--plot", str(tmp_path / name)],
                      capsys)
    assert code == 2 and "--plot must name a .png, .svg or .pdf file" in text
    assert not (tmp_path / name).exists()


def test_plot_of_a_query_without_a_chart_says_so(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["raiders", "combat", "--plot", str(tmp_path / "x.png")], capsys)
    assert code == 2 and "gives no chart to plot" in text


@pytest.mark.parametrize("args", [["raiders", "cast", "--difficulty", "4", "--power"],
                                  ["arcworlde", "attack", "--power", "--armour", "1"]])
def test_an_option_without_its_value_is_refused(args: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(args, capsys)
    assert code == 2 and "--power needs a value" in text


def test_a_flag_without_a_value_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = _run(["raiders", "cast", "--difficulty", "4", "--counter", "--json"], capsys)
    assert code == 0


def test_a_reader_closing_the_pipe_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    """``warband odds ... --json | head``: no BrokenPipeError traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    saved = os.dup(write_end)  # the pipe's descriptor is pointed at /dev/null afterwards
    stream = io.TextIOWrapper(io.FileIO(write_end, "w"), write_through=True)
    monkeypatch.setattr(sys, "stdout", stream)
    try:
        code = main(["arcworlde", "attack", "--power", "5", "--json"])
        assert code == 141
        stream.write("more text\n")  # stdout now goes nowhere instead of failing
        stream.flush()
    finally:
        monkeypatch.undo()
        stream.close()
        os.close(saved)
