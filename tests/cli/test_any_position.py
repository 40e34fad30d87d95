"""A position goes wherever a position goes: files, codes of any length, and standard input."""

from __future__ import annotations

from pathlib import Path

import pytest

from tongiaki_rules import GameRecord, GameState, new_game
from tongiaki_rules.cli._common import is_file_name, read_source

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch

LONG_CODE = (Path(__file__).parent / "fixtures" / "long_position_code.txt").read_text().strip()
"""A 6-player position in the middle of a voyage: the longest code found (678 characters)."""


def test_the_long_code_is_longer_than_any_file_name_allows() -> None:
    assert len(LONG_CODE) >= 600
    assert not GameState.from_position_code(LONG_CODE).is_terminal


@pytest.mark.parametrize(
    "text", [LONG_CODE, "x" * 5000, "a" + chr(0) + "b", "T1_" + "/" * 300, "-" * 256]
)
def test_telling_a_file_from_a_code_never_raises(text: str) -> None:
    assert is_file_name(text) is False


def test_render_draws_a_600_character_code(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, err = run(capsys, monkeypatch, "render", LONG_CODE, "--format", "map")
    assert status == 0, err
    assert "Tongiaki, 6 players" in out


def test_render_writes_an_svg_of_a_600_character_code(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    target = tmp_path / "x.svg"
    status, _out, err = run(capsys, monkeypatch, "render", LONG_CODE, "-o", str(target))
    assert status == 0, err
    assert target.read_text().startswith("<?xml")


def test_render_reads_a_code_or_json_from_standard_input(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    status, out, err = run(
        capsys, monkeypatch, "render", "-", "--format", "list", stdin=LONG_CODE + "\n"
    )
    assert status == 0, err
    assert out.startswith("Tongiaki, 6 players")
    state_json = GameState.from_position_code(LONG_CODE).to_json()
    status, out2, err = run(
        capsys, monkeypatch, "render", "-", "--format", "list", stdin=state_json
    )
    assert status == 0, err
    assert out2 == out


def test_play_starts_from_a_600_character_code(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, err = run(
        capsys, monkeypatch, "play", "--from", LONG_CODE, "--human", "none", "--seed", "4"
    )
    assert status == 0, err
    assert "Starting from the position with the code T1_" in out
    assert "(678 characters)" in out
    assert "Winner" in out or "winners" in out.lower() or "Game over" in out


def test_play_reads_the_position_from_the_first_line_of_standard_input(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    status, out, err = run(
        capsys,
        monkeypatch,
        "play",
        "--from",
        "-",
        "--human",
        "none",
        "--seed",
        "4",
        stdin=LONG_CODE + "\n",
    )
    assert status == 0, err
    assert "Starting from the position read from standard input" in out


def test_replay_shows_a_600_character_code_as_a_record_without_moves(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    status, out, err = run(capsys, monkeypatch, "replay", LONG_CODE)
    assert status == 0, err
    assert "The record has no moves." in out
    assert "Tongiaki, 6 players" in out  # the position is shown


def test_resume_with_a_code_points_to_from(capsys: Capsys, monkeypatch: Patch) -> None:
    status, _out, err = run(capsys, monkeypatch, "play", "--resume", LONG_CODE)
    assert_one_line_error(status, err)
    assert "is a position code, not a game record" in err and "--from" in err


@pytest.mark.parametrize("command", ["render", "replay"])
def test_a_long_text_that_is_neither_file_nor_code_is_one_line(
    capsys: Capsys, monkeypatch: Patch, command: str
) -> None:
    status, _out, err = run(capsys, monkeypatch, command, "x" * 1000)
    assert_one_line_error(status, err)
    assert "is not a position code" in err
    assert len(err) < 400  # the text is shortened in the message


def test_a_bad_long_code_names_the_bad_part(capsys: Capsys, monkeypatch: Patch) -> None:
    status, _out, err = run(capsys, monkeypatch, "render", LONG_CODE[:-5] + "~~~~~")
    assert_one_line_error(status, err)
    assert "position code" in err


def test_read_source_takes_files_codes_and_records(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(GameRecord(2).to_json())
    assert isinstance(read_source(str(record)), GameRecord)
    assert read_source(new_game(3).to_position_code()) == new_game(3)
