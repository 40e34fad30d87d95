"""Colour, the hex map and rich in the command line: only on a terminal, never in the core."""

from __future__ import annotations

import importlib
import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tongiaki_rules import GameRecord, SetupPlace, new_game
from tongiaki_rules.cli import _console as console
from tongiaki_rules.cli._console import colour_wanted, print_map, rich_console
from tongiaki_rules.cli._simulate import RichProgress, print_rich_summary
from tongiaki_rules.simulation import simulate
from tongiaki_rules.textmap import map_lines, render_map

from .cli_helpers import run

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SRC = Path(__file__).resolve().parents[2] / "src"


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_importing_the_library_never_imports_rich() -> None:
    code = (
        "import sys, tongiaki_rules, tongiaki_rules.textmap, tongiaki_rules.simulation; "
        "print('rich' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC)},
    )
    assert done.stdout.strip() == "False"


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert colour_wanted(Terminal()) and not colour_wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_wanted(Terminal())


def test_the_map_is_plain_text_when_not_a_terminal() -> None:
    out = io.StringIO()
    print_map(new_game(3), out)
    assert out.getvalue() == render_map(new_game(3)) + "\n"


def test_rich_draws_the_map_in_colour_with_the_same_text() -> None:
    out = io.StringIO()
    state = new_game(2).apply(SetupPlace(3))
    print_map(state, out, console=rich_console(out, force=True))
    text = out.getvalue()
    assert ANSI.search(text)
    assert ANSI.sub("", text).splitlines() == map_lines(state)


def test_a_terminal_without_rich_gets_ansi_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    real = importlib.import_module

    def no_rich(name: str, *args: Any) -> Any:
        if name.startswith("rich"):
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(console.importlib, "import_module", no_rich)
    out = Terminal()
    print_map(new_game(2), out)
    assert out.getvalue() == render_map(new_game(2), colour=True) + "\n"


def test_no_color_keeps_a_terminal_plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    out = Terminal()
    print_map(new_game(2), out)
    assert out.getvalue() == render_map(new_game(2)) + "\n"


def test_rich_summary_tables_hold_the_same_cells_as_the_text() -> None:
    summary = simulate(["random", "greedy"], games=4, players=2)
    out = io.StringIO()
    print_rich_summary(summary, rich_console(out, force=True))
    shown = ANSI.sub("", out.getvalue())
    for heading in ("Bot", "Seats", "Win rate", "Mean score", "Per game", "Game ended by"):
        assert heading in shown
    for row in summary.bot_results():
        assert re.search(rf"{row.bot}\s.*\s{row.seats}\s", shown)
    assert shown.splitlines()[0] == summary.to_text().splitlines()[0]


def test_the_rich_progress_bar_counts_games() -> None:
    out = io.StringIO()
    bar = RichProgress(rich_console(out, force=True))
    for done in range(1, 4):
        bar(done, 3)
    bar.close()
    assert "3/3" in ANSI.sub("", out.getvalue())


def test_events_that_never_happened_are_named_in_one_line_not_shown_as_zero() -> None:
    summary = simulate(["random"], games=2, players=2, seed=1)
    text = summary.to_text()
    assert summary.event_rates()["closed_routes"].total == 0
    assert "closed routes " not in text
    assert text.rstrip().endswith("Not seen in these games: closed routes.")


def test_render_format_map_prints_the_hex_map(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text(GameRecord(2, actions=[SetupPlace(3)]).to_json(), encoding="utf-8")
    status, out, err = run(capsys, monkeypatch, "render", str(path), "--format", "map")
    assert status == 0 and err == ""
    state = new_game(2).apply(SetupPlace(3))
    assert out == render_map(state) + "\n"
    target = tmp_path / "map.txt"
    argv = ["render", str(path), "--format", "map", "-o", str(target)]
    assert run(capsys, monkeypatch, *argv)[0] == 0
    assert target.read_text(encoding="utf-8") == render_map(state) + "\n"
    assert run(capsys, monkeypatch, "render", str(path), "--map") == (0, out, "")
    status, old, note = run(capsys, monkeypatch, "render", str(path), "--text")
    assert (status, old) == (0, out)
    assert "--text is the old spelling of --map" in note


def test_simulate_json_never_has_colour(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdout", Terminal())
    from tongiaki_rules.cli import main

    assert main(["simulate", "--games", "2", "--players", "2", "--json", "--no-progress"]) == 0
    shown = sys.stdout.getvalue()  # type: ignore[attr-defined]
    assert shown.startswith("{") and "\x1b" not in shown
