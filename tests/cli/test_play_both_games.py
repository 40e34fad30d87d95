"""``tongiaki play --game toncc``: one play command for both games, secrets kept in hot-seat."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from tongiaki_rules.cli._common import ask
from tongiaki_rules.toncc._record import TonccRecord

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


@pytest.mark.parametrize(
    ("options", "stdin"),
    [
        (("--seed", "3"), "1\nhelp\n7\n2\nmap\nboard\n"),
        (("--human", "none", "--seed", "4"), ""),
        (("--humans", "3", "--seed", "7"), "1\n2\n3\nx\n\n4\n5\n6\nquit\n"),
    ],
)
def test_play_game_toncc_is_the_toncc_play_command(
    capsys: Capsys, monkeypatch: Patch, options: tuple[str, ...], stdin: str
) -> None:
    """The alias and the one command print the same, exit the same (only the name differs)."""
    old = run(capsys, monkeypatch, "toncc", "play", *options, stdin=stdin)
    new = run(capsys, monkeypatch, "play", "--game", "toncc", *options, stdin=stdin)
    assert new[0] == old[0] and new[1] == old[1]
    assert new[2] == old[2].replace("tongiaki toncc play:", "tongiaki play:")


def test_a_record_of_play_game_toncc_replays(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    argv = ("play", "--game", "toncc", "--human", "none", "--seed", "2", "--record", str(path))
    status, out, _ = run(capsys, monkeypatch, *argv)
    assert status == 0 and f"Game record written to {path}" in out
    assert TonccRecord.from_json(path.read_text("utf-8")).replay().is_terminal


def test_hot_seat_never_shows_a_choice_before_all_have_chosen(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    """Piped answers are not written back, and a refused one is not quoted (it may hint)."""
    status, out, _ = run(
        capsys,
        monkeypatch,
        *("play", "--game", "toncc", "--human", "all", "--seed", "1"),
        stdin="3.\n1\n4\n2\nquit\n",
    )
    assert status == 0
    before_reveal = out.split("Revealed:")[0]
    assert "Red (player 1), your move (1-6)> \n" in before_reveal
    assert "3." not in before_reveal and "> 1" not in before_reveal
    assert "That is not a move: type 1 to 6, or help" in before_reveal
    assert "Revealed: Red 1 (E) -> I1, Yellow 4 (W) -> I4, Blue 2 (NE) -> I2" in out


def test_a_hidden_answer_at_a_terminal_is_read_without_echo(monkeypatch: Patch) -> None:
    typed: list[str] = []

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    def getpass(prompt: str) -> str:
        typed.append(prompt)
        return "4"

    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr("getpass.getpass", getpass)
    assert ask("Red> ", hidden=True) == "4" and typed == ["Red> "]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--game", "toncc", "--svg-dir", "x"), "--svg-dir: a Tongiaki option"),
        (("--game", "toncc", "--board", "always"), "--board: a Tongiaki option"),
        (("--game", "toncc", "--players", "4"), "--players: Tóncc is played by 3, not 4"),
        (("--game", "toncc", "--lang", "de"), "--lang: a Tongiaki option"),
        (("--game", "toncc", "--bots", "mcts"), "'mcts' is not a bot"),
        (
            (
                "--humans",
                "2",
            ),
            "--humans: a Tóncc option",
        ),
        (
            (
                "--game",
                "chess",
            ),
            "invalid choice",
        ),
    ],
)
def test_options_of_the_other_game_are_refused_in_one_line(
    capsys: Capsys, monkeypatch: Patch, argv: tuple[str, ...], message: str
) -> None:
    status, _, err = run(capsys, monkeypatch, "play", *argv, stdin="quit\n")
    assert_one_line_error(status, err)
    assert message in err
