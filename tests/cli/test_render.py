"""``tongiaki render``: a picture of a state or of a record after K moves."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tongiaki_rules import GameRecord, replay
from tongiaki_rules.bots import RandomBot, play_match

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return play_match([RandomBot(seed=1), RandomBot(seed=2)], seed=3)


@pytest.fixture
def record_file(record: GameRecord, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def svg_root(text: str) -> ET.Element:
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_a_record_is_drawn_after_its_last_move_by_default(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path
) -> None:
    status, out, err = run(capsys, monkeypatch, "render", str(record_file))
    assert status == 0 and err == ""
    root = svg_root(out)
    assert root.get("width") == "720"
    total = len(record.actions)
    assert f"Move {total} of {total}" in out
    status, text, _err = run(capsys, monkeypatch, "render", str(record_file), "--format", "list")
    assert text == str(replay(record)) + "\n"


@pytest.mark.parametrize("move", [0, 1, 17])
def test_move_k_draws_the_position_after_k_actions(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path, move: int
) -> None:
    argv = ["render", str(record_file), "--move", str(move), "--format", "list"]
    status, out, err = run(capsys, monkeypatch, *argv)
    assert status == 0 and err == ""
    assert out == str(replay(record, upto=move)) + "\n"
    status, out, _err = run(capsys, monkeypatch, "render", str(record_file), "--move", str(move))
    assert f"Move {move} of {len(record.actions)}" in out


def test_a_state_file_is_drawn_as_it_is(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, tmp_path: Path
) -> None:
    state = replay(record, upto=30)
    path = tmp_path / "state.json"
    path.write_text(state.to_json(), encoding="utf-8")
    status, out, _err = run(capsys, monkeypatch, "render", str(path), "--format", "list")
    assert status == 0 and out == str(state) + "\n"
    status, out, _err = run(capsys, monkeypatch, "render", str(path), "--size", "400")
    assert svg_root(out).get("width") == "400"


def test_output_goes_to_the_file_given_with_o(
    capsys: Capsys, monkeypatch: Patch, record_file: Path, tmp_path: Path
) -> None:
    target = tmp_path / "board.svg"
    status, out, err = run(capsys, monkeypatch, "render", str(record_file), "-o", str(target))
    assert status == 0 and out == "" and err == ""
    svg_root(target.read_text(encoding="utf-8"))


def test_highlight_marks_the_choices(capsys: Capsys, monkeypatch: Patch, record_file: Path) -> None:
    plain = run(capsys, monkeypatch, "render", str(record_file), "--move", "12")[1]
    marked = run(capsys, monkeypatch, "render", str(record_file), "--move", "12", "--highlight")[1]
    svg_root(marked)
    assert marked != plain


def test_the_file_can_come_from_standard_input(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord
) -> None:
    argv = ["render", "-", "--move", "3", "--format", "list"]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin=record.to_json())
    assert status == 0 and out == str(replay(record, upto=3)) + "\n"


def test_bad_input_is_one_line_and_exit_status_2(
    capsys: Capsys, monkeypatch: Patch, record: GameRecord, record_file: Path, tmp_path: Path
) -> None:
    state_file = tmp_path / "state.json"
    state_file.write_text(replay(record, upto=5).to_json(), encoding="utf-8")
    total = len(record.actions)
    cases = {
        "--move": (
            ["--move", str(total + 1)],
            f"the record has {total} moves; choose 0 to {total}",
        ),
        "negative": (["--move", "-1"], f"choose 0 to {total}"),
        "state": ([str(state_file), "--move", "2"], "--move needs a game record"),
        "size": (["--size", "10"], "--size must be at least 100"),
        "format": (["--format", "png"], "'png'"),  # argparse's words around it vary
    }
    for name, (extra, message) in cases.items():
        argv = ["render", *extra] if name == "state" else ["render", str(record_file), *extra]
        status, out, err = run(capsys, monkeypatch, *argv)
        assert_one_line_error(status, err)
        assert message in err, name
        assert out == ""


def test_format_list_is_the_plain_list_and_the_old_spelling_still_works_with_a_note(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code = "T1_20_sB_to000"
    status, listed, err = run(capsys, monkeypatch, "render", code, "--format", "list")
    assert status == 0 and err == ""
    assert listed.startswith("Tongiaki, 2 players")
    status, old, note = run(capsys, monkeypatch, "render", code, "--format", "text")
    assert (status, old) == (0, listed)
    assert "--format text is now --format list" in note


def test_render_coords_labels_the_map_and_the_svg(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code = "T1_20_sB_to000"
    status, plain, _err = run(capsys, monkeypatch, "render", code, "--map")
    status, with_coords, _err = run(capsys, monkeypatch, "render", code, "--map", "--coords")
    assert status == 0
    assert "0,0" not in plain.splitlines()[0] and "0,0" in with_coords.splitlines()[0]
    status, svg, _err = run(capsys, monkeypatch, "render", code, "--coords")
    assert status == 0 and 'class="beach-number"' in svg and 'class="coords"' in svg
