"""``tongiaki toncc``: play with scripted input, simulate, replay, render, bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tongiaki_rules.toncc._record import TonccRecord

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
    assert (
        "The colours are drawn:\n  player 1 (you) plays Blue\n  player 2 (greedy) plays Red" in out
    )
    assert "Blue (player 1), your move (1-6)> 1" in out
    assert "Turn 1: Revealed: Red 2 (NE) -> I2, Yellow 6 (SE) -> I6, Blue 1 (E) -> I1" in out
    assert "'7' is not a move" in out and "Map (position, picture, seal, the cell" in out


@pytest.mark.clause("TC-MOVE-2", "TC-MOVE-3", "TC-MOVE-4")
def test_before_each_choice_the_table_shows_where_each_move_number_takes_each_king(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    status, out, _ = run(
        capsys, monkeypatch, "toncc", "play", "--seed", "3", stdin="1\nmoves\n3\nquit\n"
    )
    assert status == 0
    assert "Move              1 E     2 NE    3 NW    4 W     5 SW    6 SE" in out
    assert "Blue   from Mind  I1 Rb   I2 Yb   I3 Ry   I4 Yb   I5 Ry   I6 By" in out
    # after turn 1 Blue stands on I1: 4 W jumps the Mind to I4 (TC-MOVE-3)
    assert "Blue   from I1    O1 Rb   O2 Yr   I2 #r   I4 Yb   I6 #y   O12 Br" in out
    assert out.count("Cells: I1-I6 the inner ring") == 1  # the legend once, with the first board
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)


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


@pytest.mark.clause("TC-SETUP-4")
def test_a_game_goes_on_with_resume_keeping_its_colours_rules_and_turns(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    run(
        capsys,
        monkeypatch,
        *("toncc", "play", "--seed", "5", "--rule", "compass=d6", "--record", str(first)),
        stdin="1\n2\nquit\n",
    )
    before = TonccRecord.from_json(first.read_text("utf-8"))
    assert before.turn_count == 2 and before.seating is not None
    status, out, _ = run(
        capsys,
        monkeypatch,
        *("toncc", "play", "--resume", str(first), "--record", str(second)),
        stdin="3\nquit\n",
    )
    assert status == 0 and f"Resumed from {first}: challenge 1, turn 3." in out
    king = before.seating[0].name.title()
    assert f"The colours are drawn:\n  player 1 (you) plays {king}" in out
    after = TonccRecord.from_json(second.read_text("utf-8"))
    assert after.seating == before.seating and after.rules == before.rules
    assert after.challenges[0].turns[:2] == before.challenges[0].turns and after.turn_count == 3
    assert after.metadata["seed"] == "5"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--resume", "-"), "standard input holds the game's answers"),
        (("--resume", "{path}", "--rule", "compass=d6"), "keeps the rules of its record"),
        (("--resume", "{path}", "--human", "red"), "choosing Kings needs fixed colours"),
        (("--human", "red", "--humans", "2"), "give one"),
        (("--human", "red", "--rule", "colour_draw=draw"), "choosing Kings needs fixed colours"),
        (("--resume", "{over}"), "that game is over"),
    ],
)
def test_resume_and_seats_refuse_what_cannot_work(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path, argv: tuple[str, ...], message: str
) -> None:
    path, over = tmp_path / "g.json", tmp_path / "over.json"
    run(capsys, monkeypatch, "toncc", "play", "--seed", "1", "--record", str(path), stdin="quit\n")
    run(capsys, monkeypatch, "toncc", "play", "--humans", "0", "--record", str(over))
    args = [a.format(path=path, over=over) for a in argv]
    status, _, err = run(capsys, monkeypatch, "toncc", "play", *args, stdin="quit\n")
    assert_one_line_error(status, err)
    assert message in err


def test_human_chooses_kings_with_fixed_colours_and_humans_counts_players(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "g.json"
    status, out, _ = run(
        capsys,
        monkeypatch,
        *("toncc", "play", "--human", "blue", "--seed", "2", "--record", str(path)),
        stdin="1\nquit\n",
    )
    assert status == 0 and "The colours are fixed:\n  player 1 (greedy) plays Red" in out
    assert "  player 3 (you) plays Blue" in out and "Blue (player 3), your move (1-6)> 1" in out
    assert TonccRecord.from_json(path.read_text("utf-8")).rules.colour_draw.value == "fixed"
    status, out, _ = run(
        capsys, monkeypatch, "toncc", "play", "--humans", "2", "--seed", "2", stdin="1\n2\nquit\n"
    )
    assert status == 0 and "has chosen (hidden until all have)." in out
    assert "player 1 (human)" in out and "player 2 (human)" in out


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
    for rows in (data["by_bot"], data["by_king"]):  # counts are whole numbers of games
        for row in rows.values():
            assert all(type(row[k]) is int for k in ("wins", "shared_wins", "toncc"))
    status, text, _ = run(capsys, monkeypatch, "toncc", "simulate", "--games", "3")
    assert status == 0 and "greedy" in text and "Turns per game" in text


@pytest.mark.clause("TC-SETUP-4")
@pytest.mark.parametrize(("rule", "games"), [("colour_draw=draw", 18), ("colour_draw=fixed", 3)])
def test_simulate_gives_every_bot_every_king_equally_often(
    capsys: Capsys, monkeypatch: Patch, rule: str, games: int
) -> None:
    args = ("toncc", "simulate", "--games", str(games), "--bots", "random,greedy", "--json")
    status, out, _ = run(capsys, monkeypatch, *args, "--rule", rule)
    data = json.loads(out)
    assert status == 0
    assert data["by_bot"]["greedy"]["as_king"] == dict.fromkeys(
        ("red", "yellow", "blue"), games // 3
    )
    assert data["by_bot"]["random"]["as_king"] == dict.fromkeys(
        ("red", "yellow", "blue"), 2 * games // 3
    )
    assert all(row["games"] == games for row in data["by_king"].values())


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
