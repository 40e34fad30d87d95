"""``--svg-dir DIR`` of ``tongiaki play`` and ``tongiaki replay``: a picture of every position."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tongiaki_rules import GameRecord, replay
from tongiaki_rules._atomic import TEMP_PREFIX
from tongiaki_rules.bots import RandomBot, play_match
from tongiaki_rules.cli._svgdir import svg_name

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch
BOTS = ["play", "--players", "2", "--human", "none", "--seed", "3"]
TWO = ["play", "--players", "2", "--human", "0", "--bots", "random", "--seed", "5"]


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return play_match([RandomBot(seed=4), RandomBot(seed=5), RandomBot(seed=6)], seed=7)


@pytest.fixture
def record_file(record: GameRecord, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def names(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def numbered(first: int, last: int) -> list[str]:
    return [svg_name(k) for k in range(first, last + 1)]


def rendered(capsys: Capsys, monkeypatch: Patch, *argv: str) -> str:
    status, out, err = run(capsys, monkeypatch, "render", *argv)
    assert status == 0 and err == ""
    return out


def test_the_names_are_the_number_of_actions_zero_padded_to_sort_in_game_order() -> None:
    assert [svg_name(k) for k in (0, 7, 42, 365)] == [
        "0000.svg",
        "0007.svg",
        "0042.svg",
        "0365.svg",
    ]
    assert sorted(svg_name(k) for k in range(1000)) == [svg_name(k) for k in range(1000)]


def test_play_writes_the_start_and_one_picture_per_action_as_render_draws_them(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    folder, path = tmp_path / "new" / "pictures", tmp_path / "game.json"
    argv = [*BOTS, "--svg-dir", str(folder), "--record", str(path)]
    status, _out, err = run(capsys, monkeypatch, *argv)
    assert status == 0 and err == ""
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    total = len(record.actions)
    assert total > 50
    assert names(folder) == numbered(0, total)  # draws included, no temporary file left
    position = tmp_path / "position.json"
    for k in (0, 1, total // 2, total):
        position.write_text(replay(record, upto=k).to_json(), encoding="utf-8")
        expected = rendered(capsys, monkeypatch, str(position))
        assert (folder / svg_name(k)).read_text(encoding="utf-8") == expected


def test_replay_writes_every_position_as_render_move_k_draws_it(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "pictures"
    argv = ["replay", str(record_file), "--svg-dir", str(folder)]
    status, _out, err = run(capsys, monkeypatch, *argv)
    assert status == 0 and err == ""
    total = len(record.actions)
    assert names(folder) == numbered(0, total)
    for k in (0, 1, 17, total):
        expected = rendered(capsys, monkeypatch, str(record_file), "--move", str(k))
        assert (folder / svg_name(k)).read_text(encoding="utf-8") == expected
        assert f"Move {k} of {total}" in expected


def test_replay_from_to_writes_the_positions_shown(
    capsys: Capsys, monkeypatch: Patch, record_file: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "pictures"
    argv = ["replay", str(record_file), "--from", "5", "--to", "9", "--svg-dir", str(folder)]
    status, _out, _err = run(capsys, monkeypatch, *argv)
    assert status == 0
    assert names(folder) == numbered(4, 9)  # the position before move 5, then after 5 to 9


def test_replay_of_a_record_without_moves_writes_its_first_position(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path, folder = tmp_path / "empty.json", tmp_path / "pictures"
    path.write_text(GameRecord(2).to_json(), encoding="utf-8")
    status, _out, _err = run(capsys, monkeypatch, "replay", str(path), "--svg-dir", str(folder))
    assert status == 0
    assert names(folder) == ["0000.svg"]
    ET.fromstring((folder / "0000.svg").read_text(encoding="utf-8"))


def test_a_folder_with_files_is_used_and_its_pictures_replaced(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "pictures"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    (folder / "0000.svg").write_text("an old picture\n", encoding="utf-8")
    argv = ["replay", str(record_file), "--to", "3", "--svg-dir", str(folder)]
    status, _out, _err = run(capsys, monkeypatch, *argv)
    assert status == 0
    assert names(folder) == [*numbered(0, 3), "notes.txt"]
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    expected = rendered(capsys, monkeypatch, str(record_file), "--move", "0")
    assert (folder / "0000.svg").read_text(encoding="utf-8") == expected


def test_undo_removes_the_pictures_of_the_positions_taken_back(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    folder = tmp_path / "pictures"
    argv = [*TWO, "--svg-dir", str(folder)]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin="2\nundo\nquit\n")
    assert status == 0
    assert "Took back 'setup 1' and 1 bot move after it." in out
    assert names(folder) == ["0000.svg"]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin="2\nundo\n3\nquit\n")
    assert names(folder) == numbered(0, 2)


def test_a_resumed_game_gets_the_pictures_of_the_moves_already_played(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path, folder = tmp_path / "game.json", tmp_path / "pictures"
    run(capsys, monkeypatch, *TWO, "--record", str(path), stdin="1\n1\nquit\n")
    played = len(GameRecord.from_json(path.read_text(encoding="utf-8")).actions)
    assert played >= 3
    argv = ["play", "--resume", str(path), "--svg-dir", str(folder)]
    status, _out, _err = run(capsys, monkeypatch, *argv, stdin="quit\n")
    assert status == 0
    assert names(folder) == numbered(0, played)


def test_a_picture_that_cannot_be_written_mid_game_is_warned_and_the_game_goes_on(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    written: list[str] = []

    def fail_after_three(path: str, text: str) -> None:
        if path.endswith(".svg"):
            if len(written) == 3:
                raise OSError(28, "No space left on device")
            written.append(path)
        Path(path).write_text(text, encoding="utf-8")

    monkeypatch.setattr("tongiaki_rules.cli._common.write_text_atomic", fail_after_three)
    folder, path = tmp_path / "pictures", tmp_path / "game.json"
    argv = [*BOTS, "--svg-dir", str(folder), "--record", str(path)]
    status, out, err = run(capsys, monkeypatch, *argv)
    assert status == 0
    assert err.count("\n") == 1
    assert err.startswith(f"tongiaki play: cannot write {folder / '0003.svg'}: No space left")
    assert err.endswith("; no more pictures are written\n")
    assert "Winner: " in out
    assert names(folder) == numbered(0, 2)
    assert GameRecord.from_json(path.read_text(encoding="utf-8")).actions


@pytest.mark.parametrize("command", ["play", "replay"])
@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("a-file", "that is a file, not a folder"),
        ("a-file/pictures", "cannot create the folder: Not a directory"),
        ("", "give the name of a folder"),
    ],
)
def test_a_dir_that_cannot_be_used_is_refused_before_the_game_starts(
    capsys: Capsys,
    monkeypatch: Patch,
    record_file: Path,
    tmp_path: Path,
    command: str,
    where: str,
    message: str,
) -> None:
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    argv = [*BOTS] if command == "play" else ["replay", str(record_file)]
    status, out, err = run(capsys, monkeypatch, *argv, "--svg-dir", where)
    assert_one_line_error(status, err)
    assert out == ""
    assert err.startswith(f"tongiaki {command}: error: --svg-dir")
    assert message in err
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "not a folder\n"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_folder_without_write_permission_is_refused_before_the_game_starts(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        status, out, err = run(capsys, monkeypatch, *BOTS, "--svg-dir", str(folder))
    finally:
        folder.chmod(0o700)
    assert_one_line_error(status, err)
    assert out == ""
    assert "cannot write in the folder: Permission denied" in err


def test_a_folder_where_no_file_can_be_created_is_refused_before_the_game_starts(
    capsys: Capsys, monkeypatch: Patch, record_file: Path, tmp_path: Path
) -> None:
    def refused(**_kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tongiaki_rules.cli._svgdir.tempfile.mkstemp", refused)
    folder = tmp_path / "pictures"
    argv = ["replay", str(record_file), "--svg-dir", str(folder)]
    status, out, err = run(capsys, monkeypatch, *argv)
    assert_one_line_error(status, err)
    assert out == ""
    assert err == (
        f"tongiaki replay: error: --svg-dir {folder}: cannot write in the folder: "
        "Permission denied\n"
    )
    assert not any(name.startswith(TEMP_PREFIX) for name in names(folder))


@pytest.mark.parametrize("command", ["play", "replay"])
def test_the_help_tells_of_svg_dir(capsys: Capsys, monkeypatch: Patch, command: str) -> None:
    status, out, _err = run(capsys, monkeypatch, command, "--help")
    assert status == 0
    assert "--svg-dir DIR" in out
    assert "one per action" in " ".join(out.split())
