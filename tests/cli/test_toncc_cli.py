"""``tongiaki toncc``: play with scripted input, simulate, replay, render, bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tongiaki_rules.toncc.record import TonccRecord

from .cli_helpers import assert_one_line_error, run

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


def test_bots_play_a_whole_game_and_write_a_record_that_replays(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    status, out, _ = run(
        capsys,
        monkeypatch,
        "toncc",
        "play",
        "--human",
        "none",
        "--seed",
        "4",
        "--record",
        str(path),
    )
    assert status == 0
    assert "Game over." in out and out.count("Tóncc points:") == 3
    record = TonccRecord.from_json(path.read_text("utf-8"))
    assert record.replay().is_terminal and record.metadata["seed"] == "4"


def test_a_human_plays_with_scripted_input_and_stops_when_it_ends(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    status, out, err = run(
        capsys, monkeypatch, "toncc", "play", "--seed", "3", stdin="1\nhelp\n7\n2\nmap\nboard\n"
    )
    assert status == 1 and "the input ended before the game did" in err
    assert "Red, your move (1-6)> 1" in out
    assert "Turn 1: Revealed: Red 1 (E) -> I1" in out
    assert "'7' is not a move" in out and "Map (position, picture, seal):" in out


def test_quit_stops_the_game_and_the_record_holds_the_turns_played(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    status, out, _ = run(
        capsys,
        monkeypatch,
        "toncc",
        "play",
        "--seed",
        "3",
        "--record",
        str(path),
        stdin="1\nquit\n",
    )
    assert status == 0 and "Game stopped" in out
    assert TonccRecord.from_json(path.read_text("utf-8")).turn_count == 1


def test_hot_seat_hides_each_choice_until_all_have_chosen(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    status, out, _ = run(
        capsys,
        monkeypatch,
        "toncc",
        "play",
        "--human",
        "all",
        "--seed",
        "1",
        stdin="1\n4\n2\nquit\n",
    )
    assert status == 0
    assert "Red has chosen (hidden until all have)." in out
    assert "Revealed: Red 1 (E) -> I1, Yellow 4 (W) -> I4, Blue 2 (NE) -> I2" in out


def test_simulate_sums_up_seeded_games_the_same_with_several_jobs(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    args = ("toncc", "simulate", "--games", "6", "--seed", "9", "--json")
    status, one, _ = run(capsys, monkeypatch, *args)
    assert status == 0
    status, two, _ = run(capsys, monkeypatch, *args, "--jobs", "2")
    assert status == 0 and json.loads(one) == json.loads(two)
    data = json.loads(one)
    assert data["schema"] == "toncc-simulation"
    assert sum(row["seats"] for row in data["by_bot"].values()) == 18
    status, text, _ = run(capsys, monkeypatch, "toncc", "simulate", "--games", "3")
    assert status == 0 and "greedy" in text and "Turns per game" in text


def test_replay_and_render_a_record(capsys: Capsys, monkeypatch: Patch, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run(
        capsys,
        monkeypatch,
        "toncc",
        "play",
        "--human",
        "none",
        "--seed",
        "2",
        "--record",
        str(path),
    )
    status, out, _ = run(capsys, monkeypatch, "toncc", "replay", str(path))
    assert status == 0 and "== Challenge 3 of 3 ==" in out and "Game over." in out
    status, svg, _ = run(capsys, monkeypatch, "toncc", "render", str(path))
    assert status == 0
    ET.fromstring(svg)
    status, text, _ = run(
        capsys, monkeypatch, "toncc", "render", str(path), "--format", "text", "--step", "1"
    )
    assert status == 0 and text.startswith("Compass:") and "RYB" in text
    out_file = tmp_path / "pic.svg"
    status, _, _ = run(capsys, monkeypatch, "toncc", "render", str(path), "-o", str(out_file))
    assert status == 0 and out_file.read_text("utf-8").startswith("<svg")


@pytest.mark.parametrize(
    "argv",
    [
        ("toncc",),
        ("toncc", "play", "--human", "green"),
        ("toncc", "play", "--bots", "clever"),
        ("toncc", "play", "--rule", "compass=north"),
        ("toncc", "play", "--rule", "compass"),
        ("toncc", "play", "--record", "/no/such/folder/g.json"),
        ("toncc", "simulate", "--games", "0"),
        ("toncc", "simulate", "--jobs", "x"),
        ("toncc", "replay", "/no/such/file.json"),
        ("toncc", "render", "/no/such/file.json"),
        ("toncc", "render", "x.json", "--format", "png"),
        ("toncc", "frobnicate"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(
    capsys: Capsys, monkeypatch: Patch, argv: tuple[str, ...]
) -> None:
    status, _, err = run(capsys, monkeypatch, *argv)
    assert_one_line_error(status, err)


def test_a_bad_record_is_told_in_one_line(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        '{"schema": "toncc-record", "version": 1, "rules": {}, "map": null, '
        '"challenges": [{"layout": [0], "turns": []}], "metadata": {}}'
    )
    for command in ("replay", "render"):
        status, _, err = run(capsys, monkeypatch, "toncc", command, str(path))
        assert_one_line_error(status, err)
        assert "challenges[0].layout" in err
    status, _, err = run(
        capsys, monkeypatch, "toncc", "render", str(path.with_name("x")), "--step", "5"
    )
    assert_one_line_error(status, err)
