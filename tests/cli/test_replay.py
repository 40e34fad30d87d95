"""``tongiaki replay``: a recorded game told move by move."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tongiaki_rules import GameRecord, SetupPlace, format_action, replay, replay_states
from tongiaki_rules.bots import RandomBot, play_match
from tongiaki_rules.narration import narrate
from tongiaki_rules.textmap import render_map

from .cli_helpers import assert_one_line_error, doc_session, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch
MOVE = re.compile(r"^Move (\d+), (seat \d \w+|chance): (.+)$")


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return play_match([RandomBot(seed=4), RandomBot(seed=5), RandomBot(seed=6)], seed=7)


@pytest.fixture
def record_file(record: GameRecord, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def moves(out: str) -> list[tuple[int, str, str]]:
    found = [MOVE.match(line) for line in out.splitlines()]
    return [(int(m[1]), m[2], m[3]) for m in found if m]


def test_every_move_is_printed_with_who_made_it_and_the_story(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path
) -> None:
    status, out, err = run(capsys, monkeypatch, "replay", str(record_file))
    assert status == 0 and err == ""
    told = moves(out)
    assert [number for number, _who, _what in told] == list(range(1, len(record.actions) + 1))
    assert [what for _n, _who, what in told] == [format_action(a) for a in record.actions]
    states = list(replay_states(record))
    for (_n, who, _what), state in zip(told, states, strict=False):
        expected = "chance" if state.is_chance_node else f"seat {state.current_player} "
        assert who.startswith(expected)
    # apart from the move lines and the metadata, the story is narrate's, line for line
    story = [
        line.removeprefix("    ")
        for line in out.splitlines()
        if not MOVE.match(line) and not line.startswith("Metadata: ")
    ]
    assert story == list(narrate(states, record.actions))
    assert "Metadata: seat0=random, seat1=random, seat2=random, seed=7" in out


def test_from_and_to_choose_the_moves_shown(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path
) -> None:
    status, out, _err = run(
        capsys, monkeypatch, "replay", str(record_file), "--from", "5", "--to", "9"
    )
    assert status == 0
    assert [n for n, _who, _what in moves(out)] == [5, 6, 7, 8, 9]
    assert out.splitlines()[-1] == f"(stopped after move 9 of {len(record.actions)})"
    assert "Final scores:" not in out
    status, out, _err = run(capsys, monkeypatch, "replay", str(record_file), "--from", "20")
    assert [n for n, _who, _what in moves(out)] == list(range(20, len(record.actions) + 1))
    assert "Final scores:" in out


def test_board_shows_the_position_after_each_move(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path
) -> None:
    argv = ["replay", str(record_file), "--from", "10", "--to", "12", "--board"]
    status, out, _err = run(capsys, monkeypatch, *argv)
    assert status == 0
    assert out.count("Tongiaki, 3 players; ") == 4  # before move 10, then after 10, 11, 12
    assert "Position before move 10:\n" + render_map(replay(record, upto=9)) in out
    assert render_map(replay(record, upto=12)) in out


def test_step_waits_for_enter_goes_back_jumps_and_quits(
    capsys: Capsys, monkeypatch: Patch, record_file: Path
) -> None:
    argv = ["replay", str(record_file), "--step", "--no-board", "--from", "3", "--to", "8"]
    status, out, err = run(capsys, monkeypatch, *argv, stdin="\nb\nb\n7\n99\nwhat\nq\n")
    assert status == 0 and err == ""
    assert [n for n, _who, _what in moves(out)] == [3, 4, 3, 7]
    assert "Move 3 is the first one shown." in out
    assert out.count("or type a move number from 3 to 8.") == 2
    assert out.splitlines()[-1].startswith("(stopped after move 7 of ")
    assert "Tongiaki, 3 players" not in out


def test_step_shows_the_board_and_prints_the_rest_when_the_input_ends(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path
) -> None:
    argv = ["replay", str(record_file), "--step", "--from", "40"]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin="\n")
    assert status == 0
    assert [n for n, _who, _what in moves(out)] == list(range(40, len(record.actions) + 1))
    assert out.count("Tongiaki, 3 players; ") == len(record.actions) - 40 + 2
    assert "Final scores:" in out


def test_a_record_without_moves_says_so(capsys: Capsys, monkeypatch: Patch, tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_text(GameRecord(2).to_json(), encoding="utf-8")
    status, out, _err = run(capsys, monkeypatch, "replay", str(path))
    assert status == 0
    assert out.splitlines()[-1] == "The record has no moves."


def test_an_illegal_action_is_reported_with_its_index_before_anything_is_printed(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, tmp_path: Path
) -> None:
    broken = GameRecord(3, actions=[*record.actions[:2], SetupPlace(9), *record.actions[3:]])
    path = tmp_path / "broken.json"
    path.write_text(broken.to_json(), encoding="utf-8")
    status, out, err = run(capsys, monkeypatch, "replay", str(path))
    assert_one_line_error(status, err)
    assert out == ""
    assert err.startswith("tongiaki replay: error: actions[2]: SetupPlace(beach=9) is illegal")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--from", "0"], "the record has moves 1 to "),
        (["--to", "100000"], "the record has moves 1 to "),
        (["--from", "9", "--to", "3"], "--from may not come after --to"),
        (["--from", "x"], "--from"),  # argparse's words vary with Python's version
    ],
)
def test_bad_ranges_are_one_line_and_exit_status_2(
    capsys: Capsys, monkeypatch: Patch, record_file: Path, extra: list[str], message: str
) -> None:
    status, out, err = run(capsys, monkeypatch, "replay", str(record_file), *extra)
    assert_one_line_error(status, err)
    assert message in err and out == ""


def test_a_state_file_is_told_as_a_record_without_moves(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, tmp_path: Path
) -> None:
    path = tmp_path / "state.json"
    path.write_text(replay(record, upto=3).to_json(), encoding="utf-8")
    status, out, err = run(capsys, monkeypatch, "replay", str(path))
    assert status == 0, err
    assert "The record starts from a position" in out
    assert "The record has no moves." in out
    assert "Tonga" in out  # the position is shown


def test_the_samples_in_the_docs_are_what_the_program_prints(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["play", "--human", "none", "--players", "2", "--seed", "8", "--record", "game.json"]
    assert run(capsys, monkeypatch, *argv)[0] == 0
    shown = doc_session("tongiaki replay game.json --from 5 --to 9")
    out = run(capsys, monkeypatch, "replay", "game.json", "--from", "5", "--to", "9")[1]
    assert out == shown, "docs/how-to/command-line.md: paste the new output in"
    shown = doc_session("tongiaki replay game.json --step --no-board --from 7")
    argv = ["replay", "game.json", "--step", "--no-board", "--from", "7"]
    out = run(capsys, monkeypatch, *argv, stdin="\n\nq\n")[1]
    assert out == shown, "docs/how-to/command-line.md: paste the new output in"
