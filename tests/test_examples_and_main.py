"""The command-line main job, the narration and the example scripts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tongiaki_rules import Rules, new_game
from tongiaki_rules.__main__ import main, narrate, play_game

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python *args`` from the repository root and capture its output."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_main_job_names_a_winner_and_shows_final_scores() -> None:
    result = run("-m", "tongiaki_rules", "--players", "3", "--seed", "5")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "seed 5" in out.splitlines()[0]
    assert "Players: 3" in out
    assert "Final scores:" in out
    for seat, colour in enumerate(["Blue", "Red", "Green"]):
        assert f"  seat {seat} {colour}: " in out
    last = out.splitlines()[-1]
    assert last.startswith(("Winner: ", "Shared victory: "))


def test_main_job_is_deterministic_for_a_seed() -> None:
    first = run("-m", "tongiaki_rules", "--players", "3", "--seed", "5")
    second = run("-m", "tongiaki_rules", "--players", "3", "--seed", "5")
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout


def test_bad_player_count_exits_with_status_2() -> None:
    result = run("-m", "tongiaki_rules", "--players", "9")
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--players" in result.stderr


@pytest.mark.parametrize(
    "argv",
    [["--players", "1"], ["--seed", "x"], ["--players", "3", "--two-colour"], ["--bogus"]],
)
def test_other_bad_arguments_exit_with_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "2", "--seed", "3"],
        ["--players", "6", "--seed", "11"],
        ["--players", "4", "--seed", "2", "--rody"],
        ["--players", "2", "--seed", "4", "--two-colour"],
    ],
)
def test_main_in_process(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Game over." in out
    assert "Final scores:" in out
    if "--rody" in argv:
        assert "Rules changed: variant_rody=True" in out
    if "--two-colour" in argv:
        assert "seat 0 Blue+Green" in out


def test_play_game_matches_the_recorded_states() -> None:
    states, actions = play_game(3, seed=8)
    assert len(states) == len(actions) + 1
    assert states[0] == new_game(3)
    assert states[-1].is_terminal
    for before, action, after in zip(states[:-1], actions, states[1:], strict=True):
        assert before.apply(action) == after


def test_narrate_covers_the_notable_events() -> None:
    states, actions = play_game(4, seed=1)
    lines = list(narrate(states, actions))
    text = "\n".join(lines)
    assert lines[0].startswith("Players: 4 -- seat 0 Blue, seat 1 Red")
    assert lines[1] == "Rules changed: none (defaults)"
    assert any(line.startswith("Setup boats on Tonga (0, 0): Blue ") for line in lines)
    assert "Turn 1, seat 0 Blue: " in text
    assert "  draws " in text and ": placed at (" in text
    assert " sails " in text
    assert "  lands on " in text
    assert "End of the game triggered" in text
    assert "Game over." in text
    turns = [line for line in lines if line.startswith("Turn ")]
    assert len(turns) >= 10
    assert all(len(line) < 160 for line in lines)


def test_narrate_reports_changed_rules_and_partial_games() -> None:
    states, actions = play_game(2, seed=1, rules=Rules(failure_ends_turn=True))
    lines = list(narrate(states[:20], actions[:19]))
    assert lines[1] == "Rules changed: failure_ends_turn=True"
    assert lines[-1].startswith("Game not finished; scores so far:")


def test_narrate_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="one more state"):
        list(narrate([new_game(2)], [new_game(2).legal_actions()[0]]))


@pytest.mark.parametrize("script", ["random_game.py", "build_position.py"])
def test_examples_run(script: str) -> None:
    result = run(str(EXAMPLES / script))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_random_game_example_prints_scores_and_winner() -> None:
    out = run(str(EXAMPLES / "random_game.py")).stdout
    assert "seat 0 (Blue): " in out and " points" in out
    assert "winner: seat " in out


def test_build_position_example_walks_through_a_departure() -> None:
    out = run(str(EXAMPLES / "build_position.py")).stdout
    assert "turn decision for seat 0:" in out
    assert "refused: " in out and "[EXPAND-1]" in out
    assert "Depart(island=(0, -1), beach=2, jetty=4)" in out
    assert "chance node: 30 tiles in the pile" in out
