"""``tongiaki play --resume RECORD`` and ``--from POSITION``; replay and render of such records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tongiaki_rules import GameRecord, GameState, play_random_game, replay
from tongiaki_rules.cli._table import bot_seed, resume_seed

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch

TWO = ["play", "--players", "2", "--human", "0", "--bots", "greedy", "--seed", "5"]
ENOUGH = "1\n" * 2000


def saved_game(capsys: Capsys, monkeypatch: Patch, folder: Path, answers: int = 8) -> Path:
    """A two-player game against greedy, saved after ``answers`` answers of seat 0."""
    path = folder / "saved.json"
    stdin = "1\n" * answers + f"save {path}\nquit\n"
    status, _out, _err = run(capsys, monkeypatch, *TWO, stdin=stdin)
    assert status == 0
    return path


def load(path: Path) -> GameRecord:
    return GameRecord.from_json(path.read_text(encoding="utf-8"))


def position_file(folder: Path, state: GameState, name: str = "position.json") -> Path:
    path = folder / name
    path.write_text(state.to_json(), encoding="utf-8")
    return path


MIDDLE = play_random_game(3, seed=2)[70]
"""A mid-game position of three players."""


def test_a_saved_game_resumes_where_it_stopped_with_its_seats_and_seed(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    saved = saved_game(capsys, monkeypatch, tmp_path)
    before = load(saved)
    final = tmp_path / "final.json"
    argv = ["play", "--resume", str(saved), "--record", str(final)]
    status, out, err = run(capsys, monkeypatch, *argv, stdin=ENOUGH)
    assert status == 0 and err == ""
    moves = len(before.actions)
    lines = out.splitlines()
    assert lines[2] == "At the table: seat 0 Blue (human), seat 1 Red (greedy); seed 5"
    assert lines[3] == f"Resuming the game in {saved} after {moves} moves."
    after = load(final)
    assert after.actions[:moves] == before.actions
    assert dict(after.metadata) == dict(before.metadata)
    assert replay(after).is_terminal
    assert "Final scores:" in out


def test_resuming_the_same_record_with_the_same_answers_plays_the_same_game(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    saved = saved_game(capsys, monkeypatch, tmp_path)
    first = run(capsys, monkeypatch, "play", "--resume", str(saved), stdin=ENOUGH)
    second = run(capsys, monkeypatch, "play", "--resume", str(saved), stdin=ENOUGH)
    assert first == second and first[0] == 0


def test_the_seeds_of_a_resumed_game_come_from_the_recorded_seed_and_the_moves() -> None:
    assert resume_seed(5, 12) == resume_seed(5, 12)
    assert len({resume_seed(5, 12), resume_seed(5, 13), resume_seed(6, 12)}) == 3
    assert bot_seed(resume_seed(5, 12), 1) != bot_seed(5, 1)


def test_a_bot_spec_with_options_is_kept_in_the_record_and_on_resume(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--players", "2", "--bots", "mcts:iterations=5", "--seed", "1"]
    status, _out, _err = run(capsys, monkeypatch, *argv, "--record", str(path), stdin="1\nquit\n")
    assert status == 0
    assert load(path).metadata["seat1"] == "mcts:iterations=5"
    status, out, _err = run(capsys, monkeypatch, "play", "--resume", str(path), stdin="quit\n")
    assert status == 0 and "seat 1 Red (mcts)" in out


def test_a_record_without_seats_takes_human_and_bots_and_stores_them(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    record = GameRecord.from_states(play_random_game(2, seed=4)[:30], metadata={"event": "club"})
    path = tmp_path / "library.json"
    path.write_text(record.to_json(), encoding="utf-8")
    final = tmp_path / "final.json"
    argv = ["play", "--resume", str(path), "--human", "none", "--seed", "9"]
    status, out, err = run(capsys, monkeypatch, *argv, "--record", str(final))
    assert status == 0 and err == "", err
    assert "seat 0 Blue (random), seat 1 Red (random); seed 9" in out
    after = load(final)
    assert after.actions[:29] == record.actions and replay(after).is_terminal
    assert dict(after.metadata) == {
        "event": "club",
        "seed": 9,
        "seat0": "random",
        "seat1": "random",
    }


def test_a_game_from_a_position_plays_on_and_its_record_starts_there(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    position = position_file(tmp_path, MIDDLE)
    final = tmp_path / "game.json"
    argv = ["play", "--from", str(position), "--human", "none", "--seed", "3"]
    status, out, err = run(capsys, monkeypatch, *argv, "--record", str(final))
    assert status == 0 and err == ""
    assert f"Starting from the position in {position}." in out.splitlines()
    record = load(final)
    assert record.start == MIDDLE and replay(record).is_terminal
    assert json.loads(final.read_text(encoding="utf-8"))["start"]["schema"] == "tongiaki-state"
    # and such a record resumes like any other
    again = run(capsys, monkeypatch, "play", "--resume", str(final))
    assert again[0] == 2 and "the game is over" in again[2]


def test_a_game_starts_from_a_position_code_and_its_record_starts_there(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    code = MIDDLE.to_position_code()
    final = tmp_path / "game.json"
    argv = ["play", "--from", code, "--human", "none", "--seed", "3", "--record", str(final)]
    status, out, err = run(capsys, monkeypatch, *argv)
    assert status == 0 and err == ""
    assert f"Starting from the position with the code {code}." in out.splitlines()
    assert load(final).start == MIDDLE


def test_render_draws_a_position_code_and_names_a_bad_one(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    code = MIDDLE.to_position_code()
    status, out, err = run(capsys, monkeypatch, "render", code, "--format", "list")
    assert status == 0 and err == "" and out == str(MIDDLE) + "\n"
    status, out, err = run(capsys, monkeypatch, "render", code + "~zz1.1.1")
    assert_one_line_error(status, err)
    assert "FILE: position code, table" in err and out == ""


def test_saving_a_game_from_a_position_and_resuming_it(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    position = position_file(tmp_path, MIDDLE)
    saved = tmp_path / "saved.json"
    argv = ["play", "--from", str(position), "--human", "all", "--seed", "3"]
    status, _out, _err = run(capsys, monkeypatch, *argv, stdin=f"1\n1\nsave {saved}\nquit\n")
    assert status == 0
    record = load(saved)
    assert record.start == MIDDLE and len(record.actions) >= 2
    final = tmp_path / "final.json"
    argv = ["play", "--resume", str(saved), "--record", str(final)]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin=ENOUGH)
    assert status == 0 and "seat 0 Blue (human), seat 1 Red (human), seat 2 Green (human)" in out
    after = load(final)
    assert after.start == MIDDLE and after.actions[: len(record.actions)] == record.actions


def test_replay_and_render_read_records_that_start_from_a_position(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    states = play_random_game(3, seed=2)
    record = GameRecord.from_states(states[70:90])
    path = tmp_path / "from-position.json"
    path.write_text(record.to_json(indent=2), encoding="utf-8")
    status, told, err = run(capsys, monkeypatch, "replay", str(path))
    assert status == 0 and err == ""
    assert "The record starts from a position, not a new game (" in told
    assert told.count("\nMove ") == len(record.actions) == 19
    status, text, err = run(capsys, monkeypatch, "render", str(path), "--format", "list")
    assert status == 0 and text == str(states[89]) + "\n"
    status, text, _err = run(
        capsys, monkeypatch, "render", str(path), "--move", "0", "--format", "list"
    )
    assert status == 0 and text == str(states[70]) + "\n"
    status, svg, _err = run(capsys, monkeypatch, "render", str(path), "--move", "3")
    assert status == 0 and "Move 3 of 19" in svg


def test_a_finished_game_cannot_be_resumed_or_started_from(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    states = play_random_game(2, seed=6)
    finished = tmp_path / "finished.json"
    finished.write_text(GameRecord.from_states(states).to_json(), encoding="utf-8")
    status, out, err = run(capsys, monkeypatch, "play", "--resume", str(finished))
    assert_one_line_error(status, err)
    assert f"the game is over (after {len(states) - 1} moves)" in err
    assert f"tongiaki replay {finished}" in err and out == ""
    position = position_file(tmp_path, states[-1])
    status, out, err = run(capsys, monkeypatch, "play", "--from", str(position))
    assert_one_line_error(status, err)
    assert "the position is a finished game" in err


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    record = GameRecord.from_states(play_random_game(2, seed=4)[:30], metadata={"seed": 1})
    texts = {
        "record": record.to_json(),
        "state": MIDDLE.to_json(),
        "corrupt": record.to_json()[:-40],
        "illegal": record.to_json().replace('"beach":1}', '"beach":9}', 1),
        "chess": '{"schema": "chess-game", "version": 1}',
        "bad_start": json.dumps({**record.to_dict(), "start": {"schema": "tongiaki-state"}}),
        "bad_seat": GameRecord(2, metadata={"seat0": "human", "seat1": "genius"}).to_json(),
        "bad_seed": GameRecord(2, metadata={"seed": "five"}).to_json(),
        "missing_seat": GameRecord(2, metadata={"seat0": "human"}).to_json(),
        "seated": GameRecord(2, metadata={"seat0": "human", "seat1": "random"}).to_json(),
    }
    paths = {"missing": str(tmp_path / "missing.json"), "folder": str(tmp_path)}
    for name, text in texts.items():
        (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")
        paths[name] = str(tmp_path / f"{name}.json")
    return paths


HOSTILE = [
    (["--resume", "{missing}"], "cannot read"),
    (["--resume", "{folder}"], "Is a directory"),
    (["--resume", "{state}"], "holds a single position, not a game record; start a game from it"),
    (["--resume", "{corrupt}"], "is not a valid game record: not valid JSON"),
    (["--resume", "{chess}"], "expected 'tongiaki-record', not 'chess-game'"),
    (["--resume", "{illegal}"], "is illegal"),
    (["--resume", "{bad_start}"], "start: missing field 'version'"),
    (["--resume", "{bad_seat}"], "metadata.seat1: unknown bot 'genius'"),
    (["--resume", "{bad_seed}"], "metadata.seed: expected a whole number"),
    (["--resume", "{missing_seat}"], "metadata.seat1: missing"),
    (["--resume", "-"], "standard input holds the game's answers"),
    (["--resume", "{record}", "--players", "2"], "--players cannot go with --resume"),
    (["--resume", "{record}", "--start-player", "1"], "--start-player cannot go with --resume"),
    (["--resume", "{record}", "--rody"], "--rody cannot go with --resume"),
    (["--resume", "{record}", "--rule", "failure_ends_turn=true"], "--rule cannot go with"),
    (["--resume", "{record}", "--seed", "4"], "the record keeps its seed (1)"),
    (["--resume", "{seated}", "--human", "all"], "the record keeps its seats"),
    (["--resume", "{seated}", "--bots", "greedy"], "the record keeps its seats"),
    (["--resume", "{record}", "--from", "{state}"], "--resume and --from cannot go together"),
    (["--from", "{missing}"], "there is no such file, and it is not a position code"),
    (["--from", "T1_30_tB_to000.BBBB"], "--from: position code, table entry 0"),
    (["--from", "T1_20_sB_to000", "--players", "3"], "--players cannot go with --from"),
    (["--from", "T1_20_gB_to000"], "position code"),
    (["--from", "{folder}"], "Is a directory"),
    (["--from", "{record}"], "holds a game record, not a position; continue the game with"),
    (["--from", "{corrupt}"], "is not a valid game record"),
    (["--from", "{chess}"], "expected 'tongiaki-record', not 'chess-game'"),
    (["--from", "-"], "the first line of standard input, '1', is neither"),
    (["--from", "{state}", "--players", "3"], "--players cannot go with --from"),
    (["--from", "{state}", "--two-colour"], "--two-colour cannot go with --from"),
    (["--from", "{state}", "--human", "7"], "there is no seat 7 with 3 players"),
]


@pytest.mark.parametrize(("argv", "fragment"), HOSTILE, ids=[" ".join(a) for a, _f in HOSTILE])
def test_bad_resume_and_from_are_one_line_and_exit_status_2(
    capsys: Capsys, monkeypatch: Patch, files: dict[str, str], argv: list[str], fragment: str
) -> None:
    args = [arg.format(**files) for arg in argv]
    status, out, err = run(capsys, monkeypatch, "play", *args, stdin="1\n" * 50)
    assert_one_line_error(status, err)
    assert err.startswith("tongiaki play: error: ")
    assert fragment in err, err
    assert out == ""
