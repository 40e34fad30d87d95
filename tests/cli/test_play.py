"""``tongiaki play``: a whole game in a terminal, driven here by piped input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tongiaki_rules import Draw, GameRecord, SetupPlace, replay, replay_states
from tongiaki_rules.cli._tongiaki_play import action_list

from .cli_helpers import doc_session, run

TWO = ["play", "--players", "2", "--human", "0", "--bots", "random", "--seed", "5"]
PROMPT = "seat 0 Blue> "
ENOUGH = "1\n" * 2000  # more answers than any game needs

Capsys = pytest.CaptureFixture[str]
Patch = pytest.MonkeyPatch


def prompts(out: str) -> int:
    return out.count(PROMPT)


def test_a_whole_game_against_a_bot_answering_1_every_time(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    status, out, err = run(capsys, monkeypatch, *TWO, stdin=ENOUGH)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Players: 2 -- seat 0 Blue, seat 1 Red; seat 0 (Blue) starts"
    assert lines[2] == "At the table: seat 0 Blue (human), seat 1 Red (random); seed 5"
    assert "Setup boats on Tonga (0, 0): " in out
    assert "Turn 1, seat 0 Blue: " in out and "Game over." in out
    assert "Final scores:" in lines
    assert lines[-1].startswith(("Winner: ", "Shared victory: "))
    assert prompts(out) > 10
    # every prompt shows the board and the numbered choices first
    assert out.count("\nDecision: ") == prompts(out)
    # the final board, then the scores and the winner, told once
    end = out.rindex("\nGame over.\n")
    assert "Colours: reserve / on board" in out[end:]
    told = [line for line in lines if "Winner" in line or "Shared victory" in line]
    assert told == [lines[-1]]
    assert out.count("  1. ") >= prompts(out)


def test_the_same_seed_and_answers_play_the_same_game(capsys: Capsys, monkeypatch: Patch) -> None:
    first = run(capsys, monkeypatch, *TWO, stdin=ENOUGH)
    second = run(capsys, monkeypatch, *TWO, stdin=ENOUGH)
    assert first == second


def test_the_installed_command_plays_a_whole_game_from_a_pipe() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tongiaki_rules", *TWO],
        input=ENOUGH,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Final scores:" in done.stdout
    assert done.stdout.splitlines()[-1].startswith(("Winner: ", "Shared victory: "))


def test_bots_alone_play_a_game_and_the_record_is_written(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--players", "3", "--human", "none", "--seed", "2", "--record", str(path)]
    status, out, err = run(capsys, monkeypatch, *argv)
    assert status == 0 and err == ""
    assert not re.search(r"^seat \d \w+> ", out, re.M)  # nobody was asked anything
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    final = replay(record)
    assert final.is_terminal
    assert [record.metadata[f"seat{s}"] for s in range(3)] == ["random"] * 3
    assert record.metadata["seed"] == 2
    assert out.rstrip().endswith(f"Game record written to {path}")
    for seat, score in enumerate(final.scores()):
        assert f"{score} points" in out.split(f"  seat {seat} ")[-1]


def test_the_bots_fill_the_other_seats_in_order_repeating_the_list(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    argv = ["play", "--players", "5", "--human", "2", "--bots", "greedy,mcts:iterations=5"]
    status, out, _err = run(capsys, monkeypatch, *argv, "--record", str(path), stdin="quit\n")
    assert status == 0
    assert (
        "At the table: seat 0 Blue (greedy), seat 1 Red (mcts), seat 2 Green (human), "
        "seat 3 Yellow (greedy), seat 4 Orange (mcts); seed "
    ) in out
    metadata = GameRecord.from_json(path.read_text(encoding="utf-8")).metadata
    assert metadata["seat2"] == "human" and "seat2_seed" not in metadata
    assert metadata["seat0_seed"] != metadata["seat3_seed"]


def test_hot_seat_two_colour_game_with_both_seats_human(capsys: Capsys, monkeypatch: Patch) -> None:
    argv = ["play", "--players", "2", "--two-colour", "--human", "all", "--seed", "1"]
    status, out, err = run(capsys, monkeypatch, *argv, stdin=ENOUGH)
    assert status == 0 and err == ""
    assert "seat 0 Blue+Green (human), seat 1 Red+Yellow (human)" in out
    assert "seat 0 Green> " in out and "seat 1 Yellow> " in out
    assert "Final scores:" in out


def test_the_start_player_and_rules_flags_reach_the_game(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    argv = [*TWO, "--start-player", "1", "--rody", "--rule", "failure_ends_turn=yes"]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin="quit\n")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].endswith("seat 1 (Red) starts")
    assert lines[1] == "Rules changed: failure_ends_turn=True, variant_rody=True"


def test_an_action_can_be_typed_in_the_notation(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    stdin = f"setup 3\nSetup  4\nsave {path}\nquit\n"
    status, _out, _err = run(capsys, monkeypatch, *TWO, stdin=stdin)
    assert status == 0
    actions = GameRecord.from_json(path.read_text(encoding="utf-8")).actions
    assert actions[0] == SetupPlace(3) and actions[2] == SetupPlace(4)


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("garbage", "unknown action word 'garbage'"),
        ("7", "there is no action 7 here; expected a number from 1 to 6"),
        ("0", "there is no action 0 here"),
        ("setup 9", "'setup 9' is not legal here: Tonga has no beach 9 [SETUP-4]"),
        ("expand 0,0 1", "'expand 0,0 1' is not legal here"),
        ("setup", "expected a Tonga beach number after 'setup'"),
        ("", "Type the number of an action, an action, or help."),
    ],
)
def test_invalid_answers_get_a_message_and_the_prompt_again(
    capsys: Capsys, monkeypatch: Patch, answer: str, message: str
) -> None:
    status, out, err = run(capsys, monkeypatch, *TWO, stdin=f"{answer}\n1\nquit\n")
    assert status == 0 and err == ""
    after = out.split(PROMPT + answer + "\n", 1)[1]
    assert after.startswith(message)
    assert after.splitlines()[1] == PROMPT + "1"  # asked again, then the game went on
    assert "Took back" not in out and prompts(out) == 3


def test_help_lists_the_commands_and_the_notation(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, _err = run(capsys, monkeypatch, *TWO, stdin="help\nquit\n")
    assert status == 0
    helped = out.split(PROMPT + "help\n", 1)[1]
    for command in ("board", "undo", "save FILE", "help", "quit"):
        assert f"\n  {command} " in "\n" + helped
    for example in ("expand 0,-1 0+2", "depart 0,-1.2 4", "berth R 1", "place 2,-1 r3"):
        assert example in helped
    assert prompts(out) == 2


def test_board_shows_the_board_and_the_choices_again(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, _err = run(capsys, monkeypatch, *TWO, stdin="board\nquit\n")
    assert status == 0
    assert out.count("Decision: setup by seat 0 (blue), 6 legal actions") == 2
    assert out.count("  1. setup 0") == 2


def test_undo_takes_back_the_last_decision_and_the_bot_moves_after_it(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    stdin = f"2\nundo\nsave {path}\n4\nquit\n"
    status, out, _err = run(capsys, monkeypatch, *TWO, stdin=stdin)
    assert status == 0
    assert "Took back 'setup 1' and 1 bot move after it." in out
    assert GameRecord.from_json(path.read_text(encoding="utf-8")).actions == ()
    assert "Saved the game so far (0 moves)" in out


def test_undo_with_nothing_to_take_back_says_so(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, _err = run(capsys, monkeypatch, *TWO, stdin="undo\nquit\n")
    assert status == 0
    assert "Nothing to undo: no decision was made at this terminal yet." in out
    assert prompts(out) == 2


def test_undo_is_refused_once_a_tile_was_drawn_since(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    for answers in range(3, 60):
        stdin = "1\n" * answers + f"save {before}\nundo\nsave {after}\nquit\n"
        status, out, _err = run(capsys, monkeypatch, *TWO, stdin=stdin)
        assert status == 0
        if "Cannot undo" in out:
            break
    else:
        pytest.fail("no tile was ever drawn after a decision of seat 0")
    assert ": a tile has been drawn since, and the draw cannot be taken back." in out
    kept = GameRecord.from_json(after.read_text(encoding="utf-8"))
    assert kept == GameRecord.from_json(before.read_text(encoding="utf-8"))
    states = list(replay_states(kept))
    mine = [k for k, s in enumerate(states[:-1]) if s.current_player == 0]
    assert any(isinstance(a, Draw) for a in kept.actions[mine[-1] + 1 :])


def test_a_saved_game_can_be_replayed_and_read_back(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "saved.json"
    stdin = "1\n" * 12 + f"save {path}\nquit\n"
    status, out, _err = run(capsys, monkeypatch, *TWO, stdin=stdin)
    assert status == 0
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.metadata == json.loads(path.read_text(encoding="utf-8"))["metadata"]
    assert record.metadata["seat0"] == "human" and record.metadata["seat1"] == "random"
    assert f"Saved the game so far ({len(record.actions)} moves) to {path}" in out
    status, told, err = run(capsys, monkeypatch, "replay", str(path))
    assert status == 0 and err == ""
    assert told.count("\nMove ") == len(record.actions)
    assert "Move 1, seat 0 Blue: setup 0" in told


@pytest.mark.parametrize("command", ["save", "save /no/such/folder/game.json"])
def test_a_save_that_cannot_be_done_says_why_and_the_game_goes_on(
    capsys: Capsys, monkeypatch: Patch, command: str
) -> None:
    status, out, err = run(capsys, monkeypatch, *TWO, stdin=f"{command}\n1\nquit\n")
    assert status == 0 and err == ""
    answer = out.split(PROMPT + command + "\n", 1)[1].splitlines()[0]
    assert answer in ("save needs a file name: save FILE",) or answer.startswith(
        "cannot write /no/such/folder/game.json: "
    )
    assert prompts(out) == 3


def test_quit_stops_with_status_0_and_the_scores_so_far(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, err = run(capsys, monkeypatch, *TWO, stdin="1\nquit\n")
    assert status == 0 and err == ""
    assert out.splitlines()[-2:] == [
        "Game stopped after 2 moves.",
        "Game not finished; scores so far: seat 0 Blue 0, seat 1 Red 0",
    ]


def test_the_input_ending_early_stops_cleanly_with_status_1(
    capsys: Capsys, monkeypatch: Patch, tmp_path: Path
) -> None:
    path = tmp_path / "unfinished.json"
    status, out, err = run(capsys, monkeypatch, *TWO, "--record", str(path), stdin="1\n1\n")
    assert status == 1
    assert err == "tongiaki play: the input ended before the game did (after 4 moves)\n"
    assert "Game not finished; scores so far:" in out
    assert len(GameRecord.from_json(path.read_text(encoding="utf-8")).actions) == 4


def test_long_lists_of_actions_are_laid_out_in_columns() -> None:
    from tongiaki_rules.narration import play_game

    states, _actions = play_game(2, seed=5)
    widest = max(states, key=lambda s: len(s.legal_actions()) if not s.is_chance_node else 0)
    lines = action_list(widest)
    assert len(widest.legal_actions()) > 100
    assert all(len(line) <= 100 for line in lines)
    assert len(lines) < len(widest.legal_actions()) / 2
    numbers = sorted(int(n) for line in lines for n in re.findall(r"(?:^|\s)(\d+)\. ", line))
    assert numbers == list(range(1, len(widest.legal_actions()) + 1))


def test_the_sample_session_in_the_docs_is_what_the_program_prints(
    capsys: Capsys, monkeypatch: Patch
) -> None:
    shown = doc_session("tongiaki play --players 2 --seed 8")
    answers = re.findall(r"^seat 0 Blue> (.*)$", shown, re.M)
    argv = ["play", "--players", "2", "--seed", "8"]
    status, out, _err = run(capsys, monkeypatch, *argv, stdin="".join(a + "\n" for a in answers))
    assert status == 0
    assert out == shown, "docs/how-to/command-line.md: paste the new session in"


def test_the_end_of_a_game_tells_the_winner_once(capsys: Capsys, monkeypatch: Patch) -> None:
    status, out, err = run(
        capsys, monkeypatch, "play", "--human", "none", "--players", "3", "--seed", "4"
    )
    assert status == 0, err
    lines = out.splitlines()
    told = [line for line in lines if "Winner" in line or "Shared victory" in line]
    assert told == [lines[-1]]  # after the final scores, not also under the final board


class Terminal(io.StringIO):
    """Captured output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_on_an_80_column_terminal_a_wrong_answer_is_told_without_breaking_a_word(
    monkeypatch: Patch,
) -> None:
    from tongiaki_rules.cli._console import say

    monkeypatch.setenv("COLUMNS", "80")
    message = (
        "'expand 5,5 0' is not legal here: an expansion (expand) does not answer this "
        "decision: it is the setup: place one boat on a Tonga beach (setup 0-5) [SETUP-4] "
        "(type help for the commands)"
    )
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    say(message)
    lines = screen.getvalue().splitlines()
    assert len(lines) == 3 and all(len(line) <= 80 for line in lines)
    assert " ".join(line.strip() for line in lines) == message  # every word whole
    # to a pipe (a program reading the answers) the message stays one line
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stdout", piped)
    say(message)
    assert piped.getvalue() == message + "\n"


def test_on_an_80_column_terminal_a_long_error_line_breaks_between_words(
    monkeypatch: Patch,
) -> None:
    from tongiaki_rules.cli import main

    monkeypatch.setenv("COLUMNS", "80")
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    assert main(["simulate", "--bots", "greedy,randomm", "--games", "1"]) == 2
    lines = screen.getvalue().splitlines()
    assert len(lines) == 2 and all(len(line) <= 80 for line in lines)
    words = " ".join(line.strip() for line in lines)
    assert words.startswith("tongiaki simulate: error: unknown bot 'randomm'; choose from")
